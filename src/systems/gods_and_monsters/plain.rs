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
//! when the scenario loads; during a fight each combatant's state is a few small integers, and
//! who is surprised, unconscious, dying, dead, fled, hurt this round or standing is a bit mask
//! each, so choosing a foe is a pick among the set bits of a word and the end of a round
//! visits only the combatants something happened to.

use super::conflict::{Fighter, Targeting};
use super::fight::{Battle, Ending, Roller};
use super::rules::DeathContest;
use super::survival;
use crate::combat::MAX_FIGHTERS;
use crate::dice::DiceExpr;
use crate::dice::stream::PlainDice;

/// A combatant's facts, as the plain loop reads them.
#[derive(Debug, Clone, Copy)]
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
    /// Its attacks in a round, each made 1 + its group bonus times (all of them once, then
    /// again): `attacks[first..end]` of the loop.
    first: usize,
    end: usize,
    /// Whom its attacks go for.
    target: Targeting,
}

impl Default for Plain {
    fn default() -> Self {
        Self {
            foes: 0,
            start: Points::default(),
            best: 0,
            endurance: 0,
            endurance_left: 0,
            flee_at: i32::MIN,
            first: 0,
            end: 0,
            target: Targeting::Random,
        }
    }
}

/// A combatant's points during a fight.
#[derive(Debug, Clone, Copy, Default)]
struct Points {
    survival: i32,
    verve: i32,
    injuries: i32,
}

/// One attack: its numbers to hit and its damage.
#[derive(Debug, Clone)]
struct Strike {
    /// Per target, the static part of the number to hit ([`super::fight::to_hit`]).
    to_hit: [i32; MAX_FIGHTERS],
    damage: DiceExpr,
    plain: Option<PlainDice>,
}

/// A combatant's state during a fight, beside the masks of [`Flags`].
#[derive(Debug, Clone, Copy, Default)]
struct Now {
    points: Points,
    /// Injury points when the round began: a penalty on its attacks for the whole round,
    /// since everything in it happens at once.
    injuries_then: i32,
    /// Survival + soaking verve − injuries when the round began: the weakest foe has least.
    weakness: i32,
    /// The foe it keeps attacking (`focus`), or [`NOBODY`].
    focus: u8,
}

/// No foe remembered.
const NOBODY: u8 = u8::MAX;

/// The lowest fighter in `mask` (not empty), as an index the compiler knows is in range.
#[inline(always)]
fn lowest(mask: u64) -> usize {
    (mask.trailing_zeros() & (MAX_FIGHTERS as u32 - 1)) as usize
}

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
#[derive(Debug, Clone)]
pub struct PlainArena {
    now: Box<[Now; MAX_FIGHTERS]>,
    /// Per side: the round it stopped fighting (`max_rounds + 1` if it never did).
    pub side_down: Vec<u32>,
}

impl Default for PlainArena {
    fn default() -> Self {
        Self {
            now: Box::new([Now::default(); MAX_FIGHTERS]),
            side_down: Vec::new(),
        }
    }
}

