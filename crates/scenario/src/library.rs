//! The built-in library: the creatures, NPCs and sample characters the books give numbers
//! for, one file per rule system (`library/<system>.toml`, compiled into the binary), each a
//! list of `[[creature]]` templates. The caller's registry names each system's file
//! ([`crate::catalog::System::library`]); this crate reads them. A fighter whose `use` names a
//! template the scenario and its includes do not define gets it from its system's library
//! ([`Document::assembled`](super::Document::assembled)); `oddsmith library` lists and
//! prints them ([`Entry`]).

use super::template::TEMPLATES;
use super::{Document, Node, NodeValue, Source};
use oddsmith_core::error::ScenarioError;

/// One system's library file.
#[derive(Debug, Clone, Copy)]
pub struct Library {
    /// The `system` name its templates are for.
    pub system: &'static str,
    /// Its path in the repository, as named in messages.
    pub path: &'static str,
    /// Its text.
    pub text: &'static str,
}

/// One template of a library, with the text that declares it.
#[derive(Debug, Clone)]
pub struct Entry {
    /// `name`.
    pub name: String,
    /// `about`: what it is, where it comes from (empty if absent).
    pub about: String,
    /// Its `[[creature]]` table and the comment lines just above it, as written.
    pub text: &'static str,
    /// The line of the library file `text` starts at (1-based).
    pub first_line: usize,
}

impl Library {
    /// The path named in messages: the repository path, marked as built in.
    pub fn shown_path(&self) -> String {
        format!("{} (built into oddsmith)", self.path)
    }

    /// The templates in written order.
    pub fn entries(&self) -> Result<Vec<Entry>, ScenarioError> {
        let doc = Document::parse(Source::from_text(self.shown_path(), self.text))?;
        let items = match doc.get(TEMPLATES).map(|n| &n.value) {
            Some(NodeValue::Array(items)) => items.as_slice(),
            _ => &[],
        };
        let chunks = chunks(self.text);
        let text_of = |at: usize| {
            chunks
                .iter()
                .find(|c| c.1.contains(&at))
                .map_or(("", 1), |c| (&self.text[c.1.clone()], c.0))
        };
        Ok(items
            .iter()
            .filter_map(|item| {
                let name = item.get("name")?;
                let (text, first_line) = text_of(name.span.start);
                Some(Entry {
                    name: name.as_str()?.to_string(),
                    about: item
                        .get("about")
                        .and_then(Node::as_str)
                        .unwrap_or_default()
                        .to_string(),
                    text,
                    first_line,
                })
            })
            .collect())
    }
}

/// The byte ranges of `text` that each hold one `[[creature]]` table with the comment lines
/// just above it, and the line each starts at.
fn chunks(text: &str) -> Vec<(usize, std::ops::Range<usize>)> {
    // (line number, byte offset) of every line start.
    let mut starts = Vec::new();
    let mut at = 0;
    for (i, line) in text.split_inclusive('\n').enumerate() {
        starts.push((i + 1, at, line));
        at += line.len();
    }
    let mut heads: Vec<(usize, usize)> = Vec::new();
    for (k, (_, _, line)) in starts.iter().enumerate() {
        if line.trim_start().starts_with("[[creature]]") {
            // Take the comment lines just above along.
            let mut first = k;
            while first > 0 && starts[first - 1].2.trim_start().starts_with('#') {
                first -= 1;
            }
            heads.push((starts[first].0, starts[first].1));
        }
    }
    // A chunk runs to the next one's start, trailing blank lines left out.
    (0..heads.len())
        .map(|k| {
            let end = heads.get(k + 1).map_or(text.len(), |h| h.1);
            let trimmed = heads[k].1 + text[heads[k].1..end].trim_end().len() + 1;
            (heads[k].0, heads[k].1..trimmed.min(end))
        })
        .collect()
}

#[cfg(test)]
mod tests;
