//! The engine's test kit: the repository's folder, the shipped scenario files (one, or all),
//! scripted dice ([`Scripted`]),
//! dice that walk every outcome ([`every_path`]), and a system's reported rows after a seeded
//! run with the check that a sampled row lies within 4.5 standard errors of exact
//! ([`rows`], [`within`]), used by every rule system's tests; and the carried-state round
//! trip every fight passes ([`assert_round_trip`]).

mod carry;
mod rows;

pub use carry::assert_round_trip;
pub use oddsmith_core::testkit::{Scripted, every_path};
pub use rows::{rows, within};

use std::path::PathBuf;

/// The repository's root folder (this crate lives in `crates/engine`).
pub fn repo() -> PathBuf {
    let crate_dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    crate_dir
        .ancestors()
        .nth(2)
        .expect("crates/engine has a root")
        .to_path_buf()
}

/// Every shipped scenario file, sorted.
pub fn every_shipped() -> Vec<PathBuf> {
    let dir = repo().join("scenarios");
    let mut all: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("scenarios/ is there")
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    all.sort();
    all
}

/// The path of the shipped scenario `scenarios/<stem>.toml`.
pub fn shipped(stem: &str) -> PathBuf {
    repo().join("scenarios").join(format!("{stem}.toml"))
}
