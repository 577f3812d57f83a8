//! `[[combatant]]` tables of an Unbound Legends fight, read into [`Fighter`]s through the
//! keys declared in [`super::keys`] (`COMBATANT`, `ATTACKS`, the defense entries and
//! `AFTERMATH`); the shipped `scenarios/ogre_in_the_mill.toml` shows them in use. Checked by
//! hand here: what depends on other keys (`ap` or `vitality_die`, a `defend` and its entry, a
//! Parry's weapon) and the dice, damage types and sources.

use super::super::attack::DefenseKind;
use super::super::conflict::Conflict;
use super::super::d20::Edge;
use super::super::fighter::{
    ActiveDefense, ApSource, Armor, Attack, DAMAGE_SOURCES, DAMAGE_TYPES, DefendWhen, FightRules,
    Fighter, Kind, Kinds, Potions, ShortRest, Special, kind_bit,
};
use super::declared;
use super::keys::{AFTERMATH, ATTACKS, BLOCK, COMBATANT, DODGE, PARRY, POTIONS, SHORT_REST};
use crate::combat::load::{self, Entry};
use crate::combat::{Care, Roster};
use oddsmith_core::dice::DiceExpr;
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::keys::{Reader, Table};
use oddsmith_scenario::{Document, Source, Spanned};
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
    triage: Option<Spanned<i64>>,
    helps: Option<Spanned<bool>>,
    target: Option<Spanned<String>>,
    tactics: Option<Spanned<String>>,
    protect_below: Option<Spanned<f64>>,
    cautious_below: Option<Spanned<f64>>,
    #[serde(default)]
    resist: Vec<Spanned<String>>,
    #[serde(default)]
    vulnerable: Vec<Spanned<String>>,
    death_save_bonus: Option<Spanned<i64>>,
    short_rest: Option<ShortRestSpec>,
    potions: Option<PotionsSpec>,
    strength: Option<Spanned<i64>>,
    level: Option<Spanned<i64>>,
}

/// `short_rest` of a combatant.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ShortRestSpec {
    vitality_dice: Option<Spanned<i64>>,
    die: Option<Spanned<String>>,
    endurance: Option<Spanned<i64>>,
}

/// `potions` of a combatant.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PotionsSpec {
    count: Option<Spanned<i64>>,
    heal: Option<Spanned<String>>,
    drink: Option<Spanned<String>>,
}

/// `defense` of a combatant.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DefenseEntries {
    dodge: Option<DodgeSpec>,
    block: Option<BlockSpec>,
    parry: Option<ParrySpec>,
}

/// `defense.dodge`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DodgeSpec {
    bonus: Option<Spanned<i64>>,
    rank: Option<Spanned<i64>>,
    advantage: Option<Spanned<i64>>,
    disadvantage: Option<Spanned<i64>>,
}

/// `defense.block`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct BlockSpec {
    bonus: Option<Spanned<i64>>,
    rank: Option<Spanned<i64>>,
    advantage: Option<Spanned<i64>>,
    disadvantage: Option<Spanned<i64>>,
    strength: Option<Spanned<i64>>,
}

/// `defense.parry`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ParrySpec {
    bonus: Option<Spanned<i64>>,
    rank: Option<Spanned<i64>>,
    advantage: Option<Spanned<i64>>,
    disadvantage: Option<Spanned<i64>>,
    ap: Option<Spanned<i64>>,
}

/// One defense entry as written, with the table that declares its keys.
struct EntryKeys<'a> {
    name: &'static str,
    table: &'static Table,
    bonus: Option<&'a Spanned<i64>>,
    rank: Option<&'a Spanned<i64>>,
    advantage: Option<&'a Spanned<i64>>,
    disadvantage: Option<&'a Spanned<i64>>,
    strength: Option<&'a Spanned<i64>>,
    ap: Option<&'a Spanned<i64>>,
}

