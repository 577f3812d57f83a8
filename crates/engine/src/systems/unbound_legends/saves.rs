//! Death saves (001_9a2522fe8d4a2682.txt L446–449), from no marks and unaided: each roll is
//! d20 + `modifier` (Endurance boosts, L18) and succeeds on 10 or more; a natural 1 counts as
//! two failures and a natural 20 gives 1 Health and stabilises at once. Three successes
//! stabilise, three failures kill; two failures make the character Incapacitated (L447).

use crate::systems::Trial;
use oddsmith_core::dice::uniform_below;
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Note, Role, Tally,
};
use rand::Rng;

/// How a run of death saves ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SavesEnd {
    /// Three failures.
    pub dead: bool,
    /// Stabilised by a natural 20.
    pub natural_20: bool,
    /// Two failures were reached on the way.
    pub incapacitated: bool,
    /// Saves rolled.
    pub saves: u32,
}

/// One death save on `d20`: (successes, failures) after it, or `None` for a natural 20.
#[inline]
pub fn save(d20: i64, modifier: i64, successes: u32, failures: u32) -> Option<(u32, u32)> {
    match d20 {
        20 => None,
        1 => Some((successes, failures + 2)),
        d if d + modifier >= 10 => Some((successes + 1, failures)),
        _ => Some((successes, failures + 1)),
    }
}

/// Rolls death saves from `successes` and `failures` marks, each d20 from `d20`, until the
/// character stabilises or dies.
pub fn roll_out(
    mut d20: impl FnMut() -> i64,
    modifier: i64,
    successes: u32,
    failures: u32,
) -> SavesEnd {
    let (mut s, mut f) = (successes, failures);
    let mut end = SavesEnd::default();
    loop {
        end.saves += 1;
        match save(d20(), modifier, s, f) {
            None => {
                end.natural_20 = true;
                return end;
            }
            Some((s2, f2)) => (s, f) = (s2, f2),
        }
        end.incapacitated |= f >= 2;
        if f >= 3 {
            end.dead = true;
            return end;
        }
        if s >= 3 {
            return end;
        }
    }
}

/// Death saves as a scenario (`[check] roll = "death_saves"`).
#[derive(Debug, Clone)]
pub struct DeathSaves {
    /// Added to every save (Endurance boosts, L18).
    pub modifier: i64,
    layout: Layout,
    ids: [CounterId; 4],
    saves: HistogramId,
}

/// Most saves one run can take: two successes and two failures, then the fifth decides.
const MOST_SAVES: usize = 5;

impl DeathSaves {
    /// Saves with `modifier` added.
    pub fn new(modifier: i64) -> Self {
        let mut layout = Layout::new();
        let side = |label: &str| Meta::trial(Role::SideEffect, label);
        let ids = [
            layout.counter("death", Meta::trial(Role::Other, "death")),
            layout.counter("stable", Meta::trial(Role::Success, "stable")),
            layout.counter("stable_natural_20", side("stable by a natural 20")),
            layout.counter("incapacitated", side("incapacitated")),
        ];
        let saves = layout.histogram(
            "saves",
            MOST_SAVES + 1,
            HistogramReport::Buckets,
            Meta::trial(Role::Distribution, "saves rolled"),
        );
        Self {
            modifier,
            layout,
            ids,
            saves,
        }
    }
}

impl Trial for DeathSaves {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let end = roll_out(
            || i64::from(uniform_below(rng, 20)) + 1,
            self.modifier,
            0,
            0,
        );
        tally.count(self.ids[0], end.dead);
        tally.count(self.ids[1], !end.dead);
        tally.count(self.ids[2], end.natural_20);
        tally.count(self.ids[3], end.incapacitated);
        tally.record(self.saves, end.saves as usize);
    }

    /// Every path of saves, weighted by its faces: a save has 20 equally likely faces, so a
    /// path of k saves has weight 20^(5−k) out of 20^5.
    fn exact(&self) -> Option<ExactValues> {
        let total = 20u64.pow(MOST_SAVES as u32);
        let mut counts = [0u64; 4];
        let mut saves = [0u64; MOST_SAVES + 1];
        // (successes, failures, incapacitated, saves so far, weight)
        let mut paths = vec![(0u32, 0u32, false, 0usize, total)];
        while let Some((s, f, inc, k, w)) = paths.pop() {
            let each = w / 20;
            for d in 1..=20 {
                let k = k + 1;
                match save(d, self.modifier, s, f) {
                    None => {
                        counts[1] += each;
                        counts[2] += each;
                        counts[3] += each * u64::from(inc);
                        saves[k] += each;
                    }
                    Some((s2, f2)) => {
                        let inc = inc || f2 >= 2;
                        if f2 >= 3 || s2 >= 3 {
                            let dead = f2 >= 3;
                            counts[0] += each * u64::from(dead);
                            counts[1] += each * u64::from(!dead);
                            counts[3] += each * u64::from(inc);
                            saves[k] += each;
                        } else {
                            paths.push((s2, f2, inc, k, each));
                        }
                    }
                }
            }
        }
        let p = |c: u64| c as f64 / total as f64;
        let mut exact = ExactValues::new();
        for (name, c) in ["death", "stable", "stable_natural_20", "incapacitated"]
            .into_iter()
            .zip(counts)
        {
            exact.insert(name.into(), p(c));
        }
        let mut mean = 0.0;
        for (k, &c) in saves.iter().enumerate() {
            exact.insert(format!("saves.{k}"), p(c));
            mean += k as f64 * p(c);
        }
        exact.insert("saves.mean".into(), mean);
        Some(exact)
    }

    fn notes(&self) -> Vec<Note> {
        vec![Note::Remark(format!(
            "death saves from no marks: d20 + {} ≥ 10; a 1 is two failures, a 20 stabilises",
            self.modifier
        ))]
    }
}
