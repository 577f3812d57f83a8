//! A day's bad input exits with the file, line, key and allowed values: the rests' keys, a
//! member's Vitality Dice, and what the day's planner refuses in every system.

use super::dp::DAY;
use super::load;

#[test]
fn bad_days_name_line_key_and_allowed_values() {
    let day = DAY.replace("REST", "short");
    for (from, to, expected) in [
        (
            "[day]\n",
            "[day]\nspend_vitality_dice = \"some\"\n",
            "`day.spend_vitality_dice`: allowed: \"until_full\", \"none\" or a number of dice from 1 to 100",
        ),
        (
            "[day]\n",
            "[day]\nspend_vitality_dice = 0\n",
            "`day.spend_vitality_dice`: allowed: \"until_full\", \"none\" or a number of dice from 1 to 100",
        ),
        (
            "[day]\n",
            "[day]\nshort_rest_minutes = 90\n",
            "`day.short_rest_minutes`: 90 is out of range; allowed: an integer from 30 to 60",
        ),
        (
            "[day]\n",
            "[day]\nrest_use = \"pools\"\n",
            "`day.rest_use`: unknown field `rest_use`",
        ),
        (
            "die = \"d4\" }",
            "}",
            "`combatant.Ada.short_rest.die`: \"Ada\" has a set `ap`, so no `vitality_die`: say which die its Vitality Dice are",
        ),
        (
            "die = \"d4\" }",
            "die = \"2d6\" }",
            "`combatant.Ada.short_rest.die`: allowed: a single die such as \"d6\"",
        ),
        (
            "vitality_dice = 2, ",
            "",
            "`combatant.Ada.short_rest.vitality_dice`: missing key `vitality_dice`",
        ),
        (
            "vitality_dice = 2, ",
            "vitality_dice = 2, dice = 3, ",
            "unknown field `dice`",
        ),
        (
            "passive_armor = 10\nshort_rest",
            "passive_armor = 10\nlevel = 0\nshort_rest",
            "`combatant.Ada.level`: 0 is out of range; allowed: an integer from 1 to 20",
        ),
        ("foes = [\"Wolf\"]", "", "encounter \"Den\" has no foe"),
        (
            "rest = \"short\"",
            "rest = \"nap\"",
            "`day.encounter.Den.rest`: allowed: \"none\", \"short\", \"long\"",
        ),
        (
            "rest = \"short\"",
            "kind = \"fall\"",
            "this system has no hazards",
        ),
    ] {
        assert!(day.contains(from), "{from}");
        let err = load(&day.replacen(from, to, 1)).unwrap_err();
        assert!(
            err.contains(expected) && err.starts_with("t.scenario:"),
            "{to}\n{err}\nexpected: {expected}"
        );
    }
    // A long rest is the system's own: no `[day] long_rest` needed.
    load(&DAY.replace("REST", "long")).unwrap();
}
