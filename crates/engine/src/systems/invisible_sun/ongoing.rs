//! Ongoing actions (L136–141): a project of `rolls_needed` successful progress rolls, one per
//! time increment.
//!
//! The lowest estimate of the time, divided by the rolls needed, is the increment (L139); each
//! increment costs the total cost divided the same way (L141). A failed progress roll is a
//! setback of one increment and means one more roll (L140), so a project of n rolls takes
//! n + f increments with probability C(n+f−1, f)·pⁿ·(1−p)^f, a negative binomial. A project
//! still unfinished after `max_increments` stops there, not completed.

use super::action::{Resolution, VentureDice, joint};
use crate::systems::Trial;
use oddsmith_core::dice::Direct;
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Note, RatioId, Role, Tally,
};
use rand::Rng;

/// Most progress rolls a project may need.
pub const MAX_ROLLS: i64 = 100;
/// Most increments a project may be given before it stops.
pub const MAX_INCREMENTS: i64 = 100_000;

/// What a project needs and what each increment is worth.
#[derive(Debug, Clone)]
pub struct Project {
    /// Successful progress rolls needed, n (1–100).
    pub rolls_needed: u32,
    /// The lowest estimate of the whole project, in `duration_unit`s.
    pub lowest_duration: u64,
    /// What `lowest_duration` counts (`"week"`); `"increment"` by default.
    pub duration_unit: String,
    /// The total cost of the lowest estimate.
    pub total_cost: u64,
    /// Increments after which an unfinished project stops.
    pub max_increments: u32,
    /// Increment counts K reported as `done_within.K`.
    pub within: Vec<u32>,
}

/// An ongoing action: progress rolls until `rolls_needed` succeed.
#[derive(Debug, Clone)]
pub struct OngoingAction {
    /// How each progress roll resolves.
    pub resolution: Resolution,
    /// Magic dice beside the mundane die.
    pub magic_dice: u32,
    /// Dice that must reach the number needed.
    pub successes: u32,
    /// The project.
    pub project: Project,
    dice: VentureDice,
    layout: Layout,
    ids: Ids,
}

#[derive(Debug, Clone)]
struct Ids {
    completed: CounterId,
    within: Vec<CounterId>,
    increments: HistogramId,
    time: RatioId,
    cost: RatioId,
    over_budget: CounterId,
    flux: CounterId,
    fluxes: RatioId,
}

impl OngoingAction {
    /// Progress rolls of `challenge` with `venture`, `magic_dice` and `successes`.
    pub fn new(
        challenge: i64,
        venture: i64,
        magic_dice: u32,
        successes: u32,
        project: Project,
    ) -> Self {
        assert!(project.rolls_needed >= 1 && project.max_increments >= 1);
        let mut layout = Layout::new();
        let trial = |role, label: &str| Meta::trial(role, label);
        let unit = &project.duration_unit;
        let ids = Ids {
            completed: layout.counter("completed", trial(Role::Success, "completed")),
            within: project
                .within
                .iter()
                .map(|k| {
                    layout.counter(
                        format!("done_within.{k}"),
                        trial(Role::Distribution, &format!("done within {k} increments")),
                    )
                })
                .collect(),
            increments: layout.histogram(
                "increments",
                project.rolls_needed as usize + 1,
                HistogramReport::Quantiles,
                trial(Role::Distribution, "increments taken"),
            ),
            time: layout.ratio("time", trial(Role::Other, &format!("time ({unit}s)"))),
            cost: layout.ratio("cost", trial(Role::Other, "cost")),
            over_budget: layout.counter(
                "over_budget",
                trial(Role::SideEffect, "more increments than rolls needed"),
            ),
            flux: layout.counter("flux", trial(Role::SideEffect, "flux on any roll")),
            fluxes: layout.ratio("fluxes", trial(Role::Distribution, "fluxes rolled")),
        };
        Self {
            resolution: Resolution::of(challenge, venture, magic_dice, successes),
            magic_dice,
            successes,
            project,
            dice: VentureDice::new(magic_dice),
            layout,
            ids,
        }
    }

    /// Counts one project that took `increments`, finished or not, with `fluxes` rolled.
    fn count(&self, increments: u32, completed: bool, fluxes: u32, tally: &mut Tally) {
        let ids = &self.ids;
        let p = &self.project;
        tally.count(ids.completed, completed);
        for (id, k) in ids.within.iter().zip(&p.within) {
            tally.count(*id, completed && increments <= *k);
        }
        tally.record(ids.increments, increments as usize);
        let n = u64::from(p.rolls_needed);
        tally.ratio(ids.time, u64::from(increments) * p.lowest_duration, n);
        tally.ratio(ids.cost, u64::from(increments) * p.total_cost, n);
        tally.count(ids.over_budget, increments > p.rolls_needed);
        tally.count(ids.flux, fluxes > 0);
        tally.ratio(ids.fluxes, u64::from(fluxes), 1);
    }

