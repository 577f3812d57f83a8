//! The tests of `decide` (the module above, `super`).

use super::*;

fn roster() -> Roster {
    Roster::new([("a", "x"), ("b", "y"), ("c", "y")]).unwrap()
}

fn sight(r: &Roster, among: u64) -> Sight<'_, impl Fn(usize) -> i64> {
    Sight {
        roster: r,
        me: 0,
        nth: 0,
        side: 0,
        among: Set::from(among),
        weakness: |i: usize| [5, 3, 1][i],
    }
}

#[test]
fn attacking_is_the_targeting_policys_choice() {
    let r = roster();
    let mut focus = None;
    let weakest = Tactic::Attack(Targeting::Weakest);
    assert_eq!(
        weakest.decide(sight(&r, 0b111), &mut focus, |_| unreachable!()),
        Action::Attack(2)
    );
    let random = Tactic::Attack(Targeting::Random);
    assert_eq!(
        random.decide(sight(&r, 0b111), &mut focus, |f| f.draw(|n| n - 2)),
        Action::Attack(1)
    );
    assert_eq!(focus, Some(1));
    let named = Tactic::Attack(Targeting::Named(2));
    assert_eq!(
        named.decide(sight(&r, 0b111), &mut focus, |_| unreachable!()),
        Action::Attack(2)
    );
}

#[test]
fn with_no_foe_to_act_on_it_holds() {
    let r = roster();
    let mut focus = None;
    let random = Tactic::Attack(Targeting::Random);
    let held = random.decide(sight(&r, 0b001), &mut focus, |_| unreachable!());
    assert_eq!(held, Action::Hold);
    assert_eq!(held.target(), None);
}
