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

/// A row as the five display cells: metric, estimate, interval, exact, trials.
pub fn cells(row: &MetricRow) -> [String; 5] {
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

/// `rows` aligned under `header`: column `left` left-aligned, the others right-aligned,
/// two spaces apart.
pub fn aligned<S: AsRef<str>>(header: &[S], rows: &[Vec<String>], left: usize) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.as_ref().chars().count()).collect();
    for row in rows {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let head: Vec<String> = header.iter().map(|h| h.as_ref().to_string()).collect();
    let mut out = String::new();
    for row in std::iter::once(&head).chain(rows) {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, w))| {
                if i == left {
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

/// The report as an aligned text table with a heading line.
pub fn render(report: &Report, notes: &[String]) -> String {
    let header = ["metric", "estimate", "95% interval", "exact", "trials"];
    let body: Vec<Vec<String>> = report.metrics.iter().map(|m| cells(m).to_vec()).collect();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({}) — {} trials, seed {}",
        report.scenario, report.system, report.trials, report.seed
    );
    for note in notes {
        let _ = writeln!(out, "  {note}");
    }
    out.push_str(&aligned(&header, &body, 0));
    out
}

/// A sweep as one aligned table: the swept fields, then each headline rate's estimate,
/// interval and exact value, a row per grid point and metric.
pub fn render_sweep(sweep: &crate::stats::SweepReport) -> String {
    let labels = sweep.field_labels();
    let headline = sweep.headline_metrics();
    let mut header: Vec<String> = labels.clone();
    header.extend(["metric", "estimate", "95% interval", "exact"].map(String::from));
    let mut body: Vec<Vec<String>> = Vec::new();
    for p in &sweep.points {
        for row in p.metrics.iter().filter(|r| headline.contains(&r.metric)) {
            let mut line: Vec<String> = p.values.iter().map(|v| format!("{v}")).collect();
            line.extend(cells(row).into_iter().take(4));
            body.push(line);
        }
    }
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({}) — sweep of {} over {} points, {} trials each, seed {}",
        sweep.scenario,
        sweep.system,
        sweep.fields.join(" × "),
        sweep.points.len(),
        sweep.trials,
        sweep.seed
    );
    out.push_str(&aligned(&header, &body, labels.len()));
    out
}
