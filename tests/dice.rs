//! `oddsmith dice`: the exact table, `--vs` and `--above`, the JSON's shape, the files of
//! `--out`, bad expressions (exit 2 with the character) and a too-large one refused quickly;
//! and a scenario taking one of the new forms.

mod common;

use common::*;
use std::time::Instant;

fn stdout(out: &std::process::Output) -> String {
    assert!(out.status.success(), "{}", stderr(out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn four_d6_keep_three_prints_the_exact_table() {
    let text = stdout(&oddsmith(&["dice", "4d6kh3"]));
    assert!(text.starts_with("4d6kh3: exact distribution\n"), "{text}");
    assert!(
        text.contains("total  probability  at least  at most"),
        "{text}"
    );
    // 1 in 1296 for a 3; 21 in 1296 for an 18.
    assert!(
        text.contains("    3      0.0772%   100.00%  0.0772%"),
        "{text}"
    );
    assert!(
        text.contains("   18        1.62%     1.62%  100.00%"),
        "{text}"
    );
    assert!(
        text.contains("mean 12.2446, standard deviation 2.8468"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 2 + 16 + 1, "{text}");
}

#[test]
fn vs_and_above_answer_with_the_truncation_bound() {
    let text = stdout(&oddsmith(&["dice", "d20+2d8!", "--vs", "20"]));
    assert!(text.contains("chance of 20 or more: 54.82%"), "{text}");
    assert!(text.contains("truncation bound: 8.9e-16"), "{text}");
    assert!(text.contains("not shown: totals above"), "{text}");
    let text = stdout(&oddsmith(&["dice", "2d6", "+", "3", "--above", "9"]));
    assert!(text.starts_with("2d6 + 3: exact distribution"), "{text}");
    assert!(text.contains("chance of more than 9: 58.33%"), "{text}");
    assert!(!text.contains("truncation"), "{text}");
    let text = stdout(&oddsmith(&["dice", "d6!3", "--vs", "-2"]));
    assert!(text.contains("chance of -2 or more: 100.00%"), "{text}");
    assert!(
        text.contains("truncation bound: 0 (every explosion"),
        "{text}"
    );
    let out = oddsmith(&["dice", "2d6", "--vs", "3", "--above", "4"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn json_has_the_documented_shape_and_exact_numbers() {
    let v = json_of(&oddsmith(&["dice", "4d6kh3", "--json", "--vs", "15"]));
    let mut keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    keys.sort_unstable();
    assert_eq!(keys, ["bound", "distribution", "expr", "mean", "sd", "vs"]);
    assert_eq!(v["expr"], "4d6kh3");
    assert!((v["mean"].as_f64().unwrap() - 12.244598765432098).abs() < 1e-12);
    assert_eq!(v["bound"].as_f64(), Some(0.0));
    let rows = v["distribution"].as_array().unwrap();
    assert_eq!(rows.len(), 16);
    assert_eq!(rows[0]["value"], 3);
    assert!((rows[0]["p"].as_f64().unwrap() - 1.0 / 1296.0).abs() < 1e-15);
    assert!((rows[15]["at_least"].as_f64().unwrap() - 21.0 / 1296.0).abs() < 1e-15);
    let mut row_keys: Vec<&str> = rows[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    row_keys.sort_unstable();
    assert_eq!(row_keys, ["at_least", "at_most", "p", "value"]);
    let total: f64 = rows.iter().map(|r| r["p"].as_f64().unwrap()).sum();
    assert!((total - 1.0).abs() < 1e-12);
    // --vs: exactly {"n", "p"}; --above adds "strictly": true.
    let vs = v["vs"].as_object().unwrap();
    assert_eq!(vs.len(), 2);
    assert_eq!(v["vs"]["n"], 15);
    let at_least_15 = rows.iter().find(|r| r["value"] == 15).unwrap()["at_least"].clone();
    assert_eq!(v["vs"]["p"], at_least_15);
    let v = json_of(&oddsmith(&["dice", "4d6kh3", "--json", "--above", "15"]));
    assert_eq!(v["vs"]["strictly"], true);
    let at_least_16 = v["distribution"][13]["at_least"].clone();
    assert_eq!(v["vs"]["p"], at_least_16);
    let v = json_of(&oddsmith(&["dice", "d20+2d8!", "--json"]));
    assert!(v.get("vs").is_none());
    let bound = v["bound"].as_f64().unwrap();
    assert!(bound > 0.0 && bound < 2e-15, "{bound}");
}

#[test]
fn out_writes_csv_png_and_svg() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("dice");
    let out = oddsmith(&[
        "dice",
        "6d10>=7",
        "--vs",
        "3",
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    stdout(&out);
    for name in ["dice.csv", "dice.png", "dice.svg"] {
        let path = out_dir.join(name);
        assert!(is_whole(&path), "{name}");
    }
    let csv = std::fs::read_to_string(out_dir.join("dice.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines[0], "value,p,at_least,at_most");
    assert_eq!(lines.len(), 1 + 7, "{csv}");
    // No die at 7 or more: 0.6⁶.
    let p0: f64 = lines[1].split(',').nth(1).unwrap().parse().unwrap();
    assert!(
        lines[1].starts_with("0,") && (p0 - 0.6f64.powi(6)).abs() < 1e-15,
        "{csv}"
    );
    let svg = std::fs::read_to_string(out_dir.join("dice.svg")).unwrap();
    assert!(
        svg.contains("6d10&gt;=7: exact distribution"),
        "the title is drawn"
    );
    assert!(stderr(&out).contains("dice.png"));
}

#[test]
fn bad_expressions_exit_2_with_the_character() {
    let dir = tempfile::tempdir().unwrap();
    let out_dir = dir.path().join("out");
    for (expr, expected) in [
        ("4d6kh5", "keep 5 of 4 dice at character 6"),
        ("2d6 x", "unexpected 'x' at character 5"),
        ("3moon", "unknown die \"moon\" at character 2"),
        ("d6!0", "at character 4"),
        ("6d10>=", "expected a number after '>=' at character 7"),
        ("", "the dice expression is empty"),
    ] {
        let out = oddsmith(&["dice", expr, "--out", out_dir.to_str().unwrap()]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{expr}: {err}");
        assert!(err.contains(expected), "{expr}: {err}");
        assert!(!err.contains("panicked"), "{err}");
        assert!(out.stdout.is_empty());
    }
    assert!(!out_dir.exists(), "a refused expression writes nothing");
}

#[test]
fn a_too_large_expression_is_refused_quickly() {
    let start = Instant::now();
    let out = oddsmith(&["dice", "1000d1000000"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("steps; at most 5e8 are allowed"), "{err}");
    assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
    let out = oddsmith(&["dice", "100d100kh50"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
}

#[test]
fn a_scenario_takes_the_new_forms_with_exact_values() {
    // The shadow spider's poison, its effect changed to the higher of two d6.
    let v = json_of(&oddsmith(&[
        "run",
        "scenarios/shadow_spider_bite.toml",
        "--set",
        "ailment.effect=2d6kh1",
        "--trials",
        "20000",
        "--json",
        "--quiet",
    ]));
    let rows = v["metrics"].as_array().unwrap();
    let exact = rows.iter().filter(|r| !r["exact"].is_null()).count();
    assert!(exact > 0, "exact values from the new form's table");
    let out = oddsmith(&[
        "validate",
        "scenarios/shadow_spider_bite.toml",
        "--set",
        "ailment.effect=2d6kk1",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("at character"), "{}", stderr(&out));
}
