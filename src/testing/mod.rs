//! The crate's shared test kit: the shipped scenario files (one, or all), scripted dice ([`Scripted`]),
//! dice that walk every outcome ([`every_path`]), and a system's reported rows after a seeded
//! run with the check that a sampled row lies within 4.5 standard errors of exact
//! ([`rows`], [`within`]), used by every rule system's tests; and the carried-state round
//! trip every fight passes ([`assert_round_trip`]).

mod carry;
mod paths;
mod rows;
mod scripted;

pub use carry::assert_round_trip;
pub use paths::every_path;
pub use rows::{rows, within};
pub use scripted::Scripted;

use std::path::PathBuf;

/// Every shipped scenario file, sorted.
pub fn every_shipped() -> Vec<PathBuf> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("scenarios");
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
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(format!("{stem}.toml"))
}
