//! What one round of the walk holds: the states it reaches ([`Layer`]: their keys, mass and
//! sums), where each state's paths lead ([`Edge`], [`Outcome`]) and a round's memory
//! ([`Round`]), with the markers a state's key uses. [`super::walk`] plays the rounds.

use super::state::KeySet;
use super::state::heap;

/// A side's first fall or death in a state's key once recorded (`super::walk::Walker::round`): the
/// rounds' histograms have no bucket 0 else.
pub(super) const NOTED: u32 = 0;

/// A side that stopped fighting in the round an ended state ended in, in its key (the round
/// is the record's).
pub(super) const STOPPED_NOW: u32 = u32::MAX;

/// No edges known.
pub(super) const NONE: u32 = u32::MAX;

/// A state still fighting with less probability than this is dropped: a long fight's last
/// states, far below anything a rate shows.
pub const MASS_FLOOR: f64 = 1e-16;

/// States reached, each a number in a set of keys (the walk's live states, or ended ones),
/// with its probability and the probability-weighted sums of the numbers the rules only add
/// to ([`crate::combat::Walk::exact_sums`]), in the order first reached.
pub(super) struct Layer {
    pub(super) ids: Vec<u32>,
    pub(super) mass: Vec<f64>,
    /// `width` numbers per state.
    pub(super) sums: Vec<f64>,
    pub(super) width: usize,
    /// Per key number, (this layer's mark, its place here): who is in it already.
    pub(super) places: Vec<(u32, u32)>,
    pub(super) mark: u32,
}

impl Layer {
    /// An empty layer; `mark` tells it from every other layer that shares `places`.
    pub(super) fn new(width: usize, places: Vec<(u32, u32)>, mark: u32) -> Self {
        Self {
            ids: Vec::new(),
            mass: Vec::new(),
            sums: Vec::new(),
            width,
            places,
            mark,
        }
    }

    pub(super) fn len(&self) -> usize {
        self.ids.len()
    }

    /// The bytes it holds on the heap (its share of `places` included).
    pub(super) fn heap_bytes(&self) -> usize {
        heap(&self.ids) + heap(&self.mass) + heap(&self.sums) + heap(&self.places)
    }

    /// Adds `mass` to state `id`, and `sums(j)` to its weighted sum `j`.
    pub(super) fn add(&mut self, id: u32, mass: f64, sums: impl Fn(usize) -> f64) {
        let i = id as usize;
        if self.places.len() <= i {
            self.places.resize(i + 1, (u32::MAX, 0));
        }
        let k = match self.places[i] {
            (m, k) if m == self.mark => k as usize,
            _ => {
                self.places[i] = (self.mark, self.ids.len() as u32);
                self.ids.push(id);
                self.mass.push(0.0);
                self.sums.resize(self.sums.len() + self.width, 0.0);
                self.ids.len() - 1
            }
        };
        self.mass[k] += mass;
        for (j, s) in self.sums[k * self.width..][..self.width]
            .iter_mut()
            .enumerate()
        {
            *s += sums(j);
        }
    }
}

/// Where a state goes in a round: another state still fighting (its number among the live
/// states), or an ended one (its number among the ends), with what probability, the sides'
/// first falls and deaths noted on the way (bit `2·side + kind`), and where its weighted
/// sums begin.
#[derive(Debug, Clone, Copy)]
pub(super) struct Edge {
    pub(super) to: u32,
    pub(super) ended: bool,
    pub(super) prob: f64,
    pub(super) noted: u64,
    pub(super) sums: u32,
}

/// How paths of a round left a state: the arena after them (its number), what
/// [`crate::combat::Rounds::round`] returned, and who was out of the fight and dead then.
#[derive(Debug, Clone, Copy)]
pub(super) struct Outcome {
    pub(super) arena: u32,
    pub(super) played: Option<u64>,
    pub(super) out: u64,
    pub(super) dead: u64,
}

/// Rounds' outcomes, and each state's round as probabilities of them: kept from one round to
/// the next while rounds play alike ([`crate::combat::Walk::exact_alike`]).
#[derive(Default)]
pub(super) struct Round {
    /// Each outcome's key (its arena's number, what the round returned, who was out and
    /// dead), in the order of `outcomes`.
    pub(super) ids: KeySet,
    pub(super) outcomes: Vec<Outcome>,
    /// Per state's round, a run of (outcome, probability), with `width` weighted sums each.
    pub(super) runs: Vec<(u32, f64)>,
    pub(super) sums: Vec<f64>,
    /// The states played (an arena's number and who can act), and each one's run.
    pub(super) played: KeySet,
    pub(super) run_of: Vec<(usize, usize)>,
    /// Per outcome, the state's round that last met it and where in its run.
    pub(super) met: Vec<(usize, usize)>,
}

impl Round {
    /// The bytes it holds on the heap.
    pub(super) fn heap_bytes(&self) -> usize {
        self.ids.heap_bytes()
            + heap(&self.outcomes)
            + heap(&self.runs)
            + heap(&self.sums)
            + self.played.heap_bytes()
            + heap(&self.run_of)
            + heap(&self.met)
    }
}
