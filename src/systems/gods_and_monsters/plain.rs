//! The loop for a plain conflict ([`super::fight::Field::plain`]): one in which nobody calls
//! a shot, shoots into close combat, reloads, bids mojo or attacks the fallen, everyone is in
//! close combat, the unconscious stay out for the fight and consciousness is rolled at the
//! round's end (004_803a11f5ee1b6e60.txt 746–878 under the default `[conflict]` readings).
//! Most conflicts are plain, the Yeti among them; they are played here rather than in
//! [`super::fight::Battle`], whose state is built for every rule.
//!
//! The rules are the round engine's, applied in the same order and drawing the same dice in
//! the same order from the same [`Roller`], so a plain conflict gives exactly the numbers
//! [`super::fight::Battle`] gives for it, fight by fight (a test plays both side by side).
//! What differs is the shape: the combatants' facts are resolved once into a compact table
//! when the scenario loads; during a fight each combatant's state is four small integers, and
//! who is surprised, unconscious, dying, dead, fled, hurt this round or standing is a bit mask
//! each, so choosing a foe is a pick among the set bits of a word and the end of a round
//! visits only the combatants something happened to.

use super::conflict::{Fighter, Targeting};
use super::fight::{Battle, Ending, Roller};
use super::rules::DeathContest;
use super::survival;
use crate::dice::DiceExpr;
use crate::dice::stream::PlainDice;

/// A combatant's facts, as the plain loop reads them.
#[derive(Debug, Clone)]
struct Plain {
    /// Bit mask of its foes (everyone not on its side).
    foes: u64,
    /// Survival, verve that soaks combat damage (0 where fighting is not archetypal), and
    /// injury points at the start.
    start: Points,
    /// The better of willpower and fortitude, plus the group bonus: the consciousness and
    /// snap-out rolls before penalties.
    best: i32,
    /// Endurance plus the group bonus: the death contest's resistance before penalties.
    endurance: i32,
    /// Endurance alone: dying with endurance − injuries ≤ 0 is death (615).
    endurance_left: i32,
    /// Flees at the end of a round when conscious with survival at or below this
    /// (`i32::MIN`: never).
    flee_at: i32,
    /// How many times it makes its attacks in a round (1 + its group bonus).
    volleys: u32,
    /// Its attacks: `attacks[first..end]` of the loop.
    first: usize,
    end: usize,
    /// Whom its attacks go for.
    target: Targeting,
}

/// A combatant's points during a fight.
#[derive(Debug, Clone, Copy, Default)]
struct Points {
    survival: i32,
    verve: i32,
    injuries: i32,
}

/// One attack: where its row of numbers to hit starts, and its damage.
#[derive(Debug, Clone)]
struct Strike {
    /// Index of its number to hit against fighter 0 in [`PlainLoop::to_hit`].
    row: usize,
    damage: DiceExpr,
    plain: Option<PlainDice>,
}

/// A combatant's state during a fight, beside the masks of [`Flags`].
#[derive(Debug, Clone, Copy, Default)]
struct Now {
    points: Points,
    /// This round's change to its attacks' numbers: −injuries at the round's start, −3 while
    /// surprised.
    aim: i32,
    /// Survival + soaking verve − injuries at the round's start: the weakest foe has least.
    weakness: i32,
    /// The foe it keeps attacking (`focus`), or [`NOBODY`].
    focus: u8,
}

/// No foe remembered.
const NOBODY: u8 = u8::MAX;

/// Who is in which condition at the end of a fight, as bit masks (bit `i`: fighter `i`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags {
    /// Unconscious.
    pub unconscious: u64,
    /// Ran from the fight.
    pub fled: u64,
    /// Lost a death contest.
    pub dying: u64,
    /// Died within the fight (615).
    pub dead: u64,
}

/// Per-batch buffers of the plain loop.
#[derive(Debug, Clone, Default)]
pub struct PlainArena {
    now: Vec<Now>,
    /// Per side: the round it stopped fighting (`max_rounds + 1` if it never did).
    pub side_down: Vec<u32>,
}

