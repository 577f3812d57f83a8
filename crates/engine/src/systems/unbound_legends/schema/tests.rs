//! The declarations of [`super::keys`] hold together and match the loader: no declaration
//! mistakes, every table's keys are exactly the keys its serde reader accepts, every word
//! key's words are exactly the words the loader maps, the rule structs' `Default`s are the
//! declared readings, every shape has its `oddsmith new` template, which loads, and keys a
//! table does not declare are refused.

use super::combatant::{
    AftermathSpec, AttackSpec, BlockSpec, CombatantSpec, DefenseEntries, DodgeSpec, ParrySpec,
    PotionsSpec, ShortRestSpec,
};
use super::day::DaySpec;
use super::keys::{
    AFTERMATH, ATTACKS, BLOCK, CHECK, CHECK_DEFENSE, COMBATANT, CONTEST, DAMAGE_KINDS,
    DAMAGE_SOURCES, DAMAGE_TYPES, DAY, DEFENSE, DODGE, GROUP, MEMBER, PARRY, POTIONS, RULES,
    SCHEMA, SHORT_REST, SIDE,
};
use super::{
    CheckSpec, ContestSpec, DefenseSpec, EntrySpec, GroupSpec, MINOR_BANDS, ROLLS, RulesSpec,
};
use crate::systems::Scenario;
use crate::systems::unbound_legends::attack::{AttackRules, DefenseKind};
use crate::systems::unbound_legends::fighter::{Armor, FightRules, InstantDeath, Kind as Falls};
use oddsmith_scenario::keys::{self, Kind, Table};
use oddsmith_scenario::{Document, Source};
use std::collections::BTreeSet;

#[test]
fn the_declarations_hold_together() {
    assert_eq!(keys::lint("unbound-legends", &SCHEMA), Vec::<String>::new());
}

fn declared(table: &Table) -> BTreeSet<String> {
    table.keys.iter().map(|k| k.name.to_string()).collect()
}

fn accepted<T: serde::de::DeserializeOwned>() -> BTreeSet<String> {
    keys::serde_fields::<T>().into_iter().collect()
}

#[test]
fn every_table_declares_exactly_the_keys_its_reader_accepts() {
    for (table, reader) in [
        (&CHECK, accepted::<CheckSpec>()),
        (&CHECK_DEFENSE, accepted::<DefenseSpec>()),
        (&RULES, accepted::<RulesSpec>()),
        (&CONTEST, accepted::<ContestSpec>()),
        (&SIDE, accepted::<EntrySpec>()),
        (&GROUP, accepted::<GroupSpec>()),
        (&MEMBER, accepted::<EntrySpec>()),
        (&COMBATANT, accepted::<CombatantSpec>()),
        (&ATTACKS, accepted::<AttackSpec>()),
        (&DEFENSE, accepted::<DefenseEntries>()),
        (&DODGE, accepted::<DodgeSpec>()),
        (&BLOCK, accepted::<BlockSpec>()),
        (&PARRY, accepted::<ParrySpec>()),
        (&SHORT_REST, accepted::<ShortRestSpec>()),
        (&POTIONS, accepted::<PotionsSpec>()),
        (&AFTERMATH, accepted::<AftermathSpec>()),
        (&DAY, accepted::<DaySpec>()),
    ] {
        assert!(!reader.is_empty(), "{}", table.heading());
        assert_eq!(declared(table), reader, "{}", table.heading());
    }
    // Every table of every shape is one of those.
    let checked = [
        "check",
        "check.defense",
        "rules",
        "contest",
        "contest.side",
        "group",
        "group.member",
        "combatant",
        "combatant.attacks",
        "combatant.defense",
        "combatant.defense.dodge",
        "combatant.defense.block",
        "combatant.defense.parry",
        "combatant.short_rest",
        "combatant.potions",
        "aftermath",
        "day",
        // The shared `[[day.encounter]]`, read by the day's planner.
        "day.encounter",
    ];
    for table in SCHEMA.tables() {
        assert!(
            checked.contains(&table.path),
            "{} is not checked",
            table.path
        );
    }
}

