//! A paired run's A side is the plain run of A, for every shipped scenario (checks, fights,
//! hazards, days); a scenario paired with itself differs in no trial; B's side keeps B's
//! own distribution (within 4.5 standard errors of its exact values), whether the tape
//! holds generator outputs or dice.

use super::*;
use crate::sim::{NoProgress, Pool};
use crate::systems::Scenario;
use crate::testing::{every_shipped, shipped};
use std::path::Path;

fn load(path: &Path, sets: &[&str]) -> Scenario {
    let sets: Vec<String> = sets.iter().map(|s| s.to_string()).collect();
    Scenario::load_with(path, &sets).unwrap()
}

/// Every counter paired with its namesake.
fn all_pairs(s: &Scenario) -> Vec<(usize, usize)> {
    (0..s.system.layout().counter_names().count())
        .map(|i| (i, i))
        .collect()
}

fn paired(pool: &Pool, a: &Scenario, b: &Scenario, trials: u64, seed: u64) -> PairedTally {
    pool.run_paired(
        &a.system,
        &b.system,
        &all_pairs(a),
        trials,
        seed,
        &NoProgress,
    )
}

#[test]
fn a_is_the_plain_run_and_a_scenario_paired_with_itself_never_differs() {
    let pool = Pool::new(Some(2)).unwrap();
    for path in every_shipped() {
        let s = load(&path, &[]);
        // Two batches for a check and a fight, part of one for the rest.
        let stem = path.file_stem().unwrap().to_string_lossy().into_owned();
        let trials = match stem.as_str() {
            "warded_door" | "yeti" => BATCH_TRIALS + 1000,
            _ => 1500,
        };
        let plain = pool.run(&s.system, trials, 7, None, &NoProgress);
        let p = paired(&pool, &s, &s, trials, 7);
        assert_eq!(p.trials, trials, "{stem}");
        assert!(p.a == plain, "{stem}: A's tally is not the plain run's");
        assert!(
            p.b == plain,
            "{stem}: B, the same scenario, drew other numbers"
        );
        for j in &p.joints {
            assert_eq!((j.a_only, j.b_only), (0, 0), "{stem}");
        }
    }
}

/// B's counters against B's exact values, B paired with A on `trials` trials.
fn assert_b_matches_exact(stem: &str, set: &str, trials: u64) {
    let path = shipped(stem);
    let (a, b) = (load(&path, &[]), load(&path, &[set]));
    let pool = Pool::new(Some(2)).unwrap();
    let p = paired(&pool, &a, &b, trials, 11);
    let exact = b.system.exact().unwrap();
    let layout = b.system.layout();
    let mut checked = 0;
    for (i, name) in layout.counter_names().enumerate() {
        let Some(&e) = exact.get(name) else { continue };
        let rate = p.b.counters()[i] as f64 / trials as f64;
        let se = (e * (1.0 - e) / trials as f64).sqrt().max(1e-9);
        assert!(
            (rate - e).abs() <= 4.5 * se,
            "{stem} with {set}: {name} {rate} vs exact {e} (se {se})"
        );
        checked += 1;
    }
    assert!(checked >= 2, "{stem}: only {checked} exact rates");
    // The change moved something, and the pairing shows it.
    assert!(p.joints.iter().any(|j| j.a_only + j.b_only > 0));
}

#[test]
fn b_keeps_its_own_distribution_on_a_tape_of_generator_outputs() {
    assert_b_matches_exact("warded_door", "check.magic_dice=2", 300_000);
}

#[test]
fn b_keeps_its_own_distribution_on_a_tape_of_dice() {
    // A fall's batch keeps its dice streams from trial to trial: the tape holds dice.
    assert_b_matches_exact("thief_climb_fall", "fall.climb.bonus=3", 300_000);
}