/// A plain conflict, resolved for the plain loop when the scenario loads.
#[derive(Debug, Clone)]
pub struct PlainLoop {
    fighters: Vec<Plain>,
    attacks: Vec<Strike>,
    /// Per attack and target, the static part of the number to hit
    /// ([`super::fight::to_hit`]).
    to_hit: Vec<i32>,
    /// Every side's members.
    sides: Vec<u64>,
    /// Everyone.
    all: u64,
    /// Those who fight on after losing the death contest.
    fight_dying: u64,
    /// Those with a flight threshold.
    flee: u64,
    /// Those who roll perception for surprise, and what they need.
    surprise: Vec<(usize, i32)>,
    /// +4 to hit a combatant still surprised in round 1 (866).
    surprised_are_unaware: bool,
    death_contest: DeathContest,
    max_rounds: u32,
}

fn small(v: i64) -> i32 {
    i32::try_from(v).expect("scenario numbers are checked to be small when they load")
}

impl PlainLoop {
    /// The plain loop of `battle`, whose field must be plain.
    pub fn new(battle: &Battle<'_>) -> Self {
        debug_assert!(battle.field.plain);
        let fighters: &[Fighter] = battle.fighters;
        let roster = battle.roster;
        let n = fighters.len();
        let mut attacks = Vec::new();
        let plain = fighters
            .iter()
            .map(|f| {
                let first = attacks.len();
                attacks.extend(f.attacks.iter().map(|a| Strike {
                    row: a.slot * n,
                    damage: a.damage.clone(),
                    plain: a.plain,
                }));
                Plain {
                    foes: roster.side_masks().iter().sum::<u64>() & !roster.side_mask(f.side),
                    start: Points {
                        survival: small(f.survival),
                        verve: if f.verve_in_combat { small(f.verve) } else { 0 },
                        injuries: small(f.injuries),
                    },
                    best: small(f.willpower.max(f.fortitude) + f.group_bonus),
                    endurance: small(f.endurance + f.group_bonus),
                    endurance_left: small(f.endurance),
                    flee_at: f.flee_at_survival.map_or(i32::MIN, small),
                    volleys: 1 + u32::try_from(f.group_bonus).expect("a group bonus is ≥ 0"),
                    first,
                    end: attacks.len(),
                    target: f.target,
                }
            })
            .collect();
        let mask = |keep: &dyn Fn(&Fighter) -> bool| {
            (fighters.iter().enumerate()).fold(0u64, |m, (i, f)| m | u64::from(keep(f)) << i)
        };
        let surprise = (fighters.iter().zip(battle.rolls_surprise).enumerate())
            .filter(|(_, (_, rolls))| **rolls)
            .map(|(i, (f, _))| {
                let needed =
                    f.perception + 4 * i64::from(f.aware) - 6 * i64::from(f.asleep) - f.injuries
                        + f.group_bonus;
                (i, small(needed))
            })
            .collect();
        Self {
            fighters: plain,
            attacks,
            to_hit: battle.to_hit.iter().map(|&v| small(v)).collect(),
            sides: roster.side_masks().to_vec(),
            all: mask(&|_| true),
            fight_dying: mask(&|f| f.fights_while_dying),
            flee: mask(&|f| f.flee_at_survival.is_some()),
            surprise,
            surprised_are_unaware: battle.rules.surprised_are_unaware,
            death_contest: battle.rules.death_contest,
            max_rounds: battle.max_rounds,
        }
    }

    /// Buffers for a batch of fights.
    pub fn arena(&self) -> PlainArena {
        PlainArena {
            now: vec![Now::default(); self.fighters.len()],
            side_down: vec![0; self.sides.len()],
        }
    }

