//! A conflict begun from carried states: the same fight, dice for dice, from fresh states;
//! members carried in down or dead sit it out; a member may begin at 0 survival.

use super::*;
use crate::combat::day::{Carry, Member};
use crate::combat::{Ending, Observer, Rounds, SideRounds, play_from};
use crate::systems::gods_and_monsters::fight::Event;
use crate::testing::{Scripted, assert_round_trip, shipped};
use oddsmith_core::dice::FightDice;
use rand::SeedableRng;

fn shipped_conflict(stem: &str) -> Conflict {
    match Scenario::load(&shipped(stem)).unwrap().system {
        LoadedSystem::GodsAndMonsters(Loaded::Conflict(c)) => *c,
        _ => panic!("{stem}: not a conflict"),
    }
}

#[test]
fn a_fight_begun_from_fresh_carried_states_is_the_fresh_fight() {
    // The Yeti ambush (a plain conflict) and the goblin mob (every rule compiled in: shots
    // from afar, mojo, called shots).
    assert_round_trip(&shipped_conflict("yeti"), 3, 20_000, 11);
    assert_round_trip(&shipped_conflict("goblin_mob"), 2, 20_000, 12);
    // With the fallen attacked and the unconscious waking.
    let c = conflict(&format!(
        "{YETI_BODY}[conflict]\nunconscious_for = \"injuries\"\n"
    ));
    assert_round_trip(&c, 3, 20_000, 13);
}

/// The Yeti ambush, the Yeti killing the fallen.
const YETI_BODY: &str = r#"
[[combatant]]
use = "Sam Stevens"
[[combatant]]
use = "Charlotte Kordé"
[[combatant]]
use = "Toromeen"
[[combatant]]
use = "Yeti"
side = "yeti"
surprises = true
attack_downed = "first"
killing_blows = true
"#;

/// Every attack of a fight: (attacker, target).
#[derive(Default)]
struct Attacks(Vec<(usize, usize)>);

impl Observer<Conflict> for Attacks {
    fn see(&mut self, event: Event<'_>) {
        if let Event::Attack {
            attacker, target, ..
        } = event
        {
            self.0.push((attacker, target));
        }
    }
}

#[test]
fn members_carried_in_down_or_dead_sit_the_fight_out() {
    // Sam dead, Charlotte unconscious with 3 injuries; the Yeti attacks the fallen first
    // and deals killing blows, and the unconscious wake after a minute an injury: neither
    // of the two is ever attacked, acts, wakes or changes, and the fates say them as they
    // are.
    let c = conflict(&format!(
        "{YETI_BODY}[conflict]\nunconscious_for = \"injuries\"\n"
    ));
    let dead = State {
        survival: 0,
        injuries: 9,
        dead: true,
        ..State::default()
    };
    let out = State {
        survival: 0,
        verve: 4,
        injuries: 3,
        unconscious: true,
        out_minutes: 2,
        ..State::default()
    };
    let party = [dead, out, c.fresh(2)];
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
    let mut dice = FightDice::new(&mut rng);
    let mut arena = c.arena();
    let mut sides = SideRounds::new(2);
    for _ in 0..2_000 {
        let mut seen = Attacks::default();
        let up = c.begin_from(&mut dice, &mut arena, &party, &mut seen);
        assert_eq!(up & 0b11, 0);
        let played = play_from(&c, up, &mut dice, &mut arena, &mut sides, &mut seen);
        assert!(
            seen.0.iter().all(|&(a, t)| a >= 2 && t >= 2),
            "{:?}",
            seen.0
        );
        let end = c.fates(&arena);
        assert_eq!(end.dead & 1, 1);
        assert_eq!(end.down >> 1 & 1, 1);
        assert_eq!(c.carry(&arena, played.fate(0), 0), dead);
        assert_eq!(c.carry(&arena, played.fate(1), 1), out);
        if played.ending == Ending::Win(0) {
            let cy = c.carry(&arena, played.fate(2), 2);
            assert!(cy.up() || cy.dead);
        }
    }
}

#[test]
fn a_fight_may_begin_at_0_survival() {
    // Toromeen carried in at 0 survival and 0 verve with 1 injury (004:569: survival does
    // not come back within the day). One round: he misses (20); the Yeti's first claw hits
    // (1) for 3, all of it injuries: 4; its second misses (20). With no survival to drop,
    // the injuries gained call for the consciousness roll at 11 − 4 = 7 (he rolls 7 and
    // stays up), and, 4 injuries exceeding 0 survival and verve, the death contest: the
    // injuries roll 5 (over 4, they fail) against endurance 15 − 4 (he rolls 12).
    let c = conflict(
        r#"
[run]
max_rounds = 1
[[combatant]]
use = "Toromeen"
[[combatant]]
use = "Yeti"
side = "yeti"
"#,
    );
    let start = State {
        survival: 0,
        verve: 0,
        injuries: 1,
        ..c.fresh(0)
    };
    let mut dice = Scripted::new().d20s([20, 1, 20, 7, 5, 12]).faces(6, [3]);
    let mut arena = c.arena();
    let mut sides = SideRounds::new(2);
    let up = c.begin_from(
        &mut dice,
        &mut arena,
        &[start],
        &mut crate::combat::Unobserved,
    );
    let played = play_from(
        &c,
        up,
        &mut dice,
        &mut arena,
        &mut sides,
        &mut crate::combat::Unobserved,
    );
    dice.finish();
    assert_eq!(played.ending, Ending::Stalemate);
    let after = c.carry(&arena, played.fate(0), 0);
    assert_eq!(
        after,
        State {
            survival: 0,
            verve: 0,
            injuries: 4,
            ..start
        }
    );
}

