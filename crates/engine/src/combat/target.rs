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
}

impl Targeting {
    /// The policy words a scenario may use besides a foe's name.
    pub const WORDS: [(&'static str, Targeting); 3] = [
        ("random", Targeting::Random),
        ("weakest", Targeting::Weakest),
        ("focus", Targeting::Focus),
    ];

    /// Picks the foe for one attack by `attacker` (on `side`) among `standing`.
    ///
    /// `focus` is the attacker's remembered foe: a random choice is remembered there, and a
    /// `Focus` attacker keeps it while it stands. `weakness(i)` rates foe `i` for `Weakest`
    /// (lower is weaker). `pick(n)` is a uniform draw from `0..n`; it is called only when
    /// there is a choice between two or more foes. `None` when no foe stands.
    #[inline]
    pub fn choose(
        self,
        roster: &Roster,
        side: usize,
        standing: Set,
        focus: &mut Option<usize>,
        weakness: impl Fn(usize) -> i64,
        pick: impl FnOnce(usize) -> usize,
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
            _ => {}
        }
        // One foe needs no draw.
        let t = if foes.has_several() {
            foes.nth(pick(foes.len()))
        } else {
            foes.first()
        }?;
        *focus = Some(t);
        Some(t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roster() -> Roster {
        Roster::new([("a", "x"), ("b", "y"), ("c", "y"), ("d", "y")]).unwrap()
    }

    #[test]
    fn policies_choose_among_standing_foes() {
        let r = roster();
        let all = Set::from(0b1111);
        let mut focus = None;
        let weak = |i: usize| [5, 9, 3, 3][i];
        // Random takes the k-th standing foe and remembers it.
        let t = Targeting::Random.choose(&r, 0, all, &mut focus, weak, |n| {
            assert_eq!(n, 3);
            2
        });
        assert_eq!((t, focus), (Some(3), Some(3)));
        // Focus keeps its foe while it stands, then picks again.
        let t = Targeting::Focus.choose(&r, 0, all, &mut focus, weak, |_| unreachable!());
        assert_eq!(t, Some(3));
        let t = Targeting::Focus.choose(&r, 0, Set::from(0b0111), &mut focus, weak, |_| 0);
        assert_eq!((t, focus), (Some(1), Some(1)));
        // Weakest: the first of the weakest in scenario order, no draw.
        let t = Targeting::Weakest.choose(&r, 0, all, &mut focus, weak, |_| unreachable!());
        assert_eq!(t, Some(2));
        // A named foe while it stands, else random; one foe left needs no draw.
        let named = Targeting::Named(1);
        assert_eq!(
            named.choose(&r, 0, all, &mut focus, weak, |_| unreachable!()),
            Some(1)
        );
        let t = named.choose(
            &r,
            0,
            Set::from(0b1001),
            &mut focus,
            weak,
            |_| unreachable!(),
        );
        assert_eq!(t, Some(3));
        assert_eq!(
            Targeting::Random.choose(&r, 0, Set::from(1), &mut focus, weak, |_| 0),
            None
        );
    }
}
