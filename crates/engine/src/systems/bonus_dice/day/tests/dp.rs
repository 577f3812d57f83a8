//! A day small enough to solve exactly: a hero against a rat, then a bigger rat, with no
//! rest or a short one between, solved by a dynamic programme over the hero's carried
//! Durability and Health written here from the rules (002:12, 002:17, 002:51–54, 002:75,
//! 002:28, 002:52–53), not from the simulator's code; the day's estimates at 10⁶ days
//! (2·10⁴ in debug builds) within 4.5 standard errors of exact.
//!
//! Everyone has one action and never Dodges; no bonus dice to hit or to damage, so an attack
//! hits on a d20 above Guard 15 (1 in 4) for a d4 (a feeble weapon, no Armor Rank), whether
//! Wounded or not. Initiative is a d20 each, a tie shuffled: the hero goes first half the
//! time. The fight ends the moment one falls into Shock; a rat (Stamina 0) dies, and so does
//! the hero, with nobody to tend it. The hero's Durability is 0 exactly when it is Wounded:
//! the short rest fills it unless Wounded (002:52–53), then the hero, its own medic, makes
//! one Medicine check VS 20 with its one bonus die stepped down by its Wound (a bursting d8,
//! 002:53, 002:55) and on a success restores 1d10 Durability (002:28), ending Wounded.

use super::day;
use crate::testing::{rows, within};
use std::collections::HashMap;

/// The day, with `rest` before the second encounter.
fn text(rest: &str) -> String {
    format!(
        r#"
[day]
gap_minutes = 0
[[combatant]]
name = "hero"
side = "party"
actions = 1
dodge_policy = "never"
weapon_die = "d4"
durability = {HERO_D}
health = {HERO_H}
vigor = 10
stamina = 5
medicine = {{ bonus_dice = 1 }}
[[creature]]
name = "Rat"
actions = 1
dodge_policy = "never"
weapon_die = "d4"
vigor = 10
stamina = 0
durability = {RAT_D}
health = {RAT_H}
[[day.encounter]]
name = "Rat"
foes = ["Rat"]
[[day.encounter]]
name = "Big rat"
rest = "{rest}"
[[day.encounter.foe]]
use = "Rat"
name = "Big rat"
durability = {BIG_D}
health = {BIG_H}
"#
    )
}

const HERO_D: i64 = 5;
const HERO_H: i64 = 3;
const RAT_D: i64 = 1;
const RAT_H: i64 = 2;
const BIG_D: i64 = 2;
const BIG_H: i64 = 3;

/// P(an attack hits): a d20 above 15.
const HIT: f64 = 5.0 / 20.0;

/// (Durability, Health) after `dealt` damage: Durability first, the rest into Health in the
/// same hit (002:51); `None` at 0 Health: Shock (002:75).
fn hurt((d, h): (i64, i64), dealt: i64) -> Option<(i64, i64)> {
    let from_d = dealt.min(d);
    let h = h - (dealt - from_d);
    (h > 0).then_some((d - from_d, h))
}

/// The hero's (Durability, Health) at a won fight's end, with their chances.
type Won = HashMap<(i64, i64), f64>;

/// Round-start states, (hero, rat) as (Durability, Health), with their chances.
type Rounds = HashMap<((i64, i64), (i64, i64)), f64>;

/// The fight of the hero from `hero` against a rat of `rat`: the hero's state after each win,
/// with its chance, and the chance it falls.
fn fight(hero: (i64, i64), rat: (i64, i64)) -> (Won, f64) {
    let mut won: Won = HashMap::new();
    let mut lost = 0.0;
    for hero_first in [true, false] {
        // Round-start states: (hero, rat) → chance.
        let mut now: Rounds = HashMap::from([((hero, rat), 0.5)]);
        while now.values().sum::<f64>() > 1e-16 {
            let mut next: Rounds = HashMap::new();
            for ((h, r), p) in now {
                // One attacker's turn: the chances of (hero, rat, someone fell).
                let strike = |attacker_is_hero: bool, h: (i64, i64), r: (i64, i64)| {
                    let mut out = vec![(h, r, None, 1.0 - HIT)];
                    for dealt in 1..=4 {
                        let q = HIT / 4.0;
                        if attacker_is_hero {
                            match hurt(r, dealt) {
                                Some(r2) => out.push((h, r2, None, q)),
                                None => out.push((h, r, Some(true), q)),
                            }
                        } else {
                            match hurt(h, dealt) {
                                Some(h2) => out.push((h2, r, None, q)),
                                None => out.push((h, r, Some(false), q)),
                            }
                        }
                    }
                    out
                };
                for (h1, r1, end1, p1) in strike(hero_first, h, r) {
                    let p1 = p * p1;
                    match end1 {
                        Some(true) => *won.entry(h1).or_default() += p1,
                        Some(false) => lost += p1,
                        None => {
                            for (h2, r2, end2, p2) in strike(!hero_first, h1, r1) {
                                let p2 = p1 * p2;
                                match end2 {
                                    Some(true) => *won.entry(h2).or_default() += p2,
                                    Some(false) => lost += p2,
                                    None => *next.entry((h2, r2)).or_default() += p2,
                                }
                            }
                        }
                    }
                }
            }
            now = next;
        }
    }
    (won, lost)
}

