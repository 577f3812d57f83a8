//! Exact fights: the same rules walked over every outcome. A fight's own code — the
//! [`Fight`] a sampled run plays: its begin, rounds, fates, aftermath and outcome, and the
//! driver's settling and recording — runs here with dice that explore every face instead of
//! drawing one ([`Branches`]). Nothing of the rules is written a second time; the fight does
//! not know which dice it runs with.
//!
//! **The walk.** From every way the fight begins, round by round: a state (the system's
//! arena as its [`Walk::exact_state`] lists it, and what the driver keeps: who can act, the
//! round each side stopped fighting, its first fall and first death) is played along every
//! path of the dice the round asks for, each path weighted by its probability, and the states
//! the paths leave are merged by value (a hash of the compact state), their probabilities
//! added. A state's round is played once for every state that shares its arena and who can
//! act (the driver's own record does not change what the dice do). A state whose fight ends
//! (a win or a draw, or still fighting after `max_rounds`: the stalemate) is put aside, with
//! only what its end reads ([`Walk::exact_settle`]: ended fights that differ in nothing
//! else are one); once every state has ended, each one's end — fates, finishing the fallen,
//! the aftermath — is walked the same way and each path recorded into a fresh tally exactly
//! as a sampled fight is, the tally times the path's probability summed per metric
//! ([`values`]). So every metric a sampled run reports gets its exact value: wins, draw,
//! stalemate, every fate after the aftermath, the rounds and their quantiles, first falls
//! and deaths, the system's own rates and means.
//!
//! **Numbers the rules only add to** (rounds Winded, AP spent by kind) would keep states
//! apart that the rules treat alike; a system names them in [`Walk::exact_sums`], and the
//! walk keeps, per state, their probability-weighted sums instead: the metrics read them
//! linearly (a ratio's sums), so their expected values come out exact.
//!
//! **Where the dice branch.** Every face of a die, every pick, every total of a dice
//! expression by its exact table; a [`oddsmith_core::dice::Dice::merged`] draw (a roll whose faces
//! matter only as hit or miss) is one choice among its distinct values. A path less likely
//! than [`dice::FLOOR`] within a state's round stops branching (a bursting die's long
//! chains); the probability not followed is reported as [`Walked::lost`].
//!
//! **Rounding.** Each probability is a product of a few dozen factors and each exact value a
//! sum of `f64` terms, at most some millions: rounding stays below 1e-12 of 1, far inside the
//! 1e-9 the tests hold the walk to (a rate off [0, 1] by rounding alone is held to it).
//!
//! **Limits.** The walk stops ([`Stop`]) when a round leaves more distinct states than
//! [`Limits::states`], when one state's round has more paths than [`Limits::paths`], past
//! [`Limits::work`] paths in all (or sure to be, by a round's states so far), or holding more
//! than [`Limits::bytes`]; a run then samples only, and says why. Every limit counts the
//! walk's own work, never the clock, so the same run stops at the same place on any machine
//! and says the same.

mod dice;
mod layer;
mod memo;
mod state;
mod values;
mod walk;

pub use dice::{Branches, FLOOR};
pub use state::{Field, KeyReader, KeyWriter, StateCodec, at_round, at_round_within};
pub use values::Expected;
pub use walk::walk;

use super::{Fight, Rounds};
use oddsmith_core::stats::ExactValues;
use std::fmt;

/// A fight's state as the exact walk reads and writes it ([`exact_values`]). A fight with no
/// exact walk implements it empty: [`Walk::exact_state`] then says `false`.
pub trait Walk: Rounds {
    /// Passes every part of `arena`'s state that the rest of a fight reads — through its
    /// rounds, fates, aftermath and outcome — to `state`, always in the same order, to write
    /// it into a key or read it back; a number that is a round relative to `now`, the round
    /// about to be played (or being played), so that states a round apart can be alike
    /// ([`at_round`]). What it leaves out (scratch buffers, counts kept for
    /// [`Record::flush`](super::Record::flush), caches) must not matter: the walk reads a state into an arena some
    /// other state of the same fight left. `false` (the default): the fight has no exact walk.
    fn exact_state<C: StateCodec>(
        &self,
        _arena: &mut Self::Arena,
        _now: u32,
        _state: &mut C,
    ) -> bool {
        false
    }

    /// Sets to one value each part of `arena`'s state, a fight that has ended, that nothing
    /// after its last round reads — fates, the aftermath, the outcome, the winners'
    /// toughness — so that ended fights that differ only there are one state
    /// ([`Walk::exact_state`] of the result). Whatever a day carries into its next fight is
    /// not the walk's. By default it leaves `arena` as it is: only a system whose state keeps
    /// round bookkeeping an ended fight no longer reads (Gods & Monsters) settles it.
    fn exact_settle(&self, _arena: &mut Self::Arena) {}

    /// The first round from which every round plays alike from alike states
    /// ([`Walk::exact_state`], rounds relative), so that a state's round, walked once, serves
    /// every later round (a round 1 of surprise or of dice rolled once is not like the
    /// others). By default never: each round is walked on its own.
    fn exact_alike(&self) -> u32 {
        u32::MAX
    }

