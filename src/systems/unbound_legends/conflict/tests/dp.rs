//! A one-on-one duel solved exactly by dynamic programming over both combatants' (Vitality +
//! Health, AP left), with Passive Armor and with the PC dodging whenever it can pay; the
//! fight's estimates within 4.5 standard errors of it.

use super::super::super::saves::DeathSaves;
use super::conflict;
use crate::systems::Trial;
use crate::testing::{rows, within};
use std::collections::HashMap;

/// The duel: a PC with set AP against a monster. Neither attack type has a crit effect of
/// its own, and the fight ends when either falls, so the state is both pools and AP left.
pub(super) fn duel(dodging: bool) -> String {
    format!(
        r#"
[run]
max_rounds = 1000
[[combatant]]
name = "hero"
side = "party"
ap = 12
agility = 1
vitality = 6
health = 4
passive_armor = 12
armor_reduction = 2
armor_skill_rank = 1
{}
attacks = [{{ name = "mace", to_hit = 4, damage = "1d6+1", type = "bludgeoning", skill_rank = 1 }}]
[[combatant]]
name = "brute"
side = "monsters"
kind = "monster"
ap = 11
vitality = 8
health = 4
passive_armor = 11
armor_reduction = 1
attacks = [{{ name = "club", to_hit = 3, damage = "1d8+1", type = "bludgeoning" }}]
"#,
        if dodging {
            "defend = \"dodge\"\ndefense.dodge = { bonus = 9, rank = 1 }"
        } else {
            ""
        }
    )
}

/// Expected outcomes from a state of the duel.
#[derive(Debug, Clone, Copy, Default)]
struct Out {
    hero_wins: f64,
    disabled: f64,
    instant: f64,
    rounds: f64,
    attack: f64,
    defense: f64,
    unspent: f64,
}

impl Out {
    fn add(&mut self, o: &Out, p: f64) {
        self.hero_wins += p * o.hero_wins;
        self.disabled += p * o.disabled;
        self.instant += p * o.instant;
        self.rounds += p * o.rounds;
        self.attack += p * o.attack;
        self.defense += p * o.defense;
        self.unspent += p * o.unspent;
    }
}

/// How an attack lands, restated for the recursion (L360, L367, L422, L434, L250).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Land {
    Crit,
    Hit,
    Graze,
    Minor,
    Miss { defender_crit: bool },
}

fn land(d20: i64, total: i64, defense: i64, active_rank: Option<i64>, rank: i64) -> Land {
    if d20 == 20 || (d20 != 1 && total >= defense + 10) {
        Land::Crit
    } else if d20 != 1 && total >= defense {
        match active_rank {
            Some(r) if total - defense < r => Land::Graze,
            _ => Land::Hit,
        }
    } else if d20 != 1 && total >= defense - rank {
        Land::Minor
    } else {
        Land::Miss {
            defender_crit: active_rank.is_some() && defense >= total + 10,
        }
    }
}

/// Round-start pools (h0, b0), then pools and AP left (h, ah, b, ab).
type Key = (i64, i64, i64, i64, i64, i64);

struct Dp {
    dodging: bool,
    memo: HashMap<Key, (Out, f64)>,
    rounds: HashMap<(i64, i64), Out>,
}

const HERO_AP: i64 = 12;
const BRUTE_AP: i64 = 11;
const HERO_POOL: i64 = 10;
const HERO_HEALTH: i64 = 4;
const BRUTE_POOL: i64 = 12;

impl Dp {
    /// From the start of a round with pools (h, b).
    fn round(&mut self, h: i64, b: i64) -> Out {
        if let Some(o) = self.rounds.get(&(h, b)) {
            return *o;
        }
        let (known, same) = self.within(h, b, h, HERO_AP, b, BRUTE_AP);
        let mut o = Out {
            rounds: 1.0,
            ..Out::default()
        };
        o.add(&known, 1.0);
        // O = known + same · O: a round may end with both pools as they were.
        let mut solved = Out::default();
        solved.add(&o, 1.0 / (1.0 - same));
        self.rounds.insert((h, b), solved);
        solved
    }