#[test]
fn verve_that_soaks_combat_damage_is_carried_apart_from_survival() {
    // Sam (a warrior: verve soaks combat damage) carried in at 3 survival of 6 and 2 verve
    // of 15: a claw of 4 takes the 2 verve and 2 survival, leaving 1 survival, 0 verve.
    let c = conflict(
        r#"
[run]
max_rounds = 1
[[combatant]]
use = "Sam Stevens"
[[combatant]]
use = "Yeti"
side = "yeti"
"#,
    );
    let start = State {
        survival: 3,
        verve: 2,
        ..c.fresh(0)
    };
    // Sam misses (20); claw one hits (1) for 4, claw two misses (20).
    let mut dice = Scripted::new().d20s([20, 1, 20]).faces(6, [4]);
    let mut arena = c.arena();
    let mut sides = SideRounds::new(2);
    let up = c.begin_from(
        &mut dice,
        &mut arena,
        &[start],
        &mut crate::combat::Unobserved,
    );
    let played = play_from(
        &c,
        up,
        &mut dice,
        &mut arena,
        &mut sides,
        &mut crate::combat::Unobserved,
    );
    dice.finish();
    let after = c.carry(&arena, played.fate(0), 0);
    assert_eq!((after.survival, after.verve, after.injuries), (1, 0, 0));
    // A monk's verve does not soak combat damage and comes back as it went in.
    let c = conflict(
        r#"
[run]
max_rounds = 1
[[combatant]]
use = "Charlotte Kordé"
[[combatant]]
use = "Yeti"
side = "yeti"
"#,
    );
    let start = State {
        survival: 4,
        verve: 9,
        ..c.fresh(0)
    };
    let mut dice = Scripted::new().d20s([20, 1, 20]).faces(6, [2]);
    let mut arena = c.arena();
    let up = c.begin_from(
        &mut dice,
        &mut arena,
        &[start],
        &mut crate::combat::Unobserved,
    );
    let played = play_from(
        &c,
        up,
        &mut dice,
        &mut arena,
        &mut sides,
        &mut crate::combat::Unobserved,
    );
    dice.finish();
    let after = c.carry(&arena, played.fate(0), 0);
    assert_eq!((after.survival, after.verve, after.injuries), (2, 9, 0));
}

#[test]
fn who_a_fight_hands_back_dead_is_who_its_aftermath_left_dead() {
    // Over many fights from carried states (Charlotte sitting out unconscious), the members
    // the fight hands back dead are exactly those dead once its aftermath is over: killed in
    // the rounds, finished off as fallen foes (`foes = "finish"`), or dying and not healed
    // in time; the dying healed in time come back with no injuries (004:615).
    for aftermath in [
        "",
        "[aftermath]\nfoes = \"finish\"\n",
        "[aftermath]\nheal_injuries = 3\n",
    ] {
        let c = conflict(&format!("{YETI_BODY}{aftermath}"));
        let party = [
            State {
                survival: 2,
                injuries: 1,
                ..c.fresh(0)
            },
            State {
                survival: 0,
                injuries: 2,
                unconscious: true,
                ..c.fresh(1)
            },
            State {
                survival: 1,
                verve: 3,
                ..c.fresh(2)
            },
        ];
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(17);
        let mut dice = FightDice::new(&mut rng);
        let mut arena = c.arena();
        let mut sides = SideRounds::new(2);
        let (mut died, mut saved) = (0, 0);
        for _ in 0..5_000 {
            let up = c.begin_from(
                &mut dice,
                &mut arena,
                &party,
                &mut crate::combat::Unobserved,
            );
            let end = play_from(
                &c,
                up,
                &mut dice,
                &mut arena,
                &mut sides,
                &mut crate::combat::Unobserved,
            );
            for k in 0..3 {
                let s = c.carry(&arena, end.fate(k), k);
                assert_eq!(
                    s.dead,
                    end.after.dead >> k & 1 == 1,
                    "{aftermath}: {k} {s:?}"
                );
                let was_dying = end.end.dying >> k & 1 == 1;
                if was_dying && !s.dead {
                    assert_eq!(s.injuries, 0);
                    saved += 1;
                }
                died += usize::from(s.dead);
            }
        }
        assert!(died > 0, "{aftermath}");
        if aftermath.contains("heal") {
            assert!(saved > 0);
        }
    }
}
