//! A file's base scenario and its `[variant.*]` tables side by side: one table with a column
//! per variant (each cell the variant's rate and, in brackets, its change from the base in
//! percentage points with the paired interval's half-width), the exact values likewise, a
//! difficulty line and headline sentences per variant; `variants.csv` (Polars) with a row
//! per variant and metric, the columns of `compare.csv` after a `variant` column; and the
//! variants chart ([`crate::plot::variants`]).

use super::comparison::{Group, group, headline, paired_line};
use super::format::{self, percent, percent_pm, points, points_decimals};
use super::table::{TextTable, bold, to_text};
use super::write::Staged;
use oddsmith_core::error::OutputError;
use oddsmith_core::stats::compare::{DiffRow, VariantsReport, headline_rates};
use polars::prelude::*;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The unit line of the side-by-side table.
const UNIT: &str = "95% intervals; in brackets the change from the base in percentage points \
                    ± its paired 95% interval, * where that excludes 0";

/// The compared rates the table shows, in the base's order: the first table's and dead and
/// down per combatant, leaving out those no column saw.
fn shown(v: &VariantsReport) -> Vec<&str> {
    (v.base.metrics.iter())
        .filter(|m| group(m) != Group::Rest)
        .filter(|m| {
            let diffs = v.variants.iter().filter_map(|x| diff(x, &m.metric));
            let mut diffs = diffs.peekable();
            diffs.peek().is_some() && !diffs.all(|d| d.never())
        })
        .map(|m| m.metric.as_str())
        .collect()
}

/// A variant's comparison of `metric`, if both have it.
fn diff<'a>(
    x: &'a oddsmith_core::stats::compare::VariantResult,
    metric: &str,
) -> Option<&'a DiffRow> {
    x.compare.metrics.iter().find(|d| d.metric == metric)
}

/// The side-by-side table, and the exact values likewise where any are known.
pub fn variants_tables(v: &VariantsReport) -> Vec<TextTable> {
    let rows = shown(v);
    let mut header = vec!["metric".to_string(), "base".to_string()];
    header.extend(v.variants.iter().map(|x| x.label.clone()));
    let base = |metric: &str| v.base.metrics.iter().find(|m| m.metric == metric);
    let sampled = rows
        .iter()
        .map(|&metric| {
            let mut cells = vec![metric.to_string()];
            cells.push(base(metric).map_or_else(
                || "-".into(),
                |m| percent_pm(m.estimate, m.ci_low, m.ci_high),
            ));
            for x in &v.variants {
                cells.push(diff(x, metric).map_or_else(|| "-".into(), change_cell));
            }
            cells
        })
        .collect();
    let mut tables = vec![TextTable {
        title: format!("Side by side ({UNIT})"),
        header: header.clone(),
        rows: sampled,
        left: 1,
    }];
    let exact: Vec<Vec<String>> = rows
        .iter()
        .filter(|&&metric| {
            v.variants
                .iter()
                .any(|x| diff(x, metric).is_some_and(has_exact))
        })
        .map(|&metric| {
            let mut cells = vec![metric.to_string()];
            let a = v.variants.iter().find_map(|x| diff(x, metric)?.exact_a);
            cells.push(a.map_or_else(|| "-".into(), percent));
            for x in &v.variants {
                cells.push(diff(x, metric).map_or_else(|| "-".into(), exact_cell));
            }
            cells
        })
        .collect();
    if !exact.is_empty() {
        tables.push(TextTable {
            title: "Exact values (in brackets the exact change in percentage points)".into(),
            header,
            rows: exact,
            left: 1,
        });
    }
    tables
}

fn has_exact(d: &DiffRow) -> bool {
    d.exact_a.is_some() || d.exact_b.is_some()
}

