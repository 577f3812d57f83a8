//! A two-fight day solved exactly, from the rules (001_9a2522fe8d4a2682.txt L267–269, L360,
//! L367, L436–456, L609–610), not from the engine: Ada (6 AP, so she swings first and the foe
//! answers, once each a round) against a rat, then a wolf, with no rest or a short rest
//! between. A fight is a recursion over (Vitality, Health, the foe's Vitality + Health); a lost
//! fight ends in instant death or in death saves after it, which are a recursion over the
//! marks; the short rest is her two d4 Vitality Dice spent until full. The day's estimates at
//! 10^6 days lie within 4.5 standard errors of it. The day is read from scenario text, so the
//! loader is tested too.

use super::super::super::Loaded;
use super::load;
use crate::systems::LoadedSystem;
use crate::testing::{rows, within};
use std::collections::HashMap;

/// The day; `REST` is the second fight's rest.
pub(super) const DAY: &str = r#"
[[combatant]]
name = "Ada"
side = "party"
ap = 6
vitality = 3
health = 2
passive_armor = 10
short_rest = { vitality_dice = 2, die = "d4" }
attacks = [{ damage = "1d4", type = "bludgeoning" }]

[[creature]]
name = "Rat"
kind = "monster"
ap = 5
vitality = 0
health = 3
passive_armor = 10
attacks = [{ to_hit = 1, damage = "1d4", type = "bludgeoning" }]

[[creature]]
name = "Wolf"
kind = "monster"
ap = 5
vitality = 2
health = 3
passive_armor = 10
attacks = [{ to_hit = 2, damage = "1d6", type = "bludgeoning" }]

[day]
gap_minutes = 5

[[day.encounter]]
name = "Cellar"
foes = ["Rat"]

[[day.encounter]]
name = "Den"
rest = "REST"
foes = ["Wolf"]
"#;

/// Ada's maxima.
const VITALITY: i64 = 3;
const HEALTH: i64 = 2;

/// A foe: its Vitality + Health, its d20 to hit Passive Armor 10 (L360: d20 + to_hit ≥ 10,
/// a natural 1 misses, a natural 20 hits, L367), its damage die.
#[derive(Clone, Copy)]
struct Foe {
    pool: i64,
    to_hit: i64,
    die: i64,
}

const RAT: Foe = Foe {
    pool: 3,
    to_hit: 1,
    die: 4,
};
const WOLF: Foe = Foe {
    pool: 5,
    to_hit: 2,
    die: 6,
};

/// Whether d20 + `to_hit` hits Passive Armor 10.
fn hits(to_hit: i64) -> f64 {
    (1..=20)
        .filter(|&d| d == 20 || (d != 1 && d + to_hit >= 10))
        .count() as f64
        / 20.0
}

/// How a fight ends for Ada.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum End {
    /// She won with this Vitality and Health.
    Won(i64, i64),
    /// She fell and lived through the blow: Disabled, death saves after the fight (L444).
    Disabled,
    /// The blow's leftover reached her Health maximum (L442).
    Instant,
}

type Dist = HashMap<End, f64>;

fn add(into: &mut Dist, from: &Dist, p: f64) {
    for (e, q) in from {
        *into.entry(*e).or_default() += p * q;
    }
}

/// The fight from Ada at (v, h) against `foe` with `pool` left, at a round's start.
fn fight(v: i64, h: i64, foe: Foe, pool: i64, memo: &mut HashMap<(i64, i64, i64), Dist>) -> Dist {
    if let Some(d) = memo.get(&(v, h, pool)) {
        return d.clone();
    }
    let (a, b) = (hits(0), hits(foe.to_hit));
    let mut out = Dist::new();
    // Her swing (5 AP of her 6), then the foe's (5 of 5), from the foe's pool `left`; both
    // missing brings the round back as it began.
    let answer = |left: i64, p: f64, out: &mut Dist, memo: &mut HashMap<_, _>| {
        for j in 1..=foe.die {
            let q = p * b / foe.die as f64;
            // L436: Vitality first, then Health.
            let through = (j - v).max(0);
            if through < h {
                let next = fight((v - j).max(0), h - through, foe, left, memo);
                add(out, &next, q);
            } else if through - h >= HEALTH {
                *out.entry(End::Instant).or_default() += q;
            } else {
                *out.entry(End::Disabled).or_default() += q;
            }
        }
        if left != pool {
            let next = fight(v, h, foe, left, memo);
            add(out, &next, p * (1.0 - b));
        }
    };
    for k in 1..=4 {
        let p = a / 4.0;
        if pool - k <= 0 {
            *out.entry(End::Won(v, h)).or_default() += p;
        } else {
            answer(pool - k, p, &mut out, memo);
        }
    }
    answer(pool, 1.0 - a, &mut out, memo);
    // The round that comes back as it began.
    let again = (1.0 - a) * (1.0 - b);
    for q in out.values_mut() {
        *q /= 1.0 - again;
    }
    memo.insert((v, h, pool), out.clone());
    out
}

