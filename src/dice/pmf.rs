//! Exact probability mass functions over integers: the distributions of dice and dice
//! expressions, built by convolution, used for exact values beside sampled estimates.

/// Probabilities of the integers `offset, offset + 1, ...`.
#[derive(Debug, Clone, PartialEq)]
pub struct Pmf {
    offset: i64,
    probs: Vec<f64>,
}

impl Pmf {
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

    /// Uniform over `lo..=hi` (`lo ≤ hi`).
    pub fn uniform(lo: i64, hi: i64) -> Self {
        assert!(lo <= hi);
        let n = (hi - lo + 1) as usize;
        Self {
            offset: lo,
            probs: vec![1.0 / n as f64; n],
        }
    }

    /// Every probability times `factor`.
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

    /// The distribution of `X + Y` for independent `X ~ self`, `Y ~ other`.
    pub fn convolve(&self, other: &Pmf) -> Pmf {
        if self.probs.is_empty() || other.probs.is_empty() {
            return Pmf::zero();
        }
        let mut probs = vec![0.0; self.probs.len() + other.probs.len() - 1];
        for (i, a) in self.probs.iter().enumerate() {
            for (j, b) in other.probs.iter().enumerate() {
                probs[i + j] += a * b;
            }
        }
        Pmf {
            offset: self.offset + other.offset,
            probs,
        }
    }

    /// `P(X = value)`.
    pub fn prob(&self, value: i64) -> f64 {
        usize::try_from(value - self.offset)
            .ok()
            .and_then(|i| self.probs.get(i).copied())
            .unwrap_or(0.0)
    }

    /// `P(X ≤ value)`.
    pub fn prob_at_most(&self, value: i64) -> f64 {
        self.iter()
            .filter(|&(v, _)| v <= value)
            .map(|(_, p)| p)
            .sum()
    }

    /// `P(X ≥ value)`.
    pub fn prob_at_least(&self, value: i64) -> f64 {
        self.iter()
            .filter(|&(v, _)| v >= value)
            .map(|(_, p)| p)
            .sum()
    }

    /// Total mass (1, or less after a stated truncation).
    pub fn total(&self) -> f64 {
        self.probs.iter().sum()
    }

    /// Mean of the (possibly truncated) measure, `Σ v·p`.
    pub fn mean(&self) -> f64 {
        self.iter().map(|(v, p)| v as f64 * p).sum()
    }

    /// Smallest value with a place in the table.
    pub fn min(&self) -> i64 {
        self.offset
    }

    /// Largest value with a place in the table.
    pub fn max(&self) -> i64 {
        self.offset + self.probs.len() as i64 - 1
    }

    /// `(value, probability)` pairs in increasing value.
    pub fn iter(&self) -> impl Iterator<Item = (i64, f64)> + '_ {
        self.probs
            .iter()
            .enumerate()
            .map(|(i, &p)| (self.offset + i as i64, p))
    }
}
