//! The tests of `tactics` (the module above, `super`): the range picks the mildest and the
//! worst pairing by band, then by the rates, and skips pairings without a band.

use crate::stats::difficulty::Band;
use crate::testkit::reports::{pairing, tactics as report};

#[test]
fn the_range_runs_from_the_mildest_to_the_worst_pairing() {
    let r = report(vec![
        pairing("a", "a", Some((0.056, 0.001))),
        pairing("a", "b", Some((0.81, 0.02))),
        pairing("b", "a", None),
        pairing("b", "b", Some((0.033, 0.001))),
    ]);
    let (mildest, worst) = r.range().unwrap();
    assert_eq!((mildest.ours.as_str(), mildest.theirs.as_str()), ("b", "b"));
    assert_eq!((worst.ours.as_str(), worst.theirs.as_str()), ("a", "b"));
    assert_eq!(mildest.difficulty().unwrap().band, Band::Easy);
    assert_eq!(worst.difficulty().unwrap().band, Band::Deadly);
    // Within one band the rate decides, then all_down; a tie keeps the first played.
    let r = report(vec![
        pairing("a", "a", Some((0.06, 0.002))),
        pairing("a", "b", Some((0.06, 0.003))),
        pairing("b", "a", Some((0.07, 0.002))),
        pairing("b", "b", Some((0.06, 0.002))),
    ]);
    let (mildest, worst) = r.range().unwrap();
    assert_eq!((mildest.ours.as_str(), mildest.theirs.as_str()), ("a", "a"));
    assert_eq!((worst.ours.as_str(), worst.theirs.as_str()), ("b", "a"));
    // No band anywhere: no range.
    assert!(report(vec![pairing("a", "a", None)]).range().is_none());
}
