//! Jumps (`[jump]`) by 003_2f5399e0a98f81be.txt (73–83): an agility roll, normally a snap
//! (+8), where each step beyond the first costs a penalty that doubles (1 for the second
//! foot, 2, 4, 8, …; 003:75–81). A failure still reaches as far as the roll allowed (003:74).
//!
//! Target = score + bonus − penalty + difficulty + running movement (across only, 003:83) −
//! injuries. A creature's size multiplies the distance one step covers (003:82); leaping
//! across counts yards instead of feet (003:83). The steps needed are S = ceil(distance /
//! multiplier); k steps cost 0 for k = 1 and 2^(k−2) after. A roll reaches the most steps
//! k ≤ S with d20 ≤ target − cost(k) (none: 0), which is min(distance, floor(k · multiplier))
//! feet or yards; the jump succeeds when that is the whole distance.

use super::insert_buckets;
use crate::systems::Trial;
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Role, Tally,
};
use rand::Rng;

/// A creature's size and the distance multiplier it gives, as a fraction (003:82).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// ⅙.
    Fine,
    /// ⅓.
    Tiny,
    /// ¾.
    Small,
    /// 1.
    Medium,
    /// 2.
    Large,
    /// 4.
    Huge,
    /// 8.
    Gigantic,
    /// 16.
    Titanic,
}

impl Size {
    /// The words `size` may take.
    pub const WORDS: [(&'static str, Self); 8] = [
        ("fine", Self::Fine),
        ("tiny", Self::Tiny),
        ("small", Self::Small),
        ("medium", Self::Medium),
        ("large", Self::Large),
        ("huge", Self::Huge),
        ("gigantic", Self::Gigantic),
        ("titanic", Self::Titanic),
    ];

    /// The multiplier as (numerator, denominator).
    pub fn multiplier(self) -> (u64, u64) {
        match self {
            Self::Fine => (1, 6),
            Self::Tiny => (1, 3),
            Self::Small => (3, 4),
            Self::Medium => (1, 1),
            Self::Large => (2, 1),
            Self::Huge => (4, 1),
            Self::Gigantic => (8, 1),
            Self::Titanic => (16, 1),
        }
    }
}

/// The penalty for reaching `k` steps: 0 for one, then 1, 2, 4, … (saturating).
pub fn step_cost(k: u64) -> i64 {
    match k {
        0 | 1 => 0,
        k if k - 2 < 62 => 1 << (k - 2),
        _ => i64::MAX,
    }
}

/// A jump built from `[jump]`.
#[derive(Debug, Clone)]
pub struct Jump {
    /// Feet up or yards across.
    pub distance: u64,
    /// The roll's target, every modifier applied.
    pub target: i64,
    /// The size's multiplier.
    pub size: Size,
    /// Distance reached by each d20 face (`reached[face − 1]`).
    reached: [u64; 20],
    layout: Layout,
    success: CounterId,
    reached_id: HistogramId,
}

impl Jump {
    /// A jump of `distance` needing d20 ≤ `target` less each step's cost, by a `size`
    /// creature.
    pub fn new(distance: u64, target: i64, size: Size) -> Self {
        let reached = std::array::from_fn(|face| reach(distance, size, target - (face as i64 + 1)));
        let mut layout = Layout::new();
        let success = layout.counter("success", Meta::trial(Role::Success, "success"));
        let reached_id = layout.histogram(
            "reached",
            distance as usize + 1,
            HistogramReport::Buckets,
            Meta::trial(Role::Distribution, "distance reached"),
        );
        Self {
            distance,
            target,
            size,
            reached,
            layout,
            success,
            reached_id,
        }
    }

    /// How far a d20 showing `face` reaches.
    pub fn reached(&self, face: i64) -> u64 {
        self.reached[face as usize - 1]
    }

    /// How far a d20 showing `face` reaches against `target` (the scenario's target with a
    /// day's member's injuries instead).
    pub fn reached_with(&self, target: i64, face: i64) -> u64 {
        reach(self.distance, self.size, target - face)
    }
}

/// How far a jump of `distance` by a `size` creature reaches with `room` (target − the
/// d20) left for the steps' costs.
fn reach(distance: u64, size: Size, room: i64) -> u64 {
    let (num, den) = size.multiplier();
    let steps = (distance * den).div_ceil(num);
    // The cost grows with k, so the most steps is the last k whose cost fits.
    let k = (1..=steps.min(64))
        .take_while(|&k| step_cost(k) <= room)
        .last()
        .unwrap_or(0);
    distance.min(k * num / den)
}

impl Trial for Jump {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    #[inline]
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let reached = self.reached[oddsmith_core::dice::uniform_below(rng, 20) as usize];
        tally.count(self.success, reached == self.distance);
        tally.record(self.reached_id, reached as usize);
    }

    /// Exact by enumerating the d20's faces.
    fn exact(&self) -> Option<ExactValues> {
        let mut dist = vec![0.0; self.distance as usize + 1];
        for &r in &self.reached {
            dist[r as usize] += 1.0 / 20.0;
        }
        let mut exact = ExactValues::new();
        exact.insert("success".into(), dist[self.distance as usize]);
        insert_buckets(&mut exact, "reached", &dist);
        Some(exact)
    }
}

#[cfg(test)]
mod tests;
