//! Helpers for the crate's own unit tests: the shipped scenario files.

use std::path::PathBuf;

/// The path of the shipped scenario `scenarios/<stem>.toml`.
pub fn shipped(stem: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(format!("{stem}.toml"))
}
