//! Saved tallies read back, through the binary: every shipped scenario's checkpoint and shard
//! tallies load and give the one-machine run; a checkpoint cut between batches resumes to the
//! uninterrupted run's files; and a file with a value out of range or out of step with the
//! rest — `shard` `[0, 2^61]` and `[0, 2^34]` (once a panic and an abort), trials, batches,
//! counts, ratio sums, keys, bytes, a device as the file or as its scenario — is refused with
//! exit code 2, the file's path and the key, at once.

mod common;

use common::*;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// 2⁶¹ and 2³⁴, the shard counts that once overflowed and exhausted memory.
const HUGE: [u64; 2] = [1 << 61, 1 << 34];

/// Runs `args`, expecting exit 2 within 10 s with every one of `expected` in the message.
fn refused(args: &[&str], expected: &[&str]) {
    let started = std::time::Instant::now();
    let out = oddsmith(args);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    for e in expected {
        assert!(err.contains(e), "{args:?}: expected {e:?} in: {err}");
    }
    assert!(!err.contains("panicked"), "{err}");
    assert!(started.elapsed().as_secs() < 10, "{args:?} took too long");
}

/// Runs `scenario` for `trials` with a checkpoint at `dir/file`; the checkpoint's path and
/// its JSON.
fn checkpoint_of(dir: &Path, scenario: &str, trials: &str, file: &str) -> (PathBuf, Value) {
    let checkpoint = dir.join(file);
    let run = oddsmith(&[
        "run",
        scenario,
        "--trials",
        trials,
        "--quiet",
        "--checkpoint",
        checkpoint.to_str().unwrap(),
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let saved = json_file(&checkpoint);
    (checkpoint, saved)
}

fn write_json(path: &Path, v: &Value) {
    std::fs::write(path, serde_json::to_string_pretty(v).unwrap()).unwrap();
}

/// Three shards of `warded_door.toml`, 200 000 trials (4 batches), in `dir/shard{i}`.
fn door_shards(dir: &Path) -> Vec<String> {
    (0..3)
        .map(|i| {
            let out = dir.join(format!("shard{i}")).to_str().unwrap().to_string();
            let shard = format!("{i}/3");
            let run = oddsmith(&[
                "run",
                "scenarios/warded_door.toml",
                "--trials",
                "200000",
                "--quiet",
                "--shard",
                &shard,
                "--out",
                &out,
            ]);
            assert!(run.status.success(), "{}", stderr(&run));
            out
        })
        .collect()
}

#[test]
fn a_shard_count_of_2_61_or_2_34_is_refused_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let dirs = door_shards(dir.path());
    let file = Path::new(&dirs[0]).join("tally.json");
    let saved = json_file(&file);
    for n in HUGE {
        let mut edited = saved.clone();
        edited["shard"] = json!([0, n]);
        write_json(&file, &edited);
        // Alone, and with the other shards.
        let named = file.to_str().unwrap();
        let message = format!("is [0, {n}]; allowed: [I, N] with N from 1 to 1000000");
        refused(&["merge", &dirs[0]], &[named, "`shard`", &message]);
        refused(&["merge", &dirs[0], &dirs[1], &dirs[2]], &[named, &message]);
    }
    // Shard index past N, and N of 1 000 000 (allowed) with two shards given: the missing
    // ones are counted, not listed one by one.
    let mut edited = saved.clone();
    edited["shard"] = json!([3, 3]);
    write_json(&file, &edited);
    refused(&["merge", &dirs[0]], &["`shard` is [3, 3]"]);
    write_json(&file, &saved);
    let out = oddsmith(&["merge", &dirs[0], &dirs[1], &dirs[2], "--quiet"]);
    assert!(out.status.success(), "{}", stderr(&out));
}

#[test]
fn a_million_shards_declared_with_few_given_lists_a_few_missing() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("one").to_str().unwrap().to_string();
    let run = oddsmith(&[
        "run",
        "scenarios/warded_door.toml",
        "--trials",
        "1000",
        "--quiet",
        "--shard",
        "7/1000000",
        "--out",
        &out,
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    refused(
        &["merge", &out],
        &["shard 0/1000000, 1/1000000", "and 999989 more missing"],
    );
    refused(
        &["run", "scenarios/warded_door.toml", "--shard", "0/1000001"],
        &["N from 1 to 1000000"],
    );
}

type Edit = fn(&mut Value);

/// Edits of a shard's tally and what the refusal says.
fn shard_cases() -> Vec<(Edit, &'static str)> {
    vec![
        (
            |v| v["trials"] = json!(0),
            "`trials` is 0; allowed: 1 to 9007199254740992",
        ),
        (
            |v| v["trials"] = json!(1u64 << 61),
            "`trials` is 2305843009213693952",
        ),
        (|v| v["trials"] = json!(-1), "invalid value"),
        (|v| v["trials"] = json!(1e308), "invalid type"),
        (|v| v["trials"] = json!("NaN"), "invalid type"),
        (
            |v| {
                v.as_object_mut().unwrap().remove("trials");
            },
            "`trials` is missing",
        ),
        (
            |v| v["start"] = json!(1u64 << 63),
            "`start` is 9223372036854775808, after `end`",
        ),
        (
            |v| v["end"] = json!(1u64 << 34),
            "`end` is 17179869184, past the run's end",
        ),
        (
            |v| v["trials_done"] = json!(1u64 << 61),
            "`trials_done` is 2305843009213693952",
        ),
        (
            |v| v["counters"][0] = json!(u64::MAX),
            "`counters[0]` is 18446744073709551615, more",
        ),
        (
            |v| v["counters"] = json!([1]),
            "`counters` has 1 values for the",
        ),
        (
            |v| v["histograms"][0][0] = json!(u64::MAX),
            "adds up to more than 2^64",
        ),
        (
            |v| v["histograms"][0] = json!([1u64 << 34]),
            "adds up to 17179869184",
        ),
        (
            |v| v["histograms"] = json!([]),
            "`histograms` has 0 entries; the scenario has",
        ),
        (
            |v| v["histograms"][0].as_array_mut().unwrap().push(json!(0)),
            "or more only up to its largest value",
        ),
        (
            |v| {
                // The same trials, one bucket short.
                let h = v["histograms"][0].as_array_mut().unwrap();
                let last = h.pop().unwrap().as_u64().unwrap();
                h[0] = json!(h[0].as_u64().unwrap() + last);
            },
            "a run of the scenario leaves",
        ),
        (|v| v["grid_points"] = json!(1u64 << 34), "come together"),
        (
            |v| v["precision"] = json!(0.1),
            "shards run without --precision",
        ),
        (
            |v| v["kind"] = json!("checkpoint"),
            "`shard` is set, but a checkpoint is no shard",
        ),
        (
            |v| v["scenario_path"] = json!("/dev/zero"),
            "which is not a regular file",
        ),
        (
            |v| v["scenario_path"] = json!("scenarios"),
            "which is not a regular file",
        ),
        (
            |v| v["scenario_path"] = json!("scenarios/yeti.toml"),
            "changed since",
        ),
        (
            |v| v["scenario_path"] = json!("no/such.toml"),
            "cannot read the scenario file",
        ),
        (
            |v| v["shards"] = json!(3),
            "`shards` is not a key of a saved tally",
        ),
    ]
}

#[test]
fn a_shard_with_a_value_out_of_range_or_out_of_step_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let dirs = door_shards(dir.path());
    // The first shard's: the merge loads the scenario the first one names.
    let file = Path::new(&dirs[0]).join("tally.json");
    let named = file.to_str().unwrap();
    let saved = json_file(&file);
    for (edit, expected) in shard_cases() {
        let mut edited = saved.clone();
        edit(&mut edited);
        write_json(&file, &edited);
        refused(&["merge", &dirs[0], &dirs[1], &dirs[2]], &[named, expected]);
    }
    // Bytes: truncated, junk, empty, a folder and a device in the file's place.
    let text = serde_json::to_string_pretty(&saved).unwrap();
    for (bytes, expected) in [
        (
            text.as_bytes()[..text.len() / 2].to_vec(),
            "EOF while parsing",
        ),
        (b"\x00\xff\xfe junk".to_vec(), "cannot read the saved tally"),
        (Vec::new(), "EOF while parsing"),
    ] {
        std::fs::write(&file, bytes).unwrap();
        refused(&["merge", &dirs[0], &dirs[1], &dirs[2]], &[named, expected]);
    }
    std::fs::remove_file(&file).unwrap();
    std::fs::create_dir(&file).unwrap();
    refused(&["merge", &dirs[0]], &[named, "not a regular file"]);
    refused(
        &["resume", "/dev/zero"],
        &["/dev/zero", "not a regular file"],
    );
}

#[test]
fn a_checkpoint_with_a_value_out_of_range_or_out_of_step_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (checkpoint, saved) = checkpoint_of(
        dir.path(),
        "scenarios/warded_door.toml",
        "200000",
        "door.ckpt",
    );
    let name = checkpoint.to_str().unwrap();
    let cases: Vec<(&str, Value, &str)> = vec![
        (
            "precision",
            json!(1e308),
            "`precision` is 1e308; allowed: above 0",
        ),
        ("precision", json!(-1), "`precision` is -1"),
        ("precision", json!(0), "`precision` is 0"),
        ("start", json!(1), "a checkpoint holds the batches from 0"),
        (
            "end",
            json!(5),
            "past the run's end: 200000 trials are 4 batches",
        ),
        ("end", json!(2), "`trials_done` is 200000; batches 0..2"),
        ("shard", json!([0, 2]), "a checkpoint is no shard"),
        (
            "kind",
            json!("shard"),
            "a shard's tally says which shard it is",
        ),
        ("out", json!(""), "`out` is empty"),
        (
            "ratios",
            json!([["1", "1", "1", "1", "1"]]),
            "`ratios` has 1 entries; the scenario",
        ),
    ];
    for (key, value, expected) in cases {
        let mut edited = saved.clone();
        edited[key] = value;
        write_json(&checkpoint, &edited);
        refused(&["resume", name, "--quiet"], &[name, expected]);
    }
}

