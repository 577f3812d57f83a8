//! Running a `[sweep]`: every grid point through the shared engine from the same seed (common
//! random numbers) on the command's one pool, then the sweep's tables and charts.

use super::Plan;
use super::interrupt;
use super::run::{exact_report, finish_manifest, print_results, run_scenario, start_manifest};
use crate::export::{self, progress::TrialBar, table};
use crate::scenario::sweep::Value;
use crate::stats::{Partial, SweepReport, SweepResult};
use crate::systems::{Point, Scenario};
use anyhow::Result;
use std::path::Path;
use std::time::Instant;

fn as_number(v: &Value) -> f64 {
    v.as_float()
        .or_else(|| v.as_integer().map(|i| i as f64))
        .unwrap_or(f64::NAN)
}

/// Runs every grid point of `scenario` and writes the sweep's outputs into `out`.
pub fn run(plan: &Plan, scenario: &Scenario, points: &[Point], out: &Path) -> Result<SweepReport> {
    let trials = plan.trials(scenario);
    let mut report = SweepReport {
        scenario: scenario.name.clone(),
        system: scenario.system_name.clone(),
        trials: if plan.exact_only { 0 } else { trials },
        seed: plan.seed(scenario),
        fields: scenario.sweep_fields()?,
        points: Vec::with_capacity(points.len()),
        partial: None,
    };
    let values = |p: &Point| p.values.iter().map(as_number).collect::<Vec<_>>();
    let print = |report: &SweepReport| {
        if !plan.silent {
            print_results(plan.json, report, || table::render_sweep(report));
        }
    };
    if plan.exact_only {
        for p in points {
            report.points.push(SweepResult {
                values: values(p),
                metrics: exact_report(&p.scenario).metrics,
            });
        }
        print(&report);
        return Ok(report);
    }
    let record = start_manifest(plan, scenario, trials, out)?;
    let total = trials.saturating_mul(points.len() as u64);
    let bar = TrialBar::new(total, plan.quiet);
    let start = Instant::now();
    let mut missing = Vec::new();
    for p in points {
        if interrupt::requested() {
            missing.push(values(p));
            continue;
        }
        // Every point keeps the file's seed, so neighbours share their random numbers.
        let mut point = p.scenario.clone();
        point.run.seed = report.seed;
        point.run.trials = trials;
        let result = run_scenario(plan, &point, &bar);
        // A point the interrupt cut short is left out whole: every point shown is complete.
        if result.partial.is_some() {
            missing.push(values(p));
            continue;
        }
        report.points.push(SweepResult {
            values: values(p),
            metrics: result.metrics,
        });
    }
    if !missing.is_empty() {
        report.partial = Some(Partial {
            trials_requested: trials,
            missing_points: missing,
        });
    }
    bar.finish();
    let seconds = start.elapsed().as_secs_f64();
    print(&report);
    plan.throughput("trials", total, seconds);
    let written = export::write_sweep_outputs(&report, out)?;
    let partial = report.partial.clone();
    finish_manifest(plan, record, out, written, &partial, trials)?;
    Ok(report)
}
