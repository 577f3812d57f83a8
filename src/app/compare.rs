//! `oddsmith compare A B`: both scenarios on the same random numbers, trial by trial, and
//! each shared rate's difference with its paired 95% interval.

use super::file_stem;
use crate::cli::CompareArgs;
use crate::error::UsageError;
use crate::export::progress::TrialBar;
use crate::scenario::Scenario;
use crate::scenario::sweep::variants;
use crate::sim::paired::run_paired;
use crate::stats::compare::{CompareReport, paired_difference};
use crate::with_system;
use anyhow::{Context, Result};
use std::fmt::Write;
use std::path::Path;
use std::time::Instant;

/// Runs the comparison (or one per `[variant.NAME]` of A's file) and writes
/// `compare.csv` and `compare.json`.
pub fn compare(args: CompareArgs) -> Result<()> {
    let a = Scenario::load(&args.a)?;
    super::check_counts(args.common.trials, args.common.threads)?;
    match &args.b {
        Some(path) => {
            let b = Scenario::load(path)?;
            let dir = args.out.clone().unwrap_or_else(|| {
                Path::new("reports").join(format!(
                    "compare_{}_vs_{}",
                    file_stem(&args.a),
                    file_stem(path)
                ))
            });
            compare_pair(&a, &b, &args, &dir)
        }
        None => {
            let variants = variants(&a.source)?;
            if variants.is_empty() {
                return Err(UsageError(format!(
                    "give scenario B, or add [variant.NAME] tables to {}",
                    args.a.display()
                ))
                .into());
            }
            for (variant, mut b) in variants {
                b.name = format!("{} [{}]", a.name, variant.label);
                let dir = match &args.out {
                    Some(out) => out.join(&variant.label),
                    None => Path::new("reports").join(format!(
                        "compare_{}_{}",
                        file_stem(&args.a),
                        variant.label
                    )),
                };
                compare_pair(&a, &b, &args, &dir)?;
            }
            Ok(())
        }
    }
}

/// Compares `a` with `b` and writes the files into `dir`.
fn compare_pair(a: &Scenario, b: &Scenario, args: &CompareArgs, dir: &Path) -> Result<()> {
    let names_b: Vec<&str> = b.system.layout().counter_names().collect();
    let pairs: Vec<(usize, usize, String)> = a
        .system
        .layout()
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
    let trials = args.common.trials.unwrap_or(a.run.trials);
    let seed = args.common.seed.unwrap_or(a.run.seed);
    let index_pairs: Vec<(usize, usize)> = pairs.iter().map(|(x, y, _)| (*x, *y)).collect();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.common.threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    let bar = TrialBar::new(trials, args.common.quiet);
    let start = Instant::now();
    let paired = pool.install(|| {
        with_system!(&a.system, sa => with_system!(&b.system, sb => {
            run_paired(sa, sb, &index_pairs, trials, seed, &bar)
        }))
    });
    bar.finish();
    if !args.common.quiet {
        let s = start.elapsed().as_secs_f64();
        eprintln!(
            "throughput: {trials} paired trials in {s:.3} s = {:.0} trials/s on {} threads",
            trials as f64 / s.max(1e-9),
            pool.current_num_threads()
        );
    }
    let report = CompareReport {
        a: a.name.clone(),
        b: b.name.clone(),
        trials,
        seed,
        metrics: pairs
            .iter()
            .zip(&paired.joints)
            .map(|((_, _, name), j)| paired_difference(name, j.a_only, j.b_only, j.both, trials))
            .collect(),
    };
    super::print_results(args.common.json, &report, || render(&report));
    for path in crate::export::compare::write(&report, dir)? {
        if !args.common.quiet {
            eprintln!("wrote {}", path.display());
        }
    }
    Ok(())
}

fn render(r: &CompareReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "A: {}\nB: {}\n{} paired trials, seed {} (same random numbers for both)",
        r.a, r.b, r.trials, r.seed
    );
    let header = ["metric", "A", "B", "B − A", "95% interval of B − A", ""];
    let rows: Vec<Vec<String>> = r
        .metrics
        .iter()
        .map(|m| {
            vec![
                m.metric.clone(),
                format!("{:.6}", m.a),
                format!("{:.6}", m.b),
                format!("{:+.6}", m.difference),
                format!("[{:+.6}, {:+.6}]", m.ci_low, m.ci_high),
                if m.significant {
                    "*".into()
                } else {
                    String::new()
                },
            ]
        })
        .collect();
    out.push_str(&crate::export::table::aligned(&header, &rows, 0));
    let _ = writeln!(out, "* the interval excludes 0: B differs from A");
    out
}
