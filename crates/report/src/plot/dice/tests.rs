//! The tests of `dice` (the module above, `super`).

use super::ticks;

#[test]
fn ticks_are_whole_readable_and_few() {
    assert_eq!(ticks(3, 18), (3..=18).map(f64::from).collect::<Vec<_>>());
    assert_eq!(ticks(-3, 3), [-3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0]);
    let t = ticks(2, 117);
    assert_eq!(t[..3], [5.0, 10.0, 15.0]);
    assert!(t.len() as i64 <= super::MOST_TICKS);
    assert_eq!(ticks(7, 7), [7.0]);
    let t = ticks(-250, 1000);
    assert!(t.contains(&0.0) && t.iter().all(|v| v.fract() == 0.0));
}
