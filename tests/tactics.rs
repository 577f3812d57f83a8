//! Tactic profiles from the command line: `--set combatant.NAME.tactics=…` and `run
//! --tactics`, whose pairings are each the run `--set` gives on the same seed, whose range
//! names the worst pairing, and whose exact walk follows the profiles (sampled within 4.5
//! standard errors of its exact values). Errors name the allowed words and exit 2.

mod common;

use common::*;
use serde_json::Value;

/// `run FILE ARGS… --json --quiet` into a temporary folder.
fn run_json(file: &str, args: &[&str]) -> Value {
    let dir = tempfile::tempdir().unwrap();
    let mut all = vec!["run", file, "--json", "--quiet", "--out"];
    all.push(dir.path().to_str().unwrap());
    all.extend(args);
    json_of(&oddsmith(&all))
}

/// Each rate of `names` in a run's JSON has an exact value, and its estimate is within 4.5
/// standard errors of it (`what` says which run).
fn near_exact(json: &Value, names: &[&str], what: &str) {
    for name in names {
        let (p, se, exact) = rate(json, name);
        let exact = exact.unwrap_or_else(|| panic!("{what}: {name} has no exact value"));
        assert!(
            (p - exact).abs() <= 4.5 * se.max(1e-9),
            "{what}: {name} sampled {p}, exact {exact}"
        );
    }
}

/// The rate `name` of a run's JSON: (estimate, standard error, exact).
fn rate(json: &Value, name: &str) -> (f64, f64, Option<f64>) {
    let m = metric(json, name);
    let p = m["estimate"].as_f64().unwrap();
    let n = m["trials"].as_f64().unwrap();
    (p, (p * (1.0 - p) / n).sqrt(), m["exact"].as_f64())
}

