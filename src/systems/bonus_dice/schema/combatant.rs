//! `[[combatant]]` tables and `[encounter]` of a bonus-dice skirmish, read into
//! [`Fighter`]s and an [`Encounter`] ([`super::super::skirmish`] gives the readings). The
//! shipped `scenarios/grizzly_ambush.toml` shows the keys in use; every key, its range, default
//! and seed line is listed in the README.
//!
//! ```toml
//! [encounter]
//! ambush = "bear"          # a side, or "none" (002:13–14)
//!
//! [[combatant]]
//! name = "Ada"             # required, unique
//! side = "party"           # required; two sides at least
//! durability = 12          # required, 0–100000 (002:51)
//! health = 10              # required, 1–100000 (002:54)
//! vigor = 15               # required, 0–100000 (002:42)
//! stamina = 10             # required, 0–1000: rounds in Shock (002:75); Vigor back ⌊/5⌋
//! attack_dice = 2          # bonus dice to hit; damage_dice, dodge_dice likewise (0–20)
//! offhand = { weapon_dice = 1, weapon_die = "d4", keep_vigor = 1 }
//! ```

use super::super::attack::Cover;
use super::super::check::Visibility;
use super::super::damage::Armor;
use super::super::dice::{BonusDice, bonus_die};
use super::super::rules::{DamageCharges, Rules};
use super::super::skirmish::{
    Aftermath, Encounter, Fighter, OFFHAND_CHALLENGES, Offhand, Skirmish, Strike,
};
use super::keys::AFTERMATH;
use super::{armor_rank, count, durability, ladder_die, policy, quality, size, weapon};
use crate::combat::load::{self, Entry};
use crate::combat::{Care, Roster};
use crate::dice::StepDie;
use crate::error::ScenarioError;
use crate::scenario::fields::one_of;
use crate::scenario::{Document, Source, Spanned, int_in_range};
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CombatantSpec {
    name: Spanned<String>,
    side: Spanned<String>,
    durability: Spanned<i64>,
    health: Spanned<i64>,
    vigor: Spanned<i64>,
    stamina: Spanned<i64>,
    attack_dice: Option<Spanned<i64>>,
    damage_dice: Option<Spanned<i64>>,
    dodge_dice: Option<Spanned<i64>>,
    dodge_policy: Option<Spanned<toml::Value>>,
    size: Option<Spanned<String>>,
    base_die: Option<Spanned<String>>,
    charges: Option<Spanned<i64>>,
    challenges: Option<Spanned<i64>>,
    ranged: Option<bool>,
    weapon_dice: Option<Spanned<i64>>,
    weapon_die: Option<Spanned<String>>,
    guard_bonus: Option<Spanned<i64>>,
    armor_rank: Option<Spanned<toml::Value>>,
    armor_quality: Option<Spanned<String>>,
    durability_quality: Option<Spanned<String>>,
    cover: Option<Spanned<String>>,
    actions: Option<Spanned<i64>>,
    initiative_dice: Option<Spanned<i64>>,
    defend: Option<bool>,
    vigor_recovery: Option<Spanned<i64>>,
    durability_recovery: Option<Spanned<i64>>,
    offhand: Option<OffhandSpec>,
    target: Option<Spanned<String>>,
    finish_downed: Option<bool>,
    medicine: Option<MedicineSpec>,
}

/// `medicine = { bonus_dice = N, base_die = "d10" }`: the combatant can try the Medicine
/// check VS 20 that stabilises one in Shock (002:76).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MedicineSpec {
    bonus_dice: Spanned<i64>,
    base_die: Option<Spanned<String>>,
}

