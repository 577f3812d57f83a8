//! Dice handed out one at a time, as many of one size to a 64-bit draw as fit, exactly
//! unbiased, by multiplication only.
//!
//! A draw `r` that passes [`PackedDice`]'s rejection for `k` dice of `s` faces makes
//! `⌊r·s^k / 2^64⌋` uniform on `[0, s^k)` (Lemire). Its base-`s` digits, most significant
//! first, are the leading base-`s` digits of `r / 2^64`: `d₁ = ⌊r·s / 2^64⌋`, then the same
//! with `r ← r·s mod 2^64`, `k` times. So each die costs one 64×64→128-bit multiplication
//! (no division), and the `k` faces of a draw are independent and uniform. A [`DieStream`]
//! keeps the rest of one draw for one die size; [`DieStreams`] keeps one for each common size
//! (d2, d3, d4, d6, d8, d10, d12, d20), which a fight's roller draws its dice and picks from.
//! [`PlainDice`] is the plain `NdS + k` shape of nearly every damage roll, found once when a
//! scenario loads, so such a roll is read die by die from its stream without walking the
//! expression.

use super::packed::PackedDice;
use super::{DiceExpr, uniform_below};
use rand::Rng;

/// How many dice of `sides` faces (≥ 2) one 64-bit draw holds: the largest `k` with
/// `sides^k < 2^64` (fourteen d20s, 24 d6s, 21 d8s).
pub const fn per_draw(sides: u64) -> u32 {
    let (mut k, mut range) = (0, 1u64);
    while let Some(next) = range.checked_mul(sides) {
        range = next;
        k += 1;
    }
    k
}

/// The group a stream of `sides`-faced dice draws: [`per_draw`]`(sides)` dice, for a
/// compile-time table.
pub const fn group(sides: u64) -> PackedDice {
    match PackedDice::new(sides, per_draw(sides)) {
        Some(dice) => dice,
        None => panic!("a die needs at least two faces"),
    }
}

/// What is left of one draw of a [`PackedDice`] group: its faces not yet handed out.
#[derive(Debug, Clone, Copy, Default)]
pub struct DieStream {
    /// The draw's fraction still unread (`r·s^j mod 2^64` after `j` dice).
    rest: u64,
    /// Faces left in it.
    left: u32,
}

impl DieStream {
    /// The next face of a draw with faces left, its dice of `sides` faces.
    #[inline(always)]
    fn take(&mut self, sides: u64) -> u64 {
        self.left -= 1;
        let m = u128::from(self.rest) * u128::from(sides);
        self.rest = m as u64;
        (m >> 64) as u64
    }

    /// A new draw, the faces left of the last one unread.
    #[inline(always)]
    fn draw<R: Rng + ?Sized>(&mut self, dice: &PackedDice, rng: &mut R) {
        self.rest = dice.accepted(rng);
        self.left = dice.count();
    }
}

/// The die sizes with a stream of their own in [`DieStreams`], by slot.
const SIZES: [u64; 8] = [4, 6, 8, 10, 12, 20, 2, 3];

/// Their packed groups, by slot.
const GROUPS: [PackedDice; 8] = [
    group(SIZES[0]),
    group(SIZES[1]),
    group(SIZES[2]),
    group(SIZES[3]),
    group(SIZES[4]),
    group(SIZES[5]),
    group(SIZES[6]),
    group(SIZES[7]),
];

/// The d20's slot.
pub const D20: u8 = 5;

/// No stream.
pub const NONE: u8 = u8::MAX;

/// The slot of a die by its faces up to 20, else [`NONE`].
const SLOTS: [u8; 21] = {
    let mut slots = [NONE; 21];
    let mut i = 0;
    while i < SIZES.len() {
        slots[SIZES[i] as usize] = i as u8;
        i += 1;
    }
    slots
};

/// The [`DieStreams`] slot of a die of `sides` faces, or [`NONE`].
pub fn slot(sides: u32) -> u8 {
    SLOTS.get(sides as usize).copied().unwrap_or(NONE)
}

/// `count` plain dice (not exploding, faces 1…`sides`) and a constant: the shape of nearly
/// every damage roll and AP die, found once when the scenario loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlainDice {
    /// How many dice.
    pub count: u32,
    /// Faces of each.
    pub sides: u32,
    /// The [`DieStreams`] slot of such dice, or [`NONE`].
    pub slot: u8,
}

impl PlainDice {
    /// Whether the dice have a [`DieStreams`] stream of their own.
    pub fn streamed(&self) -> bool {
        self.slot != NONE
    }

    /// The plain dice `dice` is, if it is `count`d`sides` plus a constant and nothing else.
    pub fn of(dice: &DiceExpr) -> Option<Self> {
        let count = dice.dice_count();
        if count == 0 || dice.is_exploding() {
            return None;
        }
        let sides = u32::try_from((dice.max() - dice.constant()) / i64::from(count)).ok()?;
        // Read back the same shape and compare terms and constant: it rules out mixed dice,
        // subtracted dice and zero-based faces.
        let same: DiceExpr = format!("{count}d{sides}{:+}", dice.constant())
            .parse()
            .ok()?;
        (same == *dice).then_some(Self {
            count,
            sides,
            slot: slot(sides),
        })
    }
}

