//! The sections of a `bonus-dice` scenario: `[check]` (a roll against a Victory Sum),
//! `[attack]` (with `[attack.target]`, `[attack.dodge]`, `[attack.damage]`) or `[damage]` (one
//! hit's damage); one per file. `[rules]` holds the table-wide readings ([`super::rules`]).
//! Every key, its range, default and seed line is listed in the README.
//!
//! ```toml
//! [check]
//! vs = 20                 # required, 0–1000: the Victory Sum
//! bonus_dice = 3          # 0–20
//! base_die = "d10"        # d4, d6, d8, d10, d12 or d20 before stepping
//! charges = 0             # 0–20: one step up each (002:2)
//! challenges = 1          # 0–20: one step down each; they cancel Charges
//! wounded = false         # one step down (002:53)
//! visibility = "normal"   # reduced/low/zero: VS +5/+10/+15 (002:90–92)
//! ```

mod combatant;
mod keys;

use super::Loaded;
use super::attack::{Approach, AttackRoll, Cover, Defender, Dodge, DodgePolicy, Size, guard};
use super::check::{Check, Visibility};
use super::damage::{Armor, Damage, DamageRoll, QUALITIES};
use super::dice::{BonusDice, Burst, WoundedStep, bonus_die};
use super::rules::{BehindHalves, DamageCharges, Rules, SuccessOn};
use crate::dice::StepDie;
use crate::error::ScenarioError;
use crate::scenario::fields::one_of;
use crate::scenario::{Document, Source, Spanned, int_in_range};
use crate::systems::SystemModule;
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
    const SCHEMA: &'static crate::scenario::keys::Schema = &keys::SCHEMA;
    const SECTIONS: &'static [&'static str] = &[
        "check",
        "attack",
        "damage",
        "combatant",
        "encounter",
        "aftermath",
        "rules",
    ];

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
            [("check", span)] => {
                let spec: CheckSpec = doc.section("check")?.expect("present");
                check(&doc.source, span.clone(), &spec, &rules).map(Loaded::Check)
            }
            [("attack", _)] => {
                let spec: AttackSpec = doc.section("attack")?.expect("present");
                attack(&doc.source, &spec, &rules).map(|a| Loaded::Attack(Box::new(a)))
            }
            [(_, _)] => {
                let spec: DamageSpec = doc.section("damage")?.expect("present");
                damage(&doc.source, &spec, &rules).map(Loaded::Damage)
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
}

fn rules(doc: &Document) -> Result<Rules, ScenarioError> {
    let r: RulesSpec = doc.section("rules")?.unwrap_or_default();
    let source = &doc.source;
    let d = Rules::default();
    Ok(Rules {
        burst: one_of(
            source,
            r.burst.as_ref(),
            "rules.burst",
            &Burst::WORDS,
            d.burst,
        )?,
        wounded_step: one_of(
            source,
            r.wounded_step.as_ref(),
            "rules.wounded_step",
            &WoundedStep::WORDS,
            d.wounded_step,
        )?,
        success_on: one_of(
            source,
            r.success_on.as_ref(),
            "rules.success_on",
            &[("higher", SuccessOn::Higher), ("meet", SuccessOn::Meet)],
            d.success_on,
        )?,
        weapon_dice_burst: r.weapon_dice_burst.unwrap_or(d.weapon_dice_burst),
        damage_charges: one_of(
            source,
            r.damage_charges.as_ref(),
            "rules.damage_charges",
            &[
                ("inherit", DamageCharges::Inherit),
                ("none", DamageCharges::None),
            ],
            d.damage_charges,
        )?,
        behind_halves: one_of(
            source,
            r.behind_halves.as_ref(),
            "rules.behind_halves",
            &[("total", BehindHalves::Total), ("base", BehindHalves::Base)],
            d.behind_halves,
        )?,
        overflow_to_health: r.overflow_to_health.unwrap_or(d.overflow_to_health),
    })
}

/// A count of dice, Charges or Challenges: 0–20.
pub(super) fn count(
    source: &Source,
    v: Option<&Spanned<i64>>,
    key: &str,
) -> Result<u32, ScenarioError> {
    int_in_range(source, v, key, 0, 20, 0).map(|n| n as u32)
}

/// The ladder dice by name.
const LADDER: [(&str, StepDie); 6] = [
    ("d4", StepDie::D4),
    ("d6", StepDie::D6),
    ("d8", StepDie::D8),
    ("d10", StepDie::D10),
    ("d12", StepDie::D12),
    ("d20", StepDie::D20),
];

/// A ladder die (`"d4"` … `"d20"`).
pub(super) fn ladder_die(
    source: &Source,
    v: Option<&Spanned<String>>,
    key: &str,
    default: StepDie,
) -> Result<StepDie, ScenarioError> {
    one_of(source, v, key, &LADDER, default)
}

/// A quality: a ladder die or its name (`feeble`, `ordinary`, `heroic`, `epic`, `legendary`).
pub(super) fn quality(
    source: &Source,
    v: Option<&Spanned<String>>,
    key: &str,
    default: StepDie,
) -> Result<StepDie, ScenarioError> {
    let words: Vec<(&str, StepDie)> = LADDER.iter().chain(&QUALITIES).copied().collect();
    one_of(source, v, key, &words, default)
}

