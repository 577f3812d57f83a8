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
//!
//! The search keeps within the varied key's declared range ([`declared_range`]).

use super::catalog::Catalog;
use super::keys::{Kind, Schema, common};
use super::{Document, NodeValue};
use oddsmith_core::error::ScenarioError;
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

/// The table path and key of the value at the dotted `path` of `doc`, without the names
/// that enter arrays of tables (`combatant.Yeti.survival` → `("combatant", "survival")`);
/// `None` where `path` leads to no value.
pub fn table_and_key(doc: &Document, path: &str) -> Option<(String, String)> {
    doc.at(path)?;
    let parts: Vec<&str> = path.split('.').collect();
    let (key, head) = parts.split_last()?;
    let mut table: Vec<&str> = Vec::new();
    for (i, part) in head.iter().enumerate() {
        let parent = if i == 0 {
            &doc.root
        } else {
            doc.at(&parts[..i].join("."))?
        };
        // A part after an array of tables names one of its tables.
        if !matches!(parent.value, NodeValue::Array(_)) {
            table.push(part);
        }
    }
    Some((table.join("."), (*key).to_string()))
}

/// The range an integer key at `path` of `doc` is declared with in `schema` (or in the
/// tables every scenario shares, `catalog`'s top level among them); `None` where the key is
/// no integer declared with a range (a range that depends on other keys is the system's to
/// check).
pub fn declared_range(
    catalog: &Catalog,
    schema: &Schema,
    doc: &Document,
    path: &str,
) -> Option<(i64, i64)> {
    let (table, key) = table_and_key(doc, path)?;
    match common::declared(catalog, schema, &table, &key)?.kind {
        Kind::Int(min, max) => Some((min, max)),
        _ => None,
    }
}