/// A variant's cell: `4.05% (-1.59 ±0.07 *)`.
fn change_cell(d: &DiffRow) -> String {
    let half = (d.ci_high - d.ci_low) / 2.0 * 100.0;
    let dec = points_decimals(half, 2);
    let mark = if d.significant { " *" } else { "" };
    format!(
        "{} ({} ±{half:.dec$}{mark})",
        percent(d.b),
        points(d.difference * 100.0, dec)
    )
}

/// A variant's exact cell: `78.40% (+29.40)`, or `-`.
fn exact_cell(d: &DiffRow) -> String {
    match (d.exact_b, d.exact_diff) {
        (Some(b), Some(e)) => format!("{} ({})", percent(b), points(e * 100.0, 2)),
        (Some(b), None) => percent(b),
        _ => "-".into(),
    }
}

/// The difficulty line (each column's band) and a headline per variant and headline rate.
pub fn variants_headlines(v: &VariantsReport) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(d) = &v.base.difficulty {
        let mut s = format!("Difficulty for {}: base {}", d.side, d.label());
        for x in &v.variants {
            if let Some(b) = &x.report.difficulty {
                s.push_str(&format!("; {} {}", x.label, b.label()));
            }
        }
        out.push(s + ".");
    }
    for x in &v.variants {
        for row in headline_rates(&v.base) {
            if let Some(d) = diff(x, &row.metric).filter(|d| !d.never()) {
                out.push(headline(row, d, &x.label, "the base"));
            }
        }
    }
    out
}

/// The side by side as text: the heading, why paired, the headlines, the tables, and what
/// is left to the files.
pub fn render_variants(v: &VariantsReport, colour: bool) -> String {
    let mut out = String::new();
    for x in v.variants.iter().filter(|x| x.compare.partial.is_some()) {
        let _ = writeln!(
            out,
            "PARTIAL: {} interrupted after {} paired trials; its numbers are those of a run of \
             that many",
            x.label,
            format::thousands(x.compare.trials)
        );
    }
    let _ = writeln!(
        out,
        "{} ({}): the base and {} variant{}, {} paired trials each, seed {}\n{}\n",
        v.scenario,
        v.system,
        v.variants.len(),
        if v.variants.len() == 1 { "" } else { "s" },
        format::thousands(v.trials),
        v.seed,
        paired_line(true)
    );
    for h in variants_headlines(v) {
        let _ = writeln!(out, "{}", bold(&h, colour));
    }
    out.push('\n');
    for t in variants_tables(v) {
        out.push_str(&to_text(&t));
        out.push('\n');
    }
    let rest = (v.variants.iter())
        .flat_map(|x| &x.compare.metrics)
        .filter(|d| !shown(v).contains(&d.metric.as_str()))
        .map(|d| d.metric.as_str())
        .collect::<std::collections::BTreeSet<_>>()
        .len();
    let _ = writeln!(
        out,
        "Every compared rate ({} not shown here) with its intervals and exact values: \
         variants.csv, and each variant's compare.csv.",
        rest
    );
    out
}

/// Writes `variants.csv`, `variants.png` and `variants.svg` into `dir`; returns their paths.
pub fn write_variants(v: &VariantsReport, dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
    let mut files = Staged::new(dir)?;
    let csv = dir.join("variants.csv");
    let rows: Vec<(&str, &DiffRow)> = (v.variants.iter())
        .flat_map(|x| x.compare.metrics.iter().map(|d| (x.label.as_str(), d)))
        .collect();
    let mut frame = super::compare::diff_frame(rows.iter().map(|(_, d)| *d), false)
        .and_then(|mut df| {
            let labels: Vec<&str> = rows.iter().map(|(l, _)| *l).collect();
            df.insert_column(0, Column::new("variant".into(), labels))?;
            Ok(df)
        })
        .map_err(|e| OutputError::Table {
            path: csv.clone(),
            message: e.to_string(),
        })?;
    super::csv::write_frame(&mut frame, "variants.csv", &mut files)?;
    crate::plot::render(&crate::plot::variants::VariantChart, v, &mut files)?;
    files.commit()
}
