//! A conflict as an encounter of an adventuring day ([`crate::combat::day::Carry`]): the
//! party (the roster's first combatants) starts from the values carried over from the day's
//! earlier encounters ([`State`]) and hands back its values once the fight and its aftermath
//! are over. Survival does not come back between fights (004:569), so a member may start at
//! 0 survival, with injuries (a penalty on its rolls, 004:601), verve as left, and the mojo it
//! has not spent (976). A member carried in unconscious or dead sits the fight out
//! ([`crate::systems::gods_and_monsters::fight::Arena::absent`]).
//!
//! What a fight hands back: survival, verve and injuries as the rounds left them;
//! unconscious as the fight left it (a member that fled is back with the party, up);
//! dead where it died in the fight, was finished off (`[aftermath] foes = "finish"`) or was
//! dying and not healed in time; a dying member the aftermath saved is alive with no
//! injuries, since death is cancelled only when the injuries drop to 0 (004:615).

use super::Conflict;
use crate::combat::day::Carry;
use crate::combat::set::everyone;
use crate::combat::{Ending, Fates, Foes, Observer};
use crate::systems::gods_and_monsters::day::State;
use crate::systems::gods_and_monsters::fight::{Arena, rule};
use oddsmith_core::dice::Dice;

impl Conflict {
    /// Everyone's fate once the fight in `arena` and its aftermath are over: the fates at
    /// its end, the fallen foes of a side still standing finished where `[aftermath]` says
    /// so (not after a stalemate: two sides or more still able to act), then the dying dead
    /// but for those the aftermath saved ([`Arena::lived`]).
    fn fates_after(&self, arena: &Arena) -> Fates {
        let flags = &arena.flags;
        let dead = flags.dead;
        let dying = flags.dying & !dead;
        let fled = flags.fled & !dead & !dying;
        let end = Fates {
            dead,
            dying,
            fled,
            down: flags.unconscious & !(dead | dying | fled),
        };
        let roster = &self.bout.roster;
        let up = self.engine.able(flags);
        let fighting = roster.side_masks().iter().filter(|&&m| m & up != 0).count();
        let ending = if fighting >= 2 {
            Ending::Stalemate
        } else {
            Ending::Draw
        };
        let everyone = everyone(self.fighters.len());
        let start = self.bout.care.finish(roster, ending, end, everyone);
        let died = start.dying & !arena.lived;
        Fates {
            dead: start.dead | died,
            dying: 0,
            fled: start.fled,
            down: start.down | (start.dying & arena.lived),
        }
    }
}

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

    fn carry(&self, arena: &Self::Arena, i: usize) -> State {
        let a = &arena.fight;
        let bit = 1u64 << i;
        // Only the dying and finishing can change who is dead once the rounds are over.
        let settled = a.flags.dying == 0 && self.bout.care.foes != Foes::Finish;
        let dead = if settled {
            a.flags.dead & bit != 0
        } else {
            self.fates_after(a).dead & bit != 0
        };
        let mut s = if a.absent & bit != 0 {
            a.carried[i]
        } else {
            self.left_in(i, a)
        };
        if a.lived & bit != 0 && !dead {
            s.injuries = 0;
        }
        if dead {
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
