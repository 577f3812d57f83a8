//! The tests of `sweep` (the module above, `super`).

use super::*;
use oddsmith_core::stats::summary::fmt_value;

#[test]
fn a_pivot_leaves_the_cells_of_an_unfinished_row_empty() {
    // Rows a = 1, 2; columns b = 1, 2; the point (2, 2) was not run.
    let long = df!(
        "a" => [1i64, 1, 2],
        "b" => [1i64, 2, 1],
        "metric" => ["m", "m", "m"],
        "estimate" => [0.1, 0.2, 0.3],
    )
    .unwrap();
    let pivot = pivot_frame(&long, "m", "a", "b", &[1.0, 2.0], fmt_value).unwrap();
    let column = |name: &str| -> Vec<Option<f64>> {
        pivot.column(name).unwrap().f64().unwrap().iter().collect()
    };
    assert_eq!(column("b=1"), [Some(0.1), Some(0.3)]);
    assert_eq!(column("b=2"), [Some(0.2), None]);
    // No exact values: no exact columns.
    assert_eq!(pivot.get_column_names(), ["a", "b=1", "b=2"]);
}

#[test]
fn a_pivot_puts_the_exact_values_beside_the_estimates() {
    let long = df!(
        "a" => [1i64, 1, 2, 2],
        "b" => [1i64, 2, 1, 2],
        "metric" => ["m", "m", "m", "m"],
        "estimate" => [0.49, 0.62, 0.11, 0.2],
        "exact" => [Some(0.5), Some(0.6), Some(0.1), None],
    )
    .unwrap();
    let pivot = pivot_frame(&long, "m", "a", "b", &[1.0, 2.0], fmt_value).unwrap();
    assert_eq!(
        pivot.get_column_names(),
        ["a", "b=1", "b=1 exact", "b=2", "b=2 exact"]
    );
    let column = |name: &str| -> Vec<Option<f64>> {
        pivot.column(name).unwrap().f64().unwrap().iter().collect()
    };
    assert_eq!(column("b=1"), [Some(0.49), Some(0.11)]);
    assert_eq!(column("b=1 exact"), [Some(0.5), Some(0.1)]);
    assert_eq!(column("b=2 exact"), [Some(0.6), None]);
}
