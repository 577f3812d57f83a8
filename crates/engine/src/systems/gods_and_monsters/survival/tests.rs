//! The tests of `survival` (the module above, `super`).

use super::*;
use crate::testing::Scripted;

#[test]
fn toromeen_is_dying() {
    // 004:635-637: fortitude 11 at −2 needs 9, Tony rolls 6 and stays conscious; the
    // Guide rolls 1 against two injuries, Tony 20 against endurance 15 − 2 = 13.
    let mut dice = Scripted::new().d20s([6, 1, 20]);
    assert_eq!(
        consciousness(&mut dice, 11 - 2, false, |_| false),
        (true, 6)
    );
    let out = death_contest(&mut dice, 2, 15 - 2, DeathContest::Single, false, |_| false);
    assert!(out.dying && !out.saved);
    dice.finish();
}

#[test]
fn exact_death_chance_matches_hand_values() {
    // Single: P(d20 ≤ 2)·P(d20 > 13) = 0.1 · 0.35.
    assert!((death_chance(2, 13, DeathContest::Single) - 0.035).abs() < 1e-15);
    // Contest: 0.1·0.35 / (1 − 0.1·0.65), to 1000 exchanges (the tail is ~1e-1188).
    let contest = 0.035 / (1.0 - 0.065);
    assert!((death_chance(2, 13, DeathContest::Contest) - contest).abs() < 1e-15);
    // Neither can fail: doubled, 2·d20 ≤ 25 (12 faces) against 2·d20 ≤ 30 (15 faces).
    let (p, q) = (0.6, 0.75);
    let doubled = p * (1.0 - q) / (1.0 - p * q);
    assert!((death_chance(25, 30, DeathContest::Contest) - doubled).abs() < 1e-15);
    // Neither can ever end it: the character lives.
    assert_eq!(death_chance(40, 40, DeathContest::Contest), 0.0);
    assert_eq!(death_chance(0, 5, DeathContest::Single), 0.0);
}

#[test]
fn sampled_death_contests_agree_with_the_exact_chance() {
    use oddsmith_core::dice::FightDice;
    use rand::SeedableRng;
    let n = 200_000u32;
    for (injuries, endurance, mode) in [
        (5, 8, DeathContest::Single),
        (12, 14, DeathContest::Contest),
        (22, 24, DeathContest::Contest),
    ] {
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(9);
        let mut dice = FightDice::new(&mut rng);
        let dying = (0..n)
            .filter(|_| death_contest(&mut dice, injuries, endurance, mode, false, |_| false).dying)
            .count();
        let p = death_chance(injuries, endurance, mode);
        let se = (p * (1.0 - p) / f64::from(n)).sqrt();
        let rate = dying as f64 / f64::from(n);
        assert!(
            (rate - p).abs() <= 4.5 * se,
            "{injuries}/{endurance}: {rate} vs {p}"
        );
    }
}
