//! The hand-written exact model this system had before the exact walk
//! ([`crate::combat::exact`]) replaced it, kept as a reference the walk must equal to 1e-9:
//! for one PC against one NPC, a dynamic programme over the probability of every state at
//! the start of each round, played action by action with the round engine's own decisions
//! ([`super::super::fighter`]).
//!
//! A state is the PC's damage track (Wounds and Injuries, or Anguish and mental Injuries when
//! the NPC's attack is resisted: only one of them can change), the bene spent from each of its
//! four pools (a pool no roll or negation draws on stays at its start), and the NPC's Wounds
//! and Injuries: 9 × Π(pool + 1 for each pool in use) × `wounds_to_die` × `injuries_per_wound`
//! states. Each action sends a state's probability to at most two others (hit or miss,
//! avoided or not), or ends the fight; the probability still fighting after `max_rounds` is the
//! stalemate. Past [`MAX_STATES`] states, or [`MAX_WORK`] state-rounds, there are no exact
//! values (the run says so in its notes).

use super::super::Conflict;
use super::super::fighter::{ACCURACY, Negate, PC_WOUNDS_TO_DIE, PHYSICALITY, Pc, Track};
use crate::combat::Foes;
use crate::systems::invisible_sun::action::Resolution;
use oddsmith_core::stats::ExactValues;

/// Most states the programme holds.
pub const MAX_STATES: usize = 1 << 20;
/// Most states × rounds it plays (about a second).
pub const MAX_WORK: u64 = 1 << 26;

/// The chance of success of a roll by its resolution: `[needed]` for 1–9, 1 at 0 (routine).
#[derive(Debug, Clone, Copy)]
struct Chances([f64; 10]);

impl Chances {
    fn new(magic_dice: u32, successes: u32) -> Self {
        let mut p = [1.0; 10];
        for (needed, p) in p.iter_mut().enumerate().skip(1) {
            *p = Resolution::Roll(needed as u8).p_success(magic_dice, successes);
        }
        Self(p)
    }

    #[inline]
    fn of(&self, r: Resolution) -> f64 {
        match r {
            Resolution::Automatic => 1.0,
            Resolution::Impossible => 0.0,
            Resolution::Roll(n) => self.0[n as usize],
        }
    }
}

/// A state at some point of a round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct S {
    /// The PC's track that can change (Wounds, or Anguish against a resisted attack).
    pc: Track,
    /// Bene spent by pool.
    spent: [i64; 4],
    /// The NPC's Wounds and Injuries.
    npc: Track,
}

/// The shape of the state space.
struct Space {
    /// Sizes of the spent dimensions, by pool (1: the pool is never drawn on).
    spent: [usize; 4],
    npc_wounds: usize,
    npc_injuries: usize,
}

impl Space {
    fn len(&self) -> usize {
        9 * self.spent.iter().product::<usize>() * self.npc_wounds * self.npc_injuries
    }

    #[inline]
    fn index(&self, s: &S) -> usize {
        let mut i = (s.pc.marks * 3 + s.pc.injuries) as usize;
        for (k, &n) in self.spent.iter().enumerate() {
            i = i * n + s.spent[k] as usize;
        }
        (i * self.npc_wounds + s.npc.marks as usize) * self.npc_injuries + s.npc.injuries as usize
    }

    #[inline]
    fn state(&self, mut i: usize) -> S {
        let npc_injuries = (i % self.npc_injuries) as i64;
        i /= self.npc_injuries;
        let npc_wounds = (i % self.npc_wounds) as i64;
        i /= self.npc_wounds;
        let mut spent = [0i64; 4];
        for k in (0..4).rev() {
            spent[k] = (i % self.spent[k]) as i64;
            i /= self.spent[k];
        }
        S {
            pc: Track {
                marks: (i / 3) as i64,
                injuries: (i % 3) as i64,
            },
            spent,
            npc: Track {
                marks: npc_wounds,
                injuries: npc_injuries,
            },
        }
    }
}

