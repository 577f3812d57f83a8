//! Statistics that can be trusted: mergeable accumulators ([`Tally`], [`Histogram`]), the
//! layout a rule system declares for them ([`Layout`]), 95% intervals, and the step that turns
//! merged counts into reported [`summary::MetricRow`]s.
//!
//! Accumulators hold only integer counts, so merging is associative and commutative: the same
//! trials give the same numbers whatever order rayon merges the batches in.

pub mod compare;
pub mod interval;
pub mod summarize;
pub mod summary;
pub mod tally;

pub use interval::{mean_interval, wilson_interval};
pub use summarize::{ExactValues, distributions, summarize};
pub use summary::{
    DistPoint, Distribution, DistributionKind, MetricKind, MetricRow, Report, SweepReport,
    SweepResult,
};
pub use tally::{CounterId, Histogram, HistogramId, HistogramReport, Layout, Tally};
