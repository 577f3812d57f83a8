//! Reading the hazard sections: the shipped scenarios' targets, sweeps over hazard keys with
//! exact values at every point, and bad input named by file, line, column and key.

use crate::systems::gods_and_monsters::Loaded;
use crate::systems::gods_and_monsters::hazard::fall::Start;
use crate::systems::{LoadedSystem, Scenario};

fn load(body: &str) -> Result<Scenario, String> {
    let text = format!("name = \"t\"\nsystem = \"gods-and-monsters\"\n{body}");
    Scenario::from_text("t.toml", &text).map_err(|e| e.to_string())
}

fn loaded(body: &str) -> Loaded {
    match load(body).unwrap().system {
        LoadedSystem::GodsAndMonsters(l) => l,
        other => panic!("{other:?}"),
    }
}

const FALL: &str = "[fall]\nsurvival = 7\nendurance = 12\nevasion = 10\nfortitude = 8\n\
                    willpower = 10\n";

#[test]
fn the_shipped_scenarios_read_as_the_issue_says() {
    let path = |f: &str| crate::testing::repo().join("scenarios").join(f);
    let thief = Scenario::load(&path("thief_climb_fall.toml")).unwrap();
    let LoadedSystem::GodsAndMonsters(Loaded::Fall(f)) = &thief.system else {
        panic!("a fall")
    };
    // Agility 13 + Climb Walls 1 + careful 1 − obstacle 3 (80 ft, 004:690).
    let Start::Climb(c) = f.start else {
        panic!("a climb")
    };
    assert_eq!((c.height, c.target, c.mojo), (80, 12, 2));
    assert!(f.faller.archetypal);
    let goblins = Scenario::load(&path("goblins_chase_thief.toml")).unwrap();
    let LoadedSystem::GodsAndMonsters(Loaded::Chase(ch)) = &goblins.system else {
        panic!("a chase")
    };
    // Quarry 14 + 1, +1 for 3 more movement; six goblins: median 11.5, +2 for the group,
    // rounded down to 13.
    assert_eq!((ch.quarry, ch.pursuer, ch.max_exchanges), (16, 13, 100));
    assert!(Scenario::load(&path("shadow_spider_bite.toml")).is_ok());
}

#[test]
fn every_kind_loads_with_defaults() {
    assert!(matches!(
        loaded(&format!("{FALL}height = 30\n")),
        Loaded::Fall(_)
    ));
    assert!(matches!(
        loaded("[ailment]\neffect = \"d3\"\nevasion = 9\n"),
        Loaded::Ailment(_)
    ));
    let Loaded::Jump(j) = loaded("[jump]\nscore = 10\ndistance = 4\n") else {
        panic!()
    };
    assert_eq!(j.target, 18); // a snap: +8
    let Loaded::Jump(j) = loaded(
        "[jump]\nscore = 10\ndistance = 4\ndirection = \"across\"\nrunning_movement = 3\n\
         difficulty = \"easy\"\nsize = \"large\"\ninjuries = 1\n",
    ) else {
        panic!()
    };
    assert_eq!(j.target, 14);
    let Loaded::Chase(c) =
        loaded("[chase]\n[chase.quarry]\nscore = 12\n[chase.pursuer]\nscore = 11\n")
    else {
        panic!()
    };
    assert_eq!((c.quarry, c.pursuer, c.max_exchanges), (12, 11, 100));
    let Loaded::March(m) =
        loaded("[march]\nhealth = 12\nperiods = 4\nslower_by = 1\nthirst = 2\nbonus = 1\n")
    else {
        panic!()
    };
    assert_eq!((m.base, m.step_penalty, m.periods), (13, 2, 4));
}

#[test]
fn sweeps_over_hazard_keys_have_exact_values_at_every_point() {
    for (body, path, values) in [
        (
            format!("{FALL}height = 10\n"),
            "fall.height",
            [5, 15, 45, 500],
        ),
        (
            format!("{FALL}[fall.climb]\nheight = 40\nscore = 12\n"),
            "fall.climb.height",
            [10, 20, 80, 1000],
        ),
        (
            "[ailment]\neffect = \"d3\"\nevasion = 9\n".to_string(),
            "ailment.strength",
            [-4, 0, 2, 4],
        ),
        (
            "[chase]\n[chase.quarry]\nscore = 12\nmovement = 9\n[chase.pursuer]\nscore = 11\n\
             movement = 12\n"
                .to_string(),
            "chase.quarry.movement",
            [3, 9, 15, 30],
        ),
        (
            "[march]\nhealth = 12\nperiods = 4\n".to_string(),
            "march.periods",
            [1, 2, 10, 40],
        ),
    ] {
        let s = load(&body).unwrap();
        let mut seen = Vec::new();
        for v in values {
            let point = s
                .with_integer(path, v)
                .unwrap_or_else(|e| panic!("{path}={v}: {e}"));
            assert_eq!(point.integer_at(path), Some(v));
            let exact = point.system.exact().expect("exact values");
            let rows = oddsmith_core::stats::summarize(
                &point.system.layout(),
                &point.system.layout().tally(),
                Some(&exact),
            );
            assert!(rows.iter().all(|r| r.exact.is_some()), "{path}={v}");
            seen.push(exact);
        }
        assert!(
            seen.windows(2).any(|w| w[0] != w[1]),
            "{path} changes nothing"
        );
    }
}

