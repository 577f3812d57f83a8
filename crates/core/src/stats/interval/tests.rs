//! The tests of `interval` (the module above, `super`).

use super::*;

#[test]
fn z_is_the_95_percent_critical_value() {
    assert!((z95() - 1.959_963_984_540_054).abs() < 1e-9);
}

#[test]
fn wilson_matches_hand_computation() {
    // 40 of 100: centre (0.4 + z²/200)/(1 + z²/100), known interval ≈ (0.3094, 0.4980).
    let (lo, hi) = wilson_interval(40, 100);
    assert!((lo - 0.309_4).abs() < 1e-4, "{lo}");
    assert!((hi - 0.498_0).abs() < 1e-4, "{hi}");
    // Zero hits still gives a positive upper bound: z²/(n + z²).
    let (lo, hi) = wilson_interval(0, 1000);
    assert_eq!(lo, 0.0);
    let z2 = z95() * z95();
    assert!((hi - z2 / (1000.0 + z2)).abs() < 1e-12);
}

#[test]
fn ratio_interval_pools_and_matches_hand_computation() {
    // Pairs (2, 1), (6, 2), (4, 1): R = 12/4 = 3; residuals x − 3y = −1, 0, 1, so
    // Var(R) = 2 / (2 · 3 · (4/3)²) = 3/16 and the half-width is z·√3/4.
    let mut s = super::super::RatioSums::default();
    for (x, y) in [(2, 1), (6, 2), (4, 1)] {
        s.add(x, y);
    }
    let (r, lo, hi) = ratio_interval(&s, 3);
    assert_eq!(r, 3.0);
    let half = z95() * 3f64.sqrt() / 4.0;
    assert!((hi - r - half).abs() < 1e-12 && (r - lo - half).abs() < 1e-12);
    // Proportional pairs have no spread.
    let mut s = super::super::RatioSums::default();
    s.add(10, 2);
    s.add(5, 1);
    assert_eq!(ratio_interval(&s, 2), (5.0, 5.0, 5.0));
    assert!(
        ratio_interval(&super::super::RatioSums::default(), 4)
            .0
            .is_nan()
    );
}

#[test]
fn mean_interval_of_constant_is_a_point() {
    let (m, lo, hi) = mean_interval(30.0, 90.0, 10);
    assert_eq!((m, lo, hi), (3.0, 3.0, 3.0));
}