/// The state space of `c`'s fight, or why there are no exact values.
fn space(c: &Conflict) -> Result<Space, String> {
    let ([pc], [npc]) = (c.pcs.as_slice(), c.npcs.as_slice()) else {
        return Err(format!(
            "they are computed for one PC against one NPC; this fight has {} against {}",
            c.pcs.len(),
            c.npcs.len()
        ));
    };
    let mut used = [false; 4];
    used[ACCURACY] = pc.attack.venture.bene > 0 || pc.effect_level > 0;
    used[npc.defense.pool()] |= pc.defense[npc.defense.index()].venture.bene > 0;
    used[Pc::negation_pool(npc.defense)] |= pc.negate != Negate::Never;
    let space = Space {
        spent: std::array::from_fn(|k| if used[k] { pc.pools[k] as usize + 1 } else { 1 }),
        npc_wounds: npc.wounds_to_die as usize,
        npc_injuries: npc.injuries_per_wound as usize,
    };
    let (len, work) = (
        space.len(),
        space.len() as u64 * u64::from(c.bout.max_rounds),
    );
    if len > MAX_STATES || work > MAX_WORK {
        return Err(format!(
            "{len} states × {} rounds is past the programme's limits ({MAX_STATES} states, \
             {MAX_WORK} state-rounds)",
            c.bout.max_rounds
        ));
    }
    Ok(space)
}

/// Probability-weighted sums over the ended fights.
#[derive(Debug)]
struct Sums {
    npc_dead: f64,
    pc_dead: f64,
    pc_out: f64,
    stalemate: f64,
    rounds: f64,
    pc_wounds: Vec<f64>,
    npc_wounds: Vec<f64>,
    physicality: Vec<f64>,
}

/// How one action left a state: still fighting, or ended.
enum Next {
    Live(S),
    End(S),
}

/// Exact values of every metric the DP covers, by name; or why there are none.
pub fn solve(c: &Conflict) -> Result<ExactValues, String> {
    let space = space(c)?;
    let (pc, npc) = (&c.pcs[0], &c.npcs[0]);
    let mental = npc.defense.mental();
    let attack = Chances::new(pc.attack.venture.magic_dice, pc.attack.venture.successes);
    let table = &pc.defense[npc.defense.index()].venture;
    let defend = Chances::new(table.magic_dice, npc.successes);
    let (def_pool, neg_pool) = (npc.defense.pool(), Pc::negation_pool(npc.defense));
    let left = |s: &S, k: usize| pc.pools[k] - s.spent[k];
    // The PC's attack: (probability, outcome) for a hit and a miss.
    let swing = |s: &S| -> [(f64, Next); 2] {
        let wounds = if mental { 0 } else { s.pc.marks };
        let sw = pc.swing(npc, s.npc.marks, wounds, left(s, ACCURACY));
        let mut after = *s;
        after.spent[ACCURACY] += sw.plan.bene + sw.effect;
        let p = attack.of(sw.plan.resolution);
        let mut hit = after;
        hit.npc.take(
            sw.injuries,
            npc.injuries_per_wound,
            npc.wounds_to_die,
            Negate::Never,
            0,
            0,
        );
        let hit = if hit.npc.marks >= npc.wounds_to_die {
            Next::End(hit)
        } else {
            Next::Live(hit)
        };
        [(p, hit), (1.0 - p, Next::Live(after))]
    };
    // The NPC's attack: (probability, outcome) for the PC avoiding it and not.
    let blow = |s: &S| -> [(f64, Next); 2] {
        let plan = pc.guard(npc, s.npc.marks, s.pc.marks, left(s, def_pool));
        let mut after = *s;
        after.spent[def_pool] += plan.bene;
        let p = defend.of(plan.resolution);
        let mut hurt = after;
        let spent = pc.hurt(&mut hurt.pc, pc.injuries_from(npc), left(&after, neg_pool));
        hurt.spent[neg_pool] += spent;
        let hurt = if hurt.pc.marks >= PC_WOUNDS_TO_DIE {
            Next::End(hurt)
        } else {
            Next::Live(hurt)
        };
        [(p, Next::Live(after)), (1.0 - p, hurt)]
    };
    let mut sums = Sums {
        npc_dead: 0.0,
        pc_dead: 0.0,
        pc_out: 0.0,
        stalemate: 0.0,
        rounds: 0.0,
        pc_wounds: vec![0.0; PC_WOUNDS_TO_DIE as usize + 1],
        npc_wounds: vec![0.0; npc.wounds_to_die as usize + 1],
        physicality: vec![0.0; pc.pools[PHYSICALITY] as usize + 1],
    };
    // Adds the fights ending (or stopped) in state `s` after `round` rounds with `mass`.
    let end = |sums: &mut Sums, s: &S, round: u32, mass: f64| {
        sums.rounds += f64::from(round) * mass;
        let npc_dead = s.npc.marks >= npc.wounds_to_die;
        let pc_down = s.pc.marks >= PC_WOUNDS_TO_DIE;
        if npc_dead {
            sums.npc_dead += mass;
        } else if pc_down && mental {
            sums.pc_out += mass;
        } else if pc_down {
            sums.pc_dead += mass;
        } else {
            sums.stalemate += mass;
        }
        let wounds = if mental { 0 } else { s.pc.marks };
        sums.pc_wounds[wounds as usize] += mass;
        sums.npc_wounds[s.npc.marks as usize] += mass;
        sums.physicality[s.spent[PHYSICALITY] as usize] += mass;
    };
    let mut cur = vec![0.0; space.len()];
    let mut next = vec![0.0; space.len()];
    cur[space.index(&S {
        pc: Track::default(),
        spent: [0; 4],
        npc: Track::default(),
    })] = 1.0;
    let p = c.pcs.len();
    let mut live = true;
    for round in 1..=c.bout.max_rounds {
        if !live {
            break;
        }
        for &who in &c.turns {
            next.iter_mut().for_each(|m| *m = 0.0);
            for (i, &mass) in cur.iter().enumerate() {
                if mass == 0.0 {
                    continue;
                }
                let s = space.state(i);
                let branches = if who < p { swing(&s) } else { blow(&s) };
                for (q, outcome) in branches {
                    if q == 0.0 {
                        continue;
                    }
                    match outcome {
                        Next::Live(t) => next[space.index(&t)] += q * mass,
                        Next::End(t) => end(&mut sums, &t, round, q * mass),
                    }
                }
            }
            std::mem::swap(&mut cur, &mut next);
        }
        live = cur.iter().any(|&m| m > 0.0);
    }
    for (i, &mass) in cur.iter().enumerate() {
        if mass > 0.0 {
            end(&mut sums, &space.state(i), c.bout.max_rounds, mass);
        }
    }
    Ok(values(c, &sums))
}

