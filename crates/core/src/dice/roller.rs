//! The one dice trait every fight and hazard draws through, [`Dice`], and its seeded
//! implementations: [`FightDice`] (each common die from a packed stream of its own, exactly
//! unbiased, for runs) and [`Direct`] (one draw per die, for single rolls that are not
//! fights). Tests replay scripted faces through `crate::testkit::Scripted`.
//!
//! The rules ask the trait for a die (a d20, a die of some size, a dice expression, several
//! small dice at once, a uniform pick among `n`) and get a face; they never read the
//! generator behind it. So another implementation can script the faces, or walk every face
//! of a round instead of sampling one.

use super::packed::PackedDice;
use super::stream::{D20, DieStreams, NONE, PlainDice, slot};
use super::{DiceExpr, uniform_below};
use rand::Rng;

/// Where a fight's, a hazard's or a roll's dice come from.
pub trait Dice {
    /// Whether an attack whose damage is plain dice with a stream of their own
    /// ([`PlainDice::streamed`]) draws that damage right after its d20, hit or miss, the
    /// draw for a miss thrown away: for dice whose streamed faces cost less than a
    /// mispredicted branch on the hit. The dice are independent of the d20, so no outcome's
    /// distribution changes.
    const DAMAGE_WITH_EVERY_ATTACK: bool = false;

    /// One die of `sides` faces (1…sides).
    fn d(&mut self, sides: u32) -> i64;

    /// One d20 (1–20): the same as `d(20)`.
    #[inline]
    fn d20(&mut self) -> i64 {
        self.d(20)
    }

    /// One roll of a whole dice expression (dice and constant).
    fn roll(&mut self, dice: &DiceExpr) -> i64;

    /// One roll of `dice`, whose shape is `plain` ([`PlainDice::of`] the expression, found
    /// when the scenario loads): the same distribution as [`Dice::roll`], for dice that roll
    /// plain dice faster.
    #[inline]
    fn roll_plain(&mut self, dice: &DiceExpr, plain: Option<PlainDice>) -> i64 {
        let _ = plain;
        self.roll(dice)
    }

    /// One roll of `dice`, whose shape is `plain`, plain dice with a stream of their own
    /// ([`PlainDice::streamed`]): the same distribution as [`Dice::roll`].
    #[inline]
    fn roll_streamed(&mut self, dice: &DiceExpr, plain: PlainDice) -> i64 {
        self.roll_plain(dice, Some(plain))
    }

    /// A uniform choice among `n` candidates (`0..n`, n ≥ 1).
    fn pick(&mut self, n: usize) -> usize;

    /// A uniform choice among `among`'s candidates, as [`Dice::pick`] of their number: for
    /// several picks among as many, whose stream the seeded dice find once.
    #[inline]
    fn pick_among(&mut self, among: Among) -> usize {
        self.pick(among.n())
    }

    /// `dice.count()` dice with faces `0..dice.sides()` rolled at once: the first die is the
    /// lowest base-`sides` digit of the result, the next die the next digit, and so on.
    fn packed(&mut self, dice: &PackedDice) -> u64;

    /// Each roll of `set` in order, its dice without the constant, to `total(k, dice)` for
    /// roll `k`: the same as [`Dice::roll_plain`] on each in turn less its constant; seeded
    /// dice may draw them at once.
    #[inline]
    fn roll_set(&mut self, set: &DiceSet, mut total: impl FnMut(usize, i64)) {
        for (k, (dice, plain)) in set.rolls.iter().enumerate() {
            total(k, self.roll_plain(dice, *plain) - dice.constant());
        }
    }

    /// The value of `draw`, which takes dice from these and returns what the rules go on
    /// with: the seeded dice just run it. Dice that walk every outcome
    /// (the engine's `combat::exact`) run it along each path of its own dice once, keep each
    /// distinct value with its probability, and then go on as from one choice among those
    /// values: the faces that lead to the same value (every d20 that hits, say) make one
    /// branch of the walk instead of one each. `draw` must change nothing outside itself
    /// (it is an `Fn`), so that its value says all it did.
    #[inline(always)]
    fn merged<T: Merge>(&mut self, draw: impl Fn(&mut Self) -> T) -> T {
        self.merged_by(draw, |v| *v)
    }

    /// The value of `draw` (as [`Dice::merged`]), where the rules read it only through
    /// `class`: values of one class lead to the same play. The seeded dice just run `draw`;
    /// the walk over every outcome makes one branch per class, with one of its values (so a
    /// d20 whose face the rules only compare with what it needs is two branches, yet still
    /// a face an observer can be shown).
    #[inline(always)]
    fn merged_by<T: Merge, C: PartialEq>(
        &mut self,
        draw: impl Fn(&mut Self) -> T,
        class: impl Fn(&T) -> C,
    ) -> T {
        let _ = class;
        draw(self)
    }

