//! Sweeps: grids in order, paths into tables and named lists, and errors naming the path.

use super::*;

const DOOR: &str = "name = \"d\"\nsystem = \"invisible-sun\"\n[check]\nchallenge = 6\nskill = 3\nmagic_dice = 1\nsuccesses = 2\n";

fn sweep_of(text: &str) -> Result<Vec<Point>, String> {
    let source = Source::from_text("s.toml", text);
    let sweep = parse(&source)
        .map_err(|e| e.to_string())?
        .expect("a [sweep] table");
    points(&source, &sweep).map_err(|e| e.to_string())
}

#[test]
fn no_sweep_table_is_none() {
    assert!(parse(&Source::from_text("s.toml", DOOR)).unwrap().is_none());
}

#[test]
fn two_fields_give_their_grid_first_slowest() {
    let text = format!(
        "{DOOR}[sweep]\n\"check.challenge\" = {{ from = 4, to = 8, step = 2 }}\n\"check.magic_dice\" = [0, 3]\n"
    );
    let pts = sweep_of(&text).unwrap();
    let values: Vec<(i64, i64)> = pts
        .iter()
        .map(|p| {
            (
                p.values[0].as_integer().unwrap(),
                p.values[1].as_integer().unwrap(),
            )
        })
        .collect();
    assert_eq!(values, [(4, 0), (4, 3), (6, 0), (6, 3), (8, 0), (8, 3)]);
    let crate::systems::LoadedSystem::InvisibleSun(roll) = &pts[3].scenario.system else {
        panic!()
    };
    assert_eq!((roll.challenge, roll.magic_dice), (6, 3));
    assert_eq!(
        pts[3].scenario.source.text, text,
        "points keep the original text"
    );
}

#[test]
fn combatants_are_addressed_by_name() {
    let yeti = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/yeti.toml"))
        .unwrap();
    let text = format!("{yeti}\n[sweep]\n\"combatant.Yeti.survival\" = [10, 40]\n");
    let pts = sweep_of(&text).unwrap();
    let crate::systems::LoadedSystem::GmConflict(c) = &pts[1].scenario.system else {
        panic!()
    };
    assert_eq!(c.fighters[3].survival, 40);
    assert_eq!(c.fighters[0].survival, 6);
    let bad = format!("{yeti}\n[sweep]\n\"combatant.Bigfoot.survival\" = [10]\n");
    let err = sweep_of(&bad).unwrap_err();
    assert!(
        err.contains("`sweep.\"combatant.Bigfoot.survival\"`: no `combatant` is named \"Bigfoot\""),
        "{err}"
    );
}

#[test]
fn bad_sweeps_name_the_path_and_line() {
    for (sweep, expected) in [
        (
            "\"check.challenge\" = [5, 18]",
            "s.toml:9:21: `sweep.\"check.challenge\"`: at check.challenge = 18: `check.challenge`: 18 is out of range",
        ),
        (
            "\"check.challenge\" = { from = 9, to = 3 }",
            "s.toml:9:21: `sweep.\"check.challenge\"`: a range is",
        ),
        (
            "\"check.challenge\" = [\"x\"]",
            "every value must be a number",
        ),
        (
            "\"chek.challenge\" = [1]",
            "`sweep.\"chek.challenge\"`: the scenario has no `chek`",
        ),
        ("\"check.luck\" = [1]", "unknown field `luck`"),
        ("\"name\" = [1]", "`name` is not a number"),
    ] {
        let err = sweep_of(&format!("{DOOR}[sweep]\n{sweep}\n")).unwrap_err();
        assert!(
            err.contains(expected),
            "{sweep}:\n{err}\nexpected: {expected}"
        );
    }
}

#[test]
fn variants_are_checked_by_building_them() {
    let ok = format!("{DOOR}[variant.more_magic]\n\"check.magic_dice\" = 3\n");
    let v = variants(&Source::from_text("s.toml", ok)).unwrap();
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].0.label, "more_magic");
    let crate::systems::LoadedSystem::InvisibleSun(roll) = &v[0].1.system else {
        panic!()
    };
    assert_eq!(roll.magic_dice, 3);
    let bad = format!("{DOOR}[variant.too_hard]\n\"check.challenge\" = 30\n");
    let err = variants(&Source::from_text("s.toml", bad))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("`variant.too_hard`: `check.challenge`: 30 is out of range"),
        "{err}"
    );
}
