//! Sweeps and variants of loaded scenarios: grids in order, paths into tables and named
//! lists, and errors naming the path; the `[difficulty]` of every system's fights.

use super::*;
use crate::systems::gods_and_monsters::Loaded;
use crate::systems::scenario_text;
use oddsmith_core::stats::difficulty::{self as band, Thresholds};

fn door() -> String {
    scenario_text(
        SystemKind::InvisibleSun,
        "[check]\nchallenge = 6\nskill = 3\nmagic_dice = 1\nsuccesses = 2\n",
    )
}

fn sweep_of(text: &str) -> Result<Vec<Point>, String> {
    let s = Scenario::from_text("s.scenario", text).map_err(|e| e.to_string())?;
    s.sweep_points()
        .map_err(|e| e.to_string())
        .map(|p| p.expect("a [sweep] table"))
}

#[test]
fn no_sweep_table_is_none() {
    let s = Scenario::from_text("s.scenario", &door()).unwrap();
    assert!(s.sweep_points().unwrap().is_none());
}

#[test]
fn two_fields_give_their_grid_first_slowest() {
    let text = format!(
        "{}[sweep]\n\"check.challenge\" = {{ from = 4, to = 8, step = 2 }}\n\"check.magic_dice\" = [0, 3]\n",
        door()
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
    let LoadedSystem::InvisibleSun(crate::systems::invisible_sun::Loaded::Check(roll)) =
        &pts[3].scenario.system
    else {
        panic!()
    };
    assert_eq!((roll.challenge, roll.magic_dice), (6, 3));
    assert_eq!(
        pts[3].scenario.source().text,
        text,
        "points keep the original text"
    );
}

#[test]
fn combatants_are_addressed_by_name() {
    let yeti = std::fs::read_to_string(crate::testing::shipped("yeti")).unwrap();
    let text = format!("{yeti}\n[sweep]\n\"combatant.Yeti.survival\" = [10, 40]\n");
    let pts = sweep_of(&text).unwrap();
    let LoadedSystem::GodsAndMonsters(Loaded::Conflict(c)) = &pts[1].scenario.system else {
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
            "s.scenario:9:21: `sweep.\"check.challenge\"`: at check.challenge = 18: `check.challenge`: 18 is out of range",
        ),
        (
            "\"check.challenge\" = { from = 9, to = 3 }",
            "s.scenario:9:21: `sweep.\"check.challenge\"`: a range is",
        ),
        (
            "\"check.challenge\" = [\"x\"]",
            "`sweep.\"check.challenge\"`: `check.challenge` is not a word or text",
        ),
        (
            "\"check.challenge\" = [1, \"x\"]",
            "every value must be a number, e.g. [0, 1, 2, 3], or every one a different word",
        ),
        (
            "\"chek.challenge\" = [1]",
            "`sweep.\"chek.challenge\"`: the scenario has no `chek`",
        ),
        ("\"check.luck\" = [1]", "unknown field `luck`"),
        ("\"name\" = [1]", "`name` is not a number"),
    ] {
        let err = sweep_of(&format!("{}[sweep]\n{sweep}\n", door())).unwrap_err();
        assert!(
            err.contains(expected),
            "{sweep}:\n{err}\nexpected: {expected}"
        );
    }
}

#[test]
fn variants_are_checked_by_building_them() {
    let ok = format!("{}[variant.more_magic]\n\"check.magic_dice\" = 3\n", door());
    let v = Scenario::from_text("s.scenario", &ok)
        .unwrap()
        .variants()
        .unwrap();
    assert_eq!(v.len(), 1);
    assert_eq!(v[0].0.label, "more_magic");
    let LoadedSystem::InvisibleSun(crate::systems::invisible_sun::Loaded::Check(roll)) =
        &v[0].1.system
    else {
        panic!()
    };
    assert_eq!(roll.magic_dice, 3);
    let bad = format!("{}[variant.too_hard]\n\"check.challenge\" = 30\n", door());
    let err = Scenario::from_text("s.scenario", &bad)
        .unwrap()
        .variants()
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("`variant.too_hard`: `check.challenge`: 30 is out of range"),
        "{err}"
    );
}

