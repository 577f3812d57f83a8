//! An expression's exact distribution as `oddsmith dice` shows it: each possible total with
//! its probability and the chances of at least and at most it, the mean and standard
//! deviation, the truncation bound, and the chance to reach a target (`--vs N`: total ≥ N;
//! `--above N`: total > N). Built from a [`DiceExpr`] and its table; printed and written by
//! the report crate's `export::dice` and drawn by its `plot::dice`.
//!
//! With exploding dice the table may leave out up to [`Summary::bound`] of the probability
//! (mass beyond the explosions it follows): every figure is then the table's, which may be
//! short of the truth by at most that much.

use super::{DiceExpr, Pmf};
use serde::Serialize;

/// One possible total.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Row {
    /// The total.
    pub value: i64,
    /// `P(total = value)`.
    pub p: f64,
    /// `P(total ≥ value)`.
    pub at_least: f64,
    /// `P(total ≤ value)`.
    pub at_most: f64,
}

/// The chance to reach a target.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Target {
    /// The target as given.
    pub n: i64,
    /// `P(total ≥ n)`, or `P(total > n)` when `strictly`.
    pub p: f64,
    /// Strictly above `n` (`--above`); absent from JSON for `--vs`.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub strictly: bool,
}

impl Target {
    /// What it asks, in words: "20 or more", "more than 20".
    pub fn words(&self) -> String {
        if self.strictly {
            format!("more than {}", self.n)
        } else {
            format!("{} or more", self.n)
        }
    }
}

/// The exact distribution of one dice expression, ready to print.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Summary {
    /// The expression as written.
    pub expr: String,
    /// Mean of the total.
    pub mean: f64,
    /// Standard deviation of the total.
    pub sd: f64,
    /// Most probability the table may leave out (exploding dice followed only so far); 0
    /// when exact.
    pub bound: f64,
    /// Every total with probability above 0, lowest first.
    pub distribution: Vec<Row>,
    /// The chance to reach the target, when one was asked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vs: Option<Target>,
    /// Whether any die explodes (the bound is then worth stating even when 0).
    #[serde(skip)]
    pub exploding: bool,
}

impl Summary {
    /// The summary of `expr` from its exact table `pmf`, with the chance to reach `target`
    /// (`(n, strictly)`) if asked.
    pub fn new(expr: &DiceExpr, pmf: &Pmf, target: Option<(i64, bool)>) -> Self {
        let probs = pmf.probs();
        // P(total ≥ v) from the top down, P(total ≤ v) from the bottom up, over the table.
        let mut at_least = vec![0.0; probs.len()];
        let mut acc = 0.0;
        for i in (0..probs.len()).rev() {
            acc += probs[i];
            at_least[i] = acc.min(1.0);
        }
        let mut acc = 0.0;
        let mut distribution = Vec::new();
        for (i, (value, p)) in pmf.iter().enumerate() {
            acc += p;
            if p > 0.0 {
                distribution.push(Row {
                    value,
                    p,
                    at_least: at_least[i],
                    at_most: acc.min(1.0),
                });
            }
        }
        let total = pmf.total();
        let mean = pmf.mean() / total;
        let variance = pmf.variance() / total;
        let vs = target.map(|(n, strictly)| Target {
            n,
            p: pmf.prob_at_least(if strictly { n.saturating_add(1) } else { n }),
            strictly,
        });
        Self {
            expr: expr.as_str().to_string(),
            mean,
            sd: variance.max(0.0).sqrt(),
            bound: expr.truncation_bound(),
            distribution,
            vs,
            exploding: expr.is_exploding(),
        }
    }

    /// The summary of the expression `text` (which must parse), for tests.
    #[cfg(test)]
    pub(crate) fn of(text: &str, target: Option<(i64, bool)>) -> Self {
        let e: DiceExpr = text.parse().expect("a valid expression");
        Self::new(&e, &e.pmf(), target)
    }

    /// The rows worth showing on a screen or a chart: from the first total whose "at most"
    /// reaches `cut` to the last whose "at least" does, so the far tails that together hold
    /// less than `cut` (an exploding die's long run of tiny chances) are left out. Returns
    /// the rows and the probability left out below and above them.
    pub fn shown(&self, cut: f64) -> (&[Row], f64, f64) {
        let rows = &self.distribution;
        let first = rows.iter().position(|r| r.at_most >= cut).unwrap_or(0);
        let last = rows
            .iter()
            .rposition(|r| r.at_least >= cut)
            .unwrap_or(rows.len().saturating_sub(1))
            .max(first);
        let below: f64 = rows[..first].iter().map(|r| r.p).sum();
        let above: f64 = rows
            .get(last + 1..)
            .map_or(0.0, |t| t.iter().map(|r| r.p).sum());
        (rows.get(first..=last).unwrap_or(&[]), below, above)
    }
}

#[cfg(test)]
mod tests;
