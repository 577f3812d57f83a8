//! The pages place a run's notes by their kind: remarks above the results, the aftermath in
//! force under the headlines and above the first table, in the page and in `report.md` alike.

use super::*;
use oddsmith_core::stats::{Meta, MetricKind, MetricRow, Role};

fn rate(metric: &str, meta: Meta, estimate: f64) -> MetricRow {
    MetricRow {
        metric: metric.into(),
        kind: MetricKind::Rate,
        meta,
        estimate,
        ci_low: estimate - 0.001,
        ci_high: estimate + 0.001,
        exact: None,
        exact_bound: None,
        trials: 100_000,
    }
}

fn fight() -> Report {
    Report {
        scenario: "Yeti".into(),
        system: "s".into(),
        trials: 100_000,
        seed: 1,
        difficulty: None,
        metrics: vec![
            rate("win.party", Meta::side(Role::Win, "wins", "party"), 0.9),
            rate("win.yeti", Meta::side(Role::Win, "wins", "yeti"), 0.1),
            rate(
                "any_death.party",
                Meta::side(Role::AnyDeath, "someone dies", "party"),
                0.06,
            ),
        ],
        distributions: Vec::new(),
        partial: None,
    }
}

fn info() -> RunInfo {
    RunInfo {
        name: "Yeti".into(),
        description: String::new(),
        system: "s".into(),
        path: "yeti.toml".into(),
        text: String::new(),
        sets: Vec::new(),
        trials: 100_000,
        seed: 1,
        version: "0".into(),
        date: "today".into(),
        variants: None,
        tactics: None,
    }
}

/// Where `what` first appears in `page`.
fn at(page: &str, what: &str) -> usize {
    page.find(what)
        .unwrap_or_else(|| panic!("no {what:?} in\n{page}"))
}

#[test]
fn the_aftermath_note_reaches_the_page_under_the_headlines() {
    let report = fight();
    let notes = [
        Note::Remark("2 combatants on 2 sides".into()),
        Note::Aftermath("allies tended, foes left".into()),
        // Words that look like an aftermath note are a remark all the same.
        Note::Remark("aftermath: no more than words".into()),
    ];
    let dir = tempfile::tempdir().unwrap();
    let results = Results::Single(&report, &notes);
    let headline = glance::headlines(&report)[0].clone();

    let h = page(&info(), results, dir.path());
    let remark = at(&h, "<p class=\"note\">2 combatants on 2 sides</p>");
    let words = at(&h, "<p class=\"note\">aftermath: no more than words</p>");
    let results_at = at(&h, "<h2>Results</h2>");
    let head = at(&h, &format!("<b>{}</b>", escape(&headline)));
    let aftermath = at(
        &h,
        "<p class=\"note\">Aftermath in force: allies tended, foes left</p>",
    );
    let table = at(&h, "<table>");
    assert!(remark < words && words < results_at, "{h}");
    assert!(
        results_at < head && head < aftermath && aftermath < table,
        "{h}"
    );
    assert_eq!(h.matches("allies tended, foes left").count(), 1, "{h}");

    let m = markdown(&info(), results, dir.path());
    let remark = at(&m, "> 2 combatants on 2 sides\n");
    let results_at = at(&m, "## Results");
    let head = at(&m, &format!("**{headline}**"));
    let aftermath = at(&m, "> Aftermath in force: allies tended, foes left\n");
    let table = at(&m, "\n|");
    assert!(remark < results_at && results_at < head, "{m}");
    assert!(head < aftermath && aftermath < table, "{m}");
}
