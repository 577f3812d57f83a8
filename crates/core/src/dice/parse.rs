//! Reading dice expressions: the grammar, limits, and the errors that say what was wrong and
//! where (every error names the character, counted from 1).
//!
//! ```text
//! expression := [sign] term (sign term)*          sign: '+' or '-', spaces around it
//! term       := number | dice
//! dice       := [count] die [explode] [pick]
//! die        := ('d' | 'D') sides | name            a named die (below), any case
//! explode    := '!' [limit]                         explode at most `limit` times (1–64)
//! pick       := ('k' | 'K') ['h' | 'l'] n           keep the n highest ('h', the default) or lowest
//!             | ('d' | 'D') ['h' | 'l'] n           drop the n lowest ('l', the default) or highest
//!             | compare number                      count the dice whose result compares so
//! compare    := '>=' | '>' | '<=' | '<'             (spaces allowed around it)
//! ```
//!
//! Counts are 1–[`MAX_DICE`] (default 1), sides 1–[`MAX_SIDES`]; `!` explodes on the
//! highest face, up to [`super::MAX_EXPLOSIONS`] times, or at most `limit` times (`d6!3`:
//! the third extra roll counts whatever it shows). A keep keeps 1 to all of the term's dice,
//! a drop drops 0 to all but one. An exploding die's result, for keeping and counting, is its
//! whole chain. Named dice ([`NAMED_DICE`]): `sun`, Invisible Sun's d10 numbered 0–9; and the
//! bonus-dice ladder's qualities `feeble` (d4), `ordinary` (d8), `heroic` (d10), `epic`
//! (d12), `legendary` (d20), plain unless written with `!` (a bonus die bursts: `2heroic!`).
//! Spaces are allowed around the signs and comparisons but not inside a die (`2 d6` is an
//! error). At most [`MAX_DICE`] dice in all, and the constants (and count targets) must be
//! at most [`MAX_CONSTANT`] in size, so no total can overflow.

mod error;

pub use error::DiceExprError;

use super::expr::DiceExpr;
use super::term::{Pick, Term};
use super::{Die, MAX_EXPLOSIONS};

/// Most dice one expression may roll, in one term or in all.
pub const MAX_DICE: u32 = 1000;
/// Most faces one die may have.
pub const MAX_SIDES: u32 = 1_000_000;
/// Largest size of a constant, alone or summed with the other constants.
pub const MAX_CONSTANT: i64 = 1_000_000_000;

/// The dice known by name: the name, the die, and what it is.
pub const NAMED_DICE: [(&str, Die, &str); 6] = [
    (
        "sun",
        Die::zero_based(10),
        "Invisible Sun's d10 numbered 0–9",
    ),
    ("feeble", Die::d(4), "the bonus-dice ladder's d4"),
    ("ordinary", Die::d(8), "the bonus-dice ladder's d8"),
    ("heroic", Die::d(10), "the bonus-dice ladder's d10"),
    ("epic", Die::d(12), "the bonus-dice ladder's d12"),
    ("legendary", Die::d(20), "the bonus-dice ladder's d20"),
];

/// A cursor over the characters of one expression.
struct Parser<'a> {
    input: &'a str,
    chars: Vec<char>,
    at: usize,
}

/// A number as written: its text, its value (`None` when it overflows `u64`) and the
/// character it starts at (from 1).
struct Number {
    text: String,
    value: Option<u64>,
    position: usize,
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

    /// Consumes `c` in either case.
    fn eat_letter(&mut self, c: char) -> bool {
        self.eat(|x| x.eq_ignore_ascii_case(&c)).is_some()
    }

    fn skip_spaces(&mut self) {
        while self.eat(char::is_whitespace).is_some() {}
    }

    fn input(&self) -> String {
        self.input.to_string()
    }

    /// The character position (from 1) of the next character.
    fn position(&self) -> usize {
        self.at + 1
    }

    /// A run of ASCII digits, if any.
    fn digits(&mut self) -> Option<Number> {
        let start = self.at;
        while self.eat(|c| c.is_ascii_digit()).is_some() {}
        if self.at == start {
            return None;
        }
        let text: String = self.chars[start..self.at].iter().collect();
        let value = text.parse().ok();
        Some(Number {
            text,
            value,
            position: start + 1,
        })
    }

    /// A number that must come after `after` (`kh`, `>=`).
    fn number_after(&mut self, after: &str) -> Result<Number, DiceExprError> {
        let position = self.position();
        self.digits().ok_or_else(|| DiceExprError::MissingNumber {
            input: self.input(),
            position,
            after: after.to_string(),
        })
    }

    /// A constant (or count target) of at most [`MAX_CONSTANT`].
    fn constant(&self, n: Number) -> Result<i64, DiceExprError> {
        match n.value.and_then(|v| i64::try_from(v).ok()) {
            Some(v) if v <= MAX_CONSTANT => Ok(v),
            _ => Err(DiceExprError::ConstantTooLarge {
                input: self.input(),
                position: n.position,
                value: n.text,
            }),
        }
    }

    /// One term: `Ok(Ok(term))` for dice, `Ok(Err(n))` for a constant (sign applied).
    fn term(&mut self, negative: bool) -> Result<Result<Term, i64>, DiceExprError> {
        let count = self.digits();
        let die_at = self.position();
        let die = if self.eat_letter('d') {
            self.sides()?
        } else if self.peek().is_some_and(|c| c.is_alphabetic()) {
            self.named()?
        } else {
            let Some(n) = count else {
                return Err(DiceExprError::ExpectedTerm {
                    input: self.input(),
                    position: die_at,
                    found: self.peek(),
                });
            };
            let v = self.constant(n)?;
            return Ok(Err(if negative { -v } else { v }));
        };
        let count = match count {
            None => 1,
            Some(Number {
                value: Some(0),
                position,
                ..
            }) => {
                return Err(DiceExprError::ZeroDice {
                    input: self.input(),
                    position,
                });
            }
            Some(Number { value: Some(n), .. }) if n <= u64::from(MAX_DICE) => n as u32,
            Some(Number { text, position, .. }) => {
                return Err(DiceExprError::TooManyDice {
                    input: self.input(),
                    position,
                    count: text,
                });
            }
        };
        let die = self.explode(die)?;
        let pick = self.pick(count)?;
        Ok(Ok(Term {
            count,
            die,
            pick,
            negative,
        }))
    }

