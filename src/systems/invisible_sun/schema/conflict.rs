//! `[[pc]]`, `[[npc]]` and `[conflict]`: a fight of PCs (side `pcs`) against NPCs (side
//! `npcs`), read into a [`Conflict`]. Every key, its range, default and seed line is listed in
//! the README; `scenarios/vampire_and_thrall.toml` shows them in use.
//!
//! ```toml
//! [conflict]
//! order = "pcs_first"          # or "npcs_first" (an ambush)
//!
//! [[pc]]
//! name = "Schaelee"            # required, unique
//! armor = 1                    # 0–99
//! physicality = 2              # bene pools accuracy, movement, intellect, physicality: 0–99
//! wound_penalty = 1            # venture lost per Wound (per Anguish on Resist), 0–10
//! negate = "greedy"            # "lethal_only", "never"
//! attack = { skill = 1, tools = 1, damage = 4, effect_level = 1 }   # damage required
//! dodge = { skill = 1, magic_dice = 1, bene = 1 }                     # resist, withstand too
//!
//! [[npc]]
//! name = "Vampire"
//! level = 5                    # required, 0–17
//! attack_defense = "dodge"     # "withstand", "resist"
//! ```

use super::keys::AFTERMATH;
use super::{venture, venture_table};
use crate::combat::load::{self, Entry};
use crate::combat::{Care, Roster};
use crate::error::ScenarioError;
use crate::scenario::fields::one_of;
use crate::scenario::{Document, Source, Spanned, int_in_range};
use crate::systems::invisible_sun::conflict::Conflict;
use crate::systems::invisible_sun::conflict::fighter::{
    Defense, MAX_EFFECT_LEVEL, Negate, Npc, Order, Pc, RollTable,
};
use crate::systems::invisible_sun::venture::Venture;
use crate::systems::invisible_sun::{Loaded, MAX_CHALLENGE, MAX_PART};
use serde::Deserialize;

venture_table! {
    /// A PC's `attack`: the venture keys (a weapon's level is `tools`, L70), its damage and
    /// bene for effect.
    struct AttackTable {
        damage: Option<Spanned<i64>>,
        effect_level: Option<Spanned<i64>>,
    }
}