#[test]
fn variants_take_words_and_booleans_and_name_the_kind_a_path_holds() {
    use crate::combat::Targeting;
    use crate::systems::gods_and_monsters::rules::AttackDowned;
    let yeti = std::fs::read_to_string(crate::testing::shipped("yeti")).unwrap();
    let text = format!(
        "{yeti}\n[variant.ruthless]\n\"combatant.Yeti.tactics\" = \"ruthless\"\n\
         [variant.spread]\n\"combatant.Yeti.tactics\" = \"spread\"\n\
         \"combatant.Yeti.attack_downed\" = \"also\"\n\"combatant.Yeti.aware\" = true\n"
    );
    let v = Scenario::from_text("s.scenario", &text)
        .unwrap()
        .variants()
        .unwrap();
    let yeti_of = |s: &Scenario| {
        let LoadedSystem::GodsAndMonsters(Loaded::Conflict(c)) = &s.system else {
            panic!()
        };
        let y = &c.fighters[3];
        (y.target, y.attack_downed, y.aware)
    };
    // Ruthless takes the weakest and strikes the fallen first; a key the file sets wins.
    assert_eq!(
        yeti_of(&v[0].1),
        (Targeting::Weakest, AttackDowned::First, false)
    );
    assert_eq!(
        yeti_of(&v[1].1),
        (Targeting::Spread, AttackDowned::Also, true)
    );
    // A word where a number stands, or a word no key allows, is an error at the variant.
    for (change, expected) in [
        (
            "\"combatant.Yeti.surprises\" = \"often\"",
            "`variant.bad`: `surprises` is not a word or text",
        ),
        (
            "\"combatant.Yeti.survival\" = \"tough\"",
            "`variant.bad`: expected an integer, found the string \"tough\"",
        ),
        (
            "\"combatant.Yeti.tactics\" = \"nasty\"",
            "\"nasty\" is not allowed; allowed: \"by_the_book\", \"protect\", \"cautious\", \"ruthless\", \"spread\", \"random\"",
        ),
        (
            "\"combatant.Yeti.tactics\" = [1]",
            "\"path\" = value lines (a number, a word or text in quotes, true or false)",
        ),
    ] {
        let bad = format!("{yeti}\n[variant.bad]\n{change}\n");
        let err = Scenario::from_text("s.scenario", &bad)
            .and_then(|s| s.variants())
            .unwrap_err()
            .to_string();
        assert!(err.contains(expected), "{change}:\n{err}");
    }
}

#[test]
fn a_sides_profile_reaches_every_combatant_of_it_that_sets_none() {
    use crate::combat::Targeting;
    let yeti = std::fs::read_to_string(crate::testing::shipped("yeti")).unwrap();
    let targets = |text: &str| {
        let s = Scenario::from_text("s.scenario", text).unwrap();
        let LoadedSystem::GodsAndMonsters(Loaded::Conflict(c)) = &s.system else {
            panic!()
        };
        c.fighters.iter().map(|f| f.target).collect::<Vec<_>>()
    };
    let text = format!(
        "{}\n[tactics]\nsides = {{ party = \"spread\", yeti = \"ruthless\" }}\n",
        yeti.replace(
            "use = \"Toromeen\"",
            "use = \"Toromeen\"\ntactics = \"random\""
        )
    );
    use Targeting::{Random, Spread, Weakest};
    assert_eq!(targets(&text), [Spread, Spread, Random, Weakest]);
    // Without the table, as the file says; the document kept is the one written, so a
    // variant's edit of the table takes effect.
    assert_eq!(targets(&yeti), [Random, Random, Random, Random]);
    let variant = format!("{text}[variant.calm]\n\"tactics.sides.yeti\" = \"by_the_book\"\n");
    let s = Scenario::from_text("s.scenario", &variant).unwrap();
    let (_, calm) = &s.variants().unwrap()[0];
    let LoadedSystem::GodsAndMonsters(Loaded::Conflict(c)) = &calm.system else {
        panic!()
    };
    assert_eq!(c.fighters[3].target, Random);
}

