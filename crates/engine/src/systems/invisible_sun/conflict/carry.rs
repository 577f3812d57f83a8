//! A conflict begun from the PCs' carried states, for a day of encounters
//! ([`crate::combat::day`]): each PC starts from its Wounds, Anguish, Injuries and bene left
//! ([`State`]), the NPCs fresh; a PC that is not up (dead, or out from 3 Anguish) sits the
//! fight out. [`Conflict::begin`] is the same code from fresh states, so the two are the same
//! fight, dice for dice (no dice are drawn before round 1).
//!
//! What a fight hands back: the PC's tracks and pools as the rounds left them, out as it
//! fell; dead as the driver settled it ([`Fate`]): the last Wound (000:180–181), 3 Anguish
//! with `anguish_out = "dead"` (000:190), or finished as a fallen foe with `[aftermath] foes =
//! "finish"`.

use super::Conflict;
use super::fight::Arena;
use crate::combat::day::Carry;
use crate::combat::{Fate, Observer};
use crate::systems::invisible_sun::day::State;
use oddsmith_core::dice::Dice;

impl Carry for Conflict {
    type State = State;

    /// A PC with its pools full and no harm; an NPC's state holds no pools.
    fn fresh(&self, i: usize) -> State {
        self.pcs.get(i).map_or_else(State::default, State::fresh)
    }

    /// Combatant `i` as the fight left it, dead as `fate` says.
    fn carry(&self, arena: &Arena, fate: Fate, i: usize) -> State {
        let s = &arena.states[i];
        State {
            body: s.body,
            mind: s.mind,
            pools: s.pools,
            dead: fate.dead,
            out: s.out,
        }
    }

    fn begin_from<D: Dice, O: Observer<Self>>(
        &self,
        _dice: &mut D,
        arena: &mut Arena,
        party: &[State],
        _observer: &mut O,
    ) -> u64 {
        self.setup(arena, |k| party[k])
    }
}
