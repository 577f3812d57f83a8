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
    let refuse = |message: String| ScenarioError::Set {
        arg: arg.to_string(),
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
mod tests {
    use super::*;
    use crate::Source;

    fn doc(text: &str) -> Document {
        Document::parse(Source::from_text("d.toml", text)).unwrap()
    }

    #[test]
    fn a_set_replaces_any_value_but_a_table() {
        let d = doc(
            "name = \"x\"\n[check]\nchallenge = 6\n[[combatant]]\nname = \"Yeti\"\n\
             survival = 25\ntarget = \"Sam\"\n",
        );
        let d = apply(&d, "check.challenge=7").unwrap();
        assert_eq!(d.at("check.challenge").unwrap().as_integer(), Some(7));
        let d = apply(&d, "combatant.Yeti.target = Charlotte").unwrap();
        assert_eq!(
            d.at("combatant.Yeti.target").unwrap().as_str(),
            Some("Charlotte")
        );
        let d = apply(&d, "combatant.Yeti.survival=\"ten\"").unwrap();
        assert_eq!(
            d.at("combatant.Yeti.survival").unwrap().as_str(),
            Some("ten")
        );
        // A key the table lacks is added.
        let d = apply(&d, "run.max_rounds=50");
        assert!(d.is_err(), "no [run] table to add it to");
        let d = apply(&doc("name = \"x\"\n[run]\n"), "run.max_rounds=50").unwrap();
        assert_eq!(d.at("run.max_rounds").unwrap().as_integer(), Some(50));
    }

    #[test]
    fn a_bad_set_names_the_argument_and_what_is_allowed() {
        let d = doc("name = \"x\"\n[check]\nchallenge = 6\n[[combatant]]\nname = \"Yeti\"\n");
        for (arg, says) in [
            ("check.challenge", "write it as PATH=VALUE"),
            ("=7", "is no key path"),
            ("check..challenge=7", "is no key path"),
            ("check.challenge=", "the value is empty"),
            (
                "chek.challenge=7",
                "the scenario has no `chek` (did you mean `check`?)",
            ),
            ("check=7", "`check` is a table; set one of its keys"),
            (
                "combatant.Yti.survival=3",
                "no `combatant` is named \"Yti\"; names: \"Yeti\"",
            ),
        ] {
            let e = apply(&d, arg).unwrap_err().to_string();
            assert!(e.starts_with(&format!("--set {arg}: ")), "{e}");
            assert!(e.contains(says), "{arg}: {e}\n  wanted: {says}");
        }
    }
}
