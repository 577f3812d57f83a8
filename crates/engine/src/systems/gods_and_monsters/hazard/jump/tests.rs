//! The tests of `jump` (the module above, `super`).

use super::*;
use crate::testing::{rows, within};

#[test]
fn step_costs_double_after_the_first_foot() {
    // 003:75-81: to 1 foot free, to 2 feet −1, 3 −2, 4 −4, 5 −8, 6 −16, 7 −32.
    let costs: Vec<i64> = (1..=7).map(step_cost).collect();
    assert_eq!(costs, [0, 1, 2, 4, 8, 16, 32]);
    assert_eq!(step_cost(200), i64::MAX);
}

#[test]
fn a_medium_jump_up_reaches_what_each_face_allows() {
    // Agility 10 + a snap 8 = 18, 5 feet up: face f reaches k feet with cost(k) ≤ 18 − f:
    // faces 1–2 (room ≥ 16) would reach 6 but stop at 5; 3–10 (room 8–15) reach 5;
    // 11–14 (room 4–7) reach 4; 15–16 (2–3) reach 3; 17 (1) reaches 2; 18 (0) reaches 1;
    // 19–20 reach nothing.
    let j = Jump::new(5, 18, Size::Medium);
    let faces: Vec<u64> = (1..=20).map(|f| j.reached(f)).collect();
    let hand = [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 4, 4, 4, 4, 3, 3, 2, 1, 0, 0];
    assert_eq!(faces, hand);
    let e = j.exact().unwrap();
    assert!((e["success"] - 0.5).abs() < 1e-15);
    assert!((e["reached.4"] - 0.2).abs() < 1e-15);
    assert!((e["reached.0"] - 0.1).abs() < 1e-15);
    let mean = (50.0 + 16.0 + 6.0 + 2.0 + 1.0) / 20.0;
    assert!((e["reached.mean"] - mean).abs() < 1e-12);
}

#[test]
fn sizes_scale_each_step() {
    // A large creature (×2) leaping 7 yards needs ceil(7/2) = 4 steps (cost 4) and
    // reaches min(7, 2k); target 12: faces 1–8 reach 7, 9–10 reach 6 (k = 3), 11 reaches
    // 4, 12 reaches 2, 13+ nothing.
    let j = Jump::new(7, 12, Size::Large);
    let faces: Vec<u64> = (1..=13).map(|f| j.reached(f)).collect();
    assert_eq!(faces, [7, 7, 7, 7, 7, 7, 7, 7, 6, 6, 4, 2, 0]);
    // A small creature (¾) jumping 3 feet needs 4 steps; k steps reach floor(3k/4):
    // target 20: faces 1–16 reach 3, 17–18 reach 2 (k = 3), 19 reaches 1, 20 reaches 0.
    let j = Jump::new(3, 20, Size::Small);
    let faces: Vec<u64> = (1..=20).map(|f| j.reached(f)).collect();
    assert_eq!(&faces[14..], [3, 3, 2, 2, 1, 0]);
    // A fine creature (⅙) needs 6 steps a foot: one foot costs 16 for k = 6.
    let j = Jump::new(1, 17, Size::Fine);
    assert_eq!(j.reached(1), 1);
    assert_eq!(j.reached(2), 0);
}

#[test]
fn sampled_jumps_agree_with_exact() {
    for j in [
        Jump::new(5, 18, Size::Medium),
        Jump::new(7, 12, Size::Large),
        Jump::new(3, 20, Size::Small),
    ] {
        let e = j.exact().unwrap();
        let r = rows(&crate::systems::Alone(&j), 400_000, 31);
        for (name, row) in &r {
            within(row, e[name]);
        }
    }
}
