//! Creature templates and counts, expanded before a rule system reads the file: a
//! `[[creature]]` table is a template that takes part in no fight; a fighter table
//! (`[[combatant]]`, `[[pc]]`, `[[npc]]`) with `use = "Goblin"` starts from that template's
//! keys, its own keys overriding them; `count = 3` makes three fighters named `Goblin 1`,
//! `Goblin 2`, `Goblin 3` (the fighter's `name`, else the template's). Every key keeps the
//! span it was written at, so an error in a template's key points at the template.
//!
//! Edits reach both: `creature.Goblin.survival` changes the template before expansion, so
//! every fighter made from it; `combatant.Goblin 2.survival` splits the counted table into
//! its fighters first ([`split_counted`]) and changes that one.

use super::hint;
use super::{Document, Node, NodeValue};
use oddsmith_core::error::ScenarioError;
use toml::Spanned;

/// The top-level arrays whose tables are fighters, in every system.
pub const FIGHTER_TABLES: [&str; 3] = ["combatant", "pc", "npc"];

/// The top-level array of templates.
pub const TEMPLATES: &str = "creature";

/// Keys only a template has: `about`, its one-line description (what it is, where it comes
/// from), shown by `oddsmith library`; a fighter made from the template does not get it.
pub const TEMPLATE_ONLY: [&str; 1] = ["about"];

/// Most fighters one `count` may make (the fight's own limit is checked by the system).
pub const MOST_COUNT: i64 = 64;

/// A table's name: its `name`, else the template it `use`s (a fighter's name, and the one
/// a counted fighter's copies are numbered from).
pub(super) fn base_name(item: &Node) -> Option<&str> {
    item.get("name")
        .or_else(|| item.get("use"))
        .and_then(Node::as_str)
}

/// `item`'s `count`, if it has one that is a whole number in range.
fn count_of(item: &Node) -> Option<i64> {
    item.get("count")
        .and_then(Node::as_integer)
        .filter(|n| (1..=MOST_COUNT).contains(n))
}

/// The table `item` without `keys`, with `name` set to `name` (kept at the span of the old
/// name, or of the table).
fn renamed(item: &Node, keys: &[&str], name: Option<String>) -> Node {
    let mut out = item.clone();
    if let NodeValue::Table(entries) = &mut out.value {
        let at = entries
            .iter()
            .find(|(k, _)| k.get_ref() == "name")
            .map_or(item.span.clone(), |(_, v)| v.span.clone());
        entries.retain(|(k, _)| !keys.contains(&k.get_ref().as_str()) && k.get_ref() != "name");
        if let Some(name) = name {
            let node = Node {
                span: at.clone(),
                value: NodeValue::String(name),
            };
            entries.insert(0, (Spanned::new(at, "name".to_string()), node));
        }
    }
    out
}

/// The copies of a counted fighter table (`count = n`): `n` tables named `NAME 1` … `NAME n`
/// without `count`; `None` when `item` has no valid `count` or no name to number.
pub fn split_counted(item: &Node) -> Option<Vec<Node>> {
    let n = count_of(item)?;
    let base = base_name(item)?.to_string();
    Some(
        (1..=n)
            .map(|k| renamed(item, &["count"], Some(format!("{base} {k}"))))
            .collect(),
    )
}

/// `template`'s keys under `item`'s own (`use` dropped; the name is the item's, else the
/// template's).
fn merged(template: &Node, item: &Node) -> Node {
    let (NodeValue::Table(base), NodeValue::Table(own)) = (&template.value, &item.value) else {
        return item.clone();
    };
    let mut entries: Vec<(Spanned<String>, Node)> = base
        .iter()
        .filter(|(k, _)| !own.iter().any(|(o, _)| o.get_ref() == k.get_ref()))
        .filter(|(k, _)| !TEMPLATE_ONLY.contains(&k.get_ref().as_str()))
        .cloned()
        .collect();
    entries.extend(own.iter().filter(|(k, _)| k.get_ref() != "use").cloned());
    // The name first, as it is written in a fighter table.
    if let Some(at) = entries.iter().position(|(k, _)| k.get_ref() == "name") {
        let name = entries.remove(at);
        entries.insert(0, name);
    }
    Node {
        span: item.span.clone(),
        value: NodeValue::Table(entries),
    }
}

