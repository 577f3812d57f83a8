//! A conflict begun from the PCs' carried states, for a day of encounters
//! ([`crate::combat::day`]): each PC starts from its Wounds, Anguish, Injuries and bene left
//! ([`State`]), the NPCs fresh; a PC that is not up (dead, or out from 3 Anguish) sits the
//! fight out. [`Conflict::begin`] is the same code from fresh states, so the two are the same
//! fight, dice for dice (no dice are drawn before round 1).

use super::Conflict;
use super::fight::Arena;
use crate::combat::day::Carry;
use crate::combat::set::everyone;
use crate::combat::{Ending, Observer, Rounds};
use crate::systems::invisible_sun::day::State;
use oddsmith_core::dice::Dice;

impl Conflict {
    /// How a fight left in `arena` ended, read from who stands: as the driver settles it (a
    /// side alone standing wins, nobody standing is a draw, two sides standing at the end is
    /// a stalemate).
    fn ending_of(&self, arena: &Arena) -> Ending {
        let up = arena.up();
        let roster = &self.bout.roster;
        let mut standing = (0..roster.sides().len()).filter(|&s| up & roster.side_mask(s) != 0);
        match (standing.next(), standing.next()) {
            (None, _) => Ending::Draw,
            (Some(s), None) => Ending::Win(s),
            _ => Ending::Stalemate,
        }
    }
}

impl Carry for Conflict {
    type State = State;

    /// A PC with its pools full and no harm; an NPC's state holds no pools.
    fn fresh(&self, i: usize) -> State {
        self.pcs.get(i).map_or_else(State::default, State::fresh)
    }

    /// Combatant `i` as the fight left it, the aftermath's verdict included: 3 Anguish is
    /// death with `anguish_out = "dead"` (000:190), and with `[aftermath] foes = "finish"` a
    /// PC out on a side that lost is killed (as [`crate::combat::Care::finish`] counts it).
    fn carry(&self, arena: &Arena, i: usize) -> State {
        let s = &arena.states[i];
        let fates = self.fates(arena);
        let roster = &self.bout.roster;
        let everyone = everyone(roster.len());
        let after = self
            .bout
            .care
            .finish(roster, self.ending_of(arena), fates, everyone);
        State {
            body: s.body,
            mind: s.mind,
            pools: s.pools,
            dead: after.dead >> i & 1 == 1,
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
