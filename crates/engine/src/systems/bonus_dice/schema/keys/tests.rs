//! The bonus-dice declarations held to the loader: no declaration mistakes, each table's keys
//! exactly those its serde reader accepts, the declared words those the rules map to values,
//! the ranges checked by hand said in words, the readings left out those `Rules::default`
//! gives, and every shape's `oddsmith new` file loading with every key listed.

use super::super::combatant::{
    AftermathSpec, CombatantSpec, EncounterSpec, MedicineSpec, OffhandSpec, PotionsSpec,
};
use super::super::day::DaySpec;
use super::super::{
    AttackDamageSpec, AttackSpec, CheckSpec, DamageSpec, DodgeSpec, RulesSpec, TargetSpec,
};
use super::*;
use crate::systems::bonus_dice::attack::{Cover, DodgePolicy, Size};
use crate::systems::bonus_dice::check::Visibility;
use crate::systems::bonus_dice::damage::QUALITIES;
use crate::systems::bonus_dice::dice::{Burst, WoundedStep};
use crate::systems::bonus_dice::rules::{BehindHalves, DamageCharges, Rules, SuccessOn};
use oddsmith_scenario::keys::{Kind, lint, serde_fields};
use oddsmith_scenario::{Document, Source};
use std::collections::BTreeSet;

#[test]
fn declarations_hold_together() {
    assert_eq!(lint("bonus-dice", &SCHEMA), Vec::<String>::new());
}

/// Each table's declared keys, as a set.
fn declared(table: &Table) -> BTreeSet<String> {
    table.keys.iter().map(|k| k.name.to_string()).collect()
}

#[test]
fn every_table_declares_exactly_what_its_reader_accepts() {
    let pairs: [(&Table, Vec<String>); 14] = [
        (&CHECK, serde_fields::<CheckSpec>()),
        (&ATTACK, serde_fields::<AttackSpec>()),
        (&TARGET, serde_fields::<TargetSpec>()),
        (&DODGE, serde_fields::<DodgeSpec>()),
        (&ATTACK_DAMAGE, serde_fields::<AttackDamageSpec>()),
        (&DAMAGE, serde_fields::<DamageSpec>()),
        (&RULES, serde_fields::<RulesSpec>()),
        (&COMBATANT, serde_fields::<CombatantSpec>()),
        (&OFFHAND, serde_fields::<OffhandSpec>()),
        (&MEDICINE, serde_fields::<MedicineSpec>()),
        (&POTIONS, serde_fields::<PotionsSpec>()),
        (&ENCOUNTER, serde_fields::<EncounterSpec>()),
        (&AFTERMATH, serde_fields::<AftermathSpec>()),
        (&DAY, serde_fields::<DaySpec>()),
    ];
    for (table, fields) in pairs {
        assert!(!fields.is_empty(), "{}: no fields read", table.heading());
        let fields: BTreeSet<String> = fields.into_iter().collect();
        assert_eq!(declared(table), fields, "{}", table.heading());
    }
    // Every table of every shape is one of those above.
    for t in SCHEMA.tables() {
        assert!(
            [
                "check",
                "attack",
                "attack.target",
                "attack.dodge",
                "attack.damage",
                "damage",
                "rules",
                "combatant",
                "combatant.offhand",
                "combatant.medicine",
                "combatant.potions",
                "encounter",
                "aftermath",
                "day",
                // The planner's (`oddsmith_scenario::day`), shared by every system.
                "day.encounter"
            ]
            .contains(&t.path),
            "{} is held to no reader",
            t.path
        );
    }
}

/// The words of `key` in `table`.
fn words(table: &Table, key: &str) -> Vec<&'static str> {
    match table.key(key).map(|k| k.kind) {
        Some(Kind::Word(w)) => w.to_vec(),
        other => panic!("{} {key}: {other:?}", table.heading()),
    }
}

fn names<T>(map: &[(&'static str, T)]) -> Vec<&'static str> {
    map.iter().map(|(w, _)| *w).collect()
}

/// The declared words are the words the rule modules map to values, in the same order.
#[test]
fn declared_words_are_the_rules_words() {
    assert_eq!(words(&RULES, "burst"), names(&Burst::WORDS));
    assert_eq!(words(&RULES, "wounded_step"), names(&WoundedStep::WORDS));
    assert_eq!(words(&RULES, "success_on"), names(&SuccessOn::WORDS));
    assert_eq!(
        words(&RULES, "damage_charges"),
        names(&DamageCharges::WORDS)
    );
    assert_eq!(words(&RULES, "behind_halves"), names(&BehindHalves::WORDS));
    assert_eq!(SIZE, names(&Size::WORDS));
    assert_eq!(COVER, names(&Cover::WORDS));
    assert_eq!(VISIBILITY, names(&Visibility::WORDS));
    assert_eq!(POLICY, names(&DodgePolicy::WORDS));
    assert_eq!(&QUALITY[LADDER.len()..], names(&QUALITIES));
    assert_eq!(&QUALITY[..LADDER.len()], LADDER);
    assert_eq!(LADDER, names(&super::super::LADDER_DICE));
    assert_eq!(DURABILITY, names(&super::super::DURABILITY_DICE));
    use crate::systems::bonus_dice::day::{Aid, GapDurability, WoundedEnds};
    assert_eq!(words(&DAY, "gap_durability"), names(&GapDurability::WORDS));
    assert_eq!(words(&DAY, "emergency_aid"), names(&Aid::WORDS));
    assert_eq!(words(&DAY, "wounded_ends"), names(&WoundedEnds::WORDS));
}

/// The keys that take more than one form say in words the ranges the loader checks.
#[test]
fn words_state_the_hand_checked_ranges() {
    let said = |table: &Table, key: &str| table.key(key).expect(key).allowed();
    let ints = |r: &RangeInclusive<i64>| format!("from {} to {}", r.start(), r.end());
    for t in [&TARGET, &DAMAGE, &COMBATANT] {
        assert!(said(t, "armor_rank").contains(&format!("an integer {}", ints(&ARMOR_RANK))));
    }
    for t in [&ATTACK_DAMAGE, &DAMAGE] {
        assert!(said(t, "at_least").contains(&format!("integers {}", ints(&AT_LEAST))));
    }
    let keep = format!("N {}", ints(&KEEP_VIGOR));
    assert!(said(&DODGE, "policy").contains(&keep));
    assert!(said(&COMBATANT, "dodge_policy").contains(&keep));
    let health = format!("N {}", ints(&LONG_REST_HEALTH));
    assert!(said(&DAY, "long_rest").contains(&health));
}

/// With no `[rules]`, every reading is the one `Rules::default` (used by the tests) gives.
#[test]
fn declared_readings_are_the_default_rules() {
    let doc = Document::parse(Source::from_text("t.toml", "[check]\nvs = 5\n")).unwrap();
    assert_eq!(super::super::rules(&doc).unwrap(), Rules::default());
}

/// Every shape's `oddsmith new` file loads and names every key its tables declare.
#[test]
fn every_shape_file_loads_and_lists_every_key() {
    for shape in SCHEMA.shapes {
        let path = format!("new/{}.toml", shape.name);
        let text = shape.example;
        crate::systems::Scenario::from_text(&path, text).unwrap_or_else(|e| panic!("{path}: {e}"));
        for table in shape.tables {
            for key in table.keys {
                assert!(
                    text.contains(key.name),
                    "{path} does not list {} {}",
                    table.heading(),
                    key.name
                );
            }
        }
    }
}
