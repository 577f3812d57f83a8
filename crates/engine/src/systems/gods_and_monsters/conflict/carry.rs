//! A conflict as an encounter of an adventuring day ([`crate::combat::day::Carry`]): the
//! party (the roster's first combatants) starts from the values carried over from the day's
//! earlier encounters ([`State`]) and hands back its values once the fight and its aftermath
//! are over. Survival does not come back between fights (004:569), so a member may start at
//! 0 survival, with injuries (a penalty on its rolls, 004:601), verve as left, and the mojo it
//! has not spent (976). A member carried in unconscious or dead sits the fight out
//! ([`crate::systems::gods_and_monsters::fight::Arena::absent`]).
//!
//! What a fight hands back: survival, verve and injuries as the rounds left them;
//! unconscious as the fight left it (a member that fled is back with the party, up); dead and
//! saved as the driver settled them ([`Fate`]): dead where it died in the fight, was finished
//! off (`[aftermath] foes = "finish"`) or was dying and not healed in time; a dying member the
//! aftermath saved is alive with no injuries, since death is cancelled only when the injuries
//! drop to 0 (004:615).

use super::Conflict;
use crate::combat::day::Carry;
use crate::combat::{Fate, Observer};
use crate::systems::gods_and_monsters::day::State;
use crate::systems::gods_and_monsters::fight::rule;
use oddsmith_core::dice::Dice;

impl Carry for Conflict {
    type State = State;

    fn fresh(&self, i: usize) -> State {
        let f = &self.fighters[i];
        State {
            survival: f.survival,
            verve: f.verve,
            injuries: f.injuries,
            mojo: f.mojo,
            ..State::default()
        }
    }

    /// Member `i` as the rounds left it (as it came, where it sat the fight out), dead as
    /// `fate` says; saved from dying with its injuries at 0 (004:615).
    fn carry(&self, arena: &Self::Arena, fate: Fate, i: usize) -> State {
        let a = &arena.fight;
        let mut s = if a.absent >> i & 1 != 0 {
            a.carried[i]
        } else {
            self.left_in(i, a)
        };
        if fate.saved {
            s.injuries = 0;
        }
        if fate.dead {
            s.dead = true;
            s.unconscious = false;
        }
        s
    }

    #[inline(always)]
    fn begin_from<D: Dice, O: Observer<Self>>(
        &self,
        dice: &mut D,
        arena: &mut Self::Arena,
        party: &[State],
        _: &mut O,
    ) -> u64 {
        with_kind!(self.engine.kind, K => self.begin_from_with::<K, D>(dice, &mut arena.fight, party))
    }
}