/// Superior Durability: `none`, `heroic`, `epic` or `legendary` (002:58).
pub(super) fn durability(
    source: &Source,
    v: Option<&Spanned<String>>,
    key: &str,
) -> Result<Option<StepDie>, ScenarioError> {
    one_of(
        source,
        v,
        key,
        &[
            ("none", None),
            ("heroic", Some(StepDie::D10)),
            ("epic", Some(StepDie::D12)),
            ("legendary", Some(StepDie::D20)),
        ],
        None,
    )
}

/// Armor Rank: a number, or a list of them of which the highest counts (002:56).
pub(super) fn armor_rank(
    source: &Source,
    v: Option<&Spanned<toml::Value>>,
    key: &str,
) -> Result<i64, ScenarioError> {
    let Some(v) = v else { return Ok(0) };
    let bad = || {
        source.invalid(
            v.span(),
            key,
            "allowed: an integer from 0 to 100, or a list of them (the highest counts, 002:56)",
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
    if ranks.iter().any(|r| !(0..=100).contains(r)) {
        return Err(bad());
    }
    Ok(ranks.into_iter().max().unwrap_or(0))
}

/// `at_least`: damage thresholds, each 1–1000.
pub(super) fn at_least(
    source: &Source,
    v: Option<&Spanned<Vec<Spanned<i64>>>>,
    key: &str,
) -> Result<Vec<i64>, ScenarioError> {
    let mut out = Vec::new();
    for x in v.map(|v| v.get_ref().as_slice()).unwrap_or_default() {
        let n = int_in_range(source, Some(x), key, 1, 1000, 1)?;
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
    wounded: bool,
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
                    wounded: self.wounded.unwrap_or(false),
                }
            }
        })+
    };
}

dice_keys!(CheckSpec, AttackSpec, DodgeSpec, DamageSpec);

/// Bonus dice from the dice keys at `key`: `bonus_dice` dice of `base_die` stepped by
/// Charges, Challenges (and `extra_challenges` the situation adds) and Wounded; also the base
/// die and the Charges, for a damage roll that inherits them.
fn stepped(
    source: &Source,
    key: &str,
    k: DiceKeys<'_>,
    extra_challenges: u32,
    rules: &Rules,
) -> Result<(BonusDice, StepDie, u32), ScenarioError> {
    let n = count(source, k.dice, &format!("{key}.bonus_dice"))?;
    let base = ladder_die(source, k.base, &format!("{key}.base_die"), StepDie::D10)?;
    let ch = count(source, k.charges, &format!("{key}.charges"))?;
    let cl = count(source, k.challenges, &format!("{key}.challenges"))?;
    let die = bonus_die(
        base,
        ch,
        cl + extra_challenges,
        k.wounded,
        rules.wounded_step,
    );
    Ok((BonusDice::new(n, die, rules.burst), base, ch))
}

fn check(
    source: &Source,
    span: std::ops::Range<usize>,
    c: &CheckSpec,
    rules: &Rules,
) -> Result<Check, ScenarioError> {
    let vs = match &c.vs {
        Some(v) => int_in_range(source, Some(v), "check.vs", 0, 1000, 0)?,
        None => {
            return Err(source.invalid(
                span,
                "check.vs",
                "missing: give the Victory Sum to beat (0–1000)",
            ));
        }
    };
    let (dice, _, _) = stepped(source, "check", c.keys(), 0, rules)?;
    let vis = one_of(
        source,
        c.visibility.as_ref(),
        "check.visibility",
        &Visibility::WORDS,
        Visibility::Normal,
    )?;
    Ok(Check::new(dice, vs + vis.penalty(), rules.success_on))
}

pub(super) fn size(
    source: &Source,
    v: Option<&Spanned<String>>,
    key: &str,
) -> Result<Size, ScenarioError> {
    one_of(source, v, key, &Size::WORDS, Size::Medium)
}

pub(super) fn policy(
    source: &Source,
    v: Option<&Spanned<toml::Value>>,
    key: &str,
) -> Result<DodgePolicy, ScenarioError> {
    let Some(v) = v else {
        return Ok(DodgePolicy::WhenHit);
    };
    let bad = || {
        source.invalid(
            v.span(),
            key,
            "allowed: \"when_hit\", \"always\", \"never\" or { keep_vigor = N } (N from 0 to 1000)",
        )
    };
    match v.get_ref() {
        toml::Value::String(s) => DodgePolicy::WORDS
            .iter()
            .find(|(w, _)| w == s)
            .map(|(_, p)| *p)
            .ok_or_else(bad),
        toml::Value::Table(t) if t.len() == 1 => match t.get("keep_vigor") {
            Some(toml::Value::Integer(n)) if (0..=1000).contains(n) => {
                Ok(DodgePolicy::KeepVigor(*n))
            }
            _ => Err(bad()),
        },
        _ => Err(bad()),
    }
}

