//! The terminal table: metric, estimate, 95% interval, exact value and trials, aligned.

use crate::stats::{MetricKind, MetricRow, Report};
use std::fmt::Write;

fn fmt_value(kind: MetricKind, v: f64) -> String {
    if v.is_nan() {
        return "-".into();
    }
    match kind {
        MetricKind::Rate => format!("{v:.6}"),
        MetricKind::Value => format!("{v:.4}"),
    }
}

fn cells(row: &MetricRow) -> [String; 5] {
    [
        row.metric.clone(),
        fmt_value(row.kind, row.estimate),
        format!(
            "[{}, {}]",
            fmt_value(row.kind, row.ci_low),
            fmt_value(row.kind, row.ci_high)
        ),
        row.exact
            .map_or_else(|| "-".into(), |e| fmt_value(row.kind, e)),
        row.trials.to_string(),
    ]
}

/// The report as an aligned text table with a heading line.
pub fn render(report: &Report, notes: &[String]) -> String {
    let header = ["metric", "estimate", "95% interval", "exact", "trials"].map(String::from);
    let body: Vec<[String; 5]> = report.metrics.iter().map(cells).collect();
    let mut widths = header.clone().map(|h| h.chars().count());
    for row in &body {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({}) — {} trials, seed {}",
        report.scenario, report.system, report.trials, report.seed
    );
    for note in notes {
        let _ = writeln!(out, "  {note}");
    }
    for row in std::iter::once(&header).chain(&body) {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, w))| {
                if i == 0 {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect();
        let _ = writeln!(out, "{}", line.join("  ").trim_end());
    }
    out
}