impl Document {
    /// The document as a rule system reads it: templates applied and counts expanded in
    /// every fighter table ([`FIGHTER_TABLES`]), the `[[creature]]` templates left out.
    /// Errors: a `use` naming no template (with the nearest name), a bad `count`, a template
    /// without a name or named twice, a template that itself has `use` or `count`.
    pub fn expanded(&self) -> Result<Document, ScenarioError> {
        let templates = self.templates()?;
        let mut doc = self.clone();
        let NodeValue::Table(top) = &mut doc.root.value else {
            return Ok(doc);
        };
        top.retain(|(k, _)| k.get_ref() != TEMPLATES);
        for (key, list) in top.iter_mut() {
            if !FIGHTER_TABLES.contains(&key.get_ref().as_str()) {
                continue;
            }
            let NodeValue::Array(items) = &mut list.value else {
                continue;
            };
            let mut out = Vec::with_capacity(items.len());
            for item in items.iter() {
                let path = format!("{}.{}", key.get_ref(), base_name(item).unwrap_or("?"));
                let item = match item.get("use") {
                    None => item.clone(),
                    Some(used) => {
                        let Some(name) = used.as_str() else {
                            return Err(self.invalid(
                                used.span.clone(),
                                format!("{path}.use"),
                                "expected the name of a `[[creature]]` template in quotes",
                            ));
                        };
                        let Some(template) = templates.iter().find(|(n, _)| n == name) else {
                            return Err(self.no_template(used, &path, name, &templates));
                        };
                        merged(&template.1, item)
                    }
                };
                match item.get("count") {
                    None => out.push(item),
                    Some(c) => {
                        if count_of(&item).is_none() {
                            return Err(self.invalid(
                                c.span.clone(),
                                format!("{path}.count"),
                                format!(
                                    "allowed: an integer from 1 to {MOST_COUNT} (how many \
                                     fighters this table makes)"
                                ),
                            ));
                        }
                        out.extend(split_counted(&item).expect("a name and a count"));
                    }
                }
            }
            *items = out;
        }
        Ok(doc)
    }

    /// The error for a `use` naming no template: the nearest name among the scenario's
    /// templates and its system's library, and where to see them.
    fn no_template(
        &self,
        used: &Node,
        path: &str,
        name: &str,
        templates: &[(String, Node)],
    ) -> ScenarioError {
        let system = self.get("system").and_then(Node::as_str);
        let lib = self.library;
        let lib_names: Vec<String> = lib
            .and_then(|l| l.entries().ok())
            .unwrap_or_default()
            .into_iter()
            .map(|e| e.name)
            .collect();
        let own: Vec<&str> = templates.iter().map(|(n, _)| n.as_str()).collect();
        let near = hint::did_you_mean_value(
            name,
            own.iter()
                .copied()
                .chain(lib_names.iter().map(|n| n.as_str())),
        );
        let defined = if own.is_empty() {
            "none".to_string()
        } else {
            own.iter()
                .map(|n| format!("\"{n}\""))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let library = match (system, lib) {
            (Some(s), Some(_)) => format!(
                "; the {s} library has no such creature either (`oddsmith library {s}` lists its creatures)"
            ),
            _ => String::new(),
        };
        self.invalid(
            used.span.clone(),
            format!("{path}.use"),
            format!(
                "no `[[creature]]` template is named \"{name}\"{near}; templates in the \
                 scenario and its includes: {defined}{library}"
            ),
        )
    }

    /// The `[[creature]]` templates by name, checked.
    fn templates(&self) -> Result<Vec<(String, Node)>, ScenarioError> {
        let Some(list) = self.get(TEMPLATES) else {
            return Ok(Vec::new());
        };
        let NodeValue::Array(items) = &list.value else {
            return Err(self.invalid(
                list.span.clone(),
                TEMPLATES,
                "expected `[[creature]]` tables, each a template with a `name`",
            ));
        };
        let mut out: Vec<(String, Node)> = Vec::new();
        for item in items {
            if !matches!(item.value, NodeValue::Table(_)) {
                return Err(self.invalid(
                    item.span.clone(),
                    TEMPLATES,
                    "expected a table (`[[creature]]`)",
                ));
            }
            let Some(name) = item.get("name").and_then(Node::as_str) else {
                return Err(self.invalid(
                    item.span.clone(),
                    TEMPLATES,
                    "a `[[creature]]` template needs a `name` in quotes",
                ));
            };
            let path = format!("{TEMPLATES}.{name}");
            if out.iter().any(|(n, _)| n == name) {
                return Err(self.invalid(
                    item.span.clone(),
                    path,
                    format!("a second template named \"{name}\"; names must differ"),
                ));
            }
            for key in ["use", "count"] {
                if let Some(v) = item.get(key) {
                    return Err(self.invalid(
                        v.span.clone(),
                        format!("{path}.{key}"),
                        format!(
                            "a template takes no `{key}`: give `{key}` to the fighter table \
                             that uses it"
                        ),
                    ));
                }
            }
            out.push((name.to_string(), item.clone()));
        }
        Ok(out)
    }

    /// The names of templates no fighter table uses, for a warning.
    pub fn unused_templates(&self) -> Vec<String> {
        let Some(NodeValue::Array(items)) = self.get(TEMPLATES).map(|l| &l.value) else {
            return Vec::new();
        };
        let used: Vec<&str> = super::day::used_names(self)
            .into_iter()
            .filter_map(Node::as_str)
            .collect();
        items
            .iter()
            .filter(|i| self.source.is_own(i.span.start))
            .filter_map(|i| i.get("name").and_then(Node::as_str))
            .filter(|n| !used.contains(n))
            .map(str::to_string)
            .collect()
    }
}

#[cfg(test)]
mod tests;
