//! Test helpers every rule system's tests share: a system's reported rows after a seeded run,
//! and the check that a sampled row lies within 4.5 standard errors of its exact value.

use crate::sim;
use crate::systems::RuleSystem;
use oddsmith_core::stats::{MetricKind, MetricRow, summarize};
use std::collections::HashMap;

/// The rows `s` reports after `trials` trials from `seed`, by metric name.
pub fn rows<S: RuleSystem>(s: &S, trials: u64, seed: u64) -> HashMap<String, MetricRow> {
    let tally = sim::run(s, trials, seed, &sim::NoProgress);
    summarize(s.layout(), &tally, None)
        .into_iter()
        .map(|r| (r.metric.clone(), r))
        .collect()
}

/// `row` lies within 4.5 standard errors of `exact` (a rate's from the exact value, a
/// mean's from its own interval).
pub fn within(row: &MetricRow, exact: f64) {
    let se = match row.kind {
        MetricKind::Rate => (exact * (1.0 - exact) / row.trials as f64).sqrt(),
        _ => (row.ci_high - row.ci_low) / (2.0 * 1.96),
    };
    assert!(
        (row.estimate - exact).abs() <= 4.5 * se + 1e-12,
        "{}: {} vs exact {exact} (se {se})",
        row.metric,
        row.estimate
    );
}
