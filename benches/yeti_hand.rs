//! The shipped Yeti fight (`scenarios/yeti.toml`) written by hand for speed: the anchor the
//! engine's fights per second are measured against (issue 16). The four combatants are
//! hard-coded, their state lives in a few machine words, and nothing is looked up.
//!
//! It plays the fight as the engine plays it under the default `[conflict]` readings
//! (consciousness at the end of the round, a single-exchange death contest, unconscious for
//! the rest of the fight, the surprised not unaware), 004_803a11f5ee1b6e60.txt 746–946:
//! - Surprise: Sam, Charlotte and Toromeen roll d20 ≤ perception (6, 9, 4) or are surprised;
//!   the Yeti starts the fight and never is. The surprised do not act in round 1; from round
//!   2 each rolls d20 ≤ the better of willpower and fortitude − injuries at the round's start
//!   to snap out, and while still surprised attacks at −3, is hit at +2, and rolls
//!   consciousness and the death contest at −3.
//! - Every standing combatant attacks at once (targets among foes standing when the round
//!   began): the party hits the Yeti on d20 ≤ 11 + attack − 3 − injuries (9, 9, 12) for d8,
//!   d4, d8+4; each of the Yeti's two claws picks its own foe uniformly among the standing
//!   party and hits on d20 ≤ 11 + 4 − defense (11, 14, 10), +2 at a surprised foe, for d6.
//! - Damage goes to verve first for Sam and Toromeen (verve in combat), then survival, then
//!   injuries; so one signed number per combatant, pool − injuries (21, 5, 24, 20 at the
//!   start), says all three. Dice always deal at least 1, so a combatant was hit this round
//!   exactly when that number fell.
//! - End of round, per combatant hit this round: at 0 or below it rolls consciousness (d20 ≤
//!   the better of willpower and fortitude − injuries now: 5, 9, 11, 6); below 0 (injuries
//!   gained, always more than the survival and verve left, 0) and not yet dying, it rolls the
//!   death contest (the injuries' d20 ≤ injuries against d20 ≤ endurance − injuries, +2 if it
//!   just fell unconscious; endurance 12, 10, 15 and the Yeti's 10 + level 4 / 2 = 12); dying
//!   with endurance − injuries ≤ 0 it dies. The dying fight on. The Yeti flees at 0 survival
//!   while conscious, so it is out of the fight exactly when its number is 0 or below.
//! - The fight ends when at most one side can still act (a draw when neither can), or as a
//!   stalemate after 100 rounds.
//!
//! Dice: d20s fourteen to a 64-bit draw, and the damage dice and the claws' picks as base-24
//! digits thirteen to a draw (24 is a multiple of 8, 6, 4, 3 and 2, so a d8 is a digit mod 8,
//! a d6 a digit / 4, a d4 a digit mod 4, a pick among n foes digit·n / 24); each draw passes
//! Lemire's rejection, so every face is exactly uniform, and each face costs one
//! multiplication. The order in which dice are drawn differs from the engine's; the
//! distribution of every outcome is the same.

use rand::{Rng, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;

/// Combatants, in scenario order.
pub const NAMES: [&str; 4] = ["Sam Stevens", "Charlotte Korde", "Toromeen", "Yeti"];

/// The round limit (`[run] max_rounds`).
pub const MAX_ROUNDS: usize = 100;

/// What `fights` Yeti fights came to: the counts behind every rate the engine reports.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct YetiCounts {
    /// Fights played.
    pub fights: u64,
    /// The party alone still standing.
    pub win_party: u64,
    /// The Yeti alone still standing.
    pub win_yeti: u64,
    /// Both sides out in the same round.
    pub draw: u64,
    /// Both sides still fighting after [`MAX_ROUNDS`].
    pub stalemate: u64,
    /// Per combatant: lost the death contest (the engine's `death.NAME`).
    pub death: [u64; 4],
    /// Per combatant: dying, unconscious or fled at the end (`down.NAME`).
    pub down: [u64; 4],
    /// Per combatant: unconscious at the end (`unconscious.NAME`).
    pub unconscious: [u64; 4],
    /// The Yeti ran (`fled.Yeti`).
    pub fled_yeti: u64,
    /// Per combatant: died within the fight (`dead.NAME`).
    pub dead: [u64; 4],
    /// Someone of the party lost the death contest (`any_death.party`).
    pub any_death_party: u64,
    /// The whole party down at the end (`all_down.party`).
    pub all_down_party: u64,
    /// Fights by the number of rounds they lasted (`rounds`, 0 unused).
    pub rounds: [u64; MAX_ROUNDS + 1],
}

