//! The sections of an `invisible-sun` scenario: `[check]`, `[defense]`, `[attack]`,
//! `[ongoing]` (one roll or a run of them, [`rolls`]) or a conflict of `[[pc]]` and `[[npc]]`
//! tables with an optional `[conflict]` ([`conflict`]); one shape per file, or a `[day]` of
//! conflicts for the `[[pc]]` tables ([`day`]). Every key is
//! declared once in [`keys`] and read against its declaration.
//!
//! Each roll table carries the *venture keys* ([`venture_table!`]), read here into a
//! [`Venture`] with the checks that tie them together: one bene at most without Expansive
//! Endeavor (L69), one helper (L147).

mod conflict;
mod day;
mod keys;
mod rolls;

use super::venture::{Venture, helper_bonus};
use super::{Loaded, MAX_PART};
use crate::systems::SystemModule;
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::keys::{Kind, Table};
use oddsmith_scenario::{Document, Source, Spanned};

/// The registry's handle on Invisible Sun.
pub struct System;

/// The shapes a scenario may take, by the top-level key that names each.
const SHAPES: [&str; 7] = [
    "check", "defense", "attack", "ongoing", "pc", "npc", "conflict",
];

impl SystemModule for System {
    type Loaded = Loaded;
    const SCHEMA: &'static oddsmith_scenario::keys::Schema = &keys::SCHEMA;

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

    /// A day of conflicts for the `[[pc]]` tables ([`day`]).
    fn day(
        plan: &oddsmith_scenario::day::Plan,
        fights: Vec<Option<Loaded>>,
    ) -> Result<Loaded, ScenarioError> {
        day::load(plan, fights)
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
    ($(#[$meta:meta])* $vis:vis struct $name:ident { $($field:ident : $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Debug, Default, serde::Deserialize)]
        #[serde(deny_unknown_fields)]
        $vis struct $name {
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

/// The venture of the roll table at `key` (e.g. `check`, `pc.Schaelee.attack`), read against
/// `table`'s declarations. `expansive` is the Expansive Endeavor of whoever rolls (a PC's own
/// key); the table's `expansive_endeavor` adds to it.
pub(super) fn venture(
    source: &Source,
    table: &'static Table,
    k: &VentureKeys<'_>,
    key: &str,
    expansive: bool,
) -> Result<Venture, ScenarioError> {
    let r = table.reader(source, key, 0..0);
    let expansive = expansive || r.bool("expansive_endeavor", k.expansive_endeavor);
    // L69: one bene at most on an action, unless Expansive Endeavor lifts the limit (a range
    // that depends on another key, so checked here).
    let bene = r.int("bene", k.bene)?;
    if let Some(b) = k.bene {
        if !(0..=MAX_PART).contains(&bene) {
            return Err(source.invalid(
                b.span(),
                r.path("bene"),
                format!(
                    "{bene} is out of range; allowed: {}",
                    r.key("bene").allowed()
                ),
            ));
        }
        if !expansive && bene > 1 {
            return Err(source.invalid(
                b.span(),
                r.path("bene"),
                format!(
                    "{bene} bene is more than the 1 allowed on one action (L69); allowed: 0 or 1, \
                     or up to {MAX_PART} with expansive_endeavor = true"
                ),
            ));
        }
    }
    // L145–147: one helper per roll; `help` is a bonus as written, `helper_skill` the helper's
    // skill (adding max(1, skill)). Both would count one helper twice.
    let help = match (k.help, k.helper_skill) {
        (Some(_), Some(s)) => {
            return Err(source.invalid(
                s.span(),
                r.path("helper_skill"),
                "`help` and `helper_skill` both describe the one helper a roll may have \
                 (L147); allowed: one of them (helper_skill = the helper's skill level, \
                 adding max(1, skill))",
            ));
        }
        (help, None) => r.int("help", help)?,
        (None, Some(s)) => helper_bonus(r.int("helper_skill", Some(s))?),
    };
    let base = r.int("skill", k.skill)?
        + r.int("tools", k.tools)?
        + r.int("circumstances", k.circumstances)?
        + r.int("magic_effects", k.magic_effects)?
        + r.int("hidden_knowledge", k.hidden_knowledge)?
        + help
        - r.int("hindrance", k.hindrance)?;
    let magic_dice = r.int("magic_dice", k.magic_dice)? as u32;
    // A PC's defense tables take their successes from the NPC's attack (their `successes` is
    // declared as not given, and refused where they are read), so theirs stays at 1, unread.
    let successes = match r.key("successes").kind {
        Kind::Int(..) => r.int("successes", k.successes)? as u32,
        _ => Venture::default().successes,
    };
    Ok(Venture {
        base,
        bene,
        magic_dice,
        successes,
        expansive,
    })
}
