//! A note on how a scenario resolves, typed by what it says ([`Note`]): the rules write it,
//! output code places it by its kind (the aftermath in force under the headlines, every
//! other remark above them) and never reads meaning out of its text.

use std::fmt;

/// One note a scenario's rules make on how it resolves, for the reader of its report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Note {
    /// The aftermath in force after a fight (`allies tended, foes left; …`): reports print it
    /// under the headlines, as "Aftermath in force: …".
    Aftermath(String),
    /// Any other remark (who fights on which side, the rules in force, the `--set`
    /// arguments): printed above the headlines as it is written.
    Remark(String),
}

impl Note {
    /// The note's own words, without its kind.
    pub fn text(&self) -> &str {
        match self {
            Note::Aftermath(text) | Note::Remark(text) => text,
        }
    }
}

/// The note as one line where its kind is not shown apart (a day's list of its encounters'
/// notes, a test): an aftermath leads with `aftermath: `.
impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Note::Aftermath(text) => write!(f, "aftermath: {text}"),
            Note::Remark(text) => f.write_str(text),
        }
    }
}

#[cfg(test)]
mod tests;