    /// [`Dice::merged_by`] of a `draw` whose distribution depends on nothing but `key`
    /// (the caller packs into it every number the draw reads): the seeded dice just run it;
    /// the walk over every outcome walks it once per key.
    #[inline(always)]
    fn merged_as<T: Merge, C: PartialEq>(
        &mut self,
        key: u64,
        draw: impl Fn(&mut Self) -> T,
        class: impl Fn(&T) -> C,
    ) -> T {
        let _ = key;
        self.merged_by(draw, class)
    }

    /// A roll drawn by `draw` whose exact distribution `table` gives (each value with its
    /// probability; a table cut at a cap leaves the rest out, which the walk states as lost),
    /// `key` naming that distribution among the rolls of a fight: the seeded dice run `draw`;
    /// the walk over every outcome builds the table once per key and branches once per value
    /// — per class of values, where the rules read the value only through `class` (as
    /// [`Dice::merged_by`]). For rolls whose faces would be many branches (bursting dice).
    #[inline(always)]
    fn tabled_by<T: Merge, C: PartialEq>(
        &mut self,
        key: u64,
        table: impl FnOnce() -> Vec<(T, f64)>,
        draw: impl FnOnce(&mut Self) -> T,
        class: impl Fn(&T) -> C,
    ) -> T {
        let _ = (key, table, class);
        draw(self)
    }

    /// A point of a round after which what the round does depends only on what `state`
    /// writes: the fight's state as its exact walk lists it
    /// (the engine's `combat::Walk::exact_state`) and the round's own (the locals the code goes
    /// on with, the numbers in the arena that only this round reads), into the bytes, and
    /// the sums the rules only add to into the numbers. The seeded dice do nothing; the walk
    /// over every outcome walks the rest of the round once for each such state and takes
    /// that for every other path that reaches it (so the faces of two attacks in a round
    /// add, where they would multiply).
    #[inline(always)]
    fn checkpoint(&mut self, state: impl FnOnce(&mut Vec<u8>, &mut Vec<u64>)) {
        let _ = state;
    }

    /// A round of a fight begins: dice whose d20s come packed several to a draw may start a
    /// fresh draw here, so that the d20s running out within a round, a branch no predictor
    /// foresees, is rare. The faces left unread are thrown away; they are independent of
    /// everything, so no outcome's distribution changes.
    #[inline]
    fn round_begins(&mut self) {}
}

/// A value of [`Dice::merged`]: a few bits, so that the walk over every outcome can tell
/// values apart and keep each one.
pub trait Merge: Copy + PartialEq {
    /// The bits it takes (at most 64).
    const BITS: u32;
    /// As bits (the low [`Merge::BITS`]).
    fn to_bits(self) -> u64;
    /// Back from [`Merge::to_bits`].
    fn from_bits(bits: u64) -> Self;
}

/// [`Merge`] for integers: their bits, signed ones two's complement.
macro_rules! merge_int {
    ($($t:ty => $u:ty),*) => {$(
        impl Merge for $t {
            const BITS: u32 = <$u>::BITS;
            #[inline(always)]
            fn to_bits(self) -> u64 {
                u64::from(self as $u)
            }
            #[inline(always)]
            fn from_bits(bits: u64) -> Self {
                bits as $u as $t
            }
        }
    )*};
}

merge_int!(u8 => u8, u16 => u16, u32 => u32, u64 => u64, i8 => u8, i16 => u16, i32 => u32,
    i64 => u64);

impl Merge for bool {
    const BITS: u32 = 1;
    #[inline(always)]
    fn to_bits(self) -> u64 {
        u64::from(self)
    }
    #[inline(always)]
    fn from_bits(bits: u64) -> Self {
        bits & 1 == 1
    }
}

impl Merge for usize {
    const BITS: u32 = 64;
    #[inline(always)]
    fn to_bits(self) -> u64 {
        self as u64
    }
    #[inline(always)]
    fn from_bits(bits: u64) -> Self {
        bits as usize
    }
}

impl<A: Merge, B: Merge> Merge for (A, B) {
    const BITS: u32 = {
        assert!(
            A::BITS + B::BITS <= 64,
            "a merged pair takes at most 64 bits"
        );
        A::BITS + B::BITS
    };
    #[inline(always)]
    fn to_bits(self) -> u64 {
        let _ = Self::BITS;
        self.0.to_bits() | self.1.to_bits().checked_shl(A::BITS).unwrap_or(0)
    }
    #[inline(always)]
    fn from_bits(bits: u64) -> Self {
        let low = bits & (u64::MAX >> (64 - A::BITS));
        (
            A::from_bits(low),
            B::from_bits(bits.checked_shr(A::BITS).unwrap_or(0)),
        )
    }
}

