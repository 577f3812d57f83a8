//! A scenario file parsed once into an owned tree that remembers where every key and value
//! came from. Sections are read from the tree into typed structs ([`Document::section`]) with
//! line-and-column errors; sweeps and variants edit the tree ([`Document::edited`]) instead of
//! writing text back and parsing it again. An edited value carries the span of the line that
//! asked for it (a `[sweep]` or `[variant.NAME]` entry), so an error in it points there.

use super::Source;
use super::catalog::Catalog;
use super::library::Library;
use super::template::base_name;
use oddsmith_core::error::ScenarioError;
use serde::de::DeserializeOwned;
use std::borrow::Cow;
use std::ops::Range;
use toml::Spanned;
use toml::de::{DeArray, DeTable, DeValue, ValueDeserializer};

/// One value of the tree and the byte range it was written at.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// Where the value was written (or, for an edit, the entry that asked for it).
    pub span: Range<usize>,
    /// The value.
    pub value: NodeValue,
}

/// A TOML value; numbers keep the text they were written as, so they read back exactly.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeValue {
    /// A string.
    String(String),
    /// An integer and its decimal text.
    Integer(i64, String),
    /// A float and its TOML text.
    Float(f64, String),
    /// A boolean.
    Boolean(bool),
    /// A date or time, as its TOML text.
    Datetime(String),
    /// An array.
    Array(Vec<Node>),
    /// A table: keys with their spans, in written order.
    Table(Vec<(Spanned<String>, Node)>),
}

impl Node {
    /// A number node at `span`: an integer when `value` is whole and was given as one.
    pub fn number(value: &toml::Value, span: Range<usize>) -> Option<Self> {
        let value = match value {
            toml::Value::Integer(i) => NodeValue::Integer(*i, i.to_string()),
            toml::Value::Float(f) => NodeValue::Float(*f, toml::Value::Float(*f).to_string()),
            _ => return None,
        };
        Some(Self { span, value })
    }

    /// A string node at `span`.
    pub fn string(value: &str, span: Range<usize>) -> Self {
        Self {
            span,
            value: NodeValue::String(value.to_string()),
        }
    }

    /// The entry `key` of a table node.
    pub fn get(&self, key: &str) -> Option<&Node> {
        match &self.value {
            NodeValue::Table(entries) => entries
                .iter()
                .find(|(k, _)| k.get_ref() == key)
                .map(|(_, v)| v),
            _ => None,
        }
    }

    /// The string value, if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match &self.value {
            NodeValue::String(s) => Some(s),
            _ => None,
        }
    }

    /// The integer value, if this is an integer.
    pub fn as_integer(&self) -> Option<i64> {
        match &self.value {
            NodeValue::Integer(i, _) => Some(*i),
            _ => None,
        }
    }

    /// The number as a TOML value, if this is a number.
    pub fn as_number(&self) -> Option<toml::Value> {
        match &self.value {
            NodeValue::Integer(i, _) => Some(toml::Value::Integer(*i)),
            NodeValue::Float(f, _) => Some(toml::Value::Float(*f)),
            _ => None,
        }
    }

    /// The value, if this is a number, a string or a boolean (what a change may put in).
    pub fn as_scalar(&self) -> Option<toml::Value> {
        match &self.value {
            NodeValue::String(s) => Some(toml::Value::String(s.clone())),
            NodeValue::Boolean(b) => Some(toml::Value::Boolean(*b)),
            _ => self.as_number(),
        }
    }

    pub(super) fn from_de(value: &Spanned<DeValue<'_>>) -> Self {
        let span = value.span();
        let value = match value.get_ref() {
            DeValue::String(s) => NodeValue::String(s.to_string()),
            DeValue::Integer(i) => {
                let text = i.as_str();
                // The parser has checked the digits; an integer beyond i64 keeps its text and
                // is reported by the deserializer when read.
                let v = i64::from_str_radix(text, i.radix()).unwrap_or(0);
                NodeValue::Integer(v, i.to_string())
            }
            DeValue::Float(f) => {
                NodeValue::Float(f.as_str().parse().unwrap_or(f64::NAN), f.to_string())
            }
            DeValue::Boolean(b) => NodeValue::Boolean(*b),
            DeValue::Datetime(d) => NodeValue::Datetime(d.to_string()),
            DeValue::Array(items) => NodeValue::Array(items.iter().map(Node::from_de).collect()),
            DeValue::Table(t) => NodeValue::Table(
                t.iter()
                    .map(|(k, v)| {
                        (
                            Spanned::new(k.span(), k.get_ref().to_string()),
                            Node::from_de(v),
                        )
                    })
                    .collect(),
            ),
        };
        Self { span, value }
    }

    /// The TOML parser's value for a number or date written as `text` (checked when the
    /// file was parsed).
    fn reparse(text: &str) -> DeValue<'_> {
        DeValue::parse(text)
            .map(Spanned::into_inner)
            .unwrap_or(DeValue::Boolean(false))
    }

    /// The tree as the TOML parser's own value type, borrowing this node's text, so serde
    /// reads it exactly as it reads a file (spans included).
    fn to_de(&self) -> Spanned<DeValue<'_>> {
        let value = match &self.value {
            NodeValue::String(s) => DeValue::String(Cow::Borrowed(s)),
            NodeValue::Integer(_, text) | NodeValue::Float(_, text) => Self::reparse(text),
            NodeValue::Datetime(text) => Self::reparse(text),
            NodeValue::Boolean(b) => DeValue::Boolean(*b),
            NodeValue::Array(items) => {
                let mut array = DeArray::new();
                for item in items {
                    array.push(item.to_de());
                }
                DeValue::Array(array)
            }
            NodeValue::Table(entries) => {
                let mut table = DeTable::new();
                for (k, v) in entries {
                    table.insert(
                        Spanned::new(k.span(), Cow::Borrowed(k.get_ref())),
                        v.to_de(),
                    );
                }
                DeValue::Table(table)
            }
        };
        Spanned::new(self.span.clone(), value)
    }
}

