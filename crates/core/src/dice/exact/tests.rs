//! Exact tables against brute force: every tuple of die results enumerated and kept, dropped
//! or counted by sorting (independent of the walk), and every path of the sampler's own
//! rolling code (explosions included) through the shared path-walking dice; the 4d6kh3
//! mean; the truncation bound; the work limit.

use super::*;
use crate::dice::Dice;
use crate::testkit::assert_samples_match;
use crate::testkit::every_path;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use std::collections::BTreeMap;

fn expr(s: &str) -> DiceExpr {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

/// Adds `p` to the sum at `v`, compensated (Neumaier), so that a million small terms add up
/// to within 1e-15 and the brute force is as exact as what it checks.
fn add(sums: &mut BTreeMap<i64, (f64, f64)>, v: i64, p: f64) {
    let (sum, carry) = sums.entry(v).or_insert((0.0, 0.0));
    let t = *sum + p;
    *carry += if sum.abs() >= p.abs() {
        (*sum - t) + p
    } else {
        (p - t) + *sum
    };
    *sum = t;
}

/// The compensated sums, added up.
fn settled(sums: BTreeMap<i64, (f64, f64)>) -> BTreeMap<i64, f64> {
    sums.into_iter().map(|(v, (s, c))| (v, s + c)).collect()
}

/// One term's distribution by enumerating every tuple of its dice's results (from the die's
/// table) and sorting or counting each.
fn brute_term(t: &Term) -> BTreeMap<i64, f64> {
    let one: Vec<(i64, f64)> = t.die.pmf().iter().filter(|(_, p)| *p > 0.0).collect();
    let n = t.count as usize;
    let mut out = BTreeMap::new();
    let mut at = vec![0usize; n];
    loop {
        let mut results: Vec<i64> = at.iter().map(|&i| one[i].0).collect();
        let p: f64 = at.iter().map(|&i| one[i].1).product();
        results.sort_unstable();
        let v = match t.pick {
            Pick::All => results.iter().sum(),
            Pick::Highest(k) => results.iter().rev().take(k as usize).sum(),
            Pick::Lowest(k) => results.iter().take(k as usize).sum(),
            Pick::Count { lo, hi } => {
                results.iter().filter(|r| (lo..=hi).contains(r)).count() as i64
            }
        };
        add(&mut out, if t.negative { -v } else { v }, p);
        // The next tuple, odometer style.
        let mut i = 0;
        loop {
            if i == n {
                return settled(out);
            }
            at[i] += 1;
            if at[i] < one.len() {
                break;
            }
            at[i] = 0;
            i += 1;
        }
    }
}

/// The whole expression by brute force: each term enumerated, the terms combined pairwise.
fn brute(e: &DiceExpr) -> BTreeMap<i64, f64> {
    let mut total = BTreeMap::from([(e.constant(), 1.0)]);
    for t in e.terms() {
        let term = brute_term(t);
        let mut next = BTreeMap::new();
        for (a, p) in &total {
            for (b, q) in &term {
                add(&mut next, a + b, p * q);
            }
        }
        total = settled(next);
    }
    total
}

/// Every value of either table agrees within 1e-12.
fn assert_tables_agree(text: &str, pmf: &Pmf, want: &BTreeMap<i64, f64>) {
    for (&v, &p) in want {
        assert!(
            (pmf.prob(v) - p).abs() <= 1e-12,
            "{text}: P({v}) = {} exact, {p} by brute force",
            pmf.prob(v)
        );
    }
    for (v, p) in pmf.iter() {
        let w = want.get(&v).copied().unwrap_or(0.0);
        assert!(
            (p - w).abs() <= 1e-12,
            "{text}: P({v}) = {p}, brute force {w}"
        );
    }
}

#[test]
fn keep_drop_and_count_match_enumeration() {
    for text in [
        "4d6kh3",
        "4d6kl3",
        "4d6dl1",
        "4d6dh1",
        "2d20kh1",
        "2d20kl1",
        "5d4kh2",
        "5d4kl4",
        "6d6kh3",
        "5d10kh3",
        "3d6kh1 + 2",
        "d20 - 3d4kh2 + 1",
        "6d10>=7",
        "5d6<3",
        "4d6>4",
        "4d6<=1",
        "- 4d6>=5 + 10",
        "3sun>=6",
        "4sunkh2",
        "3sun + d6",
        "2d6!kh1",
        "3d4!2kl2",
        "3d6!3>=6",
        "d6!3",
        "2d6!2 + 3",
        "2heroic! + legendary",
        "4d6kh4",
        "1d8kl1",
    ] {
        let e = expr(text);
        let pmf = e.pmf();
        assert_tables_agree(text, &pmf, &brute(&e));
        let mean = pmf.mean() / pmf.total();
        assert!(
            (e.mean() - mean).abs() < 1e-9,
            "{text}: {} vs {mean}",
            e.mean()
        );
    }
}

/// Every path of the sampler's own code ([`DiceExpr::roll_with`], explosions followed to
/// the sampler's cap) gives the exact table within 1e-12.
#[test]
fn the_rolling_code_walked_path_by_path_matches_the_tables() {
    for text in [
        "4d6kh3",
        "3d6kl2 - 1",
        "4d6dh1",
        "5d10>=7",
        "3d8<3 + d4",
        "2d6!kh1",
        "2d6!2kl1",
        "d6! + d4!1",
        "3sun>=6",
        "2sun!>=9",
        "d20 + d8!",
    ] {
        let e = expr(text);
        let mut by_path = BTreeMap::new();
        every_path(
            |paths| e.roll_with(|die| die.min_face() + paths.pick(die.sides() as usize) as i64),
            |v, p| add(&mut by_path, v, p),
        );
        assert_tables_agree(text, &e.pmf(), &settled(by_path));
    }
}

#[test]
fn four_d6_keep_three_has_the_known_distribution() {
    let e = expr("4d6kh3");
    let pmf = e.checked_pmf().unwrap();
    assert_eq!((pmf.min(), pmf.max()), (3, 18));
    assert!(
        (pmf.mean() - 12.244598765432098).abs() < 1e-12,
        "{}",
        pmf.mean()
    );
    assert!((e.mean() - 12.244598765432098).abs() < 1e-12);
    // 3 needs four 1s; 18 needs three 6s and any fourth die, or four 6s: 21 of 1296.
    assert!((pmf.prob(3) - 1.0 / 1296.0).abs() < 1e-15);
    assert!((pmf.prob(18) - 21.0 / 1296.0).abs() < 1e-15);
    assert!((pmf.total() - 1.0).abs() < 1e-12);
    assert_eq!(e.truncation_bound(), 0.0);
    // Disadvantage: P(min of 2d20 ≥ 11) = (1/2)².
    assert!((expr("2d20kl1").pmf().prob_at_least(11) - 0.25).abs() < 1e-15);
}

#[test]
fn eight_d10_keep_three_is_cheap_and_mirrors_keep_lowest() {
    let e = expr("8d10kh3");
    assert!(e.exact_work() < 1e6, "{}", e.exact_work());
    let high = e.checked_pmf().unwrap();
    assert!((high.total() - 1.0).abs() < 1e-12);
    // A d10 is symmetric (X ↔ 11 − X), so keeping the highest 3 mirrors keeping the lowest.
    let low = expr("8d10kl3").pmf();
    for v in 3..=30 {
        assert!((high.prob(v) - low.prob(33 - v)).abs() < 1e-12, "{v}");
    }
    // P(all 3 kept are 10s) = P(at least 3 of 8 dice show 10).
    let at_least_three: f64 = (3..=8)
        .map(|k| {
            let c = (0..k).fold(1.0, |c, i| c * f64::from(8 - i) / f64::from(i + 1));
            c * 0.1f64.powi(k) * 0.9f64.powi(8 - k)
        })
        .sum();
    assert!((high.prob(30) - at_least_three).abs() < 1e-12);
}

#[test]
fn success_counts_are_binomial() {
    let pmf = expr("6d10>=7").pmf();
    // Each die succeeds with 4/10.
    for k in 0..=6i32 {
        let c = (0..k).fold(1.0, |c, i| c * f64::from(6 - i) / f64::from(i + 1));
        let want = c * 0.4f64.powi(k) * 0.6f64.powi(6 - k);
        assert!((pmf.prob(i64::from(k)) - want).abs() < 1e-15, "{k}");
    }
    assert!((expr("6d10>=7").mean() - 2.4).abs() < 1e-12);
    // Invisible Sun: three d10s numbered 0–9 against 6+, each 4 in 10.
    assert_eq!(expr("3sun>=6").pmf(), expr("3d10>=7").pmf());
}

#[test]
fn truncation_bounds_are_stated_and_kept() {
    let e = expr("d20+2d8!");
    let bound = e.truncation_bound();
    let depth = crate::dice::Die::d(8).exploding().pmf_depth();
    assert!((bound - 2.0 * 8f64.powi(-(depth as i32 + 1))).abs() < 1e-30);
    assert!(bound > 0.0 && bound <= 2.0 * crate::dice::PMF_TAIL);
    let pmf = e.checked_pmf().unwrap();
    assert!(1.0 - pmf.total() <= bound + 1e-12);
    for text in ["4d6kh3", "6d10>=7", "d6!3", "3d6!2kh2", "2d20 + 5"] {
        assert_eq!(expr(text).truncation_bound(), 0.0, "{text}");
        assert!((expr(text).pmf().total() - 1.0).abs() < 1e-12, "{text}");
    }
    // A limit deeper than the table follows is truncated like `!`.
    assert!(expr("d6!40").truncation_bound() > 0.0);
}

#[test]
fn too_much_work_is_refused_before_it_starts() {
    for text in [
        "1000d1000000",
        "100d100kh50",
        "1000d1000",
        "d1000000 + d1000000 + d1000000",
    ] {
        let start = std::time::Instant::now();
        let err = expr(text).checked_pmf().unwrap_err();
        assert!(
            start.elapsed().as_millis() < 100,
            "{text} took {:?}",
            start.elapsed()
        );
        assert!(err.work > MAX_WORK, "{text}");
        assert!(err.to_string().contains("at most 5e8"), "{err}");
    }
    for text in [
        "1000d6",
        "100d20kh50",
        "20d10kh10",
        "d1000000",
        "d20+2d8!",
        "1000d6>=4",
    ] {
        let e = expr(text);
        assert!(e.exact_work() <= MAX_WORK, "{text}: {}", e.exact_work());
    }
    // The estimate is an upper bound in practice: 100d20kh50 finishes.
    let start = std::time::Instant::now();
    let pmf = expr("100d20kh50").checked_pmf().unwrap();
    assert!((pmf.total() - 1.0).abs() < 1e-9, "{}", pmf.total());
    assert!(start.elapsed().as_secs_f64() < 5.0);
}

#[test]
fn samples_of_the_new_forms_follow_the_tables() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(17);
    for text in [
        "4d6kh3",
        "2d20kl1",
        "6d10>=7",
        "d6!2",
        "3sun + 2d4dl1",
        "40d6kh35",
    ] {
        let e = expr(text);
        assert_samples_match(&e.pmf(), || e.sample(&mut rng), 200_000);
    }
}
