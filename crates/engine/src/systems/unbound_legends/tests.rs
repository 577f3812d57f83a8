//! Unbound Legends rolls: exact values against closed forms worked out by hand, sampled
//! estimates within 4.5 standard errors of exact, the seed's passive-skill example, and bad
//! input named by line and key.

use super::attack::{Against, AttackRoll, AttackRules, Defense, DefenseKind, MinorBand};
use super::contest::Contest;
use super::d20::Edge;
use super::group::GroupRoll;
use super::roll::{Check, Roller};
use super::saves::DeathSaves;
use crate::sim;
use crate::systems::{Alone, Scenario, SystemKind, Trial, scenario_text};
use oddsmith_core::stats::{ExactValues, MetricKind, summarize};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn exact_of<S: Trial>(s: &S) -> ExactValues {
    s.exact().expect("every roll has exact values")
}

/// Every reported row of `s` sampled `n` times lies within 4.5 standard errors of its exact
/// value (rates: √(p(1−p)/n); means: their own interval's standard error).
fn sampled_matches_exact<S: Trial>(s: &S, n: u64, seed: u64) {
    let exact = exact_of(s);
    let tally = sim::run(&Alone(s), n, seed, &sim::NoProgress);
    for row in summarize(s.layout(), &tally, Some(&exact)) {
        let Some(e) = row.exact else {
            panic!("{} has no exact value", row.metric)
        };
        let se = match row.kind {
            MetricKind::Rate => (e * (1.0 - e) / n as f64).sqrt(),
            _ => (row.ci_high - row.ci_low) / (2.0 * 1.96),
        };
        assert!(
            (row.estimate - e).abs() <= 4.5 * se + 1e-12,
            "{}: {} vs exact {e} (se {se})",
            row.metric,
            row.estimate
        );
    }
}

fn roller(bonus: i64, edge: Edge, rank: i64) -> Roller {
    Roller {
        bonus,
        edge,
        skill_rank: rank,
    }
}

#[test]
fn the_seeds_passive_perception_is_14() {
    // L34: a 1st-level character with Acuity 2, Trained (rank 1) in Awareness.
    let r = Roller::new(2, 1, 0, 0, 0, 0, false);
    assert_eq!(r.passive(), 14);
    // Always advantage: +5; advantage and disadvantage cancel.
    assert_eq!(Roller::new(2, 1, 0, 0, 1, 0, false).passive(), 19);
    assert_eq!(Roller::new(2, 1, 0, 0, 0, 2, true).passive(), 14);
}

#[test]
fn checks_follow_the_kept_d20() {
    // +5 against 16 needs a d20 of 11: one die 1/2, advantage 1 − (1/2)², disadvantage (1/2)².
    for (edge, p) in [
        (Edge::Normal, 0.5),
        (Edge::Advantage, 0.75),
        (Edge::Disadvantage, 0.25),
    ] {
        let e = exact_of(&Check::new(roller(5, edge, 1), 16, false));
        assert!(close(e["success"], p), "{edge:?}");
    }
    // +20 against 15 always succeeds, unless natural results count: a 1 then fails.
    let plain = exact_of(&Check::new(roller(20, Edge::Normal, 0), 15, false));
    let natural = exact_of(&Check::new(roller(20, Edge::Normal, 0), 15, true));
    assert!(close(plain["success"], 1.0) && close(natural["success"], 0.95));
    // Margin 10: total ≥ 25 needs a 5 or more either way.
    assert!(close(plain["margin_10_or_more"], 0.8) && close(natural["margin_10_or_more"], 0.8));
    // Below the passive 10 + 20 = 30: every roll but a 10 or more.
    assert!(close(plain["active_below_passive"], 0.45));
}

#[test]
fn attacks_against_a_passive_armor() {
    // +5 (rank 1) against 14: 19–20 crit, 9–18 hit, 8 the minor failure, 1–7 miss.
    let a = AttackRoll::new(
        roller(5, Edge::Normal, 1),
        Against::Passive(14),
        AttackRules::default(),
    );
    let e = exact_of(&a);
    for (name, twentieths) in [
        ("crit", 2.0),
        ("hit", 10.0),
        ("minor_failure", 1.0),
        ("miss", 7.0),
        ("hit_or_crit", 12.0),
        ("defender_minor_failure", 0.0),
        ("defender_crit", 0.0),
    ] {
        assert!(close(e[name], twentieths / 20.0), "{name}: {}", e[name]);
    }
    // Read literally (rank − 1 wide), a rank-1 attacker has no band: 8 misses too.
    let literal = AttackRules {
        minor_band: MinorBand::RankMinus1,
        ..AttackRules::default()
    };
    let e = exact_of(&AttackRoll::new(
        roller(5, Edge::Normal, 1),
        Against::Passive(14),
        literal,
    ));
    assert!(close(e["minor_failure"], 0.0) && close(e["miss"], 0.4));
}

fn dodge() -> Defense {
    Defense {
        kind: DefenseKind::Dodge,
        bonus: 8,
        rank: 1,
        edge: Edge::Normal,
    }
}

