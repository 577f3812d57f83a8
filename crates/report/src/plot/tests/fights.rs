//! Fight charts: the rate chart keeps the trial and side rates, the combatant chart every
//! per-combatant rate by side with readable labels, probability axes in percent and round
//! axes on whole numbers.

use super::*;

/// A fight as a rule system reports it: trial and side rates, then per-combatant rates
/// (the shared death and down, and the system's own unconscious and fled), a rounds
/// histogram and a survival curve per side.
fn fight() -> Report {
    use oddsmith_core::stats::{DistPoint, Distribution, DistributionKind, Meta, Role};
    let row = |metric: &str, meta: Meta, estimate: f64| MetricRow {
        metric: metric.into(),
        kind: MetricKind::Rate,
        meta,
        estimate,
        ci_low: (estimate - 0.01).max(0.0),
        ci_high: (estimate + 0.01).min(1.0),
        exact: None,
        exact_bound: None,
        trials: 10_000,
    };
    let mut metrics = vec![
        row("win.party", Meta::side(Role::Win, "wins", "party"), 0.9),
        row("win.yeti", Meta::side(Role::Win, "wins", "yeti"), 0.08),
        row("draw", Meta::trial(Role::Draw, "draw"), 0.02),
        row(
            "any_death.party",
            Meta::side(Role::AnyDeath, "someone dies", "party"),
            0.06,
        ),
    ];
    for (prefix, role, estimates) in [
        ("death", Role::Death, [0.0, 0.055, 0.18]),
        ("down", Role::Down, [0.02, 0.52, 0.89]),
        ("unconscious", Role::Outcome, [0.02, 0.51, 0.8]),
        ("fled", Role::Fled, [0.0, 0.0, 0.1]),
    ] {
        let who = [
            ("Sam Stevens", "party"),
            ("Charlotte Korde", "party"),
            ("Yeti", "yeti"),
        ];
        for ((name, side), e) in who.into_iter().zip(estimates) {
            let meta = Meta::combatant(role, prefix, name, side);
            metrics.push(row(&format!("{prefix}.{name}"), meta, e));
        }
    }
    let point = |x: u64, rate: f64| DistPoint {
        x,
        count: (rate * 1000.0) as u64,
        rate,
        ci_low: (rate - 0.01).max(0.0),
        ci_high: (rate + 0.01).min(1.0),
    };
    let curve = |side: &str, rates: [f64; 4]| Distribution {
        name: format!("{side} still up"),
        kind: DistributionKind::Survival,
        meta: Meta::side(Role::StillFighting, "still fighting", side),
        trials: 1000,
        points: (0..).zip(rates).map(|(x, r)| point(x, r)).collect(),
        onset: None,
    };
    Report {
        scenario: "Ambush test".into(),
        system: "a-fight-system".into(),
        trials: 10_000,
        seed: 4,
        difficulty: None,
        partial: None,
        metrics,
        distributions: vec![
            Distribution {
                name: "rounds".into(),
                kind: DistributionKind::Histogram,
                meta: Meta::trial(Role::Rounds, "rounds"),
                trials: 1000,
                points: vec![point(0, 0.0), point(1, 0.2), point(2, 0.5), point(3, 0.3)],
                onset: None,
            },
            curve("party", [1.0, 0.98, 0.95, 0.95]),
            curve("yeti", [1.0, 0.7, 0.2, 0.01]),
        ],
    }
}

#[test]
fn a_fights_rate_chart_has_trial_and_side_rates_only() {
    let texts: Vec<String> = svg_texts(&rate_svg(&fight()))
        .into_iter()
        .map(String::from)
        .collect();
    for text in ["win.party", "win.yeti", "draw", "any_death.party"] {
        assert!(texts.iter().any(|t| t == text), "{text} in {texts:?}");
    }
    for t in &texts {
        let names = ["Sam Stevens", "Charlotte Korde", "Yeti"];
        // Dotted metric keys of combatant rows (`<outcome>.<name>`).
        let keys = ["death", "down", "fled", "unconscious"].map(|k| format!("{k}."));
        assert!(
            !names.iter().any(|n| t.contains(n)) && !keys.iter().any(|k| t.starts_with(k.as_str())),
            "combatant row {t:?} in the rate chart"
        );
    }
    // Distribution buckets are trial rows: still drawn.
    let mut r = fight();
    r.metrics[2].meta =
        oddsmith_core::stats::Meta::trial(oddsmith_core::stats::Role::Distribution, "2");
    r.metrics[2].metric = "successes.2".into();
    assert!(svg_texts(&rate_svg(&r)).contains(&"successes.2"));
}

