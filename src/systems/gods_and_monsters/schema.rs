//! The sections of a `gods-and-monsters` scenario, read into rolls, contests and conflicts:
//! `[check]` (an ability or reaction roll, [`super::roll`]), `[contest]` with
//! `[[contest.side]]` tables ([`super::contest`]), or `[[combatant]]` tables (a conflict,
//! [`super::conflict`]), or a hazard — `[fall]`, `[ailment]`, `[jump]`, `[chase]` or `[march]`
//! ([`super::hazard`], read in `schema/hazard.rs`); one of them per file. The keys and their ranges are documented in
//! those modules and in the README. A contest, for example:
//!
//! ```toml
//! [contest]
//! max_exchanges = 10                       # [10] 1–1000; then the contest is unresolved
//! double_if_opponent_cannot_fail = false   # [false] a side may ask for doubled rolls
//!
//! [[contest.side]]                         # two to eight sides
//! name = "thief"                           # required, unique
//! role = "acting"                          # ["acting"] or "resisting" (at most one side)
//! score = 14                               # and every other [check] roll key
//! ```

mod combatant;
mod hazard;
mod keys;

use super::Loaded;
use super::contest::{Contest, MAX_SIDES, Side};
use super::group::{group_bonus, median};
use super::roll::{DIFFICULTIES, RollCheck, obstacle_penalty};
use crate::error::ScenarioError;
use crate::scenario::{Document, Source, Spanned, int_in_range};
use crate::systems::SystemModule;
use serde::Deserialize;

/// The registry's handle on Gods & Monsters.
pub struct System;

impl SystemModule for System {
    type Loaded = Loaded;
    const SCHEMA: &'static crate::scenario::keys::Schema = &keys::SCHEMA;
    const SECTIONS: &'static [&'static str] = &[
        "check",
        "contest",
        "combatant",
        "conflict",
        "aftermath",
        "fall",
        "ailment",
        "jump",
        "chase",
        "march",
    ];

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

/// The roll keys of `[check]` and of each `[[contest.side]]` (`name` and `role` are for
/// sides only).
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

impl RollSpec {
    /// The number a d20 must not exceed, checked and with every modifier applied. `key` is
    /// the table's dotted path for messages (`check`, `contest.side`).
    fn target(&self, source: &Source, key: &str) -> Result<i64, ScenarioError> {
        let k = |name: &str| format!("{key}.{name}");
        let (score, default_group) = match (&self.score, &self.group_scores) {
            (Some(s), None) => (
                int_in_range(source, Some(s), &k("score"), 0, 40, 0)? as f64,
                1,
            ),
            (None, Some(g)) => match median(g.get_ref()) {
                Some(m) if g.get_ref().iter().all(|v| (0.0..=40.0).contains(v)) => {
                    (m, g.get_ref().len() as i64)
                }
                _ => {
                    return Err(source.invalid(
                        g.span(),
                        k("group_scores"),
                        "give one or more scores, each from 0 to 40",
                    ));
                }
            },
            (Some(s), Some(_)) => {
                return Err(source.invalid(
                    s.span(),
                    k("score"),
                    "give either `score` or `group_scores`, not both",
                ));
            }
            (None, None) => {
                return Err(source.invalid(
                    0..0,
                    k("score"),
                    "missing: give the ability or reaction `score` (0–40) or `group_scores`",
                ));
            }
        };
        let difficulty = match &self.difficulty {
            None => 0,
            Some(d) => {
                let word = d.get_ref().trim().to_lowercase();
                DIFFICULTIES
                    .iter()
                    .find(|(w, _)| *w == word)
                    .map(|(_, m)| *m)
                    .ok_or_else(|| {
                        let allowed: Vec<String> = DIFFICULTIES
                            .iter()
                            .map(|(w, _)| format!("\"{w}\""))
                            .collect();
                        source.invalid(
                            d.span(),
                            k("difficulty"),
                            format!(
                                "unknown difficulty \"{}\"; allowed: {}",
                                d.get_ref(),
                                allowed.join(", ")
                            ),
                        )
                    })?
            }
        };
        let obstacle = match &self.obstacle_size {
            None => 0,
            Some(o) if *o.get_ref() >= 1.0 && *o.get_ref() <= 1e9 => obstacle_penalty(*o.get_ref()),
            Some(o) => {
                return Err(source.invalid(
                    o.span(),
                    k("obstacle_size"),
                    format!(
                        "{} is out of range; allowed: a size from 1 to 1e9",
                        o.get_ref()
                    ),
                ));
            }
        };
        let group = int_in_range(
            source,
            self.group_size.as_ref(),
            &k("group_size"),
            1,
            1 << 20,
            default_group,
        )?;
        let total = score
            + (int_in_range(source, self.bonus.as_ref(), &k("bonus"), 0, 40, 0)?
                - int_in_range(source, self.penalty.as_ref(), &k("penalty"), 0, 40, 0)?
                + difficulty
                - obstacle
                + int_in_range(source, self.careful.as_ref(), &k("careful"), 0, 2, 0)?
                - int_in_range(source, self.injuries.as_ref(), &k("injuries"), 0, 99, 0)?
                + group_bonus(group as u64)) as f64;
        Ok(total.floor() as i64)
    }

    /// The mojo pool, checked against `archetypal`.
    fn mojo(&self, source: &Source, key: &str) -> Result<u64, ScenarioError> {
        let mojo = int_in_range(
            source,
            self.mojo.as_ref(),
            &format!("{key}.mojo"),
            0,
            1000,
            0,
        )?;
        match &self.mojo {
            Some(m) if mojo > 0 && !self.archetypal.unwrap_or(false) => Err(source.invalid(
                m.span(),
                format!("{key}.mojo"),
                "mojo may be bid only on archetypal rolls; add `archetypal = true` or remove mojo",
            )),
            _ => Ok(mojo as u64),
        }
    }
}

/// Reads `[check]`.
fn roll(doc: &Document, c: &RollSpec) -> Result<RollCheck, ScenarioError> {
    let source = &doc.source;
    for (field, what) in [(&c.name, "name"), (&c.role, "role")] {
        if let Some(f) = field {
            return Err(source.invalid(
                f.span(),
                format!("check.{what}"),
                "`name` and `role` belong to contest sides, not to a [check]",
            ));
        }
    }
    Ok(RollCheck::new(
        c.target(source, "check")?,
        c.mojo(source, "check")?,
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
        let resisting = match spec.role.as_ref().map(|r| (r, r.get_ref().as_str())) {
            None | Some((_, "acting")) => false,
            Some((_, "resisting")) => true,
            Some((r, other)) => {
                return Err(source.invalid(
                    r.span(),
                    "contest.side.role",
                    format!("unknown role \"{other}\"; allowed: \"acting\", \"resisting\""),
                ));
            }
        };
        if resisting && sides.iter().any(|s| s.resisting) {
            return Err(source.invalid(
                name.span(),
                "contest.side.role",
                "only one side may be resisting",
            ));
        }
        if let Some(m) = &spec.mojo {
            return Err(source.invalid(
                m.span(),
                "contest.side.mojo",
                "mojo bids are modelled on single rolls ([check]), not in contests",
            ));
        }
        sides.push(Side {
            name: name.get_ref().clone(),
            resisting,
            target: spec.target(source, "contest.side")?,
        });
    }
    let max_exchanges = int_in_range(
        source,
        c.max_exchanges.as_ref(),
        "contest.max_exchanges",
        1,
        1000,
        10,
    )? as u32;
    Ok(Contest::new(
        sides,
        max_exchanges,
        c.double_if_opponent_cannot_fail.unwrap_or(false),
    ))
}
