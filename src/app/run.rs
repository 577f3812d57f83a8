//! `oddsmith run`: one scenario (or every grid point of its `[sweep]`) through the shared
//! engine, printed and written with its manifest.

use super::Plan;
use super::interrupt::{self, Checkpointer, Watched};
use crate::export::manifest::{self, Manifest};
use crate::export::{self, progress::TrialBar, table};
use crate::sim::{BATCH_TRIALS, Progress, Start};
use crate::stats::{
    ExactValues, Note, Partial, Report, SweepReport, Tally, distributions, summarize,
};
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
        notes: Vec<Note>,
    },
    /// A sweep's results.
    Sweep(SweepReport),
}

/// Runs `scenario` by `plan` and writes its files into `out`.
pub fn run(plan: &Plan, scenario: &Scenario, out: &Path) -> Result<Outcome> {
    if let Some(points) = scenario.sweep_points()? {
        return super::sweep::run(plan, scenario, &points, out, &[]).map(Outcome::Sweep);
    }
    if plan.exact_only {
        let exact = exact_of(plan, scenario);
        let notes = notes_with(scenario, &exact);
        let report = exact_report_with(plan, scenario, exact);
        print_report(plan, &report, &notes);
        return Ok(Outcome::Single { report, notes });
    }
    run_single(plan, scenario, out, None)
}

/// A scenario's exact values within the plan's limits: the values, or why a fight has none
/// (too large for its exact walk).
pub(super) fn exact_of(plan: &Plan, scenario: &Scenario) -> Result<Option<ExactValues>, String> {
    scenario.system.exact_with(&plan.exact_limits)
}

/// The scenario's notes, and why its fight has no exact values where it has none.
fn notes_with(scenario: &Scenario, exact: &Result<Option<ExactValues>, String>) -> Vec<Note> {
    let mut notes = scenario.notes();
    if let Err(why) = exact {
        notes.push(Note::Remark(format!("{why}; sampled only")));
    }
    notes
}

/// Runs one scenario (no sweep) into `out`, continuing from `from` (a checkpoint's merged
/// batches `0..end`) when given; saves a checkpoint if the plan keeps one.
pub(super) fn run_single(
    plan: &Plan,
    scenario: &Scenario,
    out: &Path,
    from: Option<(Tally, u64)>,
) -> Result<Outcome> {
    let exact = exact_of(plan, scenario);
    let notes = notes_with(scenario, &exact);
    let trials = plan.trials(scenario);
    let seed = plan.seed(scenario);
    let record = start_manifest(plan, scenario, trials, out)?;
    let checkpoint = plan.checkpoint.as_ref().map(|path| {
        let header = super::longrun::header(plan, scenario, "checkpoint", Some(out));
        Checkpointer::new(path.clone(), header, scenario.system.layout())
    });
    let (base, done) = match from {
        Some((tally, end)) => (Some(tally), end),
        None => (None, 0),
    };
    let before = base.as_ref().map_or(0, Tally::trials);
    let bar = TrialBar::new(trials, plan.quiet);
    bar.advance(before);
    let watched = Watched {
        bar: &bar,
        checkpoint: checkpoint.as_ref(),
    };
    let start = Instant::now();
    let begin = Start {
        batches: done..trials.div_ceil(BATCH_TRIALS),
        tally: base,
    };
    let (tally, end) = plan.pool.run_from(
        &scenario.system,
        trials,
        seed,
        plan.precision,
        begin,
        &watched,
    );
    bar.finish();
    let seconds = start.elapsed().as_secs_f64();
    if let Some(c) = &checkpoint {
        c.save(&tally, end)?;
        if let Some(e) = c.take_error() {
            return Err(e.into());
        }
    }
    let report = report_with(plan, scenario, &tally, exact.ok().flatten());
    print_report(plan, &report, &notes);
    plan.throughput("trials", report.trials - before, seconds);
    let written = export::write_outputs(&report, out)?;
    finish_manifest(plan, record, out, written, &report.partial, report.trials)?;
    Ok(Outcome::Single { report, notes })
}

/// Runs `scenario` (a file or one of its grid points) with the plan's trials, seed,
/// precision and pool, and summarizes it (marked partial if an interrupt cut it short).
pub fn run_scenario(plan: &Plan, scenario: &Scenario, progress: &dyn Progress) -> Report {
    let watched = Watched {
        bar: progress,
        checkpoint: None,
    };
    let tally = plan.pool.run(
        &scenario.system,
        plan.trials(scenario),
        plan.seed(scenario),
        plan.precision,
        &watched,
    );
    report_of(plan, scenario, &tally)
}

