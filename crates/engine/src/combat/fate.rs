//! One vocabulary for how a fight leaves each combatant, the same in every system: at the
//! fight's end each combatant is in exactly one of five states — `dead`, `dying` (dies unless
//! someone acts in time), `fled`, `down` (out of the fight, alive, not dying: unconscious,
//! stabilised, out) or standing. Each system maps its own terms onto these in its
//! [`crate::combat::Rounds::fates`], citing the seed:
//!
//! - Invisible Sun has no dying state: the last Wound kills (000:180–181), 3 Anguish is out
//!   (000:190), so down.
//! - Unbound Legends: Disabled, Unconscious and Incapacitated are dying until stable
//!   (001:440–449).
//! - Bonus dice: Shock is dying (002:54, 75).
//! - Gods & Monsters: a lost death contest is dying (004:613–615); unconscious is down; a
//!   dying combatant whose endurance − injuries is spent is dead.
//!
//! After the round loop comes the aftermath ([`crate::combat::Dying::aftermath`]): time runs
//! on until nobody is dying. A system with nothing that can save the dying leaves them to die:
//! untended, Shock kills after Stamina rounds (002:75), a lost death contest after endurance −
//! injuries minutes unless the injuries are healed (004:615), so [`Fates::left_alone`].
//!
//! How one combatant came out of a fight and its aftermath, as the driver settled them, is a
//! [`Fate`] ([`crate::combat::Played::fate`]): what a day hands each party member's carried
//! state ([`crate::combat::day::Carry::carry`]), so that no system works it out again.

use super::{Ending, Roster};

/// Everyone's state as masks, a bit per combatant in at most one of them (none: standing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fates {
    /// Dead.
    pub dead: u64,
    /// Dying: dies unless someone acts in time.
    pub dying: u64,
    /// Fled the fight.
    pub fled: u64,
    /// Out of the fight, alive, not dying: unconscious, stabilised, out.
    pub down: u64,
}

impl Fates {
    /// Everyone not standing.
    #[inline(always)]
    pub fn out(&self) -> u64 {
        self.dead | self.dying | self.fled | self.down
    }

    /// The aftermath where nobody can save the dying: they die.
    #[inline(always)]
    pub fn left_alone(self) -> Self {
        Self {
            dead: self.dead | self.dying,
            dying: 0,
            ..self
        }
    }

    /// Combatant `i`'s state: 0 standing, 1 down, 2 fled, 3 dying, 4 dead.
    #[inline(always)]
    pub fn state(&self, i: usize) -> usize {
        let bit = |m: u64| (m >> i & 1) as usize;
        // The masks are disjoint, so at most one term is not zero.
        bit(self.down) + 2 * bit(self.fled) + 3 * bit(self.dying) + 4 * bit(self.dead)
    }
}

/// How one combatant came out of a fight and its aftermath, as the driver settled them (the
/// fallen foes finished, the dying saved or dead): its bits of [`Played::end`] and
/// [`Played::after`]. At most one of `dead`, `fled` and `down` holds; none: standing.
///
/// [`Played::end`]: super::Played::end
/// [`Played::after`]: super::Played::after
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fate {
    /// Dead once the fight and its aftermath are over: killed in the rounds, finished as a
    /// fallen foe, or dying and not saved.
    pub dead: bool,
    /// Dying when the fighting stopped and alive once the aftermath is over: stabilised,
    /// healed or tended in time (then `down` too).
    pub saved: bool,
    /// Fled the fight.
    pub fled: bool,
    /// Alive and not standing once the aftermath is over, and not fled: unconscious,
    /// stabilised (`saved` among them), out.
    pub down: bool,
}

impl Fate {
    /// Combatant `i`'s fate from everyone's state when the fighting stopped (`end`) and once
    /// the aftermath is over (`after`).
    #[inline(always)]
    pub fn of(end: &Fates, after: &Fates, i: usize) -> Self {
        let bit = |m: u64| m >> i & 1 == 1;
        let dead = bit(after.dead);
        Self {
            dead,
            saved: bit(end.dying) && !dead,
            fled: bit(after.fled),
            down: bit(after.down),
        }
    }
}

/// Whom the standing tend once a fight is over: their own side's dying (`[aftermath] allies`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Allies {
    /// Tend them (the default): each system's way of saving the dying, tries that may fail.
    Tend,
    /// Leave them.
    Leave,
    /// Stabilise them at once and for free, without a roll (Unbound Legends only: its
    /// `winners_stabilise` of old, kept as a choice).
    Stabilise,
}

/// What the standing do with their fallen foes once a fight is won (`[aftermath] foes`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Foes {
    /// Leave them (the default).
    Leave,
    /// Tend the dying among them too: prisoners.
    Tend,
    /// Kill every fallen foe, dying or down: the helpless may be killed (002:16, 001:450,
    /// 004:870).
    Finish,
}

