//! A day small enough to solve exactly: a hero against a rat, then another, with no rest or
//! a night between. The exact values come from a dynamic programme over the hero's carried
//! survival and injuries written here from the rules (004:565, 599–617, 762–768), never
//! from the simulator's code; the estimates at 10⁶ days (a release build) lie within 4.5
//! standard errors.
//!
//! The hero: 4 survival, no verve, a d4 hitting on 11 + 0 − its injuries; the better of
//! fortitude and willpower 8; endurance 1, so a lost death contest kills at once (its
//! endurance − injuries minutes are spent, 615). Each rat: 3 survival, a d3 hitting on 11;
//! fortitude and willpower 0, so it goes down the moment it is hurt (605). Nobody is
//! surprised; each round both attack at once (762).

use super::*;
use crate::combat::day::Day;
use crate::testing::{rows, within};
use std::collections::HashMap;

/// The day's text, `rest` before the second rat.
fn text(rest: &str) -> String {
    format!(
        r#"
[run]
max_rounds = 5

[day]
verve_from_scenes = false

[[combatant]]
name = "Hero"
side = "party"
survival = 4
endurance = 1
level = 2
health = 10
perception = 10
willpower = 8
fortitude = 3
attacks = [{{ damage = "d4" }}]

[[creature]]
name = "Rat"
side = "rats"
survival = 3
endurance = 10
perception = 10
willpower = 0
fortitude = 0
attacks = [{{ damage = "d3" }}]

[[day.encounter]]
name = "First rat"
foes = ["Rat"]

[[day.encounter]]
name = "Second rat"
foes = ["Rat"]
rest = "{rest}"
"#
    )
}

/// P(d20 ≤ `n`).
fn p20(n: i64) -> f64 {
    n.clamp(0, 20) as f64 / 20.0
}

/// How a fight ended for the hero: whether the party won, and the hero's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct End {
    won: bool,
    dead: bool,
    up: bool,
    survival: i64,
    injuries: i64,
}

const HERO_DIE: i64 = 4;
const RAT_DIE: i64 = 3;
const RAT: i64 = 3;
const BEST: i64 = 8;
const ENDURANCE: i64 = 1;
const ROUNDS: u32 = 5;

/// Every way one fight from the hero's `survival` and `injuries` ends, with its chance.
fn fight(survival: i64, injuries: i64) -> HashMap<End, f64> {
    // The hero's pool is its survival (no verve); below 0 it is injuries (599).
    let inj = |pool: i64| injuries + (-pool).max(0);
    let mut ends: HashMap<End, f64> = HashMap::new();
    let mut mass: HashMap<(i64, i64), f64> = HashMap::from([((survival, RAT), 1.0)]);
    for _ in 0..ROUNDS {
        let mut next: HashMap<(i64, i64), f64> = HashMap::new();
        for (&(pool, rat), &m) in &mass {
            // 768: d20 ≤ 11 + attack − defense, the injuries when the round began a penalty.
            let hero_hits = p20(11 - inj(pool));
            let rat_hits = p20(11);
            let mut dealt = vec![(0, 1.0 - hero_hits)];
            dealt.extend((1..=HERO_DIE).map(|d| (d, hero_hits / HERO_DIE as f64)));
            let mut taken = vec![(0, 1.0 - rat_hits)];
            taken.extend((1..=RAT_DIE).map(|d| (d, rat_hits / RAT_DIE as f64)));
            for &(d, pd) in &dealt {
                let rat_left = rat - d;
                // 605: hurt to 0, the rat fails its roll (fortitude 0) and is down.
                let rat_up = !(d > 0 && rat_left <= 0);
                for &(t, pt) in &taken {
                    let p = m * pd * pt;
                    let after = pool - t;
                    // The hero's fates at the round's end: (unconscious, dead, chance).
                    let mut fates = vec![(false, false, 1.0)];
                    if t > 0 && after <= 0 {
                        // 605: dropped to 0 or gained injuries: the better of fortitude and
                        // willpower − injuries, or unconscious.
                        let awake = p20(BEST - inj(after));
                        fates = vec![(false, false, awake), (true, false, 1.0 - awake)];
                        if after < 0 {
                            // 613–617: injuries gained beyond survival: the injuries act
                            // (d20 ≤ injuries), the hero resists with endurance − injuries,
                            // +2 unconscious; losing, its minutes are spent (615): dead.
                            let i = inj(after);
                            fates = fates
                                .into_iter()
                                .flat_map(|(out, _, q)| {
                                    let dies =
                                        p20(i) * (1.0 - p20(ENDURANCE - i + 2 * i64::from(out)));
                                    [(out, false, q * (1.0 - dies)), (out, true, q * dies)]
                                })
                                .collect();
                        }
                    }
                    for (out, dead, q) in fates {
                        let hero_up = !out && !dead;
                        let end = |won: bool| End {
                            won,
                            dead,
                            up: hero_up,
                            survival: after.max(0),
                            injuries: inj(after),
                        };
                        match (hero_up, rat_up) {
                            (true, true) => *next.entry((after, rat_left)).or_default() += p * q,
                            (true, false) => *ends.entry(end(true)).or_default() += p * q,
                            _ => *ends.entry(end(false)).or_default() += p * q,
                        }
                    }
                }
            }
        }
        mass = next;
    }
    // Both still fighting: a stalemate, the hero up.
    for ((pool, _), m) in mass {
        let end = End {
            won: false,
            dead: false,
            up: true,
            survival: pool.max(0),
            injuries: inj(pool),
        };
        *ends.entry(end).or_default() += m;
    }
    ends
}

