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

/// Everything open: a foe, fallen ally 1 (need 4), hurt allies 2 and 3 (need 9 and 2),
/// recovery, flight, and ally 4 to support.
fn all_open() -> Offers {
    Offers {
        fight: true,
        fallen: Set::from(0b10),
        hurt: Set::from(0b1100),
        recover: true,
        flee: true,
        support: Set::from(0b10000),
    }
}

fn need(i: usize) -> i64 {
    [0, 4, 9, 2, 7][i]
}

#[test]
fn each_profile_chooses_its_move_on_a_hand_made_state() {
    let open = all_open();
    let never = |_: usize| -> usize { unreachable!("only `random` draws") };
    // `protect`: the fallen first, then the hurt in most need, then support, then fight.
    assert_eq!(Profile::Protect.choose(open, need, never), Move::Tend(1));
    let no_fallen = Offers {
        fallen: Set::EMPTY,
        ..open
    };
    assert_eq!(
        Profile::Protect.choose(no_fallen, need, never),
        Move::Heal(3)
    );
    let only_support = Offers {
        hurt: Set::EMPTY,
        ..no_fallen
    };
    assert_eq!(
        Profile::Protect.choose(only_support, need, never),
        Move::Support(4)
    );
    // `cautious`: recover, else flee; with neither, as `by_the_book`.
    assert_eq!(Profile::Cautious.choose(open, need, never), Move::Recover);
    let no_recovery = Offers {
        recover: false,
        ..open
    };
    assert_eq!(
        Profile::Cautious.choose(no_recovery, need, never),
        Move::Flee
    );
    let calm = Offers {
        recover: false,
        flee: false,
        ..open
    };
    assert_eq!(Profile::Cautious.choose(calm, need, never), Move::Tend(1));
    // The others tend what their keys offer, then support, then fight.
    for p in [Profile::ByTheBook, Profile::Ruthless, Profile::Spread] {
        assert_eq!(p.choose(open, need, never), Move::Tend(1), "{p:?}");
        assert_eq!(
            p.choose(only_support, need, never),
            Move::Support(4),
            "{p:?}"
        );
        let nothing = Offers {
            fight: true,
            ..Offers::default()
        };
        assert_eq!(p.choose(nothing, need, never), Move::Fight, "{p:?}");
    }
}

#[test]
fn random_draws_uniformly_among_every_move_but_flight() {
    // Fight, tend 1, heal 2, heal 3, recover, support 4: six moves, in that order.
    let expect = [
        Move::Fight,
        Move::Tend(1),
        Move::Heal(2),
        Move::Heal(3),
        Move::Recover,
        Move::Support(4),
    ];
    for (k, want) in expect.into_iter().enumerate() {
        let got = Profile::Random.choose(all_open(), need, |n| {
            assert_eq!(n, 6, "flight is never a random choice");
            k
        });
        assert_eq!(got, want, "draw {k}");
    }
    // One move open: nothing drawn.
    let lone = Offers {
        fight: true,
        ..Offers::default()
    };
    assert_eq!(
        Profile::Random.choose(lone, need, |_| unreachable!()),
        Move::Fight
    );
}
