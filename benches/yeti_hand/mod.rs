//! The shipped Yeti fight (`scenarios/yeti.toml`) written by hand for speed: the anchor the
//! engine's fights per second are measured against (issue 16). The four combatants are
//! hard-coded, their state lives in a few machine words, and nothing is looked up. (A folder
//! module, so that Cargo does not take it for a bench target of its own; `benches/engine.rs`
//! times it and `tests/yeti_hand.rs` checks it.)
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
//! Dice: each round's attacks come from one 64-bit draw, read as mixed-radix digits: Sam's
//! d20 and d8 as one digit of 160 (face·8 + d8), Charlotte's d20 and d4 (80), Toromeen's d20
//! and d8 (160), each claw's d20, pick and d6 (720 = 20·36: a pick among n standing foes is
//! s·n / 36 and the d6 s mod 6 of the digit's s = digit mod 36, independent for n = 1, 2, 3),
//! then three d20s for snapping out. The draw passes Lemire's rejection for the product of
//! those bases (about 8.5·10¹⁵), so every digit is exactly uniform and independent; each
//! costs one multiplication, and a hit is one comparison (d20 ≤ k ⇔ digit < k·the rest of
//! its base). Surprise and the rolls at a round's end take d20s fourteen to a draw. The
//! order in which dice are drawn differs from the engine's; the distribution of every
//! outcome is the same.

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
    /// Per combatant: lost the death contest (the engine's `death.NAME`: nobody can heal
    /// them, so the dying die).
    pub death: [u64; 4],
    /// Per combatant: dying, unconscious or fled at the end (`down.NAME`).
    pub down: [u64; 4],
    /// Per combatant: unconscious at the end (`unconscious.NAME`).
    pub unconscious: [u64; 4],
    /// The Yeti ran, and is not dying (`fled.Yeti`).
    pub fled_yeti: u64,
    /// Per combatant: died within the fight (`dead_in_fight.NAME`).
    pub dead: [u64; 4],
    /// Someone of the party lost the death contest (`any_death.party`).
    pub any_death_party: u64,
    /// The whole party down at the end (`all_down.party`).
    pub all_down_party: u64,
    /// The whole party lost the death contest (`all_dead.party`).
    pub all_dead_party: u64,
    /// The party won with someone of it dying; the Yeti won dying (`pyrrhic.SIDE`).
    pub pyrrhic: [u64; 2],
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
            all_dead_party: 0,
            pyrrhic: [0; 2],
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

/// d20s handed out one at a time, fourteen to a 64-bit draw, exactly uniform: a draw `r` is
/// kept when the low half of `r·20^14` is at least `2^64 mod 20^14` (Lemire), and its faces
/// are the leading base-20 digits of `r / 2^64`.
struct D20s {
    rest: u64,
    left: u32,
}

impl D20s {
    /// One face, `0..20` (the d20 less one).
    #[inline(always)]
    fn roll(&mut self, rng: &mut Xoshiro256PlusPlus) -> i32 {
        if self.left == 0 {
            self.rest = accepted(rng, 20u64.pow(14));
            self.left = 14;
        }
        self.left -= 1;
        digit(&mut self.rest, 20) as i32
    }
}

/// A 64-bit draw whose leading digits in bases multiplying to `range` are exactly uniform.
#[inline(always)]
fn accepted(rng: &mut Xoshiro256PlusPlus, range: u64) -> u64 {
    let threshold = range.wrapping_neg() % range;
    loop {
        let r = rng.next_u64();
        if (u128::from(r) * u128::from(range)) as u64 >= threshold {
            return r;
        }
    }
}

/// The next digit of base `base` of the draw `rest` (a fraction of 2^64), leaving the rest.
#[inline(always)]
fn digit(rest: &mut u64, base: u64) -> u64 {
    let m = u128::from(*rest) * u128::from(base);
    *rest = m as u64;
    (m >> 64) as u64
}

/// The bases of one round's draw: two claws, three party attacks, three snap-out d20s.
const ROUND: u64 = 720 * 720 * 160 * 80 * 160 * 20 * 20 * 20;

/// The lane bias: each combatant's pool − injuries is kept as a 16-bit lane of one word,
/// plus this, so a lane never borrows from the next.
const BIAS: u64 = 0x4000;
/// Sam, Charlotte and Toromeen (bits 0–2).
const PARTY: u32 = 0b111;
/// Pool (survival, + verve where it soaks combat damage) at the start, per lane.
const START: u64 = lane(0, 6 + 15) | lane(1, 5) | lane(2, 7 + 17) | lane(3, 20);
/// The better of willpower and fortitude, one combatant per byte: 5, 9, 11, 6.
const BEST: u32 = 5 | 9 << 8 | 11 << 16 | 6 << 24;
/// Endurance, one combatant per byte: 12, 10, 15, 12.
const ENDURANCE: u32 = 12 | 10 << 8 | 15 << 16 | 12 << 24;
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

