//! Sweeps: a `[sweep]` table varies numeric fields of a scenario over lists or ranges, and
//! several fields give their full grid.
//!
//! ```toml
//! [sweep]
//! "check.challenge" = { from = 1, to = 17 }     # integers from..=to, optional step
//! "check.magic_dice" = [0, 1, 2, 3]              # or a list of numbers
//! "combatant.Yeti.survival" = [10, 20, 30, 40]   # arrays of tables are addressed by name
//! ```
//!
//! Each grid point is the scenario with those values put in, checked like any scenario; an
//! error at a point names the sweep path, its line and the point. Every point runs from the
//! same seed, so neighbouring points share their random numbers (common random numbers) and
//! differ by the change, not by noise.

use super::{Scenario, Source};
use crate::error::ScenarioError;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::ops::Range;
use toml::{Spanned, Table, Value};

/// Most grid points one sweep may have.
pub const MAX_POINTS: usize = 10_000;

/// One swept field.
#[derive(Debug, Clone)]
pub struct Axis {
    /// Dotted path (`check.challenge`, `combatant.Yeti.survival`).
    pub path: String,
    /// The values it takes, in order.
    pub values: Vec<Value>,
    span: Range<usize>,
}

impl Axis {
    /// The short name used for table columns: the path's last part.
    pub fn label(&self) -> &str {
        self.path.rsplit('.').next().unwrap_or(&self.path)
    }
}

/// A parsed `[sweep]` table.
#[derive(Debug, Clone)]
pub struct Sweep {
    /// Swept fields in the order written; the first varies slowest.
    pub axes: Vec<Axis>,
}

/// One grid point: each axis's value and the scenario built with them.
#[derive(Debug, Clone)]
pub struct Point {
    /// Values in axis order.
    pub values: Vec<Value>,
    /// The scenario at this point.
    pub scenario: Scenario,
}

/// The `[sweep]` table twice over: in written order, and with the span of each value.
#[derive(Debug, Deserialize)]
struct SweepOnly {
    sweep: Option<Spanned<Table>>,
}

#[derive(Debug, Deserialize)]
struct SweepSpans {
    sweep: BTreeMap<String, Spanned<Value>>,
}

/// Reads the `[sweep]` table of `source`, if it has one.
pub fn parse(source: &Source) -> Result<Option<Sweep>, ScenarioError> {
    let Some(table) = source.parse::<SweepOnly>()?.sweep else {
        return Ok(None);
    };
    if table.get_ref().is_empty() {
        return Err(source.invalid(table.span(), "sweep", "the [sweep] table is empty"));
    }
    let mut spans = source.parse::<SweepSpans>()?.sweep;
    let mut axes = Vec::new();
    for path in table.get_ref().keys() {
        let value = spans
            .remove(path)
            .expect("both readings hold the same keys");
        let path = path.clone();
        let key = format!("sweep.\"{path}\"");
        let values = axis_values(source, &key, &value)?;
        axes.push(Axis {
            path,
            values,
            span: value.span(),
        });
    }
    let size = axes
        .iter()
        .try_fold(1usize, |n, a| n.checked_mul(a.values.len()));
    match size {
        Some(n) if n <= MAX_POINTS => Ok(Some(Sweep { axes })),
        _ => Err(source.invalid(
            axes[0].span.clone(),
            "sweep",
            format!("the grid has more than {MAX_POINTS} points; sweep fewer values"),
        )),
    }
}

fn axis_values(
    source: &Source,
    key: &str,
    v: &Spanned<Value>,
) -> Result<Vec<Value>, ScenarioError> {
    let bad = |message: &str| source.invalid(v.span(), key, message.to_string());
    match v.get_ref() {
        Value::Array(items) if !items.is_empty() => {
            if items
                .iter()
                .all(|i| matches!(i, Value::Integer(_) | Value::Float(_)))
            {
                Ok(items.clone())
            } else {
                Err(bad("every value must be a number, e.g. [0, 1, 2, 3]"))
            }
        }
        Value::Table(t) => {
            let int = |k: &str| t.get(k).and_then(Value::as_integer);
            let unknown = t
                .keys()
                .find(|k| !["from", "to", "step"].contains(&k.as_str()));
            match (int("from"), int("to"), t.get("step").map(Value::as_integer)) {
                (Some(from), Some(to), step) if unknown.is_none() && from <= to => {
                    let step = match step {
                        None => 1,
                        Some(Some(s)) if s >= 1 => s,
                        _ => return Err(bad("`step` must be an integer of at least 1")),
                    };
                    let n = (to - from) / step + 1;
                    if n as usize > MAX_POINTS {
                        return Err(bad("the range has too many values; use a larger step"));
                    }
                    Ok((0..n).map(|i| Value::Integer(from + i * step)).collect())
                }
                _ => Err(bad(
                    "a range is { from = A, to = B } or { from = A, to = B, step = S } with integers A ≤ B",
                )),
            }
        }
        _ => Err(bad(
            "give a list of numbers ([0, 1, 2]) or a range ({ from = 1, to = 17 })",
        )),
    }
}

