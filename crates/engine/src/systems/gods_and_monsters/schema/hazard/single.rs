//! The hazards read from one table each: `[ailment]`, `[jump]` and `[march]`, against their
//! declarations in `schema/keys.rs`.

use super::{max_of, section, text_default};
use crate::systems::gods_and_monsters::hazard::ailment::{Ailment, Nature, Reaction, Victim};
use crate::systems::gods_and_monsters::hazard::jump::{Jump, Size};
use crate::systems::gods_and_monsters::hazard::march::March;
use crate::systems::gods_and_monsters::roll::DIFFICULTIES;
use crate::systems::gods_and_monsters::schema::keys::{AILMENT, DIRECTIONS, JUMP, MARCH};
use oddsmith_core::dice::DiceExpr;
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::{Document, Spanned};
use serde::Deserialize;

/// Most action times an ailment's effects may add up over, times the effect's largest roll.
pub const MAX_EFFECT_TOTAL: i64 = 1_000_000;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(in crate::systems::gods_and_monsters::schema) struct AilmentSpec {
    effect: Option<Spanned<String>>,
    strength: Option<Spanned<i64>>,
    reaction: Option<Spanned<String>>,
    accepted: Option<Spanned<bool>>,
    health: Option<Spanned<i64>>,
    perception: Option<Spanned<i64>>,
    evasion: Option<Spanned<i64>>,
    effect_injures: Option<bool>,
    chronic: Option<bool>,
    inescapable: Option<bool>,
    exposure_times: Option<Spanned<i64>>,
    max_action_times: Option<Spanned<i64>>,
    action_time: Option<String>,
    injuries: Option<Spanned<i64>>,
}

