//! Sweeps and variants: edits of a parsed [`Document`].
//!
//! A `[sweep]` table varies fields over lists or ranges of numbers, or over lists of words, and
//! several fields give their full grid:
//!
//! ```toml
//! [sweep]
//! "check.challenge" = { from = 1, to = 17 }     # integers from..=to, optional step
//! "check.magic_dice" = [0, 1, 2, 3]              # or a list of numbers
//! "combatant.Yeti.survival" = [10, 20, 30, 40]   # arrays of tables are addressed by name
//! "combatant.Yeti.tactics" = ["by_the_book", "ruthless"]   # or a list of words
//! ```
//!
//! Each grid point is the document with those values put in; the put-in value carries the
//! span of its `[sweep]` entry, and an error at a point ([`Sweep::point_error`]) names the
//! sweep path, its line and the point. Every point runs from the same seed, so neighbouring
//! points share their random numbers (common random numbers) and differ by the change, not
//! by noise. A `[variant.LABEL]` table lists `"path" = number` changes the same way.

use super::document::{Document, Node, NodeValue};
use oddsmith_core::error::ScenarioError;
use std::ops::Range;

/// A swept or changed value (a number).
pub use toml::Value;

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
    /// Its words, in order, when it sweeps words (empty when it sweeps numbers).
    pub fn words(&self) -> Vec<String> {
        (self.values.iter())
            .filter_map(|v| v.as_str().map(str::to_string))
            .collect()
    }

    /// The short name used for table columns: the path's last part.
    pub fn label(&self) -> &str {
        self.path.rsplit('.').next().unwrap_or(&self.path)
    }

    fn key(&self) -> String {
        format!("sweep.\"{}\"", self.path)
    }
}

/// A parsed `[sweep]` table.
#[derive(Debug, Clone)]
pub struct Sweep {
    /// Swept fields in the order written; the first varies slowest.
    pub axes: Vec<Axis>,
}

/// One grid point: each axis's value and the document with them put in.
#[derive(Debug, Clone)]
pub struct GridPoint {
    /// Values in axis order.
    pub values: Vec<Value>,
    /// The document at this point (without its `[sweep]` table).
    pub document: Document,
}

/// Reads the `[sweep]` table of `doc`, if it has one.
pub fn parse(doc: &Document) -> Result<Option<Sweep>, ScenarioError> {
    let Some(table) = doc.get("sweep") else {
        return Ok(None);
    };
    let NodeValue::Table(entries) = &table.value else {
        return Err(doc.invalid(
            table.span.clone(),
            "sweep",
            "[sweep] is a table of \"path\" = values lines",
        ));
    };
    if entries.is_empty() {
        return Err(doc.invalid(table.span.clone(), "sweep", "the [sweep] table is empty"));
    }
    let mut axes = Vec::new();
    for (path, value) in entries {
        let key = format!("sweep.\"{}\"", path.get_ref());
        axes.push(Axis {
            path: path.get_ref().clone(),
            values: axis_values(doc, &key, value)?,
            span: value.span.clone(),
        });
    }
    let size = axes
        .iter()
        .try_fold(1usize, |n, a| n.checked_mul(a.values.len()));
    match size {
        Some(n) if n <= MAX_POINTS => Ok(Some(Sweep { axes })),
        _ => Err(doc.invalid(
            axes[0].span.clone(),
            "sweep",
            format!("the grid has more than {MAX_POINTS} points; sweep fewer values"),
        )),
    }
}

