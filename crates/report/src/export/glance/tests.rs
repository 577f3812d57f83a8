//! The tests of `glance` (the module above, `super`).

use super::*;
use oddsmith_core::stats::{Meta, MetricKind};

fn row(metric: &str, meta: Meta, estimate: f64, half: f64, kind: MetricKind) -> MetricRow {
    MetricRow {
        metric: metric.into(),
        kind,
        meta,
        estimate,
        ci_low: estimate - half,
        ci_high: estimate + half,
        exact: None,
        exact_bound: None,
        trials: 200_000,
    }
}

fn fight() -> Report {
    let rate = MetricKind::Rate;
    let c = |role, label, name, side| Meta::combatant(role, label, name, side);
    Report {
        scenario: "Yeti".into(),
        system: "s".into(),
        trials: 200_000,
        seed: 1,
        difficulty: None,
        metrics: vec![
            row(
                "win.party",
                Meta::side(Role::Win, "wins", "party"),
                0.9991,
                0.0002,
                rate,
            ),
            row(
                "win.yeti",
                Meta::side(Role::Win, "wins", "yeti"),
                0.0009,
                0.0001,
                rate,
            ),
            row("draw", Meta::trial(Role::Draw, "draw"), 0.0, 0.0, rate),
            row(
                "any_death.party",
                Meta::side(Role::AnyDeath, "someone dies", "party"),
                0.06,
                0.001,
                rate,
            ),
            row(
                "all_down.party",
                Meta::side(Role::AllDown, "everyone down", "party"),
                0.00087,
                0.0001,
                rate,
            ),
            row(
                "killed: Sam",
                c(Role::Death, "death", "Sam", "party"),
                0.01,
                0.0004,
                rate,
            ),
            row(
                "killed: Charlotte",
                c(Role::Death, "death", "Charlotte", "party"),
                0.055,
                0.001,
                rate,
            ),
            row(
                "killed: Yeti",
                c(Role::Death, "death", "Yeti", "yeti"),
                0.5,
                0.002,
                rate,
            ),
            row(
                "out: Charlotte",
                c(Role::Down, "down", "Charlotte", "party"),
                0.5,
                0.002,
                rate,
            ),
            row(
                "fled.Yeti",
                c(Role::Outcome, "fled", "Yeti", "yeti"),
                0.2,
                0.002,
                rate,
            ),
            row(
                "first_death.party.median",
                Meta::side(Role::FirstDeath, "round of the first death", "party"),
                4.0,
                0.0,
                MetricKind::Quantile(50),
            ),
            row(
                "first_death.party.p10",
                Meta::side(Role::FirstDeath, "round of the first death", "party"),
                2.0,
                0.0,
                MetricKind::Quantile(10),
            ),
            row(
                "first_death.party.after",
                Meta::side(Role::FirstDeath, "round of the first death", "party")
                    .with_tail(Tail::After),
                0.01,
                0.0005,
                rate,
            ),
            row(
                "pyrrhic.party",
                Meta::side(Role::Pyrrhic, "wins, with a death", "party"),
                0.0558,
                0.001,
                rate,
            ),
            row(
                "won_down.party.mean",
                Meta::side(Role::WonDown, "not standing after a win", "party"),
                0.5312,
                0.002,
                MetricKind::Mean,
            ),
            row(
                "won_left.party.mean",
                Meta::side(Role::WonLeft, "toughness left after a win", "party"),
                0.69,
                0.001,
                MetricKind::Mean,
            ),
            row(
                "rounds.median",
                Meta::trial(Role::Rounds, "rounds"),
                4.0,
                0.0,
                MetricKind::Quantile(50),
            ),
            row(
                "rounds.p90",
                Meta::trial(Role::Rounds, "rounds"),
                6.0,
                0.0,
                MetricKind::Quantile(90),
            ),
        ],
        distributions: Vec::new(),
        partial: None,
    }
}

#[test]
fn a_fight_leads_with_who_dies_when_who_wins_and_how_they_end_up() {
    let r = fight();
    let g = Glance::of(&r);
    assert_eq!(
        g.headlines,
        [
            "Someone on party dies in 6.00% (±0.10) of fights: Charlotte 5.50%, Sam 1.00%; \
             all of party go down in 0.0870% (±0.0100) (1 in 1,100).",
            "The first death on party usually comes in round 4 (median; 10% of them by round \
             2); in 1.00% (±0.05) of fights it comes after the fighting, in the aftermath.",
            "Party wins 99.91% (±0.02); yeti 0.0900% (±0.0100) (1 in 1,100).",
            "When party wins: 0.53 of them not standing on average; 69.00% of their toughness \
             left; pyrrhic (someone of them dead) in 5.58% (±0.10) of fights.",
            "It usually takes 4 rounds (median; 90% within 6).",
        ]
    );
    let names: Vec<&str> = g.combatants.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["Sam", "Charlotte", "Yeti"]);
    assert_eq!(g.outcomes, ["death", "down", "fled"]);
    assert_eq!(g.trial_rows.len(), 13);
    let json = serde_json::to_value(&g.combatants[1]).unwrap();
    assert_eq!(json["side"], "party");
    assert_eq!(json["death"]["estimate"], 0.055);
    assert!(json.get("outcomes").is_none());
}

