//! The tests of `seed` (the module above, `super`).

use super::*;
use rand::Rng;

#[test]
fn batches_differ_and_replay() {
    let a = batch_rng(1, 0).next_u64();
    let b = batch_rng(1, 1).next_u64();
    let c = batch_rng(2, 0).next_u64();
    assert_ne!(a, b);
    assert_ne!(a, c);
    assert_eq!(a, batch_rng(1, 0).next_u64());
}
