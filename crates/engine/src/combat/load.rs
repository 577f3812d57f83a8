//! Reading a fight from a scenario, shared by every system's schema: the roster (names and
//! sides, with an error naming the line for an empty or repeated name, too many combatants or
//! a single side), each combatant's `target` policy or foe name, and `[run] max_rounds` (the
//! one default round limit, validated here for every system, and refused where a scenario
//! has no rounds), and the `[aftermath]` keys every system shares (`allies`, `foes`).

use super::{Allies, Below, Care, MAX_FIGHTERS, Patients, Profile, Roster, RosterError, Targeting};
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::keys::Reader;
use oddsmith_scenario::keys::common::RUN;
use oddsmith_scenario::{Document, Source, Spanned};
use std::ops::Range;

/// A fight's round limit: `[run] max_rounds` read against its declaration
/// ([`oddsmith_scenario::keys::common::RUN`]: the one place its range and default are
/// written).
pub fn max_rounds(
    source: &Source,
    max_rounds: Option<&Spanned<i64>>,
) -> Result<u32, ScenarioError> {
    let span = max_rounds.map_or(0..0, Spanned::span);
    let r = RUN.reader(source, "run", span);
    Ok(r.int("max_rounds", max_rounds)? as u32)
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

/// One combatant as written: its `name`, its side, where the side is written (`None` where
/// the table is the side, as Invisible Sun's `[[pc]]` and `[[npc]]` are), and the table's key
/// for messages (`combatant`, `pc`, `npc`).
#[derive(Debug, Clone)]
pub struct Entry<'a> {
    /// The `name` as written.
    pub name: &'a Spanned<String>,
    /// The side's name.
    pub side: &'a str,
    /// Where `side` is written, if anywhere.
    pub side_at: Option<Range<usize>>,
    /// The table's key: `combatant`, `pc`, `npc`.
    pub table: &'static str,
}

impl<'a> Entry<'a> {
    /// A `[[combatant]]` table's `name` and `side`.
    pub fn combatant(name: &'a Spanned<String>, side: &'a Spanned<String>) -> Self {
        Entry {
            name,
            side: side.get_ref(),
            side_at: Some(side.span()),
            table: "combatant",
        }
    }

    /// A table whose key is its side's (`[[pc]]` on side `pcs`).
    pub fn in_table(name: &'a Spanned<String>, table: &'static str, side: &'a str) -> Self {
        Entry {
            name,
            side,
            side_at: None,
            table,
        }
    }
}

/// The roster of `entries` (the tables spanning `list`), or the error that names the
/// offending line: an empty or repeated name, too many combatants, a single side.
pub fn roster<'a>(
    source: &Source,
    list: Range<usize>,
    entries: impl IntoIterator<Item = Entry<'a>>,
) -> Result<Roster, ScenarioError> {
    let entries: Vec<Entry<'a>> = entries.into_iter().collect();
    let name_key = |i: usize| format!("{}.name", entries[i].table);
    match Roster::new(entries.iter().map(|e| (e.name.get_ref().as_str(), e.side))) {
        Ok(r) => Ok(r),
        Err(RosterError::EmptyName(i)) => {
            Err(source.invalid(entries[i].name.span(), name_key(i), "must not be empty"))
        }
        Err(RosterError::DuplicateName(i)) => {
            let name = entries[i].name.get_ref();
            // A name the file does not write came with a `use` (a library's or an include's
            // template): say how to take it twice.
            let hint = if source.is_own(entries[i].name.span().start) {
                String::new()
            } else {
                format!(
                    "; it comes with `use = \"{name}\"`: give each table its own `name = \"…\"`, \
                     or write one table with `count = N` (named \"{name} 1\", \"{name} 2\", …)"
                )
            };
            Err(source.invalid(
                entries[i].name.span(),
                name_key(i),
                format!("\"{name}\" is used twice; every combatant needs its own name{hint}"),
            ))
        }
        Err(RosterError::TooMany) => Err(source.invalid(
            entries[MAX_FIGHTERS].name.span(),
            entries[MAX_FIGHTERS].table,
            format!(
                "{} combatants; at most {MAX_FIGHTERS} fit one fight",
                entries.len()
            ),
        )),
        Err(RosterError::OneSide) => {
            // At the last side written in the scenario itself (not a template's from the
            // library or an include): the one most likely meant to differ.
            let own = |e: &&Entry<'_>| e.side_at.as_ref().is_some_and(|s| source.is_own(s.start));
            let at = entries.iter().rev().find(own).or(entries.last());
            Err(source.invalid(
                at.and_then(|e| e.side_at.clone()).unwrap_or(list),
                at.map_or("combatant".into(), |e| format!("{}.side", e.table)),
                format!(
                    "every combatant is on side \"{}\"; a fight needs at least two sides",
                    at.map_or("", |e| e.side)
                ),
            ))
        }
    }
}

