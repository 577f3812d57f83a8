//! Difficulty across tactics ([`TacticsReport`]): the range headline (the mildest and the
//! worst pairing of profiles for the side, in words), a grid per headline rate of the side
//! (its profile down, its foes' across; each cell the rate with its 95% interval, the band
//! beside `any_death`), and `tactics.csv` (Polars: a row per pairing and headline rate, the
//! columns of `summary.csv` after `ours` and `theirs`) with `tactics.json` and the heatmap
//! of the side's `any_death` ([`crate::plot::tactics`]).

use super::format::{self, percent_pm};
use super::table::{TextTable, bold, to_text};
use super::write::Staged;
use oddsmith_core::error::OutputError;
use oddsmith_core::stats::summary::MetricRow;
use oddsmith_core::stats::tactics::{TacticsPairing, TacticsReport};
use polars::prelude::*;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The side's rate named `name` (`any_death`) in a pairing's run.
fn rate<'a>(p: &'a TacticsPairing, name: &str, side: &str) -> Option<&'a MetricRow> {
    let metric = format!("{name}.{side}");
    p.report.metrics.iter().find(|m| m.metric == metric)
}

/// A rate as the headline reads it: its exact value where known, else the estimate with its
/// interval.
fn reading(row: &MetricRow) -> String {
    match row.exact {
        Some(e) => format!("{} exact", format::percent(e)),
        None => percent_pm(row.estimate, row.ci_low, row.ci_high),
    }
}

/// Whether every pairing that shares `p`'s profile for one side (its foes' when `foes`)
/// gave the same numbers whatever the other side played: on the same random numbers, the
/// other side's choice then made no difference (a lone foe leaves nothing to choose).
fn same_across(t: &TacticsReport, p: &TacticsPairing, foes: bool) -> bool {
    fn fixed(q: &TacticsPairing, foes: bool) -> &str {
        if foes { &q.theirs } else { &q.ours }
    }
    let shared: Vec<&TacticsPairing> = (t.pairings.iter())
        .filter(|q| fixed(q, foes) == fixed(p, foes))
        .collect();
    shared.len() > 1
        && shared.iter().all(|q| {
            q.report.metrics.len() == p.report.metrics.len()
                && (q.report.metrics.iter().zip(&p.report.metrics))
                    .all(|(a, b)| a.estimate.to_bits() == b.estimate.to_bits())
        })
}

/// "party plays spread and its foes ruthless" for a pairing, or "its foes play ruthless,
/// whatever party plays" where the side's profile made no difference.
fn pairing_words(t: &TacticsReport, p: &TacticsPairing) -> String {
    let side = &t.side;
    match (same_across(t, p, true), same_across(t, p, false)) {
        (true, true) => "whatever either side plays".to_string(),
        (true, false) => format!("its foes play {}, whatever {side} plays", p.theirs),
        (false, true) => format!("{side} plays {}, whatever its foes play", p.ours),
        (false, false) if p.ours == p.theirs => format!("both sides play {}", p.ours),
        (false, false) => format!("{side} plays {} and its foes {}", p.ours, p.theirs),
    }
}

/// The range headline: "Difficulty for party across tactics: easy (any_death.party 3.30% …)
/// when …, to deadly (…) when …".
pub fn range_line(t: &TacticsReport) -> Option<String> {
    let (mildest, worst) = t.range()?;
    // Both ends quote the rate that set the worst pairing's band, so they read alike.
    let by = worst.difficulty().expect("a rated pairing").by;
    let band = |p: &TacticsPairing| {
        let d = p.difficulty().expect("a rated pairing");
        let row = rate(p, by.name(), &t.side);
        let value = row.map_or_else(String::new, |r| format!(" ({} {})", r.metric, reading(r)));
        format!("{}{value}", d.band.name())
    };
    if std::ptr::eq(mildest, worst) || mildest.difficulty() == worst.difficulty() {
        let n = t.pairings.len();
        let all = if n == 1 {
            "in the one pairing played".to_string()
        } else {
            format!("in all {n} pairings")
        };
        return Some(format!(
            "Difficulty for {} across tactics: {} {all}.",
            t.side,
            band(mildest),
        ));
    }
    Some(format!(
        "Difficulty for {side} across tactics: {} when {}, to {} when {}.",
        band(mildest),
        pairing_words(t, mildest),
        band(worst),
        pairing_words(t, worst),
        side = t.side,
    ))
}

