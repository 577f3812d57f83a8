//! Every shipped scenario validates and runs; the warded door's JSON agrees with its exact
//! values at any thread count; the exact flag, the summary's columns, the Yeti's sides,
//! combatants and rounds, the JSON's headlines, shell completions.

use super::*;

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
    // Its all-down is it down (still in the fight) or fled.
    let (all, down, fled) = (rate("all_down.yeti"), rate("down.Yeti"), rate("fled.Yeti"));
    assert!((all - down - fled).abs() < 1e-12, "{all} = {down} + {fled}");
    assert!(fled > 0.05, "the Yeti flees: {fled}");
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

/// The files in `dir`, by name relative to it, sorted.
fn names_under(dir: &Path) -> Vec<String> {
    let mut names = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else {
                let name = path.strip_prefix(dir).unwrap().to_string_lossy();
                names.push(name.replace('\\', "/"));
            }
        }
    }
    names.sort();
    names
}

/// An output folder holds one run: a run into a folder removes the files its last run (here
/// a report, with its pages, variants and tactics) wrote and it does not write again, and
/// keeps a file no run wrote; every file left is the manifest's. A manifest naming files
/// outside its folder removes nothing there.
#[test]
fn an_output_folder_holds_one_run() {
    let dir = tempfile::tempdir().unwrap();
    let ok = |args: &[&str]| {
        let out = oddsmith(args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    };
    let root = dir.path().to_str().unwrap();
    ok(&[
        "report",
        "scenarios/yeti_what_if.toml",
        "--trials",
        "2000",
        "--quiet",
        "--out",
        root,
    ]);
    let folder = dir.path().join("yeti_what_if");
    let before = names_under(&folder);
    for page in ["index.html", "report.md", "variants.csv", "tactics.csv"] {
        assert!(before.iter().any(|n| n == page), "{page}: {before:?}");
    }
    std::fs::write(folder.join("notes.txt"), "mine").unwrap();
    let f = folder.to_str().unwrap();
    let door = || {
        ok(&[
            "run",
            "scenarios/warded_door.toml",
            "--trials",
            "2000",
            "--quiet",
            "--out",
            f,
        ])
    };
    door();
    let after = names_under(&folder);
    let manifest: Value =
        serde_json::from_str(&std::fs::read_to_string(folder.join("manifest.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["scenario"], "Sortilege vs a warded door");
    let listed: Vec<String> = (manifest["files"].as_array().unwrap().iter())
        .map(|f| f.as_str().unwrap().to_string())
        .collect();
    let mut expect = listed.clone();
    expect.extend(["manifest.json".to_string(), "notes.txt".to_string()]);
    expect.sort();
    assert_eq!(
        after, expect,
        "only the door's run and the file no run wrote"
    );
    // A manifest that names files outside its folder: nothing there is removed.
    std::fs::write(dir.path().join("outside.txt"), "mine").unwrap();
    let tampered =
        serde_json::json!({ "files": ["../outside.txt", "/etc/hostname", "notes.txt/.."] });
    std::fs::write(folder.join("manifest.json"), tampered.to_string()).unwrap();
    door();
    assert!(dir.path().join("outside.txt").exists());
    assert!(folder.join("notes.txt").exists());
}

/// Without `--out`, a shipped scenario writes to `reports/<stem>/` and a file of the same name
/// elsewhere to `reports/<its folder>-<stem>/`: they never share a folder.
#[test]
fn files_of_one_name_in_two_folders_do_not_share_an_output_folder() {
    let dir = tempfile::tempdir().unwrap();
    for folder in ["scenarios", "campaign"] {
        std::fs::create_dir(dir.path().join(folder)).unwrap();
        std::fs::copy(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/warded_door.toml"),
            dir.path().join(folder).join("warded_door.toml"),
        )
        .unwrap();
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_oddsmith"))
            .args([
                "run",
                &format!("{folder}/warded_door.toml"),
                "--trials",
                "2000",
                "--quiet",
            ])
            .current_dir(dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    let reports = names_under(&dir.path().join("reports"));
    assert!(
        reports.contains(&"warded_door/manifest.json".to_string()),
        "{reports:?}"
    );
    assert!(
        reports.contains(&"campaign-warded_door/manifest.json".to_string()),
        "{reports:?}"
    );
}

/// A side's name goes into file names (`deaths.SIDE_histogram.csv`) only file-name-safe: a
/// side named `../../escape` writes inside the output folder.
#[test]
fn a_side_named_like_a_path_writes_inside_the_output_folder() {
    let dir = tempfile::tempdir().unwrap();
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/yeti.toml"))
            .unwrap()
            .replace("side = \"yeti\"", "side = \"../../escape\"");
    let file = dir.path().join("escape.toml");
    std::fs::write(&file, text).unwrap();
    let out_dir = dir.path().join("a").join("b");
    let out = oddsmith(&[
        "run",
        file.to_str().unwrap(),
        "--trials",
        "2000",
        "--quiet",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let names = names_under(dir.path());
    assert!(
        names
            .iter()
            .all(|n| n == "escape.toml" || n.starts_with("a/b/")),
        "{names:?}"
    );
    assert!(
        names.contains(&"a/b/deaths..._.._escape_histogram.csv".to_string()),
        "{names:?}"
    );
}
