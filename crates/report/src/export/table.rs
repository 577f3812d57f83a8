//! Tables for people, one layout for the terminal, Markdown and HTML ([`TextTable`]): a
//! run's headline sentences, its trial-level rows, the per-combatant tables (built in
//! [`super::combatants`]), exact values alone, a sweep's grids (the target search's table
//! is [`super::tune`], comparisons are in [`super::comparison`]). Rates read as percentages
//! (see [`super::format`]); numbers are right-aligned on their decimal point. A run's notes
//! ([`Note`]) are placed by kind: remarks above the headlines, the aftermath in force under
//! them ([`in_force`]).

use super::combatants::{combatant_means, combatant_table, compact_cell};
use super::format::{self, percent};
use super::glance::{self, Glance};
use oddsmith_core::stats::encounters::{EncounterFate, encounter_fates, encounter_report};
use oddsmith_core::stats::{MetricKind, MetricRow, Note, Report, SweepReport, SweepResult};
use std::fmt::Write;

/// A table as cells, with a title; the first `left` columns are text (left-aligned), the rest
/// numbers.
#[derive(Debug, Clone, PartialEq)]
pub struct TextTable {
    /// Shown above the table.
    pub title: String,
    /// Column names.
    pub header: Vec<String>,
    /// Rows of cells.
    pub rows: Vec<Vec<String>>,
    /// Leading text columns.
    pub left: usize,
}

/// The estimate and interval of a row in its unit: `5.50%`, `[5.40, 5.60]`.
fn estimate_cells(row: &MetricRow) -> (String, String) {
    if row.estimate.is_nan() {
        return ("-".into(), String::new());
    }
    if format::not_seen(row) {
        return ("not seen".into(), format!("< {}", percent(row.ci_high)));
    }
    format::parts(row)
}

/// "1 in N" for a rare rate (exact where known), else empty.
fn odds_cell(row: &MetricRow) -> String {
    if row.kind != MetricKind::Rate {
        return String::new();
    }
    let p = match row.exact {
        Some(e) => e,
        None if format::not_seen(row) => return String::new(),
        None => row.estimate,
    };
    format::one_in(p).unwrap_or_default()
}

/// The rows about the trial and its sides: metric, estimate, interval, exact, odds.
pub fn trial_table(glance: &Glance<'_>, title: &str) -> TextTable {
    let rows: Vec<Vec<String>> = glance
        .trial_rows
        .iter()
        .map(|r| {
            let (estimate, interval) = estimate_cells(r);
            let exact = format::exact_value(r).unwrap_or_else(|| "-".into());
            vec![r.metric.clone(), estimate, interval, exact, odds_cell(r)]
        })
        .collect();
    let mut header: Vec<String> = ["metric", "estimate", "95% interval", "exact", "odds"]
        .map(String::from)
        .to_vec();
    let mut rows = rows;
    // Leave out columns nobody fills.
    for col in (3..header.len()).rev() {
        if rows.iter().all(|r| r[col].is_empty() || r[col] == "-") {
            header.remove(col);
            rows.iter_mut().for_each(|r| {
                r.remove(col);
            });
        }
    }
    TextTable {
        title: title.into(),
        header,
        rows,
        left: 1,
    }
}

/// Only the values computed exactly: metric and exact value.
pub fn exact_table(report: &Report) -> TextTable {
    let rows = report
        .metrics
        .iter()
        .filter_map(|r| format::exact(r).map(|e| vec![r.metric.clone(), e]))
        .collect();
    TextTable {
        title: "Exact values".into(),
        header: vec!["metric".into(), "exact".into()],
        rows,
        left: 1,
    }
}

/// The tables of one run, in reading order.
pub fn run_tables(report: &Report, glance: &Glance<'_>) -> Vec<TextTable> {
    if report.trials == 0 {
        return vec![exact_table(report)];
    }
    let fates = encounter_fates(report);
    let title = if !fates.is_empty() {
        "The day (95% intervals)"
    } else if glance.combatants.is_empty() {
        "Results (95% intervals)"
    } else {
        "The fight (95% intervals)"
    };
    let mut tables = vec![trial_table(glance, title)];
    tables.extend(combatant_table(glance));
    tables.extend(combatant_means(glance));
    if !fates.is_empty() {
        tables.push(encounter_table(&fates));
    }
    tables
}

