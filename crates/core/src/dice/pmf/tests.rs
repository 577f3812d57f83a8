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
