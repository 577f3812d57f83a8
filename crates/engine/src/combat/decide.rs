//! The one place a combatant decides what to do with its turn (or with one attack of it):
//! every system's round asks [`Tactic::decide`] with what the combatant sees ([`Sight`]:
//! the roster, its side, whom it may act on, how weak each of them is) and gets an
//! [`Action`] back, which the system's own rules then play out.
//!
//! Today there is one tactic — every combatant attacks a foe chosen by its targeting policy
//! ([`Targeting`]: random, weakest, focus, a named foe) — so the actions are "attack this
//! foe" and "hold" (no foe to act on). Actions a table takes besides (aid the fallen, a
//! potion, flight) and tactic profiles are added here once, for every system. A system may
//! settle a choice without asking when the answer cannot differ (a lone foe, a uniform pick
//! it draws from its own table), and says so beside that fast path.

use super::roster::Roster;
use super::set::Set;
use super::target::Targeting;

/// What a combatant does with a turn, or with one attack of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Attack this combatant.
    Attack(usize),
    /// Nothing: nobody it may act on.
    Hold,
}

impl Action {
    /// The foe attacked, if any.
    #[inline(always)]
    pub fn target(self) -> Option<usize> {
        match self {
            Action::Attack(t) => Some(t),
            Action::Hold => None,
        }
    }
}

/// How a combatant plays its turns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tactic {
    /// Attack every turn, the foe chosen by this policy.
    Attack(Targeting),
}

/// A tactic profile: how a combatant plays its turns, by the same word and meaning in every
/// system (the `tactics` key, `oddsmith_scenario::keys::common::TACTICS`). A profile settles
/// at load into what the round asks of [`Tactic::decide`] (a targeting policy; the system's
/// own switch for striking the fallen), so the round pays nothing for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Profile {
    /// Today's behaviour: attack the foe the combatant's `target` names.
    #[default]
    ByTheBook,
    /// Attack the weakest foe; where the rules let it strike the fallen, finish them first.
    Ruthless,
    /// Share the side's foes out ([`Targeting::Spread`]).
    Spread,
    /// Any action open to it, at random: a random foe (attacking is the only action yet).
    Random,
}

impl Profile {
    /// The `tactics` words, in the order the key declares them.
    pub const WORDS: [(&'static str, Profile); 4] = [
        ("by_the_book", Profile::ByTheBook),
        ("ruthless", Profile::Ruthless),
        ("spread", Profile::Spread),
        ("random", Profile::Random),
    ];

    /// Its word.
    pub fn word(self) -> &'static str {
        Self::WORDS[self as usize].0
    }

    /// The targeting it plays with: `by_the_book` keeps the combatant's `target` policy.
    pub fn targeting(self, by_the_book: Targeting) -> Targeting {
        match self {
            Profile::ByTheBook => by_the_book,
            Profile::Ruthless => Targeting::Weakest,
            Profile::Spread => Targeting::Spread,
            Profile::Random => Targeting::Random,
        }
    }

    /// Whether it strikes the fallen first where the rules allow it and the scenario leaves
    /// the choice open (Gods & Monsters' `attack_downed`, bonus dice's `finish_downed`).
    pub fn finishes_the_fallen(self) -> bool {
        self == Profile::Ruthless
    }
}

/// What a combatant sees when it decides.
pub struct Sight<'a, W> {
    /// The fight's roster.
    pub roster: &'a Roster,
    /// The combatant deciding.
    pub me: usize,
    /// Which of its attacks this turn the choice is for, from 0 (for `Targeting::Spread`).
    pub nth: usize,
    /// The combatant's side.
    pub side: usize,
    /// Those it may act on, foes or not (those standing when the round began, or with a
    /// system's rules the fallen too): its foes among them are its choice.
    pub among: Set,
    /// How weak combatant `i` is, by the system's measure (lower is weaker), for
    /// `Targeting::Weakest`.
    pub weakness: W,
}

impl Tactic {
    /// Decides one action. `focus` is what the combatant remembers of its last choice (a
    /// random choice is remembered there, and a `Focus` attacker keeps it while it stands);
    /// `pick(foes)` is a uniform pick among `foes` (the chosen one: [`Set::draw`] with the
    /// system's dice, or a system's own table of them), called only when there is a choice
    /// between two or more foes.
    #[inline(always)]
    pub fn decide<W: Fn(usize) -> i64>(
        self,
        sight: Sight<'_, W>,
        focus: &mut Option<usize>,
        pick: impl FnOnce(Set) -> usize,
    ) -> Action {
        match self {
            Tactic::Attack(targeting) => {
                let chosen = targeting.choose(
                    sight.roster,
                    (sight.me, sight.side, sight.nth),
                    sight.among,
                    focus,
                    sight.weakness,
                    pick,
                );
                chosen.map_or(Action::Hold, Action::Attack)
            }
        }
    }
}

#[cfg(test)]
mod tests;