/// P(d20 + a bursting d8 > 20) (002:55: a die on its maximum adds another, again and again).
fn aid_succeeds() -> f64 {
    // P(a bursting d8 ≥ m).
    fn at_least(m: i64) -> f64 {
        match m {
            ..=1 => 1.0,
            2..=8 => (9 - m) as f64 / 8.0,
            _ => at_least(m - 8) / 8.0,
        }
    }
    (1..=20).map(|a| at_least(21 - a) / 20.0).sum()
}

/// The hero's state after the gap: unchanged, or the short rest and emergency aid.
fn gap(state: (i64, i64), short: bool) -> Vec<((i64, i64), f64)> {
    let (d, h) = state;
    if !short {
        return vec![(state, 1.0)];
    }
    if d > 0 {
        return vec![((HERO_D, h), 1.0)];
    }
    let q = aid_succeeds();
    let mut out = vec![((0, h), 1.0 - q)];
    for k in 1..=10 {
        out.push(((k.min(HERO_D), h), q / 10.0));
    }
    out
}

/// The exact day: (encounter 1 won, encounter 2 won, mean Health left, mean Durability left,
/// P(Wounded at the end)).
fn exact(short: bool) -> [f64; 5] {
    let (first, _) = fight((HERO_D, HERO_H), (RAT_D, RAT_H));
    let won1: f64 = first.values().sum();
    let (mut won2, mut health, mut durability, mut wounded) = (0.0, 0.0, 0.0, 1.0 - won1);
    for (&after1, &p1) in &first {
        for (start2, p) in gap(after1, short) {
            let (second, lost) = fight(start2, (BIG_D, BIG_H));
            wounded += p1 * p * lost;
            for (&(d, h), &p2) in &second {
                let q = p1 * p * p2;
                won2 += q;
                health += q * h as f64;
                durability += q * d as f64;
                wounded += if d == 0 { q } else { 0.0 };
            }
        }
    }
    [won1, won2, health, durability, wounded]
}

#[test]
fn a_two_fight_day_matches_the_dynamic_programme() {
    let n = if cfg!(debug_assertions) {
        20_000
    } else {
        1_000_000
    };
    let [none, short] = [exact(false), exact(true)];
    // The rest matters, and every way the day ends happens often enough to be seen.
    assert!(short[1] > none[1] + 0.05, "{short:?} vs {none:?}");
    for p in [none[0], none[1], short[1]] {
        assert!(p > 0.2 && p < 0.95, "{p}");
    }
    for (rest, [won1, won2, health, durability, wounded], seed) in
        [("none", none, 41), ("short", short, 42)]
    {
        let d = day(&text(rest));
        let r = rows(&d, n, seed);
        within(&r["encounter.1.win.party"], won1);
        within(&r["encounter.1.win.foes"], 1.0 - won1);
        within(&r["encounter.2.reached"], won1);
        within(&r["encounter.2.win.party"], won2);
        within(&r["fell_at.1"], 1.0 - won1);
        within(&r["fell_at.2"], won1 - won2);
        within(&r["fell_at.none"], won2);
        within(&r["day.survived"], won2);
        within(&r["day.cleared"], won2);
        within(&r["death.hero"], 1.0 - won2);
        within(&r["down.hero"], 1.0 - won2);
        within(&r["encounter.1.death.hero"], 1.0 - won1);
        within(&r["encounter.2.death.hero"], won1 - won2);
        within(&r["encounters_won.1"], won1 - won2);
        within(&r["health_left.hero.mean"], health);
        within(&r["durability_left.hero.mean"], durability);
        within(&r["wounded_at_end.hero"], wounded);
    }
}
