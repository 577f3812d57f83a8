//! Day tests: a conflict begun from carried states (the round trip against a fresh fight, the
//! members who sit out, a fight begun at 0 survival), each recovery rule and each hazard with
//! scripted dice, days solved exactly by dynamic programming, and the loader's refusals.

mod carry;
mod exact;
mod load;
mod recovery;

use super::*;
use crate::systems::gods_and_monsters::Loaded;
use crate::systems::{LoadedSystem, Scenario};

/// The gods-and-monsters scenario `body` (after its header) as loaded.
fn loaded(body: &str) -> Loaded {
    let text = format!("name = \"t\"\nsystem = \"gods-and-monsters\"\n{body}");
    match Scenario::from_text("t.toml", &text)
        .unwrap_or_else(|e| panic!("{e}"))
        .system
    {
        LoadedSystem::GodsAndMonsters(l) => l,
        _ => unreachable!(),
    }
}

/// The conflict of scenario `body`.
fn conflict(body: &str) -> Conflict {
    match loaded(body) {
        Loaded::Conflict(c) => *c,
        other => panic!("not a conflict: {other:?}"),
    }
}

/// The error of scenario `body`, as printed.
fn error(body: &str) -> String {
    let text = format!("name = \"t\"\nsystem = \"gods-and-monsters\"\n{body}");
    Scenario::from_text("t.toml", &text)
        .expect_err("refused")
        .to_string()
}
