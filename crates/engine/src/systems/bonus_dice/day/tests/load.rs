//! A day's bad input exits with file, line, key and what is allowed: a long rest the
//! scenario gives no night for, each recovery key's bad value, an unknown `[day]` key.

use super::{day, load};
use crate::combat::day::Rest;
use crate::systems::bonus_dice::day::{Aid, GapDurability, WoundedEnds};

/// A day of two encounters, `keys` in `[day]` and `rest` the second encounter's.
fn text(keys: &str, rest: &str) -> String {
    format!(
        r#"[day]
{keys}
[[combatant]]
name = "Ada"
side = "party"
durability = 5
health = 5
vigor = 5
stamina = 5
[[day.encounter]]
name = "First"
rest = "long"
foe = [{{ name = "Rat", durability = 1, health = 1, vigor = 5, stamina = 5 }}]
[[day.encounter]]
name = "Second"
rest = "{rest}"
foe = [{{ name = "Rat", durability = 1, health = 1, vigor = 5, stamina = 5 }}]
"#
    )
}

/// The line (from 1, after the two header lines) of the first line of `body` containing `what`.
fn line_of(body: &str, what: &str) -> usize {
    2 + body.lines().position(|l| l.contains(what)).expect(what) + 1
}

#[test]
fn a_long_rest_needs_the_scenarios_night() {
    let body = text("", "long");
    let e = load(&body).unwrap_err();
    // The second encounter's `rest` (the first's is ignored: the day starts fresh).
    let second = 2
        + body
            .lines()
            .enumerate()
            .filter(|(_, l)| l.starts_with("rest = "))
            .nth(1)
            .unwrap()
            .0
        + 1;
    assert!(e.starts_with(&format!("t.scenario:{second}:")), "{e}");
    assert!(e.contains("`day.encounter.Second.rest`"), "{e}");
    assert!(e.contains("the seed gives no night"), "{e}");
    assert!(e.contains("long_rest = { health = N }"), "{e}");
    assert!(e.contains("allowed here: \"none\", \"short\""), "{e}");
    // With a night it loads; the first encounter's long rest is ignored either way.
    let d = day(&text("long_rest = { health = 2 }", "long"));
    assert_eq!(d.recovery.choices.long_rest, Some(2));
    assert_eq!(d.encounters[1].rest, Rest::Long);
    let d = day(&text("", "short"));
    assert_eq!(d.recovery.choices.long_rest, None);
}

#[test]
fn the_recovery_keys_take_their_declared_values_and_defaults() {
    let d = day(&text("", "none"));
    let c = d.recovery.choices;
    assert_eq!(c.gap_durability, GapDurability::FullUnlessWounded);
    assert_eq!(c.aid, Aid::Once);
    assert_eq!(c.wounded_ends, WoundedEnds::DurabilityRestored);
    assert_eq!(c.health_per_day, 0);
    let d = day(&text(
        "gap_durability = \"none\"\nemergency_aid = \"until_success\"\nwounded_ends = \"never\"\nhealth_per_day = 3",
        "none",
    ));
    let c = d.recovery.choices;
    assert_eq!(c.gap_durability, GapDurability::None);
    assert_eq!(c.aid, Aid::UntilSuccess);
    assert_eq!(c.wounded_ends, WoundedEnds::Never);
    assert_eq!(c.health_per_day, 3);
}

#[test]
fn bad_recovery_keys_name_line_key_and_what_is_allowed() {
    for (keys, says) in [
        (
            "gap_durability = \"half\"",
            "`day.gap_durability`: \"half\" is not allowed; allowed: \"full_unless_wounded\", \"none\"",
        ),
        (
            "emergency_aid = \"twice\"",
            "`day.emergency_aid`: \"twice\" is not allowed; allowed: \"once\", \"until_success\", \"none\"",
        ),
        (
            "wounded_ends = \"sometimes\"",
            "`day.wounded_ends`: \"sometimes\" is not allowed; allowed: \"durability_restored\", \"never\"",
        ),
        (
            "health_per_day = -1",
            "`day.health_per_day`: -1 is out of range; allowed: an integer from 0 to 100000",
        ),
        (
            "long_rest = { health = -1 }",
            "`day.long_rest`: allowed: the table `long_rest = { health = N }`, N from 0 to 100000",
        ),
        (
            "long_rest = { hp = 2 }",
            "`day.long_rest`: allowed: the table",
        ),
        ("long_rest = 2", "`day.long_rest`: allowed: the table"),
        ("rests = 2", "`day.rests`: unknown field `rests`"),
    ] {
        let body = text(keys, "short");
        let e = load(&body).unwrap_err();
        let key = keys.split(' ').next().unwrap();
        assert!(
            e.starts_with(&format!("t.scenario:{}:", line_of(&body, key))),
            "{keys}: {e}"
        );
        assert!(e.contains(says), "{keys}: {e}\n  wanted: {says}");
    }
}
