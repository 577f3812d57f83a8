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
mod tests {
    //! Exact small tables: convolution, cumulative sums, moments and edge cases.

    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12
    }

    #[test]
    fn two_uniforms_convolve_to_a_triangle() {
        let d6 = Pmf::uniform(1, 6);
        let two = d6.convolve(&d6);
        assert_eq!((two.min(), two.max()), (2, 12));
        for v in 2..=12 {
            let ways = 6 - (v - 7i64).abs();
            assert!(close(two.prob(v), ways as f64 / 36.0), "P({v})");
        }
        assert!(close(two.total(), 1.0));
        assert!(close(two.mean(), 7.0));
        assert!(close(two.variance(), 35.0 / 6.0));
    }

    #[test]
    fn cumulative_sums_cover_the_edges() {
        let d4 = Pmf::uniform(1, 4);
        assert_eq!(d4.prob_at_most(0), 0.0);
        assert!(close(d4.prob_at_most(2), 0.5));
        assert!(close(d4.cdf(4), 1.0));
        assert!(close(d4.cdf(i64::MAX), 1.0));
        assert_eq!(d4.cdf(i64::MIN), 0.0);
        assert!(close(d4.prob_at_least(1), 1.0));
        assert!(close(d4.prob_at_least(i64::MIN), 1.0));
        assert!(close(d4.prob_at_least(4), 0.25));
        assert_eq!(d4.prob_at_least(5), 0.0);
        assert_eq!(d4.prob_at_least(i64::MAX), 0.0);
        assert_eq!(d4.prob(i64::MIN), 0.0);
        assert_eq!(d4.prob(i64::MAX), 0.0);
    }

    #[test]
    fn shifts_negations_and_mixtures() {
        let x = Pmf::new(0, vec![0.5, 0.25, 0.25]);
        let neg = x.negated();
        assert_eq!((neg.min(), neg.max()), (-2, 0));
        assert!(close(neg.prob(-2), 0.25) && close(neg.prob(0), 0.5));
        let moved = x.clone().shifted(10);
        assert!(close(moved.prob(10), 0.5) && close(moved.mean(), 10.75));
        let mix = Pmf::point(-3).scaled(0.5).added(&Pmf::point(3).scaled(0.5));
        assert_eq!((mix.min(), mix.max()), (-3, 3));
        assert!(close(mix.prob(3), 0.5) && close(mix.mean(), 0.0) && close(mix.total(), 1.0));
        assert_eq!(Pmf::zero().added(&x), x);
        assert_eq!(Pmf::zero().convolve(&x), Pmf::zero());
        assert_eq!(Pmf::zero().max(), -1);
        let pairs: Vec<_> = x.iter().collect();
        assert_eq!(pairs, vec![(0, 0.5), (1, 0.25), (2, 0.25)]);
        assert_eq!(x.probs(), &[0.5, 0.25, 0.25]);
    }

    #[test]
    #[should_panic(expected = "non-negative")]
    fn negative_probabilities_are_refused() {
        let _ = Pmf::new(0, vec![1.5, -0.5]);
    }

    /// Property: convolving many uniform tables of assorted widths keeps the total at 1 and
    /// the mean at the sum of the means.
    #[test]
    fn convolutions_keep_total_one_and_add_means() {
        let mut acc = Pmf::point(0);
        let mut mean = 0.0;
        for (k, width) in [1i64, 2, 3, 4, 6, 8, 10, 12, 20, 100]
            .iter()
            .cycle()
            .take(60)
            .enumerate()
        {
            let lo = k as i64 % 7 - 3;
            let u = Pmf::uniform(lo, lo + width - 1);
            mean += u.mean();
            acc = acc.convolve(&u);
            assert!(
                (acc.total() - 1.0).abs() < 1e-12,
                "total {} after {k}",
                acc.total()
            );
        }
        assert!((acc.mean() - mean).abs() < 1e-9 * mean.abs().max(1.0));
    }
}
