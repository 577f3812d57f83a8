//! Long sweeps, as separate processes: an interrupted sweep keeps the grid points it
//! finished, equal to those points of an uninterrupted run; a checkpointed sweep resumes to
//! the uninterrupted sweep's files; sweep shards merge to the one-machine files, byte for
//! byte.

mod common;

use common::*;
use std::path::{Path, PathBuf};

/// The Yeti sweep's file with its `[sweep]` table replaced by `sweep`, in `dir`.
fn yeti_sweep(dir: &Path, name: &str, sweep: &str) -> PathBuf {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/yeti_survival_sweep.toml"),
    )
    .unwrap();
    let at = text
        .find("[sweep]")
        .expect("the shipped sweep has a [sweep] table");
    let path = dir.join(name);
    std::fs::write(&path, format!("{}[sweep]\n{sweep}\n", &text[..at])).unwrap();
    path
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `oddsmith run` with `args` and checks it succeeded.
fn run_ok(args: &[&str]) {
    let out = oddsmith(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
}

#[test]
fn an_interrupted_sweep_keeps_finished_points_equal_to_an_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    // 330 × 3 grid points of one batch each: far more than finish before the interrupt.
    let axes = "\"combatant.Yeti.survival\" = { from = 10, to = 339 }\n\
                \"combatant.Yeti.attack\" = [3, 4, 5]";
    let big = yeti_sweep(dir.path(), "big.toml", axes);
    let out = dir.path().join("cut");
    let code = interrupted_into(
        &["run", big.to_str().unwrap()],
        "65536",
        &out,
        std::time::Duration::from_millis(1500),
    );
    assert_eq!(code, Some(130));
    let sweep = json_file(&out.join("sweep.json"));
    let points = sweep["points"].as_array().unwrap();
    let missing = sweep["partial"]["missing_points"].as_array().unwrap();
    assert!(!points.is_empty() && !missing.is_empty(), "{sweep}");
    assert_eq!(points.len() + missing.len(), 990);
    assert_eq!(json_file(&out.join("manifest.json"))["partial"], true);
    // The grid points run in order: the missing ones are the rest, first field slowest.
    let next = [
        (10 + points.len() / 3) as f64,
        [3.0, 4.0, 5.0][points.len() % 3],
    ];
    assert_eq!(missing[0], serde_json::json!(next));
    // The finished points are those of an uninterrupted sweep over their rows.
    let last = 10 + (points.len() - 1) / 3;
    let rows = format!(
        "\"combatant.Yeti.survival\" = {{ from = 10, to = {last} }}\n\
         \"combatant.Yeti.attack\" = [3, 4, 5]"
    );
    let small = yeti_sweep(dir.path(), "small.toml", &rows);
    let whole = dir.path().join("whole");
    run_ok(&[
        "run",
        small.to_str().unwrap(),
        "--trials",
        "65536",
        "--quiet",
        "--out",
        whole.to_str().unwrap(),
    ]);
    let full = json_file(&whole.join("sweep.json"));
    assert_eq!(
        points[..],
        full["points"].as_array().unwrap()[..points.len()]
    );
    // sweep.csv: the same rows, with the `partial` column last.
    let csv = read(&out.join("sweep.csv"));
    assert!(csv.lines().next().unwrap().ends_with(",partial"), "{csv}");
    let stripped: Vec<String> = csv
        .lines()
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect();
    let full_csv = read(&whole.join("sweep.csv"));
    let full_lines: Vec<&str> = full_csv.lines().take(stripped.len()).collect();
    assert_eq!(stripped, full_lines);
    // Every file is whole, the pivots too (an unfinished last row has empty cells).
    let pivot = read(&out.join("pivot_win.party.csv"));
    assert_eq!(pivot.lines().count(), 1 + last - 9, "{pivot}");
    for entry in std::fs::read_dir(&out).unwrap().flatten() {
        assert!(is_whole(&entry.path()), "{}", entry.path().display());
    }
}

#[test]
fn a_resumed_sweep_equals_the_uninterrupted_sweep_bit_for_bit() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = yeti_sweep(
        dir.path(),
        "sweep.toml",
        "\"combatant.Yeti.survival\" = [10, 20, 30, 40]",
    );
    let files = ["sweep.csv", "sweep.json"];
    let after = std::time::Duration::from_millis(1000);
    let saved = resume_equals_whole(&scenario, "2000000", after, &files);
    assert_eq!(saved["grid_points"], 4, "{saved}");
    assert!(!saved["points"].as_array().unwrap().is_empty(), "{saved}");
}

#[test]
fn three_sweep_shards_merge_to_the_one_machine_sweep_byte_for_byte() {
    // 7 grid points of 5 batches: the shards split grid points between them.
    let dir = tempfile::tempdir().unwrap();
    shards_merge_to_one_machine(
        dir.path(),
        "scenarios/yeti_survival_sweep.toml",
        "300000",
        3,
        &["sweep.csv", "sweep.json"],
    );
}

#[test]
fn two_field_sweep_shards_merge_to_the_same_pivots() {
    let dir = tempfile::tempdir().unwrap();
    shards_merge_to_one_machine(
        dir.path(),
        "scenarios/warded_door_sweep.toml",
        "100000",
        4,
        &["sweep.csv", "sweep.json", "pivot_success.csv"],
    );
}
