//! Long runs: absurd option values are refused with exit 2; an interrupted run writes a
//! partial report equal to a shorter run; a checkpointed run resumes to the uninterrupted
//! run's numbers; shards run as separate processes merge to the one-machine files.

mod common;

use common::*;
use std::path::Path;

#[test]
fn absurd_option_values_exit_2_with_the_allowed_range() {
    let door = "scenarios/warded_door.toml";
    let cases: &[(&[&str], &str)] = &[
        (&["run", door, "--threads", "100000"], "allowed: 1 to 1024"),
        (&["run", door, "--threads", "0"], "at least 1"),
        (&["run", door, "--trials", "0"], "at least 1"),
        (
            &["run", door, "--trials", "18446744073709551615"],
            "allowed: 1 to 9007199254740992",
        ),
        (&["run", door, "--precision", "NaN"], "--precision"),
        (&["run", door, "--precision", "inf"], "--precision"),
        (&["report", door, "--threads", "5000"], "allowed: 1 to 1024"),
        (
            &["compare", door, door, "--threads", "100000"],
            "allowed: 1 to 1024",
        ),
        (
            &[
                "tune",
                door,
                "--vary",
                "check.challenge",
                "--metric",
                "success",
                "--target",
                "NaN",
            ],
            "--target",
        ),
    ];
    for (args, expected) in cases {
        let started = std::time::Instant::now();
        let out = oddsmith(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains(expected),
            "{args:?}: {}",
            stderr(&out)
        );
        assert!(started.elapsed().as_secs() < 10, "{args:?} took too long");
    }
}

