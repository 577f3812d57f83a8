//! The tests of `summarize` (the module above, `super`).

use super::*;

#[test]
fn rows_follow_layout_and_attach_exact_by_name() {
    let mut layout = Layout::new();
    let c = layout.counter("success", Meta::trial(Role::Success, "success"));
    let h = layout.histogram("k", 3, HistogramReport::Buckets, Meta::default());
    let mut t = layout.tally();
    for k in [0usize, 1, 1, 2] {
        t.add_trials(1);
        t.count(c, k >= 1);
        t.record(h, k);
    }
    let mut exact = ExactValues::new();
    exact.insert("success".into(), 0.75);
    let rows = summarize(&layout, &t, Some(&exact));
    let names: Vec<_> = rows.iter().map(|r| r.metric.as_str()).collect();
    assert_eq!(names, ["success", "k.0", "k.1", "k.2", "k.mean"]);
    assert_eq!(rows[0].estimate, 0.75);
    assert_eq!(rows[0].exact, Some(0.75));
    assert_eq!(rows[0].meta.role, Role::Success);
    assert_eq!(rows[2].meta.role, Role::Distribution);
    assert!(rows[0].is_headline() && !rows[2].is_headline());
    assert_eq!(rows[2].estimate, 0.5);
    assert_eq!(rows[4].estimate, 1.0);
    assert!(rows[4].ci_low < 1.0 && rows[4].ci_high > 1.0);
    assert_eq!(rows[1].exact, None);
}

#[test]
fn survival_curve_counts_trials_beyond_each_step() {
    let mut layout = Layout::new();
    let h = layout.histogram(
        "still_up.a",
        1,
        HistogramReport::Survival,
        Meta::side(Role::StillFighting, "still fighting", "a"),
    );
    let mut t = layout.tally();
    // Went down in round 1, 2, 2 and never (recorded as 4 with a 3-round limit).
    for v in [1, 2, 2, 4] {
        t.add_trials(1);
        t.record(h, v);
    }
    assert!(summarize(&layout, &t, None).is_empty());
    let d = &distributions(&layout, &t)[0];
    assert_eq!(d.kind, DistributionKind::Survival);
    let rates: Vec<f64> = d.points.iter().map(|p| p.rate).collect();
    assert_eq!(rates, [1.0, 0.75, 0.25, 0.25]);
}

#[test]
fn quantiles_read_the_histogram() {
    let mut layout = Layout::new();
    let h = layout.histogram(
        "rounds",
        1,
        HistogramReport::Quantiles,
        Meta::trial(Role::Rounds, "rounds"),
    );
    let mut t = layout.tally();
    // 1..=100 once each: median 50, p90 90, p99 99.
    for v in 1..=100 {
        t.add_trials(1);
        t.record(h, v);
    }
    let rows = summarize(&layout, &t, None);
    let get = |m: &str| rows.iter().find(|r| r.metric == m).unwrap().clone();
    assert_eq!(get("rounds.mean").estimate, 50.5);
    assert_eq!(get("rounds.median").estimate, 50.0);
    assert_eq!(get("rounds.p90").estimate, 90.0);
    assert_eq!(get("rounds.p99").estimate, 99.0);
    let med = get("rounds.median");
    assert!(med.ci_low < 50.0 && med.ci_high > 50.0);
}
