//! Checkpoints within a round ([`oddsmith_core::dice::Dice::checkpoint`]): where the rules say that
//! the rest of the round depends only on a state they name (the arena and the round's own
//! locals), every path that reaches an equal state goes on alike. The first time a state is
//! reached, the paths below it are walked and what they end in is kept, relative to the
//! probability at the checkpoint; each later path that reaches it — from this state's start
//! or another's, in the same round — takes that in place of its own continuation, which
//! then runs without branching and is thrown away. The sums the rules only add to are kept
//! as what the rest of the round adds to them, so a later path adds them to its own.

use super::state::{KeyHasher, KeySet, heap};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// A checkpoint whose paths are still being walked (kept for reuse once closed).
#[derive(Debug, Default)]
struct Open {
    /// The choices before it on the path.
    depth: usize,
    key: Vec<u8>,
    /// The path's probability there.
    prob: f64,
    /// The round's sums there.
    sums: Vec<f64>,
    /// What its paths ended in so far: per outcome, its place in `probs` (and `width` times
    /// it in `weighted`).
    at: HashMap<u32, usize, BuildHasherDefault<KeyHasher>>,
    outcomes: Vec<u32>,
    probs: Vec<f64>,
    /// Weighted sums added after it.
    weighted: Vec<f64>,
}

/// The checkpoints of one round.
#[derive(Debug, Default)]
pub struct Memo {
    /// Whether the current walk keeps checkpoints (only a round does).
    on: bool,
    width: usize,
    /// The walked checkpoints' keys, and what each one's paths ended in, relative to its
    /// probability: its run of `outcomes` (with their probabilities, and `width` weighted
    /// sums added after it each).
    done: KeySet,
    walked: Vec<(usize, usize)>,
    outcomes: Vec<u32>,
    probs: Vec<f64>,
    sums: Vec<f64>,
    open: Vec<Open>,
    spare: Vec<Open>,
    /// Checkpoints met on the current path so far.
    met: usize,
    /// The current path reached a walked checkpoint: its probability there, the round's
    /// sums there, and which.
    cut: Option<(f64, usize)>,
    cut_sums: Vec<f64>,
    /// Buffers for a checkpoint's key and sums, and a path's weighted sums.
    key: Vec<u8>,
    at_sums: Vec<u64>,
    weighted: Vec<f64>,
}

impl Memo {
    /// A round whose sums the rules only add to are `width` numbers: nothing walked yet.
    pub fn start(&mut self, width: usize) {
        self.on = true;
        self.width = width;
        self.done.clear();
        self.walked.clear();
        self.outcomes.clear();
        self.probs.clear();
        self.sums.clear();
        self.spare.append(&mut self.open);
        self.met = 0;
        self.cut = None;
    }

    /// As [`Memo::start`], the room given back too.
    pub fn forget(&mut self, width: usize) {
        self.start(width);
        self.done = KeySet::default();
        self.walked = Vec::new();
        self.outcomes = Vec::new();
        self.probs = Vec::new();
        self.sums = Vec::new();
        self.spare = Vec::new();
    }

    /// The round is over.
    pub fn stop(&mut self) {
        self.start(0);
        self.on = false;
    }

