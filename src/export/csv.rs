//! `summary.csv`, built as a Polars DataFrame and written with Polars' CSV writer. Columns:
//! `scenario, metric, estimate, ci_low, ci_high, exact, trials, seed`; `exact` is empty where
//! no exact value is known.

use super::Exporter;
use crate::error::OutputError;
use crate::stats::Report;
use polars::prelude::*;
use std::path::Path;

/// The summary table of a run.
pub struct SummaryCsv;

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
}

/// Writes `frame` as CSV with a header row.
pub fn write_frame(frame: &mut DataFrame, path: &Path) -> Result<(), OutputError> {
    let table_err = |e: PolarsError| OutputError::Table {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let mut file = std::fs::File::create(path).map_err(|source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    CsvWriter::new(&mut file)
        .include_header(true)
        .finish(frame)
        .map_err(table_err)
}

impl Exporter for SummaryCsv {
    fn file_name(&self) -> &str {
        "summary.csv"
    }

    fn write(&self, report: &Report, path: &Path) -> Result<(), OutputError> {
        let mut frame = summary_frame(report).map_err(|e| OutputError::Table {
            path: path.to_path_buf(),
            message: e.to_string(),
        })?;
        write_frame(&mut frame, path)
    }
}
