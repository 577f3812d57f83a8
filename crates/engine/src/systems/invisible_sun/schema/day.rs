//! `[day]` of an `invisible-sun` scenario: the `[[pc]]` tables carried through the
//! `[[day.encounter]]` conflicts (each read by [`super::conflict`] from the document the
//! planner made of it, [`oddsmith_scenario::day::plan`]) with the recovery keys declared in
//! [`super::keys`] (`DAY`), read into a [`Day`] of [`Rests`].

use super::keys::DAY;
use crate::combat::day::{Day, Encounter, FightStage};
use crate::systems::invisible_sun::day::{Aid, Refresh, RestUse, Rests};
use crate::systems::invisible_sun::{Loaded, MAX_PART};
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::Spanned;
use oddsmith_scenario::day::Plan;
use serde::Deserialize;

/// `[day]` as written: the planner reads `gap_minutes` and the encounters, this module the
/// recovery keys.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DaySpec {
    #[allow(dead_code)]
    gap_minutes: Option<Spanned<i64>>,
    #[allow(dead_code)]
    encounter: Option<serde::de::IgnoredAny>,
    rest_use: Option<Spanned<String>>,
    pool_refresh: Option<Spanned<toml::Value>>,
    aid: Option<Spanned<String>>,
}

/// The day of `plan`, `fights[n]` encounter `n`'s conflict as the loader read it.
pub(super) fn load(plan: &Plan, fights: Vec<Option<Loaded>>) -> Result<Loaded, ScenarioError> {
    let doc = &plan.doc;
    let spec: DaySpec = doc
        .section(oddsmith_scenario::day::DAY)?
        .expect("a day has its table");
    let r = DAY.section_reader(doc);
    let rest_use = r.word("rest_use", spec.rest_use.as_ref(), &RestUse::WORDS)?;
    let aid = r.word("aid", spec.aid.as_ref(), &Aid::WORDS)?;
    let declared = r.key("pool_refresh");
    let pool_refresh = match &spec.pool_refresh {
        None => refresh(&toml::Value::String(
            declared.default_text().unwrap_or("full").to_string(),
        )),
        Some(v) => refresh(v.get_ref()),
    }
    .ok_or_else(|| {
        let span = spec.pool_refresh.as_ref().map_or(0..0, Spanned::span);
        doc.invalid(
            span,
            r.path("pool_refresh"),
            format!("allowed: {}", declared.allowed()),
        )
    })?;
    let mut encounters = Vec::with_capacity(plan.encounters.len());
    for (e, fight) in plan.encounters.iter().zip(fights) {
        let Some(Loaded::Conflict(c)) = fight else {
            return Err(doc.invalid(
                e.at.clone(),
                format!("day.encounter.{}", e.name),
                "an Invisible Sun encounter is a conflict: the `[[pc]]` tables against its foes (`foes` or `[[day.encounter.foe]]`, as `[[npc]]` tables)",
            ));
        };
        encounters.push(Encounter {
            name: e.name.clone(),
            rest: e.rest,
            gap_minutes: e.gap_minutes,
            stage: FightStage::new(*c),
        });
    }
    let pcs = &encounters[0].stage.fight.pcs;
    debug_assert!(pcs.iter().map(|p| &p.name).eq(plan.party.iter()));
    let maxima = pcs.iter().map(|p| p.pools).collect();
    let rests: Vec<_> = encounters
        .iter()
        .map(|e| (e.name.clone(), e.rest))
        .collect();
    let recovery = Rests::new(maxima, rest_use, pool_refresh, aid, &rests);
    Ok(Loaded::Day(Box::new(Day::new(
        plan.party.clone(),
        plan.side.clone(),
        encounters,
        recovery,
    ))))
}

/// `pool_refresh` as written: `"full"` or a number of bene from 0 to 99.
fn refresh(v: &toml::Value) -> Option<Refresh> {
    match v {
        toml::Value::String(s) if s == "full" => Some(Refresh::Full),
        toml::Value::Integer(n) if (0..=MAX_PART).contains(n) => Some(Refresh::By(*n)),
        _ => None,
    }
}
