//! `oddsmith compare A B`: both scenarios on the same random numbers, trial by trial, and
//! each shared rate's difference with its paired 95% interval, read like `run` (percentages,
//! exact values, a headline per headline rate). A runs exactly as `run` runs it, so its
//! numbers are `run`'s with the same seed and trials. Without B, the file's base scenario
//! with each `[variant.NAME]`, side by side in one table, `variants.csv` and a chart. An
//! interrupt keeps the first paired batches (the numbers of a run of that many trials),
//! writes them marked partial, and skips the variants not yet started.

use super::interrupt::Watched;
use super::{Plan, file_stem, run::print_results};
use crate::cli::CompareArgs;
use crate::error::UsageError;
use crate::export::comparison::render_compare;
use crate::export::progress::TrialBar;
use crate::export::variants::{render_variants, write_variants};
use crate::stats::compare::{CompareReport, VariantResult, VariantsReport, paired_difference};
use crate::stats::{Partial, Report};
use crate::systems::Scenario;
use anyhow::Result;
use std::time::Instant;

/// Runs the comparison (or the file's base with each of its `[variant.NAME]`s) and writes
/// `compare.csv` and `compare.json` (per variant; and `variants.csv`, `.png`, `.svg`).
pub fn compare(args: &CompareArgs) -> Result<()> {
    let a = Scenario::load_with(&args.a, &args.set.sets)?;
    let plan = Plan::for_compare(args)?;
    let Some(path) = &args.b else {
        return compare_variants(&plan, &a, args);
    };
    let b = Scenario::load_with(path, &args.set.sets)?;
    let dir = plan.out_dir(|| format!("compare_{}_vs_{}", file_stem(&args.a), file_stem(path)));
    let pair = compare_pair(&plan, &a, &b)?;
    print_results(plan.json, &pair.compare, || {
        render_compare(&pair.compare, &pair.a, &pair.b, plan.colour)
    });
    plan.wrote(&crate::export::compare::write(&pair.compare, &dir)?);
    Ok(())
}

/// The base of `args.a` with each of its variants: one comparison each (written into the
/// variant's folder; with `--json`, printed together as one array), then the side by side.
fn compare_variants(plan: &Plan, a: &Scenario, args: &CompareArgs) -> Result<()> {
    if a.variants()?.is_empty() {
        return Err(UsageError(format!(
            "give scenario B, or add [variant.NAME] tables to {}",
            args.a.display()
        ))
        .into());
    }
    // With `--json`, one array of every variant's comparison, in the file's order.
    let printed = std::cell::RefCell::new(Vec::new());
    let Some(side_by_side) = variants(plan, a, &|label, pair| {
        if plan.json {
            printed.borrow_mut().push(pair.compare.clone());
        }
        let label = crate::stats::summary::file_part(label);
        let dir = plan.out_subdir(&label, || format!("compare_{}_{label}", file_stem(&args.a)));
        plan.wrote(&crate::export::compare::write(&pair.compare, &dir)?);
        Ok(())
    })?
    else {
        // Interrupted before the first variant: nothing to show (the skipped are named).
        return Ok(());
    };
    if plan.json {
        print_results(true, &printed.into_inner(), String::new);
    } else {
        print!("{}", render_variants(&side_by_side, plan.colour));
    }
    let dir = plan.out_dir(|| format!("compare_{}", file_stem(&args.a)));
    plan.wrote(&write_variants(&side_by_side, &dir)?);
    Ok(())
}

/// The base `a` paired with each of its `[variant.NAME]`s in turn, `each(label, pair)` told
/// of each; `None` when the file has no variants or an interrupt came before the first.
/// Variants not started before an interrupt are left out (and named on stderr).
pub(super) fn variants(
    plan: &Plan,
    a: &Scenario,
    each: &dyn Fn(&str, &Pair) -> Result<()>,
) -> Result<Option<VariantsReport>> {
    let found = a.variants()?;
    if found.is_empty() {
        return Ok(None);
    }
    let mut done: Vec<VariantResult> = Vec::new();
    let mut base = None;
    let mut skipped = Vec::new();
    for (variant, mut b) in found {
        if super::interrupt::requested() {
            skipped.push(variant.label);
            continue;
        }
        b.name = format!("{} [{}]", a.name, variant.label);
        let pair = compare_pair(plan, a, &b)?;
        each(&variant.label, &pair)?;
        base.get_or_insert_with(|| pair.a.clone());
        done.push(VariantResult {
            label: variant.label,
            report: pair.b,
            compare: pair.compare,
        });
    }
    if !skipped.is_empty() {
        eprintln!("not compared (interrupted): {}", skipped.join(", "));
    }
    let Some(base) = base else {
        return Ok(None);
    };
    Ok(Some(VariantsReport {
        scenario: a.name.clone(),
        system: a.system_name.clone(),
        trials: base.trials,
        seed: base.seed,
        base,
        variants: done,
    }))
}

/// A comparison, and both sides' runs as `run` reports them (A's is `run`'s).
pub(super) struct Pair {
    /// The comparison.
    pub compare: CompareReport,
    /// A's run.
    pub a: Report,
    /// B's run (its numbers those of the paired trials).
    pub b: Report,
}

/// Runs `a` and `b` paired, by `plan`.
fn compare_pair(plan: &Plan, a: &Scenario, b: &Scenario) -> Result<Pair> {
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
    plan.throughput("paired trials", paired.trials, seconds);
    // An interrupt leaves the first batches: the numbers of a run of that many trials.
    let done = paired.trials;
    let report_a = super::run::report_of(plan, a, &paired.a);
    // B ran on A's seed, whatever its own file says.
    let report_b = Report {
        seed,
        ..super::run::report_of(plan, b, &paired.b)
    };
    let exact = |r: &Report, name: &str| r.metrics.iter().find(|m| m.metric == name)?.exact;
    let compare = CompareReport {
        a: a.name.clone(),
        b: b.name.clone(),
        trials: done,
        seed,
        metrics: pairs
            .iter()
            .zip(&paired.joints)
            .map(|((_, _, name), j)| {
                paired_difference(name, j.a_only, j.b_only, j.both, done)
                    .with_exact(exact(&report_a, name), exact(&report_b, name))
            })
            .collect(),
        partial: (done < trials).then(|| Partial {
            trials_requested: trials,
            missing_points: Vec::new(),
        }),
    };
    Ok(Pair {
        compare,
        a: report_a,
        b: report_b,
    })
}