#[test]
fn ratio_sums_that_no_run_can_give_are_refused() {
    // A fight has ratios (`won_left.*`).
    let dir = tempfile::tempdir().unwrap();
    let (checkpoint, saved) = checkpoint_of(dir.path(), "scenarios/yeti.toml", "1000", "yeti.ckpt");
    let name = checkpoint.to_str().unwrap();
    assert!(!saved["ratios"].as_array().unwrap().is_empty());
    let max = u128::MAX.to_string();
    for (sums, expected) in [
        (
            json!(["-1", "0", "0", "0", "0"]),
            "`ratios[0][0]` is \"-1\"",
        ),
        (
            json!(["+1", "0", "0", "0", "0"]),
            "`ratios[0][0]` is \"+1\"",
        ),
        (json!(["1e3", "0", "0", "0", "0"]), "in digits"),
        (
            json!([
                "340282366920938463463374607431768211456",
                "0",
                "0",
                "0",
                "0"
            ]),
            "from 0 to 2^128",
        ),
        (
            json!([max, "0", "0", "0", "0"]),
            "cannot come from 1000 trials",
        ),
        (
            json!(["2", "0", "5", "0", "0"]),
            "cannot come from 1000 trials",
        ),
    ] {
        let mut edited = saved.clone();
        edited["ratios"][0] = sums;
        write_json(&checkpoint, &edited);
        refused(&["resume", name, "--quiet"], &[name, expected]);
    }
}

