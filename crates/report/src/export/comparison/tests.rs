//! Comparison headlines and tables: a check's success 64% against 60% reads in points with
//! its paired interval and the exact difference; a fight's rates read by what they mean.

use super::*;
use oddsmith_core::stats::compare::paired_difference;
use oddsmith_core::stats::{Meta, MetricKind};

fn rate(metric: &str, meta: Meta, estimate: f64, exact: Option<f64>) -> MetricRow {
    MetricRow {
        metric: metric.into(),
        kind: MetricKind::Rate,
        meta,
        estimate,
        ci_low: estimate - 0.005,
        ci_high: estimate + 0.005,
        exact,
        exact_bound: None,
        trials: 40_000,
    }
}

/// Of 40 000 paired trials, 2 000 where only A succeeds and 400 where only B does: A 64%,
/// B 60%, B − A = −4 points, its 95% half-width 1.96·√(0.0584 / 40 000) = 0.24 points.
fn success() -> (MetricRow, DiffRow) {
    let row = rate(
        "success",
        Meta::trial(Role::Success, "success"),
        0.64,
        Some(0.64),
    );
    let d =
        paired_difference("success", 2_000, 400, 23_600, 40_000).with_exact(Some(0.64), Some(0.6));
    (row, d)
}

#[test]
fn a_headline_says_how_many_points_more_or_less_often() {
    let (row, d) = success();
    assert_eq!(
        headline(&row, &d, "B", "A"),
        "B succeeds 4.0 points less often than A (±0.2; exact −4.0): 60.00% against 64.00%."
    );
    let any = rate(
        "any_death.party",
        Meta::side(Role::AnyDeath, "someone dies", "party"),
        0.0565,
        None,
    );
    let d = paired_difference("any_death.party", 400, 0, 1_860, 40_000);
    assert_eq!(
        headline(&any, &d, "chain_mail", "the base"),
        "Someone on party dies 1.00 points less often in chain_mail than in the base (±0.10): \
         4.65% against 5.65%."
    );
    // No trial where only one side counted: exactly as often.
    let d = paired_difference("success", 0, 0, 25_600, 40_000);
    assert_eq!(
        headline(&row, &d, "B", "A"),
        "B succeeds exactly as often as A in these trials: 64.00%."
    );
}

#[test]
fn the_table_has_percentages_points_and_exact_values() {
    let (row, d) = success();
    let never = paired_difference("multi_flux", 0, 0, 0, 40_000);
    let report = Report {
        scenario: "door".into(),
        system: "invisible-sun".into(),
        trials: 40_000,
        seed: 1,
        difficulty: None,
        metrics: vec![row],
        distributions: Vec::new(),
        partial: None,
    };
    let r = CompareReport {
        a: "door".into(),
        b: "door, harder".into(),
        trials: 40_000,
        seed: 1,
        metrics: vec![d, never],
        partial: None,
    };
    let (tables, lines) = compare_tables(&r, &report);
    assert_eq!(tables.len(), 1);
    let t = &tables[0];
    assert_eq!(
        t.header,
        [
            "metric",
            "A",
            "B",
            "B − A",
            "95% interval",
            "",
            "exact A",
            "exact B",
            "exact B − A"
        ]
    );
    assert_eq!(t.rows.len(), 1);
    assert_eq!(t.rows[0][1..4], ["64.00% ±0.47", "60.00% ±0.48", "-4.00"]);
    assert_eq!(
        t.rows[0][4..],
        ["[-4.24, -3.76]", "*", "64.00%", "60.00%", "-4.00"]
    );
    assert_eq!(lines[1], "Not seen in A or B: multi_flux.");
}
