//! One term of a dice expression: `count` dice of one kind and what is made of them — their
//! sum (`3d6`), the sum of the highest or lowest few (`4d6kh3`, `2d20kl1`, `4d6dl1`), or how
//! many of them show a result in a range (`6d10>=7`: the dice at 7 or more) — added or
//! subtracted.
//!
//! [`Term::value`] rolls a term from any source of die results, in written order, without
//! allocating: a keep term tracks only the dice it keeps or the dice it drops, whichever are
//! fewer, in a fixed array of [`TRACKED`] (more than that on both sides, which only a term
//! such as `100d6kh50` needs, takes one small allocation per roll).

use super::Die;

/// Which of a term's dice make its value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) enum Pick {
    /// Every die, summed.
    All,
    /// The `n` highest, summed (`4d6kh3`, and `4d6dl1` written the other way).
    Highest(u32),
    /// The `n` lowest, summed (`2d20kl1`, and `4d6dh1` written the other way).
    Lowest(u32),
    /// How many dice show a result from `lo` to `hi` (`6d10>=7`: 7 to `i64::MAX`; an
    /// exploding die's result is its whole chain).
    Count {
        /// Lowest result that counts.
        lo: i64,
        /// Highest result that counts.
        hi: i64,
    },
}

/// `count` dice of one kind, picked as `pick`, added or subtracted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct Term {
    /// Dice rolled (1..=1000).
    pub(super) count: u32,
    /// The die.
    pub(super) die: Die,
    /// Which dice make the value.
    pub(super) pick: Pick,
    /// The term is subtracted.
    pub(super) negative: bool,
}

/// Most kept (or dropped) dice a keep term tracks in a fixed array while it rolls.
pub(super) const TRACKED: usize = 32;

impl Term {
    /// `(min, max)` of this term's contribution, sign applied.
    pub(super) fn bounds(&self) -> (i64, i64) {
        let (lo, hi) = match self.pick {
            Pick::All => {
                let n = i64::from(self.count);
                (n * self.die.min(), n * self.die.max())
            }
            Pick::Highest(k) | Pick::Lowest(k) => {
                let k = i64::from(k);
                (k * self.die.min(), k * self.die.max())
            }
            Pick::Count { .. } => (0, i64::from(self.count)),
        };
        if self.negative { (-hi, -lo) } else { (lo, hi) }
    }

    /// The term's value, sign applied, with each die's result (its whole exploding chain)
    /// from `roll`, dice in written order.
    #[inline]
    pub(super) fn value(&self, mut roll: impl FnMut() -> i64) -> i64 {
        let v = match self.pick {
            Pick::All => {
                let mut sum = 0;
                for _ in 0..self.count {
                    sum += roll();
                }
                sum
            }
            Pick::Highest(k) => keep(self.count, k, 1, &mut roll),
            Pick::Lowest(k) => keep(self.count, k, -1, &mut roll),
            Pick::Count { lo, hi } => {
                let mut n = 0;
                for _ in 0..self.count {
                    n += i64::from((lo..=hi).contains(&roll()));
                }
                n
            }
        };
        if self.negative { -v } else { v }
    }
}

/// The sum of the `k` highest (`sign` 1) or lowest (`sign` −1) of `n` results from `roll`.
/// Tracks the kept dice when they are at most half, else the dropped ones and takes their
/// sum from the total.
fn keep(n: u32, k: u32, sign: i64, roll: &mut impl FnMut() -> i64) -> i64 {
    let dropped = n - k;
    if k <= dropped {
        return extreme_sum(n, k as usize, sign, roll);
    }
    let mut total = 0;
    let low = extreme_sum(n, dropped as usize, -sign, &mut || {
        let v = roll();
        total += v;
        v
    });
    total - low
}

/// The sum of the `m` highest (`sign` 1) or lowest (−1) of `n` results from `roll`.
fn extreme_sum(n: u32, m: usize, sign: i64, roll: &mut impl FnMut() -> i64) -> i64 {
    if m <= TRACKED {
        let mut best = [0i64; TRACKED];
        best_sum(&mut best[..m], n, sign, roll)
    } else {
        best_sum(&mut vec![0i64; m], n, sign, roll)
    }
}

/// Keeps the `best.len()` largest keys `sign · result` of `n` results in `best` (ascending)
/// and returns the sum of their results.
fn best_sum(best: &mut [i64], n: u32, sign: i64, roll: &mut impl FnMut() -> i64) -> i64 {
    let m = best.len();
    let mut len = 0;
    for _ in 0..n {
        let key = sign * roll();
        if len < m {
            let mut i = len;
            while i > 0 && best[i - 1] > key {
                best[i] = best[i - 1];
                i -= 1;
            }
            best[i] = key;
            len += 1;
        } else if m > 0 && key > best[0] {
            let mut i = 0;
            while i + 1 < m && best[i + 1] < key {
                best[i] = best[i + 1];
                i += 1;
            }
            best[i] = key;
        }
    }
    sign * best[..len].iter().sum::<i64>()
}

#[cfg(test)]
mod tests;
