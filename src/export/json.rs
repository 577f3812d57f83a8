//! JSON output: the report as `{"scenario", "system", "trials", "seed", "metrics": [...]}`,
//! on stdout with `--json` and as `summary.json` in the output folder.

use super::Exporter;
use super::write::Staged;
use crate::error::OutputError;
use crate::stats::Report;

/// The report as pretty-printed JSON text.
pub fn to_json(report: &Report) -> String {
    serde_json::to_string_pretty(report).expect("a report always serializes")
}

/// `summary.json` in the output folder.
pub struct JsonFile;

impl Exporter for JsonFile {
    fn write(&self, report: &Report, files: &mut Staged) -> Result<(), OutputError> {
        files.text("summary.json", &(to_json(report) + "\n"))
    }
}
