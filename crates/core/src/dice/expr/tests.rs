//! Exact distributions, bounds and means of small expressions, equality and round
//! trips, serde, and sampled frequencies against the exact distributions.

use super::*;
use crate::dice::{MAX_EXPLOSIONS, PMF_TAIL, Pmf};
use crate::testkit::{AlwaysMax, assert_samples_match};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn expr(s: &str) -> DiceExpr {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

#[test]
fn two_d6_has_the_triangle_distribution() {
    let e = expr("2d6");
    let pmf = e.pmf();
    assert!(close(pmf.prob(7), 6.0 / 36.0));
    assert!(close(pmf.prob(2), 1.0 / 36.0) && close(pmf.prob(12), 1.0 / 36.0));
    assert_eq!((pmf.prob(1), pmf.prob(13)), (0.0, 0.0));
    assert!(close(pmf.total(), 1.0) && close(pmf.mean(), 7.0));
    assert!(close(pmf.prob_at_most(4), 6.0 / 36.0));
    assert!(close(pmf.prob_at_least(11), 3.0 / 36.0));
    assert_eq!((e.min(), e.max()), (2, 12));
    assert!(close(e.mean(), 7.0));
    assert_eq!((e.dice_count(), e.constant()), (2, 0));
}

#[test]
fn constants_shift_and_subtract() {
    let e = expr("d8+4");
    assert_eq!((e.min(), e.max()), (5, 12));
    let pmf = e.pmf();
    assert!((5..=12).all(|v| close(pmf.prob(v), 0.125)));
    assert_eq!((pmf.min(), pmf.max()), (5, 12));
    assert!(close(e.mean(), 8.5));
    let e = expr("1d20-2");
    assert_eq!((e.min(), e.max()), (-1, 18));
    assert!(close(e.mean(), 8.5));
    let e = expr("2d6 + 1d4 + 2");
    assert_eq!((e.min(), e.max()), (5, 18));
    assert!(close(e.mean(), 7.0 + 2.5 + 2.0) && close(e.pmf().mean(), e.mean()));
    let e = expr("10 - d4");
    assert_eq!((e.min(), e.max()), (6, 9));
    assert!(close(e.pmf().prob(6), 0.25) && close(e.mean(), 7.5));
    let e = expr("-d4 + 1");
    assert_eq!((e.min(), e.max()), (-3, 0));
    assert_eq!(expr(" 3 ").pmf(), Pmf::point(3));
    assert_eq!(
        (expr("3").min(), expr("3").max(), expr("3").mean()),
        (3, 3, 3.0)
    );
    assert_eq!(expr("d4").pmf(), Pmf::uniform(1, 4));
    assert_eq!(expr("2D6").min(), 2);
}

#[test]
fn exploding_terms_burst_and_truncate() {
    let e = expr("d6!");
    assert!(e.is_exploding() && !expr("2d6").is_exploding());
    let pmf = e.pmf();
    assert!((1..=5).all(|v| close(pmf.prob(v), 1.0 / 6.0)));
    assert_eq!(pmf.prob(6), 0.0);
    assert!(close(pmf.prob(7), 1.0 / 36.0));
    assert!(close(e.mean(), 4.2) && (pmf.mean() - 4.2).abs() < 1e-12);
    assert_eq!((e.min(), e.max()), (1, 6 * i64::from(MAX_EXPLOSIONS + 1)));
    assert_eq!(e.sample(&mut AlwaysMax), e.max());
    let e = expr("d10! + 2");
    assert!(close(e.pmf().prob(2 + 10 + 3), 0.01));
    let e = expr("3d6! - 2d4!");
    let pmf = e.pmf();
    assert!((1.0 - pmf.total()) <= 5.0 * PMF_TAIL + 1e-12);
    assert!((pmf.mean() - e.mean()).abs() < 1e-9);
    assert_eq!(e.min(), 3 - 2 * 4 * 65);
    assert_eq!(e.max(), 3 * 6 * 65 - 2);
}

/// Property: assorted expressions' tables sum to 1 (less the stated tail for exploding
/// dice) and their means agree with the closed form.
#[test]
fn tables_sum_to_one() {
    for text in [
        "d1",
        "d2",
        "3d4-2",
        "4d6+1",
        "10d10",
        "d20 - d20",
        "100d6",
        "2d12 + d8 - 3",
        "d6! + d4",
        "2d2!",
        "5",
        "-7",
    ] {
        let e = expr(text);
        let pmf = e.pmf();
        let tail = if e.is_exploding() {
            f64::from(e.dice_count()) * PMF_TAIL
        } else {
            0.0
        };
        assert!(
            (pmf.total() - 1.0).abs() <= 1e-12 + tail,
            "{text}: {}",
            pmf.total()
        );
        assert!((pmf.mean() - e.mean()).abs() < 1e-9, "{text}");
        assert!(pmf.min() >= e.min() && pmf.max() <= e.max(), "{text}");
        if !e.is_exploding() {
            assert_eq!((pmf.min(), pmf.max()), (e.min(), e.max()), "{text}");
        }
    }
}

#[test]
fn round_trips_and_equality_ignore_spacing() {
    for text in [
        "2d6+3",
        "d8+4",
        "d4",
        "3",
        "1d20-2",
        "d10!",
        "2d6 + 1d4 + 2",
        "-d4+1",
    ] {
        let e = expr(text);
        assert_eq!(e.to_string(), text);
        assert_eq!(e.as_str(), text);
        assert_eq!(expr(&e.to_string()), e);
    }
    assert_eq!(expr(" 2D6 +3 "), expr("2d6+3"));
    assert_eq!(expr(" 2D6 +3 ").as_str(), "2D6 +3");
    assert_eq!(expr("d6+1+2"), expr("d6+3"));
    assert_eq!(expr("1d6"), expr("d6"));
    assert_ne!(expr("d6!"), expr("d6"));
    assert_ne!(expr("d6+d4"), expr("d4+d6"));
}

#[test]
fn serde_reads_and_writes_the_string() {
    use serde::de::IntoDeserializer;
    use serde::de::value::{Error, StrDeserializer};
    let de: StrDeserializer<'_, Error> = "d8+4".into_deserializer();
    let e = DiceExpr::deserialize(de).unwrap();
    assert_eq!(e, expr("d8+4"));
    let de: StrDeserializer<'_, Error> = "d8+".into_deserializer();
    let err = DiceExpr::deserialize(de).unwrap_err().to_string();
    assert_eq!(err, "d8+".parse::<DiceExpr>().unwrap_err().to_string());
    assert!(err.contains("expected a number or a die"), "{err}");
    let de: serde::de::value::U32Deserializer<Error> = 7u32.into_deserializer();
    assert!(DiceExpr::deserialize(de).is_err(), "only strings");
    let json = serde_json::to_string(&expr(" 2d6 + 1")).unwrap();
    assert_eq!(json, "\"2d6 + 1\"");
    assert_eq!(
        serde_json::from_str::<DiceExpr>(&json).unwrap(),
        expr("2d6+1")
    );
}

#[test]
fn samples_follow_the_exact_distribution() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for text in [
        "d20",
        "2d6+3",
        "d8+4",
        "3d4-2",
        "d6!",
        "d3 - d4",
        "2d6 + 1d4 + 2",
        "7",
    ] {
        let e = expr(text);
        assert_samples_match(&e.pmf(), || e.sample(&mut rng), 200_000);
    }
}

/// Value stability: a fixed seed gives the same rolls (dice in written order).
#[test]
fn fixed_seed_gives_fixed_rolls() {
    let e = expr("2d6 + d4");
    let mut a = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut b = Xoshiro256PlusPlus::seed_from_u64(5);
    let by_hand: i64 = (0..3)
        .map(|i| {
            let die = if i < 2 { Die::d(6) } else { Die::d(4) };
            die.sample(&mut b)
        })
        .sum();
    assert_eq!(e.sample(&mut a), by_hand);
}
