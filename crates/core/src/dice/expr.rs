//! Dice expressions: `"2d6+3"`, `"d8+4"`, `"d4"`, `"3"`, `"1d20-2"`, `"d10!"` (exploding),
//! `"2d6 + 1d4 + 2"`, and the picked forms `"4d6kh3"` (keep the highest three), `"2d20kl1"`,
//! `"4d6dl1"` (drop the lowest), `"6d10>=7"` (count the dice at 7 or more), `"d6!3"`
//! (explode at most three times), `"3sun"` (named dice). Parsed once (`str::parse`, or serde
//! from a string) into a [`DiceExpr`]: a short list of dice terms ([`super::term`]) and one
//! constant. Sampling walks the terms and never allocates (a keep term beyond 32 kept and 32
//! dropped dice excepted); [`DiceExpr::pmf`] builds the exact distribution
//! ([`super::exact`]).
//!
//! The grammar, limits and errors live in [`super::parse`].

use super::Die;
use super::parse::{DiceExprError, parse};
use super::term::{Pick, Term};
use rand::Rng;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A parsed dice expression: a sum of dice terms and a constant, kept with its text.
///
/// Two expressions are equal when their terms (in order) and constant match; spacing, case
/// and how the constant was split up do not matter.
#[derive(Debug, Clone)]
pub struct DiceExpr {
    /// The whole expression when it is one positive die plus a constant (the common case),
    /// sampled without walking the terms.
    single: Option<Die>,
    /// The whole expression when it is several of one positive die plus a constant
    /// (`"2d6+4"`), sampled without walking the terms.
    uniform: Option<(u32, Die)>,
    /// Dice terms in written order.
    terms: Vec<Term>,
    /// Sum of the constant terms.
    constant: i64,
    /// The text as written, trimmed.
    text: String,
}

impl DiceExpr {
    /// Assembles a parsed expression.
    pub(super) fn from_parts(terms: Vec<Term>, constant: i64, text: &str) -> Self {
        let single = match terms.as_slice() {
            [t] if t.count == 1 && !t.negative && t.pick == Pick::All => Some(t.die),
            _ => None,
        };
        let uniform = match terms.as_slice() {
            [t] if !t.negative && t.pick == Pick::All => Some((t.count, t.die)),
            _ => None,
        };
        Self {
            single,
            uniform,
            terms,
            constant,
            text: text.to_string(),
        }
    }

    /// One roll of the whole expression: exactly unbiased, no allocation. Dice are rolled
    /// in written order, so a fixed seed gives fixed results.
    #[inline]
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> i64 {
        if let Some(die) = &self.single {
            return self.constant + die.sample(rng);
        }
        if let Some((count, die)) = &self.uniform {
            let mut total = self.constant;
            for _ in 0..*count {
                total += die.sample(rng);
            }
            return total;
        }
        let mut total = self.constant;
        for t in &self.terms {
            total += t.value(|| t.die.sample(rng));
        }
        total
    }

    /// One roll of the whole expression with each die's face from `face` (numbered as the
    /// die numbers them), dice in written order, an exploding die asking again on its
    /// highest face: for dice that are not drawn from a generator (a script in tests).
    pub fn roll_with(&self, mut face: impl FnMut(Die) -> i64) -> i64 {
        let mut total = self.constant;
        for t in &self.terms {
            total += t.value(|| roll_die(t.die, &mut face));
        }
        total
    }

    /// Smallest possible total.
    pub fn min(&self) -> i64 {
        self.constant + self.terms.iter().map(|t| t.bounds().0).sum::<i64>()
    }

    /// Largest possible total (an exploding die counted up to its cap,
    /// [`super::MAX_EXPLOSIONS`] extra rolls).
    pub fn max(&self) -> i64 {
        self.constant + self.terms.iter().map(|t| t.bounds().1).sum::<i64>()
    }

    /// Exact mean: closed forms for sums (an exploding die's mean with its limit, which
    /// for `!` differs from the unbounded die's by less than 10⁻¹⁵) and for counts (from the
    /// die's table); a keep term's from its exact table, which costs what [`DiceExpr::pmf`]
    /// costs for it.
    pub fn mean(&self) -> f64 {
        let dice: f64 = self
            .terms
            .iter()
            .map(|t| {
                let value = match t.pick {
                    Pick::All => f64::from(t.count) * t.die.mean(),
                    Pick::Count { lo, hi } => {
                        let one = t.die.pmf();
                        let hit: f64 = one
                            .iter()
                            .filter(|(v, _)| (lo..=hi).contains(v))
                            .map(|(_, p)| p)
                            .sum();
                        f64::from(t.count) * hit / one.total()
                    }
                    Pick::Highest(_) | Pick::Lowest(_) => {
                        let table = super::exact::term_pmf(&Term {
                            negative: false,
                            ..*t
                        });
                        table.mean() / table.total()
                    }
                };
                if t.negative { -value } else { value }
            })
            .sum();
        self.constant as f64 + dice
    }

    /// Sum of the constant terms.
    pub fn constant(&self) -> i64 {
        self.constant
    }

