//! The table's rows, tails, target and bound lines; the JSON's exact shape.

use super::*;

fn summary(text: &str, target: Option<(i64, bool)>) -> Summary {
    let e: oddsmith_core::dice::DiceExpr = text.parse().expect("a valid expression");
    Summary::new(&e, &e.pmf(), target)
}

#[test]
fn the_table_reads_plainly() {
    let t = table(&summary("4d6kh3", Some((15, false))));
    assert!(
        t.starts_with("4d6kh3: exact distribution\ntotal  probability"),
        "{t}"
    );
    assert!(
        t.contains("\n    3      0.0772%   100.00%  0.0772%\n"),
        "{t}"
    );
    assert!(t.contains("mean 12.2446, standard deviation 2.8468"), "{t}");
    assert!(t.contains("chance of 15 or more: "), "{t}");
    assert!(!t.contains("not shown") && !t.contains("truncation"), "{t}");
    let t = table(&summary("d6!", Some((7, true))));
    assert!(t.contains("not shown: totals above "), "{t}");
    assert!(t.contains("chance of more than 7: 13.89%"), "{t}");
    assert!(t.contains("truncation bound: 2.7e-16"), "{t}");
    let t = table(&summary("d6!3", None));
    assert!(t.contains("truncation bound: 0 (every explosion"), "{t}");
    assert_eq!(chance(2.1e-15), "2.1e-13%");
    assert_eq!(chance(0.5), "50.00%");
}

#[test]
fn json_has_exactly_the_documented_keys() {
    let v: serde_json::Value = serde_json::from_str(&to_json(&summary("2d6", None))).unwrap();
    // serde_json's maps list keys in sorted order.
    let keys =
        |v: &serde_json::Value| -> Vec<String> { v.as_object().unwrap().keys().cloned().collect() };
    assert_eq!(keys(&v), ["bound", "distribution", "expr", "mean", "sd"]);
    assert_eq!(
        keys(&v["distribution"][0]),
        ["at_least", "at_most", "p", "value"]
    );
    assert_eq!(v["distribution"].as_array().unwrap().len(), 11);
    let v: serde_json::Value =
        serde_json::from_str(&to_json(&summary("2d6", Some((7, false))))).unwrap();
    assert_eq!(keys(&v["vs"]), ["n", "p"]);
    assert_eq!(v["vs"]["n"], 7);
    assert!((v["vs"]["p"].as_f64().unwrap() - 21.0 / 36.0).abs() < 1e-15);
    let v: serde_json::Value =
        serde_json::from_str(&to_json(&summary("2d6", Some((7, true))))).unwrap();
    assert_eq!(v["vs"]["strictly"], true);
    assert!((v["vs"]["p"].as_f64().unwrap() - 15.0 / 36.0).abs() < 1e-15);
}
