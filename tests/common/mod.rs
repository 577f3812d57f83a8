//! Helpers shared by the CLI test files: run the built binary, list the shipped scenarios,
//! read JSON output.
#![allow(dead_code)] // each test file uses its own subset

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