/// Lanes of `v` (each 16 bits).
const fn lanes(v: u64) -> u64 {
    v * 0x0001_0001_0001_0001
}

/// Plays `fights` Yeti fights from `seed` on this thread and counts how they came out.
pub fn yeti_hand_loop(fights: u64, seed: u64) -> YetiCounts {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut d20 = D20s { rest: 0, left: 0 };
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
        for round in 1..MAX_ROUNDS + 1 {
            let up = PARTY & !(out | dead);
            let late = round >= 2;
            let mut r = accepted(&mut rng, ROUND);
            let claws = [digit(&mut r, 720), digit(&mut r, 720)];
            let attacks = [digit(&mut r, 160), digit(&mut r, 80), digit(&mut r, 160)];
            let inj = [injuries(hp, 0), injuries(hp, 1), injuries(hp, 2)];
            if late && sur & up != 0 {
                // Snap out: d20 ≤ the better of willpower and fortitude − injuries.
                for (i, inj) in inj.into_iter().enumerate() {
                    let roll = digit(&mut r, 20) as i32;
                    if roll < (BEST >> (8 * i) & 0xFF) as i32 - inj {
                        sur &= !(up & 1 << i);
                    }
                }
            }
            let acting = if late { up } else { up & !sur };
            // The party at the Yeti (never surprised, always standing here): d20 ≤ the
            // number, −injuries, −3 surprised; 0 for one not acting.
            let need = |i: usize, base: i32| {
                let n = base - inj[i] - 3 * (sur >> i & 1) as i32;
                if acting >> i & 1 == 1 { n } else { 0 }
            };
            let [a0, a1, a2] = attacks.map(|a| a as i32);
            let damage = u64::from(a0 < 8 * need(0, 9)) * (a0 as u64 % 8 + 1)
                + u64::from(a1 < 4 * need(1, 9)) * (a1 as u64 % 4 + 1)
                + u64::from(a2 < 8 * need(2, 12)) * (a2 as u64 % 8 + 5);
            let start = hp;
            hp -= damage << 48;
            // The claws: each picks among the standing party; +2 at a surprised foe from round
            // 2; the Yeti has no injuries here.
            let exposed = if late { sur & up } else { 0 };
            let needed = CLAW + 2 * (exposed & 1 | (exposed & 2) << 7 | (exposed & 4) << 14);
            let n = u64::from(up.count_ones());
            for claw in claws {
                // Digit = d20 face·36 + s: the pick among n foes is s·n / 36, the d6 s mod 6.
                let s = claw % 36;
                // The k-th standing foe: clear the lowest set bit k times, without a branch.
                let k = s * n / 36;
                let m = up & up.wrapping_sub(u32::from(k >= 1));
                let t = (m & m.wrapping_sub(u32::from(k >= 2))).trailing_zeros();
                let hit = claw < 36 * u64::from((needed >> (8 * t)) & 0xFF);
                hp -= (u64::from(hit) * (s % 6 + 1)) << (16 * t);
            }
            // Lanes hit this round and now at 0 or below, as bit 15 of each lane: a lane of
            // 0x8000 + BIAS − hp has it when the lane is at most BIAS; one of (start − hp) +
            // 0x7FFF when the lane fell.
            let low = lanes(0x8000 + BIAS) - hp;
            let fell = (start - hp) + lanes(0x7FFF);
            let mut check = low & fell & lanes(0x8000);
            if check == 0 {
                continue;
            }
            // End of round: consciousness, the death contest, death.
            while check != 0 {
                let i = check.trailing_zeros() / 16;
                check &= check - 1;
                let inj = injuries(hp, i);
                let penalty = 3 * (i32::from(late) & (sur >> i & 1) as i32);
                let best = (BEST >> (8 * i) & 0xFF) as i32;
                out |= u32::from(d20.roll(&mut rng) >= best - inj - penalty) << i;
                if inj > 0 {
                    // Injuries gained: the death contest if not dying yet, then death.
                    let endurance = (ENDURANCE >> (8 * i) & 0xFF) as i32;
                    let resist = endurance - inj + 2 * (out >> i & 1) as i32 - penalty;
                    let (acts, resists) = (d20.roll(&mut rng), d20.roll(&mut rng));
                    let fresh = dying >> i & 1 == 0;
                    dying |= u32::from(fresh & (acts < inj) & (resists >= resist)) << i;
                    dead |= u32::from((dying >> i & 1 == 1) & (endurance <= inj)) << i;
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
        c.fled_yeti += u64::from((fled & !dying) >> 3);
        c.any_death_party += u64::from(dying & PARTY != 0);
        c.all_down_party += u64::from(down & PARTY == PARTY);
        c.all_dead_party += u64::from(dying & PARTY == PARTY);
        c.pyrrhic[0] += u64::from(ending == 0 && dying & PARTY != 0);
        c.pyrrhic[1] += u64::from(ending == 1 && dying & 8 != 0);
    }
    c
}
