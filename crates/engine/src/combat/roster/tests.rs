//! The tests of `roster` (the module above, `super`).

use super::*;

#[test]
fn sides_are_numbered_in_order_of_first_appearance() {
    let r = Roster::new([("a", "x"), ("b", "y"), ("c", "x")]).unwrap();
    assert_eq!(r.sides(), ["x", "y"]);
    assert_eq!(r.side_masks(), [0b101, 0b010]);
    assert_eq!(r.index_of("c"), Some(2));
    assert_eq!(r.side_name(1), "y");
    assert_eq!(r.foes_of(0, Set::from(0b111)), Set::from(0b010));
    assert_eq!(r.everyone(), Set::from(0b111));
}

#[test]
fn bad_rosters_say_what_is_wrong() {
    assert_eq!(
        Roster::new([("a", "x"), ("", "y")]),
        Err(RosterError::EmptyName(1))
    );
    assert_eq!(
        Roster::new([("a", "x"), ("a", "y")]),
        Err(RosterError::DuplicateName(1))
    );
    assert_eq!(
        Roster::new([("a", "x"), ("b", "x")]),
        Err(RosterError::OneSide)
    );
    let names: Vec<String> = (0..65).map(|i| format!("c{i}")).collect();
    let many = names
        .iter()
        .enumerate()
        .map(|(i, n)| (n.as_str(), if i % 2 == 0 { "x" } else { "y" }));
    assert_eq!(Roster::new(many), Err(RosterError::TooMany));
}
