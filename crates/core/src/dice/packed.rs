//! Several small dice from one 64-bit draw, exactly unbiased.
//!
//! Rolling `k` dice with `s` sides is the same as drawing one uniform number in `[0, s^k)` and
//! reading its base-`s` digits. [`PackedDice`] draws that number with Lemire's multiply-shift
//! method (a 64×64→128-bit product with a rejection step on the low half), so each roll of up
//! to [`PackedDice::MAX_DICE`] dice costs one `next_u64` almost always, instead of one range
//! call per die. The rejection makes the result exactly uniform; the chance of a retry is
//! below `s^k / 2^64` (under 10⁻¹⁹·s^k).

use rand::Rng;

/// A fixed group of identical small dice (faces `0..sides`) rolled together from one draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PackedDice {
    sides: u64,
    count: u32,
    /// `sides^count`, the size of the combined range.
    range: u64,
    /// Low halves below this are rejected: `2^64 mod range`.
    threshold: u64,
}

impl PackedDice {
    /// The most d10s one 64-bit draw can hold (10^19 < 2^64).
    pub const MAX_DICE: u32 = 19;

    /// A group of `count` dice with faces `0..sides`. Returns `None` when `sides < 2`,
    /// `count == 0`, or `sides^count` does not fit in 64 bits.
    pub const fn new(sides: u64, count: u32) -> Option<Self> {
        if sides < 2 || count == 0 {
            return None;
        }
        let range = match sides.checked_pow(count) {
            Some(r) => r,
            None => return None,
        };
        Some(Self {
            sides,
            count,
            range,
            threshold: range.wrapping_neg() % range,
        })
    }

    /// Number of dice in the group.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// Faces per die.
    pub fn sides(&self) -> u64 {
        self.sides
    }

    /// One uniform number in `[0, sides^count)`: the dice as base-`sides` digits.
    #[inline]
    pub fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> u64 {
        loop {
            let m = u128::from(rng.next_u64()) * u128::from(self.range);
            if (m as u64) >= self.threshold {
                return (m >> 64) as u64;
            }
        }
    }

    /// The 64-bit number behind [`PackedDice::draw`], one that passed the rejection:
    /// `⌊r·sides^count / 2^64⌋` is the draw, and its dice are the base-`sides` digits of
    /// `r / 2^64`, read from the top one multiplication at a time ([`super::stream`]).
    #[inline]
    pub fn accepted<R: Rng + ?Sized>(&self, rng: &mut R) -> u64 {
        loop {
            let r = rng.next_u64();
            if (u128::from(r) * u128::from(self.range)) as u64 >= self.threshold {
                return r;
            }
        }
    }

    /// Rolls the group and calls `f(index, face)` for each die, faces in `0..sides`.
    #[inline]
    pub fn roll_each<R: Rng + ?Sized, F: FnMut(u32, u64)>(&self, rng: &mut R, mut f: F) {
        let mut x = self.draw(rng);
        for i in 0..self.count {
            f(i, x % self.sides);
            x /= self.sides;
        }
    }
}

/// Twenty faces to the 14th power fits one 64-bit draw.
const D20_PER_DRAW: u32 = 14;

/// Fourteen d20s, built once at compile time.
const D20S: PackedDice = match PackedDice::new(20, D20_PER_DRAW) {
    Some(dice) => dice,
    None => panic!("20^14 < 2^64"),
};

/// d20s handed out one at a time, fourteen to a 64-bit draw, exactly unbiased: the fight
/// loops' most frequent die for a fraction of a range call each.
#[derive(Debug, Clone, Copy, Default)]
pub struct D20Stream {
    faces: u64,
    left: u32,
}

impl D20Stream {
    /// One d20 (1–20).
    #[inline]
    pub fn roll<R: Rng + ?Sized>(&mut self, rng: &mut R) -> i64 {
        if self.left == 0 {
            self.faces = D20S.draw(rng);
            self.left = D20_PER_DRAW;
        }
        let face = self.faces % 20;
        self.faces /= 20;
        self.left -= 1;
        face as i64 + 1
    }
}

#[cfg(test)]
mod tests;
