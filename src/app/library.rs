//! `oddsmith library`: the built-in library of the books' creatures
//! ([`crate::scenario::library`], one file per system of the registry's [`CATALOG`]) — every
//! system's names with one line each, one system's, or one creature's `[[creature]]` table as
//! written (`oddsmith library show Yeti`), to copy or to `use`.

use crate::error::UsageError;
use crate::scenario::hint;
use crate::scenario::library::{Entry, Library};
use crate::systems::CATALOG;
use anyhow::Result;
use std::fmt::Write as _;

/// What `oddsmith library WHAT NAME` prints.
pub fn library(what: Option<&str>, name: Option<&str>) -> Result<()> {
    super::print(&text(what, name)?)
}

/// The text `oddsmith library WHAT NAME` prints; a system or name it does not know is a
/// [`UsageError`] with the nearest one.
pub fn text(what: Option<&str>, name: Option<&str>) -> Result<String> {
    match (what, name) {
        (None, _) => {
            let mut out = String::new();
            for lib in CATALOG.libraries() {
                out.push_str(&listing(lib)?);
                out.push('\n');
            }
            out.push_str(
                "Use one in a fighter table with `use = \"NAME\"` (its own keys override the \
                 template's; `count = 3` makes three); `oddsmith library show NAME` prints its \
                 keys.\n",
            );
            Ok(out)
        }
        (Some("show"), None) => Err(UsageError(
            "`oddsmith library show NAME`: name the creature to print (`oddsmith library` \
             lists them)"
                .to_string(),
        )
        .into()),
        (Some("show"), Some(name)) => show(name),
        (Some(system), None) => {
            let lib = CATALOG.library(system).ok_or_else(|| {
                UsageError(format!(
                    "no library for \"{system}\"{}; allowed: {}, or `show NAME`",
                    hint::did_you_mean_value(system, CATALOG.names()),
                    systems()
                ))
            })?;
            Ok(listing(lib)?)
        }
        (Some(what), Some(_)) => Err(UsageError(format!(
            "`oddsmith library {what} …`: the first word is a system ({}) or `show`",
            systems()
        ))
        .into()),
    }
}

/// The systems that have a library (every one), quoted.
fn systems() -> String {
    CATALOG.allowed()
}

/// One library's heading and one line per creature.
fn listing(lib: &Library) -> Result<String> {
    let entries = lib.entries()?;
    let n = entries.len();
    let mut out = format!(
        "{} ({}, {n} creature{})\n",
        lib.system,
        lib.path,
        if n == 1 { "" } else { "s" }
    );
    let width = entries
        .iter()
        .map(|e| e.name.chars().count())
        .max()
        .unwrap_or(0);
    for e in &entries {
        writeln!(out, "  {:width$}  {}", e.name, e.about).expect("a String takes any write");
    }
    Ok(out)
}

