//! Invisible Sun (`invisible-sun`; 000_2810d6a557b34243.txt, cited `L<n>`): d10s numbered 0–9
//! against the challenge less the venture, magic dice and flux.
//!
//! Every shape rests on one action roll ([`action`]): a `[check]` (with help, and retries in
//! [`retry`]), a defense roll against an NPC (`[defense]`) or a PC's attack (`[attack]`) (both
//! [`against_npc`]), an ongoing action of progress rolls (`[ongoing]`, [`ongoing`]), or a
//! conflict of `[[pc]]` against `[[npc]]` tables, or a `[day]` of conflicts ([`day`]). The
//! venture a roll table describes is a [`venture::Venture`]; [`schema`] reads the sections.

pub mod action;
pub mod against_npc;
pub mod conflict;
pub mod day;
pub mod ongoing;
pub mod retry;
mod schema;
pub mod venture;

pub use action::{ActionRoll, Resolution};
pub use schema::System;

use crate::combat::day::{Day, FightStage};
use crate::systems::{Dispatch, Visit};

/// Highest challenge the rules define (L40).
pub const MAX_CHALLENGE: i64 = 17;
/// Most magic dice a check may add (ten dice in all).
pub const MAX_MAGIC_DICE: i64 = 9;
/// Largest value accepted for one venture part, hindrance or bene.
pub const MAX_PART: i64 = 99;

/// What an invisible-sun scenario describes.
#[derive(Debug, Clone)]
pub enum Loaded {
    /// One action roll: a `[check]` without retries, a `[defense]` or an `[attack]`.
    Check(ActionRoll),
    /// A `[check]` with retries.
    Retry(retry::RetriedRoll),
    /// An `[ongoing]` action.
    Ongoing(Box<ongoing::OngoingAction>),
    /// A conflict of `[[pc]]` against `[[npc]]` tables.
    Conflict(Box<conflict::Conflict>),
    /// An adventuring day: the `[[pc]]` tables through several conflicts.
    Day(Box<Day<FightStage<conflict::Conflict>, day::Rests>>),
}

impl Dispatch for Loaded {
    fn dispatch<V: Visit>(&self, v: V) -> V::Output {
        match self {
            Loaded::Check(s) => v.visit(s),
            Loaded::Retry(s) => s.dispatch(v),
            Loaded::Ongoing(s) => s.dispatch(v),
            Loaded::Conflict(s) => v.visit(s.as_ref()),
            Loaded::Day(d) => v.visit(d.as_ref()),
        }
    }
}

#[cfg(test)]
mod tests;
