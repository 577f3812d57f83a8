//! Helpers shared by the CLI test files: run the built binary (or spawn it and signal it),
//! list the shipped scenarios, read JSON output; `docs` reads the documentation's blocks,
//! `page` looks at report pages and charts (Chromium, decoded PNGs).
#![allow(dead_code)] // each test file uses its own subset

pub mod docs;
pub mod page;

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn oddsmith(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oddsmith"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

pub fn shipped_scenarios() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios");
    let mut all: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    all.sort();
    assert!(!all.is_empty());
    all
}

pub fn json_of(out: &Output) -> Value {
    assert!(
        out.status.success(),
        "exit {:?}\nstderr: {}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("stdout is JSON")
}

pub fn metric(json: &Value, name: &str) -> Value {
    json["metrics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["metric"] == name)
        .unwrap_or_else(|| panic!("metric {name} missing"))
        .clone()
}

pub fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

pub fn spawn(args: &[&str]) -> std::process::Child {
    std::process::Command::new(env!("CARGO_BIN_EXE_oddsmith"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

pub fn signal(child: &std::process::Child, sig: &str) {
    let ok = std::process::Command::new("kill")
        .args([sig, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(ok.success());
}

pub fn json_file(path: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap())
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Runs `head` with `--trials trials --threads 2 --quiet --out out` and interrupts it with
/// SIGINT after `after`; returns its exit code.
pub fn interrupted_into(
    head: &[&str],
    trials: &str,
    out: &Path,
    after: std::time::Duration,
) -> Option<i32> {
    let mut args = head.to_vec();
    let tail = ["--trials", trials, "--threads", "2", "--quiet", "--out"];
    args.extend(tail);
    args.push(out.to_str().unwrap());
    interrupted(&args, after)
}

/// Runs `args` and interrupts it with SIGINT after `after`; returns its exit code.
pub fn interrupted(args: &[&str], after: std::time::Duration) -> Option<i32> {
    let mut child = spawn(args);
    std::thread::sleep(after);
    if child.try_wait().unwrap().is_none() {
        signal(&child, "-INT");
    }
    child.wait().unwrap().code()
}

/// Whether the output file at `path` is whole: JSON (and checkpoints) parse, every CSV line
/// has the header's columns and the file ends in a newline, PNG and SVG files are closed.
pub fn is_whole(path: &Path) -> bool {
    let bytes = std::fs::read(path).unwrap();
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") | Some("ckpt") => serde_json::from_slice::<serde_json::Value>(&bytes).is_ok(),
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
    }
}

/// Runs `scenario`'s shards `0..n` (each with `trials`) as separate processes with their
/// folders in `dir`, merges them, runs the scenario on one machine, and checks that `files`
/// are the same bytes and that a merge without shard 1 is refused naming it. Returns the
/// shards' folders.
pub fn shards_merge_to_one_machine(
    dir: &Path,
    scenario: &str,
    trials: &str,
    n: usize,
    files: &[&str],
) -> Vec<String> {
    let dirs: Vec<String> = (0..n)
        .map(|i| dir.join(format!("shard{i}")).to_str().unwrap().to_string())
        .collect();
    let mut children: Vec<_> = (0..n)
        .map(|i| {
            let shard = format!("{i}/{n}");
            spawn(&[
                "run",
                scenario,
                "--trials",
                trials,
                "--threads",
                "1",
                "--quiet",
                "--shard",
                &shard,
                "--out",
                &dirs[i],
            ])
        })
        .collect();
    for c in &mut children {
        assert!(c.wait().unwrap().success());
    }
    let merged = dir.join("merged");
    let mut args = vec!["merge", "--quiet", "--out", merged.to_str().unwrap()];
    args.extend(dirs.iter().map(String::as_str));
    let out = oddsmith(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let whole = dir.join("whole");
    let out = oddsmith(&[
        "run",
        scenario,
        "--trials",
        trials,
        "--quiet",
        "--out",
        whole.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    same_files(&merged, &whole, files);
    let mut some = vec!["merge"];
    some.extend(
        dirs.iter()
            .map(String::as_str)
            .filter(|d| !d.ends_with("shard1")),
    );
    let missing = oddsmith(&some);
    assert_eq!(missing.status.code(), Some(2));
    assert!(
        stderr(&missing).contains(&format!("shard 1/{n} missing")),
        "{}",
        stderr(&missing)
    );
    dirs
}

/// Checks that `files` hold the same bytes in folders `a` and `b`.
pub fn same_files(a: &Path, b: &Path, files: &[&str]) {
    for file in files {
        let read = |dir: &Path| {
            std::fs::read(dir.join(file))
                .unwrap_or_else(|e| panic!("{}: {e}", dir.join(file).display()))
        };
        assert!(read(a) == read(b), "{file} differs");
    }
}

/// Runs `scenario` with `trials` and a checkpoint, interrupts it after `after`, resumes it
/// on one thread, runs it whole, and checks that `files` are the same bytes and that the
/// resumed manifest is not partial. The folders and checkpoint go beside the scenario;
/// returns the checkpoint as it was saved at the interrupt.
pub fn resume_equals_whole(
    scenario: &Path,
    trials: &str,
    after: std::time::Duration,
    files: &[&str],
) -> Value {
    let dir = scenario.parent().unwrap();
    let checkpoint = scenario.with_extension("ckpt");
    let (cut, whole) = (dir.join("cut"), dir.join("whole"));
    let code = interrupted_into(
        &[
            "run",
            scenario.to_str().unwrap(),
            "--checkpoint",
            checkpoint.to_str().unwrap(),
        ],
        trials,
        &cut,
        after,
    );
    assert_eq!(code, Some(130));
    let saved = json_file(&checkpoint);
    let checkpoint = checkpoint.to_str().unwrap();
    let resumed = oddsmith(&["resume", checkpoint, "--quiet", "--threads", "1"]);
    assert!(resumed.status.success(), "{}", stderr(&resumed));
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
    same_files(&cut, &whole, files);
    assert_eq!(json_file(&cut.join("manifest.json"))["partial"], false);
    saved
}