/// The `[[creature]]` table of every library creature named `name` (exactly, else ignoring
/// case), each under a line saying where it is.
fn show(name: &str) -> Result<String> {
    let mut all: Vec<(&Library, Entry)> = Vec::new();
    for lib in CATALOG.libraries() {
        all.extend(lib.entries()?.into_iter().map(|e| (lib, e)));
    }
    let mut found: Vec<&(&Library, Entry)> = all.iter().filter(|(_, e)| e.name == name).collect();
    if found.is_empty() {
        found = all
            .iter()
            .filter(|(_, e)| e.name.eq_ignore_ascii_case(name))
            .collect();
    }
    if found.is_empty() {
        return Err(UsageError(format!(
            "no creature in the library is named \"{name}\"{}; `oddsmith library` lists them",
            hint::did_you_mean_value(name, all.iter().map(|(_, e)| e.name.as_str()))
        ))
        .into());
    }
    let mut out = String::new();
    for (lib, e) in found {
        let last = e.first_line + e.text.lines().count() - 1;
        writeln!(
            out,
            "# {}, lines {}–{} (system = \"{}\"); in a scenario: `use = \"{}\"`",
            lib.path, e.first_line, last, lib.system, e.name
        )
        .expect("a String takes any write");
        out.push_str(e.text);
        if !e.text.ends_with('\n') {
            out.push('\n');
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn listings_name_every_creature_and_show_prints_its_table() {
        let all = text(None, None).unwrap();
        for lib in CATALOG.libraries() {
            let one = text(Some(lib.system), None).unwrap();
            assert!(all.contains(&one), "{}", lib.system);
            for e in lib.entries().unwrap() {
                assert!(
                    one.contains(&e.name) && one.contains(&e.about),
                    "{}",
                    e.name
                );
                let shown = text(Some("show"), Some(&e.name)).unwrap();
                assert!(shown.contains(e.text), "{}", e.name);
            }
        }
        let yeti = text(Some("show"), Some("yeti")).unwrap();
        assert!(
            yeti.starts_with("# library/gods-and-monsters.toml, lines "),
            "{yeti}"
        );
        assert!(yeti.contains("name = \"Yeti\""), "{yeti}");
    }

    #[test]
    fn unknown_systems_and_names_suggest_the_nearest() {
        let e = text(Some("gods-and-monster"), None)
            .unwrap_err()
            .to_string();
        assert!(e.contains("did you mean \"gods-and-monsters\"?"), "{e}");
        let e = text(Some("show"), Some("Yetti")).unwrap_err().to_string();
        assert!(e.contains("did you mean \"Yeti\"?"), "{e}");
        assert!(text(Some("show"), None).is_err());
    }

    /// Every key a library creature writes is one a fighter of its system takes (declared in
    /// the system's schema, or a template key), nested tables' keys included.
    #[test]
    fn every_key_of_every_creature_is_declared() {
        use crate::scenario::keys::common::TEMPLATE_KEYS;
        use crate::scenario::keys::{Kind, Table};
        use crate::scenario::template::FIGHTER_TABLES;
        use crate::systems::SystemKind;
        for lib in CATALOG.libraries() {
            let schema = SystemKind::from_name(lib.system).unwrap().schema();
            let tables = schema.tables();
            let fighters: Vec<&&Table> = tables
                .iter()
                .filter(|t| FIGHTER_TABLES.contains(&t.path))
                .collect();
            assert!(
                !fighters.is_empty(),
                "{}: no fighter table declared",
                lib.system
            );
            let doc = crate::scenario::Document::parse(crate::scenario::Source::from_text(
                lib.path, lib.text,
            ))
            .unwrap();
            let Some(crate::scenario::NodeValue::Array(creatures)) =
                doc.get("creature").map(|n| &n.value)
            else {
                panic!("{}: no [[creature]]", lib.path);
            };
            for creature in creatures {
                let crate::scenario::NodeValue::Table(entries) = &creature.value else {
                    panic!("{}: a creature is no table", lib.path);
                };
                let name = creature
                    .get("name")
                    .and_then(crate::scenario::Node::as_str)
                    .unwrap_or("?");
                for (key, value) in entries {
                    let key = key.get_ref().as_str();
                    if TEMPLATE_KEYS.key(key).is_some() {
                        continue;
                    }
                    let decl = fighters.iter().find_map(|t| t.key(key).map(|k| (t, k)));
                    let Some((table, decl)) = decl else {
                        panic!(
                            "{}: {name}: `{key}` is not a declared fighter key",
                            lib.path
                        );
                    };
                    if decl.kind != Kind::Tables {
                        continue;
                    }
                    let path = format!("{}.{key}", table.path);
                    let sub = tables.iter().find(|t| t.path == path).unwrap();
                    let crate::scenario::NodeValue::Array(items) = &value.value else {
                        continue;
                    };
                    for item in items {
                        if let crate::scenario::NodeValue::Table(inner) = &item.value {
                            for (k, _) in inner {
                                assert!(
                                    sub.key(k.get_ref()).is_some(),
                                    "{}: {name}: `{key}.{}` is not declared",
                                    lib.path,
                                    k.get_ref()
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}
