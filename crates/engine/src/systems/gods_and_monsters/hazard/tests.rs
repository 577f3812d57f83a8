//! The tests of `hazard` (the module above, `super`).

use super::*;

#[test]
fn quantiles_are_the_smallest_value_reaching_each_level() {
    let dist = [0.5, 0.25, 0.15, 0.1];
    assert_eq!(quantile(&dist, 0.5), 0);
    assert_eq!(quantile(&dist, 0.9), 2);
    assert_eq!(quantile(&dist, 0.99), 3);
    assert!((mean(&dist) - (0.25 + 0.3 + 0.3)).abs() < 1e-15);
    // Rounding below the level by less than 1e-9 still reaches it.
    assert_eq!(quantile(&[0.5 - 1e-12, 0.5 + 1e-12], 0.5), 0);
}
