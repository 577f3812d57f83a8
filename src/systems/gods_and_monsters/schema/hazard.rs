//! The hazard sections of a `gods-and-monsters` scenario, read into the rule structs of
//! [`crate::systems::gods_and_monsters::hazard`]: `[fall]` (with an optional `[fall.climb]`)
//! and `[chase]` (with `[chase.quarry]` and `[chase.pursuer]`) here, `[ailment]`, `[jump]`
//! and `[march]` in [`single`]. The keys, defaults and ranges are listed in the README;
//! every error names the file, line, column, key and what is allowed. A climb and the sides
//! of a chase reuse the `[check]` roll keys ([`super::RollSpec`]).

use super::RollSpec;
use crate::error::ScenarioError;
use crate::scenario::fields::one_of;
use crate::scenario::{Document, Node, NodeValue, Spanned, int_in_range};
use crate::systems::gods_and_monsters::hazard::chase::{Chase, movement_bonus};
use crate::systems::gods_and_monsters::hazard::fall::{
    Climb, Fall, FallRules, Faller, RoundHalf, Start,
};
use crate::systems::gods_and_monsters::roll::obstacle_penalty;
use crate::systems::gods_and_monsters::rules::DeathContest;
use serde::Deserialize;
use serde::de::IgnoredAny;
use std::ops::Range;

/// One table of the file, for reading its keys with their dotted paths in messages.
struct Table<'a> {
    doc: &'a Document,
    /// Dotted path (`fall`, `fall.climb`).
    path: &'a str,
    /// Where the table is named, for a missing key.
    at: Range<usize>,
}

impl Table<'_> {
    fn key(&self, name: &str) -> String {
        format!("{}.{name}", self.path)
    }

    /// An optional integer in `min..=max`.
    fn int(
        &self,
        v: &Option<Spanned<i64>>,
        name: &str,
        (min, max): (i64, i64),
        default: i64,
    ) -> Result<i64, ScenarioError> {
        int_in_range(
            &self.doc.source,
            v.as_ref(),
            &self.key(name),
            min,
            max,
            default,
        )
    }

    /// A required integer in `min..=max`.
    fn need(
        &self,
        v: &Option<Spanned<i64>>,
        name: &str,
        (min, max): (i64, i64),
        what: &str,
    ) -> Result<i64, ScenarioError> {
        match v {
            Some(_) => self.int(v, name, (min, max), 0),
            None => Err(self.missing(name, &format!("{what}, an integer from {min} to {max}"))),
        }
    }

    fn missing(&self, name: &str, what: &str) -> ScenarioError {
        let message = format!("missing: `{}` needs `{name}` ({what})", self.path);
        self.doc.invalid(self.at.clone(), self.key(name), message)
    }

    fn word<T: Copy>(
        &self,
        v: &Option<Spanned<String>>,
        name: &str,
        allowed: &[(&str, T)],
        default: T,
    ) -> Result<T, ScenarioError> {
        one_of(
            &self.doc.source,
            v.as_ref(),
            &self.key(name),
            allowed,
            default,
        )
    }

    fn invalid(&self, span: Range<usize>, name: &str, message: impl Into<String>) -> ScenarioError {
        self.doc.invalid(span, self.key(name), message)
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

/// The top-level section `name` as a table, with the span of its name.
fn section<'d>(doc: &'d Document, name: &'d str) -> Result<(Table<'d>, &'d Node), ScenarioError> {
    let (at, node) = entry(doc.root(), name).expect("the section is present");
    let table = Table {
        doc,
        path: name,
        at,
    };
    match node.value {
        NodeValue::Table(_) => Ok((table, node)),
        _ => Err(table.invalid(node.span.clone(), name, format!("`{name}` is a table"))),
    }
}

