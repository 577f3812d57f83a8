//! The difficulty band with exact numbers: each threshold, the worse of the two rates, ties,
//! borderline both ways (and the milder band only when both rates allow it), exact values,
//! the default side.

use super::*;
use crate::stats::Meta;

/// A rate row about `side` with `role`, its estimate and 95% interval.
fn row(role: Role, side: &str, estimate: f64, ci: (f64, f64), exact: Option<f64>) -> MetricRow {
    let prefix = if role == Role::AnyDeath {
        "any_death"
    } else {
        "all_down"
    };
    MetricRow {
        metric: format!("{prefix}.{side}"),
        kind: MetricKind::Rate,
        meta: Meta::side(role, "label", side),
        estimate,
        ci_low: ci.0,
        ci_high: ci.1,
        exact,
        exact_bound: None,
        trials: 100_000,
    }
}

/// The party's band from `any_death` and `all_down` (estimate, interval) with the default
/// thresholds.
fn party(any: (f64, (f64, f64)), all: (f64, (f64, f64))) -> Difficulty {
    let rows = [
        row(Role::AnyDeath, "party", any.0, any.1, None),
        row(Role::AllDown, "party", all.0, all.1, None),
    ];
    judge("party", &Thresholds::default(), &rows).expect("both rows")
}

#[test]
fn each_threshold_begins_its_band() {
    let any = &ANY_DEATH;
    let cases = [
        (0.0, Band::Trivial),
        (0.009_999, Band::Trivial),
        (0.01, Band::Easy),
        (0.049_999, Band::Easy),
        (0.05, Band::Medium),
        (0.149_999, Band::Medium),
        (0.15, Band::Hard),
        (0.349_999, Band::Hard),
        (0.35, Band::Deadly),
        (1.0, Band::Deadly),
    ];
    for (value, band) in cases {
        assert_eq!(Band::of(value, any), band, "any_death {value}");
    }
    let all = &ALL_DOWN;
    let cases = [
        (0.000_999, Band::Trivial),
        (0.001, Band::Easy),
        (0.009_999, Band::Easy),
        (0.01, Band::Medium),
        (0.05, Band::Hard),
        (0.149_999, Band::Hard),
        (0.15, Band::Deadly),
    ];
    for (value, band) in cases {
        assert_eq!(Band::of(value, all), band, "all_down {value}");
    }
    let names: Vec<&str> = Band::ALL.iter().map(|b| b.name()).collect();
    assert_eq!(names, ["trivial", "easy", "medium", "hard", "deadly"]);
    assert_eq!(Band::Trivial.milder(), None);
    assert_eq!(Band::Deadly.worse(), None);
    assert_eq!(Band::Medium.milder(), Some(Band::Easy));
    assert_eq!(Band::Medium.worse(), Some(Band::Hard));
}

#[test]
fn the_worse_rate_decides_and_a_tie_goes_to_any_death() {
    // any_death easy (3%), all_down medium (2%): medium, by all_down.
    let d = party((0.03, (0.029, 0.031)), (0.02, (0.019, 0.021)));
    assert_eq!((d.band, d.by), (Band::Medium, Basis::AllDown));
    assert_eq!(
        (d.any_death.band, d.all_down.band),
        (Band::Easy, Band::Medium)
    );
    assert_eq!(d.borderline, None);
    assert_eq!(d.label(), "medium");
    // Both medium: any_death is named.
    let d = party((0.10, (0.099, 0.101)), (0.02, (0.019, 0.021)));
    assert_eq!((d.band, d.by), (Band::Medium, Basis::AnyDeath));
    let shown: Vec<Basis> = d.reasons().iter().map(|(b, _)| *b).collect();
    assert_eq!(shown, [Basis::AnyDeath, Basis::AllDown], "a tie shows both");
    // any_death deadly beats all_down trivial.
    let d = party((0.40, (0.39, 0.41)), (0.0, (0.0, 0.000_5)));
    assert_eq!((d.band, d.by), (Band::Deadly, Basis::AnyDeath));
    assert_eq!(d.range, [Band::Deadly, Band::Deadly]);
    let shown: Vec<Basis> = d.reasons().iter().map(|(b, _)| *b).collect();
    assert_eq!(shown, [Basis::AnyDeath]);
}

