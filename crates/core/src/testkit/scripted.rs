//! Scripted dice for every replay and rule test: faces written down per die size (or all in
//! one list, each with its die, where the order across sizes matters), target picks written
//! down with the number picked among, read back in order through the one dice trait
//! ([`Dice`]). A die the script has no face for, a pick among a different number, or a
//! face the die cannot show fails the test at once, naming what was asked for; a test ends
//! with [`Scripted::finish`] to check that every scripted face was used.

use crate::dice::packed::PackedDice;
use crate::dice::{Dice, DiceExpr, Die};
use std::collections::{BTreeMap, VecDeque};

/// Dice that show the faces written down.
#[derive(Debug, Default, Clone)]
pub struct Scripted {
    /// Faces in the order the rules must ask for them, each with its die's size: read before
    /// the faces per size.
    in_order: VecDeque<(u32, i64)>,
    /// Per die size, its faces in order: 1…sides for dice rolled alone or in expressions,
    /// 0…sides−1 for dice rolled at once ([`Dice::packed`]).
    faces: BTreeMap<u32, VecDeque<i64>>,
    /// Picks in order: (among how many, which).
    picks: VecDeque<(usize, usize)>,
    /// Once the picks written down are used, every pick takes the first candidate.
    first_after: bool,
}

impl Scripted {
    /// No faces yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Faces in the order the rules must ask for them, each as (sides, face): a die of
    /// another size asked for in its place fails.
    pub fn in_order(mut self, faces: impl IntoIterator<Item = (u32, i64)>) -> Self {
        self.in_order.extend(faces);
        self
    }

    /// The d20s, in order.
    pub fn d20s(self, faces: impl IntoIterator<Item = i64>) -> Self {
        self.faces(20, faces)
    }

    /// More faces of dice with `sides` faces, in order.
    pub fn faces(mut self, sides: u32, faces: impl IntoIterator<Item = i64>) -> Self {
        self.faces.entry(sides).or_default().extend(faces);
        self
    }

    /// More picks, in order: (among how many, which, from 0).
    pub fn picks(mut self, picks: impl IntoIterator<Item = (usize, usize)>) -> Self {
        self.picks.extend(picks);
        self
    }

    /// Every pick beyond those written down takes the first candidate: for tests in which
    /// whom a pick chooses does not matter.
    pub fn first_of_every_pick(mut self) -> Self {
        self.first_after = true;
        self
    }

    /// Whether every scripted face and pick was used.
    pub fn is_done(&self) -> bool {
        self.in_order.is_empty()
            && self.faces.values().all(VecDeque::is_empty)
            && self.picks.is_empty()
    }

    /// Fails unless every scripted face and pick was used.
    pub fn finish(&self) {
        let ordered = (!self.in_order.is_empty()).then(|| format!("in order: {:?}", self.in_order));
        let left: Vec<String> = (ordered.into_iter())
            .chain(
                self.faces
                    .iter()
                    .filter(|(_, f)| !f.is_empty())
                    .map(|(s, f)| format!("d{s}: {f:?}")),
            )
            .chain((!self.picks.is_empty()).then(|| format!("picks: {:?}", self.picks)))
            .collect();
        assert!(
            left.is_empty(),
            "scripted but never rolled: {}",
            left.join("; ")
        );
    }

    /// The next face of a die of `sides` faces, which must lie in `lo..=hi`.
    fn next(&mut self, sides: u32, lo: i64, hi: i64) -> i64 {
        let ordered = self.in_order.pop_front().map(|(s, face)| {
            assert_eq!(
                s, sides,
                "the script has a d{s} next, the rules rolled a d{sides}"
            );
            face
        });
        let face = ordered
            .or_else(|| self.faces.get_mut(&sides).and_then(VecDeque::pop_front))
            .unwrap_or_else(|| panic!("a d{sides} was rolled that the script has no face for"));
        assert!(
            (lo..=hi).contains(&face),
            "the script gives {face} for a d{sides}, whose faces are {lo}..={hi}"
        );
        face
    }

    /// The next face of `die`.
    fn face(&mut self, die: Die) -> i64 {
        self.next(die.sides(), die.min_face(), die.max_face())
    }
}

impl Dice for Scripted {
    fn d(&mut self, sides: u32) -> i64 {
        self.next(sides, 1, i64::from(sides))
    }

    fn roll(&mut self, dice: &DiceExpr) -> i64 {
        dice.roll_with(|die| self.face(die))
    }

    fn pick(&mut self, n: usize) -> usize {
        if self.picks.is_empty() && self.first_after {
            return 0;
        }
        let (among, which) = self
            .picks
            .pop_front()
            .unwrap_or_else(|| panic!("a pick among {n} that the script does not have"));
        assert_eq!(
            among, n,
            "the script picks among {among}, the rules among {n}"
        );
        assert!(which < n, "the script picks {which} among {n}");
        which
    }

    fn packed(&mut self, dice: &PackedDice) -> u64 {
        let sides = u32::try_from(dice.sides()).expect("small dice");
        let hi = i64::from(sides) - 1;
        let mut value = 0u64;
        let mut weight = 1u64;
        for _ in 0..dice.count() {
            value += self.next(sides, 0, hi) as u64 * weight;
            weight = weight.wrapping_mul(dice.sides());
        }
        value
    }
}

#[cfg(test)]
mod tests;
