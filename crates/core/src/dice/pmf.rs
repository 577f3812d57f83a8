//! Exact probability mass functions over integers: the distributions of dice and dice
//! expressions, built by convolution, used for exact values beside sampled estimates.
//!
//! A [`Pmf`] is a table of probabilities for the consecutive integers `min()..=max()`
//! (an offset plus a `Vec<f64>`). A complete distribution sums to 1 within floating-point
//! rounding (about 1e-12 for the tables dice produce); a table built from an exploding die is
//! truncated at a stated depth and sums to `1 −` the dropped mass, which [`Pmf::total`]
//! reports.

/// Probabilities of the integers `offset, offset + 1, …` (a possibly truncated distribution).
#[derive(Debug, Clone, PartialEq)]
pub struct Pmf {
    /// The value whose probability is `probs[0]`.
    offset: i64,
    /// `probs[i]` is `P(X = offset + i)`.
    probs: Vec<f64>,
}

impl Pmf {
    /// A table of probabilities: `probs[i]` is the probability of `offset + i`.
    ///
    /// # Panics
    /// If a probability is negative or not finite.
    pub fn new(offset: i64, probs: Vec<f64>) -> Self {
        assert!(
            probs.iter().all(|p| p.is_finite() && *p >= 0.0),
            "probabilities must be finite and non-negative"
        );
        Self { offset, probs }
    }

    /// The empty measure (total 0), the identity of [`Pmf::added`].
    pub fn zero() -> Self {
        Self {
            offset: 0,
            probs: Vec::new(),
        }
    }

    /// Certainly `value`.
    pub fn point(value: i64) -> Self {
        Self {
            offset: value,
            probs: vec![1.0],
        }
    }

    /// Uniform over `lo..=hi`.
    ///
    /// # Panics
    /// If `lo > hi`.
    pub fn uniform(lo: i64, hi: i64) -> Self {
        assert!(lo <= hi, "empty range {lo}..={hi}");
        let n = (hi - lo + 1) as usize;
        Self {
            offset: lo,
            probs: vec![1.0 / n as f64; n],
        }
    }

    /// Every probability times `factor` (a sub-measure, for building mixtures).
    pub fn scaled(mut self, factor: f64) -> Self {
        self.probs.iter_mut().for_each(|p| *p *= factor);
        self
    }

    /// The distribution of `X + by`.
    pub fn shifted(mut self, by: i64) -> Self {
        self.offset += by;
        self
    }

    /// The distribution of `−X`.
    pub fn negated(&self) -> Pmf {
        let mut probs = self.probs.clone();
        probs.reverse();
        Pmf {
            offset: -self.max(),
            probs,
        }
    }

    /// Pointwise sum of two measures (a mixture, when the weights add to 1).
    pub fn added(&self, other: &Pmf) -> Pmf {
        if self.probs.is_empty() {
            return other.clone();
        }
        if other.probs.is_empty() {
            return self.clone();
        }
        let lo = self.offset.min(other.offset);
        let hi = self.max().max(other.max());
        let mut probs = vec![0.0; (hi - lo + 1) as usize];
        for (v, p) in self.iter().chain(other.iter()) {
            probs[(v - lo) as usize] += p;
        }
        Pmf { offset: lo, probs }
    }

    /// The distribution of `X + Y` for independent `X ~ self`, `Y ~ other` (direct
    /// convolution, `O(len·len)`).
    pub fn convolve(&self, other: &Pmf) -> Pmf {
        if self.probs.is_empty() || other.probs.is_empty() {
            return Pmf::zero();
        }
        let mut probs = vec![0.0; self.probs.len() + other.probs.len() - 1];
        for (i, &a) in self.probs.iter().enumerate() {
            if a == 0.0 {
                continue;
            }
            for (out, &b) in probs[i..].iter_mut().zip(&other.probs) {
                *out += a * b;
            }
        }
        Pmf {
            offset: self.offset + other.offset,
            probs,
        }
    }

    /// `P(X = value)`; 0 outside the table.
    pub fn prob(&self, value: i64) -> f64 {
        value
            .checked_sub(self.offset)
            .and_then(|i| usize::try_from(i).ok())
            .and_then(|i| self.probs.get(i).copied())
            .unwrap_or(0.0)
    }

    /// The cumulative distribution `P(X ≤ value)`; same as [`Pmf::prob_at_most`].
    pub fn cdf(&self, value: i64) -> f64 {
        self.prob_at_most(value)
    }

    /// `P(X ≤ value)`.
    pub fn prob_at_most(&self, value: i64) -> f64 {
        self.probs[..self.index_after(value)].iter().sum()
    }

    /// `P(X ≥ value)`.
    pub fn prob_at_least(&self, value: i64) -> f64 {
        self.probs[self.index_after(value.saturating_sub(1))..]
            .iter()
            .sum()
    }

    /// Index of the first entry whose value is above `value`, clamped to the table.
    fn index_after(&self, value: i64) -> usize {
        let above = i128::from(value) - i128::from(self.offset) + 1;
        above.clamp(0, self.probs.len() as i128) as usize
    }

    /// Total mass: 1 for a complete distribution, less after a stated truncation.
    pub fn total(&self) -> f64 {
        self.probs.iter().sum()
    }

    /// Mean `Σ v·p` (of the truncated measure, if truncated).
    pub fn mean(&self) -> f64 {
        self.iter().map(|(v, p)| v as f64 * p).sum()
    }

    /// Variance `Σ (v − mean)²·p` (of the truncated measure, if truncated).
    pub fn variance(&self) -> f64 {
        let mean = self.mean();
        self.iter()
            .map(|(v, p)| (v as f64 - mean).powi(2) * p)
            .sum()
    }

    /// Smallest value with a place in the table (its probability may be 0).
    pub fn min(&self) -> i64 {
        self.offset
    }

    /// Largest value with a place in the table (`min() − 1` when the table is empty).
    pub fn max(&self) -> i64 {
        self.offset + self.probs.len() as i64 - 1
    }

    /// The probabilities of `min()..=max()`, in order.
    pub fn probs(&self) -> &[f64] {
        &self.probs
    }

    /// `(value, probability)` pairs in increasing value, zeros included.
    pub fn iter(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probs
            .iter()
            .enumerate()
            .map(|(i, &p)| (self.offset + i as i64, p))
    }
}

#[cfg(test)]
mod tests;
