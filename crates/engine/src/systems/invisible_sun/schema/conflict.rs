//! `[[pc]]`, `[[npc]]` and `[conflict]`: a fight of PCs (side `pcs`) against NPCs (side
//! `npcs`), read into a [`Conflict`] against the tables declared in [`super::keys`] (`PC`,
//! `PC_ATTACK`, `PC_DODGE`, `PC_RESIST`, `PC_WITHSTAND`, `NPC`, `CONFLICT`, `AFTERMATH`);
//! `scenarios/vampire_and_thrall.toml` shows them in use.

use super::keys::{AFTERMATH, CONFLICT, NPC, PC, PC_ATTACK, PC_DODGE, PC_RESIST, PC_WITHSTAND};
use super::rolls::effect_level;
use super::{venture, venture_table};
use crate::combat::load::{self, Entry};
use crate::combat::{Care, Roster};
use crate::systems::invisible_sun::Loaded;
use crate::systems::invisible_sun::conflict::Conflict;
use crate::systems::invisible_sun::conflict::fighter::{
    Defense, MAX_EFFECT_LEVEL, Negate, Npc, Order, Pc, RollTable,
};
use crate::systems::invisible_sun::venture::Venture;
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::keys::Table;
use oddsmith_scenario::{Document, Source, Spanned};
use serde::Deserialize;

venture_table! {
    /// A PC's `attack`: the venture keys (a weapon's level is `tools`, L70), its damage and
    /// bene for effect.
    pub(super) struct AttackTable {
        damage: Option<Spanned<i64>>,
        effect_level: Option<Spanned<i64>>,
        effect: Option<Spanned<String>>,
    }
}

