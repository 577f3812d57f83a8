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
