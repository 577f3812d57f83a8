//! The Unbound Legends day: a fight begun from the party's fresh states is the fresh fight,
//! die for die, and a member carried in not up sits it out ([`carry`]); each rule between
//! fights with scripted dice — a Vitality Die spent after each roll, the long rest, the
//! 1d4 hours of one stable at 0 Health, Incapacitated until a rest — and how each way of being
//! stabilised is carried out of a fight ([`rests`]); a two-fight day solved exactly, with and
//! without a short rest between the fights, and the day's bad input ([`dp`]).

mod bad;
mod carry;
mod dp;
mod rests;

use super::super::Loaded;
use super::super::conflict::Conflict;
use crate::systems::{LoadedSystem, Scenario, SystemKind, scenario_text};

/// An unbound-legends scenario of `body`.
fn load(body: &str) -> Result<Scenario, String> {
    let text = scenario_text(SystemKind::UnboundLegends, body);
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

/// The fight of a scenario.
fn fight_of(s: Scenario) -> Conflict {
    match s.system {
        LoadedSystem::UnboundLegends(Loaded::Conflict(c)) => *c,
        _ => panic!("not a fight"),
    }
}

/// The fight of `body`.
fn conflict(body: &str) -> Conflict {
    fight_of(load(body).unwrap_or_else(|e| panic!("{e}")))
}