#[test]
fn a_sweep_tally_with_grid_points_out_of_step_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (checkpoint, saved) = checkpoint_of(
        dir.path(),
        "scenarios/warded_door_sweep.toml",
        "1000",
        "sweep.ckpt",
    );
    let name = checkpoint.to_str().unwrap();
    let cases: Vec<(Edit, &str)> = vec![
        (
            |v| v["grid_points"] = json!(1u64 << 34),
            "`grid_points` is 17179869184",
        ),
        (|v| v["grid_points"] = json!(67), "`points[67].point` is 67"),
        (
            |v| {
                let m = v.as_object_mut().unwrap();
                m.remove("grid_points");
                m.remove("points");
            },
            "`grid_points` says no sweep; the scenario's file has 68 grid points",
        ),
        (
            |v| v["grid_points"] = json!(69),
            "`grid_points` says 69 grid points; the scenario's file has 68",
        ),
        (
            |v| v["points"][3]["point"] = json!(1u64 << 61),
            "`points[3].point`",
        ),
        (|v| v["points"][3]["point"] = json!(2), "is 2 after 2"),
        (
            |v| v["points"][3]["end"] = json!(1u64 << 34),
            "`points[3].end` is 17179869184",
        ),
        (
            |v| v["points"][3]["start"] = json!(2),
            "`points[3].start` is 2, after `end` 1",
        ),
        (
            |v| v["points"][3]["counters"] = json!([]),
            "`points[3].counters` has 0 values",
        ),
        (
            |v| v["points"][3]["extra"] = json!(1),
            "`points[3].extra` is not a key of a grid point",
        ),
        (
            |v| v["trials_done"] = json!(5),
            "per grid point, under `points`",
        ),
    ];
    for (edit, expected) in cases {
        let mut edited = saved.clone();
        edit(&mut edited);
        write_json(&checkpoint, &edited);
        refused(&["resume", name, "--quiet"], &[name, expected]);
    }
}

