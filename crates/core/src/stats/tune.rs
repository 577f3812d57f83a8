//! The result of a target search (`oddsmith tune`): every value tried with its rate, the two
//! neighbours the target lies between and where the rate crosses it between them, or why
//! the search ended without reaching it.

use serde::Serialize;

/// One value tried.
#[derive(Debug, Clone, Serialize)]
pub struct Tried {
    /// The field's value.
    pub value: i64,
    /// The rate's estimate there (the exact rate where it was not sampled).
    pub estimate: f64,
    /// Lower end of its 95% interval (the exact rate where it was not sampled).
    pub ci_low: f64,
    /// Upper end of its 95% interval (the exact rate where it was not sampled).
    pub ci_high: f64,
    /// The exact rate, where known.
    pub exact: Option<f64>,
    /// Trials sampled at this value; 0 where the exact rate was used and nothing sampled.
    pub trials: u64,
}

impl Tried {
    /// The exact rate `p` at `value`, not sampled.
    pub fn exact(value: i64, p: f64) -> Self {
        Self {
            value,
            estimate: p,
            ci_low: p,
            ci_high: p,
            exact: Some(p),
            trials: 0,
        }
    }

    /// Whether the rate is exact, not sampled.
    pub fn is_exact(&self) -> bool {
        self.trials == 0
    }

    /// Half the width of its 95% interval (0 for an exact rate).
    pub fn half_width(&self) -> f64 {
        (self.ci_high - self.ci_low) / 2.0
    }
}

/// Why the outward walk in one direction ended without reaching the target.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The rate stopped moving toward the target (the rule: docs/guide.md, target search).
    Plateau,
    /// The walk reached the end of the values allowed: the key's declared range, or
    /// `--from`/`--to`.
    Limit,
    /// The scenario refused the next value.
    Refused,
}

/// How the walk in one direction ended without reaching the target.
#[derive(Debug, Clone, Serialize)]
pub struct Stop {
    /// `up` (the field growing) or `down`.
    pub direction: &'static str,
    /// Why it ended.
    pub reason: StopReason,
    /// The last value tried that way (for a refusal: the value refused).
    pub value: i64,
    /// Why, in a sentence.
    pub message: String,
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
    /// Trials per value sampled (with `precision`, the most a value may take); 0 when no
    /// value was sampled.
    pub trials: u64,
    /// Seed of every value tried.
    pub seed: u64,
    /// Whether any value was sampled; `false`: every value tried had an exact rate.
    pub sampled: bool,
    /// `--precision`: each value sampled ran until its rate's 95% half-width was at most
    /// this.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub precision: Option<f64>,
    /// The value whose rate is closest to the target.
    pub best: Option<Tried>,
    /// The neighbours the target lies between, when it was bracketed.
    pub bracket: Option<(Tried, Tried)>,
    /// Where the rate crosses the target, interpolated linearly between the bracket's two
    /// values (a fractional value of the field; only with a bracket).
    pub crossing: Option<f64>,
    /// Why the search ended without reaching the target, one entry per direction (empty
    /// when it was bracketed).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stops: Vec<Stop>,
    /// Every value tried, in increasing order.
    pub tried: Vec<Tried>,
    /// An interrupt stopped the search: `tried` holds the values finished before it, and
    /// `best` and `bracket` are empty (no answer is claimed).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub partial: bool,
}

/// Where the rate crosses `target` on the straight line between `lo` and `hi`; `None` when
/// their rates are equal.
pub fn crossing(lo: &Tried, hi: &Tried, target: f64) -> Option<f64> {
    let rise = hi.estimate - lo.estimate;
    (rise != 0.0)
        .then(|| lo.value as f64 + (target - lo.estimate) / rise * (hi.value - lo.value) as f64)
}
