//! The target search's walk on made-up rates: brackets, the interpolated crossing, and each
//! way a direction ends (plateau, limit, refusal), counting the values tried.

use super::search::{Found, Limit, PLATEAU_STEPS, Probe, Walk};
use crate::stats::tune::{StopReason, Tried, crossing};
use std::collections::BTreeMap;

/// A sampled rate `p` at `value` with 95% half-width `h`.
fn sampled(value: i64, p: f64, h: f64) -> Tried {
    Tried {
        value,
        estimate: p,
        ci_low: p - h,
        ci_high: p + h,
        exact: None,
        trials: 10_000,
    }
}

fn limit(value: i64) -> Limit {
    Limit {
        value,
        by: format!("the test's limit {value}"),
    }
}

/// Walks from `start` toward `target` within `low..=high` over `rate` (`None`: refused);
/// returns how it ended and the values tried, in the order tried.
fn walk(
    start: i64,
    target: f64,
    (low, high): (i64, i64),
    rate: impl Fn(i64) -> Option<Tried>,
) -> (Found, Vec<i64>) {
    let mut order = Vec::new();
    let mut probe = |v: i64| {
        order.push(v);
        Ok(match rate(v) {
            Some(t) => Probe::Rate(t),
            None => Probe::Refused(format!("{v} is too much")),
        })
    };
    let first = rate(start).expect("the start is allowed");
    let mut w = Walk {
        target,
        field: "key",
        low: limit(low),
        high: limit(high),
        probe: &mut probe,
        tried: BTreeMap::new(),
    };
    let found = w.run(first).unwrap();
    (found, order)
}

fn stops(found: &Found) -> Vec<(&'static str, StopReason, i64)> {
    match found {
        Found::NotReached(stops) => stops
            .iter()
            .map(|s| (s.direction, s.reason, s.value))
            .collect(),
        other => panic!("expected no bracket, got {other:?}"),
    }
}

#[test]
fn an_exact_falling_rate_is_bracketed_by_neighbours_with_the_crossing_between() {
    // 1 − v/10: 60% at 4 exactly, so a target of 0.55 lies between 4 (0.6) and 5 (0.5).
    let (found, order) = walk(9, 0.55, (0, 10), |v| {
        Some(Tried::exact(v, 1.0 - v as f64 / 10.0))
    });
    let Found::Bracket(lo, hi) = found else {
        panic!("{found:?}")
    };
    assert_eq!((lo.value, hi.value), (4, 5));
    assert!((crossing(&lo, &hi, 0.55).unwrap() - 4.5).abs() < 1e-12);
    // Up: 10 (the limit); down: 8, 7, 5, then the bracket (1, 5) halved: 3, then 4.
    assert_eq!(order, vec![10, 8, 7, 5, 1, 3, 4], "{order:?}");
}

#[test]
fn the_crossing_is_the_straight_line_between_the_bracket() {
    let (lo, hi) = (Tried::exact(5, 0.64), Tried::exact(6, 0.49));
    assert!((crossing(&lo, &hi, 0.6).unwrap() - (5.0 + 0.04 / 0.15)).abs() < 1e-12);
    assert_eq!(crossing(&lo, &lo, 0.6), None);
}

#[test]
fn a_sampled_rate_that_levels_off_ends_on_a_plateau_in_a_few_values() {
    // Falls from 0.8 toward 0.3 and never below; the target 0.1 is out of reach.
    let rate = |v: i64| 0.3 + 0.5 * (-(v as f64) / 4.0).exp();
    let (found, order) = walk(4, 0.1, (1, 10_000), |v| Some(sampled(v, rate(v), 0.01)));
    let s = stops(&found);
    // Up each value is nearer than the noise √2 · 0.01 from the last until 20 (0.3034);
    // then 36, 68, 132 and 260 stay within it: the plateau ends at 260.
    assert_eq!(s[0], ("up", StopReason::Plateau, 260), "{order:?}");
    // Down the rate rises, away from the target: still from the first value (3, 2, then 1,
    // clamped from 0), and the next step would leave the values allowed.
    assert_eq!(s[1], ("down", StopReason::Limit, 1), "{order:?}");
    assert_eq!(order, vec![5, 3, 6, 2, 8, 1, 12, 20, 36, 68, 132, 260]);
}

#[test]
fn an_exact_rate_flat_from_the_start_is_followed_until_it_moves() {
    // Every roll succeeds up to 20, then the rate falls by 0.05 a step: 0.6 at 28.
    let rate = |v: i64| (1.0 - 0.05 * (v - 20).max(0) as f64).max(0.0);
    let (found, _) = walk(0, 0.6, (0, 100), |v| Some(Tried::exact(v, rate(v))));
    let Found::Bracket(lo, hi) = found else {
        panic!("{found:?}")
    };
    assert_eq!((lo.value, hi.value), (28, 29));
    assert_eq!(crossing(&lo, &hi, 0.6), Some(28.0));
}

#[test]
fn an_exact_rate_that_stops_moving_ends_on_a_plateau() {
    // Falls by 0.1 a step from 0.8 to 0.3 at 5, then stays: the target 0.1 is out of reach.
    let rate = |v: i64| (0.8 - 0.1 * v as f64).max(0.3);
    let (found, order) = walk(0, 0.1, (0, 1_000_000), |v| Some(Tried::exact(v, rate(v))));
    let s = stops(&found);
    // Up: 1, 2, 4 and 8 move; 16, 32, 64 and 128 are exactly as near as 8: a plateau.
    // Down: the start is the lowest value allowed.
    assert_eq!(
        s,
        vec![
            ("up", StopReason::Plateau, 128),
            ("down", StopReason::Limit, 0)
        ]
    );
    assert_eq!(order, vec![1, 2, 4, 8, 16, 32, 64, 128]);
    assert_eq!(PLATEAU_STEPS, 4);
    let Found::NotReached(all) = &found else {
        unreachable!()
    };
    assert!(
        all[0]
            .message
            .contains("over key 8 → 16 → 32 → 64 → 128 the rate came no nearer"),
        "{}",
        all[0].message
    );
}

#[test]
fn the_walk_tries_the_end_of_the_range_and_stops_there() {
    // Rises to 0.5 at 12, the highest value allowed; the target 0.9 is out of reach.
    let (found, order) = walk(5, 0.9, (3, 12), |v| Some(Tried::exact(v, v as f64 / 24.0)));
    // Up: 6, 7, 9, then 13 clamped to 12, the limit; down: 4, 3 (5 − 2 = 3), the limit.
    assert_eq!(
        stops(&found),
        vec![
            ("up", StopReason::Limit, 12),
            ("down", StopReason::Limit, 3)
        ]
    );
    assert_eq!(order, vec![6, 4, 7, 3, 9, 12]);
}

#[test]
fn a_value_the_scenario_refuses_ends_that_direction() {
    let (found, order) = walk(5, 0.9, (0, 100), |v| {
        (v <= 8).then(|| Tried::exact(v, (v as f64 / 24.0).min(0.5)))
    });
    let s = stops(&found);
    assert!(s.contains(&("up", StopReason::Refused, 9)), "{s:?}");
    let Found::NotReached(all) = &found else {
        unreachable!()
    };
    assert!(
        all[0].message.contains("key = 9 is refused: 9 is too much"),
        "{all:?}"
    );
    assert!(!order.iter().any(|&v| v > 9), "{order:?}");
}
