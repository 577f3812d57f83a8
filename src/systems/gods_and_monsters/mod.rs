//! Gods & Monsters (`gods-and-monsters`; 003_2f5399e0a98f81be.txt and
//! 004_803a11f5ee1b6e60.txt): roll-under d20 ability and reaction rolls, contested actions,
//! group effort, and conflicts between any number of combatants.
//!
//! A scenario picks one by the section it has: `[check]` for a single roll ([`roll`]),
//! `[contest]` for a contested action ([`contest`]), `[[combatant]]` tables for a fight
//! ([`conflict`], played round by round in [`fight`]).

pub mod conflict;
pub mod contest;
pub mod fight;
pub mod group;
pub mod roll;

use super::LoadedSystem;
use crate::error::ScenarioError;
use crate::scenario::{RunSettings, Source};
use serde::Deserialize;
use toml::Spanned;

/// Which sections a gods-and-monsters file has.
#[derive(Debug, Deserialize)]
struct Sections {
    check: Option<Spanned<toml::Value>>,
    contest: Option<Spanned<toml::Value>>,
    combatant: Option<Spanned<toml::Value>>,
}

/// Builds the roll, contest or conflict the file describes.
pub fn load(source: &Source, run: &RunSettings) -> Result<LoadedSystem, ScenarioError> {
    let s: Sections = source.parse()?;
    let present: Vec<(&str, std::ops::Range<usize>)> = [
        ("check", &s.check),
        ("contest", &s.contest),
        ("combatant", &s.combatant),
    ]
    .into_iter()
    .filter_map(|(k, v)| v.as_ref().map(|v| (k, v.span())))
    .collect();
    match present.as_slice() {
        [("check", _)] => Ok(LoadedSystem::GmRoll(roll::RollCheck::from_source(
            source, run,
        )?)),
        [("contest", _)] => Ok(LoadedSystem::GmContest(contest::Contest::from_source(
            source, run,
        )?)),
        [_] => Ok(LoadedSystem::GmConflict(conflict::Conflict::from_source(
            source, run,
        )?)),
        [] => Err(source.invalid(
            0..0,
            "check",
            "a gods-and-monsters scenario needs one of [check] (a roll), [contest] (a contested \
             action) or [[combatant]] tables (a conflict)",
        )),
        [_, (key, span), ..] => Err(source.invalid(
            span.clone(),
            *key,
            "a scenario describes one thing: use only one of [check], [contest] or [[combatant]]",
        )),
    }
}
