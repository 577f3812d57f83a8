//! The hazard sections of a `gods-and-monsters` scenario, read into the rule structs of
//! [`crate::systems::gods_and_monsters::hazard`]: `[fall]` (with an optional `[fall.climb]`)
//! and `[chase]` (with `[chase.quarry]` and `[chase.pursuer]`) here, `[ailment]`, `[jump]`
//! and `[march]` in [`single`]. Every key is read against its declaration in
//! `schema/keys.rs`; every error names the file, line, column, key and what is allowed. A
//! climb and the sides of a chase reuse the `[check]` roll keys ([`super::RollSpec`]).

use super::keys::{CHASE, CHASE_PURSUER, CHASE_QUARRY, FALL, FALL_CLIMB};
use super::{RollReader, RollSpec};
use crate::systems::gods_and_monsters::hazard::chase::{Chase, movement_bonus};
use crate::systems::gods_and_monsters::hazard::fall::{
    Climb, Fall, FallRules, Faller, RoundHalf, Start,
};
use crate::systems::gods_and_monsters::roll::obstacle_penalty;
use crate::systems::gods_and_monsters::rules::DeathContest;
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::keys::{Key, Kind, Reader, Table};
use oddsmith_scenario::{Document, Node, NodeValue, Spanned};
use serde::Deserialize;
use serde::de::IgnoredAny;
use std::ops::Range;

/// One hazard table being read: its reader, and where it is named (for a missing key).
struct Section<'a> {
    doc: &'a Document,
    r: Reader<'a>,
    at: Range<usize>,
}

impl Section<'_> {
    fn invalid(&self, span: Range<usize>, name: &str, message: impl Into<String>) -> ScenarioError {
        self.doc.invalid(span, self.r.path(name), message)
    }

    /// `name` is missing, for the reason `why`.
    fn missing(&self, name: &str, why: &str) -> ScenarioError {
        let message = format!(
            "missing key `{name}`: {why}; allowed: {}",
            self.r.key(name).allowed()
        );
        self.invalid(self.at.clone(), name, message)
    }

    /// An integer the hazard needs here though its declaration does not always require it.
    fn needed(
        &self,
        name: &str,
        value: Option<&Spanned<i64>>,
        why: &str,
    ) -> Result<i64, ScenarioError> {
        match value {
            Some(_) => self.r.int(name, value),
            None => Err(self.missing(name, why)),
        }
    }

    /// The sub-table `name` of `node` with the span of its name; `None` when absent.
    fn sub(&self, node: &Node, name: &str) -> Result<Option<(Node, Range<usize>)>, ScenarioError> {
        let Some((key, sub)) = entry(node, name) else {
            return Ok(None);
        };
        match sub.value {
            NodeValue::Table(_) => Ok(Some((sub.clone(), key))),
            _ => Err(self.invalid(sub.span.clone(), name, format!("`{name}` is a table"))),
        }
    }
}

/// The largest value an integer key allows.
fn max_of(key: &Key) -> i64 {
    match key.kind {
        Kind::Int(_, max) => max,
        _ => i64::MAX,
    }
}

/// The value a text key takes when left out.
fn text_default(key: &Key) -> String {
    key.default_text().unwrap_or_default().to_string()
}

/// The entry `key` of a table node with the span of its key.
fn entry<'n>(node: &'n Node, key: &str) -> Option<(Range<usize>, &'n Node)> {
    match &node.value {
        NodeValue::Table(entries) => entries
            .iter()
            .find(|(k, _)| k.get_ref() == key)
            .map(|(k, v)| (k.span(), v)),
        _ => None,
    }
}

/// `node` without the entries `keys`.
fn without(node: &Node, keys: &[&str]) -> Node {
    let mut node = node.clone();
    if let NodeValue::Table(entries) = &mut node.value {
        entries.retain(|(k, _)| !keys.contains(&k.get_ref().as_str()));
    }
    node
}

