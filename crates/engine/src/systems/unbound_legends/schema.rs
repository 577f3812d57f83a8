//! The sections of an `unbound-legends` scenario, one shape per file: `[check]` (a skill
//! check, an attack roll with an optional `[check.defense]`, or death saves), `[contest]`
//! with two `[[contest.side]]` tables, `[group]` with `[[group.member]]` tables, or a fight of
//! `[[combatant]]` tables ([`combatant`]) with `[aftermath]`, or a day of such fights
//! (`[day]`, [`day`]); `[rules]` holds the table-wide readings. Every key, with what it takes, what leaving it out means and its seed lines, is
//! declared once in [`keys`]; each value is read through those declarations, and only what
//! depends on other keys (which keys a roll takes, a side's name, a group's count) is
//! checked here by hand.

mod combatant;
mod day;
mod keys;
#[cfg(test)]
mod tests;

use super::Loaded;
use super::attack::{Against, AttackRoll, AttackRules, Defense, DefenseKind, MinorBand};
use super::contest::Contest;
use super::d20::Edge;
use super::fighter::{FightRules, InstantDeath};
use super::group::{GroupRoll, MAX_MEMBERS};
use super::roll::{Check, Roller};
use super::saves::DeathSaves;
use crate::systems::SystemModule;
use keys::{AFTERMATH, CHECK, CHECK_DEFENSE, CONTEST, GROUP, MEMBER, RULES, SIDE};
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::keys::{Key, Reader};
use oddsmith_scenario::{Document, Source, Spanned};
use serde::Deserialize;
use std::ops::Range;

/// `[check]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CheckSpec {
    roll: Option<Spanned<String>>,
    target: Option<Spanned<i64>>,
    attribute: Option<Spanned<i64>>,
    skill_rank: Option<Spanned<i64>>,
    boost: Option<Spanned<i64>>,
    modifier: Option<Spanned<i64>>,
    advantage: Option<Spanned<i64>>,
    disadvantage: Option<Spanned<i64>>,
    help: Option<bool>,
    defense: Option<DefenseSpec>,
}

/// A `[[contest.side]]` or `[[group.member]]`: a name and the roll keys.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct EntrySpec {
    name: Option<Spanned<String>>,
    attribute: Option<Spanned<i64>>,
    skill_rank: Option<Spanned<i64>>,
    boost: Option<Spanned<i64>>,
    modifier: Option<Spanned<i64>>,
    advantage: Option<Spanned<i64>>,
    disadvantage: Option<Spanned<i64>>,
    help: Option<bool>,
}

/// The roll keys of a `[check]` or an entry, as written.
struct RollKeys<'a> {
    attribute: Option<&'a Spanned<i64>>,
    skill_rank: Option<&'a Spanned<i64>>,
    boost: Option<&'a Spanned<i64>>,
    modifier: Option<&'a Spanned<i64>>,
    advantage: Option<&'a Spanned<i64>>,
    disadvantage: Option<&'a Spanned<i64>>,
    help: Option<bool>,
}

/// The roll keys of a spec struct (each lists them under the same names).
macro_rules! roll_keys {
    ($s:expr) => {
        RollKeys {
            attribute: $s.attribute.as_ref(),
            skill_rank: $s.skill_rank.as_ref(),
            boost: $s.boost.as_ref(),
            modifier: $s.modifier.as_ref(),
            advantage: $s.advantage.as_ref(),
            disadvantage: $s.disadvantage.as_ref(),
            help: $s.help,
        }
    };
}

/// `[check.defense]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DefenseSpec {
    kind: Spanned<String>,
    bonus: Option<Spanned<i64>>,
    rank: Option<Spanned<i64>>,
    advantage: Option<Spanned<i64>>,
    disadvantage: Option<Spanned<i64>>,
}

/// `[rules]`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct RulesSpec {
    natural_rules_on_checks: Option<bool>,
    crit_margin: Option<Spanned<i64>>,
    minor_failure_width: Option<Spanned<String>>,
    reroll_ap_each_round: Option<bool>,
    instant_death: Option<Spanned<String>>,
    stabilised_rejoins: Option<bool>,
    attack_downed: Option<bool>,
    winners_stabilise: Option<Spanned<bool>>,
}

/// `[contest]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ContestSpec {
    status_quo: Option<Spanned<String>>,
    side: Spanned<Vec<EntrySpec>>,
}