    /// Plays one fight: how it ended, after how many rounds, and who is in which condition;
    /// `arena.side_down` holds the round each side stopped fighting.
    pub fn fight<Ro: Roller>(
        &self,
        roller: &mut Ro,
        arena: &mut PlainArena,
    ) -> (Ending, u32, Flags) {
        let now = &mut arena.now[..self.fighters.len()];
        for (s, f) in now.iter_mut().zip(&self.fighters) {
            *s = Now {
                points: f.start,
                focus: NOBODY,
                ..Now::default()
            };
        }
        arena.side_down.fill(self.max_rounds + 1);
        // Surprise: perception or surprised, in scenario order.
        let mut surprised = 0u64;
        for &(i, needed) in &self.surprise {
            surprised |= u64::from(roller.d20() > i64::from(needed)) << i;
        }
        let mut flags = Flags::default();
        for round in 1..=self.max_rounds {
            let up = self.play_round(round, roller, now, &mut surprised, &mut flags);
            let mut fighting = 0;
            let mut last = 0;
            for (side, &members) in self.sides.iter().enumerate() {
                if members & up != 0 {
                    fighting += 1;
                    last = side;
                } else if arena.side_down[side] > self.max_rounds {
                    arena.side_down[side] = round;
                }
            }
            match fighting {
                0 => return (Ending::Draw, round, flags),
                1 => return (Ending::Win(last), round, flags),
                _ => {}
            }
        }
        (Ending::Stalemate, self.max_rounds, flags)
    }

    /// Who can act: conscious, not fled, not dead, and not dying unless it fights on.
    #[inline(always)]
    fn able(&self, flags: &Flags) -> u64 {
        self.all
            & !(flags.unconscious | flags.fled | flags.dead | (flags.dying & !self.fight_dying))
    }

