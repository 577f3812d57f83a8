//! Seeded conflicts checked against exact values worked out here from the rules
//! (004_803a11f5ee1b6e60.txt), never from the engine's own code: two 1-vs-1 duels by dynamic
//! programming (a weapon that reloads; mojo bid on attacks, with the mean mojo spent), and
//! one-round fights by counting d20 and damage faces (a death contest with and without mojo,
//! knockout blows on a surprised target, a shot into close combat and its strays). Every
//! estimate must lie within 4.5 standard errors of its exact value, with a fixed seed.

use super::super::super::rules::{ConflictRules, DeathContest, MojoKind, MojoOn};
use super::super::*;
use super::duelist;
use super::rules::target;
use crate::combat::Foes;
use crate::sim;
use crate::systems::RuleSystem;
use oddsmith_core::stats::{MetricRow, summarize};
use std::collections::HashMap;

/// Trials per sampled check: about 10⁶ in release, fewer in a debug build.
fn trials() -> u64 {
    if cfg!(debug_assertions) {
        100_000
    } else {
        1_000_000
    }
}

/// Plays `trials()` seeded fights of `fighters` on sides `a`, `b`, … and summarizes them.
fn sample(fighters: Vec<Fighter>, rounds: u32, rules: ConflictRules, seed: u64) -> Vec<MetricRow> {
    let sides = (0..=fighters.iter().map(|f| f.side).max().unwrap())
        .map(|s| char::from(b'a' + s as u8).to_string())
        .collect();
    let conflict = Conflict::new(fighters, sides, rounds, rules);
    let tally = sim::run(&conflict, trials(), seed, &sim::NoProgress);
    summarize(conflict.layout(), &tally, None)
}

fn estimate(rows: &[MetricRow], metric: &str) -> f64 {
    rows.iter()
        .find(|r| r.metric == metric)
        .unwrap_or_else(|| panic!("no metric {metric}"))
        .estimate
}

/// A sampled mean (a rate is the mean of a 0/1 count) within 4.5 standard errors of `exact`,
/// the standard error from the exact variance.
fn assert_near(rows: &[MetricRow], metric: &str, exact: f64, variance: f64) {
    let sampled = estimate(rows, metric);
    let se = (variance.max(0.0) / trials() as f64).sqrt();
    assert!(
        (sampled - exact).abs() <= 4.5 * se + 1e-12,
        "{metric}: sampled {sampled} vs exact {exact} (4.5 se = {})",
        4.5 * se
    );
}

fn assert_rate(rows: &[MetricRow], metric: &str, p: f64) {
    assert_near(rows, metric, p, p * (1.0 - p));
}

/// 1 if `b`, else 0: a probability's weight on an event.
fn one(b: bool) -> f64 {
    f64::from(u8::from(b))
}

/// P(d20 ≤ `needed`).
fn face(needed: i64) -> f64 {
    needed.clamp(0, 20) as f64 / 20.0
}

/// One side of a DP duel: points until down (consciousness always fails), its number to hit
/// (768: d20 ≤ 11 + attack − defense), its damage die, and its weapon's cadence and mojo.
#[derive(Clone, Copy)]
struct Duelist {
    pool: i64,
    needed: i64,
    die: i64,
    /// Rounds it readies after firing (788–790: fire actions − 1 in close combat).
    reload: i64,
    mojo: i64,
    reserve: i64,
}

impl Duelist {
    fn plain(pool: i64, needed: i64, die: i64) -> Self {
        Self {
            pool,
            needed,
            die,
            reload: 0,
            mojo: 0,
            reserve: 0,
        }
    }

