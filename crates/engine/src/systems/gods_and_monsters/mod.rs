//! Gods & Monsters (003_2f5399e0a98f81be.txt and 004_803a11f5ee1b6e60.txt): roll-under d20
//! ability and reaction rolls, contested actions, group effort, and conflicts between any
//! number of combatants.
//!
//! A scenario picks one by the section it has: `[check]` for a single roll ([`roll`]),
//! `[contest]` for a contested action ([`contest`]), `[[combatant]]` tables for a fight
//! ([`conflict`], played round by round in [`fight`], with the Guide's choices of `[conflict]`
//! in [`rules`]). [`schema`] reads the sections; [`survival`] holds the consciousness roll
//! and death contest that every hurt shares. `[fall]`, `[ailment]`, `[jump]`, `[chase]` and
//! `[march]` are hazards ([`hazard`]). A `[day]` table makes the scenario an adventuring
//! day of conflicts and hazards in a row, the party carried from one to the next ([`day`]).

pub mod conflict;
pub mod contest;
pub mod day;
pub mod fight;
pub mod group;
pub mod hazard;
pub mod roll;
pub mod rules;
mod schema;
pub mod survival;

pub use schema::System;

use crate::systems::{Dispatch, Visit};

/// What a gods-and-monsters scenario describes.
#[derive(Debug, Clone)]
pub enum Loaded {
    /// An ability or reaction roll.
    Roll(roll::RollCheck),
    /// A contested action.
    Contest(Box<contest::Contest>),
    /// A conflict.
    Conflict(Box<conflict::Conflict>),
    /// A fall, or a climb that may end in one.
    Fall(Box<hazard::fall::Fall>),
    /// An ailment.
    Ailment(Box<hazard::ailment::Ailment>),
    /// A jump.
    Jump(Box<hazard::jump::Jump>),
    /// A chase.
    Chase(Box<hazard::chase::Chase>),
    /// A forced march.
    March(Box<hazard::march::March>),
    /// An adventuring day.
    Day(Box<crate::combat::day::Day<day::Stage, day::Rules>>),
}

impl Dispatch for Loaded {
    fn dispatch<V: Visit>(&self, v: V) -> V::Output {
        match self {
            Loaded::Roll(s) => s.dispatch(v),
            Loaded::Contest(s) => s.dispatch(v),
            Loaded::Conflict(s) => v.visit(s.as_ref()),
            Loaded::Fall(s) => s.dispatch(v),
            Loaded::Ailment(s) => s.dispatch(v),
            Loaded::Jump(s) => s.dispatch(v),
            Loaded::Chase(s) => s.dispatch(v),
            Loaded::March(s) => s.dispatch(v),
            Loaded::Day(d) => v.visit(d.as_ref()),
        }
    }
}