#[test]
fn bad_hazards_name_the_line_and_key() {
    for (body, expected) in [
        (
            format!("{FALL}height = 30\n[fall.climb]\nheight = 80\nscore = 13\n"),
            "t.toml:9:10: `fall.height`: a climb gives the wall's height in [fall.climb]",
        ),
        (
            "[ailment]\neffect = \"d3\"\nreaction = \"luck\"\nevasion = 9\n".into(),
            "t.toml:5:12: `ailment.reaction`: \"luck\" is not allowed; allowed: \"evasion\", \
             \"perception\", \"health\"",
        ),
        (
            format!("{FALL}height = 30\n[jump]\nscore = 10\ndistance = 3\n"),
            "t.toml:10:1: `jump`: a scenario describes one thing",
        ),
        (
            format!("[run]\nmax_rounds = 5\n{FALL}height = 30\n"),
            "`run.max_rounds`: a hazard has no rounds",
        ),
        (
            "[fall]\nheight = 30\nendurance = 12\nevasion = 10\nfortitude = 8\nwillpower = 10\n"
                .into(),
            "t.toml:3:2: `fall.survival`: missing key `survival`: it is required; allowed: an integer \
             from 0 to 10000",
        ),
        (
            format!("{FALL}height = \"thirty\"\n"),
            "t.toml:9:10: `fall.height`: expected an integer, found the string \"thirty\"",
        ),
        (
            format!("{FALL}height = 0\n"),
            "`fall.height`: 0 is out of range; allowed: an integer from 1 to 100000",
        ),
        (
            format!("{FALL}height = 30\nheigth = 3\n"),
            "t.toml:10:1: `fall.heigth`: unknown field `heigth`",
        ),
        (FALL.into(), "`fall.height`: missing"),
        (
            format!("{FALL}[fall.climb]\nheight = 80\nscore = 13\nmojo = 2\n"),
            "`fall.climb.mojo`: mojo may be bid only on archetypal rolls",
        ),
        (
            format!("{FALL}[fall.climb]\nheight = 80\nscore = 13\nobstacle_size = 2\n"),
            "t.toml:12:1: `fall.climb.obstacle_size`: unknown field `obstacle_size`",
        ),
        (
            format!("{FALL}[fall.climb]\nheight = 80\n"),
            "`fall.climb.score`: missing",
        ),
        (
            format!("{FALL}height = 30\nround_half = \"even\"\n"),
            "`fall.round_half`: \"even\" is not allowed; allowed: \"down\", \"up\"",
        ),
        (
            "[ailment]\neffect = \"d3\"\naccepted = true\nevasion = 9\n".into(),
            "`ailment.accepted`: an accepted ailment is resisted with health",
        ),
        (
            "[ailment]\neffect = \"d3\"\nevasion = 9\nexposure_times = 3\n".into(),
            "`ailment.exposure_times`: only an inescapable ailment",
        ),
        (
            "[ailment]\neffect = \"d3\"\nreaction = \"perception\"\nevasion = 9\n".into(),
            "`ailment.perception`: missing",
        ),
        (
            "[ailment]\neffect = \"d3\"\nevasion = 9\nchronic = true\n".into(),
            "`ailment.health`: missing",
        ),
        (
            "[ailment]\neffect = \"d3-5\"\nevasion = 9\n".into(),
            "`ailment.effect`: an effect adds up from 0",
        ),
        (
            "[ailment]\neffect = \"d3\"\nevasion = 9\nstrength = 21\n".into(),
            "`ailment.strength`: 21 is out of range; allowed: an integer from -20 to 20",
        ),
        (
            "[jump]\nscore = 10\ndistance = 3\nrunning_movement = 4\n".into(),
            "`jump.running_movement`: running movement lengthens a leap across",
        ),
        (
            "[jump]\nscore = 10\ndistance = 3\nsize = \"colossal\"\n".into(),
            "`jump.size`: \"colossal\" is not allowed",
        ),
        (
            "[chase]\n[chase.quarry]\nscore = 12\nmovement = 9\n[chase.pursuer]\nscore = 11\n"
                .into(),
            "t.toml:6:12: `chase.quarry.movement`: give `movement` on both sides or neither",
        ),
        (
            "[chase]\n[chase.quarry]\nscore = 12\n".into(),
            "`chase.pursuer`: missing",
        ),
        (
            "[chase]\n[chase.quarry]\nscore = 12\nmojo = 1\n[chase.pursuer]\nscore = 11\n".into(),
            "t.toml:6:1: `chase.quarry.mojo`: unknown field `mojo`",
        ),
        (
            "[march]\nhealth = 12\nperiods = 4\nthirst = 5\n".into(),
            "`march.thirst`: 5 is out of range; allowed: an integer from 0 to 4",
        ),
        ("[march]\nhealth = 12\n".into(), "`march.periods`: missing"),
    ] {
        let err = load(&body).unwrap_err();
        assert!(
            err.contains(expected),
            "{body}\n{err}\nexpected: {expected}"
        );
    }
}
