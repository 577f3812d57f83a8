//! The runner: trials in fixed-size batches, one generator per batch seeded from (scenario
//! seed, batch index), run on rayon and merged through [`Tally`] accumulators. No per-trial
//! data is kept, so memory stays flat however many trials run, and because every batch's
//! random numbers depend only on its index, the same seed gives the same numbers at any
//! thread count. One [`Pool`] of worker threads is built per command and runs every scenario,
//! grid point and tuned value of it.

pub mod paired;
mod pool;
pub mod seed;

pub use oddsmith_core::batch::{BATCH_TRIALS, NoProgress, Progress};
pub use pool::{Pool, PoolError, Start};

use crate::systems::RuleSystem;
use oddsmith_core::stats::Tally;
use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// Runs one batch: `len` trials with the generator for `(seed, index)`.
pub fn run_batch<S: RuleSystem>(system: &S, seed: u64, index: u64, len: u64) -> Tally {
    let mut rng = seed::batch_rng(seed, index);
    let mut scratch = system.scratch();
    let mut tally = system.layout().tally();
    system.batch(&mut rng, len, &mut scratch, &mut tally);
    tally.add_trials(len);
    tally
}

/// Runs `trials` trials of `system` from `seed` on the current rayon pool (see [`Pool`]);
/// fewer, the first batches only, if `progress` asks to stop.
pub fn run<S: RuleSystem>(system: &S, trials: u64, seed: u64, progress: &dyn Progress) -> Tally {
    let range = 0..trials.div_ceil(BATCH_TRIALS);
    run_batches(
        system,
        seed,
        range,
        trials,
        system.layout().tally(),
        progress,
    )
    .0
}

/// Runs batches `range` of a run of `trials` trials in all (the last batch of the run may
/// be short), starting from `base` (the merged batches before `range.start`, or a zeroed
/// tally). Batches depend only on their index, so running a run's batches in several ranges
/// and merging gives exactly the numbers of running them at once.
///
/// Batches are handed out as [`run_ordered`] does, so when `progress` asks to stop, the
/// batches done are always `range.start..end` for the returned `end`.
pub fn run_batches<S: RuleSystem>(
    system: &S,
    seed: u64,
    range: std::ops::Range<u64>,
    trials: u64,
    base: Tally,
    progress: &dyn Progress,
) -> (Tally, u64) {
    run_ordered(
        range,
        base,
        |index| {
            let len = BATCH_TRIALS.min(trials - index * BATCH_TRIALS);
            let tally = run_batch(system, seed, index, len);
            progress.advance(len);
            tally
        },
        Tally::merge,
        progress,
        |tally, end| progress.prefix(tally, end),
    )
}

/// Runs `batch(i)` for every index in `range` on the current rayon pool and merges the
/// results into `base` in index order; `on_prefix(merged, end)` is told each time the
/// merged batches `range.start..end` grow (under the merging lock).
///
/// Batches are handed out in index order, one at a time, to one worker per pool thread;
/// when `progress` asks to stop, no new batch is handed out and the running ones finish, so
/// the batches done are always `range.start..end` for the returned `end`.
pub fn run_ordered<T: Send + Default>(
    range: std::ops::Range<u64>,
    base: T,
    batch: impl Fn(u64) -> T + Sync,
    merge: impl Fn(T, T) -> T + Sync,
    progress: &dyn Progress,
    on_prefix: impl Fn(&T, u64) + Sync,
) -> (T, u64) {
    let next = AtomicU64::new(range.start);
    let prefix = Mutex::new(Prefix {
        end: range.start,
        pending: BTreeMap::new(),
        merged: base,
    });
    rayon::broadcast(|_| {
        loop {
            if progress.stop_requested() {
                break;
            }
            let index = next.fetch_add(1, Ordering::Relaxed);
            if index >= range.end {
                break;
            }
            let done = batch(index);
            let mut guard = prefix.lock().unwrap_or_else(|e| e.into_inner());
            let p = &mut *guard;
            p.pending.insert(index, done);
            let before = p.end;
            while let Some(t) = p.pending.remove(&p.end.clone()) {
                p.merged = merge(std::mem::take(&mut p.merged), t);
                p.end += 1;
            }
            if p.end > before {
                on_prefix(&p.merged, p.end);
            }
        }
    });
    let p = prefix.into_inner().unwrap_or_else(|e| e.into_inner());
    debug_assert!(p.pending.is_empty(), "every batch handed out finishes");
    (p.merged, p.end)
}

/// The completed batches merged so far, and those finished out of order.
struct Prefix<T> {
    /// First batch not yet merged.
    end: u64,
    /// Finished batches waiting for an earlier one.
    pending: BTreeMap<u64, T>,
    /// Batches `range.start..end` merged.
    merged: T,
}

/// Batches a `--precision` run does before its first check (about a million trials).
pub const FIRST_ROUND_BATCHES: u64 = 16;

/// Runs until `precise_enough` says so or `cap` trials are done: rounds of batches, the
/// first of `first` batches ([`FIRST_ROUND_BATCHES`] for a `--precision` run), then
/// doubling the total each round. The stopping points depend only on the numbers, so the
/// same seed stops at the same trial count with the same results at any thread count.
pub fn run_until<S: RuleSystem>(
    system: &S,
    cap: u64,
    seed: u64,
    first: u64,
    precise_enough: &dyn Fn(&Tally) -> bool,
    progress: &dyn Progress,
) -> Tally {
    resume_until(
        system,
        cap,
        seed,
        first,
        precise_enough,
        system.layout().tally(),
        0,
        progress,
    )
}

/// [`run_until`] continued from `tally`, the merged batches `0..done` of an earlier run
/// with the same arguments: the rounds end where they would have, so the result is the
/// uninterrupted run's. Stops early, after the running batches, if `progress` asks to.
#[allow(clippy::too_many_arguments)]
pub fn resume_until<S: RuleSystem>(
    system: &S,
    cap: u64,
    seed: u64,
    first: u64,
    precise_enough: &dyn Fn(&Tally) -> bool,
    mut tally: Tally,
    mut done: u64,
    progress: &dyn Progress,
) -> Tally {
    let cap_batches = cap.div_ceil(BATCH_TRIALS);
    // The round ends: `first`, then doubling the total.
    let mut next = first.max(1);
    while next < done {
        next *= 2;
    }
    loop {
        let end = next.min(cap_batches);
        if done < end {
            let (merged, reached) = run_batches(system, seed, done..end, cap, tally, progress);
            (tally, done) = (merged, reached);
            if done < end {
                return tally; // stopped
            }
        }
        if done >= cap_batches || precise_enough(&tally) {
            return tally;
        }
        next = done * 2;
    }
}