#[test]
fn a_checkpoint_cut_between_batches_resumes_to_the_uninterrupted_files() {
    // A complete run of 2 batches saves what a run of 2 batches and 1 000 trials saves after
    // its first 2 batches (batches depend on the seed and their index): the same file but
    // for `trials`.
    let dir = tempfile::tempdir().unwrap();
    let checkpoint = dir.path().join("yeti.ckpt");
    let name = checkpoint.to_str().unwrap();
    let (cut, whole) = (dir.path().join("cut"), dir.path().join("whole"));
    let run = |trials: &str, extra: &[&str], out: &Path| {
        let mut args = vec![
            "run",
            "scenarios/yeti.toml",
            "--trials",
            trials,
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend(extra);
        let done = oddsmith(&args);
        assert!(done.status.success(), "{}", stderr(&done));
    };
    run("131072", &["--checkpoint", name], &cut);
    let mut saved = json_file(&checkpoint);
    assert_eq!(saved["end"], 2);
    saved["trials"] = json!(132072);
    write_json(&checkpoint, &saved);
    let resumed = oddsmith(&["resume", name, "--quiet"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    run("132072", &[], &whole);
    for file in ["summary.csv", "summary.json", "rounds_histogram.csv"] {
        let (a, b) = (cut.join(file), whole.join(file));
        assert_eq!(
            std::fs::read(&a).unwrap(),
            std::fs::read(&b).unwrap(),
            "{file}"
        );
    }
    assert_eq!(json_file(&checkpoint)["end"], 3);
}

#[test]
fn every_shipped_scenarios_checkpoint_and_shards_load_back() {
    // Their counts pass every check: each histogram adds up to the trials, no counter
    // exceeds them, ratio sums are ones a run gives.
    let dir = tempfile::tempdir().unwrap();
    for (k, file) in shipped_scenarios().iter().enumerate() {
        let scenario = file.to_str().unwrap();
        let d = |name: &str| dir.path().join(format!("{k}-{name}"));
        let checkpoint = d("ckpt");
        let run = oddsmith(&[
            "run",
            scenario,
            "--trials",
            "70000",
            "--quiet",
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--out",
            d("run").to_str().unwrap(),
        ]);
        assert!(run.status.success(), "{scenario}: {}", stderr(&run));
        let resumed = oddsmith(&["resume", checkpoint.to_str().unwrap(), "--quiet"]);
        assert!(resumed.status.success(), "{scenario}: {}", stderr(&resumed));
        let shards: Vec<String> = (0..2)
            .map(|i| d(&format!("shard{i}")).to_str().unwrap().to_string())
            .collect();
        for (i, out) in shards.iter().enumerate() {
            let shard = format!("{i}/2");
            let run = oddsmith(&[
                "run", scenario, "--trials", "70000", "--quiet", "--shard", &shard, "--out", out,
            ]);
            assert!(run.status.success(), "{scenario}: {}", stderr(&run));
        }
        let merged = d("merged");
        let merge = oddsmith(&[
            "merge",
            &shards[0],
            &shards[1],
            "--quiet",
            "--out",
            merged.to_str().unwrap(),
        ]);
        assert!(merge.status.success(), "{scenario}: {}", stderr(&merge));
        let csv = if d("run").join("sweep.csv").exists() {
            "sweep.csv"
        } else {
            "summary.csv"
        };
        assert_eq!(
            std::fs::read(d("run").join(csv)).unwrap(),
            std::fs::read(merged.join(csv)).unwrap(),
            "{scenario}: {csv}"
        );
    }
}
