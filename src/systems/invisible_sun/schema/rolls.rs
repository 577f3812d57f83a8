//! `[check]`, `[defense]`, `[attack]` and `[ongoing]`: one action roll, or a run of them.
//!
//! ```toml
//! [check]                  # venture keys (see the parent module) plus:
//! challenge = 6            # required, 0–17
//! tries = 1                # 1–1000: attempts allowed (L142–143)
//! mode = "action"          # "action" (retries free) or "narrative" (1 bene per retry)
//!
//! [defense]                # venture keys plus:
//! kind = "dodge"           # "dodge", "resist" or "withstand" (L169–171)
//! npc_level = 5            # required, 0–17
//! npc_modifier = 0         # −10…10
//! scourges = 0             # venture −1 each: the PC's Wounds, or Anguish on resist
//! damage = 5               # default npc_level (L174)
//! armor = 0                # not against resist (L191)
//!
//! [attack]                 # venture keys (a weapon's level is `tools`, L70) plus:
//! npc_level = 4            # required, 0–17
//! npc_dodge = 1            # −10…10 (L120)
//! npc_armor = 0
//! damage = 4               # required: light 2, medium 4, heavy 6, a spell its level (L174)
//! effect_level = 0         # bene for effect, +2 damage per level (L77–103)
//!
//! [ongoing]                # venture keys plus:
//! challenge = 7            # required, 0–17
//! rolls_needed = 4         # required, 1–100 (L138)
//! lowest_duration = 8      # default rolls_needed (L139)
//! duration_unit = "week"   # default "increment"
//! total_cost = 400         # default 0 (L141)
//! max_increments = 100     # an unfinished project stops here
//! within = [4, 6, 8, 12]   # default every K from rolls_needed to twice it
//! ```

use super::{venture, venture_table};
use crate::error::ScenarioError;
use crate::scenario::fields::one_of;
use crate::scenario::{Document, Source, Spanned, int_in_range};
use crate::systems::invisible_sun::against_npc::{Attack, Defense, DefenseKind, MAX_EFFECT_LEVEL};
use crate::systems::invisible_sun::ongoing::{MAX_INCREMENTS, MAX_ROLLS, OngoingAction, Project};
use crate::systems::invisible_sun::retry::{MAX_TRIES, Mode, RetriedRoll};
use crate::systems::invisible_sun::{ActionRoll, Loaded, MAX_CHALLENGE, MAX_PART};

/// Lowest and highest NPC modifier or Dodge a roll accepts.
const NPC_MODIFIER: (i64, i64) = (-10, 10);
/// Most a duration or cost may be.
const MAX_AMOUNT: i64 = 1_000_000_000;

venture_table! {
    /// `[check]` as written.
    struct CheckSection {
        challenge: Option<Spanned<i64>>,
        tries: Option<Spanned<i64>>,
        mode: Option<Spanned<String>>,
    }
}

venture_table! {
    /// `[defense]` as written.
    struct DefenseSection {
        kind: Option<Spanned<String>>,
        npc_level: Option<Spanned<i64>>,
        npc_modifier: Option<Spanned<i64>>,
        scourges: Option<Spanned<i64>>,
        damage: Option<Spanned<i64>>,
        armor: Option<Spanned<i64>>,
    }
}

venture_table! {
    /// `[attack]` as written.
    struct AttackSection {
        npc_level: Option<Spanned<i64>>,
        npc_dodge: Option<Spanned<i64>>,
        npc_armor: Option<Spanned<i64>>,
        damage: Option<Spanned<i64>>,
        effect_level: Option<Spanned<i64>>,
    }
}

venture_table! {
    /// `[ongoing]` as written.
    struct OngoingSection {
        challenge: Option<Spanned<i64>>,
        rolls_needed: Option<Spanned<i64>>,
        lowest_duration: Option<Spanned<i64>>,
        duration_unit: Option<Spanned<String>>,
        total_cost: Option<Spanned<i64>>,
        max_increments: Option<Spanned<i64>>,
        within: Option<Spanned<Vec<Spanned<i64>>>>,
    }
}

