//! A day read from its scenario: each member rolls a hazard with its own scores, and what
//! the rules refuse is refused with the file, line, key and what is allowed.

use super::*;
use crate::combat::day::Day;
use crate::systems::gods_and_monsters::day::hazard::Roller;

const PARTY: &str = r#"
[[combatant]]
use = "Toromeen"
level = 2
[[combatant]]
use = "Charlotte Kordé"
level = 2
evasion = 7
"#;

fn day_of(body: &str) -> Day<Stage, Rules> {
    match loaded(body) {
        Loaded::Day(d) => *d,
        other => panic!("not a day: {other:?}"),
    }
}

#[test]
fn the_shipped_template_is_a_day_whose_members_roll_with_their_own_scores() {
    let text = include_str!("../../schema/new/day.toml");
    let d = match Scenario::from_text("day.toml", text).unwrap().system {
        LoadedSystem::GodsAndMonsters(Loaded::Day(d)) => d,
        _ => panic!("a day"),
    };
    assert_eq!(d.encounters.len(), 7);
    assert_eq!(d.party, ["Sam Stevens", "Charlotte Kordé", "Toromeen"]);
    let Stage::Hazard(crevasse) = &d.encounters[1].stage else {
        panic!("a hazard")
    };
    // Each faller's evasion is its own: Sam's 8, Charlotte's 7, Toromeen's 5 (the library's);
    // its endurance, fortitude and willpower too.
    let evasions: Vec<(i64, i64, i64)> = crevasse
        .rollers
        .iter()
        .map(|r| match r {
            Roller::Fall { faller, .. } => (faller.evasion, faller.endurance, faller.fortitude),
            _ => panic!("a fall"),
        })
        .collect();
    assert_eq!(evasions, [(8, 12, 5), (7, 10, 5), (5, 15, 11)]);
    // The march's health is each member's: 9, 10, 11 (step 0, no bonus).
    let Stage::Hazard(pass) = &d.encounters[0].stage else {
        panic!("a hazard")
    };
    let bases: Vec<i64> = pass
        .rollers
        .iter()
        .map(|r| match r {
            Roller::March { base } => *base,
            _ => panic!("a march"),
        })
        .collect();
    assert_eq!(bases, [9, 10, 11]);
    assert!(matches!(d.encounters[2].stage, Stage::Fight(_)));
    // The fights warn of nothing the day reads (a level beside an endurance).
    let s = Scenario::from_text("day.toml", text).unwrap();
    assert!(s.warnings().is_empty(), "{:?}", s.warnings());
}

#[test]
fn a_short_rest_is_refused_since_the_book_has_none() {
    let e = error(&format!(
        "[day]\n{PARTY}\n[[day.encounter]]\nfoes = [\"Yeti\"]\n[[day.encounter]]\nname = \"B\"\nfoes = [\"Yeti\"]\nrest = \"short\"\n"
    ));
    assert!(e.contains("t.toml:18"), "{e}");
    assert!(e.contains("day.encounter.B.rest"), "{e}");
    assert!(e.contains("no short rest"), "{e}");
    assert!(e.contains("allowed: \"none\""), "{e}");
}

#[test]
fn a_night_needs_every_member_s_health_and_level() {
    let body = "[day]\n[[combatant]]\nuse = \"Charlotte Kordé\"\nlevel = 2\n\
                [[day.encounter]]\nfoes = [\"Yeti\"]\n[[day.encounter]]\nfoes = [\"Yeti\"]\nrest = \"long\"\n";
    let e = error(body);
    assert!(e.contains("t.toml:11"), "{e}");
    assert!(e.contains("give \"Charlotte Kordé\" its `health`"), "{e}");
    // With it, the day loads.
    day_of(&body.replace("level = 2", "level = 2\nhealth = 10"));
}

#[test]
fn a_hazard_refuses_the_keys_that_are_each_member_s_own() {
    let e = error(&format!(
        "[day]\n{PARTY}\n[[day.encounter]]\nname = \"Pit\"\nkind = \"fall\"\n[day.encounter.fall]\nheight = 20\nsurvival = 4\n"
    ));
    assert!(e.contains("t.toml:18"), "{e}");
    assert!(e.contains("day.encounter.Pit.fall.survival"), "{e}");
    assert!(e.contains("each party member's own"), "{e}");
    let e = error(&format!(
        "[day]\n{PARTY}\n[[day.encounter]]\nkind = \"march\"\n[day.encounter.march]\nperiods = 2\ninjuries = 1\n"
    ));
    assert!(e.contains("march.injuries"), "{e}");
    // An unknown key, with the nearest.
    let e = error(&format!(
        "[day]\n{PARTY}\n[[day.encounter]]\nkind = \"fall\"\n[day.encounter.fall]\nheigth = 20\n"
    ));
    assert!(e.contains("unknown field `heigth`"), "{e}");
    assert!(e.contains("did you mean `height`"), "{e}");
}

#[test]
fn a_score_neither_the_member_nor_the_hazard_gives_is_asked_for() {
    // Charlotte has an evasion here, Toromeen the library's; a Yeti-hunter without one
    // falling: the table's evasion stands in for it, or the error says whose is missing.
    let party = "[[combatant]]\nuse = \"Charlotte Kordé\"\nlevel = 2\n[[combatant]]\nuse = \"Sam Stevens\"\nlevel = 1\n";
    let hazard = "[[day.encounter]]\nkind = \"fall\"\n[day.encounter.fall]\nheight = 10\n";
    let e = error(&format!("[day]\n{party}{hazard}"));
    assert!(e.contains("\"Charlotte Kordé\" has no `evasion`"), "{e}");
    assert!(e.contains("day.encounter.Encounter 1.fall.evasion"), "{e}");
    let d = day_of(&format!("[day]\n{party}{hazard}evasion = 6\n"));
    let Stage::Hazard(h) = &d.encounters[0].stage else {
        panic!()
    };
    assert!(matches!(h.rollers[0], Roller::Fall { faller, .. } if faller.evasion == 6));
}

#[test]
fn verve_from_a_hazard_needs_the_member_s_level() {
    let body = "[day]\n[[combatant]]\nuse = \"Toromeen\"\n[[day.encounter]]\nkind = \"jump\"\n\
                [day.encounter.jump]\nscore = 10\ndistance = 2\n";
    let e = error(body);
    assert!(e.contains("t.toml:7"), "{e}");
    assert!(e.contains("give \"Toromeen\" its `level`"), "{e}");
    assert!(e.contains("verve_from_scenes = false"), "{e}");
    day_of(&body.replace("[day]", "[day]\nverve_from_scenes = false"));
}

#[test]
fn a_day_s_words_are_checked() {
    let e = error(&format!(
        "[day]\nnight = \"both\"\n{PARTY}\n[[day.encounter]]\nfoes = [\"Yeti\"]\n"
    ));
    assert!(e.contains("day.night"), "{e}");
    assert!(e.contains("\"injury_first\", \"survival_first\""), "{e}");
    let e = error(&format!(
        "[day]\n{PARTY}\n[[day.encounter]]\nkind = \"trap\"\n"
    ));
    assert!(
        e.contains("\"fall\", \"ailment\", \"jump\", \"march\", \"chase\""),
        "{e}"
    );
}
