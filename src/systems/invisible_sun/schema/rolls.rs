//! `[check]`, `[defense]`, `[attack]` and `[ongoing]`: one action roll, or a run of them.

use super::{venture, venture_table};
use crate::error::ScenarioError;
use crate::scenario::{Document, Spanned, int_in_range};
use crate::systems::invisible_sun::{ActionRoll, Loaded, MAX_CHALLENGE};

venture_table! {
    /// `[check]` as written.
    struct CheckSection {
        challenge: Option<Spanned<i64>>,
    }
}

/// Reads the roll shape `shape` (a key of `[check]`, `[defense]`, `[attack]`, `[ongoing]`).
pub(super) fn load(
    doc: &Document,
    shape: &str,
    max_rounds: Option<Spanned<u64>>,
) -> Result<Loaded, ScenarioError> {
    if let Some(m) = max_rounds {
        return Err(doc.invalid(
            m.span(),
            "run.max_rounds",
            "an invisible-sun roll has no rounds (only a conflict of [[pc]] and [[npc]] \
             tables does); remove max_rounds",
        ));
    }
    match shape {
        "check" => {
            let c: CheckSection = doc.section("check")?.expect("present");
            check(doc, &c)
        }
        other => Err(doc.invalid(0..0, other, format!("[{other}] is not read yet"))),
    }
}

fn check(doc: &Document, c: &CheckSection) -> Result<Loaded, ScenarioError> {
    let source = &doc.source;
    let Some(challenge) = &c.challenge else {
        return Err(source.invalid(
            doc.get("check").map_or(0..0, |n| n.span.clone()),
            "check.challenge",
            format!("missing: give the challenge (0–{MAX_CHALLENGE})"),
        ));
    };
    let challenge = int_in_range(
        source,
        Some(challenge),
        "check.challenge",
        0,
        MAX_CHALLENGE,
        0,
    )?;
    let v = venture(source, &c.venture_keys(), "check", false)?;
    Ok(Loaded::Check(ActionRoll::new(
        challenge,
        v.total(),
        v.magic_dice,
        v.successes,
    )))
}