    /// One round's attack from readiness `wait` and mojo `mojo`: (damage, wait after, mojo
    /// after, probability).
    fn volley(&self, wait: i64, mojo: i64) -> Vec<(i64, i64, i64, f64)> {
        if wait > 0 {
            // 788: a round spent readying the weapon.
            return vec![(0, wait - 1, mojo, 1.0)];
        }
        let mut out = Vec::new();
        for roll in 1..=20 {
            // 976–977: a failed roll may be turned by bidding exactly the miss, if the pool
            // less the reserve covers it; otherwise nothing is spent.
            let miss = roll - self.needed;
            let (hit, left) = if miss <= 0 {
                (true, mojo)
            } else if mojo - self.reserve >= miss {
                (true, mojo - miss)
            } else {
                (false, mojo)
            };
            if hit {
                for d in 1..=self.die {
                    out.push((d, self.reload, left, 1.0 / 20.0 / self.die as f64));
                }
            } else {
                out.push((0, self.reload, left, 1.0 / 20.0));
            }
        }
        out
    }
}

/// Exact duel outcome: (win A, win B, draw, stalemate) and the first two moments of the mojo
/// A spends, by dynamic programming over (A's points, B's points, each weapon's readiness,
/// each pool of mojo). Both attack at once each round (762); a side at 0 points is down at
/// the round's end.
fn duel_dp(a: Duelist, b: Duelist, rounds: u32) -> ([f64; 4], f64, f64) {
    type Key = (i64, i64, i64, i64, i64, i64);
    let mut mass: HashMap<Key, f64> = HashMap::new();
    mass.insert((a.pool, b.pool, 0, 0, a.mojo, b.mojo), 1.0);
    let mut endings = [0.0; 4];
    let (mut spent, mut spent_sq) = (0.0, 0.0);
    let mut end = |slot: usize, left: i64, p: f64, endings: &mut [f64; 4]| {
        endings[slot] += p;
        let s = (a.mojo - left) as f64;
        spent += p * s;
        spent_sq += p * s * s;
    };
    for _ in 0..rounds {
        let mut next: HashMap<Key, f64> = HashMap::new();
        for (&(x, y, wa, wb, ma, mb), &m) in &mass {
            for &(hit_b, wa2, ma2, pa) in &a.volley(wa, ma) {
                for &(hit_a, wb2, mb2, pb) in &b.volley(wb, mb) {
                    let (nx, ny) = ((x - hit_a).max(0), (y - hit_b).max(0));
                    let p = m * pa * pb;
                    match (nx == 0, ny == 0) {
                        (false, true) => end(0, ma2, p, &mut endings),
                        (true, false) => end(1, ma2, p, &mut endings),
                        (true, true) => end(2, ma2, p, &mut endings),
                        (false, false) => {
                            *next.entry((nx, ny, wa2, wb2, ma2, mb2)).or_default() += p;
                        }
                    }
                }
            }
        }
        mass = next;
    }
    for (&(.., ma, _), &p) in &mass {
        end(3, ma, p, &mut endings);
    }
    (endings, spent, spent_sq)
}

fn check_endings(rows: &[MetricRow], exact: [f64; 4]) {
    // A million-odd positive terms summed in f64: rounding of about 1e-12 (a rational
    // re-computation of the mojo duel agrees to that).
    let total: f64 = exact.iter().sum();
    assert!((total - 1.0).abs() < 1e-9, "{exact:?} sums to {total}");
    assert!(exact.iter().all(|&p| p > 0.01), "{exact:?}");
    for (metric, p) in ["win.a", "win.b", "draw", "stalemate"].iter().zip(exact) {
        assert_rate(rows, metric, p);
    }
}

/// The exact walk of the fight of `fighters` ([`crate::combat::exact`]).
fn walked(
    fighters: Vec<Fighter>,
    rounds: u32,
    rules: ConflictRules,
) -> oddsmith_core::stats::ExactValues {
    let sides = (0..=fighters.iter().map(|f| f.side).max().unwrap())
        .map(|s| char::from(b'a' + s as u8).to_string())
        .collect();
    let conflict = Conflict::new(fighters, sides, rounds, rules);
    let limits = crate::combat::exact::Limits {
        work: u64::MAX,
        ..crate::combat::exact::Limits::DEFAULT
    };
    let w = crate::combat::exact::walk(&conflict, &limits).expect("a duel walks");
    eprintln!(
        "walk: {} paths, {} states at most, {} ended, {:.3} s",
        w.paths, w.most_states, w.ended, w.seconds
    );
    w.values
}

