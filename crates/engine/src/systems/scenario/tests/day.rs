//! A day's file read through a system: what `[day]` and `[[day.encounter]]` refuse, and
//! where the party and each encounter's foes come from (here, beside the loader that reads
//! them: the scenario layer knows no rule system).

use crate::systems::Scenario;

/// The error `text` (a Gods & Monsters day after its header) gives, as printed.
fn error(body: &str) -> String {
    let text = format!("name = \"d\"\nsystem = \"gods-and-monsters\"\n{body}");
    Scenario::from_text("day.toml", &text)
        .unwrap_err()
        .to_string()
}

const PARTY: &str = "[[combatant]]\nuse = \"Sam Stevens\"\n[[combatant]]\nuse = \"Toromeen\"\n";

#[test]
fn an_encounter_needs_a_foe_and_a_day_an_encounter() {
    let e = error(&format!("{PARTY}[day]\ngap_minutes = 5\n"));
    assert!(
        e.contains("day.toml:7:1") && e.contains("add `[[day.encounter]]`"),
        "{e}"
    );
    let e = error(&format!(
        "{PARTY}[day]\n[[day.encounter]]\nname = \"Den\"\n"
    ));
    assert!(e.contains("day.encounter.Den.foes"), "{e}");
    assert!(e.contains("encounter \"Den\" has no foe"), "{e}");
    assert!(e.contains("or a hazard `kind`"), "{e}");
}

#[test]
fn an_unknown_creature_names_its_line_and_the_nearest_name() {
    let e = error(&format!(
        "{PARTY}[day]\n[[day.encounter]]\nfoes = [\"Goblin\", \"Yetti\"]\n"
    ));
    assert!(
        e.contains("day.toml:9:19") && e.contains("day.encounter.Encounter 1.foes"),
        "{e}"
    );
    assert!(
        e.contains("\"Yetti\"") && e.contains("did you mean \"Yeti\""),
        "{e}"
    );
}

#[test]
fn encounter_keys_are_its_own_or_a_fight_s_tables() {
    let e = error(&format!(
        "{PARTY}[day]\n[[day.encounter]]\nfoes = [\"Yeti\"]\nresst = \"short\"\n"
    ));
    assert!(e.contains("day.toml:10:1"), "{e}");
    assert!(
        e.contains("unknown field `resst`") && e.contains("`rest`"),
        "{e}"
    );
    assert!(e.contains("`conflict`"), "a fight's table is allowed: {e}");
    assert!(
        !e.contains("`contest`"),
        "another shape's table is not: {e}"
    );
    let e = error(&format!(
        "{PARTY}[day]\n[[day.encounter]]\nfoes = [\"Yeti\"]\nrest = \"nap\"\n"
    ));
    assert!(
        e.contains("rest") && e.contains("\"none\", \"short\", \"long\""),
        "{e}"
    );
    let e = error(&format!(
        "{PARTY}[day]\n[[day.encounter]]\nfoes = [\"Yeti\"]\ngap_minutes = -1\n"
    ));
    assert!(
        e.contains("gap_minutes") && e.contains("from 0 to 100000"),
        "{e}"
    );
}

#[test]
fn the_file_s_fighters_are_the_party_s() {
    let e = error(&format!(
        "{PARTY}[[combatant]]\nuse = \"Orc\"\nside = \"orcs\"\n[day]\n[[day.encounter]]\nfoes = [\"Yeti\"]\n"
    ));
    assert!(
        e.contains("day.toml:9:8") && e.contains("[[day.encounter.foe]]"),
        "{e}"
    );
    let e = error(&format!(
        "{PARTY}[day]\nparty = \"heroes\"\n[[day.encounter]]\nfoes = [\"Yeti\"]\n"
    ));
    assert!(
        e.contains("day.party") && e.contains("sides: \"party\""),
        "{e}"
    );
    let e = error(&format!(
        "{PARTY}[day]\n[[day.encounter]]\n[[day.encounter.foe]]\nuse = \"Orc\"\nside = \"party\"\n"
    ));
    assert!(e.contains("a foe on the party's side"), "{e}");
}

#[test]
fn a_hazard_kind_needs_its_table_and_a_system_with_hazards() {
    let e = error(&format!(
        "{PARTY}[day]\n[[day.encounter]]\nkind = \"fall\"\n"
    ));
    assert!(e.contains("needs its `[day.encounter.fall]` table"), "{e}");
    let e = error(&format!(
        "{PARTY}[day]\n[[day.encounter]]\nkind = \"swim\"\n"
    ));
    assert!(e.contains("\"fall\", \"ailment\""), "{e}");
    let text = "name = \"d\"\nsystem = \"bonus-dice\"\n[[combatant]]\nname = \"A\"\nside = \"party\"\n[day]\n[[day.encounter]]\nkind = \"fall\"\n";
    let e = Scenario::from_text("day.toml", text)
        .unwrap_err()
        .to_string();
    assert!(e.contains("this system has no hazards"), "{e}");
}
