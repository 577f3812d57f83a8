//! Exact tables for plain, zero-based and exploding dice, the truncation bound, the
//! explosion cap, and sampled frequencies against the exact tables.

use super::*;
use crate::testkit::{AlwaysMax, assert_samples_match};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn plain_and_zero_based_dice_are_uniform() {
    let d8 = Die::d(8).pmf();
    assert_eq!((d8.min(), d8.max()), (1, 8));
    assert!((1..=8).all(|v| close(d8.prob(v), 0.125)));
    let d10 = Die::zero_based(10);
    assert_eq!((d10.min_face(), d10.max_face()), (0, 9));
    assert_eq!((d10.min(), d10.max()), (0, 9));
    let pmf = d10.pmf();
    assert!((0..=9).all(|v| close(pmf.prob(v), 0.1)));
    assert_eq!(pmf.prob(10), 0.0);
    assert!(close(d10.mean(), 4.5) && close(Die::d(20).mean(), 10.5));
    assert!(d10.is_zero_based() && !Die::d(10).is_zero_based());
    assert_eq!(Die::d(1).pmf(), Pmf::point(1));
}

#[test]
fn exploding_d6_bursts_on_six() {
    let d = Die::d(6).exploding();
    let pmf = d.pmf();
    for v in 1..=5 {
        assert!(close(pmf.prob(v), 1.0 / 6.0), "P({v})");
    }
    assert_eq!(pmf.prob(6), 0.0, "a 6 always rolls again");
    assert!(close(pmf.prob(7), 1.0 / 36.0));
    assert!(close(pmf.prob(11), 1.0 / 36.0));
    assert_eq!(pmf.prob(12), 0.0);
    assert!(close(pmf.prob(13), 1.0 / 216.0));
    assert_eq!(d.pmf_depth(), 19);
    assert!((1.0 - pmf.total() - 6f64.powi(-20)).abs() < 1e-15);
    assert!(close(d.mean(), 3.5 * 6.0 / 5.0));
    assert!((pmf.mean() - d.mean()).abs() < 1e-12);
    assert_eq!((d.min(), d.max()), (1, 6 * 65));
}

#[test]
fn shallow_tables_lose_exactly_the_stated_mass() {
    let d = Die::d(6).exploding();
    let two = d.pmf_to_depth(2);
    assert_eq!(two.max(), 2 * 6 + 5);
    assert!(close(d.truncated_mass(2), 1.0 / 216.0));
    assert!((1.0 - two.total() - 1.0 / 216.0).abs() < 1e-15);
    assert_eq!(Die::d(6).truncated_mass(0), 0.0);
    let zero = d.pmf_to_depth(0);
    assert_eq!((zero.min(), zero.max()), (1, 5));
    assert!(close(zero.total(), 5.0 / 6.0));
}

/// Property: for many dice, the exact table sums to 1 − the stated lost mass, which is at
/// most [`PMF_TAIL`].
#[test]
fn every_exploding_table_sums_to_one_less_the_stated_tail() {
    for sides in (2..=40).chain([100, 1000]) {
        for die in [Die::d(sides), Die::zero_based(sides)] {
            let die = die.exploding();
            let depth = die.pmf_depth();
            let lost = die.truncated_mass(depth);
            assert!(lost <= PMF_TAIL, "d{sides}: {lost}");
            assert!((die.pmf().total() - (1.0 - lost)).abs() < 1e-12, "d{sides}");
            assert!((die.pmf().mean() - die.mean()).abs() < 1e-9, "d{sides}");
            let plain = Die::d(sides).pmf();
            assert!((plain.total() - 1.0).abs() < 1e-12);
        }
    }
    assert_eq!(Die::d(2).exploding().pmf_depth(), 49);
    assert_eq!(Die::d(20).exploding().pmf_depth(), 11);
    assert_eq!(Die::d(1_000_000).exploding().pmf_depth(), 2);
    assert_eq!(Die::d(6).pmf_depth(), 0);
}