    /// The sides after a `d`.
    fn sides(&mut self) -> Result<Die, DiceExprError> {
        let position = self.position();
        match self.digits() {
            None => Err(DiceExprError::MissingSides {
                input: self.input(),
                position,
            }),
            Some(Number { value: Some(0), .. }) => Err(DiceExprError::ZeroSides {
                input: self.input(),
                position,
            }),
            Some(Number { value: Some(n), .. }) if n <= u64::from(MAX_SIDES) => {
                Ok(Die::d(n as u32))
            }
            Some(Number { text, .. }) => Err(DiceExprError::TooManySides {
                input: self.input(),
                position,
                sides: text,
            }),
        }
    }

    /// A named die ([`NAMED_DICE`]): the word of letters here, or a name followed by a keep
    /// or drop (`3sunkh2`).
    fn named(&mut self) -> Result<Die, DiceExprError> {
        let start = self.at;
        let word: String = self.chars[start..]
            .iter()
            .take_while(|c| c.is_alphabetic())
            .collect();
        let lower = word.to_lowercase();
        let picks = ["", "k", "kh", "kl", "d", "dh", "dl"];
        let found = NAMED_DICE.iter().find(|(name, _, _)| {
            lower
                .strip_prefix(name)
                .is_some_and(|rest| picks.contains(&rest))
        });
        match found {
            Some((name, die, _)) => {
                self.at += name.chars().count();
                Ok(*die)
            }
            None => Err(DiceExprError::UnknownDie {
                input: self.input(),
                position: start + 1,
                name: word,
            }),
        }
    }

    /// `!` and its limit, if any.
    fn explode(&mut self, die: Die) -> Result<Die, DiceExprError> {
        let bang = self.position();
        if self.eat(|c| c == '!').is_none() {
            return Ok(die);
        }
        if die.sides() < 2 {
            return Err(DiceExprError::CannotExplode {
                input: self.input(),
                position: bang,
            });
        }
        match self.digits() {
            None => Ok(die.exploding()),
            Some(Number { value: Some(n), .. }) if (1..=u64::from(MAX_EXPLOSIONS)).contains(&n) => {
                Ok(die.exploding_at_most(n as u32))
            }
            Some(Number { text, position, .. }) => Err(DiceExprError::BadLimit {
                input: self.input(),
                position,
                limit: text,
            }),
        }
    }

    /// A keep, drop or count after the die, if any.
    fn pick(&mut self, count: u32) -> Result<Pick, DiceExprError> {
        let keep = if self.eat_letter('k') {
            Some(true)
        } else if self.eat_letter('d') {
            Some(false)
        } else {
            None
        };
        if let Some(keep) = keep {
            let high = if self.eat_letter('h') {
                true
            } else if self.eat_letter('l') {
                false
            } else {
                keep
            };
            let written = match (keep, high) {
                (true, true) => "kh",
                (true, false) => "kl",
                (false, true) => "dh",
                (false, false) => "dl",
            };
            let n = self.number_after(written)?;
            let (verb, lo, hi) = if keep {
                ("keep", 1, count)
            } else {
                ("drop", 0, count - 1)
            };
            let Some(v) = n
                .value
                .filter(|v| (u64::from(lo)..=u64::from(hi)).contains(v))
            else {
                return Err(DiceExprError::BadKeep {
                    input: self.input(),
                    position: n.position,
                    verb,
                    n: n.text,
                    count,
                    lo,
                    hi,
                });
            };
            let kept = if keep { v as u32 } else { count - v as u32 };
            // Keeping the highest k is dropping the lowest n − k.
            return Ok(if high == keep {
                Pick::Highest(kept)
            } else {
                Pick::Lowest(kept)
            });
        }
        let before = self.at;
        self.skip_spaces();
        let compare = match self.peek() {
            Some(c @ ('>' | '<')) => {
                self.at += 1;
                let or_equal = self.eat(|c| c == '=').is_some();
                (c, or_equal)
            }
            _ => {
                self.at = before;
                return Ok(Pick::All);
            }
        };
        let written = format!("{}{}", compare.0, if compare.1 { "=" } else { "" });
        self.skip_spaces();
        let n = self.number_after(&written)?;
        let t = self.constant(n)?;
        Ok(match compare {
            ('>', true) => Pick::Count {
                lo: t,
                hi: i64::MAX,
            },
            ('>', false) => Pick::Count {
                lo: t + 1,
                hi: i64::MAX,
            },
            ('<', true) => Pick::Count {
                lo: i64::MIN,
                hi: t,
            },
            _ => Pick::Count {
                lo: i64::MIN,
                hi: t - 1,
            },
        })
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
        let position = p.position();
        match p.term(negative)? {
            Ok(t) => {
                dice += u64::from(t.count);
                if dice > u64::from(MAX_DICE) {
                    return Err(DiceExprError::TooManyDiceInAll {
                        input: p.input(),
                        position,
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
                        position,
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
                    position: p.position(),
                    found,
                });
            }
        }
    }
    Ok(DiceExpr::from_parts(terms, constant, input.trim()))
}

#[cfg(test)]
mod tests;
