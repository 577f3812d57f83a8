//! Invisible Sun action rolls: exact values against hand-derived closed forms, and sampled
//! estimates within 4.5 standard errors of exact for several configurations.

use super::*;
use crate::sim;
use crate::systems::Scenario;

fn exact(roll: &ActionRoll) -> ExactValues {
    roll.exact().expect("action rolls always have exact values")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn needed_and_resolution_follow_the_venture() {
    assert_eq!(ActionRoll::new(6, 3, 1, 2).resolution, Resolution::Roll(3));
    assert_eq!(
        ActionRoll::new(4, 4, 0, 1).resolution,
        Resolution::Automatic
    );
    assert_eq!(
        ActionRoll::new(5, 9, 0, 1).resolution,
        Resolution::Automatic
    );
    assert_eq!(
        ActionRoll::new(0, -3, 0, 1).resolution,
        Resolution::Automatic
    );
    assert_eq!(
        ActionRoll::new(13, 3, 0, 1).resolution,
        Resolution::Impossible
    );
    assert_eq!(ActionRoll::new(12, 3, 0, 1).resolution, Resolution::Roll(9));
    // Two successes with one die: never, however easy.
    assert_eq!(
        ActionRoll::new(1, 5, 0, 2).resolution,
        Resolution::Impossible
    );
}

#[test]
fn single_die_is_a_tenth_per_face() {
    // needed n on one d10 (0–9): P = (10 − n)/10, and no magic die means no flux.
    for n in 1..=9 {
        let e = exact(&ActionRoll::new(n, 0, 0, 1));
        assert!(close(e["success"], (10 - n) as f64 / 10.0));
        assert_eq!(e["flux"], 0.0);
    }
}

#[test]
fn warded_door_closed_form() {
    // Challenge 6, venture 3 → needed 3, p = 0.7 per die; two dice, two successes needed.
    let e = exact(&ActionRoll::new(6, 3, 1, 2));
    assert!(close(e["success"], 0.49));
    assert!(close(e["flux"], 0.1));
    assert_eq!(e["multi_flux"], 0.0);
    // A flux die shows 0 and so fails: two successes and a flux cannot coexist.
    assert!(close(e["success_with_flux"], 0.0));
    assert!(close(e["successes.0"], 0.09));
    assert!(close(e["successes.1"], 0.42));
    assert!(close(e["successes.2"], 0.49));
    assert!(close(e["successes.mean"], 1.4));
}

#[test]
fn three_magic_dice_closed_form() {
    // needed 5 (p = 0.5), one mundane + three magic dice, one success needed.
    let e = exact(&ActionRoll::new(5, 0, 3, 1));
    assert!(close(e["success"], 1.0 - 0.5f64.powi(4)));
    assert!(close(e["flux"], 1.0 - 0.9f64.powi(3)));
    assert!(close(
        e["multi_flux"],
        1.0 - 0.9f64.powi(3) - 3.0 * 0.1 * 0.81
    ));
    // Success with flux = P(flux) − P(flux and every die fails):
    // all four fail with at least one magic 0 = 0.5 · (0.5³ − 0.4³).
    let fail_with_flux = 0.5 * (0.5f64.powi(3) - 0.4f64.powi(3));
    assert!(close(e["success_with_flux"], e["flux"] - fail_with_flux));
    let total: f64 = (0..=4).map(|k| e[&format!("successes.{k}")]).sum();
    assert!(close(total, 1.0));
}

#[test]
fn fixed_outcomes_have_exact_zero_or_one() {
    let e = exact(&ActionRoll::new(3, 5, 2, 1));
    assert_eq!((e["success"], e["flux"]), (1.0, 0.0));
    let e = exact(&ActionRoll::new(17, 0, 2, 1));
    assert_eq!((e["success"], e["flux"]), (0.0, 0.0));
}

/// Runs `roll` for `n` trials and checks every metric with an exact value is within 4.5
/// standard errors of it.
fn assert_sampled_matches_exact(roll: &ActionRoll, n: u64, seed: u64) {
    let tally = sim::run(roll, n, seed, &sim::NoProgress);
    let exact = exact(roll);
    let rows = oddsmith_core::stats::summarize(roll.layout(), &tally, Some(&exact));
    assert!(!rows.is_empty());
    for row in rows {
        let ex = row
            .exact
            .expect("every action-roll metric has an exact value");
        let se = if row.metric.ends_with(".mean") {
            // Mean successes: variance ≤ dice² / 4.
            let dice = f64::from(roll.magic_dice + 1);
            dice / 2.0 / (n as f64).sqrt()
        } else {
            (ex * (1.0 - ex) / n as f64).sqrt()
        };
        let tolerance = 4.5 * se;
        assert!(
            (row.estimate - ex).abs() <= tolerance,
            "{}: estimate {} vs exact {ex} (±{tolerance}) for {roll:?}",
            row.metric,
            row.estimate
        );
    }
}

#[test]
fn sampled_estimates_match_exact_values() {
    let n = if cfg!(debug_assertions) {
        200_000
    } else {
        2_000_000
    };
    for (i, roll) in [
        ActionRoll::new(6, 3, 1, 2),
        ActionRoll::new(5, 0, 3, 1),
        ActionRoll::new(9, 1, 2, 2),
        ActionRoll::new(7, 0, 0, 1),
        ActionRoll::new(10, 2, 9, 4),
        ActionRoll::new(2, 5, 1, 1),
    ]
    .iter()
    .enumerate()
    {
        assert_sampled_matches_exact(roll, n, 100 + i as u64);
    }
}

#[test]
fn same_seed_same_numbers_at_any_thread_count() {
    let door = load(&format!(
        "{HEAD}challenge = 6\nskill = 3\nmagic_dice = 1\nsuccesses = 2\n"
    ))
    .unwrap()
    .system;
    let trials = 5 * sim::BATCH_TRIALS + 123;
    let run = |threads, seed| {
        let pool = sim::Pool::new(Some(threads)).unwrap();
        pool.run(&door, trials, seed, None, &sim::NoProgress)
    };
    let one = run(1, 9);
    assert_eq!(one.trials(), trials);
    assert_eq!(one, run(4, 9));
    assert_ne!(one, run(1, 10));
}

fn load(text: &str) -> Result<Scenario, String> {
    Scenario::from_text("t.scenario", text).map_err(|e| e.to_string())
}

const HEAD: &str = "name = \"t\"\nsystem = \"invisible-sun\"\n[check]\n";

#[test]
fn scenario_builds_the_venture_from_its_parts() {
    let s = load(&format!(
        "{HEAD}challenge = 12\nskill = 2\ntools = 1\ncircumstances = 1\nmagic_effects = 2\n\
         hidden_knowledge = 1\nhelp = 1\nbene = 1\nhindrance = 2\nmagic_dice = 2\n"
    ))
    .unwrap();
    let crate::systems::LoadedSystem::InvisibleSun(super::super::Loaded::Check(roll)) = s.system
    else {
        unreachable!()
    };
    assert_eq!(roll.venture, 7);
    assert_eq!(roll.resolution, Resolution::Roll(5));
    assert_eq!((roll.magic_dice, roll.successes), (2, 1));
}

#[test]
fn bad_values_name_line_key_and_what_is_allowed() {
    let cases = [
        (
            "challenge = 18\n",
            "t.scenario:4:13: `check.challenge`: 18 is out of range; allowed: an integer from 0 to 17",
        ),
        (
            "challenge = 5\nskill = -1\n",
            "t.scenario:5:9: `check.skill`: -1 is out of range",
        ),
        (
            "challenge = 5\nbene = 2\n",
            "t.scenario:5:8: `check.bene`: 2 bene is more than the 1 allowed",
        ),
        (
            "challenge = 5\nbene = -1\n",
            "t.scenario:5:8: `check.bene`: -1 is out of range; allowed: 0 or 1; up to 99 with `expansive_endeavor = true`",
        ),
        (
            "challenge = 5\nbene = 100\nexpansive_endeavor = true\n",
            "t.scenario:5:8: `check.bene`: 100 is out of range",
        ),
        (
            "challenge = 5\nsuccesses = 0\n",
            "t.scenario:5:13: `check.successes`: 0 is out of range; allowed: an integer from 1 to 10",
        ),
        (
            "challenge = 5\nmagic_dice = 10\n",
            "`check.magic_dice`: 10 is out of range",
        ),
        (
            "chalenge = 5\n",
            "t.scenario:4:1: `check.chalenge`: unknown field `chalenge`",
        ),
        (
            "challenge = \"5\"\n",
            "t.scenario:4:13: `check.challenge`: expected an integer, found the string \"5\"",
        ),
        (
            "challenge = 5\nexpansive_endeavor = 1\n",
            "`check.expansive_endeavor`: expected true or false, found the integer 1",
        ),
    ];
    for (body, expected) in cases {
        let err = load(&format!("{HEAD}{body}")).unwrap_err();
        assert!(
            err.contains(expected),
            "for {body:?}:\n{err}\nexpected: {expected}"
        );
    }
    assert!(
        load(&format!(
            "{HEAD}challenge = 5\nbene = 3\nexpansive_endeavor = true\n"
        ))
        .is_ok()
    );
    let err = load(
        "name = \"t\"\nsystem = \"invisible-sun\"\n[run]\ntrials = 0\n[check]\nchallenge = 1\n",
    )
    .unwrap_err();
    assert!(
        err.contains("t.scenario:4:10: `run.trials`: 0 is not allowed"),
        "{err}"
    );
    let err = load("name = \"t\"\nsystem = \"invisible-sun\"\n").unwrap_err();
    assert!(err.contains("needs one of [check]"), "{err}");
    let err = load(&format!("{HEAD}skill = 1\n")).unwrap_err();
    assert!(
        err.contains("t.scenario:3:1: `check.challenge`: missing"),
        "{err}"
    );
    let err = load("name = \"t\"\nsystem = \"invisibel-sun\"\n").unwrap_err();
    assert!(err.contains("t.scenario:2:10: `system`: unknown rule system \"invisibel-sun\" (did you mean \"invisible-sun\"?); allowed: \"invisible-sun\""), "{err}");
}
