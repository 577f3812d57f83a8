//! Reading dice expressions: the grammar, limits, and the errors that say what was wrong.
//!
//! An expression is terms joined by `+` or `-` (the first may carry a sign too), each a whole
//! number or `[count]d<sides>[!]`: `d` or `D`, count 1–[`MAX_DICE`] (default 1), sides
//! 1–[`MAX_SIDES`], `!` to explode on the highest face. Spaces are allowed around the signs
//! but not inside a die (`2 d6` is an error). At most [`MAX_DICE`] dice in all, and the
//! constants must total at most [`MAX_CONSTANT`] in size, so no total can overflow.

use super::Die;
use super::expr::{DiceExpr, Term};
use thiserror::Error;

/// Most dice one expression may roll, in one term or in all.
pub const MAX_DICE: u32 = 1000;
/// Most faces one die may have.
pub const MAX_SIDES: u32 = 1_000_000;
/// Largest size of a constant, alone or summed with the other constants.
pub const MAX_CONSTANT: i64 = 1_000_000_000;

/// Why a dice expression could not be read. Every message quotes the text, says what was
/// wrong (positions count characters from 1) and shows what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiceExprError {
    /// Nothing but spaces.
    #[error(
        "\"{input}\": the dice expression is empty; write terms joined by '+' or '-', each a whole number or [count]d<sides>[!] (e.g. \"d8\", \"2d6+3\", \"d10!\")"
    )]
    Empty {
        /// The text as given.
        input: String,
    },
    /// A term was due (at the start or after a sign) but something else came.
    #[error(
        "\"{input}\": expected a number or a die at character {position}, found {} (e.g. \"2d6+3\", \"d8 + d4\")",
        describe(.found)
    )]
    ExpectedTerm {
        /// The text as given.
        input: String,
        /// Character position, from 1.
        position: usize,
        /// What was there instead (`None`: the end).
        found: Option<char>,
    },
    /// A `d` with no number after it.
    #[error("\"{input}\": expected a number of sides after 'd' (e.g. \"2d6\", \"d8+4\")")]
    MissingSides {
        /// The text as given.
        input: String,
        /// Character position of the missing number, from 1.
        position: usize,
    },
    /// `d0`.
    #[error("\"{input}\": a die needs at least 1 side (e.g. \"d6\", \"2d8\")")]
    ZeroSides {
        /// The text as given.
        input: String,
    },
    /// `0d6`.
    #[error("\"{input}\": a term rolls 0 dice; roll 1 to {max} (e.g. \"d6\", \"2d6\")", max = MAX_DICE)]
    ZeroDice {
        /// The text as given.
        input: String,
    },
    /// More than [`MAX_DICE`] dice in one term.
    #[error("\"{input}\": {count} dice in one term; at most {max} (e.g. \"10d6\")", max = MAX_DICE)]
    TooManyDice {
        /// The text as given.
        input: String,
        /// The count as written.
        count: String,
    },
    /// More than [`MAX_DICE`] dice over all the terms.
    #[error(
        "\"{input}\": {total} dice in all; at most {max} in one expression (e.g. \"500d6 + 500d6\")",
        max = MAX_DICE
    )]
    TooManyDiceInAll {
        /// The text as given.
        input: String,
        /// Dice counted so far.
        total: u64,
    },
    /// More than [`MAX_SIDES`] sides.
    #[error("\"{input}\": a die with {sides} sides; at most {max} (e.g. \"d100\", \"d1000\")", max = MAX_SIDES)]
    TooManySides {
        /// The number of sides as written.
        sides: String,
        /// The text as given.
        input: String,
    },
    /// A constant, or the sum of the constants, beyond ±[`MAX_CONSTANT`].
    #[error(
        "\"{input}\": the constant {value} is out of range; constants total at most {max} in size (e.g. \"d20+5\")",
        max = MAX_CONSTANT
    )]
    ConstantTooLarge {
        /// The text as given.
        input: String,
        /// The constant as written, or the running total.
        value: String,
    },
    /// `d1!`: a one-sided die would explode forever.
    #[error(
        "\"{input}\": a one-sided die cannot explode; '!' needs at least 2 sides (e.g. \"d6!\", \"d10!\")"
    )]
    CannotExplode {
        /// The text as given.
        input: String,
    },
    /// Something other than a sign or the end after a term.
    #[error(
        "\"{input}\": unexpected '{found}' at character {position}; expected '+', '-' or the end (e.g. \"2d6 + 3\", \"d8-1\")"
    )]
    Unexpected {
        /// The text as given.
        input: String,
        /// Character position, from 1.
        position: usize,
        /// The character found.
        found: char,
    },
}

fn describe(found: &Option<char>) -> String {
    match found {
        Some(c) => format!("'{c}'"),
        None => "the end".to_string(),
    }
}

