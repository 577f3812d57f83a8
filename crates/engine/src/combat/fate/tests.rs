//! The tests of `fate` (the module above, `super`).

use super::*;

#[test]
fn each_state_reads_back_and_the_untended_dying_die() {
    let f = Fates {
        dead: 0b10000,
        dying: 0b01000,
        fled: 0b00100,
        down: 0b00010,
    };
    assert_eq!(
        (0..5).map(|i| f.state(i)).collect::<Vec<_>>(),
        [0, 1, 2, 3, 4]
    );
    assert_eq!(f.out(), 0b11110);
    let after = f.left_alone();
    assert_eq!(
        (after.dead, after.dying, after.fled, after.down),
        (0b11000, 0, 0b100, 0b10)
    );
}

#[test]
fn a_fate_reads_one_combatant_out_of_the_end_and_the_aftermath() {
    // 0 standing, 1 down, 2 fled, 3 dead in the fight, 4 dying and dead after it, 5 dying
    // and saved.
    let end = Fates {
        dead: 0b001000,
        dying: 0b110000,
        fled: 0b000100,
        down: 0b000010,
    };
    let after = Fates {
        dead: 0b011000,
        dying: 0,
        fled: 0b000100,
        down: 0b100010,
    };
    let fate = |dead, saved, fled, down| Fate {
        dead,
        saved,
        fled,
        down,
    };
    assert_eq!(
        (0..6)
            .map(|i| Fate::of(&end, &after, i))
            .collect::<Vec<_>>(),
        [
            Fate::default(),
            fate(false, false, false, true),
            fate(false, false, true, false),
            fate(true, false, false, false),
            fate(true, false, false, false),
            fate(false, true, false, true),
        ]
    );
}
