//! JSON output: the report as `{"scenario", "system", "trials", "seed", "metrics": [...]}`,
//! on stdout with `--json` and as `summary.json` in the output folder.

use super::Exporter;
use crate::error::OutputError;
use crate::stats::Report;
use std::path::Path;

/// The report as pretty-printed JSON text.
pub fn to_json(report: &Report) -> String {
    serde_json::to_string_pretty(report).expect("a report always serializes")
}

/// `summary.json` in the output folder.
pub struct JsonFile;

impl Exporter for JsonFile {
    fn write(&self, report: &Report, dir: &Path) -> Result<Vec<String>, OutputError> {
        let path = dir.join("summary.json");
        std::fs::write(&path, to_json(report) + "\n")
            .map_err(|source| OutputError::Io { path, source })?;
        Ok(vec!["summary.json".into()])
    }
}
