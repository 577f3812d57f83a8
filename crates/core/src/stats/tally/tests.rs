//! The tests of `tally` (the module above, `super`).

use super::*;

#[test]
fn batch_ratio_sums_equal_the_wide_sums_of_the_same_pairs() {
    let pairs = [
        (3, 7),
        (0, 0),
        (65_535, 65_535),
        (65_536, 2),
        (1 << 40, 5),
        (12, 1),
    ];
    let (mut batch, mut wide) = (BatchRatioSums::default(), RatioSums::default());
    for (x, y) in pairs {
        batch.add(x, y);
        wide.add(x, y);
    }
    assert_eq!(batch.take(), wide);
    assert_eq!(batch.take(), RatioSums::default());
    // Spilled part-way, the sums are the same.
    batch.add(9, 4);
    batch.spill();
    batch.add(2, 3);
    let mut two = RatioSums::default();
    two.add(9, 4);
    two.add(2, 3);
    assert_eq!(batch.take(), two);
}

#[test]
fn merge_adds_counts_and_grows_histograms() {
    let mut layout = Layout::new();
    let c = layout.counter("hit", Meta::default());
    let h = layout.histogram("k", 2, HistogramReport::Buckets, Meta::default());
    let mut a = layout.tally();
    let mut b = layout.tally();
    a.add_trials(2);
    a.count(c, true);
    a.count(c, false);
    a.record(h, 1);
    a.record(h, 0);
    b.add_trials(1);
    b.count(c, true);
    b.record(h, 4);
    let m = a.clone().merge(b.clone());
    assert_eq!(m.trials(), 3);
    assert_eq!(m.counter(c), 2);
    assert_eq!(m.histogram(h).counts(), &[1, 1, 0, 0, 1]);
    // Merging is commutative.
    assert_eq!(b.merge(a), m);
}
