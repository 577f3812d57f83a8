//! Running a `[sweep]`: every grid point through the shared engine from the same seed (common
//! random numbers), then the sweep's tables and charts.

use super::{RunPlan, exact_report};
use crate::error::ScenarioError;
use crate::export::{self, progress::TrialBar, table};
use crate::scenario::Scenario;
use crate::scenario::sweep::{self, Point};
use crate::stats::{Report, SweepReport, SweepResult};
use anyhow::Result;
use std::time::Instant;

/// The checked grid points of `scenario`'s `[sweep]`, if it has one.
pub fn grid(scenario: &Scenario) -> Result<Option<Vec<Point>>, ScenarioError> {
    match sweep::parse(&scenario.source)? {
        None => Ok(None),
        Some(s) => Ok(Some(sweep::points(&scenario.source, &s)?)),
    }
}

fn as_number(v: &toml::Value) -> f64 {
    v.as_float()
        .or_else(|| v.as_integer().map(|i| i as f64))
        .unwrap_or(f64::NAN)
}

impl RunPlan {
    /// Runs every grid point and writes the sweep's outputs.
    pub(super) fn execute_sweep(&self, points: &[Point]) -> Result<SweepReport> {
        let fields: Vec<String> = sweep::parse(&self.scenario.source)?
            .map(|s| s.axes.into_iter().map(|a| a.path).collect())
            .unwrap_or_default();
        let mut report = SweepReport {
            scenario: self.scenario.name.clone(),
            system: self.scenario.system_name.clone(),
            trials: if self.exact_only { 0 } else { self.trials },
            seed: self.seed,
            fields,
            points: Vec::with_capacity(points.len()),
        };
        let values = |p: &Point| p.values.iter().map(as_number).collect::<Vec<_>>();
        if self.exact_only {
            for p in points {
                let r = exact_report(&p.scenario);
                report.points.push(SweepResult {
                    values: values(p),
                    metrics: r.metrics,
                });
            }
            self.print_sweep(&report)?;
            return Ok(report);
        }
        let threads = self.threads.unwrap_or_else(rayon::current_num_threads);
        let record = self.start_manifest(threads)?;
        let total = self.trials.saturating_mul(points.len() as u64);
        let bar = TrialBar::new(total, self.quiet);
        let start = Instant::now();
        for p in points {
            let r: Report = self.run_one(&p.scenario, &bar)?;
            report.points.push(SweepResult {
                values: values(p),
                metrics: r.metrics,
            });
        }
        bar.finish();
        self.throughput(total, start.elapsed().as_secs_f64(), threads);
        self.print_sweep(&report)?;
        let written = export::write_sweep_outputs(&report, &self.out_dir)?;
        self.finish(record, written)?;
        Ok(report)
    }

    fn print_sweep(&self, sweep: &SweepReport) -> Result<()> {
        if self.silent {
            return Ok(());
        }
        super::print_results(self.json, sweep, || table::render_sweep(sweep));
        Ok(())
    }
}
