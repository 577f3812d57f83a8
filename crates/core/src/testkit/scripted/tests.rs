//! The tests of `scripted` (the module above, `super`).

use super::*;

#[test]
fn faces_come_back_in_order_per_size() {
    let mut s = Scripted::new().d20s([7, 13]).faces(8, [3]).picks([(3, 2)]);
    assert_eq!(s.d(8), 3);
    assert_eq!(s.d20(), 7);
    assert_eq!(s.pick(3), 2);
    assert_eq!(s.roll(&"d20+4".parse().unwrap()), 17);
    s.finish();
}

#[test]
fn expressions_roll_their_dice_and_explode() {
    let mut s = Scripted::new().faces(6, [6, 6, 2, 1, 4]);
    assert_eq!(s.roll(&"d6!".parse().unwrap()), 14);
    assert_eq!(s.roll(&"2d6-1".parse().unwrap()), 4);
    assert!(s.is_done());
}

#[test]
fn packed_dice_are_the_digits_lowest_first() {
    let mut s = Scripted::new().faces(10, [3, 0, 9]);
    assert_eq!(s.packed(&PackedDice::new(10, 3).unwrap()), 903);
}

#[test]
fn faces_in_order_check_each_die() {
    let mut s = Scripted::new().in_order([(20, 4), (8, 2)]).faces(8, [5]);
    assert_eq!((s.d20(), s.d(8), s.d(8)), (4, 2, 5));
    s.finish();
}

#[test]
#[should_panic(expected = "the script has a d20 next, the rules rolled a d8")]
fn a_die_out_of_order_fails() {
    Scripted::new().in_order([(20, 4)]).d(8);
}

#[test]
#[should_panic(expected = "a d6 was rolled that the script has no face for")]
fn a_die_nobody_scripted_fails() {
    Scripted::new().faces(8, [1]).d(6);
}

#[test]
#[should_panic(expected = "whose faces are 1..=8")]
fn a_face_the_die_cannot_show_fails() {
    Scripted::new().faces(8, [9]).d(8);
}

#[test]
#[should_panic(expected = "the script picks among 3, the rules among 2")]
fn a_pick_among_another_number_fails() {
    Scripted::new().picks([(3, 0)]).pick(2);
}

#[test]
#[should_panic(expected = "scripted but never rolled: d20: [5]")]
fn faces_left_over_fail_at_the_end() {
    Scripted::new().d20s([5]).finish();
}
