//! Ranged combat with scripted dice (004_803a11f5ee1b6e60.txt 772–820): both cover columns,
//! reload cadences in and out of close combat and unloaded, the crowd's cover at 2, 3, 5 and
//! 6 combatants, and strays on a hit, on a miss, and none after a called hit.

use super::super::super::fight::Ending;
use super::super::super::rules::Cover;
use super::super::*;
use super::rules::{play, rules, target};

/// A shooter on side 0, out of close combat, with one d6 ranged attack of `fire_actions`.
fn shooter(fire_actions: u8, close_combat: bool, loaded: bool) -> Fighter {
    let mut f = target("S", 0, 100);
    f.close_combat = close_combat;
    f.attacks =
        vec![Attack::melee("d6".parse().unwrap(), 0).readied(fire_actions, close_combat, loaded)];
    f.attacks[0].ranged = true;
    f
}

#[test]
fn cover_counts_against_ranged_attacks_by_column() {
    // 815–817: warriors +1/+2/+3, others 0/+1/+2; a hit needs d20 ≤ 11 − defense.
    for (cover, warrior, needed) in [
        (Cover::None, false, 11),
        (Cover::Weak, false, 11),
        (Cover::Strong, false, 10),
        (Cover::Full, false, 9),
        (Cover::Weak, true, 10),
        (Cover::Strong, true, 9),
        (Cover::Full, true, 8),
    ] {
        let mut b = target("B", 1, 100);
        b.cover = cover;
        b.warrior = warrior;
        b.close_combat = false;
        let (ending, _, log, _) = play(vec![shooter(1, false, true), b], 1, rules(), &[20], &[]);
        assert_eq!(ending, Ending::Stalemate);
        assert_eq!(
            log.attacks,
            [(1, 0, 1, 20, needed, None)],
            "{cover:?} {warrior}"
        );
    }
    // A melee attack ignores cover.
    let mut a = target("A", 0, 100);
    a.attacks = vec![Attack::melee("d6".parse().unwrap(), 0)];
    let mut b = target("B", 1, 100);
    b.cover = Cover::Full;
    let (_, _, log, _) = play(vec![a, b], 1, rules(), &[20], &[]);
    assert_eq!(log.attacks, [(1, 0, 1, 20, 11, None)]);
}

fn far_target() -> Fighter {
    let mut b = target("B", 1, 100);
    b.close_combat = false;
    b
}

#[test]
fn reloading_follows_fire_actions_in_and_out_of_close_combat() {
    // 788–790: n fire actions fire, then ready n − 1 rounds in close combat, n − 2 out of it;
    // unloaded, the weapon readies first.
    let play_for = |f: Fighter, rounds: u32, shots_expected: usize| {
        let (_, _, log, _) = play(
            vec![f, far_target()],
            rounds,
            rules(),
            &vec![20; shots_expected],
            &[],
        );
        log.attacks.iter().map(|a| a.0).collect::<Vec<_>>()
    };
    assert_eq!(play_for(shooter(3, true, true), 7, 3), [1, 4, 7]);
    assert_eq!(play_for(shooter(3, false, true), 7, 4), [1, 3, 5, 7]);
    assert_eq!(play_for(shooter(3, true, false), 7, 2), [3, 6]);
    assert_eq!(play_for(shooter(2, false, true), 3, 3), [1, 2, 3]);
    assert_eq!(play_for(shooter(1, true, true), 3, 3), [1, 2, 3]);
}

/// Shooter, target B (side 1, in close combat) and one ally of the shooter in close combat
/// beside it counting as `beside` combatants: the crowd is 1 + `beside`.
fn crowd(beside: i64) -> Vec<Fighter> {
    let b = target("B", 1, 100);
    let mut c = target("C", 0, 100);
    c.group_size = beside;
    c.evasion = Some(5);
    vec![shooter(1, false, true), b, c]
}

