//! The tests of `set` (the module above, `super`).

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

#[test]
fn control_characters_are_refused_and_echoed_escaped() {
    let err = apply(&doc("name = \"x\"\n"), "name=a\u{1b}[31m")
        .map(|_| ())
        .expect_err("refused")
        .to_string();
    assert!(
        err.contains("text may not hold control characters"),
        "{err}"
    );
    assert!(
        err.contains("a\\u{1b}[31m") && !err.contains('\u{1b}'),
        "{err}"
    );
}
