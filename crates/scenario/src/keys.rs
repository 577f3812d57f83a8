//! Every scenario key declared once: its name, what it takes (type and allowed range or
//! words), what leaving it out means, a one-line meaning and the seed lines behind it.
//!
//! Each rule system lists its keys in [`Table`]s grouped into [`Shape`]s (a check, a fight, a
//! fall) and hands them to the registry as one [`Schema`]
//! (the engine's `systems::SystemModule::SCHEMA`). Three things read the same declarations:
//! - the loader: [`check_unknown`] refuses a key no table declares (with "did you mean"), and
//!   a [`Reader`] reads each value against its declared range, words and default;
//! - `oddsmith docs`, which writes the reference `docs/scenarios/<system>.md`
//!   ([`crate::reference`]);
//! - `oddsmith new`, which writes each key's comment from its declaration beside the shape's
//!   example ([`Shape::example`]).
//!
//! A range that depends on other keys (a skill no higher than its attribute) is checked by the
//! system and declared as [`Kind::Other`] in words.

pub mod common;

use super::{Document, Node, NodeValue, Source};
use oddsmith_core::error::ScenarioError;
use toml::Spanned;

/// What a key takes.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Kind {
    /// An integer from the first bound to the second.
    Int(i64, i64),
    /// A number from the first bound to the second.
    Number(f64, f64),
    /// `true` or `false`.
    Bool,
    /// One of these words.
    Word(&'static [&'static str]),
    /// A list of these words.
    Words(&'static [&'static str]),
    /// A string: a name or a label.
    Text,
    /// A list of strings.
    Texts,
    /// A dice expression (`"d8+4"`).
    Dice,
    /// A list of tables, declared as a [`Table`] of their own at this key's path.
    Tables,
    /// Anything else, in words (`"a foe's name, or \"random\""`).
    Other(&'static str),
    /// Nothing: a key a scenario may not write here, declared so that writing it gets its
    /// own message (the key moved, or comes from elsewhere) instead of "unknown field".
    Refused,
}

