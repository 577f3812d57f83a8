//! The dice an Action-Point fight draws ([`super::fight`]): the [`Roller`] trait it takes
//! them through (so tests can script them), its seeded implementation [`RngRoller`] (each
//! common die from a packed stream of its own, [`DieStreams`]), and sets of rolls drawn at
//! once ([`DiceSet`]). [`PlainDice`], the plain `NdS + k` shape of nearly every damage roll
//! and AP die, lets the seeded roller roll such dice one by one from those streams.

use crate::dice::DiceExpr;
use crate::dice::packed::PackedDice;
pub use crate::dice::stream::PlainDice;
use crate::dice::stream::{D20, DieStreams};
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
    /// Each roll of `set` in order, its dice without the constant, to `total(k, dice)` for
    /// roll `k`: the same as [`Roller::roll_dice`] on each in turn; a roller may draw them
    /// at once.
    #[inline]
    fn roll_set(&mut self, set: &DiceSet, mut total: impl FnMut(usize, i64)) {
        for (k, (dice, plain)) in set.rolls.iter().enumerate() {
            total(k, self.roll_dice(dice, *plain));
        }
    }
    /// The dice of `dice` without its constant; `plain` is [`PlainDice::of`] `dice`, for a
    /// roller that can roll such dice faster. The same numbers as [`Roller::roll`] less the
    /// constant.
    #[inline]
    fn roll_dice(&mut self, dice: &DiceExpr, plain: Option<PlainDice>) -> i64 {
        let _ = plain;
        self.roll(dice) - dice.constant()
    }
}

/// Rolls made one after another at one moment (everyone's AP dice when a fight begins),
/// found once when the scenario loads. When they are all plain dice and the product of all
/// their faces fits in 64 bits, the seeded roller draws them from one number: uniform below
/// that product by [`PackedDice`]'s rejection, its mixed-radix digits read from the top one
/// multiplication per die, as a [`DieStream`] reads its own.
#[derive(Debug, Clone)]
pub struct DiceSet {
    /// Each roll, with its plain dice.
    rolls: Vec<(DiceExpr, Option<PlainDice>)>,
    /// When they fit: one "die" with as many faces as all the rolls together, and each
    /// roll's plain dice.
    draw: Option<(PackedDice, Vec<PlainDice>)>,
}

impl DiceSet {
    /// The set of `rolls`, in order.
    pub fn new(rolls: Vec<DiceExpr>) -> Self {
        let rolls: Vec<_> = rolls
            .into_iter()
            .map(|dice| {
                let plain = PlainDice::of(&dice);
                (dice, plain)
            })
            .collect();
        let plain: Option<Vec<PlainDice>> = rolls.iter().map(|(_, p)| *p).collect();
        let draw = plain.and_then(|plain| {
            let faces = plain.iter().try_fold(1u64, |product, p| {
                product.checked_mul(u64::from(p.sides).checked_pow(p.count)?)
            })?;
            Some((PackedDice::new(faces, 1)?, plain))
        });
        Self { rolls, draw }
    }

    /// How many rolls.
    pub fn len(&self) -> usize {
        self.rolls.len()
    }

    /// Whether it has no rolls.
    pub fn is_empty(&self) -> bool {
        self.rolls.is_empty()
    }
}

/// The seeded runner's dice: each common die (d2, d3, d4, d6, d8, d10, d12, d20) and each
/// pick among up to 20 comes from a stream of its own, as many to a 64-bit draw as fit
/// ([`DieStreams`]), exactly unbiased; other dice and expressions draw directly.
pub struct RngRoller<'a, R: Rng + ?Sized> {
    rng: &'a mut R,
    streams: DieStreams,
}

impl<'a, R: Rng + ?Sized> RngRoller<'a, R> {
    /// Dice drawing from `rng`.
    pub fn new(rng: &'a mut R) -> Self {
        Self {
            rng,
            streams: DieStreams::default(),
        }
    }
}

