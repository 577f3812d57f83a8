//! Turns a merged [`Tally`] into reported rows: counters become rates with Wilson intervals,
//! histograms become per-value rates or quantile summaries, and exact values supplied by the
//! rule system are attached by metric name.

use super::interval::{mean_interval, ratio_interval, wilson_interval, z95};
use super::role::{Meta, Role, Tail};
use super::summary::{DistPoint, Distribution, DistributionKind, MetricKind, MetricRow, Onset};
use super::tally::{Histogram, HistogramReport, Layout, Tally};
use std::collections::BTreeMap;

/// Exact values by metric name, as a rule system computes them.
pub type ExactValues = BTreeMap<String, f64>;

/// Builds the report rows for `tally` (filled with `layout`), attaching `exact` by name.
pub fn summarize(layout: &Layout, tally: &Tally, exact: Option<&ExactValues>) -> Vec<MetricRow> {
    let n = tally.trials();
    let exact_of = |name: &str| exact.and_then(|e| e.get(name).copied());
    let mut rows = Vec::new();
    for ((name, meta), &hits) in layout.counters().zip(tally.counters()) {
        let row = rate_row(name.to_string(), hits, n, exact_of(name));
        rows.push(MetricRow {
            meta: meta.clone(),
            ..row
        });
    }
    for (name, value, meta) in layout.constants() {
        let v = value as f64;
        rows.push(MetricRow {
            metric: name.to_string(),
            kind: MetricKind::Constant,
            meta: meta.clone(),
            estimate: v,
            ci_low: v,
            ci_high: v,
            exact: Some(v),
            exact_bound: None,
            trials: n,
        });
    }
    for ((name, meta), sums) in layout.ratios().zip(tally.ratios()) {
        let metric = format!("{name}.mean");
        let (estimate, ci_low, ci_high) = ratio_interval(sums, n);
        rows.push(MetricRow {
            exact: exact_of(&metric),
            exact_bound: None,
            metric,
            kind: MetricKind::Mean,
            meta: meta.clone(),
            estimate,
            ci_low,
            ci_high,
            // A ratio whose denominator never came up (`won_down` of a side that never won)
            // has no data.
            trials: if sums.y == 0 { 0 } else { n },
        });
    }
    for ((name, report, meta), hist) in layout.histograms().zip(tally.histograms_slice()) {
        match report {
            HistogramReport::Buckets => {
                let bucket = meta.with_role(Role::Distribution);
                let total = hist.total();
                for (value, &count) in hist.counts().iter().enumerate() {
                    let metric = format!("{name}.{value}");
                    let ex = exact_of(&metric);
                    let row = rate_row(metric, count, total, ex);
                    rows.push(MetricRow {
                        meta: bucket.clone(),
                        ..row
                    });
                }
                let metric = format!("{name}.mean");
                let ex = exact_of(&metric);
                rows.push(mean_row(metric, hist, ex, meta));
            }
            HistogramReport::Survival => {}
            HistogramReport::Onset { after, aftermath } => {
                let counts = hist.counts();
                let within = Histogram::from_counts(counts[..after.min(counts.len())].to_vec());
                for (label, q) in [("median", 0.5), ("p10", 0.1)] {
                    let metric = format!("{name}.{label}");
                    let ex = exact_of(&metric);
                    rows.push(quantile_row(metric, &within, q, ex, meta));
                }
                let n = hist.total();
                let tails = [
                    ("after", Tail::After, after),
                    ("never", Tail::Never, after + 1),
                ];
                for (label, tail, bucket) in tails.into_iter().skip(usize::from(!aftermath)) {
                    let metric = format!("{name}.{label}");
                    let ex = exact_of(&metric);
                    let count = counts.get(bucket).copied().unwrap_or(0);
                    let row = rate_row(metric, count, n, ex);
                    rows.push(MetricRow {
                        meta: meta.with_tail(tail),
                        ..row
                    });
                }
            }
            HistogramReport::Quantiles => {
                let metric = format!("{name}.mean");
                let ex = exact_of(&metric);
                rows.push(mean_row(metric, hist, ex, meta));
                for (label, q) in [("median", 0.5), ("p90", 0.9), ("p99", 0.99)] {
                    let metric = format!("{name}.{label}");
                    let ex = exact_of(&metric);
                    rows.push(quantile_row(metric, hist, q, ex, meta));
                }
            }
        }
    }
    rows
}

/// Whether every rate of `tally` has a 95% interval half-width of at most `precision`.
pub fn rates_within(layout: &Layout, tally: &Tally, precision: f64) -> bool {
    summarize(layout, tally, None)
        .iter()
        .filter(|r| r.kind == MetricKind::Rate)
        .all(|r| (r.ci_high - r.ci_low) / 2.0 <= precision)
}

