//! Sweep tables through Polars: `sweep.csv`, one row per grid point × metric with one column
//! per swept field (for a fight, the grid point's `difficulty` band and
//! `difficulty_borderline`; and `partial`, `true`, after an interrupt); for two swept fields,
//! `pivot_<metric>.csv` per headline rate, rows by the first field and a column per value of
//! the second with the estimates, each followed by one with the exact values where the
//! metric has them, built by filtering and stacking the long table; for a fight over two fields,
//! `pivot_difficulty.csv`, the same grid of the points' difficulty bands (`medium`, `medium
//! (borderline hard)`); and `sweep.json`.

use super::csv::write_frame;
use super::write::Staged;
use oddsmith_core::error::OutputError;
use oddsmith_core::stats::summary::file_part;
use oddsmith_core::stats::{SweepReport, SweepResult};
use polars::prelude::*;
use std::path::Path;

/// The long table: swept fields, then `metric, estimate, ci_low, ci_high, exact, trials`
/// (then `difficulty, difficulty_borderline` for a fight).
pub fn long_frame(sweep: &SweepReport) -> PolarsResult<DataFrame> {
    let rows: Vec<(&SweepResult, &oddsmith_core::stats::MetricRow)> = sweep
        .points
        .iter()
        .flat_map(|p| p.metrics.iter().map(move |m| (p, m)))
        .collect();
    let mut columns: Vec<Column> = Vec::new();
    for (i, label) in sweep.field_labels().into_iter().enumerate() {
        let name = PlSmallStr::from(label.as_str());
        columns.push(if sweep.field_is_integer(i) {
            Column::new(
                name,
                rows.iter()
                    .map(|(p, _)| p.values[i] as i64)
                    .collect::<Vec<_>>(),
            )
        } else {
            Column::new(
                name,
                rows.iter().map(|(p, _)| p.values[i]).collect::<Vec<_>>(),
            )
        });
    }
    let metric = |f: fn(&oddsmith_core::stats::MetricRow) -> f64| {
        rows.iter().map(|(_, m)| f(m)).collect::<Vec<_>>()
    };
    columns.push(Column::new(
        "metric".into(),
        rows.iter()
            .map(|(_, m)| m.metric.as_str())
            .collect::<Vec<_>>(),
    ));
    columns.push(Column::new("estimate".into(), metric(|m| m.estimate)));
    columns.push(Column::new("ci_low".into(), metric(|m| m.ci_low)));
    columns.push(Column::new("ci_high".into(), metric(|m| m.ci_high)));
    columns.push(Column::new(
        "exact".into(),
        rows.iter().map(|(_, m)| m.exact).collect::<Vec<_>>(),
    ));
    columns.push(Column::new(
        "trials".into(),
        rows.iter().map(|(_, m)| m.trials).collect::<Vec<_>>(),
    ));
    // A fight's band at the row's grid point: the band, and the neighbours its intervals
    // reach (`hard`, `easy or hard`; empty when none).
    if sweep.points.iter().any(|p| p.difficulty.is_some()) {
        let band = |p: &SweepResult| p.difficulty.as_ref().map(|d| d.band.name().to_string());
        let borderline = |p: &SweepResult| p.difficulty.as_ref().and_then(|d| d.borderline_words());
        columns.push(Column::new(
            "difficulty".into(),
            rows.iter().map(|(p, _)| band(p)).collect::<Vec<_>>(),
        ));
        columns.push(Column::new(
            "difficulty_borderline".into(),
            rows.iter().map(|(p, _)| borderline(p)).collect::<Vec<_>>(),
        ));
    }
    // As in summary.csv: only an interrupted sweep has the column.
    if sweep.partial.is_some() {
        columns.push(Column::new("partial".into(), vec![true; rows.len()]));
    }
    DataFrame::new_infer_height(columns)
}

/// `frame` with each field of `sweep` that sweeps words (a column of its places, 0, 1, …)
/// shown as its words, as the files give it.
pub fn with_words(sweep: &SweepReport, mut frame: DataFrame) -> PolarsResult<DataFrame> {
    for (i, label) in sweep.field_labels().iter().enumerate() {
        if !sweep.field_is_words(i) || frame.column(label).is_err() {
            continue;
        }
        let places = frame.column(label)?.cast(&DataType::Float64)?;
        let words: Vec<Option<String>> = (places.f64()?.iter())
            .map(|v| v.map(|v| sweep.value_text(i, v)))
            .collect();
        frame.with_column(Column::new(label.as_str().into(), words))?;
    }
    Ok(frame)
}

