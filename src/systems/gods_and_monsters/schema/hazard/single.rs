//! The hazards read from one table each: `[ailment]`, `[jump]` and `[march]` (the keys are
//! listed in the README and in the rule modules of
//! [`crate::systems::gods_and_monsters::hazard`]).

use super::{INJURIES, MODIFIER, SCORE, section};
use crate::dice::DiceExpr;
use crate::error::ScenarioError;
use crate::scenario::{Document, Spanned};
use crate::systems::gods_and_monsters::hazard::ailment::{Ailment, Nature, Reaction, Victim};
use crate::systems::gods_and_monsters::hazard::jump::{Jump, Size};
use crate::systems::gods_and_monsters::hazard::march::March;
use crate::systems::gods_and_monsters::roll::DIFFICULTIES;
use serde::Deserialize;

/// Most action times an ailment's effects may add up over, times the effect's largest roll.
pub const MAX_EFFECT_TOTAL: i64 = 1_000_000;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AilmentSpec {
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
    let (t, node) = section(doc, "ailment")?;
    let s: AilmentSpec = doc.read_node(node)?;
    let (chronic, inescapable) = (s.chronic.unwrap_or(false), s.inescapable.unwrap_or(false));
    let reaction = t.word(&s.reaction, "reaction", &Reaction::WORDS, Reaction::Evasion)?;
    let accepted = s.accepted.as_ref().is_some_and(|a| *a.get_ref());
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
    let score = t.need(score, name, SCORE, "the reaction's score")?;
    let health = match (&s.health, chronic) {
        (None, true) => t.need(
            &s.health,
            "health",
            SCORE,
            "a chronic ailment is thrown off with health",
        )?,
        _ => t.int(&s.health, "health", SCORE, 0)?,
    };
    t.int(&s.perception, "perception", SCORE, 0)?;
    t.int(&s.evasion, "evasion", SCORE, 0)?;
    let exposure_times = t.int(&s.exposure_times, "exposure_times", (1, 1000), 1)?;
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
    let max_action_times = t.int(&s.max_action_times, "max_action_times", (1, 1000), 100)?;
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
                 an integer from {exposure_times} to 1000"
            ),
        ));
    }
    let Some(text) = &s.effect else {
        return Err(t.missing("effect", "a dice expression such as \"d3\" or \"2d10\""));
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
        strength: t.int(&s.strength, "strength", (-20, 20), 0)?,
        chronic,
        inescapable,
        exposure_times: exposure_times as u32,
        max_action_times: max_action_times as u32,
        effect_injures: s.effect_injures.unwrap_or(true),
    };
    let victim = Victim {
        reaction: score,
        health,
        accepted,
        injuries: t.int(&s.injuries, "injuries", INJURIES, 0)?,
    };
    let label = s.action_time.unwrap_or_else(|| "action time".into());
    Ok(Ailment::new(nature, victim, label))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct JumpSpec {
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
    let (t, node) = section(doc, "jump")?;
    let s: JumpSpec = doc.read_node(node)?;
    let across = t.word(
        &s.direction,
        "direction",
        &[("up", false), ("across", true)],
        false,
    )?;
    if let Some(r) = s.running_movement.as_ref().filter(|_| !across) {
        return Err(t.invalid(
            r.span(),
            "running_movement",
            "running movement lengthens a leap across (003:83); add direction = \"across\"",
        ));
    }
    let snap = DIFFICULTIES[3].1;
    let target = t.need(&s.score, "score", SCORE, "agility")?
        + t.int(&s.bonus, "bonus", MODIFIER, 0)?
        - t.int(&s.penalty, "penalty", MODIFIER, 0)?
        + t.word(&s.difficulty, "difficulty", &DIFFICULTIES, snap)?
        + t.int(&s.running_movement, "running_movement", (0, 1000), 0)?
        - t.int(&s.injuries, "injuries", INJURIES, 0)?;
    let distance = t.need(
        &s.distance,
        "distance",
        (1, 1000),
        "feet up or yards across",
    )?;
    let size = t.word(&s.size, "size", &Size::WORDS, Size::Medium)?;
    Ok(Jump::new(distance as u64, target, size))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MarchSpec {
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
    let (t, node) = section(doc, "march")?;
    let s: MarchSpec = doc.read_node(node)?;
    let base = t.need(&s.health, "health", SCORE, "health")?
        + t.int(&s.bonus, "bonus", MODIFIER, 0)?
        + 2 * t.int(&s.slower_by, "slower_by", (0, 40), 0)?
        - t.int(&s.thirst, "thirst", (0, 4), 0)?;
    Ok(March::new(
        base,
        t.int(&s.step_penalty, "step_penalty", (0, 40), 2)?,
        t.need(&s.periods, "periods", (1, 1000), "pushes without rest")? as u32,
        t.int(&s.injuries, "injuries", INJURIES, 0)?,
        t.int(&s.stop_at_injuries, "stop_at_injuries", (0, 1000), 0)? as u32,
    ))
}