#[test]
fn attacks_against_a_dodge() {
    // +5 (rank 1) against 8 + 1d6, rank 1. For a defense D (9–14) of the d20's 20 faces:
    // crit d ≥ D + 5 (20 − D − 4 faces), the defender's minor failure d = D − 5, hit
    // D − 4 … D + 4 (9), minor failure d = D − 6, miss the rest (D − 7). Over D = 9…14:
    // crit 27, dmf 6, hit 54, mf 6, miss 27 of 120.
    let a = AttackRoll::new(
        roller(5, Edge::Normal, 1),
        Against::Active(dodge()),
        AttackRules::default(),
    );
    let e = exact_of(&a);
    for (name, of_120) in [
        ("crit", 27.0),
        ("defender_minor_failure", 6.0),
        ("hit", 54.0),
        ("minor_failure", 6.0),
        ("miss", 27.0),
        ("hit_or_crit", 87.0),
        ("defender_crit", 0.0),
    ] {
        assert!(close(e[name], of_120 / 120.0), "{name}: {}", e[name]);
    }
    let five: f64 = [
        "crit",
        "hit",
        "defender_minor_failure",
        "minor_failure",
        "miss",
    ]
    .iter()
    .map(|n| e[*n])
    .sum();
    assert!(close(five, 1.0));
    sampled_matches_exact(&a, 400_000, 21);
}

#[test]
fn a_parry_can_crit_back() {
    // +0 (rank 0) against a parry of 10 + 1d20 (rank 0). Only a natural 20 (20 of 400
    // pairs) crits; a d20 of 10 + p … 19 hits (45 pairs); every miss with p ≥ d is the
    // defender's critical: Σ_{p=1..19} p + 19 = 209 of 400.
    let parry = Defense {
        kind: DefenseKind::Parry,
        bonus: 10,
        rank: 0,
        edge: Edge::Normal,
    };
    let a = AttackRoll::new(
        roller(0, Edge::Normal, 0),
        Against::Active(parry),
        AttackRules::default(),
    );
    let e = exact_of(&a);
    assert!(close(e["crit"], 20.0 / 400.0));
    assert!(close(e["hit"], 45.0 / 400.0));
    assert!(close(e["miss"], 335.0 / 400.0));
    assert!(close(e["defender_crit"], 209.0 / 400.0));
    sampled_matches_exact(&a, 400_000, 22);
}

#[test]
fn defense_advantage_keeps_the_better_roll() {
    // Dodge with advantage: the higher of two d6s, P(k) = (2k − 1)/36.
    let d = Defense {
        edge: Edge::Advantage,
        ..dodge()
    };
    let dist = d.distribution();
    assert_eq!(d.outcomes(), 36);
    let expected: Vec<(i64, u64)> = (1..=6).map(|k| (8 + k, (2 * k - 1) as u64)).collect();
    assert_eq!(dist, expected);
    let worse = Defense {
        edge: Edge::Disadvantage,
        kind: DefenseKind::Dodge2,
        ..dodge()
    };
    let total: u64 = worse.distribution().iter().map(|(_, w)| w).sum();
    assert_eq!(total, worse.outcomes());
    let a = AttackRoll::new(
        roller(5, Edge::Advantage, 2),
        Against::Active(worse),
        AttackRules::default(),
    );
    sampled_matches_exact(&a, 400_000, 23);
}

/// The chance of each end of death saves from (successes, failures), by a recursion over
/// one save at a time: (death, stable by 20, stable by three successes, incapacitated).
fn saves_by_recursion(s: u32, f: u32, inc: bool, modifier: i64) -> [f64; 4] {
    let mut out = [0.0; 4];
    for d in 1..=20i64 {
        let p = 1.0 / 20.0;
        if d == 20 {
            out[1] += p;
            out[3] += p * f64::from(u8::from(inc));
            continue;
        }
        let (s2, f2) = match d {
            1 => (s, f + 2),
            d if d + modifier >= 10 => (s + 1, f),
            _ => (s, f + 1),
        };
        let inc2 = inc || f2 >= 2;
        if f2 >= 3 {
            out[0] += p;
            out[3] += p;
        } else if s2 >= 3 {
            out[2] += p;
            out[3] += p * f64::from(u8::from(inc2));
        } else {
            let rest = saves_by_recursion(s2, f2, inc2, modifier);
            for (o, r) in out.iter_mut().zip(rest) {
                *o += p * r;
            }
        }
    }
    out
}

#[test]
fn death_saves_match_a_recursion_one_save_at_a_time() {
    for modifier in [0, 2, -3] {
        let s = DeathSaves::new(modifier);
        let e = exact_of(&s);
        let [death, by_20, by_three, inc] = saves_by_recursion(0, 0, false, modifier);
        assert!((e["death"] - death).abs() < 1e-12, "{modifier}");
        assert!((e["stable"] - (by_20 + by_three)).abs() < 1e-12);
        assert!((e["stable_natural_20"] - by_20).abs() < 1e-12);
        assert!((e["incapacitated"] - inc).abs() < 1e-12);
        assert!(close(e["death"] + e["stable"], 1.0));
        sampled_matches_exact(&s, 300_000, 30u64.wrapping_add_signed(modifier));
    }
    // A first save: 1/20 stabilises at once, so at least that.
    assert!(exact_of(&DeathSaves::new(0))["stable_natural_20"] > 0.05);
}

