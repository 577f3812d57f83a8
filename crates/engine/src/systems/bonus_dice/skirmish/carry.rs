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
//! The aftermath's decisions are written back into the arena ([`Skirmish::settle`]); where
//! none ran (nobody was dying once the winners with `[aftermath] foes = "finish"` had killed
//! the fallen), [`Carry::carry`] finishes those the driver finished, so that a wipe reports
//! its dead in a day as in a fight.

use super::Skirmish;
use super::fight::{Arena, standing};
use crate::combat::day::{Carry, Member};
use crate::combat::set::everyone;
use crate::combat::{Ending, Fates, Foes, Observer, Rounds};
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

impl Skirmish {
    /// Writes what the aftermath decided (`after`: nobody dying) back into `arena`: the dead
    /// dead, those saved from Shock stabilised (002:76).
    pub(super) fn settle(&self, after: Fates, arena: &mut Arena) {
        for (i, s) in arena.states.iter_mut().enumerate() {
            if after.dead >> i & 1 == 1 {
                (s.dead, s.shock, s.stable) = (true, false, false);
            } else if s.shock {
                (s.shock, s.stable) = (false, true);
            }
        }
        arena.dead = after.dead;
        arena.stable = after.down;
        arena.shocked = 0;
        arena.settled = true;
    }

    /// Those the winners killed with `[aftermath] foes = "finish"` when no aftermath ran
    /// ([`crate::combat::Care::finish`], as the driver applies it: not in a stalemate, which a
    /// fight is exactly when two sides still stand at its end).
    fn finished(&self, arena: &Arena) -> u64 {
        let care = self.bout.care;
        let fates = self.fates(arena);
        if care.foes != Foes::Finish || fates.dying | fates.down == 0 {
            return 0;
        }
        let ending = match self.bout.decided(standing(arena)) {
            true => Ending::Draw,
            false => Ending::Stalemate,
        };
        let everyone = everyone(self.fighters.len());
        care.finish(&self.bout.roster, ending, fates, everyone).dead
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
        }
    }

    #[inline]
    fn carry(&self, arena: &Arena, i: usize) -> State {
        let s = &arena.states[i];
        let dead = s.dead || (!arena.settled && self.finished(arena) >> i & 1 == 1);
        debug_assert!(dead || !s.shock, "{} is in Shock after the aftermath", i);
        State {
            durability: s.durability,
            health: s.health,
            vigor: s.vigor,
            wounded: s.wounded,
            winded: s.winded,
            condition: if dead {
                Condition::Dead
            } else if s.stable {
                Condition::Stable
            } else {
                Condition::Up
            },
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
