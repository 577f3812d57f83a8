//! `compare` reads like `run`: percentages, exact values and a headline per headline rate;
//! its A column is `run`'s with the same seed and trials (a check and a fight); a file's
//! variants read as one table with a column per variant, `variants.csv` and a chart, and the
//! report shows them.

mod common;

use common::*;
use serde_json::Value;
use std::path::Path;

/// The warded door with two magic dice instead of one, in `dir`.
fn two_dice(dir: &Path) -> String {
    let door = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/warded_door.toml"),
    )
    .unwrap();
    let b = dir.join("two_dice.toml");
    std::fs::write(&b, door.replace("magic_dice = 1 ", "magic_dice = 2 ")).unwrap();
    b.to_str().unwrap().to_string()
}

fn stdout(out: &std::process::Output) -> String {
    assert!(out.status.success(), "{}", stderr(out));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `compare A B --json` and `run A --json` with the same trials: every rate of A in the
/// comparison is `run`'s estimate, to the last bit.
fn assert_a_is_run(a: &str, b: &str, trials: &str) {
    let dir = tempfile::tempdir().unwrap();
    let out = |d: &str| dir.path().join(d).to_str().unwrap().to_string();
    let run = json_of(&oddsmith(&[
        "run",
        a,
        "--trials",
        trials,
        "--json",
        "--quiet",
        "--out",
        &out("run"),
    ]));
    let cmp = json_of(&oddsmith(&[
        "compare",
        a,
        b,
        "--trials",
        trials,
        "--json",
        "--quiet",
        "--out",
        &out("cmp"),
    ]));
    assert_eq!(cmp["seed"], run["seed"]);
    let rows = cmp["metrics"].as_array().unwrap();
    assert!(rows.len() >= 4, "{cmp}");
    for m in rows {
        let name = m["metric"].as_str().unwrap();
        let r = metric(&run, name);
        assert_eq!(m["a"], r["estimate"], "{a}: {name}");
        assert_eq!(m["a_ci_low"], r["ci_low"], "{a}: {name}");
        assert_eq!(m["exact_a"], r["exact"], "{a}: {name}");
    }
}

#[test]
fn the_a_column_is_run_with_the_same_seed_and_trials() {
    let dir = tempfile::tempdir().unwrap();
    assert_a_is_run(
        "scenarios/warded_door.toml",
        &two_dice(dir.path()),
        "100000",
    );
    assert_a_is_run(
        "scenarios/yeti.toml",
        "scenarios/yeti_charlotte_armored.toml",
        "70000",
    );
}

#[test]
fn two_checks_read_in_percent_with_exact_values_and_a_headline() {
    let dir = tempfile::tempdir().unwrap();
    let b = two_dice(dir.path());
    let out_dir = dir.path().join("cmp");
    let text = stdout(&oddsmith(&[
        "compare",
        "scenarios/warded_door.toml",
        &b,
        "--trials",
        "200000",
        "--quiet",
        "--out",
        out_dir.to_str().unwrap(),
    ]));
    assert!(text.contains("Paired (common random numbers)"), "{text}");
    // 49% (exact) with one magic die, 78.4% with two: 29.4 points.
    let headline = text
        .lines()
        .find(|l| l.starts_with("B succeeds "))
        .unwrap_or_else(|| panic!("no success headline:\n{text}"));
    assert!(
        headline.contains(" points more often than A (±0.") && headline.contains("; exact +29.4"),
        "{headline}"
    );
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("success "))
        .unwrap();
    for cell in ["% ±0.", "49.00%", "78.40%", "+29.40", "*"] {
        assert!(row.contains(cell), "{cell} missing: {row}");
    }
    assert!(text.contains("exact A"), "{text}");
    // The files keep their columns and add the exact values, in probabilities.
    let csv = std::fs::read_to_string(out_dir.join("compare.csv")).unwrap();
    assert!(csv.starts_with(
        "metric,a,b,difference,ci_low,ci_high,significant,trials,exact_a,exact_b,exact_diff,\
         a_ci_low,a_ci_high,b_ci_low,b_ci_high\n"
    ));
    assert!(csv.contains("\nsuccess,"), "{csv}");
    let json: Value =
        serde_json::from_str(&std::fs::read_to_string(out_dir.join("compare.json")).unwrap())
            .unwrap();
    let success = metric(&json, "success");
    assert_eq!(success["exact_a"], 0.49);
    assert!((success["exact_diff"].as_f64().unwrap() - 0.294).abs() < 1e-12);
}

#[test]
fn a_fight_leads_with_both_bands_and_its_fates_not_every_rate() {
    let text = stdout(&oddsmith(&[
        "compare",
        "scenarios/yeti.toml",
        "scenarios/yeti_charlotte_armored.toml",
        "--trials",
        "50000",
        "--quiet",
        "--out",
        tempfile::tempdir().unwrap().path().to_str().unwrap(),
    ]));
    let lines: Vec<&str> = text.lines().collect();
    let first = lines
        .iter()
        .position(|l| l.starts_with("A: Difficulty for party: "));
    let second = lines
        .iter()
        .position(|l| l.starts_with("B: Difficulty for party: "));
    assert!(first.is_some() && second == first.map(|i| i + 1), "{text}");
    assert!(text.contains("Someone on party dies "), "{text}");
    assert!(text.contains("The fight (95% intervals"), "{text}");
    assert!(text.contains("Per combatant: dead, and down"), "{text}");
    // A system's own per-combatant outcomes are left to the files.
    assert!(!text.contains("unconscious.Charlotte"), "{text}");
    assert!(
        text.contains("more rates (") && text.contains("in compare.csv"),
        "{text}"
    );
    let rows = lines
        .iter()
        .filter(|l| l.starts_with("  ") && l.contains('±'))
        .count();
    assert!(rows < 22, "{rows} rows:\n{text}");
}

