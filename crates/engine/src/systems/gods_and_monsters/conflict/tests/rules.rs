//! The `[conflict]` readings and mojo in a fight, each with scripted dice: consciousness once
//! at the round's end or after each hit, a re-rolled death contest, mojo bids (exactly the
//! miss, nothing when short, the reserve), waking after six rounds per injury point, death
//! when endurance − injuries runs out, and +4 against the surprised.

use super::super::super::fight::State;
use super::super::super::rules::{
    ConflictRules, ConsciousnessCheck, DeathContest, MojoKind, MojoOn, UnconsciousFor,
};
use super::super::*;
use super::{Log, duelist};
use crate::combat::{self, Ending};
use crate::testing::Scripted;

/// A fighter on `side` who never attacks, with fortitude and willpower 10, endurance 10.
pub(super) fn target(name: &str, side: usize, survival: i64) -> Fighter {
    let mut f = duelist(name, side, survival, 0, 0, "d6");
    f.attacks.clear();
    f.willpower = 10;
    f.fortitude = 10;
    f
}

/// A fighter on side 0 with `attacks` d6 attacks hitting on d20 ≤ 11.
fn striker(attacks: usize) -> Fighter {
    let mut f = duelist("A", 0, 100, 0, 0, "d6");
    let one = f.attacks[0].clone();
    f.attacks = vec![one; attacks];
    f.willpower = 10;
    f.fortitude = 10;
    f
}

/// Plays one fight with scripted d20s and d6 damage faces, each pick taking the first
/// candidate; every d20 and damage face must be used.
pub(super) fn play(
    fighters: Vec<Fighter>,
    rounds: u32,
    rules: ConflictRules,
    d20: &[i64],
    faces: &[i64],
) -> (Ending, u32, Log, Vec<State>) {
    let sides = (0..=fighters.iter().map(|f| f.side).max().unwrap())
        .map(|s| format!("side{s}"))
        .collect();
    let conflict = Conflict::new(fighters, sides, rounds, rules);
    let mut script = Scripted::new()
        .d20s(d20.iter().copied())
        .faces(6, faces.iter().copied())
        .first_of_every_pick();
    let mut log = Log::default();
    let (ending, n, arena, _) = combat::replay(&conflict, &mut script, &mut log);
    script.finish();
    (ending, n, log, conflict.states(&arena.fight))
}

pub(super) fn rules() -> ConflictRules {
    ConflictRules::default()
}

const B: usize = 1;

#[test]
fn consciousness_is_rolled_once_after_both_hits() {
    // Two hits of 3 and 2 on 2 survival: 0 survival, then 3 injuries. End of round (762): one
    // roll at 3 injuries, needing 10 − 3 = 7; 8 fails. The death contest's injuries roll 5 > 3
    // spares it (its endurance roll 1 is still rolled).
    let fighters = || vec![striker(2), target("B", 1, 2)];
    let (ending, rounds, log, end) = play(fighters(), 5, rules(), &[1, 1, 8, 5, 1], &[3, 2]);
    assert_eq!((ending, rounds), (Ending::Win(0), 1));
    assert_eq!(log.consciousness, [(1, B, 8, 7)]);
    assert!(!end[B].conscious && !end[B].dying);
    // Per hit (as landed): 8 ≤ 9 after the first hit, 8 > 7 after the second.
    let per_hit = ConflictRules {
        consciousness_check: ConsciousnessCheck::PerHit,
        ..rules()
    };
    let (_, _, log, end) = play(fighters(), 5, per_hit, &[1, 8, 1, 8, 5, 1], &[3, 2]);
    assert_eq!(log.consciousness, [(1, B, 8, 9), (1, B, 8, 7)]);
    assert!(!end[B].conscious);
}

#[test]
fn a_death_contest_both_win_is_rolled_again() {
    // One hit of 5 on 1 survival: 4 injuries; conscious (1 ≤ 6). Injuries 2 ≤ 4 and endurance
    // 3 ≤ 10 − 4: both succeed. "single" ends there alive; "contest" rolls again: 1 ≤ 4 and
    // 15 > 6, dying.
    let fighters = || vec![striker(1), target("B", 1, 1)];
    let (ending, _, _, end) = play(fighters(), 1, rules(), &[1, 1, 2, 3], &[5]);
    assert_eq!(ending, Ending::Stalemate);
    assert!(!end[B].dying);
    let contest = ConflictRules {
        death_contest: DeathContest::Contest,
        ..rules()
    };
    let (_, _, _, end) = play(fighters(), 1, contest, &[1, 1, 2, 3, 1, 15], &[5]);
    assert!(
        end[B].dying && !end[B].dead,
        "10 − 4 > 0: dies later, not now"
    );
}

