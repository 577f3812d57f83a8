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
mod tests;