/// Puts `value` at the dotted `path` of `doc`; arrays of tables are entered by `name`.
fn set_path(doc: &mut Table, path: &str, value: Value) -> Result<(), String> {
    let parts: Vec<&str> = path.split('.').collect();
    let (last, walk) = parts.split_last().ok_or("the path is empty")?;
    let mut table = doc;
    for (i, part) in walk.iter().enumerate() {
        let here = parts[..=i].join(".");
        let next = table
            .get_mut(*part)
            .ok_or_else(|| format!("the scenario has no `{here}`"))?;
        table = match next {
            Value::Table(t) => t,
            Value::Array(items) => return set_in_array(items, &parts[i + 1..], value, &here),
            _ => return Err(format!("`{here}` is not a table")),
        };
    }
    match table.get(*last) {
        None | Some(Value::Integer(_) | Value::Float(_)) => {
            table.insert((*last).to_string(), value);
            Ok(())
        }
        Some(_) => Err(format!("`{path}` is not a number")),
    }
}

/// Enters the element of `items` named `rest[0]` and sets `rest[1..]` inside it.
fn set_in_array(
    items: &mut [Value],
    rest: &[&str],
    value: Value,
    here: &str,
) -> Result<(), String> {
    let (name, inner) = rest.split_first().ok_or("the path ends at a list")?;
    let names: Vec<String> = items
        .iter()
        .filter_map(|i| {
            i.get("name")
                .and_then(Value::as_str)
                .map(|n| format!("\"{n}\""))
        })
        .collect();
    let item = items
        .iter_mut()
        .find(|i| i.get("name").and_then(Value::as_str) == Some(*name))
        .ok_or_else(|| {
            format!(
                "no `{here}` is named \"{name}\"; names: {}",
                names.join(", ")
            )
        })?;
    let Value::Table(t) = item else {
        return Err(format!("`{here}.{name}` is not a table"));
    };
    if inner.is_empty() {
        return Err(format!("`{here}.{name}` needs a field after the name"));
    }
    set_path(t, &inner.join("."), value)
}