/// The words `name` of `table` declares.
fn words_of(table: &Table, name: &str) -> Vec<&'static str> {
    match table.key(name).map(|k| k.kind) {
        Some(Kind::Word(w) | Kind::Words(w)) => w.to_vec(),
        other => panic!("{} `{name}` is {other:?}", table.heading()),
    }
}

fn words<T>(map: &[(&'static str, T)]) -> Vec<&'static str> {
    map.iter().map(|(w, _)| *w).collect()
}

#[test]
fn every_word_key_declares_exactly_the_words_the_loader_maps() {
    for (table, name, mapped) in [
        (&CHECK, "roll", words(&ROLLS)),
        (&CHECK_DEFENSE, "kind", words(&DefenseKind::WORDS)),
        (&RULES, "minor_failure_width", words(&MINOR_BANDS)),
        (&RULES, "instant_death", words(&InstantDeath::WORDS)),
        (&COMBATANT, "kind", words(&Falls::WORDS)),
        (&COMBATANT, "armor", words(&Armor::WORDS)),
        (&COMBATANT, "defend", words(&super::combatant::DEFENDS)),
        (
            &COMBATANT,
            "defend_when",
            words(&super::combatant::DEFEND_WHEN),
        ),
        (&ATTACKS, "type", DAMAGE_TYPES.to_vec()),
        (&ATTACKS, "source", DAMAGE_SOURCES.to_vec()),
    ] {
        assert_eq!(
            words_of(table, name),
            mapped,
            "{} `{name}`",
            table.heading()
        );
    }
    let both: Vec<&str> = DAMAGE_TYPES.iter().chain(DAMAGE_SOURCES).copied().collect();
    assert_eq!(DAMAGE_KINDS, both.as_slice());
    assert_eq!(words_of(&COMBATANT, "resist"), both);
    assert_eq!(words_of(&COMBATANT, "vulnerable"), both);
}

#[test]
fn the_rule_structs_default_to_the_declared_readings() {
    for text in ["", "[rules]\n"] {
        let doc = Document::parse(Source::from_text("t.toml", text)).unwrap();
        let rules = super::rules(&doc).unwrap();
        assert_eq!(rules.attack, AttackRules::default());
        assert_eq!(rules.fight, FightRules::default());
        assert!(!rules.natural_on_checks);
    }
}

#[test]
fn keys_a_table_does_not_declare_are_refused() {
    for (body, expected) in [
        (
            "[check]\nname = \"lock\"\ntarget = 10\n",
            "`check.name`: unknown field `name`",
        ),
        (
            "[contest]\n[[contest.side]]\nname = \"a\"\nroll = \"skill\"\n\
             [[contest.side]]\nname = \"b\"\n",
            "`contest.side.roll`: unknown field `roll`",
        ),
        (
            "[group]\ntarget = 10\n[[group.member]]\nname = \"a\"\ntarget = 12\n",
            "`group.member.target`: unknown field `target`",
        ),
        (
            "[check]\nroll = \"attack\"\n[check.defense]\nkind = \"dodge\"\nstrength = 1\n",
            "`check.defense.strength`: unknown field `strength`",
        ),
        (
            "[[combatant]]\nname = \"a\"\nside = \"x\"\nap = 10\nvitality = 1\nhealth = 1\n\
             passive_armor = 10\ndefend = \"dodge\"\ndefense.dodge = { bonus = 2, strength = 1 }\n\
             [[combatant]]\nname = \"b\"\nside = \"y\"\nap = 10\nvitality = 1\nhealth = 1\n\
             passive_armor = 10\n",
            "`combatant.defense.dodge.strength`: unknown field `strength`",
        ),
    ] {
        let text = crate::systems::scenario_text(crate::systems::SystemKind::UnboundLegends, body);
        let err = Scenario::from_text("t.scenario", &text)
            .unwrap_err()
            .to_string();
        assert!(
            err.contains(expected),
            "{body}\n{err}\nexpected: {expected}"
        );
    }
}
