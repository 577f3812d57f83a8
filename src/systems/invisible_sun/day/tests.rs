//! The day's tests: a conflict begun from fresh carried states is today's conflict (the
//! shipped ones); a PC carried in dead or out sits the fight out.

use super::State;
use crate::combat::day::{FightStage, Member, Stage};
use crate::stats::{Layout, Tally};
use crate::systems::invisible_sun::Loaded;
use crate::systems::invisible_sun::conflict::Conflict;
use crate::systems::invisible_sun::conflict::fighter::Track;
use crate::systems::{LoadedSystem, Scenario, SystemKind, scenario_text};
use crate::testing::{Scripted, assert_round_trip, shipped};

/// The conflict of a scenario body (after `name` and `system`).
pub(super) fn conflict(body: &str) -> Conflict {
    let text = scenario_text(SystemKind::InvisibleSun, body);
    match Scenario::from_text("t.scenario", &text)
        .unwrap_or_else(|e| panic!("{e}"))
        .system
    {
        LoadedSystem::InvisibleSun(Loaded::Conflict(c)) => *c,
        other => panic!("not a conflict: {other:?}"),
    }
}

/// The value of counter `name` in `tally`.
pub(super) fn counter(layout: &Layout, tally: &Tally, name: &str) -> u64 {
    let i = layout
        .counter_names()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("no counter {name}"));
    tally.counters()[i]
}

#[test]
fn a_conflict_begun_from_fresh_states_is_the_same_conflict() {
    for (stem, seed) in [("vampire_and_thrall", 5), ("beliggos", 6)] {
        let s = Scenario::load(&shipped(stem)).unwrap();
        let LoadedSystem::InvisibleSun(Loaded::Conflict(c)) = s.system else {
            panic!("{stem}: not a conflict");
        };
        assert_round_trip(c.as_ref(), c.pcs.len(), 20_000, seed);
    }
}

/// Ana and Bo against a rat that attacks at random: with Ana carried in dead (or out), Bo
/// alone acts and is attacked, no target is picked, and Ana keeps her state and is reported
/// as she is.
#[test]
fn a_pc_carried_in_dead_or_out_sits_the_fight_out() {
    let c = conflict(
        "[[pc]]\nname = \"Ana\"\nattack = { damage = 9 }\n\
         [[pc]]\nname = \"Bo\"\nphysicality = 1\nattack = { damage = 9 }\n\
         [[npc]]\nname = \"Rat\"\nlevel = 2\ntarget = \"random\"\n",
    );
    let stage = FightStage::new(c);
    let layout = stage.layout().clone();
    let dead = State {
        body: Track {
            marks: 3,
            injuries: 1,
        },
        pools: [0, 0, 0, 0],
        dead: true,
        ..State::default()
    };
    let out = State {
        mind: Track {
            marks: 3,
            injuries: 0,
        },
        out: true,
        ..State::default()
    };
    for (ana, death, down) in [(dead, 1, 1), (out, 0, 1)] {
        let mut party = [ana, State::fresh(&stage.fight.pcs[1])];
        let mut arena = stage.arena();
        let mut tally = layout.tally();
        // Round 1: Bo misses the rat (challenge 3, a 2); the rat attacks Bo, the only PC
        // up (no pick): his Dodge fails (a 1). Round 2: Bo hits (a 7): 9 Injuries, dead.
        let mut dice = Scripted::new().faces(10, [2, 1, 7]);
        let won = stage.play(&mut party, &mut dice, &mut arena, &mut tally);
        dice.finish();
        stage.flush(&mut arena, &mut tally);
        assert!(won);
        assert_eq!(party[0], ana, "Ana keeps her state");
        assert!(!party[0].up());
        // Bo took the rat's 2: Injuries, no Wound.
        assert_eq!(party[1].body.injuries, 2);
        assert_eq!(counter(&layout, &tally, "death.Ana"), death);
        assert_eq!(counter(&layout, &tally, "down.Ana"), down);
        assert_eq!(counter(&layout, &tally, "death.Bo"), 0);
        assert_eq!(counter(&layout, &tally, "win.pcs"), 1);
    }
}