/// `[group]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct GroupSpec {
    target: Spanned<i64>,
    required: Option<Spanned<toml::Value>>,
    member: Spanned<Vec<EntrySpec>>,
}

/// The registry's handle on Unbound Legends.
pub struct System;

/// What a `[check]` rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RollKind {
    Skill,
    Attack,
    DeathSaves,
}

/// The values of `[check] roll`.
const ROLLS: [(&str, RollKind); 3] = [
    ("skill", RollKind::Skill),
    ("attack", RollKind::Attack),
    ("death_saves", RollKind::DeathSaves),
];

/// The values of `[rules] minor_failure_width`.
const MINOR_BANDS: [(&str, MinorBand); 2] = [
    ("rank", MinorBand::Rank),
    ("rank_minus_1", MinorBand::RankMinus1),
];

/// The declared value of a key the loader checks by hand, when it is left out (as written,
/// without quotes).
fn declared(key: &Key) -> &'static str {
    key.default_text().unwrap_or_default()
}

/// Where `key` of the section `section` is written, else where the section is.
fn span_of(doc: &Document, section: &str, key: Option<&str>) -> Range<usize> {
    let node = doc.get(section);
    key.and_then(|k| node.and_then(|n| n.get(k)))
        .or(node)
        .map_or(0..0, |n| n.span.clone())
}

impl SystemModule for System {
    type Loaded = Loaded;
    const SCHEMA: &'static oddsmith_scenario::keys::Schema = &keys::SCHEMA;

    fn load(doc: &Document, max_rounds: Option<Spanned<i64>>) -> Result<Loaded, ScenarioError> {
        let rules = rules(doc)?;
        let present: Vec<(&str, Range<usize>)> = ["check", "contest", "group", "combatant"]
            .iter()
            .filter_map(|k| doc.get(k).map(|n| (*k, n.span.clone())))
            .collect();
        if !matches!(present.as_slice(), [("combatant", _)]) {
            let why = "unbound-legends rolls have no rounds; remove max_rounds";
            crate::combat::load::no_rounds(&doc.source, max_rounds.as_ref(), why)?;
            crate::combat::load::no_aftermath(doc)?;
        }
        match present.as_slice() {
            [("combatant", _)] => {
                let list = doc.section("combatant")?.expect("present");
                combatant::conflict(doc, &list, rules.fight, max_rounds)
                    .map(|c| Loaded::Conflict(Box::new(c)))
            }
            [("check", _)] => {
                let spec: CheckSpec = doc.section("check")?.expect("present");
                check(doc, &spec, &rules)
            }
            [("contest", span)] => {
                let spec: ContestSpec = doc.section("contest")?.expect("present");
                contest(doc, &spec, span.clone()).map(|c| Loaded::Contest(Box::new(c)))
            }
            [(_, span)] => {
                let spec: GroupSpec = doc.section("group")?.expect("present");
                group(doc, &spec, span.clone()).map(Loaded::Group)
            }
            [] => Err(doc.invalid(
                0..0,
                "check",
                "an unbound-legends scenario needs one of [check] (a check, an attack or death \
                 saves), [contest], [group] or [[combatant]] tables (a fight)",
            )),
            [_, (key, span), ..] => Err(doc.invalid(
                span.clone(),
                *key,
                "a scenario describes one thing: use only one of [check], [contest], [group] or \
                 [[combatant]]",
            )),
        }
    }

    fn day(
        plan: &oddsmith_scenario::day::Plan,
        fights: Vec<Option<Loaded>>,
    ) -> Result<Loaded, ScenarioError> {
        day::day(plan, fights)
    }
}

/// The readings of `[rules]`, and whether natural results count on checks.
struct Rules {
    attack: AttackRules,
    natural_on_checks: bool,
    fight: FightRules,
}

