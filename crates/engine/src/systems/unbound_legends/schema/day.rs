//! `[day]` of an Unbound Legends scenario: each `[[day.encounter]]` is a fight the planner
//! ([`oddsmith_scenario::day::plan`]) wrote as a scenario of its own and [`super::combatant`]
//! read; here they become one [`Day`](super::super::Day), with the rests' choices read
//! through the `DAY` declaration (`spend_vitality_dice`, `short_rest_minutes`) and each party
//! member's Vitality Dice, Strength and level from its `[[combatant]]` table.

use super::super::Loaded;
use super::super::day::{Keeper, Rests, Spend};
use super::keys::DAY;
use crate::combat::day::{Day, Encounter, FightStage};
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::Spanned;
use oddsmith_scenario::day::Plan;
use serde::Deserialize;

/// `[day]`: the planner reads `party`, `gap_minutes` and `encounter`; the rests' keys are
/// read here.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct DaySpec {
    #[allow(dead_code)] // read by the planner
    party: Option<toml::Value>,
    #[allow(dead_code)] // read by the planner
    gap_minutes: Option<toml::Value>,
    #[allow(dead_code)] // read by the planner
    encounter: Option<toml::Value>,
    spend_vitality_dice: Option<Spanned<toml::Value>>,
    short_rest_minutes: Option<Spanned<i64>>,
}

/// The most Vitality Dice `spend_vitality_dice` may name.
const MOST_DICE: i64 = 100;

/// The day of `plan`, whose encounters' fights are `fights`.
pub(super) fn day(plan: &Plan, fights: Vec<Option<Loaded>>) -> Result<Loaded, ScenarioError> {
    let doc = &plan.doc;
    let mut encounters = Vec::with_capacity(fights.len());
    for (e, fight) in plan.encounters.iter().zip(fights) {
        let Some(Loaded::Conflict(c)) = fight else {
            return Err(doc.invalid(
                e.at.clone(),
                format!("day.encounter.{}", e.name),
                "an encounter of an unbound-legends day is a fight: give it `foes`",
            ));
        };
        encounters.push(Encounter {
            name: e.name.clone(),
            rest: e.rest,
            gap_minutes: e.gap_minutes,
            stage: FightStage::new(*c),
        });
    }
    let spec: DaySpec = doc.section("day")?.unwrap_or_default();
    let r = DAY.section_reader(doc);
    // Left out, the declared default, read as if written.
    let key = r.key("spend_vitality_dice");
    let default = toml::Value::String(super::declared(key).to_string());
    let written = spec.spend_vitality_dice.as_ref();
    let spend = match written.map_or(&default, Spanned::get_ref) {
        toml::Value::String(w) if w == "until_full" => Spend::UntilFull,
        toml::Value::String(w) if w == "none" => Spend::Nothing,
        toml::Value::Integer(n) if (1..=MOST_DICE).contains(n) => Spend::UpTo(*n as u32),
        _ => {
            return Err(doc.invalid(
                written.map_or(0..0, Spanned::span),
                r.path("spend_vitality_dice"),
                format!("allowed: {}", key.allowed()),
            ));
        }
    };
    let short_minutes = r.int("short_rest_minutes", spec.short_rest_minutes.as_ref())? as u32;
    let party = &encounters[0].stage.fight.fighters[..plan.party.len()];
    let keepers = party.iter().map(Keeper::of).collect();
    let rests = Rests::new(keepers, plan.party.clone(), spend, short_minutes);
    Ok(Loaded::Day(Box::new(Day::new(
        plan.party.clone(),
        plan.side.clone(),
        encounters,
        rests,
    ))))
}
