//! The tape leaves A's numbers alone, gives B the same numbers while B asks for the same,
//! and B's dice keep their exact distributions whatever A asked for.

use super::*;
use crate::dice::{FightDice, uniform_below};
use crate::testkit::assert_samples_match;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

fn expr(text: &str) -> DiceExpr {
    text.parse().unwrap()
}

fn rng(seed: u64) -> Xoshiro256PlusPlus {
    Xoshiro256PlusPlus::seed_from_u64(seed)
}

/// A mix of every kind of request, as a fight asks: the faces, in order.
fn requests<D: Dice>(dice: &mut D, set: &DiceSet) -> Vec<i64> {
    let (two_d6, exploding) = (expr("2d6+3"), expr("d6!+1"));
    let plain = PlainDice::of(&two_d6);
    let mut out = Vec::new();
    for _ in 0..40 {
        dice.round_begins();
        out.push(dice.d20());
        out.push(dice.d(8));
        out.push(dice.d(7));
        out.push(dice.roll(&exploding));
        out.push(dice.roll_plain(&two_d6, plain));
        out.push(dice.roll_streamed(&two_d6, plain.unwrap()));
        out.push(dice.pick(3) as i64);
        out.push(dice.pick_among(Among::new(25)) as i64);
        out.push(dice.packed(&PackedDice::new(10, 3).unwrap()) as i64);
        dice.roll_set(set, |k, v| out.push(100 * k as i64 + v));
    }
    out
}

#[test]
fn recording_leaves_the_numbers_alone_and_replaying_gives_them_back() {
    let set = DiceSet::new(vec![expr("d8+2"), expr("2d4")]);
    let alone = requests(&mut FightDice::new(&mut rng(1)), &set);
    let mut tape = Tape::default();
    let mut seeded = rng(1);
    let mut dice = FightDice::new(&mut seeded);
    let recorded = requests(&mut tape.recording_dice(&mut dice), &set);
    assert_eq!(recorded, alone);
    // The same requests get the same faces, none from the fallback.
    let mut fallback = rng(99);
    let mut replay = tape.replaying_dice(FightDice::new(&mut fallback));
    assert_eq!(requests(&mut replay, &set), alone);
    assert!(replay.live && replay.next == tape.faces.len());

    // Generator outputs, of every width.
    let want = mixed(&mut rng(2));
    let (mut tape, mut seeded) = (Tape::default(), rng(2));
    assert_eq!(mixed(&mut tape.recording(&mut seeded)), want);
    let mut fallback = rng(3);
    assert_eq!(mixed(&mut tape.replaying(&mut fallback)), want);
}

/// Fifty outputs of `r`: 32-bit, 64-bit and five bytes in turn (the last byte kept).
fn mixed<R: Rng>(r: &mut R) -> Vec<u64> {
    (0..50)
        .map(|i| match i % 3 {
            0 => u64::from(r.next_u32()),
            1 => r.next_u64(),
            _ => {
                let mut b = [0u8; 5];
                r.fill_bytes(&mut b);
                u64::from(b[4])
            }
        })
        .collect()
}

#[test]
fn the_replay_stops_at_the_first_request_that_differs() {
    let mut tape = Tape::default();
    let mut seeded = rng(4);
    let mut dice = FightDice::new(&mut seeded);
    let mut recording = tape.recording_dice(&mut dice);
    let a: Vec<i64> = vec![recording.d(6), recording.d(8), recording.d(6)];
    let mut fallback = rng(5);
    let mut twin = rng(5);
    let mut own = FightDice::new(&mut twin);
    let mut replay = tape.replaying_dice(FightDice::new(&mut fallback));
    assert_eq!(replay.d(6), a[0]);
    // B asks for a d10 where A rolled a d8: from here on B rolls its own dice, even for
    // the d6 that A rolled next.
    assert_eq!(replay.d(10), own.d(10));
    assert_eq!(replay.d(6), own.d(6));
    assert!(!replay.live);

    // Other dice, even with the same range, are not replayed; another constant is.
    let mut tape = Tape::default();
    let mut seeded = rng(6);
    let mut dice = FightDice::new(&mut seeded);
    let rolled = tape.recording_dice(&mut dice).roll(&expr("2d6+1"));
    let mut fallback = rng(7);
    let mut replay = tape.replaying_dice(FightDice::new(&mut fallback));
    assert_eq!(replay.roll(&expr("2d6+5")), rolled + 4);
    let mut replay = tape.replaying_dice(FightDice::new(&mut fallback));
    let _ = replay.roll(&expr("1d11+1"));
    assert!(!replay.live);

    // A generator replay stops at another width or past the end.
    let mut tape = Tape::default();
    let mut seeded = rng(8);
    let x = tape.recording(&mut seeded).next_u64();
    let (mut fallback, mut twin) = (rng(9), rng(9));
    let mut replay = tape.replaying(&mut fallback);
    assert_eq!(replay.next_u64(), x);
    assert_eq!(replay.next_u64(), twin.next_u64());
    let mut replay = tape.replaying(&mut fallback);
    assert_eq!(replay.next_u32(), twin.next_u32());
}

/// Whatever A asked for, B's dice follow their exact distributions: A rolls a d6 or a d8
/// depending on its last d20, B always a d6 and then a 2d4.
#[test]
fn replayed_dice_keep_their_exact_distributions() {
    let (mut a_rng, mut fallback) = (rng(10), rng(11));
    let mut a_dice = FightDice::new(&mut a_rng);
    let mut tape = Tape::default();
    let mut b_values = Vec::new();
    let two_d4 = expr("2d4");
    for _ in 0..100_000 {
        tape.clear();
        let mut recording = tape.recording_dice(&mut a_dice);
        let d20 = recording.d20();
        let _ = recording.d(if d20 > 10 { 6 } else { 8 });
        let _ = recording.roll(&two_d4);
        let mut b = tape.replaying_dice(FightDice::new(&mut fallback));
        let (_, d6) = (b.d20(), b.d(6));
        b_values.push((d6, b.roll(&two_d4)));
    }
    let mut six = b_values.iter().map(|v| v.0);
    assert_samples_match(&expr("d6").pmf(), || six.next().unwrap(), 100_000);
    let mut sums = b_values.iter().map(|v| v.1);
    assert_samples_match(&two_d4.pmf(), || sums.next().unwrap(), 100_000);
    // A generator replay: B reads A's draws for a d7 A never rolled.
    let (mut a_rng, mut fallback) = (rng(12), rng(13));
    let mut tape = Tape::default();
    let mut sevens = Vec::new();
    for _ in 0..100_000 {
        tape.clear();
        let _ = uniform_below(&mut tape.recording(&mut a_rng), 5);
        sevens.push(i64::from(uniform_below(&mut tape.replaying(&mut fallback), 7)) + 1);
    }
    let mut it = sevens.into_iter();
    assert_samples_match(&expr("d7").pmf(), || it.next().unwrap(), 100_000);
}
