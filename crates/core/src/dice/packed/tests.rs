//! The tests of `packed` (the module above, `super`).

use super::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[test]
fn rejects_impossible_groups() {
    assert!(PackedDice::new(1, 3).is_none());
    assert!(PackedDice::new(10, 0).is_none());
    assert!(PackedDice::new(10, 20).is_none());
    assert!(PackedDice::new(10, PackedDice::MAX_DICE).is_some());
}

#[test]
fn threshold_is_two_to_the_64_mod_range() {
    let d = PackedDice::new(10, 3).unwrap();
    let expected = ((1u128 << 64) % 1000) as u64;
    assert_eq!(d.threshold, expected);
}

/// Every (die, face) cell and every pair of faces for dice 0 and 1 is uniform within 4.5
/// standard errors, so the digits are both unbiased and independent.
#[test]
fn faces_are_uniform_and_independent() {
    let dice = PackedDice::new(10, 4).unwrap();
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(7);
    let n = 400_000u64;
    let mut single = [[0u64; 10]; 4];
    let mut pair = [[0u64; 10]; 10];
    let mut faces = [0u64; 4];
    for _ in 0..n {
        dice.roll_each(&mut rng, |i, f| {
            single[i as usize][f as usize] += 1;
            faces[i as usize] = f;
        });
        pair[faces[0] as usize][faces[1] as usize] += 1;
    }
    let check = |count: u64, p: f64| {
        let mean = n as f64 * p;
        let sd = (n as f64 * p * (1.0 - p)).sqrt();
        assert!(
            (count as f64 - mean).abs() <= 4.5 * sd,
            "count {count} vs expected {mean} (sd {sd})"
        );
    };
    for die in &single {
        for &c in die {
            check(c, 0.1);
        }
    }
    for row in &pair {
        for &c in row {
            check(c, 0.01);
        }
    }
}
