//! `[check]`, `[defense]`, `[attack]` and `[ongoing]`: one action roll, or a run of them, read
//! against the tables declared in [`super::keys`] (`CHECK`, `DEFENSE`, `ATTACK`, `ONGOING`).

use super::keys::{ATTACK, CHECK, DEFENSE, ONGOING};
use super::{venture, venture_table};
use crate::systems::invisible_sun::against_npc::{Attack, Defense, DefenseKind, MAX_EFFECT_LEVEL};
use crate::systems::invisible_sun::ongoing::{OngoingAction, Project};
use crate::systems::invisible_sun::retry::{Mode, RetriedRoll};
use crate::systems::invisible_sun::{ActionRoll, Loaded};
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::keys::{Reader, Table};
use oddsmith_scenario::{Document, Source, Spanned};

venture_table! {
    /// `[check]` as written.
    pub(super) struct CheckSection {
        challenge: Option<Spanned<i64>>,
        tries: Option<Spanned<i64>>,
        mode: Option<Spanned<String>>,
    }
}

venture_table! {
    /// `[defense]` as written.
    pub(super) struct DefenseSection {
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
    pub(super) struct AttackSection {
        npc_level: Option<Spanned<i64>>,
        npc_dodge: Option<Spanned<i64>>,
        npc_armor: Option<Spanned<i64>>,
        damage: Option<Spanned<i64>>,
        effect_level: Option<Spanned<i64>>,
    }
}

venture_table! {
    /// `[ongoing]` as written.
    pub(super) struct OngoingSection {
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
    let span = doc.get(shape).map_or(0..0, |n| n.span.clone());
    let t = |table: &'static Table| Section {
        source: &doc.source,
        span: span.clone(),
        r: table.reader(&doc.source, shape, span.clone()),
    };
    match shape {
        "check" => check(&t(&CHECK), &doc.section("check")?.expect("present")),
        "defense" => defense(&t(&DEFENSE), &doc.section("defense")?.expect("present")),
        "attack" => attack(&t(&ATTACK), &doc.section("attack")?.expect("present")),
        _ => ongoing(&t(&ONGOING), &doc.section("ongoing")?.expect("present")),
    }
}

/// The table being read: where it is, for errors about keys it lacks, and its reader.
struct Section<'a> {
    source: &'a Source,
    span: std::ops::Range<usize>,
    r: Reader<'a>,
}

impl Section<'_> {
    /// A required integer key: its value in its declared range; absent, an error at the
    /// table's heading saying `what` it is.
    fn required(
        &self,
        v: &Option<Spanned<i64>>,
        name: &str,
        what: &str,
    ) -> Result<i64, ScenarioError> {
        match v {
            Some(_) => self.r.int(name, v.as_ref()),
            None => Err(self.source.invalid(
                self.span.clone(),
                self.r.path(name),
                format!("missing: give {what} ({})", self.r.key(name).allowed()),
            )),
        }
    }
}

