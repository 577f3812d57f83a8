//! `reports/index.html`: one row per scenario leading with what a designer reads first —
//! the scenario's headline sentence (the one `run` prints first, or for a sweep how its
//! leading rate moves over the grid) and, for a fight, its difficulty band — each row linking
//! the scenario's own page.

use super::format::percent;
use super::glance::{difficulty_sentence, headlines};
use super::html::{Results, STYLE, escape};
use oddsmith_core::stats::difficulty::Band;
use oddsmith_core::stats::{About, MetricRow, Role, SweepReport};
use std::fmt::Write;

/// One entry of the report index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndexEntry {
    /// Folder name under the reports folder.
    pub folder: String,
    /// Scenario `name`.
    pub name: String,
    /// Scenario `system`.
    pub system: String,
    /// A fight's difficulty band and its side (`medium, borderline easy`, `party`); for a
    /// sweep, the range of the points' bands (`easy to medium`).
    pub difficulty: Option<(String, String)>,
    /// The worst band in `difficulty`, for its colour.
    pub band: Option<Band>,
    /// The headline sentence.
    pub headline: String,
    /// How far an interrupted run got (`partial: 4,784,128 of 100,000,000 trials`).
    pub partial: Option<String>,
}

impl IndexEntry {
    /// The entry of a scenario's results.
    pub fn of(folder: &str, name: &str, system: &str, results: Results<'_>) -> Self {
        let (difficulty, band, headline) = match results {
            Results::Single(report, _) => {
                let band = report.difficulty.as_deref();
                let skip = band.map(difficulty_sentence);
                let headline = headlines(report)
                    .into_iter()
                    .find(|h| Some(h) != skip.as_ref())
                    .unwrap_or_else(|| "No rate to report.".into());
                (
                    band.map(|d| (d.label(), d.side.clone())),
                    band.map(|d| d.band),
                    headline,
                )
            }
            Results::Sweep(sweep) => {
                let bands: Vec<_> = sweep
                    .points
                    .iter()
                    .filter_map(|p| p.difficulty.as_ref())
                    .collect();
                let lo = bands.iter().map(|d| d.band).min();
                let hi = bands.iter().map(|d| d.band).max();
                let difficulty = lo.zip(hi).map(|(lo, hi)| {
                    let words = if lo == hi {
                        lo.name().to_string()
                    } else {
                        format!("{} to {}", lo.name(), hi.name())
                    };
                    (words, bands[0].side.clone())
                });
                (difficulty, hi, sweep_headline(sweep))
            }
        };
        let partial = match results {
            Results::Single(report, _) => report.partial.is_some(),
            Results::Sweep(sweep) => sweep.partial.is_some(),
        };
        Self {
            folder: folder.into(),
            name: name.into(),
            system: system.into(),
            difficulty,
            band,
            headline,
            partial: partial.then(|| super::html::trials_shown(0, results)),
        }
    }
}

/// The rate a sweep's headline follows: a fight's death risk for the side its bands are
/// for, else the first headline rate.
fn leading_metric(sweep: &SweepReport) -> Option<String> {
    let first = sweep.points.first()?;
    let side = first.difficulty.as_ref().map(|d| d.side.as_str());
    first
        .metrics
        .iter()
        .find(|m| {
            m.meta.role == Role::AnyDeath
                && side.is_some_and(|s| m.meta.about == About::Side(s.to_string()))
        })
        .map(|m| m.metric.clone())
        .or_else(|| sweep.headline_metrics().into_iter().next())
}

/// The value a rate shows: exact where known, else the estimate.
fn shown(m: &MetricRow) -> f64 {
    m.exact.unwrap_or(m.estimate)
}

