//! The result of a target search (`oddsmith tune`): every value tried with its rate, and
//! the two neighbours the target lies between.

use serde::Serialize;

/// One value tried.
#[derive(Debug, Clone, Serialize)]
pub struct Tried {
    /// The field's value.
    pub value: i64,
    /// The rate's estimate there.
    pub estimate: f64,
    /// Lower end of its 95% interval.
    pub ci_low: f64,
    /// Upper end of its 95% interval.
    pub ci_high: f64,
    /// The exact rate, where known.
    pub exact: Option<f64>,
}

/// A target search's outcome.
#[derive(Debug, Serialize)]
pub struct TuneReport {
    /// Scenario `name`.
    pub scenario: String,
    /// The field varied, by path.
    pub field: String,
    /// The rate aimed at.
    pub metric: String,
    /// The target rate.
    pub target: f64,
    /// Trials per value tried.
    pub trials: u64,
    /// Seed of every value tried.
    pub seed: u64,
    /// The value whose rate is closest to the target.
    pub best: Option<Tried>,
    /// The neighbours the target lies between, when it was bracketed.
    pub bracket: Option<(Tried, Tried)>,
    /// Every value tried, in increasing order.
    pub tried: Vec<Tried>,
    /// An interrupt stopped the search: `tried` holds the values finished before it, and
    /// `best` and `bracket` are empty (no answer is claimed).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub partial: bool,
}
