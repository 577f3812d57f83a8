//! The tests of `template` (the module above, `super`).

use crate::{Document, Source};

fn doc(text: &str) -> Document {
    Document::parse(Source::from_text("t.toml", text)).unwrap()
}

fn names(d: &Document) -> Vec<String> {
    match &d.get("combatant").unwrap().value {
        super::NodeValue::Array(items) => items
            .iter()
            .map(|i| i.get("name").unwrap().as_str().unwrap().to_string())
            .collect(),
        _ => panic!(),
    }
}

const GOBLINS: &str = "[[creature]]\nname = \"Goblin\"\nabout = \"a test goblin\"\nsurvival = 4\nattack = 1\n\n\
    [[combatant]]\nname = \"Hero\"\nsurvival = 20\n\n\
    [[combatant]]\nuse = \"Goblin\"\ncount = 3\nattack = 2\n";

#[test]
fn a_counted_template_makes_numbered_fighters_with_its_keys_under_their_own() {
    let d = doc(GOBLINS).expanded().unwrap();
    assert!(d.get("creature").is_none());
    assert_eq!(names(&d), ["Hero", "Goblin 1", "Goblin 2", "Goblin 3"]);
    let g2 = d.at("combatant.Goblin 2").unwrap();
    assert_eq!(g2.get("survival").unwrap().as_integer(), Some(4));
    assert_eq!(g2.get("attack").unwrap().as_integer(), Some(2));
    assert!(g2.get("use").is_none() && g2.get("count").is_none());
    assert!(g2.get("about").is_none(), "`about` is the template's alone");
    // The template's key keeps its line: an error in it points at the template.
    let span = g2.get("survival").unwrap().span.clone();
    assert_eq!(&GOBLINS[span], "4");
    // A name of its own is numbered instead.
    let named = GOBLINS.replace(
        "use = \"Goblin\"\n",
        "use = \"Goblin\"\nname = \"Raider\"\n",
    );
    assert_eq!(
        names(&doc(&named).expanded().unwrap()),
        ["Hero", "Raider 1", "Raider 2", "Raider 3"]
    );
}

#[test]
fn edits_reach_a_template_and_one_counted_fighter() {
    let d = doc(GOBLINS);
    let edited = d
        .edited(&[], &[("creature.Goblin.survival", num(9))])
        .unwrap()
        .expanded()
        .unwrap();
    for k in 1..=3 {
        let g = edited.at(&format!("combatant.Goblin {k}")).unwrap();
        assert_eq!(g.get("survival").unwrap().as_integer(), Some(9));
    }
    let one = d
        .edited(&[], &[("combatant.Goblin 2.survival", num(7))])
        .unwrap()
        .expanded()
        .unwrap();
    let survival = |k: u32| {
        one.at(&format!("combatant.Goblin {k}"))
            .unwrap()
            .get("survival")
            .unwrap()
            .as_integer()
    };
    assert_eq!(
        (survival(1), survival(2), survival(3)),
        (Some(4), Some(7), Some(4))
    );
}

fn num(v: i64) -> super::Node {
    super::Node::number(&toml::Value::Integer(v), 0..0).unwrap()
}

#[test]
fn bad_templates_and_counts_name_the_line_and_what_is_allowed() {
    for (text, says) in [
        (
            GOBLINS.replace("use = \"Goblin\"", "use = \"Gobln\""),
            "`combatant.Gobln.use`: no `[[creature]]` template is named \"Gobln\" (did you \
             mean \"Goblin\"?); templates in the scenario and its includes: \"Goblin\"",
        ),
        (
            GOBLINS.replace("count = 3", "count = 0"),
            "`combatant.Goblin.count`: allowed: an integer from 1 to 64",
        ),
        (
            GOBLINS.replace("count = 3", "count = \"three\""),
            "an integer from 1 to 64",
        ),
        (
            GOBLINS.replace("attack = 1\n", "attack = 1\ncount = 2\n"),
            "`creature.Goblin.count`: a template takes no `count`",
        ),
        (
            GOBLINS.replace(
                "[[combatant]]\nname = \"Hero\"",
                "[[creature]]\nname = \"Goblin\"\n[[combatant]]\nname = \"Hero\"",
            ),
            "a second template named \"Goblin\"",
        ),
    ] {
        let e = doc(&text).expanded().unwrap_err().to_string();
        assert!(e.contains(says), "{e}\n  wanted: {says}");
    }
    let unused = doc(&GOBLINS.replace("use = \"Goblin\"\n", "name = \"Goblin\"\n"));
    assert_eq!(unused.unused_templates(), ["Goblin"]);
    assert!(doc(GOBLINS).unused_templates().is_empty());
}
