//! The declarations hold together and match the loader: no declaration mistakes, every table's
//! keys exactly those its serde reader accepts, and every shape's `oddsmith new` file loads.

use super::super::conflict::{
    AftermathSpec, AttackTable, ConflictSpec, DefenseTable, NpcSpec, PcSpec,
};
use super::super::day::DaySpec;
use super::super::rolls::{AttackSection, CheckSection, DefenseSection, OngoingSection};
use super::*;
use oddsmith_scenario::keys::{lint, serde_fields};
use std::collections::BTreeSet;

#[test]
fn declarations_hold_together() {
    assert_eq!(lint("invisible-sun", &SCHEMA), Vec::<String>::new());
}

/// The keys `table` declares against those the serde reader `T` accepts, as sets.
fn same_keys<T: serde::de::DeserializeOwned>(table: &Table) {
    let declared: BTreeSet<String> = table.keys.iter().map(|k| k.name.to_string()).collect();
    let read: BTreeSet<String> = serde_fields::<T>().into_iter().collect();
    assert!(!read.is_empty(), "{}: no keys read", table.heading());
    assert_eq!(
        declared,
        read,
        "{}: declared (left) and read (right) differ",
        table.heading()
    );
}

#[test]
fn every_table_declares_exactly_the_keys_its_reader_accepts() {
    same_keys::<CheckSection>(&CHECK);
    same_keys::<DefenseSection>(&DEFENSE);
    same_keys::<AttackSection>(&ATTACK);
    same_keys::<OngoingSection>(&ONGOING);
    same_keys::<ConflictSpec>(&CONFLICT);
    same_keys::<PcSpec>(&PC);
    same_keys::<AttackTable>(&PC_ATTACK);
    same_keys::<DefenseTable>(&PC_DODGE);
    same_keys::<DefenseTable>(&PC_RESIST);
    same_keys::<DefenseTable>(&PC_WITHSTAND);
    same_keys::<NpcSpec>(&NPC);
    same_keys::<AftermathSpec>(&AFTERMATH);
    same_keys::<DaySpec>(&DAY);
}

#[test]
fn every_table_of_the_schema_is_checked_above() {
    let paths: Vec<&str> = SCHEMA.tables().iter().map(|t| t.path).collect();
    assert_eq!(
        paths,
        [
            "check",
            "defense",
            "attack",
            "ongoing",
            "pc",
            "pc.attack",
            "pc.dodge",
            "pc.resist",
            "pc.withstand",
            "npc",
            "conflict",
            "aftermath",
            "day",
            "day.encounter"
        ]
    );
}