#[test]
fn an_upper_end_in_a_worse_band_is_borderline_worse() {
    // 12% [10.1, 15.8]: medium, the upper end past 15% (hard).
    let d = party((0.12, (0.101, 0.158)), (0.002, (0.001_5, 0.002_5)));
    assert_eq!(d.band, Band::Medium);
    assert_eq!(d.borderline, Some(vec![Band::Hard]));
    assert_eq!(d.range, [Band::Medium, Band::Hard]);
    assert_eq!(d.label(), "medium, borderline hard");
    // An upper end exactly on the threshold reaches it.
    let d = party((0.12, (0.101, 0.15)), (0.002, (0.001_5, 0.002_5)));
    assert_eq!(d.label(), "medium, borderline hard");
    // The other rate's upper end counts too: all_down easy, its interval up to 6% (hard).
    let d = party((0.06, (0.055, 0.065)), (0.009, (0.000_5, 0.06)));
    assert_eq!((d.band, d.by), (Band::Medium, Basis::AnyDeath));
    assert_eq!(d.label(), "medium, borderline hard");
    let shown: Vec<Basis> = d.reasons().iter().map(|(b, _)| *b).collect();
    assert_eq!(shown, [Basis::AnyDeath, Basis::AllDown]);
}

#[test]
fn the_band_is_borderline_milder_only_when_both_lower_ends_allow_it() {
    // any_death 6% [4.5, 7.5] could be easy, and all_down 0.4% is easy anyway.
    let d = party((0.06, (0.045, 0.075)), (0.004, (0.003, 0.005)));
    assert_eq!(d.label(), "medium, borderline easy");
    assert_eq!(d.range, [Band::Easy, Band::Medium]);
    // all_down 1.2% [1.1, 1.3] is medium at its lower end too: medium, plainly.
    let d = party((0.06, (0.045, 0.075)), (0.012, (0.011, 0.013)));
    assert_eq!(d.band, Band::Medium);
    assert_eq!(d.borderline, None);
    assert_eq!(d.label(), "medium");
    // all_down's lower end falls too, but only to easy while any_death's stays medium.
    let d = party((0.06, (0.055, 0.075)), (0.012, (0.009, 0.013)));
    assert_eq!(d.borderline, None);
}

#[test]
fn a_wide_interval_can_be_borderline_both_ways() {
    let d = party((0.10, (0.04, 0.16)), (0.0, (0.0, 0.000_5)));
    assert_eq!(d.borderline, Some(vec![Band::Easy, Band::Hard]));
    assert_eq!(d.label(), "medium, borderline easy or hard");
    // Reaching two bands up: the neighbour is named, the range says how far.
    let d = party((0.12, (0.04, 0.40)), (0.0, (0.0, 0.000_5)));
    assert_eq!(d.label(), "medium, borderline easy or hard");
    assert_eq!(d.range, [Band::Easy, Band::Deadly]);
    // Nothing beyond the ends of the scale.
    let d = party((0.0, (0.0, 0.002)), (0.0, (0.0, 0.000_1)));
    assert_eq!(d.label(), "trivial");
    let d = party((0.9, (0.2, 1.0)), (0.5, (0.4, 0.6)));
    assert_eq!(d.label(), "deadly");
}

#[test]
fn an_exact_value_is_used_and_has_no_borderline() {
    // The estimate (15.2%) says hard; the exact value (14.9%) says medium; no interval.
    let rows = [
        row(Role::AnyDeath, "party", 0.152, (0.14, 0.16), Some(0.149)),
        row(Role::AllDown, "party", 0.002, (0.001, 0.003), Some(0.002)),
    ];
    let d = judge("party", &Thresholds::default(), &rows).unwrap();
    assert_eq!(d.label(), "medium");
    assert!(d.any_death.exact);
    assert_eq!(
        (d.any_death.value, d.any_death.ci_low, d.any_death.ci_high),
        (0.149, 0.149, 0.149)
    );
    // An exact value on a threshold is in the band it begins.
    let rows = [
        row(
            Role::AnyDeath,
            "party",
            f64::NAN,
            (f64::NAN, f64::NAN),
            Some(0.15),
        ),
        row(
            Role::AllDown,
            "party",
            f64::NAN,
            (f64::NAN, f64::NAN),
            Some(0.0),
        ),
    ];
    let d = judge("party", &Thresholds::default(), &rows).unwrap();
    assert_eq!(d.label(), "hard");
    // Exact for one rate, sampled for the other: the sampled one may still be borderline.
    let rows = [
        row(Role::AnyDeath, "party", 0.1, (0.09, 0.11), Some(0.1)),
        row(Role::AllDown, "party", 0.009, (0.008, 0.011), None),
    ];
    let d = judge("party", &Thresholds::default(), &rows).unwrap();
    assert_eq!(d.label(), "medium");
    let rows = [
        row(Role::AnyDeath, "party", 0.1, (0.09, 0.11), Some(0.1)),
        row(Role::AllDown, "party", 0.04, (0.03, 0.051), None),
    ];
    let d = judge("party", &Thresholds::default(), &rows).unwrap();
    assert_eq!(d.label(), "medium, borderline hard");
}