#[test]
fn variants_read_side_by_side_with_a_csv_and_a_chart() {
    let dir = tempfile::tempdir().unwrap();
    let door = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/warded_door.toml"),
    )
    .unwrap();
    let file = dir.path().join("door_variants.toml");
    std::fs::write(
        &file,
        format!(
            "{door}\n[variant.two_dice]\n\"check.magic_dice\" = 2\n\n\
             [variant.harder]\n\"check.challenge\" = 7\n"
        ),
    )
    .unwrap();
    let out_dir = dir.path().join("v");
    let compare = |out: &Path, more: &[&str]| {
        let file = file.to_str().unwrap();
        let out = out.to_str().unwrap();
        let args = [
            "compare", file, "--trials", "100000", "--quiet", "--out", out,
        ];
        oddsmith(&[&args[..], more].concat())
    };
    let text = stdout(&compare(&out_dir, &[]));
    assert_eq!(text.matches("Side by side").count(), 1, "{text}");
    let header = text
        .lines()
        .find(|l| l.trim_start().starts_with("metric "))
        .unwrap();
    let columns: Vec<&str> = header.split_whitespace().collect();
    assert_eq!(columns, ["metric", "base", "two_dice", "harder"], "{text}");
    assert!(text.contains("Exact values"), "{text}");
    assert!(text.contains("78.40% (+29.40)"), "{text}");
    assert!(text.contains("\ntwo_dice succeeds "), "{text}");
    // The base column is `run`'s; each variant's folder keeps its compare files.
    for label in ["two_dice", "harder"] {
        assert!(out_dir.join(label).join("compare.csv").exists());
    }
    let csv = std::fs::read_to_string(out_dir.join("variants.csv")).unwrap();
    assert!(csv.starts_with("variant,metric,a,b,difference,"), "{csv}");
    assert_eq!(
        csv.lines().filter(|l| l.starts_with("two_dice,")).count(),
        4
    );
    assert_eq!(csv.lines().filter(|l| l.starts_with("harder,")).count(), 4);
    for chart in ["variants.png", "variants.svg"] {
        let path = out_dir.join(chart);
        assert!(is_whole(&path), "{chart}");
        assert!(
            std::fs::metadata(&path).unwrap().len() > 5_000,
            "{chart} is blank"
        );
    }
    let svg = std::fs::read_to_string(out_dir.join("variants.svg")).unwrap();
    for text in ["two_dice", "harder", "base", "success", "<rect"] {
        assert!(svg.contains(text), "{text} missing from variants.svg");
    }
    // `--json`: one document, an array of the variants' comparisons in the file's order,
    // each with the base's numbers as `a`.
    let json = json_of(&compare(&dir.path().join("j"), &["--json"]));
    let all = json.as_array().expect("an array");
    assert_eq!(all.len(), 2, "{json}");
    for (cmp, label) in all.iter().zip(["two_dice", "harder"]) {
        assert!(
            cmp["b"].as_str().unwrap().ends_with(&format!("[{label}]")),
            "{cmp}"
        );
        let metrics = cmp["metrics"].as_array().unwrap();
        let success = metrics.iter().find(|m| m["metric"] == "success").unwrap();
        assert!(
            (success["exact_a"].as_f64().unwrap() - 0.49).abs() < 1e-12,
            "{cmp}"
        );
    }
}

#[test]
fn the_report_of_a_file_with_variants_shows_them_side_by_side() {
    let dir = tempfile::tempdir().unwrap();
    let out = oddsmith(&[
        "report",
        "scenarios/yeti_what_if.toml",
        "--trials",
        "5000",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = dir.path().join("yeti_what_if");
    let html = std::fs::read_to_string(page.join("index.html")).unwrap();
    assert!(html.contains("<h2>Variants</h2>"), "no variants section");
    assert!(
        html.contains("<figure id=\"variants.svg\"><svg"),
        "no variants chart"
    );
    assert!(html.contains("<th>chain_mail</th><th>toromeen_levels_up</th>"));
    let md = std::fs::read_to_string(page.join("report.md")).unwrap();
    assert!(
        md.contains("## Variants"),
        "no variants section in report.md"
    );
    // The chart under its caption, which says what it shows (not the file's name).
    let image = md
        .lines()
        .find(|l| l.starts_with("![") && l.ends_with("](variants.svg)"))
        .expect("the variants chart in report.md");
    assert!(!image.starts_with("![variants.svg]"), "{image}");
    assert!(page.join("variants.csv").exists() && page.join("variants.png").exists());
}
