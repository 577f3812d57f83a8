//! Paired runs for A/B comparisons (common random numbers): A runs as the plain runner runs
//! it, batch by batch, each trial's draws recorded on a [`Tape`]; B's same trial replays
//! them as far as it asks for the same (then draws from a generator of its own, seeded from
//! scenario seed, batch and trial index), so the two see the same dice as far as they roll
//! alike and each counter's per-trial outcomes are paired. A's numbers are those of a plain
//! run with the same seed and trials.
//! The accumulator keeps, per counter present in both, how often A alone, B alone and both
//! counted — enough for the difference and its paired interval, with no per-trial storage.

use super::seed::{BatchRng, batch_rng, mix64};
use super::{BATCH_TRIALS, Progress};
use crate::systems::{RuleSystem, Taped};
use oddsmith_core::dice::Tape;
use oddsmith_core::stats::{Layout, Tally};
use rand::SeedableRng;

/// B's side of a paired run, behind a trait object: the paired runner is compiled once per
/// system A (not once per pair of systems), and B costs one dynamic call per trial.
pub trait Replayer: Sync {
    /// B's counters and histograms.
    fn layout(&self) -> &Layout;

    /// B's scratch state for one batch, ready to replay its trials one by one.
    fn batch(&self) -> Box<dyn ReplayBatch + '_>;
}

/// One batch of B's side of a paired run.
pub trait ReplayBatch {
    /// Replays one trial: what A's same trial drew (`tape`), then `fallback`
    /// ([`RuleSystem::trial_replayed`]), its outcome added to `tally`.
    fn trial(&mut self, tape: &Tape, fallback: &mut BatchRng, tally: &mut Tally);
}

/// A rule system as B's side of a paired run.
pub struct Replaying<'a, S>(pub &'a S);

impl<S: RuleSystem> Replayer for Replaying<'_, S> {
    fn layout(&self) -> &Layout {
        self.0.layout()
    }

    fn batch(&self) -> Box<dyn ReplayBatch + '_> {
        Box::new(ReplayingBatch {
            system: self.0,
            scratch: self.0.scratch(),
        })
    }
}

/// A rule system's batch scratch, replaying.
struct ReplayingBatch<'a, S: RuleSystem> {
    system: &'a S,
    scratch: S::Scratch,
}

impl<S: RuleSystem> ReplayBatch for ReplayingBatch<'_, S> {
    fn trial(&mut self, tape: &Tape, fallback: &mut BatchRng, tally: &mut Tally) {
        self.system
            .trial_replayed(tape, fallback, &mut self.scratch, tally);
    }
}

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

/// B's fallback generator for trial `trial` of batch `batch`: what B draws once it asks
/// for something A's trial did not.
fn fallback_rng(seed: u64, batch: u64, trial: u64) -> BatchRng {
    BatchRng::seed_from_u64(
        mix64(seed ^ mix64(batch.wrapping_add(0x5851_F42D_4C95_7F2D))) ^ mix64(trial),
    )
}

/// Runs `trials` paired trials of `a` and `b`; `pairs` lists (A counter, B counter) index
/// pairs to count jointly. A runs exactly as the plain runner runs it (batch `i` from
/// [`super::seed::batch_rng`]`(seed, i)`, through [`RuleSystem::batch_taped`], which gives
/// the numbers of [`RuleSystem::batch`]), so A's tally is that of [`super::run`] with the
/// same seed and trials; each trial of B replays what A's same trial drew
/// ([`RuleSystem::trial_replayed`]). Batches are handed out in order (see
/// [`super::run_ordered`]): if `progress` asks to stop, the trials done are the first
/// batches' and their result is that of a run of that many trials.
pub fn run_paired<A: RuleSystem>(
    a: &A,
    b: &dyn Replayer,
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
        let PairedTally {
            mut joints,
            a: mut tally_a,
            b: mut tally_b,
            ..
        } = empty();
        let (mut sa, mut sb) = (a.scratch(), b.batch());
        // Counters before the trial: a counter that grew was counted by this trial.
        let mut before_a = tally_a.counters().to_vec();
        let mut before_b = tally_b.counters().to_vec();
        let mut trial = 0;
        let mut after = |after_a: &Tally, tape: &Tape| {
            sb.trial(tape, &mut fallback_rng(seed, batch, trial), &mut tally_b);
            trial += 1;
            let (now_a, now_b) = (after_a.counters(), tally_b.counters());
            for (joint, &(ia, ib)) in joints.iter_mut().zip(pairs) {
                let x = now_a[ia] > before_a[ia];
                let y = now_b[ib] > before_b[ib];
                joint.a_only += u64::from(x && !y);
                joint.b_only += u64::from(y && !x);
                joint.both += u64::from(x && y);
            }
            before_a.copy_from_slice(now_a);
            before_b.copy_from_slice(now_b);
        };
        let mut tape = Tape::default();
        a.batch_taped(
            &mut batch_rng(seed, batch),
            len,
            &mut sa,
            &mut tally_a,
            Taped {
                tape: &mut tape,
                after: &mut after,
            },
        );
        tally_a.add_trials(len);
        tally_b.add_trials(len);
        progress.advance(len);
        PairedTally {
            trials: len,
            joints,
            a: tally_a,
            b: tally_b,
        }
    };
    let range = 0..trials.div_ceil(BATCH_TRIALS);
    let merge = PairedTally::merge;
    super::run_ordered(range, empty(), batch, merge, progress, |_, _| {}).0
}

#[cfg(test)]
mod tests;