/// The walk's endings equal the dynamic programme's to 1e-9.
fn check_walk(walked: &oddsmith_core::stats::ExactValues, exact: [f64; 4]) {
    for (metric, p) in ["win.a", "win.b", "draw", "stalemate"].iter().zip(exact) {
        let w = walked[*metric];
        assert!((w - p).abs() < 1e-9, "{metric}: walked {w}, DP {p}");
    }
}

#[test]
fn a_reloading_duel_matches_dynamic_programming() {
    // A: 10 points, hits on 11 + 2 = 13 for d10, with two fire actions in close combat: it
    // fires, readies a round, fires again (788–790). B: 12 points, hits on 11 for d6, every
    // round. Five rounds.
    let mut a = duelist("A", 0, 10, 0, 2, "d10");
    a.attacks = vec![Attack::melee("d10".parse().unwrap(), 0).readied(2, true, true)];
    let b = duelist("B", 1, 12, 0, 0, "d6");
    let rows = sample(vec![a.clone(), b.clone()], 5, ConflictRules::default(), 101);
    let reloading = Duelist {
        reload: 1,
        ..Duelist::plain(10, 13, 10)
    };
    let (exact, ..) = duel_dp(reloading, Duelist::plain(12, 11, 6), 5);
    check_endings(&rows, exact);
    check_walk(&walked(vec![a, b], 5, ConflictRules::default()), exact);
}

#[test]
fn a_duel_bidding_mojo_on_attacks_matches_dynamic_programming() {
    // A: 8 points, hits on 11 for d6, bids on attack rolls from 7 mojo keeping 1 in reserve
    // (976–977). B: 10 points, hits on 11 + 1 = 12 for d6. Six rounds.
    let mut a = duelist("A", 0, 8, 0, 0, "d6");
    a.mojo = 7;
    a.mojo_reserve = 1;
    a.mojo_on = MojoOn(MojoKind::Attack.bit());
    let b = duelist("B", 1, 10, 0, 1, "d6");
    let rows = sample(vec![a.clone(), b.clone()], 6, ConflictRules::default(), 102);
    let bidder = Duelist {
        mojo: 7,
        reserve: 1,
        ..Duelist::plain(8, 11, 6)
    };
    let (exact, mean, mean_sq) = duel_dp(bidder, Duelist::plain(10, 12, 6), 6);
    check_endings(&rows, exact);
    let w = walked(vec![a, b], 6, ConflictRules::default());
    check_walk(&w, exact);
    let spent = w["mojo_spent.A.mean"];
    assert!(
        (spent - mean).abs() < 1e-9,
        "mojo spent: walked {spent}, DP {mean}"
    );
    assert!(mean > 1.0, "mojo is spent: {mean}");
    assert_near(&rows, "mojo_spent.A.mean", mean, mean_sq - mean * mean);
    // No death bids: A bids on attacks only.
    assert_eq!(estimate(&rows, "mojo_saved.A"), 0.0);
}

/// A death contest (613–617): the injuries act with d20 ≤ `injuries`, the character resists
/// with d20 ≤ `endurance` (its target after penalties and bonuses); dying when the injuries
/// succeed and it fails. A lost endurance roll facing a successful injuries' roll may be
/// turned by bidding the miss from `mojo` (617: death rolls are archetypal; 976–977). With
/// [`DeathContest::Contest`] both succeeding (a bid counts as a success) roll again (724).
/// Returns (mojo spent, dying, probability) outcomes.
fn death_exact(
    injuries: i64,
    endurance: i64,
    mojo: i64,
    mode: DeathContest,
) -> Vec<(i64, bool, f64)> {
    assert!(injuries < 20, "728's doubling is not modelled");
    let p_acts = face(injuries);
    // In a contest, both succeeding without a bid repeats the exchange as it was: condition
    // on leaving it (the 1000-exchange cap cuts off at most (p_acts·q)^1000 < 10⁻³⁰⁰).
    let (stay, norm) = match mode {
        DeathContest::Single => (0.0, 1.0),
        DeathContest::Contest => {
            let stay = p_acts * face(endurance);
            (stay, 1.0 / (1.0 - stay))
        }
    };
    let mut out = vec![(
        0,
        false,
        (1.0 - p_acts + p_acts * face(endurance) - stay) * norm,
    )];
    for roll in (endurance + 1).max(1)..=20 {
        let p = p_acts / 20.0 * norm;
        let miss = roll - endurance;
        if miss <= mojo {
            match mode {
                DeathContest::Single => out.push((miss, false, p)),
                DeathContest::Contest => {
                    for (s, dying, q) in death_exact(injuries, endurance, mojo - miss, mode) {
                        out.push((s + miss, dying, p * q));
                    }
                }
            }
        } else {
            out.push((0, true, p));
        }
    }
    out
}

