//! The d20 of Unbound Legends (001_9a2522fe8d4a2682.txt, L11–12, L25–26) with advantage and
//! disadvantage. The seed names both (L38, L257) but never defines them; they are read as
//! in 5e: two d20s, keep the higher (lower); any advantage cancels any disadvantage, and
//! several sources of one kind count once.

use oddsmith_core::dice::uniform_below;
use rand::Rng;

/// Which d20 a roll keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edge {
    /// One d20.
    Normal,
    /// Two d20s, the higher kept.
    Advantage,
    /// Two d20s, the lower kept.
    Disadvantage,
}

impl Edge {
    /// The net edge of `advantage` and `disadvantage` source counts.
    pub fn from_counts(advantage: u32, disadvantage: u32) -> Self {
        match (advantage > 0, disadvantage > 0) {
            (true, false) => Edge::Advantage,
            (false, true) => Edge::Disadvantage,
            _ => Edge::Normal,
        }
    }

    /// +1 for advantage, −1 for disadvantage, 0 otherwise (the passive skill's ±5, L33–34).
    pub fn sign(self) -> i64 {
        match self {
            Edge::Normal => 0,
            Edge::Advantage => 1,
            Edge::Disadvantage => -1,
        }
    }

    /// How many of [`D20_OUTCOMES`] equally likely rolls keep face `k` (1–20): 20 each for one
    /// d20, 2k − 1 with advantage, 41 − 2k with disadvantage.
    pub fn weight(self, k: i64) -> u64 {
        match self {
            Edge::Normal => 20,
            Edge::Advantage => (2 * k - 1) as u64,
            Edge::Disadvantage => (41 - 2 * k) as u64,
        }
    }

    /// Rolls the kept d20 (1–20).
    #[inline]
    pub fn roll<R: Rng + ?Sized>(self, rng: &mut R) -> i64 {
        let a = i64::from(uniform_below(rng, 20)) + 1;
        match self {
            Edge::Normal => a,
            Edge::Advantage => a.max(i64::from(uniform_below(rng, 20)) + 1),
            Edge::Disadvantage => a.min(i64::from(uniform_below(rng, 20)) + 1),
        }
    }
}

/// The denominator of [`Edge::weight`]: two d20s' 400 outcomes (one d20's 20, counted 20
/// times each).
pub const D20_OUTCOMES: u64 = 400;

#[cfg(test)]
mod tests;
