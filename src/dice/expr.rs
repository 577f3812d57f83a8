//! Dice expressions: `"2d6+3"`, `"d8+4"`, `"d4"`, `"3"`, `"1d20-2"`, `"d10!"` (exploding),
//! `"2d6 + 1d4 + 2"`. Parsed once into a [`DiceExpr`]; sampling walks a short list of terms
//! and never allocates.
//!
//! Grammar: terms joined by `+` or `-`, each a whole number or `[count]d<sides>[!]` (`d` or
//! `D`; count 1–1000, sides 1–1 000 000, `!` explodes on the highest face). Spaces are
//! allowed between tokens. At most 1000 dice in all.

use super::{Die, MAX_EXPLOSIONS, Pmf};
use rand::Rng;
use serde::{Deserialize, Deserializer};
use std::fmt;
use std::str::FromStr;
use thiserror::Error;

/// Most dice one term or one expression may roll.
pub const MAX_DICE: u32 = 1000;
/// Most faces one die may have.
pub const MAX_SIDES: u32 = 1_000_000;
/// Largest constant a term may add.
pub const MAX_CONSTANT: i64 = 1_000_000_000;

/// A dice expression that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error(
    "\"{input}\": {problem} (dice expressions look like \"d8\", \"2d6+3\", \"d8+4\", \"1d20-2\" or \"d10!\")"
)]
pub struct DiceExprError {
    /// The text as given.
    pub input: String,
    /// What was wrong.
    pub problem: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Term {
    count: u32,
    die: Die,
    negative: bool,
}

/// A parsed dice expression: a sum of dice terms and a constant.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiceExpr {
    /// The whole expression when it is one die plus a constant (the common case), sampled
    /// without walking the terms.
    single: Option<Die>,
    terms: Vec<Term>,
    constant: i64,
    text: String,
}

impl DiceExpr {
    /// One roll of the whole expression.
    #[inline]
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> i64 {
        if let Some(die) = &self.single {
            return self.constant + die.sample(rng);
        }
        let mut total = self.constant;
        for t in &self.terms {
            let mut sum = 0;
            for _ in 0..t.count {
                sum += t.die.sample(rng);
            }
            total += if t.negative { -sum } else { sum };
        }
        total
    }

    /// Smallest possible total.
    pub fn min(&self) -> i64 {
        self.bound(false)
    }

    /// Largest possible total (an exploding die counted to its [`MAX_EXPLOSIONS`] cap).
    pub fn max(&self) -> i64 {
        self.bound(true)
    }

    fn bound(&self, high: bool) -> i64 {
        let mut total = self.constant;
        for t in &self.terms {
            let top = if t.die.is_exploding() {
                t.die.max_face() * i64::from(MAX_EXPLOSIONS + 1)
            } else {
                t.die.max_face()
            };
            let face = if high != t.negative {
                top
            } else {
                t.die.min_face()
            };
            let sum = i64::from(t.count) * face;
            total += if t.negative { -sum } else { sum };
        }
        total
    }

    /// Exact mean (exploding dice: the geometric series, to well below 10⁻¹⁵).
    pub fn mean(&self) -> f64 {
        let mut total = self.constant as f64;
        for t in &self.terms {
            let sides = f64::from(t.die.sides());
            let mut face = t.die.min_face() as f64 + (sides - 1.0) / 2.0;
            if t.die.is_exploding() {
                face /= 1.0 - 1.0 / sides;
            }
            let sum = f64::from(t.count) * face;
            total += if t.negative { -sum } else { sum };
        }
        total
    }

    /// Exact distribution by convolution; exploding dice are followed through 12 explosions
    /// each (the dropped mass is below `count · sides^-13` per term).
    pub fn pmf(&self) -> Pmf {
        let mut out = Pmf::point(self.constant);
        for t in &self.terms {
            let one = if t.negative {
                t.die.pmf().negated()
            } else {
                t.die.pmf()
            };
            for _ in 0..t.count {
                out = out.convolve(&one);
            }
        }
        out
    }

    /// The expression as written.
    pub fn as_str(&self) -> &str {
        &self.text
    }
}

impl fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

struct Parser<'a> {
    input: &'a str,
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
}

