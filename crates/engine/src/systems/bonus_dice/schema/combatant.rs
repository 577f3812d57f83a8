//! `[[combatant]]` tables (with `offhand` and `medicine`), `[encounter]` and `[aftermath]` of a
//! bonus-dice skirmish, read against the keys declared in [`super::keys`] into [`Fighter`]s,
//! an [`Encounter`] and an [`Aftermath`] ([`super::super::skirmish`] gives the readings). The
//! shipped `scenarios/grizzly_ambush.toml` shows the keys in use.

use super::super::attack::Cover;
use super::super::attack::Size;
use super::super::check::Visibility;
use super::super::dice::{BonusDice, bonus_die};
use super::super::rules::{DamageCharges, Rules};
use super::super::skirmish::{
    Aftermath, Encounter, Fighter, OFFHAND_CHALLENGES, Offhand, Skirmish, Strike,
};
use super::keys::{AFTERMATH, COMBATANT, ENCOUNTER, MEDICINE, OFFHAND, POTIONS};
use super::{armor, count, ladder_die, policy, quality, weapon};
use crate::combat::load::{self, Entry};
use crate::combat::{Care, Roster};
use crate::systems::bonus_dice::skirmish::Potions;
use oddsmith_core::dice::DiceExpr;
use oddsmith_core::dice::StepDie;
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::{Document, Source, Spanned};
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
    tactics: Option<Spanned<String>>,
    protect_below: Option<Spanned<f64>>,
    cautious_below: Option<Spanned<f64>>,
    finish_downed: Option<bool>,
    medicine: Option<MedicineSpec>,
    potions: Option<PotionsSpec>,
}

/// `medicine = { bonus_dice = N, base_die = "d10" }`: the combatant can try the Medicine
/// check VS 20 that stabilises one in Shock (002:76).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MedicineSpec {
    bonus_dice: Spanned<i64>,
    base_die: Option<Spanned<String>>,
}

/// `potions = { count = N, heal = "2d6" }`: potions of healing (002:27).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct PotionsSpec {
    count: Spanned<i64>,
    heal: Spanned<String>,
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
pub(super) struct OffhandSpec {
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
    openings: Option<Spanned<String>>,
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
                        "\"{}\" is no side; allowed: {} ({})",
                        a.get_ref(),
                        ENCOUNTER
                            .key("ambush")
                            .map_or(String::new(), |k| k.allowed()),
                        sides.join(", ")
                    ),
                ));
            }
        },
    };
    let r = ENCOUNTER.section_reader(doc);
    let encounter = Encounter {
        ambush,
        ambushed_actions: count(&r, "ambushed_actions", spec.ambushed_actions.as_ref())?,
        ambushed_can_react: r.bool("ambushed_can_react", spec.ambushed_can_react),
        ambush_from_behind: r.bool("ambush_from_behind", spec.ambush_from_behind),
        openings: r.word(
            "openings",
            spec.openings.as_ref(),
            &[("every_foe", true), ("none", false)],
        )?,
        visibility: r.word("visibility", spec.visibility.as_ref(), &Visibility::WORDS)?,
    };
    let spec: AftermathSpec = doc.section("aftermath")?.unwrap_or_default();
    let r = AFTERMATH.section_reader(doc);
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
    let at = format!("combatant.{name}");
    let r = COMBATANT.reader(source, at.clone(), c.name.span());
    let base = ladder_die(&r, "base_die", c.base_die.as_ref())?;
    let charges = count(&r, "charges", c.charges.as_ref())?;
    let challenges = count(&r, "challenges", c.challenges.as_ref())?;
    let attack_dice = count(&r, "attack_dice", c.attack_dice.as_ref())?;
    let damage_dice = count(&r, "damage_dice", c.damage_dice.as_ref())?;
    let dodge_dice = count(&r, "dodge_dice", c.dodge_dice.as_ref())?;
    let initiative_dice = count(&r, "initiative_dice", c.initiative_dice.as_ref())?;
    let main_weapon = weapon(
        &r,
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
            // Left out, the off-hand is unarmed: 1 feeble die (002:73), as declared.
            let ro = OFFHAND.reader(source, format!("{at}.offhand"), c.name.span());
            let w = count(&ro, "weapon_dice", o.weapon_dice.as_ref())?;
            let die = quality(&ro, "weapon_die", o.weapon_die.as_ref())?;
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
                keep_vigor: ro.int("keep_vigor", o.keep_vigor.as_ref())?,
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
    let durability = r.int("durability", Some(&c.durability))?;
    let stamina = r.int("stamina", Some(&c.stamina))?;
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
        durability,
        health: r.int("health", Some(&c.health))?,
        vigor: r.int("vigor", Some(&c.vigor))?,
        stamina,
        main,
        offhand,
        dodge: [stepped(false), stepped(true)],
        dodge_policy: policy(source, &r, "dodge_policy", c.dodge_policy.as_ref())?,
        initiative: [false, true].map(|w| {
            BonusDice::new(
                initiative_dice,
                bonus_die(base, 0, 0, w, rules.wounded_step),
                rules.burst,
            )
        }),
        actions: count(&r, "actions", c.actions.as_ref())?,
        defend: r.bool("defend", c.defend),
        // Left out, 1 Vigor for every 5 Stamina (002:45), as declared.
        vigor_recovery: r
            .opt_int("vigor_recovery", c.vigor_recovery.as_ref())?
            .unwrap_or(stamina / 5),
        durability_recovery: r.int("durability_recovery", c.durability_recovery.as_ref())?,
        target: plays.target,
        plays,
        // A ruthless combatant finishes foes in Shock unless the file says otherwise.
        finish_downed: match c.finish_downed {
            None if plays.profile.finishes_the_fallen() => true,
            written => r.bool("finish_downed", written),
        },
        medicine: match &c.medicine {
            None => None,
            Some(m) => {
                let rm = MEDICINE.reader(source, format!("{at}.medicine"), c.name.span());
                let n = count(&rm, "bonus_dice", Some(&m.bonus_dice))?;
                let base = ladder_die(&rm, "base_die", m.base_die.as_ref())?;
                let dice = |w| {
                    BonusDice::new(n, bonus_die(base, 0, 0, w, rules.wounded_step), rules.burst)
                };
                Some([dice(false), dice(true)])
            }
        },
        potions: match &c.potions {
            None => None,
            Some(p) => {
                let rp = POTIONS.reader(source, format!("{at}.potions"), c.name.span());
                let heal = (p.heal.get_ref().parse::<DiceExpr>())
                    .map_err(|e| source.invalid(p.heal.span(), rp.path("heal"), e.to_string()))?;
                Some(Potions {
                    count: rp.int("count", Some(&p.count))? as u32,
                    heal,
                })
            }
        },
        size: r.word("size", c.size.as_ref(), &Size::WORDS)?,
        ranged: r.bool("ranged", c.ranged),
        guard_bonus: r.int("guard_bonus", c.guard_bonus.as_ref())?,
        cover: r.word("cover", c.cover.as_ref(), &Cover::WORDS)?,
        armor: armor(
            source,
            &r,
            c.armor_rank.as_ref(),
            c.armor_quality.as_ref(),
            c.durability_quality.as_ref(),
        )?,
    })
}
