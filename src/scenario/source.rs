//! The text of a scenario file and the mapping from byte offsets to line and column, so every
//! error can point at the line and key it is about.

use crate::error::ScenarioError;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Largest scenario file read: 64 MiB, far beyond any scenario (a fuzzed one with a
/// 200 000-character name is under 1 MiB).
pub const MAX_SCENARIO_BYTES: u64 = 64 << 20;

/// A scenario file's path and contents.
#[derive(Debug, Clone)]
pub struct Source {
    /// Path as given by the user.
    pub path: PathBuf,
    /// Full file text.
    pub text: String,
}

impl Source {
    /// Reads `path`.
    pub fn read(path: &Path) -> Result<Self, ScenarioError> {
        let refuse = |cause| ScenarioError::Read {
            path: path.to_path_buf(),
            cause,
        };
        // A device (`/dev/zero`) or a pipe would be read forever: only regular files, and
        // none larger than any scenario needs.
        let meta = std::fs::metadata(path).map_err(refuse)?;
        if !meta.is_file() {
            return Err(refuse(std::io::Error::other("it is not a regular file")));
        }
        if meta.len() > MAX_SCENARIO_BYTES {
            return Err(refuse(std::io::Error::other(format!(
                "it has {} bytes; a scenario file may have at most {MAX_SCENARIO_BYTES}",
                meta.len()
            ))));
        }
        let text = std::fs::read_to_string(path).map_err(refuse)?;
        Ok(Self::from_text(path, text))
    }

    /// A source from text already in memory (`path` is only used in messages).
    pub fn from_text(path: impl Into<PathBuf>, text: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            text: text.into(),
        }
    }

    /// 1-based line and column of byte `offset`.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let offset = offset.min(self.text.len());
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        let column = self.text[line_start..offset].chars().count() + 1;
        (line, column)
    }

    /// The line holding `offset`, with a caret under its column.
    fn snippet(&self, offset: usize) -> String {
        let (line, column) = self.line_col(offset);
        let Some(text) = self.text.lines().nth(line - 1) else {
            return String::new();
        };
        let gutter = format!("{line} | ");
        format!(
            "{gutter}{text}\n{}^",
            " ".repeat(gutter.len() + column.saturating_sub(1))
        )
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
            path: self.path.clone(),
            line,
            column,
            key: Some(key.into()),
            message: message.into(),
            snippet: self.snippet(span.start),
        }
    }

    /// A TOML or schema error, at its line and column, naming the key written there.
    pub fn toml_error(&self, e: &toml::de::Error) -> ScenarioError {
        let start = e.span().map_or(0, |s| s.start);
        let (line, column) = self.line_col(start);
        ScenarioError::Invalid {
            path: self.path.clone(),
            line,
            column,
            key: self.key_on_line(line),
            message: super::hint::humanize(e.message()),
            snippet: self.snippet(start),
        }
    }

    /// The key assigned on `line` (`key = value`), qualified by the table it sits in.
    fn key_on_line(&self, line: usize) -> Option<String> {
        let lines: Vec<&str> = self.text.lines().collect();
        let text = lines.get(line - 1)?.trim();
        let (key, _) = text.split_once('=')?;
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_are_read() {
        let e = Source::read(Path::new("/dev/zero"))
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("/dev/zero: cannot read the scenario file: it is not a regular file"),
            "{e}"
        );
        let dir = std::env::temp_dir();
        let e = Source::read(&dir).unwrap_err().to_string();
        assert!(e.contains("not a regular file"), "{e}");
    }

    #[test]
    fn line_and_column_are_one_based() {
        let s = Source::from_text("x.toml", "a = 1\n[check]\nchallenge = 18\n");
        let off = s.text.find("18").unwrap();
        assert_eq!(s.line_col(off), (3, 13));
        assert_eq!(s.line_col(0), (1, 1));
    }

    #[test]
    fn schema_errors_name_line_and_key() {
        #[derive(serde::Deserialize, Debug)]
        #[serde(deny_unknown_fields)]
        #[allow(dead_code)]
        struct Check {
            challenge: i64,
        }
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct Doc {
            check: Check,
        }
        let s = Source::from_text("x.toml", "[check]\nchalenge = 3\n");
        let doc = super::super::Document::parse(s).unwrap();
        let msg = doc.read_as::<Doc>().unwrap_err().to_string();
        assert!(
            msg.starts_with("x.toml:2:1: `check.chalenge`: unknown field"),
            "{msg}"
        );
        assert!(msg.contains("expected `challenge`"), "{msg}");
    }
}