#[test]
fn each_pairing_is_the_run_its_profiles_give_and_the_range_names_the_worst() {
    let trials = ["--trials", "100000"];
    let t = run_json(
        "scenarios/yeti.toml",
        &[&trials[..], &["--tactics", "by_the_book,ruthless"]].concat(),
    );
    let pairings = t["pairings"].as_array().unwrap();
    let words: Vec<(&str, &str)> = (pairings.iter())
        .map(|p| (p["ours"].as_str().unwrap(), p["theirs"].as_str().unwrap()))
        .collect();
    assert_eq!(
        words,
        [
            ("by_the_book", "by_the_book"),
            ("by_the_book", "ruthless"),
            ("ruthless", "by_the_book"),
            ("ruthless", "ruthless")
        ]
    );
    // Each pairing is the plain run with the same profiles set, number for number.
    let plain = run_json("scenarios/yeti.toml", &trials);
    let ruthless = run_json(
        "scenarios/yeti.toml",
        &[&trials[..], &["--set", "combatant.Yeti.tactics=ruthless"]].concat(),
    );
    let any = |j: &Value| rate(j, "any_death.party").0;
    assert_eq!(any(&pairings[0]["report"]), any(&plain));
    assert_eq!(any(&pairings[1]["report"]), any(&ruthless));
    // The party faces a lone Yeti: its profile leaves nothing to choose, so on the same random
    // numbers its rows are the same.
    assert_eq!(any(&pairings[2]["report"]), any(&pairings[0]["report"]));
    assert_eq!(any(&pairings[3]["report"]), any(&pairings[1]["report"]));
    // A ruthless Yeti finishes the fallen (attack_downed = "first"): far deadlier, by more
    // than 30 standard errors of the difference.
    let (a, sa, _) = rate(&plain, "any_death.party");
    let (b, sb, _) = rate(&ruthless, "any_death.party");
    assert!(b - a > 30.0 * (sa * sa + sb * sb).sqrt(), "{a} {b}");
    // The text leads with the range and names the Yeti's profile as what decides it.
    let dir = tempfile::tempdir().unwrap();
    let out = oddsmith(&[
        "run",
        "scenarios/yeti.toml",
        "--trials",
        "100000",
        "--tactics",
        "by_the_book,ruthless",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let text = String::from_utf8(out.stdout).unwrap();
    let headline = text.lines().nth(2).unwrap();
    assert!(
        headline.starts_with("Difficulty for party across tactics: medium (any_death.party ")
            && headline.ends_with(
                "when its foes play by_the_book, whatever party plays, to deadly \
                 (any_death.party 80.97% ±0.24) when its foes play ruthless, whatever party plays."
            ),
        "{text}"
    );
    let csv = std::fs::read_to_string(dir.path().join("tactics.csv")).unwrap();
    assert!(csv.starts_with("ours,theirs,band,metric,"), "{csv}");
}

#[test]
fn a_day_plays_its_pairings_through_its_encounters() {
    // The Yeti's day: the foes come with the encounter; each side's profile reaches them, and
    // the ruthless pairing is the day with the encounter's Yeti set ruthless by hand.
    let trials = ["--trials", "20000"];
    let t = run_json(
        "scenarios/yeti_day.toml",
        &[&trials[..], &["--tactics", "by_the_book,ruthless"]].concat(),
    );
    let pairings = t["pairings"].as_array().unwrap();
    assert_eq!(pairings.len(), 4);
    let by_hand = run_json(
        "scenarios/yeti_day.toml",
        &[
            &trials[..],
            &["--set", "day.encounter.The Yeti.foe.Yeti.tactics=ruthless"],
        ]
        .concat(),
    );
    let plain = run_json("scenarios/yeti_day.toml", &trials);
    let any = |j: &Value| rate(j, "any_death.party").0;
    assert_eq!(any(&pairings[0]["report"]), any(&plain));
    assert_eq!(any(&pairings[1]["report"]), any(&by_hand));
    assert!(any(&by_hand) > any(&plain) + 0.3, "{}", any(&by_hand));
}

#[test]
fn the_exact_walk_follows_every_profile() {
    // The vampire and its thrall against Schaelee: small enough for exact values under every
    // profile; the sampled rates lie within 4.5 standard errors of them.
    for profile in ["protect", "cautious", "ruthless", "spread", "random"] {
        let set = |who: &str| format!("{who}.tactics={profile}");
        let json = run_json(
            "scenarios/vampire_and_thrall.toml",
            &[
                "--trials",
                "200000",
                "--set",
                &set("pc.Schaelee"),
                "--set",
                &set("npc.Vampire"),
                "--set",
                &set("npc.Thrall"),
            ],
        );
        near_exact(
            &json,
            &["any_death.pcs", "all_down.pcs", "win.pcs"],
            profile,
        );
    }
}

/// The Unbound Legends duel of the benches: the hero playing each profile that chooses moves
/// (`cautious` Disengages, 001:334), walked exactly and sampled within 4.5 standard errors.
#[test]
fn the_exact_walk_follows_a_disengaging_fighter() {
    let mut fled = Vec::new();
    for profile in ["by_the_book", "cautious", "random"] {
        let set = format!("combatant.hero.tactics={profile}");
        let json = run_json(
            "benches/fights/ul_duel.toml",
            &["--trials", "200000", "--set", &set],
        );
        near_exact(
            &json,
            &["win.party", "any_death.party", "fled.hero"],
            profile,
        );
        fled.push(rate(&json, "fled.hero").2.unwrap());
    }
    // Only the cautious hero leaves: more than half the time, below half its health.
    assert_eq!((fled[0], fled[2]), (0.0, 0.0));
    assert!(fled[1] > 0.5, "{fled:?}");
}

/// A Gods & Monsters goblin with two attacks against two goblins: small enough for exact
/// values, and `spread` sends its second attack at the other foe.
const TWO_HANDED: &str = r#"
name = "a two-handed goblin against two"
system = "gods-and-monsters"
[run]
max_rounds = 6
[[combatant]]
use = "Goblin"
name = "Goblin A"
side = "goblins"
survival = 2
fights_while_dying = false
[[combatant]]
use = "Goblin"
name = "Goblin B"
side = "goblins"
survival = 2
fights_while_dying = false
[[combatant]]
use = "Goblin"
name = "Goblin C"
side = "other"
survival = 2
fights_while_dying = false
attacks = [{ name = "club", damage = "d2" }, { name = "knife", damage = "d2" }]
"#;

#[test]
fn a_spreading_attacker_with_two_attacks_is_walked_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("two_handed.toml");
    std::fs::write(&file, TWO_HANDED).unwrap();
    let file = file.to_str().unwrap();
    let mut seen = Vec::new();
    for profile in ["by_the_book", "spread"] {
        let set = format!("combatant.Goblin C.tactics={profile}");
        let json = run_json(file, &["--trials", "400000", "--set", &set]);
        near_exact(
            &json,
            &["any_death.goblins", "all_down.goblins", "win.other"],
            profile,
        );
        seen.push(rate(&json, "any_death.goblins").2.unwrap());
    }
    // Spreading its two attacks kills fewer goblins than a random pick for each.
    assert!(seen[1] < seen[0] - 0.003, "{seen:?}");
}

/// A cautious Gods & Monsters fighter flees as `flee_at_survival` at the most survival below
/// its `cautious_below` of its full would: Sam Stevens (survival 6) at half flees at 2 or
/// less; at 0.9, at 5. The same fights, number for number.
#[test]
fn a_cautious_fighter_flees_where_its_threshold_says() {
    let sam = |key: &str| format!("combatant.Sam Stevens.{key}");
    for (below, at) in [("0.5", "2"), ("0.9", "5")] {
        let cautious = run_json(
            "scenarios/yeti.toml",
            &[
                "--trials",
                "50000",
                "--set",
                &format!("{}=cautious", sam("tactics")),
                "--set",
                &format!("{}={below}", sam("cautious_below")),
            ],
        );
        let flees = run_json(
            "scenarios/yeti.toml",
            &[
                "--trials",
                "50000",
                "--set",
                &format!("{}={at}", sam("flee_at_survival")),
            ],
        );
        for name in ["any_death.party", "win.party", "fled.Sam Stevens"] {
            assert_eq!(rate(&cautious, name), rate(&flees, name), "{below}: {name}");
        }
    }
}

#[test]
fn wrong_words_exit_2_and_name_what_is_allowed() {
    let out = oddsmith(&["run", "scenarios/yeti.toml", "--tactics", "nasty"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("\"nasty\" is no profile; allowed: \"all\" or a comma-separated list of \"by_the_book\", \"protect\", \"cautious\", \"ruthless\", \"spread\", \"random\""),
        "{}",
        stderr(&out)
    );
    let out = oddsmith(&["run", "scenarios/warded_door.toml", "--tactics"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("this scenario is neither"),
        "{}",
        stderr(&out)
    );
    let out = oddsmith(&[
        "validate",
        "scenarios/yeti.toml",
        "--set",
        "combatant.Yeti.tactics=nasty",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains(
            "allowed: \"by_the_book\", \"protect\", \"cautious\", \"ruthless\", \"spread\", \"random\""
        ),
        "{}",
        stderr(&out)
    ); // 004:822 and 004:619 read a level; only a warrior leads.
    for (set, says) in [
        (
            "combatant.Yeti.leads=true",
            "`leads = true` is for a warrior",
        ),
        (
            "combatant.Charlotte Korde.last_effort=true",
            "`last_effort = true` needs `level` (an integer from 0 to 40)",
        ),
    ] {
        let out = oddsmith(&["validate", "scenarios/yeti.toml", "--set", set]);
        assert_eq!(out.status.code(), Some(2), "{set}");
        assert!(stderr(&out).contains(says), "{}", stderr(&out));
    }
}

#[test]
fn a_run_says_which_tactics_are_in_force() {
    let dir = tempfile::tempdir().unwrap();
    let out = |args: &[&str]| {
        let mut all = vec!["run", "scenarios/yeti.toml", "--trials", "2000", "--quiet"];
        all.extend(args);
        all.extend(["--out", dir.path().to_str().unwrap()]);
        String::from_utf8(oddsmith(&all).stdout).unwrap()
    };
    assert!(!out(&[]).contains("tactics in force"));
    let ruthless = out(&["--set", "combatant.Yeti.tactics=ruthless"]);
    assert!(
        ruthless.contains("  tactics in force: Yeti ruthless\n"),
        "{ruthless}"
    );
}

/// A `[sweep]` over words: each point is the run `--set` gives with that word on the same
/// seed; the tables and `sweep.csv` show the words, `sweep.json` lists them; a list mixing
/// words and numbers, and a word the key does not allow, exit 2 naming what is allowed.
#[test]
fn a_sweep_over_words_runs_each_word_as_its_set_does() {
    let dir = tempfile::tempdir().unwrap();
    let yeti = std::fs::read_to_string("scenarios/yeti.toml").unwrap();
    let file = dir.path().join("yeti_sweep.toml");
    let sweep = "\n[sweep]\n\"combatant.Yeti.tactics\" = [\"by_the_book\", \"ruthless\"]\n";
    std::fs::write(&file, format!("{yeti}{sweep}")).unwrap();
    let out = dir.path().join("out");
    let file = file.to_str().unwrap();
    let json = json_of(&oddsmith(&[
        "run",
        file,
        "--json",
        "--quiet",
        "--trials",
        "20000",
        "--out",
        out.to_str().unwrap(),
    ]));
    assert_eq!(
        json["words"][0],
        serde_json::json!(["by_the_book", "ruthless"])
    );
    for (k, word) in ["by_the_book", "ruthless"].into_iter().enumerate() {
        let point = &json["points"][k];
        assert_eq!(point["values"][0].as_f64(), Some(k as f64));
        let set = run_json(
            "scenarios/yeti.toml",
            &[
                "--trials",
                "20000",
                "--set",
                &format!("combatant.Yeti.tactics={word}"),
            ],
        );
        let death = |j: &Value| {
            (j["metrics"].as_array().unwrap().iter())
                .find(|m| m["metric"] == "any_death.party")
                .map(|m| m["estimate"].as_f64().unwrap())
        };
        assert_eq!(death(point), death(&set), "{word}");
    }
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    assert!(csv.starts_with("tactics,metric,"), "{csv}");
    assert!(csv.contains("\nruthless,any_death.party,"), "{csv}");
    for (list, expected) in [
        (
            "[\"by_the_book\", 3]",
            "every one a different word in quotes",
        ),
        (
            "[\"by_the_book\", \"nasty\"]",
            "allowed: \"by_the_book\", \"protect\", \"cautious\"",
        ),
    ] {
        let bad = dir.path().join("bad.toml");
        let text = format!("{yeti}\n[sweep]\n\"combatant.Yeti.tactics\" = {list}\n");
        std::fs::write(&bad, text).unwrap();
        let out = oddsmith(&["run", bad.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(2), "{list}");
        assert!(stderr(&out).contains(expected), "{list}: {}", stderr(&out));
    }
}

/// The Unbound Legends duel with a second PC who Helps the hero (001:310) instead of
/// attacking: the helper's 13 AP leave 7 after Help, so the hero (12) attacks at advantage
/// before the helper's next turn.
const HELPED_DUEL: &str = r#"
name = "hero, helper and brute"
system = "unbound-legends"
[run]
max_rounds = 4
[[combatant]]
name = "hero"
side = "party"
ap = 12
agility = 1
vitality = 6
health = 4
passive_armor = 12
attacks = [{ name = "mace", to_hit = 0, damage = "1d6+1", type = "bludgeoning" }]
[[combatant]]
name = "helper"
side = "party"
ap = 13
vitality = 2
health = 2
passive_armor = 10
helps = true
attacks = [{ name = "knife", to_hit = 0, damage = "1d2", type = "piercing" }]
[[combatant]]
name = "brute"
side = "monsters"
kind = "monster"
ap = 10
vitality = 8
health = 4
passive_armor = 11
target = "hero"
attacks = [{ name = "club", to_hit = 3, damage = "1d8+1", type = "bludgeoning" }]
"#;

/// A helper's Help is walked exactly (two d20s for the helped attack, the help's end at the
/// helper's next turn in the state) and sampled within 4.5 standard errors, and it is worth
/// more to the party than the helper's own knife.
#[test]
fn the_exact_walk_follows_a_helper() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("helped.toml");
    std::fs::write(&file, HELPED_DUEL).unwrap();
    let file = file.to_str().unwrap();
    let mut win = Vec::new();
    for helps in ["true", "false"] {
        let set = format!("combatant.helper.helps={helps}");
        let json = run_json(file, &["--trials", "200000", "--set", &set]);
        near_exact(
            &json,
            &["win.party", "any_death.party"],
            &format!("helps={helps}"),
        );
        win.push(rate(&json, "win.party").2.unwrap());
    }
    assert!(win[0] > win[1] + 0.01, "{win:?}");
}

/// A Gods & Monsters warrior who leads (004:822) an archer in weak cover against a bandit's
/// bow, and makes a heroic last effort (004:619) when its time runs out: small enough for
/// exact values.
const LEADER: &str = r#"
name = "a warlord, an archer and a bandit"
system = "gods-and-monsters"
[run]
max_rounds = 2
[[combatant]]
name = "Warlord"
side = "party"
survival = 1
endurance = 3
level = 2
warrior = true
leads = true
last_effort = true
perception = 12
willpower = 12
fortitude = 12
attack = 0
defense = 2
attacks = [{ name = "spear", damage = "d4" }]
[[combatant]]
name = "Archer"
side = "party"
survival = 2
endurance = 10
perception = 8
willpower = 8
fortitude = 8
attack = 0
defense = 0
cover = "weak"
attacks = [{ name = "bow", damage = "d4", ranged = true }]
[[combatant]]
name = "Bandit"
side = "bandits"
survival = 3
endurance = 10
perception = 8
willpower = 8
fortitude = 8
attack = 1
defense = 1
attacks = [{ name = "bow", damage = "d6", ranged = true }]
"#;

/// Leading and the last effort are walked exactly (sampled within 4.5 standard errors), and
/// each moves the numbers: the archer covered dies less; the warlord's last effort wins more.
#[test]
fn the_exact_walk_follows_a_leader_and_a_last_effort() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("leader.toml");
    std::fs::write(&file, LEADER).unwrap();
    let file = file.to_str().unwrap();
    let mut seen = Vec::new();
    // As written; with a perception roll that always fails (it leads, covering nobody);
    // without the last effort.
    for (perception, last) in [(12, true), (0, true), (12, false)] {
        let sets = [
            format!("combatant.Warlord.perception={perception}"),
            format!("combatant.Warlord.last_effort={last}"),
        ];
        let json = run_json(
            file,
            &["--trials", "200000", "--set", &sets[0], "--set", &sets[1]],
        );
        near_exact(
            &json,
            &["win.party", "any_death.party", "death.Archer"],
            &format!("{perception} {last}"),
        );
        seen.push((
            rate(&json, "death.Archer").2.unwrap(),
            rate(&json, "win.party").2.unwrap(),
        ));
    }
    // Exact values: the archer covered dies less (2.745% against 2.873%); the last effort
    // wins more (32.39% against 32.22%).
    assert!(seen[0].0 < seen[1].0 - 0.001, "leading covers: {seen:?}");
    assert!(seen[0].1 > seen[2].1 + 0.001, "the last effort: {seen:?}");
}
