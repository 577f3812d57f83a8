//! The `[check]` table of an `invisible-sun` scenario, read into an [`ActionRoll`].

use super::{ActionRoll, MAX_CHALLENGE, MAX_MAGIC_DICE, MAX_PART};
use crate::error::ScenarioError;
use crate::scenario::{Document, Spanned, int_in_range};
use crate::systems::SystemModule;
use serde::Deserialize;

/// `[check]` as written in the scenario.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckSection {
    challenge: Spanned<i64>,
    skill: Option<Spanned<i64>>,
    tools: Option<Spanned<i64>>,
    circumstances: Option<Spanned<i64>>,
    magic_effects: Option<Spanned<i64>>,
    hidden_knowledge: Option<Spanned<i64>>,
    help: Option<Spanned<i64>>,
    bene: Option<Spanned<i64>>,
    hindrance: Option<Spanned<i64>>,
    magic_dice: Option<Spanned<i64>>,
    successes: Option<Spanned<i64>>,
    expansive_endeavor: Option<bool>,
}

/// The registry's handle on Invisible Sun.
pub struct System;

impl SystemModule for System {
    type Loaded = ActionRoll;
    const SECTIONS: &'static [&'static str] = &["check"];

    fn load(doc: &Document, max_rounds: Option<Spanned<u64>>) -> Result<ActionRoll, ScenarioError> {
        if let Some(m) = max_rounds {
            return Err(doc.invalid(
                m.span(),
                "run.max_rounds",
                "an invisible-sun action roll has no rounds; remove max_rounds",
            ));
        }
        let Some(check) = doc.section::<CheckSection>("check")? else {
            return Err(doc.invalid(
                0..0,
                "check",
                "missing [check] table; an invisible-sun scenario needs at least `challenge`",
            ));
        };
        from_check(doc, &check)
    }
}

fn from_check(doc: &Document, c: &CheckSection) -> Result<ActionRoll, ScenarioError> {
    let source = &doc.source;
    let challenge = int_in_range(
        source,
        Some(&c.challenge),
        "check.challenge",
        0,
        MAX_CHALLENGE,
        0,
    )?;
    let part =
        |v: &Option<Spanned<i64>>, key: &str| int_in_range(source, v.as_ref(), key, 0, MAX_PART, 0);
    let expansive = c.expansive_endeavor.unwrap_or(false);
    // 000_2810d6a557b34243.txt: one bene at most on an action, unless a secret (expansive
    // endeavor) lifts the limit.
    let bene = match &c.bene {
        Some(b) if !expansive && *b.get_ref() > 1 => {
            return Err(source.invalid(
                b.span(),
                "check.bene",
                format!(
                    "{} bene is more than the 1 allowed on one action; allowed: 0 or 1, \
                     or up to {MAX_PART} with expansive_endeavor = true",
                    b.get_ref()
                ),
            ));
        }
        b => part(b, "check.bene")?,
    };
    let venture = part(&c.skill, "check.skill")?
        + part(&c.tools, "check.tools")?
        + part(&c.circumstances, "check.circumstances")?
        + part(&c.magic_effects, "check.magic_effects")?
        + part(&c.hidden_knowledge, "check.hidden_knowledge")?
        + part(&c.help, "check.help")?
        + bene
        - part(&c.hindrance, "check.hindrance")?;
    let magic_dice = int_in_range(
        source,
        c.magic_dice.as_ref(),
        "check.magic_dice",
        0,
        MAX_MAGIC_DICE,
        0,
    )? as u32;
    let successes = int_in_range(
        source,
        c.successes.as_ref(),
        "check.successes",
        1,
        MAX_MAGIC_DICE + 1,
        1,
    )? as u32;
    Ok(ActionRoll::new(challenge, venture, magic_dice, successes))
}