/// A scenario file: its text and the tree parsed from it once.
#[derive(Debug, Clone)]
pub struct Document {
    /// The file's path and text (as written, also for edited documents).
    pub source: Source,
    pub(super) root: Node,
    /// The built-in library of the system the file names, once [`Document::assembled`] has
    /// looked it up (a `use` naming no template says what it has).
    pub(super) library: Option<&'static Library>,
    /// The keys of the system the file names, once [`Document::assembled`] has looked it up
    /// (`--set` may then write a declared table the file leaves out).
    pub(super) schema: Option<&'static crate::keys::Schema>,
}

impl Document {
    /// Parses `source`; a TOML syntax error names its line and column.
    pub fn parse(source: Source) -> Result<Self, ScenarioError> {
        let root = DeTable::parse(&source.text)
            .map_err(|e| source.toml_error(&e))
            .map(|t| Node::from_de(&Spanned::new(t.span(), DeValue::Table(t.into_inner()))))?;
        // Text goes to terminals, pages and tables: a control character (an escape sequence,
        // a line break inside a name) is refused where it is written.
        if let Some((span, path)) = control_text(&root, String::new()) {
            return Err(source.invalid(
                span,
                path,
                "text may not hold control characters (escape sequences, line breaks, tabs); \
                 allowed: printable characters",
            ));
        }
        Ok(Self {
            source,
            root,
            library: None,
            schema: None,
        })
    }

    /// Reads and parses the file at `path`, with what it includes and the templates it uses
    /// from its system's library in `catalog` brought in ([`Document::assembled`]).
    pub fn read(path: &std::path::Path, catalog: &Catalog) -> Result<Self, ScenarioError> {
        Self::parse(Source::read(path)?)?.assembled(catalog)
    }

    /// The whole tree.
    pub fn root(&self) -> &Node {
        &self.root
    }

    /// Top-level keys with their spans, in written order.
    pub fn top_level(&self) -> &[(Spanned<String>, Node)] {
        match &self.root.value {
            NodeValue::Table(entries) => entries,
            _ => &[],
        }
    }

