//! The tests of `group` (the module above, `super`).

use super::*;

#[test]
fn bonus_follows_the_doubling_table() {
    let table = [
        (1, 0),
        (2, 1),
        (3, 1),
        (4, 2),
        (7, 2),
        (8, 3),
        (15, 3),
        (16, 4),
        (31, 4),
        (32, 5),
        (64, 6),
        (128, 7),
        (256, 8),
        (512, 9),
        (1023, 9),
        (1024, 10),
    ];
    for (count, bonus) in table {
        assert_eq!(group_bonus(count), bonus, "group of {count}");
    }
}

#[test]
fn median_takes_the_middle() {
    // The seed's example: 9, 10, 11, 13 and 39 → 11.
    assert_eq!(median(&[9.0, 10.0, 11.0, 13.0, 39.0]), Some(11.0));
    assert_eq!(median(&[17.0, 15.0]), Some(16.0));
    assert_eq!(median(&[0.0, 2.0]), Some(1.0));
    assert_eq!(median(&[]), None);
}
