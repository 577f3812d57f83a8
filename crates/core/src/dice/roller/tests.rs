//! The seeded dice follow the exact distributions: plain dice from their streams, every die
//! and pick one by one, packed draws, and sets drawn at once.

use super::*;
use crate::testkit::assert_samples_match;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn expr(text: &str) -> DiceExpr {
    text.parse().unwrap()
}

#[test]
fn plain_dice_are_one_kind_of_die_and_a_constant() {
    let plain = |text: &str| PlainDice::of(&expr(text)).map(|p| (p.count, p.sides));
    assert_eq!(PlainDice::of(&expr("3d7")).map(|p| p.slot), Some(NONE));
    assert_eq!(plain("2d6+4"), Some((2, 6)));
    assert_eq!(plain("1d8-1"), Some((1, 8)));
    assert_eq!(plain("d4"), Some((1, 4)));
    assert_eq!(plain("d20 + 3"), Some((1, 20)));
    for other in ["7", "d6!", "d3 - d4", "2d6 + 1d4 + 2", "d6 + d6 + d8"] {
        assert_eq!(plain(other), None, "{other}");
    }
}

/// The seeded dice's plain dice, from their streams, and every die they roll one by one
/// follow the exact distribution of the expression or die.
#[test]
fn seeded_dice_follow_the_exact_distributions() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(9);
    let mut dice = FightDice::new(&mut rng);
    for text in [
        "1d8+2", "2d6+4", "3d4-2", "d20+1", "2d10", "d12", "3d7", "d6!", "d3 - d4",
    ] {
        let e = expr(text);
        let plain = PlainDice::of(&e);
        assert_samples_match(&e.pmf(), || dice.roll_plain(&e, plain), 100_000);
        assert_samples_match(&e.pmf(), || dice.roll(&e), 100_000);
        if let Some(p) = plain.filter(PlainDice::streamed) {
            assert_samples_match(&e.pmf(), || dice.roll_streamed(&e, p), 100_000);
        }
    }
    for sides in [2, 3, 4, 6, 8, 10, 12, 20, 100] {
        let e = expr(&format!("d{sides}"));
        assert_samples_match(&e.pmf(), || dice.d(sides), 100_000);
    }
    assert_samples_match(&expr("d20").pmf(), || dice.d20(), 100_000);
    for n in [2, 3, 5, 7, 20, 25] {
        let e = expr(&format!("d{n}-1"));
        assert_samples_match(&e.pmf(), || dice.pick(n as usize) as i64, 100_000);
        let among = Among::new(n as usize);
        assert_samples_match(&e.pmf(), || dice.pick_among(among) as i64, 100_000);
    }
}

/// Direct dice follow the same distributions, one draw per die.
#[test]
fn direct_dice_follow_the_exact_distributions() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(10);
    let mut dice = Direct(&mut rng);
    for sides in [2, 6, 20, 100] {
        let e = expr(&format!("d{sides}"));
        assert_samples_match(&e.pmf(), || dice.d(sides), 100_000);
    }
    assert_samples_match(&expr("2d6+1").pmf(), || dice.roll(&expr("2d6+1")), 100_000);
    assert_samples_match(&expr("d7-1").pmf(), || dice.pick(7) as i64, 100_000);
}

/// A packed draw's digits are independent dice: the lowest digit and the sum of two digits
/// follow their exact tables.
#[test]
fn packed_draws_are_independent_dice() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(13);
    let mut dice = FightDice::new(&mut rng);
    let three = PackedDice::new(10, 3).unwrap();
    let mut draws = (0..100_000)
        .map(|_| dice.packed(&three))
        .collect::<Vec<_>>();
    let mut it = draws.iter();
    assert_samples_match(
        &expr("d10-1").pmf(),
        || (it.next().unwrap() % 10) as i64,
        100_000,
    );
    let mut it = draws.iter();
    assert_samples_match(
        &expr("2d10-2").pmf(),
        || {
            let v = it.next().unwrap();
            (v / 10 % 10 + v / 100) as i64
        },
        100_000,
    );
    draws.clear();
}

/// A set drawn at once gives each roll its expression's distribution, independently:
/// each roll, and the sum of two of them, follow their exact tables. A set that cannot
/// be drawn at once (an exploding die) rolls each in turn.
#[test]
fn dice_sets_roll_each_expression_independently() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(12);
    let mut dice = FightDice::new(&mut rng);
    for texts in [["d4", "1d10+2", "2d6", "d8"], ["d4", "d6!", "3d8-1", "d20"]] {
        let set = DiceSet::new(texts.iter().map(|t| expr(t)).collect());
        assert_eq!(set.drawn_at_once(), texts[1] != "d6!");
        let n = 100_000;
        let mut rolls = vec![Vec::with_capacity(n); texts.len()];
        for _ in 0..n {
            dice.roll_set(&set, |k, total| rolls[k].push(total));
        }
        for (k, text) in texts.iter().enumerate() {
            let e = expr(text);
            let mut it = rolls[k].iter();
            let draw = || it.next().unwrap() + e.constant();
            assert_samples_match(&e.pmf(), draw, n as u64);
        }
        let sum = expr(&format!("{} + {}", texts[2], texts[3]));
        let mut pairs = rolls[2].iter().zip(&rolls[3]);
        let draw = || {
            let (a, b) = pairs.next().unwrap();
            a + b + sum.constant()
        };
        assert_samples_match(&sum.pmf(), draw, n as u64);
    }
}