#[test]
fn mojo_bids_exactly_the_miss_and_keeps_the_reserve() {
    // Attacks hit on 11. Round 1: 14 misses by 3, the pool of 5 pays 3 and it hits. Round 2:
    // 15 misses by 4, only 2 left: nothing is spent.
    let mut a = striker(1);
    a.mojo = 5;
    a.mojo_on = MojoOn(MojoKind::Attack.bit());
    let (_, _, log, end) = play(
        vec![a.clone(), target("B", 1, 50)],
        2,
        rules(),
        &[14, 15],
        &[2],
    );
    assert_eq!(log.attacks[0].5, Some(2));
    assert_eq!(log.attacks[1].5, None);
    assert_eq!((end[0].mojo, end[0].mojo_spent), (2, 3));
    // A reserve of 3 leaves 2 to bid: the miss of 3 is not covered.
    a.mojo_reserve = 3;
    let (_, _, log, end) = play(vec![a, target("B", 1, 50)], 1, rules(), &[14], &[]);
    assert_eq!(log.attacks[0].5, None);
    assert_eq!(end[0].mojo_spent, 0);
}

#[test]
fn a_death_bid_ignores_the_reserve_and_saves() {
    // 4 injuries; the injuries' roll 2 succeeds, endurance 9 > 6 misses by 3: a pool of 4 with
    // a reserve of 4 still pays 3 on a death roll (the reserve is for the other kinds).
    let mut b = target("B", 1, 1);
    b.mojo = 4;
    b.mojo_reserve = 4;
    let (_, _, _, end) = play(vec![striker(1), b], 1, rules(), &[1, 1, 2, 9], &[5]);
    assert!(!end[B].dying && end[B].mojo_saved);
    assert_eq!((end[B].mojo, end[B].mojo_spent), (1, 3));
}

#[test]
fn the_unconscious_wake_after_six_rounds_per_injury() {
    // B1 takes 2 on 1 survival: 1 injury, fails consciousness (20 > 9), the injuries' roll 20
    // fails. Out at the end of round 1, it misses rounds 2–7 and is back for round 8. B2 keeps
    // its side in the fight; every later attack (at B2) misses.
    let mut b2 = target("B2", 1, 1000);
    b2.name = "B2".into();
    let fighters = vec![striker(1), target("B1", 1, 1), b2];
    let waking = ConflictRules {
        unconscious_for: UnconsciousFor::Injuries,
        ..rules()
    };
    let mut d20 = vec![1, 20, 20, 1];
    d20.extend([20; 7]);
    let (_, _, log, _) = play(fighters.clone(), 8, waking, &d20, &[2]);
    for (round, states) in log.rounds.iter().enumerate() {
        assert_eq!(states[1].conscious, round == 7, "after round {}", round + 1);
    }
    // At 0 injuries (2 damage on 2 survival): down at the end of round 1, back for round 2.
    let mut fighters = fighters;
    fighters[1].survival = 2;
    let (_, _, log, _) = play(fighters, 2, waking, &[1, 20, 20], &[2]);
    assert!(!log.rounds[0][1].conscious && log.rounds[1][1].conscious);
}

#[test]
fn the_dying_die_when_endurance_less_injuries_runs_out() {
    // Endurance 4, 4 injuries: the contest is lost (1 ≤ 4, 5 > 0) and 4 − 4 ≤ 0: dead now,
    // out of the fight although it fights while dying.
    let mut b = target("B", 1, 1);
    b.endurance = 4;
    let (ending, rounds, _, end) =
        play(vec![striker(1), b.clone()], 5, rules(), &[1, 1, 1, 5], &[5]);
    assert!(end[B].dying && end[B].dead && end[B].conscious);
    assert_eq!((ending, rounds), (Ending::Win(0), 1));
    // Endurance 5: dying, 1 minute left, fights on.
    b.endurance = 5;
    let (ending, _, _, end) = play(vec![striker(1), b], 1, rules(), &[1, 1, 1, 5], &[5]);
    assert!(end[B].dying && !end[B].dead);
    assert_eq!(ending, Ending::Stalemate);
}

#[test]
fn the_surprised_are_unaware_in_round_one_only_when_chosen() {
    // A surprises; B's perception roll 20 fails. Round 1: B cannot act; A needs 11, or 15
    // with `surprised_are_unaware` (866).
    let mut a = striker(1);
    a.surprises = true;
    for (unaware, needed) in [(false, 11), (true, 15)] {
        let r = ConflictRules {
            surprised_are_unaware: unaware,
            ..rules()
        };
        let (_, _, log, _) = play(vec![a.clone(), target("B", 1, 50)], 1, r, &[20, 20], &[]);
        assert_eq!(log.attacks[0].4, needed);
    }
}

