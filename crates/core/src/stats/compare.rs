//! A/B comparisons of paired runs: each counter's rate under A and B, the difference B − A
//! and a 95% interval for it that accounts for the pairing (both runs see the same random
//! numbers, so their outcomes are correlated and the difference is much tighter than two
//! independent intervals suggest), beside each side's own interval and exact value; the
//! rates a comparison leads with ([`headline_rates`]), and a file's base and its
//! `[variant.*]` tables side by side ([`VariantsReport`]).

use super::interval::{wilson_interval, z95};
use super::{About, MetricKind, MetricRow, Report, Role};
use serde::Serialize;

/// One metric compared.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DiffRow {
    /// Metric name.
    pub metric: String,
    /// Rate under A.
    pub a: f64,
    /// Rate under B.
    pub b: f64,
    /// B − A.
    pub difference: f64,
    /// Lower end of the 95% interval of the difference.
    pub ci_low: f64,
    /// Upper end of the 95% interval of the difference.
    pub ci_high: f64,
    /// The interval excludes zero.
    pub significant: bool,
    /// Paired trials.
    pub trials: u64,
    /// A's exact value, where known.
    pub exact_a: Option<f64>,
    /// B's exact value, where known.
    pub exact_b: Option<f64>,
    /// The exact B − A, where both are known.
    pub exact_diff: Option<f64>,
    /// Lower end of the 95% interval of A's rate alone (Wilson, as `run` gives it).
    pub a_ci_low: f64,
    /// Upper end of the 95% interval of A's rate alone.
    pub a_ci_high: f64,
    /// Lower end of the 95% interval of B's rate alone.
    pub b_ci_low: f64,
    /// Upper end of the 95% interval of B's rate alone.
    pub b_ci_high: f64,
}

impl DiffRow {
    /// With the exact values of A and B (and so of B − A, where both are known).
    pub fn with_exact(mut self, a: Option<f64>, b: Option<f64>) -> Self {
        self.exact_a = a;
        self.exact_b = b;
        self.exact_diff = a.zip(b).map(|(a, b)| b - a);
        self
    }

    /// Neither side ever counted it.
    pub fn never(&self) -> bool {
        self.a == 0.0 && self.b == 0.0
    }
}

/// The difference of two paired rates from their joint counts: `a_only` trials counted by A
/// alone, `b_only` by B alone, `both` by both, out of `n`. The interval is the normal one for
/// the mean of the per-trial differences dᵢ ∈ {−1, 0, 1}.
pub fn paired_difference(metric: &str, a_only: u64, b_only: u64, both: u64, n: u64) -> DiffRow {
    let nf = n.max(1) as f64;
    let a = (a_only + both) as f64 / nf;
    let b = (b_only + both) as f64 / nf;
    let d = b - a;
    let second_moment = (a_only + b_only) as f64 / nf;
    let var = (second_moment - d * d).max(0.0) * nf / (nf - 1.0).max(1.0);
    let half = z95() * (var / nf).sqrt();
    let (ci_low, ci_high) = (d - half, d + half);
    let (a_ci_low, a_ci_high) = wilson_interval(a_only + both, n);
    let (b_ci_low, b_ci_high) = wilson_interval(b_only + both, n);
    DiffRow {
        metric: metric.to_string(),
        a,
        b,
        difference: d,
        ci_low,
        ci_high,
        significant: ci_low > 0.0 || ci_high < 0.0,
        trials: n,
        exact_a: None,
        exact_b: None,
        exact_diff: None,
        a_ci_low,
        a_ci_high,
        b_ci_low,
        b_ci_high,
    }
}

/// A comparison of two scenarios.
#[derive(Debug, Clone, Serialize)]
pub struct CompareReport {
    /// Scenario A's name.
    pub a: String,
    /// Scenario B's name.
    pub b: String,
    /// Paired trials.
    pub trials: u64,
    /// Seed of both runs.
    pub seed: u64,
    /// Counters present in both, in A's order.
    pub metrics: Vec<DiffRow>,
    /// Set when an interrupt cut the run short: `trials` are then the first paired trials
    /// done, and the numbers those of a run of that many.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partial: Option<super::Partial>,
}

/// The rates a comparison leads with, by role: a day's survival and clearing, a roll's
/// success and up to three side effects, a fight's "someone dies" for every side (the
/// difficulty band's side first) and its band side's win and "everyone down" (every side's
/// when it has no band); else its first rate.
pub fn headline_rates(report: &Report) -> Vec<&MetricRow> {
    let rates = || {
        (report.metrics.iter()).filter(|r| r.kind == MetricKind::Rate && r.meta.encounter.is_none())
    };
    let with = |role: Role| rates().filter(move |r| r.meta.role == role);
    let side = |r: &MetricRow| match &r.meta.about {
        About::Side(s) => Some(s.clone()),
        _ => None,
    };
    let band = report.difficulty.as_ref().map(|d| d.side.clone());
    let mut out: Vec<&MetricRow> = Vec::new();
    for role in [Role::Survived, Role::Cleared, Role::Success] {
        out.extend(with(role).take(1));
    }
    out.extend(with(Role::SideEffect).take(3));
    let mut anys: Vec<&MetricRow> = with(Role::AnyDeath).collect();
    anys.sort_by_key(|r| band.is_some() && side(r) != band);
    out.extend(anys);
    for role in [Role::Win, Role::AllDown] {
        out.extend(with(role).filter(|r| band.is_none() || side(r) == band));
    }
    if out.is_empty() {
        out.extend(rates().find(|r| r.meta.role != Role::Distribution));
    }
    out
}

/// One `[variant.NAME]` of a file, paired with the file's own scenario (the base).
#[derive(Debug, Clone)]
pub struct VariantResult {
    /// Its name (`chain_mail`).
    pub label: String,
    /// Its run, as `run` reports one (its numbers those of the paired trials).
    pub report: Report,
    /// Its comparison with the base (A: the base, B: the variant).
    pub compare: CompareReport,
}

/// A file's base scenario and each of its variants on the same random numbers, side by side.
#[derive(Debug, Clone)]
pub struct VariantsReport {
    /// The base scenario's name.
    pub scenario: String,
    /// Its system.
    pub system: String,
    /// Paired trials.
    pub trials: u64,
    /// Seed of every run.
    pub seed: u64,
    /// The base's run: that of `oddsmith run` with the same seed and trials.
    pub base: Report,
    /// Each variant, in the file's order.
    pub variants: Vec<VariantResult>,
}

#[cfg(test)]
mod tests;
