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
pub(crate) mod testing {
    //! Test helpers shared by the dice tests: scripted generators and the sampled-frequency
    //! check (every value within 4.5 standard errors of `n·p`).

    use super::Pmf;
    use rand::TryRng;
    use std::convert::Infallible;

    /// A generator whose every draw is all ones, so every die shows its highest face.
    pub(crate) struct AlwaysMax;

    impl TryRng for AlwaysMax {
        type Error = Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Infallible> {
            Ok(u32::MAX)
        }
        fn try_next_u64(&mut self) -> Result<u64, Infallible> {
            Ok(u64::MAX)
        }
        fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
            dst.fill(0xff);
            Ok(())
        }
    }

    /// A generator that replays a script of 32-bit draws and counts them.
    pub(crate) struct Script {
        /// The draws, in order.
        pub(crate) draws: Vec<u32>,
        /// How many have been taken.
        pub(crate) taken: usize,
    }

    impl TryRng for Script {
        type Error = Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Infallible> {
            self.taken += 1;
            Ok(self.draws[self.taken - 1])
        }
        fn try_next_u64(&mut self) -> Result<u64, Infallible> {
            unimplemented!("the dice draw 32 bits at a time")
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Infallible> {
            unimplemented!("the dice draw 32 bits at a time")
        }
    }

    /// Least expected count of a checked bucket: rarer neighbouring values are pooled so
    /// the normal approximation behind "4.5 standard errors" holds.
    const MIN_EXPECTED: f64 = 100.0;

    /// Draws `n` samples and checks them against the exact table: no value below the table
    /// or with probability 0 appears, and every bucket's count is within 4.5 standard errors
    /// of `n·p`. A bucket is one value, or a run of neighbouring values pooled until their
    /// expected count reaches [`MIN_EXPECTED`]; values beyond a truncated table's end (mass
    /// `1 − total`) join the last bucket.
    pub(crate) fn assert_samples_match(pmf: &Pmf, mut draw: impl FnMut() -> i64, n: u64) {
        let mut counts = vec![0u64; pmf.probs().len()];
        let mut beyond = 0u64;
        for _ in 0..n {
            let v = draw();
            assert!(
                v >= pmf.min(),
                "value {v} below the table's minimum {}",
                pmf.min()
            );
            match counts.get_mut((v - pmf.min()) as usize) {
                Some(c) => *c += 1,
                None => beyond += 1,
            }
        }
        if (1.0 - pmf.total()).abs() < 1e-12 {
            assert_eq!(beyond, 0, "values above the table's maximum {}", pmf.max());
        }
        // (first value, last value, count, probability) of each bucket.
        let mut buckets: Vec<(i64, i64, u64, f64)> = Vec::new();
        let mut open: Option<(i64, i64, u64, f64)> = None;
        for ((v, p), &c) in pmf.iter().zip(&counts) {
            if p == 0.0 {
                assert_eq!(c, 0, "impossible value {v} appeared");
                continue;
            }
            let b = open.get_or_insert((v, v, 0, 0.0));
            b.1 = v;
            b.2 += c;
            b.3 += p;
            if n as f64 * b.3 >= MIN_EXPECTED {
                buckets.extend(open.take());
            }
        }
        let rest = open.unwrap_or((pmf.max() + 1, pmf.max() + 1, 0, 0.0));
        let last = buckets.last_mut().expect("some value is likely");
        last.1 = rest.1;
        last.2 += rest.2 + beyond;
        last.3 += rest.3 + (1.0 - pmf.total()).max(0.0);
        for (lo, hi, c, p) in buckets {
            let expected = n as f64 * p;
            let sd = (expected * (1.0 - p)).sqrt();
            assert!(
                (c as f64 - expected).abs() <= 4.5 * sd,
                "values {lo}..={hi}: counted {c}, expected {expected:.1} ± {sd:.1}"
            );
        }
    }
}

#[cfg(test)]
mod tests;