/// `[aftermath]`: who tends whom once the fight is over, and what a Medicine try costs.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct AftermathSpec {
    allies: Option<Spanned<String>>,
    foes: Option<Spanned<String>>,
    patients: Option<Spanned<String>>,
    medicine_actions: Option<Spanned<i64>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct OffhandSpec {
    weapon_dice: Option<Spanned<i64>>,
    weapon_die: Option<Spanned<String>>,
    keep_vigor: Option<Spanned<i64>>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct EncounterSpec {
    ambush: Option<Spanned<String>>,
    ambushed_actions: Option<Spanned<i64>>,
    ambushed_can_react: Option<bool>,
    ambush_from_behind: Option<bool>,
    visibility: Option<Spanned<String>>,
}

/// Reads the `[[combatant]]` tables and `[encounter]`.
pub(super) fn skirmish(
    doc: &Document,
    list: &Spanned<Vec<CombatantSpec>>,
    rules: &Rules,
    max_rounds: Option<Spanned<i64>>,
) -> Result<Skirmish, ScenarioError> {
    let source = &doc.source;
    let specs = list.get_ref();
    let entries = specs.iter().map(|c| Entry::combatant(&c.name, &c.side));
    let roster = load::roster(source, list.span(), entries)?;
    let fighters = specs
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut f = fighter(source, c, &roster, i, rules)?;
            f.side = roster.side_of(i);
            Ok(f)
        })
        .collect::<Result<Vec<_>, ScenarioError>>()?;
    let spec: EncounterSpec = doc.section("encounter")?.unwrap_or_default();
    let ambush = match &spec.ambush {
        None => None,
        Some(a) if a.get_ref() == "none" => None,
        Some(a) => match roster.sides().iter().position(|s| s == a.get_ref()) {
            Some(s) => Some(s),
            None => {
                let sides: Vec<String> =
                    roster.sides().iter().map(|s| format!("\"{s}\"")).collect();
                return Err(source.invalid(
                    a.span(),
                    "encounter.ambush",
                    format!(
                        "\"{}\" is no side; allowed: \"none\" or a side ({})",
                        a.get_ref(),
                        sides.join(", ")
                    ),
                ));
            }
        },
    };
    let encounter = Encounter {
        ambush,
        ambushed_actions: int_in_range(
            source,
            spec.ambushed_actions.as_ref(),
            "encounter.ambushed_actions",
            0,
            20,
            1,
        )? as u32,
        ambushed_can_react: spec.ambushed_can_react.unwrap_or(true),
        ambush_from_behind: spec.ambush_from_behind.unwrap_or(false),
        visibility: one_of(
            source,
            spec.visibility.as_ref(),
            "encounter.visibility",
            &Visibility::WORDS,
            Visibility::Normal,
        )?,
    };
    let spec: AftermathSpec = doc.section("aftermath")?.unwrap_or_default();
    let span = doc.get("aftermath").map_or(0..0, |n| n.span.clone());
    let r = AFTERMATH.reader(source, "aftermath", span);
    let aftermath = Aftermath {
        care: load::care(
            &r,
            spec.allies.as_ref(),
            spec.foes.as_ref(),
            spec.patients.as_ref(),
            &Care::ALLIES,
        )?,
        medicine_actions: r.int("medicine_actions", spec.medicine_actions.as_ref())? as u32,
    };
    let max_rounds = crate::combat::load::max_rounds(source, max_rounds.as_ref())?;
    Ok(Skirmish::new(
        fighters, roster, encounter, rules, aftermath, max_rounds,
    ))
}

/// The dice of one hand: attack and damage bonus dice stepped by Charges, Challenges and
/// Wounded (002:2–3, 002:53), unwounded and Wounded.
#[allow(clippy::too_many_arguments)]
fn strike(
    rules: &Rules,
    base: StepDie,
    attack_dice: u32,
    damage_dice: u32,
    charges: u32,
    challenges: u32,
    hand_challenges: u32,
    weapon: (u32, StepDie),
) -> Strike {
    // 002:3: damage takes the attack's Charges (per `[rules] damage_charges`) and Wounded;
    // of the Challenges only the off-hand's reach it (002:21).
    let inherited = match rules.damage_charges {
        DamageCharges::Inherit => charges,
        DamageCharges::None => 0,
    };
    let at = |wounded: bool| {
        let attack = bonus_die(
            base,
            charges,
            challenges + hand_challenges,
            wounded,
            rules.wounded_step,
        );
        let damage = bonus_die(
            base,
            inherited,
            hand_challenges,
            wounded,
            rules.wounded_step,
        );
        (
            BonusDice::new(attack_dice, attack, rules.burst),
            super::super::damage::Damage::new(
                weapon.0,
                weapon.1,
                rules.weapon_dice_burst.then_some(rules.burst),
                BonusDice::new(damage_dice, damage, rules.burst),
            ),
        )
    };
    let (a0, d0) = at(false);
    let (a1, d1) = at(true);
    Strike {
        attack: [a0, a1],
        damage: [d0, d1],
    }
}