    /// Chances of one progress roll: (success without flux, success with flux, failure
    /// without flux, failure with flux), and the mean fluxes it rolls.
    fn roll_chances(&self) -> ([f64; 4], f64) {
        match self.resolution {
            Resolution::Automatic => ([1.0, 0.0, 0.0, 0.0], 0.0),
            Resolution::Impossible => ([0.0, 0.0, 1.0, 0.0], 0.0),
            Resolution::Roll(needed) => {
                let total = 10f64.powi(self.magic_dice as i32 + 1);
                let mut c = [0u64; 4];
                let mut fluxes = 0u64;
                for (s, row) in joint(needed, self.magic_dice).iter().enumerate() {
                    for (f, n) in row.iter().enumerate() {
                        let i = 2 * usize::from(s < self.successes as usize) + usize::from(f > 0);
                        c[i] += n;
                        fluxes += f as u64 * n;
                    }
                }
                (c.map(|n| n as f64 / total), fluxes as f64 / total)
            }
        }
    }

    /// The exact distribution of increments taken (index K, up to `max_increments`) and the
    /// chance of completing at each K: the negative binomial, capped.
    pub fn increment_chances(&self) -> (Vec<f64>, Vec<f64>) {
        let ([a, b, _, _], _) = self.roll_chances();
        let (p, q) = (a + b, 1.0 - (a + b));
        let n = self.project.rolls_needed as usize;
        let m = self.project.max_increments as usize;
        let mut done_at = vec![0.0; m + 1];
        if n <= m {
            // C(K−1, n−1)·pⁿ·q^(K−n), each term from the one before.
            let mut term = p.powi(n as i32);
            for (k, d) in done_at.iter_mut().enumerate().skip(n) {
                *d = term;
                term *= k as f64 / (k + 1 - n) as f64 * q;
            }
        }
        let mut taken = done_at.clone();
        taken[m] += (1.0 - done_at.iter().sum::<f64>()).max(0.0);
        (taken, done_at)
    }

    /// The chance that some progress roll of the project shows a flux: a walk over successes
    /// so far along flux-free rolls, adding the chance that the next roll fluxes at each step
    /// (exactly 0 without magic dice).
    fn flux_chance(&self) -> f64 {
        let ([a, b, c, d], _) = self.roll_chances();
        let n = self.project.rolls_needed as usize;
        let mut going = vec![0.0; n];
        going[0] = 1.0;
        let mut flux = 0.0;
        for _ in 0..self.project.max_increments {
            let mut next = vec![0.0; n];
            for (s, &v) in going.iter().enumerate() {
                flux += v * (b + d);
                if s + 1 < n {
                    next[s + 1] += v * a;
                }
                next[s] += v * c;
            }
            going = next;
        }
        flux
    }
}

impl Trial for OngoingAction {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let n = self.project.rolls_needed;
        let m = self.project.max_increments;
        let needed = match self.resolution {
            Resolution::Roll(needed) => needed,
            Resolution::Automatic => return self.count(n.min(m), n <= m, 0, tally),
            Resolution::Impossible => return self.count(m, false, 0, tally),
        };
        let (mut increments, mut done, mut fluxes) = (0, 0, 0);
        while done < n && increments < m {
            let (hits, f) = self.dice.roll(needed, &mut Direct(rng));
            increments += 1;
            done += u32::from(hits >= self.successes);
            fluxes += f;
        }
        self.count(increments, done == n, fluxes, tally);
    }

    fn exact(&self) -> Option<ExactValues> {
        let p = &self.project;
        let (taken, done_at) = self.increment_chances();
        let (_, fluxes_per_roll) = self.roll_chances();
        let mut exact = ExactValues::new();
        exact.insert("completed".into(), done_at.iter().sum());
        for k in &p.within {
            let within: f64 = done_at.iter().take(*k as usize + 1).sum();
            exact.insert(format!("done_within.{k}"), within);
        }
        let mean: f64 = taken.iter().enumerate().map(|(k, c)| k as f64 * c).sum();
        exact.insert("increments.mean".into(), mean);
        for (label, q) in [("median", 0.5), ("p90", 0.9), ("p99", 0.99)] {
            let mut seen = 0.0;
            let at = taken.iter().position(|c| {
                seen += c;
                seen >= q - 1e-9
            });
            exact.insert(
                format!("increments.{label}"),
                at.unwrap_or(taken.len() - 1) as f64,
            );
        }
        let n = f64::from(p.rolls_needed);
        exact.insert("time.mean".into(), mean * p.lowest_duration as f64 / n);
        exact.insert("cost.mean".into(), mean * p.total_cost as f64 / n);
        let on_budget: f64 = taken.iter().take(p.rolls_needed as usize + 1).sum();
        exact.insert("over_budget".into(), (1.0 - on_budget).max(0.0));
        exact.insert("flux".into(), self.flux_chance());
        exact.insert("fluxes.mean".into(), mean * fluxes_per_roll);
        Some(exact)
    }

    fn notes(&self) -> Vec<Note> {
        let p = &self.project;
        let n = f64::from(p.rolls_needed);
        let each = match self.resolution {
            Resolution::Roll(needed) => format!(
                "each progress roll: {} d10 ({} magic), {} needed on {needed}+",
                self.magic_dice + 1,
                self.magic_dice,
                self.successes
            ),
            Resolution::Automatic => "routine: every progress roll succeeds unrolled".into(),
            Resolution::Impossible => "impossible: no progress roll can succeed".into(),
        };
        vec![Note::Remark(format!(
            "{} successful rolls needed; an increment lasts {} {}(s) and costs {} (L139, L141); \
             a failure adds one (L140); stops unfinished after {} increments; {each}",
            p.rolls_needed,
            p.lowest_duration as f64 / n,
            p.duration_unit,
            p.total_cost as f64 / n,
            p.max_increments
        ))]
    }
}
