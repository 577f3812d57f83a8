//! The runner's unit of work, shared by the runner and the output side: how many trials a
//! batch holds ([`BATCH_TRIALS`], part of the reproducibility contract) and the callback the
//! runner reports finished batches to ([`Progress`]; a progress bar, an interrupt, a
//! checkpoint implement it).

use crate::stats::Tally;

/// Trials per batch. Part of the reproducibility contract: changing it changes the numbers a
/// seed gives.
pub const BATCH_TRIALS: u64 = 1 << 16;

/// Receives progress as batches finish, and tells the runner when to stop handing out
/// batches. Implementations must be cheap: a few calls per batch.
pub trait Progress: Sync {
    /// `trials` more trials are done.
    fn advance(&self, trials: u64);

    /// Whether to stop handing out batches (an interrupt): batches already running finish,
    /// so the completed ones are always the first ones.
    fn stop_requested(&self) -> bool {
        false
    }

    /// The batches from the run's first to `end` (exclusive) are all complete and merged in
    /// `tally`. Called under the runner's lock each time that prefix grows; a checkpoint
    /// saves it from here every few seconds.
    fn prefix(&self, _tally: &Tally, _end: u64) {}
}

/// Progress that goes nowhere.
pub struct NoProgress;

impl Progress for NoProgress {
    fn advance(&self, _: u64) {}
}