    /// The top-level entry `key`.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.root.get(key)
    }

    /// Reads the whole document as `T` (unknown keys are up to `T`).
    pub fn read_as<T: DeserializeOwned>(&self) -> Result<T, ScenarioError> {
        T::deserialize(ValueDeserializer::from(self.root.to_de()))
            .map_err(|e| self.source.toml_error(&e))
    }

    /// Reads the top-level section `key` as `T`, or `None` when the file has no such section.
    pub fn section<T: DeserializeOwned>(&self, key: &str) -> Result<Option<T>, ScenarioError> {
        self.get(key).map(|node| self.read_node(node)).transpose()
    }

    /// Reads `node` (a part of this document) as `T`.
    pub fn read_node<T: DeserializeOwned>(&self, node: &Node) -> Result<T, ScenarioError> {
        T::deserialize(ValueDeserializer::from(node.to_de()))
            .map_err(|e| self.source.toml_error(&e))
    }

    /// An error at `span` about `key`.
    pub fn invalid(
        &self,
        span: Range<usize>,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> ScenarioError {
        self.source.invalid(span, key, message)
    }

    /// The node at the dotted `path`; arrays of tables are entered by their items' `name`
    /// (or, for a fighter without one, the template it `use`s), and a key a fighter does not
    /// give is looked up in its template.
    pub fn at(&self, path: &str) -> Option<&Node> {
        let mut here = &self.root;
        for part in path.split('.') {
            here = match &here.value {
                // A key a fighter leaves to its template is the template's.
                NodeValue::Table(_) => match (here.get(part), here.get("use")) {
                    (Some(v), _) => v,
                    (None, Some(used)) => self.template(used.as_str()?)?.get(part)?,
                    (None, None) => return None,
                },
                NodeValue::Array(items) => items.iter().find(|i| base_name(i) == Some(part))?,
                _ => return None,
            };
        }
        Some(here)
    }

    /// The `[[creature]]` template named `name`.
    fn template(&self, name: &str) -> Option<&Node> {
        match &self.get(super::template::TEMPLATES)?.value {
            NodeValue::Array(items) => items
                .iter()
                .find(|i| i.get("name").and_then(Node::as_str) == Some(name)),
            _ => None,
        }
    }

    /// This document without the top-level `keys` and with each `(path, value)` of `edits`
    /// put in; `Err` says which path led nowhere or held no number.
    pub fn edited(&self, remove: &[&str], edits: &[(&str, Node)]) -> Result<Document, String> {
        let mut doc = self.clone();
        if let NodeValue::Table(entries) = &mut doc.root.value {
            entries.retain(|(k, _)| !remove.contains(&k.get_ref().as_str()));
        }
        for (path, node) in edits {
            set_path(&mut doc.root, path, node.clone(), false)?;
        }
        Ok(doc)
    }

    /// This document with the value at the dotted `path` replaced by `value` (`--set`): any
    /// value but a table, or a key the table lacks; `Err` says which path led nowhere. A
    /// replaced value keeps the span of the one it replaces, so an error in it points at the
    /// line it overrides.
    pub fn set(&self, path: &str, value: Node) -> Result<Document, String> {
        let mut doc = self.clone();
        // A table its system declares once (`[aftermath]`) that the file leaves out: made
        // empty, so that the key goes in it (the load checks the key as any other).
        if let Some((top, _)) = path.split_once('.')
            && doc.get(top).is_none()
            && (doc.schema.iter().flat_map(|s| s.tables()))
                .any(|t| t.path == top && t.form == crate::keys::Form::One)
            && let NodeValue::Table(entries) = &mut doc.root.value
        {
            let span = doc.root.span.start..doc.root.span.start;
            let table = Node {
                span: span.clone(),
                value: NodeValue::Table(Vec::new()),
            };
            entries.push((Spanned::new(span, top.to_string()), table));
        }
        set_path(&mut doc.root, path, value, true)?;
        Ok(doc)
    }
}

impl Node {
    /// This node and everything in it moved `by` bytes later (a text brought in at offset
    /// `by` of the assembled document).
    pub(super) fn shift(&mut self, by: usize) {
        self.span = self.span.start + by..self.span.end + by;
        match &mut self.value {
            NodeValue::Array(items) => items.iter_mut().for_each(|i| i.shift(by)),
            NodeValue::Table(entries) => entries.iter_mut().for_each(|(k, v)| {
                let span = k.span();
                *k = Spanned::new(span.start + by..span.end + by, k.get_ref().clone());
                v.shift(by);
            }),
            _ => {}
        }
    }

    /// This node and everything in it moved to `span`.
    fn respan(&mut self, span: &Range<usize>) {
        self.span = span.clone();
        match &mut self.value {
            NodeValue::Array(items) => items.iter_mut().for_each(|i| i.respan(span)),
            NodeValue::Table(entries) => entries.iter_mut().for_each(|(k, v)| {
                *k = Spanned::new(span.clone(), k.get_ref().clone());
                v.respan(span);
            }),
            _ => {}
        }
    }

    /// A value written as TOML (`30`, `"Sam"`, `true`, `[1, 2]`), at no place in any file;
    /// `None` when `text` is no TOML value.
    pub fn parse_value(text: &str) -> Option<Node> {
        let source = Source::from_text("--set", format!("v = {text}\n"));
        let doc = Document::parse(source).ok()?;
        let NodeValue::Table(mut entries) = doc.root.value else {
            return None;
        };
        (entries.len() == 1).then(|| entries.remove(0).1)
    }
}

/// The first key or string under `node` (at `path`) that holds a control character: its
/// span and its key path.
fn control_text(node: &Node, path: String) -> Option<(Range<usize>, String)> {
    let control = |t: &str| t.chars().any(char::is_control);
    let at = |k: &str| {
        if path.is_empty() {
            k.to_string()
        } else {
            format!("{path}.{k}")
        }
    };
    match &node.value {
        NodeValue::String(s) if control(s) => Some((node.span.clone(), path)),
        NodeValue::Array(items) => items.iter().find_map(|n| control_text(n, path.clone())),
        NodeValue::Table(entries) => entries.iter().find_map(|(k, v)| {
            if control(k.get_ref()) {
                Some((k.span(), at(k.get_ref())))
            } else {
                control_text(v, at(k.get_ref()))
            }
        }),
        _ => None,
    }
}

