//! The comments `oddsmith new` writes beside each key, from the key declarations
//! ([`crate::scenario::keys`]): the first time a table's key appears in a shape file, its
//! line gets what the key takes, what leaving it out means, its meaning and seed lines
//! (`survival = 6   # required; an integer from 1 to 10000: survival points (004:885)`); a
//! key holding a list of tables gets one line per key of those tables below it. A note the
//! shape file writes after a key (`(assumed)`) follows the generated comment. Keys met again
//! (a second `[[combatant]]`) keep the file's own comment only.

use crate::scenario::keys::common::{self, table_at};
use crate::scenario::keys::{Absent, Key, Kind, Schema};
use crate::systems::CATALOG;

/// The column comments start at, and the widest a line grows before its comment wraps.
const COMMENT_AT: usize = 29;
const WIDTH: usize = 100;
/// The longest code a comment goes beside; a longer line's comment goes below it.
const LONGEST_CODE: usize = 60;

/// A key line of a shape file: its indent and whether it is commented out (`# level = 1`),
/// the key, the text up to the end of its value, and the note after it.
struct KeyLine<'a> {
    /// The line up to the end of its value (`survival = 6`, `# level = 1`).
    code: &'a str,
    /// The key, dotted where it reaches into a table (`attack.damage`).
    key: &'a str,
    /// What the file writes after the value's `#`, if anything.
    note: Option<&'a str>,
}

/// Where the comment of `line` begins: the first `#` outside a string after the value.
fn comment_start(line: &str) -> Option<usize> {
    let mut quoted = false;
    let mut escaped = false;
    for (i, c) in line.char_indices() {
        match c {
            '\\' if quoted && !escaped => {
                escaped = true;
                continue;
            }
            '"' if !escaped => quoted = !quoted,
            '#' if !quoted => return Some(i),
            _ => {}
        }
        escaped = false;
    }
    None
}

/// `line` read as a key line, if it is one (commented out or not).
fn key_line(line: &str) -> Option<KeyLine<'_>> {
    let body = line.strip_prefix("# ").unwrap_or(line);
    let offset = line.len() - body.len();
    let key_len = body
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .unwrap_or(body.len());
    if key_len == 0 || !body[key_len..].trim_start().starts_with('=') {
        return None;
    }
    let end = comment_start(body).map_or(line.len(), |c| offset + c);
    let note = (end < line.len()).then(|| line[end + 1..].trim());
    Some(KeyLine {
        code: line[..end].trim_end(),
        key: &body[..key_len],
        note: note.filter(|n| !n.is_empty()),
    })
}

/// The comment of `key`: what leaving it out means, what it takes, its meaning and seed
/// lines.
pub fn comment(key: &Key) -> String {
    let absent = match key.absent {
        Absent::Unset => String::new(),
        Absent::Required => "REQUIRED".into(),
        Absent::RequiredUnless(when) => format!("REQUIRED unless {when}"),
        Absent::Is(v) => format!("default {v}"),
        Absent::Means(what) => format!("absent: {what}"),
    };
    let takes = match key.kind {
        Kind::Int(min, max) => format!("; {min} to {max}"),
        Kind::Number(min, max) => format!("; {min} to {max}"),
        Kind::Word(words) => format!("; {}", alternatives(words)),
        Kind::Words(words) => format!("; any of {}", alternatives(words)),
        Kind::Other(what) => format!("; {what}"),
        Kind::Dice => "; a dice expression".into(),
        Kind::Refused => "; refused here".into(),
        Kind::Tables | Kind::Text | Kind::Texts | Kind::Bool => String::new(),
    };
    let seed = if key.seed.is_empty() {
        String::new()
    } else {
        format!(" ({})", key.seed)
    };
    format!("{absent}{takes}: {}{seed}", key.meaning)
}

/// `"a" | "b" | "c"`.
fn alternatives(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
    quoted.join(" | ")
}

/// `text` broken into lines of at most `width` characters at spaces.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split(' ') {
        let last = lines.last_mut().expect("one line at least");
        if !last.is_empty() && last.chars().count() + 1 + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            if !last.is_empty() {
                last.push(' ');
            }
            last.push_str(word);
        }
    }
    lines
}

