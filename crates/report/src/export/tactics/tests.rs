//! The tests of `tactics` (the module above, `super`): the range headline in words, the grid
//! with its bands, and the files.

use super::*;
use oddsmith_core::testkit::reports::{pairing, tactics};

fn four() -> TacticsReport {
    tactics(vec![
        pairing("a", "a", Some((0.056, 0.001))),
        pairing("a", "b", Some((0.81, 0.02))),
        pairing("b", "a", Some((0.06, 0.001))),
        pairing("b", "b", Some((0.033, 0.001))),
    ])
}

#[test]
fn the_range_names_both_ends_and_their_pairings() {
    assert_eq!(
        range_line(&four()).unwrap(),
        "Difficulty for party across tactics: easy (any_death.party 3.30% ±0.07) when both \
         sides play b, to deadly (any_death.party 81.00% ±1.62) when party plays a and its \
         foes b."
    );
    let same = tactics(vec![pairing("a", "a", Some((0.06, 0.001)))]);
    assert_eq!(
        range_line(&same).unwrap(),
        "Difficulty for party across tactics: medium (any_death.party 6.00% ±0.12) in the one \
         pairing played."
    );
}

#[test]
fn the_grid_has_the_sides_profiles_down_and_the_foes_across() {
    let tables = tactics_tables(&four());
    assert_eq!(tables.len(), 2);
    let any = &tables[0];
    assert_eq!(any.header, ["party \\ foes", "a", "b"]);
    assert_eq!(any.rows[0][0], "a");
    assert!(any.rows[0][1].starts_with("medium 5.60%"), "{:?}", any.rows);
    assert!(
        any.rows[0][2].starts_with("deadly 81.00%"),
        "{:?}",
        any.rows
    );
    assert!(any.rows[1][2].starts_with("easy 3.30%"), "{:?}", any.rows);
    // all_down has no band beside it.
    assert!(
        tables[1].rows[0][1].starts_with("0.100%"),
        "{:?}",
        tables[1].rows
    );
}

#[test]
fn the_files_hold_a_row_per_pairing_and_rate() {
    let dir = tempfile::tempdir().unwrap();
    let files = write_tactics(&four(), dir.path()).unwrap();
    assert_eq!(files.len(), 4);
    assert!(dir.path().join("tactics.png").exists() && dir.path().join("tactics.svg").exists());
    let csv = std::fs::read_to_string(dir.path().join("tactics.csv")).unwrap();
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "ours,theirs,band,metric,estimate,ci_low,ci_high,exact,trials,seed"
    );
    assert_eq!(lines.len(), 1 + 4 * 2);
    assert!(
        lines[3].starts_with("a,b,deadly,any_death.party,0.81,"),
        "{csv}"
    );
    let json: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.path().join("tactics.json")).unwrap()).unwrap();
    assert_eq!(json["pairings"].as_array().unwrap().len(), 4);
}
