//! The one place a combatant decides what to do with its turn (or with one attack of it):
//! every system's round asks [`Tactic::decide`] with what the combatant sees ([`Sight`]:
//! the roster, its side, whom it may act on, how weak each of them is) and gets an
//! [`Action`] back, which the system's own rules then play out.
//!
//! A turn is decided in two steps, both here. First the combatant's profile ([`Profile`])
//! picks its move ([`Profile::choose`]) among the moves its system offers it now ([`Offers`]:
//! tend a fallen ally, heal a hurt one, recover, leave the fight): `protect` tends and heals
//! before fighting, `cautious` recovers or leaves when low, `random` takes any of them at
//! random. A move to fight then asks [`Tactic::decide`] whom to attack, by the targeting
//! policy ([`Targeting`]: random, weakest, focus, a named foe, spread). Systems supply the
//! moves, their costs and what they do (each a rule with its seed line); the choosing is this
//! module's. A system asks the first step only of a combatant whose profile makes choices
//! ([`Profile::chooses_moves`]) or whose own keys ask for a move (Unbound Legends'
//! `first_aid`), so the others' turns pay nothing for it, and may settle a choice of foe without asking when the answer cannot differ (a lone foe, a
//! uniform pick it draws from its own table), saying so beside that fast path.

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
/// system (the `tactics` key, `oddsmith_scenario::keys::common::TACTICS`). Its choice of
/// foe settles at load into what the round asks of [`Tactic::decide`] (a targeting policy;
/// the system's own switch for striking the fallen); `protect`, `cautious` and `random` also
/// choose a move each turn ([`Profile::choose`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Profile {
    /// The book's fighter: attack the foe the combatant's `target` names, and take the
    /// actions its own keys ask for (first aid, flight), as before tactics existed.
    #[default]
    ByTheBook,
    /// Tend the fallen allies its system lets it tend, then heal those hurt below its
    /// `protect_below`, before attacking (as `by_the_book` otherwise).
    Protect,
    /// Below its `cautious_below`, recover where its system offers a way, else leave the
    /// fight where it offers one (as `by_the_book` otherwise).
    Cautious,
    /// Attack the weakest foe; where the rules let it strike the fallen, finish them first.
    Ruthless,
    /// Share the side's foes out ([`Targeting::Spread`]).
    Spread,
    /// Any move open to it, uniformly (fight, tend or heal one ally, recover — flight aside),
    /// and a random foe when it fights.
    Random,
}