/// The grids: for each headline rate about the side (`any_death`, `all_down`, `win`), its
/// profile down and its foes' across.
pub fn tactics_tables(t: &TacticsReport) -> Vec<TextTable> {
    let mut tables = Vec::new();
    for name in ["any_death", "all_down", "win"] {
        if !t.pairings.iter().any(|p| rate(p, name, &t.side).is_some()) {
            continue;
        }
        let mut header = vec![format!("{} \\ foes", t.side)];
        header.extend(t.profiles.iter().cloned());
        let rows = (t.profiles.iter())
            .map(|ours| {
                let mut cells = vec![ours.clone()];
                for theirs in &t.profiles {
                    let p = (t.pairings.iter()).find(|p| &p.ours == ours && &p.theirs == theirs);
                    let cell = match p.and_then(|p| rate(p, name, &t.side).map(|r| (p, r))) {
                        None => "-".to_string(),
                        Some((p, r)) => {
                            let band = (name == "any_death")
                                .then(|| p.difficulty().map(|d| d.band.name()))
                                .flatten();
                            let value = reading(r);
                            band.map_or(value.clone(), |b| format!("{b} {value}"))
                        }
                    };
                    cells.push(cell);
                }
                cells
            })
            .collect();
        tables.push(TextTable {
            title: format!(
                "{name}.{}, by tactics (95% intervals; exact where known)",
                t.side
            ),
            header,
            rows,
            left: 1,
        });
    }
    tables
}

/// The terminal text: what ran, the range headline, the grids.
pub fn render_tactics(t: &TacticsReport, colour: bool) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{} ({}) across tactics: {} pairings of {} and its foes, {} trials each, seed {} \
         (every pairing on the same random numbers)\n",
        t.scenario,
        t.system,
        t.pairings.len(),
        t.side,
        format::thousands(t.trials),
        t.seed
    );
    if !t.missing.is_empty() {
        let missing: Vec<String> = (t.missing.iter())
            .map(|[a, b]| format!("{a} vs {b}"))
            .collect();
        let _ = writeln!(
            out,
            "PARTIAL: interrupted; not played: {}\n",
            missing.join(", ")
        );
    }
    if let Some(line) = range_line(t) {
        let _ = writeln!(out, "{}\n", bold(&line, colour));
    }
    for table in tactics_tables(t) {
        out.push_str(&to_text(&table));
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "Every pairing's headline rates with their intervals: tactics.csv (and tactics.json)."
    );
    out
}

/// Writes `tactics.csv`, `tactics.json` and `tactics.png`/`.svg` into `dir`.
pub fn write_tactics(t: &TacticsReport, dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
    let mut files = Staged::new(dir)?;
    let csv = dir.join("tactics.csv");
    let table_error = |e: PolarsError| OutputError::Table {
        path: csv.clone(),
        message: e.to_string(),
    };
    let rows: Vec<(&TacticsPairing, &MetricRow)> = (t.pairings.iter())
        .flat_map(|p| (p.report.metrics.iter().filter(|m| m.is_headline())).map(move |m| (p, m)))
        .collect();
    let mut frame = df!(
        "ours" => rows.iter().map(|(p, _)| p.ours.as_str()).collect::<Vec<_>>(),
        "theirs" => rows.iter().map(|(p, _)| p.theirs.as_str()).collect::<Vec<_>>(),
        "band" => rows.iter().map(|(p, _)| p.difficulty().map(|d| d.band.name())).collect::<Vec<_>>(),
        "metric" => rows.iter().map(|(_, m)| m.metric.as_str()).collect::<Vec<_>>(),
        "estimate" => rows.iter().map(|(_, m)| m.estimate).collect::<Vec<_>>(),
        "ci_low" => rows.iter().map(|(_, m)| m.ci_low).collect::<Vec<_>>(),
        "ci_high" => rows.iter().map(|(_, m)| m.ci_high).collect::<Vec<_>>(),
        "exact" => rows.iter().map(|(_, m)| m.exact).collect::<Vec<_>>(),
        "trials" => rows.iter().map(|(_, m)| m.trials).collect::<Vec<_>>(),
        "seed" => vec![t.seed; rows.len()],
    )
    .map_err(table_error)?;
    super::csv::write_frame(&mut frame, "tactics.csv", &mut files)?;
    let json = serde_json::to_string_pretty(t).expect("a report serialises");
    files.text("tactics.json", &(json + "\n"))?;
    crate::plot::render(&crate::plot::tactics::TacticsChart, t, &mut files)?;
    files.commit()
}

#[cfg(test)]
mod tests;