/// Reads `[ailment]`.
pub(in crate::systems::gods_and_monsters::schema) fn ailment(
    doc: &Document,
) -> Result<Ailment, ScenarioError> {
    let (t, node) = section(doc, &AILMENT)?;
    let r = &t.r;
    let s: AilmentSpec = doc.read_node(node)?;
    let (chronic, inescapable) = (
        r.bool("chronic", s.chronic),
        r.bool("inescapable", s.inescapable),
    );
    let reaction = r.word("reaction", s.reaction.as_ref(), &Reaction::WORDS)?;
    let accepted = r.bool("accepted", s.accepted.as_ref().map(|a| *a.get_ref()));
    if let Some(a) = s
        .accepted
        .as_ref()
        .filter(|_| accepted && reaction != Reaction::Health)
    {
        return Err(t.invalid(
            a.span(),
            "accepted",
            "an accepted ailment is resisted with health (003:9); add reaction = \"health\"",
        ));
    }
    let (name, score) = match reaction {
        Reaction::Evasion => ("evasion", &s.evasion),
        Reaction::Perception => ("perception", &s.perception),
        Reaction::Health => ("health", &s.health),
    };
    let score = t.needed(
        name,
        score.as_ref(),
        &format!("the reaction is {name}, so it rolls the victim's {name}"),
    )?;
    let health = match (&s.health, chronic) {
        (None, true) => t.needed(
            "health",
            None,
            "a chronic ailment is thrown off with health (003:13)",
        )?,
        // Not rolled: neither the reaction nor a throw-off.
        (health, _) => r.opt_int("health", health.as_ref())?.unwrap_or(0),
    };
    r.opt_int("perception", s.perception.as_ref())?;
    r.opt_int("evasion", s.evasion.as_ref())?;
    let exposure_times = r.int("exposure_times", s.exposure_times.as_ref())?;
    if let Some(e) = s
        .exposure_times
        .as_ref()
        .filter(|_| exposure_times > 1 && !inescapable)
    {
        return Err(t.invalid(
            e.span(),
            "exposure_times",
            "only an inescapable ailment is rolled at several exposure times (003:14); \
             add inescapable = true or use 1",
        ));
    }
    let max_action_times = r.int("max_action_times", s.max_action_times.as_ref())?;
    if max_action_times < exposure_times {
        let span = s
            .max_action_times
            .as_ref()
            .map_or(t.at.clone(), Spanned::span);
        return Err(t.invalid(
            span,
            "max_action_times",
            format!(
                "{max_action_times} is less than exposure_times ({exposure_times}); allowed: \
                 an integer from {exposure_times} to {}",
                max_of(r.key("max_action_times"))
            ),
        ));
    }
    let Some(text) = &s.effect else {
        return Err(t.missing("effect", "it is required"));
    };
    let effect: DiceExpr = text
        .get_ref()
        .parse()
        .map_err(|e| t.invalid(text.span(), "effect", format!("{e}")))?;
    if effect.min() < 0 || effect.is_exploding() {
        return Err(t.invalid(
            text.span(),
            "effect",
            "an effect adds up from 0: give dice and constants that cannot go below 0 and do \
             not explode",
        ));
    }
    if effect.max() * max_action_times > MAX_EFFECT_TOTAL {
        return Err(t.invalid(
            text.span(),
            "effect",
            format!(
                "the effect's largest roll ({}) times max_action_times ({max_action_times}) \
                 exceeds {MAX_EFFECT_TOTAL}; use a smaller effect or fewer action times",
                effect.max()
            ),
        ));
    }
    let nature = Nature {
        effect,
        strength: r.int("strength", s.strength.as_ref())?,
        chronic,
        inescapable,
        exposure_times: exposure_times as u32,
        max_action_times: max_action_times as u32,
        effect_injures: r.bool("effect_injures", s.effect_injures),
    };
    let victim = Victim {
        reaction: score,
        health,
        accepted,
        injuries: r.int("injuries", s.injuries.as_ref())?,
    };
    let label = s
        .action_time
        .unwrap_or_else(|| text_default(r.key("action_time")));
    Ok(Ailment::new(nature, victim, label))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(in crate::systems::gods_and_monsters::schema) struct JumpSpec {
    score: Option<Spanned<i64>>,
    distance: Option<Spanned<i64>>,
    direction: Option<Spanned<String>>,
    bonus: Option<Spanned<i64>>,
    penalty: Option<Spanned<i64>>,
    difficulty: Option<Spanned<String>>,
    running_movement: Option<Spanned<i64>>,
    size: Option<Spanned<String>>,
    injuries: Option<Spanned<i64>>,
}

/// Reads `[jump]`.
pub(in crate::systems::gods_and_monsters::schema) fn jump(
    doc: &Document,
) -> Result<Jump, ScenarioError> {
    let (t, node) = section(doc, &JUMP)?;
    let r = &t.r;
    let s: JumpSpec = doc.read_node(node)?;
    let across = r.word("direction", s.direction.as_ref(), &DIRECTIONS)?;
    if let Some(m) = s.running_movement.as_ref().filter(|_| !across) {
        return Err(t.invalid(
            m.span(),
            "running_movement",
            "running movement lengthens a leap across (003:83); add direction = \"across\"",
        ));
    }
    let target = r.int("score", s.score.as_ref())? + r.int("bonus", s.bonus.as_ref())?
        - r.int("penalty", s.penalty.as_ref())?
        + r.word("difficulty", s.difficulty.as_ref(), &DIFFICULTIES)?
        + r.int("running_movement", s.running_movement.as_ref())?
        - r.int("injuries", s.injuries.as_ref())?;
    let distance = r.int("distance", s.distance.as_ref())?;
    let size = r.word("size", s.size.as_ref(), &Size::WORDS)?;
    Ok(Jump::new(distance as u64, target, size))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(in crate::systems::gods_and_monsters::schema) struct MarchSpec {
    health: Option<Spanned<i64>>,
    periods: Option<Spanned<i64>>,
    bonus: Option<Spanned<i64>>,
    slower_by: Option<Spanned<i64>>,
    thirst: Option<Spanned<i64>>,
    step_penalty: Option<Spanned<i64>>,
    injuries: Option<Spanned<i64>>,
    stop_at_injuries: Option<Spanned<i64>>,
}

/// Reads `[march]`.
pub(in crate::systems::gods_and_monsters::schema) fn march(
    doc: &Document,
) -> Result<March, ScenarioError> {
    let (t, node) = section(doc, &MARCH)?;
    let r = &t.r;
    let s: MarchSpec = doc.read_node(node)?;
    let base = r.int("health", s.health.as_ref())?
        + r.int("bonus", s.bonus.as_ref())?
        + 2 * r.int("slower_by", s.slower_by.as_ref())?
        - r.int("thirst", s.thirst.as_ref())?;
    Ok(March::new(
        base,
        r.int("step_penalty", s.step_penalty.as_ref())?,
        r.int("periods", s.periods.as_ref())? as u32,
        r.int("injuries", s.injuries.as_ref())?,
        r.int("stop_at_injuries", s.stop_at_injuries.as_ref())? as u32,
    ))
}