/// A fighter hurt in a one-round fight: survival (no verve), the better of willpower and
/// fortitude, endurance and a pool of mojo bid on death rolls only.
#[derive(Clone, Copy)]
struct Hurt {
    survival: i64,
    will: i64,
    endurance: i64,
    mojo: i64,
    mode: DeathContest,
}

/// Exact end-of-round rates of one fighter.
#[derive(Debug, Default)]
struct Fate {
    unconscious: f64,
    dying: f64,
    dead: f64,
    /// Unconscious or dying (`down.NAME`).
    down: f64,
    /// Unable to act: unconscious or dead (its side is out when nobody else stands).
    out: f64,
    saved: f64,
    spent: f64,
    spent_sq: f64,
    /// Dying and not dead, by (injuries, conscious): the aftermath's patients.
    patients: Vec<(i64, bool, f64)>,
}

impl Hurt {
    /// The fate of this fighter taking `damage` (total, probability) in a round.
    fn fate(&self, damage: &[(i64, f64)]) -> Fate {
        let mut f = Fate::default();
        for &(total, p) in damage {
            // 605: dropping to 0 survival or gaining injuries calls for a roll.
            if total < self.survival {
                continue;
            }
            let injuries = total - self.survival;
            // 605, 762: after both sides act, d20 ≤ the better of fortitude and willpower
            // less the injuries; failing, unconscious at the end of the round.
            let stays = face(self.will - injuries);
            for (conscious, pc) in [(true, stays), (false, 1.0 - stays)] {
                let p = p * pc;
                f.unconscious += p * one(!conscious);
                if injuries == 0 {
                    // 613: injuries must exceed survival (0) for a time to die.
                    f.down += p * one(!conscious);
                    f.out += p * one(!conscious);
                    continue;
                }
                // 613: the endurance roll at −injuries; 617: +2 while unconscious.
                let endurance = self.endurance - injuries + 2 * i64::from(!conscious);
                for (s, dying, q) in death_exact(injuries, endurance, self.mojo, self.mode) {
                    let p = p * q;
                    // 615: death after endurance − injuries minutes; none left, now.
                    let dead = dying && self.endurance - injuries <= 0;
                    if dying && !dead {
                        f.patients.push((injuries, conscious, p));
                    }
                    f.dying += p * one(dying);
                    f.dead += p * one(dead);
                    f.down += p * one(dying || !conscious);
                    f.out += p * one(dead || !conscious);
                    f.saved += p * one(s > 0);
                    f.spent += p * s as f64;
                    f.spent_sq += p * (s * s) as f64;
                }
            }
        }
        f
    }
}

/// `chance` of a uniform roll of `die` plus `plus`, and the rest of the time no damage.
fn uniform_damage(chance: f64, die: i64, plus: i64) -> Vec<(i64, f64)> {
    let mut d = vec![(0, 1.0 - chance)];
    d.extend((1..=die).map(|k| (k + plus, chance / die as f64)));
    d
}

