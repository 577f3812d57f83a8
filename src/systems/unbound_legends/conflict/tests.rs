//! Unbound Legends fights: a one-on-one duel solved exactly by dynamic programming over both
//! combatants' (Vitality + Health, AP left), once with Passive Armor and once with the PC
//! dodging whenever it can pay, estimates within 4.5 standard errors; a round traced with
//! scripted dice (order, a Dodge, the reset, a death save); the AP accounting; a fight
//! nobody can win; bad input named by line and key.

use super::super::fight::Event;
use super::super::saves::DeathSaves;
use super::Conflict;
use crate::combat::{self, Ending, Observer};
use crate::systems::{LoadedSystem, RuleSystem, Scenario, SystemKind, scenario_text};
use crate::testing::Scripted;
use crate::testing::{rows, within};
use std::collections::HashMap;

fn load(body: &str) -> Result<Scenario, String> {
    let text = scenario_text(SystemKind::UnboundLegends, body);
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

fn fight_of(s: Scenario) -> Conflict {
    match s.system {
        LoadedSystem::UnboundLegends(super::super::Loaded::Conflict(c)) => *c,
        _ => panic!("not a fight"),
    }
}

fn conflict(body: &str) -> Conflict {
    fight_of(load(body).unwrap_or_else(|e| panic!("{e}")))
}

/// The duel: a PC with set AP against a monster. Neither attack type has a crit effect of
/// its own, and the fight ends when either falls, so the state is both pools and AP left.
fn duel(dodging: bool) -> String {
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

#[derive(Default)]
struct Trace {
    lines: Vec<String>,
}

impl Observer<Conflict> for Trace {
    fn see(&mut self, event: Event<'_>) {
        let line = match event {
            Event::RoundStart { round, states } => {
                let ap: Vec<i64> = states.iter().map(|s| s.ap).collect();
                format!("round {round}: AP {ap:?}")
            }
            Event::DeathSave { who, d20, result } => format!("{who} saves {d20}: {result:?}"),
            Event::Action {
                who,
                action,
                target,
            } => format!("{who} {action:?} at {target}"),
            Event::Defend { who, kind } => format!("{who} {kind:?}"),
            Event::Attack {
                d20,
                total,
                defense,
                hit,
                ..
            } => format!("{d20} → {total} vs {defense}: {hit:?}"),
            Event::FirstAid {
                who,
                d20,
                stabilised,
                ..
            } => format!("{who} first aid {d20}: {stabilised}"),
            Event::Damage { target, dealt } => format!("{target} takes {}", dealt.total()),
            Event::RoundEnd { round, states } => {
                let ap: Vec<i64> = states.iter().map(|s| s.ap).collect();
                format!("end {round}: AP {ap:?}")
            }
        };
        self.lines.push(line);
    }
}

const TRACED: &str = r#"
[[combatant]]
name = "Vessa"
side = "party"
vitality_die = "d8"
agility = 2
vitality = 3
health = 6
passive_armor = 11
armor_reduction = 2
armor = "light"
defend = "dodge"
defense.dodge = { bonus = 10, rank = 1 }
attacks = [{ name = "rapier", to_hit = 5, damage = "1d6+1", type = "piercing", skill_rank = 1 }]
[[combatant]]
name = "Aldo"
side = "party"
ap = 6
vitality = 5
health = 3
passive_armor = 12
attacks = [{ name = "mace", to_hit = 3, damage = "1d6+1", type = "bludgeoning" }]
[[combatant]]
name = "Goblin"
side = "goblins"
kind = "monster"
ap = 10
vitality = 4
health = 3
passive_armor = 12
attacks = [{ name = "scimitar", to_hit = 4, damage = "1d6+2", type = "slashing" }]
"#;

#[test]
fn a_traced_round_orders_by_ap_pays_dodges_resets_and_saves() {
    let c = conflict(TRACED);
    // Every die in the order the fight rolls it.
    let mut dice = Scripted::new()
        .in_order([
            (4, 3),   // Vessa's AP: 5 + d4 + d8 + Agility 2 = 5 + 3 + 5 + 2 = 15 (L267)
            (8, 5),   //
            (20, 10), // Vessa hits the Goblin: 15 against 12
            (6, 4),   // for 1d6+1 = 5
            (20, 2),  // Vessa misses
            (6, 3),   // Vessa dodges: 10 + 3
            (20, 15), // the Goblin hits: 19 against 13
            (6, 4),   // for 1d6+2 = 6
            (20, 1),  // Aldo misses
            (6, 1),   // Vessa dodges: 10 + 1
            (20, 12), // the Goblin hits: 16 against 11
            (6, 5),   // for 7
            (20, 12), // round 2: Vessa's death save succeeds
            (20, 20), // the Goblin crits Aldo
            (6, 6),   // for 8
            (20, 20), // after the fight Vessa rolls a 20: stable
        ])
        .picks([(2, 0), (2, 0)]);
    let mut trace = Trace::default();
    let (ending, rounds, arena, _) = combat::replay(&c, &mut dice, &mut trace);
    let expected = [
        "round 1: AP [15, 6, 10]",
        // Most AP first (L268).
        "0 Attack(0) at 2",
        "10 → 15 vs 12: Hit",
        "2 takes 5",
        // Vessa 10 and the Goblin 10 tie: higher Agility goes first (L269).
        "0 Attack(0) at 2",
        "2 → 7 vs 12: Miss",
        "2 Attack(0) at 0",
        // Vessa pays 2 AP for a Dodge (L249) and fails: light armor uses Agility 2 (L231).
        "0 Dodge",
        "15 → 19 vs 13: Hit",
        "0 takes 4",
        "1 Attack(0) at 2",
        "1 → 4 vs 12: Miss",
        "2 Attack(0) at 0",
        "0 Dodge",
        "12 → 16 vs 11: Hit",
        // 7 − 2: Vitality is gone, Health 5 → 0, nothing left over: Disabled (L444).
        "0 takes 5",
        // Nobody can pay for anything: Vessa holds 1, Aldo 1, the Goblin 0.
        "end 1: AP [1, 1, 0]",
        "0 saves 12: Marks(1, 0)",
        // AP reset (L268); Vessa is down and does not act.
        "round 2: AP [15, 6, 10]",
        "2 Attack(0) at 1",
        "20 → 24 vs 12: Crit",
        // A slashing crit adds the dice maximum (L425): 6 + 2 + 6 = 14 against Vitality 5 +
        // Health 3: 6 left over ≥ Health maximum 3, instant death (L442).
        "1 takes 14",
        "end 2: AP [15, 6, 5]",
    ];
    assert_eq!(trace.lines, expected);
    assert_eq!((ending, rounds), (Ending::Win(1), 2));
    dice.finish();
    let [v, a, g] = [0, 1, 2].map(|i| arena.states[i]);
    assert!(v.disabled && !v.dead && !v.dying && !v.incapacitated);
    assert!(a.dead && a.instant_death && !a.disabled);
    assert!(!g.dead && g.health == 2);
    // AP by kind: attack, defense, other, unspent; each round sums to the AP.
    assert_eq!((v.ap_by_kind, v.rounds_active), ([10, 4, 0, 1], 1));
    assert_eq!((a.ap_by_kind, a.rounds_active), ([5, 0, 0, 7], 2));
    assert_eq!((g.ap_by_kind, g.rounds_active), ([15, 0, 0, 5], 2));
}

const PARRY_AND_FIRST_AID: &str = r#"
[[combatant]]
name = "Mira"
side = "party"
ap = 12
vitality = 3
health = 5
passive_armor = 10
defend = "parry"
defense.parry = { bonus = 5, rank = 1 }
attacks = [{ name = "sword", damage = "1d8", type = "slashing" }]
[[combatant]]
name = "Tom"
side = "party"
ap = 9
vitality = 0
health = 2
passive_armor = 10
first_aid = 2
attacks = [{ name = "club", damage = "1d4", type = "bludgeoning" }]
[[combatant]]
name = "Orc"
side = "orcs"
kind = "monster"
ap = 10
vitality = 10
health = 5
passive_armor = 10
attacks = [{ name = "axe", to_hit = 5, damage = "1d10", type = "bludgeoning" }]
"#;

#[test]
fn a_parry_crit_counters_and_first_aid_stabilises() {
    let c = conflict(PARRY_AND_FIRST_AID);
    // Every die in the order the fight rolls it.
    let mut dice = Scripted::new()
        .in_order([
            (20, 2),  // Mira misses
            (20, 19), // Mira parries: 5 + 19
            (20, 3),  // the Orc's 8 is 16 short: the parry crits
            (20, 15), // Mira's counterattack hits
            (8, 6),   // for 1d8 = 6
            (20, 1),  // Tom misses
            (20, 20), // the Orc crits Mira, who cannot pay for a parry
            (10, 10), // for 1d10 = 10
            (20, 5),  // round 2: Mira fails a death save
            (20, 2),  // the Orc misses Tom
            (20, 8),  // Tom's first aid: 8 + 2 ≥ 10
            (20, 2),  // the Orc misses Tom
            (20, 20), // round 3: the Orc crits Tom
            (10, 10), // for 10
        ])
        .picks([(2, 0), (2, 0)]);
    let mut trace = Trace::default();
    let (ending, rounds, arena, _) = combat::replay(&c, &mut dice, &mut trace);
    let expected = [
        "round 1: AP [12, 9, 10]",
        // Mira and the Orc tie on AP, Agility and Dexterity: the PC goes first (L269).
        "0 Attack(0) at 2",
        "2 → 2 vs 10: Miss",
        "2 Attack(0) at 0",
        // A parry costs the weapon's AP − 2 = 3 (L258).
        "0 Parry",
        "3 → 8 vs 24: Miss",
        // The crit opens a counterattack for 5 − 1 AP, weapon dice only (L259, L386).
        "15 → 15 vs 10: Hit",
        "2 takes 6",
        "1 Attack(0) at 2",
        "1 → 1 vs 10: Miss",
        "2 Attack(0) at 0",
        "20 → 25 vs 10: Crit",
        // 10 against Vitality 3 and Health 5: 2 left over < 5, Disabled.
        "0 takes 10",
        "end 1: AP [0, 4, 0]",
        "0 saves 5: Marks(0, 1)",
        "round 2: AP [12, 9, 10]",
        "2 Attack(0) at 1",
        "2 → 7 vs 10: Miss",
        // 8 AP and a dying ally: first aid (L453) stabilises her at 0 Health.
        "1 FirstAid(0) at 0",
        "1 first aid 8: true",
        "2 Attack(0) at 1",
        "2 → 7 vs 10: Miss",
        "end 2: AP [12, 1, 0]",
        // Stable, Mira makes no more saves (L454).
        "round 3: AP [12, 9, 10]",
        "2 Attack(0) at 1",
        "20 → 25 vs 10: Crit",
        "1 takes 10",
        "end 3: AP [12, 9, 5]",
    ];
    assert_eq!(trace.lines, expected);
    assert_eq!((ending, rounds), (Ending::Win(1), 3));
    dice.finish();
    let [m, t, o] = [0, 1, 2].map(|i| arena.states[i]);
    assert!(m.disabled && !m.dying && !m.dead && !m.up && m.health == 0);
    assert!(t.dead && t.instant_death);
    assert_eq!((o.vitality, o.health), (4, 5));
    assert_eq!((m.ap_by_kind, m.rounds_active), ([9, 3, 0, 0], 1));
    assert_eq!((t.ap_by_kind, t.rounds_active), ([5, 0, 8, 14], 3));
    assert_eq!((o.ap_by_kind, o.rounds_active), ([25, 0, 0, 5], 3));
}

#[test]
fn ap_by_kind_adds_up_to_the_ap_of_each_round() {
    // Set AP and no Dodge: the four means add up to the AP exactly.
    let kinds = ["ap_attack", "ap_defense", "ap_other", "ap_unspent"];
    let r = rows(&conflict(&duel(false)), 20_000, 5);
    let sum: f64 = kinds
        .iter()
        .map(|k| r[&format!("{k}.hero.mean")].estimate)
        .sum();
    assert!((sum - 12.0).abs() < 1e-9, "{sum}");
    // The ogre fight: the monster's set AP is 14.
    let ogre = Scenario::load(&crate::testing::shipped("ogre_in_the_mill")).unwrap();
    let r = rows(&fight_of(ogre), 20_000, 6);
    let sum: f64 = kinds
        .iter()
        .map(|k| r[&format!("{k}.Mill Ogre.mean")].estimate)
        .sum();
    assert!((sum - 14.0).abs() < 1e-9, "{sum}");
}

#[test]
fn a_fight_nobody_can_win_is_a_stalemate() {
    let body = r#"
[run]
max_rounds = 7
[[combatant]]
name = "a"
side = "x"
ap = 4
vitality = 1
health = 1
passive_armor = 10
attacks = [{ damage = "1d4", type = "bludgeoning" }]
[[combatant]]
name = "b"
side = "y"
ap = 20
vitality = 1
health = 1
passive_armor = 10
"#;
    let r = rows(&conflict(body), 1_000, 1);
    assert_eq!(r["stalemate"].estimate, 1.0);
    assert_eq!(r["rounds.mean"].estimate, 7.0);
    assert_eq!(r["ap_unspent.b.mean"].estimate, 20.0);
}

#[test]
fn bad_fights_name_line_and_key() {
    load(TRACED).unwrap();
    for (from, to, expected) in [
        (
            "skill_rank = 1 }",
            "skill_rank = 5 }",
            "`combatant.Vessa.attacks.skill_rank`: 5 is out of range; allowed: an integer from 0 to 4",
        ),
        (
            "side = \"goblins\"",
            "side = \"party\"",
            "`combatant.side`: every combatant is on side \"party\"; a fight needs at least two sides",
        ),
        (
            "ap = 6\n",
            "ap = 6\nvitality_die = \"d8\"\n",
            "`combatant.Aldo.ap`: give either a set `ap`",
        ),
        (
            "ap = 6\n",
            "",
            "`combatant.Aldo.ap`: \"Aldo\" needs its Action Points",
        ),
        (
            "defense.dodge = { bonus = 10, rank = 1 }",
            "",
            "`combatant.Vessa.defend`: defend = \"dodge\" needs its entry: defense.dodge",
        ),
        (
            "\"piercing\"",
            "\"stabbing\"",
            "`combatant.Vessa.attacks.type`: \"stabbing\" is not a damage type; allowed (L396–405): \"acid\"",
        ),
        (
            "armor = \"light\"",
            "armor = \"leather\"",
            "`combatant.Vessa.armor`: \"leather\" is not allowed; allowed: \"none\", \"unarmored\", \
             \"light\", \"medium\", \"heavy\"",
        ),
        (
            "kind = \"monster\"",
            "kind = \"beast\"",
            "`combatant.Goblin.kind`: \"beast\" is not allowed; allowed: \"pc\", \"villain\", \"monster\"",
        ),
        (
            "ap = 10\n",
            "ap = 10\ntarget = \"Gandalf\"\n",
            "`combatant.target`: \"Gandalf\" names nobody; allowed: \"random\", \"weakest\", \
             \"focus\" or a foe's name (\"Vessa\", \"Aldo\")",
        ),
        (
            "health = 3\npassive_armor = 12\nattacks = [{ name = \"mace\"",
            "health = 0\npassive_armor = 12\nattacks = [{ name = \"mace\"",
            "`combatant.Aldo.health`: 0 is out of range; allowed: an integer from 1 to 100000",
        ),
        (
            "vitality = 4",
            "vitality = 4\nresist = [\"holy\"]",
            "`combatant.Goblin.resist`: \"holy\" is neither a damage type nor a source",
        ),
    ] {
        assert!(TRACED.contains(from), "{from}");
        let err = load(&TRACED.replacen(from, to, 1)).unwrap_err();
        assert!(
            err.contains(expected) && err.starts_with("t.scenario:"),
            "{to}\n{err}\nexpected: {expected}"
        );
    }
    let err = load("[run]\nmax_rounds = 5\n[check]\ntarget = 10\n").unwrap_err();
    assert!(err.contains("`run.max_rounds`"), "{err}");
}