#[test]
fn combatant_chart_stacks_a_bar_per_combatant_by_side() {
    let r = fight();
    let svg = chart_svg(&combatants::CombatantChart, &r);
    let texts = svg_texts_at(&svg);
    let y_of = |text: &str| {
        let found: Vec<f64> = texts.iter().filter(|t| t.1 == text).map(|t| t.0).collect();
        assert_eq!(found.len(), 1, "{text:?} once in {texts:?}");
        found[0]
    };
    // One bar per combatant, labelled with its name, under its side's heading.
    let (party, yeti) = (y_of("side: party"), y_of("side: yeti"));
    assert!(party < yeti, "sides in order of first appearance");
    for name in ["Sam Stevens", "Charlotte Korde"] {
        let y = y_of(name);
        assert!(party < y && y < yeti, "{name} under the party");
    }
    assert!(y_of("Yeti") > yeti);
    assert!(
        y_of("Sam Stevens") < y_of("Charlotte Korde"),
        "report order"
    );
    // A legend entry and a colour per segment, and the whisker explained; a system's own
    // outcomes are not drawn.
    for (label, color) in combatants::SEGMENTS {
        y_of(label);
        let fill = format!("fill=\"#{:02X}{:02X}{:02X}\"", color.0, color.1, color.2);
        assert!(svg.contains(&fill), "{label}: {fill}");
    }
    y_of("95% interval of dead");
    assert!(!texts.iter().any(|t| t.1.contains("unconscious")));
    // The shares written in the segments wide enough: Sam stands in 98% of fights.
    assert!(texts.iter().any(|t| t.1 == "98%"), "{texts:?}");
    assert!(texts.iter().any(|t| t.1 == "share of fights (%)"));
    // No combatant rows: no chart.
    assert!(!combatants::CombatantChart.applies(&report()));
}

#[test]
fn combatant_segments_add_up_to_the_whole() {
    let r = fight();
    let fates = combatants::fates(&r);
    let names: Vec<&str> = fates.iter().map(|f| f.name).collect();
    assert_eq!(names, ["Sam Stevens", "Charlotte Korde", "Yeti"]);
    // dead, saved, down alive (down − dead − saved), fled, standing (1 − down − fled).
    let expected = [
        [0.0, 0.0, 0.02, 0.0, 0.98],
        [0.055, 0.0, 0.465, 0.0, 0.48],
        [0.18, 0.0, 0.71, 0.1, 0.01],
    ];
    for (f, want) in fates.iter().zip(expected) {
        for (got, want) in f.shares.iter().zip(want) {
            assert!((got - want).abs() < 1e-12, "{}: {:?}", f.name, f.shares);
        }
        let sum: f64 = f.shares.iter().sum();
        assert!((sum - 1.0).abs() < 1e-12, "{}: {sum}", f.name);
    }
}

/// Whether `t` is a percentage tick label (`20%`, `0.5%`).
fn is_percent(t: &str) -> bool {
    t.strip_suffix('%')
        .is_some_and(|n| n.parse::<f64>().is_ok_and(|v| (0.0..=100.0).contains(&v)))
}

#[test]
fn probability_axes_are_in_percent() {
    let r = fight();
    let svgs = [
        rate_svg(&r),
        rate_svg(&report()),
        chart_svg(&combatants::CombatantChart, &r),
        chart_svg(
            &distribution::HistogramChart {
                name: "rounds".into(),
            },
            &r,
        ),
        chart_svg(&distribution::SurvivalChart, &r),
    ];
    for svg in &svgs {
        let texts = svg_texts(svg);
        let ticks = texts.iter().filter(|t| is_percent(t)).count();
        assert!(ticks >= 3, "percent ticks in {texts:?}");
        assert!(texts.contains(&"0%"), "{texts:?}");
        assert!(
            texts.iter().any(|t| t.contains('%') && t.len() > 6),
            "an axis description in percent: {texts:?}"
        );
        // No bare fractions left on a probability axis.
        assert!(
            !texts
                .iter()
                .any(|t| t.starts_with("0.") && t.parse::<f64>().is_ok()),
            "{texts:?}"
        );
    }
    // A small range keeps decimals.
    let mut small = report();
    for m in &mut small.metrics {
        m.estimate = 0.002;
        m.ci_low = 0.001;
        m.ci_high = 0.003;
        m.exact = None;
    }
    let texts: Vec<String> = svg_texts(&rate_svg(&small))
        .into_iter()
        .map(String::from)
        .collect();
    assert!(
        texts.iter().any(|t| is_percent(t) && t.contains('.')),
        "{texts:?}"
    );
}

#[test]
fn round_axes_have_whole_number_ticks() {
    let r = fight();
    let hist = distribution::HistogramChart {
        name: "rounds".into(),
    };
    for svg in [
        chart_svg(&distribution::SurvivalChart, &r),
        chart_svg(&hist, &r),
    ] {
        let texts = svg_texts(&svg);
        // The value axis is in percent; the other numbers are the round ticks.
        let rounds: Vec<&str> = texts
            .iter()
            .copied()
            .filter(|t| t.parse::<f64>().is_ok())
            .collect();
        assert!(rounds.len() >= 2, "round ticks in {texts:?}");
        for t in &rounds {
            assert!(t.parse::<u64>().is_ok(), "{t:?} is not a whole number");
        }
    }
}