/// What leaving a key out means.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Absent {
    /// Not declared yet (a declaration must say; a test checks none is left).
    Unset,
    /// The key must be given.
    Required,
    /// The key must be given unless the condition in words holds (`"level is given"`).
    RequiredUnless(&'static str),
    /// The key takes this value, as written in a scenario (`0`, `false`, `"random"`).
    Is(&'static str),
    /// Leaving it out means this, in words (`"never flees"`).
    Means(&'static str),
}

/// One key of one table.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Key {
    /// The key as written.
    pub name: &'static str,
    /// What it takes.
    pub kind: Kind,
    /// What leaving it out means.
    pub absent: Absent,
    /// What it is, in one line.
    pub meaning: &'static str,
    /// The seed lines behind it (`"004:885, 004:902"`), or empty.
    pub seed: &'static str,
}

impl Key {
    const fn new(name: &'static str, kind: Kind) -> Self {
        Self {
            name,
            kind,
            absent: Absent::Unset,
            meaning: "",
            seed: "",
        }
    }

    /// An integer key from `min` to `max`.
    pub const fn int(name: &'static str, min: i64, max: i64) -> Self {
        Self::new(name, Kind::Int(min, max))
    }

    /// A number key from `min` to `max`.
    pub const fn number(name: &'static str, min: f64, max: f64) -> Self {
        Self::new(name, Kind::Number(min, max))
    }

    /// A `true`/`false` key.
    pub const fn bool(name: &'static str) -> Self {
        Self::new(name, Kind::Bool)
    }

    /// A key that takes one of `words`.
    pub const fn word(name: &'static str, words: &'static [&'static str]) -> Self {
        Self::new(name, Kind::Word(words))
    }

    /// A key that takes a list of `words`.
    pub const fn words(name: &'static str, words: &'static [&'static str]) -> Self {
        Self::new(name, Kind::Words(words))
    }

    /// A string key.
    pub const fn text(name: &'static str) -> Self {
        Self::new(name, Kind::Text)
    }

    /// A key that takes a list of strings.
    pub const fn texts(name: &'static str) -> Self {
        Self::new(name, Kind::Texts)
    }

    /// A dice-expression key.
    pub const fn dice(name: &'static str) -> Self {
        Self::new(name, Kind::Dice)
    }

    /// A key holding a list of tables (declared as a table of its own).
    pub const fn tables(name: &'static str) -> Self {
        Self::new(name, Kind::Tables)
    }

    /// A key the table refuses, with why (the loader says so when it is written).
    pub const fn refused(name: &'static str, why: &'static str) -> Self {
        let mut key = Self::new(name, Kind::Refused);
        key.absent = Absent::Means("as it should be");
        key.meaning = why;
        key
    }

    /// A key whose values are said in words.
    pub const fn other(name: &'static str, what: &'static str) -> Self {
        Self::new(name, Kind::Other(what))
    }

    /// The key must be given.
    pub const fn required(mut self) -> Self {
        self.absent = Absent::Required;
        self
    }

    /// The key must be given unless `when`.
    pub const fn required_unless(mut self, when: &'static str) -> Self {
        self.absent = Absent::RequiredUnless(when);
        self
    }

    /// Left out, the key is `value` (as written in a scenario).
    pub const fn default(mut self, value: &'static str) -> Self {
        self.absent = Absent::Is(value);
        self
    }

    /// Left out, the key means `what`.
    pub const fn absent(mut self, what: &'static str) -> Self {
        self.absent = Absent::Means(what);
        self
    }

    /// What the key is.
    pub const fn means(mut self, meaning: &'static str) -> Self {
        self.meaning = meaning;
        self
    }

    /// The seed lines behind it.
    pub const fn seed(mut self, lines: &'static str) -> Self {
        self.seed = lines;
        self
    }

    /// What the key allows, in words: `an integer from 0 to 40`, `"none", "weak"`.
    pub fn allowed(&self) -> String {
        match self.kind {
            Kind::Int(min, max) => format!("an integer from {min} to {max}"),
            Kind::Number(min, max) => format!("a number from {min} to {max}"),
            Kind::Bool => "true or false".into(),
            Kind::Word(words) => quoted_list(words),
            Kind::Words(words) => format!("a list of {}", quoted_list(words)),
            Kind::Text => "a string".into(),
            Kind::Texts => "a list of strings".into(),
            Kind::Dice => "a dice expression (\"d8+4\")".into(),
            Kind::Tables => "a list of tables".into(),
            Kind::Other(what) => what.into(),
            Kind::Refused => "nothing: it is refused here".into(),
        }
    }

    /// The declared default as written, quotes taken off a word (`"random"` → `random`).
    pub fn default_text(&self) -> Option<&'static str> {
        match self.absent {
            Absent::Is(v) => Some(v.trim_matches('"')),
            _ => None,
        }
    }

    /// The declared default as an integer (for an integer key with [`Absent::Is`]).
    pub fn int_default(&self) -> Option<i64> {
        match self.absent {
            Absent::Is(v) => v.replace('_', "").parse().ok(),
            _ => None,
        }
    }
}

/// `"a", "b" or "c"`.
fn quoted_list(words: &[&str]) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

/// How a table is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Form {
    /// Once: `[conflict]`.
    One,
    /// Any number of times: `[[combatant]]`.
    Many,
    /// A list of inline tables under a key of its parent: `attacks = [{ … }]`.
    Inline,
    /// One table under a key of a fighter table: `offhand = { … }` (or `offhand.KEY = …`).
    Under,
}

/// The keys of one table of a scenario.
#[derive(Debug, Clone, Copy)]
pub struct Table {
    /// Its path from the top of the file: `conflict`, `combatant`, `combatant.attacks`, or
    /// empty for the top level.
    pub path: &'static str,
    /// How it is written.
    pub form: Form,
    /// What it is, in one line.
    pub about: &'static str,
    /// Its keys, in the order the reference lists them.
    pub keys: &'static [Key],
}

impl Table {
    /// The key `name`, if declared.
    pub fn key(&self, name: &str) -> Option<&'static Key> {
        self.keys.iter().find(|k| k.name == name)
    }

    /// A reader of this table as a section of `doc` (`[conflict]`, `[attack.dodge]`): keys
    /// named by its path, a missing key reported where the table is written (or at the
    /// file's start when it is not).
    pub fn section_reader<'a>(&'static self, doc: &'a Document) -> Reader<'a> {
        let span = doc.at(self.path).map_or(0..0, |n| n.span.clone());
        self.reader(&doc.source, self.path, span)
    }

    /// The table as written in a scenario: `[conflict]`, `[[combatant]]`, `attacks = [{…}]`.
    pub fn heading(&self) -> String {
        match self.form {
            Form::One if self.path.is_empty() => "top level".into(),
            Form::One => format!("[{}]", self.path),
            Form::Many => format!("[[{}]]", self.path),
            Form::Inline => {
                let key = self.path.rsplit('.').next().unwrap_or(self.path);
                format!("{key} = [{{ … }}]")
            }
            Form::Under => {
                let key = self.path.split_once('.').map_or(self.path, |(_, k)| k);
                format!("{key} = {{ … }}")
            }
        }
    }

    /// A reader of this table's values, naming keys `at.KEY` in errors (`at` is
    /// `combatant.Yeti` for one combatant, `conflict` for a section); a missing key is
    /// reported at `span` (the table's name or heading).
    pub fn reader<'a>(
        &'static self,
        source: &'a Source,
        at: impl Into<String>,
        span: std::ops::Range<usize>,
    ) -> Reader<'a> {
        Reader {
            table: self,
            source,
            at: at.into(),
            span,
        }
    }
}

