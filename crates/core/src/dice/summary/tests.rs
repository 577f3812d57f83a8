//! Cumulative columns, moments, targets and the shown rows on small exact tables.

use super::*;

fn summary(text: &str, target: Option<(i64, bool)>) -> Summary {
    Summary::of(text, target)
}

#[test]
fn two_d6_columns_add_up() {
    let s = summary("2d6", Some((10, false)));
    assert_eq!(s.distribution.len(), 11);
    let seven = s.distribution[5];
    assert_eq!(seven.value, 7);
    assert!((seven.p - 6.0 / 36.0).abs() < 1e-15);
    assert!((seven.at_least - 21.0 / 36.0).abs() < 1e-15);
    assert!((seven.at_most - 21.0 / 36.0).abs() < 1e-15);
    assert!((s.mean - 7.0).abs() < 1e-12 && (s.sd - (35.0f64 / 6.0).sqrt()).abs() < 1e-12);
    assert_eq!(s.bound, 0.0);
    let vs = s.vs.unwrap();
    assert!((vs.p - 6.0 / 36.0).abs() < 1e-15 && !vs.strictly);
    let above = summary("2d6", Some((10, true))).vs.unwrap();
    assert!((above.p - 3.0 / 36.0).abs() < 1e-15 && above.strictly);
    assert_eq!(summary("2d6", Some((100, false))).vs.unwrap().p, 0.0);
    assert!((summary("2d6", Some((-5, true))).vs.unwrap().p - 1.0).abs() < 1e-12);
}

#[test]
fn zero_chances_are_not_rows_and_far_tails_are_not_shown() {
    let s = summary("d6!", None);
    assert!(s.distribution.iter().all(|r| r.value % 6 != 0));
    assert!(s.bound > 0.0 && s.exploding);
    let (rows, below, above) = s.shown(1e-6);
    assert_eq!(rows.first().unwrap().value, 1);
    assert!(rows.last().unwrap().value < 60 && above > 0.0 && above < 1e-6);
    assert_eq!(below, 0.0);
    let s = summary("100d6", None);
    let (rows, below, _) = s.shown(1e-6);
    assert!(rows[0].value > 200 && below < 1e-6 && below > 0.0);
    let s = summary("3", None);
    assert_eq!(s.shown(1e-6).0.len(), 1);
    assert_eq!((s.mean, s.sd), (3.0, 0.0));
}
