//! Reading a fight's combatant list from a scenario, shared by every system's schema: the
//! roster (names and sides, with an error naming the line for an empty or repeated name, too
//! many combatants or a single side) and each combatant's `target` policy or foe name.

use super::{MAX_FIGHTERS, Roster, RosterError, Targeting};
use crate::error::ScenarioError;
use crate::scenario::{Source, Spanned};

/// One `[[combatant]]` table's `name` and `side`, as written.
pub type Entry<'a> = (&'a Spanned<String>, &'a Spanned<String>);

/// The roster of `entries` (the `[[combatant]]` tables spanning `list`), or the error that
/// names the offending line.
pub fn roster(
    source: &Source,
    list: std::ops::Range<usize>,
    entries: &[Entry<'_>],
) -> Result<Roster, ScenarioError> {
    let roster = Roster::new(
        entries
            .iter()
            .map(|(n, s)| (n.get_ref().as_str(), s.get_ref().as_str())),
    );
    match roster {
        Ok(r) => Ok(r),
        Err(RosterError::EmptyName(i)) => {
            Err(source.invalid(entries[i].0.span(), "combatant.name", "must not be empty"))
        }
        Err(RosterError::DuplicateName(i)) => Err(source.invalid(
            entries[i].0.span(),
            "combatant.name",
            format!(
                "\"{}\" is used twice; every combatant needs its own name",
                entries[i].0.get_ref()
            ),
        )),
        Err(RosterError::TooMany) => Err(source.invalid(
            entries[MAX_FIGHTERS].0.span(),
            "combatant",
            format!(
                "{} combatants; at most {MAX_FIGHTERS} fit one fight",
                entries.len()
            ),
        )),
        Err(RosterError::OneSide) => {
            let span = entries.first().map_or(list, |c| c.1.span());
            Err(source.invalid(
                span,
                "combatant.side",
                format!(
                    "every combatant is on side \"{}\"; a fight needs at least two sides",
                    entries.first().map_or("", |c| c.1.get_ref().as_str())
                ),
            ))
        }
    }
}

/// Combatant `me`'s targeting: `"random"` when `target` is absent, a policy word, or the
/// name of a foe (an error for an ally or a name nobody has, listing the foes).
pub fn targeting(
    source: &Source,
    entries: &[Entry<'_>],
    me: usize,
    target: Option<&Spanned<String>>,
) -> Result<Targeting, ScenarioError> {
    let Some(t) = target else {
        return Ok(Targeting::Random);
    };
    let name = t.get_ref();
    if let Some((_, policy)) = Targeting::WORDS.iter().find(|(w, _)| w == name) {
        return Ok(*policy);
    }
    let side = entries[me].1.get_ref();
    match entries.iter().position(|(n, _)| n.get_ref() == name) {
        Some(i) if entries[i].1.get_ref() != side => Ok(Targeting::Named(i)),
        Some(_) => Err(source.invalid(
            t.span(),
            "combatant.target",
            format!("\"{name}\" is on the same side; name a foe"),
        )),
        None => {
            let foes: Vec<String> = entries
                .iter()
                .filter(|(_, s)| s.get_ref() != side)
                .map(|(n, _)| format!("\"{}\"", n.get_ref()))
                .collect();
            Err(source.invalid(
                t.span(),
                "combatant.target",
                format!(
                    "\"{name}\" names nobody; allowed: \"random\", \"weakest\", \"focus\" or a \
                     foe's name ({})",
                    foes.join(", ")
                ),
            ))
        }
    }
}