/// A day's encounters, a row each: how often the day reached it, and how often the party
/// won it, lost someone in it (`died here`: in its fight or aftermath; these add up over the
/// day), had someone dead by its end (earlier encounters' dead too) and was all down at its
/// end (over all days).
pub fn encounter_table(fates: &[EncounterFate<'_>]) -> TextTable {
    let cell = |r: Option<&MetricRow>| match r {
        // The first encounter, and any the day cannot miss.
        Some(r) if r.estimate == 1.0 => "every day".to_string(),
        Some(r) => compact_cell(r),
        None => "-".to_string(),
    };
    let rows = fates
        .iter()
        .map(|f| {
            vec![
                f.n.to_string(),
                f.name.to_string(),
                cell(Some(f.reached)),
                cell(f.won),
                cell(f.died),
                cell(f.any_death),
                cell(f.all_down),
            ]
        })
        .collect();
    TextTable {
        title: "Encounter by encounter (share of all days, 95% intervals)".into(),
        header: [
            "#",
            "encounter",
            "reached",
            "won",
            "died here",
            "dead by its end",
            "all down",
        ]
        .map(String::from)
        .to_vec(),
        rows,
        left: 2,
    }
}

/// The tables of each encounter of a day's `report`, as a fight's: its trial-level rows and
/// its per-combatant tables, each titled with the encounter (none for a report that is no
/// day).
pub fn encounter_tables(report: &Report) -> Vec<TextTable> {
    encounter_fates(report)
        .iter()
        .flat_map(|f| {
            let sub = encounter_report(report, f.n);
            let glance = Glance::of(&sub);
            let mut tables = vec![trial_table(&glance, "")];
            tables.extend(combatant_table(&glance));
            tables.extend(combatant_means(&glance));
            for (i, t) in tables.iter_mut().enumerate() {
                // Its dead are those dead by its end, earlier encounters' dead too.
                let what = if i == 0 {
                    "the fight".to_string()
                } else {
                    t.title.replace(
                        "dead once the aftermath is over",
                        &format!(
                            "dead: by the end of encounter {}, earlier ones' dead too",
                            f.n
                        ),
                    )
                };
                t.title = format!("Encounter {} ({}): {what}", f.n, f.name);
            }
            tables
        })
        .collect()
}

/// Where `cell` splits for decimal alignment: before its decimal point, or before its unit
/// when it has none; `None` for text.
fn decimal_split(cell: &str) -> Option<usize> {
    let first = cell.chars().next()?;
    if !(first.is_ascii_digit() || first == '-' || first == '+' || first == '[') || cell == "-" {
        return None;
    }
    // A compact `estimate ±half-width` lines up on its `±`.
    if let Some(at) = cell.find(" ±") {
        return Some(at);
    }
    let numeric_end = cell
        .find(|c: char| {
            !(c.is_ascii_digit() || c == '.' || c == '-' || c == '+' || c == ',' || c == '[')
        })
        .unwrap_or(cell.len());
    Some(cell[..numeric_end].find('.').unwrap_or(numeric_end))
}

/// Pads the number columns of `rows` so their decimal points line up.
fn align_decimals(rows: &mut [Vec<String>], left: usize) {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    for col in left..columns {
        let splits: Vec<Option<usize>> = rows
            .iter()
            .map(|r| r.get(col).and_then(|c| decimal_split(c)))
            .collect();
        let before = splits.iter().flatten().max().copied().unwrap_or(0);
        let after = rows
            .iter()
            .zip(&splits)
            .filter_map(|(r, s)| s.map(|s| r[col].chars().count() - s))
            .max()
            .unwrap_or(0);
        for (row, split) in rows.iter_mut().zip(&splits) {
            if let Some(s) = split {
                let cell = &row[col];
                let tail = cell.chars().count() - s;
                row[col] = format!(
                    "{}{cell}{}",
                    " ".repeat(before - s),
                    " ".repeat(after - tail)
                );
            }
        }
    }
}

/// `table` as aligned text: title, header, rows; numbers aligned on their decimal point.
pub fn to_text(table: &TextTable) -> String {
    let mut rows = table.rows.clone();
    align_decimals(&mut rows, table.left);
    let mut out = format!("{}\n", table.title);
    let body = aligned(&table.header, &rows, table.left);
    for line in body.lines() {
        let _ = writeln!(out, "  {line}");
    }
    out
}

/// `table` as a Markdown table under a bold title.
pub fn to_markdown(table: &TextTable) -> String {
    let mut m = format!("**{}**\n\n| {} |\n|", table.title, table.header.join(" | "));
    for i in 0..table.header.len() {
        m.push_str(if i < table.left { " --- |" } else { " ---: |" });
    }
    m.push('\n');
    for row in &table.rows {
        let _ = writeln!(m, "| {} |", row.join(" | "));
    }
    m
}

/// `rows` aligned under `header`: the first `left` columns left-aligned, the others
/// right-aligned, two spaces apart.
pub fn aligned<S: AsRef<str>>(header: &[S], rows: &[Vec<String>], left: usize) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.as_ref().chars().count()).collect();
    for row in rows {
        for (w, c) in widths.iter_mut().zip(row) {
            *w = (*w).max(c.chars().count());
        }
    }
    let head: Vec<String> = header.iter().map(|h| h.as_ref().to_string()).collect();
    let mut out = String::new();
    for row in std::iter::once(&head).chain(rows) {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(i, (c, w))| {
                if i < left {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect();
        let _ = writeln!(out, "{}", line.join("  ").trim_end());
    }
    out
}

/// The report: heading, the remarks among `notes`, headline sentences, the aftermath in force,
/// then its tables.
pub fn render(report: &Report, notes: &[Note], colour: bool) -> String {
    let glance = Glance::of(report);
    let mut out = String::new();
    let runs = if report.trials == 0 {
        "exact values, nothing sampled".to_string()
    } else {
        format!(
            "{} trials, seed {}",
            format::thousands(report.trials),
            report.seed
        )
    };
    let _ = writeln!(out, "{} ({}) — {runs}", report.scenario, report.system);
    if let Some(p) = &report.partial {
        let _ = writeln!(
            out,
            "  PARTIAL: interrupted after {} of {} trials; the numbers are those of a run of {} \
             trials with this seed",
            format::thousands(report.trials),
            format::thousands(p.trials_requested),
            format::thousands(report.trials)
        );
    }
    let (above, under) = glance::split_notes(notes);
    for note in above {
        let _ = writeln!(out, "  {note}");
    }
    out.push('\n');
    if report.trials > 0 {
        for h in &glance.headlines {
            let _ = writeln!(out, "{}", bold(h, colour));
        }
    }
    for note in &under {
        let _ = writeln!(out, "  {}", in_force(note));
    }
    if report.trials > 0 || !under.is_empty() {
        out.push('\n');
    }
    for t in run_tables(report, &glance) {
        if t.rows.is_empty() {
            let _ = writeln!(out, "{}\n  (none: this scenario is only sampled)", t.title);
            continue;
        }
        out.push_str(&to_text(&t));
        out.push('\n');
    }
    if let Some(worst) = report
        .metrics
        .iter()
        .filter_map(|r| r.exact_bound)
        .reduce(f64::max)
    {
        let line = if worst == 0.0 {
            "Exact values are exact but for rounding (every exact_bound is 0).".to_string()
        } else {
            format!("Exact values are within {worst:.1e} of the true values (largest exact_bound).")
        };
        let _ = writeln!(out, "{line}\n");
    }
    out
}

/// The aftermath note's words ([`Note::Aftermath`]) as a line under the headlines:
/// "Aftermath in force: allies tended, …".
pub fn in_force(aftermath: &str) -> String {
    format!("Aftermath in force: {aftermath}")
}

/// `text` in bold when `colour` (ANSI), else as it is.
pub fn bold(text: &str, colour: bool) -> String {
    if colour {
        format!("\x1b[1m{text}\x1b[0m")
    } else {
        text.to_string()
    }
}

/// A headline rate's value at a grid point: the exact value where known, else the estimate.
fn grid_cell(row: Option<&MetricRow>) -> String {
    match row {
        Some(r) => match r.exact {
            Some(e) => percent(e),
            None if r.estimate.is_nan() => "-".into(),
            None => percent(r.estimate),
        },
        None => "-".into(),
    }
}

/// Each headline rate of a sweep as a grid: a row per value of the first field, a column
/// per value of the second (one column for a one-field sweep); with more fields, one grid
/// per combination of the others.
pub fn sweep_grids(sweep: &SweepReport) -> Vec<TextTable> {
    if sweep.fields.len() == 1 {
        return sweep_columns(sweep);
    }
    sweep
        .headline_metrics()
        .into_iter()
        .flat_map(|metric| {
            let cell = |p: &SweepResult| grid_cell(p.metrics.iter().find(|m| m.metric == metric));
            grids(sweep, &metric, " (exact where known)", &cell)
        })
        .collect()
}

/// A fight's difficulty band at each grid point of a sweep of two or more fields, as grids
/// like [`sweep_grids`]' (a one-field sweep has it as a column of its first table instead);
/// empty for a sweep that is no fight's.
pub fn difficulty_grids(sweep: &SweepReport) -> Vec<TextTable> {
    let Some(side) = difficulty_side(sweep) else {
        return Vec::new();
    };
    if sweep.fields.len() == 1 {
        return Vec::new();
    }
    let name = format!("difficulty for {side}");
    grids(sweep, &name, "", &difficulty_cell)
}

/// The side of a sweep's difficulty bands, if it has them.
fn difficulty_side(sweep: &SweepReport) -> Option<&str> {
    sweep
        .points
        .iter()
        .find_map(|p| p.difficulty.as_ref())
        .map(|d| d.side.as_str())
}

/// A grid point's band in words (`medium, borderline hard`), `-` where it has none.
fn difficulty_cell(p: &SweepResult) -> String {
    p.difficulty
        .as_ref()
        .map_or_else(|| "-".into(), |d| d.label())
}

/// `name` over a sweep of two or more fields as grids, a cell per point from `cell` (`-`
/// where a point was not run): a row per value of the first field, a column per value of
/// the second, one grid per combination of the others; titles end in `note`.
fn grids(
    sweep: &SweepReport,
    name: &str,
    note: &str,
    cell: &dyn Fn(&SweepResult) -> String,
) -> Vec<TextTable> {
    let labels = sweep.field_labels();
    let rows_of = sweep.field_values(0);
    let cols_of = sweep.field_values(1);
    // The combinations of the fields after the second, in first-seen order.
    let mut extras: Vec<Vec<f64>> = Vec::new();
    for p in &sweep.points {
        let e = p.values.get(2..).unwrap_or_default().to_vec();
        if !extras.contains(&e) {
            extras.push(e);
        }
    }
    let mut tables = Vec::new();
    for extra in &extras {
        let at = |r: f64, c: f64| {
            sweep.points.iter().find(|p| {
                p.values[0] == r
                    && p.values[1] == c
                    && p.values.get(2..).unwrap_or_default() == extra.as_slice()
            })
        };
        let mut header = vec![labels[0].clone()];
        header.extend(
            cols_of
                .iter()
                .map(|c| format!("{} = {}", labels[1], sweep.value_text(1, *c))),
        );
        let rows = rows_of
            .iter()
            .map(|&r| {
                let mut row = vec![sweep.value_text(0, r)];
                for &c in &cols_of {
                    row.push(at(r, c).map_or_else(|| "-".into(), cell));
                }
                row
            })
            .collect();
        let fixed: Vec<String> = labels
            .iter()
            .skip(2)
            .zip(extra)
            .enumerate()
            .map(|(k, (l, v))| format!("{l} = {}", sweep.value_text(2 + k, *v)))
            .collect();
        let mut title = format!("{name} by {}", labels[..2].join(" × "));
        if !fixed.is_empty() {
            title.push_str(&format!(", with {}", fixed.join(", ")));
        }
        tables.push(TextTable {
            title: title + note,
            header,
            rows,
            left: 1,
        });
    }
    tables
}

/// A one-field sweep: a row per value; the trial- and side-level headline rates as columns
/// of one table, and each per-combatant outcome as a table with a column per combatant.
fn sweep_columns(sweep: &SweepReport) -> Vec<TextTable> {
    let label = sweep.field_labels().remove(0);
    let Some(first) = sweep.points.first() else {
        return Vec::new();
    };
    let headline = sweep.headline_metrics();
    // (title, [(column, metric)]) groups, in first-seen order.
    let mut groups: Vec<(String, Vec<(String, String)>)> = Vec::new();
    for m in first
        .metrics
        .iter()
        .filter(|m| headline.contains(&m.metric))
    {
        let (title, column) = match &m.meta.about {
            oddsmith_core::stats::About::Combatant { name, .. } => {
                (m.meta.label.clone(), name.clone())
            }
            _ => (String::new(), m.metric.clone()),
        };
        match groups.iter_mut().find(|(t, _)| *t == title) {
            Some((_, cols)) => cols.push((column, m.metric.clone())),
            None => groups.push((title, vec![(column, m.metric.clone())])),
        }
    }
    // A fight's band is the second column (text) of the table of trial- and side-level
    // rates, beside the swept value.
    let band = difficulty_side(sweep).map(|side| format!("difficulty for {side}"));
    groups
        .into_iter()
        .map(|(title, cols)| {
            let band = band.as_ref().filter(|_| title.is_empty());
            let mut header = vec![label.clone()];
            header.extend(band.cloned());
            header.extend(cols.iter().map(|(c, _)| c.clone()));
            let rows = sweep
                .points
                .iter()
                .map(|p| {
                    let mut row = vec![sweep.value_text(0, p.values[0])];
                    if band.is_some() {
                        row.push(difficulty_cell(p));
                    }
                    for (_, metric) in &cols {
                        row.push(grid_cell(p.metrics.iter().find(|m| &m.metric == metric)));
                    }
                    row
                })
                .collect();
            let title = if title.is_empty() {
                format!("By {label} (exact where known)")
            } else {
                format!("{title} by {label}, per combatant (exact where known)")
            };
            TextTable {
                title,
                header,
                rows,
                left: 1 + usize::from(band.is_some()),
            }
        })
        .collect()
}

/// The long table of a sweep: swept values, metric, estimate, interval, exact, and for a
/// fight the grid point's difficulty band.
pub fn sweep_long(sweep: &SweepReport) -> TextTable {
    let labels = sweep.field_labels();
    let headline = sweep.headline_metrics();
    let band = difficulty_side(sweep).is_some();
    let mut header = labels.clone();
    header.extend(["metric", "estimate", "95% interval", "exact"].map(String::from));
    if band {
        header.push("difficulty".into());
    }
    let mut rows = Vec::new();
    for p in &sweep.points {
        for row in p.metrics.iter().filter(|r| headline.contains(&r.metric)) {
            let mut line: Vec<String> = (p.values.iter().enumerate())
                .map(|(i, v)| sweep.value_text(i, *v))
                .collect();
            let (estimate, interval) = estimate_cells(row);
            line.extend([
                row.metric.clone(),
                estimate,
                interval,
                row.exact.map_or_else(|| "-".into(), percent),
            ]);
            if band {
                line.push(difficulty_cell(p));
            }
            rows.push(line);
        }
    }
    TextTable {
        title: "Every grid point (also in sweep.csv)".into(),
        header,
        rows,
        left: labels.len() + 1,
    }
}

/// A sweep: heading, then each headline rate's grid; the long table is in `sweep.csv`.
pub fn render_sweep(sweep: &SweepReport) -> String {
    let mut out = String::new();
    let runs = if sweep.trials == 0 {
        "exact values".to_string()
    } else {
        format!(
            "{} trials each, seed {}",
            format::thousands(sweep.trials),
            sweep.seed
        )
    };
    if let Some(p) = &sweep.partial {
        let _ = writeln!(
            out,
            "PARTIAL: interrupted; {} grid points finished, {} not run (listed in sweep.json)",
            sweep.points.len(),
            p.missing_points.len()
        );
    }
    let _ = writeln!(
        out,
        "{} ({}) — sweep of {} over {} points, {runs}\n",
        sweep.scenario,
        sweep.system,
        sweep.fields.join(" × "),
        sweep.points.len(),
    );
    for t in sweep_grids(sweep)
        .into_iter()
        .chain(difficulty_grids(sweep))
    {
        out.push_str(&to_text(&t));
        out.push('\n');
    }
    out.push_str("Every grid point with its 95% interval: sweep.csv (and --json).\n");
    out
}