/// A metric a shape reports: its name (`death.NAME`, `rounds.p90`) and what it means.
#[derive(Debug, Clone, Copy)]
pub struct Metric {
    /// The name, with `NAME` for a combatant's and `SIDE` for a side's.
    pub name: &'static str,
    /// What it means, in one line.
    pub meaning: &'static str,
}

/// One thing a scenario of a system can describe: a check, a fight, a fall.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    /// Its name as `oddsmith new` takes it (`check`, `fight`, `fall`).
    pub name: &'static str,
    /// A heading for the reference (`Conflicts`).
    pub title: &'static str,
    /// What it answers, in one line.
    pub about: &'static str,
    /// Its tables, the one that makes a scenario this shape first.
    pub tables: &'static [&'static Table],
    /// The metrics it reports beyond the shared ones of its kind.
    pub metrics: &'static [Metric],
    /// Whether it is a fight: it reports the shared fight metrics and takes `[aftermath]`,
    /// `[difficulty]` and templates.
    pub fight: bool,
    /// How it is played, in Markdown (the reference prints it after the keys).
    pub prose: &'static str,
    /// The scenario `oddsmith new SYSTEM SHAPE` starts from: every key of the shape with an
    /// example value (commented out where leaving it out means "none"), notes only where the
    /// example needs one (`(assumed)`); `oddsmith new` writes each key's comment from its
    /// declaration.
    pub example: &'static str,
}

/// The keys of one rule system (its `system =` name is the registry's,
/// [`crate::catalog::System`]).
#[derive(Debug, Clone, Copy)]
pub struct Schema {
    /// The system's name in words (`Gods & Monsters`).
    pub title: &'static str,
    /// The seed files it cites: (prefix as cited, what the file is in words).
    pub seeds: &'static [(&'static str, &'static str)],
    /// Its shapes.
    pub shapes: &'static [Shape],
}

impl Schema {
    /// Every table of every shape, each once (shapes may share one).
    pub fn tables(&self) -> Vec<&'static Table> {
        let mut out: Vec<&'static Table> = Vec::new();
        for shape in self.shapes {
            for t in shape.tables {
                if !out.iter().any(|o| o.path == t.path) {
                    out.push(t);
                }
            }
        }
        out
    }

    /// The top-level sections the system reads (`check`, `combatant`, …): the first part of
    /// every table's path, each once, in the order the shapes list them.
    pub fn sections(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for t in self.tables() {
            let first = t.path.split('.').next().unwrap_or(t.path);
            if !first.is_empty() && !out.contains(&first) {
                out.push(first);
            }
        }
        out
    }

    /// The shape called `name`.
    pub fn shape(&self, name: &str) -> Option<&Shape> {
        self.shapes.iter().find(|s| s.name == name)
    }
}

/// Reads values of one table against their declarations.
pub struct Reader<'a> {
    table: &'static Table,
    source: &'a Source,
    at: String,
    span: std::ops::Range<usize>,
}