impl DefenseEntries {
    /// The entry a defense of `kind` reads (`"dodge2"` reads `dodge`), if written.
    fn entry(&self, kind: DefenseKind) -> Option<EntryKeys<'_>> {
        match kind {
            DefenseKind::Dodge | DefenseKind::Dodge2 => self.dodge.as_ref().map(|e| EntryKeys {
                name: "dodge",
                table: &DODGE,
                bonus: e.bonus.as_ref(),
                rank: e.rank.as_ref(),
                advantage: e.advantage.as_ref(),
                disadvantage: e.disadvantage.as_ref(),
                strength: None,
                ap: None,
            }),
            DefenseKind::Block => self.block.as_ref().map(|e| EntryKeys {
                name: "block",
                table: &BLOCK,
                bonus: e.bonus.as_ref(),
                rank: e.rank.as_ref(),
                advantage: e.advantage.as_ref(),
                disadvantage: e.disadvantage.as_ref(),
                strength: e.strength.as_ref(),
                ap: None,
            }),
            DefenseKind::Parry => self.parry.as_ref().map(|e| EntryKeys {
                name: "parry",
                table: &PARRY,
                bonus: e.bonus.as_ref(),
                rank: e.rank.as_ref(),
                advantage: e.advantage.as_ref(),
                disadvantage: e.disadvantage.as_ref(),
                strength: None,
                ap: e.ap.as_ref(),
            }),
        }
    }
}

/// One attack of a combatant.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AttackSpec {
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
pub(super) const DEFENDS: [(&str, Option<DefenseKind>); 5] = [
    ("passive", None),
    ("dodge", Some(DefenseKind::Dodge)),
    ("dodge2", Some(DefenseKind::Dodge2)),
    ("block", Some(DefenseKind::Block)),
    ("parry", Some(DefenseKind::Parry)),
];

