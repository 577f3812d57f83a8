//! `oddsmith run`: one scenario (or every grid point of its `[sweep]`) through the shared
//! engine, printed and written with its manifest.

use super::Plan;
use crate::export::manifest::{self, Manifest};
use crate::export::{self, progress::TrialBar, table};
use crate::sim::Progress;
use crate::stats::{Report, SweepReport, distributions, summarize};
use crate::systems::Scenario;
use anyhow::Result;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

/// What a run produced.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// One scenario's report and its notes.
    Single {
        /// The report.
        report: Report,
        /// How the scenario resolves.
        notes: Vec<String>,
    },
    /// A sweep's results.
    Sweep(SweepReport),
}

/// Runs `scenario` by `plan` and writes its files into `out`.
pub fn run(plan: &Plan, scenario: &Scenario, out: &Path) -> Result<Outcome> {
    if let Some(points) = scenario.sweep_points()? {
        return super::sweep::run(plan, scenario, &points, out).map(Outcome::Sweep);
    }
    let notes = scenario.system.notes();
    if plan.exact_only {
        let report = exact_report(scenario);
        print_report(plan, &report, &notes);
        return Ok(Outcome::Single { report, notes });
    }
    let trials = plan.trials(scenario);
    let record = start_manifest(plan, scenario, trials, out)?;
    let bar = TrialBar::new(trials, plan.quiet);
    let start = Instant::now();
    let report = run_scenario(plan, scenario, &bar);
    bar.finish();
    let seconds = start.elapsed().as_secs_f64();
    print_report(plan, &report, &notes);
    plan.throughput("trials", report.trials, seconds);
    let written = export::write_outputs(&report, out)?;
    finish_manifest(
        plan,
        Manifest {
            trials: report.trials,
            ..record
        },
        out,
        written,
    )?;
    Ok(Outcome::Single { report, notes })
}

/// Runs `scenario` (a file or one of its grid points) with the plan's trials, seed,
/// precision and pool, and summarizes it.
pub fn run_scenario(plan: &Plan, scenario: &Scenario, progress: &dyn Progress) -> Report {
    let seed = plan.seed(scenario);
    let system = &scenario.system;
    let tally = plan.pool.run(
        system,
        plan.trials(scenario),
        seed,
        plan.precision,
        progress,
    );
    let layout = system.layout();
    let exact = system.exact();
    Report {
        scenario: scenario.name.clone(),
        system: scenario.system_name.clone(),
        trials: tally.trials(),
        seed,
        metrics: with_bounds(
            summarize(&layout, &tally, exact.as_ref()),
            system.exact_bounds(),
        ),
        distributions: distributions(&layout, &tally),
    }
}

/// Attaches the system's stated bounds to the rows with an exact value (0 where the system
/// states bounds but none for that metric).
fn with_bounds(
    mut rows: Vec<crate::stats::MetricRow>,
    bounds: Option<crate::stats::ExactValues>,
) -> Vec<crate::stats::MetricRow> {
    if let Some(bounds) = bounds {
        for r in rows.iter_mut().filter(|r| r.exact.is_some()) {
            r.exact_bound = Some(bounds.get(&r.metric).copied().unwrap_or(0.0));
        }
    }
    rows
}

/// The exact values alone, in the order a run would report them.
pub fn exact_report(scenario: &Scenario) -> Report {
    let system = &scenario.system;
    let exact = system.exact();
    let layout = system.layout();
    Report {
        scenario: scenario.name.clone(),
        system: scenario.system_name.clone(),
        trials: 0,
        seed: scenario.run.seed,
        metrics: with_bounds(
            summarize(&layout, &layout.tally(), exact.as_ref()),
            system.exact_bounds(),
        ),
        distributions: Vec::new(),
    }
}

/// Writes the manifest of a run that is starting (`finished: false`).
pub(super) fn start_manifest(
    plan: &Plan,
    scenario: &Scenario,
    trials: u64,
    out: &Path,
) -> Result<Manifest> {
    let source = scenario.source();
    let record = Manifest {
        scenario_path: source.path.display().to_string(),
        scenario_hash: manifest::fnv1a_hex(source.text.as_bytes()),
        scenario: scenario.name.clone(),
        seed: plan.seed(scenario),
        trials,
        threads: plan.pool.threads(),
        oddsmith_version: env!("CARGO_PKG_VERSION").to_string(),
        started: manifest::rfc3339(SystemTime::now()),
        ended: None,
        finished: false,
    };
    manifest::write(&record, out)?;
    Ok(record)
}

/// Marks the manifest finished and lists the files written.
pub(super) fn finish_manifest(
    plan: &Plan,
    mut record: Manifest,
    out: &Path,
    mut written: Vec<PathBuf>,
) -> Result<()> {
    record.ended = Some(manifest::rfc3339(SystemTime::now()));
    record.finished = true;
    written.push(manifest::write(&record, out)?);
    plan.wrote(&written);
    Ok(())
}

/// Prints a run's report: JSON with its headlines, or the tables (bold headlines on a
/// terminal).
fn print_report(plan: &Plan, report: &Report, notes: &[String]) {
    if plan.silent {
        return;
    }
    if plan.json {
        println!("{}", export::json::to_json(report));
    } else {
        print!("{}", table::render(report, notes, plan.colour));
    }
}

/// Prints `results` as pretty JSON when `json`, else the text `table` makes.
pub fn print_results<T: serde::Serialize>(json: bool, results: &T, table: impl FnOnce() -> String) {
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(results).expect("results always serialize")
        );
    } else {
        print!("{}", table());
    }
}
