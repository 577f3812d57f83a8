//! Running a `[sweep]`: every grid point through the shared engine from the same seed (common
//! random numbers) on the command's one pool, then the sweep's tables and charts.
//!
//! Grid points run one after another, each on the whole pool. An interrupt stops the point
//! running after its running batches; the points finished are written, the rest (that one
//! included) are listed as missing. With `--checkpoint`, the finished points' exact counts
//! and the running point's batches done are saved, and `oddsmith resume` goes on from
//! there. Shards (`--shard I/N`) split the sweep's work units — grid point × batch — into
//! contiguous shares, so the merge adds each point's pieces back together.

use super::Plan;
use super::interrupt::{self, Checkpointer, Watched};
use super::run::{exact_report, finish_manifest, print_results, report_of, start_manifest};
use crate::export::{self, manifest::Manifest, progress::TrialBar, table};
use crate::sim::{BATCH_TRIALS, Progress, Start};
use crate::stats::{Partial, SweepReport, SweepResult, Tally};
use crate::systems::{Point, Scenario};
use anyhow::Result;
use std::ops::Range;
use std::path::Path;
use std::time::Instant;

/// Grid point `p`'s values as the report holds them: numbers as they are, a word as its
/// place among its field's `words`.
fn as_numbers(p: &Point, words: &[Vec<String>]) -> Vec<f64> {
    (p.values.iter().enumerate())
        .map(|(i, v)| match v.as_str() {
            Some(w) => (words.get(i).and_then(|ws| ws.iter().position(|x| x == w)))
                .map_or(f64::NAN, |k| k as f64),
            None => (v.as_float())
                .or_else(|| v.as_integer().map(|i| i as f64))
                .unwrap_or(f64::NAN),
        })
        .collect()
}

/// Batches `0..end` of grid point `point` done before this run (from a checkpoint).
#[derive(Debug, Clone)]
pub struct Done {
    /// The grid point's index.
    pub point: u64,
    /// Its merged batches.
    pub tally: Tally,
    /// One past the last batch merged.
    pub end: u64,
    /// Whether the point needs no more batches.
    pub finished: bool,
}

/// Grid point `p` as the sweep runs it: the file's seed for every point (so neighbours share
/// their random numbers) and the sweep's trials.
pub(super) fn point_scenario(plan: &Plan, scenario: &Scenario, p: &Point) -> Scenario {
    let mut point = p.scenario.clone();
    point.run.seed = plan.seed(scenario);
    point.run.trials = plan.trials(scenario);
    point
}

/// Batches per grid point of a sweep of `trials` trials per point.
pub(super) fn batches_per_point(trials: u64) -> u64 {
    trials.div_ceil(BATCH_TRIALS)
}

/// The pieces of grid points that the work units `units` cover (unit = point × `per_point`
/// + batch), as (point, batches), by point.
pub(super) fn pieces(units: Range<u64>, per_point: u64) -> Vec<(u64, Range<u64>)> {
    if units.is_empty() {
        return Vec::new();
    }
    (units.start / per_point..=(units.end - 1) / per_point)
        .map(|p| {
            let first = p * per_point;
            let start = units.start.max(first) - first;
            let end = units.end.min(first + per_point) - first;
            (p, start..end)
        })
        .collect()
}

