//! The roster of a fight: combatant names, their sides, and each side's members as a bit
//! mask, resolved once when the scenario loads.

use super::set::Set;

/// Most combatants one fight can hold (combatant sets are 64-bit masks).
pub const MAX_FIGHTERS: usize = 64;

/// Why a list of combatants is not a fight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RosterError {
    /// Combatant `index` has an empty name.
    EmptyName(usize),
    /// Combatant `index` reuses an earlier name.
    DuplicateName(usize),
    /// More than [`MAX_FIGHTERS`] combatants.
    TooMany,
    /// Everyone is on one side (or nobody is listed).
    OneSide,
}

/// Combatants and sides of one fight.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Roster {
    names: Vec<String>,
    side_of: Vec<usize>,
    sides: Vec<String>,
    side_masks: Vec<u64>,
}

impl Roster {
    /// A roster of `(name, side)` pairs in scenario order; sides are numbered in order of
    /// first appearance.
    pub fn new<'a>(
        combatants: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, RosterError> {
        let mut roster = Self {
            names: Vec::new(),
            side_of: Vec::new(),
            sides: Vec::new(),
            side_masks: Vec::new(),
        };
        for (i, (name, side)) in combatants.into_iter().enumerate() {
            if name.trim().is_empty() {
                return Err(RosterError::EmptyName(i));
            }
            if roster.names.iter().any(|n| n == name) {
                return Err(RosterError::DuplicateName(i));
            }
            if i >= MAX_FIGHTERS {
                return Err(RosterError::TooMany);
            }
            let s = match roster.sides.iter().position(|s| s == side) {
                Some(s) => s,
                None => {
                    roster.sides.push(side.to_string());
                    roster.side_masks.push(0);
                    roster.sides.len() - 1
                }
            };
            roster.names.push(name.to_string());
            roster.side_of.push(s);
            roster.side_masks[s] |= 1 << i;
        }
        if roster.sides.len() < 2 {
            return Err(RosterError::OneSide);
        }
        Ok(roster)
    }

    /// Number of combatants.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the roster is empty (never, once built).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Combatant names in scenario order.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// Side names in order of first appearance.
    pub fn sides(&self) -> &[String] {
        &self.sides
    }

    /// The side index of combatant `i`.
    pub fn side_of(&self, i: usize) -> usize {
        self.side_of[i]
    }

    /// The mask of side `s`'s combatants.
    pub fn side_mask(&self, s: usize) -> u64 {
        self.side_masks[s]
    }

    /// The combatants of `among` who are foes of side `s`.
    #[inline]
    pub fn foes_of(&self, s: usize, among: Set) -> Set {
        among.without(Set::from(self.side_masks[s]))
    }

    /// Everyone in the fight.
    #[inline]
    pub fn everyone(&self) -> Set {
        Set::everyone(self.len())
    }

    /// Every side's mask, by side index.
    pub fn side_masks(&self) -> &[u64] {
        &self.side_masks
    }

    /// The index of the combatant called `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n == name)
    }

    /// The side name of combatant `i`.
    pub fn side_name(&self, i: usize) -> &str {
        &self.sides[self.side_of[i]]
    }

    /// One line for a run's notes: who fights on which side, and the round limit.
    pub fn describe(&self, max_rounds: u32) -> String {
        let names: Vec<String> = (0..self.len())
            .map(|i| format!("{} ({})", self.names[i], self.side_name(i)))
            .collect();
        format!(
            "{} combatants on {} sides: {}; stalemate after {max_rounds} rounds",
            self.len(),
            self.sides.len(),
            names.join(", ")
        )
    }
}

#[cfg(test)]
mod tests;