impl Default for YetiCounts {
    fn default() -> Self {
        Self {
            fights: 0,
            win_party: 0,
            win_yeti: 0,
            draw: 0,
            stalemate: 0,
            death: [0; 4],
            down: [0; 4],
            unconscious: [0; 4],
            fled_yeti: 0,
            dead: [0; 4],
            any_death_party: 0,
            all_down_party: 0,
            rounds: [0; MAX_ROUNDS + 1],
        }
    }
}

impl YetiCounts {
    /// The sum of every fight's rounds.
    pub fn rounds_sum(&self) -> u64 {
        self.rounds
            .iter()
            .enumerate()
            .map(|(r, &n)| r as u64 * n)
            .sum()
    }

    /// The sum of every fight's rounds, squared.
    pub fn rounds_sum_sq(&self) -> u64 {
        (self.rounds.iter().enumerate())
            .map(|(r, &n)| (r * r) as u64 * n)
            .sum()
    }
}

/// Dice of `S` faces handed out one at a time, `K` to a 64-bit draw (`S^K < 2^64`), exactly
/// uniform: a draw `r` is kept when the low half of `r·S^K` is at least `2^64 mod S^K`
/// (Lemire), and its faces are the leading base-`S` digits of `r / 2^64`.
struct Digits<const S: u64, const K: u32> {
    rest: u64,
    left: u32,
}

impl<const S: u64, const K: u32> Digits<S, K> {
    const RANGE: u64 = S.pow(K);
    const THRESHOLD: u64 = Self::RANGE.wrapping_neg() % Self::RANGE;

    fn new() -> Self {
        Self { rest: 0, left: 0 }
    }

    /// One face, `0..S`.
    #[inline(always)]
    fn roll(&mut self, rng: &mut Xoshiro256PlusPlus) -> u64 {
        if self.left == 0 {
            self.refill(rng);
        }
        self.left -= 1;
        let m = u128::from(self.rest) * u128::from(S);
        self.rest = m as u64;
        (m >> 64) as u64
    }

    #[inline(always)]
    fn refill(&mut self, rng: &mut Xoshiro256PlusPlus) {
        loop {
            let r = rng.next_u64();
            if (u128::from(r) * u128::from(Self::RANGE)) as u64 >= Self::THRESHOLD {
                self.rest = r;
                self.left = K;
                return;
            }
        }
    }
}

/// The lane bias: each combatant's pool − injuries is kept as a 16-bit lane of one word,
/// plus this, so a lane never borrows from the next.
const BIAS: u64 = 0x4000;
/// Sam, Charlotte and Toromeen (bits 0–2).
const PARTY: u32 = 0b111;
/// Pool (survival, + verve where it soaks combat damage) at the start, per lane.
const START: u64 = lane(0, 6 + 15) | lane(1, 5) | lane(2, 7 + 17) | lane(3, 20);
/// The better of willpower and fortitude, per combatant.
const BEST: [i32; 4] = [5, 9, 11, 6];
/// Endurance, per combatant.
const ENDURANCE: [i32; 4] = [12, 10, 15, 12];
/// What a claw needs on d20 at each party member, one per byte: 11 + 4 − defense.
const CLAW: u32 = 11 | 14 << 8 | 10 << 16;

const fn lane(i: u32, pool: u64) -> u64 {
    (pool + BIAS) << (16 * i)
}

/// Combatant `i`'s pool − injuries in the packed word `hp`.
#[inline(always)]
fn value(hp: u64, i: u32) -> i32 {
    ((hp >> (16 * i)) & 0xFFFF) as i32 - BIAS as i32
}

/// Injury points: how far below 0 the pool went.
#[inline(always)]
fn injuries(hp: u64, i: u32) -> i32 {
    (-value(hp, i)).max(0)
}

