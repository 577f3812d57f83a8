//! The tests of `target` (the module above, `super`).

use super::*;

fn roster() -> Roster {
    Roster::new([("a", "x"), ("b", "y"), ("c", "y"), ("d", "y")]).unwrap()
}

#[test]
fn policies_choose_among_standing_foes() {
    let r = roster();
    let all = Set::from(0b1111);
    let mut focus = None;
    let weak = |i: usize| [5, 9, 3, 3][i];
    // Random takes the k-th standing foe and remembers it.
    let t = Targeting::Random.choose(&r, (0, 0, 0), all, &mut focus, weak, |foes: Set| {
        foes.draw(|n| {
            assert_eq!(n, 3);
            2
        })
    });
    assert_eq!((t, focus), (Some(3), Some(3)));
    // Focus keeps its foe while it stands, then picks again.
    let t = Targeting::Focus.choose(&r, (0, 0, 0), all, &mut focus, weak, |_| unreachable!());
    assert_eq!(t, Some(3));
    let t = Targeting::Focus.choose(
        &r,
        (0, 0, 0),
        Set::from(0b0111),
        &mut focus,
        weak,
        |f: Set| f.draw(|_| 0),
    );
    assert_eq!((t, focus), (Some(1), Some(1)));
    // Weakest: the first of the weakest in scenario order, no draw.
    let t = Targeting::Weakest.choose(&r, (0, 0, 0), all, &mut focus, weak, |_| unreachable!());
    assert_eq!(t, Some(2));
    // A named foe while it stands, else random; one foe left needs no draw.
    let named = Targeting::Named(1);
    assert_eq!(
        named.choose(&r, (0, 0, 0), all, &mut focus, weak, |_| unreachable!()),
        Some(1)
    );
    let t = named.choose(
        &r,
        (0, 0, 0),
        Set::from(0b1001),
        &mut focus,
        weak,
        |_| unreachable!(),
    );
    assert_eq!(t, Some(3));
    assert_eq!(
        Targeting::Random.choose(&r, (0, 0, 0), Set::from(1), &mut focus, weak, |_| 0),
        None
    );
}

#[test]
fn spread_shares_the_foes_out_by_place_in_the_side() {
    // Side x: a, b, e; side y: c, d.
    let r = Roster::new([("a", "x"), ("b", "x"), ("c", "y"), ("d", "y"), ("e", "x")]).unwrap();
    let (all, weak) = (Set::from(0b11111), |_: usize| 0);
    let mut focus = None;
    let spread = |me: usize, among: Set, focus: &mut Option<usize>| {
        Targeting::Spread.choose(
            &r,
            (me, r.side_of(me), 0),
            among,
            focus,
            weak,
            |_| unreachable!(),
        )
    };
    // a is x's first member: c; b the second: d; e the third: c again (counting round).
    assert_eq!(spread(0, all, &mut focus), Some(2));
    assert_eq!(spread(1, all, &mut focus), Some(3));
    assert_eq!(spread(4, all, &mut focus), Some(2));
    // c and d, y's first and second, take a and b.
    assert_eq!(spread(2, all, &mut focus), Some(0));
    assert_eq!(spread(3, all, &mut focus), Some(1));
    // With c down, every x member takes d; with nobody to attack, none.
    assert_eq!(spread(0, Set::from(0b11011), &mut focus), Some(3));
    assert_eq!(spread(1, Set::from(0b11011), &mut focus), Some(3));
    assert_eq!(spread(0, Set::from(0b10011), &mut focus), None);
    // A member's second attack of the turn goes to the next foe: a's to d, b's round to c.
    let second = |me: usize| {
        let at = (me, r.side_of(me), 1);
        Targeting::Spread.choose(&r, at, all, &mut None, weak, |_| unreachable!())
    };
    assert_eq!((second(0), second(1)), (Some(3), Some(2)));
    // Nothing is remembered.
    assert_eq!(focus, None);
}
