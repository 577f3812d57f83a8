//! The tests of `reference` (the module above, `super`).

use super::*;

/// The shared defaults are the numbers the code uses.
#[test]
fn shared_defaults_are_the_codes() {
    let default = |t: &Table, k: &str| match t.key(k).map(|k| k.absent) {
        Some(Absent::Is(v)) => v.replace('_', ""),
        other => panic!("{k}: {other:?}"),
    };
    assert_eq!(
        default(&RUN, "trials"),
        super::super::DEFAULT_TRIALS.to_string()
    );
    assert_eq!(
        default(&RUN, "seed"),
        super::super::DEFAULT_SEED.to_string()
    );
    let list = |v: [f64; 4]| {
        let parts: Vec<String> = v.iter().map(f64::to_string).collect();
        format!("[{}]", parts.join(", "))
    };
    use oddsmith_core::stats::difficulty::{ALL_DOWN, ANY_DEATH};
    assert_eq!(default(&DIFFICULTY, "any_death"), list(ANY_DEATH));
    assert_eq!(default(&DIFFICULTY, "all_down"), list(ALL_DOWN));
    assert_eq!(
        TEMPLATE_KEYS.key("count").map(|k| k.kind),
        Some(crate::keys::Kind::Int(1, crate::template::MOST_COUNT))
    );
}

#[test]
fn anchors_are_githubs() {
    assert_eq!(anchor("Conflicts: `fight`"), "conflicts-fight");
    assert_eq!(
        anchor("Keys every scenario takes"),
        "keys-every-scenario-takes"
    );
    assert_eq!(anchor("A/B comparisons"), "ab-comparisons");
}
