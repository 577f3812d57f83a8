//! Forced marches (`[march]`) by 003_2f5399e0a98f81be.txt (104–112): a character who keeps
//! moving past the time base without rest makes a health roll for each push (003:105),
//! gaining an injury point on a failure (003:106).
//!
//! Roll k = 0…periods − 1 is d20 ≤ health + bonus + 2·slower_by (each point of Movement given
//! up for the whole period) − thirst − step_penalty·k (2 for each earlier roll since
//! resting, 003:105; 0 for the single roll to walk 50% farther in a day, 003:112) − injuries,
//! the injuries gained so far included (004:601). With `stop_at_injuries`, the character
//! rests once the march gave that many.

use super::insert_buckets;
use crate::systems::Trial;
use crate::systems::gods_and_monsters::survival::chance;
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Role, Tally,
};
use rand::Rng;

/// A forced march built from `[march]`.
#[derive(Debug, Clone)]
pub struct March {
    /// The first roll's target before injuries: health + bonus + 2·slower_by − thirst.
    pub base: i64,
    /// The penalty added for each earlier roll.
    pub step_penalty: i64,
    /// Pushes without rest (rolls at most).
    pub periods: u32,
    /// Injury points before the march.
    pub injuries: i64,
    /// Rest once the march gave this many injuries (0: never).
    pub stop_at_injuries: u32,
    layout: Layout,
    stopped: CounterId,
    gained: HistogramId,
}

impl March {
    /// A march of `periods` rolls.
    pub fn new(
        base: i64,
        step_penalty: i64,
        periods: u32,
        injuries: i64,
        stop_at_injuries: u32,
    ) -> Self {
        let most = match stop_at_injuries {
            0 => periods,
            s => s.min(periods),
        };
        let mut layout = Layout::new();
        let stopped = layout.counter("stopped", Meta::trial(Role::SideEffect, "stopped"));
        let gained = layout.histogram(
            "injuries_gained",
            most as usize + 1,
            HistogramReport::Buckets,
            Meta::trial(Role::Distribution, "injuries gained"),
        );
        Self {
            base,
            step_penalty,
            periods,
            injuries,
            stop_at_injuries,
            layout,
            stopped,
            gained,
        }
    }

    /// Roll `k`'s target with `gained` injuries from the march so far.
    fn target(&self, k: u32, gained: u32) -> i64 {
        self.target_from(self.base, self.injuries, k, gained)
    }

    /// Roll `k`'s target from `base` and `injuries` at the start, with `gained` injuries
    /// from the march so far.
    fn target_from(&self, base: i64, injuries: i64, k: u32, gained: u32) -> i64 {
        base - self.step_penalty * i64::from(k) - injuries - i64::from(gained)
    }

    /// Whether the character rests with `gained` injuries from the march.
    fn rests(&self, gained: u32) -> bool {
        self.stop_at_injuries > 0 && gained >= self.stop_at_injuries
    }

    /// One march with d20s from `d20`; returns (injuries gained, rolls made).
    pub fn resolve(&self, d20: impl FnMut() -> i64) -> (u32, u32) {
        self.resolve_from(self.base, self.injuries, d20)
    }

    /// One march of a character whose first roll's target before injuries is `base`, with
    /// `injuries` at the start (a day's member as it is now); returns (injuries gained,
    /// rolls made).
    pub fn resolve_from(
        &self,
        base: i64,
        injuries: i64,
        mut d20: impl FnMut() -> i64,
    ) -> (u32, u32) {
        let mut gained = 0;
        for k in 0..self.periods {
            if self.rests(gained) {
                return (gained, k);
            }
            gained += u32::from(d20() > self.target_from(base, injuries, k, gained));
        }
        (gained, self.periods)
    }
}

impl Trial for March {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let (gained, rolls) =
            self.resolve(|| 1 + i64::from(oddsmith_core::dice::uniform_below(&mut *rng, 20)));
        tally.count(self.stopped, rolls < self.periods);
        tally.record(self.gained, gained as usize);
    }

    /// Exact by a walk over the injuries gained, roll by roll; the character who rests
    /// stays where they are.
    fn exact(&self) -> Option<ExactValues> {
        let mut dist = vec![0.0; self.periods as usize + 1];
        dist[0] = 1.0;
        let mut stopped = 0.0;
        for k in 0..self.periods {
            let mut next = vec![0.0; dist.len()];
            for (g, &p) in dist.iter().enumerate() {
                let g32 = g as u32;
                if p == 0.0 {
                    continue;
                }
                if self.rests(g32) {
                    next[g] += p;
                    continue;
                }
                let ok = chance(self.target(k, g32));
                next[g] += p * ok;
                next[g + 1] += p * (1.0 - ok);
                if self.rests(g32 + 1) && k + 1 < self.periods {
                    stopped += p * (1.0 - ok);
                }
            }
            dist = next;
        }
        let most = match self.stop_at_injuries {
            0 => self.periods,
            s => s.min(self.periods),
        };
        dist.truncate(most as usize + 1);
        let mut exact = ExactValues::new();
        exact.insert("stopped".into(), stopped);
        insert_buckets(&mut exact, "injuries_gained", &dist);
        Some(exact)
    }
}

#[cfg(test)]
mod tests;
