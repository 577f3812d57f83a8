//! Comparison files: `compare.csv` (Polars) with `metric, a, b, difference, ci_low,
//! ci_high, significant, trials` (and `partial`, `true`, after an interrupt), and
//! `compare.json`.

use super::write::Staged;
use crate::error::OutputError;
use crate::stats::compare::CompareReport;
use polars::prelude::*;
use std::path::{Path, PathBuf};

/// Writes `compare.csv` and `compare.json` into `dir`; returns their paths.
pub fn write(r: &CompareReport, dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
    let mut files = Staged::new(dir)?;
    let csv = dir.join("compare.csv");
    let m = &r.metrics;
    let mut frame = df!(
        "metric" => m.iter().map(|x| x.metric.as_str()).collect::<Vec<_>>(),
        "a" => m.iter().map(|x| x.a).collect::<Vec<_>>(),
        "b" => m.iter().map(|x| x.b).collect::<Vec<_>>(),
        "difference" => m.iter().map(|x| x.difference).collect::<Vec<_>>(),
        "ci_low" => m.iter().map(|x| x.ci_low).collect::<Vec<_>>(),
        "ci_high" => m.iter().map(|x| x.ci_high).collect::<Vec<_>>(),
        "significant" => m.iter().map(|x| x.significant).collect::<Vec<_>>(),
        "trials" => m.iter().map(|x| x.trials).collect::<Vec<_>>(),
    )
    .and_then(|mut df| {
        // As in summary.csv: only an interrupted comparison has the column.
        if r.partial.is_some() {
            df.with_column(Column::new("partial".into(), vec![true; m.len()]))?;
        }
        Ok(df)
    })
    .map_err(|e| OutputError::Table {
        path: csv.clone(),
        message: e.to_string(),
    })?;
    super::csv::write_frame(&mut frame, "compare.csv", &mut files)?;
    let json = serde_json::to_string_pretty(r).expect("serializes") + "\n";
    files.text("compare.json", &json)?;
    files.commit()
}
