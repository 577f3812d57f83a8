//! `oddsmith new`: a commented scenario of one shape of one rule system, to start from.
//!
//! Every shape a system declares ([`crate::scenario::keys::Shape`]: a check, a contest, a
//! fight, each hazard, …) has one example beside this file, `<system>/<shape>.toml`, compiled
//! in: every key of its shape with an example value (commented out where leaving it out means
//! "none"), and notes only where the example needs one (`(assumed)`). What each key takes,
//! its default, meaning and seed lines are written beside it from its declaration
//! ([`annotate`]), so they are never written twice. Each one validates and runs (the tests
//! below and `tests/new.rs` check). [`TEMPLATES`] names the files, in the order the systems
//! declare their shapes (a test holds the two to each other).
//! `oddsmith new` alone lists the systems and their shapes, `oddsmith new SYSTEM` one
//! system's; `oddsmith new SYSTEM SHAPE` prints the template, and with a FILE writes it there
//! atomically, never over a file that exists.

use crate::error::UsageError;
use crate::export::write::write_new_file;
use crate::scenario::hint::{did_you_mean, did_you_mean_value};
use crate::systems::SystemKind;
use anyhow::Result;
use std::path::{Path, PathBuf};

/// One scenario template: the shape of one system it writes.
#[derive(Debug, Clone, Copy)]
pub struct Template {
    /// The system's `system =` name.
    pub system: &'static str,
    /// The shape's name as a user types it (`check`, `fight`, `fall`).
    pub shape: &'static str,
    /// The commented scenario.
    pub text: &'static str,
}

/// The [`Template`]s of each system's shapes, each with its text from
/// `<system>/<shape>.toml` beside this file.
macro_rules! templates {
    ($($system:literal { $($shape:literal,)+ })+) => {
        [$($(Template {
            system: $system,
            shape: $shape,
            text: include_str!(concat!($system, "/", $shape, ".toml")),
        },)+)+]
    };
}

/// Every template, by system in registry order: the one list of shapes.
pub const TEMPLATES: &[Template] = &templates! {
    "invisible-sun" {
        "check",
        "defense",
        "attack",
        "ongoing",
        "fight",
        "day",
    }
    "gods-and-monsters" {
        "fight",
        "check",
        "contest",
        "fall",
        "climb",
        "ailment",
        "jump",
        "chase",
        "march",
        "day",
    }
    "unbound-legends" {
        "check",
        "attack",
        "death-saves",
        "contest",
        "group",
        "fight",
        "day",
    }
    "bonus-dice" {
        "check",
        "attack",
        "damage",
        "fight",
        "day",
    }
};

impl Template {
    /// What the shape answers, in one line: its declaration's ([`crate::scenario::keys::Shape`]).
    pub fn about(&self) -> &'static str {
        SystemKind::from_name(self.system)
            .and_then(|k| k.schema().shape(self.shape))
            .map_or("", |s| s.about)
    }

    /// The scenario `oddsmith new` writes: the shape file with each key's comment written
    /// from its declaration ([`annotate`]).
    pub fn written(&self) -> String {
        match SystemKind::from_name(self.system) {
            Some(kind) => annotate::annotated(kind.schema(), self.text),
            None => self.text.to_string(),
        }
    }
}

/// The templates of `system`, in list order.
pub fn shapes_of(system: &str) -> impl Iterator<Item = &'static Template> + '_ {
    TEMPLATES.iter().filter(move |t| t.system == system)
}

