//! Keep and count on scripted results: every order of a small multiset, both tracking
//! sides, and the allocation path beyond [`TRACKED`].

use super::*;

fn term(count: u32, pick: Pick) -> Term {
    Term {
        count,
        die: Die::d(1_000_000),
        pick,
        negative: false,
    }
}

fn value_of(t: &Term, results: &[i64]) -> i64 {
    let mut it = results.iter();
    let v = t.value(|| *it.next().expect("enough results"));
    assert!(it.next().is_none(), "every result is rolled");
    v
}

/// The reference: sort and sum the kept ones.
fn by_sorting(results: &[i64], k: usize, highest: bool) -> i64 {
    let mut sorted = results.to_vec();
    sorted.sort_unstable();
    if highest {
        sorted.iter().rev().take(k).sum()
    } else {
        sorted.iter().take(k).sum()
    }
}

#[test]
fn keeps_match_sorting_for_every_size() {
    let results = [5, 1, 6, 6, 2, 3, 1, 4];
    for n in 1..=results.len() {
        let r = &results[..n];
        for k in 1..=n as u32 {
            let hi = value_of(&term(n as u32, Pick::Highest(k)), r);
            let lo = value_of(&term(n as u32, Pick::Lowest(k)), r);
            assert_eq!(hi, by_sorting(r, k as usize, true), "{r:?} kh{k}");
            assert_eq!(lo, by_sorting(r, k as usize, false), "{r:?} kl{k}");
        }
    }
}

#[test]
fn many_kept_and_dropped_take_the_slow_path_right() {
    // 100 results, keep 50: both sides exceed the fixed array.
    let results: Vec<i64> = (0..100).map(|i| (i * 37 % 101) - 20).collect();
    for k in [1u32, 31, 32, 33, 50, 67, 68, 69, 100] {
        let t = term(100, Pick::Highest(k));
        assert_eq!(
            value_of(&t, &results),
            by_sorting(&results, k as usize, true)
        );
        let t = term(100, Pick::Lowest(k));
        assert_eq!(
            value_of(&t, &results),
            by_sorting(&results, k as usize, false)
        );
    }
}

#[test]
fn counts_and_signs() {
    let t = term(
        6,
        Pick::Count {
            lo: 7,
            hi: i64::MAX,
        },
    );
    assert_eq!(value_of(&t, &[7, 1, 10, 6, 9, 7]), 4);
    let t = term(
        3,
        Pick::Count {
            lo: i64::MIN,
            hi: 2,
        },
    );
    assert_eq!(value_of(&t, &[1, 2, 3]), 2);
    let mut t = term(4, Pick::Highest(3));
    t.negative = true;
    assert_eq!(value_of(&t, &[1, 2, 3, 4]), -9);
    assert_eq!(t.bounds(), (-3_000_000, -3));
    let t = term(4, Pick::Count { lo: 1, hi: 1 });
    assert_eq!(t.bounds(), (0, 4));
}