fn check(t: &Section<'_>, c: &CheckSection) -> Result<Loaded, ScenarioError> {
    let r = &t.r;
    let challenge = t.required(&c.challenge, "challenge", "the challenge")?;
    let v = venture(t.source, &CHECK, &c.venture_keys(), "check", false)?;
    let tries = r.int("tries", c.tries.as_ref())? as u32;
    let mode = r.word("mode", c.mode.as_ref(), &Mode::WORDS)?;
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

fn defense(t: &Section<'_>, d: &DefenseSection) -> Result<Loaded, ScenarioError> {
    let r = &t.r;
    let v = venture(t.source, &DEFENSE, &d.venture_keys(), "defense", false)?;
    let npc_level = t.required(&d.npc_level, "npc_level", "the attacking NPC's level")?;
    let defense = Defense {
        kind: r.word("kind", d.kind.as_ref(), &DefenseKind::WORDS)?,
        npc_level,
        npc_modifier: r.int("npc_modifier", d.npc_modifier.as_ref())?,
        scourges: r.int("scourges", d.scourges.as_ref())?,
        // Absent, an NPC deals its level (L174; the declaration says so).
        damage: r.opt_int("damage", d.damage.as_ref())?.unwrap_or(npc_level),
        armor: r.int("armor", d.armor.as_ref())?,
    };
    Ok(Loaded::Check(defense.roll(
        v.total(),
        v.magic_dice,
        v.successes,
    )))
}

fn attack(t: &Section<'_>, a: &AttackSection) -> Result<Loaded, ScenarioError> {
    let r = &t.r;
    let v = venture(t.source, &ATTACK, &a.venture_keys(), "attack", false)?;
    let effect_level = effect_level(t.source, r, a.effect_level.as_ref())?;
    if let Some(e) = &a.effect_level {
        // L77: bene go for success or for effect, not both; L79: past level 1 only with
        // Expansive Endeavor.
        if effect_level > 0 && v.bene > 0 {
            return Err(t.source.invalid(
                e.span(),
                r.path("effect_level"),
                "bene can go on the venture or for effect, not both (L77); allowed: \
                 `bene` or `effect_level`, not both above 0",
            ));
        }
        if effect_level > 1 && !v.expansive {
            return Err(t.source.invalid(
                e.span(),
                r.path("effect_level"),
                format!(
                    "effect level {effect_level} needs the Expansive Endeavor secret (L79); \
                     allowed: 0 or 1, or up to {MAX_EFFECT_LEVEL} with \
                     expansive_endeavor = true"
                ),
            ));
        }
    }
    let attack = Attack {
        npc_level: t.required(&a.npc_level, "npc_level", "the NPC's level")?,
        npc_dodge: r.int("npc_dodge", a.npc_dodge.as_ref())?,
        npc_armor: r.int("npc_armor", a.npc_armor.as_ref())?,
        damage: t.required(
            &a.damage,
            "damage",
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

/// `effect_level` of `[attack]` or a PC's `attack`, in its widest range (0 to
/// [`MAX_EFFECT_LEVEL`]); the range is declared in words, as it depends on `bene` and
/// `expansive_endeavor` (L77–79), which each caller checks.
pub(super) fn effect_level(
    source: &Source,
    r: &Reader<'_>,
    e: Option<&Spanned<i64>>,
) -> Result<i64, ScenarioError> {
    let level = r.int("effect_level", e)?;
    match e {
        Some(e) if !(0..=MAX_EFFECT_LEVEL).contains(&level) => Err(source.invalid(
            e.span(),
            r.path("effect_level"),
            format!(
                "{level} is out of range; allowed: {}",
                r.key("effect_level").allowed()
            ),
        )),
        _ => Ok(level),
    }
}

fn ongoing(t: &Section<'_>, o: &OngoingSection) -> Result<Loaded, ScenarioError> {
    let (r, source) = (&t.r, t.source);
    let challenge = t.required(
        &o.challenge,
        "challenge",
        "the challenge of each progress roll",
    )?;
    let v = venture(source, &ONGOING, &o.venture_keys(), "ongoing", false)?;
    let n = t.required(
        &o.rolls_needed,
        "rolls_needed",
        "the successful progress rolls needed",
    )?;
    let max_increments = r.int("max_increments", o.max_increments.as_ref())?;
    let unit_key = r.key("duration_unit");
    let unit = match &o.duration_unit {
        Some(u) if u.get_ref().trim().is_empty() || u.get_ref().len() > 40 => {
            return Err(source.invalid(
                u.span(),
                r.path("duration_unit"),
                format!("allowed: {}", unit_key.allowed()),
            ));
        }
        Some(u) => u.get_ref().clone(),
        None => unit_key.default_text().unwrap_or_default().to_string(),
    };
    // Absent: every K from n to 2n (the declaration says so); each K's range depends on
    // `max_increments`, so it is checked here.
    let within = match &o.within {
        None => (n..=2 * n)
            .filter(|k| *k <= max_increments)
            .map(|k| k as u32)
            .collect(),
        Some(list) => {
            let mut ks = Vec::new();
            for k in list.get_ref() {
                if !(1..=max_increments).contains(k.get_ref()) {
                    return Err(source.invalid(
                        k.span(),
                        r.path("within"),
                        format!(
                            "{} is out of range; allowed: an integer from 1 to {max_increments} \
                             (`max_increments`)",
                            k.get_ref()
                        ),
                    ));
                }
                ks.push(*k.get_ref() as u32);
            }
            ks.sort_unstable();
            ks.dedup();
            ks
        }
    };
    let project = Project {
        rolls_needed: n as u32,
        // Absent, one increment a roll (the declaration says so).
        lowest_duration: r
            .opt_int("lowest_duration", o.lowest_duration.as_ref())?
            .unwrap_or(n) as u64,
        duration_unit: unit,
        total_cost: r.int("total_cost", o.total_cost.as_ref())? as u64,
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