/// `code` with `comment` after it at [`COMMENT_AT`], wrapped onto `#` lines at the same
/// column.
/// A line too long for its comment beside it gets the comment on the lines below.
fn with_comment(out: &mut String, code: &str, comment: &str) {
    let long = code.chars().count() + 2 > LONGEST_CODE;
    let at = if long {
        out.push_str(code);
        out.push('\n');
        COMMENT_AT
    } else {
        COMMENT_AT.max(code.chars().count() + 2)
    };
    let width = WIDTH - at - 4;
    for (i, part) in wrapped(comment, width).iter().enumerate() {
        let lead = if i == 0 && !long { code } else { "" };
        let pad = at - lead.chars().count();
        let more = if i == 0 { "" } else { "  " };
        out.push_str(&format!("{lead}{}# {more}{part}\n", " ".repeat(pad)));
    }
}

/// The table and key a key line under `path` writes: `attack.damage` under `[[pc]]` is
/// `damage` of `pc.attack`.
fn within<'a>(path: &str, key: &'a str) -> (String, &'a str) {
    match key.rsplit_once('.') {
        Some((inner, key)) if path.is_empty() => (inner.to_string(), key),
        Some((inner, key)) => (format!("{path}.{inner}"), key),
        None => (path.to_string(), key),
    }
}

/// The table a header line opens (`[[contest.side]]`: `contest.side`), if it is one; a
/// commented-out header (`# [tune]`) opens its table too.
fn opened(line: &str) -> Option<&str> {
    let line = line.strip_prefix("# ").unwrap_or(line);
    let code = line.split('#').next().unwrap_or("").trim();
    let inner = code.strip_prefix("[[").and_then(|c| c.strip_suffix("]]"));
    let inner = inner.or_else(|| code.strip_prefix('[').and_then(|c| c.strip_suffix(']')));
    inner.map(str::trim)
}

/// The keys a shape file writes, with the table each is in and its line (from 1): those
/// commented out too.
#[cfg(test)]
pub fn keys_of(text: &str) -> Vec<(String, String, usize)> {
    let mut path = String::new();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if let Some(p) = opened(line) {
            path = p.to_string();
        } else if let Some(k) = key_line(line) {
            let (table, key) = within(&path, k.key);
            out.push((table, key.to_string(), i + 1));
        }
    }
    out
}

/// The declaration of `key` in the table at `path` of `schema` or of the tables every
/// scenario shares (the top level's from [`CATALOG`]).
pub fn declared(schema: &Schema, path: &str, key: &str) -> Option<&'static Key> {
    common::declared(&CATALOG, schema, path, key)
}

/// The shape file `text` of `schema`'s system with each key's first appearance commented
/// from its declaration.
pub fn annotated(schema: &Schema, text: &str) -> String {
    let mut out = String::new();
    let mut path = String::new();
    let mut seen: Vec<(String, &str)> = Vec::new();
    for line in text.lines() {
        if let Some(p) = opened(line) {
            path = p.to_string();
            out.push_str(line);
            out.push('\n');
            continue;
        }
        let decl = key_line(line).and_then(|k| {
            let (table, key) = within(&path, k.key);
            let first = !seen.iter().any(|(p, s)| *p == table && *s == key);
            let decl = declared(schema, &table, key).filter(|_| first)?;
            seen.push((table, decl.name));
            Some((k, decl))
        });
        let Some((k, decl)) = decl else {
            out.push_str(line);
            out.push('\n');
            continue;
        };
        let mut text = comment(decl);
        if let Some(note) = k.note {
            text = format!("{text}; {note}");
        }
        with_comment(&mut out, k.code, &text);
        if decl.kind == Kind::Tables {
            let sub = format!("{}.{}", if path.is_empty() { "" } else { &path }, decl.name);
            let sub = sub.trim_start_matches('.');
            for table in table_at(&CATALOG, schema, sub) {
                for key in table.keys {
                    let line = format!("{}: {}", key.name, comment(key));
                    with_comment(&mut out, "", &line);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests;