/// The values of `defend_when`.
pub(super) const DEFEND_WHEN: [(&str, DefendWhen); 2] = [
    ("affordable", DefendWhen::Affordable),
    ("spare", DefendWhen::Spare),
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
    let care = load::care(
        &AFTERMATH.section_reader(doc),
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
pub(super) struct AftermathSpec {
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
    let r = COMBATANT.reader(source, format!("combatant.{name}"), c.name.span());
    let agility = r.int("agility", c.agility.as_ref())?;
    let dex_or_cunning = r.int("dex_or_cunning", c.dex_or_cunning.as_ref())?;
    let ap = match (&c.ap, &c.vitality_die) {
        (Some(ap), None) => {
            if let Some(a) = &c.action_die {
                return Err(source.invalid(
                    a.span(),
                    r.path("action_die"),
                    "a set `ap` is not rolled; remove action_die, or roll the AP with \
                     vitality_die instead of ap",
                ));
            }
            ApSource::Fixed(r.int("ap", Some(ap))?)
        }
        (None, Some(v)) => ApSource::Rolled {
            action_die: die(source, &r, "action_die", c.action_die.as_ref())?,
            vitality_die: die(source, &r, "vitality_die", Some(v))?,
            flat: 5 + agility + dex_or_cunning,
        },
        (Some(ap), Some(_)) => {
            return Err(source.invalid(
                ap.span(),
                r.path("ap"),
                "give either a set `ap` (monsters, NPCs) or a `vitality_die` to roll 5 + \
                 action die + Vitality die + agility + dex_or_cunning (L267), not both",
            ));
        }
        (None, None) => {
            return Err(source.invalid(
                c.name.span(),
                r.path("ap"),
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
    let short_rest = short_rest(source, c, &ap)?;
    let plays = load::tactics(
        &r,
        (roster, me),
        "combatant.target",
        c.target.as_ref(),
        load::TacticKeys {
            tactics: c.tactics.as_ref(),
            protect_below: c.protect_below.as_ref(),
            cautious_below: c.cautious_below.as_ref(),
        },
    )?;
    Ok(Fighter {
        name: name.clone(),
        side: 0,
        kind: r.word("kind", c.kind.as_ref(), &Kind::WORDS)?,
        ap,
        agility,
        dex_or_cunning,
        vitality: r.int("vitality", Some(&c.vitality))?,
        health: r.int("health", Some(&c.health))?,
        passive_armor: r.int("passive_armor", Some(&c.passive_armor))?,
        armor_reduction: r.int("armor_reduction", c.armor_reduction.as_ref())?,
        armor_skill_rank: r.int("armor_skill_rank", c.armor_skill_rank.as_ref())?,
        armor: r.word("armor", c.armor.as_ref(), &Armor::WORDS)?,
        defend: defend(source, &r, c, &attacks)?,
        defend_when: r.word("defend_when", c.defend_when.as_ref(), &DEFEND_WHEN)?,
        reserve_ap: r.int("reserve_ap", c.reserve_ap.as_ref())?,
        attacks,
        first_aid: r.opt_int("first_aid", c.first_aid.as_ref())?,
        triage: r.opt_int("triage", c.triage.as_ref())?,
        helps: r.bool("helps", c.helps.as_ref().map(|h| *h.get_ref())),
        target: plays.target,
        plays,
        resist: kinds(source, &c.resist, &r.path("resist"))?,
        vulnerable: kinds(source, &c.vulnerable, &r.path("vulnerable"))?,
        death_save_bonus: r.int("death_save_bonus", c.death_save_bonus.as_ref())?,
        short_rest,
        potions: potions(source, c)?,
        strength: r.int("strength", c.strength.as_ref())?,
        level: r.int("level", c.level.as_ref())?,
    })
}

/// `potions = { … }`: potions of healing (001:318, 001:437).
fn potions(source: &Source, c: &CombatantSpec) -> Result<Option<Potions>, ScenarioError> {
    let Some(spec) = &c.potions else {
        return Ok(None);
    };
    let name = c.name.get_ref();
    let at = format!("combatant.{name}.potions");
    let r = POTIONS.reader(source, at.clone(), c.name.span());
    let count = r.int("count", spec.count.as_ref())? as u32;
    let Some(heal) = &spec.heal else {
        return Err(source.invalid(
            c.name.span(),
            r.path("heal"),
            format!(
                "missing: what one potion heals, {}",
                r.key("heal").allowed()
            ),
        ));
    };
    let heal = heal
        .get_ref()
        .parse::<DiceExpr>()
        .map_err(|e| source.invalid(heal.span(), r.path("heal"), e.to_string()))?;
    let full = r.word(
        "drink",
        spec.drink.as_ref(),
        &[("quick", false), ("full", true)],
    )?;
    Ok(Some(Potions { count, heal, full }))
}

/// `short_rest = { … }`: the Vitality Dice (L610); the die is the combatant's Vitality Die
/// (L267) unless it says.
fn short_rest(
    source: &Source,
    c: &CombatantSpec,
    ap: &ApSource,
) -> Result<Option<ShortRest>, ScenarioError> {
    let Some(spec) = &c.short_rest else {
        return Ok(None);
    };
    let name = c.name.get_ref();
    let r = SHORT_REST.reader(
        source,
        format!("combatant.{name}.short_rest"),
        c.name.span(),
    );
    let vitality_dice = r.int("vitality_dice", spec.vitality_dice.as_ref())? as u32;
    let allowed = || format!("allowed: {}", r.key("die").allowed());
    let sides = match (&spec.die, ap) {
        (Some(d), _) => match d.get_ref().parse::<DiceExpr>() {
            Ok(e) => {
                single_die(&e).ok_or_else(|| source.invalid(d.span(), r.path("die"), allowed()))?
            }
            Err(e) => {
                return Err(source.invalid(d.span(), r.path("die"), format!("{e}; {}", allowed())));
            }
        },
        (None, ApSource::Rolled { vitality_die, .. }) => match single_die(vitality_die) {
            Some(sides) => sides,
            None => {
                return Err(source.invalid(
                    c.name.span(),
                    r.path("die"),
                    format!(
                        "its `vitality_die` \"{}\" is not a single die: say which die the Vitality Dice are; {}",
                        vitality_die.as_str(),
                        allowed()
                    ),
                ));
            }
        },
        (None, ApSource::Fixed(_)) => {
            return Err(source.invalid(
                c.name.span(),
                r.path("die"),
                format!(
                    "\"{name}\" has a set `ap`, so no `vitality_die`: say which die its Vitality Dice are (`die = \"d8\"`); {}",
                    allowed()
                ),
            ));
        }
    };
    Ok(Some(ShortRest {
        vitality_dice,
        die: sides,
        endurance: r.int("endurance", spec.endurance.as_ref())?,
    }))
}

/// The faces of `dice` when it is one plain die and nothing else (`"d6"`).
fn single_die(dice: &DiceExpr) -> Option<u32> {
    let one = dice.dice_count() == 1 && dice.constant() == 0 && !dice.is_exploding();
    (one && dice.min() == 1 && dice.max() >= 2).then_some(dice.max() as u32)
}

/// A die such as `"d4"` or `"d10"` (any dice expression without exploding dice); left out,
/// the key's declared die.
fn die(
    source: &Source,
    r: &Reader<'_>,
    name: &str,
    value: Option<&Spanned<String>>,
) -> Result<DiceExpr, ScenarioError> {
    let Some(v) = value else {
        return Ok(declared(r.key(name)).parse().expect("a valid declared die"));
    };
    let allowed = || format!("allowed: {}", r.key(name).allowed());
    match v.get_ref().parse::<DiceExpr>() {
        Ok(d) if !d.is_exploding() && d.min() >= 0 => Ok(d),
        Ok(_) => Err(source.invalid(v.span(), r.path(name), allowed())),
        Err(e) => Err(source.invalid(v.span(), r.path(name), format!("{e}; {}", allowed()))),
    }
}

fn attack(source: &Source, a: &AttackSpec, name: &str) -> Result<Attack, ScenarioError> {
    let r = ATTACKS.reader(source, format!("combatant.{name}.attacks"), a.damage.span());
    let damage = a
        .damage
        .get_ref()
        .parse::<DiceExpr>()
        .map_err(|e| source.invalid(a.damage.span(), r.path("damage"), e.to_string()))?;
    let kind_word = a.kind.get_ref().as_str();
    if !DAMAGE_TYPES.contains(&kind_word) {
        return Err(source.invalid(
            a.kind.span(),
            r.path("type"),
            format!(
                "\"{kind_word}\" is not a damage type; allowed (L396–405): {}",
                quoted(&DAMAGE_TYPES)
            ),
        ));
    }
    let source_word = a
        .source
        .as_ref()
        .map_or(declared(r.key("source")), |s| s.get_ref().as_str());
    if !DAMAGE_SOURCES.contains(&source_word) {
        return Err(source.invalid(
            a.source.as_ref().map_or(a.damage.span(), Spanned::span),
            r.path("source"),
            format!(
                "\"{source_word}\" is not a damage source; allowed (L408–414): {}",
                quoted(&DAMAGE_SOURCES)
            ),
        ));
    }
    let special = match kind_word {
        "piercing" => Special::Piercing,
        "slashing" => Special::Slashing,
        "poison" => Special::Poison,
        _ => Special::Plain,
    };
    let bits =
        kind_bit(kind_word).expect("checked above") | kind_bit(source_word).expect("checked");
    Ok(Attack::new(
        r.int("to_hit", a.to_hit.as_ref())?,
        damage,
        bits,
        special,
        r.int("skill_rank", a.skill_rank.as_ref())?,
        r.int("ap", a.ap.as_ref())?,
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
    r: &Reader<'_>,
    c: &CombatantSpec,
    attacks: &[Attack],
) -> Result<Option<ActiveDefense>, ScenarioError> {
    let name = c.name.get_ref();
    let Some(kind) = r.word("defend", c.defend.as_ref(), &DEFENDS)? else {
        return Ok(None);
    };
    let at = c.defend.as_ref().map_or(c.name.span(), Spanned::span);
    let Some(entry) = c.defense.as_ref().and_then(|e| e.entry(kind)) else {
        let entry_name = match kind {
            DefenseKind::Dodge | DefenseKind::Dodge2 => "dodge",
            DefenseKind::Block => "block",
            DefenseKind::Parry => "parry",
        };
        return Err(source.invalid(
            at,
            r.path("defend"),
            format!(
                "defend = \"{}\" needs its entry: defense.{entry_name} = {{ bonus = …, rank = … }}",
                c.defend.as_ref().map_or("", |d| d.get_ref().as_str())
            ),
        ));
    };
    let e = entry.table.reader(
        source,
        format!("combatant.{name}.defense.{}", entry.name),
        at.clone(),
    );
    if kind == DefenseKind::Parry && attacks.is_empty() {
        return Err(source.invalid(
            at,
            r.path("defend"),
            "a Parry uses the first attack's weapon (L258–259): list an attack",
        ));
    }
    let cost = match (kind, attacks.first()) {
        (DefenseKind::Dodge, _) => 2,
        (DefenseKind::Dodge2, _) => 4,
        (DefenseKind::Block, _) => 3,
        // Left out, a Parry costs 2 less than the weapon (as its declaration says).
        (DefenseKind::Parry, first) => match entry.ap {
            Some(ap) => e.int("ap", Some(ap))?,
            None => first.map_or(0, |a| (a.ap - 2).max(0)),
        },
    };
    Ok(Some(ActiveDefense {
        kind,
        cost,
        bonus: e.int("bonus", entry.bonus)?,
        rank: e.int("rank", entry.rank)?,
        edge: Edge::from_counts(
            e.int("advantage", entry.advantage)? as u32,
            e.int("disadvantage", entry.disadvantage)? as u32,
        ),
        // Only a Block adds Strength (L254); the other entries do not take it.
        strength: match kind {
            DefenseKind::Block => e.int("strength", entry.strength)?,
            _ => 0,
        },
    }))
}