#[test]
fn no_band_without_both_rates_or_a_value() {
    let any = row(Role::AnyDeath, "party", 0.1, (0.09, 0.11), None);
    let all = row(Role::AllDown, "party", 0.01, (0.009, 0.011), None);
    let t = Thresholds::default();
    assert!(judge("party", &t, std::slice::from_ref(&any)).is_none());
    assert!(judge("yeti", &t, &[any.clone(), all.clone()]).is_none());
    let unsampled = row(Role::AllDown, "party", f64::NAN, (f64::NAN, f64::NAN), None);
    assert!(judge("party", &t, &[any, unsampled]).is_none());
}

#[test]
fn thresholds_of_a_scenario_and_the_side_it_names() {
    let rows = [
        row(Role::AnyDeath, "party", 0.03, (0.029, 0.031), None),
        row(Role::AllDown, "party", 0.0, (0.0, 0.000_1), None),
        row(Role::AnyDeath, "yeti", 0.2, (0.19, 0.21), None),
        row(Role::AllDown, "yeti", 0.99, (0.98, 0.995), None),
    ];
    let setting = Setting {
        side: "party".into(),
        sides: vec!["party".into(), "yeti".into()],
        thresholds: Thresholds {
            any_death: [0.02, 0.03, 0.5, 0.9],
            all_down: ALL_DOWN,
        },
    };
    let d = setting.judge(None, &rows).unwrap();
    assert_eq!((d.side.as_str(), d.band), ("party", Band::Medium));
    assert_eq!(d.any_death.metric, "any_death.party");
    let d = setting.judge(Some("yeti"), &rows).unwrap();
    assert_eq!(
        (d.side.as_str(), d.band, d.by),
        ("yeti", Band::Deadly, Basis::AllDown)
    );
    let t = Thresholds::default();
    assert_eq!(t.bounds(Basis::AnyDeath, Band::Trivial), (None, Some(0.01)));
    assert_eq!(
        t.bounds(Basis::AnyDeath, Band::Medium),
        (Some(0.05), Some(0.15))
    );
    assert_eq!(t.bounds(Basis::AllDown, Band::Deadly), (Some(0.15), None));
}

#[test]
fn the_default_side_is_party_then_pcs_then_the_first() {
    let s = |names: &[&str]| names.iter().map(|n| n.to_string()).collect::<Vec<_>>();
    assert_eq!(default_side(&s(&["goblins", "party"])), Some("party"));
    assert_eq!(default_side(&s(&["npcs", "pcs"])), Some("pcs"));
    assert_eq!(default_side(&s(&["pcs", "party"])), Some("party"));
    assert_eq!(default_side(&s(&["ogre", "heroes"])), Some("ogre"));
    assert_eq!(
        default_side(&s(&["Party", "b"])),
        Some("Party"),
        "exact names only"
    );
    assert_eq!(default_side(&[]), None);
}

#[test]
fn a_fights_sides_come_from_its_layout() {
    let mut layout = Layout::new();
    for side in ["heroes", "ogre"] {
        layout.counter(format!("win.{side}"), Meta::side(Role::Win, "wins", side));
    }
    assert!(sides(&layout).is_empty(), "a contest has sides but no band");
    for side in ["heroes", "ogre"] {
        let meta = Meta::side(Role::AnyDeath, "someone dies", side);
        layout.counter(format!("any_death.{side}"), meta);
    }
    for side in ["heroes", "ogre"] {
        let meta = Meta::side(Role::AllDown, "everyone down", side);
        layout.counter(format!("all_down.{side}"), meta);
    }
    assert_eq!(sides(&layout), ["heroes", "ogre"]);
}
