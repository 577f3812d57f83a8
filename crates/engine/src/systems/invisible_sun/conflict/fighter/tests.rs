//! The tests of `fighter` (the module above, `super`).

use super::*;

fn v(base: i64, bene: i64, magic_dice: u32) -> Venture {
    Venture {
        base,
        bene,
        magic_dice,
        successes: 1,
        expansive: bene > 1,
    }
}

#[test]
fn bene_go_on_a_roll_only_when_they_raise_the_chance() {
    // 5 − 1 = 4 needed; 1 bene makes it 3.
    let p = plan(5, &v(1, 1, 0), 1, 0, 2);
    assert_eq!((p.resolution, p.bene), (Resolution::Roll(3), 1));
    // An empty pool spends nothing.
    assert_eq!(plan(5, &v(1, 1, 0), 1, 0, 0).bene, 0);
    // Routine without it: nothing; a challenge 0 is routine whatever the penalty.
    assert_eq!(plan(3, &v(3, 1, 0), 1, 0, 2).bene, 0);
    assert_eq!(
        plan(0, &v(0, 1, 0), 1, 5, 2).resolution,
        Resolution::Automatic
    );
    // Hopeless even with it: nothing (12 − 1 − 1 = 10 needed).
    let p = plan(12, &v(1, 1, 0), 1, 0, 2);
    assert_eq!((p.resolution, p.bene), (Resolution::Impossible, 0));
    // Expansive: what the pool holds, up to the wish, but only as many as make it routine.
    assert_eq!(plan(6, &v(1, 4, 0), 1, 0, 3).bene, 3);
    let p = plan(6, &v(3, 4, 0), 1, 1, 9);
    assert_eq!((p.resolution, p.bene), (Resolution::Automatic, 4));
    let p = plan(6, &v(4, 4, 0), 1, 0, 9);
    assert_eq!((p.resolution, p.bene), (Resolution::Automatic, 2));
    // Two successes with no magic die: impossible, nothing spent.
    assert_eq!(plan(3, &v(0, 1, 0), 2, 0, 5).bene, 0);
}

#[test]
fn schaelees_two_hits_leave_one_wound_and_no_bene() {
    // L184: 5 damage less Armor 1 is a Wound and an Injury; the Wound is negated.
    let mut t = Track::default();
    let spent = t.take(4, 3, 3, Negate::Greedy, 1, 2);
    assert_eq!(
        (t, spent),
        (
            Track {
                marks: 0,
                injuries: 1
            },
            1
        )
    );
    // The maul's 6 less 1: with the Injury, 2 Wounds; one negated, no Injuries left.
    let spent = t.take(5, 3, 3, Negate::Greedy, 1, 1);
    assert_eq!(
        (t, spent),
        (
            Track {
                marks: 1,
                injuries: 0
            },
            1
        )
    );
}

#[test]
fn negation_follows_the_policy() {
    let hit = |negate, most, pool, marks| {
        let mut t = Track { marks, injuries: 0 };
        let spent = t.take(6, 3, 3, negate, most, pool);
        (t.marks, spent)
    };
    assert_eq!(hit(Negate::Greedy, 1, 5, 0), (1, 1));
    assert_eq!(hit(Negate::Greedy, i64::MAX, 5, 0), (0, 2));
    assert_eq!(hit(Negate::Greedy, i64::MAX, 1, 0), (1, 1));
    assert_eq!(hit(Negate::Never, 1, 5, 0), (2, 0));
    // Lethal only: nothing while it survives; just enough to stay alive; nothing when
    // one bene cannot save it.
    assert_eq!(hit(Negate::LethalOnly, 1, 5, 0), (2, 0));
    assert_eq!(hit(Negate::LethalOnly, 1, 5, 1), (2, 1));
    assert_eq!(hit(Negate::LethalOnly, 1, 5, 2), (3, 0));
    assert_eq!(hit(Negate::LethalOnly, i64::MAX, 5, 2), (2, 2));
    // NPC tracks: 5 Injuries a Wound, 10 to die.
    let mut t = Track::default();
    t.take(12, 5, 10, Negate::Never, 0, 0);
    assert_eq!(
        t,
        Track {
            marks: 2,
            injuries: 2
        }
    );
    t.take(99, 5, 10, Negate::Never, 0, 0);
    assert_eq!(t.marks, 10);
}