/// The top-level section `table` declares, with the span of its name.
fn section<'d>(
    doc: &'d Document,
    table: &'static Table,
) -> Result<(Section<'d>, &'d Node), ScenarioError> {
    let (at, node) = entry(doc.root(), table.path).expect("the section is present");
    let s = Section {
        doc,
        r: table.reader(&doc.source, table.path, at.clone()),
        at,
    };
    match node.value {
        NodeValue::Table(_) => Ok((s, node)),
        _ => Err(doc.invalid(
            node.span.clone(),
            table.path,
            format!("`{}` is a table", table.path),
        )),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct FallSpec {
    height: Option<Spanned<i64>>,
    survival: Option<Spanned<i64>>,
    verve: Option<Spanned<i64>>,
    archetypal: Option<bool>,
    endurance: Option<Spanned<i64>>,
    evasion: Option<Spanned<i64>>,
    fortitude: Option<Spanned<i64>>,
    willpower: Option<Spanned<i64>>,
    injuries: Option<Spanned<i64>>,
    round_half: Option<Spanned<String>>,
    verve_spares_injuries: Option<bool>,
    death_bonus: Option<Spanned<i64>>,
    death_contest: Option<Spanned<String>>,
    faint_for_death_roll: Option<bool>,
    /// Read on its own: `[fall.climb]`.
    #[allow(dead_code)]
    climb: Option<IgnoredAny>,
}

/// Reads `[fall]` and `[fall.climb]`.
pub(super) fn fall(doc: &Document) -> Result<Fall, ScenarioError> {
    let (t, node) = section(doc, &FALL)?;
    let r = &t.r;
    let s: FallSpec = doc.read_node(node)?;
    let archetypal = r.bool("archetypal", s.archetypal);
    let injuries = r.int("injuries", s.injuries.as_ref())?;
    let faller = Faller {
        survival: r.int("survival", s.survival.as_ref())?,
        verve: r.int("verve", s.verve.as_ref())?,
        archetypal,
        endurance: r.int("endurance", s.endurance.as_ref())?,
        evasion: r.int("evasion", s.evasion.as_ref())?,
        fortitude: r.int("fortitude", s.fortitude.as_ref())?,
        willpower: r.int("willpower", s.willpower.as_ref())?,
        injuries,
    };
    let rules = FallRules {
        round_half: r.word("round_half", s.round_half.as_ref(), &RoundHalf::WORDS)?,
        verve_spares_injuries: r.bool("verve_spares_injuries", s.verve_spares_injuries),
        death_bonus: r.int("death_bonus", s.death_bonus.as_ref())?,
        death_contest: r.word(
            "death_contest",
            s.death_contest.as_ref(),
            &DeathContest::WORDS,
        )?,
        faint_for_death_roll: r.bool("faint_for_death_roll", s.faint_for_death_roll),
    };
    let start = match (t.sub(node, "climb")?, &s.height) {
        (Some(_), Some(h)) => {
            return Err(t.invalid(
                h.span(),
                "height",
                "a climb gives the wall's height in [fall.climb]; remove fall.height \
                 (a fall from section k of the wall is a fall of 10·(k − 1) feet)",
            ));
        }
        (None, height) => Start::Height(r.int("height", height.as_ref())? as u64),
        (Some((climb, at)), None) => {
            Start::Climb(self::climb(doc, &climb, at, archetypal, injuries)?)
        }
    };
    Ok(Fall::new(faller, rules, start))
}

#[derive(Debug, Deserialize)]
struct HeightSpec {
    height: Option<Spanned<i64>>,
}

/// Reads `[fall.climb]`: `height` and the roll keys its declaration takes; `archetypal` and
/// `injuries` come from `[fall]`.
fn climb(
    doc: &Document,
    node: &Node,
    at: Range<usize>,
    archetypal: bool,
    injuries: i64,
) -> Result<Climb, ScenarioError> {
    let r = RollReader::new(&doc.source, &FALL_CLIMB, FALL_CLIMB.path, at);
    let h: HeightSpec = doc.read_node(node)?;
    let height = r.own.int("height", h.height.as_ref())? as u64;
    let spec: RollSpec = doc.read_node(&without(node, &["height"]))?;
    let obstacle = obstacle_penalty(height as f64 / 10.0);
    Ok(Climb {
        height,
        target: spec.target(&doc.source, &r)? - obstacle - injuries,
        mojo: spec.mojo(&doc.source, &r, archetypal)?,
    })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ChaseSpec {
    max_exchanges: Option<Spanned<i64>>,
    double_if_opponent_cannot_fail: Option<bool>,
    /// Read on their own.
    #[allow(dead_code)]
    quarry: Option<IgnoredAny>,
    #[allow(dead_code)]
    pursuer: Option<IgnoredAny>,
}

#[derive(Debug, Deserialize)]
struct MovementSpec {
    movement: Option<Spanned<i64>>,
}

/// Reads `[chase]`, `[chase.quarry]` and `[chase.pursuer]`.
pub(super) fn chase(doc: &Document) -> Result<Chase, ScenarioError> {
    let (t, node) = section(doc, &CHASE)?;
    let s: ChaseSpec = doc.read_node(node)?;
    let mut sides = Vec::new();
    for (name, table) in [("quarry", &CHASE_QUARRY), ("pursuer", &CHASE_PURSUER)] {
        let Some((side, at)) = t.sub(node, name)? else {
            return Err(t.missing(name, "a chase needs both sides"));
        };
        let r = RollReader::new(&doc.source, table, table.path, at);
        let m: MovementSpec = doc.read_node(&side)?;
        let movement = match &m.movement {
            Some(v) => Some((
                r.own.int("movement", Some(v))?,
                (v.span(), r.own.path("movement")),
            )),
            None => None,
        };
        let spec: RollSpec = doc.read_node(&without(&side, &["movement"]))?;
        sides.push((spec.target(&doc.source, &r)?, movement));
    }
    let pursuer_side = sides.pop().expect("two sides");
    let quarry_side = sides.pop().expect("two sides");
    let (quarry, pursuer) = match (quarry_side, pursuer_side) {
        ((q, Some((mq, _))), (p, Some((mp, _)))) => {
            (q + movement_bonus(mq, mp), p + movement_bonus(mp, mq))
        }
        ((q, None), (p, None)) => (q, p),
        ((_, Some((_, (span, key)))), _) | (_, (_, Some((_, (span, key))))) => {
            return Err(doc.invalid(
                span,
                key,
                "give `movement` on both sides or neither: the faster side gains one per \
                 three points of difference (003:30)",
            ));
        }
    };
    Ok(Chase::new(
        quarry,
        pursuer,
        t.r.int("max_exchanges", s.max_exchanges.as_ref())? as u32,
        t.r.bool(
            "double_if_opponent_cannot_fail",
            s.double_if_opponent_cannot_fail,
        ),
    ))
}

mod single;

#[cfg(test)]
pub(super) use single::{AilmentSpec, JumpSpec, MarchSpec};
pub(super) use single::{ailment, jump, march};

#[cfg(test)]
mod tests;
