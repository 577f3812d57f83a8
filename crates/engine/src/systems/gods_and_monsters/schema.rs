//! The sections of a `gods-and-monsters` scenario, read into rolls, contests and conflicts:
//! `[check]` (an ability or reaction roll, [`super::roll`]), `[contest]` with
//! `[[contest.side]]` tables ([`super::contest`]), or `[[combatant]]` tables (a conflict,
//! [`super::conflict`]), or a hazard — `[fall]`, `[ailment]`, `[jump]`, `[chase]` or `[march]`
//! ([`super::hazard`], read in `schema/hazard.rs`); one of them per file.
//!
//! Every key of every table is declared once in `schema/keys.rs` (its range, what leaving it
//! out means, its meaning and seed lines); the loaders here read each value through those
//! declarations and check by hand only what depends on other keys.

mod combatant;
mod day;
mod hazard;
mod keys;

use super::Loaded;
use super::contest::{Contest, MAX_SIDES, Side};
use super::group::{group_bonus, median};
use super::roll::{DIFFICULTIES, RollCheck, obstacle_penalty};
use crate::systems::SystemModule;
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::keys::{Kind, Reader, Table};
use oddsmith_scenario::{Document, Source, Spanned};
use serde::Deserialize;
use std::ops::Range;

/// The registry's handle on Gods & Monsters.
pub struct System;

impl SystemModule for System {
    type Loaded = Loaded;
    const SCHEMA: &'static oddsmith_scenario::keys::Schema = &keys::SCHEMA;
    const HAZARDS: &'static [&'static str] =
        &crate::systems::gods_and_monsters::day::hazard::HAZARDS;

    fn day(
        plan: &oddsmith_scenario::day::Plan,
        fights: Vec<Option<Loaded>>,
    ) -> Result<Loaded, ScenarioError> {
        day::day(plan, fights)
    }

    fn load(doc: &Document, max_rounds: Option<Spanned<i64>>) -> Result<Loaded, ScenarioError> {
        if let (Some(c), None) = (doc.get("conflict"), doc.get("combatant")) {
            return Err(doc.invalid(
                c.span.clone(),
                "conflict",
                "[conflict] holds the Guide's choices for a fight; it needs [[combatant]] tables",
            ));
        }
        let mut present: Vec<(&str, std::ops::Range<usize>)> = KINDS
            .iter()
            .filter_map(|k| doc.get(k).map(|n| (*k, n.span.clone())))
            .collect();
        // The second in the file is the one named.
        present.sort_by_key(|(_, span)| span.start);
        let no_rounds = |why: &str| {
            crate::combat::load::no_rounds(&doc.source, max_rounds.as_ref(), why)?;
            crate::combat::load::no_aftermath(doc)
        };
        match present.as_slice() {
            [("check", _)] => {
                no_rounds("a single roll has no rounds; remove max_rounds")?;
                let spec: RollSpec = doc.section("check")?.expect("present");
                Ok(Loaded::Roll(roll(doc, &spec)?))
            }
            [("contest", _)] => {
                no_rounds("a contest counts exchanges, not rounds; use contest.max_exchanges")?;
                let spec: ContestSpec = doc.section("contest")?.expect("present");
                Ok(Loaded::Contest(Box::new(contest(doc, &spec)?)))
            }
            [("combatant", _)] => Ok(Loaded::Conflict(Box::new(combatant::conflict(
                doc, max_rounds,
            )?))),
            [(kind, _)] => {
                no_rounds("a hazard has no rounds; remove max_rounds")?;
                Ok(match *kind {
                    "fall" => Loaded::Fall(Box::new(hazard::fall(doc)?)),
                    "ailment" => Loaded::Ailment(Box::new(hazard::ailment(doc)?)),
                    "jump" => Loaded::Jump(Box::new(hazard::jump(doc)?)),
                    "chase" => Loaded::Chase(Box::new(hazard::chase(doc)?)),
                    _ => Loaded::March(Box::new(hazard::march(doc)?)),
                })
            }
            [] => Err(doc.invalid(
                0..0,
                "check",
                format!(
                    "a gods-and-monsters scenario needs one of {}: a roll, a contested action, \
                     a conflict or a hazard",
                    KIND_NAMES
                ),
            )),
            [_, (key, span), ..] => Err(doc.invalid(
                span.clone(),
                *key,
                format!("a scenario describes one thing: use only one of {KIND_NAMES}"),
            )),
        }
    }
}

