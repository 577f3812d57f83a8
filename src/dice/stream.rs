//! Dice handed out one at a time, as many of one size to a 64-bit draw as fit, exactly
//! unbiased, by multiplication only.
//!
//! A draw `r` that passes [`PackedDice`]'s rejection for `k` dice of `s` faces makes
//! `⌊r·s^k / 2^64⌋` uniform on `[0, s^k)` (Lemire). Its base-`s` digits, most significant
//! first, are the leading base-`s` digits of `r / 2^64`: `d₁ = ⌊r·s / 2^64⌋`, then the same
//! with `r ← r·s mod 2^64`, `k` times. So each die costs one 64×64→128-bit multiplication
//! (no division), and the `k` faces of a draw are independent and uniform. A [`DieStream`]
//! keeps the rest of one draw for one die size; a fight's roller keeps one per size it rolls
//! often.

use super::packed::PackedDice;
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
    /// One face (`0..dice.sides()`); `dice` is always the same group for one stream.
    #[inline]
    pub fn roll<R: Rng + ?Sized>(&mut self, dice: &PackedDice, rng: &mut R) -> u64 {
        if self.left == 0 {
            self.refill(dice, rng);
        }
        self.left -= 1;
        let m = u128::from(self.rest) * u128::from(dice.sides());
        self.rest = m as u64;
        (m >> 64) as u64
    }

    /// A new draw: once per [`PackedDice::count`] dice.
    #[cold]
    #[inline(never)]
    fn refill<R: Rng + ?Sized>(&mut self, dice: &PackedDice, rng: &mut R) {
        self.rest = dice.accepted(rng);
        self.left = dice.count();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    #[test]
    fn a_draw_holds_as_many_dice_as_fit() {
        assert_eq!(per_draw(20), 14);
        assert_eq!(per_draw(6), 24);
        assert_eq!(per_draw(8), 21);
        assert_eq!(per_draw(4), 31);
        assert_eq!(per_draw(10), PackedDice::MAX_DICE);
        assert_eq!(group(12).count(), 17);
    }

    /// The stream's faces are the packed draw's base-`s` digits, most significant first,
    /// from the same generator: so they are exactly as uniform and independent.
    #[test]
    fn faces_are_the_digits_of_the_packed_draw() {
        for sides in [2, 3, 6, 8, 20, 1000] {
            let dice = group(sides);
            let mut a = Xoshiro256PlusPlus::seed_from_u64(sides);
            let mut b = a.clone();
            let mut stream = DieStream::default();
            for _ in 0..200 {
                let mut v = dice.draw(&mut b);
                let mut digits: Vec<u64> = (0..dice.count())
                    .map(|_| {
                        let d = v % sides;
                        v /= sides;
                        d
                    })
                    .collect();
                digits.reverse();
                let faces: Vec<u64> = (0..dice.count())
                    .map(|_| stream.roll(&dice, &mut a))
                    .collect();
                assert_eq!(faces, digits, "d{sides}");
            }
        }
    }
}