/// Runs every grid point of `scenario` (continuing those in `done`) and writes the sweep's
/// outputs into `out`.
pub fn run(
    plan: &Plan,
    scenario: &Scenario,
    points: &[Point],
    out: &Path,
    done: &[Done],
) -> Result<SweepReport> {
    if plan.exact_only {
        let empty = empty_report(plan, scenario)?;
        let report = SweepReport {
            trials: 0,
            points: points
                .iter()
                .map(|p| {
                    let report = exact_report(plan, &p.scenario);
                    SweepResult {
                        values: as_numbers(p, &empty.words),
                        difficulty: report.difficulty.map(|d| *d),
                        metrics: report.metrics,
                    }
                })
                .collect(),
            ..empty
        };
        print(plan, &report);
        return Ok(report);
    }
    let trials = plan.trials(scenario);
    let record = start_manifest(plan, scenario, trials, out)?;
    let mut checkpoint = plan.checkpoint.as_ref().map(|path| {
        let mut header = super::longrun::header(plan, scenario, "checkpoint", Some(out));
        header.grid_points = Some(points.len() as u64);
        Checkpointer::new(path.clone(), header, scenario.system.layout())
    });
    let total = trials.saturating_mul(points.len() as u64);
    let bar = TrialBar::new(total, plan.quiet);
    let start = Instant::now();
    let before: u64 = done.iter().map(|d| d.tally.trials()).sum();
    bar.advance(before);
    let mut tallies: Vec<Option<Tally>> = vec![None; points.len()];
    // The grid point an interrupt cut short, with its batches done.
    let mut cut = None;
    for (i, p) in points.iter().enumerate() {
        if interrupt::requested() {
            break;
        }
        let point = point_scenario(plan, scenario, p);
        let earlier = done.iter().find(|d| d.point == i as u64);
        if let Some(c) = &mut checkpoint {
            c.start_point(i as u64, point.system.layout());
        }
        let (tally, end) = match earlier {
            Some(d) if d.finished => (d.tally.clone(), d.end),
            _ => {
                let begin = Start {
                    batches: earlier.map_or(0, |d| d.end)..batches_per_point(trials),
                    tally: earlier.map(|d| d.tally.clone()),
                };
                let watched = Watched {
                    bar: &bar,
                    checkpoint: checkpoint.as_ref(),
                };
                plan.pool.run_from(
                    &point.system,
                    trials,
                    point.run.seed,
                    plan.precision,
                    begin,
                    &watched,
                )
            }
        };
        // As for a single run: cut short only if an interrupt came before its trials were
        // done (a precision run may finish early on its own).
        if tally.trials() < trials && interrupt::requested() {
            cut = Some((tally, end));
            break;
        }
        if let Some(c) = &mut checkpoint {
            c.finish_point(&tally, end);
        }
        tallies[i] = Some(tally);
    }
    bar.finish();
    let seconds = start.elapsed().as_secs_f64();
    if let Some(c) = &checkpoint {
        match &cut {
            Some((tally, end)) => c.save(tally, *end)?,
            None => c.save_points()?,
        }
        if let Some(e) = c.take_error() {
            return Err(e.into());
        }
    }
    let ran: u64 = tallies.iter().flatten().map(Tally::trials).sum();
    let report = write(plan, scenario, points, &tallies, out, record)?;
    plan.throughput("trials", ran.saturating_sub(before), seconds);
    Ok(report)
}

/// The sweep's report with no grid point yet.
fn empty_report(plan: &Plan, scenario: &Scenario) -> Result<SweepReport> {
    Ok(SweepReport {
        scenario: scenario.name.clone(),
        system: scenario.system_name.clone(),
        trials: plan.trials(scenario),
        seed: plan.seed(scenario),
        fields: scenario.sweep_fields()?,
        words: scenario.sweep_words()?,
        points: Vec::new(),
        partial: None,
    })
}

fn print(plan: &Plan, report: &SweepReport) {
    if !plan.silent {
        print_results(plan.json, report, || table::render_sweep(report));
    }
}

/// The sweep's report from each grid point's tally (`None`: not run, listed as missing),
/// printed and written into `out` with the manifest `record` started. A sweep run and a
/// merge of its shards both end here, so their files are the same.
pub(super) fn write(
    plan: &Plan,
    scenario: &Scenario,
    points: &[Point],
    tallies: &[Option<Tally>],
    out: &Path,
    record: Manifest,
) -> Result<SweepReport> {
    let mut report = empty_report(plan, scenario)?;
    let mut missing = Vec::new();
    for (p, tally) in points.iter().zip(tallies) {
        let values = as_numbers(p, &report.words);
        match tally {
            Some(t) => {
                let point = report_of(plan, &point_scenario(plan, scenario, p), t);
                report.points.push(SweepResult {
                    values,
                    difficulty: point.difficulty.map(|d| *d),
                    metrics: point.metrics,
                });
            }
            None => missing.push(values),
        }
    }
    if !missing.is_empty() {
        report.partial = Some(Partial {
            trials_requested: report.trials,
            missing_points: missing,
        });
    }
    print(plan, &report);
    let written = export::write_sweep_outputs(&report, out)?;
    let partial = report.partial.clone();
    finish_manifest(plan, record, out, written, &partial, report.trials)?;
    Ok(report)
}

/// Runs the work units `units` of the sweep (see [`pieces`]) on the plan's pool: each
/// touched grid point's batches, with the end reached (short of the piece's end if an
/// interrupt came).
pub(super) fn run_units(
    plan: &Plan,
    scenario: &Scenario,
    points: &[Point],
    units: Range<u64>,
    progress: &dyn Progress,
) -> Vec<(u64, Range<u64>, Tally)> {
    let trials = plan.trials(scenario);
    let mut out = Vec::new();
    for (p, batches) in pieces(units, batches_per_point(trials)) {
        if interrupt::requested() {
            break;
        }
        let point = point_scenario(plan, scenario, &points[p as usize]);
        let watched = Watched {
            bar: progress,
            checkpoint: None,
        };
        let begin = Start::fresh(batches.clone());
        let (tally, end) =
            plan.pool
                .run_from(&point.system, trials, point.run.seed, None, begin, &watched);
        out.push((p, batches.start..end, tally));
        if end < batches.end {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests;
