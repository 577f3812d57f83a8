//! The runner: trials in fixed-size batches, one generator per batch seeded from (scenario
//! seed, batch index), run on rayon and merged through [`Tally`] accumulators. No per-trial
//! data is kept, so memory stays flat however many trials run, and because every batch's
//! random numbers depend only on its index, the same seed gives the same numbers at any
//! thread count. One [`Pool`] of worker threads is built per command and runs every scenario,
//! grid point and tuned value of it.

pub mod paired;
mod pool;
pub mod seed;

pub use pool::{Pool, PoolError};

use crate::stats::Tally;
use crate::systems::RuleSystem;
use rayon::prelude::*;

/// Trials per batch. Part of the reproducibility contract: changing it changes the numbers a
/// seed gives.
pub const BATCH_TRIALS: u64 = 1 << 16;

/// Receives progress as batches finish. Implementations must be cheap: one call per batch.
pub trait Progress: Sync {
    /// `trials` more trials are done.
    fn advance(&self, trials: u64);
}

/// Progress that goes nowhere.
pub struct NoProgress;

impl Progress for NoProgress {
    fn advance(&self, _: u64) {}
}

/// Runs one batch: `len` trials with the generator for `(seed, index)`.
pub fn run_batch<S: RuleSystem>(system: &S, seed: u64, index: u64, len: u64) -> Tally {
    let mut rng = seed::batch_rng(seed, index);
    let mut scratch = system.scratch();
    let mut tally = system.layout().tally();
    system.batch(&mut rng, len, &mut scratch, &mut tally);
    tally.add_trials(len);
    tally
}

/// Runs `trials` trials of `system` from `seed` on the current rayon pool (see [`Pool`]).
pub fn run<S: RuleSystem>(system: &S, trials: u64, seed: u64, progress: &dyn Progress) -> Tally {
    run_batches(
        system,
        seed,
        0..trials.div_ceil(BATCH_TRIALS),
        trials,
        progress,
    )
}

/// Runs batches `range` of a run of `trials` trials in all (the last batch of the run may
/// be short). Batches depend only on their index, so running a run's batches in several
/// ranges and merging gives exactly the numbers of running them at once.
pub fn run_batches<S: RuleSystem>(
    system: &S,
    seed: u64,
    range: std::ops::Range<u64>,
    trials: u64,
    progress: &dyn Progress,
) -> Tally {
    range
        .into_par_iter()
        .map(|index| {
            let len = BATCH_TRIALS.min(trials - index * BATCH_TRIALS);
            let tally = run_batch(system, seed, index, len);
            progress.advance(len);
            tally
        })
        .reduce(|| system.layout().tally(), Tally::merge)
}

/// Batches run before the first precision check (about a million trials).
pub const FIRST_ROUND_BATCHES: u64 = 16;

/// Runs until `precise_enough` says so or `cap` trials are done: rounds of batches, the
/// first of [`FIRST_ROUND_BATCHES`], then doubling the total each round. The stopping
/// points depend only on the numbers, so the same seed stops at the same trial count with
/// the same results at any thread count.
pub fn run_until<S: RuleSystem>(
    system: &S,
    cap: u64,
    seed: u64,
    precise_enough: &dyn Fn(&Tally) -> bool,
    progress: &dyn Progress,
) -> Tally {
    let cap_batches = cap.div_ceil(BATCH_TRIALS);
    let mut tally = system.layout().tally();
    let mut done = 0;
    let mut next = FIRST_ROUND_BATCHES;
    loop {
        let end = next.min(cap_batches);
        tally = tally.merge(run_batches(system, seed, done..end, cap, progress));
        done = end;
        if done >= cap_batches || precise_enough(&tally) {
            return tally;
        }
        next = done * 2;
    }
}