/// The metrics by name from the sums.
fn values(c: &Conflict, sums: &Sums) -> ExactValues {
    let (pc, npc) = (&c.pcs[0].name, &c.npcs[0].name);
    let pc_down = sums.pc_dead + sums.pc_out;
    // 3 Anguish is death with `anguish_out = "dead"`, and under `foes = "finish"` the NPC,
    // standing, kills the PC it put out.
    let out_dies = c.anguish_kills || c.bout.care.foes == Foes::Finish;
    let pc_dead = sums.pc_dead + if out_dies { sums.pc_out } else { 0.0 };
    let mut e = ExactValues::new();
    for (name, v) in [
        ("win.pcs".to_string(), sums.npc_dead),
        ("win.npcs".to_string(), pc_down),
        ("draw".to_string(), 0.0),
        ("stalemate".to_string(), sums.stalemate),
        ("any_death.pcs".to_string(), pc_dead),
        ("any_death.npcs".to_string(), sums.npc_dead),
        ("all_down.pcs".to_string(), pc_down),
        ("all_down.npcs".to_string(), sums.npc_dead),
        (format!("death.{pc}"), pc_dead),
        (format!("death.{npc}"), sums.npc_dead),
        (format!("down.{pc}"), pc_down),
        (format!("down.{npc}"), sums.npc_dead),
        (format!("out.{pc}"), sums.pc_out),
        ("rounds.mean".to_string(), sums.rounds),
    ] {
        e.insert(name, v);
    }
    for (prefix, dist) in [
        (format!("wounds.{pc}"), &sums.pc_wounds),
        (format!("wounds.{npc}"), &sums.npc_wounds),
        (format!("physicality_spent.{pc}"), &sums.physicality),
    ] {
        let mut mean = 0.0;
        for (k, &v) in dist.iter().enumerate() {
            e.insert(format!("{prefix}.{k}"), v);
            mean += k as f64 * v;
        }
        e.insert(format!("{prefix}.mean"), mean);
    }
    // Sums of many small terms may pass 1 by a rounding error; a rate never does.
    for (k, v) in e.iter_mut() {
        if !k.ends_with(".mean") {
            *v = v.clamp(0.0, 1.0);
        }
    }
    e
}
