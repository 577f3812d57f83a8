//! Gods & Monsters ability and reaction rolls (004_803a11f5ee1b6e60.txt, "Abilities and
//! reactions", "Difficulty adjustments", "Careful attempts", "Mojo", "Group Effort"): roll
//! d20 at or under a score after modifiers; on a failed archetypal roll, bid mojo.
//!
//! The `[check]` keys (the score or a group's scores, modifiers, difficulty words, obstacle
//! size, careful attempts, injuries, group size, mojo), with their ranges and what leaving
//! each out means, are declared once in `schema/keys.rs`. After a failed archetypal roll the
//! player bids the mojo: exactly what the roll missed by is spent (the rest is kept) if the
//! pool covers it, else nothing; each mojo spent earns 50 experience.
//!
//! The roll succeeds on d20 ≤ target, target = score + bonus − penalty + difficulty −
//! obstacle penalty + careful − injuries + group bonus (rounded down when a median makes it
//! fractional).

use crate::systems::Trial;
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Role, Tally,
};
use rand::Rng;

/// Experience per mojo spent on an archetypal roll.
pub const EXPERIENCE_PER_MOJO: u64 = 50;

/// The difficulty words and their modifiers.
pub const DIFFICULTIES: [(&str, i64); 10] = [
    ("normal", 0),
    ("easy", 2),
    ("very easy", 4),
    ("a snap", 8),
    ("incredibly easy", 16),
    ("difficult", 0),
    ("very difficult", -2),
    ("extremely difficult", -4),
    ("nearly impossible", -8),
    ("practically impossible", -16),
];

/// The penalty for an obstacle `size` times the no-penalty size: floor(log₂ size).
pub fn obstacle_penalty(size: f64) -> i64 {
    if size < 2.0 {
        0
    } else {
        size.log2().floor() as i64
    }
}

/// A Gods & Monsters roll built from `[check]`.
#[derive(Debug, Clone)]
pub struct RollCheck {
    /// The d20 must not exceed this.
    pub target: i64,
    /// Mojo available for a bid (0 for a roll that is not archetypal).
    pub mojo: u64,
    layout: Layout,
    ids: Ids,
}

#[derive(Debug, Clone, Copy)]
struct Ids {
    success: CounterId,
    success_unaided: CounterId,
    mojo_used: CounterId,
    mojo_spent: HistogramId,
    experience: HistogramId,
}

impl RollCheck {
    /// A roll needing d20 ≤ `target`, with `mojo` to bid on a failure.
    pub fn new(target: i64, mojo: u64) -> Self {
        // The dearest bid turns a natural 20: sized up front, the report's rows do not
        // depend on which rolls a sample happened to see, and no trial grows a histogram.
        let most = if target >= 20 {
            0
        } else {
            ((20 - target) as u64).min(mojo)
        } as usize;
        let mut layout = Layout::new();
        let side_effect = |label: &str| Meta::trial(Role::SideEffect, label);
        let ids = Ids {
            success: layout.counter("success", Meta::trial(Role::Success, "success")),
            success_unaided: layout.counter("success_unaided", side_effect("success unaided")),
            mojo_used: layout.counter("mojo_used", side_effect("mojo turned a failure")),
            mojo_spent: layout.histogram(
                "mojo_spent",
                most + 1,
                HistogramReport::Buckets,
                Meta::trial(Role::Distribution, "mojo spent"),
            ),
            experience: layout.histogram(
                "experience",
                most * EXPERIENCE_PER_MOJO as usize + 1,
                HistogramReport::Quantiles,
                Meta::trial(Role::Distribution, "experience"),
            ),
        };
        Self {
            target,
            mojo,
            layout,
            ids,
        }
    }

    /// The mojo a failed `roll` costs to turn, if the pool covers it.
    fn bid(&self, roll: i64) -> Option<u64> {
        let need = (roll - self.target) as u64;
        (need <= self.mojo).then_some(need)
    }
}

impl Trial for RollCheck {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    #[inline]
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let roll = 1 + i64::from(oddsmith_core::dice::uniform_below(rng, 20));
        let unaided = roll <= self.target;
        let spent = if unaided { None } else { self.bid(roll) };
        let ids = &self.ids;
        tally.count(ids.success, unaided || spent.is_some());
        tally.count(ids.success_unaided, unaided);
        tally.count(ids.mojo_used, spent.is_some());
        let spent = spent.unwrap_or(0);
        tally.record(ids.mojo_spent, spent as usize);
        tally.record(ids.experience, (spent * EXPERIENCE_PER_MOJO) as usize);
    }

    fn exact(&self) -> Option<ExactValues> {
        let mut spent = vec![0u64; 1];
        let (mut success, mut unaided, mut used) = (0u64, 0u64, 0u64);
        for roll in 1..=20 {
            if roll <= self.target {
                unaided += 1;
                success += 1;
                spent[0] += 1;
            } else if let Some(cost) = self.bid(roll) {
                success += 1;
                used += 1;
                let cost = cost as usize;
                if spent.len() <= cost {
                    spent.resize(cost + 1, 0);
                }
                spent[cost] += 1;
            } else {
                spent[0] += 1;
            }
        }
        let p = |n: u64| n as f64 / 20.0;
        let mut exact = ExactValues::new();
        exact.insert("success".into(), p(success));
        exact.insert("success_unaided".into(), p(unaided));
        exact.insert("mojo_used".into(), p(used));
        let mean: f64 = spent
            .iter()
            .enumerate()
            .map(|(k, &n)| k as f64 * p(n))
            .sum();
        for (k, &n) in spent.iter().enumerate() {
            exact.insert(format!("mojo_spent.{k}"), p(n));
        }
        exact.insert("mojo_spent.mean".into(), mean);
        exact.insert("experience.mean".into(), mean * EXPERIENCE_PER_MOJO as f64);
        for (label, q) in [("median", 0.5), ("p90", 0.9), ("p99", 0.99)] {
            // The smallest amount whose cumulative probability reaches q.
            let mut cumulative = 0u64;
            let k = spent
                .iter()
                .position(|&n| {
                    cumulative += n;
                    cumulative as f64 >= q * 20.0
                })
                .unwrap_or(0);
            exact.insert(
                format!("experience.{label}"),
                (k as u64 * EXPERIENCE_PER_MOJO) as f64,
            );
        }
        Some(exact)
    }
}

#[cfg(test)]
mod tests;
