//! Exact distributions of dice expressions, and the limit on the work they may take.
//!
//! - A sum term (`3d6`) convolves its dice one at a time.
//! - A keep term (`4d6kh3`) walks the die's results from the highest down (the lowest up for
//!   `kl`), keeping `(dice placed so far, sum of the kept ones)` with the weight of every way
//!   to get there: `c` of the `r` dice not yet placed show the current result with weight
//!   `C(r, c)·q^c`; once `k` dice are placed the kept sum is fixed and the rest must all show
//!   lower results, weight `(mass below)^rest`. That is multinomial counting over the sorted
//!   results, about results × k² × spread × dice steps, never an enumeration of the dice:
//!   `8d10kh3` takes a few thousand.
//! - A count term (`6d10>=7`) is binomial: each die counts with the chance of a result in the
//!   range.
//!
//! An exploding die's table is followed to [`super::Die::pmf_depth`] explosions, so a table
//! with one may leave out a little mass, at most [`DiceExpr::truncation_bound`] (`≤ 10⁻¹⁵`
//! per exploding die; 0 with no exploding die, or dice whose limit, `d6!3`, the table
//! reaches). [`DiceExpr::exact_work`] estimates the steps beforehand and
//! [`DiceExpr::checked_pmf`] refuses an expression above [`MAX_WORK`] instead of running for
//! minutes.

use super::term::{Pick, Term};
use super::{DiceExpr, Pmf};
use thiserror::Error;

/// Most steps (multiply-adds, about a nanosecond each) [`DiceExpr::checked_pmf`] takes on.
pub const MAX_WORK: f64 = 5e8;

/// An exact table the work limit refuses.
#[derive(Debug, Clone, PartialEq, Error)]
#[error(
    "\"{expr}\": the exact distribution would take about {work:.1e} steps; at most {max:.0e} are allowed (about a second): use fewer dice or fewer sides, or keep fewer dice (e.g. \"8d10kh3\", \"20d6\", \"4d6!\")",
    max = MAX_WORK
)]
pub struct TooLarge {
    /// The expression as written.
    pub expr: String,
    /// The estimated steps.
    pub work: f64,
}

impl DiceExpr {
    /// Exact distribution, summing to 1 within 1e-12 less at most
    /// [`DiceExpr::truncation_bound`]. No limit on the work: for expressions from scenario
    /// files, whose sizes the scenario's checks bound; see [`DiceExpr::checked_pmf`].
    ///
    /// A sum of `n` dice of `w` faces costs about `n²w²/2` steps: `"3d6+2"` or `"4d10!"` are
    /// instant; `"1000d1000000"` would need 10¹⁷ (and [`DiceExpr::checked_pmf`] refuses it).
    pub fn pmf(&self) -> Pmf {
        let mut out = Pmf::point(self.constant());
        for t in self.terms() {
            if t.pick == Pick::All {
                // Die by die into the total, as sums always were.
                let one = signed(t, t.die.pmf());
                for _ in 0..t.count {
                    out = out.convolve(&one);
                }
            } else {
                out = out.convolve(&term_pmf(t));
            }
        }
        out
    }

    /// [`DiceExpr::pmf`], or [`TooLarge`] when [`DiceExpr::exact_work`] is above
    /// [`MAX_WORK`] (decided before any work is done).
    pub fn checked_pmf(&self) -> Result<Pmf, TooLarge> {
        let work = self.exact_work();
        if work > MAX_WORK {
            return Err(TooLarge {
                expr: self.as_str().to_string(),
                work,
            });
        }
        Ok(self.pmf())
    }

    /// Estimated steps [`DiceExpr::pmf`] takes: each term's own table, then its
    /// convolution into the total so far.
    pub fn exact_work(&self) -> f64 {
        let (mut work, mut len) = (0.0, 1.0);
        for t in self.terms() {
            let (own, term_len) = term_work(t);
            // A sum's dice go into the total one by one: the total's length times each die's
            // faces (their growth is in `own`); another term's table goes in at once.
            work += own + len * term_len;
            len += term_len - 1.0;
        }
        work
    }

    /// The most probability mass the exact table may leave out: for each exploding die not
    /// followed to its end, the chance its chain runs past the table (`sides^−(depth+1)`,
    /// ≤ 10⁻¹⁵), added up over the dice rolled. 0 without exploding dice.
    pub fn truncation_bound(&self) -> f64 {
        self.terms()
            .iter()
            .map(|t| f64::from(t.count) * t.die.truncated_mass(t.die.pmf_depth()))
            .sum()
    }
}

