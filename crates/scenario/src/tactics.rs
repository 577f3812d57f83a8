//! The `[tactics]` table of a fight: a tactic profile for every combatant of a side that
//! does not set its own `tactics`, and the profiles `run --tactics` pairs when the command
//! names none. The profile words are [`PROFILES`]; the engine's `combat::Profile` reads them.
//!
//! ```toml
//! [tactics]
//! sides = { party = "by_the_book", yeti = "ruthless" }   # per side; a combatant's own wins
//! range = ["by_the_book", "ruthless", "spread"]          # default: every profile
//! ```

use super::keys::common::PROFILES;
use super::{Document, Node};
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

/// `doc` with `t`'s `sides` put in: each combatant of a named side that sets no `tactics` of
/// its own takes the side's profile (a side with no combatant in `doc` is passed over: see
/// [`check_sides`]).
pub fn apply(doc: &Document, t: &TacticsTable) -> Result<Document, ScenarioError> {
    let fighters = crate::sweep::fighters(doc);
    let mut out = doc.clone();
    for (side, profile) in &t.sides {
        for (table, name, _) in fighters.iter().filter(|(_, _, s)| s == side.get_ref()) {
            let path = format!("{table}.{name}.tactics");
            if doc.at(&path).is_none() {
                let word = Node::string(profile.get_ref(), profile.span());
                out = out
                    .set(&path, word)
                    .map_err(|m| doc.invalid(side.span(), "tactics.sides", m))?;
            }
        }
    }
    Ok(out)
}

/// A side of `t.sides` that no combatant is on (`sides`: those there are, in order) is an
/// error in `doc` naming the sides there are.
pub fn check_sides(
    doc: &Document,
    t: &TacticsTable,
    sides: &[String],
) -> Result<(), ScenarioError> {
    for (side, _) in &t.sides {
        if !sides.contains(side.get_ref()) {
            let names: Vec<String> = sides.iter().map(|s| format!("\"{s}\"")).collect();
            return Err(doc.invalid(
                side.span(),
                format!("tactics.sides.{}", side.get_ref()),
                format!(
                    "no combatant is on side \"{}\"; sides: {}",
                    side.get_ref(),
                    names.join(", ")
                ),
            ));
        }
    }
    Ok(())
}

/// `doc` with `[tactics] sides` holding each `(side, profile)` of `sides` (the table and its
/// `sides` made where the file has none; other entries kept), without its `[sweep]`,
/// `[variant]` and `[tune]` tables.
pub fn with_sides(doc: &Document, sides: &[(String, &str)]) -> Result<Document, String> {
    use super::NodeValue;
    let mut out = doc.edited(&["sweep", "variant", "tune"], &[])?;
    let table = |entries: Vec<(Spanned<String>, Node)>| Node {
        span: 0..0,
        value: NodeValue::Table(entries),
    };
    if out.get("tactics").is_none() {
        out = out.set("tactics", table(Vec::new()))?;
    }
    if out.at("tactics.sides").is_none() {
        out = out.set("tactics.sides", table(Vec::new()))?;
    }
    for (side, profile) in sides {
        out = out.set(
            &format!("tactics.sides.{side}"),
            Node::string(profile, 0..0),
        )?;
    }
    Ok(out)
}

/// The sides of `doc`'s combatants, each once, in the file's order.
pub fn sides_of(doc: &Document) -> Vec<String> {
    let mut sides: Vec<String> = Vec::new();
    for (_, _, s) in crate::sweep::fighters(doc) {
        if !sides.contains(&s) {
            sides.push(s);
        }
    }
    sides
}

#[cfg(test)]
mod tests;
