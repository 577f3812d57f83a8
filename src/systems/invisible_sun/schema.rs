//! The sections of an `invisible-sun` scenario: `[check]`, `[defense]`, `[attack]`,
//! `[ongoing]` (one roll or a run of them, [`rolls`]) or a conflict of `[[pc]]` and `[[npc]]`
//! tables with an optional `[conflict]` ([`conflict`]); one shape per file. Every key, its
//! range, default and seed line is listed in the README.
//!
//! Each roll table carries the *venture keys* ([`venture_table!`]): `skill`, `tools`,
//! `circumstances`, `magic_effects`, `hidden_knowledge`, `help` (a bonus added as written),
//! `helper_skill` (a helper adding max(1, skill), L145–146), `bene` (at most 1 without
//! `expansive_endeavor`, L69), `hindrance`, `magic_dice` and `successes`.

mod conflict;
mod keys;
mod rolls;

use super::venture::{Venture, helper_bonus};
use super::{Loaded, MAX_MAGIC_DICE, MAX_PART};
use crate::error::ScenarioError;
use crate::scenario::{Document, Source, Spanned, int_in_range};
use crate::systems::SystemModule;

/// The registry's handle on Invisible Sun.
pub struct System;

/// The shapes a scenario may take, by the top-level key that names each.
const SHAPES: [&str; 7] = [
    "check", "defense", "attack", "ongoing", "pc", "npc", "conflict",
];

impl SystemModule for System {
    type Loaded = Loaded;
    const SCHEMA: &'static crate::scenario::keys::Schema = &keys::SCHEMA;
    const SECTIONS: &'static [&'static str] = &[
        "check",
        "defense",
        "attack",
        "ongoing",
        "pc",
        "npc",
        "conflict",
        "aftermath",
    ];

    fn load(doc: &Document, max_rounds: Option<Spanned<i64>>) -> Result<Loaded, ScenarioError> {
        let present: Vec<(&str, std::ops::Range<usize>)> = SHAPES
            .iter()
            .filter_map(|k| doc.get(k).map(|n| (*k, n.span.clone())))
            .collect();
        let is_conflict = |k: &str| matches!(k, "pc" | "npc" | "conflict");
        if let Some((first, _)) = present.first() {
            // `[[pc]]`, `[[npc]]` and `[conflict]` are one shape; anything else stands alone.
            let other = present
                .iter()
                .skip(1)
                .find(|(k, _)| !(is_conflict(first) && is_conflict(k)));
            if let Some((key, span)) = other {
                return Err(doc.invalid(
                    span.clone(),
                    *key,
                    format!(
                        "a scenario describes one thing, and this one already has `{first}`: \
                         use only one of [check], [defense], [attack], [ongoing] or a \
                         conflict ([[pc]] and [[npc]] tables)"
                    ),
                ));
            }
        }
        match present.first() {
            None => Err(doc.invalid(
                0..0,
                "check",
                "an invisible-sun scenario needs one of [check] (at least `challenge`), \
                 [defense], [attack], [ongoing], or [[pc]] and [[npc]] tables (a conflict)",
            )),
            Some((k, _)) if is_conflict(k) => conflict::load(doc, max_rounds),
            Some((k, _)) => rolls::load(doc, k, max_rounds),
        }
    }
}

/// The venture keys of one roll table, as written.
pub(super) struct VentureKeys<'a> {
    skill: Option<&'a Spanned<i64>>,
    tools: Option<&'a Spanned<i64>>,
    circumstances: Option<&'a Spanned<i64>>,
    magic_effects: Option<&'a Spanned<i64>>,
    hidden_knowledge: Option<&'a Spanned<i64>>,
    help: Option<&'a Spanned<i64>>,
    helper_skill: Option<&'a Spanned<i64>>,
    bene: Option<&'a Spanned<i64>>,
    hindrance: Option<&'a Spanned<i64>>,
    magic_dice: Option<&'a Spanned<i64>>,
    successes: Option<&'a Spanned<i64>>,
    expansive_endeavor: Option<bool>,
}

