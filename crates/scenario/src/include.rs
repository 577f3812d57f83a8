//! Assembling a scenario from the files it names: a top-level `include = ["party.toml", …]`
//! (paths relative to the including file) brings in the fighter tables (`[[combatant]]`,
//! `[[pc]]`, `[[npc]]`) and `[[creature]]` templates of other files of the same system —
//! theirs first, in the order named, then the scenario's own; an included file may include
//! others. Then every template a fighter `use`s and no file defines is taken from the
//! system's built-in library ([`super::library`], as the caller's [`Catalog`] names it).
//! Each brought-in text keeps its own offsets ([`Source::bring`]), so an error in it names
//! that file and line and the line of the `include` (or `use`) that brought it in. A file is brought in once however often it
//! is named; an include cycle, a file of another system and any other key in an included
//! file are refused.

use super::catalog::Catalog;
use super::template::{FIGHTER_TABLES, TEMPLATES};
use super::{Document, Node, NodeValue, Source, hint, library, source};
use oddsmith_core::error::ScenarioError;
use std::path::{Path, PathBuf};
use toml::Spanned;
use toml::de::{DeTable, DeValue};

/// The top-level key naming the files to bring in.
pub const INCLUDE: &str = "include";

/// Most files one scenario may bring in, its includes' includes counted.
pub const MOST_INCLUDES: usize = 256;

/// The top-level keys an included file may have.
const INCLUDED_KEYS: [&str; 8] = [
    "name",
    "system",
    "description",
    INCLUDE,
    TEMPLATES,
    FIGHTER_TABLES[0],
    FIGHTER_TABLES[1],
    FIGHTER_TABLES[2],
];

