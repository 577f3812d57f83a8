//! Comparison files: `compare.csv` (Polars) with `metric, a, b, difference, ci_low,
//! ci_high, significant, trials`, then `exact_a, exact_b, exact_diff` (empty where unknown)
//! and each side's own 95% interval `a_ci_low, a_ci_high, b_ci_low, b_ci_high` (and
//! `partial`, `true`, after an interrupt), all in probabilities as every CSV; and
//! `compare.json`.

use super::write::Staged;
use oddsmith_core::error::OutputError;
use oddsmith_core::stats::compare::{CompareReport, DiffRow};
use polars::prelude::*;
use std::path::{Path, PathBuf};

/// The columns of `compare.csv` for `rows` (with `partial` when `partial`).
pub fn diff_frame<'a>(
    rows: impl Iterator<Item = &'a DiffRow> + Clone,
    partial: bool,
) -> PolarsResult<DataFrame> {
    let col = |f: fn(&DiffRow) -> f64| rows.clone().map(f).collect::<Vec<_>>();
    let opt = |f: fn(&DiffRow) -> Option<f64>| rows.clone().map(f).collect::<Vec<_>>();
    let n = rows.clone().count();
    let mut df = df!(
        "metric" => rows.clone().map(|x| x.metric.as_str()).collect::<Vec<_>>(),
        "a" => col(|x| x.a),
        "b" => col(|x| x.b),
        "difference" => col(|x| x.difference),
        "ci_low" => col(|x| x.ci_low),
        "ci_high" => col(|x| x.ci_high),
        "significant" => rows.clone().map(|x| x.significant).collect::<Vec<_>>(),
        "trials" => rows.clone().map(|x| x.trials).collect::<Vec<_>>(),
        "exact_a" => opt(|x| x.exact_a),
        "exact_b" => opt(|x| x.exact_b),
        "exact_diff" => opt(|x| x.exact_diff),
        "a_ci_low" => col(|x| x.a_ci_low),
        "a_ci_high" => col(|x| x.a_ci_high),
        "b_ci_low" => col(|x| x.b_ci_low),
        "b_ci_high" => col(|x| x.b_ci_high),
    )?;
    // As in summary.csv: only an interrupted comparison has the column.
    if partial {
        df.with_column(Column::new("partial".into(), vec![true; n]))?;
    }
    Ok(df)
}

/// Writes `compare.csv` and `compare.json` into `dir`; returns their paths.
pub fn write(r: &CompareReport, dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
    let mut files = Staged::new(dir)?;
    let csv = dir.join("compare.csv");
    let mut frame =
        diff_frame(r.metrics.iter(), r.partial.is_some()).map_err(|e| OutputError::Table {
            path: csv.clone(),
            message: e.to_string(),
        })?;
    super::csv::write_frame(&mut frame, "compare.csv", &mut files)?;
    let json = serde_json::to_string_pretty(r).expect("serializes") + "\n";
    files.text("compare.json", &json)?;
    files.commit()
}
