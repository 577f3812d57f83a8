//! The declarations hold together and match the loaders: no declaration mistakes, every key a
//! serde reader accepts is declared (and nothing more), and every shape's file for `oddsmith
//! new` loads into its shape and mentions every key of it.

use super::super::combatant::{AftermathSpec, AttackSpec, CombatantSpec, ConflictSpec};
use super::super::hazard::{AilmentSpec, ChaseSpec, FallSpec, JumpSpec, MarchSpec};
use super::super::{ContestSpec, RollSpec};
use super::*;
use crate::systems::gods_and_monsters::Loaded;
use crate::systems::gods_and_monsters::hazard::fall::FallRules;
use crate::systems::{LoadedSystem, Scenario};
use oddsmith_scenario::keys::{self, Kind};
use std::collections::BTreeSet;

fn declared(table: &Table) -> BTreeSet<String> {
    table.keys.iter().map(|k| k.name.to_string()).collect()
}

fn accepted<T: serde::de::DeserializeOwned>() -> BTreeSet<String> {
    keys::serde_fields::<T>().into_iter().collect()
}

/// `set` with `plus` added and `minus` taken away.
fn edit(set: BTreeSet<String>, plus: &[&str], minus: &[&str]) -> BTreeSet<String> {
    let mut set = set;
    set.extend(plus.iter().map(|s| s.to_string()));
    set.retain(|k| !minus.contains(&k.as_str()));
    set
}

#[test]
fn the_declarations_hold_together() {
    assert_eq!(
        keys::lint("gods-and-monsters", &SCHEMA),
        Vec::<String>::new()
    );
    let names: Vec<&str> = SCHEMA.shapes.iter().map(|s| s.name).collect();
    assert_eq!(
        names,
        [
            "fight", "check", "contest", "fall", "climb", "ailment", "jump", "chase", "march",
            "day"
        ]
    );
}

#[test]
fn every_table_declares_what_its_reader_accepts() {
    // One reader per table.
    for (table, reader) in [
        (&COMBATANT, accepted::<CombatantSpec>()),
        (&ATTACKS, accepted::<AttackSpec>()),
        (&CONFLICT, accepted::<ConflictSpec>()),
        (&AFTERMATH, accepted::<AftermathSpec>()),
        (&CONTEST, accepted::<ContestSpec>()),
        (&FALL, accepted::<FallSpec>()),
        (&AILMENT, accepted::<AilmentSpec>()),
        (&JUMP, accepted::<JumpSpec>()),
        (&CHASE, accepted::<ChaseSpec>()),
        (&MARCH, accepted::<MarchSpec>()),
    ] {
        assert!(!reader.is_empty(), "{}", table.heading());
        assert_eq!(declared(table), reader, "{}", table.heading());
    }
    // The roll tables share the `[check]` reader, each taking the keys its declaration lists
    // (the registry refuses the others before the system loads).
    let roll = accepted::<RollSpec>();
    assert!(!roll.is_empty());
    for (table, plus, minus) in [
        (&CHECK, &[][..], &["name", "role"][..]),
        (&CONTEST_SIDE, &[], &["mojo"]),
        (
            &FALL_CLIMB,
            &["height"],
            &[
                "name",
                "role",
                "group_scores",
                "group_size",
                "obstacle_size",
                "injuries",
                "archetypal",
            ],
        ),
        (
            &CHASE_QUARRY,
            &["movement"],
            &["name", "role", "mojo", "archetypal"],
        ),
        (
            &CHASE_PURSUER,
            &["movement"],
            &["name", "role", "mojo", "archetypal"],
        ),
    ] {
        assert_eq!(
            declared(table),
            edit(roll.clone(), plus, minus),
            "{}",
            table.heading()
        );
    }
}

#[test]
fn a_roll_key_reads_the_same_in_every_roll_table() {
    // A key a roll table shares with `[check]` means the same there: the same range and the
    // same value when left out (what `RollReader` relies on for the keys a table lacks).
    for table in [&CONTEST_SIDE, &FALL_CLIMB, &CHASE_QUARRY, &CHASE_PURSUER] {
        for key in table.keys {
            if let Some(check) = CHECK.key(key.name) {
                assert_eq!(key.kind, check.kind, "{} {}", table.heading(), key.name);
                if key.name != "score" && key.name != "archetypal" {
                    assert_eq!(key.absent, check.absent, "{} {}", table.heading(), key.name);
                }
            }
        }
    }
}

fn load(body: &str) -> LoadedSystem {
    let text = format!("name = \"t\"\nsystem = \"gods-and-monsters\"\n{body}");
    Scenario::from_text("t.toml", &text).unwrap().system
}

#[test]
fn a_fall_left_to_its_declarations_is_the_rules_default() {
    let LoadedSystem::GodsAndMonsters(Loaded::Fall(f)) = load(
        "[fall]\nheight = 30\nsurvival = 7\nendurance = 12\nevasion = 10\nfortitude = 8\n\
         willpower = 10\n",
    ) else {
        panic!("a fall")
    };
    assert_eq!(f.rules, FallRules::default());
}

#[test]
fn every_shape_file_loads_into_its_shape_and_names_every_key() {
    for shape in SCHEMA.shapes {
        let path = format!("new/{}.toml", shape.name);
        let text = shape.example;
        let LoadedSystem::GodsAndMonsters(loaded) = Scenario::from_text(&path, text)
            .unwrap_or_else(|e| panic!("{}: {e}", shape.name))
            .system
        else {
            panic!("{}", shape.name)
        };
        let kind = match loaded {
            Loaded::Roll(_) => "check",
            Loaded::Contest(_) => "contest",
            Loaded::Conflict(_) => "fight",
            Loaded::Fall(f) => match f.start {
                crate::systems::gods_and_monsters::hazard::fall::Start::Height(_) => "fall",
                crate::systems::gods_and_monsters::hazard::fall::Start::Climb(_) => "climb",
            },
            Loaded::Ailment(_) => "ailment",
            Loaded::Jump(_) => "jump",
            Loaded::Chase(_) => "chase",
            Loaded::March(_) => "march",
            Loaded::Day(_) => "day",
        };
        assert_eq!(kind, shape.name);
        for table in shape.tables {
            // A refused key is one a scenario may not write.
            for key in table.keys.iter().filter(|k| k.kind != Kind::Refused) {
                let named = text.contains(&format!("{} =", key.name))
                    || text.contains(&format!("{}.{}]", table.path, key.name));
                // A fall's `climb` is the climb shape's own table.
                let elsewhere = matches!(key.kind, Kind::Other(w) if w.starts_with("a table"))
                    && SCHEMA
                        .tables()
                        .iter()
                        .any(|t| t.path == format!("{}.{}", table.path, key.name));
                assert!(
                    named || elsewhere,
                    "{}: {} `{}` is not in {}",
                    shape.name,
                    table.heading(),
                    key.name,
                    path
                );
            }
        }
    }
}
