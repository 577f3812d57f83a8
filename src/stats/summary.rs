//! The finished numbers of a run: one [`MetricRow`] per reported metric, and the [`Report`]
//! that carries them with what was run. Built once after the runner merges its accumulators;
//! exporters and charts read only these types.

use serde::Serialize;

/// What a metric row measures, so that output code can choose how to draw and format it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MetricKind {
    /// A probability in [0, 1] (success rate, flux rate, one bucket of a distribution).
    Rate,
    /// A mean or another summary on the metric's own scale (e.g. successes rolled, rounds).
    Value,
}

/// One reported metric: the sampled estimate, its 95% interval and the exact value if known.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MetricRow {
    /// Metric name as shown in every output (`success`, `flux`, `successes.2`, ...).
    pub metric: String,
    /// Whether this row is a rate or a value on another scale.
    #[serde(skip)]
    pub kind: MetricKind,
    /// Point estimate from the sampled trials.
    pub estimate: f64,
    /// Lower end of the 95% interval (Wilson score interval for rates).
    pub ci_low: f64,
    /// Upper end of the 95% interval.
    pub ci_high: f64,
    /// Exact value where it can be computed, `None` otherwise.
    pub exact: Option<f64>,
    /// Number of trials behind the estimate.
    pub trials: u64,
}

/// What a [`Distribution`]'s points mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DistributionKind {
    /// `rate` is the share of observations equal to `x`.
    Histogram,
    /// `rate` is the share of trials where the series was still going after step `x`
    /// (e.g. a side still fighting after round `x`).
    Survival,
}

/// One point of a distribution: value `x`, its count and rate with a 95% Wilson interval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DistPoint {
    /// The value (or step) this point is about.
    pub x: u64,
    /// Observations counted at this point.
    pub count: u64,
    /// `count / trials`.
    pub rate: f64,
    /// Lower end of the 95% interval of `rate`.
    pub ci_low: f64,
    /// Upper end of the 95% interval of `rate`.
    pub ci_high: f64,
}

/// A whole distribution of a run (a histogram or a survival curve), for its own table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Distribution {
    /// Name (`rounds`, `successes`, `fighting.party`).
    pub name: String,
    /// How to read the points.
    pub kind: DistributionKind,
    /// Observations behind every rate.
    pub trials: u64,
    /// Points in increasing `x`.
    pub points: Vec<DistPoint>,
}

/// Everything an exporter needs to write the results of one scenario run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    /// Scenario `name`.
    pub scenario: String,
    /// Scenario `system` (e.g. `invisible-sun`).
    pub system: String,
    /// Trials run (0 for an exact-only report).
    pub trials: u64,
    /// Seed the run used.
    pub seed: u64,
    /// Rows in display order.
    pub metrics: Vec<MetricRow>,
    /// Histograms and survival curves, each for its own table (empty for exact-only reports).
    pub distributions: Vec<Distribution>,
}
