//! What a skirmish hands from one fight of a day to the next ([`crate::combat::day`]): each
//! combatant's current Durability, Health and Vigor, whether it is Wounded (002:53) or Winded
//! (002:43), and whether it is up, stabilised or dead ([`State`]); its maxima stay in its
//! [`Fighter`](super::Fighter).
//!
//! A fight of a day starts from these ([`Carry::begin_from`], the same code as a fresh fight,
//! [`Skirmish::setup`]): one up starts where it left off (a Wounded one with its bonus dice a
//! step down, initiative included, 002:53); one not up sits the fight out. Shock never
//! outlasts a fight: the aftermath plays the countdown of 002:75 to its end, so each one in
//! Shock is dead or stabilised by then, and a stabilised one stays unconscious until it
//! recovers 1 Health (002:76) — which no fight gives it back ([`super::super::day`]).
//!
//! Who is dead and who was saved from Shock is the driver's verdict ([`Fate`]): killed in the
//! rounds, by the countdown or finished by the winners (`[aftermath] foes = "finish"`), so
//! that a wipe reports its dead in a day as in a fight.

use super::Skirmish;
use super::fight::Arena;
use crate::combat::day::{Carry, Member};
use crate::combat::{Fate, Observer};
use oddsmith_core::dice::Dice;

/// Up, stabilised or dead.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Condition {
    /// Alive and conscious (Winded stands too, 002:43).
    #[default]
    Up,
    /// Stabilised at 0 Health: unconscious until it recovers 1 Health (002:76).
    Stable,
    /// Dead (002:75).
    Dead,
}

/// One combatant's values carried from one fight of a day to the next (its maxima stay in
/// its fighter).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Durability left (002:51–52).
    pub durability: i64,
    /// Health left (002:54).
    pub health: i64,
    /// Vigor left (002:42).
    pub vigor: i64,
    /// Wounded: its bonus dice a step down, no quick Durability back (002:53).
    pub wounded: bool,
    /// Winded: no actions or reactions until Vigor is back at 5 (002:43).
    pub winded: bool,
    /// Up, stabilised or dead.
    pub condition: Condition,
    /// Potions of healing left (002:27).
    pub potions: u32,
}

impl Member for State {
    #[inline]
    fn up(&self) -> bool {
        self.condition == Condition::Up
    }

    #[inline]
    fn dead(&self) -> bool {
        self.condition == Condition::Dead
    }
}

impl Carry for Skirmish {
    type State = State;

    /// As the scenario writes it: Wounded when its Durability is 0, Winded when its Vigor is.
    #[inline]
    fn fresh(&self, i: usize) -> State {
        let f = &self.fighters[i];
        State {
            durability: f.durability,
            health: f.health,
            vigor: f.vigor,
            wounded: f.durability == 0,
            winded: f.vigor == 0,
            condition: Condition::Up,
            potions: f.potions.as_ref().map_or(0, |p| p.count),
        }
    }

    /// Combatant `i` as the fight left it: dead as `fate` says; stabilised when carried in
    /// so or saved from Shock (002:76).
    #[inline]
    fn carry(&self, arena: &Arena, fate: Fate, i: usize) -> State {
        let s = &arena.states[i];
        debug_assert!(
            !s.shock || fate.dead || fate.saved,
            "{i} is in Shock after the aftermath"
        );
        State {
            durability: s.durability,
            health: s.health,
            vigor: s.vigor,
            wounded: s.wounded,
            winded: s.winded,
            condition: if fate.dead {
                Condition::Dead
            } else if s.stable || fate.saved {
                Condition::Stable
            } else {
                Condition::Up
            },
            potions: s.potions,
        }
    }

    fn begin_from<D: Dice, O: Observer<Self>>(
        &self,
        dice: &mut D,
        arena: &mut Arena,
        party: &[State],
        observer: &mut O,
    ) -> u64 {
        self.setup(dice, arena, party, observer)
    }
}
