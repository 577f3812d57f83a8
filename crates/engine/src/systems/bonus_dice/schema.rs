//! The sections of a `bonus-dice` scenario: `[check]` (a roll against a Victory Sum),
//! `[attack]` (with `[attack.target]`, `[attack.dodge]`, `[attack.damage]`), `[damage]` (one
//! hit's damage) or `[[combatant]]` tables (a skirmish, [`combatant`]); one per file. With a
//! `[day]` table the `[[combatant]]` tables are a party through a day of skirmishes
//! ([`day`]).
//! `[rules]` holds the table-wide readings ([`super::rules`]). Every key (what it takes, what
//! leaving it out means, its seed lines) is declared once in [`keys`], and each value is read
//! through that declaration's reader.

mod combatant;
mod day;
mod keys;

use super::Loaded;
use super::attack::{Approach, AttackRoll, Cover, Defender, Dodge, DodgePolicy, Size, guard};
use super::check::{Check, Visibility};
use super::damage::{Armor, Damage, DamageRoll, QUALITIES};
use super::dice::{BonusDice, Burst, WoundedStep, bonus_die};
use super::rules::{BehindHalves, DamageCharges, Rules, SuccessOn};
use super::skirmish::OFFHAND_CHALLENGES;
use crate::systems::SystemModule;
use keys::{ATTACK, ATTACK_DAMAGE, CHECK, DAMAGE, DODGE, RULES, TARGET};
use oddsmith_core::dice::StepDie;
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::keys::Reader;
use oddsmith_scenario::{Document, Source, Spanned};
use serde::Deserialize;

/// The registry's handle on the bonus-dice system.
pub struct System;

