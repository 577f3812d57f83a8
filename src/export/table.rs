//! Terminal tables: a run's metrics (estimate, 95% interval, exact value, trials), a sweep,
//! a comparison and a target search, aligned.

use crate::stats::compare::CompareReport;
use crate::stats::tune::{Tried, TuneReport};
use crate::stats::{MetricKind, MetricRow, Report};
use std::fmt::Write;

fn fmt_value(kind: MetricKind, v: f64) -> String {
    if v.is_nan() {
        return "-".into();
    }
    match kind {
        MetricKind::Rate => format!("{v:.6}"),
        MetricKind::Mean | MetricKind::Quantile => format!("{v:.4}"),
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

/// A comparison as text: both names, then each shared rate's A, B, difference and paired
/// interval, with a mark where the interval excludes 0.
pub fn render_compare(r: &CompareReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "A: {}\nB: {}\n{} paired trials, seed {} (same random numbers for both)",
        r.a, r.b, r.trials, r.seed
    );
    let header = ["metric", "A", "B", "B − A", "95% interval of B − A", ""];
    let rows: Vec<Vec<String>> = r
        .metrics
        .iter()
        .map(|m| {
            vec![
                m.metric.clone(),
                format!("{:.6}", m.a),
                format!("{:.6}", m.b),
                format!("{:+.6}", m.difference),
                format!("[{:+.6}, {:+.6}]", m.ci_low, m.ci_high),
                if m.significant {
                    "*".into()
                } else {
                    String::new()
                },
            ]
        })
        .collect();
    out.push_str(&aligned(&header, &rows, 0));
    let _ = writeln!(out, "* the interval excludes 0: B differs from A");
    out
}

/// A target search as text: the closest value and the two the target lies between.
pub fn render_tune(r: &TuneReport) -> String {
    let mut out = String::new();
    let row = |t: &Tried| {
        format!(
            "{} = {}: {} {:.6} [{:.6}, {:.6}]{}",
            r.field,
            t.value,
            r.metric,
            t.estimate,
            t.ci_low,
            t.ci_high,
            t.exact
                .map(|e| format!(" exact {e:.6}"))
                .unwrap_or_default()
        )
    };
    let _ = writeln!(
        out,
        "{}: {} closest to {} over {} ({} trials per value, seed {})",
        r.scenario, r.metric, r.target, r.field, r.trials, r.seed
    );
    match (&r.best, &r.bracket) {
        (Some(best), Some((lo, hi))) => {
            let _ = writeln!(out, "closest: {}", row(best));
            let _ = writeln!(out, "the target lies between\n  {}\n  {}", row(lo), row(hi));
        }
        (Some(best), None) => {
            let _ = writeln!(
                out,
                "the target was not reached in the values the scenario allows; closest: {}",
                row(best)
            );
        }
        _ => {}
    }
    out
}