/// A roll table: the venture keys plus the table's own fields, read with unknown keys refused;
/// `venture_keys()` views the venture keys.
macro_rules! venture_table {
    ($(#[$meta:meta])* struct $name:ident { $($field:ident : $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Default, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        struct $name {
            skill: Option<Spanned<i64>>,
            tools: Option<Spanned<i64>>,
            circumstances: Option<Spanned<i64>>,
            magic_effects: Option<Spanned<i64>>,
            hidden_knowledge: Option<Spanned<i64>>,
            help: Option<Spanned<i64>>,
            helper_skill: Option<Spanned<i64>>,
            bene: Option<Spanned<i64>>,
            hindrance: Option<Spanned<i64>>,
            magic_dice: Option<Spanned<i64>>,
            successes: Option<Spanned<i64>>,
            expansive_endeavor: Option<bool>,
            $($field: $ty,)*
        }

        impl $name {
            fn venture_keys(&self) -> $crate::systems::invisible_sun::schema::VentureKeys<'_> {
                $crate::systems::invisible_sun::schema::VentureKeys {
                    skill: self.skill.as_ref(),
                    tools: self.tools.as_ref(),
                    circumstances: self.circumstances.as_ref(),
                    magic_effects: self.magic_effects.as_ref(),
                    hidden_knowledge: self.hidden_knowledge.as_ref(),
                    help: self.help.as_ref(),
                    helper_skill: self.helper_skill.as_ref(),
                    bene: self.bene.as_ref(),
                    hindrance: self.hindrance.as_ref(),
                    magic_dice: self.magic_dice.as_ref(),
                    successes: self.successes.as_ref(),
                    expansive_endeavor: self.expansive_endeavor,
                }
            }
        }
    };
}
pub(crate) use venture_table;

/// The venture of the roll table at `key` (e.g. `check`, `pc.attack`). `expansive` is the
/// Expansive Endeavor of whoever rolls (a PC's own key); the table's `expansive_endeavor`
/// adds to it.
pub(super) fn venture(
    source: &Source,
    k: &VentureKeys<'_>,
    key: &str,
    expansive: bool,
) -> Result<Venture, ScenarioError> {
    let expansive = expansive || k.expansive_endeavor.unwrap_or(false);
    let part = |v: Option<&Spanned<i64>>, name: &str| {
        int_in_range(source, v, &format!("{key}.{name}"), 0, MAX_PART, 0)
    };
    // L69: one bene at most on an action, unless Expansive Endeavor lifts the limit.
    let bene = match k.bene {
        Some(b) if !expansive && *b.get_ref() > 1 => {
            return Err(source.invalid(
                b.span(),
                format!("{key}.bene"),
                format!(
                    "{} bene is more than the 1 allowed on one action (L69); allowed: 0 or 1, \
                     or up to {MAX_PART} with expansive_endeavor = true",
                    b.get_ref()
                ),
            ));
        }
        b => part(b, "bene")?,
    };
    // L145–147: one helper per roll; `help` is a bonus as written, `helper_skill` the helper's
    // skill (adding max(1, skill)). Both would count one helper twice.
    let help = match (k.help, k.helper_skill) {
        (Some(_), Some(s)) => {
            return Err(source.invalid(
                s.span(),
                format!("{key}.helper_skill"),
                "`help` and `helper_skill` both describe the one helper a roll may have \
                 (L147); allowed: one of them (helper_skill = the helper's skill level, \
                 adding max(1, skill))",
            ));
        }
        (help, None) => part(help, "help")?,
        (None, Some(s)) => helper_bonus(part(Some(s), "helper_skill")?),
    };
    let base = part(k.skill, "skill")?
        + part(k.tools, "tools")?
        + part(k.circumstances, "circumstances")?
        + part(k.magic_effects, "magic_effects")?
        + part(k.hidden_knowledge, "hidden_knowledge")?
        + help
        - part(k.hindrance, "hindrance")?;
    let magic_dice = int_in_range(
        source,
        k.magic_dice,
        &format!("{key}.magic_dice"),
        0,
        MAX_MAGIC_DICE,
        0,
    )? as u32;
    let successes = int_in_range(
        source,
        k.successes,
        &format!("{key}.successes"),
        1,
        MAX_MAGIC_DICE + 1,
        1,
    )? as u32;
    Ok(Venture {
        base,
        bene,
        magic_dice,
        successes,
        expansive,
    })
}
