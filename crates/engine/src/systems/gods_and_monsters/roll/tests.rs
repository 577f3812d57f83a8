//! Rolls: targets against hand-worked modifiers, mojo bids against closed forms, sampled
//! estimates within 4.5 standard errors of exact, and validation messages.

use super::*;
use crate::sim;
use crate::systems::LoadedSystem;
use crate::systems::Scenario;

fn load(body: &str) -> Result<Scenario, String> {
    let text = format!("name = \"t\"\nsystem = \"gods-and-monsters\"\n[check]\n{body}");
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

fn check(body: &str) -> RollCheck {
    match load(body).unwrap().system {
        LoadedSystem::GodsAndMonsters(super::super::Loaded::Roll(r)) => r,
        other => panic!("{other:?}"),
    }
}

#[test]
fn targets_apply_every_modifier() {
    assert_eq!(check("score = 10\ndifficulty = \"easy\"").target, 12);
    assert_eq!(
        check("score = 10\ndifficulty = \"Practically Impossible\"").target,
        -6
    );
    assert_eq!(check("score = 10\ndifficulty = \"difficult\"").target, 10);
    assert_eq!(check("score = 10\nobstacle_size = 8").target, 7);
    assert_eq!(check("score = 10\nobstacle_size = 3.9").target, 9);
    assert_eq!(check("score = 10\nobstacle_size = 1024").target, 0);
    assert_eq!(check("score = 10\ncareful = 2\ninjuries = 3").target, 9);
    assert_eq!(check("score = 10\nbonus = 2\npenalty = 1").target, 11);
    assert_eq!(check("score = 10\ngroup_size = 5").target, 12);
    // The seed's historians: 17 and 17 → median 17, a group of 2 → +1 = 18.
    assert_eq!(check("group_scores = [17, 17]").target, 18);
    // Median 16.5 (15 and 18) + 1 rounds down to 17.
    assert_eq!(check("group_scores = [15, 18]").target, 17);
    // The herbalist: wisdom 15, field bonus +2, three patients (obstacle size 3, −1).
    assert_eq!(check("score = 15\nbonus = 2\nobstacle_size = 3").target, 16);
}

#[test]
fn exact_values_follow_the_d20() {
    let e = RollCheck::new(12, 0).exact().unwrap();
    assert_eq!(e["success"], 12.0 / 20.0);
    assert_eq!(e["mojo_used"], 0.0);
    assert_eq!(RollCheck::new(-3, 0).exact().unwrap()["success"], 0.0);
    assert_eq!(RollCheck::new(25, 0).exact().unwrap()["success"], 1.0);
}

#[test]
fn mojo_bids_spend_only_what_is_needed() {
    // Score 10 with 3 mojo: rolls 11, 12, 13 are turned for 1, 2, 3 mojo.
    let e = RollCheck::new(10, 3).exact().unwrap();
    assert_eq!(e["success"], 13.0 / 20.0);
    assert_eq!(e["success_unaided"], 10.0 / 20.0);
    assert_eq!(e["mojo_used"], 3.0 / 20.0);
    for k in 1..=3 {
        assert_eq!(e[&format!("mojo_spent.{k}")], 1.0 / 20.0);
    }
    assert_eq!(e["mojo_spent.0"], 17.0 / 20.0);
    assert!((e["mojo_spent.mean"] - 6.0 / 20.0).abs() < 1e-12);
    assert!((e["experience.mean"] - 50.0 * 6.0 / 20.0).abs() < 1e-12);
    assert_eq!(e["experience.median"], 0.0);
    // 17/20 spend nothing, so the 90th percentile is the 18th of 20 rolls: 1 mojo.
    assert_eq!(e["experience.p90"], 50.0);
    assert_eq!(e["experience.p99"], 150.0);
    // Every bucket is reported, sampled or not: 0 to 3 mojo.
    let rows = oddsmith_core::stats::summarize(
        RollCheck::new(10, 3).layout(),
        &RollCheck::new(10, 3).layout().tally(),
        Some(&e),
    );
    let buckets = rows
        .iter()
        .filter(|r| r.metric.starts_with("mojo_spent."))
        .count();
    assert_eq!(buckets, 5, "mojo_spent.0..=3 and .mean");
}

#[test]
fn sampled_rolls_match_exact() {
    let n = if cfg!(debug_assertions) {
        200_000
    } else {
        2_000_000
    };
    for (i, roll) in [
        RollCheck::new(10, 3),
        RollCheck::new(4, 20),
        RollCheck::new(17, 0),
    ]
    .iter()
    .enumerate()
    {
        let tally = sim::run(
            &crate::systems::Alone(roll),
            n,
            40 + i as u64,
            &sim::NoProgress,
        );
        let exact = roll.exact().unwrap();
        for row in oddsmith_core::stats::summarize(roll.layout(), &tally, Some(&exact)) {
            let Some(ex) = row.exact else { continue };
            let se = if row.metric.starts_with("experience") || row.metric.ends_with(".mean") {
                // Spent mojo is at most 20 (experience 1000): sd ≤ half the range.
                let range = if row.metric.starts_with("experience") {
                    1000.0
                } else {
                    20.0
                };
                range / 2.0 / (n as f64).sqrt()
            } else {
                (ex * (1.0 - ex) / n as f64).sqrt()
            };
            if row.metric.ends_with("median") || row.metric.contains(".p") {
                // A quantile sitting on a jump of the distribution flips between the two
                // sides of it from seed to seed; its rank interval must hold the exact value.
                assert!(
                    row.ci_low <= ex && ex <= row.ci_high,
                    "{}: {row:?} vs {ex}",
                    row.metric
                );
            } else {
                assert!(
                    (row.estimate - ex).abs() <= 4.5 * se,
                    "{}: {} vs {ex}",
                    row.metric,
                    row.estimate
                );
            }
        }
    }
}

#[test]
fn bad_rolls_name_line_and_key() {
    for (body, expected) in [
        (
            "score = 10\ndifficulty = \"hard\"",
            "t.scenario:5:14: `check.difficulty`: \"hard\" is not allowed; allowed: \"normal\", \"easy\"",
        ),
        (
            "score = 10\nmojo = 3",
            "t.scenario:5:8: `check.mojo`: mojo may be bid only on archetypal rolls",
        ),
        (
            "score = 10\nobstacle_size = 0",
            "t.scenario:5:17: `check.obstacle_size`: 0 is out of range; allowed: a number from 1 to 1000000000",
        ),
        (
            "score = 41",
            "t.scenario:4:9: `check.score`: 41 is out of range; allowed: an integer from 0 to 40",
        ),
        ("bonus = 2", "`check.score`: missing"),
        (
            "group_scores = [12, 41]",
            "t.scenario:4:16: `check.group_scores`: give one or more scores; allowed: a list of \
             one or more numbers from 0 to 40",
        ),
        (
            "score = 10\ncareful = 3",
            "`check.careful`: 3 is out of range; allowed: an integer from 0 to 2",
        ),
        (
            "score = 10\nname = \"x\"",
            "t.scenario:5:1: `check.name`: unknown field `name`, expected one of `score`",
        ),
        ("score = 10\nluck = 1", "unknown field `luck`"),
    ] {
        let err = load(body).unwrap_err();
        assert!(
            err.contains(expected),
            "{body:?}:\n{err}\nexpected: {expected}"
        );
    }
    assert!(load("score = 10\narchetypal = true\nmojo = 3").is_ok());
    // The book's difficulty words in any case.
    assert!(load("score = 10\ndifficulty = \"A Snap \"").is_ok());
}
