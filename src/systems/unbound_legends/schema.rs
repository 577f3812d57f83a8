//! The sections of an `unbound-legends` scenario: `[check]` (with `[check.defense]` for an
//! attack against an active defense), `[contest]` with two `[[contest.side]]` tables, or
//! `[group]` with `[[group.member]]` tables; one per file. `[rules]` holds the table-wide
//! readings. Every key, its range, default and seed line is listed in the README.
//!
//! ```toml
//! [check]
//! roll = "attack"          # "skill" (default), "attack" or "death_saves"
//! attribute = 3            # −50…50, default 0
//! skill_rank = 1           # 0–4 (L9–10): +2 per rank; an attack's minor-failure band
//! boost = 1                # 0–2
//! modifier = 0             # −50…50
//! advantage = 0            # sources of advantage / disadvantage (counted once each kind)
//! disadvantage = 0
//! help = false             # a capable helper: one more advantage (L38–39)
//! target = 14              # 1–100: the number to meet, or the Passive Armor
//!
//! [check.defense]          # instead of `target` for an attack: an active defense
//! kind = "dodge"           # "dodge" (1d6), "dodge2" (2d6), "block" (1d8), "parry" (1d20)
//! bonus = 4                # everything of L251/L255/L260 but the dice
//! rank = 1                 # 0–4: the defender's minor-failure band
//!
//! [rules]
//! natural_rules_on_checks = false   # a 20 succeeds and a 1 fails on skill checks too
//! crit_margin = 10                  # L422
//! minor_failure_width = "rank"      # or "rank_minus_1" (L434 literally)
//! ```
//!
//! Or a fight: `[[combatant]]` tables ([`combatant`]), with the fight readings of `[rules]`
//! (`reroll_ap_each_round`, `instant_death`, `stabilised_rejoins`, `attack_downed`),
//! `[aftermath]` (`allies = "tend" | "leave" | "stabilise"`, `foes`; see
//! [`crate::combat::aftermath`]) and `[run] max_rounds`.

mod combatant;
mod keys;

use super::Loaded;
use super::attack::{Against, AttackRoll, AttackRules, Defense, DefenseKind, MinorBand};
use super::contest::Contest;
use super::d20::Edge;
use super::fighter::{FightRules, InstantDeath};
use super::group::{GroupRoll, MAX_MEMBERS};
use super::roll::{Check, Roller};
use super::saves::DeathSaves;
use crate::error::ScenarioError;
use crate::scenario::fields::one_of;
use crate::scenario::{Document, Source, Spanned, int_in_range};
use crate::systems::SystemModule;
use serde::Deserialize;

