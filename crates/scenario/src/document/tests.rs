//! The tests of `document` (the module above, `super`).

use super::*;

fn doc(text: &str) -> Document {
    Document::parse(Source::from_text("d.toml", text)).unwrap()
}

#[test]
fn sections_read_with_spans_of_the_file() {
    #[derive(serde::Deserialize)]
    struct Check {
        challenge: Spanned<i64>,
        ratio: f64,
    }
    let d = doc("name = \"x\"\n[check]\nchallenge = 0x10\nratio = 2.5e-1\n");
    let c: Check = d.section("check").unwrap().unwrap();
    assert_eq!(*c.challenge.get_ref(), 16);
    assert_eq!(d.source.line_col(c.challenge.span().start), (3, 13));
    assert_eq!(c.ratio, 0.25);
    assert!(d.section::<Check>("missing").unwrap().is_none());
}

#[test]
fn edits_carry_the_span_of_the_entry_that_asked() {
    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)] // only whether it reads matters
    struct Check {
        challenge: Spanned<u8>,
    }
    let d = doc("[check]\nchallenge = 6\n[sweep]\n\"check.challenge\" = [300]\n");
    let span = d.at("sweep.check").map(|n| n.span.clone());
    assert!(span.is_none(), "dotted keys inside a table are one key");
    let sweep_span = d.get("sweep").unwrap().span.clone();
    let value = Node::number(&toml::Value::Integer(300), sweep_span).unwrap();
    let e = d.edited(&["sweep"], &[("check.challenge", value)]).unwrap();
    assert!(e.get("sweep").is_none());
    let err = e.section::<Check>("check").unwrap_err().to_string();
    assert!(err.starts_with("d.toml:3:1:"), "{err}");
    let missing = d.edited(
        &[],
        &[(
            "chek.x",
            Node::number(&toml::Value::Integer(1), 0..0).unwrap(),
        )],
    );
    assert_eq!(missing.unwrap_err(), "the scenario has no `chek`");
}

#[test]
fn arrays_of_tables_are_entered_by_name() {
    let d = doc("[[combatant]]\nname = \"A\"\nsurvival = 3\n[[combatant]]\nname = \"B\"\n");
    assert_eq!(
        d.at("combatant.A.survival").and_then(Node::as_integer),
        Some(3)
    );
    let five = Node::number(&toml::Value::Integer(5), 0..0).unwrap();
    let e = d
        .edited(&[], &[("combatant.B.survival", five.clone())])
        .unwrap();
    assert_eq!(
        e.at("combatant.B.survival").and_then(Node::as_integer),
        Some(5)
    );
    let err = d
        .edited(&[], &[("combatant.C.survival", five)])
        .unwrap_err();
    assert_eq!(err, "no `combatant` is named \"C\"; names: \"A\", \"B\"");
}

#[test]
fn control_characters_in_text_or_keys_are_refused_where_written() {
    for (text, key) in [
        ("name = \"a\\u001b[31mred\"\n", "name"),
        (
            "[sweep]\n\"combatant.A.name\" = [\"x\", \"y\\tz\"]\n",
            "sweep.combatant.A.name",
        ),
        ("\"a\\nb\" = 1\n", "a\nb"),
    ] {
        let err = Document::parse(Source::from_text("t.toml", text.to_string()))
            .err()
            .unwrap_or_else(|| panic!("{text}: accepted"))
            .to_string();
        assert!(
            err.contains("text may not hold control characters"),
            "{err}"
        );
        assert!(
            err.contains(&format!("`{key}`")) || key.contains('\n'),
            "{err}"
        );
    }
    // A line continued in a multi-line string holds no control character.
    let ok = "name = \"\"\"a \\\n  b\"\"\"\n";
    assert!(Document::parse(Source::from_text("t.toml", ok.to_string())).is_ok());
}