/// Reads the roll shape `shape` (`check`, `defense`, `attack` or `ongoing`).
pub(super) fn load(
    doc: &Document,
    shape: &str,
    max_rounds: Option<Spanned<i64>>,
) -> Result<Loaded, ScenarioError> {
    let why = "an invisible-sun roll has no rounds (only a conflict of [[pc]] and [[npc]] \
               tables does); remove max_rounds";
    crate::combat::load::no_rounds(&doc.source, max_rounds.as_ref(), why)?;
    crate::combat::load::no_aftermath(doc)?;
    let table = Table {
        source: &doc.source,
        span: doc.get(shape).map_or(0..0, |n| n.span.clone()),
        name: shape,
    };
    match shape {
        "check" => check(&table, &doc.section("check")?.expect("present")),
        "defense" => defense(&table, &doc.section("defense")?.expect("present")),
        "attack" => attack(&table, &doc.section("attack")?.expect("present")),
        _ => ongoing(&table, &doc.section("ongoing")?.expect("present")),
    }
}

/// The table being read: where it is, for errors about keys it lacks.
struct Table<'a> {
    source: &'a Source,
    span: std::ops::Range<usize>,
    name: &'a str,
}

impl Table<'_> {
    fn key(&self, key: &str) -> String {
        format!("{}.{key}", self.name)
    }

    /// An integer key in `min..=max`, `default` when absent.
    fn int(
        &self,
        v: &Option<Spanned<i64>>,
        key: &str,
        min: i64,
        max: i64,
        default: i64,
    ) -> Result<i64, ScenarioError> {
        int_in_range(self.source, v.as_ref(), &self.key(key), min, max, default)
    }

    /// A required integer key in `min..=max`; `what` says what it is.
    fn required(
        &self,
        v: &Option<Spanned<i64>>,
        key: &str,
        min: i64,
        max: i64,
        what: &str,
    ) -> Result<i64, ScenarioError> {
        match v {
            Some(_) => self.int(v, key, min, max, min),
            None => Err(self.source.invalid(
                self.span.clone(),
                self.key(key),
                format!("missing: give {what} (an integer from {min} to {max})"),
            )),
        }
    }
}

fn check(t: &Table<'_>, c: &CheckSection) -> Result<Loaded, ScenarioError> {
    let challenge = t.required(&c.challenge, "challenge", 0, MAX_CHALLENGE, "the challenge")?;
    let v = venture(t.source, &c.venture_keys(), t.name, false)?;
    let tries = t.int(&c.tries, "tries", 1, i64::from(MAX_TRIES), 1)? as u32;
    let mode = one_of(
        t.source,
        c.mode.as_ref(),
        &t.key("mode"),
        &Mode::WORDS,
        Mode::Action,
    )?;
    // One try is today's action roll, with today's metrics and numbers.
    Ok(if tries == 1 {
        Loaded::Check(ActionRoll::new(
            challenge,
            v.total(),
            v.magic_dice,
            v.successes,
        ))
    } else {
        Loaded::Retry(RetriedRoll::new(
            challenge,
            v.total(),
            v.magic_dice,
            v.successes,
            tries,
            mode,
        ))
    })
}

fn defense(t: &Table<'_>, d: &DefenseSection) -> Result<Loaded, ScenarioError> {
    let v = venture(t.source, &d.venture_keys(), t.name, false)?;
    let npc_level = t.required(
        &d.npc_level,
        "npc_level",
        0,
        MAX_CHALLENGE,
        "the attacking NPC's level",
    )?;
    let (lo, hi) = NPC_MODIFIER;
    let defense = Defense {
        kind: one_of(
            t.source,
            d.kind.as_ref(),
            &t.key("kind"),
            &DefenseKind::WORDS,
            DefenseKind::Dodge,
        )?,
        npc_level,
        npc_modifier: t.int(&d.npc_modifier, "npc_modifier", lo, hi, 0)?,
        scourges: t.int(&d.scourges, "scourges", 0, MAX_PART, 0)?,
        damage: t.int(&d.damage, "damage", 0, MAX_PART, npc_level)?,
        armor: t.int(&d.armor, "armor", 0, MAX_PART, 0)?,
    };
    Ok(Loaded::Check(defense.roll(
        v.total(),
        v.magic_dice,
        v.successes,
    )))
}

