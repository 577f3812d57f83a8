//! Day tests: each rule between encounters with scripted dice ([`rests`]: the gap's rounds,
//! the short rest, emergency aid once and until it succeeds, dice as at the rest's start,
//! Wounded ended or not, the stabilised out for the day or woken by Health, the long rest);
//! a day small enough to solve exactly, with no rest and with a short one ([`dp`]); the
//! loader's errors ([`load`]); the shipped day ([`shipped`]).

mod dp;
mod load;
mod rests;
mod shipped;

use super::Day;
use crate::systems::bonus_dice::Loaded;
use crate::systems::{LoadedSystem, Scenario, SystemKind, scenario_text};

/// The scenario `body` (after the header) loaded, or its error as text.
pub(super) fn load(body: &str) -> Result<Scenario, String> {
    let text = scenario_text(SystemKind::BonusDice, body);
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

/// The day of `body`.
pub(super) fn day(body: &str) -> Day {
    match load(body).unwrap_or_else(|e| panic!("{e}")).system {
        LoadedSystem::BonusDice(Loaded::Day(d)) => *d,
        _ => panic!("not a day"),
    }
}