#[test]
fn the_combatant_table_leads_with_the_states_and_leaves_out_what_adds_nothing() {
    let mut r = fight();
    let c = |role, label, name| Meta::combatant(role, label, name, "yeti");
    // Never seen, and the same as `death` for everyone: neither gets a column.
    r.metrics.push(row(
        "asleep.Yeti",
        c(Role::Outcome, "asleep", "Yeti"),
        0.0,
        0.0,
        MetricKind::Rate,
    ));
    for (name, side, p, half) in [
        ("Sam", "party", 0.01, 0.0004),
        ("Charlotte", "party", 0.055, 0.001),
        ("Yeti", "yeti", 0.5, 0.002),
    ] {
        let meta = Meta::combatant(Role::Outcome, "slain", name, side);
        r.metrics
            .push(row("slain", meta, p, half, MetricKind::Rate));
    }
    let g = Glance::of(&r);
    let tables = super::super::combatants::combatant_table(&g);
    assert_eq!(tables.len(), 1);
    let t = &tables[0];
    assert_eq!(t.header, ["combatant", "dead", "down", "fled"]);
    let dash = || "-".to_string();
    assert_eq!(
        t.rows,
        [
            vec![
                "party:".to_string(),
                String::new(),
                String::new(),
                String::new()
            ],
            vec!["  Sam".into(), "1.00% ±0.04".into(), dash(), dash()],
            vec![
                "  Charlotte".into(),
                "5.5% ±0.1".into(),
                "50.0% ±0.2".into(),
                dash()
            ],
            vec![
                "yeti:".to_string(),
                String::new(),
                String::new(),
                String::new()
            ],
            vec![
                "  Yeti".into(),
                "50.0% ±0.2".into(),
                dash(),
                "20.0% ±0.2".into()
            ],
        ]
    );
}

#[test]
fn the_aftermath_note_goes_under_the_headlines() {
    let notes = [
        Note::Remark("2 combatants on 2 sides".to_string()),
        Note::Aftermath("allies tended, foes left".to_string()),
        // Its kind places a note, never its words.
        Note::Remark("aftermath: words alone".to_string()),
    ];
    let (above, under) = split_notes(&notes);
    assert_eq!(above, ["2 combatants on 2 sides", "aftermath: words alone"]);
    assert_eq!(under, ["allies tended, foes left"]);
    assert_eq!(
        super::super::table::in_force(under[0]),
        "Aftermath in force: allies tended, foes left"
    );
}

#[test]
fn a_fight_with_a_band_leads_with_it() {
    use oddsmith_core::stats::difficulty::{Thresholds, judge};
    let mut r = fight();
    r.difficulty = judge("party", &Thresholds::default(), &r.metrics).map(Box::new);
    assert_eq!(
        headlines(&r)[0],
        "Difficulty for party: medium — any_death.party 6.00% [5.90, 6.10] (medium: 5% to \
         15%)."
    );
    assert_eq!(headlines(&r).len(), 6);
    // Wider: any_death 12% [10.1, 15.8] reaches hard; all_down exact 1.2% ties at medium.
    for row in &mut r.metrics {
        match row.metric.as_str() {
            "any_death.party" => (row.estimate, row.ci_low, row.ci_high) = (0.12, 0.101, 0.158),
            "all_down.party" => row.exact = Some(0.012),
            _ => {}
        }
    }
    let d = judge("party", &Thresholds::default(), &r.metrics).unwrap();
    assert_eq!(
        difficulty_sentence(&d),
        "Difficulty for party: medium, borderline hard — any_death.party 12.00% [10.10, \
         15.80] (medium: 5% to 15%); all_down.party 1.20% (exact) (medium: 1% to 5%)."
    );
    let none = Report {
        metrics: Vec::new(),
        ..fight()
    };
    let d = judge("party", &Thresholds::default(), &none.metrics);
    assert!(d.is_none());
}

#[test]
fn a_roll_leads_with_success_and_side_effects() {
    let rate = MetricKind::Rate;
    let mut success = row(
        "success",
        Meta::trial(Role::Success, "success"),
        0.49,
        0.001,
        rate,
    );
    success.exact = Some(0.49);
    let flux = row(
        "flux",
        Meta::trial(Role::SideEffect, "flux"),
        0.1,
        0.0006,
        rate,
    );
    let r = Report {
        metrics: vec![success, flux],
        ..fight()
    };
    assert_eq!(
        headlines(&r),
        ["Succeeds 49.00% (±0.10; exact 49.00%); flux 10.00% (±0.06)."]
    );
}

/// Sentences agree with what they say: a side named in the plural takes the plural verb,
/// one round is "1 round", a side never all down says so without "in never in", and winners
/// with nobody down are "all of them standing".
#[test]
fn sentences_agree_with_what_they_say() {
    let mut r = fight();
    for m in &mut r.metrics {
        match &mut m.meta.about {
            About::Side(s) | About::Combatant { side: s, .. } if s == "party" => {
                *s = "monsters".into()
            }
            _ => {}
        }
        if m.meta.role == Role::AllDown {
            (m.estimate, m.ci_low, m.ci_high) = (0.0, 0.0, 0.000_02);
        }
        if m.meta.role == Role::Rounds && m.kind == MetricKind::Quantile(50) {
            m.estimate = 1.0;
        }
        if m.meta.role == Role::WonDown {
            (m.estimate, m.ci_low, m.ci_high) = (0.0, 0.0, 0.0);
        }
    }
    let all = Glance::of(&r).headlines.join(" ");
    for says in [
        "Monsters win 99.91%",
        "When monsters win: all of them standing;",
        "all of monsters never go down together in 200,000 trials (<",
        "It usually takes 1 round (median",
    ] {
        assert!(all.contains(says), "{says}: {all}");
    }
    assert!(!all.contains("in never"), "{all}");
    assert_eq!(super::agreeing("party", "wins"), "party wins");
    assert_eq!(super::agreeing("boss", "wins"), "boss wins");
    assert_eq!(super::agreeing("Pcs", "gets"), "Pcs get");
    assert_eq!(super::count_of(4.0, "rounds"), "4 rounds");
}
