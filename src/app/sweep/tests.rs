//! The tests of `sweep` (the module above, `super`).

use super::*;

#[test]
fn shards_split_grid_points_into_pieces_that_cover_each_once() {
    // 7 points of 5 batches, the middle of 3 shards.
    assert_eq!(
        pieces(11..23, 5),
        [(2, 1..5), (3, 0..5), (4, 0..3)].to_vec()
    );
    assert!(pieces(4..4, 5).is_empty());
    for n in [1u64, 2, 3, 7, 10, 40] {
        let mut held = vec![0u32; 35];
        for i in 0..n {
            let units = super::super::longrun::shard_units(35, i, n);
            for (p, batches) in pieces(units, 5) {
                for b in batches {
                    held[(p * 5 + b) as usize] += 1;
                }
            }
        }
        assert!(held.iter().all(|&h| h == 1), "{n} shards: {held:?}");
    }
}
