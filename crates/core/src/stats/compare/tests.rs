//! The tests of `compare` (the module above, `super`).

use super::*;

#[test]
fn identical_runs_differ_by_exactly_zero() {
    let r = paired_difference("x", 0, 0, 400, 1000);
    assert_eq!(
        (r.a, r.b, r.difference, r.ci_low, r.ci_high),
        (0.4, 0.4, 0.0, 0.0, 0.0)
    );
    assert!(!r.significant);
}

#[test]
fn pairing_uses_only_the_discordant_trials() {
    // 30 trials where only B counted, 10 where only A did, of 1000.
    let r = paired_difference("x", 10, 30, 500, 1000);
    assert!((r.difference - 0.02).abs() < 1e-12);
    let var: f64 = (0.04 - 0.0004) * 1000.0 / 999.0;
    let half = z95() * (var / 1000.0).sqrt();
    assert!((r.ci_low - (0.02 - half)).abs() < 1e-12);
    assert!(r.significant, "{r:?}");
}
