//! The tests of `set` (the module above, `super`).

use super::*;

#[test]
fn everyone_covers_nobody_to_all_sixty_four() {
    assert_eq!(everyone(0), 0);
    assert_eq!(everyone(1), 1);
    assert_eq!(everyone(3), 0b111);
    assert_eq!(everyone(64), u64::MAX);
    for n in 0..=64 {
        assert_eq!(Set::everyone(n).len(), n);
    }
}

#[test]
fn members_come_lowest_first_and_only_once() {
    let s = Set::from(0b1010_0101u64);
    assert_eq!(s.iter().collect::<Vec<_>>(), [0, 2, 5, 7]);
    assert_eq!(s.iter().len(), 4);
    assert_eq!(s.first(), Some(0));
    assert!(s.contains(5) && !s.contains(4));
    assert_eq!(Set::EMPTY.iter().next(), None);
    assert_eq!(Set::EMPTY.first(), None);
    assert_eq!(members(1 << 63).collect::<Vec<_>>(), [63]);
    assert_eq!(Set::from(0b100u64).draw(|_| unreachable!()), 2);
    assert_eq!(Set::from(0b1011u64).draw(|n| n - 1), 3);
}
