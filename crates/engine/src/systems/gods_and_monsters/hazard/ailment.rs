//! Ailments (`[ailment]`): sickness, disease and poison by 003_2f5399e0a98f81be.txt (5–27).
//!
//! - At each exposure action time t = 1…`exposure_times` (more than one only for an
//!   inescapable ailment, 003:14), unless a chronic ailment already took hold, the victim
//!   rolls the reaction at −strength (003:8; a chronic inescapable one at −(strength + t − 1),
//!   003:15), −4 if the ailment is accepted (003:9), −injuries. A failure applies the effect
//!   then; a chronic ailment that took hold applies it at every later exposure time with no
//!   roll (003:15).
//! - Chronic, after the exposure: the j-th following action time is a health roll at
//!   −(strength − j) − injuries (the strength fades by one per action time, 003:13, and
//!   returns to normal when the exposure ends, 003:15); success throws it off, failure
//!   applies the effect again (003:13). Every effect is rolled anew and the totals add up.
//! - Still held after `max_action_times`: lingering.
//!
//! With `effect_injures` the effect's points are injury points, a penalty on every later
//! roll (004:601).

use super::{add_at, insert_quantiles};
use crate::systems::Trial;
use crate::systems::gods_and_monsters::survival::chance;
use oddsmith_core::dice::DiceExpr;
use oddsmith_core::dice::{Dice, FightDice};
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Note, Role, Tally,
};
use rand::Rng;

/// Probabilities below this are dropped from the exact walk.
pub const DROPPED_BELOW: f64 = 1e-15;

/// The reaction that resists an ailment (003:9).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reaction {
    /// Someone else forces it on an unwilling victim.
    Evasion,
    /// The victim can avoid it by knowing it is there.
    Perception,
    /// The victim accepts it (or a chronic ailment is thrown off).
    Health,
}

impl Reaction {
    /// The words `reaction` may take.
    pub const WORDS: [(&'static str, Self); 3] = [
        ("evasion", Self::Evasion),
        ("perception", Self::Perception),
        ("health", Self::Health),
    ];
}

/// What an ailment is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Nature {
    /// The effect, rolled each time it applies (non-negative).
    pub effect: DiceExpr,
    /// Strength: a penalty on the reaction (003:8).
    pub strength: i64,
    /// It continues until thrown off (003:13).
    pub chronic: bool,
    /// The victim keeps rolling every action time of the exposure (003:14).
    pub inescapable: bool,
    /// Action times of exposure.
    pub exposure_times: u32,
    /// Action times in all before a chronic ailment still held is called lingering.
    pub max_action_times: u32,
    /// The effect's points are injury points.
    pub effect_injures: bool,
}

/// The victim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Victim {
    /// The reaction's score.
    pub reaction: i64,
    /// Health (throwing off a chronic ailment).
    pub health: i64,
    /// The ailment is accepted: −4 (003:9).
    pub accepted: bool,
    /// Injury points before the ailment.
    pub injuries: i64,
}

/// An ailment scenario built from `[ailment]`.
#[derive(Debug, Clone)]
pub struct Ailment {
    /// The ailment.
    pub nature: Nature,
    /// Its victim.
    pub victim: Victim,
    /// What one action time is (a label).
    pub action_time: String,
    layout: Layout,
    affected: CounterId,
    lingering: CounterId,
    times: HistogramId,
    total: HistogramId,
}

/// What one trial gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outcome {
    /// Action times the effect applied.
    pub times: u32,
    /// The effects' total.
    pub total: i64,
    /// A chronic ailment still held at the end.
    pub lingering: bool,
}

impl Ailment {
    /// `nature` against `victim`.
    pub fn new(nature: Nature, victim: Victim, action_time: String) -> Self {
        let mut layout = Layout::new();
        let m = |role, label: &str| Meta::trial(role, label);
        let affected = layout.counter("affected", m(Role::SideEffect, "affected"));
        let lingering = layout.counter("lingering", m(Role::SideEffect, "lingering"));
        let times = layout.histogram(
            "times_affected",
            nature.max_action_times as usize + 1,
            HistogramReport::Quantiles,
            m(Role::Distribution, "action times affected"),
        );
        let most = (nature.effect.max().max(0) as usize) * nature.max_action_times as usize;
        let total = layout.histogram(
            "effect_total",
            most.min(4096) + 1,
            HistogramReport::Quantiles,
            m(Role::Distribution, "effect total"),
        );
        Self {
            nature,
            victim,
            action_time,
            layout,
            affected,
            lingering,
            times,
            total,
        }
    }