#[test]
fn contests_and_their_ties() {
    let even = [
        ("a".to_string(), roller(0, Edge::Normal, 0)),
        ("b".to_string(), roller(0, Edge::Normal, 0)),
    ];
    let e = exact_of(&Contest::new(even.clone(), None));
    assert!(close(e["tie"], 0.05) && close(e["win.a"], 0.475) && close(e["win.b"], 0.475));
    let e = exact_of(&Contest::new(even, Some(0)));
    assert!(close(e["win.a"], 0.525) && close(e["tie"], 0.05));
    // +1 for a: a wins when b ≤ a (210 of 400), ties when b = a + 1 (19).
    let c = Contest::new(
        [
            ("a".into(), roller(1, Edge::Normal, 0)),
            ("b".into(), roller(0, Edge::Normal, 0)),
        ],
        None,
    );
    let e = exact_of(&c);
    assert!(close(e["win.a"], 210.0 / 400.0) && close(e["tie"], 19.0 / 400.0));
    assert!(close(e["win.b"], 171.0 / 400.0));
    sampled_matches_exact(&c, 400_000, 40);
}

#[test]
fn group_rolls_count_members() {
    // Members at 1/4, 1/2 and 3/4 against 16; at least half (2): P = 1/2.
    let members = vec![
        ("low".to_string(), roller(0, Edge::Normal, 0)),
        ("mid".to_string(), roller(5, Edge::Normal, 0)),
        ("high".to_string(), roller(10, Edge::Normal, 0)),
    ];
    let g = GroupRoll::new(members, 16, 2);
    let e = exact_of(&g);
    assert!(close(e["group_success"], 0.5));
    assert!(close(e["successes.2"], 0.40625) && close(e["successes.3"], 0.09375));
    assert!(close(e["successes.mean"], 1.5));
    assert!(close(e["success.high"], 0.75));
    sampled_matches_exact(&g, 400_000, 50);
}

fn load(body: &str) -> Result<Scenario, String> {
    let text = scenario_text(SystemKind::UnboundLegends, body);
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

#[test]
fn scenarios_build_every_roll() {
    let ok = [
        "[check]\nattribute = 2\nskill_rank = 1\nboost = 1\ntarget = 16\nhelp = true\n",
        "[check]\nroll = \"attack\"\nattribute = 3\ntarget = 13\n",
        "[check]\nroll = \"attack\"\n[check.defense]\nkind = \"block\"\nbonus = 5\nrank = 1\n",
        "[check]\nroll = \"death_saves\"\nmodifier = 1\n",
        "[contest]\nstatus_quo = \"door\"\n[[contest.side]]\nname = \"ogre\"\nattribute = 4\n\
         [[contest.side]]\nname = \"door\"\nattribute = 2\nskill_rank = 1\n",
        "[group]\ntarget = 12\n[[group.member]]\nname = \"a\"\n[[group.member]]\nname = \"b\"\n",
        "[rules]\ncrit_margin = 8\n[check]\nroll = \"attack\"\ntarget = 12\n",
    ];
    for body in ok {
        load(body).unwrap_or_else(|e| panic!("{body}\n{e}"));
    }
}

#[test]
fn bad_rolls_name_line_and_key() {
    for (body, expected) in [
        (
            "[check]\nskill_rank = 5\ntarget = 10\n",
            "t.scenario:4:14: `check.skill_rank`: 5 is out of range; allowed: an integer from 0 to 4",
        ),
        (
            "[check]\nroll = \"skil\"\ntarget = 10\n",
            "`check.roll`: \"skil\" is not allowed (did you mean \"skill\"?); allowed: \"skill\", \"attack\", \"death_saves\"",
        ),
        ("[check]\nattribute = 1\n", "`check.target`: missing"),
        (
            "[check]\nroll = \"attack\"\n[check.defense]\nkind = \"shield\"\n",
            "`check.defense.kind`: \"shield\" is not allowed",
        ),
        (
            "[check]\nroll = \"death_saves\"\ntarget = 10\n",
            "`check.target`: death saves take only `modifier`",
        ),
        (
            "[contest]\n[[contest.side]]\nname = \"a\"\n",
            "`contest.side`: 1 side(s); a contest has exactly two",
        ),
        (
            "[group]\ntarget = 10\nrequired = 3\n[[group.member]]\nname = \"a\"\n",
            "`group.required`: allowed: \"half\" (at least half: 1) or a count from 1 to 1",
        ),
        (
            "[check]\ntarget = 10\n[contest]\n",
            "`contest`: a scenario describes one thing",
        ),
    ] {
        let err = load(body).unwrap_err();
        assert!(
            err.contains(expected),
            "{body}\n{err}\nexpected: {expected}"
        );
    }
}
