//! The bonus-dice d20 system (`bonus-dice`; 002_88b8445f1f52ae9c.txt, cited `002:N`): a d20
//! Action Die plus bonus dice that step along d4–d20 with Charges, Challenges and Wounds and
//! burst on their maximum, with no cap ([`dice`]).
//!
//! A scenario describes one of: a check against a Victory Sum ([`check`]); attacks against
//! Guard, with the target's Dodge paid from Vigor and damage through armor ([`attack`],
//! [`damage`]); one hit's damage; a skirmish of `[[combatant]]` tables ([`skirmish`]); or
//! an adventuring day of skirmishes with the rests between them ([`day`]).
//! Every rate and mean of a roll has an exact value from capped tables, with its bound.
//! `schema` declares every key once (`schema/keys.rs`) and reads the sections through those
//! declarations; [`rules`] holds the readings.

pub mod attack;
pub mod check;
pub mod damage;
pub mod day;
pub mod dice;
pub mod rules;
mod schema;
pub mod skirmish;

pub use schema::System;

use crate::systems::{Dispatch, Visit};

/// What a bonus-dice scenario describes.
#[derive(Debug, Clone)]
pub enum Loaded {
    /// A check against a Victory Sum.
    Check(check::Check),
    /// Attacks against Guard.
    Attack(Box<attack::AttackRoll>),
    /// One hit's damage.
    Damage(damage::DamageRoll),
    /// A fight of `[[combatant]]` tables.
    Skirmish(Box<skirmish::Skirmish>),
    /// An adventuring day (`[day]`).
    Day(Box<day::Day>),
}

impl Dispatch for Loaded {
    fn dispatch<V: Visit>(&self, v: V) -> V::Output {
        match self {
            Loaded::Check(s) => s.dispatch(v),
            Loaded::Attack(s) => s.dispatch(v),
            Loaded::Damage(s) => s.dispatch(v),
            Loaded::Skirmish(s) => v.visit(s.as_ref()),
            Loaded::Day(d) => v.visit(d.as_ref()),
        }
    }
}

#[cfg(test)]
mod tests;