/// The roll keys of `[check]`, `[[contest.side]]` and `[[group.member]]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RollSpec {
    name: Option<Spanned<String>>,
    roll: Option<Spanned<String>>,
    attribute: Option<Spanned<i64>>,
    skill_rank: Option<Spanned<i64>>,
    boost: Option<Spanned<i64>>,
    modifier: Option<Spanned<i64>>,
    advantage: Option<Spanned<i64>>,
    disadvantage: Option<Spanned<i64>>,
    help: Option<bool>,
    target: Option<Spanned<i64>>,
    defense: Option<DefenseSpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DefenseSpec {
    kind: Spanned<String>,
    bonus: Option<Spanned<i64>>,
    rank: Option<Spanned<i64>>,
    advantage: Option<Spanned<i64>>,
    disadvantage: Option<Spanned<i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RulesSpec {
    natural_rules_on_checks: Option<bool>,
    crit_margin: Option<Spanned<i64>>,
    minor_failure_width: Option<Spanned<String>>,
    reroll_ap_each_round: Option<bool>,
    instant_death: Option<Spanned<String>>,
    stabilised_rejoins: Option<bool>,
    attack_downed: Option<bool>,
    winners_stabilise: Option<Spanned<bool>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ContestSpec {
    status_quo: Option<Spanned<String>>,
    side: Spanned<Vec<RollSpec>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct GroupSpec {
    target: Spanned<i64>,
    required: Option<Spanned<toml::Value>>,
    member: Spanned<Vec<RollSpec>>,
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

const ROLLS: [(&str, RollKind); 3] = [
    ("skill", RollKind::Skill),
    ("attack", RollKind::Attack),
    ("death_saves", RollKind::DeathSaves),
];

impl SystemModule for System {
    type Loaded = Loaded;
    const SCHEMA: &'static crate::scenario::keys::Schema = &keys::SCHEMA;
    const SECTIONS: &'static [&'static str] = &[
        "check",
        "contest",
        "group",
        "combatant",
        "aftermath",
        "rules",
    ];

    fn load(doc: &Document, max_rounds: Option<Spanned<i64>>) -> Result<Loaded, ScenarioError> {
        let rules = rules(doc)?;
        let present: Vec<(&str, std::ops::Range<usize>)> =
            ["check", "contest", "group", "combatant"]
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
                let spec: RollSpec = doc.section("check")?.expect("present");
                check(doc, &spec, &rules)
            }
            [("contest", _)] => {
                let spec: ContestSpec = doc.section("contest")?.expect("present");
                contest(doc, &spec).map(|c| Loaded::Contest(Box::new(c)))
            }
            [_] => {
                let spec: GroupSpec = doc.section("group")?.expect("present");
                group(doc, &spec).map(Loaded::Group)
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
}

/// The readings of `[rules]`, and whether natural results count on checks.
struct Rules {
    attack: AttackRules,
    natural_on_checks: bool,
    fight: FightRules,
}

fn rules(doc: &Document) -> Result<Rules, ScenarioError> {
    let spec: Option<RulesSpec> = doc.section("rules")?;
    let Some(r) = spec else {
        return Ok(Rules {
            attack: AttackRules::default(),
            natural_on_checks: false,
            fight: FightRules::default(),
        });
    };
    let source = &doc.source;
    if let Some(w) = &r.winners_stabilise {
        // The free stabilisation of old is one choice of the shared aftermath now.
        return Err(source.invalid(
            w.span(),
            "rules.winners_stabilise",
            format!(
                "moved to [aftermath]: write allies = \"{}\" there (allowed: \"tend\", \
                 \"leave\", \"stabilise\")",
                if *w.get_ref() { "stabilise" } else { "leave" }
            ),
        ));
    }
    let attack = AttackRules {
        crit_margin: int_in_range(
            source,
            r.crit_margin.as_ref(),
            "rules.crit_margin",
            1,
            100,
            10,
        )?,
        minor_band: one_of(
            source,
            r.minor_failure_width.as_ref(),
            "rules.minor_failure_width",
            &[
                ("rank", MinorBand::Rank),
                ("rank_minus_1", MinorBand::RankMinus1),
            ],
            MinorBand::Rank,
        )?,
    };
    let defaults = FightRules::default();
    Ok(Rules {
        attack,
        natural_on_checks: r.natural_rules_on_checks.unwrap_or(false),
        fight: FightRules {
            attack,
            reroll_ap_each_round: r
                .reroll_ap_each_round
                .unwrap_or(defaults.reroll_ap_each_round),
            instant_death: one_of(
                source,
                r.instant_death.as_ref(),
                "rules.instant_death",
                &InstantDeath::WORDS,
                defaults.instant_death,
            )?,
            stabilised_rejoins: r.stabilised_rejoins.unwrap_or(defaults.stabilised_rejoins),
            attack_downed: r.attack_downed.unwrap_or(defaults.attack_downed),
        },
    })
}

/// The roller of a roll table at `key`.
fn roller(source: &Source, r: &RollSpec, key: &str) -> Result<Roller, ScenarioError> {
    let int = |v: &Option<Spanned<i64>>, name: &str, min, max| {
        int_in_range(source, v.as_ref(), &format!("{key}.{name}"), min, max, 0)
    };
    Ok(Roller::new(
        int(&r.attribute, "attribute", -50, 50)?,
        int(&r.skill_rank, "skill_rank", 0, 4)?,
        int(&r.boost, "boost", 0, 2)?,
        int(&r.modifier, "modifier", -50, 50)?,
        int(&r.advantage, "advantage", 0, 20)? as u32,
        int(&r.disadvantage, "disadvantage", 0, 20)? as u32,
        r.help.unwrap_or(false),
    ))
}

fn target(source: &Source, r: &RollSpec, key: &str) -> Result<i64, ScenarioError> {
    match &r.target {
        Some(t) => int_in_range(source, Some(t), &format!("{key}.target"), 1, 100, 1),
        None => Err(source.invalid(
            0..0,
            format!("{key}.target"),
            "missing: give the target number to meet or beat (1–100)",
        )),
    }
}

fn check(doc: &Document, c: &RollSpec, rules: &Rules) -> Result<Loaded, ScenarioError> {
    let source = &doc.source;
    if let Some(n) = &c.name {
        return Err(source.invalid(
            n.span(),
            "check.name",
            "`name` belongs to contest sides and group members, not to a [check]",
        ));
    }
    let kind = one_of(
        source,
        c.roll.as_ref(),
        "check.roll",
        &ROLLS,
        RollKind::Skill,
    )?;
    if kind != RollKind::Attack && c.defense.is_some() {
        return Err(source.invalid(
            0..0,
            "check.defense",
            "[check.defense] is for attacks: add roll = \"attack\"",
        ));
    }
    match kind {
        RollKind::Skill => Ok(Loaded::Check(Check::new(
            roller(source, c, "check")?,
            target(source, c, "check")?,
            rules.natural_on_checks,
        ))),
        RollKind::Attack => {
            let roller = roller(source, c, "check")?;
            let against = match (&c.defense, &c.target) {
                (Some(d), None) => Against::Active(defense(source, d)?),
                (None, Some(_)) => Against::Passive(target(source, c, "check")?),
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
                        0..0,
                        "check.target",
                        "missing: give the Passive Armor as `target`, or a [check.defense]",
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
            let modifier = int_in_range(source, c.modifier.as_ref(), "check.modifier", -50, 50, 0)?;
            Ok(Loaded::DeathSaves(DeathSaves::new(modifier)))
        }
    }
}

fn defense(source: &Source, d: &DefenseSpec) -> Result<Defense, ScenarioError> {
    let int = |v: &Option<Spanned<i64>>, name: &str, min, max| {
        int_in_range(
            source,
            v.as_ref(),
            &format!("check.defense.{name}"),
            min,
            max,
            0,
        )
    };
    Ok(Defense {
        kind: one_of(
            source,
            Some(&d.kind),
            "check.defense.kind",
            &DefenseKind::WORDS,
            DefenseKind::Dodge,
        )?,
        bonus: int(&d.bonus, "bonus", -50, 50)?,
        rank: int(&d.rank, "rank", 0, 4)?,
        edge: Edge::from_counts(
            int(&d.advantage, "advantage", 0, 20)? as u32,
            int(&d.disadvantage, "disadvantage", 0, 20)? as u32,
        ),
    })
}

/// The name of a side or member, checked unique.
fn named(
    source: &Source,
    r: &RollSpec,
    key: &str,
    taken: &[String],
    at: std::ops::Range<usize>,
) -> Result<String, ScenarioError> {
    let Some(n) = &r.name else {
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
    for (field, span) in [
        ("roll", r.roll.as_ref().map(Spanned::span)),
        ("target", r.target.as_ref().map(Spanned::span)),
    ] {
        if let Some(span) = span {
            return Err(source.invalid(
                span,
                format!("{key}.{field}"),
                "not used here: entries take the roll keys only",
            ));
        }
    }
    Ok(name.to_string())
}

fn contest(doc: &Document, c: &ContestSpec) -> Result<Contest, ScenarioError> {
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
    for s in specs {
        names.push(named(source, s, "contest.side", &names, c.side.span())?);
        rollers.push(roller(source, s, "contest.side")?);
    }
    let status_quo = match &c.status_quo {
        None => None,
        Some(q) if q.get_ref() == "none" => None,
        Some(q) => match names.iter().position(|n| n == q.get_ref()) {
            Some(i) => Some(i),
            None => {
                return Err(source.invalid(
                    q.span(),
                    "contest.status_quo",
                    format!(
                        "\"{}\" is not a side; allowed: \"none\", \"{}\", \"{}\"",
                        q.get_ref(),
                        names[0],
                        names[1]
                    ),
                ));
            }
        },
    };
    let [a, b] = [0, 1].map(|i| (names[i].clone(), rollers[i]));
    Ok(Contest::new([a, b], status_quo))
}

fn group(doc: &Document, g: &GroupSpec) -> Result<GroupRoll, ScenarioError> {
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
    for m in specs {
        let name = named(source, m, "group.member", &names, g.member.span())?;
        names.push(name.clone());
        members.push((name, roller(source, m, "group.member")?));
    }
    let n = members.len();
    let required = match g.required.as_ref().map(|r| (r, r.get_ref())) {
        None => n.div_ceil(2),
        Some((_, toml::Value::String(s))) if s == "half" => n.div_ceil(2),
        Some((_, toml::Value::Integer(k))) if (1..=n as i64).contains(k) => *k as usize,
        Some((r, _)) => {
            return Err(source.invalid(
                r.span(),
                "group.required",
                format!(
                    "allowed: \"half\" (at least half: {}) or a count from 1 to {n}",
                    n.div_ceil(2)
                ),
            ));
        }
    };
    let target = int_in_range(source, Some(&g.target), "group.target", 1, 100, 1)?;
    Ok(GroupRoll::new(members, target, required))
}
