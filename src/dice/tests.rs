//! Dice: exact distributions for small cases, parsing and its errors, the step chain, and
//! sampled frequencies within 4.5 standard errors of the exact distribution.

use super::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn expr(s: &str) -> DiceExpr {
    s.parse().unwrap()
}

#[test]
fn two_d6_has_the_triangle_distribution() {
    let pmf = expr("2d6").pmf();
    assert!(close(pmf.prob(7), 6.0 / 36.0));
    assert!(close(pmf.prob(2), 1.0 / 36.0));
    assert!(close(pmf.prob(12), 1.0 / 36.0));
    assert_eq!(pmf.prob(13), 0.0);
    assert!(close(pmf.total(), 1.0));
    assert!(close(pmf.mean(), 7.0));
    assert!(close(pmf.prob_at_most(4), 6.0 / 36.0));
    assert!(close(pmf.prob_at_least(11), 3.0 / 36.0));
}

#[test]
fn constants_shift_and_subtract() {
    let e = expr("d8+4");
    assert_eq!((e.min(), e.max()), (5, 12));
    let pmf = e.pmf();
    for v in 5..=12 {
        assert!(close(pmf.prob(v), 0.125));
    }
    assert!(close(e.mean(), 8.5));
    let e = expr("1d20 - 2");
    assert_eq!((e.min(), e.max()), (-1, 18));
    let e = expr("2d6 + 1d4 + 2");
    assert_eq!((e.min(), e.max()), (5, 18));
    assert!(close(e.mean(), 7.0 + 2.5 + 2.0));
    assert!(close(e.pmf().mean(), e.mean()));
    let e = expr("10 - d4");
    assert_eq!((e.min(), e.max()), (6, 9));
    assert!(close(e.pmf().prob(6), 0.25));
    assert_eq!(expr(" 3 ").pmf(), Pmf::point(3));
    assert_eq!(expr("2D6").min(), 2);
}

#[test]
fn zero_based_d10_runs_zero_to_nine() {
    let d = Die::zero_based(10);
    assert_eq!((d.min_face(), d.max_face()), (0, 9));
    let pmf = d.pmf();
    assert!(close(pmf.prob(0), 0.1) && close(pmf.prob(9), 0.1) && pmf.prob(10) == 0.0);
}

#[test]
fn exploding_d6_bursts_on_six() {
    let e = expr("d6!");
    let pmf = e.pmf();
    for v in 1..=5 {
        assert!(close(pmf.prob(v), 1.0 / 6.0));
    }
    assert_eq!(pmf.prob(6), 0.0, "a 6 always rolls again");
    assert!(close(pmf.prob(7), 1.0 / 36.0));
    assert!(close(pmf.prob(13), 1.0 / 216.0));
    // Truncated after 12 explosions: the missing mass is 6^-13.
    assert!((1.0 - pmf.total() - 6f64.powi(-13)).abs() < 1e-15);
    assert!(close(e.mean(), 3.5 * 6.0 / 5.0));
    assert!((pmf.mean() - e.mean()).abs() < 1e-6);
    assert_eq!(e.min(), 1);
}

#[test]
fn step_dice_walk_the_chain_and_clamp() {
    assert_eq!(StepDie::D8.step_up(1), StepDie::D10);
    assert_eq!(StepDie::D12.step_up(1), StepDie::D20);
    assert_eq!(StepDie::D20.step_up(3), StepDie::D20);
    assert_eq!(StepDie::D6.step_down(1), StepDie::D4);
    assert_eq!(StepDie::D4.step_down(2), StepDie::D4);
    assert_eq!(StepDie::D10.step(-2), (StepDie::D6, false));
    assert_eq!(StepDie::D10.step(4), (StepDie::D20, true));
    assert_eq!(StepDie::from_sides(12), Some(StepDie::D12));
    assert_eq!(StepDie::from_sides(7), None);
    assert_eq!(StepDie::D20.die().max_face(), 20);
}

#[test]
fn bad_expressions_say_what_is_wrong() {
    for (input, problem) in [
        ("", "the expression is empty"),
        ("2d", "expected a number of sides after 'd'"),
        ("d0", "a die needs at least 1 side"),
        ("0d6", "a term rolls 0 dice"),
        ("2d6+", "expected a number or a die at the end"),
        ("2d6 x", "unexpected 'x'; expected '+', '-' or the end"),
        ("d8+4y", "unexpected 'y'"),
        ("1001d6", "the number of dice is larger than 1000"),
        ("d2000000", "the number of sides is larger than 1000000"),
        ("600d6+600d6", "more than 1000 dice in all"),
        ("99999999999", "larger than"),
        ("d1!", "a one-sided die cannot explode"),
        ("abc", "unexpected 'a'"),
    ] {
        let err = input.parse::<DiceExpr>().unwrap_err().to_string();
        assert!(err.contains(problem), "{input:?}: {err}");
        assert!(err.contains("\"2d6+3\""), "{err} names the allowed form");
    }
}

#[test]
fn deserializes_from_a_string() {
    #[derive(serde::Deserialize)]
    struct A {
        damage: DiceExpr,
    }
    let a: A = toml::from_str("damage = \"d8+4\"").unwrap();
    assert_eq!(a.damage.as_str(), "d8+4");
    let err = toml::from_str::<A>("damage = \"d8+\"")
        .err()
        .unwrap()
        .to_string();
    assert!(err.contains("expected a number or a die"), "{err}");
}

/// Draws `n` samples and checks every value's count is within 4.5 standard errors of
/// `n·p` from the exact distribution (and that no impossible value appears).
fn assert_samples_match(pmf: &Pmf, mut draw: impl FnMut() -> i64, n: u64) {
    let mut counts = std::collections::BTreeMap::new();
    for _ in 0..n {
        *counts.entry(draw()).or_insert(0u64) += 1;
    }
    for &v in counts.keys() {
        assert!(pmf.prob(v) > 0.0 || v > pmf.max(), "impossible value {v}");
    }
    for (v, p) in pmf.iter() {
        let c = counts.get(&v).copied().unwrap_or(0) as f64;
        let sd = (n as f64 * p * (1.0 - p)).sqrt();
        assert!(
            (c - n as f64 * p).abs() <= 4.5 * sd.max(1e-9) + 1e-9,
            "value {v}: {c} vs {}",
            n as f64 * p
        );
    }
}

#[test]
fn samples_follow_the_exact_distribution() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    let n = 200_000;
    for text in ["d20", "2d6+3", "d8+4", "3d4-2", "d6!", "d3 - d4"] {
        let e = expr(text);
        assert_samples_match(&e.pmf(), || e.sample(&mut rng), n);
    }
    let d = Die::zero_based(10);
    assert_samples_match(&d.pmf(), || d.sample(&mut rng), n);
    for k in [1u32, 2, 3, 7, 20, 1000] {
        let bound = Pmf::uniform(0, i64::from(k) - 1);
        assert_samples_match(&bound, || i64::from(uniform_below(&mut rng, k)), n);
    }
}
