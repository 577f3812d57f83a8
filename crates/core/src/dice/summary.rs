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
mod tests {
    //! Cumulative columns, moments, targets and the shown rows on small exact tables.

    use super::*;

    fn summary(text: &str, target: Option<(i64, bool)>) -> Summary {
        Summary::of(text, target)
    }

    #[test]
    fn two_d6_columns_add_up() {
        let s = summary("2d6", Some((10, false)));
        assert_eq!(s.distribution.len(), 11);
        let seven = s.distribution[5];
        assert_eq!(seven.value, 7);
        assert!((seven.p - 6.0 / 36.0).abs() < 1e-15);
        assert!((seven.at_least - 21.0 / 36.0).abs() < 1e-15);
        assert!((seven.at_most - 21.0 / 36.0).abs() < 1e-15);
        assert!((s.mean - 7.0).abs() < 1e-12 && (s.sd - (35.0f64 / 6.0).sqrt()).abs() < 1e-12);
        assert_eq!(s.bound, 0.0);
        let vs = s.vs.unwrap();
        assert!((vs.p - 6.0 / 36.0).abs() < 1e-15 && !vs.strictly);
        let above = summary("2d6", Some((10, true))).vs.unwrap();
        assert!((above.p - 3.0 / 36.0).abs() < 1e-15 && above.strictly);
        assert_eq!(summary("2d6", Some((100, false))).vs.unwrap().p, 0.0);
        assert!((summary("2d6", Some((-5, true))).vs.unwrap().p - 1.0).abs() < 1e-12);
    }

    #[test]
    fn zero_chances_are_not_rows_and_far_tails_are_not_shown() {
        let s = summary("d6!", None);
        assert!(s.distribution.iter().all(|r| r.value % 6 != 0));
        assert!(s.bound > 0.0 && s.exploding);
        let (rows, below, above) = s.shown(1e-6);
        assert_eq!(rows.first().unwrap().value, 1);
        assert!(rows.last().unwrap().value < 60 && above > 0.0 && above < 1e-6);
        assert_eq!(below, 0.0);
        let s = summary("100d6", None);
        let (rows, below, _) = s.shown(1e-6);
        assert!(rows[0].value > 200 && below < 1e-6 && below > 0.0);
        let s = summary("3", None);
        assert_eq!(s.shown(1e-6).0.len(), 1);
        assert_eq!((s.mean, s.sd), (3.0, 0.0));
    }
}
