//! The tests of `stream` (the module above, `super`).

use super::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[test]
fn a_draw_holds_as_many_dice_as_fit() {
    assert_eq!(per_draw(20), 14);
    assert_eq!(per_draw(6), 24);
    assert_eq!(per_draw(8), 21);
    assert_eq!(per_draw(4), 31);
    assert_eq!(per_draw(10), PackedDice::MAX_DICE);
    assert_eq!(group(12).count(), 17);
}

/// The stream's faces are the packed draw's base-`s` digits, most significant first,
/// from the same generator: so they are exactly as uniform and independent.
#[test]
fn faces_are_the_digits_of_the_packed_draw() {
    for sides in [2, 3, 6, 8, 20, 1000] {
        let dice = group(sides);
        let mut a = Xoshiro256PlusPlus::seed_from_u64(sides);
        let mut b = a.clone();
        let mut stream = DieStream::default();
        for _ in 0..200 {
            let mut v = dice.draw(&mut b);
            let mut digits: Vec<u64> = (0..dice.count())
                .map(|_| {
                    let d = v % sides;
                    v /= sides;
                    d
                })
                .collect();
            digits.reverse();
            stream.draw(&dice, &mut a);
            let faces: Vec<u64> = (0..dice.count()).map(|_| stream.take(sides)).collect();
            assert_eq!(faces, digits, "d{sides}");
        }
    }
}