impl Parser<'_> {
    fn err(&self, problem: impl Into<String>) -> DiceExprError {
        DiceExprError {
            input: self.input.to_string(),
            problem: problem.into(),
        }
    }

    fn skip_spaces(&mut self) {
        while self.chars.next_if(|(_, c)| c.is_whitespace()).is_some() {}
    }

    /// A run of digits, if any, as a number no larger than `max`.
    fn number(&mut self, what: &str, max: i64) -> Result<Option<i64>, DiceExprError> {
        let mut value: Option<i64> = None;
        while let Some((_, c)) = self.chars.next_if(|(_, c)| c.is_ascii_digit()) {
            let digit = i64::from(c.to_digit(10).expect("an ASCII digit"));
            let v = value
                .unwrap_or(0)
                .checked_mul(10)
                .and_then(|v| v.checked_add(digit));
            match v {
                Some(v) if v <= max => value = Some(v),
                _ => return Err(self.err(format!("{what} is larger than {max}"))),
            }
        }
        Ok(value)
    }

    fn term(&mut self, negative: bool) -> Result<Result<Term, i64>, DiceExprError> {
        self.skip_spaces();
        let count = self.number("the number of dice", i64::from(MAX_DICE))?;
        if self
            .chars
            .next_if(|(_, c)| *c == 'd' || *c == 'D')
            .is_none()
        {
            return match count {
                Some(c) if c <= MAX_CONSTANT => Ok(Err(if negative { -c } else { c })),
                Some(_) => Err(self.err(format!("a constant is larger than {MAX_CONSTANT}"))),
                None => {
                    let problem = match self.chars.peek() {
                        Some((_, c)) => format!("unexpected '{c}'; expected a number or a die"),
                        None => "expected a number or a die at the end".to_string(),
                    };
                    Err(self.err(problem))
                }
            };
        }
        let count = count.unwrap_or(1);
        if count == 0 {
            return Err(self.err("a term rolls 0 dice; use at least 1"));
        }
        let sides = self
            .number("the number of sides", i64::from(MAX_SIDES))?
            .ok_or_else(|| self.err("expected a number of sides after 'd'"))?;
        if sides == 0 {
            return Err(self.err("a die needs at least 1 side"));
        }
        let mut die = Die::d(sides as u32);
        if self.chars.next_if(|(_, c)| *c == '!').is_some() {
            if sides < 2 {
                return Err(self.err("a one-sided die cannot explode"));
            }
            die = die.exploding();
        }
        Ok(Ok(Term {
            count: count as u32,
            die,
            negative,
        }))
    }
}

impl FromStr for DiceExpr {
    type Err = DiceExprError;

    fn from_str(input: &str) -> Result<Self, DiceExprError> {
        let mut p = Parser {
            input,
            chars: input.char_indices().peekable(),
        };
        p.skip_spaces();
        if p.chars.peek().is_none() {
            return Err(p.err("the expression is empty"));
        }
        let (mut terms, mut constant, mut dice) = (Vec::new(), 0i64, 0u32);
        let mut negative = false;
        loop {
            match p.term(negative)? {
                Ok(t) => {
                    dice += t.count;
                    if dice > MAX_DICE {
                        return Err(p.err(format!("more than {MAX_DICE} dice in all")));
                    }
                    terms.push(t);
                }
                Err(c) => {
                    constant = constant
                        .checked_add(c)
                        .filter(|c| c.abs() <= MAX_CONSTANT)
                        .ok_or_else(|| p.err(format!("the constant passes {MAX_CONSTANT}")))?;
                }
            }
            p.skip_spaces();
            match p.chars.next() {
                None => break,
                Some((_, '+')) => negative = false,
                Some((_, '-')) => negative = true,
                Some((_, c)) => {
                    return Err(p.err(format!("unexpected '{c}'; expected '+', '-' or the end")));
                }
            }
        }
        let single = match terms.as_slice() {
            [t] if t.count == 1 && !t.negative => Some(t.die),
            _ => None,
        };
        Ok(DiceExpr {
            single,
            terms,
            constant,
            text: input.trim().to_string(),
        })
    }
}

impl<'de> Deserialize<'de> for DiceExpr {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