/// What `oddsmith new` was asked for, checked.
#[derive(Debug)]
enum Ask {
    /// The systems and their shapes.
    List,
    /// One system's shapes.
    System(SystemKind),
    /// One template, to stdout or to a file.
    Write(&'static Template, Option<PathBuf>),
}

/// Runs `oddsmith new [SYSTEM [SHAPE [FILE]]]`.
pub fn new(system: Option<&str>, shape: Option<&str>, file: Option<&Path>) -> Result<()> {
    match plan(system, shape, file)? {
        Ask::List => super::print(&listing(None)),
        Ask::System(kind) => super::print(&listing(Some(kind))),
        Ask::Write(t, None) => super::print(&t.written()),
        Ask::Write(t, Some(path)) => write(t, &path),
    }
}

/// Checks the arguments: a known system, one of its shapes.
fn plan(system: Option<&str>, shape: Option<&str>, file: Option<&Path>) -> Result<Ask> {
    let Some(system) = system else {
        return Ok(Ask::List);
    };
    let kind = SystemKind::from_name(system).ok_or_else(|| unknown_system(system))?;
    let Some(shape) = shape else {
        return Ok(Ask::System(kind));
    };
    let template = shapes_of(system)
        .find(|t| t.shape == shape)
        .ok_or_else(|| unknown_shape(kind, shape))?;
    Ok(Ask::Write(template, file.map(Path::to_path_buf)))
}

fn unknown_system(word: &str) -> UsageError {
    let names = SystemKind::ALL.iter().map(|(n, _)| *n);
    let shape_hint = if TEMPLATES.iter().any(|t| t.shape == word) {
        format!("; \"{word}\" is a shape: oddsmith new SYSTEM {word} (`oddsmith new` lists them)")
    } else {
        String::new()
    };
    UsageError(format!(
        "unknown rule system \"{word}\"{}; allowed: {}{shape_hint}",
        did_you_mean_value(word, names),
        SystemKind::allowed()
    ))
}

fn unknown_shape(kind: SystemKind, word: &str) -> UsageError {
    let system = kind.name();
    let shapes: Vec<&str> = shapes_of(system).map(|t| t.shape).collect();
    let elsewhere: Vec<&str> = TEMPLATES
        .iter()
        .filter(|t| t.shape == word && t.system != system)
        .map(|t| t.system)
        .collect();
    let elsewhere = match elsewhere.as_slice() {
        [] => String::new(),
        others => format!("; {word} is a shape of {}", others.join(", ")),
    };
    UsageError(format!(
        "{system} has no shape `{word}`{}; allowed: {}{elsewhere}",
        did_you_mean(word, shapes.iter().copied()),
        shapes.join(", ")
    ))
}

/// The listing of every system's shapes (`None`) or one system's: a line per shape with the
/// command that writes it and what it answers.
fn listing(only: Option<SystemKind>) -> String {
    let mut out = String::from(
        "oddsmith new SYSTEM SHAPE [FILE] writes a commented scenario of that shape, every key\n\
         with its default, allowed values and seed lines (to stdout without FILE);\n\
         then: oddsmith validate FILE, oddsmith run FILE.\n",
    );
    let width = TEMPLATES
        .iter()
        .map(|t| t.system.len() + t.shape.len())
        .max()
        .unwrap_or(0);
    for (name, kind) in SystemKind::ALL {
        if only.is_some_and(|o| o != *kind) {
            continue;
        }
        out.push_str(&format!("\n{name}: {}\n", kind.description()));
        for t in shapes_of(name) {
            let pad = width - t.system.len() - t.shape.len();
            out.push_str(&format!(
                "  oddsmith new {} {}{}   {}\n",
                t.system,
                t.shape,
                " ".repeat(pad),
                t.about()
            ));
        }
    }
    out
}

/// Writes `t` to `path`, refusing a file that exists, and says what to do next on stderr.
fn write(t: &Template, path: &Path) -> Result<()> {
    if write_new_file(path, t.written().as_bytes())?.is_none() {
        return Err(UsageError(format!(
            "{} exists; oddsmith new never writes over a file: give another name, or remove it",
            path.display()
        ))
        .into());
    }
    eprintln!(
        "wrote {} ({} {}); next: oddsmith validate {}, then oddsmith run {}",
        path.display(),
        t.system,
        t.shape,
        path.display(),
        path.display()
    );
    Ok(())
}

mod annotate;
#[cfg(test)]
mod tests;