fn axis_values(doc: &Document, key: &str, v: &Node) -> Result<Vec<Value>, ScenarioError> {
    let bad = |message: &str| doc.invalid(v.span.clone(), key, message.to_string());
    match &v.value {
        NodeValue::Array(items) if !items.is_empty() => {
            let words = || -> Option<Vec<Value>> {
                let words: Vec<Value> = (items.iter())
                    .map(|n| n.as_str().map(|w| Value::String(w.to_string())))
                    .collect::<Option<_>>()?;
                // Each word once: a word's place is its point's value in the tables.
                let distinct = (words.iter().enumerate()).all(|(i, w)| !words[..i].contains(w));
                distinct.then_some(words)
            };
            (items
                .iter()
                .map(Node::as_number)
                .collect::<Option<Vec<_>>>())
            .or_else(words)
            .ok_or_else(|| {
                bad(
                    "every value must be a number, e.g. [0, 1, 2, 3], or every one a \
                         different word in quotes, e.g. [\"by_the_book\", \"ruthless\"]",
                )
            })
        }
        NodeValue::Table(entries) => {
            let int = |k: &str| v.get(k).and_then(Node::as_integer);
            let unknown = entries
                .iter()
                .find(|(k, _)| !["from", "to", "step"].contains(&k.get_ref().as_str()));
            match (int("from"), int("to"), v.get("step").map(Node::as_integer)) {
                (Some(from), Some(to), step) if unknown.is_none() && from <= to => {
                    let step = match step {
                        None => 1,
                        Some(Some(s)) if s >= 1 => s,
                        _ => return Err(bad("`step` must be an integer of at least 1")),
                    };
                    // In i128: a range from i64::MIN to i64::MAX must not overflow.
                    let n = (i128::from(to) - i128::from(from)) / i128::from(step) + 1;
                    if n > MAX_POINTS as i128 {
                        return Err(bad("the range has too many values; use a larger step"));
                    }
                    Ok((0..n as i64)
                        .map(|i| Value::Integer(from + i * step))
                        .collect())
                }
                _ => Err(bad(
                    "a range is { from = A, to = B } or { from = A, to = B, step = S } with integers A ≤ B",
                )),
            }
        }
        _ => Err(bad(
            "give a list of numbers ([0, 1, 2]), a range ({ from = 1, to = 17 }) or a list of \
             words ([\"by_the_book\", \"ruthless\"])",
        )),
    }
}

impl Sweep {
    /// The grid's documents, first axis slowest. A path that leads nowhere is an error at
    /// its `[sweep]` line.
    pub fn points(&self, doc: &Document) -> Result<Vec<GridPoint>, ScenarioError> {
        let mut grid: Vec<Vec<Value>> = vec![Vec::new()];
        for axis in &self.axes {
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
                let mut edits = Vec::with_capacity(self.axes.len());
                for (axis, v) in self.axes.iter().zip(&values) {
                    let node = match v.as_str() {
                        Some(word) => Node::string(word, axis.span.clone()),
                        None => Node::number(v, axis.span.clone()).expect("a number or a word"),
                    };
                    edits.push((axis.path.as_str(), node));
                }
                let document = doc.edited(&["sweep"], &edits).map_err(|m| {
                    // Find the axis whose path failed: the first one that fails alone.
                    let axis = self
                        .axes
                        .iter()
                        .zip(&edits)
                        .find(|(_, e)| doc.edited(&[], std::slice::from_ref(e)).is_err())
                        .map_or(&self.axes[0], |(a, _)| a);
                    doc.invalid(axis.span.clone(), axis.key(), m)
                })?;
                Ok(GridPoint { values, document })
            })
            .collect()
    }

    /// `error`, raised while building the scenario at the point `values`, as an error at the
    /// `[sweep]` line it came from, saying which point.
    pub fn point_error(
        &self,
        doc: &Document,
        values: &[Value],
        error: ScenarioError,
    ) -> ScenarioError {
        let axis = match &error {
            ScenarioError::Invalid { key: Some(k), .. } => self.axes.iter().find(|a| &a.path == k),
            _ => None,
        }
        .unwrap_or(&self.axes[0]);
        let label: Vec<String> = self
            .axes
            .iter()
            .zip(values)
            .map(|(a, v)| format!("{} = {v}", a.path))
            .collect();
        doc.invalid(
            axis.span.clone(),
            axis.key(),
            format!("at {}: {}", label.join(", "), inner_message(&error)),
        )
    }
}

/// An error's message with its key, without the file position (for wrapping).
pub fn inner_message(error: &ScenarioError) -> String {
    match error {
        ScenarioError::Invalid { key, message, .. } => match key {
            Some(k) => format!("`{k}`: {message}"),
            None => message.clone(),
        },
        other => other.to_string(),
    }
}

/// A `[variant.LABEL]` table: the changes it makes to the scenario.
#[derive(Debug, Clone)]
pub struct Variant {
    /// The label.
    pub label: String,
    /// `(path, value)` changes.
    pub changes: Vec<(String, Value)>,
    span: Range<usize>,
}

impl Variant {
    /// `error`, raised while building this variant's scenario, as an error at its table.
    pub fn error(&self, doc: &Document, error: ScenarioError) -> ScenarioError {
        doc.invalid(
            self.span.clone(),
            format!("variant.{}", self.label),
            inner_message(&error),
        )
    }
}