/// Reads `[rules]` (absent: every reading as declared).
fn rules(doc: &Document) -> Result<Rules, ScenarioError> {
    let spec: RulesSpec = doc.section("rules")?.unwrap_or_default();
    let source = &doc.source;
    let r = RULES.section_reader(doc);
    if let Some(w) = &spec.winners_stabilise {
        // The free stabilisation of old is one choice of the shared aftermath now.
        let allies = AFTERMATH.key("allies").expect("declared");
        return Err(source.invalid(
            w.span(),
            r.path("winners_stabilise"),
            format!(
                "moved to [aftermath]: write allies = \"{}\" there (allowed: {})",
                if *w.get_ref() { "stabilise" } else { "leave" },
                allies.allowed()
            ),
        ));
    }
    let attack = AttackRules {
        crit_margin: r.int("crit_margin", spec.crit_margin.as_ref())?,
        minor_band: r.word(
            "minor_failure_width",
            spec.minor_failure_width.as_ref(),
            &MINOR_BANDS,
        )?,
    };
    Ok(Rules {
        attack,
        natural_on_checks: r.bool("natural_rules_on_checks", spec.natural_rules_on_checks),
        fight: FightRules {
            attack,
            reroll_ap_each_round: r.bool("reroll_ap_each_round", spec.reroll_ap_each_round),
            instant_death: r.word(
                "instant_death",
                spec.instant_death.as_ref(),
                &InstantDeath::WORDS,
            )?,
            stabilised_rejoins: r.bool("stabilised_rejoins", spec.stabilised_rejoins),
            attack_downed: r.bool("attack_downed", spec.attack_downed),
        },
    })
}

/// The roller of a roll table, read by `r`.
fn roller(r: &Reader<'_>, k: RollKeys<'_>) -> Result<Roller, ScenarioError> {
    Ok(Roller::new(
        r.int("attribute", k.attribute)?,
        r.int("skill_rank", k.skill_rank)?,
        r.int("boost", k.boost)?,
        r.int("modifier", k.modifier)?,
        r.int("advantage", k.advantage)? as u32,
        r.int("disadvantage", k.disadvantage)? as u32,
        r.bool("help", k.help),
    ))
}

fn check(doc: &Document, c: &CheckSpec, rules: &Rules) -> Result<Loaded, ScenarioError> {
    let source = &doc.source;
    let r = CHECK.section_reader(doc);
    let kind = r.word("roll", c.roll.as_ref(), &ROLLS)?;
    if kind != RollKind::Attack && c.defense.is_some() {
        return Err(source.invalid(
            span_of(doc, "check", Some("defense")),
            "check.defense",
            "[check.defense] is for attacks: add roll = \"attack\"",
        ));
    }
    match kind {
        RollKind::Skill => Ok(Loaded::Check(Check::new(
            roller(&r, roll_keys!(c))?,
            r.int("target", c.target.as_ref())?,
            rules.natural_on_checks,
        ))),
        RollKind::Attack => {
            let roller = roller(&r, roll_keys!(c))?;
            let against = match (&c.defense, &c.target) {
                (Some(d), None) => Against::Active(defense(doc, d)?),
                (None, Some(t)) => Against::Passive(r.int("target", Some(t))?),
                (Some(_), Some(t)) => {
                    return Err(source.invalid(
                        t.span(),
                        "check.target",
                        "an attack meets either a Passive Armor (`target`) or an active \
                         defense ([check.defense]), not both",
                    ));
                }
                (None, None) => {
                    return Err(source.invalid(
                        span_of(doc, "check", None),
                        "check.target",
                        format!(
                            "missing: give the Passive Armor as `target` ({}), or a \
                             [check.defense]",
                            r.key("target").allowed()
                        ),
                    ));
                }
            };
            Ok(Loaded::Attack(Box::new(AttackRoll::new(
                roller,
                against,
                rules.attack,
            ))))
        }
        RollKind::DeathSaves => {
            let used = [
                ("attribute", c.attribute.as_ref().map(Spanned::span)),
                ("skill_rank", c.skill_rank.as_ref().map(Spanned::span)),
                ("boost", c.boost.as_ref().map(Spanned::span)),
                ("advantage", c.advantage.as_ref().map(Spanned::span)),
                ("disadvantage", c.disadvantage.as_ref().map(Spanned::span)),
                ("target", c.target.as_ref().map(Spanned::span)),
            ];
            if let Some((key, Some(span))) = used.into_iter().find(|(_, s)| s.is_some()) {
                return Err(source.invalid(
                    span,
                    format!("check.{key}"),
                    "death saves take only `modifier` (Endurance boosts, L18): a d20 + modifier \
                     against 10",
                ));
            }
            let modifier = r.int("modifier", c.modifier.as_ref())?;
            Ok(Loaded::DeathSaves(DeathSaves::new(modifier)))
        }
    }
}

