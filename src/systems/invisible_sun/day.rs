//! An Invisible Sun adventuring day ([`crate::combat::day`]): the PCs carried from conflict to
//! conflict ([`State`]: Wounds, Anguish, Injuries and bene left; the maxima stay in the
//! [`Pc`]), and what happens between encounters ([`Rests`]). Seed lines are
//! 000_2810d6a557b34243.txt's (`000:199`).

use super::conflict::fighter::{PC_WOUNDS_TO_DIE, Pc, Track};
use crate::combat::day::Member;

/// One PC's current values, carried from one encounter to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Wounds and the Injuries toward the next (000:179–181).
    pub body: Track,
    /// Anguish and the mental Injuries toward the next (000:190).
    pub mind: Track,
    /// Bene left, by pool (`ACCURACY`, `MOVEMENT`, `INTELLECT`, `PHYSICALITY`).
    pub pools: [i64; 4],
    /// Dead: 3 Wounds (000:181), or 3 Anguish with `anguish_out = "dead"` (000:190), or
    /// finished off once out.
    pub dead: bool,
    /// Out: 3 Anguish (000:190); alive, not up until a rest brings it back to 2.
    pub out: bool,
}

impl State {
    /// `pc` at the day's start: no harm, every pool full.
    pub fn fresh(pc: &Pc) -> Self {
        Self {
            pools: pc.pools,
            ..Self::default()
        }
    }
}

impl Member for State {
    /// Alive and not out (Invisible Sun has no dying and no unconsciousness from Wounds).
    #[inline(always)]
    fn up(&self) -> bool {
        !self.dead && !self.out
    }

    #[inline(always)]
    fn dead(&self) -> bool {
        self.dead
    }
}

/// Anguish at which a PC is out (000:190), as Wounds kill (000:181).
pub const ANGUISH_OUT: i64 = PC_WOUNDS_TO_DIE;

#[cfg(test)]
mod tests;