/// How a sweep's leading rate moves, exact where every point has exact values: "As survival
/// goes from 10 to 40, any_death.party goes from 3.20% to 10.30%." for one field; "Across 68
/// grid points, success ranges from 0.00% (challenge 1, magic_dice 0) to 100.00% (challenge
/// 1, magic_dice 1); exact values." for more (the first point with the lowest and the
/// highest value), and for one field of words ("Across 3 tactics, …").
pub fn sweep_headline(sweep: &SweepReport) -> String {
    let Some(metric) = leading_metric(sweep) else {
        return format!("A sweep over {} grid points.", sweep.points.len());
    };
    let values: Vec<(&[f64], &MetricRow)> = sweep
        .points
        .iter()
        .filter_map(|p| {
            p.metrics
                .iter()
                .find(|m| m.metric == metric)
                .map(|m| (p.values.as_slice(), m))
        })
        .collect();
    let exact = if values.iter().all(|(_, m)| m.exact.is_some()) {
        "; exact values"
    } else {
        ""
    };
    let labels = sweep.field_labels();
    let (Some(first), Some(last)) = (values.first(), values.last()) else {
        return format!("A sweep over {} grid points.", sweep.points.len());
    };
    // Numbers along one field go from the first to the last; words have no order, so they
    // take the lowest-to-highest form below.
    if sweep.fields.len() == 1 && !sweep.field_is_words(0) {
        return format!(
            "As {} goes from {} to {}, {metric} goes from {} to {}{exact}.",
            labels[0],
            sweep.value_text(0, first.0[0]),
            sweep.value_text(0, last.0[0]),
            percent(shown(first.1)),
            percent(shown(last.1)),
        );
    }
    let at = |values: &[f64]| {
        labels
            .iter()
            .zip(values)
            .enumerate()
            .map(|(i, (l, v))| format!("{l} {}", sweep.value_text(i, *v)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let lowest = values
        .iter()
        .min_by(|a, b| shown(a.1).total_cmp(&shown(b.1)))
        .unwrap_or(first);
    let highest = values
        .iter()
        .min_by(|a, b| shown(b.1).total_cmp(&shown(a.1)))
        .unwrap_or(first);
    let across = if sweep.fields.len() == 1 {
        format!("{} {}", values.len(), labels[0])
    } else {
        format!("{} grid points", values.len())
    };
    format!(
        "Across {across}, {metric} ranges from {} ({}) to {} ({}){exact}.",
        percent(shown(lowest.1)),
        at(lowest.0),
        percent(shown(highest.1)),
        at(highest.0),
    )
}

/// A band's background in the index, pale green (trivial) to red (deadly), as in the sweep
/// chart's strip.
fn band_background(band: Band) -> &'static str {
    match band {
        Band::Trivial => "#def1de",
        Band::Easy => "#a1d99b",
        Band::Medium => "#fee08b",
        Band::Hard => "#fdae61",
        Band::Deadly => "#e8766e",
    }
}

/// `reports/index.html`: a row per scenario — its name linking its page (system under it),
/// its difficulty band, its headline sentence.
pub fn index(entries: &[IndexEntry], date: &str) -> String {
    let mut h = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>oddsmith reports</title>\
         <style>{STYLE}td.wrap{{white-space:normal;max-width:60em}}.band{{text-align:center}}</style>\
         </head><body>\n<h1>oddsmith reports</h1>\n<p class=\"note\">{} scenario{} · {}</p>\n\
         <table><tr><th class=\"text\">scenario</th><th class=\"band\">difficulty</th>\
         <th class=\"text\">headline</th></tr>\n",
        entries.len(),
        if entries.len() == 1 { "" } else { "s" },
        escape(date)
    );
    for e in entries {
        let band = match (&e.difficulty, e.band) {
            (Some((words, side)), Some(band)) => format!(
                "<td class=\"band\" style=\"background:{}\">{}<br><span class=\"note\">for {}</span></td>",
                band_background(band),
                escape(words),
                escape(side)
            ),
            _ => "<td class=\"band note\">—</td>".into(),
        };
        let _ = writeln!(
            h,
            "<tr><td class=\"text\"><a href=\"{0}/index.html\">{1}</a><br><span class=\"note\">{2}{4}</span></td>\
             {band}<td class=\"text wrap\">{3}</td></tr>",
            escape(&e.folder),
            escape(&e.name),
            escape(&e.system),
            escape(&e.headline),
            e.partial
                .as_deref()
                .map(|p| format!(" · <b>{}</b>", escape(p)))
                .unwrap_or_default()
        );
    }
    h.push_str("</table>\n</body></html>\n");
    h
}