/// The night between (004:565): health 10 − injuries; a success removes an injury while
/// any are left, else restores level (2) survival; a failure gives 1; never above 4.
fn night(survival: i64, injuries: i64) -> Vec<((i64, i64), f64)> {
    let ok = p20(10 - injuries);
    let success = if injuries > 0 {
        (survival, injuries - 1)
    } else {
        ((survival + 2).min(4), injuries)
    };
    vec![(success, ok), (((survival + 1).min(4), injuries), 1.0 - ok)]
}

/// Exact (day.survived, fell_at.1, fell_at.2, fell_at.none, encounter.1.win.party,
/// encounter.2.win.party, death.Hero).
fn exact(rest_long: bool) -> [f64; 7] {
    let (mut fell1, mut fell2, mut win1, mut win2, mut death) = (0.0, 0.0, 0.0, 0.0, 0.0);
    for (e, p) in fight(4, 0) {
        if e.dead {
            death += p;
        }
        if e.dead || !e.up {
            fell1 += p;
        }
        if !e.won {
            continue;
        }
        win1 += p;
        let starts = if rest_long {
            night(e.survival, e.injuries)
        } else {
            vec![((e.survival, e.injuries), 1.0)]
        };
        for ((s, j), q) in starts {
            for (f, r) in fight(s, j) {
                let pr = p * q * r;
                win2 += if f.won { pr } else { 0.0 };
                death += if f.dead { pr } else { 0.0 };
                fell2 += if f.dead || !f.up { pr } else { 0.0 };
            }
        }
    }
    [
        1.0 - death,
        fell1,
        fell2,
        1.0 - fell1 - fell2,
        win1,
        win2,
        death,
    ]
}

fn day(rest: &str) -> Day<Stage, Rules> {
    match loaded(&text(rest)) {
        Loaded::Day(d) => *d,
        other => panic!("not a day: {other:?}"),
    }
}

fn check(rest: &str, seed: u64) -> [f64; 7] {
    let n = if cfg!(debug_assertions) {
        20_000
    } else {
        1_000_000
    };
    let exact = exact(rest == "long");
    let r = rows(&day(rest), n, seed);
    let names = [
        "day.survived",
        "fell_at.1",
        "fell_at.2",
        "fell_at.none",
        "encounter.1.win.party",
        "encounter.2.win.party",
        "death.Hero",
    ];
    for (name, p) in names.iter().zip(exact) {
        within(&r[*name], p);
    }
    exact
}

#[test]
fn a_two_fight_day_without_rest_matches_the_exact_day() {
    let e = check("none", 41);
    // Every number a real chance, and they add up.
    assert!(e.iter().all(|&p| p > 0.01 && p < 0.99), "{e:?}");
    assert!((e[1] + e[2] + e[3] - 1.0).abs() < 1e-12);
}

#[test]
fn a_two_fight_day_with_a_night_between_matches_the_exact_day() {
    let long = check("long", 42);
    let none = exact(false);
    // The night helps: more days got through, the second rat won more often.
    assert!(long[0] > none[0] + 0.01, "{long:?} vs {none:?}");
    assert!(long[5] > none[5], "{long:?} vs {none:?}");
}
