//! Output into a reader that stopped early (`oddsmith run … | head`): no panic, the files
//! written all the same, exit 0.

use std::process::{Command, Stdio};

/// Runs oddsmith with `args`, its stdout a pipe whose reading end is closed before it
/// prints: (exit code, stderr).
fn into_closed_pipe(args: &[&str]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_oddsmith"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("it exits");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_reader_that_stops_early_is_no_error() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    let out = out.to_str().unwrap();
    let runs: [&[&str]; 5] = [
        &[
            "run",
            "scenarios/yeti.toml",
            "--trials",
            "20000",
            "--out",
            out,
        ],
        &[
            "run",
            "scenarios/yeti.toml",
            "--trials",
            "20000",
            "--json",
            "--out",
            out,
        ],
        &[
            "run",
            "scenarios/warded_door_sweep.toml",
            "--trials",
            "20000",
            "--out",
            out,
        ],
        &["library"],
        &["validate", "scenarios/yeti.toml"],
    ];
    for args in runs {
        let (code, stderr) = into_closed_pipe(args);
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
    }
    // Each run wrote its files whole; the folder holds the last one's (the sweep's) alone.
    let out = dir.path().join("out");
    assert!(out.join("sweep.csv").exists());
    assert!(
        !out.join("summary.csv").exists(),
        "the Yeti's run was replaced"
    );
}
