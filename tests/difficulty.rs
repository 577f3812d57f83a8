//! The difficulty band through the command line: every system's shipped fight reports a
//! `difficulty` entry that agrees with its own `any_death` and `all_down` rows and
//! thresholds (recomputed here, not a band written down), as the first headline, per grid
//! point of a sweep and in the pages of `report`; `--difficulty` picks the side; bad input
//! exits 2 naming the file, line, key and what is allowed.

mod common;

use common::{json_of, metric, oddsmith, stderr};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

const BANDS: [&str; 5] = ["trivial", "easy", "medium", "hard", "deadly"];

/// The band a rate of `value` falls in by `thresholds`: how many are at or below it.
fn band(value: f64, thresholds: &Value) -> usize {
    let t = thresholds.as_array().unwrap();
    t.iter().filter(|x| x.as_f64().unwrap() <= value).count()
}

/// Checks `entry` (a `difficulty` object) against the `any_death` and `all_down` rows of
/// its side in `rows` (a report, or a sweep's grid point) and the thresholds it states;
/// returns its band in words (`medium, borderline hard`).
fn assert_consistent(entry: &Value, rows: &Value) -> String {
    let side = entry["side"].as_str().unwrap();
    let thresholds = &entry["thresholds"];
    // (band of the value, of the lower end, of the upper end) for one rate.
    let read = |prefix: &str| {
        let row = metric(rows, &format!("{prefix}.{side}"));
        let t = &thresholds[prefix];
        let (value, low, high) = match row["exact"].as_f64() {
            Some(e) => (e, e, e),
            None => (
                row["estimate"].as_f64().unwrap(),
                row["ci_low"].as_f64().unwrap(),
                row["ci_high"].as_f64().unwrap(),
            ),
        };
        assert_eq!(entry[prefix]["value"].as_f64().unwrap(), value, "{prefix}");
        assert_eq!(entry[prefix]["band"], BANDS[band(value, t)], "{prefix}");
        (band(value, t), band(low, t), band(high, t))
    };
    let (any, any_low, any_high) = read("any_death");
    let (all, all_low, all_high) = read("all_down");
    let b = any.max(all);
    assert_eq!(entry["band"], BANDS[b], "{entry}");
    assert_eq!(
        entry["by"],
        if any >= all { "any_death" } else { "all_down" }
    );
    let (low, high) = (any_low.max(all_low).min(b), any_high.max(all_high).max(b));
    let mut near = Vec::new();
    if low < b {
        near.push(BANDS[b - 1]);
    }
    if high > b {
        near.push(BANDS[b + 1]);
    }
    let expected = if near.is_empty() {
        Value::Null
    } else {
        json!(near)
    };
    assert_eq!(entry["borderline"], expected, "{entry}");
    assert_eq!(entry["range"], json!([BANDS[low], BANDS[high]]));
    if near.is_empty() {
        BANDS[b].to_string()
    } else {
        format!("{}, borderline {}", BANDS[b], near.join(" or "))
    }
}