    /// Dice rolled per sample (before any explode; kept, dropped and counted dice alike).
    pub fn dice_count(&self) -> u32 {
        self.terms.iter().map(|t| t.count).sum()
    }

    /// Whether any term explodes.
    pub fn is_exploding(&self) -> bool {
        self.terms.iter().any(|t| t.die.is_exploding())
    }

    /// Whether every term is a plain sum of its dice (no keep, drop or count): the forms a
    /// sum's closed forms and fast paths cover.
    pub fn is_sum(&self) -> bool {
        self.terms.iter().all(|t| t.pick == Pick::All)
    }

    /// The terms, in written order (what a paired run's tape compares).
    pub(super) fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// The expression as written (trimmed).
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl PartialEq for DiceExpr {
    fn eq(&self, other: &Self) -> bool {
        self.terms == other.terms && self.constant == other.constant
    }
}

impl Eq for DiceExpr {}

impl fmt::Display for DiceExpr {
    /// The expression as written (trimmed); it parses back to an equal expression.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl FromStr for DiceExpr {
    type Err = DiceExprError;

    /// Parses an expression such as `"2d6 + 1d4 + 2"`; see [`super::parse`] for the grammar.
    fn from_str(input: &str) -> Result<Self, DiceExprError> {
        parse(input)
    }
}

impl<'de> Deserialize<'de> for DiceExpr {
    /// From a string such as `"d8+4"`; a parse error becomes a custom serde error with the
    /// same message.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl Serialize for DiceExpr {
    /// As the string it was written as.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text)
    }
}

/// The face of one roll of `die` from `face`, which gives a face of a die of its size
/// (numbered as the die numbers them), exploding as the die does (up to its limit).
#[inline]
fn roll_die(die: Die, mut face: impl FnMut(Die) -> i64) -> i64 {
    let first = face(die);
    if !die.is_exploding() || first != die.max_face() {
        return first;
    }
    let mut total = first;
    for _ in 0..die.explosion_limit() {
        let next = face(die);
        total += next;
        if next != die.max_face() {
            break;
        }
    }
    total
}

#[cfg(test)]
mod tests {
    //! Exact distributions, bounds and means of small expressions, equality and round
    //! trips, serde, and sampled frequencies against the exact distributions.

    use super::*;
    use crate::dice::testing::{AlwaysMax, assert_samples_match};
    use crate::dice::{MAX_EXPLOSIONS, PMF_TAIL, Pmf};
    use rand::SeedableRng;
    use rand_xoshiro::Xoshiro256PlusPlus;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    fn expr(s: &str) -> DiceExpr {
        s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
    }

    #[test]
    fn two_d6_has_the_triangle_distribution() {
        let e = expr("2d6");
        let pmf = e.pmf();
        assert!(close(pmf.prob(7), 6.0 / 36.0));
        assert!(close(pmf.prob(2), 1.0 / 36.0) && close(pmf.prob(12), 1.0 / 36.0));
        assert_eq!((pmf.prob(1), pmf.prob(13)), (0.0, 0.0));
        assert!(close(pmf.total(), 1.0) && close(pmf.mean(), 7.0));
        assert!(close(pmf.prob_at_most(4), 6.0 / 36.0));
        assert!(close(pmf.prob_at_least(11), 3.0 / 36.0));
        assert_eq!((e.min(), e.max()), (2, 12));
        assert!(close(e.mean(), 7.0));
        assert_eq!((e.dice_count(), e.constant()), (2, 0));
    }

    #[test]
    fn constants_shift_and_subtract() {
        let e = expr("d8+4");
        assert_eq!((e.min(), e.max()), (5, 12));
        let pmf = e.pmf();
        assert!((5..=12).all(|v| close(pmf.prob(v), 0.125)));
        assert_eq!((pmf.min(), pmf.max()), (5, 12));
        assert!(close(e.mean(), 8.5));
        let e = expr("1d20-2");
        assert_eq!((e.min(), e.max()), (-1, 18));
        assert!(close(e.mean(), 8.5));
        let e = expr("2d6 + 1d4 + 2");
        assert_eq!((e.min(), e.max()), (5, 18));
        assert!(close(e.mean(), 7.0 + 2.5 + 2.0) && close(e.pmf().mean(), e.mean()));
        let e = expr("10 - d4");
        assert_eq!((e.min(), e.max()), (6, 9));
        assert!(close(e.pmf().prob(6), 0.25) && close(e.mean(), 7.5));
        let e = expr("-d4 + 1");
        assert_eq!((e.min(), e.max()), (-3, 0));
        assert_eq!(expr(" 3 ").pmf(), Pmf::point(3));
        assert_eq!(
            (expr("3").min(), expr("3").max(), expr("3").mean()),
            (3, 3, 3.0)
        );
        assert_eq!(expr("d4").pmf(), Pmf::uniform(1, 4));
        assert_eq!(expr("2D6").min(), 2);
    }

