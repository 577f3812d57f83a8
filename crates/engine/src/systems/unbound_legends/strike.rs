//! An attack against a Passive Armor, worked out once per (attacker, attack, target) when the
//! scenario loads, so that in the fight it is a table lookup and a few arithmetic steps:
//!
//! - the result of each d20 face, from [`resolve`] itself, so the order of
//!   001_9a2522fe8d4a2682.txt L360–367, L422 and L434 holds by construction;
//! - the steps of [`deal`] that depend only on the result (L390–425): a slashing crit's dice
//!   maximum (L425), the minor failure's halving (L434), the armor reduction or a piercing
//!   crit's skipping it for 1 Health per die (L424), resistance and vulnerability (L417–420),
//!   poison straight to Health (L403).
//!
//! Against an active defense the value is rolled, so [`resolve`] and [`deal`] run as they are.
//!
//! [`deal`]: super::damage::deal

use super::attack::{AttackRules, Hit, resolve};
use super::damage::Dealt;
use super::fighter::{Attack, Fighter, Special};

/// What a result does to the damage roll (`dice + flat`, never below 0).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Steps {
    /// Added first: the dice maximum on a slashing crit (L425).
    add: i64,
    /// Halved (down) when 1: the attacker's minor failure (L434).
    halve: u32,
    /// Taken off after halving, never below 0; 0 when a piercing crit skips armor (L424).
    armor: i64,
    /// Straight to Health, resistance and vulnerability applied: a piercing crit's 1 per die.
    extra: i64,
}

/// One (attacker's attack, target) pair against the target's Passive Armor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Passive {
    /// The result of each d20 face, face 1 first.
    hits: [Hit; 20],
    /// The damage steps by result, indexed by [`Hit`] (a miss deals nothing; no defender's
    /// minor failure without an active defense).
    steps: [Steps; 4],
    /// Halved once for resistance (L418).
    resist: u32,
    /// Doubled once for vulnerability (L418).
    vulnerable: u32,
    /// Poison: all of it to Health (L403).
    poison: bool,
}

impl Passive {
    /// `attack` against `target`'s Passive Armor under `rules`.
    pub fn new(attack: &Attack, target: &Fighter, rules: &AttackRules) -> Self {
        let armor = target.passive_armor;
        let hits = std::array::from_fn(|i| {
            let d20 = i as i64 + 1;
            resolve(
                d20,
                d20 + attack.to_hit,
                armor,
                None,
                attack.skill_rank,
                rules,
            )
            .0
        });
        let resist = u32::from(attack.kinds & target.resist != 0);
        let vulnerable = u32::from(attack.kinds & target.vulnerable != 0);
        let steps = |hit: Hit| {
            let crit = hit == Hit::Crit;
            let piercing = crit && attack.special == Special::Piercing;
            Steps {
                add: if crit && attack.special == Special::Slashing {
                    attack.dice_max
                } else {
                    0
                },
                halve: u32::from(hit == Hit::MinorFailure),
                armor: if piercing { 0 } else { target.armor_reduction },
                extra: if piercing {
                    attack.dice_count >> resist << vulnerable
                } else {
                    0
                },
            }
        };
        Self {
            hits,
            steps: [Hit::Crit, Hit::Hit, Hit::Hit, Hit::MinorFailure].map(steps),
            resist,
            vulnerable,
            poison: attack.special == Special::Poison,
        }
    }

    /// The result of a kept `d20` (1–20).
    #[inline]
    pub fn hit(&self, d20: i64) -> Hit {
        self.hits[(d20 - 1) as usize]
    }

    /// What a blow that landed as `hit` (not a miss) deals with `dice` and `flat`: the same
    /// as [`deal`] without an active defense.
    ///
    /// [`deal`]: super::damage::deal
    #[inline]
    pub fn deal(&self, dice: i64, flat: i64, hit: Hit) -> Dealt {
        let s = &self.steps[hit as usize % 4];
        let damage = (dice + flat).max(0) + s.add;
        let damage = ((damage >> s.halve) - s.armor).max(0) >> self.resist << self.vulnerable;
        if self.poison {
            Dealt {
                to_pool: 0,
                to_health: damage + s.extra,
            }
        } else {
            Dealt {
                to_pool: damage,
                to_health: s.extra,
            }
        }
    }
}

/// The [`Passive`] of every (attacker, attack, target) of a fight.
#[derive(Debug, Clone)]
pub struct Strikes {
    /// By `(first[attacker] + attack) × combatants + target`.
    passive: Vec<Passive>,
    /// Per attacker: the index of its first attack among everyone's.
    first: Vec<usize>,
    /// Combatants.
    n: usize,
}

impl Strikes {
    /// Every pair of `fighters` (self-pairs included, never used) under `rules`.
    pub fn new(fighters: &[Fighter], rules: &AttackRules) -> Self {
        let first = fighters
            .iter()
            .scan(0, |at, f| {
                let here = *at;
                *at += f.attacks.len();
                Some(here)
            })
            .collect();
        let passive = fighters
            .iter()
            .flat_map(|f| &f.attacks)
            .flat_map(|a| fighters.iter().map(|t| Passive::new(a, t, rules)))
            .collect();
        Self {
            passive,
            first,
            n: fighters.len(),
        }
    }

    /// Attacker `a`'s attack `k` against target `t`.
    #[inline]
    pub fn passive(&self, a: usize, k: usize, t: usize) -> &Passive {
        &self.passive[(self.first[a] + k) * self.n + t]
    }
}

/// [`Passive::deal`] is [`deal`](super::damage::deal) without an active defense: checked for
/// every face, dice total and flat term over attacks and targets of every kind.
#[cfg(test)]
mod tests;
