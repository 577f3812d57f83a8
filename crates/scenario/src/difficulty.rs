//! The `[difficulty]` table of a fight: which side its difficulty band is for, and where the
//! bands of each rate begin. Every key is optional; the defaults and the band itself live in
//! `stats::difficulty`, and the caller checks `side` against the fight's sides and refuses
//! the table where the scenario is no fight.
//!
//! ```toml
//! [difficulty]
//! side = "party"                          # a side of the fight; default: "party", else
//!                                         # "pcs", else the first side
//! any_death = [0.01, 0.05, 0.15, 0.35]    # where easy, medium, hard and deadly begin
//! all_down = [0.001, 0.01, 0.05, 0.15]    # four rates in 0–1, strictly increasing
//! ```

use super::Document;
use oddsmith_core::error::ScenarioError;
use serde::Deserialize;
use std::ops::Range;
use toml::Spanned;

/// How many thresholds a list holds: where easy, medium, hard and deadly begin.
pub const THRESHOLDS: usize = 4;

/// `[difficulty]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DifficultySpec {
    side: Option<Spanned<String>>,
    any_death: Option<Spanned<Vec<Spanned<f64>>>>,
    all_down: Option<Spanned<Vec<Spanned<f64>>>>,
}

/// `[difficulty]`, its threshold lists checked.
#[derive(Debug, Clone)]
pub struct DifficultyTable {
    /// Where the table is written.
    pub span: Range<usize>,
    /// `side`, as written, for the caller to check against the fight's sides.
    pub side: Option<Spanned<String>>,
    /// `any_death`: where each band of `any_death.SIDE` begins.
    pub any_death: Option<[f64; THRESHOLDS]>,
    /// `all_down`: where each band of `all_down.SIDE` begins.
    pub all_down: Option<[f64; THRESHOLDS]>,
}

/// The `[difficulty]` table of `doc`, or `None` when it has none. An unknown key, a list
/// that is not four rates in 0–1 strictly increasing, or a value of the wrong type is an
/// error naming the line and key.
pub fn read(doc: &Document) -> Result<Option<DifficultyTable>, ScenarioError> {
    let Some(node) = doc.get("difficulty") else {
        return Ok(None);
    };
    let spec: DifficultySpec = doc.read_node(node)?;
    let list = |list: &Option<Spanned<Vec<Spanned<f64>>>>, key: &str| {
        list.as_ref()
            .map(|l| thresholds(doc, l, &format!("difficulty.{key}")))
            .transpose()
    };
    Ok(Some(DifficultyTable {
        span: node.span.clone(),
        any_death: list(&spec.any_death, "any_death")?,
        all_down: list(&spec.all_down, "all_down")?,
        side: spec.side,
    }))
}

/// What a threshold list must be, for messages.
const ALLOWED: &str = "allowed: 4 rates from 0 to 1, strictly increasing, where easy, medium, \
                       hard and deadly begin (e.g. [0.01, 0.05, 0.15, 0.35])";

fn thresholds(
    doc: &Document,
    list: &Spanned<Vec<Spanned<f64>>>,
    key: &str,
) -> Result<[f64; THRESHOLDS], ScenarioError> {
    let values = list.get_ref();
    if values.len() != THRESHOLDS {
        return Err(doc.invalid(
            list.span(),
            key,
            format!("{} values; {ALLOWED}", values.len()),
        ));
    }
    for (i, v) in values.iter().enumerate() {
        let x = *v.get_ref();
        if !(0.0..=1.0).contains(&x) {
            return Err(doc.invalid(v.span(), key, format!("{x} is outside 0–1; {ALLOWED}")));
        }
        if let Some(before) = i.checked_sub(1).map(|j| *values[j].get_ref())
            && x <= before
        {
            return Err(doc.invalid(
                v.span(),
                key,
                format!("{x} does not rise above the value before it ({before}); {ALLOWED}"),
            ));
        }
    }
    Ok(std::array::from_fn(|i| *values[i].get_ref()))
}

#[cfg(test)]
mod tests;
