//! The dice an Action-Point fight draws ([`super::fight`]): the [`Roller`] trait it takes
//! them through (so tests can script them), its seeded implementation over
//! [`FightDice`], and [`PlainDice`], the plain `NdS + k` shape of nearly every damage roll and
//! AP die, which the seeded roller rolls die by die with exactly the draws of
//! [`DiceExpr::sample`], in the same order.

use crate::combat::FightDice;
use crate::dice::DiceExpr;
use rand::Rng;

/// Where a fight's random numbers come from.
pub trait Roller {
    /// One die of `sides` faces (1…sides).
    fn d(&mut self, sides: u32) -> i64;
    /// One d20: the same as `d(20)`.
    #[inline]
    fn d20(&mut self) -> i64 {
        self.d(20)
    }
    /// One roll of a whole dice expression (dice and flat terms).
    fn roll(&mut self, dice: &DiceExpr) -> i64;
    /// A uniform choice among `n` candidates (`0..n`).
    fn pick(&mut self, n: usize) -> usize;
    /// The dice of `dice` without its constant; `plain` is [`PlainDice::of`] `dice`, for a
    /// roller that can roll such dice faster. The same numbers as [`Roller::roll`] less the
    /// constant.
    #[inline]
    fn roll_dice(&mut self, dice: &DiceExpr, plain: Option<PlainDice>) -> i64 {
        let _ = plain;
        self.roll(dice) - dice.constant()
    }
}

/// `count` plain dice (not exploding, faces 1…`sides`) and a constant: the shape of nearly
/// every damage roll and AP die, found once when the scenario loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlainDice {
    /// How many dice.
    count: u32,
    /// Faces of each.
    sides: u32,
}

impl PlainDice {
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
        (same == *dice).then_some(Self { count, sides })
    }
}

/// The seeded runner's dice: d20s come fourteen to a 64-bit draw, unbiased.
pub type RngRoller<'a, R> = FightDice<'a, R>;

impl<R: Rng + ?Sized> Roller for FightDice<'_, R> {
    #[inline]
    fn d(&mut self, sides: u32) -> i64 {
        FightDice::d(self, sides)
    }

    #[inline]
    fn d20(&mut self) -> i64 {
        FightDice::d20(self)
    }

    #[inline]
    fn roll(&mut self, dice: &DiceExpr) -> i64 {
        FightDice::roll(self, dice)
    }

    #[inline]
    fn pick(&mut self, n: usize) -> usize {
        FightDice::pick(self, n)
    }

    /// Plain dice one by one: the draws [`DiceExpr::sample`] makes for them, in the same
    /// order, without walking the expression. d20s go through the expression, since
    /// [`FightDice::d`] takes them from its packed stream.
    #[inline]
    fn roll_dice(&mut self, dice: &DiceExpr, plain: Option<PlainDice>) -> i64 {
        match plain {
            Some(p) if p.sides != 20 => (0..p.count).map(|_| FightDice::d(self, p.sides)).sum(),
            _ => FightDice::roll(self, dice) - dice.constant(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn expr(text: &str) -> DiceExpr {
        text.parse().unwrap()
    }

    #[test]
    fn plain_dice_are_one_kind_of_die_and_a_constant() {
        let plain = |text: &str| PlainDice::of(&expr(text)).map(|p| (p.count, p.sides));
        assert_eq!(plain("2d6+4"), Some((2, 6)));
        assert_eq!(plain("1d8-1"), Some((1, 8)));
        assert_eq!(plain("d4"), Some((1, 4)));
        assert_eq!(plain("d20 + 3"), Some((1, 20)));
        for other in ["7", "d6!", "d3 - d4", "2d6 + 1d4 + 2", "d6 + d6 + d8"] {
            assert_eq!(plain(other), None, "{other}");
        }
    }

    /// The seeded roller's plain dice draw exactly what the expression would: the same
    /// numbers from the same seed, and the generator left in the same place.
    #[test]
    fn plain_dice_roll_the_numbers_of_the_expression() {
        for text in ["1d8+2", "2d6+4", "3d4-2", "d20+1", "d6!", "d3 - d4"] {
            let e = expr(text);
            let mut a = Xoshiro256PlusPlus::seed_from_u64(9);
            let mut b = Xoshiro256PlusPlus::seed_from_u64(9);
            let mut fast = RngRoller::new(&mut a);
            let mut slow = RngRoller::new(&mut b);
            for _ in 0..1000 {
                let plain = Roller::roll_dice(&mut fast, &e, PlainDice::of(&e));
                assert_eq!(plain + e.constant(), Roller::roll(&mut slow, &e), "{text}");
            }
            assert_eq!(a.next_u64(), b.next_u64(), "{text}");
        }
    }
}