    /// Passes each number of `arena` that the rules only add to and never read, and that
    /// [`Record::outcome`](super::Record::outcome) reads linearly (a ratio's sums: rounds Winded, AP spent), so that
    /// one more unit of it changes a fight's tally alike in every fight, to `each`, always in
    /// the same order. [`Walk::exact_state`] leaves them out; the walk keeps their expected
    /// values instead of telling states apart by them.
    fn exact_sums(&self, _arena: &mut Self::Arena, _each: &mut dyn FnMut(&mut u64)) {}
}

/// How far the walk may go before it gives up (`run --exact-limit` sets the first two).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits {
    /// Most distinct states still fighting after a round.
    pub states: usize,
    /// Most paths of dice in one state's round (or one way of beginning, or one end).
    pub paths: usize,
    /// Most paths of dice in all (the walk's work: about a second for every million on
    /// this project's 2-core machine).
    pub work: u64,
    /// Most bytes the walk may hold (its states, keys and kept rounds).
    pub bytes: usize,
}

impl Limits {
    /// The default: a million states a round, 100 000 paths a state's round, 4 million paths
    /// in all, 256 MiB.
    pub const DEFAULT: Limits = Limits {
        states: 1_000_000,
        paths: 100_000,
        work: 4_000_000,
        bytes: 256 << 20,
    };

    /// `limit` states a round and paths a state's round, in the default time.
    pub fn of(limit: usize) -> Self {
        Self {
            states: limit,
            paths: limit,
            ..Self::DEFAULT
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Self::DEFAULT
    }
}

/// Why the walk stopped short.
#[derive(Debug, Clone, PartialEq)]
pub enum Stop {
    /// The fight has no exact walk: its system does not list its state.
    Unsupported,
    /// More than `limit` distinct states after round `round`.
    States {
        /// States reached.
        states: usize,
        /// The limit.
        limit: usize,
        /// The round.
        round: u32,
    },
    /// More than `limit` paths of dice in one state's round `round` (0: the start).
    Paths {
        /// The limit.
        limit: usize,
        /// The round.
        round: u32,
    },
    /// Holding more than `bytes` in round `round`, with `states` states.
    Memory {
        /// The memory allowed.
        bytes: usize,
        /// The round.
        round: u32,
        /// States then.
        states: usize,
    },
    /// Past `work` paths in all (or sure to be, by the states of round `round` done so
    /// far), with `states` states.
    Work {
        /// The paths allowed in all.
        work: u64,
        /// The round.
        round: u32,
        /// States then.
        states: usize,
    },
}

/// `n` in a few characters: 950, 12 k, 2.3 M.
pub fn count(n: usize) -> String {
    match n {
        0..1_000 => n.to_string(),
        1_000..1_000_000 => format!("{} k", n / 1_000),
        _ => format!("{:.1} M", n as f64 / 1e6),
    }
}

impl fmt::Display for Stop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Stop::Unsupported => f.write_str("no exact values: this fight has no exact walk"),
            Stop::States {
                states,
                limit,
                round,
            } => write!(
                f,
                "too large for exact values: {} states by round {round} (limit {}, \
                 --exact-limit)",
                count(states),
                count(limit)
            ),
            Stop::Paths { limit, round } => write!(
                f,
                "too large for exact values: over {} paths of dice in {} (limit {0}, \
                 --exact-limit)",
                count(limit),
                if round == 0 {
                    "the fight's start".to_string()
                } else {
                    format!("one state's round {round}")
                }
            ),
            Stop::Memory {
                bytes,
                round,
                states,
            } => write!(
                f,
                "too large for exact values: {} states by round {round}, over {} MiB",
                count(states),
                bytes >> 20
            ),
            Stop::Work {
                work,
                round,
                states,
            } => write!(
                f,
                "too large for exact values: {} states by round {round}, over {} paths of dice \
                 in all",
                count(states),
                count(work as usize)
            ),
        }
    }
}

/// A walk that finished.
#[derive(Debug, Clone)]
pub struct Walked {
    /// Every metric's exact value by its report row's name.
    pub values: ExactValues,
    /// The probability the walk did not follow (paths below [`FLOOR`], exploding dice cut
    /// at their table's depth): every rate is exact within it.
    pub lost: f64,
    /// Rounds walked (until every state had ended, or `max_rounds`).
    pub rounds: u32,
    /// The most states a round began with.
    pub most_states: usize,
    /// Ended states recorded.
    pub ended: usize,
    /// Paths of dice followed in all.
    pub paths: u64,
    /// Seconds it took.
    pub seconds: f64,
}

/// The exact walk of `fight` within the default limits: its values, or why there are none.
pub fn exact_values<F: Fight + ?Sized>(fight: &F, limits: &Limits) -> Result<ExactValues, Stop> {
    walk(fight, limits).map(|w| w.values)
}

#[cfg(test)]
mod tests;