#[test]
fn a_death_contest_with_and_without_mojo_counts_out_exactly() {
    // A hits T (defense 0) on 11 + 3 = 14 for d10 + 2; T has 2 survival, so 1–10 injuries.
    // At the round's end T rolls d20 ≤ 9 − injuries to stay conscious, then the death contest
    // at endurance 8 − injuries (+2 unconscious). Mojo 5 (a reserve of 3, not kept back on
    // death rolls), single exchange and re-rolled contest.
    let damage = uniform_damage(face(14), 10, 2);
    let mut dying = Vec::new();
    for (seed, mojo, mode) in [
        (201, 0, DeathContest::Single),
        (202, 5, DeathContest::Single),
        (203, 5, DeathContest::Contest),
    ] {
        let mut t = target("T", 1, 2);
        (t.willpower, t.fortitude, t.endurance) = (9, 5, 8);
        (t.mojo, t.mojo_reserve) = (mojo, 3);
        let rules = ConflictRules {
            death_contest: mode,
            ..ConflictRules::default()
        };
        let rows = sample(vec![duelist("A", 0, 20, 0, 3, "d10+2"), t], 1, rules, seed);
        let hurt = Hurt {
            survival: 2,
            will: 9,
            endurance: 8,
            mojo,
            mode,
        };
        let f = hurt.fate(&damage);
        assert!(f.dying > 0.02 && f.dead > 0.005, "{f:?}");
        assert_rate(&rows, "death.T", f.dying);
        assert_rate(&rows, "dead_in_fight.T", f.dead);
        assert_rate(&rows, "dying.T", f.dying - f.dead);
        assert_eq!(estimate(&rows, "saved.T"), 0.0);
        assert_rate(&rows, "unconscious.T", f.unconscious);
        assert_rate(&rows, "down.T", f.down);
        assert_rate(&rows, "win.a", f.out);
        if mojo > 0 {
            assert!(f.saved > 0.02, "{f:?}");
            assert_rate(&rows, "mojo_saved.T", f.saved);
            assert_near(
                &rows,
                "mojo_spent.T.mean",
                f.spent,
                f.spent_sq - f.spent * f.spent,
            );
        }
        dying.push(f.dying);
    }
    // Mojo saves lives; a re-rolled contest takes back some of what it saved.
    assert!(dying[1] < dying[0] && dying[1] < dying[2], "{dying:?}");
}

/// Whether a patient with `injuries` and `nights` of rest lives: `heal` injuries healed at
/// once (615: none left cancels death), then each night d20 ≤ `health` − injuries removes one
/// (565, 601).
fn lives(injuries: i64, heal: i64, nights: i64, health: i64) -> f64 {
    let left = injuries - heal;
    if left <= 0 {
        return 1.0;
    }
    if nights == 0 {
        return 0.0;
    }
    let p = face(health - left);
    p * lives(left - 1, 0, nights - 1, health) + (1.0 - p) * lives(left, 0, nights - 1, health)
}

