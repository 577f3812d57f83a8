//! `oddsmith compare A B`: both scenarios on the same random numbers, trial by trial, and
//! each shared rate's difference with its paired 95% interval. An interrupt keeps the first
//! paired batches (the numbers of a run of that many trials), writes them marked partial,
//! and skips the variants not yet started.

use super::interrupt::Watched;
use super::{Plan, file_stem, run::print_results};
use crate::cli::CompareArgs;
use crate::error::UsageError;
use crate::export::progress::TrialBar;
use crate::export::table;
use crate::stats::Partial;
use crate::stats::compare::{CompareReport, paired_difference};
use crate::systems::Scenario;
use anyhow::Result;
use std::path::Path;
use std::time::Instant;

/// Runs the comparison (or one per `[variant.NAME]` of A's file) and writes
/// `compare.csv` and `compare.json`.
pub fn compare(args: &CompareArgs) -> Result<()> {
    let a = Scenario::load_with(&args.a, &args.set.sets)?;
    let plan = Plan::for_compare(args)?;
    match &args.b {
        Some(path) => {
            let b = Scenario::load_with(path, &args.set.sets)?;
            let dir =
                plan.out_dir(|| format!("compare_{}_vs_{}", file_stem(&args.a), file_stem(path)));
            compare_pair(&plan, &a, &b, &dir)
        }
        None => {
            let variants = a.variants()?;
            if variants.is_empty() {
                return Err(UsageError(format!(
                    "give scenario B, or add [variant.NAME] tables to {}",
                    args.a.display()
                ))
                .into());
            }
            let mut skipped = Vec::new();
            for (variant, mut b) in variants {
                if super::interrupt::requested() {
                    skipped.push(variant.label);
                    continue;
                }
                b.name = format!("{} [{}]", a.name, variant.label);
                let dir = plan.out_subdir(&variant.label, || {
                    format!("compare_{}_{}", file_stem(&args.a), variant.label)
                });
                compare_pair(&plan, &a, &b, &dir)?;
            }
            if !skipped.is_empty() {
                eprintln!("not compared (interrupted): {}", skipped.join(", "));
            }
            Ok(())
        }
    }
}

/// Compares `a` with `b` and writes the files into `dir`.
fn compare_pair(plan: &Plan, a: &Scenario, b: &Scenario, dir: &Path) -> Result<()> {
    let layout_b = b.system.layout();
    let names_b: Vec<&str> = layout_b.counter_names().collect();
    let layout_a = a.system.layout();
    let pairs: Vec<(usize, usize, String)> = layout_a
        .counter_names()
        .enumerate()
        .filter_map(|(ia, name)| {
            names_b
                .iter()
                .position(|n| *n == name)
                .map(|ib| (ia, ib, name.to_string()))
        })
        .collect();
    if pairs.is_empty() {
        return Err(UsageError(format!(
            "\"{}\" and \"{}\" share no metric to compare",
            a.name, b.name
        ))
        .into());
    }
    let trials = plan.trials(a);
    let seed = plan.seed(a);
    let index_pairs: Vec<(usize, usize)> = pairs.iter().map(|(x, y, _)| (*x, *y)).collect();
    let bar = TrialBar::new(trials, plan.quiet);
    let watched = Watched {
        bar: &bar,
        checkpoint: None,
    };
    let start = Instant::now();
    let paired = plan
        .pool
        .run_paired(&a.system, &b.system, &index_pairs, trials, seed, &watched);
    bar.finish();
    let seconds = start.elapsed().as_secs_f64();
    // An interrupt leaves the first batches: the numbers of a run of that many trials.
    let done = paired.trials;
    let report = CompareReport {
        a: a.name.clone(),
        b: b.name.clone(),
        trials: done,
        seed,
        metrics: pairs
            .iter()
            .zip(&paired.joints)
            .map(|((_, _, name), j)| paired_difference(name, j.a_only, j.b_only, j.both, done))
            .collect(),
        partial: (done < trials).then(|| Partial {
            trials_requested: trials,
            missing_points: Vec::new(),
        }),
    };
    print_results(plan.json, &report, || table::render_compare(&report));
    plan.throughput("paired trials", done, seconds);
    plan.wrote(&crate::export::compare::write(&report, dir)?);
    Ok(())
}