/// Which of its dying patients a tender tries first (`[aftermath] patients`). The seeds do
/// not say; the default is the reading a table would take, the nearest to death first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Patients {
    /// The nearest to death (the default): each system's own measure ([`Dying::triage`]:
    /// Unbound Legends the most failed death saves, bonus dice the Stamina that runs out
    /// first).
    ///
    /// [`Dying::triage`]: super::Dying::triage
    MostUrgent,
    /// The first in scenario order.
    InOrder,
}

/// `[aftermath] allies`, `foes` and `patients`: who tends whom, in which order, and whether
/// the fallen foes are killed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Care {
    /// The standing and their dying allies.
    pub allies: Allies,
    /// The winners and their fallen foes.
    pub foes: Foes,
    /// Whom a tender tries first.
    pub patients: Patients,
}

impl Default for Care {
    fn default() -> Self {
        Self {
            allies: Allies::Tend,
            foes: Foes::Leave,
            patients: Patients::MostUrgent,
        }
    }
}

impl Care {
    /// The words `[aftermath] allies` takes.
    pub const ALLIES: [(&'static str, Allies); 2] =
        [("tend", Allies::Tend), ("leave", Allies::Leave)];

    /// The words `[aftermath] allies` takes in Unbound Legends.
    pub const ALLIES_OR_STABILISE: [(&'static str, Allies); 3] = [
        ("tend", Allies::Tend),
        ("leave", Allies::Leave),
        ("stabilise", Allies::Stabilise),
    ];

    /// The words `[aftermath] patients` takes (where a tender may have more than one).
    pub const PATIENTS: [(&'static str, Patients); 2] = [
        ("most_urgent", Patients::MostUrgent),
        ("in_order", Patients::InOrder),
    ];

    /// The words `[aftermath] foes` takes.
    pub const FOES: [(&'static str, Foes); 3] = [
        ("leave", Foes::Leave),
        ("tend", Foes::Tend),
        ("finish", Foes::Finish),
    ];

    /// Of `dying`, those whom `tender` (standing) tends after a fight of `roster` that ended
    /// as `ending`: its own side's with `allies = "tend"`, the others' with `foes = "tend"`
    /// once the fight is won (in a stalemate each side tends its own). A side with nobody
    /// standing tends nobody: only the standing tend.
    pub fn patients(&self, roster: &Roster, ending: Ending, tender: usize, dying: u64) -> u64 {
        let own = roster.side_mask(roster.side_of(tender));
        let mut whom = 0;
        if self.allies != Allies::Leave {
            whom |= own;
        }
        if self.foes == Foes::Tend && ending != Ending::Stalemate {
            whom |= !own;
        }
        dying & whom
    }

    /// `fates` once every fallen foe (dying or down) of a side with someone standing is
    /// killed, with `foes = "finish"` and a fight that is over (not a stalemate); else
    /// `fates`. `everyone` is the roster's mask.
    pub fn finish(&self, roster: &Roster, ending: Ending, fates: Fates, everyone: u64) -> Fates {
        if self.foes != Foes::Finish || ending == Ending::Stalemate {
            return fates;
        }
        let standing = everyone & !fates.out();
        let mut doomed = 0;
        for &side in roster.side_masks() {
            if side & standing != 0 {
                doomed |= !side;
            }
        }
        let doomed = doomed & (fates.dying | fates.down);
        Fates {
            dead: fates.dead | doomed,
            dying: fates.dying & !doomed,
            down: fates.down & !doomed,
            ..fates
        }
    }
}

impl Care {
    /// Of `dying`, those stabilised for free with `allies = "stabilise"`: the dying of every
    /// side with someone in `standing`; else nobody.
    pub fn stabilised(&self, roster: &Roster, standing: u64, dying: u64) -> u64 {
        if self.allies != Allies::Stabilise {
            return 0;
        }
        let sides = roster.side_masks().iter();
        dying & sides.filter(|&&m| m & standing != 0).fold(0, |a, &m| a | m)
    }

    /// The choices in force, for the notes: "allies tended, foes left" (and ", patients in
    /// scenario order" when that is chosen).
    pub fn describe(&self) -> String {
        let order = match self.patients {
            Patients::MostUrgent => "",
            Patients::InOrder => ", patients in scenario order",
        };
        format!(
            "allies {}, foes {}{order}",
            match self.allies {
                Allies::Tend => "tended",
                Allies::Leave => "left",
                Allies::Stabilise => "stabilised at once",
            },
            match self.foes {
                Foes::Leave => "left",
                Foes::Tend => "tended",
                Foes::Finish => "finished",
            }
        )
    }
}

#[cfg(test)]
mod tests;
