//! Workbench CLI tests: sweeps (long table, pivots, heatmaps, errors), paired comparisons,
//! precision stopping, and variants and searches written into a scenario (the target
//! search itself: tests/tune.rs).

mod common;

use common::*;
use serde_json::Value;
use std::path::Path;

#[test]
fn warded_door_sweep_writes_long_table_pivots_and_heatmaps() {
    let dir = tempfile::tempdir().unwrap();
    let out = oddsmith(&[
        "run",
        "scenarios/warded_door_sweep.toml",
        "--trials",
        "100000",
        "--json",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let json = json_of(&out);
    assert_eq!(
        json["fields"],
        serde_json::json!(["check.challenge", "check.magic_dice"])
    );
    let points = json["points"].as_array().unwrap();
    assert_eq!(points.len(), 17 * 4);
    let n = 100_000f64;
    for pt in points {
        for m in pt["metrics"].as_array().unwrap() {
            let (est, exact) = (
                m["estimate"].as_f64().unwrap(),
                m["exact"].as_f64().unwrap(),
            );
            let tolerance = if m["metric"].as_str().unwrap().ends_with(".mean") {
                4.5 * 2.0 / n.sqrt()
            } else {
                4.5 * (exact * (1.0 - exact) / n).sqrt()
            };
            assert!((est - exact).abs() <= tolerance, "{pt}: {m}");
        }
    }
    let long = std::fs::read_to_string(dir.path().join("sweep.csv")).unwrap();
    assert!(
        long.starts_with("challenge,magic_dice,metric,estimate,ci_low,ci_high,exact,trials\n"),
        "{long}"
    );
    assert!(
        long.contains("\n6,1,success,"),
        "the shipped door is a grid point"
    );
    let pivot = std::fs::read_to_string(dir.path().join("pivot_success.csv")).unwrap();
    let mut lines = pivot.lines();
    assert_eq!(
        lines.next().unwrap(),
        "challenge,magic_dice=0,magic_dice=0 exact,magic_dice=1,magic_dice=1 exact,\
         magic_dice=2,magic_dice=2 exact,magic_dice=3,magic_dice=3 exact"
    );
    assert_eq!(lines.clone().count(), 17);
    // Without magic there is one die and two successes are needed: never.
    assert!(
        lines
            .clone()
            .all(|l| l.split(',').nth(1) == Some("0.0") && l.split(',').nth(2) == Some("0.0")),
        "{pivot}"
    );
    // The shipped door (challenge 6, one magic die): 49% exactly, beside its estimate.
    let door: Vec<f64> = lines
        .find(|l| l.starts_with("6,"))
        .unwrap()
        .split(',')
        .map(|c| c.parse().unwrap())
        .collect();
    assert_eq!(door[4], 0.49, "{pivot}");
    assert!(
        (door[3] - 0.49).abs() <= 4.5 * (0.49f64 * 0.51 / n).sqrt(),
        "{pivot}"
    );
    for f in [
        "heatmap_success.png",
        "heatmap_success.svg",
        "heatmap_flux.png",
    ] {
        assert!(
            std::fs::metadata(dir.path().join(f)).unwrap().len() > 2000,
            "{f}"
        );
    }
}

#[test]
fn bad_sweeps_exit_2_with_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad_sweep.toml");
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/warded_door_sweep.toml"),
    )
    .unwrap()
    .replace("{ from = 1, to = 17 }", "{ from = 1, to = 18 }");
    std::fs::write(&path, text).unwrap();
    let out = oddsmith(&[
        "run",
        path.to_str().unwrap(),
        "--out",
        dir.path().join("o").to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr
            .contains("bad_sweep.toml:18:21: `sweep.\"check.challenge\"`: at check.challenge = 18"),
        "{stderr}"
    );
    assert!(!dir.path().join("o").exists());
}

#[test]
fn compare_reports_paired_differences() {
    let dir = tempfile::tempdir().unwrap();
    let b = dir.path().join("two_dice.toml");
    let door = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/warded_door.toml"),
    )
    .unwrap();
    std::fs::write(&b, door.replace("magic_dice = 1 ", "magic_dice = 2 ")).unwrap();
    let out_dir = dir.path().join("cmp");
    let run = |b: &str| {
        json_of(&oddsmith(&[
            "compare",
            "scenarios/warded_door.toml",
            b,
            "--trials",
            "400000",
            "--json",
            "--quiet",
            "--out",
            out_dir.to_str().unwrap(),
        ]))
    };
    let json = run(b.to_str().unwrap());
    let get = |name: &str| {
        json["metrics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["metric"] == name)
            .unwrap()
            .clone()
    };
    // Needed 3 (p = 0.7); two successes of two dice vs of three dice:
    // 0.49 → 3·0.49·0.3 + 0.343 = 0.784. Flux: 0.1 → 1 − 0.81 = 0.19.
    for (name, exact) in [("success", 0.784 - 0.49), ("flux", 0.19 - 0.1)] {
        let m = get(name);
        let d = m["difference"].as_f64().unwrap();
        let (lo, hi) = (
            m["ci_low"].as_f64().unwrap(),
            m["ci_high"].as_f64().unwrap(),
        );
        let se = (hi - lo) / 2.0 / 1.959_964;
        assert!(
            (d - exact).abs() <= 4.5 * se,
            "{name}: {d} vs {exact} (se {se})"
        );
        assert_eq!(m["significant"], true);
    }
    let csv = std::fs::read_to_string(out_dir.join("compare.csv")).unwrap();
    assert!(csv.starts_with("metric,a,b,difference,ci_low,ci_high,significant,trials,"));
    // A against itself: the same random numbers give exactly no difference.
    let same = run("scenarios/warded_door.toml");
    for m in same["metrics"].as_array().unwrap() {
        assert_eq!(m["difference"], 0.0);
        assert_eq!(m["ci_low"], 0.0);
        assert_eq!(m["significant"], false);
    }
}

#[test]
fn precision_runs_until_every_interval_is_narrow_enough() {
    let dir = tempfile::tempdir().unwrap();
    let run = |threads: &str| {
        json_of(&oddsmith(&[
            "run",
            "scenarios/warded_door.toml",
            "--precision",
            "0.0005",
            "--json",
            "--quiet",
            "--threads",
            threads,
            "--out",
            dir.path().to_str().unwrap(),
        ]))
    };
    let one = run("1");
    // A half-width of 0.0005 needs about 3.8 million trials at a rate near 0.5; rounds of
    // 16, 32, 64 batches of 65 536 stop at 4 194 304.
    assert_eq!(one["trials"], 64 * 65_536);
    // Every rate (the mean of successes is not a rate).
    for m in one["metrics"].as_array().unwrap() {
        if m["metric"].as_str().unwrap().ends_with(".mean") {
            continue;
        }
        let (lo, hi) = (
            m["ci_low"].as_f64().unwrap(),
            m["ci_high"].as_f64().unwrap(),
        );
        assert!((hi - lo) / 2.0 <= 0.0005, "{m}");
    }
    assert_eq!(
        one["metrics"],
        run("2")["metrics"],
        "reproducible at any thread count"
    );
    let bad = oddsmith(&["run", "scenarios/warded_door.toml", "--precision", "0"]);
    assert_eq!(bad.status.code(), Some(2));
}

#[test]
fn variants_and_tune_tables_in_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = oddsmith(&[
        "compare",
        "scenarios/yeti_what_if.toml",
        "--trials",
        "50000",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let table = String::from_utf8_lossy(&out.stdout);
    // One table, a column per variant.
    let header = table
        .lines()
        .find(|l| l.trim_start().starts_with("metric "))
        .unwrap_or_else(|| panic!("{table}"));
    assert_eq!(
        header.split_whitespace().collect::<Vec<_>>(),
        ["metric", "base", "chain_mail", "toromeen_levels_up"]
    );
    for label in ["chain_mail", "toromeen_levels_up"] {
        let csv = std::fs::read_to_string(dir.path().join(label).join("compare.csv")).unwrap();
        assert!(csv.contains("\ndeath.Charlotte Korde,"), "{csv}");
    }
    // Better armor can only help Charlotte.
    let chain: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("chain_mail").join("compare.json")).unwrap(),
    )
    .unwrap();
    let down = chain["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["metric"] == "down.Charlotte Korde")
        .unwrap()
        .clone();
    assert!(down["ci_high"].as_f64().unwrap() < 0.0, "{down}");
    let tune = json_of(&oddsmith(&[
        "tune",
        "scenarios/yeti_what_if.toml",
        "--trials",
        "50000",
        "--json",
        "--quiet",
    ]));
    assert_eq!(tune["field"], "combatant.Yeti.survival");
    assert_eq!(tune["metric"], "death.Charlotte Korde");
    let (lo, hi) = (&tune["bracket"][0], &tune["bracket"][1]);
    assert_eq!(
        hi["value"].as_i64().unwrap() - lo["value"].as_i64().unwrap(),
        1
    );
    assert!(lo["estimate"].as_f64().unwrap() < 0.10 && hi["estimate"].as_f64().unwrap() >= 0.10);
}

#[test]
fn a_sweep_report_opens_with_its_grid() {
    let dir = tempfile::tempdir().unwrap();
    let out = oddsmith(&[
        "report",
        "scenarios/warded_door_sweep.toml",
        "--trials",
        "5000",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page_dir = dir.path().join("warded_door_sweep");
    let md = std::fs::read_to_string(page_dir.join("report.md")).unwrap();
    let results = md.split("## Results").nth(1).unwrap();
    let first_table = results.trim_start().lines().take(3).collect::<Vec<_>>();
    assert_eq!(
        first_table[0],
        "**success by challenge × magic_dice (exact where known)**"
    );
    assert_eq!(
        first_table[2],
        "| challenge | magic_dice = 0 | magic_dice = 1 | magic_dice = 2 | magic_dice = 3 |"
    );
    // The grid's cells are exact percentages: challenge 6, one magic die: 49%.
    assert!(results.contains("| 6 | 0.00% | 49.00% |"), "{results}");
    // Its heatmap beside it, captioned with what the cells are.
    assert!(
        results.contains(
            "![success for each challenge (rows) and magic_dice (columns): each cell its exact \
             value; the colour runs from 0% to the largest value.](heatmap_success.svg)"
        ),
        "{results}"
    );
    // The long table comes last, folded.
    let html = std::fs::read_to_string(page_dir.join("index.html")).unwrap();
    let grid = html.find("success by challenge").unwrap();
    let long = html.find("<details><summary>Every grid point").unwrap();
    assert!(grid < long && html[long..].contains("<table>"));
    // In the terminal too: the grid first, the long table left to sweep.csv.
    let text = String::from_utf8_lossy(
        &oddsmith(&[
            "run",
            "scenarios/warded_door_sweep.toml",
            "--trials",
            "5000",
            "--quiet",
            "--out",
            dir.path().join("run").to_str().unwrap(),
        ])
        .stdout,
    )
    .to_string();
    let second_line = text.lines().nth(2).unwrap();
    assert_eq!(
        second_line,
        "success by challenge × magic_dice (exact where known)"
    );
    assert!(
        text.lines().count() < 100,
        "no 272-row long table in the terminal"
    );
}
