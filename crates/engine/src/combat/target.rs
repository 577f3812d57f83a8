//! Whom an attack goes for. Policies choose among foes standing when the round began, so
//! everything in a round can happen at once.

use super::roster::Roster;
use super::set::Set;

/// A combatant's targeting policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Targeting {
    /// A foe standing at the start of the round, uniformly.
    Random,
    /// The standing foe the system rates weakest (the first such in scenario order).
    Weakest,
    /// A random foe, then the same one while it stands.
    Focus,
    /// This combatant (index), or a random foe once it is down.
    Named(usize),
    /// The side shares its foes out: its k-th member (in scenario order, standing or not)
    /// aims its i-th attack of the turn at the (k + i)-th foe it may attack, counting round
    /// (the `spread` tactic), so a lone attacker with several attacks spreads them too.
    /// Nothing is drawn: the choice is a function of who may be attacked.
    Spread,
}

impl Targeting {
    /// The policy words a scenario may use besides a foe's name.
    pub const WORDS: [(&'static str, Targeting); 3] = [
        ("random", Targeting::Random),
        ("weakest", Targeting::Weakest),
        ("focus", Targeting::Focus),
    ];

    /// Picks the foe for attack `nth` (from 0) of `me`'s turn (on `side`) among `standing`.
    ///
    /// `focus` is the attacker's remembered foe: a random choice is remembered there, and a
    /// `Focus` attacker keeps it while it stands. `weakness(i)` rates foe `i` for `Weakest`
    /// (lower is weaker). `pick(foes)` is a uniform pick among `foes` (the chosen one,
    /// usually [`Set::draw`]); it is called only when there is a choice between two or more
    /// foes. `None` when no foe stands.
    #[inline]
    pub fn choose(
        self,
        roster: &Roster,
        (me, side, nth): (usize, usize, usize),
        standing: Set,
        focus: &mut Option<usize>,
        weakness: impl Fn(usize) -> i64,
        pick: impl FnOnce(Set) -> usize,
    ) -> Option<usize> {
        let foes = roster.foes_of(side, standing);
        match self {
            Targeting::Named(t) if foes.contains(t) => return Some(t),
            Targeting::Focus => {
                if let Some(t) = focus.filter(|&t| foes.contains(t)) {
                    return Some(t);
                }
            }
            Targeting::Weakest => return foes.iter().min_by_key(|&i| weakness(i)),
            Targeting::Spread => {
                let rank = (roster.side_mask(side) & ((1u64 << me) - 1)).count_ones() as usize;
                return foes.nth((rank + nth) % foes.len().max(1));
            }
            _ => {}
        }
        // One foe needs no draw.
        let t = if foes.has_several() {
            pick(foes)
        } else {
            foes.first()?
        };
        *focus = Some(t);
        Some(t)
    }
}

#[cfg(test)]
mod tests;
