//! The tests of `columns` (the module above, `super`).

use super::*;

#[test]
fn few_categories_are_all_labelled_many_on_a_step() {
    assert_eq!(labelled(&[1, 2, 3], 2), [0, 1, 2, 3, 4]);
    // Rounds 1–100, then two more: 1, 5, 10, …, 95 (100 would crowd them), and both.
    let rounds: Vec<u64> = (1..=100).collect();
    let at = labelled(&rounds, 2);
    assert!(at.len() <= MOST_LABELS, "{at:?}");
    assert_eq!(at[..3], [0, 4, 9]);
    assert!(at.ends_with(&[89, 94, 100, 101]), "{at:?}");
    // Without a tail the last multiple is labelled.
    assert!(labelled(&rounds, 0).ends_with(&[94, 99]));
    // The first value is left out when the next labelled one is close.
    let at = labelled(&(4..=100).collect::<Vec<u64>>(), 0);
    assert_eq!(at[..2], [1, 6], "5 and 10, not 4");
    // So is the last when the tail's first label is close: 1–61 then "> 61".
    let at = labelled(&(1..=61).collect::<Vec<u64>>(), 1);
    assert!(at.ends_with(&[54, 61]), "55, not 60, then > 61: {at:?}");
}

#[test]
fn short_percents_keep_two_or_three_digits() {
    assert_eq!(short_percent(0.0), "0%");
    assert_eq!(short_percent(0.42), "42%");
    assert_eq!(short_percent(0.053), "5.3%");
    assert_eq!(short_percent(0.01), "1%");
    assert_eq!(short_percent(0.0042), "0.42%");
    assert_eq!(short_percent(1.0), "100%");
    assert_eq!(short_percent(0.99968), "99.96%");
    assert_eq!(short_percent(0.00004), "< 0.01%");
}
