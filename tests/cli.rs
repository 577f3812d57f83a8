//! CLI tests: every shipped scenario validates and runs; the warded door's JSON agrees with
//! its exact values and does not depend on the thread count; bad input exits with code 2 and
//! names the line; outputs land complete in the output folder.

mod common;

use common::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

#[test]
fn every_shipped_scenario_validates_and_runs() {
    let out_root = tempfile::tempdir().unwrap();
    for path in shipped_scenarios() {
        let p = path.to_str().unwrap();
        let v = oddsmith(&["validate", p]);
        assert!(
            v.status.success(),
            "{p}: {}",
            String::from_utf8_lossy(&v.stderr)
        );
        let out_dir = out_root.path().join(path.file_stem().unwrap());
        let run = oddsmith(&[
            "run",
            p,
            "--trials",
            "20000",
            "--json",
            "--quiet",
            "--out",
            out_dir.to_str().unwrap(),
        ]);
        let json = json_of(&run);
        assert_eq!(json["trials"], 20000);
        for key in ["scenario", "system", "seed"] {
            assert!(!json[key].is_null(), "{p}: {key} missing");
        }
        let is_sweep = json.get("points").is_some();
        let rows: Vec<Value> = if is_sweep {
            json["points"]
                .as_array()
                .unwrap()
                .iter()
                .flat_map(|pt| pt["metrics"].as_array().unwrap().clone())
                .collect()
        } else {
            json["metrics"].as_array().unwrap().clone()
        };
        assert!(!rows.is_empty());
        for m in &rows {
            for key in ["metric", "estimate", "ci_low", "ci_high", "exact"] {
                assert!(m.get(key).is_some(), "{p}: {key} missing in {m}");
            }
        }
        let files: Vec<String> = std::fs::read_dir(&out_dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        let expected: &[&str] = if is_sweep {
            &["sweep.csv", "sweep.json", "manifest.json"]
        } else {
            &[
                "rates.png",
                "rates.svg",
                "summary.csv",
                "summary.json",
                "manifest.json",
            ]
        };
        for f in expected {
            assert!(
                files.iter().any(|x| x == f),
                "{p}: {f} missing from {files:?}"
            );
        }
        assert!(
            files.iter().all(|f| !f.starts_with('.')),
            "{p}: leftovers {files:?}"
        );
    }
}

#[test]
fn warded_door_json_agrees_with_exact_at_any_thread_count() {
    let base = [
        "run",
        "scenarios/warded_door.toml",
        "--trials",
        "2000000",
        "--seed",
        "1",
        "--json",
        "--quiet",
    ];
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().to_str().unwrap();
    let one = json_of(&oddsmith(
        &[&base[..], &["--threads", "1", "--out", out]].concat(),
    ));
    let two = json_of(&oddsmith(
        &[&base[..], &["--threads", "2", "--out", out]].concat(),
    ));
    assert_eq!(one["metrics"], two["metrics"]);
    assert_eq!(one["scenario"], "Sortilege vs a warded door");
    assert_eq!(one["system"], "invisible-sun");
    assert_eq!(one["seed"], 1);
    let n = 2_000_000f64;
    for name in [
        "success",
        "flux",
        "multi_flux",
        "success_with_flux",
        "successes.0",
        "successes.1",
        "successes.2",
    ] {
        let m = metric(&one, name);
        let est = m["estimate"].as_f64().unwrap();
        let exact = m["exact"].as_f64().unwrap();
        let se = (exact * (1.0 - exact) / n).sqrt();
        assert!((est - exact).abs() <= 4.5 * se, "{name}: {est} vs {exact}");
        let (lo, hi) = (
            m["ci_low"].as_f64().unwrap(),
            m["ci_high"].as_f64().unwrap(),
        );
        assert!(
            lo <= est && est <= hi,
            "{name}: interval [{lo}, {hi}] misses {est}"
        );
    }
    // Hand-derived: needed 3, p = 0.7 per die, both dice must succeed.
    assert!((metric(&one, "success")["exact"].as_f64().unwrap() - 0.49).abs() < 1e-12);
    assert!((metric(&one, "flux")["exact"].as_f64().unwrap() - 0.1).abs() < 1e-12);
}

#[test]
fn exact_flag_prints_exact_values_without_sampling() {
    let out = oddsmith(&["run", "scenarios/warded_door.toml", "--exact", "--json"]);
    let json = json_of(&out);
    assert_eq!(json["trials"], 0);
    assert!((metric(&json, "success")["exact"].as_f64().unwrap() - 0.49).abs() < 1e-12);
    assert!(metric(&json, "success")["estimate"].is_null());
    let table = oddsmith(&["run", "scenarios/warded_door.toml", "--exact"]);
    let text = String::from_utf8_lossy(&table.stdout);
    // Only what was computed: no estimate or interval columns, no "0 trials".
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("success "))
        .unwrap();
    assert_eq!(
        line.split_whitespace().collect::<Vec<_>>(),
        ["success", "49.00%"]
    );
    assert!(text.contains("exact values, nothing sampled"), "{text}");
    for absent in ["estimate", "95% interval", "0 trials", " - "] {
        assert!(!text.contains(absent), "{absent} in {text}");
    }
}