#[test]
fn knockout_blows_put_one_point_or_a_warriors_two_on_injuries() {
    // A surprises and deals knockout blows; B fails its perception roll (20) and is
    // surprised. The called shot needs 11 − 3 = 8; 1 hits for 4. B's evasion 5 + head
    // protection 2 = 7: 9 fails, so 1 point goes to injuries, 3 to survival; B then rolls
    // consciousness at the round's end (1 ≤ 9) and its death contest is not called for.
    let mut a = striker(1);
    a.surprises = true;
    a.knockout_blows = true;
    let mut b = target("B", 1, 50);
    b.evasion = Some(5);
    b.head_protection = 2;
    let (_, _, log, end) = play(vec![a.clone(), b.clone()], 1, rules(), &[20, 1, 9, 1], &[4]);
    assert_eq!(log.attacks[0], (1, 0, B, 1, 8, Some(4)));
    assert_eq!((end[B].survival, end[B].injuries), (47, 1));
    // A warrior's knockout puts two points on injuries (878).
    a.warrior = true;
    let (_, _, _, end) = play(vec![a.clone(), b.clone()], 1, rules(), &[20, 1, 9, 1], &[4]);
    assert_eq!((end[B].survival, end[B].injuries), (48, 2));
    // Evaded (7 ≤ 7): damage as usual.
    let (_, _, _, end) = play(vec![a, b], 1, rules(), &[20, 1, 7], &[4]);
    assert_eq!((end[B].survival, end[B].injuries), (46, 0));
}

#[test]
fn a_caller_defends_at_minus_two() {
    // B2 (perception 20: not surprised) swings at A in round 1, while A's called shot at the
    // surprised B1 lowers A's defense by 2: B2 needs 11 + 2 = 13. Called shots go first.
    let mut a = striker(1);
    a.surprises = true;
    a.knockout_blows = true;
    a.target = Targeting::Named(1);
    let mut b1 = target("B1", 1, 50);
    b1.evasion = Some(0);
    let mut b2 = duelist("B2", 1, 50, 0, 0, "d6");
    b2.perception = 20;
    b2.evasion = Some(0);
    let (_, _, log, _) = play(vec![a, b1, b2], 1, rules(), &[20, 1, 20, 20], &[]);
    assert_eq!(log.attacks[0], (1, 0, 1, 20, 8, None));
    assert_eq!(log.attacks[1], (1, 2, 0, 20, 13, None));
}

#[test]
fn killing_blows_at_the_fallen_round_half_up_and_hit_at_plus_ten() {
    // Round 1: A drops B1 (2 damage on 1 survival: 1 injury), consciousness 20 fails, the
    // injuries' roll 20 spares it. Round 2: A goes for the fallen first: a called killing blow
    // needs 11 − 3 + 10 = 18 (+10 for the immobile, 862); 5 damage puts 3 on injuries (870)
    // and 2 where damage goes (B1 has no survival left: injuries too).
    let mut a = striker(1);
    a.attack_downed = AttackDowned::First;
    a.killing_blows = true;
    a.target = Targeting::Named(1);
    let fighters = vec![a, target("B1", 1, 1), target("B2", 1, 50)];
    let d20 = [1, 20, 20, 1, 18, 1, 7];
    let (_, _, log, end) = play(fighters, 2, rules(), &d20, &[2, 5]);
    assert_eq!(log.attacks[1], (2, 0, 1, 18, 18, Some(5)));
    assert_eq!(end[1].injuries, 1 + 3 + 2);
    assert!(end[1].dying, "6 injuries: 1 ≤ 6 and 7 > 10 − 6 + 2");
}

