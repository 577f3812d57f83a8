//! Field helpers for rule schemas: a value checked against its allowed range, with the
//! line, column and key of the offending text in every error.

use super::Source;
use oddsmith_core::error::ScenarioError;
use toml::Spanned;

/// Reads an optional integer key that must lie in `min..=max`; `None` gives `default`.
pub fn int_in_range(
    source: &Source,
    value: Option<&Spanned<i64>>,
    key: &str,
    min: i64,
    max: i64,
    default: i64,
) -> Result<i64, ScenarioError> {
    match value {
        None => Ok(default),
        Some(v) if (min..=max).contains(v.get_ref()) => Ok(*v.get_ref()),
        Some(v) => Err(source.invalid(
            v.span(),
            key,
            format!(
                "{} is out of range; allowed: an integer from {min} to {max}",
                v.get_ref()
            ),
        )),
    }
}

/// One of `allowed` (`(word, value)` pairs), read from an optional string key; `None` gives
/// `default`. The error lists every allowed word.
pub fn one_of<T: Copy>(
    source: &Source,
    value: Option<&Spanned<String>>,
    key: &str,
    allowed: &[(&str, T)],
    default: T,
) -> Result<T, ScenarioError> {
    let Some(v) = value else {
        return Ok(default);
    };
    allowed
        .iter()
        .find(|(w, _)| *w == v.get_ref())
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            let words: Vec<String> = allowed.iter().map(|(w, _)| format!("\"{w}\"")).collect();
            source.invalid(
                v.span(),
                key,
                format!(
                    "\"{}\" is not allowed{}; allowed: {}",
                    v.get_ref(),
                    super::hint::did_you_mean_value(v.get_ref(), allowed.iter().map(|(w, _)| *w)),
                    words.join(", "),
                ),
            )
        })
}
