//! Reading a fight from a scenario, shared by every system's schema: the roster (names and
//! sides, with an error naming the line for an empty or repeated name, too many combatants or
//! a single side), each combatant's `target` policy or foe name, and `[run] max_rounds` (the
//! one default round limit, validated here for every system, and refused where a scenario
//! has no rounds).

use super::{MAX_FIGHTERS, Roster, RosterError, Targeting};
use crate::error::ScenarioError;
use crate::scenario::{Source, Spanned};

/// Round limit of a fight when `[run] max_rounds` is not given.
pub const DEFAULT_MAX_ROUNDS: u32 = 100;

/// The most rounds `[run] max_rounds` may allow.
pub const MOST_ROUNDS: u64 = 100_000;

/// A fight's round limit: `[run] max_rounds` (1 to [`MOST_ROUNDS`]: the one place it is
/// checked), or [`DEFAULT_MAX_ROUNDS`].
pub fn max_rounds(
    source: &Source,
    max_rounds: Option<&Spanned<i64>>,
) -> Result<u32, ScenarioError> {
    match max_rounds {
        None => Ok(DEFAULT_MAX_ROUNDS),
        Some(m) if (1..=MOST_ROUNDS as i64).contains(m.get_ref()) => Ok(*m.get_ref() as u32),
        Some(m) if *m.get_ref() < 1 => Err(source.invalid(
            m.span(),
            "run.max_rounds",
            format!(
                "{} is not allowed; use an integer from 1 to {MOST_ROUNDS}",
                m.get_ref()
            ),
        )),
        Some(m) => Err(source.invalid(
            m.span(),
            "run.max_rounds",
            format!(
                "{} is out of range; allowed: 1 to {MOST_ROUNDS}",
                m.get_ref()
            ),
        )),
    }
}

/// Refuses `[run] max_rounds` in a scenario without rounds, saying `why` ("a single roll
/// has no rounds; remove max_rounds").
pub fn no_rounds(
    source: &Source,
    max_rounds: Option<&Spanned<i64>>,
    why: &str,
) -> Result<(), ScenarioError> {
    match max_rounds {
        Some(m) => Err(source.invalid(m.span(), "run.max_rounds", why.to_string())),
        None => Ok(()),
    }
}

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
