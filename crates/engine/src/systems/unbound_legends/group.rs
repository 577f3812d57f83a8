//! Group rolls (001_9a2522fe8d4a2682.txt L40–42): everyone in the group rolls against the
//! same target; the group succeeds when at least half do (⌈n/2⌉), or as many as the Narrator
//! requires ("requiring more character succeed on the roll without changing the target").

use super::d20::D20_OUTCOMES;
use super::roll::Roller;
use crate::systems::Trial;
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Note, Role, Tally,
};
use rand::Rng;

/// Most members a group roll takes.
pub const MAX_MEMBERS: usize = 32;

/// A group roll.
#[derive(Debug, Clone)]
pub struct GroupRoll {
    /// Members: name and roller.
    pub members: Vec<(String, Roller)>,
    /// The target every member rolls against.
    pub target: i64,
    /// Successes the group needs.
    pub required: usize,
    layout: Layout,
    group: CounterId,
    each: Vec<CounterId>,
    successes: HistogramId,
}

impl GroupRoll {
    /// A group of 1 to [`MAX_MEMBERS`] members needing `required` successes against `target`.
    pub fn new(members: Vec<(String, Roller)>, target: i64, required: usize) -> Self {
        assert!((1..=MAX_MEMBERS).contains(&members.len()));
        let mut layout = Layout::new();
        let group = layout.counter(
            "group_success",
            Meta::trial(Role::Success, "the group succeeds"),
        );
        let each = members
            .iter()
            .map(|(name, _)| {
                let meta = Meta::side(Role::SideEffect, "succeeds", name);
                layout.counter(format!("success.{name}"), meta)
            })
            .collect();
        let successes = layout.histogram(
            "successes",
            members.len() + 1,
            HistogramReport::Buckets,
            Meta::trial(Role::Distribution, "members succeeding"),
        );
        Self {
            members,
            target,
            required,
            layout,
            group,
            each,
            successes,
        }
    }

    /// Each member's chance of success, as counts out of [`D20_OUTCOMES`].
    fn member_counts(&self) -> Vec<u64> {
        self.members
            .iter()
            .map(|(_, r)| {
                r.faces()
                    .filter(|(d, _)| d + r.bonus >= self.target)
                    .map(|(_, w)| w)
                    .sum()
            })
            .collect()
    }
}

impl Trial for GroupRoll {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let mut n = 0;
        for ((_, roller), &id) in self.members.iter().zip(&self.each) {
            let (_, total) = roller.roll(rng);
            let ok = total >= self.target;
            n += usize::from(ok);
            tally.count(id, ok);
        }
        tally.count(self.group, n >= self.required);
        tally.record(self.successes, n);
    }

    /// The number of successes is a sum of independent members' successes: convolved member
    /// by member in probabilities (each member's exactly from its face counts).
    fn exact(&self) -> Option<ExactValues> {
        let q = D20_OUTCOMES as f64;
        let counts = self.member_counts();
        let mut dist = vec![1.0f64];
        for &c in &counts {
            let p = c as f64 / q;
            let mut next = vec![0.0; dist.len() + 1];
            for (k, &d) in dist.iter().enumerate() {
                next[k] += d * (1.0 - p);
                next[k + 1] += d * p;
            }
            dist = next;
        }
        let mut exact = ExactValues::new();
        exact.insert(
            "group_success".into(),
            dist[self.required.min(dist.len())..].iter().sum(),
        );
        let mut mean = 0.0;
        for (k, &d) in dist.iter().enumerate() {
            exact.insert(format!("successes.{k}"), d);
            mean += k as f64 * d;
        }
        exact.insert("successes.mean".into(), mean);
        for ((name, _), &c) in self.members.iter().zip(&counts) {
            exact.insert(format!("success.{name}"), c as f64 / q);
        }
        Some(exact)
    }

    fn notes(&self) -> Vec<Note> {
        vec![Note::Remark(format!(
            "{} members against {}; the group needs {} successes",
            self.members.len(),
            self.target,
            self.required
        ))]
    }
}