/// The dice keys every roll shares.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct CheckSpec {
    vs: Option<Spanned<i64>>,
    bonus_dice: Option<Spanned<i64>>,
    base_die: Option<Spanned<String>>,
    charges: Option<Spanned<i64>>,
    challenges: Option<Spanned<i64>>,
    wounded: Option<bool>,
    visibility: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackSpec {
    bonus_dice: Option<Spanned<i64>>,
    base_die: Option<Spanned<String>>,
    charges: Option<Spanned<i64>>,
    challenges: Option<Spanned<i64>>,
    wounded: Option<bool>,
    size: Option<Spanned<String>>,
    offhand: Option<bool>,
    ranged: Option<bool>,
    point_blank: Option<bool>,
    from_behind_unaware: Option<bool>,
    visibility: Option<Spanned<String>>,
    attacks: Option<Spanned<i64>>,
    target: Option<TargetSpec>,
    dodge: Option<DodgeSpec>,
    damage: Option<AttackDamageSpec>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct TargetSpec {
    guard_bonus: Option<Spanned<i64>>,
    size: Option<Spanned<String>>,
    cover: Option<Spanned<String>>,
    prone: Option<bool>,
    armor_rank: Option<Spanned<toml::Value>>,
    armor_quality: Option<Spanned<String>>,
    durability_quality: Option<Spanned<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DodgeSpec {
    bonus_dice: Option<Spanned<i64>>,
    base_die: Option<Spanned<String>>,
    charges: Option<Spanned<i64>>,
    challenges: Option<Spanned<i64>>,
    wounded: Option<bool>,
    policy: Option<Spanned<toml::Value>>,
    vigor: Option<Spanned<i64>>,
    defending: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackDamageSpec {
    weapon_dice: Option<Spanned<i64>>,
    weapon_die: Option<Spanned<String>>,
    bonus_dice: Option<Spanned<i64>>,
    charges: Option<Spanned<i64>>,
    challenges: Option<Spanned<i64>>,
    at_least: Option<Spanned<Vec<Spanned<i64>>>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DamageSpec {
    weapon_dice: Option<Spanned<i64>>,
    weapon_die: Option<Spanned<String>>,
    bonus_dice: Option<Spanned<i64>>,
    base_die: Option<Spanned<String>>,
    charges: Option<Spanned<i64>>,
    challenges: Option<Spanned<i64>>,
    wounded: Option<bool>,
    armor_rank: Option<Spanned<toml::Value>>,
    armor_quality: Option<Spanned<String>>,
    durability_quality: Option<Spanned<String>>,
    at_least: Option<Spanned<Vec<Spanned<i64>>>>,
}

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
struct RulesSpec {
    burst: Option<Spanned<String>>,
    wounded_step: Option<Spanned<String>>,
    success_on: Option<Spanned<String>>,
    weapon_dice_burst: Option<bool>,
    damage_charges: Option<Spanned<String>>,
    behind_halves: Option<Spanned<String>>,
    overflow_to_health: Option<bool>,
}

/// The kinds of scenario, in the order the error message lists them.
const KINDS: [&str; 4] = ["check", "attack", "damage", "combatant"];

impl SystemModule for System {
    type Loaded = Loaded;
    const SCHEMA: &'static oddsmith_scenario::keys::Schema = &keys::SCHEMA;

    fn load(doc: &Document, max_rounds: Option<Spanned<i64>>) -> Result<Loaded, ScenarioError> {
        let rules = rules(doc)?;
        let present: Vec<(&str, std::ops::Range<usize>)> = KINDS
            .iter()
            .filter_map(|k| doc.get(k).map(|n| (*k, n.span.clone())))
            .collect();
        let fight = matches!(present.as_slice(), [("combatant", _)]);
        if !fight {
            let why = "a roll has no rounds; remove max_rounds";
            crate::combat::load::no_rounds(&doc.source, max_rounds.as_ref(), why)?;
        }
        for key in ["encounter", "aftermath"] {
            if let (Some(e), false, [_]) = (doc.get(key), fight, present.as_slice()) {
                return Err(doc.invalid(
                    e.span.clone(),
                    key,
                    format!("[{key}] belongs to a fight: give [[combatant]] tables, or remove it"),
                ));
            }
        }
        match present.as_slice() {
            [("combatant", _)] => {
                let list = doc.section("combatant")?.expect("present");
                combatant::skirmish(doc, &list, &rules, max_rounds)
                    .map(|s| Loaded::Skirmish(Box::new(s)))
            }
            [("check", _)] => {
                let spec: CheckSpec = doc.section("check")?.expect("present");
                check(doc, &spec, &rules).map(Loaded::Check)
            }
            [("attack", _)] => {
                let spec: AttackSpec = doc.section("attack")?.expect("present");
                attack(doc, &spec, &rules).map(|a| Loaded::Attack(Box::new(a)))
            }
            [(_, _)] => {
                let spec: DamageSpec = doc.section("damage")?.expect("present");
                damage(doc, &spec, &rules).map(Loaded::Damage)
            }
            [] => Err(doc.invalid(
                0..0,
                "check",
                "a bonus-dice scenario needs one of [check] (a roll against a Victory Sum), \
                 [attack] (against Guard), [damage] (one hit) or [[combatant]] tables (a fight)",
            )),
            [_, (key, span), ..] => Err(doc.invalid(
                span.clone(),
                *key,
                "a scenario describes one thing: use only one of [check], [attack], [damage] or \
                 [[combatant]]",
            )),
        }
    }

    fn day(
        plan: &oddsmith_scenario::day::Plan,
        fights: Vec<Option<Loaded>>,
    ) -> Result<Loaded, ScenarioError> {
        day::day(plan, fights)
    }
}

/// Reads `[rules]` (absent: every reading as declared).
fn rules(doc: &Document) -> Result<Rules, ScenarioError> {
    let spec: RulesSpec = doc.section("rules")?.unwrap_or_default();
    let r = RULES.section_reader(doc);
    Ok(Rules {
        burst: r.word("burst", spec.burst.as_ref(), &Burst::WORDS)?,
        wounded_step: r.word(
            "wounded_step",
            spec.wounded_step.as_ref(),
            &WoundedStep::WORDS,
        )?,
        success_on: r.word("success_on", spec.success_on.as_ref(), &SuccessOn::WORDS)?,
        weapon_dice_burst: r.bool("weapon_dice_burst", spec.weapon_dice_burst),
        damage_charges: r.word(
            "damage_charges",
            spec.damage_charges.as_ref(),
            &DamageCharges::WORDS,
        )?,
        behind_halves: r.word(
            "behind_halves",
            spec.behind_halves.as_ref(),
            &BehindHalves::WORDS,
        )?,
        overflow_to_health: r.bool("overflow_to_health", spec.overflow_to_health),
    })
}

/// A count of dice, Charges or Challenges.
pub(super) fn count(
    r: &Reader<'_>,
    name: &str,
    v: Option<&Spanned<i64>>,
) -> Result<u32, ScenarioError> {
    r.int(name, v).map(|n| n as u32)
}

/// The ladder dice by name.
const LADDER_DICE: [(&str, StepDie); 6] = [
    ("d4", StepDie::D4),
    ("d6", StepDie::D6),
    ("d8", StepDie::D8),
    ("d10", StepDie::D10),
    ("d12", StepDie::D12),
    ("d20", StepDie::D20),
];

/// A ladder die (`"d4"` … `"d20"`).
pub(super) fn ladder_die(
    r: &Reader<'_>,
    name: &str,
    v: Option<&Spanned<String>>,
) -> Result<StepDie, ScenarioError> {
    r.word(name, v, &LADDER_DICE)
}

/// A quality: a ladder die or its name (`feeble`, `ordinary`, `heroic`, `epic`, `legendary`).
pub(super) fn quality(
    r: &Reader<'_>,
    name: &str,
    v: Option<&Spanned<String>>,
) -> Result<StepDie, ScenarioError> {
    let words: Vec<(&str, StepDie)> = LADDER_DICE.iter().chain(&QUALITIES).copied().collect();
    r.word(name, v, &words)
}

/// Superior Durability by name (002:58).
const DURABILITY_DICE: [(&str, Option<StepDie>); 4] = [
    ("none", None),
    ("heroic", Some(StepDie::D10)),
    ("epic", Some(StepDie::D12)),
    ("legendary", Some(StepDie::D20)),
];

/// Armor Rank: a number, or a list of them of which the highest counts (002:56), each in
/// [`keys::ARMOR_RANK`].
pub(super) fn armor_rank(
    source: &Source,
    r: &Reader<'_>,
    v: Option<&Spanned<toml::Value>>,
) -> Result<i64, ScenarioError> {
    const NAME: &str = "armor_rank";
    let Some(v) = v else { return r.int(NAME, None) };
    let bad = || {
        source.invalid(
            v.span(),
            r.path(NAME),
            format!("allowed: {}", r.key(NAME).allowed()),
        )
    };
    let ranks: Vec<i64> = match v.get_ref() {
        toml::Value::Integer(n) => vec![*n],
        toml::Value::Array(a) => a
            .iter()
            .map(|x| x.as_integer().ok_or_else(bad))
            .collect::<Result<_, _>>()?,
        _ => return Err(bad()),
    };
    if ranks.iter().any(|x| !keys::ARMOR_RANK.contains(x)) {
        return Err(bad());
    }
    match ranks.into_iter().max() {
        Some(highest) => Ok(highest),
        None => r.int(NAME, None),
    }
}

/// `at_least`: damage thresholds, each in [`keys::AT_LEAST`].
pub(super) fn at_least(
    source: &Source,
    r: &Reader<'_>,
    v: Option<&Spanned<Vec<Spanned<i64>>>>,
) -> Result<Vec<i64>, ScenarioError> {
    const NAME: &str = "at_least";
    let mut out = Vec::new();
    for x in v.map(|v| v.get_ref().as_slice()).unwrap_or_default() {
        let n = *x.get_ref();
        if !keys::AT_LEAST.contains(&n) {
            return Err(source.invalid(
                x.span(),
                r.path(NAME),
                format!("{n} is out of range; allowed: {}", r.key(NAME).allowed()),
            ));
        }
        if !out.contains(&n) {
            out.push(n);
        }
    }
    Ok(out)
}

/// The dice keys of one table, as written.
struct DiceKeys<'a> {
    dice: Option<&'a Spanned<i64>>,
    base: Option<&'a Spanned<String>>,
    charges: Option<&'a Spanned<i64>>,
    challenges: Option<&'a Spanned<i64>>,
    wounded: Option<bool>,
}

/// The dice keys of each table that has them.
macro_rules! dice_keys {
    ($($t:ty),+) => {
        $(impl $t {
            fn keys(&self) -> DiceKeys<'_> {
                DiceKeys {
                    dice: self.bonus_dice.as_ref(),
                    base: self.base_die.as_ref(),
                    charges: self.charges.as_ref(),
                    challenges: self.challenges.as_ref(),
                    wounded: self.wounded,
                }
            }
        })+
    };
}

dice_keys!(CheckSpec, AttackSpec, DodgeSpec, DamageSpec);

/// The dice keys read by `r`: `bonus_dice` dice of `base_die` stepped by Charges, Challenges
/// (and `extra_challenges` the situation adds) and Wounded; also the base die, the Charges and
/// whether Wounded, for a damage roll that inherits them.
fn stepped(
    r: &Reader<'_>,
    k: DiceKeys<'_>,
    extra_challenges: u32,
    rules: &Rules,
) -> Result<(BonusDice, StepDie, u32, bool), ScenarioError> {
    let n = count(r, "bonus_dice", k.dice)?;
    let base = ladder_die(r, "base_die", k.base)?;
    let ch = count(r, "charges", k.charges)?;
    let cl = count(r, "challenges", k.challenges)?;
    let wounded = r.bool("wounded", k.wounded);
    let die = bonus_die(base, ch, cl + extra_challenges, wounded, rules.wounded_step);
    Ok((BonusDice::new(n, die, rules.burst), base, ch, wounded))
}

fn check(doc: &Document, c: &CheckSpec, rules: &Rules) -> Result<Check, ScenarioError> {
    let r = CHECK.section_reader(doc);
    let vs = r.int("vs", c.vs.as_ref())?;
    let (dice, _, _, _) = stepped(&r, c.keys(), 0, rules)?;
    let vis = r.word("visibility", c.visibility.as_ref(), &Visibility::WORDS)?;
    Ok(Check::new(dice, vs + vis.penalty(), rules.success_on))
}

/// A Dodge policy: one of [`keys::POLICY`] or `{ keep_vigor = N }` with N in
/// [`keys::KEEP_VIGOR`].
pub(super) fn policy(
    source: &Source,
    r: &Reader<'_>,
    name: &str,
    v: Option<&Spanned<toml::Value>>,
) -> Result<DodgePolicy, ScenarioError> {
    let Some(v) = v else {
        return r.word(name, None, &DodgePolicy::WORDS);
    };
    let bad = || {
        source.invalid(
            v.span(),
            r.path(name),
            format!("allowed: {}", r.key(name).allowed()),
        )
    };
    match v.get_ref() {
        toml::Value::String(s) => DodgePolicy::WORDS
            .iter()
            .find(|(w, _)| w == s && keys::POLICY.contains(w))
            .map(|(_, p)| *p)
            .ok_or_else(bad),
        toml::Value::Table(t) if t.len() == 1 => match t.get("keep_vigor") {
            Some(toml::Value::Integer(n)) if keys::KEEP_VIGOR.contains(n) => {
                Ok(DodgePolicy::KeepVigor(*n))
            }
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

fn attack(doc: &Document, a: &AttackSpec, rules: &Rules) -> Result<AttackRoll, ScenarioError> {
    let source = &doc.source;
    let r = ATTACK.section_reader(doc);
    let default_target = TargetSpec::default();
    let t = a.target.as_ref().unwrap_or(&default_target);
    let rt = TARGET.section_reader(doc);
    let approach = Approach {
        size: r.word("size", a.size.as_ref(), &Size::WORDS)?,
        ranged: r.bool("ranged", a.ranged),
        point_blank: r.bool("point_blank", a.point_blank),
        behind_unaware: r.bool("from_behind_unaware", a.from_behind_unaware),
        visibility: r.word("visibility", a.visibility.as_ref(), &Visibility::WORDS)?,
    };
    let defender = Defender {
        guard_bonus: rt.int("guard_bonus", t.guard_bonus.as_ref())?,
        size: rt.word("size", t.size.as_ref(), &Size::WORDS)?,
        cover: rt.word("cover", t.cover.as_ref(), &Cover::WORDS)?,
        prone: rt.bool("prone", t.prone),
    };
    let g = guard(&approach, &defender, rules);
    let offhand = if r.bool("offhand", a.offhand) {
        OFFHAND_CHALLENGES
    } else {
        0
    };
    let (dice, base, charges, wounded) = stepped(&r, a.keys(), offhand + g.challenges, rules)?;
    let attacks = r.int("attacks", a.attacks.as_ref())? as u32;
    let dodge = match &a.dodge {
        None => None,
        Some(d) => {
            let rd = DODGE.section_reader(doc);
            let (dice, _, _, _) = stepped(&rd, d.keys(), 0, rules)?;
            Some(Dodge {
                dice,
                policy: policy(source, &rd, "policy", d.policy.as_ref())?,
                vigor: rd.int("vigor", d.vigor.as_ref())?,
                defending: rd.bool("defending", d.defending),
            })
        }
    };
    let armor = Armor {
        cover: g.cover_armor,
        ..armor(
            source,
            &rt,
            t.armor_rank.as_ref(),
            t.armor_quality.as_ref(),
            t.durability_quality.as_ref(),
        )?
    };
    let (damage, thresholds) = match &a.damage {
        None => (None, Vec::new()),
        Some(d) => {
            let rd = ATTACK_DAMAGE.section_reader(doc);
            let inherited = match rules.damage_charges {
                DamageCharges::Inherit => charges,
                DamageCharges::None => 0,
            };
            let n = count(&rd, "bonus_dice", d.bonus_dice.as_ref())?;
            let ch = count(&rd, "charges", d.charges.as_ref())?;
            let cl = count(&rd, "challenges", d.challenges.as_ref())?;
            // 002:3: effect rolls take Charges and Wounded; the off-hand's Challenges apply
            // to damage too (002:21), other Challenges to the attack only.
            let die = bonus_die(
                base,
                ch + inherited,
                cl + offhand,
                wounded,
                rules.wounded_step,
            );
            let damage = weapon(
                &rd,
                d.weapon_dice.as_ref(),
                d.weapon_die.as_ref(),
                BonusDice::new(n, die, rules.burst),
                rules,
            )?;
            let thresholds = at_least(source, &rd, d.at_least.as_ref())?;
            (Some((damage, armor)), thresholds)
        }
    };
    Ok(AttackRoll::new(dice, g, dodge, damage, thresholds, attacks))
}

/// The weapon part of a damage roll, from the table `r` reads (`weapon_dice`, `weapon_die`).
pub(super) fn weapon(
    r: &Reader<'_>,
    dice: Option<&Spanned<i64>>,
    die: Option<&Spanned<String>>,
    bonus: BonusDice,
    rules: &Rules,
) -> Result<Damage, ScenarioError> {
    let n = count(r, "weapon_dice", dice)?;
    let die = quality(r, "weapon_die", die)?;
    Ok(Damage::new(
        n,
        die,
        rules.weapon_dice_burst.then_some(rules.burst),
        bonus,
    ))
}

/// The armor of the table `r` reads (`armor_rank`, `armor_quality`, `durability_quality`).
pub(super) fn armor(
    source: &Source,
    r: &Reader<'_>,
    rank: Option<&Spanned<toml::Value>>,
    quality_: Option<&Spanned<String>>,
    durability: Option<&Spanned<String>>,
) -> Result<Armor, ScenarioError> {
    Ok(Armor {
        rank: armor_rank(source, r, rank)?,
        quality: quality(r, "armor_quality", quality_)?,
        durability: r.word("durability_quality", durability, &DURABILITY_DICE)?,
        cover: 0,
    })
}

fn damage(doc: &Document, d: &DamageSpec, rules: &Rules) -> Result<DamageRoll, ScenarioError> {
    let r = DAMAGE.section_reader(doc);
    let (bonus, _, _, _) = stepped(&r, d.keys(), 0, rules)?;
    let damage = weapon(
        &r,
        d.weapon_dice.as_ref(),
        d.weapon_die.as_ref(),
        bonus,
        rules,
    )?;
    let armor = armor(
        &doc.source,
        &r,
        d.armor_rank.as_ref(),
        d.armor_quality.as_ref(),
        d.durability_quality.as_ref(),
    )?;
    let thresholds = at_least(&doc.source, &r, d.at_least.as_ref())?;
    Ok(DamageRoll::new(damage, armor, thresholds))
}