#[test]
fn a_crowd_in_close_combat_gives_cover_against_shots_into_it() {
    // 780: 3–5 standing in close combat give strong cover (+1 for non-warriors), 6+ full
    // (+2). Each miss strays to C, who evades on a 1 (d20 ≤ 5 + 0 defense).
    for (size, needed) in [(2, 11), (3, 10), (5, 10), (6, 9)] {
        let (_, _, log, _) = play(crowd(size - 1), 1, rules(), &[20, 1], &[]);
        assert_eq!(
            log.attacks,
            [(1, 0, 1, 20, needed, None)],
            "crowd of {size}"
        );
        assert_eq!(log.strays, [(1, 0, 2, None)]);
    }
    // Its own cover counts when better: full cover beats the crowd's strong.
    let mut f = crowd(2);
    f[1].cover = Cover::Full;
    let (_, _, log, _) = play(f, 1, rules(), &[20, 1], &[]);
    assert_eq!(log.attacks[0].4, 9);
}

/// Shooter S; target B (side 1) in close combat with C (evasion 5) and D (defense 10), both
/// on the shooter's side: a crowd of 3, strong cover, +1 defense.
fn melee_of_three() -> Vec<Fighter> {
    let mut c = target("C", 0, 100);
    c.evasion = Some(5);
    let mut d = target("D", 0, 100);
    d.evasion = Some(5);
    d.defense = 10;
    vec![shooter(1, false, true), target("B", 1, 100), c, d]
}

const C: usize = 2;
const D: usize = 3;

#[test]
fn strays_on_a_hit_on_a_miss_and_none_after_a_called_hit() {
    // A hit on 7 (≤ 10): C would have been hit too (7 ≤ 10) and fails evasion with 9 > 5,
    // taking the same 4; D would not (7 > 11 − 10 − 1 = 0).
    let (_, _, log, end) = play(melee_of_three(), 1, rules(), &[7, 9], &[4]);
    assert_eq!(log.attacks, [(1, 0, 1, 7, 10, Some(4))]);
    assert_eq!(log.strays, [(1, 0, C, Some(4))]);
    assert_eq!(
        (end[1].survival, end[C].survival, end[D].survival),
        (96, 96, 100)
    );
    // A miss on 15: one of C and D at random (the script picks the first, C) rolls evasion +
    // defense, 6 > 5 + 0, and takes a fresh damage roll of 3.
    let (_, _, log, end) = play(melee_of_three(), 1, rules(), &[15, 6], &[3]);
    assert_eq!(log.strays, [(1, 0, C, Some(3))]);
    assert_eq!((end[1].survival, end[C].survival), (100, 97));
    // Called (782): −3 to hit, 7 ≤ 10 − 3 hits B alone.
    let mut called = melee_of_three();
    called[0].called_shots_into_melee = true;
    let (_, _, log, end) = play(called, 1, rules(), &[7], &[4]);
    assert_eq!(log.attacks, [(1, 0, 1, 7, 7, Some(4))]);
    assert!(log.strays.is_empty());
    assert_eq!((end[1].survival, end[C].survival), (96, 100));
}

#[test]
fn a_leader_covers_a_companion_as_a_warrior_and_does_not_attack() {
    // 004:822: L, a warrior of level 1 who leads, rolls perception (d20 ≤ 10): on 5, B (weak
    // cover, not a warrior: 0) uses cover as a warrior (+1), so S's shot needs 10, not 11; on
    // 15 it does not. L makes no attack either way.
    let fighters = || {
        let mut b = target("B", 1, 100);
        b.cover = Cover::Weak;
        b.close_combat = false;
        let mut l = target("L", 1, 100);
        l.warrior = true;
        l.level = Some(1);
        l.leads = true;
        l.attacks = vec![Attack::melee("d6".parse().unwrap(), 0)];
        l.attacks[0].ranged = true;
        vec![shooter(1, false, true), b, l]
    };
    for (perception, needed) in [(5, 10), (15, 11)] {
        let (_, _, log, _) = play(fighters(), 1, rules(), &[perception, 20], &[]);
        assert_eq!(log.attacks, [(1, 0, 1, 20, needed, None)], "{perception}");
    }
}