fn fighter(
    source: &Source,
    c: &CombatantSpec,
    roster: &Roster,
    me: usize,
    rules: &Rules,
) -> Result<Fighter, ScenarioError> {
    let name = c.name.get_ref();
    let key = |k: &str| format!("combatant.{name}.{k}");
    let int = |v: Option<&Spanned<i64>>, k: &str, min, max, default| {
        int_in_range(source, v, &key(k), min, max, default)
    };
    let n = |v: Option<&Spanned<i64>>, k: &str| count(source, v, &key(k));
    let base = ladder_die(source, c.base_die.as_ref(), &key("base_die"), StepDie::D10)?;
    let charges = n(c.charges.as_ref(), "charges")?;
    let challenges = n(c.challenges.as_ref(), "challenges")?;
    let attack_dice = n(c.attack_dice.as_ref(), "attack_dice")?;
    let damage_dice = n(c.damage_dice.as_ref(), "damage_dice")?;
    let dodge_dice = n(c.dodge_dice.as_ref(), "dodge_dice")?;
    let initiative_dice = n(c.initiative_dice.as_ref(), "initiative_dice")?;
    let main_weapon = weapon(
        source,
        &format!("combatant.{name}"),
        c.weapon_dice.as_ref(),
        c.weapon_die.as_ref(),
        BonusDice::new(0, base, rules.burst),
        rules,
    )?;
    let main = strike(
        rules,
        base,
        attack_dice,
        damage_dice,
        charges,
        challenges,
        0,
        (main_weapon.weapon.count, main_weapon.weapon.die),
    );
    let offhand = match &c.offhand {
        None => None,
        Some(o) => {
            // An unarmed off-hand deals 1 feeble die (002:73).
            let w = int_in_range(
                source,
                o.weapon_dice.as_ref(),
                &key("offhand.weapon_dice"),
                0,
                20,
                1,
            )? as u32;
            let die = quality(
                source,
                o.weapon_die.as_ref(),
                &key("offhand.weapon_die"),
                StepDie::D4,
            )?;
            Some(Offhand {
                strike: strike(
                    rules,
                    base,
                    attack_dice,
                    damage_dice,
                    charges,
                    challenges,
                    OFFHAND_CHALLENGES,
                    (w, die),
                ),
                keep_vigor: int(o.keep_vigor.as_ref(), "offhand.keep_vigor", 0, 100_000, 1)?,
            })
        }
    };
    let stepped = |w| {
        BonusDice::new(
            dodge_dice,
            bonus_die(base, 0, 0, w, rules.wounded_step),
            rules.burst,
        )
    };
    let durability_points = int(Some(&c.durability), "durability", 0, 100_000, 0)?;
    let stamina = int(Some(&c.stamina), "stamina", 0, 1000, 0)?;
    Ok(Fighter {
        name: name.clone(),
        side: 0,
        durability: durability_points,
        health: int(Some(&c.health), "health", 1, 100_000, 1)?,
        vigor: int(Some(&c.vigor), "vigor", 0, 100_000, 0)?,
        stamina,
        main,
        offhand,
        dodge: [stepped(false), stepped(true)],
        dodge_policy: policy(source, c.dodge_policy.as_ref(), &key("dodge_policy"))?,
        initiative: BonusDice::new(
            initiative_dice,
            bonus_die(base, 0, 0, durability_points == 0, rules.wounded_step),
            rules.burst,
        ),
        actions: int(c.actions.as_ref(), "actions", 0, 20, 2)? as u32,
        defend: c.defend.unwrap_or(false),
        // 002:45: 1 Vigor for every 5 Stamina.
        vigor_recovery: int(
            c.vigor_recovery.as_ref(),
            "vigor_recovery",
            0,
            100_000,
            stamina / 5,
        )?,
        durability_recovery: int(
            c.durability_recovery.as_ref(),
            "durability_recovery",
            0,
            100_000,
            0,
        )?,
        target: load::targeting(source, roster, me, "combatant.target", c.target.as_ref())?,
        finish_downed: c.finish_downed.unwrap_or(false),
        medicine: match &c.medicine {
            None => None,
            Some(m) => {
                let n = count(source, Some(&m.bonus_dice), &key("medicine.bonus_dice"))?;
                let base = ladder_die(
                    source,
                    m.base_die.as_ref(),
                    &key("medicine.base_die"),
                    StepDie::D10,
                )?;
                let dice = |w| {
                    BonusDice::new(n, bonus_die(base, 0, 0, w, rules.wounded_step), rules.burst)
                };
                Some([dice(false), dice(true)])
            }
        },
        size: size(source, c.size.as_ref(), &key("size"))?,
        ranged: c.ranged.unwrap_or(false),
        guard_bonus: int(c.guard_bonus.as_ref(), "guard_bonus", 0, 100, 0)?,
        cover: one_of(
            source,
            c.cover.as_ref(),
            &key("cover"),
            &Cover::WORDS,
            Cover::None,
        )?,
        armor: Armor {
            rank: armor_rank(source, c.armor_rank.as_ref(), &key("armor_rank"))?,
            quality: quality(
                source,
                c.armor_quality.as_ref(),
                &key("armor_quality"),
                StepDie::D8,
            )?,
            durability: durability(
                source,
                c.durability_quality.as_ref(),
                &key("durability_quality"),
            )?,
            cover: 0,
        },
    })
}
