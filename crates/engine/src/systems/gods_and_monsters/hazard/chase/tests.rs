//! Chases: the closed form against a Markov chain stepped exchange by exchange over pairs of
//! d20 faces, chases that cannot end, doubling, scripted exchanges, and sampled estimates
//! within 4.5 standard errors.

use super::*;
use crate::testing::Scripted;
use crate::testing::{rows, within};

/// The chase as a Markov chain over (going, escaped, caught), one step per exchange, each
/// step's chances counted over the 400 pairs of faces (doubled when `chase.doubled`).
/// Returns (escaped, caught, unresolved, mean exchanges).
fn markov(chase: &Chase) -> (f64, f64, f64, f64) {
    let factor = if chase.doubled { 2 } else { 1 };
    let (mut a, mut b) = (0.0, 0.0);
    for q in 1..=20 {
        for p in 1..=20 {
            let (qs, ps) = (factor * q <= chase.quarry, factor * p <= chase.pursuer);
            if qs && !ps {
                a += 1.0 / 400.0;
            }
            if ps && !qs {
                b += 1.0 / 400.0;
            }
        }
    }
    let (mut going, mut escaped, mut caught, mut mean) = (1.0, 0.0, 0.0, 0.0);
    for _ in 0..chase.max_exchanges {
        // Every chase still going plays this exchange.
        mean += going;
        escaped += going * a;
        caught += going * b;
        going *= 1.0 - a - b;
    }
    (escaped, caught, going, mean)
}

#[test]
fn the_closed_form_agrees_with_the_markov_chain() {
    for chase in [
        Chase::new(16, 13, 100, false),
        Chase::new(9, 12, 7, false),
        Chase::new(24, 30, 20, false),
        Chase::new(24, 12, 20, true),
        Chase::new(3, 2, 1000, false),
    ] {
        let e = chase.exact().unwrap();
        let (escaped, caught, unresolved, mean) = markov(&chase);
        assert!((e["escaped"] - escaped).abs() < 1e-12, "{chase:?}");
        assert!((e["caught"] - caught).abs() < 1e-12);
        assert!((e["unresolved"] - unresolved).abs() < 1e-12);
        assert!((e["exchanges.mean"] - mean).abs() < 1e-9);
    }
}

#[test]
fn neither_cannot_fail_doubles_both_rolls() {
    // 24 and 30 cannot fail: 2·d20 ≤ 24 (12 faces) and ≤ 30 (15 faces).
    let c = Chase::new(24, 30, 10, false);
    assert!(c.doubled);
    assert_eq!(c.chances(), (0.6, 0.75));
    // Only one cannot fail: doubled only when asked for.
    assert!(!Chase::new(24, 12, 10, false).doubled);
    let asked = Chase::new(24, 12, 10, true);
    assert!(asked.doubled);
    assert_eq!(asked.chances(), (0.6, 0.3));
    // 003:30: one per full three of movement.
    assert_eq!([12, 11, 9, 5].map(|m| movement_bonus(m, 5)), [2, 2, 1, 0]);
    assert_eq!(movement_bonus(5, 12), 0);
}

#[test]
fn a_chase_nobody_can_end_is_unresolved() {
    // Both always fail: the chase goes on (unlike a contest) to the limit.
    let e = Chase::new(0, 0, 50, false).exact().unwrap();
    assert_eq!(
        (e["escaped"], e["caught"], e["unresolved"]),
        (0.0, 0.0, 1.0)
    );
    assert_eq!(e["exchanges.median"], 50.0);
    // Both always succeed, even doubled.
    let e = Chase::new(40, 45, 30, false).exact().unwrap();
    assert_eq!(e["unresolved"], 1.0);
    assert_eq!(e["exchanges.mean"], 30.0);
}

#[test]
fn exchanges_where_both_fail_or_both_succeed_go_on() {
    // Quarry 12, pursuer 10: both fail (15, 18), both succeed (3, 4), then the quarry
    // succeeds (12) and the pursuer fails (11): escaped at the third exchange.
    let c = Chase::new(12, 10, 100, false);
    let mut dice = Scripted::new().d20s([15, 18, 3, 4, 12, 11]);
    assert_eq!(c.resolve(&mut dice), (End::Escaped, 3));
    let mut dice = Scripted::new().d20s([13, 10]);
    assert_eq!(c.resolve(&mut dice), (End::Caught, 1));
    let short = Chase::new(12, 10, 2, false);
    let mut dice = Scripted::new().d20s([20, 20, 1, 1]);
    assert_eq!(short.resolve(&mut dice), (End::Unresolved, 2));
}

#[test]
fn sampled_chases_agree_with_exact() {
    for c in [
        Chase::new(16, 13, 100, false),
        Chase::new(9, 12, 7, false),
        Chase::new(24, 30, 20, false),
    ] {
        let e = c.exact().unwrap();
        for (name, row) in &rows(&crate::systems::Alone(&c), 300_000, 23) {
            within(row, e[name]);
        }
    }
}
