//! Bad input exits with code 2 and names the file, line and key, with what is allowed and
//! what was probably meant.

use super::*;

#[test]
fn bad_input_exits_2_and_names_the_line() {
    let dir = tempfile::tempdir().unwrap();
    for (body, expected) in [
        (
            "challenge = 6\nsucceses = 2\n",
            "bad.toml:6:1: `check.succeses`: unknown field",
        ),
        (
            "challenge = 18\n",
            "bad.toml:5:13: `check.challenge`: 18 is out of range",
        ),
    ] {
        let path = write_scenario(dir.path(), body);
        let out_dir = dir.path().join("out");
        for args in [
            vec![
                "run",
                path.to_str().unwrap(),
                "--out",
                out_dir.to_str().unwrap(),
            ],
            vec!["validate", path.to_str().unwrap()],
        ] {
            let out = oddsmith(&args);
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{stderr}");
            assert!(stderr.contains(expected), "{stderr}");
            assert!(!stderr.contains("panicked"), "{stderr}");
        }
        assert!(!out_dir.exists(), "a failed run must not create output");
    }
    let ok = write_scenario(dir.path(), "challenge = 6\n");
    let out = oddsmith(&["run", ok.to_str().unwrap(), "--trials", "0"]);
    assert_eq!(out.status.code(), Some(2));
    let out = oddsmith(&["run", "scenarios/does_not_exist.toml"]);
    assert_eq!(out.status.code(), Some(2));
    let out = oddsmith(&["run", "scenarios/warded_door.toml", "--bogus"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bad_fights_exit_2_with_the_line() {
    let dir = tempfile::tempdir().unwrap();
    for edit in [
        (
            "use = \"Yeti\"",
            "use = \"Yeti\"\nsurvival = -20",
            "`combatant.Yeti.survival`: -20 is out of range",
        ),
        (
            "use = \"Toromeen\"",
            "use = \"Toromeen\"\nattacks = [{ name = \"battleaxe\", damage = \"d8+\" }]",
            "`combatant.attacks.damage`",
        ),
        (
            "side = \"yeti\"",
            "side = \"party\"",
            "a fight needs at least two sides",
        ),
        (
            "surprises = true",
            "target = \"Gandalf\"",
            "\"Gandalf\" names nobody",
        ),
    ] {
        assert_bad_edit(dir.path(), "yeti.toml", "bad_yeti.toml", edit);
    }
}

#[test]
fn bad_skirmishes_exit_2_with_the_line() {
    let dir = tempfile::tempdir().unwrap();
    for edit in [
        (
            "weapon_die = \"heroic\"",
            "weapon_die = \"d7\"",
            "`combatant.Brann.weapon_die`: \"d7\" is not allowed; allowed: \"d4\"",
        ),
        (
            "dodge_policy = \"never\"",
            "dodge_policy = \"sometimes\"",
            "`combatant.Brann.dodge_policy`: allowed: \"when_hit\", \"always\", \"never\"",
        ),
        (
            "use = \"Grizzly bear\"",
            "use = \"Grizzly bear\"\nsize = \"enormous\"",
            "`combatant.Grizzly bear.size`: \"enormous\" is not allowed",
        ),
        (
            "ambush = \"bear\"",
            "ambush = \"wolves\"",
            "`encounter.ambush`: \"wolves\" is no side; allowed: \"none\" or a side (\"party\", \"bear\")",
        ),
        ("durability = 12\n", "", "durability"),
        (
            "side = \"bear\"",
            "side = \"party\"",
            "a fight needs at least two sides",
        ),
        (
            "[encounter]",
            "[check]\nvs = 10\n[encounter]",
            "a scenario describes one thing",
        ),
    ] {
        assert_bad_edit(dir.path(), "grizzly_ambush.toml", "bad_grizzly.toml", edit);
    }
}

#[test]
fn bad_ongoing_actions_exit_2_with_the_line() {
    let dir = tempfile::tempdir().unwrap();
    for edit in [
        (
            "rolls_needed = 4",
            "rolls_needed = 0",
            "`ongoing.rolls_needed`: 0 is out of range; allowed: an integer from 1 to 100",
        ),
        (
            "challenge = 7",
            "challenge = 18",
            "`ongoing.challenge`: 18 is out of range",
        ),
        (
            "tools = 1",
            "helper_skill = 2\nhelp = 1",
            "`ongoing.helper_skill`: `help` and `helper_skill` both describe",
        ),
        (
            "[ongoing]",
            "[defense]\nnpc_level = 3\n[ongoing]",
            "a scenario describes one thing",
        ),
    ] {
        assert_bad_edit(dir.path(), "training_a_beast.toml", "bad_beast.toml", edit);
    }
}

#[test]
fn bad_hazards_exit_2_with_the_line() {
    let dir = tempfile::tempdir().unwrap();
    for edit in [
        (
            "[fall.climb]",
            "height = 30\n[fall.climb]",
            "`fall.height`: a climb gives the wall's height in [fall.climb]",
        ),
        ("survival = 7\n", "", "`fall.survival`: missing"),
        (
            "score = 13",
            "score = \"13\"",
            "`fall.climb.score`: expected an integer, found the string \"13\"",
        ),
        ("careful = 1", "carefull = 1", "unknown field `carefull`"),
        (
            "endurance = 12",
            "endurance = 0",
            "`fall.endurance`: 0 is out of range; allowed: an integer from 1 to 40",
        ),
        (
            "seed = 8",
            "seed = 8\nmax_rounds = 4",
            "`run.max_rounds`: a hazard has no rounds",
        ),
    ] {
        assert_bad_edit(dir.path(), "thief_climb_fall.toml", "bad_climb.toml", edit);
    }
    for edit in [
        (
            "reaction = \"evasion\"",
            "reaction = \"luck\"",
            "`ailment.reaction`: \"luck\" is not allowed; allowed: \"evasion\", \"perception\", \
             \"health\"",
        ),
        (
            "[ailment]",
            "[march]\nhealth = 3\nperiods = 2\n[ailment]",
            "`ailment`: a scenario describes one thing",
        ),
    ] {
        assert_bad_edit(dir.path(), "shadow_spider_bite.toml", "bad_bite.toml", edit);
    }
    assert_bad_edit(
        dir.path(),
        "goblins_chase_thief.toml",
        "bad_chase.toml",
        (
            "movement = 9\n",
            "",
            "`chase.quarry.movement`: give `movement` on both sides or neither",
        ),
    );
}

/// Issue 30, item 6: counts as users write them; a misspelt key or word gets the nearest
/// allowed one; a value of the wrong type is named in words; `validate` prints each error
/// once.
#[test]
fn errors_suggest_what_was_meant_and_counts_read_as_written() {
    let dir = tempfile::tempdir().unwrap();
    // `--trials 1e6`, `1_000_000` and `1000000` run the same trials.
    for trials in ["2e4", "20_000", "20000"] {
        let run = oddsmith(&[
            "run",
            "scenarios/warded_door.toml",
            "--trials",
            trials,
            "--threads",
            "1_0",
            "--seed",
            "1e1",
            "--json",
            "--quiet",
            "--out",
            dir.path().join(trials).to_str().unwrap(),
        ]);
        let json = json_of(&run);
        assert_eq!(json["trials"], 20000, "{trials}");
        assert_eq!(json["seed"], 10, "{trials}");
    }
    for (bad, says) in [
        ("-5", "-5 is negative"),
        ("1.5", "1.5 is not a whole number"),
        ("ten", "ten is not a whole number"),
    ] {
        let out = oddsmith(&["run", "scenarios/warded_door.toml", "--trials", bad]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(says), "{stderr}");
    }
    let yeti = std::fs::read_to_string("scenarios/yeti.toml").unwrap();
    let first = |from: &str, to: &str| yeti.replacen(from, to, 1);
    for (body, says) in [
        (
            first("use = \"Yeti\"", "use = \"Yeti\"\nsurvivl = 30"),
            "unknown field `survivl` (did you mean `survival`?), expected one of",
        ),
        (
            first(
                "system = \"gods-and-monsters\"",
                "system = \"gods-and-monster\"",
            ),
            "unknown rule system \"gods-and-monster\" (did you mean \"gods-and-monsters\"?)",
        ),
        (
            first("[[combatant]]", "[[combatnt]]"),
            "unknown field `combatnt` (did you mean `combatant`?)",
        ),
    ] {
        let path = dir.path().join("typo.toml");
        std::fs::write(&path, &body).unwrap();
        let out = oddsmith(&["validate", path.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(says), "{stderr}");
        // Printed once, then a count.
        assert_eq!(stderr.matches(says).count(), 1, "{stderr}");
        assert!(
            stderr.contains("1 of 1 scenario files is invalid"),
            "{stderr}"
        );
    }
    // A wrong type in words, not a Rust type name.
    let ten = yeti.replacen("use = \"Yeti\"", "use = \"Yeti\"\nsurvival = \"ten\"", 1);
    assert_ne!(ten, yeti, "the shipped Yeti uses the library's");
    let path = dir.path().join("ten.toml");
    std::fs::write(&path, &ten).unwrap();
    let out = oddsmith(&["validate", path.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("`combatant.survival`: expected an integer, found the string \"ten\""),
        "{stderr}"
    );
    assert!(!stderr.contains("i64"), "{stderr}");
}

/// Two tables taking one library entry by `use` share its name: the error says how to take
/// it twice (`name` or `count`), and `count` does.
#[test]
fn a_repeated_use_hints_name_or_count() {
    let dir = tempfile::tempdir().unwrap();
    let fight = |goblins: &str| {
        let text = format!(
            "name = \"t\"\nsystem = \"gods-and-monsters\"\n[[combatant]]\nuse = \"Sam Stevens\"\n{goblins}"
        );
        let path = dir.path().join("goblins.toml");
        std::fs::write(&path, text).unwrap();
        oddsmith(&["validate", path.to_str().unwrap()])
    };
    let twice = "[[combatant]]\nuse = \"Goblin\"\nside = \"g\"\n".repeat(2);
    let out = fight(&twice);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("it comes with `use = \"Goblin\"`: give each table its own `name = \"…\"`, or write one table with `count = N`"),
        "{err}"
    );
    let out = fight("[[combatant]]\nuse = \"Goblin\"\ncount = 2\nside = \"g\"\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
