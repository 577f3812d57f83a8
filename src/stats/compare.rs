//! A/B comparisons of paired runs: each counter's rate under A and B, the difference B − A
//! and a 95% interval for it that accounts for the pairing (both runs see the same random
//! numbers, so their outcomes are correlated and the difference is much tighter than two
//! independent intervals suggest).

use super::interval::z95;
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
    DiffRow {
        metric: metric.to_string(),
        a,
        b,
        difference: d,
        ci_low,
        ci_high,
        significant: ci_low > 0.0 || ci_high < 0.0,
        trials: n,
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_runs_differ_by_exactly_zero() {
        let r = paired_difference("x", 0, 0, 400, 1000);
        assert_eq!(
            (r.a, r.b, r.difference, r.ci_low, r.ci_high),
            (0.4, 0.4, 0.0, 0.0, 0.0)
        );
        assert!(!r.significant);
    }

    #[test]
    fn pairing_uses_only_the_discordant_trials() {
        // 30 trials where only B counted, 10 where only A did, of 1000.
        let r = paired_difference("x", 10, 30, 500, 1000);
        assert!((r.difference - 0.02).abs() < 1e-12);
        let var: f64 = (0.04 - 0.0004) * 1000.0 / 999.0;
        let half = z95() * (var / 1000.0).sqrt();
        assert!((r.ci_low - (0.02 - half)).abs() < 1e-12);
        assert!(r.significant, "{r:?}");
    }
}