fn with_line(dir: &Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn out_of_range_run_values_point_at_their_own_line() {
    let dir = tempfile::tempdir().unwrap();
    for file in shipped_scenarios() {
        let text = std::fs::read_to_string(&file).unwrap();
        if !text.contains("\n[run]\n") {
            continue;
        }
        for (key, value) in [
            ("max_rounds", "0"),
            ("max_rounds", "1000000000"),
            ("max_rounds", "-1"),
            ("trials", "9007199254740993"),
            ("seed", "-1"),
        ] {
            let stripped: String = text
                .lines()
                .filter(|l| !l.starts_with(&format!("{key} ")))
                .map(|l| format!("{l}\n"))
                .collect();
            let edited = stripped.replacen("\n[run]\n", &format!("\n[run]\n{key} = {value}\n"), 1);
            let line = edited
                .lines()
                .position(|l| l.starts_with(&format!("{key} = ")))
                .unwrap()
                + 1;
            let path = with_line(dir.path(), "edited.toml", &edited);
            let out = oddsmith(&["validate", &path]);
            let err = stderr(&out);
            assert_eq!(
                out.status.code(),
                Some(2),
                "{file:?} {key} = {value}: {err}"
            );
            assert!(
                err.contains(&format!("edited.toml:{line}:")),
                "{file:?} {key} = {value}: expected line {line}: {err}"
            );
            assert!(err.contains(&format!("run.{key}")), "{err}");
        }
    }
}

#[test]
fn an_interrupted_run_writes_the_trials_done_marked_partial() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cut");
    let code = interrupted_into(
        &["run", "scenarios/yeti.toml"],
        "100000000",
        &out,
        std::time::Duration::from_millis(1500),
    );
    assert_eq!(code, Some(130));
    let manifest = json_file(&out.join("manifest.json"));
    assert_eq!(manifest["partial"], true, "{manifest}");
    assert_eq!(manifest["finished"], true, "{manifest}");
    let done = manifest["trials_done"].as_u64().unwrap();
    assert!(
        done > 0 && done < 100_000_000 && done.is_multiple_of(65_536),
        "{done}"
    );
    let summary = json_file(&out.join("summary.json"));
    assert_eq!(summary["trials"], done);
    assert_eq!(summary["partial"]["trials_requested"], 100_000_000u64);
    let csv = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(csv.lines().next().unwrap().ends_with(",partial"), "{csv}");
    // The numbers are exactly those of a run of `done` trials.
    let whole = dir.path().join("whole");
    let run = oddsmith(&[
        "run",
        "scenarios/yeti.toml",
        "--trials",
        &done.to_string(),
        "--quiet",
        "--out",
        whole.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    let full = json_file(&whole.join("summary.json"));
    assert_eq!(summary["metrics"], full["metrics"]);
    assert_eq!(summary["distributions"], full["distributions"]);
    let whole_csv = std::fs::read_to_string(whole.join("summary.csv")).unwrap();
    let stripped: String = csv
        .lines()
        .map(|l| format!("{}\n", l.rsplit_once(',').unwrap().0))
        .collect();
    assert_eq!(stripped, whole_csv);
}

#[test]
fn random_interrupts_and_kills_never_leave_a_torn_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let checkpoint = dir.path().join("run.ckpt");
    let mut state: u64 = 0x2545_F491_4F6C_DD1D;
    for round in 0..24 {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1442695040888963407);
        let delay = std::time::Duration::from_millis((state >> 33) % 900);
        let sig = ["-INT", "-TERM", "-KILL"][round % 3];
        let mut child = spawn(&[
            "run",
            "scenarios/yeti.toml",
            "--trials",
            "2000000",
            "--quiet",
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        std::thread::sleep(delay);
        if child.try_wait().unwrap().is_none() {
            signal(&child, sig);
        }
        let code = child.wait().unwrap().code();
        assert!(
            matches!(code, Some(0) | Some(130) | None),
            "{sig} after {delay:?}: exit {code:?}"
        );
        let mut paths: Vec<_> = std::fs::read_dir(&out)
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        if checkpoint.exists() {
            paths.push(checkpoint.clone());
        }
        for path in paths {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            if name.starts_with('.') {
                continue;
            }
            let whole = is_whole(&path);
            assert!(whole, "{sig} after {delay:?}: {name} is torn");
        }
    }
}

#[test]
fn a_resumed_run_equals_the_uninterrupted_run_bit_for_bit() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("yeti.toml");
    std::fs::copy(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/yeti.toml"),
        &scenario,
    )
    .unwrap();
    let files = ["summary.csv", "summary.json", "rounds_histogram.csv"];
    let after = std::time::Duration::from_millis(1200);
    let saved = resume_equals_whole(&scenario, "16000000", after, &files);
    let done = saved["trials_done"].as_u64().unwrap();
    assert!(done < 16_000_000, "{done}");
    let checkpoint = scenario.with_extension("ckpt");
    // A changed scenario is refused.
    std::fs::write(
        &scenario,
        std::fs::read_to_string(&scenario).unwrap() + "\n# edited\n",
    )
    .unwrap();
    let refused = oddsmith(&["resume", checkpoint.to_str().unwrap(), "--quiet"]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(
        stderr(&refused).contains("changed since"),
        "{}",
        stderr(&refused)
    );
}

#[test]
fn three_shards_in_separate_processes_merge_to_the_one_machine_files() {
    let dir = tempfile::tempdir().unwrap();
    let files = ["summary.csv", "summary.json", "rounds_histogram.csv"];
    let dirs = shards_merge_to_one_machine(dir.path(), "scenarios/yeti.toml", "1000000", 3, &files);
    // A shard given twice is refused, naming it.
    let twice = oddsmith(&["merge", &dirs[0], &dirs[1], &dirs[1], &dirs[2]]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(
        stderr(&twice).contains("shard 1/3 is given twice"),
        "{}",
        stderr(&twice)
    );
}

/// Two fighters who cannot hurt each other: every fight runs to `max_rounds` (100 000
/// rounds), so one batch of 65 536 fights takes minutes, and the first interrupt, which
/// lets the running batches finish, would keep the process alive that long.
const STALEMATE: &str = r#"
name = "Two guards who cannot hurt each other"
system = "gods-and-monsters"

[run]
trials = 1_000_000
seed = 1
max_rounds = 100000

[[combatant]]
name = "Left"
side = "left"
survival = 1000
endurance = 20
perception = 6
willpower = 6
fortitude = 6
attack = -20
defense = 40
attacks = [{ name = "stick", damage = "1" }]

[[combatant]]
name = "Right"
side = "right"
survival = 1000
endurance = 20
perception = 6
willpower = 6
fortitude = 6
attack = -20
defense = 40
attacks = [{ name = "stick", damage = "1" }]
"#;

/// Waits for `child` to exit, at most `limit`; kills it and fails if it does not.
fn exit_within(child: &mut std::process::Child, limit: std::time::Duration) -> Option<i32> {
    let start = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            return status.code();
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            panic!("still running {limit:?} after the second interrupt");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

#[test]
fn a_second_interrupt_exits_at_once_and_leaves_no_torn_file() {
    let dir = tempfile::tempdir().unwrap();
    let scenario = dir.path().join("stalemate.toml");
    std::fs::write(&scenario, STALEMATE).unwrap();
    let out = dir.path().join("out");
    let mut child = spawn(&[
        "run",
        scenario.to_str().unwrap(),
        "--threads",
        "1",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    // The run has started once its manifest is in place.
    let manifest = out.join("manifest.json");
    while !manifest.exists() {
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    // Its first batch under way (the manifest comes just before the workers start, and a
    // loaded machine may take a moment there; a batch here takes minutes).
    std::thread::sleep(std::time::Duration::from_millis(400));
    signal(&child, "-INT");
    // The first interrupt waits for the running batch, minutes away: still running.
    std::thread::sleep(std::time::Duration::from_millis(500));
    assert!(
        child.try_wait().unwrap().is_none(),
        "the first interrupt waits"
    );
    signal(&child, "-INT");
    let code = exit_within(&mut child, std::time::Duration::from_secs(30));
    assert_eq!(code, Some(130));
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert!(err.contains("interrupted again: exiting now"), "{err}");
    // Only the starting manifest is there, whole, and it says the run did not finish.
    let names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["manifest.json"]);
    assert!(is_whole(&manifest));
    assert_eq!(json_file(&manifest)["finished"], false);
}

#[test]
fn an_interrupted_comparison_writes_its_first_paired_trials_marked_partial() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cut");
    let (a, b) = (
        "scenarios/yeti.toml",
        "scenarios/yeti_charlotte_armored.toml",
    );
    let code = interrupted_into(
        &["compare", a, b],
        "100000000",
        &out,
        std::time::Duration::from_millis(1500),
    );
    assert_eq!(code, Some(130));
    let cut = json_file(&out.join("compare.json"));
    let done = cut["trials"].as_u64().unwrap();
    assert!(
        done > 0 && done < 100_000_000 && done.is_multiple_of(65_536),
        "{done}"
    );
    assert_eq!(cut["partial"]["trials_requested"], 100_000_000u64);
    let csv = std::fs::read_to_string(out.join("compare.csv")).unwrap();
    assert!(csv.lines().next().unwrap().ends_with(",partial"), "{csv}");
    // The numbers are those of a comparison of `done` paired trials.
    let whole = dir.path().join("whole");
    let full = oddsmith(&[
        "compare",
        a,
        b,
        "--trials",
        &done.to_string(),
        "--quiet",
        "--out",
        whole.to_str().unwrap(),
    ]);
    assert!(full.status.success(), "{}", stderr(&full));
    assert_eq!(
        cut["metrics"],
        json_file(&whole.join("compare.json"))["metrics"]
    );
}

#[test]
fn an_interrupted_target_search_prints_what_it_finished_and_claims_no_answer() {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_oddsmith"))
        .args([
            "tune",
            "scenarios/yeti.toml",
            "--vary",
            "combatant.Yeti.survival",
            "--metric",
            "death.Charlotte Korde",
            "--target",
            "0.1",
            "--trials",
            "100000000",
            "--threads",
            "2",
            "--json",
            "--quiet",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1500));
    signal(&child, "-INT");
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(130), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("the search stopped early"),
        "{}",
        stderr(&out)
    );
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["partial"], true, "{report}");
    assert!(
        report["best"].is_null() && report["bracket"].is_null(),
        "{report}"
    );
    // The first value alone takes far longer than the wait: nothing finished.
    assert_eq!(report["tried"], serde_json::json!([]), "{report}");
}

/// An interrupted `report` says so where a reader looks first: its page, its Markdown and the
/// index say "partial: N of M trials" in their headers, N the trials run, and nothing shows
/// the trials asked for as if run.
#[test]
fn an_interrupted_report_is_marked_partial_on_its_pages() {
    let dir = tempfile::tempdir().unwrap();
    let code = interrupted_into(
        &["report", "scenarios/yeti.toml"],
        "100000000",
        dir.path(),
        std::time::Duration::from_millis(1500),
    );
    assert_eq!(code, Some(130));
    let folder = dir.path().join("yeti");
    let done = json_file(&folder.join("manifest.json"))["trials_done"]
        .as_u64()
        .unwrap();
    let thousands = |n: u64| {
        let digits = n.to_string();
        let mut out = String::new();
        for (i, c) in digits.chars().enumerate() {
            if i > 0 && (digits.len() - i).is_multiple_of(3) {
                out.push(',');
            }
            out.push(c);
        }
        out
    };
    let says = format!("partial: {} of 100,000,000 trials", thousands(done));
    for page in ["yeti/index.html", "yeti/report.md", "index.html"] {
        let text = std::fs::read_to_string(dir.path().join(page)).unwrap();
        assert!(text.contains(&says), "{page}: {says}");
        assert!(!text.contains("100000000 trials"), "{page}");
    }
}