/// A combatant's tactic keys as written: `tactics`, `protect_below`, `cautious_below`.
#[derive(Debug, Clone, Copy, Default)]
pub struct TacticKeys<'a> {
    /// `tactics`.
    pub tactics: Option<&'a Spanned<String>>,
    /// `protect_below`.
    pub protect_below: Option<&'a Spanned<f64>>,
    /// `cautious_below`.
    pub cautious_below: Option<&'a Spanned<f64>>,
}

/// How a combatant plays, read from its tactic keys ([`tactics`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plays {
    /// Its profile (`tactics`).
    pub profile: Profile,
    /// The targeting it plays with: its `target` under a profile that keeps it.
    pub target: Targeting,
    /// `protect_below`.
    pub protect_below: Below,
    /// `cautious_below`.
    pub cautious_below: Below,
}

impl Plays {
    /// `by_the_book` with `target`, every threshold at its default (one half).
    pub fn by_the_book(target: Targeting) -> Self {
        Plays {
            profile: Profile::ByTheBook,
            target,
            protect_below: Below(500),
            cautious_below: Below(500),
        }
    }
}

/// Combatant `me`'s tactic profile and thresholds (its tactic keys, read by `r` from the
/// table that declares them) and the targeting policy it plays with: its `target`
/// ([`targeting`], `key` names it in messages) under a profile that keeps it, the profile's
/// own otherwise.
pub fn tactics(
    r: &Reader<'_>,
    (roster, me): (&Roster, usize),
    key: &str,
    target: Option<&Spanned<String>>,
    written: TacticKeys<'_>,
) -> Result<Plays, ScenarioError> {
    let profile = r.word("tactics", written.tactics, &Profile::WORDS)?;
    let by_the_book = targeting(r.source(), roster, me, key, target)?;
    Ok(Plays {
        profile,
        target: profile.targeting(by_the_book),
        protect_below: Below::of(r.number("protect_below", written.protect_below)?),
        cautious_below: Below::of(r.number("cautious_below", written.cautious_below)?),
    })
}

/// Combatant `me`'s targeting (`key` names it in messages): `"random"` when `target` is
/// absent, a policy word, or the name of a foe (an error for an ally or a name nobody has,
/// listing the foes).
pub fn targeting(
    source: &Source,
    roster: &Roster,
    me: usize,
    key: &str,
    target: Option<&Spanned<String>>,
) -> Result<Targeting, ScenarioError> {
    let Some(t) = target else {
        return Ok(Targeting::Random);
    };
    let name = t.get_ref();
    if let Some((_, policy)) = Targeting::WORDS.iter().find(|(w, _)| w == name) {
        return Ok(*policy);
    }
    let side = roster.side_of(me);
    match roster.index_of(name) {
        Some(i) if roster.side_of(i) != side => Ok(Targeting::Named(i)),
        Some(_) => Err(source.invalid(
            t.span(),
            key,
            format!("\"{name}\" is on the same side; name a foe"),
        )),
        None => {
            let foes: Vec<String> = (0..roster.len())
                .filter(|&i| roster.side_of(i) != side)
                .map(|i| format!("\"{}\"", roster.names()[i]))
                .collect();
            Err(source.invalid(
                t.span(),
                key,
                format!(
                    "\"{name}\" names nobody{}; allowed: \"random\", \"weakest\", \"focus\" \
                     or a foe's name ({})",
                    oddsmith_scenario::hint::did_you_mean_value(
                        name,
                        (0..roster.len())
                            .filter(|&i| roster.side_of(i) != side)
                            .map(|i| roster.names()[i].as_str())
                    ),
                    foes.join(", "),
                ),
            ))
        }
    }
}

/// `[aftermath] allies`, `foes` and `patients` (the keys the systems' `[aftermath]` share,
/// declared in [`oddsmith_scenario::keys::common`]), read by `r`, the system's `[aftermath]`
/// reader: `allies` one of `allies_words` ([`Care::ALLIES`], or
/// [`Care::ALLIES_OR_STABILISE`] where the rules allow it); `patients` is `None` where the
/// system has no such key (nobody tends more than one patient a round there).
pub fn care(
    r: &Reader<'_>,
    allies: Option<&Spanned<String>>,
    foes: Option<&Spanned<String>>,
    patients: Option<&Spanned<String>>,
    allies_words: &[(&str, Allies)],
) -> Result<Care, ScenarioError> {
    Ok(Care {
        allies: r.word("allies", allies, allies_words)?,
        foes: r.word("foes", foes, &Care::FOES)?,
        // Where nobody tends more than one patient a round, the system declares no
        // `patients` and the order never matters.
        patients: if r.declares("patients") {
            r.word("patients", patients, &Care::PATIENTS)?
        } else {
            Patients::MostUrgent
        },
    })
}

/// Refuses `[aftermath]` in a scenario that describes no fight.
pub fn no_aftermath(doc: &Document) -> Result<(), ScenarioError> {
    match doc.get("aftermath") {
        Some(node) => Err(doc.invalid(
            node.span.clone(),
            "aftermath",
            "[aftermath] belongs to a fight: give combatants, or remove it",
        )),
        None => Ok(()),
    }
}
