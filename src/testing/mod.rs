//! The crate's shared test kit: the shipped scenario files, scripted dice ([`Scripted`]) and
//! dice that walk every outcome ([`every_path`]), used by every rule system's tests.

mod paths;
mod scripted;

pub use paths::every_path;
pub use scripted::Scripted;

use std::path::PathBuf;

/// The path of the shipped scenario `scenarios/<stem>.toml`.
pub fn shipped(stem: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(format!("{stem}.toml"))
}