impl Profile {
    /// The `tactics` words, in the order the key declares them (and the variants').
    pub const WORDS: [(&'static str, Profile); 6] = [
        ("by_the_book", Profile::ByTheBook),
        ("protect", Profile::Protect),
        ("cautious", Profile::Cautious),
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
            Profile::ByTheBook | Profile::Protect | Profile::Cautious => by_the_book,
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

    /// Whether it ever chooses a move besides fighting ([`Profile::choose`]): a system asks
    /// only those, so the others' turns are what they were.
    #[inline(always)]
    pub fn chooses_moves(self) -> bool {
        matches!(self, Profile::Protect | Profile::Cautious | Profile::Random)
    }

    /// Its move this turn among `offers`. `need(i)` rates how badly ally `i` needs help
    /// (lower first, the system's weakness); `pick(n)` draws uniformly below `n` (for
    /// `random`, called only with a choice of two or more).
    ///
    /// - `protect`: tend the fallen ally in most need, else heal the hurt one in most need
    ///   (ties to the first in scenario order), else fight;
    /// - `cautious`: recover, else flee, when the system offers it (it offers them only
    ///   below the combatant's `cautious_below`), else as `by_the_book`;
    /// - `random`: one of fight (when it has a foe), tend or heal each ally offered, recover,
    ///   support, uniformly — flight is never a random choice;
    /// - every other profile tends the fallen ally in most need when its system offers one
    ///   (a system offers the fallen to these only where the combatant's own keys ask for it,
    ///   as Unbound Legends' `first_aid` does), else fights.
    ///
    /// Support (Unbound Legends' Help, Gods & Monsters' leading) is offered only where the
    /// combatant's own keys ask for it; every profile but `random` takes it where it would
    /// otherwise fight (`protect` after tending and healing), for the first ally offered.
    #[inline]
    pub fn choose(
        self,
        offers: Offers,
        need: impl Fn(usize) -> i64,
        pick: impl FnOnce(usize) -> usize,
    ) -> Move {
        let tend = || {
            offers
                .fallen
                .iter()
                .min_by_key(|&i| need(i))
                .map(Move::Tend)
        };
        let support = offers.support.first().map(Move::Support);
        match self {
            Profile::Protect => tend()
                .or_else(|| offers.hurt.iter().min_by_key(|&i| need(i)).map(Move::Heal))
                .or(support)
                .unwrap_or(Move::Fight),
            Profile::Cautious if offers.recover => Move::Recover,
            Profile::Cautious if offers.flee => Move::Flee,
            Profile::Random => {
                let fight = usize::from(offers.fight);
                let (tend, heal) = (offers.fallen.len(), offers.hurt.len());
                let recover = usize::from(offers.recover);
                let n = fight + tend + heal + recover + offers.support.len();
                let k = match n {
                    0 => return Move::Fight,
                    1 => 0,
                    _ => pick(n),
                };
                if k < fight {
                    Move::Fight
                } else if k < fight + tend {
                    Move::Tend(offers.fallen.nth(k - fight).expect("k counts the fallen"))
                } else if k < fight + tend + heal {
                    Move::Heal(
                        offers
                            .hurt
                            .nth(k - fight - tend)
                            .expect("k counts the hurt"),
                    )
                } else if k < fight + tend + heal + recover {
                    Move::Recover
                } else {
                    Move::Support(
                        (offers.support)
                            .nth(k - fight - tend - heal - recover)
                            .expect("k counts those supported"),
                    )
                }
            }
            _ => tend().or(support).unwrap_or(Move::Fight),
        }
    }
}

/// What a combatant's system offers it this turn besides attacking, for its profile to
/// choose among ([`Profile::choose`]); what is not offered it cannot do now (no such rule,
/// no AP or action left for it, the once-an-encounter use spent, …).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Offers {
    /// It has a foe to attack.
    pub fight: bool,
    /// Fallen allies it may tend now (dying, in Shock, down).
    pub fallen: Set,
    /// Standing allies it may heal now: for `protect`, those below its `protect_below`;
    /// for `random`, any it may heal.
    pub hurt: Set,
    /// It may recover now (below its `cautious_below` for `cautious`).
    pub recover: bool,
    /// It may leave the fight now (below its `cautious_below`).
    pub flee: bool,
    /// Allies it may support now instead of attacking (where its own keys ask for it): the
    /// one its system would choose first.
    pub support: Set,
}

/// The move a profile chose ([`Profile::choose`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Attack: whom, [`Tactic::decide`] says.
    Fight,
    /// Tend this fallen ally.
    Tend(usize),
    /// Heal this hurt ally.
    Heal(usize),
    /// Recover (its system's way: bene, a potion, a breather).
    Recover,
    /// Leave the fight.
    Flee,
    /// Support this ally instead of attacking (Help, leading).
    Support(usize),
}

/// A fraction of a combatant's full measure (`protect_below`, `cautious_below`), kept in
/// thousandths so the round compares integers: whether `left` of `full` is below it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Below(pub i64);

impl Below {
    /// The fraction `f` (0–1), to the thousandth.
    pub fn of(f: f64) -> Self {
        Below((f * 1000.0).round() as i64)
    }

    /// Whether `left` of `full` is below this fraction of it.
    #[inline(always)]
    pub fn holds(self, left: i64, full: i64) -> bool {
        left * 1000 < self.0 * full
    }

    /// The most left of `full` that is below this fraction of it (`None` when nothing is:
    /// a fraction of 0), for a system whose rules ask "at or below" a number.
    pub fn most_below(self, full: i64) -> Option<i64> {
        let x = self.0 * full;
        (x > 0).then(|| (x - 1).div_euclid(1000))
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
