//! CLI tests, one binary in four parts (`tests/cli/`): every shipped scenario validates and
//! runs, and the warded door's JSON agrees with its exact values at any thread count
//! (`runs`); bad input exits with code 2 and names the line (`errors`); each system's own
//! reports (`systems`); `--set` edits, warnings and counted templates (`edits`).

mod common;

use common::*;
use serde_json::Value;
use std::path::{Path, PathBuf};

#[path = "cli/edits.rs"]
mod edits;
#[path = "cli/errors.rs"]
mod errors;
#[path = "cli/runs.rs"]
mod runs;
#[path = "cli/systems.rs"]
mod systems;

fn write_scenario(dir: &Path, body: &str) -> PathBuf {
    let path = dir.join("bad.toml");
    std::fs::write(
        &path,
        format!("name = \"bad\"\nsystem = \"invisible-sun\"\n\n[check]\n{body}"),
    )
    .unwrap();
    path
}

/// Writes `shipped` (a scenario under `scenarios/`) with `from` replaced by `to` as
/// `dir/name`, validates or runs it, and checks it exits 2 naming the file at a line and
/// column, with `expected` in the message and no output written.
fn assert_bad_edit(
    dir: &Path,
    shipped: &str,
    name: &str,
    (from, to, expected): (&str, &str, &str),
) {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(shipped),
    )
    .unwrap();
    assert!(text.contains(from), "{shipped} has no {from}");
    let path = dir.join(name);
    std::fs::write(&path, text.replacen(from, to, 1)).unwrap();
    let out_dir = dir.join("out");
    let out = oddsmith(&[
        "run",
        path.to_str().unwrap(),
        "--out",
        out_dir.to_str().unwrap(),
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let at = stderr.find(&format!("{name}:")).expect("the file is named");
    let place: Vec<&str> = stderr[at..].splitn(4, ':').collect();
    assert!(
        place[1].parse::<u32>().is_ok() && place[2].parse::<u32>().is_ok(),
        "line and column: {stderr}"
    );
    assert!(stderr.contains(expected), "{stderr}");
    assert!(!out_dir.exists(), "a failed run must not create output");
}
