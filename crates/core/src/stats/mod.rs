//! Statistics that can be trusted: mergeable accumulators ([`Tally`], [`Histogram`]), the
//! layout a rule system declares for them ([`Layout`]) with each metric's role ([`Meta`]),
//! 95% intervals, and the step that turns merged counts into reported
//! [`summary::MetricRow`]s, and a fight's difficulty band for one side ([`difficulty`]); a
//! day's encounters as a report reads them ([`encounters`]); the notes a scenario's rules
//! make on how it resolves, typed by kind ([`Note`]).
//!
//! Accumulators hold only integer counts, so merging is associative and commutative: the same
//! trials give the same numbers whatever order rayon merges the batches in.

pub mod compare;
pub mod difficulty;
pub mod encounters;
pub mod interval;
pub mod note;
pub mod role;
pub mod summarize;
pub mod summary;
pub mod tactics;
pub mod tally;
pub mod tune;

pub use interval::{mean_interval, ratio_interval, wilson_interval};
pub use note::Note;
pub use role::{About, Meta, Role, Tail};
pub use summarize::{ExactValues, distributions, rates_within, summarize};
pub use summary::{
    DistPoint, Distribution, DistributionKind, MetricKind, MetricRow, Onset, Partial, Report,
    SweepReport, SweepResult,
};
pub use tally::{
    BatchRatioSums, CounterId, Histogram, HistogramId, HistogramReport, Layout, Nested, RatioId,
    RatioSums, Tally,
};