/// Plays `fights` Yeti fights from `seed` on this thread and counts how they came out.
pub fn yeti_hand_loop(fights: u64, seed: u64) -> YetiCounts {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut d20 = Digits::<20, 14>::new();
    let mut d24 = Digits::<24, 13>::new();
    let mut c = YetiCounts {
        fights,
        ..YetiCounts::default()
    };
    for _ in 0..fights {
        // Surprise: d20 ≤ perception or surprised (bits 0–2).
        let mut sur = u32::from(d20.roll(&mut rng) >= 6)
            | u32::from(d20.roll(&mut rng) >= 9) << 1
            | u32::from(d20.roll(&mut rng) >= 4) << 2;
        let mut hp = START;
        // Bit masks: unconscious, lost the death contest, died.
        let (mut out, mut dying, mut dead) = (0u32, 0u32, 0u32);
        let mut rounds = MAX_ROUNDS;
        // 0 party, 1 Yeti, 2 draw, 3 stalemate.
        let mut ending = 3usize;
        for round in 1..=MAX_ROUNDS {
            let up = PARTY & !(out | dead);
            let late = round >= 2;
            if late && sur & up != 0 {
                // Snap out: d20 ≤ the better of willpower and fortitude − injuries.
                for i in 0..3 {
                    if (sur & up) >> i & 1 == 1
                        && (d20.roll(&mut rng) as i32) < BEST[i as usize] - injuries(hp, i)
                    {
                        sur &= !(1 << i);
                    }
                }
            }
            let acting = if late { up } else { up & !sur };
            let start = hp;
            // The party at the Yeti (it is never surprised and always standing here).
            let aim = |i: u32| -injuries(start, i) - 3 * (sur >> i & 1) as i32;
            if acting & 1 != 0 && (d20.roll(&mut rng) as i32) < 9 + aim(0) {
                hp -= (d24.roll(&mut rng) % 8 + 1) << 48;
            }
            if acting & 2 != 0 && (d20.roll(&mut rng) as i32) < 9 + aim(1) {
                hp -= (d24.roll(&mut rng) % 4 + 1) << 48;
            }
            if acting & 4 != 0 && (d20.roll(&mut rng) as i32) < 12 + aim(2) {
                hp -= (d24.roll(&mut rng) % 8 + 5) << 48;
            }
            // The claws: +2 at a surprised foe from round 2; the Yeti has no injuries here.
            let exposed = if late { sur & up } else { 0 };
            let needed = CLAW + 2 * (exposed & 1 | (exposed & 2) << 7 | (exposed & 4) << 14);
            let n = u64::from(up.count_ones());
            for _ in 0..2 {
                let t = if n == 1 {
                    up.trailing_zeros()
                } else {
                    let k = d24.roll(&mut rng) * n / 24;
                    let mut m = up;
                    if k >= 1 {
                        m &= m - 1;
                    }
                    if k >= 2 {
                        m &= m - 1;
                    }
                    m.trailing_zeros()
                };
                if (d20.roll(&mut rng) as u32) < (needed >> (8 * t)) & 0xFF {
                    hp -= (d24.roll(&mut rng) / 4 + 1) << (16 * t);
                }
            }
            // End of round: consciousness, the death contest, death.
            if hp != start {
                for i in 0..4u32 {
                    let (before, now) = (value(start, i), value(hp, i));
                    if now >= before || now > 0 {
                        continue;
                    }
                    let bit = 1 << i;
                    let inj = -now.min(0);
                    let penalty = if late && sur & bit != 0 { 3 } else { 0 };
                    let u = i as usize;
                    if d20.roll(&mut rng) as i32 >= BEST[u] - inj - penalty {
                        out |= bit;
                    }
                    if now < 0 {
                        if dying & bit == 0 {
                            let wins = (d20.roll(&mut rng) as i32) < inj;
                            let endurance =
                                ENDURANCE[u] - inj + if out & bit != 0 { 2 } else { 0 } - penalty;
                            // The endurance roll matters only when the injuries' succeeds.
                            if wins && d20.roll(&mut rng) as i32 >= endurance {
                                dying |= bit;
                            }
                        }
                        if dying & bit != 0 && ENDURANCE[u] - inj <= 0 {
                            dead |= bit;
                        }
                    }
                }
            }
            let party_up = PARTY & !(out | dead) != 0;
            let yeti_up = value(hp, 3) > 0;
            if !(party_up && yeti_up) {
                rounds = round;
                ending = match (party_up, yeti_up) {
                    (true, _) => 0,
                    (false, true) => 1,
                    (false, false) => 2,
                };
                break;
            }
        }
        match ending {
            0 => c.win_party += 1,
            1 => c.win_yeti += 1,
            2 => c.draw += 1,
            _ => c.stalemate += 1,
        }
        c.rounds[rounds] += 1;
        let fled = u32::from(value(hp, 3) <= 0 && (out | dead) & 8 == 0) << 3;
        let down = dying | out | fled;
        for i in 0..4 {
            c.death[i] += u64::from(dying >> i & 1);
            c.down[i] += u64::from(down >> i & 1);
            c.unconscious[i] += u64::from(out >> i & 1);
            c.dead[i] += u64::from(dead >> i & 1);
        }
        c.fled_yeti += u64::from(fled >> 3);
        c.any_death_party += u64::from(dying & PARTY != 0);
        c.all_down_party += u64::from(down & PARTY == PARTY);
    }
    c
}
