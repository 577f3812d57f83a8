//! Long runs: absurd option values are refused with exit 2; an interrupted run writes a
//! partial report equal to a shorter run; a checkpointed run resumes to the uninterrupted
//! run's numbers; shards run as separate processes merge to the one-machine files.

mod common;

use common::*;
use std::path::Path;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

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

fn spawn(args: &[&str]) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_oddsmith"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

fn signal(child: &std::process::Child, sig: &str) {
    let ok = std::process::Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
}

fn json_file(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `args` and interrupts it with SIGINT after `after`; returns its exit code.
fn interrupted(args: &[&str], after: std::time::Duration) -> Option<i32> {
    let mut child = spawn(args);
    std::thread::sleep(after);
    if child.try_wait().unwrap().is_none() {
        signal(&child, "-INT");
    }
    child.wait().unwrap().code()
}

#[test]
fn an_interrupted_run_writes_the_trials_done_marked_partial() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cut");
    let code = interrupted(
        &[
            "run",
            "scenarios/yeti.toml",
            "--trials",
            "100000000",
            "--threads",
            "2",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
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
fn an_interrupted_sweep_keeps_finished_points_and_lists_the_rest() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("sweep");
    let code = interrupted(
        &[
            "run",
            "scenarios/yeti_survival_sweep.toml",
            "--trials",
            "3000000",
            "--threads",
            "2",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ],
        std::time::Duration::from_millis(2500),
    );
    assert_eq!(code, Some(130));
    let sweep = json_file(&out.join("sweep.json"));
    let points = sweep["points"].as_array().unwrap().len();
    let missing = sweep["partial"]["missing_points"].as_array().unwrap().len();
    assert!(missing > 0, "{sweep}");
    assert_eq!(points + missing, 7, "{sweep}");
    assert_eq!(json_file(&out.join("manifest.json"))["partial"], true);
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
            let bytes = std::fs::read(&path).unwrap();
            let whole = match path.extension().and_then(|e| e.to_str()) {
                Some("json") | Some("ckpt") => {
                    serde_json::from_slice::<serde_json::Value>(&bytes).is_ok()
                }
                Some("csv") => {
                    let text = String::from_utf8(bytes).unwrap();
                    let columns = text.lines().next().map_or(0, |h| h.split(',').count());
                    text.ends_with('\n') && text.lines().all(|l| l.split(',').count() == columns)
                }
                Some("png") => bytes.ends_with(&[0xAE, 0x42, 0x60, 0x82]),
                Some("svg") => String::from_utf8_lossy(&bytes)
                    .trim_end()
                    .ends_with("</svg>"),
                _ => true,
            };
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
    let checkpoint = dir.path().join("yeti.ckpt");
    let cut = dir.path().join("cut");
    let trials = "8000000";
    let code = interrupted(
        &[
            "run",
            scenario.to_str().unwrap(),
            "--trials",
            trials,
            "--threads",
            "2",
            "--quiet",
            "--checkpoint",
            checkpoint.to_str().unwrap(),
            "--out",
            cut.to_str().unwrap(),
        ],
        std::time::Duration::from_millis(1200),
    );
    assert_eq!(code, Some(130));
    let saved = json_file(&checkpoint);
    let done = saved["trials_done"].as_u64().unwrap();
    assert!(done < 8_000_000, "{done}");
    let resumed = oddsmith(&[
        "resume",
        checkpoint.to_str().unwrap(),
        "--quiet",
        "--threads",
        "1",
    ]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
    let whole = dir.path().join("whole");
    let run = oddsmith(&[
        "run",
        scenario.to_str().unwrap(),
        "--trials",
        trials,
        "--quiet",
        "--out",
        whole.to_str().unwrap(),
    ]);
    assert!(run.status.success(), "{}", stderr(&run));
    for file in ["summary.csv", "summary.json", "rounds_histogram.csv"] {
        assert_eq!(
            std::fs::read(cut.join(file)).unwrap(),
            std::fs::read(whole.join(file)).unwrap(),
            "{file}"
        );
    }
    assert_eq!(json_file(&cut.join("manifest.json"))["partial"], false);
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
    let shard_dir = |i: usize| dir.path().join(format!("shard{i}"));
    let trials = "1000000";
    let mut children: Vec<_> = (0..3)
        .map(|i| {
            spawn(&[
                "run",
                "scenarios/yeti.toml",
                "--trials",
                trials,
                "--threads",
                "1",
                "--quiet",
                "--shard",
                &format!("{i}/3"),
                "--out",
                shard_dir(i).to_str().unwrap(),
            ])
        })
        .collect();
    for c in &mut children {
        assert!(c.wait().unwrap().success());
    }
    let merged = dir.path().join("merged");
    let dirs: Vec<String> = (0..3)
        .map(|i| shard_dir(i).to_str().unwrap().to_string())
        .collect();
    let mut args = vec!["merge", "--quiet", "--out", merged.to_str().unwrap()];
    args.extend(dirs.iter().map(String::as_str));
    let m = oddsmith(&args);
    assert!(m.status.success(), "{}", stderr(&m));
    let whole = dir.path().join("whole");
    let run = oddsmith(&[
        "run",
        "scenarios/yeti.toml",
        "--trials",
        trials,
        "--quiet",
        "--out",
        whole.to_str().unwrap(),
    ]);
    assert!(run.status.success());
    for file in ["summary.csv", "summary.json", "rounds_histogram.csv"] {
        assert_eq!(
            std::fs::read(merged.join(file)).unwrap(),
            std::fs::read(whole.join(file)).unwrap(),
            "{file}"
        );
    }
    // A missing shard is refused, naming it; so is a shard given twice.
    let missing = oddsmith(&[
        "merge",
        &dirs[0],
        &dirs[2],
        "--out",
        merged.to_str().unwrap(),
    ]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains("shard 1/3 missing"),
        "{}",
        stderr(&missing)
    );
    let twice = oddsmith(&["merge", &dirs[0], &dirs[1], &dirs[1], &dirs[2]]);
    assert_eq!(twice.status.code(), Some(2));
    assert!(
        stderr(&twice).contains("shard 1/3 is given twice"),
        "{}",
        stderr(&twice)
    );
}
