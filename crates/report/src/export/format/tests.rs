//! The tests of `format` (the module above, `super`).

use super::*;
use oddsmith_core::stats::Meta;

fn rate(estimate: f64, low: f64, high: f64, exact: Option<f64>, trials: u64) -> MetricRow {
    MetricRow {
        metric: "m".into(),
        kind: MetricKind::Rate,
        meta: Meta::default(),
        estimate,
        ci_low: low,
        ci_high: high,
        exact,
        exact_bound: None,
        trials,
    }
}

#[test]
fn percentages_keep_three_figures_when_small() {
    assert_eq!(percent(0.055), "5.50%");
    assert_eq!(percent(0.999_1), "99.91%");
    assert_eq!(percent(0.999_96), "99.996%");
    assert_eq!(percent(0.999_999), "99.9999%");
    assert_eq!(percent(1.0 - 1e-15), "100.00%");
    assert_eq!(percent(-0.000_000_000_1), "0.000000%");
    assert_eq!(percent_interval(0.5, -1e-12, 0.6), "[0.00, 60.00]");
    assert_eq!(percent(1.0), "100.00%");
    assert_eq!(percent(0.0), "0.00%");
    assert_eq!(percent(0.000_870), "0.0870%");
    assert_eq!(percent(0.004_2), "0.420%");
    assert_eq!(percent(0.000_000_12), "0.000012%");
}

#[test]
fn differences_read_in_points() {
    assert_eq!(percent_pm(0.490_42, 0.489_4, 0.491_4), "49.04% ±0.10");
    assert_eq!(percent_pm(0.0, 0.0, 0.000_003_8), "not seen");
    assert_eq!(percent_pm(0.000_87, 0.000_76, 0.001), "0.0870% ±0.0120");
    assert_eq!(points_decimals(0.2, 1), 1);
    assert_eq!(points_decimals(0.07, 1), 2);
    assert_eq!(points_decimals(0.0009, 2), 4);
    assert_eq!(points(29.413, 2), "+29.41");
    assert_eq!(points(-1.6, 2), "-1.60");
    assert_eq!(points(-0.0001, 2), "0.00");
    assert_eq!(points_in_words(-4.0, 1), "−4.0");
    assert_eq!(points_in_words(4.0, 1), "+4.0");
}

#[test]
fn thresholds_read_without_trailing_zeros() {
    assert_eq!(threshold(0.35), "35%");
    assert_eq!(threshold(0.001), "0.1%");
    assert_eq!(threshold(0.015), "1.5%");
    assert_eq!(threshold(1.0), "100%");
    assert_eq!(threshold(0.0), "0%");
    assert_eq!(threshold(0.000_012_5), "0.00125%");
}

#[test]
fn rare_rates_read_as_one_in_n() {
    assert_eq!(one_in(0.000_870).as_deref(), Some("1 in 1,100"));
    assert_eq!(one_in(0.06), None);
    assert_eq!(one_in(0.05), None);
    assert_eq!(one_in(0.049), Some("1 in 20".to_string()));
    assert_eq!(one_in(0.055_5 / 10.0).as_deref(), Some("1 in 180"));
    assert_eq!(one_in(0.000_001_234).as_deref(), Some("1 in 810,000"));
    assert_eq!(one_in(1.1e-23).as_deref(), Some("1 in 9.1e22"));
    assert_eq!(one_in(0.0), None);
    assert_eq!(thousands(1_234_567), "1,234,567");
    assert_eq!(thousands(999), "999");
}

#[test]
fn estimates_carry_their_interval_in_the_same_unit() {
    let r = rate(0.055, 0.054, 0.056, None, 200_000);
    assert_eq!(estimate(&r), "5.50% [5.40, 5.60]");
    let r = rate(0.000_87, 0.000_76, 0.001_0, None, 200_000);
    assert_eq!(estimate(&r), "0.0870% [0.0760, 0.1000] (1 in 1,100)");
    let r = rate(0.0, 0.0, 0.000_019_2, None, 200_000);
    assert_eq!(
        estimate(&r),
        "not seen in 200,000 trials (< 0.00192% at 95%)"
    );
    let r = rate(0.49, 0.489, 0.491, Some(0.49), 1_000_000);
    assert_eq!(exact(&r).as_deref(), Some("49.00%"));
    assert_eq!(in_words(&r), "49.00% (±0.10; exact 49.00%)");
    let r = rate(0.999_1, 0.998_9, 0.999_3, None, 200_000);
    assert_eq!(in_words(&r), "99.91% (±0.02)");
    let only_exact = rate(f64::NAN, f64::NAN, f64::NAN, Some(0.3), 0);
    assert_eq!(in_words(&only_exact), "30.00% (exact)");
    assert_eq!(estimate(&only_exact), "-");
}

#[test]
fn values_on_their_own_scale_drop_trailing_zeros() {
    assert_eq!(plain(4.0), "4");
    assert_eq!(plain(3.25), "3.25");
    assert_eq!(plain(1.234_567), "1.2346");
    let mean = MetricRow {
        kind: MetricKind::Mean,
        ..rate(3.4, 3.39, 3.41, None, 100)
    };
    assert_eq!(estimate(&mean), "3.400 [3.390, 3.410]");
    let median = MetricRow {
        kind: MetricKind::Quantile(50),
        ..rate(4.0, 4.0, 5.0, None, 100)
    };
    assert_eq!(estimate(&median), "4 [4, 5]");
    assert_eq!(
        not_seen_short(&rate(0.0, 0.0, 0.000_019_2, None, 9)),
        "not seen (< 0.00192%)"
    );
}