fn attack(source: &Source, a: &AttackSpec, rules: &Rules) -> Result<AttackRoll, ScenarioError> {
    let target = a.target.as_ref();
    let default_target = TargetSpec::default();
    let t = target.unwrap_or(&default_target);
    let approach = Approach {
        size: size(source, a.size.as_ref(), "attack.size")?,
        ranged: a.ranged.unwrap_or(false),
        point_blank: a.point_blank.unwrap_or(false),
        behind_unaware: a.from_behind_unaware.unwrap_or(false),
        visibility: one_of(
            source,
            a.visibility.as_ref(),
            "attack.visibility",
            &Visibility::WORDS,
            Visibility::Normal,
        )?,
    };
    let defender = Defender {
        guard_bonus: int_in_range(
            source,
            t.guard_bonus.as_ref(),
            "attack.target.guard_bonus",
            0,
            100,
            0,
        )?,
        size: size(source, t.size.as_ref(), "attack.target.size")?,
        cover: one_of(
            source,
            t.cover.as_ref(),
            "attack.target.cover",
            &Cover::WORDS,
            Cover::None,
        )?,
        prone: t.prone.unwrap_or(false),
    };
    let g = guard(&approach, &defender, rules);
    let offhand = if a.offhand.unwrap_or(false) { 2 } else { 0 };
    let wounded = a.wounded.unwrap_or(false);
    let (dice, base, charges) = stepped(source, "attack", a.keys(), offhand + g.challenges, rules)?;
    let attacks = int_in_range(source, a.attacks.as_ref(), "attack.attacks", 1, 20, 1)? as u32;
    let dodge = match &a.dodge {
        None => None,
        Some(d) => {
            let (dice, _, _) = stepped(source, "attack.dodge", d.keys(), 0, rules)?;
            let defending = d.defending.unwrap_or(false);
            Some(Dodge {
                dice,
                policy: policy(source, d.policy.as_ref(), "attack.dodge.policy")?,
                vigor: int_in_range(source, d.vigor.as_ref(), "attack.dodge.vigor", 0, 1000, 5)?,
                defending,
            })
        }
    };
    let armor = Armor {
        rank: armor_rank(source, t.armor_rank.as_ref(), "attack.target.armor_rank")?,
        quality: quality(
            source,
            t.armor_quality.as_ref(),
            "attack.target.armor_quality",
            StepDie::D8,
        )?,
        durability: durability(
            source,
            t.durability_quality.as_ref(),
            "attack.target.durability_quality",
        )?,
        cover: g.cover_armor,
    };
    let (damage, thresholds) = match &a.damage {
        None => (None, Vec::new()),
        Some(d) => {
            let inherited = match rules.damage_charges {
                DamageCharges::Inherit => charges,
                DamageCharges::None => 0,
            };
            let n = count(source, d.bonus_dice.as_ref(), "attack.damage.bonus_dice")?;
            let ch = count(source, d.charges.as_ref(), "attack.damage.charges")?;
            let cl = count(source, d.challenges.as_ref(), "attack.damage.challenges")?;
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
                source,
                "attack.damage",
                d.weapon_dice.as_ref(),
                d.weapon_die.as_ref(),
                BonusDice::new(n, die, rules.burst),
                rules,
            )?;
            let thresholds = at_least(source, d.at_least.as_ref(), "attack.damage.at_least")?;
            (Some((damage, armor)), thresholds)
        }
    };
    Ok(AttackRoll::new(dice, g, dodge, damage, thresholds, attacks))
}

/// The weapon part of a damage roll.
pub(super) fn weapon(
    source: &Source,
    key: &str,
    dice: Option<&Spanned<i64>>,
    die: Option<&Spanned<String>>,
    bonus: BonusDice,
    rules: &Rules,
) -> Result<Damage, ScenarioError> {
    let n = int_in_range(source, dice, &format!("{key}.weapon_dice"), 0, 20, 1)? as u32;
    let die = quality(source, die, &format!("{key}.weapon_die"), StepDie::D8)?;
    Ok(Damage::new(
        n,
        die,
        rules.weapon_dice_burst.then_some(rules.burst),
        bonus,
    ))
}

fn damage(source: &Source, d: &DamageSpec, rules: &Rules) -> Result<DamageRoll, ScenarioError> {
    let (bonus, _, _) = stepped(source, "damage", d.keys(), 0, rules)?;
    let damage = weapon(
        source,
        "damage",
        d.weapon_dice.as_ref(),
        d.weapon_die.as_ref(),
        bonus,
        rules,
    )?;
    let armor = Armor {
        rank: armor_rank(source, d.armor_rank.as_ref(), "damage.armor_rank")?,
        quality: quality(
            source,
            d.armor_quality.as_ref(),
            "damage.armor_quality",
            StepDie::D8,
        )?,
        durability: durability(
            source,
            d.durability_quality.as_ref(),
            "damage.durability_quality",
        )?,
        cover: 0,
    };
    let thresholds = at_least(source, d.at_least.as_ref(), "damage.at_least")?;
    Ok(DamageRoll::new(damage, armor, thresholds))
}
