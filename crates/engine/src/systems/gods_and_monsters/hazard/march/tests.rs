//! The tests of `march` (the module above, `super`).

use super::*;
use crate::testing::{rows, within};

#[test]
fn three_pushes_by_hand() {
    // Health 12, three rolls at −0, −2, −4: success 12/20, 10/20 (9/20 after one
    // injury), 8/20 (7/20, 6/20 after one or two).
    let m = March::new(12, 2, 3, 0, 0);
    let e = m.exact().unwrap();
    let none = 0.6 * 0.5 * 0.4;
    assert!((e["injuries_gained.0"] - none).abs() < 1e-15);
    let one = 0.4 * 0.45 * 0.35 + 0.6 * 0.5 * 0.35 + 0.6 * 0.5 * 0.6;
    assert!((e["injuries_gained.1"] - one).abs() < 1e-15);
    let three = 0.4 * 0.55 * 0.7;
    assert!((e["injuries_gained.3"] - three).abs() < 1e-15);
    assert_eq!(e["stopped"], 0.0);
    // Resting after the first injury: stopped when it comes from one of the first two.
    let m = March::new(12, 2, 3, 0, 1);
    let e = m.exact().unwrap();
    assert!((e["stopped"] - (0.4 + 0.6 * 0.5)).abs() < 1e-15);
    assert!((e["injuries_gained.1"] - (1.0 - none)).abs() < 1e-15);
    assert!(!e.contains_key("injuries_gained.2"));
    // Scripted: 13 fails the first roll; resting at one injury, one roll was made.
    assert_eq!(m.resolve(|| 13), (1, 1));
    assert_eq!(March::new(12, 2, 3, 0, 0).resolve(|| 9), (1, 3));
}

#[test]
fn sampled_marches_agree_with_exact() {
    for m in [
        March::new(12, 2, 6, 0, 0),
        March::new(15, 2, 10, 1, 2),
        March::new(9, 0, 4, 0, 0),
    ] {
        let e = m.exact().unwrap();
        for (name, row) in &rows(&crate::systems::Alone(&m), 300_000, 5) {
            within(row, e[name]);
        }
    }
}