    #[test]
    fn exploding_terms_burst_and_truncate() {
        let e = expr("d6!");
        assert!(e.is_exploding() && !expr("2d6").is_exploding());
        let pmf = e.pmf();
        assert!((1..=5).all(|v| close(pmf.prob(v), 1.0 / 6.0)));
        assert_eq!(pmf.prob(6), 0.0);
        assert!(close(pmf.prob(7), 1.0 / 36.0));
        assert!(close(e.mean(), 4.2) && (pmf.mean() - 4.2).abs() < 1e-12);
        assert_eq!((e.min(), e.max()), (1, 6 * i64::from(MAX_EXPLOSIONS + 1)));
        assert_eq!(e.sample(&mut AlwaysMax), e.max());
        let e = expr("d10! + 2");
        assert!(close(e.pmf().prob(2 + 10 + 3), 0.01));
        let e = expr("3d6! - 2d4!");
        let pmf = e.pmf();
        assert!((1.0 - pmf.total()) <= 5.0 * PMF_TAIL + 1e-12);
        assert!((pmf.mean() - e.mean()).abs() < 1e-9);
        assert_eq!(e.min(), 3 - 2 * 4 * 65);
        assert_eq!(e.max(), 3 * 6 * 65 - 2);
    }

    /// Property: assorted expressions' tables sum to 1 (less the stated tail for exploding
    /// dice) and their means agree with the closed form.
    #[test]
    fn tables_sum_to_one() {
        for text in [
            "d1",
            "d2",
            "3d4-2",
            "4d6+1",
            "10d10",
            "d20 - d20",
            "100d6",
            "2d12 + d8 - 3",
            "d6! + d4",
            "2d2!",
            "5",
            "-7",
        ] {
            let e = expr(text);
            let pmf = e.pmf();
            let tail = if e.is_exploding() {
                f64::from(e.dice_count()) * PMF_TAIL
            } else {
                0.0
            };
            assert!(
                (pmf.total() - 1.0).abs() <= 1e-12 + tail,
                "{text}: {}",
                pmf.total()
            );
            assert!((pmf.mean() - e.mean()).abs() < 1e-9, "{text}");
            assert!(pmf.min() >= e.min() && pmf.max() <= e.max(), "{text}");
            if !e.is_exploding() {
                assert_eq!((pmf.min(), pmf.max()), (e.min(), e.max()), "{text}");
            }
        }
    }

    #[test]
    fn round_trips_and_equality_ignore_spacing() {
        for text in [
            "2d6+3",
            "d8+4",
            "d4",
            "3",
            "1d20-2",
            "d10!",
            "2d6 + 1d4 + 2",
            "-d4+1",
        ] {
            let e = expr(text);
            assert_eq!(e.to_string(), text);
            assert_eq!(e.as_str(), text);
            assert_eq!(expr(&e.to_string()), e);
        }
        assert_eq!(expr(" 2D6 +3 "), expr("2d6+3"));
        assert_eq!(expr(" 2D6 +3 ").as_str(), "2D6 +3");
        assert_eq!(expr("d6+1+2"), expr("d6+3"));
        assert_eq!(expr("1d6"), expr("d6"));
        assert_ne!(expr("d6!"), expr("d6"));
        assert_ne!(expr("d6+d4"), expr("d4+d6"));
    }

    #[test]
    fn serde_reads_and_writes_the_string() {
        use serde::de::IntoDeserializer;
        use serde::de::value::{Error, StrDeserializer};
        let de: StrDeserializer<'_, Error> = "d8+4".into_deserializer();
        let e = DiceExpr::deserialize(de).unwrap();
        assert_eq!(e, expr("d8+4"));
        let de: StrDeserializer<'_, Error> = "d8+".into_deserializer();
        let err = DiceExpr::deserialize(de).unwrap_err().to_string();
        assert_eq!(err, "d8+".parse::<DiceExpr>().unwrap_err().to_string());
        assert!(err.contains("expected a number or a die"), "{err}");
        let de: serde::de::value::U32Deserializer<Error> = 7u32.into_deserializer();
        assert!(DiceExpr::deserialize(de).is_err(), "only strings");
        let json = serde_json::to_string(&expr(" 2d6 + 1")).unwrap();
        assert_eq!(json, "\"2d6 + 1\"");
        assert_eq!(
            serde_json::from_str::<DiceExpr>(&json).unwrap(),
            expr("2d6+1")
        );
    }

    #[test]
    fn samples_follow_the_exact_distribution() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
        for text in [
            "d20",
            "2d6+3",
            "d8+4",
            "3d4-2",
            "d6!",
            "d3 - d4",
            "2d6 + 1d4 + 2",
            "7",
        ] {
            let e = expr(text);
            assert_samples_match(&e.pmf(), || e.sample(&mut rng), 200_000);
        }
    }

    /// Value stability: a fixed seed gives the same rolls (dice in written order).
    #[test]
    fn fixed_seed_gives_fixed_rolls() {
        let e = expr("2d6 + d4");
        let mut a = Xoshiro256PlusPlus::seed_from_u64(5);
        let mut b = Xoshiro256PlusPlus::seed_from_u64(5);
        let by_hand: i64 = (0..3)
            .map(|i| {
                let die = if i < 2 { Die::d(6) } else { Die::d(4) };
                die.sample(&mut b)
            })
            .sum();
        assert_eq!(e.sample(&mut a), by_hand);
    }
}
