//! The `[tactics]` table of a fight: a tactic profile for every combatant of a side that
//! does not set its own `tactics`, and the profiles `run --tactics` pairs when the command
//! names none. The profile words are [`PROFILES`]; the engine's `combat::Profile` reads them.
//!
//! ```toml
//! [tactics]
//! sides = { party = "by_the_book", yeti = "ruthless" }   # per side; a combatant's own wins
//! range = ["by_the_book", "ruthless", "spread"]          # default: every profile
//! ```

use super::Document;
use super::keys::common::PROFILES;
use oddsmith_core::error::ScenarioError;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::Spanned;

/// `[tactics]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TacticsSpec {
    sides: Option<BTreeMap<Spanned<String>, Spanned<String>>>,
    range: Option<Spanned<Vec<Spanned<String>>>>,
}

/// `[tactics]`, its words checked.
#[derive(Debug, Clone, Default)]
pub struct TacticsTable {
    /// Where the table is written.
    pub span: Range<usize>,
    /// `sides`: (side as written, its profile word and where it is written), for the caller
    /// to check against the fight's sides.
    pub sides: Vec<(Spanned<String>, Spanned<String>)>,
    /// `range`: the profile words to pair, in order, none twice.
    pub range: Option<Vec<String>>,
}

/// What a profile must be, for messages.
fn allowed() -> String {
    let words: Vec<String> = PROFILES.iter().map(|w| format!("\"{w}\"")).collect();
    format!("allowed: {}", words.join(", "))
}

/// The `[tactics]` table of `doc`, or `None` when it has none. An unknown key, a word that
/// is no profile or a profile named twice in `range` is an error naming the line and key.
pub fn read(doc: &Document) -> Result<Option<TacticsTable>, ScenarioError> {
    let Some(node) = doc.get("tactics") else {
        return Ok(None);
    };
    let spec: TacticsSpec = doc.read_node(node)?;
    let check = |word: &Spanned<String>, key: &str| {
        if PROFILES.contains(&word.get_ref().as_str()) {
            Ok(())
        } else {
            Err(doc.invalid(
                word.span(),
                key,
                format!("\"{}\" is no tactic profile; {}", word.get_ref(), allowed()),
            ))
        }
    };
    let mut sides = Vec::new();
    for (side, profile) in spec.sides.into_iter().flatten() {
        check(&profile, &format!("tactics.sides.{}", side.get_ref()))?;
        sides.push((side, profile));
    }
    let range = match spec.range {
        None => None,
        Some(list) => {
            if list.get_ref().is_empty() {
                return Err(doc.invalid(
                    list.span(),
                    "tactics.range",
                    format!("the list is empty; {}", allowed()),
                ));
            }
            let mut words: Vec<String> = Vec::new();
            for w in list.get_ref() {
                check(w, "tactics.range")?;
                if words.contains(w.get_ref()) {
                    return Err(doc.invalid(
                        w.span(),
                        "tactics.range",
                        format!("\"{}\" is listed twice", w.get_ref()),
                    ));
                }
                words.push(w.get_ref().clone());
            }
            Some(words)
        }
    };
    Ok(Some(TacticsTable {
        span: node.span.clone(),
        sides,
        range,
    }))
}

#[cfg(test)]
mod tests;