#[test]
fn a_section_of_another_system_is_refused() {
    let text = door() + "[contest]\nmax_exchanges = 3\n";
    let err = Scenario::from_text("s.scenario", &text)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("s.scenario:8:2: `contest`: unknown field `contest`: not a section of"),
        "{err}"
    );
    assert!(err.contains("allowed: `name`"), "{err}");
}

#[test]
fn tuned_values_are_edits_of_the_document() {
    let s = Scenario::from_text("s.scenario", &door()).unwrap();
    assert_eq!(s.integer_at("check.challenge"), Some(6));
    let t = s.with_integer("check.challenge", 9).unwrap();
    let LoadedSystem::InvisibleSun(crate::systems::invisible_sun::Loaded::Check(roll)) = &t.system
    else {
        panic!()
    };
    assert_eq!(roll.challenge, 9);
    let err = s.with_integer("check.challenge", 30).unwrap_err();
    assert!(
        err.starts_with("`check.challenge`: 30 is out of range"),
        "{err}"
    );
}

/// A shipped scenario's text with `more` appended.
fn shipped_with(stem: &str, more: &str) -> String {
    std::fs::read_to_string(crate::testing::shipped(stem)).unwrap() + more
}

#[test]
fn every_systems_fight_takes_difficulty_with_party_then_pcs_then_the_first_side() {
    // One fight of each system: Gods & Monsters, bonus dice, Unbound Legends, Invisible Sun.
    for (stem, default, other) in [
        ("yeti", "party", "yeti"),
        ("grizzly_ambush", "party", "bear"),
        ("ogre_in_the_mill", "party", "ogre"),
        ("vampire_and_thrall", "pcs", "npcs"),
    ] {
        let s = Scenario::from_text("s.toml", &shipped_with(stem, "")).unwrap();
        let setting = s.difficulty.expect("a fight has a difficulty setting");
        assert_eq!(setting.side, default, "{stem}");
        assert_eq!(setting.thresholds, Thresholds::default());
        let text = shipped_with(
            stem,
            &format!("\n[difficulty]\nside = \"{other}\"\nany_death = [0, 0.1, 0.2, 1]\n"),
        );
        let setting = Scenario::from_text("s.toml", &text)
            .unwrap()
            .difficulty
            .unwrap();
        assert_eq!(setting.side, other, "{stem}");
        assert_eq!(setting.thresholds.any_death, [0.0, 0.1, 0.2, 1.0]);
        assert_eq!(setting.thresholds.all_down, band::ALL_DOWN);
        let bad = shipped_with(stem, "\n[difficulty]\nside = \"nobody\"\n");
        let err = Scenario::from_text("s.toml", &bad).unwrap_err().to_string();
        let line = bad.lines().count();
        assert!(
            err.starts_with(&format!(
                "s.toml:{line}:8: `difficulty.side`: \"nobody\" is no side of this fight; \
                 allowed: \"{}\"",
                setting.sides[0]
            )),
            "{stem}: {err}"
        );
        assert!(err.contains(&format!("\"{other}\"")), "{err}");
    }
    let mut heroes = shipped_with("yeti", "");
    for pc in ["Sam Stevens", "Charlotte Kordé", "Toromeen"] {
        let used = format!("use = \"{pc}\"");
        heroes = heroes.replace(&used, &format!("{used}\nside = \"heroes\""));
    }
    let s = Scenario::from_text("s.toml", &heroes).unwrap();
    assert_eq!(s.difficulty.unwrap().side, "heroes", "the first side");
}

#[test]
fn difficulty_outside_a_fight_is_refused_in_every_system() {
    for stem in [
        "warded_door",
        "bear_claw_vs_dodge",
        "vault_lock",
        "sneak_past_guard",
        "shadow_spider_bite",
    ] {
        let s = Scenario::from_text("s.toml", &shipped_with(stem, "")).unwrap();
        assert!(s.difficulty.is_none(), "{stem}");
        let text = shipped_with(stem, "\n[difficulty]\nside = \"party\"\n");
        let line = text.lines().count() - 1;
        let err = Scenario::from_text("s.toml", &text)
            .unwrap_err()
            .to_string();
        assert!(
            err.starts_with(&format!(
                "s.toml:{line}:1: `difficulty`: [difficulty] belongs to a fight"
            )),
            "{stem}: {err}"
        );
    }
}
mod day;
