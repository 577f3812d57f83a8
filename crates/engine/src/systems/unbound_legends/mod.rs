//! Unbound Legends (`unbound-legends`; 001_9a2522fe8d4a2682.txt, cited `L<n>`): the d20 plus
//! attribute, twice the skill rank and boosts against a target number.
//!
//! A scenario describes one of: a skill check, an attack roll against a Passive Armor or an
//! active defense, or a run of death saves (`[check]`, [`roll`], [`attack`], [`saves`]); a
//! contest between two rollers ([`contest`]); a group roll ([`group`]). All of them have exact
//! values. [`schema`] reads the sections; advantage and disadvantage are in [`d20`].
//!
//! Or an Action-Point fight (`[[combatant]]`, [`conflict`]): combatants ([`fighter`]) act in
//! order of the AP they have left and pay for their defenses from the same AP ([`fight`]);
//! landed attacks deal damage through armor, resistance and crits ([`damage`]), against a
//! Passive Armor from tables worked out when the scenario loads ([`strike`]); the fallen
//! make death saves ([`saves`]). Its dice come through [`dice`].
//!
//! Or an adventuring day (`[day]`, [`day`]): the party's fights in a row, each member's
//! Vitality, Health, Vitality Dice and condition carried from one to the next, with the short
//! and long rests between them.

pub mod attack;
pub mod conflict;
pub mod contest;
pub mod d20;
pub mod damage;
pub mod day;
pub mod fight;
pub mod fighter;
pub mod group;
pub mod roll;
pub mod saves;
mod schema;
pub mod strike;

pub use schema::System;

use crate::systems::{Dispatch, Visit};

/// What an unbound-legends scenario describes.
#[derive(Debug, Clone)]
pub enum Loaded {
    /// A skill check.
    Check(roll::Check),
    /// An attack roll.
    Attack(Box<attack::AttackRoll>),
    /// A run of death saves.
    DeathSaves(saves::DeathSaves),
    /// A contest.
    Contest(Box<contest::Contest>),
    /// A group roll.
    Group(group::GroupRoll),
    /// A fight.
    Conflict(Box<conflict::Conflict>),
    /// An adventuring day: fights in a row, the party carried between them.
    Day(Box<Day>),
}

/// An Unbound Legends day: its fights, and the rests between them.
pub type Day =
    crate::combat::day::Day<crate::combat::day::FightStage<conflict::Conflict>, day::Rests>;

impl Dispatch for Loaded {
    fn dispatch<V: Visit>(&self, v: V) -> V::Output {
        match self {
            Loaded::Check(s) => s.dispatch(v),
            Loaded::Attack(s) => s.dispatch(v),
            Loaded::DeathSaves(s) => s.dispatch(v),
            Loaded::Contest(s) => s.dispatch(v),
            Loaded::Group(s) => s.dispatch(v),
            Loaded::Conflict(s) => v.visit(s.as_ref()),
            Loaded::Day(d) => v.visit(d.as_ref()),
        }
    }
}

#[cfg(test)]
mod tests;
