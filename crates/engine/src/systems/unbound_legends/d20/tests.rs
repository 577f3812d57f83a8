//! The tests of `d20` (the module above, `super`).

use super::*;

#[test]
fn weights_are_distributions_over_400() {
    for edge in [Edge::Normal, Edge::Advantage, Edge::Disadvantage] {
        let total: u64 = (1..=20).map(|k| edge.weight(k)).sum();
        assert_eq!(total, D20_OUTCOMES, "{edge:?}");
    }
    // Advantage keeps a 20 in 39 of 400 rolls: 1 − (19/20)².
    assert_eq!(Edge::Advantage.weight(20), 39);
    assert_eq!(Edge::Disadvantage.weight(1), 39);
    assert_eq!(Edge::from_counts(2, 1), Edge::Normal);
    assert_eq!(Edge::from_counts(3, 0), Edge::Advantage);
    assert_eq!(Edge::from_counts(0, 1), Edge::Disadvantage);
}