/// The sections that each make a scenario of their own kind, one per file.
const KINDS: [&str; 8] = [
    "check",
    "contest",
    "combatant",
    "fall",
    "ailment",
    "jump",
    "chase",
    "march",
];

/// [`KINDS`] as a scenario writes them.
const KIND_NAMES: &str =
    "[check], [contest], [[combatant]], [fall], [ailment], [jump], [chase] or [march]";

/// The roll keys of `[check]` and of every table that makes a roll (`[[contest.side]]`,
/// `[fall.climb]`, `[chase.quarry]`, `[chase.pursuer]`; `name` and `role` are for contest
/// sides only): each table takes those its declaration lists.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RollSpec {
    name: Option<Spanned<String>>,
    role: Option<Spanned<String>>,
    score: Option<Spanned<i64>>,
    group_scores: Option<Spanned<Vec<f64>>>,
    bonus: Option<Spanned<i64>>,
    penalty: Option<Spanned<i64>>,
    difficulty: Option<Spanned<String>>,
    obstacle_size: Option<Spanned<f64>>,
    careful: Option<Spanned<i64>>,
    injuries: Option<Spanned<i64>>,
    group_size: Option<Spanned<i64>>,
    archetypal: Option<bool>,
    mojo: Option<Spanned<i64>>,
}

/// Reads the roll keys of one table against its declarations. A roll key the table does not
/// take cannot be written there (the registry refuses it before the system loads), so it is
/// read as absent from `[check]`: at the value `[check]` declares for leaving it out.
struct RollReader<'a> {
    table: &'static Table,
    own: Reader<'a>,
    check: Reader<'a>,
}

impl<'a> RollReader<'a> {
    /// Reads `table`, naming keys `at.KEY`; a missing key is reported at `span`.
    fn new(source: &'a Source, table: &'static Table, at: &str, span: Range<usize>) -> Self {
        Self {
            table,
            own: table.reader(source, at, span.clone()),
            check: keys::CHECK.reader(source, at, span),
        }
    }

    /// The reader that declares `name`.
    fn of(&self, name: &str) -> &Reader<'a> {
        match self.table.key(name) {
            Some(_) => &self.own,
            None => &self.check,
        }
    }

    fn int(&self, name: &str, value: Option<&Spanned<i64>>) -> Result<i64, ScenarioError> {
        self.of(name).int(name, value)
    }
}

impl RollSpec {
    /// The number a d20 must not exceed, checked and with every modifier applied.
    fn target(&self, source: &Source, r: &RollReader) -> Result<i64, ScenarioError> {
        let (score, default_group) = match (&self.score, &self.group_scores) {
            (Some(s), Some(_)) => {
                return Err(source.invalid(
                    s.span(),
                    r.own.path("score"),
                    "give either `score` or `group_scores`, not both",
                ));
            }
            (None, Some(g)) => {
                // Each member's score takes what `score` does.
                let in_range = match r.of("score").key("score").kind {
                    Kind::Int(min, max) => g
                        .get_ref()
                        .iter()
                        .all(|v| (min as f64..=max as f64).contains(v)),
                    _ => true,
                };
                match median(g.get_ref()) {
                    Some(m) if in_range => (m, g.get_ref().len() as i64),
                    _ => {
                        return Err(source.invalid(
                            g.span(),
                            r.own.path("group_scores"),
                            format!(
                                "give one or more scores; allowed: {}",
                                r.of("group_scores").key("group_scores").allowed()
                            ),
                        ));
                    }
                }
            }
            // One character: a group of one.
            (score, None) => (r.int("score", score.as_ref())? as f64, 1),
        };
        // The book's words in any case and spacing ("A snap").
        let difficulty = self
            .difficulty
            .as_ref()
            .map(|d| Spanned::new(d.span(), d.get_ref().trim().to_lowercase()));
        let difficulty =
            r.of("difficulty")
                .word("difficulty", difficulty.as_ref(), &DIFFICULTIES)?;
        let obstacle = obstacle_penalty(
            r.of("obstacle_size")
                .number("obstacle_size", self.obstacle_size.as_ref())?,
        );
        let group = r
            .of("group_size")
            .opt_int("group_size", self.group_size.as_ref())?
            .unwrap_or(default_group);
        let total = score
            + (r.int("bonus", self.bonus.as_ref())? - r.int("penalty", self.penalty.as_ref())?
                + difficulty
                - obstacle
                + r.int("careful", self.careful.as_ref())?
                - r.int("injuries", self.injuries.as_ref())?
                + group_bonus(group as u64)) as f64;
        Ok(total.floor() as i64)
    }