fn defense(doc: &Document, d: &DefenseSpec) -> Result<Defense, ScenarioError> {
    let span = span_of(doc, "check", Some("defense"));
    let r = CHECK_DEFENSE.reader(&doc.source, "check.defense", span);
    Ok(Defense {
        kind: r.word("kind", Some(&d.kind), &DefenseKind::WORDS)?,
        bonus: r.int("bonus", d.bonus.as_ref())?,
        rank: r.int("rank", d.rank.as_ref())?,
        edge: Edge::from_counts(
            r.int("advantage", d.advantage.as_ref())? as u32,
            r.int("disadvantage", d.disadvantage.as_ref())? as u32,
        ),
    })
}

/// The name of a side or member, checked unique.
fn named(
    source: &Source,
    e: &EntrySpec,
    key: &str,
    taken: &[String],
    at: Range<usize>,
) -> Result<String, ScenarioError> {
    let Some(n) = &e.name else {
        return Err(source.invalid(at, format!("{key}.name"), "every entry needs a `name`"));
    };
    let name = n.get_ref().trim();
    if name.is_empty() || taken.iter().any(|t| t == name) {
        return Err(source.invalid(
            n.span(),
            format!("{key}.name"),
            format!("\"{name}\": every entry needs its own, non-empty name"),
        ));
    }
    Ok(name.to_string())
}

fn contest(doc: &Document, c: &ContestSpec, at: Range<usize>) -> Result<Contest, ScenarioError> {
    let source = &doc.source;
    let specs = c.side.get_ref();
    if specs.len() != 2 {
        return Err(source.invalid(
            c.side.span(),
            "contest.side",
            format!(
                "{} side(s); a contest has exactly two [[contest.side]] tables",
                specs.len()
            ),
        ));
    }
    let mut names = Vec::new();
    let mut rollers = Vec::new();
    let r = SIDE.reader(source, "contest.side", c.side.span());
    for s in specs {
        names.push(named(source, s, "contest.side", &names, c.side.span())?);
        rollers.push(roller(&r, roll_keys!(s))?);
    }
    let r = CONTEST.reader(source, "contest", at.clone());
    let quo = c
        .status_quo
        .as_ref()
        .map_or(declared(r.key("status_quo")), |q| q.get_ref().as_str());
    let status_quo = match names.iter().position(|n| n == quo) {
        _ if quo == "none" => None,
        Some(i) => Some(i),
        None => {
            return Err(source.invalid(
                c.status_quo.as_ref().map_or(at, Spanned::span),
                r.path("status_quo"),
                format!(
                    "\"{quo}\" is not a side; allowed: \"none\", \"{}\", \"{}\"",
                    names[0], names[1]
                ),
            ));
        }
    };
    let [a, b] = [0, 1].map(|i| (names[i].clone(), rollers[i]));
    Ok(Contest::new([a, b], status_quo))
}

fn group(doc: &Document, g: &GroupSpec, at: Range<usize>) -> Result<GroupRoll, ScenarioError> {
    let source = &doc.source;
    let specs = g.member.get_ref();
    if !(1..=MAX_MEMBERS).contains(&specs.len()) {
        return Err(source.invalid(
            g.member.span(),
            "group.member",
            format!(
                "{} members; a group roll takes 1 to {MAX_MEMBERS} [[group.member]] tables",
                specs.len()
            ),
        ));
    }
    let mut members = Vec::new();
    let mut names = Vec::new();
    let rm = MEMBER.reader(source, "group.member", g.member.span());
    for m in specs {
        let name = named(source, m, "group.member", &names, g.member.span())?;
        names.push(name.clone());
        members.push((name, roller(&rm, roll_keys!(m))?));
    }
    let r = GROUP.reader(source, "group", at.clone());
    let n = members.len();
    let half = toml::Value::String(declared(r.key("required")).to_string());
    let required = g.required.as_ref().map_or(&half, Spanned::get_ref);
    let required = match required {
        toml::Value::String(s) if s == "half" => n.div_ceil(2),
        toml::Value::Integer(k) if (1..=n as i64).contains(k) => *k as usize,
        _ => {
            return Err(source.invalid(
                g.required.as_ref().map_or(at, Spanned::span),
                "group.required",
                format!(
                    "allowed: \"half\" (at least half: {}) or a count from 1 to {n}",
                    n.div_ceil(2)
                ),
            ));
        }
    };
    let target = r.int("target", Some(&g.target))?;
    Ok(GroupRoll::new(members, target, required))
}