/// The `[variant.LABEL]` tables of `doc`, each with its document (without `[sweep]` and
/// `[variant]`).
pub fn variants(doc: &Document) -> Result<Vec<(Variant, Document)>, ScenarioError> {
    let Some(table) = doc.get("variant") else {
        return Ok(Vec::new());
    };
    let span = table.span.clone();
    let NodeValue::Table(entries) = &table.value else {
        return Err(doc.invalid(span, "variant", "use [variant.NAME] tables"));
    };
    let mut out = Vec::new();
    for (label, body) in entries {
        let key = format!("variant.{}", label.get_ref());
        // Each change is a number, a word or text, or true or false, put in as written (at
        // the variant's line, so that an error in it points there).
        let changes: Option<Vec<(String, Value, Node)>> = match &body.value {
            NodeValue::Table(t) if !t.is_empty() => t
                .iter()
                .map(|(k, v)| {
                    let value = v.as_scalar()?;
                    let node = Node {
                        span: span.clone(),
                        value: v.value.clone(),
                    };
                    Some((k.get_ref().clone(), value, node))
                })
                .collect(),
            _ => None,
        };
        let Some(changes) = changes else {
            return Err(doc.invalid(
                span.clone(),
                key,
                "a variant is a table of changes: [variant.NAME] with \"path\" = value lines \
                 (a number, a word or text in quotes, true or false), e.g. \
                 \"check.magic_dice\" = 2 or \"combatant.Yeti.tactics\" = \"ruthless\"",
            ));
        };
        let nodes: Vec<(String, Node)> = (changes.iter())
            .map(|(p, _, node)| (p.clone(), node.clone()))
            .collect();
        let edits: Vec<(&str, Node)> = (nodes.iter())
            .map(|(p, node)| (p.as_str(), node.clone()))
            .collect();
        let changes = changes.into_iter().map(|(p, v, _)| (p, v)).collect();
        let document = doc
            .edited(&["sweep", "variant"], &edits)
            .map_err(|m| doc.invalid(span.clone(), key.clone(), m))?;
        let variant = Variant {
            label: label.get_ref().clone(),
            changes,
            span: span.clone(),
        };
        out.push((variant, document));
    }
    Ok(out)
}

/// A fight's combatants as written in `doc`: (table, name, side) for each `[[combatant]]`
/// table (named as written or by the template it uses, its `side` likewise), `[[pc]]` (side `pcs`) and `[[npc]]`
/// (side `npcs`), in the file's order. A table with `count` is one entry: an edit of it
/// reaches every copy.
pub fn fighters(doc: &Document) -> Vec<(&'static str, String, String)> {
    let mut out = Vec::new();
    for table in ["combatant", "pc", "npc"] {
        let Some(Node {
            value: NodeValue::Array(items),
            ..
        }) = doc.get(table)
        else {
            continue;
        };
        for item in items {
            let Some(name) = crate::template::base_name(item) else {
                continue;
            };
            let side = match table {
                "pc" => Some("pcs".to_string()),
                "npc" => Some("npcs".to_string()),
                _ => (doc.at(&format!("{table}.{name}.side")))
                    .and_then(Node::as_str)
                    .map(str::to_string),
            };
            if let Some(side) = side {
                out.push((table, name.to_string(), side));
            }
        }
    }
    out
}

/// `doc` with each `(path, word)` of `edits` put in as a string, without its `[sweep]`,
/// `[variant]` and `[tune]` tables; `Err` says which path leads nowhere.
pub fn with_words(doc: &Document, edits: &[(String, &str)]) -> Result<Document, String> {
    let mut doc = doc.edited(&["sweep", "variant", "tune"], &[])?;
    for (path, word) in edits {
        doc = doc.set(path, Node::string(word, 0..0))?;
    }
    Ok(doc)
}

/// `doc` with the integer field at `path` set to `value` (for target searches), without its
/// `[sweep]` and `[variant]` tables; `Err` says how the path leads nowhere.
pub fn with_integer(doc: &Document, path: &str, value: i64) -> Result<Document, String> {
    let span = doc.get("tune").map_or(0..0, |t| t.span.clone());
    let node = Node::number(&Value::Integer(value), span).expect("an integer");
    doc.edited(&["sweep", "variant"], &[(path, node)])
}

/// The integer value at `path` in `doc` (arrays of tables entered by `name`), if any.
pub fn integer_at(doc: &Document, path: &str) -> Option<i64> {
    doc.at(path).and_then(Node::as_integer)
}