/// The seeded runner's dice over any generator: d20s fourteen to a 64-bit draw, every common
/// die (d2, d3, d4, d6, d8, d10, d12, d20) and every pick among as many from a packed stream
/// of its own ([`DieStreams`]), other dice and dice expressions directly; all exactly
/// unbiased. A fight keeps one for a whole batch, so the streams run on from fight to fight.
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
}

impl<R: Rng + ?Sized> Dice for FightDice<'_, R> {
    const DAMAGE_WITH_EVERY_ATTACK: bool = true;

    /// A fresh draw of d20s.
    #[inline(always)]
    fn round_begins(&mut self) {
        self.streams.renew(D20, self.rng);
    }

    #[inline]
    fn d20(&mut self) -> i64 {
        self.streams.face(D20, self.rng) as i64 + 1
    }

    #[inline]
    fn d(&mut self, sides: u32) -> i64 {
        self.streams.below(sides, self.rng) as i64 + 1
    }

    #[inline]
    fn roll(&mut self, dice: &DiceExpr) -> i64 {
        dice.sample(self.rng)
    }

    /// Plain dice of a common size read one by one from their stream, without walking the
    /// expression.
    #[inline(always)]
    fn roll_plain(&mut self, dice: &DiceExpr, plain: Option<PlainDice>) -> i64 {
        self.streams.dice(dice, plain, self.rng) + dice.constant()
    }

    #[inline(always)]
    fn roll_streamed(&mut self, dice: &DiceExpr, plain: PlainDice) -> i64 {
        self.streams.plain(plain, self.rng) + dice.constant()
    }

    #[inline]
    fn pick(&mut self, n: usize) -> usize {
        self.pick_among(Among::new(n))
    }

    /// A face of the die with `n` faces where it has a stream (2, 3, 4, 6, 8, 10, 12 or
    /// 20), else Lemire's nearly divisionless multiply-shift on 32 bits
    /// ([`uniform_below`]), exactly uniform.
    #[inline(always)]
    fn pick_among(&mut self, among: Among) -> usize {
        if among.slot != NONE {
            return self.streams.face_of(among.slot, among.n, self.rng) as usize;
        }
        uniform_below(self.rng, among.n) as usize
    }

    #[inline]
    fn packed(&mut self, dice: &PackedDice) -> u64 {
        dice.draw(self.rng)
    }

    /// One draw for the whole set when it fits, else each roll in turn.
    #[inline]
    fn roll_set(&mut self, set: &DiceSet, mut total: impl FnMut(usize, i64)) {
        let Some((draw, plain)) = &set.draw else {
            for (k, (dice, plain)) in set.rolls.iter().enumerate() {
                total(k, self.streams.dice(dice, *plain, self.rng));
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
}

/// Dice straight from a generator, one draw per die: for single rolls that are not fights
/// (a check, an attack), whose few dice gain nothing from streams.
pub struct Direct<'a, R: ?Sized>(pub &'a mut R);

impl<R: Rng + ?Sized> Dice for Direct<'_, R> {
    #[inline]
    fn d(&mut self, sides: u32) -> i64 {
        i64::from(uniform_below(self.0, sides)) + 1
    }

    #[inline]
    fn roll(&mut self, dice: &DiceExpr) -> i64 {
        dice.sample(self.0)
    }

    #[inline]
    fn pick(&mut self, n: usize) -> usize {
        uniform_below(self.0, n as u32) as usize
    }

    #[inline]
    fn packed(&mut self, dice: &PackedDice) -> u64 {
        dice.draw(self.0)
    }
}

/// A uniform choice among `n` candidates, its stream found once for several picks
/// ([`Dice::pick_among`]).
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

/// Rolls made one after another at one moment (everyone's AP dice when a fight begins),
/// found once when the scenario loads. When they are all plain dice and the product of all
/// their faces fits in 64 bits, the seeded dice draw them from one number: uniform below
/// that product by [`PackedDice`]'s rejection, its mixed-radix digits read from the top one
/// multiplication per die, as a stream reads its own.
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

    /// Roll `k`: its dice and their plain shape.
    pub(super) fn roll(&self, k: usize) -> (&DiceExpr, Option<PlainDice>) {
        let (dice, plain) = &self.rolls[k];
        (dice, *plain)
    }

    /// Whether the seeded dice draw the whole set from one number.
    pub fn drawn_at_once(&self) -> bool {
        self.draw.is_some()
    }
}

#[cfg(test)]
mod tests;