/// `(steps, table length)` of one term's table.
fn term_work(t: &Term) -> (f64, f64) {
    let die = t.die;
    let faces = f64::from(die.sides()) * (f64::from(die.pmf_depth()) + 1.0) + 1.0;
    let n = f64::from(t.count);
    match t.pick {
        // Die i goes into a table of i·(faces − 1) + 1 entries.
        Pick::All => (
            faces * (n + (faces - 1.0) * n * (n - 1.0) / 2.0),
            n * (faces - 1.0) + 1.0,
        ),
        Pick::Highest(k) | Pick::Lowest(k) => {
            let k = f64::from(k);
            let spread = k * faces + 1.0;
            (faces * k * spread * (n + 1.0) + faces, spread)
        }
        Pick::Count { .. } => (n * n + faces, n + 1.0),
    }
}

/// `table`, negated when `t` is subtracted.
fn signed(t: &Term, table: Pmf) -> Pmf {
    if t.negative { table.negated() } else { table }
}

/// The exact distribution of one term (sign applied).
pub(super) fn term_pmf(t: &Term) -> Pmf {
    let one = t.die.pmf();
    let table = match t.pick {
        Pick::All => {
            let mut out = Pmf::point(0);
            for _ in 0..t.count {
                out = out.convolve(&one);
            }
            out
        }
        Pick::Highest(k) => keep_highest(&one, t.count, k),
        Pick::Lowest(k) => keep_highest(&one.negated(), t.count, k).negated(),
        Pick::Count { lo, hi } => count_within(&one, t.count, lo, hi),
    };
    signed(t, table)
}

/// The sum of the `k` highest of `n` independent results with table `one` (see the module
/// docs for the walk).
fn keep_highest(one: &Pmf, n: u32, k: u32) -> Pmf {
    // The possible results, highest first, and the mass strictly below each.
    let mut results: Vec<(i64, f64)> = one.iter().filter(|(_, p)| *p > 0.0).collect();
    results.reverse();
    let Some(&(low, _)) = results.last() else {
        return Pmf::zero();
    };
    let mut below = vec![0.0; results.len()];
    let mut acc = 0.0;
    for i in (0..results.len()).rev() {
        below[i] = acc;
        acc += results[i].1;
    }
    let (n, k) = (n as usize, k as usize);
    let width = (results[0].0 - low) as usize;
    let span = k * width + 1;
    // state[j·span + s]: j dice placed so far (all kept, j < k), their results summing to
    // j·low + s.
    let mut state = vec![0.0; k * span];
    let mut next = vec![0.0; k * span];
    state[0] = 1.0;
    let mut out = vec![0.0; span];
    let mut powers = vec![1.0; n + 1];
    for (i, &(v, q)) in results.iter().enumerate() {
        let u = (v - low) as usize;
        for t in 1..=n {
            powers[t] = powers[t - 1] * below[i];
        }
        next.fill(0.0);
        for j in 0..k {
            for s in 0..=j * width {
                let weight = state[j * span + s];
                if weight == 0.0 {
                    continue;
                }
                let r = n - j;
                // C(r, c)·q^c times the weight, for c = 0, 1, …
                let mut w = weight;
                for c in 0..=r {
                    if j + c >= k {
                        out[s + (k - j) * u] += w * powers[r - c];
                    } else {
                        next[(j + c) * span + s + c * u] += w;
                    }
                    w *= q * (r - c) as f64 / (c + 1) as f64;
                    if w == 0.0 {
                        break;
                    }
                }
            }
        }
        std::mem::swap(&mut state, &mut next);
    }
    Pmf::new(k as i64 * low, out)
}

/// How many of `n` independent results with table `one` lie in `lo..=hi`.
fn count_within(one: &Pmf, n: u32, lo: i64, hi: i64) -> Pmf {
    let (mut hit, mut miss) = (0.0, 0.0);
    for (v, p) in one.iter() {
        if (lo..=hi).contains(&v) {
            hit += p;
        } else {
            miss += p;
        }
    }
    let mut probs = vec![1.0];
    for _ in 0..n {
        let mut grown = vec![0.0; probs.len() + 1];
        for (c, &p) in probs.iter().enumerate() {
            grown[c] += p * miss;
            grown[c + 1] += p * hit;
        }
        probs = grown;
    }
    Pmf::new(0, probs)
}

#[cfg(test)]
mod tests;
