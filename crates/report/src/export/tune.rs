//! A target search (`oddsmith tune`) as text: how the rates were found (exact, or sampled
//! with how many trials), the two values the target lies between with their rates and the
//! interpolated crossing, or why the search ended without reaching the target. Rates read
//! as percentages ([`super::format`]); `--json` keeps raw probabilities.

use super::format::{self, percent, thousands};
use oddsmith_core::stats::tune::{Tried, TuneReport};
use oddsmith_core::stats::{Meta, MetricKind, MetricRow};
use std::fmt::Write;

/// One value tried: `check.challenge = 5: success 64.00% (exact)`, or a sampled rate with
/// its interval (and its trials, where `--precision` chose them).
pub fn tried_line(field: &str, metric: &str, t: &Tried, precision: Option<f64>) -> String {
    let rate = if t.is_exact() {
        format!("{} (exact)", percent(t.estimate))
    } else {
        let row = MetricRow {
            metric: metric.to_string(),
            kind: MetricKind::Rate,
            meta: Meta::default(),
            estimate: t.estimate,
            ci_low: t.ci_low,
            ci_high: t.ci_high,
            exact: t.exact,
            exact_bound: None,
            trials: t.trials,
        };
        let trials = precision
            .map(|_| format!(" in {} trials", thousands(t.trials)))
            .unwrap_or_default();
        format!("{}{trials}", format::estimate(&row))
    };
    format!("{field} = {}: {metric} {rate}", t.value)
}

/// How the rates were found: `exact values: no sampling`, or the trials and seed.
fn sampling(r: &TuneReport) -> String {
    match (r.sampled, r.precision) {
        (false, _) => "exact values: no sampling (every value tried has an exact rate)".to_string(),
        (true, Some(p)) => format!(
            "sampled until each value's 95% half-width is at most {} points (at most {} \
             trials), seed {}; values with an exact rate are not sampled",
            format::plain(p * 100.0),
            thousands(r.trials),
            r.seed
        ),
        (true, None) => format!(
            "sampled: {} trials per value, seed {} (the same random numbers for every value); \
             values with an exact rate are not sampled",
            thousands(r.trials),
            r.seed
        ),
    }
}

/// The whole search as text.
pub fn render_tune(r: &TuneReport) -> String {
    let mut out = String::new();
    let line = |t: &Tried| tried_line(&r.field, &r.metric, t, r.precision);
    let _ = writeln!(
        out,
        "{}: {} against a target of {} over {}",
        r.scenario,
        r.metric,
        percent(r.target),
        r.field
    );
    let _ = writeln!(out, "{}", sampling(r));
    if r.partial {
        let _ = writeln!(
            out,
            "PARTIAL: interrupted before the search finished; no answer. Values tried:"
        );
        for t in &r.tried {
            let _ = writeln!(out, "  {}", line(t));
        }
    }
    if let Some((lo, hi)) = &r.bracket {
        let _ = writeln!(
            out,
            "the target lies between\n  {}\n  {}",
            line(lo),
            line(hi)
        );
    } else if r.best.is_some() {
        let _ = writeln!(out, "the target was not reached:");
        for s in &r.stops {
            let _ = writeln!(out, "  {}: {}", s.direction, s.message);
        }
    }
    if let Some(best) = &r.best {
        let _ = writeln!(out, "closest: {}", line(best));
    }
    if let (Some(x), Some((lo, hi))) = (r.crossing, &r.bracket) {
        let from = if r.sampled {
            "the estimates"
        } else {
            "the exact rates"
        };
        let _ = writeln!(
            out,
            "crossing: {} ≈ {x:.2}, interpolated linearly between {from} at {} and {} (the \
             field takes whole values)",
            r.field, lo.value, hi.value
        );
    }
    out
}