/// `scenario` run with `extra` options as JSON.
fn run_json(scenario: &str, extra: &[&str], out: &Path) -> Value {
    let mut args = vec![
        "run",
        scenario,
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    json_of(&oddsmith(&args))
}

#[test]
fn every_systems_fight_reports_a_band_that_agrees_with_its_rows() {
    let dir = tempfile::tempdir().unwrap();
    for (scenario, side) in [
        ("scenarios/yeti.toml", "party"),
        ("scenarios/grizzly_ambush.toml", "party"),
        ("scenarios/ogre_in_the_mill.toml", "party"),
        ("scenarios/vampire_and_thrall.toml", "pcs"),
    ] {
        let json = run_json(scenario, &[], dir.path());
        let d = &json["difficulty"];
        assert_eq!(d["side"], side, "{scenario}");
        assert_eq!(
            d["thresholds"]["any_death"],
            json!([0.01, 0.05, 0.15, 0.35])
        );
        assert_eq!(
            d["thresholds"]["all_down"],
            json!([0.001, 0.01, 0.05, 0.15])
        );
        let words = assert_consistent(d, &json);
        let first = json["headlines"][0].as_str().unwrap();
        assert!(
            first.starts_with(&format!("Difficulty for {side}: {words} — ")),
            "{scenario}: {first}"
        );
        let summary: Value = common::json_file(&dir.path().join("summary.json"));
        assert_eq!(&summary["difficulty"], d, "summary.json is --json");
    }
}

#[test]
fn the_flag_and_the_table_choose_the_side_and_thresholds() {
    let dir = tempfile::tempdir().unwrap();
    let json = run_json("scenarios/yeti.toml", &["--difficulty", "yeti"], dir.path());
    assert_eq!(json["difficulty"]["side"], "yeti");
    assert_consistent(&json["difficulty"], &json);
    // The Yeti is down at the end of nearly every fight: deadly, by all_down.
    assert_eq!(json["difficulty"]["band"], "deadly");
    assert_eq!(json["difficulty"]["by"], "all_down");
    let text = std::fs::read_to_string("scenarios/yeti.toml").unwrap()
        + "\n[difficulty]\nside = \"yeti\"\nall_down = [0.1, 0.5, 0.9, 0.9999]\n";
    let path = dir.path().join("yeti_band.toml");
    std::fs::write(&path, text).unwrap();
    let json = run_json(path.to_str().unwrap(), &[], dir.path());
    assert_eq!(json["difficulty"]["side"], "yeti");
    assert_eq!(
        json["difficulty"]["thresholds"]["all_down"],
        json!([0.1, 0.5, 0.9, 0.9999])
    );
    assert_consistent(&json["difficulty"], &json);
    let json = run_json(
        path.to_str().unwrap(),
        &["--difficulty", "party"],
        dir.path(),
    );
    assert_eq!(json["difficulty"]["side"], "party", "the flag wins");
    // A roll has no band.
    let json = run_json("scenarios/warded_door.toml", &[], dir.path());
    assert!(json.get("difficulty").is_none());
    assert!(
        !json["headlines"][0]
            .as_str()
            .unwrap()
            .contains("Difficulty")
    );
}

#[test]
fn a_sweep_has_a_band_per_grid_point() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let args = [
        "run",
        "scenarios/yeti_survival_sweep.toml",
        "--trials",
        "4000",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ];
    let printed = oddsmith(&args);
    assert!(printed.status.success(), "{}", stderr(&printed));
    let table = String::from_utf8_lossy(&printed.stdout);
    assert!(table.contains("difficulty for party"), "{table}");
    let sweep = common::json_file(&out.join("sweep.json"));
    let csv = std::fs::read_to_string(out.join("sweep.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let at = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (band_at, near_at) = (at("difficulty"), at("difficulty_borderline"));
    let points = sweep["points"].as_array().unwrap();
    assert_eq!(points.len(), 7);
    for p in points {
        let words = assert_consistent(&p["difficulty"], p);
        let survival = p["values"][0].as_f64().unwrap();
        for line in csv
            .lines()
            .skip(1)
            .filter(|l| l.split(',').next().unwrap().parse::<f64>().unwrap() == survival)
        {
            let cells: Vec<&str> = line.split(',').collect();
            assert_eq!(cells[band_at], p["difficulty"]["band"]);
            let near = p["difficulty"]["borderline"]
                .as_array()
                .map(|b| {
                    b.iter()
                        .map(|x| x.as_str().unwrap())
                        .collect::<Vec<_>>()
                        .join(" or ")
                })
                .unwrap_or_default();
            assert_eq!(cells[near_at], near);
        }
        let row = table
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{survival} ")))
            .unwrap();
        let beside = row.trim_start()[survival.to_string().len()..].trim_start();
        assert!(beside.starts_with(&format!("{words} ")), "{row}");
    }
    // Two fields: a grid of bands beside each rate's.
    let text = std::fs::read_to_string("scenarios/yeti.toml").unwrap()
        + "\n[sweep]\n\"combatant.Yeti.survival\" = [10, 40]\n\"combatant.Yeti.attack\" = [2, 8]\n";
    let path = dir.path().join("yeti_grid.toml");
    std::fs::write(&path, text).unwrap();
    let grid = dir.path().join("grid");
    let args = [
        "run",
        path.to_str().unwrap(),
        "--trials",
        "4000",
        "--quiet",
        "--out",
        grid.to_str().unwrap(),
    ];
    let printed = oddsmith(&args);
    assert!(printed.status.success(), "{}", stderr(&printed));
    let table = String::from_utf8_lossy(&printed.stdout);
    let at = table
        .find("difficulty for party by survival × attack")
        .unwrap_or_else(|| panic!("{table}"));
    let sweep = common::json_file(&grid.join("sweep.json"));
    let points = sweep["points"].as_array().unwrap();
    assert_eq!(points.len(), 4);
    let grid_lines: Vec<&str> = table[at..].lines().skip(2).take(2).collect();
    // The same grid as a CSV beside the rates' pivots: a row per survival, a column per
    // attack, each cell the point's band in words, without a comma.
    let pivot = std::fs::read_to_string(grid.join("pivot_difficulty.csv")).unwrap();
    let pivot: Vec<&str> = pivot.lines().collect();
    assert_eq!(pivot[0], "survival,attack=2,attack=8", "{pivot:?}");
    assert_eq!(pivot.len(), 3, "{pivot:?}");
    for (i, p) in points.iter().enumerate() {
        let words = assert_consistent(&p["difficulty"], p);
        assert!(
            grid_lines[i / 2].contains(&words),
            "{grid_lines:?}: {words}"
        );
        let survival = p["values"][0].as_f64().unwrap();
        let attack = p["values"][1].as_f64().unwrap();
        let row = 1 + [10.0, 40.0].iter().position(|&v| v == survival).unwrap();
        let col = 1 + [2.0, 8.0].iter().position(|&v| v == attack).unwrap();
        let cells: Vec<&str> = pivot[row].split(',').collect();
        assert_eq!(cells[0], format!("{survival}"), "{pivot:?}");
        // `medium, borderline hard` in the tables, `medium (borderline hard)` in the CSV.
        let cell = match words.split_once(", ") {
            Some((band, near)) => format!("{band} ({near})"),
            None => words.clone(),
        };
        assert_eq!(cells[col], cell, "{pivot:?}");
    }
    // A sweep of a roll has no such column.
    let roll = dir.path().join("roll");
    let out = oddsmith(&[
        "run",
        "scenarios/warded_door_sweep.toml",
        "--trials",
        "2000",
        "--quiet",
        "--out",
        roll.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let csv = std::fs::read_to_string(roll.join("sweep.csv")).unwrap();
    assert!(!csv.lines().next().unwrap().contains("difficulty"));
}

#[test]
fn report_pages_lead_with_the_band_and_leave_rolls_alone() {
    let dir = tempfile::tempdir().unwrap();
    let out = oddsmith(&[
        "report",
        "scenarios/yeti.toml",
        "scenarios/warded_door.toml",
        "--trials",
        "2000",
        "--quiet",
        "--difficulty",
        "yeti",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = std::fs::read_to_string(dir.path().join("yeti/report.md")).unwrap();
    assert!(page.contains("Difficulty for yeti: deadly"), "{page}");
    let html = std::fs::read_to_string(dir.path().join("yeti/index.html")).unwrap();
    assert!(html.contains("Difficulty for yeti: deadly"));
    let page = std::fs::read_to_string(dir.path().join("warded_door/report.md")).unwrap();
    assert!(!page.contains("Difficulty"));
}

/// A scenario file in `dir`: `shipped` with `more` appended.
fn with_more(dir: &Path, shipped: &str, more: &str) -> PathBuf {
    let text = std::fs::read_to_string(Path::new("scenarios").join(shipped)).unwrap();
    let path = dir.join(format!("bad_{shipped}"));
    std::fs::write(&path, text + more).unwrap();
    path
}

/// Runs `args` and checks it exits 2 with every one of `expected` in its message, writing
/// nothing into `out`.
fn assert_exits_2(args: &[&str], out: &Path, expected: &[&str]) {
    let mut all = args.to_vec();
    all.extend(["--trials", "100", "--quiet", "--out", out.to_str().unwrap()]);
    let run = oddsmith(&all);
    let message = stderr(&run);
    assert_eq!(run.status.code(), Some(2), "{args:?}: {message}");
    for e in expected {
        assert!(message.contains(e), "{args:?}: {message}\nexpected: {e}");
    }
    assert!(!message.contains("panicked"), "{message}");
    assert!(!out.exists(), "a refused run writes nothing");
}

#[test]
fn bad_difficulty_input_exits_2_with_file_line_key_and_what_is_allowed() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let yeti = std::fs::read_to_string("scenarios/yeti.toml").unwrap();
    let line = yeti.lines().count() + 3;
    for (more, expected) in [
        (
            "any_death = [0.01, 0.15, 0.05, 0.35]",
            format!(
                "bad_yeti.toml:{line}:26: `difficulty.any_death`: 0.05 does not rise above the \
                 value before it (0.15); allowed: 4 rates from 0 to 1, strictly increasing"
            ),
        ),
        (
            "all_down = [0.001, 0.01, 0.05, 1.5]",
            format!("bad_yeti.toml:{line}:32: `difficulty.all_down`: 1.5 is outside 0–1"),
        ),
        (
            "all_down = [0.01, 0.05]",
            format!("bad_yeti.toml:{line}:12: `difficulty.all_down`: 2 values; allowed: 4 rates"),
        ),
        (
            "side = \"goblins\"",
            format!(
                "bad_yeti.toml:{line}:8: `difficulty.side`: \"goblins\" is no side of this \
                 fight; allowed: \"party\", \"yeti\""
            ),
        ),
        (
            "band = \"easy\"",
            format!(
                "bad_yeti.toml:{line}:1: `difficulty.band`: unknown field `band`, expected one \
                 of `side`, `any_death`, `all_down`"
            ),
        ),
    ] {
        let path = with_more(
            dir.path(),
            "yeti.toml",
            &format!("\n[difficulty]\n{more}\n"),
        );
        let path = path.to_str().unwrap();
        assert_exits_2(&["run", path], &out, &[&expected]);
        let validate = oddsmith(&["validate", path]);
        assert_eq!(validate.status.code(), Some(2));
        assert!(
            stderr(&validate).contains(&expected),
            "{}",
            stderr(&validate)
        );
    }
    // [difficulty] in a roll, a contest, a hazard.
    for shipped in [
        "warded_door.toml",
        "sneak_past_guard.toml",
        "thief_climb_fall.toml",
    ] {
        let path = with_more(dir.path(), shipped, "\n[difficulty]\nside = \"party\"\n");
        let name = format!("bad_{shipped}:");
        assert_exits_2(
            &["run", path.to_str().unwrap()],
            &out,
            &[&name, "`difficulty`: [difficulty] belongs to a fight"],
        );
    }
    // --difficulty naming no side, or given for a roll.
    assert_exits_2(
        &["run", "scenarios/yeti.toml", "--difficulty", "goblins"],
        &out,
        &[
            "--difficulty goblins: scenarios/yeti.toml has no side \"goblins\"; allowed: \
             \"party\", \"yeti\"",
        ],
    );
    assert_exits_2(
        &[
            "run",
            "scenarios/yeti_survival_sweep.toml",
            "--difficulty",
            "Party",
        ],
        &out,
        &["has no side \"Party\""],
    );
    assert_exits_2(
        &["run", "scenarios/warded_door.toml", "--difficulty", "party"],
        &out,
        &["--difficulty party: scenarios/warded_door.toml is no fight"],
    );
    let report = oddsmith(&[
        "report",
        "scenarios/yeti.toml",
        "scenarios/grizzly_ambush.toml",
        "--difficulty",
        "yeti",
        "--trials",
        "100",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(report.status.code(), Some(2));
    assert!(
        stderr(&report)
            .contains("grizzly_ambush.toml has no side \"yeti\"; allowed: \"party\", \"bear\""),
        "{}",
        stderr(&report)
    );
    assert!(!out.exists(), "checked before anything runs");
}