/// One metric as a grid: a row per value of `row`, a column `<col>=<value>` per value of
/// `col` with the estimates, and beside each, where the metric has exact values, a column
/// `<col>=<value> exact` with them (empty where unknown), taken from the long table by
/// Polars filters and a horizontal stack. An interrupted sweep's last row may lack some
/// columns' points: those cells are empty.
pub fn pivot_frame(
    long: &DataFrame,
    metric: &str,
    row: &str,
    col: &str,
    col_values: &[f64],
    col_text: impl Fn(f64) -> String,
) -> PolarsResult<DataFrame> {
    let of_metric = long.filter(&long.column("metric")?.str()?.equal(metric))?;
    let with_exact = of_metric
        .column("exact")
        .is_ok_and(|c| c.null_count() < c.len());
    let col_f64 = of_metric.column(col)?.cast(&DataType::Float64)?;
    let as_f64 = |c: &Column| -> PolarsResult<Vec<Option<f64>>> {
        Ok(c.cast(&DataType::Float64)?.f64()?.iter().collect())
    };
    let mut columns: Vec<Column> = Vec::new();
    // The rows, from the first column: every row begun has its point.
    let mut rows: Vec<Option<f64>> = Vec::new();
    for &v in col_values {
        let label = format!("{col}={}", col_text(v));
        let part = of_metric.filter(&col_f64.f64()?.equal(v))?;
        let keys = as_f64(part.column(row)?)?;
        if columns.is_empty() {
            rows = keys.clone();
            columns.push(part.column(row)?.clone());
        }
        let aligned = |name: &str| -> PolarsResult<Vec<Option<f64>>> {
            let values = as_f64(part.column(name)?)?;
            Ok(rows
                .iter()
                .map(|r| keys.iter().position(|k| k == r).and_then(|i| values[i]))
                .collect())
        };
        columns.push(Column::new(label.as_str().into(), aligned("estimate")?));
        if with_exact {
            let name = format!("{label} exact");
            columns.push(Column::new(name.as_str().into(), aligned("exact")?));
        }
    }
    if columns.is_empty() {
        return Err(polars_err!(NoData: "no values to pivot"));
    }
    DataFrame::new_infer_height(columns)
}

/// The grid of a two-field fight sweep's difficulty bands: a row per value of the first
/// field (its own column, as in the other pivots), a column `<field>=<value>` per value of
/// the second, each cell the band, with the neighbours its intervals reach in brackets
/// (`medium (borderline hard)`: no comma, so no quoting), empty where the point was not run.
/// `None` when no point has a band.
pub fn difficulty_pivot(sweep: &SweepReport) -> PolarsResult<Option<DataFrame>> {
    if sweep.fields.len() != 2 || sweep.points.iter().all(|p| p.difficulty.is_none()) {
        return Ok(None);
    }
    let labels = sweep.field_labels();
    let (rows, cols) = (sweep.field_values(0), sweep.field_values(1));
    let cell = |r: f64, c: f64| {
        sweep
            .points
            .iter()
            .find(|p| p.values[0] == r && p.values[1] == c)
            .and_then(|p| p.difficulty.as_ref())
            .map(|d| match d.borderline_words() {
                Some(near) => format!("{} (borderline {near})", d.band.name()),
                None => d.band.name().to_string(),
            })
    };
    let name = PlSmallStr::from(labels[0].as_str());
    let mut columns = vec![if sweep.field_is_integer(0) {
        Column::new(name, rows.iter().map(|&r| r as i64).collect::<Vec<_>>())
    } else {
        Column::new(name, rows.clone())
    }];
    for &c in &cols {
        let label = format!("{}={}", labels[1], sweep.value_text(1, c));
        columns.push(Column::new(
            label.as_str().into(),
            rows.iter().map(|&r| cell(r, c)).collect::<Vec<_>>(),
        ));
    }
    DataFrame::new_infer_height(columns).map(Some)
}

/// Writes `sweep.csv`, the pivots (two fields) and `sweep.json` into `files`.
pub fn write_tables(sweep: &SweepReport, files: &mut Staged) -> Result<(), OutputError> {
    let err = |name: &str| {
        let path = Path::new(name).to_path_buf();
        move |e: PolarsError| OutputError::Table {
            path,
            message: e.to_string(),
        }
    };
    let long = long_frame(sweep).map_err(err("sweep.csv"))?;
    let mut written = with_words(sweep, long.clone()).map_err(err("sweep.csv"))?;
    write_frame(&mut written, "sweep.csv", files)?;
    if sweep.fields.len() == 2 {
        let labels = sweep.field_labels();
        for metric in sweep.headline_metrics() {
            let name = format!("pivot_{}.csv", file_part(&metric));
            let pivot = pivot_frame(
                &long,
                &metric,
                &labels[0],
                &labels[1],
                &sweep.field_values(1),
                |v| sweep.value_text(1, v),
            )
            .and_then(|p| with_words(sweep, p))
            .map_err(err(&name))?;
            write_frame(&mut { pivot }, &name, files)?;
        }
        let name = "pivot_difficulty.csv";
        if let Some(pivot) = difficulty_pivot(sweep).map_err(err(name))? {
            let pivot = with_words(sweep, pivot).map_err(err(name))?;
            write_frame(&mut { pivot }, name, files)?;
        }
    }
    let text = serde_json::to_string_pretty(sweep).expect("a sweep always serializes");
    files.text("sweep.json", &(text + "\n"))
}

#[cfg(test)]
mod tests;
