//! Skirmish tests: a one-on-one duel (Wounded, Armor Rank, Dodge paid from Vigor, Winded,
//! recovery, random initiative) whose every reported rate and mean the brute-force programme
//! of [`solver`] gives exactly, estimates within 4.5 standard errors at 10⁶ fights ([`dp`]);
//! the seed's rules replayed with scripted dice ([`replay`]: 002:13–14, 002:18, 002:36,
//! 002:43, 002:53, 002:75, 002:87); a fight nobody can win; the shipped grizzly fight; bad
//! input named by line and key.

mod aftermath;
mod carry;
mod dp;
mod replay;
mod solver;
mod tactics;

use super::Skirmish;
use crate::systems::{LoadedSystem, Scenario, SystemKind, scenario_text};
use crate::testing::rows;
use oddsmith_core::dice::StepDie;

pub(super) fn load(body: &str) -> Result<Scenario, String> {
    let text = scenario_text(SystemKind::BonusDice, body);
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

pub(super) fn skirmish(body: &str) -> Skirmish {
    match load(body).unwrap_or_else(|e| panic!("{e}")).system {
        LoadedSystem::BonusDice(crate::systems::bonus_dice::Loaded::Skirmish(s)) => *s,
        _ => panic!("not a fight"),
    }
}

#[test]
fn a_fight_nobody_can_hurt_is_a_stalemate_at_100_rounds() {
    // a has no weapon; b's ordinary d8 cannot harm a's Heroic Durability (002:58).
    let s = skirmish(
        r#"
[[combatant]]
name = "a"
side = "x"
weapon_dice = 0
durability_quality = "heroic"
durability = 1
health = 1
vigor = 10
stamina = 10
[[combatant]]
name = "b"
side = "y"
durability = 1
health = 1
vigor = 10
stamina = 10
"#,
    );
    assert_eq!(s.bout.max_rounds, 100);
    let r = rows(&s, 2_000, 1);
    assert_eq!(r["stalemate"].estimate, 1.0);
    assert_eq!(r["rounds.mean"].estimate, 100.0);
    assert_eq!(r["down.a"].estimate, 0.0);
}

#[test]
fn the_shipped_grizzly_fight_loads_as_written() {
    let text = std::fs::read_to_string(crate::testing::shipped("grizzly_ambush")).unwrap();
    let s = match Scenario::from_text("grizzly_ambush.toml", &text)
        .unwrap()
        .system
    {
        LoadedSystem::BonusDice(crate::systems::bonus_dice::Loaded::Skirmish(s)) => *s,
        _ => panic!("not a fight"),
    };
    assert_eq!(s.encounter.ambush, Some(1));
    assert_eq!(s.bout.max_rounds, 100);
    // Ada's Guard against the large bear: 15 + 2 + 5 (002:87); the bear's against her: 15.
    assert_eq!((s.pair(2, 0).guard, s.pair(0, 2).guard), (22, 15));
    // Brann's heroic weapon is d10s; the bear's two claws are d8s; Vigor back: ⌊Stamina/5⌋.
    assert_eq!(s.fighters[1].main.damage[0].weapon.die, StepDie::D10);
    assert_eq!(s.fighters[2].main.damage[0].weapon.count, 2);
    assert_eq!(s.fighters[2].vigor_recovery, 4);
    let off = s.fighters[0].offhand.unwrap();
    assert_eq!(off.strike.attack[0].die, StepDie::D6);
    assert_eq!(off.keep_vigor, 1);
}

#[test]
fn bad_fights_name_line_and_key() {
    let body = |s: &str| {
        format!(
            "{s}\n[[combatant]]\nname = \"a\"\nside = \"x\"\ndurability = 5\nhealth = 5\n\
             vigor = 5\nstamina = 5\n[[combatant]]\nname = \"b\"\nside = \"y\"\ndurability = 5\n\
             health = 5\nvigor = 5\nstamina = 5\n"
        )
    };
    load(&body("")).unwrap();
    for (edit, expected) in [
        (
            ("side = \"y\"", "side = \"x\""),
            "`combatant.side`: every combatant is on side \"x\"; a fight needs at least two sides",
        ),
        (
            (
                "stamina = 5\n[[",
                "stamina = 5\ndodge_policy = \"sometimes\"\n[[",
            ),
            "`combatant.a.dodge_policy`: allowed: \"when_hit\", \"always\", \"never\" or { keep_vigor = N }",
        ),
        (
            ("stamina = 5\n[[", "stamina = 5\ncover = \"bush\"\n[["),
            "`combatant.a.cover`: \"bush\" is not allowed; allowed: \"none\", \"light\", \"partial\", \"full\"",
        ),
        (
            ("stamina = 5\n[[", "stamina = 5\nsize = \"giant\"\n[["),
            "`combatant.a.size`: \"giant\" is not allowed; allowed: \"tiny\", \"small\", \"medium\"",
        ),
        (
            (
                "stamina = 5\n[[",
                "stamina = 5\nweapon_die = \"mythic\"\n[[",
            ),
            "`combatant.a.weapon_die`: \"mythic\" is not allowed; allowed: \"d4\"",
        ),
        (
            ("stamina = 5\n[[", "stamina = 5\narmor_quality = \"d7\"\n[["),
            "`combatant.a.armor_quality`: \"d7\" is not allowed",
        ),
        (
            (
                "stamina = 5\n[[",
                "stamina = 5\noffhand = { weapon_die = \"d3\" }\n[[",
            ),
            "`combatant.a.offhand.weapon_die`: \"d3\" is not allowed",
        ),
        (
            ("stamina = 5\n[[", "stamina = 5\ntarget = \"c\"\n[["),
            "`combatant.target`: \"c\" names nobody",
        ),
        (("durability = 5\nhealth", "health"), "durability"),
        (("vigor = 5\nstamina = 5\n[[", "vigor = 5\n[["), "stamina"),
        (
            ("health = 5\nvigor", "health = 0\nvigor"),
            "`combatant.a.health`: 0 is out of range",
        ),
    ] {
        let text = body("").replacen(edit.0, edit.1, 1);
        let err = load(&text).unwrap_err();
        assert!(
            err.contains(expected) && err.starts_with("t.scenario:"),
            "{}\n{err}\nexpected: {expected}",
            edit.1
        );
    }
    for (head, expected) in [
        (
            "[encounter]\nambush = \"z\"",
            "`encounter.ambush`: \"z\" is no side; allowed: \"none\" or a side (\"x\", \"y\")",
        ),
        (
            "[encounter]\nvisibility = \"murky\"",
            "`encounter.visibility`: \"murky\" is not allowed",
        ),
        (
            "[run]\nmax_rounds = 200000",
            "`run.max_rounds`: 200000 is out of range",
        ),
        (
            "[check]\nvs = 10",
            "a scenario describes one thing: use only one of [check], [attack], [damage] or \
             [[combatant]]",
        ),
        (
            "[damage]\nweapon_dice = 1",
            "a scenario describes one thing",
        ),
    ] {
        let err = load(&body(head)).unwrap_err();
        assert!(
            err.contains(expected) && err.starts_with("t.scenario:"),
            "{head}\n{err}\nexpected: {expected}"
        );
    }
    // Rolls still have no rounds, and [encounter] belongs to a fight.
    let err = load("[run]\nmax_rounds = 5\n[check]\nvs = 10\n").unwrap_err();
    assert!(err.contains("`run.max_rounds`"), "{err}");
    let err = load("[encounter]\nambush = \"x\"\n[check]\nvs = 10\n").unwrap_err();
    assert!(err.contains("`encounter`"), "{err}");
}
