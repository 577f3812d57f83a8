//! `[day]` of a bonus-dice scenario: the recovery keys read against [`super::keys::DAY`],
//! and the day built from the planner's encounters ([`oddsmith_scenario::day::Plan`]), each a
//! skirmish the ordinary loader read ([`super::combatant`]). A `rest = "long"` with no
//! `long_rest` is refused at the encounter's `rest`: the seed gives no night.

use super::super::Loaded;
use super::super::day::{Aid, Choices, Day, GapDurability, Rests, WoundedEnds};
use super::keys::{DAY, LONG_REST_HEALTH};
use crate::combat::day::{Encounter, FightStage, Rest};
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::Spanned;
use oddsmith_scenario::day::Plan;
use serde::Deserialize;

/// `[day]` as written; the planner reads `party`, `gap_minutes` and `encounter`.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct DaySpec {
    #[allow(dead_code)]
    party: Option<toml::Value>,
    #[allow(dead_code)]
    gap_minutes: Option<toml::Value>,
    #[allow(dead_code)]
    encounter: Option<toml::Value>,
    gap_durability: Option<Spanned<String>>,
    emergency_aid: Option<Spanned<String>>,
    wounded_ends: Option<Spanned<String>>,
    health_per_day: Option<Spanned<i64>>,
    long_rest: Option<Spanned<toml::Value>>,
}

/// Reads the recovery keys of `[day]`.
fn choices(plan: &Plan) -> Result<Choices, ScenarioError> {
    let doc = &plan.doc;
    let spec: DaySpec = doc.section("day")?.unwrap_or_default();
    let r = DAY.section_reader(doc);
    let long_rest = match &spec.long_rest {
        None => None,
        Some(v) => {
            let health = match v.get_ref() {
                toml::Value::Table(t) if t.len() == 1 => t
                    .get("health")
                    .and_then(toml::Value::as_integer)
                    .filter(|n| LONG_REST_HEALTH.contains(n)),
                _ => None,
            };
            Some(health.ok_or_else(|| {
                doc.invalid(
                    v.span(),
                    r.path("long_rest"),
                    format!("allowed: {}", r.key("long_rest").allowed()),
                )
            })?)
        }
    };
    Ok(Choices {
        gap_durability: r.word(
            "gap_durability",
            spec.gap_durability.as_ref(),
            &GapDurability::WORDS,
        )?,
        aid: r.word("emergency_aid", spec.emergency_aid.as_ref(), &Aid::WORDS)?,
        wounded_ends: r.word(
            "wounded_ends",
            spec.wounded_ends.as_ref(),
            &WoundedEnds::WORDS,
        )?,
        health_per_day: r.int("health_per_day", spec.health_per_day.as_ref())?,
        long_rest,
    })
}

/// The day of `plan`, `fights[n]` encounter `n`'s skirmish.
pub(super) fn day(plan: &Plan, fights: Vec<Option<Loaded>>) -> Result<Loaded, ScenarioError> {
    let choices = choices(plan)?;
    let mut encounters = Vec::with_capacity(fights.len());
    for (n, (e, fight)) in plan.encounters.iter().zip(fights).enumerate() {
        let Some(Loaded::Skirmish(fight)) = fight else {
            return Err(plan.doc.invalid(
                e.at.clone(),
                format!("day.encounter.{}", e.name),
                "an encounter here is a skirmish: the party's `[[combatant]]` tables against its foes",
            ));
        };
        if n > 0 && e.rest == Rest::Long && choices.long_rest.is_none() {
            return Err(plan.doc.invalid(
                e.rest_at.clone(),
                format!("day.encounter.{}.rest", e.name),
                "the seed gives no night: a long rest needs `[day] long_rest = { health = N }` (what a night restores); allowed here: \"none\", \"short\"",
            ));
        }
        encounters.push(Encounter {
            name: e.name.clone(),
            rest: e.rest,
            gap_minutes: e.gap_minutes,
            stage: FightStage::new(*fight),
        });
    }
    let first = &encounters
        .first()
        .expect("a day has an encounter")
        .stage
        .fight;
    let rests = Rests::new(first, plan.party.len(), choices);
    Ok(Loaded::Day(Box::new(Day::new(
        plan.party.clone(),
        plan.side.clone(),
        encounters,
        rests,
    ))))
}
