//! The tests of `axis` (the module above, `super`).

use super::*;

#[test]
fn percent_labels_are_short_and_exact() {
    assert_eq!(percent(0.0), "0%");
    assert_eq!(percent(-0.0), "0%");
    assert_eq!(percent(0.2), "20%");
    assert_eq!(percent(0.30000000000000004), "30%");
    assert_eq!(percent(1.0), "100%");
    assert_eq!(percent(0.005), "0.5%");
    assert_eq!(percent(0.0125), "1.25%");
    assert_eq!(percent(0.035), "3.5%");
}

#[test]
fn whole_ticks_are_whole_and_few() {
    assert_eq!(whole_ticks(1.0, 12), [0.0, 1.0]);
    assert_eq!(whole_ticks(4.0, 12), [0.0, 1.0, 2.0, 3.0, 4.0]);
    assert_eq!(whole_ticks(16.0, 12).len(), 9);
    for end in [0.0, 3.0, 11.0, 17.0, 99.0, 101.0, 1000.0] {
        let ticks = whole_ticks(end, 12);
        assert!(!ticks.is_empty() && ticks.len() <= 12, "{end}: {ticks:?}");
        assert!(ticks.iter().all(|t| t.fract() == 0.0 && *t <= end.max(0.0)));
    }
}

#[test]
fn integer_axes_get_whole_ticks_only() {
    // A sweep over magic dice 0..=3 padded by half a step: 0, 1, 2, 3, not -0.5, 0.5.
    assert_eq!(
        nice_ticks(&(-0.5..3.5), 12, true),
        (vec![0.0, 1.0, 2.0, 3.0], 0)
    );
    assert_eq!(
        nice_ticks(&(9.1..40.9), 12, true).0,
        [10.0, 15.0, 20.0, 25.0, 30.0, 35.0, 40.0]
    );
    // One point: its value.
    assert_eq!(nice_ticks(&(4.5..5.5), 12, true).0, [5.0]);
    for (lo, hi) in [(-0.5, 0.5), (0.2, 0.8), (-3.7, 120.2), (0.0, 1e6)] {
        let (ticks, decimals) = nice_ticks(&(lo..hi), 12, true);
        assert!(ticks.len() <= 12 && decimals == 0, "{lo}..{hi}: {ticks:?}");
        assert!(
            ticks
                .iter()
                .all(|t| t.fract() == 0.0 && *t >= lo && *t <= hi)
        );
    }
    // No whole number inside: no tick rather than a fractional one.
    assert!(nice_ticks(&(0.2..0.8), 12, true).0.is_empty());
}

#[test]
fn fractional_axes_get_round_ticks_and_enough_decimals() {
    let (ticks, decimals) = nice_ticks(&(0.0..1.0), 12, false);
    assert_eq!(ticks.len(), 11);
    assert_eq!(decimals, 1);
    assert_eq!(ticks[3], 0.3);
    let (ticks, decimals) = nice_ticks(&(0.95..1.3), 8, false);
    assert_eq!(ticks, [0.95, 1.0, 1.05, 1.1, 1.15, 1.2, 1.25, 1.3]);
    assert_eq!(decimals, 2);
}

#[test]
fn rate_axis_ends_at_a_readable_step() {
    assert_eq!(rate_axis_end([0.95]), 1.0);
    assert_eq!(rate_axis_end([0.0]), 0.01);
    assert!((rate_axis_end([0.3]) - 0.35).abs() < 1e-12);
}