    /// The bytes the walked checkpoints hold on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.done.heap_bytes()
            + heap(&self.walked)
            + heap(&self.outcomes)
            + heap(&self.probs)
            + heap(&self.sums)
    }

    /// A state's round begins: no checkpoint is open.
    pub fn state_begins(&mut self) {
        self.spare.append(&mut self.open);
        self.restart();
    }

    /// A path begins.
    pub fn restart(&mut self) {
        self.met = 0;
        self.cut = None;
    }

    /// Whether the current path took a walked checkpoint's ends: its own draws no longer
    /// branch, and its end is thrown away.
    pub fn is_cut(&self) -> bool {
        self.cut.is_some()
    }

    /// A checkpoint at `depth` choices into the path, whose probability is `prob` there;
    /// `state` writes the state (and the round's sums) the rest of the round reads.
    pub fn checkpoint(
        &mut self,
        depth: usize,
        prob: f64,
        state: impl FnOnce(&mut Vec<u8>, &mut Vec<u64>),
    ) {
        if !self.on || self.cut.is_some() {
            return;
        }
        let k = self.met;
        self.met += 1;
        if k < self.open.len() {
            // Met before on this path's unchanged start: open already.
            debug_assert_eq!(
                self.open[k].depth, depth,
                "a path meets its checkpoints alike"
            );
            return;
        }
        self.key.clear();
        self.at_sums.clear();
        state(&mut self.key, &mut self.at_sums);
        debug_assert_eq!(
            self.at_sums.len(),
            self.width,
            "the checkpoint gives every sum"
        );
        if let Some(w) = self.done.get(&self.key) {
            self.cut = Some((prob, w));
            self.cut_sums.clear();
            self.cut_sums.extend(self.at_sums.iter().map(|&s| s as f64));
            return;
        }
        let mut open = self.spare.pop().unwrap_or_default();
        open.depth = depth;
        open.prob = prob;
        open.key.clear();
        open.key.extend_from_slice(&self.key);
        open.sums.clear();
        open.sums.extend(self.at_sums.iter().map(|&s| s as f64));
        open.at.clear();
        open.outcomes.clear();
        open.probs.clear();
        open.weighted.clear();
        self.open.push(open);
    }

    /// The current path ended in outcome `o` with probability `prob` and the round's sums
    /// `sums` (`None`: it was cut); `add` gets each (outcome, probability, weighted sums) it
    /// adds: its own, or the ends of the checkpoint it took.
    pub fn end(&mut self, own: Option<(u32, f64, &[f64])>, mut add: impl FnMut(u32, f64, &[f64])) {
        let mut weighted = std::mem::take(&mut self.weighted);
        match (self.cut, own) {
            (Some((prob, w)), _) => {
                let (from, to) = self.walked[w];
                let width = self.width;
                for k in from..to {
                    let (o, r) = (self.outcomes[k], self.probs[k]);
                    let rs = &self.sums[k * width..][..width];
                    weighted.clear();
                    let at = &self.cut_sums;
                    weighted.extend(rs.iter().zip(at).map(|(s, a)| prob * (s + r * a)));
                    add(o, prob * r, &weighted);
                    note(&mut self.open, o, prob * r, &weighted);
                }
            }
            (None, Some((o, p, sums))) => {
                weighted.clear();
                weighted.extend(sums.iter().map(|s| p * s));
                add(o, p, &weighted);
                note(&mut self.open, o, p, &weighted);
            }
            (None, None) => unreachable!("a path that was not cut has its own end"),
        }
        self.weighted = weighted;
    }

    /// Every path is walked: so is every open checkpoint's.
    pub fn close_all(&mut self) {
        self.close(|_| true);
    }

    /// The path's choices from `changed` on are new: every checkpoint past it has had all its
    /// paths walked.
    pub fn close_past(&mut self, changed: usize) {
        self.close(|depth| depth > changed);
    }

    /// Keeps what the open checkpoints at the top of the stack that `walked` says are done
    /// ended in.
    fn close(&mut self, walked: impl Fn(usize) -> bool) {
        while self.open.last().is_some_and(|o| walked(o.depth)) {
            let o = self.open.pop().expect("an open checkpoint");
            let from = self.outcomes.len();
            self.outcomes.extend_from_slice(&o.outcomes);
            self.probs.extend(o.probs.iter().map(|p| p / o.prob));
            self.sums.extend(o.weighted.iter().map(|s| s / o.prob));
            let (k, new) = self.done.intern(&o.key);
            debug_assert!(new && k == self.walked.len(), "a checkpoint is walked once");
            self.walked.push((from, self.outcomes.len()));
            self.spare.push(o);
        }
    }
}

/// Adds an end (outcome `o`, probability `p`, weighted sums `weighted`) to every open
/// checkpoint, its sums less theirs at the checkpoint.
fn note(open: &mut [Open], o: u32, p: f64, weighted: &[f64]) {
    let width = weighted.len();
    for open in open {
        let j = *open.at.entry(o).or_insert_with(|| {
            open.outcomes.push(o);
            open.probs.push(0.0);
            open.weighted.resize(open.weighted.len() + width, 0.0);
            open.outcomes.len() - 1
        });
        open.probs[j] += p;
        let a = &mut open.weighted[j * width..][..width];
        for ((a, w), s) in a.iter_mut().zip(weighted).zip(&open.sums) {
            *a += w - p * s;
        }
    }
}
