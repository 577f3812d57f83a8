//! Paired runs for A/B comparisons: trial `i` of both systems draws from the same generator
//! (seeded from scenario seed, batch and trial index), so the two see the same random
//! numbers as far as they use them alike, and each counter's per-trial outcomes are paired.
//! The accumulator keeps, per counter present in both, how often A alone, B alone and both
//! counted — enough for the difference and its paired interval, with no per-trial storage.

use super::seed::{BatchRng, mix64};
use super::{BATCH_TRIALS, Progress};
use crate::stats::Tally;
use crate::systems::RuleSystem;
use rand::SeedableRng;

/// Joint counts of one counter over paired trials.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Joint {
    /// Trials where A counted and B did not.
    pub a_only: u64,
    /// Trials where B counted and A did not.
    pub b_only: u64,
    /// Trials where both counted.
    pub both: u64,
}

/// The merged result of a paired run.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PairedTally {
    /// Trials run.
    pub trials: u64,
    /// Joint counts, one per entry of the pairing.
    pub joints: Vec<Joint>,
    /// A's whole tally.
    pub a: Tally,
    /// B's whole tally.
    pub b: Tally,
}

impl PairedTally {
    fn merge(mut self, other: PairedTally) -> PairedTally {
        self.trials += other.trials;
        for (x, y) in self.joints.iter_mut().zip(&other.joints) {
            x.a_only += y.a_only;
            x.b_only += y.b_only;
            x.both += y.both;
        }
        self.a = self.a.merge(other.a);
        self.b = self.b.merge(other.b);
        self
    }
}

/// The generator for trial `trial` of batch `batch`.
fn trial_rng(seed: u64, batch: u64, trial: u64) -> BatchRng {
    BatchRng::seed_from_u64(
        mix64(seed ^ mix64(batch.wrapping_add(0x5851_F42D_4C95_7F2D))) ^ mix64(trial),
    )
}

/// Runs `trials` paired trials of `a` and `b`; `pairs` lists (A counter, B counter) index
/// pairs to count jointly. Batches are handed out in order (see [`super::run_ordered`]): if
/// `progress` asks to stop, the trials done are the first batches' and their result is
/// that of a run of that many trials.
pub fn run_paired<A: RuleSystem, B: RuleSystem>(
    a: &A,
    b: &B,
    pairs: &[(usize, usize)],
    trials: u64,
    seed: u64,
    progress: &dyn Progress,
) -> PairedTally {
    let empty = || PairedTally {
        trials: 0,
        joints: vec![Joint::default(); pairs.len()],
        a: a.layout().tally(),
        b: b.layout().tally(),
    };
    let batch = |batch: u64| {
        let len = BATCH_TRIALS.min(trials - batch * BATCH_TRIALS);
        let mut out = empty();
        let (mut sa, mut sb) = (a.scratch(), b.scratch());
        // Counters before the trial: a counter that grew was counted by this trial.
        let (mut before_a, mut before_b) = (Vec::new(), Vec::new());
        for i in 0..len {
            before_a.clear();
            before_a.extend_from_slice(out.a.counters());
            before_b.clear();
            before_b.extend_from_slice(out.b.counters());
            // `trial` adds its outcome to the tally before it returns.
            a.trial(&mut trial_rng(seed, batch, i), &mut sa, &mut out.a);
            b.trial(&mut trial_rng(seed, batch, i), &mut sb, &mut out.b);
            for (joint, &(ia, ib)) in out.joints.iter_mut().zip(pairs) {
                let x = out.a.counters()[ia] > before_a[ia];
                let y = out.b.counters()[ib] > before_b[ib];
                joint.a_only += u64::from(x && !y);
                joint.b_only += u64::from(y && !x);
                joint.both += u64::from(x && y);
            }
        }
        out.a.add_trials(len);
        out.b.add_trials(len);
        out.trials = len;
        progress.advance(len);
        out
    };
    let range = 0..trials.div_ceil(BATCH_TRIALS);
    let merge = PairedTally::merge;
    super::run_ordered(range, empty(), batch, merge, progress, |_, _| {}).0
}