/// Death saves after a lost fight from (successes, failures, ever two failures): (dead,
/// stable and Incapacitated, stable and not). L446–449: 10 or more succeeds, a 1 is two
/// failures, a 20 stabilises at once; three of a kind ends them.
fn saves(s: u32, f: u32, incapacitated: bool) -> (f64, f64, f64) {
    if f >= 3 {
        return (1.0, 0.0, 0.0);
    }
    if s >= 3 {
        return if incapacitated {
            (0.0, 1.0, 0.0)
        } else {
            (0.0, 0.0, 1.0)
        };
    }
    let mut out = (0.0, 0.0, 0.0);
    for d in 1..=20 {
        let next = match d {
            20 => {
                if incapacitated {
                    (0.0, 1.0, 0.0)
                } else {
                    (0.0, 0.0, 1.0)
                }
            }
            1 => saves(s, f + 2, incapacitated || f + 2 >= 2),
            d if d >= 10 => saves(s + 1, f, incapacitated),
            _ => saves(s, f + 1, incapacitated || f + 1 >= 2),
        };
        out.0 += next.0 / 20.0;
        out.1 += next.1 / 20.0;
        out.2 += next.2 / 20.0;
    }
    out
}

/// Her Vitality after the short rest from `v`: d4s spent until full, two at most (L610).
fn short_rest(v: i64, dice: u32) -> Vec<(i64, u32, f64)> {
    if v >= VITALITY || dice == 0 {
        return vec![(v, dice, 1.0)];
    }
    let mut out = Vec::new();
    for r in 1..=4 {
        for (w, left, p) in short_rest((v + r).min(VITALITY), dice - 1) {
            out.push((w, left, p / 4.0));
        }
    }
    out
}

/// The exact day: metric name → value.
fn exact(rest: bool) -> HashMap<&'static str, f64> {
    let (dead, incapacitated, up) = saves(0, 0, false);
    let mut m: HashMap<&'static str, f64> = HashMap::new();
    let mut put = |k: &'static str, p: f64| *m.entry(k).or_default() += p;
    // Where a lost fight leaves her: (dead, not up) probabilities and her Health after.
    let lost = |p_disabled: f64,
                p_instant: f64,
                at: &'static str,
                put: &mut dyn FnMut(&'static str, f64)| {
        let died = p_instant + p_disabled * dead;
        put("death.Ada", died);
        put(at, died + p_disabled * incapacitated);
        put("health_left.Ada.mean", p_disabled * (incapacitated + up));
    };
    let first = fight(VITALITY, HEALTH, RAT, RAT.pool, &mut HashMap::new());
    lost(
        first.get(&End::Disabled).copied().unwrap_or(0.0),
        first.get(&End::Instant).copied().unwrap_or(0.0),
        "fell_at.1",
        &mut put,
    );
    let mut won_first = 0.0;
    let mut memo = HashMap::new();
    for (end, p) in &first {
        let End::Won(v, h) = *end else { continue };
        won_first += p;
        let rested = if rest {
            short_rest(v, 2)
        } else {
            vec![(v, 2, 1.0)]
        };
        for (w, dice, q) in rested {
            let second = fight(w, h, WOLF, WOLF.pool, &mut memo);
            for (end2, r) in &second {
                let pq = p * q * r;
                put("dice", pq * f64::from(dice));
                match *end2 {
                    End::Won(v2, h2) => {
                        put("encounter.2.win.party", pq);
                        put("health_left.Ada.mean", pq * h2 as f64);
                        put("vitality_left.Ada.mean", pq * v2 as f64);
                    }
                    End::Disabled => lost(pq, 0.0, "fell_at.2", &mut put),
                    End::Instant => lost(0.0, pq, "fell_at.2", &mut put),
                }
            }
        }
    }
    put("encounter.1.win.party", won_first);
    // A fight lost in the first leaves her dice as they were.
    put("dice", 2.0 * (1.0 - won_first));
    let death = m["death.Ada"];
    m.insert("day.survived", 1.0 - death);
    m.insert("fell_at.none", 1.0 - m["fell_at.1"] - m["fell_at.2"]);
    let dice = m.remove("dice").unwrap();
    m.insert("vitality_dice_left.Ada.mean", dice);
    m
}

#[test]
fn the_saves_recursion_adds_up() {
    let (dead, incapacitated, up) = saves(0, 0, false);
    assert!((dead + incapacitated + up - 1.0).abs() < 1e-12);
    let won: f64 = fight(VITALITY, HEALTH, RAT, RAT.pool, &mut HashMap::new())
        .values()
        .sum();
    assert!((won - 1.0).abs() < 1e-12);
}

#[test]
fn a_two_fight_day_matches_the_exact_recursion_with_and_without_a_short_rest() {
    let n = if cfg!(debug_assertions) {
        20_000
    } else {
        1_000_000
    };
    let mut survived = Vec::new();
    for (rest, seed) in [("none", 3), ("short", 4)] {
        let s = load(&DAY.replace("REST", rest)).unwrap_or_else(|e| panic!("{e}"));
        let LoadedSystem::UnboundLegends(Loaded::Day(day)) = s.system else {
            panic!("not a day");
        };
        let r = rows(day.as_ref(), n, seed);
        let exact = exact(rest == "short");
        for (metric, value) in &exact {
            within(&r[*metric], *value);
        }
        for metric in [
            "day.survived",
            "fell_at.1",
            "fell_at.2",
            "fell_at.none",
            "encounter.1.win.party",
            "encounter.2.win.party",
            "death.Ada",
            "health_left.Ada.mean",
            "vitality_left.Ada.mean",
            "vitality_dice_left.Ada.mean",
        ] {
            assert!(exact.contains_key(metric), "{rest}: {metric}");
        }
        survived.push(exact["day.survived"]);
    }
    // The rest helps.
    assert!(survived[1] > survived[0] + 0.01, "{survived:?}");
}