/// The tables brought in, by top-level key, in order.
type Brought = Vec<(&'static str, Node)>;

impl Document {
    /// This document with its includes' fighter tables and templates in place, and the
    /// templates its fighters use from its system's library in `catalog` ([`include`](self)
    /// module). The `include` key is gone from the result; the texts brought in are in its
    /// [`Source`].
    pub fn assembled(mut self, catalog: &Catalog) -> Result<Document, ScenarioError> {
        let system = self
            .get("system")
            .and_then(Node::as_str)
            .map(str::to_string);
        self.library = system.as_deref().and_then(|s| catalog.library(s));
        self.schema = system
            .as_deref()
            .and_then(|s| catalog.get(s))
            .map(|s| s.schema);
        let mut walk = Walk {
            source: &mut self.source,
            system: system.as_deref(),
            catalog,
            stack: Vec::new(),
            seen: Vec::new(),
            out: Vec::new(),
        };
        let own = self.root.clone();
        let path = walk.source.path.clone();
        walk.stack.push((identity(&path), path.clone()));
        walk.seen.push(identity(&path));
        walk.includes(&own, &path)?;
        let brought = std::mem::take(&mut walk.out);
        self.put_first(brought)?;
        if let NodeValue::Table(top) = &mut self.root.value {
            top.retain(|(k, _)| k.get_ref() != INCLUDE);
        }
        self.bring_library()?;
        Ok(self)
    }

    /// Puts `brought` tables ahead of the document's own under their keys.
    fn put_first(&mut self, brought: Brought) -> Result<(), ScenarioError> {
        let NodeValue::Table(top) = &mut self.root.value else {
            return Ok(());
        };
        for key in std::iter::once(TEMPLATES).chain(FIGHTER_TABLES) {
            let items: Vec<Node> = brought
                .iter()
                .filter(|(k, _)| *k == key)
                .map(|(_, n)| n.clone())
                .collect();
            if let Err(at) = put(top, key, items, true) {
                return Err(self.source.invalid(
                    at,
                    key,
                    format!("expected `[[{key}]]` tables, to put after the included ones"),
                ));
            }
        }
        Ok(())
    }

    /// Adds to the `[[creature]]` templates each one a fighter `use`s that no file defines
    /// and the library of its system has (a name it lacks is left for
    /// [`Document::expanded`] to report).
    fn bring_library(&mut self) -> Result<(), ScenarioError> {
        let Some(lib) = self.library else {
            return Ok(());
        };
        let defined: Vec<String> = template_names(self.get(TEMPLATES));
        let mut wanted: Vec<(String, usize)> = Vec::new();
        for used in super::day::used_names(self) {
            let Some(name) = used.as_str() else { continue };
            if !defined.iter().any(|d| d == name) && !wanted.iter().any(|(w, _)| w == name) {
                wanted.push((name.to_string(), used.span.start));
            }
        }
        if wanted.is_empty() {
            return Ok(());
        }
        let entries = lib.entries()?;
        let mut brought: Vec<Node> = Vec::new();
        for (name, at) in wanted {
            let Some(entry) = entries.iter().find(|e| e.name == name) else {
                continue;
            };
            let base = self.source.bring(
                lib.shown_path(),
                entry.text,
                entry.first_line,
                (at, "the library's template, for the `use` at"),
            );
            let root = parse_at(&self.source, entry.text, base)?;
            if let Some(NodeValue::Array(items)) = root.get(TEMPLATES).map(|n| &n.value) {
                brought.extend(items.iter().cloned());
            }
        }
        // A `creature` that is no list is reported by `Document::expanded`.
        if let NodeValue::Table(top) = &mut self.root.value {
            let _ = put(top, TEMPLATES, brought, false);
        }
        Ok(())
    }
}

/// Puts `items` under the top-level array `key` of `top`, ahead of its own (`first`) or after
/// them, making the array where there is none; `Err` with the key's span where `key` holds
/// something else (nothing is put there).
fn put(
    top: &mut Vec<(Spanned<String>, Node)>,
    key: &str,
    mut items: Vec<Node>,
    first: bool,
) -> Result<(), std::ops::Range<usize>> {
    if items.is_empty() {
        return Ok(());
    }
    let Some((k, own)) = top.iter_mut().find(|(k, _)| k.get_ref() == key) else {
        let span = items[0].span.clone();
        let array = Node {
            span: span.clone(),
            value: NodeValue::Array(items),
        };
        top.push((Spanned::new(span, key.to_string()), array));
        return Ok(());
    };
    let NodeValue::Array(own_items) = &mut own.value else {
        return Err(k.span());
    };
    if first {
        items.append(own_items);
        *own_items = items;
    } else {
        own_items.append(&mut items);
    }
    Ok(())
}

/// The names of the templates in a `creature` array.
pub(super) fn template_names(list: Option<&Node>) -> Vec<String> {
    match list.map(|n| &n.value) {
        Some(NodeValue::Array(items)) => items
            .iter()
            .filter_map(|i| i.get("name").and_then(Node::as_str))
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

/// The walk over a scenario's includes.
struct Walk<'a> {
    /// The assembled document's source, which every included text is brought into.
    source: &'a mut Source,
    /// The scenario's `system`, which every included file must name.
    system: Option<&'a str>,
    /// The systems and their libraries (`library/<system>.toml` names a built-in one).
    catalog: &'a Catalog,
    /// The files being included, outermost first (to find a cycle), each with its path as
    /// shown.
    stack: Vec<(PathBuf, PathBuf)>,
    /// Every file brought in so far (each is brought in once).
    seen: Vec<PathBuf>,
    /// The tables brought in, in order.
    out: Brought,
}

impl Walk<'_> {
    /// Brings in the files `root`'s `include` names (`root` read from the file at `path`).
    fn includes(&mut self, root: &Node, path: &Path) -> Result<(), ScenarioError> {
        let Some(list) = root.get(INCLUDE) else {
            return Ok(());
        };
        let entries: Vec<&Node> = match &list.value {
            NodeValue::String(_) => vec![list],
            NodeValue::Array(items) => items.iter().collect(),
            _ => {
                return Err(self.source.invalid(
                    list.span.clone(),
                    INCLUDE,
                    "expected a list of file paths, such as `include = [\"party.toml\"]`",
                ));
            }
        };
        let dir = path.parent().unwrap_or(Path::new(""));
        for entry in entries {
            let Some(name) = entry.as_str() else {
                return Err(self.source.invalid(
                    entry.span.clone(),
                    INCLUDE,
                    "expected a file path in quotes, such as \"party.toml\"",
                ));
            };
            self.include(entry, name, dir)?;
        }
        Ok(())
    }

    /// Brings in the file `name` (relative to `dir`), named by `entry`.
    fn include(&mut self, entry: &Node, name: &str, dir: &Path) -> Result<(), ScenarioError> {
        let refuse =
            |source: &Source, message: String| source.invalid(entry.span.clone(), INCLUDE, message);
        let path = tidy(&dir.join(name));
        let (shown, text) = match source::read_text(&path) {
            Ok(text) => (path.clone(), text),
            // `library/<system>.toml` is the built-in library where no such file is there.
            Err(_) if builtin(self.catalog, name).is_some() => {
                let lib = builtin(self.catalog, name).expect("checked");
                (PathBuf::from(lib.shown_path()), lib.text.to_string())
            }
            Err(cause) => {
                return Err(refuse(
                    self.source,
                    format!("cannot read \"{}\": {cause}", path.display()),
                ));
            }
        };
        let id = identity(&shown);
        if let Some(at) = self.stack.iter().position(|(p, _)| *p == id) {
            let cycle: Vec<String> = self.stack[at..]
                .iter()
                .map(|(_, shown)| shown.display().to_string())
                .chain([shown.display().to_string()])
                .collect();
            return Err(refuse(
                self.source,
                format!(
                    "an include cycle: {}; a file cannot include itself, directly or \
                     through others",
                    cycle.join(" → ")
                ),
            ));
        }
        if self.seen.contains(&id) {
            return Ok(());
        }
        if self.seen.len() > MOST_INCLUDES {
            return Err(refuse(
                self.source,
                format!("a scenario may bring in at most {MOST_INCLUDES} files"),
            ));
        }
        self.seen.push(id.clone());
        let base = self
            .source
            .bring(&shown, text.clone(), 1, (entry.span.start, "included by"));
        let root = parse_at(self.source, &text, base)?;
        self.check(&root)?;
        self.stack.push((id, shown.clone()));
        self.includes(&root, &shown)?;
        self.stack.pop();
        if let NodeValue::Table(top) = &root.value {
            for (key, list) in top {
                let Some(key) = std::iter::once(TEMPLATES)
                    .chain(FIGHTER_TABLES)
                    .find(|k| k == key.get_ref())
                else {
                    continue;
                };
                let NodeValue::Array(items) = &list.value else {
                    return Err(self.source.invalid(
                        list.span.clone(),
                        key,
                        format!("expected `[[{key}]]` tables"),
                    ));
                };
                self.out.extend(items.iter().map(|i| (key, i.clone())));
            }
        }
        Ok(())
    }

    /// Refuses an included file of another system, or with keys other than fighters and
    /// templates.
    fn check(&self, root: &Node) -> Result<(), ScenarioError> {
        let NodeValue::Table(top) = &root.value else {
            return Ok(());
        };
        for (key, value) in top {
            let k = key.get_ref().as_str();
            if !INCLUDED_KEYS.contains(&k) {
                return Err(self.source.invalid(
                    key.span(),
                    k,
                    format!(
                        "an included file brings in fighter tables and `[[creature]]` \
                         templates only{}; allowed: {} (`[run]` and the rule sections stay \
                         in the scenario)",
                        hint::did_you_mean(k, INCLUDED_KEYS),
                        INCLUDED_KEYS
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
            if k == "system"
                && let (Some(want), Some(got)) = (self.system, value.as_str())
                && want != got
            {
                return Err(self.source.invalid(
                    value.span.clone(),
                    "system",
                    format!(
                        "this file is for \"{got}\" and the scenario for \"{want}\": a \
                         scenario includes files of its own system only"
                    ),
                ));
            }
        }
        if root.get("system").and_then(Node::as_str).is_none() {
            return Err(self.source.invalid(
                root.span.start..root.span.start,
                "system",
                format!(
                    "an included file names its rule system (`system = \"{}\"`), so a file of \
                     another system is not brought in by mistake",
                    self.system.unwrap_or("…")
                ),
            ));
        }
        Ok(())
    }
}

/// The built-in library of `catalog` named by an include path `library/<system>.toml`.
fn builtin(catalog: &Catalog, name: &str) -> Option<&'static library::Library> {
    let name = name.strip_prefix("./").unwrap_or(name);
    catalog.libraries().find(|l| l.path == name)
}

/// `path` with `.` and `dir/..` steps taken out, as a reader would write it
/// (`sub/../party.toml` is `party.toml`).
fn tidy(path: &Path) -> PathBuf {
    use std::path::Component;
    let mut out: Vec<Component<'_>> = Vec::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir if matches!(out.last(), Some(Component::Normal(_))) => {
                out.pop();
            }
            c => out.push(c),
        }
    }
    out.iter().collect()
}

/// How a file is told apart from another: its canonical path where it has one.
fn identity(path: &Path) -> PathBuf {
    std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Parses `text`, brought into `source` at offset `base`, into a tree with spans in the
/// assembled document's offsets.
fn parse_at(source: &Source, text: &str, base: usize) -> Result<Node, ScenarioError> {
    let table = DeTable::parse(text).map_err(|e| source.toml_error_at(&e, base))?;
    let mut root = Node::from_de(&Spanned::new(
        table.span(),
        DeValue::Table(table.into_inner()),
    ));
    root.shift(base);
    Ok(root)
}

#[cfg(test)]
mod tests;
