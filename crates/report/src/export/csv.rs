//! CSV tables, built as Polars DataFrames and written with Polars' CSV writer:
//! - `summary.csv`: `scenario, metric, estimate, ci_low, ci_high, exact, trials, seed`
//!   (`exact` empty where no exact value is known), and `partial` (`true`) after an
//!   interrupt;
//! - `<name>_histogram.csv` per histogram: `value, count, rate, ci_low, ci_high`;
//! - `survival_curve.csv` when a run has survival curves: `series, after_round,
//!   still_going, ci_low, ci_high, trials` (e.g. each side still fighting after round k).

use super::Exporter;
use super::write::Staged;
use oddsmith_core::error::OutputError;
use oddsmith_core::stats::summary::file_part;
use oddsmith_core::stats::{Distribution, DistributionKind, Report};
use polars::prelude::*;
use std::path::Path;

/// The summary table of a run.
pub struct SummaryCsv;

/// One table per histogram and one for all survival curves.
pub struct DistributionCsv;

fn table_err(path: &Path) -> impl FnOnce(PolarsError) -> OutputError + '_ {
    move |e| OutputError::Table {
        path: path.to_path_buf(),
        message: e.to_string(),
    }
}

/// The summary table as a DataFrame, one row per metric.
pub fn summary_frame(report: &Report) -> PolarsResult<DataFrame> {
    let rows = &report.metrics;
    let n = rows.len();
    df!(
        "scenario" => vec![report.scenario.as_str(); n],
        "metric" => rows.iter().map(|r| r.metric.as_str()).collect::<Vec<_>>(),
        "estimate" => rows.iter().map(|r| r.estimate).collect::<Vec<_>>(),
        "ci_low" => rows.iter().map(|r| r.ci_low).collect::<Vec<_>>(),
        "ci_high" => rows.iter().map(|r| r.ci_high).collect::<Vec<_>>(),
        "exact" => rows.iter().map(|r| r.exact).collect::<Vec<_>>(),
        "trials" => rows.iter().map(|r| r.trials).collect::<Vec<_>>(),
        "seed" => vec![report.seed; n],
    )
    .and_then(|mut df| {
        // Only an interrupted run has the column, so a finished run's table is unchanged.
        if report.partial.is_some() {
            df.with_column(Column::new("partial".into(), vec![true; n]))?;
        }
        Ok(df)
    })
}

/// A histogram as a DataFrame: one row per value.
pub fn histogram_frame(d: &Distribution) -> PolarsResult<DataFrame> {
    df!(
        "value" => d.points.iter().map(|p| p.x).collect::<Vec<_>>(),
        "count" => d.points.iter().map(|p| p.count).collect::<Vec<_>>(),
        "rate" => d.points.iter().map(|p| p.rate).collect::<Vec<_>>(),
        "ci_low" => d.points.iter().map(|p| p.ci_low).collect::<Vec<_>>(),
        "ci_high" => d.points.iter().map(|p| p.ci_high).collect::<Vec<_>>(),
    )
}

/// Survival curves stacked into one long DataFrame, keyed by `series`.
pub fn survival_frame<'a>(
    curves: impl Iterator<Item = &'a Distribution>,
) -> PolarsResult<DataFrame> {
    let (mut series, mut step, mut rate, mut lo, mut hi, mut trials) =
        (vec![], vec![], vec![], vec![], vec![], vec![]);
    for d in curves {
        for p in &d.points {
            series.push(d.name.as_str());
            step.push(p.x);
            rate.push(p.rate);
            lo.push(p.ci_low);
            hi.push(p.ci_high);
            trials.push(d.trials);
        }
    }
    df!(
        "series" => series,
        "after_round" => step,
        "still_going" => rate,
        "ci_low" => lo,
        "ci_high" => hi,
        "trials" => trials,
    )
}

/// Writes `frame` as CSV with a header row, as the file `name` of `files`.
pub fn write_frame(
    frame: &mut DataFrame,
    name: &str,
    files: &mut Staged,
) -> Result<(), OutputError> {
    let path = files.dir().join(name);
    files.with_path(name, |tmp| {
        let mut file = std::fs::File::create(tmp).map_err(|source| OutputError::Io {
            path: tmp.to_path_buf(),
            source,
        })?;
        CsvWriter::new(&mut file)
            .include_header(true)
            .finish(frame)
            .map_err(table_err(&path))
    })
}

/// Builds a frame with `build` and writes it as `name`.
fn write_table(
    files: &mut Staged,
    name: &str,
    build: impl FnOnce() -> PolarsResult<DataFrame>,
) -> Result<(), OutputError> {
    let mut frame = build().map_err(table_err(&files.dir().join(name)))?;
    write_frame(&mut frame, name, files)
}

impl Exporter for SummaryCsv {
    fn write(&self, report: &Report, files: &mut Staged) -> Result<(), OutputError> {
        write_table(files, "summary.csv", || summary_frame(report))
    }
}

impl Exporter for DistributionCsv {
    fn write(&self, report: &Report, files: &mut Staged) -> Result<(), OutputError> {
        let of_kind = |k| report.distributions.iter().filter(move |d| d.kind == k);
        for d in of_kind(DistributionKind::Histogram) {
            let name = format!("{}_histogram.csv", file_part(&d.name));
            write_table(files, &name, || histogram_frame(d))?;
        }
        if of_kind(DistributionKind::Survival).next().is_some() {
            write_table(files, "survival_curve.csv", || {
                survival_frame(of_kind(DistributionKind::Survival))
            })?;
        }
        Ok(())
    }
}