#[test]
fn the_aftermath_of_a_death_contest_counts_out_exactly() {
    // The fight of the test above without mojo, T too hurt to fight on while dying, so A wins
    // in round 1 and tends its dying prisoner (foes = "tend"); endurance 20, so death comes
    // after 20 − injuries minutes (615), and every dying T lives until the aftermath. Left
    // alone T dies; healing aid of 3 injuries saves up to 3; with 1 and rest, the hours left
    // (minutes become hours, 20 − injuries) give ⌊(20 − injuries) / 8⌋ nightly health rolls
    // at health 16 − injuries.
    let damage = uniform_damage(face(14), 10, 2);
    let hurt = Hurt {
        survival: 2,
        will: 9,
        endurance: 20,
        mojo: 0,
        mode: DeathContest::Single,
    };
    let f = hurt.fate(&damage);
    assert!(f.dead == 0.0 && f.dying > 0.05, "{f:?}");
    for (seed, foes, heal, rest) in [
        (211, Foes::Leave, 3, false),
        (212, Foes::Tend, 3, false),
        (213, Foes::Tend, 1, true),
    ] {
        let mut t = target("T", 1, 2);
        (t.willpower, t.fortitude, t.endurance) = (9, 5, 20);
        t.fights_while_dying = false;
        t.health = Some(16);
        let fighters = vec![duelist("A", 0, 20, 0, 3, "d10+2"), t];
        let mut conflict = Conflict::new(
            fighters,
            vec!["a".into(), "b".into()],
            1,
            ConflictRules::default(),
        );
        conflict.bout.care.foes = foes;
        conflict.aftermath = Aftermath {
            heal_injuries: heal,
            rest,
        };
        let tally = sim::run(&conflict, trials(), seed, &sim::NoProgress);
        let rows = summarize(conflict.layout(), &tally, None);
        let saved: f64 = match foes {
            Foes::Leave => 0.0,
            _ => (f.patients.iter())
                .map(|&(injuries, _, p)| {
                    let nights = if rest { (20 - injuries) / 8 } else { 0 };
                    p * lives(injuries, heal, nights, 16)
                })
                .sum(),
        };
        assert_rate(&rows, "dying.T", f.dying);
        assert_rate(&rows, "saved.T", saved);
        assert_rate(&rows, "death.T", f.dying - saved);
        assert_rate(&rows, "any_death.b", f.dying - saved);
        assert_eq!(estimate(&rows, "dead_in_fight.T"), 0.0);
        // The exact walk ends each fight as the aftermath reads it: the dying's injuries
        // and, with rest, their hours left, kept in an ended state ([`Walk::exact_settle`]).
        let w = crate::combat::exact::walk(&conflict, &crate::combat::exact::Limits::DEFAULT)
            .expect("a duel walks")
            .values;
        for (metric, p) in [
            ("dying.T", f.dying),
            ("saved.T", saved),
            ("death.T", f.dying - saved),
        ] {
            assert!(
                (w[metric] - p).abs() < 1e-9,
                "{metric}: walked {} exact {p}",
                w[metric]
            );
        }
    }
}

#[test]
fn knockout_blows_on_a_surprised_target_count_out_exactly() {
    // A (attack 1, d4) and the warrior W (attack 2, d6) ambush T (defense 1, perception 8,
    // evasion 6, head protection 3, willpower 12, 30 survival): T is surprised on a d20 over 8
    // (752). Both attacks at a surprised foe are knockout blows (874): called shots at −3
    // (806), so A needs 11 + 1 − 1 − 3 = 8 and W 9; with `surprised_are_unaware` T, still
    // surprised in round 1, is also unaware: +4 (866). A hit lets T roll evasion + 3 (874);
    // failing, one point of A's damage (two of a warrior's, 878: min(d6, 2)) goes to injuries,
    // and at the round's end T rolls d20 ≤ 12 − injuries or falls unconscious (605, 762).
    // Not surprised, T takes at most 10 of its 30 survival: no roll at all.
    let fighters = || {
        let mut a = duelist("A", 0, 20, 0, 1, "d4");
        a.surprises = true;
        a.knockout_blows = true;
        let mut w = duelist("W", 0, 20, 0, 2, "d6");
        w.knockout_blows = true;
        w.warrior = true;
        let mut t = target("T", 1, 30);
        t.defense = 1;
        t.perception = 8;
        t.evasion = Some(6);
        t.head_protection = 3;
        t.willpower = 12;
        vec![a, w, t]
    };
    for (seed, unaware) in [(301, false), (302, true)] {
        let bonus = if unaware { 4 } else { 0 };
        let (hit_a, hit_w) = (face(8 + bonus), face(9 + bonus));
        // A's blow resolves first (scenario order; called shots first, 808), and its injury
        // is a penalty on T's later evasion roll against W (601: injuries penalize reaction
        // rolls).
        let mut unconscious = 0.0;
        for (k_a, p_a) in [
            (0, 1.0 - hit_a * (1.0 - face(9))),
            (1, hit_a * (1.0 - face(9))),
        ] {
            let knocked = hit_w * (1.0 - face(9 - k_a));
            for (k_w, p_w) in [
                (0, 1.0 - knocked),
                (1, knocked / 6.0),
                (2, knocked * 5.0 / 6.0),
            ] {
                let injuries = k_a + k_w;
                if injuries > 0 {
                    unconscious += p_a * p_w * (1.0 - face(12 - injuries));
                }
            }
        }
        unconscious *= 1.0 - face(8);
        let rules = ConflictRules {
            surprised_are_unaware: unaware,
            ..ConflictRules::default()
        };
        let rows = sample(fighters(), 1, rules, seed);
        assert!(unconscious > 0.05, "{unconscious}");
        assert_rate(&rows, "unconscious.T", unconscious);
        assert_rate(&rows, "down.T", unconscious);
        assert_rate(&rows, "win.a", unconscious);
        assert_rate(&rows, "death.T", 0.0);
    }
}