/// A plain conflict, resolved for the plain loop when the scenario loads.
#[derive(Debug, Clone)]
pub struct PlainLoop {
    /// Combatants in scenario order, the rest unused.
    fighters: Box<[Plain; MAX_FIGHTERS]>,
    attacks: Vec<Strike>,
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
        let all = roster.side_masks().iter().fold(0, |m, s| m | s);
        let mut attacks = Vec::new();
        let mut plain = Box::new([Plain::default(); MAX_FIGHTERS]);
        for (p, f) in plain.iter_mut().zip(fighters) {
            let first = attacks.len();
            let volleys = 1 + usize::try_from(f.group_bonus).expect("a group bonus is ≥ 0");
            attacks.extend(
                f.attacks
                    .iter()
                    .cycle()
                    .take(volleys * f.attacks.len())
                    .map(|a| {
                        let mut to_hit = [0; MAX_FIGHTERS];
                        for (v, &needed) in to_hit.iter_mut().zip(&battle.to_hit[a.slot * n..][..n])
                        {
                            *v = small(needed);
                        }
                        Strike {
                            to_hit,
                            damage: a.damage.clone(),
                            plain: a.plain,
                        }
                    }),
            );
            *p = Plain {
                foes: all & !roster.side_mask(f.side),
                start: Points {
                    survival: small(f.survival),
                    verve: if f.verve_in_combat { small(f.verve) } else { 0 },
                    injuries: small(f.injuries),
                },
                best: small(f.willpower.max(f.fortitude) + f.group_bonus),
                endurance: small(f.endurance + f.group_bonus),
                endurance_left: small(f.endurance),
                flee_at: f.flee_at_survival.map_or(i32::MIN, small),
                first,
                end: attacks.len(),
                target: f.target,
            };
        }
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
            sides: roster.side_masks().to_vec(),
            all,
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
            side_down: vec![0; self.sides.len()],
            ..PlainArena::default()
        }
    }

    /// Plays one fight: how it ended, after how many rounds, and who is in which condition;
    /// `arena.side_down` holds the round each side stopped fighting.
    pub fn fight<Ro: Roller>(
        &self,
        roller: &mut Ro,
        arena: &mut PlainArena,
    ) -> (Ending, u32, Flags) {
        let now = &mut *arena.now;
        let mut left = self.all;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let start = self.fighters[i].start;
            now[i] = Now {
                points: start,
                injuries_then: start.injuries,
                weakness: start.survival + start.verve - start.injuries,
                focus: NOBODY,
            };
        }
        arena.side_down.fill(self.max_rounds + 1);
        // Surprise: perception or surprised, in scenario order.
        let mut surprised = 0u64;
        for &(i, needed) in &self.surprise {
            surprised |= u64::from(roller.d20() > i64::from(needed)) << i;
        }
        let mut flags = Flags::default();
        let mut standing = self.all;
        let mut round = 0;
        while round < self.max_rounds {
            round += 1;
            standing = self.play_round(round, standing, roller, now, &mut surprised, &mut flags);
            let mut fighting = 0;
            let mut last = 0;
            for (side, &members) in self.sides.iter().enumerate() {
                if members & standing != 0 {
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

    /// One round, `standing` those who can act when it begins ([`PlainLoop::able`]);
    /// returns who can act at its end.
    #[inline(always)]
    fn play_round<Ro: Roller>(
        &self,
        round: u32,
        standing: u64,
        roller: &mut Ro,
        now: &mut [Now; MAX_FIGHTERS],
        surprised: &mut u64,
        flags: &mut Flags,
    ) -> u64 {
        let late = round >= 2;
        // Snap out of surprise from round 2, in scenario order: the better of willpower and
        // fortitude.
        if late {
            let mut left = standing & *surprised;
            while left != 0 {
                let i = lowest(left);
                left &= left - 1;
                let needed = self.fighters[i].best - now[i].points.injuries;
                if roller.d20() <= i64::from(needed) {
                    *surprised &= !(1 << i);
                }
            }
        }
        // +2 to hit the surprised after round 1 (806, 852), +4 the unaware (866).
        let (exposed, exposure) = if late {
            (*surprised, 2)
        } else if self.surprised_are_unaware {
            (*surprised, 4)
        } else {
            (0, 0)
        };
        // Everyone standing attacks at once; the surprised do not act in round 1.
        let mut hurt = 0u64;
        let mut gained = 0u64;
        let mut struck = 0u64;
        let mut acting = if late {
            standing
        } else {
            standing & !*surprised
        };
        let mut foes_list = [0u8; MAX_FIGHTERS];
        while acting != 0 {
            let a = lowest(acting);
            acting &= acting - 1;
            let f = &self.fighters[a];
            let foes = standing & f.foes;
            if foes == 0 {
                continue;
            }
            // The foes in scenario order, for uniform picks among them (counted bit by bit:
            // a population count is slow on a processor without its instruction).
            let mut n = 1;
            if foes & (foes - 1) != 0 && f.target != Targeting::Weakest {
                let mut left = foes;
                n = 0;
                while left != 0 {
                    foes_list[n as usize % MAX_FIGHTERS] = lowest(left) as u8;
                    left &= left - 1;
                    n += 1;
                }
            }
            // −injuries when the round began, −3 while surprised.
            let aim = -now[a].injuries_then - 3 * (*surprised >> a & 1) as i32;
            for attack in &self.attacks[f.first..f.end] {
                let t = self.choose(a, f.target, (foes, n, &foes_list), roller, now);
                let needed = attack.to_hit[t] + aim + (exposure & -((exposed >> t & 1) as i32));
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
                p.injuries += damage;
                // Dropping to 0 survival or gaining injuries: a consciousness roll at
                // the round's end (762).
                let injured = u64::from(damage > 0);
                gained |= injured << t;
                hurt |= (injured | u64::from(had_survival & (p.survival == 0))) << t;
                struck |= 1 << t;
            }
        }
        // What the next round begins with, for those this one changed.
        let mut left = struck;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let s = &mut now[i];
            s.injuries_then = s.points.injuries;
            s.weakness = s.points.survival + s.points.verve - s.points.injuries;
        }
        self.end_round(round, roller, now, *surprised, hurt, gained, flags)
    }

    /// The foe for one attack by `a` among `foes` (standing when the round began, not
    /// empty; `n` of them, listed in scenario order), as [`Targeting::choose`] picks it.
    #[inline(always)]
    fn choose<Ro: Roller>(
        &self,
        a: usize,
        target: Targeting,
        (foes, n, list): (u64, u32, &[u8; MAX_FIGHTERS]),
        roller: &mut Ro,
        now: &mut [Now; MAX_FIGHTERS],
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
                let mut best = lowest(left);
                while left != 0 {
                    let i = lowest(left);
                    left &= left - 1;
                    if now[i].weakness < now[best].weakness {
                        best = i;
                    }
                }
                return best;
            }
            _ => {}
        }
        let t = if n == 1 {
            lowest(foes)
        } else {
            usize::from(list[roller.pick(n as usize) % MAX_FIGHTERS])
        };
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
        now: &mut [Now; MAX_FIGHTERS],
        surprised: u64,
        hurt: u64,
        gained: u64,
        flags: &mut Flags,
    ) -> u64 {
        let late = round >= 2;
        let penalty = |i: usize| 3 * i32::from(late && surprised >> i & 1 == 1);
        let mut falls = 0u64;
        let mut left = hurt;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let needed = self.fighters[i].best - now[i].points.injuries - penalty(i);
            let (ok, _) = survival::consciousness(roller, i64::from(needed), |_| false);
            falls |= u64::from(!ok) << i;
        }
        flags.unconscious |= falls;
        let mut left = gained | (self.flee & !flags.fled);
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let bit = 1u64 << i;
            let f = &self.fighters[i];
            let p = now[i].points;
            if gained & bit != 0 && flags.dying & bit == 0 && p.injuries > p.survival + p.verve {
                let conscious = flags.unconscious & bit == 0;
                let endurance = f.endurance - p.injuries + 2 * i32::from(!conscious) - penalty(i);
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