#[test]
fn a_fight_too_large_to_walk_says_so_and_is_sampled() {
    // `--exact`: the Yeti ambush is too large for exact values, and the run says why.
    let out = oddsmith(&["run", "scenarios/yeti.toml", "--exact"]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("too large for exact values: ") && text.contains("; sampled only"),
        "{text}"
    );
    assert!(
        text.contains("(none: this scenario is only sampled)"),
        "{text}"
    );
    // A run samples it all the same, saying so.
    let dir = tempfile::tempdir().unwrap();
    let run = oddsmith(&[
        "run",
        "scenarios/yeti.toml",
        "--trials",
        "20000",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(run.status.success());
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.contains("too large for exact values: "), "{text}");
    assert!(text.contains("20,000 trials"), "{text}");
    // A duel walks, but not within a limit of ten: the line names the limit and its flag.
    let duel = ["run", "scenarios/beliggos.toml", "--exact"];
    let walked = json_of(&oddsmith(&[&duel[..], &["--json"]].concat()));
    let win = metric(&walked, "win.pcs")["exact"].as_f64().unwrap();
    assert!((win - 0.1842).abs() < 1e-4, "{win}");
    let limited = oddsmith(&[&duel[..], &["--exact-limit", "10"]].concat());
    let text = String::from_utf8_lossy(&limited.stdout);
    assert!(
        text.contains("too large for exact values: ") && text.contains("--exact-limit"),
        "{text}"
    );
    // A limit of nothing is refused.
    let bad = oddsmith(&[&duel[..], &["--exact-limit", "0"]].concat());
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(err.contains("--exact-limit must be at least 1"), "{err}");
}

#[test]
fn summary_csv_has_the_documented_columns() {
    let dir = tempfile::tempdir().unwrap();
    let out = oddsmith(&[
        "run",
        "scenarios/warded_door.toml",
        "--trials",
        "10000",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let csv = std::fs::read_to_string(dir.path().join("summary.csv")).unwrap();
    let mut lines = csv.lines();
    assert_eq!(
        lines.next().unwrap(),
        "scenario,metric,estimate,ci_low,ci_high,exact,trials,seed"
    );
    let success = lines.find(|l| l.contains(",success,")).unwrap();
    assert!(
        success.starts_with("Sortilege vs a warded door,success,"),
        "{success}"
    );
    assert!(success.ends_with(",0.49,10000,2026"), "{success}");
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("95% interval"), "{table}");
}

fn write_scenario(dir: &Path, body: &str) -> PathBuf {
    let path = dir.join("bad.toml");
    std::fs::write(
        &path,
        format!("name = \"bad\"\nsystem = \"invisible-sun\"\n\n[check]\n{body}"),
    )
    .unwrap();
    path
}

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
fn yeti_reports_sides_combatants_and_rounds() {
    let dir = tempfile::tempdir().unwrap();
    let out = oddsmith(&[
        "run",
        "scenarios/yeti.toml",
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let json = json_of(&out);
    assert_eq!(json["system"], "gods-and-monsters");
    let mut total = 0.0;
    for name in ["win.party", "win.yeti", "draw", "stalemate"] {
        let m = metric(&json, name);
        assert!(m["exact"].is_null(), "{name}: a fight has no exact value");
        assert!(m["ci_low"].as_f64().unwrap() <= m["ci_high"].as_f64().unwrap());
        total += m["estimate"].as_f64().unwrap();
    }
    assert!(
        (total - 1.0).abs() < 1e-12,
        "endings partition the fights: {total}"
    );
    for who in ["Sam Stevens", "Charlotte Korde", "Toromeen", "Yeti"] {
        for kind in ["death", "unconscious", "fled", "down"] {
            metric(&json, &format!("{kind}.{who}"));
        }
    }
    for q in ["mean", "median", "p90", "p99"] {
        let m = metric(&json, &format!("rounds.{q}"));
        assert!(m["estimate"].as_f64().unwrap() >= 1.0);
    }
    let hist = std::fs::read_to_string(dir.path().join("rounds_histogram.csv")).unwrap();
    assert!(
        hist.starts_with("value,count,rate,ci_low,ci_high\n"),
        "{hist}"
    );
    let curve = std::fs::read_to_string(dir.path().join("survival_curve.csv")).unwrap();
    assert!(curve.starts_with("series,after_round,still_going,ci_low,ci_high,trials\n"));
    assert!(
        curve.contains("\nfighting.party,0,1.0,") && curve.contains("\nfighting.yeti,0,1.0,"),
        "{curve}"
    );
}

/// Writes `shipped` (a scenario under `scenarios/`) with `from` replaced by `to` as
/// `dir/name`, validates or runs it, and checks it exits 2 naming the file at a line and
/// column, with `expected` in the message and no output written.
fn assert_bad_edit(
    dir: &Path,
    shipped: &str,
    name: &str,
    (from, to, expected): (&str, &str, &str),
) {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(shipped),
    )
    .unwrap();
    assert!(text.contains(from), "{shipped} has no {from}");
    let path = dir.join(name);
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    let out_dir = dir.join("out");
    let out = oddsmith(&[
        "run",
        path.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let at = stderr.find(&format!("{name}:")).expect("the file is named");
    let place: Vec<&str> = stderr[at..].splitn(4, ':').collect();
    assert!(
        place[1].parse::<u32>().is_ok() && place[2].parse::<u32>().is_ok(),
        "line and column: {stderr}"
    );
    assert!(stderr.contains(expected), "{stderr}");
    assert!(!out_dir.exists(), "a failed run must not create output");
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
fn someone_dies_at_least_as_often_as_anyone_and_at_most_the_sum() {
    let dir = tempfile::tempdir().unwrap();
    let json = json_of(&oddsmith(&[
        "run",
        "scenarios/yeti.toml",
        "--trials",
        "200000",
        "--json",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]));
    let rate = |name: &str| metric(&json, name)["estimate"].as_f64().unwrap();
    let party = ["Sam Stevens", "Charlotte Korde", "Toromeen"];
    let deaths: Vec<f64> = party.iter().map(|w| rate(&format!("death.{w}"))).collect();
    let any = rate("any_death.party");
    let most = deaths.iter().cloned().fold(0.0, f64::max);
    let sum: f64 = deaths.iter().sum();
    assert!(most > 0.0, "the yeti kills someone sometimes");
    assert!(most <= any && any <= sum + 1e-12, "{most} ≤ {any} ≤ {sum}");
    // A total party kill leaves every member down; a side of one is all down when it is.
    let all_down = rate("all_down.party");
    for who in party {
        assert!(all_down <= rate(&format!("down.{who}")));
    }
    assert_eq!(rate("all_down.yeti"), rate("down.Yeti"));
    assert_eq!(rate("any_death.yeti"), rate("death.Yeti"));
    for name in ["any_death.party", "all_down.party"] {
        let m = metric(&json, name);
        let (lo, hi) = (
            m["ci_low"].as_f64().unwrap(),
            m["ci_high"].as_f64().unwrap(),
        );
        assert!(lo <= m["estimate"].as_f64().unwrap() && m["estimate"].as_f64().unwrap() <= hi);
        assert!(hi - lo > 0.0 && hi - lo < 0.01, "{name}: [{lo}, {hi}]");
    }
    let out = oddsmith(&[
        "run",
        "scenarios/yeti.toml",
        "--trials",
        "20000",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let table = String::from_utf8_lossy(&out.stdout);
    for name in ["any_death.party", "all_down.party"] {
        let line = table
            .lines()
            .find(|l| l.trim_start().starts_with(name))
            .expect(name);
        assert!(line.contains('[') && line.contains('%'), "{line}");
    }
}

#[test]
fn completions_are_printed_for_each_shell() {
    for (shell, marker) in [
        ("bash", "complete -F"),
        ("zsh", "#compdef oddsmith"),
        ("fish", "complete -c oddsmith"),
        ("powershell", "Register-ArgumentCompleter"),
    ] {
        let out = oddsmith(&["completions", shell]);
        assert!(out.status.success(), "{shell}");
        let script = String::from_utf8_lossy(&out.stdout);
        assert!(script.contains(marker), "{shell}: {script}");
        assert!(
            script.contains("validate"),
            "{shell}: subcommands are completed"
        );
    }
    assert_eq!(oddsmith(&["completions", "tcsh"]).status.code(), Some(2));
}

#[test]
fn json_carries_headlines_and_combatants() {
    let dir = tempfile::tempdir().unwrap();
    let json = json_of(&oddsmith(&[
        "run",
        "scenarios/yeti.toml",
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]));
    let headlines = json["headlines"].as_array().unwrap();
    // The band, per side who dies and when the first death comes, who wins and how the
    // winners end up, how long it lasts.
    assert_eq!(headlines.len(), 8, "{headlines:?}");
    // A fight leads with its difficulty band (tests/difficulty.rs checks it).
    assert!(
        headlines[0]
            .as_str()
            .unwrap()
            .starts_with("Difficulty for party: ")
    );
    let starts = |k: usize| {
        headlines[k]
            .as_str()
            .unwrap()
            .split(' ')
            .take(3)
            .collect::<Vec<_>>()
    };
    assert_eq!(starts(1), ["Someone", "on", "party"]);
    assert_eq!(starts(2), ["The", "first", "death"]);
    assert_eq!(starts(5)[..2], ["Party", "wins"]);
    assert_eq!(starts(6), ["When", "party", "wins:"]);
    let combatants = json["combatants"].as_array().unwrap();
    let names: Vec<&str> = combatants
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Sam Stevens", "Charlotte Korde", "Toromeen", "Yeti"]
    );
    let charlotte = &combatants[1];
    assert_eq!(charlotte["side"], "party");
    let death = metric(&json, "death.Charlotte Korde");
    for key in ["estimate", "ci_low", "ci_high"] {
        assert_eq!(charlotte["death"][key], death[key], "{key}");
    }
    for outcome in ["down", "unconscious", "fled"] {
        assert!(charlotte[outcome]["estimate"].is_f64(), "{outcome}");
    }
    // A roll has headlines but no combatants; its rates stay raw probabilities.
    let roll = json_of(&oddsmith(&[
        "run",
        "scenarios/warded_door.toml",
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        dir.path().join("door").to_str().unwrap(),
    ]));
    assert!(roll.get("combatants").is_none());
    let line = roll["headlines"][0].as_str().unwrap();
    assert!(
        line.starts_with("Succeeds ") && line.contains("exact 49.00%"),
        "{line}"
    );
    assert!(metric(&roll, "success")["estimate"].as_f64().unwrap() < 1.0);
}

#[test]
fn the_ogre_fight_reports_falls_and_ap_and_bad_ogres_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = oddsmith(&[
        "run",
        "scenarios/ogre_in_the_mill.toml",
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let json = json_of(&out);
    assert_eq!(json["system"], "unbound-legends");
    for who in ["Brann", "Vessa", "Aldo"] {
        for kind in ["death", "disabled", "death_instant", "incapacitated"] {
            let m = metric(&json, &format!("{kind}.{who}"));
            assert!(m["ci_low"].as_f64().unwrap() <= m["ci_high"].as_f64().unwrap());
        }
    }
    for who in ["Brann", "Vessa", "Aldo", "Mill Ogre"] {
        for kind in ["ap_attack", "ap_defense", "ap_other", "ap_unspent"] {
            let m = metric(&json, &format!("{kind}.{who}.mean"));
            assert!(m["estimate"].as_f64().unwrap() >= 0.0);
        }
    }
    for edit in [
        (
            "skill_rank = 1 }",
            "skill_rank = 5 }",
            "`combatant.Brann.attacks.skill_rank`: 5 is out of range",
        ),
        (
            "armor = \"light\"",
            "armor = \"mail\"",
            "\"mail\" is not allowed",
        ),
        (
            "health = 6",
            "health = 0",
            "`combatant.Brann.health`: 0 is out of range",
        ),
    ] {
        assert_bad_edit(dir.path(), "ogre_in_the_mill.toml", "bad_ogre.toml", edit);
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
fn invisible_sun_conflicts_report_wounds_and_exact_duels_and_bad_ones_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let runs = tempfile::tempdir().unwrap();
    let run = |file: &str| {
        json_of(&oddsmith(&[
            "run",
            file,
            "--trials",
            "40000",
            "--json",
            "--quiet",
            "--out",
            runs.path().to_str().unwrap(),
        ]))
    };
    let json = run("scenarios/vampire_and_thrall.toml");
    for name in [
        "win.pcs",
        "death.Schaelee",
        "down.Thrall",
        "out.Schaelee",
        "flux.Schaelee",
        "wounds.Schaelee.3",
        "wounds.Vampire.mean",
        "physicality_spent.Schaelee.2",
        "rounds.p90",
    ] {
        let m = metric(&json, name);
        assert!(m["ci_low"].as_f64().unwrap() <= m["ci_high"].as_f64().unwrap());
        // The exact walk may reach this fight too: where it gives a value, the estimate
        // lies within 4.5 standard errors of it (2.3 half-widths of the 95% interval).
        if let Some(exact) = m["exact"].as_f64() {
            let half = (m["ci_high"].as_f64().unwrap() - m["ci_low"].as_f64().unwrap()) / 2.0;
            let est = m["estimate"].as_f64().unwrap();
            assert!((est - exact).abs() <= 2.3 * half + 1e-9, "{name}: {m}");
        }
    }
    // One PC against one NPC: exact values beside the estimates, and they agree.
    let json = run("scenarios/beliggos.toml");
    for name in [
        "win.pcs",
        "stalemate",
        "death.Vislae",
        "down.Beliggos",
        "wounds.Beliggos.4",
        "physicality_spent.Vislae.3",
    ] {
        let m = metric(&json, name);
        let (est, exact) = (
            m["estimate"].as_f64().unwrap(),
            m["exact"].as_f64().unwrap(),
        );
        let se = (exact * (1.0 - exact) / 40000.0).sqrt();
        assert!(
            (est - exact).abs() <= 4.5 * se + 1e-12,
            "{name}: {est} vs {exact}"
        );
    }
    let m = metric(&json, "rounds.mean");
    let (est, exact) = (
        m["estimate"].as_f64().unwrap(),
        m["exact"].as_f64().unwrap(),
    );
    let se = (m["ci_high"].as_f64().unwrap() - m["ci_low"].as_f64().unwrap()) / (2.0 * 1.96);
    assert!(
        (est - exact).abs() <= 4.5 * se,
        "rounds.mean: {est} vs {exact}"
    );
    for edit in [
        (
            "use = \"Schaelee\"",
            "use = \"Schaelee\"\nattack = { skill = 1, tools = 1, damage = 4, effect_level = 2 }",
            "`pc.Schaelee.attack.effect_level`: effect level 2 needs Expansive Endeavor (L79)",
        ),
        (
            "use = \"Schaelee\"",
            "use = \"Schaelee\"\nattack = { skill = 1, tools = 1, damage = 4, bene = 1, effect_level = 1 }",
            "not both (L77)",
        ),
        (
            "use = \"Schaelee\"",
            "use = \"Schaelee\"\ndodge = { skill = 1, magic_dice = 1, bene = 1, help = 1, helper_skill = 2 }",
            "`pc.Schaelee.dodge.helper_skill`",
        ),
        (
            "use = \"Vampire\"",
            "use = \"Vampire\"\nlevel = 18",
            "`npc.Vampire.level`: 18 is out of range",
        ),
        (
            "order = \"pcs_first\"",
            "order = \"whoever\"",
            "`conflict.order`: \"whoever\" is not allowed",
        ),
        (
            "use = \"Vampire\"",
            "use = \"Vampire\"\nattack_defense = \"parry\"",
            "`npc.Vampire.attack_defense`: \"parry\" is not allowed",
        ),
        (
            "use = \"Schaelee\"",
            "use = \"Schaelee\"\nnegate = \"maybe\"",
            "`pc.Schaelee.negate`: \"maybe\" is not allowed",
        ),
        (
            "use = \"Thrall\"",
            "use = \"Thrall\"\nname = \"Vampire\"",
            "`npc.name`: \"Vampire\" is used twice",
        ),
        (
            "[conflict]",
            "[check]\nchallenge = 3\n[conflict]",
            "a scenario describes one thing",
        ),
    ] {
        assert_bad_edit(
            dir.path(),
            "vampire_and_thrall.toml",
            "bad_vampire.toml",
            edit,
        );
    }
}

#[test]
fn hazards_report_every_metric_with_its_exact_value() {
    let dir = tempfile::tempdir().unwrap();
    for (file, metrics) in [
        (
            "thief_climb_fall.toml",
            &[
                "climbed",
                "fell",
                "evaded",
                "damage.mean",
                "damage.median",
                "damage.p90",
                "damage.p99",
                "injuries_gained.0",
                "injuries_gained.mean",
                "unconscious",
                "death_contest",
                "death",
                "fall_dice.0",
                "fall_dice.4",
            ][..],
        ),
        (
            "shadow_spider_bite.toml",
            &[
                "affected",
                "times_affected.mean",
                "times_affected.median",
                "times_affected.p90",
                "times_affected.p99",
                "effect_total.mean",
                "effect_total.median",
                "effect_total.p90",
                "effect_total.p99",
                "lingering",
            ][..],
        ),
        (
            "goblins_chase_thief.toml",
            &[
                "escaped",
                "caught",
                "unresolved",
                "exchanges.mean",
                "exchanges.median",
                "exchanges.p90",
                "exchanges.p99",
            ][..],
        ),
    ] {
        let out = oddsmith(&[
            "run",
            &format!("scenarios/{file}"),
            "--trials",
            "20000",
            "--json",
            "--quiet",
            "--out",
            dir.path().join(file).to_str().unwrap(),
        ]);
        let json = json_of(&out);
        for name in metrics {
            let m = metric(&json, name);
            assert!(
                m["exact"].is_number(),
                "{file}: {name} has no exact value: {m}"
            );
        }
        for m in json["metrics"].as_array().unwrap() {
            assert!(m["exact"].is_number(), "{file}: {m}");
        }
    }
    // A sweep over the fall's height, exact at every point.
    let path = dir.path().join("heights.toml");
    std::fs::write(
        &path,
        "name = \"falls\"\nsystem = \"gods-and-monsters\"\n[fall]\nheight = 10\nsurvival = 7\n\
         endurance = 12\nevasion = 10\nfortitude = 8\nwillpower = 10\n\
         [sweep]\n\"fall.height\" = [5, 15, 30, 200, 5000]\n",
    )
    .unwrap();
    let out = oddsmith(&[
        "run",
        path.to_str().unwrap(),
        "--exact",
        "--json",
        "--quiet",
        "--out",
        dir.path().join("heights").to_str().unwrap(),
    ]);
    let json = json_of(&out);
    let points = json["points"].as_array().unwrap();
    assert_eq!(points.len(), 5);
    let mut deaths = Vec::new();
    for p in points {
        for m in p["metrics"].as_array().unwrap() {
            assert!(m["exact"].is_number(), "{m}");
        }
        let death = p["metrics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["metric"] == "death")
            .unwrap();
        deaths.push(death["exact"].as_f64().unwrap());
    }
    assert!(deaths.windows(2).all(|w| w[0] <= w[1]), "{deaths:?}");
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

/// Issue 30, item 4: `--set PATH=VALUE` changes one key through the sweep's tree edit; the
/// exact value follows it; a bad path or value exits 2 naming the argument; the manifest,
/// the report and a shard's tally record it, and shards run with it merge to the numbers
/// of one run with it.
#[test]
fn set_changes_one_key_and_is_recorded_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let exact = |extra: &[&str]| {
        let mut args = vec!["run", "scenarios/warded_door.toml", "--exact", "--json"];
        args.extend_from_slice(extra);
        metric(&json_of(&oddsmith(&args)), "success")["exact"]
            .as_f64()
            .unwrap()
    };
    // Challenge 6 − venture 3: each of 2 dice succeeds on 3+ of 0–9 (7 in 10), both needed;
    // challenge 7: on 4+ (6 in 10).
    assert!((exact(&[]) - 0.49).abs() < 1e-12);
    assert!((exact(&["--set", "check.challenge=7"]) - 0.36).abs() < 1e-12);
    // Later sets win; a set applies to every command that loads a scenario.
    let both = ["--set", "check.challenge=9", "--set", "check.challenge=7"];
    assert!((exact(&both) - 0.36).abs() < 1e-12);
    let v = oddsmith(&[
        "validate",
        "scenarios/warded_door.toml",
        "--set",
        "check.challenge=7",
    ]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    for (args, says) in [
        (
            vec![
                "run",
                "scenarios/warded_door.toml",
                "--set",
                "chek.challenge=7",
            ],
            "--set chek.challenge=7: the scenario has no `chek` (did you mean `check`?)",
        ),
        (
            vec![
                "run",
                "scenarios/warded_door.toml",
                "--set",
                "check.challenge",
            ],
            "--set check.challenge: write it as PATH=VALUE",
        ),
        (
            vec![
                "validate",
                "scenarios/yeti.toml",
                "--set",
                "combatant.Yti.survival=3",
            ],
            "no `combatant` is named \"Yti\"",
        ),
        (
            vec![
                "run",
                "scenarios/yeti.toml",
                "--set",
                "combatant.Yeti.survival=ten",
            ],
            "yeti.toml:22:1: expected an integer, found the string \"ten\" (with --set \
             combatant.Yeti.survival=ten)",
        ),
        (
            vec![
                "tune",
                "scenarios/warded_door.toml",
                "--set",
                "check.challenge=99",
            ],
            "(with --set check.challenge=99)",
        ),
    ] {
        let out = oddsmith(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(says),
            "{args:?}: {stderr}\n  wanted: {says}"
        );
    }
    // Recorded: manifest, report page, text output; shards carry it and merge as one run.
    let one = dir.path().join("one");
    let set = ["--set", "check.challenge=7"];
    let run = |out: &Path, extra: &[&str]| {
        let mut args = vec![
            "run",
            "scenarios/warded_door.toml",
            "--trials",
            "300000",
            "--json",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(&set);
        args.extend_from_slice(extra);
        oddsmith(&args)
    };
    let whole = json_of(&run(&one, &[]));
    let manifest = json_file(&one.join("manifest.json"));
    assert_eq!(manifest["sets"], serde_json::json!(["check.challenge=7"]));
    let shards: Vec<PathBuf> = (0..2).map(|i| dir.path().join(format!("s{i}"))).collect();
    for (i, s) in shards.iter().enumerate() {
        let shard = format!("{i}/2");
        let out = run(s, &["--shard", &shard]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            json_file(&s.join("tally.json"))["sets"],
            serde_json::json!(["check.challenge=7"])
        );
    }
    let merged = json_of(&oddsmith(&[
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "--json",
        "--quiet",
        "--out",
        dir.path().join("merged").to_str().unwrap(),
    ]));
    assert_eq!(merged["metrics"], whole["metrics"]);
    // A shard of the file without the set is another run.
    let plain = dir.path().join("plain");
    let out = oddsmith(&[
        "run",
        "scenarios/warded_door.toml",
        "--trials",
        "300000",
        "--quiet",
        "--shard",
        "1/2",
        "--out",
        plain.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let out = oddsmith(&[
        "merge",
        shards[0].to_str().unwrap(),
        plain.to_str().unwrap(),
        "--quiet",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not shards of one run"), "{stderr}");
    // The report page says what was set.
    let reports = dir.path().join("reports");
    let out = oddsmith(&[
        "report",
        "scenarios/warded_door.toml",
        "--trials",
        "20000",
        "--quiet",
        "--set",
        "check.challenge=7",
        "--out",
        reports.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = std::fs::read_to_string(reports.join("warded_door/index.html")).unwrap();
    assert!(page.contains("Run with --set check.challenge=7"), "{page}");
    assert!(page.contains("set: check.challenge=7"));
}

/// Issue 30, item 7: what runs but makes little sense is warned about on stderr by
/// `validate` and `run` (exit 0, `--quiet` too): a side none of whose members has an attack,
/// and a Gods & Monsters combatant given both `endurance` and `level`.
#[test]
fn a_side_that_cannot_hurt_anyone_and_an_ignored_key_are_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    let yeti = std::fs::read_to_string("scenarios/yeti.toml").unwrap();
    // The shipped Yeti's claws come from the library: a fighter's `attacks = []` takes them
    // away; Charlotte's endurance 10 comes from there too.
    let body = yeti
        .replacen("use = \"Yeti\"\n", "use = \"Yeti\"\nattacks = []\n", 1)
        .replacen(
            "name = \"Charlotte Korde\"",
            "level = 6\nname = \"Charlotte Korde\"",
            1,
        );
    assert!(body.contains("attacks = []") && body.contains("level = 6"));
    let path = dir.path().join("harmless.toml");
    std::fs::write(&path, &body).unwrap();
    let p = path.to_str().unwrap();
    let out_dir = dir.path().join("out");
    for args in [
        vec!["validate", p],
        vec![
            "run",
            p,
            "--trials",
            "2000",
            "--quiet",
            "--out",
            out_dir.to_str().unwrap(),
        ],
    ] {
        let out = oddsmith(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        assert!(
            stderr.contains("side \"yeti\" cannot hurt anyone: none of its members has an attack"),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains(
                "`combatant.Charlotte Korde.level`: both `endurance` (10) and `level` (6) are \
                 given; `endurance` counts"
            ),
            "{args:?}: {stderr}"
        );
    }
    // And it runs: the party never loses.
    let json = json_of(&oddsmith(&[
        "run",
        p,
        "--trials",
        "2000",
        "--json",
        "--quiet",
        "--out",
        out_dir.to_str().unwrap(),
    ]));
    let win_yeti = metric(&json, "win.yeti")["estimate"].as_f64().unwrap();
    assert_eq!(win_yeti, 0.0);
    // The shipped scenarios warn about nothing.
    for path in shipped_scenarios() {
        let out = oddsmith(&["validate", path.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("warning"), "{}: {stderr}", path.display());
    }
}

/// Issue 30, item 7: a side whose hits never get through its foes' armor, and a fight no side
/// can win before `max_rounds` (Invisible Sun, where damage and toughness are fixed numbers),
/// are warned about; the shipped fights are not.
#[test]
fn armor_nothing_gets_through_and_a_fight_too_short_to_win_are_warned_about() {
    let warned = |sets: &[&str]| {
        let mut args = vec!["validate", "scenarios/vampire_and_thrall.toml"];
        for s in sets {
            args.extend(["--set", s]);
        }
        let out = oddsmith(&args);
        assert!(out.status.success(), "{sets:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert_eq!(warned(&[]), "");
    let e = warned(&["pc.Schaelee.armor=6"]);
    assert!(
        e.contains(
            "side \"npcs\" cannot hurt anyone: no hit of its members does more damage than its \
             foes' armor stops"
        ),
        "{e}"
    );
    // Armor 5 stops the vampire's 5 but not the thrall's 6.
    assert_eq!(warned(&["pc.Schaelee.armor=5"]), "");
    // Schaelee's 4 damage + 2 for effect level 1, less the vampire's armor 0, in one round;
    // 3 Injuries a Wound, 3 Wounds to die: 9. The npcs deal 4 + 5 a round against 9.
    let e = warned(&["run.max_rounds=1"]);
    assert_eq!(e, "", "the npcs can kill her in one round");
    let e = warned(&["run.max_rounds=1", "npc.Thrall.damage=4"]);
    assert!(
        e.contains(
            "no side can win within max_rounds = 1 (side \"pcs\" deals Vampire at most 6 damage \
             in 1 round and it takes 9; side \"npcs\" deals Schaelee at most 7 damage in 1 \
             round and it takes 9)"
        ),
        "{e}"
    );
    assert_eq!(warned(&["run.max_rounds=2", "npc.Thrall.damage=4"]), "");
    // Unbound Legends: a 1d4+1 fist (5 at most) against the ogre's armor reduction.
    let fists = |armor: &str| {
        let fist = "[{ name = \"fist\", to_hit = 1, damage = \"1d4+1\", type = \"bludgeoning\" }]";
        let mut args = vec![
            "validate".to_string(),
            "scenarios/ogre_in_the_mill.toml".to_string(),
        ];
        for who in ["Brann", "Vessa", "Aldo"] {
            args.extend([
                "--set".to_string(),
                format!("combatant.{who}.attacks={fist}"),
            ]);
        }
        args.extend([
            "--set".to_string(),
            format!("combatant.Mill Ogre.armor_reduction={armor}"),
        ]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = oddsmith(&args);
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(fists("5").contains("side \"party\" cannot hurt anyone: no hit"));
    assert_eq!(fists("4"), "");
}

/// Issue 30, item 2: a `[[creature]]` template used with `count` makes numbered fighters
/// that report, take `target` and sweep by their names; a sweep of the template's key
/// changes every one of them; an unused template is warned about.
#[test]
fn a_counted_template_makes_fighters_that_report_target_and_sweep_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let yeti = std::fs::read_to_string("scenarios/yeti.toml").unwrap();
    // The shipped Yeti comes from the library: two of it.
    let two = yeti
        .replacen("use = \"Yeti\"\n", "use = \"Yeti\"\ncount = 2\n", 1)
        .replacen(
            "use = \"Sam Stevens\"",
            "use = \"Sam Stevens\"\ntarget = \"Yeti 2\"",
            1,
        );
    assert!(two.contains("count = 2") && two.contains("Yeti 2"));
    let path = dir.path().join("two_yetis.toml");
    std::fs::write(&path, &two).unwrap();
    let p = path.to_str().unwrap();
    let v = oddsmith(&["validate", p]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    assert!(!String::from_utf8_lossy(&v.stderr).contains("warning"));
    let out = dir.path().join("out");
    let json = json_of(&oddsmith(&[
        "run",
        p,
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]));
    let rate = |name: &str| metric(&json, name)["estimate"].as_f64().unwrap();
    // Two Yetis, the same numbers; Sam goes for the second, so it falls more often.
    assert!(rate("down.Yeti 2") > rate("down.Yeti 1"));
    assert!(
        json["metrics"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["metric"] != "down.Yeti")
    );
    // A sweep of the template's survival reaches both; one of a single copy by its name.
    let sweep = format!("{two}\n[sweep]\n\"creature.Yeti.survival\" = [5, 60]\n");
    let sweep_path = dir.path().join("sweep.toml");
    std::fs::write(&sweep_path, &sweep).unwrap();
    let json = json_of(&oddsmith(&[
        "run",
        sweep_path.to_str().unwrap(),
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        dir.path().join("sw").to_str().unwrap(),
    ]));
    let at_point = |k: usize, name: &str| {
        metric(&json["points"][k], name)["estimate"]
            .as_f64()
            .unwrap()
    };
    for yeti in ["win.party", "down.Yeti 1"] {
        assert!(at_point(0, yeti) > at_point(1, yeti), "{yeti}");
    }
    let json = json_of(&oddsmith(&[
        "run",
        p,
        "--set",
        "combatant.Yeti 1.survival=1",
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        dir.path().join("one").to_str().unwrap(),
    ]));
    let down = |name: &str| metric(&json, name)["estimate"].as_f64().unwrap();
    assert!(down("down.Yeti 1") > down("down.Yeti 2"));
    // A template nobody uses is warned about.
    let unused = format!("{two}\n[[creature]]\nname = \"Spare\"\nsurvival = 3\n");
    std::fs::write(&path, &unused).unwrap();
    let v = oddsmith(&["validate", p]);
    let stderr = String::from_utf8_lossy(&v.stderr);
    assert!(v.status.success(), "{stderr}");
    assert!(
        stderr.contains("`[[creature]]` template \"Spare\" is defined and never used"),
        "{stderr}"
    );
}