/// The Toromeen example of 004:637–639, played: the Orc's sword-thrust does 6 to his 4
/// survival (0 survival, 2 injuries); he stays conscious (6 ≤ fortitude 11 − 2) and loses the
/// death contest (the injuries roll 1 ≤ 2, he rolls 20 > 15 − 2): dying, with 13 minutes
/// (78 rounds) to live. Next round he hits and fells the Orc, and the fight is over; resting
/// unconscious, the 12 whole minutes he has left become 12 hours. Healing aid of 2 injuries
/// in time saves him (615: injuries at zero cancel death); of 1, it does not.
#[test]
fn toromeen_lives_if_his_injuries_are_healed_in_time() {
    const TOROMEEN: usize = 0;
    for (heal, lives) in [(2, true), (1, false)] {
        let mut toromeen = duelist("Toromeen", 0, 4, 0, 0, "d8");
        (toromeen.endurance, toromeen.fortitude, toromeen.willpower) = (15, 11, 0);
        let sam = target("Sam", 0, 10);
        let mut orc = duelist("Orc", 1, 3, 0, 0, "d6+1");
        orc.target = Targeting::Named(TOROMEEN);
        let sides = vec!["party".into(), "orcs".into()];
        let mut conflict = Conflict::new(vec![toromeen, sam, orc], sides, 10, rules());
        conflict.aftermath.heal_injuries = heal;
        let mut script = Scripted::new()
            .d20s([
                20, 1, // round 1: Toromeen misses, the Orc hits
                6, 1, 20, // his consciousness roll, the injuries' roll, his endurance roll
                1, 20, // round 2: Toromeen hits, the Orc misses
                20, 20, 1, // the Orc's consciousness roll fails; its injuries' roll fails
            ])
            .faces(6, [5])
            .faces(8, [8]);
        let mut arena = conflict.arena();
        let mut side_down = combat::SideRounds::new(2);
        let played = combat::play(
            &conflict,
            &mut script,
            &mut arena,
            &mut side_down,
            &mut Log::default(),
        );
        script.finish();
        assert_eq!((played.ending, played.rounds), (Ending::Win(0), 2));
        assert_eq!(played.end.dying, 1 << TOROMEEN);
        let fight = &arena.fight;
        assert_eq!(
            fight.dies_at[TOROMEEN] - 1,
            13 * 6,
            "13 minutes from round 1"
        );
        assert_eq!(conflict.hours_left(TOROMEEN, 2, fight), 12);
        let (dead, down) = (
            played.after.dead >> TOROMEEN & 1,
            played.after.down >> TOROMEEN & 1,
        );
        assert_eq!(
            (dead, down),
            (u64::from(!lives), u64::from(lives)),
            "heal {heal}"
        );
    }
}

/// A dying combatant who fights on dies in the fight once 6 × (endurance − injuries) rounds
/// have passed since it lost the contest (615: minutes of ten-second rounds).
#[test]
fn the_dying_die_when_their_minutes_run_out_in_the_fight() {
    // B (endurance 3, 2 survival) takes 3 from A's first hit: 1 injury, conscious (1 ≤ 9),
    // loses the contest (1 ≤ 1; 20 > 2): dying with 2 minutes, 12 rounds. Nobody can hurt
    // anyone after that (A misses on 20s, B has no attacks), so B dies at the end of round 13.
    let mut b = target("B", 1, 2);
    b.endurance = 3;
    let mut a = duelist("A", 0, 100, 0, 0, "d6");
    a.willpower = 10;
    let mut d20 = vec![1, 1, 1, 20];
    d20.extend([20; 12]);
    let (ending, rounds, _, end) = play(vec![a, b], 50, rules(), &d20, &[3]);
    assert_eq!((ending, rounds), (Ending::Win(0), 13));
    assert!(end[B].dead);
}

#[test]
fn a_heroic_last_effort_is_one_attack_at_plus_level_then_death() {
    // 004:619. Two hits of 6 on B's 1 survival: 11 injuries. B (willpower 30) stays
    // conscious (1 ≤ 19) and loses the death contest (1 ≤ 11; its endurance 10 − 11 fails
    // whatever it rolls): dying with no minutes left, so dead at the round's end. With
    // `last_effort`, B strikes once more in round 2 at +3 (its level) with no injury penalty:
    // 13 ≤ 11 + 3 hits for 4; nobody may attack it; then the fight is over.
    let fighters = |last_effort: bool| {
        let mut b = target("B", 1, 1);
        b.willpower = 30;
        b.attacks = vec![Attack::melee("d6".parse().unwrap(), 0)];
        b.level = Some(3);
        b.last_effort = last_effort;
        vec![striker(2), b]
    };
    let round_1 = [1, 1, 20, 1, 1, 20];
    let (ending, rounds, log, end) = play(fighters(false), 5, rules(), &round_1, &[6, 6]);
    assert_eq!((ending, rounds), (Ending::Win(0), 1));
    assert!(end[B].dead);
    let d20 = [&round_1[..], &[13]].concat();
    let (ending, rounds, log_2, end) = play(fighters(true), 5, rules(), &d20, &[6, 6, 4]);
    assert_eq!((ending, rounds), (Ending::Win(0), 2));
    assert_eq!(log_2.attacks[..3], log.attacks[..]);
    assert_eq!(log_2.attacks[3..], [(2, B, 0, 13, 14, Some(4))]);
    assert!(end[B].dead);
    assert_eq!(end[0].survival, 96);
}