/// Puts `value` at the dotted `path` under `table`; arrays of tables are entered by `name`.
/// Only a number is replaced unless `any` (then any value but a table, taking its span).
fn set_path(table: &mut Node, path: &str, value: Node, any: bool) -> Result<(), String> {
    let parts: Vec<&str> = path.split('.').collect();
    let (last, walk) = parts.split_last().ok_or("the path is empty")?;
    let mut here = table;
    for (i, part) in walk.iter().enumerate() {
        let at = parts[..=i].join(".");
        let next = entry_mut(here, part).ok_or_else(|| format!("the scenario has no `{at}`"))?;
        match &next.value {
            NodeValue::Table(_) => here = next,
            NodeValue::Array(_) => return set_in_array(next, &parts[i + 1..], value, &at, any),
            _ => return Err(format!("`{at}` is not a table")),
        }
    }
    let table_span = here.span.clone();
    let NodeValue::Table(entries) = &mut here.value else {
        return Err(format!("`{path}` is not in a table"));
    };
    match entries.iter_mut().find(|(k, _)| k.get_ref() == last) {
        None => {
            // A new key from the command line is placed at its table.
            let mut value = value;
            if any {
                value.respan(&table_span);
            }
            let key = Spanned::new(value.span.clone(), (*last).to_string());
            entries.push((key, value));
            Ok(())
        }
        Some((_, old)) if any && matches!(old.value, NodeValue::Table(_)) => Err(format!(
            "`{path}` is a table; set one of its keys (`{path}.KEY`)"
        )),
        Some((_, old)) if any => {
            let mut value = value;
            value.respan(&old.span);
            *old = value;
            Ok(())
        }
        Some((_, old)) if same_kind(&old.value, &value.value) => {
            *old = value;
            Ok(())
        }
        Some(_) => Err(format!("`{path}` is not {}", kind_words(&value.value))),
    }
}

/// Whether a change may put `new` where `old` was: a number for a number, a string for a
/// string, a boolean for a boolean.
fn same_kind(old: &NodeValue, new: &NodeValue) -> bool {
    use NodeValue::{Boolean, Float, Integer, String};
    matches!(
        (old, new),
        (Integer(..) | Float(..), Integer(..) | Float(..))
            | (String(_), String(_))
            | (Boolean(_), Boolean(_))
    )
}

/// What a change of `value`'s kind needs the old value to be, in words.
fn kind_words(value: &NodeValue) -> &'static str {
    match value {
        NodeValue::String(_) => "a word or text",
        NodeValue::Boolean(_) => "true or false",
        _ => "a number",
    }
}

fn entry_mut<'a>(node: &'a mut Node, key: &str) -> Option<&'a mut Node> {
    match &mut node.value {
        NodeValue::Table(entries) => entries
            .iter_mut()
            .find(|(k, _)| k.get_ref() == key)
            .map(|(_, v)| v),
        _ => None,
    }
}

/// Enters the item of the array `list` named `rest[0]` and sets `rest[1..]` inside it.
fn set_in_array(
    list: &mut Node,
    rest: &[&str],
    value: Node,
    here: &str,
    any: bool,
) -> Result<(), String> {
    let NodeValue::Array(items) = &mut list.value else {
        return Err(format!("`{here}` is not a list"));
    };
    let (name, inner) = rest.split_first().ok_or("the path ends at a list")?;
    // `Goblin 2` of a table with `count = 3`: that table becomes its three fighters first.
    let by_name = |i: &Node| base_name(i) == Some(*name);
    if !items.iter().any(by_name) {
        let counted = items.iter().enumerate().find_map(|(at, item)| {
            let copies = super::template::split_counted(item)?;
            copies.iter().any(by_name).then_some((at, copies))
        });
        if let Some((at, copies)) = counted {
            items.splice(at..=at, copies);
        }
    }
    let names: Vec<String> = items
        .iter()
        .filter_map(base_name)
        .map(|n| format!("\"{n}\""))
        .collect();
    let item = items
        .iter_mut()
        .find(|i| base_name(i) == Some(*name))
        .ok_or_else(|| {
            format!(
                "no `{here}` is named \"{name}\"; names: {}",
                names.join(", ")
            )
        })?;
    if !matches!(item.value, NodeValue::Table(_)) {
        return Err(format!("`{here}.{name}` is not a table"));
    }
    if inner.is_empty() {
        return Err(format!("`{here}.{name}` needs a field after the name"));
    }
    set_path(item, &inner.join("."), value, any)
}

#[cfg(test)]
mod tests;
