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
mod tests;