impl<R: Rng + ?Sized> Roller for RngRoller<'_, R> {
    #[inline]
    fn d(&mut self, sides: u32) -> i64 {
        self.streams.below(sides, self.rng) as i64 + 1
    }

    #[inline]
    fn d20(&mut self) -> i64 {
        self.streams.face(D20, self.rng) as i64 + 1
    }

    #[inline]
    fn roll(&mut self, dice: &DiceExpr) -> i64 {
        dice.sample(self.rng)
    }

    #[inline]
    fn pick(&mut self, n: usize) -> usize {
        self.streams.below(n as u32, self.rng) as usize
    }

    /// One draw for the whole set when it fits, else each roll in turn.
    #[inline]
    fn roll_set(&mut self, set: &DiceSet, mut total: impl FnMut(usize, i64)) {
        let Some((draw, plain)) = &set.draw else {
            for (k, (dice, plain)) in set.rolls.iter().enumerate() {
                total(k, self.roll_dice(dice, *plain));
            }
            return;
        };
        let mut rest = draw.accepted(self.rng);
        for (k, p) in plain.iter().enumerate() {
            let mut sum = i64::from(p.count);
            for _ in 0..p.count {
                let m = u128::from(rest) * u128::from(p.sides);
                rest = m as u64;
                sum += (m >> 64) as i64;
            }
            total(k, sum);
        }
    }

    /// Plain dice one by one from their stream, without walking the expression.
    #[inline(always)]
    fn roll_dice(&mut self, dice: &DiceExpr, plain: Option<PlainDice>) -> i64 {
        self.streams.dice(dice, plain, self.rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dice::testing::assert_samples_match;
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn expr(text: &str) -> DiceExpr {
        text.parse().unwrap()
    }

    #[test]
    fn plain_dice_are_one_kind_of_die_and_a_constant() {
        let plain = |text: &str| PlainDice::of(&expr(text)).map(|p| (p.count, p.sides));
        assert_eq!(
            PlainDice::of(&expr("3d7")).map(|p| p.slot),
            Some(crate::dice::stream::NONE)
        );
        assert_eq!(plain("2d6+4"), Some((2, 6)));
        assert_eq!(plain("1d8-1"), Some((1, 8)));
        assert_eq!(plain("d4"), Some((1, 4)));
        assert_eq!(plain("d20 + 3"), Some((1, 20)));
        for other in ["7", "d6!", "d3 - d4", "2d6 + 1d4 + 2", "d6 + d6 + d8"] {
            assert_eq!(plain(other), None, "{other}");
        }
    }

    /// The seeded roller's plain dice, from their streams, and every die it rolls one by one
    /// follow the exact distribution of the expression or die.
    #[test]
    fn seeded_dice_follow_the_exact_distributions() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
        let mut roller = RngRoller::new(&mut rng);
        for text in [
            "1d8+2", "2d6+4", "3d4-2", "d20+1", "2d10", "d12", "3d7", "d6!", "d3 - d4",
        ] {
            let e = expr(text);
            let plain = PlainDice::of(&e);
            let draw = || Roller::roll_dice(&mut roller, &e, plain) + e.constant();
            assert_samples_match(&e.pmf(), draw, 100_000);
        }
        for sides in [2, 3, 4, 6, 8, 10, 12, 20, 100] {
            let e = expr(&format!("d{sides}"));
            assert_samples_match(&e.pmf(), || roller.d(sides), 100_000);
        }
        assert_samples_match(&expr("d20").pmf(), || roller.d20(), 100_000);
        for n in [3, 5, 7, 25] {
            let e = expr(&format!("d{n}-1"));
            assert_samples_match(&e.pmf(), || roller.pick(n as usize) as i64, 100_000);
        }
    }

    /// A set drawn at once gives each roll its expression's distribution, independently:
    /// each roll, and the sum of two of them, follow their exact tables. A set that cannot
    /// be drawn at once (an exploding die) rolls each in turn.
    #[test]
    fn dice_sets_roll_each_expression_independently() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
        let mut roller = RngRoller::new(&mut rng);
        for texts in [["d4", "1d10+2", "2d6", "d8"], ["d4", "d6!", "3d8-1", "d20"]] {
            let set = DiceSet::new(texts.iter().map(|t| expr(t)).collect());
            assert_eq!(set.draw.is_some(), texts[1] != "d6!");
            let n = 100_000;
            let mut rolls = vec![Vec::with_capacity(n); texts.len()];
            for _ in 0..n {
                roller.roll_set(&set, |k, dice| rolls[k].push(dice));
            }
            for (k, text) in texts.iter().enumerate() {
                let e = expr(text);
                let mut it = rolls[k].iter();
                let draw = || it.next().unwrap() + e.constant();
                assert_samples_match(&e.pmf(), draw, n as u64);
            }
            let sum = expr(&format!("{} + {}", texts[2], texts[3]));
            let mut pairs = rolls[2].iter().zip(&rolls[3]);
            let draw = || {
                let (a, b) = pairs.next().unwrap();
                a + b + sum.constant()
            };
            assert_samples_match(&sum.pmf(), draw, n as u64);
        }
    }
}
