//! `[[combatant]]` tables of an Unbound Legends fight, read into [`Fighter`]s. Every key,
//! its range, default and seed line is listed in the README; the shipped
//! `scenarios/ogre_in_the_mill.toml` shows them in use.

use super::super::attack::DefenseKind;
use super::super::conflict::Conflict;
use super::super::d20::Edge;
use super::super::fighter::{
    ActiveDefense, ApSource, Armor, Attack, DAMAGE_SOURCES, DAMAGE_TYPES, DefendWhen, FightRules,
    Fighter, Kind, Kinds, Special, kind_bit,
};
use super::keys::AFTERMATH;
use crate::combat::load::{self, Entry};
use crate::combat::{Care, Roster};
use crate::dice::DiceExpr;
use crate::error::ScenarioError;
use crate::scenario::fields::one_of;
use crate::scenario::{Document, Source, Spanned, int_in_range};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CombatantSpec {
    name: Spanned<String>,
    side: Spanned<String>,
    kind: Option<Spanned<String>>,
    ap: Option<Spanned<i64>>,
    action_die: Option<Spanned<String>>,
    vitality_die: Option<Spanned<String>>,
    agility: Option<Spanned<i64>>,
    dex_or_cunning: Option<Spanned<i64>>,
    vitality: Spanned<i64>,
    health: Spanned<i64>,
    passive_armor: Spanned<i64>,
    armor_reduction: Option<Spanned<i64>>,
    armor_skill_rank: Option<Spanned<i64>>,
    armor: Option<Spanned<String>>,
    defend: Option<Spanned<String>>,
    defend_when: Option<Spanned<String>>,
    reserve_ap: Option<Spanned<i64>>,
    defense: Option<DefenseEntries>,
    #[serde(default)]
    attacks: Vec<AttackSpec>,
    first_aid: Option<Spanned<i64>>,
    target: Option<Spanned<String>>,
    #[serde(default)]
    resist: Vec<Spanned<String>>,
    #[serde(default)]
    vulnerable: Vec<Spanned<String>>,
    death_save_bonus: Option<Spanned<i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DefenseEntries {
    dodge: Option<EntrySpec>,
    block: Option<EntrySpec>,
    parry: Option<EntrySpec>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EntrySpec {
    bonus: Option<Spanned<i64>>,
    rank: Option<Spanned<i64>>,
    advantage: Option<Spanned<i64>>,
    disadvantage: Option<Spanned<i64>>,
    strength: Option<Spanned<i64>>,
    ap: Option<Spanned<i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackSpec {
    #[allow(dead_code)] // shown to people reading the scenario
    name: Option<String>,
    to_hit: Option<Spanned<i64>>,
    damage: Spanned<String>,
    #[serde(rename = "type")]
    kind: Spanned<String>,
    source: Option<Spanned<String>>,
    skill_rank: Option<Spanned<i64>>,
    ap: Option<Spanned<i64>>,
}

/// The defenses a combatant may declare, and the entry each reads.
const DEFENDS: [(&str, Option<DefenseKind>); 5] = [
    ("passive", None),
    ("dodge", Some(DefenseKind::Dodge)),
    ("dodge2", Some(DefenseKind::Dodge2)),
    ("block", Some(DefenseKind::Block)),
    ("parry", Some(DefenseKind::Parry)),
];

/// Reads the `[[combatant]]` tables.
pub(super) fn conflict(
    doc: &Document,
    list: &Spanned<Vec<CombatantSpec>>,
    rules: FightRules,
    max_rounds: Option<Spanned<i64>>,
) -> Result<Conflict, ScenarioError> {
    let source = &doc.source;
    let specs = list.get_ref();
    let entries = specs.iter().map(|c| Entry::combatant(&c.name, &c.side));
    let roster = load::roster(source, list.span(), entries)?;
    let fighters = specs
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut f = fighter(source, c, &roster, i)?;
            f.side = roster.side_of(i);
            Ok(f)
        })
        .collect::<Result<Vec<_>, ScenarioError>>()?;
    let max_rounds = crate::combat::load::max_rounds(source, max_rounds.as_ref())?;
    let spec: AftermathSpec = doc.section("aftermath")?.unwrap_or_default();
    let span = doc.get("aftermath").map_or(0..0, |n| n.span.clone());
    let care = load::care(
        &AFTERMATH.reader(source, "aftermath", span),
        spec.allies.as_ref(),
        spec.foes.as_ref(),
        spec.patients.as_ref(),
        &Care::ALLIES_OR_STABILISE,
    )?;
    let mut conflict = Conflict::new(fighters, roster, rules, max_rounds);
    conflict.bout.care = care;
    Ok(conflict)
}

/// `[aftermath]`: who tends whom once the fight is over (first aid, L453).
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct AftermathSpec {
    allies: Option<Spanned<String>>,
    foes: Option<Spanned<String>>,
    patients: Option<Spanned<String>>,
}

fn fighter(
    source: &Source,
    c: &CombatantSpec,
    roster: &Roster,
    me: usize,
) -> Result<Fighter, ScenarioError> {
    let name = c.name.get_ref();
    let key = |k: &str| format!("combatant.{name}.{k}");
    let int = |v: Option<&Spanned<i64>>, k: &str, min, max, default| {
        int_in_range(source, v, &key(k), min, max, default)
    };
    let kind = one_of(
        source,
        c.kind.as_ref(),
        &key("kind"),
        &Kind::WORDS,
        Kind::Pc,
    )?;
    let agility = int(c.agility.as_ref(), "agility", -50, 50, 0)?;
    let dex_or_cunning = int(c.dex_or_cunning.as_ref(), "dex_or_cunning", -50, 50, 0)?;
    let ap = match (&c.ap, &c.vitality_die) {
        (Some(ap), None) => {
            if let Some(a) = &c.action_die {
                return Err(source.invalid(
                    a.span(),
                    key("action_die"),
                    "a set `ap` is not rolled; remove action_die, or roll the AP with \
                     vitality_die instead of ap",
                ));
            }
            ApSource::Fixed(int(Some(ap), "ap", 0, 1000, 0)?)
        }
        (None, Some(v)) => ApSource::Rolled {
            action_die: die(source, c.action_die.as_ref(), &key("action_die"), "d4")?,
            vitality_die: die(source, Some(v), &key("vitality_die"), "d8")?,
            flat: 5 + agility + dex_or_cunning,
        },
        (Some(ap), Some(_)) => {
            return Err(source.invalid(
                ap.span(),
                key("ap"),
                "give either a set `ap` (monsters, NPCs) or a `vitality_die` to roll 5 + \
                 action die + Vitality die + agility + dex_or_cunning (L267), not both",
            ));
        }
        (None, None) => {
            return Err(source.invalid(
                c.name.span(),
                key("ap"),
                format!(
                    "\"{name}\" needs its Action Points: a set `ap` (monsters, NPCs) or a \
                     `vitality_die` (\"d8\") to roll them (L267)"
                ),
            ));
        }
    };
    let attacks = c
        .attacks
        .iter()
        .map(|a| attack(source, a, name))
        .collect::<Result<Vec<_>, _>>()?;
    let defend = defend(source, c, &attacks)?;
    let first_aid = match &c.first_aid {
        None => None,
        Some(v) => Some(int(Some(v), "first_aid", -50, 50, 0)?),
    };
    Ok(Fighter {
        name: name.clone(),
        side: 0,
        kind,
        ap,
        agility,
        dex_or_cunning,
        vitality: int(Some(&c.vitality), "vitality", 0, 100_000, 0)?,
        health: int(Some(&c.health), "health", 1, 100_000, 1)?,
        passive_armor: int(Some(&c.passive_armor), "passive_armor", -50, 200, 10)?,
        armor_reduction: int(c.armor_reduction.as_ref(), "armor_reduction", 0, 200, 0)?,
        armor_skill_rank: int(c.armor_skill_rank.as_ref(), "armor_skill_rank", 0, 4, 0)?,
        armor: one_of(
            source,
            c.armor.as_ref(),
            &key("armor"),
            &Armor::WORDS,
            Armor::None,
        )?,
        defend,
        defend_when: one_of(
            source,
            c.defend_when.as_ref(),
            &key("defend_when"),
            &[
                ("affordable", DefendWhen::Affordable),
                ("spare", DefendWhen::Spare),
            ],
            DefendWhen::Affordable,
        )?,
        reserve_ap: int(c.reserve_ap.as_ref(), "reserve_ap", 0, 1000, 0)?,
        attacks,
        first_aid,
        target: load::targeting(source, roster, me, "combatant.target", c.target.as_ref())?,
        resist: kinds(source, &c.resist, &key("resist"))?,
        vulnerable: kinds(source, &c.vulnerable, &key("vulnerable"))?,
        death_save_bonus: int(c.death_save_bonus.as_ref(), "death_save_bonus", -50, 50, 0)?,
    })
}

/// A die such as `"d4"` or `"d10"` (any dice expression without exploding dice).
fn die(
    source: &Source,
    value: Option<&Spanned<String>>,
    key: &str,
    default: &str,
) -> Result<DiceExpr, ScenarioError> {
    let Some(v) = value else {
        return Ok(default.parse().expect("a valid default"));
    };
    match v.get_ref().parse::<DiceExpr>() {
        Ok(d) if !d.is_exploding() && d.min() >= 0 => Ok(d),
        Ok(_) => Err(source.invalid(v.span(), key, "allowed: a die such as \"d4\" or \"d10\"")),
        Err(e) => Err(source.invalid(v.span(), key, e.to_string())),
    }
}

fn attack(source: &Source, a: &AttackSpec, name: &str) -> Result<Attack, ScenarioError> {
    let key = |k: &str| format!("combatant.{name}.attacks.{k}");
    let int = |v: Option<&Spanned<i64>>, k: &str, min, max, default| {
        int_in_range(source, v, &key(k), min, max, default)
    };
    let damage = a
        .damage
        .get_ref()
        .parse::<DiceExpr>()
        .map_err(|e| source.invalid(a.damage.span(), key("damage"), e.to_string()))?;
    let kind_word = a.kind.get_ref().as_str();
    if !DAMAGE_TYPES.contains(&kind_word) {
        return Err(source.invalid(
            a.kind.span(),
            key("type"),
            format!(
                "\"{kind_word}\" is not a damage type; allowed (L396–405): {}",
                quoted(&DAMAGE_TYPES)
            ),
        ));
    }
    let source_bit = match &a.source {
        None => kind_bit("null").expect("a source"),
        Some(s) if DAMAGE_SOURCES.contains(&s.get_ref().as_str()) => {
            kind_bit(s.get_ref()).expect("a source")
        }
        Some(s) => {
            return Err(source.invalid(
                s.span(),
                key("source"),
                format!(
                    "\"{}\" is not a damage source; allowed (L408–414): {}",
                    s.get_ref(),
                    quoted(&DAMAGE_SOURCES)
                ),
            ));
        }
    };
    let special = match kind_word {
        "piercing" => Special::Piercing,
        "slashing" => Special::Slashing,
        "poison" => Special::Poison,
        _ => Special::Plain,
    };
    Ok(Attack::new(
        int(a.to_hit.as_ref(), "to_hit", -50, 100, 0)?,
        damage,
        kind_bit(kind_word).expect("checked above") | source_bit,
        special,
        int(a.skill_rank.as_ref(), "skill_rank", 0, 4, 0)?,
        int(a.ap.as_ref(), "ap", 1, 1000, 5)?,
    ))
}

fn quoted(words: &[&str]) -> String {
    words
        .iter()
        .map(|w| format!("\"{w}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

fn kinds(source: &Source, list: &[Spanned<String>], key: &str) -> Result<Kinds, ScenarioError> {
    let mut mask = 0;
    for w in list {
        match kind_bit(w.get_ref()) {
            Some(bit) => mask |= bit,
            None => {
                return Err(source.invalid(
                    w.span(),
                    key,
                    format!(
                        "\"{}\" is neither a damage type nor a source; allowed: {}, or {}",
                        w.get_ref(),
                        quoted(&DAMAGE_TYPES),
                        quoted(&DAMAGE_SOURCES)
                    ),
                ));
            }
        }
    }
    Ok(mask)
}

/// The declared defense and its `defense.<kind>` entry ("dodge2" reads `defense.dodge`).
fn defend(
    source: &Source,
    c: &CombatantSpec,
    attacks: &[Attack],
) -> Result<Option<ActiveDefense>, ScenarioError> {
    let name = c.name.get_ref();
    let key = |k: &str| format!("combatant.{name}.{k}");
    let Some(kind) = one_of(source, c.defend.as_ref(), &key("defend"), &DEFENDS, None)? else {
        return Ok(None);
    };
    let (entry_name, entry) = {
        let e = c.defense.as_ref();
        match kind {
            DefenseKind::Dodge | DefenseKind::Dodge2 => ("dodge", e.and_then(|e| e.dodge.as_ref())),
            DefenseKind::Block => ("block", e.and_then(|e| e.block.as_ref())),
            DefenseKind::Parry => ("parry", e.and_then(|e| e.parry.as_ref())),
        }
    };
    let at = c.defend.as_ref().map_or(c.name.span(), Spanned::span);
    let Some(entry) = entry else {
        return Err(source.invalid(
            at,
            key("defend"),
            format!(
                "defend = \"{}\" needs its entry: defense.{entry_name} = {{ bonus = …, rank = … }}",
                c.defend.as_ref().map_or("", |d| d.get_ref().as_str())
            ),
        ));
    };
    let ekey = |k: &str| format!("combatant.{name}.defense.{entry_name}.{k}");
    let int = |v: Option<&Spanned<i64>>, k: &str, min, max, default| {
        int_in_range(source, v, &ekey(k), min, max, default)
    };
    for (k, v, allowed) in [
        ("strength", &entry.strength, kind == DefenseKind::Block),
        ("ap", &entry.ap, kind == DefenseKind::Parry),
    ] {
        if let (Some(v), false) = (v, allowed) {
            return Err(source.invalid(
                v.span(),
                ekey(k),
                "only a Block takes `strength` (L254) and only a Parry `ap` (L258)",
            ));
        }
    }
    if kind == DefenseKind::Parry && attacks.is_empty() {
        return Err(source.invalid(
            at,
            key("defend"),
            "a Parry uses the first attack's weapon (L258–259): list an attack",
        ));
    }
    let cost = match (kind, attacks.first()) {
        (DefenseKind::Dodge, _) => 2,
        (DefenseKind::Dodge2, _) => 4,
        (DefenseKind::Block, _) => 3,
        (DefenseKind::Parry, first) => match &entry.ap {
            Some(ap) => int(Some(ap), "ap", 0, 1000, 0)?,
            None => first.map_or(0, |a| (a.ap - 2).max(0)),
        },
    };
    Ok(Some(ActiveDefense {
        kind,
        cost,
        bonus: int(entry.bonus.as_ref(), "bonus", -50, 100, 0)?,
        rank: int(entry.rank.as_ref(), "rank", 0, 4, 0)?,
        edge: Edge::from_counts(
            int(entry.advantage.as_ref(), "advantage", 0, 20, 0)? as u32,
            int(entry.disadvantage.as_ref(), "disadvantage", 0, 20, 0)? as u32,
        ),
        strength: int(entry.strength.as_ref(), "strength", -50, 50, 0)?,
    }))
}
