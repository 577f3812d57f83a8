//! The text of a scenario file, and of the files it brings in (`include`, the built-in
//! library), with the mapping from byte offsets to file, line and column, so every error can
//! point at the line and key it is about. Each brought-in text has its own range of offsets
//! after the scenario's own text, so a span anywhere in the assembled document says which
//! file it came from.

use oddsmith_core::error::ScenarioError;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Largest scenario file read: 64 MiB, far beyond any scenario (a fuzzed one with a
/// 200 000-character name is under 1 MiB).
pub const MAX_SCENARIO_BYTES: u64 = 64 << 20;

/// A scenario file's path and contents, and the texts it brought in.
#[derive(Debug, Clone)]
pub struct Source {
    /// Path as given by the user.
    pub path: PathBuf,
    /// Full file text.
    pub text: String,
    /// Texts brought in, in the order they were, each at its own offsets.
    brought: Vec<Brought>,
}

/// A text brought into a scenario: an included file or a library.
#[derive(Debug, Clone)]
struct Brought {
    /// Its path as named in messages.
    path: PathBuf,
    /// Its text.
    text: String,
    /// The offset its first byte has in the assembled document.
    base: usize,
    /// The line of its file its first line is (1 unless it is a part of a file).
    first_line: usize,
    /// Where in the assembled document it was asked for, and how (`included by`).
    by: (usize, &'static str),
}

/// Where an offset lies: which text, and the offset within it.
struct Place<'a> {
    path: &'a Path,
    text: &'a str,
    offset: usize,
    /// The line of its file the text's first line is.
    first_line: usize,
    /// The offset (in the assembled document) that brought this text in, and how.
    by: Option<(usize, &'static str)>,
}

impl Place<'_> {
    /// 1-based line (in its file) and column.
    fn line_col(&self) -> (usize, usize) {
        let (line, column) = line_col(self.text, self.offset);
        (line + self.first_line - 1, column)
    }

    /// The text of line `line` (as [`Place::line_col`] counts).
    fn line(&self, line: usize) -> Option<&str> {
        self.text.lines().nth(line.checked_sub(self.first_line)?)
    }
}

impl Source {
    /// Reads `path`.
    pub fn read(path: &Path) -> Result<Self, ScenarioError> {
        let text = read_text(path).map_err(|cause| ScenarioError::Read {
            path: path.to_path_buf(),
            cause,
        })?;
        Ok(Self::from_text(path, text))
    }

    /// A source from text already in memory (`path` is only used in messages).
    pub fn from_text(path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            text: text.into(),
            brought: Vec::new(),
        }
    }

    /// Adds a text brought in by the entry at offset `by` (`how`: "included by", …) whose
    /// first line is line `first_line` of the file at `path`, and returns the offset its first
    /// byte takes in the assembled document: spans read from it are moved by that much.
    pub fn bring(
        &mut self,
        path: impl Into<PathBuf>,
        text: impl Into<String>,
        first_line: usize,
        (by, how): (usize, &'static str),
    ) -> usize {
        let end = self
            .brought
            .last()
            .map_or(self.text.len(), |b| b.base + b.text.len());
        let base = end + 1;
        self.brought.push(Brought {
            path: path.into(),
            text: text.into(),
            base,
            first_line,
            by: (by, how),
        });
        base
    }

    /// The texts brought in, as (path, text), in order.
    pub fn brought(&self) -> impl Iterator<Item = (&Path, &str)> {
        self.brought
            .iter()
            .map(|b| (b.path.as_path(), b.text.as_str()))
    }

    /// The scenario's text, then each text brought in under a comment line naming it: what a
    /// report shows and a checkpoint's hash covers (the text alone when nothing was brought
    /// in, so a saved hash stays valid).
    pub fn assembled_text(&self) -> std::borrow::Cow<'_, str> {
        if self.brought.is_empty() {
            return std::borrow::Cow::Borrowed(&self.text);
        }
        let mut out = self.text.clone();
        for b in &self.brought {
            if !out.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&format!(
                "\n# ── {}, from line {} ──\n{}",
                b.path.display(),
                b.first_line,
                b.text
            ));
        }
        std::borrow::Cow::Owned(out)
    }

    /// Whether `offset` lies in the scenario's own text (not a brought-in one).
    pub fn is_own(&self, offset: usize) -> bool {
        offset <= self.text.len()
    }

    /// The text `offset` lies in.
    fn place(&self, offset: usize) -> Place<'_> {
        match self.brought.iter().rev().find(|b| offset >= b.base) {
            Some(b) => Place {
                path: &b.path,
                text: &b.text,
                offset: (offset - b.base).min(b.text.len()),
                first_line: b.first_line,
                by: Some(b.by),
            },
            None => Place {
                path: &self.path,
                text: &self.text,
                offset: offset.min(self.text.len()),
                first_line: 1,
                by: None,
            },
        }
    }

    /// 1-based line and column of byte `offset` in the text it lies in.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        self.place(offset).line_col()
    }

    /// The line holding `offset`, with a caret under its column, and for a brought-in text
    /// the lines that brought it in (`(included by encounter.toml:3)`).
    fn snippet(&self, offset: usize) -> String {
        let p = self.place(offset);
        let (line, column) = p.line_col();
        let mut out = match p.line(line) {
            None => String::new(),
            Some(text) => {
                let gutter = format!("{line} | ");
                format!(
                    "{gutter}{text}\n{}^",
                    " ".repeat(gutter.len() + column.saturating_sub(1))
                )
            }
        };
        let mut by = p.by;
        while let Some((at, how)) = by {
            let q = self.place(at);
            let (line, column) = q.line_col();
            out.push_str(&format!("\n({how} {}:{line}:{column})", q.path.display()));
            by = q.by;
        }
        out
    }

    /// An error at `span` about `key`.
    pub fn invalid(
        &self,
        span: Range<usize>,
        key: impl Into<String>,
        message: impl Into<String>,
    ) -> ScenarioError {
        let (line, column) = self.line_col(span.start);
        ScenarioError::Invalid {
            path: self.place(span.start).path.to_path_buf(),
            line,
            column,
            key: Some(key.into()),
            message: message.into(),
            snippet: self.snippet(span.start),
        }
    }

    /// A TOML or schema error, at its line and column, naming the key written there.
    pub fn toml_error(&self, e: &toml::de::Error) -> ScenarioError {
        self.toml_error_at(e, 0)
    }

    /// A TOML error in a text whose first byte is at offset `base` of the assembled document
    /// (a brought-in text being parsed).
    pub fn toml_error_at(&self, e: &toml::de::Error, base: usize) -> ScenarioError {
        let start = base + e.span().map_or(0, |s| s.start);
        let (line, column) = self.line_col(start);
        let p = self.place(start);
        ScenarioError::Invalid {
            path: p.path.to_path_buf(),
            line,
            column,
            key: key_on_line(p.text, line + 1 - p.first_line),
            message: super::hint::humanize(e.message()),
            snippet: self.snippet(start),
        }
    }
}

