//! `--set PATH=VALUE`: one key of a loaded scenario changed from the command line, through
//! the same tree edit as `[sweep]` and `[variant]` ([`Document::set`]). `PATH` is a dotted
//! key path (`check.challenge`, `run.max_rounds`; fighters by name:
//! `combatant.Yeti.survival`); `VALUE` is a TOML value (`30`, `1.5`, `true`, `"Sam"`,
//! `[1, 2]`), or, when it is none, the text as a string (`--set pc.A.target=B`).

use super::{Document, Node, NodeValue};
use oddsmith_core::error::ScenarioError;

/// `doc` with one `--set` argument applied; a malformed argument or a path that leads
/// nowhere is a [`ScenarioError::Set`] naming the argument and what is allowed there.
pub fn apply(doc: &Document, arg: &str) -> Result<Document, ScenarioError> {
    // The argument as it is echoed back: control characters shown escaped, never sent to
    // the terminal.
    let shown: String = arg.chars().flat_map(char::escape_debug).collect();
    let shown = if arg.chars().any(char::is_control) {
        shown
    } else {
        arg.to_string()
    };
    let refuse = |message: String| ScenarioError::Set {
        arg: shown.clone(),
        message,
    };
    let Some((path, text)) = arg.split_once('=') else {
        return Err(refuse(
            "write it as PATH=VALUE (`--set check.challenge=7`, `--set combatant.Yeti.survival=30`)"
                .into(),
        ));
    };
    let (path, text) = (path.trim(), text.trim());
    if path.is_empty() || path.split('.').any(str::is_empty) {
        return Err(refuse(format!(
            "`{path}` is no key path; write it as dotted keys (`check.challenge`, \
             `combatant.Yeti.survival`)"
        )));
    }
    if text.is_empty() {
        return Err(refuse("the value is empty; give one after `=`".into()));
    }
    if (path.chars().chain(text.chars())).any(char::is_control) {
        return Err(refuse(
            "text may not hold control characters (escape sequences, line breaks, tabs); \
             allowed: printable characters"
                .into(),
        ));
    }
    let value = Node::parse_value(text).unwrap_or_else(|| Node {
        span: 0..0,
        value: NodeValue::String(text.to_string()),
    });
    doc.set(path, value).map_err(|message| {
        let top = path.split('.').next().unwrap_or(path);
        let keys: Vec<&str> = doc
            .top_level()
            .iter()
            .map(|(k, _)| k.get_ref().as_str())
            .collect();
        refuse(format!(
            "{message}{}",
            super::hint::did_you_mean(top, keys.iter().copied())
        ))
    })
}

/// `error` (from loading a scenario with `sets` applied) saying which `--set` arguments were
/// in force, since the line it points at shows the file's value, not theirs.
pub fn with_sets(error: ScenarioError, sets: &[String]) -> ScenarioError {
    match error {
        ScenarioError::Invalid {
            path,
            line,
            column,
            key,
            message,
            snippet,
        } if !sets.is_empty() => ScenarioError::Invalid {
            path,
            line,
            column,
            key,
            message: format!("{message} (with --set {})", sets.join(", --set ")),
            snippet,
        },
        other => other,
    }
}

#[cfg(test)]
mod tests;
