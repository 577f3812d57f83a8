//! The aftermath of a fight, written once for every system: once the fighting stops with
//! someone dying, time runs on in the system's own rounds with nobody attacking until nobody
//! is dying. [`rounds`] is the default [`Dying::aftermath`]; a system says only what is its
//! own through four hooks of [`Fight`]:
//!
//! - [`Dying::tries`]: how many tries a standing combatant makes in a round to save a dying
//!   one (0: it cannot; the default);
//! - [`Dying::triage`]: which of its patients is the nearest to death, tried first with
//!   `[aftermath] patients = "most_urgent"` (default: scenario order; with `"in_order"` it
//!   is always scenario order);
//! - [`Dying::treat`]: one try, and whether the patient is now stable;
//! - [`Dying::tick`]: the end of a round for the dying nobody saved — who dies, who
//!   stabilises by itself (default: they all die).
//!
//! One round, in order: each standing tender, in scenario order, makes its tries, each on the
//! patient [`Dying::triage`] picks among those [`Care::patients`](super::Care::patients) lets
//! it tend who are still dying; then [`Dying::tick`]. The first round is the one the fight
//! ended in (`first`: a system gives the tries left in it, and ticks only what had not come
//! in it). With `[aftermath] allies = "stabilise"` the dying of every side with someone
//! standing are stable before the first round. Where nobody can tend and the untended dying
//! surely die ([`Dying::UNTENDED_DIE`]), no round is played: [`Fates::left_alone`].
//!
//! A bound keeps an aftermath that a system's hooks never end from hanging: after
//! [`MOST_AFTERMATH_ROUNDS`] rounds whoever is still dying dies.

use super::fight::Rounds;
use super::set::members;
use super::{Ending, Fates, Patients};
use oddsmith_core::dice::Dice;

/// How a system's dying are saved once the fighting stops: the hooks of the shared loop
/// ([`rounds`]), or the whole aftermath where its dying are saved otherwise. A system with no
/// dying state implements it empty (`impl Dying for X {}`): the driver runs it only when
/// someone is dying.
pub trait Dying: Rounds {
    /// The aftermath of a fight that ended as `ending` in round `round` with someone dying
    /// (`end`, with any fallen foes already finished, [`crate::combat::Care::finish`]): time
    /// runs on in the system's rounds until nobody is dying; returns everyone's state then
    /// (nobody dying). The default is the shared loop of [`rounds`] over the hooks below; a
    /// system whose dying are saved otherwise than by tries round by round replaces it.
    #[inline(always)]
    fn aftermath<D: Dice>(
        &self,
        ending: Ending,
        round: u32,
        end: Fates,
        dice: &mut D,
        arena: &mut Self::Arena,
    ) -> Fates {
        rounds(self, ending, round, end, dice, arena)
    }

    /// Whether the dying nobody tends surely die ([`Dying::tick`] kills them all in time),
    /// so that an aftermath with nobody to tend them plays no round. True but where the dying
    /// may save themselves (Unbound Legends' death saves, 001:446–449).
    const UNTENDED_DIE: bool = true;

    /// How many tries `tender` (standing) makes to save the dying in an aftermath round:
    /// `first`, the round the fight ended in, or a later one. 0 (the default): it cannot.
    #[inline(always)]
    fn tries(&self, _tender: usize, _first: bool, _arena: &Self::Arena) -> u32 {
        0
    }

    /// Which of `patients` (a mask, not empty) a tender tries to save first; by default the
    /// first in scenario order.
    #[inline(always)]
    fn triage(&self, patients: u64, _arena: &Self::Arena) -> usize {
        patients.trailing_zeros() as usize
    }

    /// One try of `tender` to save `patient`: whether the patient is now stable.
    #[inline(always)]
    fn treat<D: Dice>(
        &self,
        _tender: usize,
        _patient: usize,
        _dice: &mut D,
        _arena: &mut Self::Arena,
    ) -> bool {
        false
    }

    /// The end of aftermath round `round` (`first`: the round the fight ended in) for
    /// `dying`, those nobody saved: (who dies now, who is stable by itself). By default they
    /// all die.
    #[inline(always)]
    fn tick<D: Dice>(
        &self,
        _round: u32,
        _first: bool,
        dying: u64,
        _dice: &mut D,
        _arena: &mut Self::Arena,
    ) -> (u64, u64) {
        (dying, 0)
    }
}

/// Rounds after which an aftermath stops and the still dying die. No system's rules reach it
/// (bonus-dice Shock ends by Stamina rounds, death saves end almost surely within a few).
pub const MOST_AFTERMATH_ROUNDS: u32 = 100_000;

/// The aftermath of a fight of `fight` that ended as `ending` in round `round` with someone
/// dying (`start`, any fallen foes already finished): everyone's state once nobody is dying.
/// See the module header.
pub fn rounds<F: Dying + ?Sized, D: Dice>(
    fight: &F,
    ending: Ending,
    round: u32,
    start: Fates,
    dice: &mut D,
    arena: &mut F::Arena,
) -> Fates {
    let bout = fight.bout();
    let (roster, care) = (&bout.roster, bout.care);
    let standing = roster.everyone().bits() & !start.out();
    let mut stable = care.stabilised(roster, standing, start.dying);
    let (mut dying, mut dead) = (start.dying & !stable, start.dead);
    // Who can tend anyone, by bit (no allocation: this runs inside the trial loop).
    let mut tenders = 0u64;
    for t in members(standing) {
        let can = fight.tries(t, true, arena) + fight.tries(t, false, arena) > 0;
        let has = care.patients(roster, ending, t, dying) != 0;
        tenders |= u64::from(can && has) << t;
    }
    if tenders == 0 && F::UNTENDED_DIE {
        dead |= dying;
        dying = 0;
    }
    let mut r = round;
    while dying != 0 {
        let first = r == round;
        for t in members(tenders) {
            for _ in 0..fight.tries(t, first, arena) {
                let whom = care.patients(roster, ending, t, dying);
                if whom == 0 {
                    break;
                }
                let p = match care.patients {
                    Patients::MostUrgent => fight.triage(whom, arena),
                    Patients::InOrder => whom.trailing_zeros() as usize,
                };
                if fight.treat(t, p, dice, arena) {
                    dying &= !(1 << p);
                    stable |= 1 << p;
                }
            }
        }
        let (died, saved) = if r - round >= MOST_AFTERMATH_ROUNDS {
            (dying, 0)
        } else {
            fight.tick(r, first, dying, dice, arena)
        };
        let (died, saved) = (died & dying, saved & dying & !died);
        dying &= !(died | saved);
        dead |= died;
        stable |= saved;
        r += 1;
    }
    Fates {
        dead,
        dying: 0,
        fled: start.fled,
        down: start.down | stable,
    }
}

/// Of `patients` (a mask, not empty), the one with the least `key`, the first in scenario
/// order among equals: what a [`Dying::triage`] picks by.
#[inline]
pub fn least_by<K: Ord>(patients: u64, key: impl Fn(usize) -> K) -> usize {
    let mut best = patients.trailing_zeros() as usize;
    let mut best_key = key(best);
    for q in members(patients) {
        let k = key(q);
        if k < best_key {
            (best, best_key) = (q, k);
        }
    }
    best
}

#[cfg(test)]
mod tests;
