//! The day's tests: a conflict begun from fresh carried states is today's conflict (the
//! shipped ones); a PC carried in dead or out sits the fight out; each rule between
//! encounters with scripted dice ([`rests`]); an exact day ([`dp`]) with and without a rest,
//! sampled within 4.5 standard errors; bad `[day]` input named by line and key.

mod dp;
mod rests;

use super::State;
use crate::combat::day::{FightStage, Member, Stage};
use crate::systems::invisible_sun::Loaded;
use crate::systems::invisible_sun::conflict::Conflict;
use crate::systems::invisible_sun::conflict::fighter::Track;
use crate::systems::{LoadedSystem, Scenario, SystemKind, scenario_text};
use crate::testing::{Scripted, assert_round_trip, rows, shipped, within};
use oddsmith_core::stats::{Layout, Tally};

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

/// The exact day of [`dp`]: Ana and Bo against a rat, then a wolf.
fn exact_day(rest: &'static str) -> dp::DayDp {
    use dp::{FoeSpec, PcSpec};
    dp::DayDp {
        pcs: [
            PcSpec {
                name: "Ana",
                skill: 2,
                damage: 3,
                dodge: 1,
                physicality: 1,
            },
            PcSpec {
                name: "Bo",
                skill: 1,
                damage: 2,
                dodge: 0,
                physicality: 0,
            },
        ],
        foes: [
            FoeSpec {
                name: "Rat",
                level: 5,
                dodge: 1,
                damage: 4,
                injuries_per_wound: 3,
                wounds_to_die: 2,
            },
            FoeSpec {
                name: "Wolf",
                level: 6,
                dodge: 1,
                damage: 5,
                injuries_per_wound: 3,
                wounds_to_die: 2,
            },
        ],
        max_rounds: 6,
        rest,
    }
}

/// The day loaded from its text.
fn day(body: &str) -> Result<Scenario, String> {
    let text = scenario_text(SystemKind::InvisibleSun, body);
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

#[test]
fn an_exact_day_with_and_without_the_rest_matches_sampling() {
    let n = if cfg!(debug_assertions) {
        20_000
    } else {
        1_000_000
    };
    let mut survived = Vec::new();
    for (rest, seed) in [("none", 31), ("short", 32)] {
        let spec = exact_day(rest);
        let exact = spec.solve();
        let s = day(&spec.scenario()).unwrap_or_else(|e| panic!("{e}"));
        let LoadedSystem::InvisibleSun(Loaded::Day(d)) = &s.system else {
            panic!("not a day");
        };
        let rows = rows(d.as_ref(), n, seed);
        let total: f64 = ["1", "2", "none"]
            .iter()
            .map(|f| exact[&format!("fell_at.{f}")])
            .sum();
        assert!(
            (total - 1.0).abs() < 1e-12,
            "{rest}: fell_at sums to {total}"
        );
        let checked = [
            "day.survived",
            "fell_at.1",
            "fell_at.2",
            "fell_at.none",
            "encounter.1.win.pcs",
            "encounter.2.win.pcs",
            "death.Ana",
            "death.Bo",
            "wounds.Ana.0",
            "wounds.Ana.2",
            "wounds.Bo.1",
            "injuries.Ana.mean",
            "injuries.Bo.mean",
            "physicality_left.Ana.mean",
        ];
        for k in checked {
            let e = exact[k];
            assert!(e > 0.001, "{rest}: {k} = {e} is too rare to check anything");
            within(&rows[k], e);
        }
        survived.push(exact["day.survived"]);
    }
    // The rest helps.
    assert!(survived[1] > survived[0] + 0.02, "{survived:?}");
}

/// A long rest is a night here (no error), and the notes say what each rest is.
#[test]
fn a_long_rest_loads_and_the_notes_name_each_rest() {
    let body = "[[pc]]\nuse = \"Schaelee\"\n[day]\n\
        [[day.encounter]]\nfoes = [\"Thrall\"]\n\
        [[day.encounter]]\nrest = \"short\"\nfoes = [\"Watchdog\"]\n\
        [[day.encounter]]\nrest = \"short\"\nfoes = [\"Watchdog\", \"Watchdog\"]\n\
        [[day.encounter]]\nrest = \"short\"\nfoes = [\"Vampire\"]\n\
        [[day.encounter]]\nrest = \"long\"\nfoes = [\"Vampire\"]\n";
    let s = day(body).unwrap_or_else(|e| panic!("{e}"));
    let notes: Vec<String> = s.system.notes().iter().map(ToString::to_string).collect();
    let notes = notes.join("\n");
    for said in [
        "encounter 2 (Encounter 2): before it, the day's ten-minute rest",
        "encounter 3 (Encounter 3): before it, the day's one-hour rest",
        "encounter 4 (Encounter 4): before it, a short rest with both of the day's rests used",
        "encounter 5 (Encounter 5): before it, a night",
    ] {
        assert!(notes.contains(said), "{said}\n{notes}");
    }
    assert!(s.warnings().is_empty(), "{:?}", s.warnings());
}

#[test]
fn bad_days_name_the_line_the_key_and_what_is_allowed() {
    let pc = "[[pc]]\nname = \"Ana\"\nattack = { damage = 4 }\n";
    let one = "[[day.encounter]]\nfoes = [\"Watchdog\"]\n";
    let cases: Vec<(String, &str)> = vec![
        (
            format!("{pc}[day]\npool_refresh = \"half\"\n{one}"),
            "`day.pool_refresh`: allowed: \"full\" or an integer from 0 to 99",
        ),
        (
            format!("{pc}[day]\npool_refresh = 100\n{one}"),
            "`day.pool_refresh`: allowed: \"full\" or an integer from 0 to 99",
        ),
        (
            format!("{pc}[day]\nrest_use = \"sleep\"\n{one}"),
            "`day.rest_use`: \"sleep\" is not allowed; allowed: \"wound_first\", \"pools\"",
        ),
        (
            format!("{pc}[day]\naid = \"bandage\"\n{one}"),
            "`day.aid`: \"bandage\" is not allowed; allowed: \"one_injury\", \"kit\", \"none\"",
        ),
        (
            format!("{pc}[day]\nparty = \"pcs\"\n{one}"),
            "`day.party`: unknown field `party`",
        ),
        (
            format!("{pc}[[npc]]\nname = \"B\"\nlevel = 3\n[day]\n{one}"),
            "in a day the foes come with each encounter",
        ),
        (
            format!("{pc}[day]\n[[day.encounter]]\nname = \"Empty\"\n"),
            "encounter \"Empty\" has no foe",
        ),
        (
            format!("{pc}[day]\n[[day.encounter]]\nfoes = [\"Wachdog\"]\n"),
            "Wachdog",
        ),
        (
            format!("{pc}[day]\n{one}[[day.encounter]]\nrest = \"nap\"\nfoes = [\"Watchdog\"]\n"),
            "allowed: \"none\", \"short\", \"long\"",
        ),
        (
            format!("{pc}[day]\n[[day.encounter]]\nkind = \"fall\"\n"),
            "this system has no hazards",
        ),
        (
            format!(
                "{pc}[day]\n[[day.encounter]]\nfoes = [\"Watchdog\"]\n[day.encounter.conflict]\norder = \"ambush\"\n"
            ),
            "`conflict.order`: \"ambush\" is not allowed",
        ),
    ];
    for (body, expected) in cases {
        let err = day(&body).err().unwrap_or_else(|| panic!("loads: {body}"));
        assert!(err.contains(expected), "{err}\n  expected: {expected}");
        assert!(err.contains("t.scenario:"), "names the file: {err}");
    }
}
