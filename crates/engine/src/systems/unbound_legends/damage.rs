//! The damage a landed attack deals (001_9a2522fe8d4a2682.txt L390–425), in this order:
//!
//! 1. dice + flat terms; a slashing crit adds the dice maximum (L425);
//! 2. halved (down) for the attacker's minor failure (L434) or a Dodge's graze (L250); then
//!    a Parry's minor failure subtracts a roll of the parrier's weapon dice (L259);
//! 3. less the armor reduction, never below 0 — after a failed active defense without the
//!    armor skill rank (L247), except unarmored (L229); light armor uses Agility after a
//!    failed Dodge (L231); heavy armor keeps the rank after a failed Block (L235); a Block's
//!    minor failure adds Strength (L254);
//! 4. a piercing crit skips armor and deals 1 damage per die straight to Health (L422, L424);
//! 5. resistance halves (down), then vulnerability doubles, once each (L417–420).
//!
//! Poison damage goes straight to Health (L403).

use super::attack::{DefenseKind, Hit};
use super::fighter::{ActiveDefense, Armor, Attack, Fighter, Special};

/// One landed attack's rolled dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Blow {
    /// The dice part of the damage roll.
    pub dice: i64,
    /// The flat terms (0 for a counterattack, which deals weapon dice only, L386).
    pub flat: i64,
    /// How the attack landed (not a miss).
    pub hit: Hit,
}

/// Damage to deal: first to Vitality then Health, and straight to Health.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Dealt {
    /// Taken from Vitality first, then Health (L436).
    pub to_pool: i64,
    /// Taken from Health directly (poison, a piercing crit's extra).
    pub to_health: i64,
}

impl Dealt {
    /// All of it.
    pub fn total(&self) -> i64 {
        self.to_pool + self.to_health
    }
}

/// The armor reduction against an attack that landed as `hit` through `defense` (the
/// declared active defense, or `None` for Passive Armor).
pub fn armor_reduction(f: &Fighter, defense: Option<&ActiveDefense>, hit: Hit) -> i64 {
    let Some(d) = defense else {
        return f.armor_reduction;
    };
    let failed = matches!(hit, Hit::Crit | Hit::Hit | Hit::DefenderMinorFailure);
    let base = if !failed {
        f.armor_reduction
    } else {
        match (f.armor, d.kind) {
            (Armor::Unarmored, _) | (Armor::Heavy, DefenseKind::Block) => f.armor_reduction,
            (Armor::Light, DefenseKind::Dodge | DefenseKind::Dodge2) => f.agility,
            _ => f.armor_reduction - f.armor_skill_rank,
        }
    };
    let strength = if d.kind == DefenseKind::Block && hit == Hit::DefenderMinorFailure {
        d.strength
    } else {
        0
    };
    (base + strength).max(0)
}

/// What `blow` of `attack` deals to `target`, which defended with `defense`; `parry_roll`
/// is the parrier's dice roll on a Parry's minor failure (else 0).
#[inline]
pub fn deal(
    attack: &Attack,
    blow: Blow,
    target: &Fighter,
    defense: Option<&ActiveDefense>,
    parry_roll: i64,
) -> Dealt {
    let crit = blow.hit == Hit::Crit;
    let mut damage = (blow.dice + blow.flat).max(0);
    if crit && attack.special == Special::Slashing {
        damage += attack.dice_max;
    }
    let graze = blow.hit == Hit::DefenderMinorFailure
        && defense.is_some_and(|d| matches!(d.kind, DefenseKind::Dodge | DefenseKind::Dodge2));
    if blow.hit == Hit::MinorFailure || graze {
        damage /= 2;
    }
    damage = (damage - parry_roll).max(0);
    let mut extra = 0;
    if crit && attack.special == Special::Piercing {
        extra = attack.dice_count;
    } else {
        damage = (damage - armor_reduction(target, defense, blow.hit)).max(0);
    }
    let adjust = |d: i64| {
        let d = if attack.kinds & target.resist != 0 {
            d / 2
        } else {
            d
        };
        if attack.kinds & target.vulnerable != 0 {
            d * 2
        } else {
            d
        }
    };
    let (damage, extra) = (adjust(damage), adjust(extra));
    if attack.special == Special::Poison {
        Dealt {
            to_pool: 0,
            to_health: damage + extra,
        }
    } else {
        Dealt {
            to_pool: damage,
            to_health: extra,
        }
    }
}

#[cfg(test)]
mod tests;
