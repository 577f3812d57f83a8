//! The random numbers a fight draws, over any generator: d20s fourteen to a 64-bit draw, other
//! dice and dice expressions exactly unbiased (plain `NdS + k` damage of a common size from
//! packed streams, [`DieStreams`]), and uniform picks among standing foes. Each
//! system's fight loop takes its dice through a small trait of its own (so tests can script
//! them); its seeded runner implements that trait for [`FightDice`].

use crate::dice::stream::{D20, DieStreams, NONE, PlainDice, slot};
use crate::dice::{DiceExpr, uniform_below};
use rand::Rng;

/// A fight's dice over a random generator.
pub struct FightDice<'a, R: Rng + ?Sized> {
    rng: &'a mut R,
    streams: DieStreams,
}

impl<'a, R: Rng + ?Sized> FightDice<'a, R> {
    /// Dice drawing from `rng`.
    pub fn new(rng: &'a mut R) -> Self {
        Self {
            rng,
            streams: DieStreams::default(),
        }
    }

    /// Starts a fresh draw of d20s, the faces left of the last one unread.
    #[inline(always)]
    pub fn renew_d20s(&mut self) {
        self.streams.renew(D20, self.rng);
    }

    /// One d20 (1–20), fourteen to a 64-bit draw, read by multiplication.
    #[inline]
    pub fn d20(&mut self) -> i64 {
        self.streams.face(D20, self.rng) as i64 + 1
    }

    /// One die of `sides` faces (1…sides); d20s come from the packed stream.
    #[inline]
    pub fn d(&mut self, sides: u32) -> i64 {
        if sides == 20 {
            self.d20()
        } else {
            i64::from(uniform_below(self.rng, sides)) + 1
        }
    }

    /// One roll of a dice expression.
    #[inline]
    pub fn roll(&mut self, dice: &DiceExpr) -> i64 {
        dice.sample(self.rng)
    }

    /// One roll of a dice expression whose shape is `plain` ([`PlainDice::of`] the
    /// expression, found when the scenario loads): plain dice of a common size are read one
    /// by one from a packed stream of their size, without walking the expression.
    #[inline(always)]
    pub fn roll_plain(&mut self, dice: &DiceExpr, plain: Option<PlainDice>) -> i64 {
        self.streams.dice(dice, plain, self.rng) + dice.constant()
    }

    /// `dice` (plain dice with a stream of their own, [`PlainDice::streamed`]) plus
    /// `constant`, read one by one from their stream.
    #[inline(always)]
    pub fn streamed(&mut self, dice: PlainDice, constant: i64) -> i64 {
        self.streams.plain(dice, self.rng) + constant
    }

    /// A uniform choice among `n` candidates (`0..n`), as [`FightDice::pick_among`] makes it.
    #[inline]
    pub fn pick(&mut self, n: usize) -> usize {
        self.pick_among(Among::new(n))
    }

    /// A uniform choice among `among`'s candidates (`0..n`): a face of the die with `n` faces
    /// where it has a stream ([`DieStreams`]: 2, 3, 4, 6, 8, 10, 12 or 20), else Lemire's
    /// nearly divisionless multiply-shift on 32 bits, exactly uniform; the division for the
    /// rejection threshold happens only when the low half is small.
    #[inline(always)]
    pub fn pick_among(&mut self, among: Among) -> usize {
        let n = among.n;
        if among.slot != NONE {
            return self.streams.face_of(among.slot, n, self.rng) as usize;
        }
        let mut m = u64::from(self.rng.next_u32()) * u64::from(n);
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = u64::from(self.rng.next_u32()) * u64::from(n);
            }
        }
        (m >> 32) as usize
    }
}

/// A uniform choice among `n` candidates, its stream found once for several picks
/// ([`FightDice::pick_among`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Among {
    n: u32,
    /// The [`DieStreams`] slot of a die with `n` faces, or [`NONE`].
    slot: u8,
}

impl Among {
    /// A choice among `n` (≥ 1).
    #[inline]
    pub fn new(n: usize) -> Self {
        let n = u32::try_from(n).unwrap_or(u32::MAX);
        Self { n, slot: slot(n) }
    }

    /// How many candidates.
    #[inline]
    pub fn n(self) -> usize {
        self.n as usize
    }
}