    /// `v`'s injury points after effects totalling `total`.
    fn injuries_of(&self, v: &Victim, total: i64) -> i64 {
        v.injuries + if self.nature.effect_injures { total } else { 0 }
    }

    /// The reaction's target at exposure time `t` after effects totalling `total`.
    fn exposure_target(&self, t: u32, total: i64) -> i64 {
        self.exposure_target_of(&self.victim, t, total)
    }

    /// `v`'s reaction's target at exposure time `t` after effects totalling `total`.
    fn exposure_target_of(&self, v: &Victim, t: u32, total: i64) -> i64 {
        let n = &self.nature;
        let growth = if n.chronic && n.inescapable {
            i64::from(t) - 1
        } else {
            0
        };
        v.reaction - (n.strength + growth) - 4 * i64::from(v.accepted) - self.injuries_of(v, total)
    }

    /// The health roll's target at the `j`-th action time after the exposure.
    fn throw_off_target(&self, j: u32, total: i64) -> i64 {
        self.throw_off_target_of(&self.victim, j, total)
    }

    /// `v`'s health roll's target at the `j`-th action time after the exposure.
    fn throw_off_target_of(&self, v: &Victim, j: u32, total: i64) -> i64 {
        v.health - (self.nature.strength - i64::from(j)) - self.injuries_of(v, total)
    }

    /// Throw-off rolls a chronic ailment gets after the exposure.
    fn throw_off_times(&self) -> u32 {
        self.nature.max_action_times - self.nature.exposure_times
    }

    /// One trial with `dice`'s dice.
    pub fn resolve<D: Dice>(&self, dice: &mut D) -> Outcome {
        self.resolve_for(&self.victim, dice)
    }

    /// One trial against the victim `v` (a day's member as it is now) with `dice`'s dice.
    pub fn resolve_for<D: Dice>(&self, v: &Victim, dice: &mut D) -> Outcome {
        let n = &self.nature;
        let mut out = Outcome::default();
        let mut held = false;
        for t in 1..=n.exposure_times {
            if !held {
                if dice.d20() <= self.exposure_target_of(v, t, out.total) {
                    continue;
                }
                held = n.chronic;
            }
            out.times += 1;
            out.total += dice.roll(&n.effect);
        }
        if held {
            out.lingering = true;
            for j in 1..=self.throw_off_times() {
                if dice.d20() <= self.throw_off_target_of(v, j, out.total) {
                    out.lingering = false;
                    break;
                }
                out.times += 1;
                out.total += dice.roll(&n.effect);
            }
        }
        out
    }

    /// The walk over (action time, times affected, effect total) with the effect's
    /// distribution `effect` (value, chance).
    fn walk(&self, effect: &[(usize, f64)]) -> Ends {
        let n = &self.nature;
        let apply = |grid: &mut Grid, times: usize, total: usize, p: f64| {
            for &(e, pe) in effect {
                grid.add(times + 1, total + e, p * pe);
            }
        };
        let (mut free, mut held) = (Grid::default(), Grid::default());
        free.add(0, 0, 1.0);
        for t in 1..=n.exposure_times {
            let (mut next_free, mut next_held) = (Grid::default(), Grid::default());
            for (times, total, p) in free.states() {
                let resist = chance(self.exposure_target(t, total as i64));
                next_free.add(times, total, p * resist);
                let into = if n.chronic {
                    &mut next_held
                } else {
                    &mut next_free
                };
                apply(into, times, total, p * (1.0 - resist));
            }
            for (times, total, p) in held.states() {
                apply(&mut next_held, times, total, p);
            }
            (free, held) = (next_free, next_held);
        }
        let mut ends = Ends::default();
        for (times, total, p) in free.states() {
            ends.add(times, total, p);
        }
        for j in 1..=self.throw_off_times() {
            let mut next = Grid::default();
            for (times, total, p) in held.states() {
                let off = chance(self.throw_off_target(j, total as i64));
                ends.add(times, total, p * off);
                apply(&mut next, times, total, p * (1.0 - off));
            }
            held = next;
        }
        for (times, total, p) in held.states() {
            ends.add(times, total, p);
            ends.lingering += p;
        }
        ends
    }
}

