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
    let t = Targeting::Random.choose(&r, 0, all, &mut focus, weak, |foes: Set| {
        foes.draw(|n| {
            assert_eq!(n, 3);
            2
        })
    });
    assert_eq!((t, focus), (Some(3), Some(3)));
    // Focus keeps its foe while it stands, then picks again.
    let t = Targeting::Focus.choose(&r, 0, all, &mut focus, weak, |_| unreachable!());
    assert_eq!(t, Some(3));
    let t = Targeting::Focus.choose(&r, 0, Set::from(0b0111), &mut focus, weak, |f: Set| {
        f.draw(|_| 0)
    });
    assert_eq!((t, focus), (Some(1), Some(1)));
    // Weakest: the first of the weakest in scenario order, no draw.
    let t = Targeting::Weakest.choose(&r, 0, all, &mut focus, weak, |_| unreachable!());
    assert_eq!(t, Some(2));
    // A named foe while it stands, else random; one foe left needs no draw.
    let named = Targeting::Named(1);
    assert_eq!(
        named.choose(&r, 0, all, &mut focus, weak, |_| unreachable!()),
        Some(1)
    );
    let t = named.choose(
        &r,
        0,
        Set::from(0b1001),
        &mut focus,
        weak,
        |_| unreachable!(),
    );
    assert_eq!(t, Some(3));
    assert_eq!(
        Targeting::Random.choose(&r, 0, Set::from(1), &mut focus, weak, |_| 0),
        None
    );
}