/// The text of the file at `path`: only a regular file, and none larger than any scenario
/// needs (a device such as `/dev/zero`, or a pipe, would be read forever).
pub(super) fn read_text(path: &Path) -> std::io::Result<String> {
    let meta = std::fs::metadata(path)?;
    if !meta.is_file() {
        return Err(std::io::Error::other("it is not a regular file"));
    }
    if meta.len() > MAX_SCENARIO_BYTES {
        return Err(std::io::Error::other(format!(
            "it has {} bytes; a scenario file may have at most {MAX_SCENARIO_BYTES}",
            meta.len()
        )));
    }
    std::fs::read_to_string(path)
}

/// 1-based line and column of byte `offset` of `text`.
fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = &text[..offset];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = text[line_start..offset].chars().count() + 1;
    (line, column)
}

/// The key assigned on `line` of `text` (`key = value`), qualified by the table it sits in.
fn key_on_line(text: &str, line: usize) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let here = lines.get(line - 1)?.trim();
    let (key, _) = here.split_once('=')?;
    let key = key.trim().trim_matches('"');
    if key.is_empty() || key.starts_with('[') || key.contains('{') {
        return None;
    }
    let table = lines[..line - 1].iter().rev().find_map(|l| {
        let l = l.trim();
        l.starts_with('[')
            .then(|| l.trim_matches(|c| c == '[' || c == ']').trim().to_string())
    });
    Some(match table {
        Some(t) => format!("{t}.{key}"),
        None => key.to_string(),
    })
}

#[cfg(test)]
mod tests;