venture_table! {
    /// A PC's `dodge`, `resist` or `withstand`: the venture keys.
    pub(super) struct DefenseTable {}
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PcSpec {
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
    tactics: Option<Spanned<String>>,
    protect_below: Option<Spanned<f64>>,
    cautious_below: Option<Spanned<f64>>,
    first_aid_kit: Option<bool>,
    attack: Option<Spanned<AttackTable>>,
    dodge: Option<DefenseTable>,
    resist: Option<DefenseTable>,
    withstand: Option<DefenseTable>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NpcSpec {
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
    tactics: Option<Spanned<String>>,
    protect_below: Option<Spanned<f64>>,
    cautious_below: Option<Spanned<f64>>,
    first_aid_kit: Option<bool>,
    important: Option<bool>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ConflictSpec {
    order: Option<Spanned<String>>,
}

/// `[aftermath]`: who tends whom once the fight is over, and what 3 Anguish is.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct AftermathSpec {
    allies: Option<Spanned<String>>,
    foes: Option<Spanned<String>>,
    anguish_out: Option<Spanned<String>>,
}

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
    let order = CONFLICT
        .reader(source, "conflict", span_of("conflict"))
        .word("order", spec.order.as_ref(), &Order::WORDS)?;
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
    let r = AFTERMATH.section_reader(doc);
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
    let r = PC.reader(source, format!("pc.{name}"), p.name.span());
    let expansive = r.bool("expansive_endeavor", p.expansive_endeavor);
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
    let ra = PC_ATTACK.reader(source, key("attack"), attack.span());
    let attack_venture = venture(
        source,
        &PC_ATTACK,
        &a.venture_keys(),
        &key("attack"),
        expansive,
    )?;
    let damage = match &a.damage {
        Some(d) => ra.int("damage", Some(d))?,
        None => {
            return Err(source.invalid(
                attack.span(),
                key("attack.damage"),
                format!(
                    "missing: give the attack's damage, {} (light weapon 2, medium 4, heavy \
                     6, a spell its level; L174)",
                    ra.key("damage").allowed()
                ),
            ));
        }
    };
    let effect_level = effect_level(source, &ra, a.effect_level.as_ref())?;
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
    let frighten = ra.word(
        "effect",
        a.effect.as_ref(),
        &[("damage", false), ("frighten", true)],
    )?;
    if let Some(e) = a
        .effect
        .as_ref()
        .filter(|_| frighten && effect_level != MAX_EFFECT_LEVEL)
    {
        return Err(source.invalid(
            e.span(),
            key("attack.effect"),
            format!(
                "frightening a foe off is an effect of level {MAX_EFFECT_LEVEL} (000:102); \
                 allowed: effect = \"frighten\" with effect_level = {MAX_EFFECT_LEVEL}, else \
                 \"damage\""
            ),
        ));
    }
    let defense =
        |t: &Option<DefenseTable>, table: &'static Table| -> Result<RollTable, ScenarioError> {
            let at = key(table.path.trim_start_matches("pc."));
            let Some(t) = t else {
                return Ok(RollTable::new(Venture {
                    expansive,
                    ..Venture::default()
                }));
            };
            if let Some(s) = &t.successes {
                return Err(source.invalid(
                    s.span(),
                    format!("{at}.successes"),
                    "a defense needs the successes the NPC's attack asks for: set the NPC's \
                 attack_successes (2 for a magical attack, L51–52) instead",
                ));
            }
            Ok(RollTable::new(venture(
                source,
                table,
                &t.venture_keys(),
                &at,
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
        *slot = r.int(k, v.as_ref())?;
    }
    let plays = load::tactics(
        &r,
        (roster, me),
        &key("target"),
        p.target.as_ref(),
        load::TacticKeys {
            tactics: p.tactics.as_ref(),
            protect_below: p.protect_below.as_ref(),
            cautious_below: p.cautious_below.as_ref(),
        },
    )?;
    Ok(Pc {
        name: name.clone(),
        armor: r.int("armor", p.armor.as_ref())?,
        pools: bene,
        wound_penalty: r.int("wound_penalty", p.wound_penalty.as_ref())?,
        negate: r.word("negate", p.negate.as_ref(), &Negate::WORDS)?,
        expansive,
        target: plays.target,
        plays,
        first_aid_kit: r.bool("first_aid_kit", p.first_aid_kit),
        attack: RollTable::new(attack_venture),
        damage,
        effect_level,
        frighten,
        defense: [
            defense(&p.dodge, &PC_DODGE)?,
            defense(&p.resist, &PC_RESIST)?,
            defense(&p.withstand, &PC_WITHSTAND)?,
        ],
    })
}

fn npc(source: &Source, n: &NpcSpec, roster: &Roster, me: usize) -> Result<Npc, ScenarioError> {
    let name = n.name.get_ref();
    let key = |k: &str| format!("npc.{name}.{k}");
    let r = NPC.reader(source, format!("npc.{name}"), n.name.span());
    let Some(level) = &n.level else {
        return Err(source.invalid(
            n.name.span(),
            key("level"),
            format!(
                "missing: give \"{name}\" a level, {} (L119)",
                r.key("level").allowed()
            ),
        ));
    };
    let level = r.int("level", Some(level))?;
    let plays = load::tactics(
        &r,
        (roster, me),
        &key("target"),
        n.target.as_ref(),
        load::TacticKeys {
            tactics: n.tactics.as_ref(),
            protect_below: n.protect_below.as_ref(),
            cautious_below: n.cautious_below.as_ref(),
        },
    )?;
    Ok(Npc {
        name: name.clone(),
        level,
        dodge: r.int("dodge", n.dodge.as_ref())?,
        armor: r.int("armor", n.armor.as_ref())?,
        // Absent, an NPC deals its level (L174; the declaration says so).
        damage: r.opt_int("damage", n.damage.as_ref())?.unwrap_or(level),
        attack_modifier: r.int("attack_modifier", n.attack_modifier.as_ref())?,
        defense: r.word("attack_defense", n.attack_defense.as_ref(), &Defense::WORDS)?,
        successes: r.int("attack_successes", n.attack_successes.as_ref())? as u32,
        injuries_per_wound: r.int("injuries_per_wound", n.injuries_per_wound.as_ref())?,
        wounds_to_die: r.int("wounds_to_die", n.wounds_to_die.as_ref())?,
        wound_penalty: r.int("wound_penalty", n.wound_penalty.as_ref())?,
        target: plays.target,
        plays,
        first_aid_kit: r.bool("first_aid_kit", n.first_aid_kit),
        important: r.bool("important", n.important),
    })
}