#[test]
fn a_shot_into_close_combat_and_its_strays_count_out_exactly() {
    // S (attack 1, d8), out of close combat, shoots B. In close combat with B are C and D (of
    // S's side) and F (B's side): four standing there give strong cover against the shot
    // (780), +1 for non-warriors, +2 for the warrior D (817). E, of S's side, stands out of
    // close combat. Nobody else attacks; one round.
    let mut s = target("S", 0, 20);
    s.attack = 1;
    s.close_combat = false;
    s.target = Targeting::Named(1);
    s.attacks = vec![Attack::melee("d8".parse().unwrap(), 0)];
    s.attacks[0].ranged = true;
    let close = |name: &str, side: usize, survival: i64, defense: i64, evasion: i64, will: i64| {
        let mut f = target(name, side, survival);
        f.defense = defense;
        f.evasion = Some(evasion);
        f.willpower = will;
        f.fortitude = 2;
        f
    };
    let b = close("B", 1, 4, 2, 5, 8);
    let c = close("C", 0, 3, 1, 6, 6);
    let mut d = close("D", 0, 6, 2, 4, 10);
    d.warrior = true;
    let mut e = target("E", 0, 1);
    e.close_combat = false;
    let f = close("F", 1, 1, 0, 0, 0);
    let rows = sample(vec![s, b, c, d, e, f], 1, ConflictRules::default(), 401);

    // 768: d20 ≤ 11 + attack − defense, less the crowd's cover (780, 817).
    let (need_b, need_c, need_d) = (11 + 1 - 2 - 1, 11 + 1 - 1 - 1, 11 + 1 - 2 - 2);
    let (mut hurt_b, mut hurt_c, mut hurt_d) = (0.0, 0.0, 0.0);
    for roll in 1..=20 {
        let p = 1.0 / 20.0;
        if roll <= need_b {
            hurt_b += p;
            // 782: each foe of B beside it whom the same d20 would have hit rolls evasion or
            // takes the same damage.
            if roll <= need_c {
                hurt_c += p * (1.0 - face(6));
            }
            if roll <= need_d {
                hurt_d += p * (1.0 - face(4));
            }
        } else {
            // 784: on a miss one of them at random rolls evasion + defense or is hit (a fresh
            // damage roll).
            hurt_c += p / 2.0 * (1.0 - face(6 + 1));
            hurt_d += p / 2.0 * (1.0 - face(4 + 2));
        }
    }
    let fate = |chance: f64, survival: i64, will: i64| {
        Hurt {
            survival,
            will,
            endurance: 10,
            mojo: 0,
            mode: DeathContest::Single,
        }
        .fate(&uniform_damage(chance, 8, 0))
    };
    for (name, f) in [
        ("B", fate(hurt_b, 4, 8)),
        ("C", fate(hurt_c, 3, 6)),
        ("D", fate(hurt_d, 6, 10)),
    ] {
        assert!(f.down > 0.05, "{name}: {f:?}");
        assert_rate(&rows, &format!("unconscious.{name}"), f.unconscious);
        assert_rate(&rows, &format!("death.{name}"), f.dying);
        assert_rate(&rows, &format!("down.{name}"), f.down);
    }
    // Nothing reaches E, out of close combat, or F, on B's own side.
    for name in ["E", "F"] {
        assert_eq!(estimate(&rows, &format!("down.{name}")), 0.0, "{name}");
    }
}