/// Probability by (times affected, effect total) — `rows[times][total]` — for the exact walk.
#[derive(Debug, Default)]
struct Grid {
    rows: Vec<Vec<f64>>,
}

impl Grid {
    fn add(&mut self, times: usize, total: usize, p: f64) {
        if self.rows.len() <= times {
            self.rows.resize(times + 1, Vec::new());
        }
        add_at(&mut self.rows[times], total, p);
    }

    /// Every state worth following (probability at least [`DROPPED_BELOW`]).
    fn states(&self) -> impl Iterator<Item = (usize, usize, f64)> + '_ {
        self.rows.iter().enumerate().flat_map(|(n, row)| {
            row.iter()
                .enumerate()
                .filter(|(_, p)| **p >= DROPPED_BELOW)
                .map(move |(v, p)| (n, v, *p))
        })
    }
}

/// Where the walk ends: the marginal distributions and the lingering chance.
#[derive(Debug, Default)]
struct Ends {
    times: Vec<f64>,
    total: Vec<f64>,
    lingering: f64,
}

impl Ends {
    fn add(&mut self, times: usize, total: usize, p: f64) {
        add_at(&mut self.times, times, p);
        add_at(&mut self.total, total, p);
    }
}

impl Trial for Ailment {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let out = self.resolve(&mut FightDice::new(rng));
        tally.count(self.affected, out.times > 0);
        tally.count(self.lingering, out.lingering);
        tally.record(self.times, out.times as usize);
        tally.record(self.total, out.total as usize);
    }

    /// Exact by a walk over (action time, times affected, effect total), dropping states
    /// below [`DROPPED_BELOW`]. An effect that does not injure cannot change any roll, so
    /// then the walk follows the times affected alone and the total is the mixture of the
    /// effect's n-fold sums.
    fn exact(&self) -> Option<ExactValues> {
        let effect: Vec<(usize, f64)> = self
            .nature
            .effect
            .pmf()
            .iter()
            .filter(|(_, p)| *p > 0.0)
            .map(|(v, p)| (v as usize, p))
            .collect();
        let ends = if self.nature.effect_injures {
            self.walk(&effect)
        } else {
            let mut ends = self.walk(&[(0, 1.0)]);
            ends.total = vec![0.0];
            let mut sum = vec![1.0]; // the effect's n-fold sum, n = 0, 1, …
            for (n, &p) in ends.times.iter().enumerate() {
                if n > 0 {
                    let mut next = vec![0.0; sum.len() + effect.last().map_or(0, |e| e.0)];
                    for (v, &q) in sum.iter().enumerate().filter(|(_, q)| **q >= DROPPED_BELOW) {
                        for &(e, pe) in &effect {
                            next[v + e] += q * pe;
                        }
                    }
                    sum = next;
                }
                if p >= DROPPED_BELOW {
                    for (v, &q) in sum.iter().enumerate() {
                        add_at(&mut ends.total, v, p * q);
                    }
                }
            }
            ends
        };
        let mut exact = ExactValues::new();
        exact.insert(
            "affected".into(),
            1.0 - ends.times.first().copied().unwrap_or(0.0),
        );
        exact.insert("lingering".into(), ends.lingering);
        insert_quantiles(&mut exact, "times_affected", &ends.times);
        insert_quantiles(&mut exact, "effect_total", &ends.total);
        Some(exact)
    }

    fn notes(&self) -> Vec<Note> {
        vec![Note::Remark(format!(
            "an action time is {}",
            self.action_time
        ))]
    }
}

#[cfg(test)]
mod tests;
