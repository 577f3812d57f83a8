//! Hand-made reports for the tests of what reads them: a pairing of tactic profiles whose
//! side `party` loses someone and everyone at the rates a test gives, with its band.

use crate::stats::difficulty::{Thresholds, judge};
use crate::stats::summary::{MetricKind, MetricRow, Report};
use crate::stats::tactics::{TacticsPairing, TacticsReport};
use crate::stats::{Meta, Role};

/// A sampled rate `p` of `party` (`name.party`), its interval ±2% of it.
pub fn party_rate(role: Role, name: &str, p: f64) -> MetricRow {
    MetricRow {
        metric: format!("{name}.party"),
        kind: MetricKind::Rate,
        meta: Meta::side(role, "label", "party"),
        estimate: p,
        ci_low: p * 0.98,
        ci_high: p * 1.02,
        exact: None,
        exact_bound: None,
        trials: 100_000,
    }
}

/// A pairing whose party loses someone at `any` and everyone at `all` (`None`: no rates, no
/// band).
pub fn pairing(ours: &str, theirs: &str, rates: Option<(f64, f64)>) -> TacticsPairing {
    let rows = rates.map_or(Vec::new(), |(any, all)| {
        vec![
            party_rate(Role::AnyDeath, "any_death", any),
            party_rate(Role::AllDown, "all_down", all),
        ]
    });
    let difficulty = judge("party", &Thresholds::default(), &rows).map(Box::new);
    TacticsPairing {
        ours: ours.into(),
        theirs: theirs.into(),
        report: Report {
            scenario: "s".into(),
            system: "x".into(),
            trials: 100_000,
            seed: 1,
            difficulty,
            metrics: rows,
            distributions: Vec::new(),
            partial: None,
        },
    }
}

/// The report of `pairings` between profiles `a` and `b` for side `party`.
pub fn tactics(pairings: Vec<TacticsPairing>) -> TacticsReport {
    TacticsReport {
        scenario: "s".into(),
        system: "x".into(),
        trials: 100_000,
        seed: 1,
        side: "party".into(),
        profiles: vec!["a".into(), "b".into()],
        pairings,
        missing: Vec::new(),
    }
}
