//! The aftermath of a Gods & Monsters fight: who of the dying lives. A lost death contest
//! kills after endurance − injuries minutes, hours once the character is unconscious, and
//! "if the character's injury total drops to zero before the character dies, death is
//! canceled" (004:615). The fight counts the time down round by round (six rounds a minute,
//! 004:748: ten-second rounds); once it is over, what can bring the injuries to zero in time
//! is:
//!
//! - `[aftermath] heal_injuries`: the injury points of healing aid each dying
//!   patient gets in time — magical, divine or psychic (004:569), or the Healing Craft of
//!   004:738. Enough of it cancels the death.
//! - `[aftermath] rest`: the patient rests, unconscious (as Toromeen crawls
//!   under a tree, 004:639), so the minutes it had left are hours; each night (eight hours) of
//!   them gives a health roll, d20 ≤ `health` − injuries (the injury penalty of 004:601), and
//!   each success removes one injury point (004:565).
//!
//! Only a patient someone standing tends gets either (`[aftermath] allies`, `foes`,
//! [`crate::combat::Care::patients`]); the others die when their time runs out.

use super::Conflict;
use crate::combat::set::{everyone, members};
use crate::combat::{Ending, Fates};
use crate::systems::gods_and_monsters::fight::Arena;
use oddsmith_core::dice::Dice;

/// `[aftermath]` of a Gods & Monsters fight beyond `allies` and `foes`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Aftermath {
    /// Injury points of healing aid each tended dying patient gets in time.
    pub heal_injuries: i64,
    /// The tended dying rest, a health roll a night while their hours last.
    pub rest: bool,
}

/// Rounds in a minute (004:748: ten-second rounds).
const ROUNDS_A_MINUTE: u32 = 6;

/// Rounds in an hour.
const ROUNDS_AN_HOUR: u32 = 60 * ROUNDS_A_MINUTE;

/// Hours in a night of rest (004:565).
const HOURS_A_NIGHT: u32 = 8;

impl Conflict {
    /// Everyone's state once the dying of `start` (a fight that ended as `ending` at the end
    /// of round `round`) have lived or died: see the module header.
    pub(super) fn heal<D: Dice>(
        &self,
        ending: Ending,
        round: u32,
        start: Fates,
        dice: &mut D,
        arena: &Arena,
    ) -> Fates {
        let (roster, care) = (&self.bout.roster, self.bout.care);
        let mut tended = 0;
        for t in members(everyone(self.fighters.len()) & !start.out()) {
            tended |= care.patients(roster, ending, t, start.dying);
        }
        let (mut dead, mut down) = (start.dead, start.down);
        for p in members(start.dying) {
            let lives = tended >> p & 1 != 0 && self.lives(p, round, dice, arena);
            dead |= u64::from(!lives) << p;
            down |= u64::from(lives) << p;
        }
        Fates {
            dead,
            dying: 0,
            fled: start.fled,
            down,
        }
    }

    /// Whether tended patient `p`, dying at the end of round `round`, has its injuries
    /// brought to zero before its time runs out.
    fn lives<D: Dice>(&self, p: usize, round: u32, dice: &mut D, arena: &Arena) -> bool {
        let mut injuries = self.injuries_now(p, arena) - self.aftermath.heal_injuries;
        if injuries <= 0 {
            return true;
        }
        if !self.aftermath.rest {
            return false;
        }
        let health = self.fighters[p]
            .health
            .expect("checked when the scenario loads");
        for _ in 0..self.hours_left(p, round, arena) / HOURS_A_NIGHT {
            if dice.merged(|d| d.d20() <= health - injuries) {
                injuries -= 1;
                if injuries == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Whole hours dying fighter `p` has left at the end of round `round` once it rests
    /// unconscious: its minutes left become hours (004:615), or its time is already counted
    /// in hours.
    pub fn hours_left(&self, p: usize, round: u32, arena: &Arena) -> u32 {
        let rounds = arena.dies_at[p].saturating_sub(round);
        if arena.flags.unconscious >> p & 1 != 0 {
            rounds / ROUNDS_AN_HOUR
        } else {
            rounds / ROUNDS_A_MINUTE
        }
    }
}
