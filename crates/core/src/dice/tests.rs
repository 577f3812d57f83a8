//! `uniform_below`: the rejection step on a scripted draw, and sampled uniformity.

use super::*;
use crate::testkit::{Script, assert_samples_match};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[test]
fn biased_draws_are_rejected() {
    // n = 3: 2³² mod 3 = 1, so only the draw 0 (low half 0 < 1) is rejected.
    let mut rng = Script {
        draws: vec![0, u32::MAX],
        taken: 0,
    };
    assert_eq!(uniform_below(&mut rng, 3), 2);
    assert_eq!(rng.taken, 2);
    // n = 6: 2³² mod 6 = 4; draw 0x2AAA_AAAB gives 6·draw = 2³² + 2, low half 2 < 4.
    let mut rng = Script {
        draws: vec![0x2AAA_AAAB, 0x8000_0001],
        taken: 0,
    };
    assert_eq!(uniform_below(&mut rng, 6), 3);
    assert_eq!(rng.taken, 2);
    // Accepted draws map by their high half.
    let mut rng = Script {
        draws: vec![0x2AAA_AAAC],
        taken: 0,
    };
    assert_eq!(uniform_below(&mut rng, 6), 1);
    assert_eq!(
        uniform_below(
            &mut Script {
                draws: vec![123],
                taken: 0
            },
            1
        ),
        0
    );
}

#[test]
fn uniform_below_is_uniform() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(11);
    for k in [1u32, 2, 3, 6, 7, 20, 1000] {
        let exact = Pmf::uniform(0, i64::from(k) - 1);
        assert_samples_match(&exact, || i64::from(uniform_below(&mut rng, k)), 200_000);
    }
}
