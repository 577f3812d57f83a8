//! JSON output: the report as `{"scenario", "system", "trials", "seed", "metrics": [...],
//! "distributions": [...], "headlines": [...]}`, and for fights `"combatants": [{"name",
//! "side", "<outcome>": {"estimate", "ci_low", "ci_high"}, ...}]`; on stdout with `--json`
//! and as `summary.json` in the output folder. Rates stay raw probabilities.

use super::Exporter;
use super::glance::{Combatant, Glance};
use super::write::Staged;
use oddsmith_core::error::OutputError;
use oddsmith_core::stats::Report;
use serde::Serialize;

/// The report with its headlines and per-combatant outcomes.
#[derive(Serialize)]
struct WithGlance<'a> {
    #[serde(flatten)]
    report: &'a Report,
    headlines: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    combatants: Vec<Combatant<'a>>,
}

/// The report as pretty-printed JSON text.
pub fn to_json(report: &Report) -> String {
    let glance = Glance::of(report);
    let view = WithGlance {
        report,
        headlines: glance.headlines,
        combatants: glance.combatants,
    };
    serde_json::to_string_pretty(&view).expect("a report always serializes")
}

/// `summary.json` in the output folder.
pub struct JsonFile;

impl Exporter for JsonFile {
    fn write(&self, report: &Report, files: &mut Staged) -> Result<(), OutputError> {
        files.text("summary.json", &(to_json(report) + "\n"))
    }
}
