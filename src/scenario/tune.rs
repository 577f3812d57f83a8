//! The `[tune]` table: what `oddsmith tune` searches when the command line does not say.
//!
//! ```toml
//! [tune]
//! vary = "combatant.Yeti.survival"   # an integer field, by path
//! metric = "death.Charlotte Korde"   # a rate of the scenario
//! target = 0.10                      # the rate to aim at, 0–1
//! from = 5                           # optional bounds of the search
//! to = 60
//! ```

use super::Document;
use crate::error::ScenarioError;
use serde::Deserialize;

/// `[tune]` as written: every key optional, so the command line can fill in the rest.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TuneTable {
    /// Path of the integer field to vary.
    pub vary: Option<String>,
    /// The rate to aim at.
    pub metric: Option<String>,
    /// The target rate.
    pub target: Option<f64>,
    /// Lowest value to try.
    pub from: Option<i64>,
    /// Highest value to try.
    pub to: Option<i64>,
}

/// The `[tune]` table of `doc` (all keys `None` when it has none).
pub fn read(doc: &Document) -> Result<TuneTable, ScenarioError> {
    Ok(doc.section("tune")?.unwrap_or_default())
}