    /// The mojo pool; a bid needs an `archetypal` roll.
    fn mojo(
        &self,
        source: &Source,
        r: &RollReader,
        archetypal: bool,
    ) -> Result<u64, ScenarioError> {
        let mojo = r.int("mojo", self.mojo.as_ref())?;
        match &self.mojo {
            Some(m) if mojo > 0 && !archetypal => Err(source.invalid(
                m.span(),
                r.own.path("mojo"),
                "mojo may be bid only on archetypal rolls; add `archetypal = true` or remove mojo",
            )),
            _ => Ok(mojo as u64),
        }
    }
}

/// Reads `[check]`.
fn roll(doc: &Document, c: &RollSpec) -> Result<RollCheck, ScenarioError> {
    let source = &doc.source;
    let span = doc.get("check").map_or(0..0, |n| n.span.clone());
    let r = RollReader::new(source, &keys::CHECK, "check", span);
    let archetypal = r.own.bool("archetypal", c.archetypal);
    Ok(RollCheck::new(
        c.target(source, &r)?,
        c.mojo(source, &r, archetypal)?,
    ))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContestSpec {
    max_exchanges: Option<Spanned<i64>>,
    double_if_opponent_cannot_fail: Option<bool>,
    side: Spanned<Vec<RollSpec>>,
}

/// Reads `[contest]`.
fn contest(doc: &Document, c: &ContestSpec) -> Result<Contest, ScenarioError> {
    let source = &doc.source;
    let r = keys::CONTEST.section_reader(doc);
    let specs = c.side.get_ref();
    if !(2..=MAX_SIDES).contains(&specs.len()) {
        return Err(source.invalid(
            c.side.span(),
            "contest.side",
            format!(
                "{} side(s); a contest needs 2 to {MAX_SIDES} [[contest.side]] tables",
                specs.len()
            ),
        ));
    }
    let mut sides: Vec<Side> = Vec::new();
    for spec in specs {
        let side = RollReader::new(source, &keys::CONTEST_SIDE, "contest.side", c.side.span());
        let Some(name) = &spec.name else {
            return Err(source.invalid(
                c.side.span(),
                "contest.side.name",
                "every side needs a `name`",
            ));
        };
        if sides.iter().any(|s| &s.name == name.get_ref()) {
            return Err(source.invalid(
                name.span(),
                "contest.side.name",
                format!(
                    "\"{}\" is used twice; every side needs its own name",
                    name.get_ref()
                ),
            ));
        }
        let resisting = side.own.word("role", spec.role.as_ref(), &keys::ROLES)?;
        if resisting && sides.iter().any(|s| s.resisting) {
            return Err(source.invalid(
                name.span(),
                "contest.side.role",
                "only one side may be resisting",
            ));
        }
        sides.push(Side {
            name: name.get_ref().clone(),
            resisting,
            target: spec.target(source, &side)?,
        });
    }
    let max_exchanges = r.int("max_exchanges", c.max_exchanges.as_ref())? as u32;
    Ok(Contest::new(
        sides,
        max_exchanges,
        r.bool(
            "double_if_opponent_cannot_fail",
            c.double_if_opponent_cannot_fail,
        ),
    ))
}
