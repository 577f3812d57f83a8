//! Dice primitives every rule system uses.
//!
//! - [`Die`]: one die as a distribution — a dN with faces 1..=N, a die numbered from 0 (the
//!   d10 numbered 0–9 is `Die::zero_based(10)`), and the exploding ("bursting") form of either.
//! - [`StepDie`]: the step chain d4–d6–d8–d10–d12–d20, stepped up and down with clamping.
//! - [`DiceExpr`]: a dice expression such as `"2d6 + 1d4 + 2"`, `"d10!"`, `"4d6kh3"` or
//!   `"6d10>=7"`, parsed once (`str::parse` or serde) and then sampled without allocating;
//!   bad text gives a [`DiceExprError`] that says what was wrong, where, and what is allowed
//!   (the grammar: [`parse`]).
//! - [`Pmf`]: exact distributions over integers, built by convolution, for exact values beside
//!   sampled estimates; [`exact`] builds an expression's, keep-highest and counts included,
//!   within a stated work limit.
//! - [`packed`]: several small dice from one 64-bit draw; [`stream`]: such draws' dice handed
//!   out one at a time.
//! - [`Dice`]: the one dice trait every fight and hazard draws through ([`roller`]), with the
//!   seeded [`FightDice`] for runs and [`Direct`] for single rolls.
//! - [`Tape`]: what one trial drew, replayed for another scenario's same trial (the common
//!   random numbers of a paired comparison).
//!
//! Dice are distributions: `sample(&self, rng)` with any [`rand::Rng`], exactly unbiased
//! ([`uniform_below`]: Lemire's multiply-shift with rejection, never a bare modulo).
//! Exploding dice stop after [`MAX_EXPLOSIONS`] extra rolls (probability ≤ 2⁻⁶⁵ of reaching
//! the cap) and their exact tables drop at most [`PMF_TAIL`] of the mass per die.

pub mod die;
pub mod exact;
pub mod expr;
pub mod packed;
pub mod parse;
pub mod pmf;
pub mod roller;
pub mod step;
pub mod stream;
pub mod summary;
pub mod tape;
mod term;

pub use die::{Die, MAX_EXPLOSIONS, PMF_TAIL};
pub use exact::{MAX_WORK, TooLarge};
pub use expr::DiceExpr;
pub use parse::{DiceExprError, MAX_CONSTANT, MAX_DICE, MAX_SIDES, NAMED_DICE};
pub use pmf::Pmf;
pub use roller::{Among, Dice, DiceSet, Direct, FightDice, Merge};
pub use step::{StepDie, Stepped};
pub use tape::Tape;

use rand::Rng;

/// A uniform integer in `0..n` from 32-bit draws: Lemire's nearly divisionless multiply-shift
/// with rejection, exactly uniform. The high half of `draw · n` is the result; draws whose
/// low half falls below `2³² mod n` are rejected (chance below `n / 2³²`), and the division
/// for that threshold happens only when the low half is below `n`.
///
/// # Panics
/// In debug builds, if `n` is 0.
#[inline]
pub fn uniform_below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n >= 1, "uniform_below needs n ≥ 1");
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

#[cfg(test)]
mod tests;