/// A cursor over the characters of one expression.
struct Parser<'a> {
    input: &'a str,
    chars: Vec<char>,
    at: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    /// Consumes the next character if `want` accepts it.
    fn eat(&mut self, want: impl Fn(char) -> bool) -> Option<char> {
        let c = self.peek().filter(|&c| want(c))?;
        self.at += 1;
        Some(c)
    }

    fn skip_spaces(&mut self) {
        while self.eat(char::is_whitespace).is_some() {}
    }

    fn input(&self) -> String {
        self.input.to_string()
    }

    /// A run of ASCII digits, if any: its text and value (`None` when it overflows `u64`).
    fn digits(&mut self) -> Option<(String, Option<u64>)> {
        let start = self.at;
        while self.eat(|c| c.is_ascii_digit()).is_some() {}
        if self.at == start {
            return None;
        }
        let text: String = self.chars[start..self.at].iter().collect();
        let value = text.parse().ok();
        Some((text, value))
    }

    /// One term: `Ok(Ok(term))` for dice, `Ok(Err(n))` for a constant (sign applied).
    fn term(&mut self, negative: bool) -> Result<Result<Term, i64>, DiceExprError> {
        let count = self.digits();
        if self.eat(|c| c == 'd' || c == 'D').is_none() {
            let Some((text, value)) = count else {
                return Err(DiceExprError::ExpectedTerm {
                    input: self.input(),
                    position: self.at + 1,
                    found: self.peek(),
                });
            };
            return match value.and_then(|v| i64::try_from(v).ok()) {
                Some(v) if v <= MAX_CONSTANT => Ok(Err(if negative { -v } else { v })),
                _ => Err(DiceExprError::ConstantTooLarge {
                    input: self.input(),
                    value: text,
                }),
            };
        }
        let count = match count {
            None => 1,
            Some((_, Some(0))) => {
                return Err(DiceExprError::ZeroDice {
                    input: self.input(),
                });
            }
            Some((_, Some(n))) if n <= u64::from(MAX_DICE) => n as u32,
            Some((text, _)) => {
                return Err(DiceExprError::TooManyDice {
                    input: self.input(),
                    count: text,
                });
            }
        };
        let position = self.at + 1;
        let sides = match self.digits() {
            None => {
                return Err(DiceExprError::MissingSides {
                    input: self.input(),
                    position,
                });
            }
            Some((_, Some(0))) => {
                return Err(DiceExprError::ZeroSides {
                    input: self.input(),
                });
            }
            Some((_, Some(n))) if n <= u64::from(MAX_SIDES) => n as u32,
            Some((text, _)) => {
                return Err(DiceExprError::TooManySides {
                    input: self.input(),
                    sides: text,
                });
            }
        };
        let mut die = Die::d(sides);
        if self.eat(|c| c == '!').is_some() {
            if sides < 2 {
                return Err(DiceExprError::CannotExplode {
                    input: self.input(),
                });
            }
            die = die.exploding();
        }
        Ok(Ok(Term {
            count,
            die,
            negative,
        }))
    }
}

/// Reads `input` into a [`DiceExpr`] (see the module docs for the grammar).
pub(super) fn parse(input: &str) -> Result<DiceExpr, DiceExprError> {
    let mut p = Parser {
        input,
        chars: input.chars().collect(),
        at: 0,
    };
    p.skip_spaces();
    if p.peek().is_none() {
        return Err(DiceExprError::Empty { input: p.input() });
    }
    let (mut terms, mut constant, mut dice) = (Vec::new(), 0i64, 0u64);
    let mut negative = match p.eat(|c| c == '+' || c == '-') {
        Some(sign) => {
            p.skip_spaces();
            sign == '-'
        }
        None => false,
    };
    loop {
        match p.term(negative)? {
            Ok(t) => {
                dice += u64::from(t.count);
                if dice > u64::from(MAX_DICE) {
                    return Err(DiceExprError::TooManyDiceInAll {
                        input: p.input(),
                        total: dice,
                    });
                }
                terms.push(t);
            }
            Err(c) => {
                constant += c;
                if constant.abs() > MAX_CONSTANT {
                    return Err(DiceExprError::ConstantTooLarge {
                        input: p.input(),
                        value: constant.to_string(),
                    });
                }
            }
        }
        p.skip_spaces();
        match p.peek() {
            None => break,
            Some(sign @ ('+' | '-')) => {
                p.at += 1;
                negative = sign == '-';
                p.skip_spaces();
            }
            Some(found) => {
                return Err(DiceExprError::Unexpected {
                    input: p.input(),
                    position: p.at + 1,
                    found,
                });
            }
        }
    }
    Ok(DiceExpr::from_parts(terms, constant, input.trim()))
}

#[cfg(test)]
mod tests;