fn attack(t: &Table<'_>, a: &AttackSection) -> Result<Loaded, ScenarioError> {
    let v = venture(t.source, &a.venture_keys(), t.name, false)?;
    let effect_level = t.int(&a.effect_level, "effect_level", 0, MAX_EFFECT_LEVEL, 0)?;
    if let Some(e) = &a.effect_level {
        // L77: bene go for success or for effect, not both; L79: past level 1 only with
        // Expansive Endeavor.
        if effect_level > 0 && v.bene > 0 {
            return Err(t.source.invalid(
                e.span(),
                t.key("effect_level"),
                "bene can go on the venture or for effect, not both (L77); allowed: \
                 `bene` or `effect_level`, not both above 0",
            ));
        }
        if effect_level > 1 && !v.expansive {
            return Err(t.source.invalid(
                e.span(),
                t.key("effect_level"),
                format!(
                    "effect level {effect_level} needs the Expansive Endeavor secret (L79); \
                     allowed: 0 or 1, or up to {MAX_EFFECT_LEVEL} with \
                     expansive_endeavor = true"
                ),
            ));
        }
    }
    let (lo, hi) = NPC_MODIFIER;
    let attack = Attack {
        npc_level: t.required(
            &a.npc_level,
            "npc_level",
            0,
            MAX_CHALLENGE,
            "the NPC's level",
        )?,
        npc_dodge: t.int(&a.npc_dodge, "npc_dodge", lo, hi, 1)?,
        npc_armor: t.int(&a.npc_armor, "npc_armor", 0, MAX_PART, 0)?,
        damage: t.required(
            &a.damage,
            "damage",
            0,
            MAX_PART,
            "the attack's damage: light 2, medium 4, heavy 6, a spell its level (L174)",
        )?,
        effect_level,
    };
    Ok(Loaded::Check(attack.roll(
        v.total(),
        v.magic_dice,
        v.successes,
    )))
}

fn ongoing(t: &Table<'_>, o: &OngoingSection) -> Result<Loaded, ScenarioError> {
    let challenge = t.required(
        &o.challenge,
        "challenge",
        0,
        MAX_CHALLENGE,
        "the challenge of each progress roll",
    )?;
    let v = venture(t.source, &o.venture_keys(), t.name, false)?;
    let n = t.required(
        &o.rolls_needed,
        "rolls_needed",
        1,
        MAX_ROLLS,
        "the successful progress rolls needed",
    )?;
    let max_increments = t.int(&o.max_increments, "max_increments", 1, MAX_INCREMENTS, 100)?;
    let unit = match &o.duration_unit {
        Some(u) if u.get_ref().trim().is_empty() || u.get_ref().len() > 40 => {
            return Err(t.source.invalid(
                u.span(),
                t.key("duration_unit"),
                "allowed: a word of 1 to 40 characters (\"week\", \"day\")",
            ));
        }
        Some(u) => u.get_ref().clone(),
        None => "increment".into(),
    };
    let within = match &o.within {
        None => (n..=2 * n)
            .filter(|k| *k <= max_increments)
            .map(|k| k as u32)
            .collect(),
        Some(list) => {
            let mut ks = Vec::new();
            for k in list.get_ref() {
                ks.push(
                    int_in_range(t.source, Some(k), &t.key("within"), 1, max_increments, 1)? as u32,
                );
            }
            ks.sort_unstable();
            ks.dedup();
            ks
        }
    };
    let project = Project {
        rolls_needed: n as u32,
        lowest_duration: t.int(&o.lowest_duration, "lowest_duration", 1, MAX_AMOUNT, n)? as u64,
        duration_unit: unit,
        total_cost: t.int(&o.total_cost, "total_cost", 0, MAX_AMOUNT, 0)? as u64,
        max_increments: max_increments as u32,
        within,
    };
    Ok(Loaded::Ongoing(Box::new(OngoingAction::new(
        challenge,
        v.total(),
        v.magic_dice,
        v.successes,
        project,
    ))))
}