/// Scores are 0–40.
const SCORE: (i64, i64) = (0, 40);
/// Injury points a character may start with.
const INJURIES: (i64, i64) = (0, 99);
/// Modifiers (bonus, penalty).
const MODIFIER: (i64, i64) = (0, 40);
/// Heights in feet.
const HEIGHT: (i64, i64) = (1, 100_000);

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct FallSpec {
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
    let (t, node) = section(doc, "fall")?;
    let s: FallSpec = doc.read_node(node)?;
    let archetypal = s.archetypal.unwrap_or(false);
    let injuries = t.int(&s.injuries, "injuries", INJURIES, 0)?;
    let faller = Faller {
        survival: t.need(&s.survival, "survival", (0, 10_000), "survival points")?,
        verve: t.int(&s.verve, "verve", (0, 10_000), 0)?,
        archetypal,
        endurance: t.need(&s.endurance, "endurance", (1, 40), "endurance")?,
        evasion: t.need(&s.evasion, "evasion", SCORE, "evasion")?,
        fortitude: t.need(&s.fortitude, "fortitude", SCORE, "fortitude")?,
        willpower: t.need(&s.willpower, "willpower", SCORE, "willpower")?,
        injuries,
    };
    let d = FallRules::default();
    let rules = FallRules {
        round_half: t.word(&s.round_half, "round_half", &RoundHalf::WORDS, d.round_half)?,
        verve_spares_injuries: s.verve_spares_injuries.unwrap_or(d.verve_spares_injuries),
        death_bonus: t.int(&s.death_bonus, "death_bonus", MODIFIER, 0)?,
        death_contest: t.word(
            &s.death_contest,
            "death_contest",
            &DeathContest::WORDS,
            d.death_contest,
        )?,
        faint_for_death_roll: s.faint_for_death_roll.unwrap_or(d.faint_for_death_roll),
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
        (None, None) => {
            return Err(t.missing("height", "feet, 1 to 100000; or a [fall.climb] table"));
        }
        (None, Some(_)) => Start::Height(t.int(&s.height, "height", HEIGHT, 1)? as u64),
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

/// Reads `[fall.climb]`: the `[check]` keys `score`, `bonus`, `penalty`, `difficulty`,
/// `careful` and `mojo`, and `height`.
fn climb(
    doc: &Document,
    node: &Node,
    at: Range<usize>,
    archetypal: bool,
    injuries: i64,
) -> Result<Climb, ScenarioError> {
    let t = Table {
        doc,
        path: "fall.climb",
        at,
    };
    let h: HeightSpec = doc.read_node(node)?;
    need_score(&t, node)?;
    let height = t.need(&h.height, "height", HEIGHT, "the wall's height in feet")? as u64;
    refuse(
        &t,
        node,
        &[
            "name",
            "role",
            "group_scores",
            "obstacle_size",
            "injuries",
            "group_size",
            "archetypal",
        ],
        "not a climb key; allowed: height, score, bonus, penalty, difficulty, careful, mojo (the \
         obstacle penalty comes from the height, injuries and archetypal from [fall])",
    )?;
    let mut spec: RollSpec = doc.read_node(&without(node, &["height"]))?;
    spec.archetypal = Some(archetypal);
    let obstacle = obstacle_penalty(height as f64 / 10.0);
    Ok(Climb {
        height,
        target: spec.target(&doc.source, "fall.climb")? - obstacle - injuries,
        mojo: spec.mojo(&doc.source, "fall.climb")?,
    })
}

/// A roll table needs `score` or `group_scores`.
fn need_score(t: &Table, node: &Node) -> Result<(), ScenarioError> {
    match (entry(node, "score"), entry(node, "group_scores")) {
        (None, None) => Err(t.missing("score", "the ability score, 0 to 40, or group_scores")),
        _ => Ok(()),
    }
}

/// Refuses the first of `keys` that `node` has, with `message`.
fn refuse(t: &Table, node: &Node, keys: &[&str], message: &str) -> Result<(), ScenarioError> {
    match keys
        .iter()
        .find_map(|k| entry(node, k).map(|(at, _)| (k, at)))
    {
        Some((key, at)) => Err(t.invalid(at, key, message)),
        None => Ok(()),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ChaseSpec {
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
    let (t, node) = section(doc, "chase")?;
    let s: ChaseSpec = doc.read_node(node)?;
    let mut sides = Vec::new();
    for name in ["quarry", "pursuer"] {
        let Some((side, at)) = t.sub(node, name)? else {
            return Err(t.missing(name, "a table of [check] roll keys and `movement`"));
        };
        let path = format!("chase.{name}");
        let st = Table {
            doc,
            path: &path,
            at,
        };
        need_score(&st, &side)?;
        let m: MovementSpec = doc.read_node(&side)?;
        let movement = match &m.movement {
            Some(v) => Some((
                st.int(&m.movement, "movement", (0, 1000), 0)?,
                (v.span(), st.key("movement")),
            )),
            None => None,
        };
        refuse(
            &st,
            &side,
            &["mojo", "archetypal", "name", "role"],
            "not a chase key; allowed: the [check] roll keys but mojo and archetypal (bids are \
             modelled on single rolls), and movement",
        )?;
        let spec: RollSpec = doc.read_node(&without(&side, &["movement"]))?;
        sides.push((spec.target(&doc.source, &path)?, movement));
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
        t.int(&s.max_exchanges, "max_exchanges", (1, 100_000), 100)? as u32,
        s.double_if_opponent_cannot_fail.unwrap_or(false),
    ))
}

mod single;

pub(super) use single::{ailment, jump, march};

#[cfg(test)]
mod tests;
