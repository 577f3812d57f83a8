//! The one pool of worker threads a command runs on, and the runs it offers for a loaded
//! scenario's system (dispatched once to the concrete system, so the trial loop is
//! monomorphized): a fixed number of trials, rounds until a precision is reached, and paired
//! runs of two systems.

use super::paired::{PairedTally, Replayer, Replaying, run_paired};
use super::{BATCH_TRIALS, FIRST_ROUND_BATCHES, Progress, resume_until, run_batches};
use crate::systems::{LoadedSystem, RuleSystem, Visit};
use oddsmith_core::stats::{Tally, rates_within};
use std::ops::Range;
use thiserror::Error;

/// The worker threads could not be started.
#[derive(Debug, Error)]
#[error("cannot start the worker threads: {0}")]
pub struct PoolError(#[from] rayon::ThreadPoolBuildError);

/// A rayon pool of a chosen size.
pub struct Pool {
    pool: rayon::ThreadPool,
}

impl Pool {
    /// A pool of `threads` threads (`None`: one per core).
    pub fn new(threads: Option<usize>) -> Result<Self, PoolError> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads.unwrap_or(0))
            .build()?;
        Ok(Self { pool })
    }

    /// How many threads it has.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// `trials` trials of `system` from `seed`, or with a `precision`, rounds of batches until
    /// every rate's 95% half-width is at most it (at most `trials` trials). Fewer, the first
    /// batches only, if `progress` asks to stop.
    pub fn run(
        &self,
        system: &LoadedSystem,
        trials: u64,
        seed: u64,
        precision: Option<f64>,
        progress: &dyn Progress,
    ) -> Tally {
        let all = 0..trials.div_ceil(BATCH_TRIALS);
        self.run_from(system, trials, seed, precision, Start::fresh(all), progress)
            .0
    }

    /// The same run continued from `start` (a checkpoint's merged batches, or a shard's
    /// range); returns the merged tally and the end of the batches done.
    pub fn run_from(
        &self,
        system: &LoadedSystem,
        trials: u64,
        seed: u64,
        precision: Option<f64>,
        start: Start,
        progress: &dyn Progress,
    ) -> (Tally, u64) {
        let until = precision.map(Until::EveryRate);
        self.pool.install(|| {
            system.visit(Run {
                trials,
                seed,
                until,
                start,
                progress,
            })
        })
    }

    /// At most `cap` trials of `system` from `seed`, in rounds of batches (`first`, then
    /// doubling the total) until `enough` says the merged tally is precise enough: a run
    /// whose precision is judged on some of its metrics (a tuned value's one rate). Fewer,
    /// the first batches only, if `progress` asks to stop.
    pub fn run_until(
        &self,
        system: &LoadedSystem,
        cap: u64,
        seed: u64,
        first: u64,
        enough: &(dyn Fn(&Tally) -> bool + Sync),
        progress: &dyn Progress,
    ) -> Tally {
        let all = 0..cap.div_ceil(BATCH_TRIALS);
        self.pool
            .install(|| {
                system.visit(Run {
                    trials: cap,
                    seed,
                    until: Some(Until::Enough { first, enough }),
                    start: Start::fresh(all),
                    progress,
                })
            })
            .0
    }

    /// `trials` paired trials of `a` and `b` from `seed`; `pairs` lists (A counter, B counter)
    /// index pairs to count jointly.
    pub fn run_paired(
        &self,
        a: &LoadedSystem,
        b: &LoadedSystem,
        pairs: &[(usize, usize)],
        trials: u64,
        seed: u64,
        progress: &dyn Progress,
    ) -> PairedTally {
        self.pool.install(|| {
            b.visit(PairB {
                a,
                pairs,
                trials,
                seed,
                progress,
            })
        })
    }
}

/// Where a run starts: the batches to run and what came before them.
#[derive(Debug, Clone)]
pub struct Start {
    /// Batches to run (a precision run may stop before the end).
    pub batches: Range<u64>,
    /// The merged batches before `batches.start` (`None`: nothing yet).
    pub tally: Option<Tally>,
}

impl Start {
    /// Batches `batches` from nothing.
    pub fn fresh(batches: Range<u64>) -> Self {
        Self {
            batches,
            tally: None,
        }
    }
}

struct Run<'a> {
    trials: u64,
    seed: u64,
    /// When a run stops before `trials` (`None`: it never does).
    until: Option<Until<'a>>,
    start: Start,
    progress: &'a dyn Progress,
}

/// When a run in rounds has run enough.
enum Until<'a> {
    /// `--precision`: every rate's 95% half-width is at most this.
    EveryRate(f64),
    /// `enough` says so, checked after `first` batches and each doubling.
    Enough {
        first: u64,
        enough: &'a (dyn Fn(&Tally) -> bool + Sync),
    },
}

impl Visit for Run<'_> {
    type Output = (Tally, u64);
    fn visit<S: RuleSystem>(self, system: &S) -> (Tally, u64) {
        let Start { batches, tally } = self.start;
        let tally = tally.unwrap_or_else(|| system.layout().tally());
        let Some(until) = self.until else {
            return run_batches(
                system,
                self.seed,
                batches,
                self.trials,
                tally,
                self.progress,
            );
        };
        let every_rate;
        let (first, precise): (u64, &dyn Fn(&Tally) -> bool) = match until {
            Until::EveryRate(p) => {
                every_rate = move |t: &Tally| rates_within(system.layout(), t, p);
                (FIRST_ROUND_BATCHES, &every_rate)
            }
            Until::Enough { first, enough } => (first, enough),
        };
        let t = resume_until(
            system,
            self.trials,
            self.seed,
            first,
            precise,
            tally,
            batches.start,
            self.progress,
        );
        let end = t.trials().div_ceil(BATCH_TRIALS);
        (t, end)
    }
}

/// B's side of a paired run: made a [`Replayer`] once per system, then A is visited with it
/// (so `run_paired` is compiled once per system A, never per pair).
struct PairB<'a> {
    a: &'a LoadedSystem,
    pairs: &'a [(usize, usize)],
    trials: u64,
    seed: u64,
    progress: &'a dyn Progress,
}

impl Visit for PairB<'_> {
    type Output = PairedTally;
    fn visit<B: RuleSystem>(self, b: &B) -> PairedTally {
        self.a.visit(PairA {
            b: &Replaying(b),
            outer: self,
        })
    }
}

struct PairA<'a> {
    b: &'a dyn Replayer,
    outer: PairB<'a>,
}

impl Visit for PairA<'_> {
    type Output = PairedTally;
    fn visit<A: RuleSystem>(self, a: &A) -> PairedTally {
        let o = &self.outer;
        run_paired(a, self.b, o.pairs, o.trials, o.seed, o.progress)
    }
}