/// The report of `tally`, a run of `scenario` by `plan`: partial when an interrupt came
/// before the trials asked for were done.
pub(super) fn report_of(plan: &Plan, scenario: &Scenario, tally: &Tally) -> Report {
    report_with(
        plan,
        scenario,
        tally,
        exact_of(plan, scenario).ok().flatten(),
    )
}

/// [`report_of`] with the scenario's `exact` values found already.
fn report_with(
    plan: &Plan,
    scenario: &Scenario,
    tally: &Tally,
    exact: Option<ExactValues>,
) -> Report {
    let system = &scenario.system;
    let trials = plan.trials(scenario);
    let complete = tally.trials() == trials || !interrupt::requested();
    let layout = system.layout();
    let metrics = with_bounds(
        summarize(&layout, tally, exact.as_ref()),
        system.exact_bounds(),
    );
    Report {
        scenario: scenario.name.clone(),
        system: scenario.system_name.clone(),
        trials: tally.trials(),
        seed: plan.seed(scenario),
        difficulty: plan.difficulty_of(scenario, &metrics).map(Box::new),
        metrics,
        distributions: distributions(&layout, tally),
        partial: (!complete).then(|| Partial {
            trials_requested: trials,
            missing_points: Vec::new(),
        }),
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

/// The exact values alone, in the order a run would report them (with a fight's
/// difficulty band where both of its side's rates have exact values).
pub fn exact_report(plan: &Plan, scenario: &Scenario) -> Report {
    exact_report_with(plan, scenario, exact_of(plan, scenario))
}

/// [`exact_report`] with the scenario's `exact` values found already.
fn exact_report_with(
    plan: &Plan,
    scenario: &Scenario,
    exact: Result<Option<ExactValues>, String>,
) -> Report {
    let system = &scenario.system;
    let exact = exact.ok().flatten();
    let layout = system.layout();
    let metrics = with_bounds(
        summarize(&layout, &layout.tally(), exact.as_ref()),
        system.exact_bounds(),
    );
    Report {
        scenario: scenario.name.clone(),
        system: scenario.system_name.clone(),
        trials: 0,
        seed: scenario.run.seed,
        difficulty: plan.difficulty_of(scenario, &metrics).map(Box::new),
        metrics,
        distributions: Vec::new(),
        partial: None,
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
        scenario_path: manifest::shown_path(&source.path, out),
        scenario_hash: manifest::fnv1a_hex(source.assembled_text().as_bytes()),
        scenario: scenario.name.clone(),
        sets: scenario.sets.clone(),
        seed: plan.seed(scenario),
        trials,
        threads: plan.pool.threads(),
        oddsmith_version: env!("CARGO_PKG_VERSION").to_string(),
        started: manifest::rfc3339(SystemTime::now()),
        ended: None,
        finished: false,
        partial: false,
        trials_done: None,
        // Until this run ends, the last run's files: a run killed on the way still names them.
        files: manifest::previous_files(out),
    };
    manifest::write(&record, out)?;
    Ok(record)
}

/// Marks the manifest finished (partial or not, with the trials done) and lists the files
/// written.
pub(super) fn finish_manifest(
    plan: &Plan,
    mut record: Manifest,
    out: &Path,
    mut written: Vec<PathBuf>,
    partial: &Option<Partial>,
    trials_done: u64,
) -> Result<()> {
    record.ended = Some(manifest::rfc3339(SystemTime::now()));
    record.finished = true;
    record.partial = partial.is_some();
    record.trials_done = Some(trials_done);
    // The folder holds this run alone: the last run's files this one did not write go.
    let names = manifest::names_in(out, &written);
    manifest::remove_stale(out, &record.files, &names);
    record.files = names;
    written.push(manifest::write(&record, out)?);
    plan.wrote(&written);
    Ok(())
}

/// Prints a run's report: JSON with its headlines, or the tables (bold headlines on a
/// terminal).
pub(super) fn print_report(plan: &Plan, report: &Report, notes: &[Note]) {
    if plan.silent {
        return;
    }
    if plan.json {
        super::say(&format!("{}\n", export::json::to_json(report)));
    } else {
        super::say(&table::render(report, notes, plan.colour));
    }
}

/// Prints `results` as pretty JSON when `json`, else the text `table` makes.
pub fn print_results<T: serde::Serialize>(json: bool, results: &T, table: impl FnOnce() -> String) {
    if json {
        let text = serde_json::to_string_pretty(results).expect("results always serialize");
        super::say(&format!("{text}\n"));
    } else {
        super::say(&table());
    }
}
