//! A Gods & Monsters adventuring day ([`crate::combat::day`]): the party's conflicts and
//! hazards in a row, its members carried from one to the next.
//!
//! - [`State`]: one member's current values — survival, verve, injuries, mojo, and whether it
//!   is unconscious (with the minutes it has been out) or dead. The maxima stay in its
//!   combatant table.
//! - [`Stage`]: an encounter, a conflict ([`crate::combat::day::FightStage`] of
//!   [`super::conflict::Conflict`]) or a hazard ([`hazard::HazardStage`]), rolled for each
//!   member who is up with that member's own current scores.
//! - [`recovery::Rules`]: what the gaps give back by the book (004:565–571, 593, 605).

pub mod hazard;
pub mod recovery;

use super::conflict::Conflict;
use crate::combat::day::{FightStage, Member, Stage as DayStage};
use oddsmith_core::dice::Dice;
use oddsmith_core::stats::{Layout, Note, Tally};

pub use recovery::Rules;

/// One party member's values carried from encounter to encounter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Survival points left (0 or more: it does not come back within a day, 004:569).
    pub survival: i64,
    /// Verve points left.
    pub verve: i64,
    /// Injury points: a penalty on attack, ability and reaction rolls (004:601).
    pub injuries: i64,
    /// Mojo left: never restored within a day.
    pub mojo: i64,
    /// Unconscious: sits encounters out until a gap wakes it (004:605).
    pub unconscious: bool,
    /// Minutes it has been unconscious over the gaps so far.
    pub out_minutes: u32,
    /// Dead.
    pub dead: bool,
}

impl Member for State {
    fn up(&self) -> bool {
        !self.dead && !self.unconscious
    }

    fn dead(&self) -> bool {
        self.dead
    }
}

/// An encounter of a Gods & Monsters day.
#[derive(Debug, Clone)]
pub enum Stage {
    /// A conflict with the encounter's foes.
    Fight(Box<FightStage<Conflict>>),
    /// A hazard rolled for each member who is up.
    Hazard(Box<hazard::HazardStage>),
}

/// A batch's buffers for a [`Stage`].
pub enum Arena {
    /// A conflict's.
    Fight(Box<<FightStage<Conflict> as DayStage>::Arena>),
    /// A hazard needs none.
    Hazard,
}

impl DayStage for Stage {
    type State = State;
    type Arena = Arena;

    fn layout(&self) -> &Layout {
        match self {
            Stage::Fight(f) => f.layout(),
            Stage::Hazard(h) => h.layout(),
        }
    }

    fn arena(&self) -> Arena {
        match self {
            Stage::Fight(f) => Arena::Fight(Box::new(f.arena())),
            Stage::Hazard(_) => Arena::Hazard,
        }
    }

    #[inline]
    fn play<D: Dice>(
        &self,
        party: &mut [State],
        dice: &mut D,
        arena: &mut Arena,
        tally: &mut Tally,
    ) -> bool {
        match (self, arena) {
            (Stage::Fight(f), Arena::Fight(a)) => f.play(party, dice, a, tally),
            (Stage::Hazard(h), _) => h.play(party, dice, tally),
            _ => unreachable!("each stage gets its own arena"),
        }
    }

    fn flush(&self, arena: &mut Arena, tally: &mut Tally) {
        if let (Stage::Fight(f), Arena::Fight(a)) = (self, arena) {
            f.flush(a, tally);
        }
    }

    fn notes(&self) -> Vec<Note> {
        match self {
            Stage::Fight(f) => f.notes(),
            Stage::Hazard(h) => h.notes(),
        }
    }

    fn warnings(&self) -> Vec<String> {
        match self {
            Stage::Fight(f) => f.warnings(),
            Stage::Hazard(_) => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests;