venture_table! {
    /// A PC's `dodge`, `resist` or `withstand`: the venture keys.
    struct DefenseTable {}
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PcSpec {
    name: Spanned<String>,
    armor: Option<Spanned<i64>>,
    accuracy: Option<Spanned<i64>>,
    movement: Option<Spanned<i64>>,
    intellect: Option<Spanned<i64>>,
    physicality: Option<Spanned<i64>>,
    wound_penalty: Option<Spanned<i64>>,
    negate: Option<Spanned<String>>,
    expansive_endeavor: Option<bool>,
    target: Option<Spanned<String>>,
    attack: Option<Spanned<AttackTable>>,
    dodge: Option<DefenseTable>,
    resist: Option<DefenseTable>,
    withstand: Option<DefenseTable>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NpcSpec {
    name: Spanned<String>,
    level: Option<Spanned<i64>>,
    dodge: Option<Spanned<i64>>,
    armor: Option<Spanned<i64>>,
    damage: Option<Spanned<i64>>,
    attack_modifier: Option<Spanned<i64>>,
    attack_defense: Option<Spanned<String>>,
    attack_successes: Option<Spanned<i64>>,
    injuries_per_wound: Option<Spanned<i64>>,
    wounds_to_die: Option<Spanned<i64>>,
    wound_penalty: Option<Spanned<i64>>,
    target: Option<Spanned<String>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConflictSpec {
    order: Option<Spanned<String>>,
}

/// `[aftermath]`: who tends whom once the fight is over, and what 3 Anguish is.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct AftermathSpec {
    allies: Option<Spanned<String>>,
    foes: Option<Spanned<String>>,
    anguish_out: Option<Spanned<String>>,
}

/// Largest NPC modifier (Dodge, attack modifier): −10 to +10.
const MAX_MODIFIER: i64 = 10;

/// Reads a conflict.
pub(super) fn load(
    doc: &Document,
    max_rounds: Option<Spanned<i64>>,
) -> Result<Loaded, ScenarioError> {
    let source = &doc.source;
    let span_of = |k: &str| doc.get(k).map_or(0..0, |n| n.span.clone());
    let pcs: Vec<PcSpec> = doc.section("pc")?.unwrap_or_default();
    let npcs: Vec<NpcSpec> = doc.section("npc")?.unwrap_or_default();
    let spec: ConflictSpec = doc.section("conflict")?.unwrap_or_default();
    if pcs.is_empty() || npcs.is_empty() {
        let (missing, there) = if pcs.is_empty() {
            ("pc", if npcs.is_empty() { "conflict" } else { "npc" })
        } else {
            ("npc", "pc")
        };
        return Err(source.invalid(
            span_of(there),
            missing,
            format!(
                "a conflict needs at least one [[pc]] and one [[npc]] table; there is no \
                 [[{missing}]]"
            ),
        ));
    }
    let entries = (pcs.iter().map(|p| Entry::in_table(&p.name, "pc", "pcs")))
        .chain(npcs.iter().map(|n| Entry::in_table(&n.name, "npc", "npcs")));
    let roster = load::roster(source, 0..0, entries)?;
    let order = one_of(
        source,
        spec.order.as_ref(),
        "conflict.order",
        &[
            ("pcs_first", Order::PcsFirst),
            ("npcs_first", Order::NpcsFirst),
        ],
        Order::PcsFirst,
    )?;
    let pc_list = pcs
        .iter()
        .enumerate()
        .map(|(i, p)| pc(source, p, &roster, i))
        .collect::<Result<Vec<_>, _>>()?;
    let npc_list = npcs
        .iter()
        .enumerate()
        .map(|(i, n)| npc(source, n, &roster, pcs.len() + i))
        .collect::<Result<Vec<_>, _>>()?;
    let max_rounds = crate::combat::load::max_rounds(source, max_rounds.as_ref())?;
    let after: AftermathSpec = doc.section("aftermath")?.unwrap_or_default();
    let span = doc.get("aftermath").map_or(0..0, |n| n.span.clone());
    let r = AFTERMATH.reader(source, "aftermath", span);
    let care = load::care(
        &r,
        after.allies.as_ref(),
        after.foes.as_ref(),
        None,
        &Care::ALLIES,
    )?;
    let anguish_kills = r.word(
        "anguish_out",
        after.anguish_out.as_ref(),
        &[("out", false), ("dead", true)],
    )?;
    let mut conflict = Conflict::new(pc_list, npc_list, roster, order, max_rounds);
    conflict.bout.care = care;
    conflict.anguish_kills = anguish_kills;
    Ok(Loaded::Conflict(Box::new(conflict)))
}

fn pc(source: &Source, p: &PcSpec, roster: &Roster, me: usize) -> Result<Pc, ScenarioError> {
    let name = p.name.get_ref();
    let key = |k: &str| format!("pc.{name}.{k}");
    let int = |v: Option<&Spanned<i64>>, k: &str, min, max, default| {
        int_in_range(source, v, &key(k), min, max, default)
    };
    let expansive = p.expansive_endeavor.unwrap_or(false);
    let Some(attack) = &p.attack else {
        return Err(source.invalid(
            p.name.span(),
            key("attack"),
            format!(
                "\"{name}\" needs its attack: attack = {{ skill = …, tools = …, damage = … }} \
                 (damage: light 2, medium 4, heavy 6, a spell its level; L174)"
            ),
        ));
    };
    let a = attack.get_ref();
    let venture_of =
        |t: &AttackTable| venture(source, &t.venture_keys(), &key("attack"), expansive);
    let attack_venture = venture_of(a)?;
    let damage = match &a.damage {
        Some(d) => int(Some(d), "attack.damage", 0, MAX_PART, 0)?,
        None => {
            return Err(source.invalid(
                attack.span(),
                key("attack.damage"),
                "missing: give the attack's damage, 0–99 (light weapon 2, medium 4, heavy 6, \
                 a spell its level; L174)",
            ));
        }
    };
    let effect_level = int(
        a.effect_level.as_ref(),
        "attack.effect_level",
        0,
        MAX_EFFECT_LEVEL,
        0,
    )?;
    if let Some(e) = &a.effect_level {
        if effect_level > 0 && attack_venture.bene > 0 {
            return Err(source.invalid(
                e.span(),
                key("attack.effect_level"),
                "bene go on the venture or on the effect, not both (L77); allowed: \
                 effect_level = 0 with bene, or bene = 0 with effect_level",
            ));
        }
        if effect_level > 1 && !attack_venture.expansive {
            return Err(source.invalid(
                e.span(),
                key("attack.effect_level"),
                format!(
                    "effect level {effect_level} needs Expansive Endeavor (L79); allowed: 0 or \
                     1, or up to {MAX_EFFECT_LEVEL} with expansive_endeavor = true"
                ),
            ));
        }
    }
    let defense = |t: &Option<DefenseTable>, k: &str| -> Result<RollTable, ScenarioError> {
        let Some(t) = t else {
            return Ok(RollTable::new(Venture {
                expansive,
                ..Venture::default()
            }));
        };
        if let Some(s) = &t.successes {
            return Err(source.invalid(
                s.span(),
                key(&format!("{k}.successes")),
                "a defense needs the successes the NPC's attack asks for: set the NPC's \
                 attack_successes (2 for a magical attack, L51–52) instead",
            ));
        }
        Ok(RollTable::new(venture(
            source,
            &t.venture_keys(),
            &key(k),
            expansive,
        )?))
    };
    let pools = [
        (&p.accuracy, "accuracy"),
        (&p.movement, "movement"),
        (&p.intellect, "intellect"),
        (&p.physicality, "physicality"),
    ];
    let mut bene = [0i64; 4];
    for (slot, (v, k)) in bene.iter_mut().zip(pools) {
        *slot = int(v.as_ref(), k, 0, MAX_PART, 0)?;
    }
    Ok(Pc {
        name: name.clone(),
        armor: int(p.armor.as_ref(), "armor", 0, MAX_PART, 0)?,
        pools: bene,
        wound_penalty: int(p.wound_penalty.as_ref(), "wound_penalty", 0, 10, 1)?,
        negate: one_of(
            source,
            p.negate.as_ref(),
            &key("negate"),
            &Negate::WORDS,
            Negate::Greedy,
        )?,
        expansive,
        target: load::targeting(source, roster, me, &key("target"), p.target.as_ref())?,
        attack: RollTable::new(attack_venture),
        damage,
        effect_level,
        defense: [
            defense(&p.dodge, "dodge")?,
            defense(&p.resist, "resist")?,
            defense(&p.withstand, "withstand")?,
        ],
    })
}

fn npc(source: &Source, n: &NpcSpec, roster: &Roster, me: usize) -> Result<Npc, ScenarioError> {
    let name = n.name.get_ref();
    let key = |k: &str| format!("npc.{name}.{k}");
    let int = |v: Option<&Spanned<i64>>, k: &str, min, max, default| {
        int_in_range(source, v, &key(k), min, max, default)
    };
    let Some(level) = &n.level else {
        return Err(source.invalid(
            n.name.span(),
            key("level"),
            format!("missing: give \"{name}\" a level, 0–{MAX_CHALLENGE} (L119)"),
        ));
    };
    let level = int(Some(level), "level", 0, MAX_CHALLENGE, 0)?;
    Ok(Npc {
        name: name.clone(),
        level,
        dodge: int(n.dodge.as_ref(), "dodge", -MAX_MODIFIER, MAX_MODIFIER, 1)?,
        armor: int(n.armor.as_ref(), "armor", 0, MAX_PART, 0)?,
        damage: int(n.damage.as_ref(), "damage", 0, MAX_PART, level)?,
        attack_modifier: int(
            n.attack_modifier.as_ref(),
            "attack_modifier",
            -MAX_MODIFIER,
            MAX_MODIFIER,
            0,
        )?,
        defense: one_of(
            source,
            n.attack_defense.as_ref(),
            &key("attack_defense"),
            &Defense::WORDS,
            Defense::Dodge,
        )?,
        successes: int(n.attack_successes.as_ref(), "attack_successes", 1, 10, 1)? as u32,
        injuries_per_wound: int(
            n.injuries_per_wound.as_ref(),
            "injuries_per_wound",
            1,
            10,
            3,
        )?,
        wounds_to_die: int(n.wounds_to_die.as_ref(), "wounds_to_die", 1, 20, 3)?,
        wound_penalty: int(n.wound_penalty.as_ref(), "wound_penalty", 0, 10, 0)?,
        target: load::targeting(source, roster, me, &key("target"), n.target.as_ref())?,
    })
}