/// Every histogram of `tally` as a table: per-value rates for histograms, the share still
/// going after each step for survival curves (steps `0..=last` where `last` is the largest
/// step any survival histogram of the layout needs); an onset histogram says which of its
/// values are not rounds ([`Onset`]).
pub fn distributions(layout: &Layout, tally: &Tally) -> Vec<Distribution> {
    let mut out = Vec::new();
    for ((name, report, meta), hist) in layout.histograms().zip(tally.histograms_slice()) {
        let n = hist.total();
        let point = |x: usize, count: u64| {
            let (ci_low, ci_high) = wilson_interval(count, n);
            DistPoint {
                x: x as u64,
                count,
                rate: if n == 0 {
                    f64::NAN
                } else {
                    count as f64 / n as f64
                },
                ci_low,
                ci_high,
            }
        };
        let (kind, points) = match report {
            HistogramReport::Survival => {
                let counts = hist.counts();
                let last = counts.iter().rposition(|&c| c > 0).unwrap_or(0);
                let mut beyond = n;
                let mut points = Vec::with_capacity(last);
                for (k, &c) in counts.iter().enumerate().take(last) {
                    beyond -= c;
                    points.push(point(k, beyond));
                }
                (DistributionKind::Survival, points)
            }
            _ => (
                DistributionKind::Histogram,
                hist.counts()
                    .iter()
                    .enumerate()
                    .map(|(x, &c)| point(x, c))
                    .collect(),
            ),
        };
        let onset = match report {
            HistogramReport::Onset { after, aftermath } => Some(Onset {
                after: after as u64,
                aftermath,
            }),
            _ => None,
        };
        out.push(Distribution {
            name: name.to_string(),
            kind,
            meta: meta.clone(),
            trials: n,
            points,
            onset,
        });
    }
    out
}

/// A rate row: `hits / n` with its Wilson interval (role left as `Other`).
pub fn rate_row(metric: String, hits: u64, n: u64, exact: Option<f64>) -> MetricRow {
    let (ci_low, ci_high) = wilson_interval(hits, n);
    MetricRow {
        metric,
        kind: MetricKind::Rate,
        meta: Meta::default(),
        estimate: if n == 0 {
            f64::NAN
        } else {
            hits as f64 / n as f64
        },
        ci_low,
        ci_high,
        exact,
        exact_bound: None,
        trials: n,
    }
}

fn mean_row(metric: String, hist: &Histogram, exact: Option<f64>, meta: &Meta) -> MetricRow {
    let (mut sum, mut sum_sq) = (0u128, 0u128);
    for (v, &c) in hist.counts().iter().enumerate() {
        let v = v as u128;
        sum += v * u128::from(c);
        sum_sq += v * v * u128::from(c);
    }
    let n = hist.total();
    let (estimate, ci_low, ci_high) = mean_interval(sum as f64, sum_sq as f64, n);
    MetricRow {
        metric,
        kind: MetricKind::Mean,
        meta: meta.clone(),
        estimate,
        ci_low,
        ci_high,
        exact,
        exact_bound: None,
        trials: n,
    }
}

/// The smallest value whose cumulative count reaches `rank` (1-based), clamped to the data.
fn value_at_rank(hist: &Histogram, rank: f64) -> f64 {
    let n = hist.total();
    let rank = rank.ceil().clamp(1.0, n as f64) as u64;
    let mut seen = 0;
    for (v, &c) in hist.counts().iter().enumerate() {
        seen += c;
        if seen >= rank {
            return v as f64;
        }
    }
    (hist.counts().len().saturating_sub(1)) as f64
}

/// A quantile row with a distribution-free 95% interval from the binomial ranks
/// `n·q ± z·√(n·q·(1−q))`.
fn quantile_row(
    metric: String,
    hist: &Histogram,
    q: f64,
    exact: Option<f64>,
    meta: &Meta,
) -> MetricRow {
    let n = hist.total();
    let n_f = n as f64;
    let spread = z95() * (n_f * q * (1.0 - q)).sqrt();
    let (estimate, ci_low, ci_high) = if n == 0 {
        (f64::NAN, f64::NAN, f64::NAN)
    } else {
        (
            value_at_rank(hist, n_f * q),
            value_at_rank(hist, n_f * q - spread),
            value_at_rank(hist, n_f * q + spread + 1.0),
        )
    };
    MetricRow {
        metric,
        kind: MetricKind::Quantile((q * 100.0).round() as u8),
        meta: meta.clone(),
        estimate,
        ci_low,
        ci_high,
        exact,
        exact_bound: None,
        trials: n,
    }
}

#[cfg(test)]
mod tests;