impl Reader<'_> {
    /// The file it reads from.
    pub fn source(&self) -> &Source {
        self.source
    }

    /// The declaration of `name`. Asking for a key the table does not declare is a mistake in
    /// the loader, not in the scenario; the tests load every key of every shape.
    fn decl(&self, name: &str) -> &'static Key {
        self.table.key(name).unwrap_or_else(|| {
            panic!(
                "the loader reads `{name}`, which {} does not declare",
                self.table.heading()
            )
        })
    }

    /// The key's name in errors: `combatant.Yeti.survival`.
    pub fn path(&self, name: &str) -> String {
        if self.at.is_empty() {
            name.to_string()
        } else {
            format!("{}.{name}", self.at)
        }
    }

    /// A key that must be given and is not (the reader's own check usually comes first).
    fn missing(&self, key: &Key) -> ScenarioError {
        let when = match key.absent {
            Absent::RequiredUnless(when) => format!(" unless {when}"),
            _ => String::new(),
        };
        self.source.invalid(
            self.span.clone(),
            self.path(key.name),
            format!(
                "missing key `{}`: it is required{when}; allowed: {}",
                key.name,
                key.allowed()
            ),
        )
    }

    fn out_of_range(
        &self,
        span: std::ops::Range<usize>,
        key: &Key,
        shown: String,
    ) -> ScenarioError {
        self.source.invalid(
            span,
            self.path(key.name),
            format!("{shown} is out of range; allowed: {}", key.allowed()),
        )
    }

    /// An integer key present or not: its value in range, else its declared default.
    pub fn int(&self, name: &str, value: Option<&Spanned<i64>>) -> Result<i64, ScenarioError> {
        let key = self.decl(name);
        match value {
            Some(v) => self.check_int(key, v),
            None => key.int_default().ok_or_else(|| self.missing(key)),
        }
    }

    /// An integer key that may be absent: its value in range, or `None`.
    pub fn opt_int(
        &self,
        name: &str,
        value: Option<&Spanned<i64>>,
    ) -> Result<Option<i64>, ScenarioError> {
        let key = self.decl(name);
        value.map(|v| self.check_int(key, v)).transpose()
    }

    fn check_int(&self, key: &Key, v: &Spanned<i64>) -> Result<i64, ScenarioError> {
        let n = *v.get_ref();
        match key.kind {
            Kind::Int(min, max) if !(min..=max).contains(&n) => {
                Err(self.out_of_range(v.span(), key, n.to_string()))
            }
            _ => Ok(n),
        }
    }

    /// A number key present or not: its value in range, else its declared default.
    pub fn number(&self, name: &str, value: Option<&Spanned<f64>>) -> Result<f64, ScenarioError> {
        let key = self.decl(name);
        let Some(v) = value else {
            return match key.absent {
                Absent::Is(v) => v.parse().map_err(|_| self.missing(key)),
                _ => Err(self.missing(key)),
            };
        };
        let x = *v.get_ref();
        match key.kind {
            Kind::Number(min, max) if !(x >= min && x <= max) => {
                Err(self.out_of_range(v.span(), key, x.to_string()))
            }
            _ => Ok(x),
        }
    }

    /// A `true`/`false` key: its value, else its declared default.
    pub fn bool(&self, name: &str, value: Option<bool>) -> bool {
        let key = self.decl(name);
        value.unwrap_or(matches!(key.absent, Absent::Is("true")))
    }

    /// A key of words: the value of the word written (`allowed` maps the declared words to
    /// values), else the value of the declared default.
    pub fn word<T: Copy>(
        &self,
        name: &str,
        value: Option<&Spanned<String>>,
        allowed: &[(&str, T)],
    ) -> Result<T, ScenarioError> {
        let key = self.decl(name);
        let written = match (value, key.default_text()) {
            (Some(v), _) => return self.one_word(key, v, allowed),
            (None, Some(d)) => d,
            (None, None) => return Err(self.missing(key)),
        };
        allowed
            .iter()
            .find(|(w, _)| *w == written)
            .map(|(_, t)| *t)
            .ok_or_else(|| self.missing(key))
    }

    /// A key of words that may be absent.
    pub fn opt_word<T: Copy>(
        &self,
        name: &str,
        value: Option<&Spanned<String>>,
        allowed: &[(&str, T)],
    ) -> Result<Option<T>, ScenarioError> {
        let key = self.decl(name);
        value.map(|v| self.one_word(key, v, allowed)).transpose()
    }

    /// One word of a [`Kind::Word`] or [`Kind::Words`] key.
    pub fn one_word<T: Copy>(
        &self,
        key: &Key,
        v: &Spanned<String>,
        allowed: &[(&str, T)],
    ) -> Result<T, ScenarioError> {
        let words = match key.kind {
            Kind::Word(w) | Kind::Words(w) => w,
            _ => &[],
        };
        allowed
            .iter()
            .find(|(w, _)| w == v.get_ref() && words.contains(w))
            .map(|(_, t)| *t)
            .ok_or_else(|| {
                self.source.invalid(
                    v.span(),
                    self.path(key.name),
                    format!(
                        "\"{}\" is not allowed{}; allowed: {}",
                        v.get_ref(),
                        super::hint::did_you_mean_value(v.get_ref(), words.iter().copied()),
                        words
                            .iter()
                            .map(|w| format!("\"{w}\""))
                            .collect::<Vec<_>>()
                            .join(", "),
                    ),
                )
            })
    }

    /// Whether the table declares `name`.
    pub fn declares(&self, name: &str) -> bool {
        self.table.key(name).is_some()
    }

    /// The declaration of `name`, for a value the system checks itself.
    pub fn key(&self, name: &str) -> &'static Key {
        self.decl(name)
    }
}