/// One [`DieStream`] per common die size: each such die, and each pick among up to 20, comes
/// from a stream of its own, as many to a 64-bit draw as fit, exactly unbiased; other dice
/// draw directly.
#[derive(Debug, Clone, Copy, Default)]
pub struct DieStreams {
    streams: [DieStream; SIZES.len()],
}

impl DieStreams {
    /// Starts a fresh draw for the stream in `slot` (not [`NONE`]), the faces left of the
    /// last one unread.
    #[inline(always)]
    pub fn renew<R: Rng + ?Sized>(&mut self, slot: u8, rng: &mut R) {
        let i = usize::from(slot) % SIZES.len();
        self.streams[i].draw(&GROUPS[i], rng);
    }

    /// One face (from 0) of the stream in `slot` (not [`NONE`]).
    #[inline(always)]
    pub fn face<R: Rng + ?Sized>(&mut self, slot: u8, rng: &mut R) -> u64 {
        let i = usize::from(slot) % SIZES.len();
        self.face_at(i, SIZES[i], rng)
    }

    /// One face (from 0) of the stream in `slot` (not [`NONE`]), whose dice the caller knows
    /// to have `sides` faces.
    #[inline(always)]
    pub fn face_of<R: Rng + ?Sized>(&mut self, slot: u8, sides: u32, rng: &mut R) -> u64 {
        debug_assert_eq!(SIZES.get(usize::from(slot)), Some(&u64::from(sides)));
        self.face_at(usize::from(slot), u64::from(sides), rng)
    }

    /// One face (from 0) of the stream at index `i` (below [`SIZES`]' length), whose dice
    /// have `sides` faces (`SIZES[i]`, known to the caller, so that only a refill reads the
    /// group).
    #[inline(always)]
    fn face_at<R: Rng + ?Sized>(&mut self, i: usize, sides: u64, rng: &mut R) -> u64 {
        let i = i % SIZES.len();
        if self.streams[i].left == 0 {
            self.refill(i, rng);
        }
        self.streams[i].take(sides)
    }

    /// A new draw for the stream at index `i`: once per [`PackedDice::count`] dice.
    #[cold]
    #[inline(never)]
    fn refill<R: Rng + ?Sized>(&mut self, i: usize, rng: &mut R) {
        let i = i % SIZES.len();
        self.streams[i].draw(&GROUPS[i], rng);
    }

    /// One face (from 0) of a die of `sides` faces (≥ 1), from its stream when it has one.
    #[inline]
    pub fn below<R: Rng + ?Sized>(&mut self, sides: u32, rng: &mut R) -> u64 {
        match slot(sides) {
            NONE => unstreamed(sides, rng),
            slot => self.face(slot, rng),
        }
    }

    /// The sum of `dice`, plain dice with a stream of their own ([`PlainDice::streamed`]),
    /// read one by one from it.
    #[inline(always)]
    pub fn plain<R: Rng + ?Sized>(&mut self, dice: PlainDice, rng: &mut R) -> i64 {
        let i = usize::from(dice.slot);
        let sides = u64::from(dice.sides);
        // At least one die ([`PlainDice::of`]); nearly always exactly one.
        let mut sum = i64::from(dice.count) + self.face_at(i, sides, rng) as i64;
        for _ in 1..dice.count {
            sum += self.face_at(i, sides, rng) as i64;
        }
        sum
    }

    /// The dice of `dice` without its constant; `plain` is [`PlainDice::of`] `dice`: plain
    /// dice with a stream are read one by one from it, others are rolled directly.
    #[inline(always)]
    pub fn dice<R: Rng + ?Sized>(
        &mut self,
        dice: &DiceExpr,
        plain: Option<PlainDice>,
        rng: &mut R,
    ) -> i64 {
        match plain {
            Some(p) if p.streamed() => self.plain(p, rng),
            _ => self.other_dice(dice, plain, rng),
        }
    }

    /// [`DieStreams::dice`] for dice without a stream: rare in a fight, and kept out of the
    /// way of the streamed dice beside it.
    #[cold]
    #[inline(never)]
    fn other_dice<R: Rng + ?Sized>(
        &mut self,
        dice: &DiceExpr,
        plain: Option<PlainDice>,
        rng: &mut R,
    ) -> i64 {
        match plain {
            Some(p) => (0..p.count)
                .map(|_| self.below(p.sides, rng) as i64 + 1)
                .sum(),
            None => dice.sample(rng) - dice.constant(),
        }
    }
}

/// [`DieStreams::below`] for a die without a stream.
#[inline(never)]
fn unstreamed<R: Rng + ?Sized>(sides: u32, rng: &mut R) -> u64 {
    u64::from(uniform_below(rng, sides))
}

#[cfg(test)]
mod tests;