fn point_label(axes: &[Axis], values: &[Value]) -> String {
    axes.iter()
        .zip(values)
        .map(|(a, v)| format!("{} = {v}", a.path))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Builds and checks the scenario at every grid point (first axis slowest).
pub fn points(source: &Source, sweep: &Sweep) -> Result<Vec<Point>, ScenarioError> {
    let mut base: Table = toml::from_str(&source.text)
        .map_err(|e| source.invalid(e.span().unwrap_or(0..0), "sweep", e.message().to_string()))?;
    base.remove("sweep");
    let mut grid: Vec<Vec<Value>> = vec![Vec::new()];
    for axis in &sweep.axes {
        grid = grid
            .into_iter()
            .flat_map(|prefix| {
                axis.values.iter().map(move |v| {
                    let mut p = prefix.clone();
                    p.push(v.clone());
                    p
                })
            })
            .collect();
    }
    grid.into_iter()
        .map(|values| {
            let mut doc = base.clone();
            for (axis, v) in sweep.axes.iter().zip(&values) {
                set_path(&mut doc, &axis.path, v.clone()).map_err(|m| {
                    source.invalid(axis.span.clone(), format!("sweep.\"{}\"", axis.path), m)
                })?;
            }
            let text = toml::to_string(&doc).expect("a parsed table serializes");
            let scenario =
                Scenario::from_source(Source::from_text(&source.path, text)).map_err(|e| {
                    let inner = match &e {
                        ScenarioError::Invalid { key, message, .. } => match key {
                            Some(k) => format!("`{k}`: {message}"),
                            None => message.clone(),
                        },
                        other => other.to_string(),
                    };
                    let axis = match &e {
                        ScenarioError::Invalid { key: Some(k), .. } => {
                            sweep.axes.iter().find(|a| &a.path == k)
                        }
                        _ => None,
                    }
                    .unwrap_or(&sweep.axes[0]);
                    source.invalid(
                        axis.span.clone(),
                        format!("sweep.\"{}\"", axis.path),
                        format!("at {}: {inner}", point_label(&sweep.axes, &values)),
                    )
                })?;
            // The scenario keeps the original text, so reports show what the user wrote.
            Ok(Point {
                values,
                scenario: Scenario {
                    source: source.clone(),
                    ..scenario
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;

/// The scenario of `source` with the integer field at `path` set to `value` (for target
/// searches). `Err` carries what was wrong: a path that leads nowhere, or the checked
/// scenario's complaint about the value.
pub fn variant(source: &Source, path: &str, value: i64) -> Result<Scenario, String> {
    variant_with(source, &[(path.to_string(), Value::Integer(value))])
}

/// The scenario of `source` with every `(path, value)` of `changes` put in (and without its
/// `[sweep]` and `[variant]` tables).
pub fn variant_with(source: &Source, changes: &[(String, Value)]) -> Result<Scenario, String> {
    let mut doc: Table = toml::from_str(&source.text).map_err(|e| e.message().to_string())?;
    doc.remove("sweep");
    doc.remove("variant");
    for (path, value) in changes {
        set_path(&mut doc, path, value.clone())?;
    }
    let text = toml::to_string(&doc).expect("a parsed table serializes");
    let scenario =
        Scenario::from_source(Source::from_text(&source.path, text)).map_err(|e| match e {
            ScenarioError::Invalid {
                key: Some(k),
                message,
                ..
            } => format!("`{k}`: {message}"),
            other => other.to_string(),
        })?;
    Ok(Scenario {
        source: source.clone(),
        ..scenario
    })
}

/// A `[variant.LABEL]` table: the changes it makes to the scenario.
#[derive(Debug, Clone)]
pub struct Variant {
    /// The label.
    pub label: String,
    /// `(path, value)` changes.
    pub changes: Vec<(String, Value)>,
}

#[derive(Debug, Deserialize)]
struct VariantsOnly {
    variant: Option<Spanned<Table>>,
}

/// The `[variant.LABEL]` tables of `source`, each checked by building its scenario.
pub fn variants(source: &Source) -> Result<Vec<(Variant, Scenario)>, ScenarioError> {
    let Some(table) = source.parse::<VariantsOnly>()?.variant else {
        return Ok(Vec::new());
    };
    let span = table.span();
    let mut out = Vec::new();
    for (label, body) in table.get_ref() {
        let key = format!("variant.{label}");
        let Value::Table(t) = body else {
            return Err(source.invalid(
                span.clone(),
                key,
                "a variant is a table of changes: [variant.NAME] with \"path\" = number lines",
            ));
        };
        let changes: Vec<(String, Value)> = t.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
        if changes.is_empty()
            || changes
                .iter()
                .any(|(_, v)| !matches!(v, Value::Integer(_) | Value::Float(_)))
        {
            return Err(source.invalid(
                span.clone(),
                key,
                "give one or more numeric changes, e.g. \"check.magic_dice\" = 2",
            ));
        }
        let scenario = variant_with(source, &changes)
            .map_err(|m| source.invalid(span.clone(), key.clone(), m))?;
        out.push((
            Variant {
                label: label.clone(),
                changes,
            },
            scenario,
        ));
    }
    Ok(out)
}

/// The integer value at `path` in `source` (arrays of tables entered by `name`), if any.
pub fn integer_at(source: &Source, path: &str) -> Option<i64> {
    let doc: Table = toml::from_str(&source.text).ok()?;
    let mut here = &Value::Table(doc);
    for part in path.split('.') {
        here = match here {
            Value::Table(t) => t.get(part)?,
            Value::Array(items) => items
                .iter()
                .find(|i| i.get("name").and_then(Value::as_str) == Some(part))?,
            _ => return None,
        };
    }
    here.as_integer()
}