/// The tables of `node` at `path` (`combatant.attacks`: every attack table of every
/// combatant), following lists.
fn tables_at<'a>(node: &'a Node, path: &[&str], out: &mut Vec<&'a Node>) {
    match &node.value {
        NodeValue::Array(items) => {
            for item in items {
                tables_at(item, path, out);
            }
        }
        NodeValue::Table(_) => match path.split_first() {
            None => out.push(node),
            Some((first, rest)) => {
                if let Some(child) = node.get(first) {
                    tables_at(child, rest, out);
                }
            }
        },
        _ => {}
    }
}

/// Refuses any key of a declared table that the declaration does not list: "unknown field
/// `survivl` (did you mean `survival`?), expected one of …". Tables of `tables` that are
/// absent from `doc` are skipped; keys that hold a declared sub-table are known by its key.
pub fn check_unknown(doc: &Document, tables: &[&'static Table]) -> Result<(), ScenarioError> {
    for table in tables {
        let path: Vec<&str> = if table.path.is_empty() {
            Vec::new()
        } else {
            table.path.split('.').collect()
        };
        let mut found = Vec::new();
        tables_at(doc.root(), &path, &mut found);
        for node in found {
            let NodeValue::Table(entries) = &node.value else {
                continue;
            };
            for (k, _) in entries {
                if table.key(k.get_ref()).is_some() {
                    continue;
                }
                let names = table.keys.iter().map(|k| k.name);
                let expected: Vec<String> = names.clone().map(|n| format!("`{n}`")).collect();
                let key = if table.path.is_empty() {
                    k.get_ref().clone()
                } else {
                    format!("{}.{}", table.path, k.get_ref())
                };
                return Err(doc.source.invalid(
                    k.span(),
                    key,
                    format!(
                        "unknown field `{}`{}, expected one of {}",
                        k.get_ref(),
                        super::hint::did_you_mean(k.get_ref(), names),
                        expected.join(", ")
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// The keys a serde reader of `T` accepts (for tests that hold each declaration to its
/// reader): read from the reader's own "unknown field … expected one of" error.
pub fn serde_fields<T: serde::de::DeserializeOwned>() -> Vec<String> {
    let err = toml::from_str::<T>("oddsmith_probe_key = 0")
        .err()
        .map(|e| e.message().to_string())
        .unwrap_or_default();
    let Some((_, list)) = err.split_once("expected ") else {
        return Vec::new();
    };
    list.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .collect()
}

/// Checks one system's declarations hold together (`system` names it in what is wrong): every key has a meaning and says what
/// leaving it out means, every integer or number default lies in its range, every word
/// default is one of its words, no table lists a key twice. Returns what is wrong.
pub fn lint(system: &str, schema: &Schema) -> Vec<String> {
    let mut wrong = Vec::new();
    for table in schema.tables() {
        let t = table.heading();
        for (i, key) in table.keys.iter().enumerate() {
            let k = format!("{system} `{}` {t}", key.name);
            if key.meaning.trim().is_empty() {
                wrong.push(format!("{k}: no meaning"));
            }
            if key.absent == Absent::Unset {
                wrong.push(format!("{k}: says nothing of leaving it out"));
            }
            if table.keys[..i].iter().any(|o| o.name == key.name) {
                wrong.push(format!("{k}: declared twice"));
            }
            let Absent::Is(d) = key.absent else {
                continue;
            };
            match key.kind {
                Kind::Int(min, max) => match key.int_default() {
                    Some(n) if (min..=max).contains(&n) => {}
                    _ => wrong.push(format!("{k}: default {d} is not in {min}..={max}")),
                },
                Kind::Number(min, max) => match d.parse::<f64>() {
                    Ok(x) if x >= min && x <= max => {}
                    _ => wrong.push(format!("{k}: default {d} is not in {min}..={max}")),
                },
                Kind::Bool if d != "true" && d != "false" => {
                    wrong.push(format!("{k}: default {d} is not true or false"));
                }
                Kind::Word(words) if !words.contains(&d.trim_matches('"')) => {
                    wrong.push(format!("{k}: default {d} is not one of its words"));
                }
                _ => {}
            }
        }
    }
    wrong
}
