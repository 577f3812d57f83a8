//! `oddsmith new`: a commented scenario of one shape of one rule system, to start from.
//!
//! Every shape a system declares ([`crate::scenario::keys::Shape`]: a check, a contest, a
//! fight, each hazard, …) has an example in its system's folder,
//! `crates/engine/src/systems/<system>/schema/new/<shape>.toml`, compiled in
//! ([`Shape::example`]): every key of its shape with an example value (commented out where
//! leaving it out means "none"), and notes only where the example needs one (`(assumed)`).
//! What each key takes, its default, meaning and seed lines are written beside it from its
//! declaration ([`annotate`]), so they are never written twice. Each one validates and runs
//! (the tests below and `tests/new.rs` check). The templates are the registry's systems and
//! their declared shapes, in order ([`templates`]): there is no list of them here.
//! `oddsmith new` alone lists the systems and their shapes, `oddsmith new SYSTEM` one
//! system's; `oddsmith new SYSTEM SHAPE` prints the template, and with a FILE writes it there
//! atomically, never over a file that exists.

use crate::error::UsageError;
use crate::export::write::write_new_file;
use crate::scenario::hint::{did_you_mean, did_you_mean_value};
use crate::scenario::keys::{Schema, Shape};
use crate::systems::{CATALOG, SystemKind};
use anyhow::Result;
use std::path::{Path, PathBuf};

/// One scenario template: the shape of one system it writes.
#[derive(Debug, Clone, Copy)]
pub struct Template {
    /// The system's `system =` name.
    pub system: &'static str,
    /// The shape's name as a user types it (`check`, `fight`, `fall`).
    pub shape: &'static str,
    /// The commented scenario ([`Shape::example`]).
    pub text: &'static str,
    /// The system's declarations.
    schema: &'static Schema,
    /// The shape's declaration.
    declared: &'static Shape,
}

/// Every template: each system of the registry ([`CATALOG`]) in order, each of its declared
/// shapes in order.
pub fn templates() -> impl Iterator<Item = Template> {
    CATALOG.systems.iter().flat_map(|system| {
        system.schema.shapes.iter().map(move |shape| Template {
            system: system.name,
            shape: shape.name,
            text: shape.example,
            schema: system.schema,
            declared: shape,
        })
    })
}

impl Template {
    /// What the shape answers, in one line: its declaration's ([`Shape::about`]).
    pub fn about(&self) -> &'static str {
        self.declared.about
    }

    /// The scenario `oddsmith new` writes: the shape's example with each key's comment
    /// written from its declaration ([`annotate`]).
    pub fn written(&self) -> String {
        annotate::annotated(self.schema, self.text)
    }
}

/// The templates of `system`, in list order.
pub fn shapes_of(system: &str) -> impl Iterator<Item = Template> + '_ {
    templates().filter(move |t| t.system == system)
}

/// What `oddsmith new` was asked for, checked.
#[derive(Debug)]
enum Ask {
    /// The systems and their shapes.
    List,
    /// One system's shapes.
    System(SystemKind),
    /// One template, to stdout or to a file.
    Write(Template, Option<PathBuf>),
}

/// Runs `oddsmith new [SYSTEM [SHAPE [FILE]]]`.
pub fn new(system: Option<&str>, shape: Option<&str>, file: Option<&Path>) -> Result<()> {
    match plan(system, shape, file)? {
        Ask::List => super::print(&listing(None)),
        Ask::System(kind) => super::print(&listing(Some(kind))),
        Ask::Write(t, None) => super::print(&t.written()),
        Ask::Write(t, Some(path)) => write(&t, &path),
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
    let shape_hint = if templates().any(|t| t.shape == word) {
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
    let elsewhere: Vec<&str> = templates()
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
    let width = templates()
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