#[test]
fn zero_based_dice_explode_on_their_highest_face() {
    let d = Die::zero_based(10).exploding();
    let pmf = d.pmf();
    assert!((0..=8).all(|v| close(pmf.prob(v), 0.1)));
    assert!(
        close(pmf.prob(9), 0.01),
        "a 9 rolls again; 9 then 0 makes 9"
    );
    assert!(close(pmf.prob(18), 0.001));
    assert!(close(pmf.prob(9 + 4), 0.01));
    assert!(close(d.mean(), 4.5 / 0.9));
    let coin = Die::zero_based(2).exploding().pmf();
    assert!(close(coin.prob(0), 0.5) && close(coin.prob(3), 1.0 / 16.0));
}

#[test]
fn a_one_sided_die_cannot_explode() {
    let d = Die::d(1).exploding();
    assert!(!d.is_exploding());
    assert_eq!(d.sample(&mut AlwaysMax), 1);
}

#[test]
fn explosions_stop_at_the_cap() {
    let d = Die::d(6).exploding();
    assert_eq!(d.sample(&mut AlwaysMax), d.max());
    assert_eq!(d.max(), 6 * i64::from(MAX_EXPLOSIONS + 1));
    assert_eq!(Die::d(6).sample(&mut AlwaysMax), 6);
    assert_eq!(Die::zero_based(10).sample(&mut AlwaysMax), 9);
}

#[test]
fn limited_explosions_stop_and_their_tables_are_complete() {
    let d = Die::d(6).exploding_at_most(1);
    assert!(d.is_exploding() && d.is_limited());
    assert_eq!((d.max(), d.explosion_limit(), d.pmf_depth()), (12, 1, 1));
    assert_eq!(d.sample(&mut AlwaysMax), 12);
    let pmf = d.pmf();
    assert!((1..=5).all(|v| close(pmf.prob(v), 1.0 / 6.0)));
    assert_eq!(pmf.prob(6), 0.0);
    assert!(
        (7..=12).all(|v| close(pmf.prob(v), 1.0 / 36.0)),
        "the last roll counts a 6"
    );
    assert_eq!((pmf.max(), d.truncated_mass(1)), (12, 0.0));
    assert!(close(pmf.total(), 1.0));
    assert!(close(d.mean(), pmf.mean()) && close(d.mean(), 3.5 * (35.0 / 36.0) * 1.2));
    let z = Die::zero_based(10).exploding_at_most(2);
    let pmf = z.pmf();
    assert_eq!((z.max(), pmf.max()), (27, 27));
    assert!(close(pmf.prob(27), 0.001) && close(pmf.prob(18), 0.001));
    assert!(close(pmf.total(), 1.0) && close(z.mean(), pmf.mean()));
    // A limit past the table's depth leaves the table as `!` has it.
    let deep = Die::d(6).exploding_at_most(40);
    assert_eq!(deep.pmf(), Die::d(6).exploding().pmf());
    assert!(deep.truncated_mass(deep.pmf_depth()) > 0.0);
    assert_eq!(Die::d(6).exploding_at_most(0).explosion_limit(), 1);
    assert_eq!(Die::d(6).exploding_at_most(100), Die::d(6).exploding());
    assert!(!Die::d(6).exploding().is_limited() && !Die::d(1).exploding_at_most(2).is_exploding());
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    assert_samples_match(&d.pmf(), || d.sample(&mut rng), 200_000);
}

#[test]
#[should_panic(expected = "at least one side")]
fn a_die_needs_a_side() {
    let _ = Die::d(0);
}

#[test]
fn samples_follow_the_exact_tables() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    for die in [
        Die::d(6),
        Die::d(20),
        Die::zero_based(10),
        Die::d(6).exploding(),
        Die::d(2).exploding(),
        Die::zero_based(10).exploding(),
    ] {
        assert_samples_match(&die.pmf(), || die.sample(&mut rng), 200_000);
    }
}
