//! The errors of reading a dice expression: what was wrong, at which character, and what is
//! allowed.

use super::{MAX_CONSTANT, MAX_DICE, MAX_SIDES, NAMED_DICE};
use crate::dice::MAX_EXPLOSIONS;
use thiserror::Error;

/// Why a dice expression could not be read. Every message quotes the text, says what was
/// wrong and at which character (counted from 1), and shows what is allowed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DiceExprError {
    /// Nothing but spaces.
    #[error(
        "\"{input}\": the dice expression is empty; write terms joined by '+' or '-', each a whole number or [count]d<sides> (e.g. \"d8\", \"2d6+3\", \"4d6kh3\", \"d10!\")"
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
    #[error(
        "\"{input}\": expected a number of sides after 'd' at character {position} (e.g. \"2d6\", \"d8+4\")"
    )]
    MissingSides {
        /// The text as given.
        input: String,
        /// Character position of the missing number, from 1.
        position: usize,
    },
    /// A word that names no die.
    #[error(
        "\"{input}\": unknown die \"{name}\" at character {position}; a die is d<sides> or one of {}",
        named_list()
    )]
    UnknownDie {
        /// The text as given.
        input: String,
        /// Character position of the word, from 1.
        position: usize,
        /// The word.
        name: String,
    },
    /// `d0`.
    #[error(
        "\"{input}\": a die needs at least 1 side, at character {position} (e.g. \"d6\", \"2d8\")"
    )]
    ZeroSides {
        /// The text as given.
        input: String,
        /// Character position of the sides, from 1.
        position: usize,
    },
    /// `0d6`.
    #[error(
        "\"{input}\": a term rolls 0 dice at character {position}; roll 1 to {max} (e.g. \"d6\", \"2d6\")",
        max = MAX_DICE
    )]
    ZeroDice {
        /// The text as given.
        input: String,
        /// Character position of the count, from 1.
        position: usize,
    },
    /// More than [`MAX_DICE`] dice in one term.
    #[error(
        "\"{input}\": {count} dice in one term at character {position}; at most {max} (e.g. \"10d6\")",
        max = MAX_DICE
    )]
    TooManyDice {
        /// The text as given.
        input: String,
        /// Character position of the count, from 1.
        position: usize,
        /// The count as written.
        count: String,
    },
    /// More than [`MAX_DICE`] dice over all the terms.
    #[error(
        "\"{input}\": {total} dice in all by character {position}; at most {max} in one expression (e.g. \"500d6 + 500d6\")",
        max = MAX_DICE
    )]
    TooManyDiceInAll {
        /// The text as given.
        input: String,
        /// Character position of the term that went over, from 1.
        position: usize,
        /// Dice counted so far.
        total: u64,
    },
    /// More than [`MAX_SIDES`] sides.
    #[error(
        "\"{input}\": a die with {sides} sides at character {position}; at most {max} (e.g. \"d100\", \"d1000\")",
        max = MAX_SIDES
    )]
    TooManySides {
        /// The number of sides as written.
        sides: String,
        /// The text as given.
        input: String,
        /// Character position of the sides, from 1.
        position: usize,
    },
    /// A constant or count target, or the sum of the constants, beyond ±[`MAX_CONSTANT`].
    #[error(
        "\"{input}\": the number {value} at character {position} is out of range; constants total at most {max} in size (e.g. \"d20+5\")",
        max = MAX_CONSTANT
    )]
    ConstantTooLarge {
        /// The text as given.
        input: String,
        /// Character position of the number, from 1.
        position: usize,
        /// The number as written, or the running total.
        value: String,
    },
    /// `d1!`: a one-sided die would explode forever.
    #[error(
        "\"{input}\": a one-sided die cannot explode, at character {position}; '!' needs at least 2 sides (e.g. \"d6!\", \"d10!\")"
    )]
    CannotExplode {
        /// The text as given.
        input: String,
        /// Character position of the '!', from 1.
        position: usize,
    },
    /// `d6!0`, `d6!99`.
    #[error(
        "\"{input}\": explode at most {limit} times, at character {position}; the limit is 1 to {max} (e.g. \"d6!3\"; \"d6!\" for no limit of its own)",
        max = MAX_EXPLOSIONS
    )]
    BadLimit {
        /// The text as given.
        input: String,
        /// Character position of the limit, from 1.
        position: usize,
        /// The limit as written.
        limit: String,
    },
    /// `4d6k`, `6d10>=`: the number that says how many dice, or which results, is missing.
    #[error(
        "\"{input}\": expected a number after '{after}' at character {position} (e.g. \"4d6kh3\", \"4d6dl1\", \"6d10>=7\")"
    )]
    MissingNumber {
        /// The text as given.
        input: String,
        /// Character position of the missing number, from 1.
        position: usize,
        /// What came before it (`kh`, `>=`).
        after: String,
    },
    /// Keeping none or more than all, or dropping all or more.
    #[error(
        "\"{input}\": {verb} {n} of {count} dice at character {position}; {verb} {lo} to {hi} (e.g. \"4d6kh3\", \"2d20kl1\", \"4d6dl1\")"
    )]
    BadKeep {
        /// The text as given.
        input: String,
        /// Character position of the number, from 1.
        position: usize,
        /// `keep` or `drop`.
        verb: &'static str,
        /// The number as written.
        n: String,
        /// The term's dice.
        count: u32,
        /// The fewest allowed.
        lo: u32,
        /// The most allowed.
        hi: u32,
    },
    /// Something other than a sign or the end after a term.
    #[error(
        "\"{input}\": unexpected '{found}' at character {position}; expected '+', '-' or the end (e.g. \"2d6 + 3\", \"4d6kh3\", \"6d10>=7\")"
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

impl DiceExprError {
    /// The character (counted from 1) the error is at.
    pub fn position(&self) -> usize {
        use DiceExprError as E;
        match self {
            E::Empty { .. } => 1,
            E::ExpectedTerm { position, .. }
            | E::MissingSides { position, .. }
            | E::UnknownDie { position, .. }
            | E::ZeroSides { position, .. }
            | E::ZeroDice { position, .. }
            | E::TooManyDice { position, .. }
            | E::TooManyDiceInAll { position, .. }
            | E::TooManySides { position, .. }
            | E::ConstantTooLarge { position, .. }
            | E::CannotExplode { position, .. }
            | E::BadLimit { position, .. }
            | E::MissingNumber { position, .. }
            | E::BadKeep { position, .. }
            | E::Unexpected { position, .. } => *position,
        }
    }
}

/// The named dice as a message lists them: `sun (Invisible Sun's d10 numbered 0–9), …`.
fn named_list() -> String {
    NAMED_DICE
        .iter()
        .map(|(name, _, what)| format!("{name} ({what})"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn describe(found: &Option<char>) -> String {
    match found {
        Some(c) => format!("'{c}'"),
        None => "the end".to_string(),
    }
}