    /// Within a round that began at pools (h0, b0): the known part of the outcome and the
    /// probability of ending the round with the pools unchanged (solved for in `round`).
    fn within(&mut self, h0: i64, b0: i64, h: i64, ah: i64, b: i64, ab: i64) -> (Out, f64) {
        let key = (h0, b0, h, ah, b, ab);
        if let Some(v) = self.memo.get(&key) {
            return *v;
        }
        let (hero_can, brute_can) = (ah >= 5, ab >= 5);
        let mut out = Out::default();
        let mut same = 0.0;
        if !hero_can && !brute_can {
            out.unspent = ah as f64;
            if (h, b) == (h0, b0) {
                same = 1.0;
            } else {
                let next = self.round(h, b);
                out.add(&next, 1.0);
            }
        } else if hero_can && (!brute_can || ah >= ab) {
            // The hero swings (ties: higher Agility, L269): d20 + 4 against Passive Armor 11;
            // 1d6+1 less armor 1.
            out.attack += 5.0;
            let p = 1.0 / 120.0;
            for d20 in 1..=20 {
                let how = land(d20, d20 + 4, 11, None, 1);
                for die in 1..=6 {
                    let raw = die + 1;
                    let dmg = match how {
                        Land::Miss { .. } => 0,
                        Land::Minor => (raw / 2 - 1).max(0),
                        _ => (raw - 1).max(0),
                    };
                    let b2 = b - dmg;
                    if b2 <= 0 {
                        let win = Out {
                            hero_wins: 1.0,
                            unspent: (ah - 5) as f64,
                            ..Out::default()
                        };
                        out.add(&win, p);
                    } else {
                        let (o, s) = self.within(h0, b0, h, ah - 5, b2, ab);
                        out.add(&o, p);
                        same += p * s;
                    }
                }
            }
        } else {
            // The brute swings: d20 + 3 against Passive Armor 12, or 9 + 1d6 when the hero
            // dodges (2 AP); 1d8+1 less armor 2, or 1 after a failed Dodge.
            let dodge = self.dodging && ah >= 2;
            let ah = if dodge { ah - 2 } else { ah };
            if dodge {
                out.defense += 2.0;
            }
            let defenses: Vec<i64> = if dodge { (10..=15).collect() } else { vec![12] };
            let p = 1.0 / (20.0 * 8.0 * defenses.len() as f64);
            for &defense in &defenses {
                for d20 in 1..=20 {
                    let how = land(d20, d20 + 3, defense, dodge.then_some(1), 0);
                    for die in 1..=8 {
                        let raw = die + 1;
                        let (dmg, ah2) = match how {
                            Land::Miss { defender_crit } => (0, ah + i64::from(defender_crit)),
                            Land::Minor => ((raw / 2 - 2).max(0), ah),
                            Land::Graze => ((raw / 2 - 1).max(0), ah),
                            Land::Crit | Land::Hit => {
                                ((raw - if dodge { 1 } else { 2 }).max(0), ah)
                            }
                        };
                        let h2 = h - dmg;
                        if h2 <= 0 {
                            // Leftover damage ≥ the Health maximum kills outright (L442).
                            let instant = -h2 >= HERO_HEALTH;
                            let loss = Out {
                                instant: f64::from(u8::from(instant)),
                                disabled: f64::from(u8::from(!instant)),
                                unspent: ah2 as f64,
                                ..Out::default()
                            };
                            out.add(&loss, p);
                        } else {
                            let (o, s) = self.within(h0, b0, h2, ah2, b, ab - 5);
                            out.add(&o, p);
                            same += p * s;
                        }
                    }
                }
            }
        }
        self.memo.insert(key, (out, same));
        (out, same)
    }
}

fn duel_matches_recursion(dodging: bool, seed: u64) {
    let mut dp = Dp {
        dodging,
        memo: HashMap::new(),
        rounds: HashMap::new(),
    };
    // Smaller pools first, so every round a round leads to is solved before it.
    for h in 1..=HERO_POOL {
        for b in 1..=BRUTE_POOL {
            dp.round(h, b);
        }
    }
    let o = dp.round(HERO_POOL, BRUTE_POOL);
    let saves = DeathSaves::new(0).exact().unwrap();
    let c = conflict(&duel(dodging));
    let r = rows(&c, 400_000, seed);
    assert!(
        (o.hero_wins + o.disabled + o.instant - 1.0).abs() < 1e-9,
        "{o:?}"
    );
    within(&r["win.party"], o.hero_wins);
    within(&r["win.monsters"], o.disabled + o.instant);
    within(&r["disabled.hero"], o.disabled);
    within(&r["death_instant.hero"], o.instant);
    // Disabled and beaten, the hero rolls its saves out from no marks.
    within(&r["death.hero"], o.instant + o.disabled * saves["death"]);
    within(
        &r["incapacitated.hero"],
        o.disabled * saves["incapacitated"],
    );
    within(&r["death.brute"], o.hero_wins);
    within(&r["rounds.mean"], o.rounds);
    // The hero begins every round of the fight able to act: AP per round = E[AP] / E[rounds].
    within(&r["ap_attack.hero.mean"], o.attack / o.rounds);
    within(&r["ap_defense.hero.mean"], o.defense / o.rounds);
    within(&r["ap_unspent.hero.mean"], o.unspent / o.rounds);
    assert_eq!(r["ap_other.hero.mean"].estimate, 0.0);
    assert_eq!(r["stalemate"].estimate, 0.0);
    assert_eq!(o.defense > 0.0, dodging);
}

#[test]
fn a_duel_with_passive_armor_matches_the_recursion() {
    duel_matches_recursion(false, 91);
}

#[test]
fn a_duel_with_the_pc_dodging_matches_the_recursion() {
    duel_matches_recursion(true, 92);
}