    /// One round; returns who can act at its end.
    #[inline(always)]
    fn play_round<Ro: Roller>(
        &self,
        round: u32,
        roller: &mut Ro,
        now: &mut [Now],
        surprised: &mut u64,
        flags: &mut Flags,
    ) -> u64 {
        let standing = self.able(flags);
        let late = round >= 2;
        // Snap out of surprise from round 2: the better of willpower and fortitude.
        let mut left = standing;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            let f = &self.fighters[i];
            let s = &mut now[i];
            let bit = 1u64 << i;
            if late && *surprised & bit != 0 {
                let needed = f.best - s.points.injuries;
                if roller.d20() <= i64::from(needed) {
                    *surprised &= !bit;
                }
            }
            s.aim = -s.points.injuries - 3 * i32::from(*surprised & bit != 0);
            s.weakness = s.points.survival + s.points.verve - s.points.injuries;
        }
        // +2 to hit the surprised after round 1 (806, 852), +4 the unaware (866).
        let (exposed, unaware) = if late {
            (*surprised, 0)
        } else if self.surprised_are_unaware {
            (0, *surprised)
        } else {
            (0, 0)
        };
        // Everyone standing attacks at once; the surprised do not act in round 1.
        let mut hurt = 0u64;
        let mut gained = 0u64;
        let mut acting = if late {
            standing
        } else {
            standing & !*surprised
        };
        while acting != 0 {
            let a = acting.trailing_zeros() as usize;
            acting &= acting - 1;
            let f = &self.fighters[a];
            let foes = standing & f.foes;
            if foes == 0 {
                continue;
            }
            let aim = now[a].aim;
            for _ in 0..f.volleys {
                for attack in &self.attacks[f.first..f.end] {
                    let t = self.choose(a, f.target, foes, roller, now);
                    let bit = 1u64 << t;
                    let needed = self.to_hit[attack.row + t]
                        + aim
                        + 2 * i32::from(exposed & bit != 0)
                        + 4 * i32::from(unaware & bit != 0);
                    if roller.d20() > i64::from(needed) {
                        continue;
                    }
                    let damage = roller.damage_of(&attack.damage, attack.plain).max(0);
                    // Verve (where it soaks combat damage), then survival, then injuries.
                    let p = &mut now[t].points;
                    let mut damage = i32::try_from(damage).unwrap_or(i32::MAX);
                    let from_verve = damage.min(p.verve);
                    p.verve -= from_verve;
                    damage -= from_verve;
                    let had_survival = p.survival > 0;
                    let from_survival = damage.min(p.survival);
                    p.survival -= from_survival;
                    damage -= from_survival;
                    if damage > 0 {
                        p.injuries += damage;
                        gained |= bit;
                    }
                    // Dropping to 0 survival or gaining injuries: a consciousness roll at
                    // the round's end (762).
                    if (had_survival && p.survival == 0) || damage > 0 {
                        hurt |= bit;
                    }
                }
            }
        }
        self.end_round(round, roller, now, *surprised, hurt, gained, flags)
    }

    /// The foe for one attack by `a` among `foes` (standing when the round began, not
    /// empty), as [`Targeting::choose`] picks it.
    #[inline(always)]
    fn choose<Ro: Roller>(
        &self,
        a: usize,
        target: Targeting,
        foes: u64,
        roller: &mut Ro,
        now: &mut [Now],
    ) -> usize {
        match target {
            Targeting::Named(t) if foes >> t & 1 == 1 => return t,
            Targeting::Focus => {
                let t = now[a].focus;
                if t != NOBODY && foes >> t & 1 == 1 {
                    return usize::from(t);
                }
            }
            Targeting::Weakest => {
                let mut left = foes;
                let mut best = left.trailing_zeros() as usize;
                while left != 0 {
                    let i = left.trailing_zeros() as usize;
                    left &= left - 1;
                    if now[i].weakness < now[best].weakness {
                        best = i;
                    }
                }
                return best;
            }
            _ => {}
        }
        let mut left = foes;
        let n = left.count_ones() as usize;
        if n > 1 {
            for _ in 0..roller.pick(n) {
                left &= left - 1;
            }
        }
        let t = left.trailing_zeros() as usize;
        now[a].focus = t as u8;
        t
    }

    /// The round's end (762, 605–617): consciousness for everyone hurt, then, in scenario
    /// order, falling unconscious, the death contest for those who gained injuries, death for
    /// the dying whose endurance − injuries is spent, and flight. Returns who can act.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn end_round<Ro: Roller>(
        &self,
        round: u32,
        roller: &mut Ro,
        now: &mut [Now],
        surprised: u64,
        hurt: u64,
        gained: u64,
        flags: &mut Flags,
    ) -> u64 {
        let late = round >= 2;
        let penalty = |bit: u64| 3 * i32::from(late && surprised & bit != 0);
        let mut falls = 0u64;
        let mut left = hurt;
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            let bit = 1u64 << i;
            let needed = self.fighters[i].best - now[i].points.injuries - penalty(bit);
            let (ok, _) = survival::consciousness(roller, i64::from(needed), |_| false);
            falls |= u64::from(!ok) << i;
        }
        flags.unconscious |= falls;
        let mut left = gained | (self.flee & !flags.fled);
        while left != 0 {
            let i = left.trailing_zeros() as usize;
            left &= left - 1;
            let bit = 1u64 << i;
            let f = &self.fighters[i];
            let p = now[i].points;
            if gained & bit != 0 && flags.dying & bit == 0 && p.injuries > p.survival + p.verve {
                let conscious = flags.unconscious & bit == 0;
                let endurance = f.endurance - p.injuries + 2 * i32::from(!conscious) - penalty(bit);
                let out = survival::death_contest(
                    roller,
                    i64::from(p.injuries),
                    i64::from(endurance),
                    self.death_contest,
                    |_| false,
                );
                flags.dying |= u64::from(out.dying) << i;
            }
            if flags.dying & bit != 0 && f.endurance_left - p.injuries <= 0 {
                flags.dead |= bit;
            }
            let out = flags.unconscious | flags.fled | flags.dead;
            if out & bit == 0 && p.survival <= f.flee_at {
                flags.fled |= bit;
            }
        }
        self.able(flags)
    }
}
