//! Comparisons for people, read like `run`: rates in percent with their 95% intervals, the
//! difference B − A in percentage points with its paired interval, exact values beside them;
//! a headline sentence per headline rate ("B succeeds 4.0 points less often than A (±0.2;
//! exact −4.0): 60.02% against 64.03%."); for a fight both sides' difficulty bands and the
//! shared fate rates first, then dead and down per combatant, the rest left to the files.
//! A file's `[variant.*]` tables read as one table with a column per variant
//! ([`render_variants`]).

use super::format::{self, percent, percent_pm, points, points_decimals, points_in_words};
use super::glance::difficulty_sentence;
use super::table::{TextTable, bold, to_text};
use oddsmith_core::stats::compare::{CompareReport, DiffRow, headline_rates};
use oddsmith_core::stats::{About, MetricRow, Report, Role};
use std::fmt::Write;

/// The line that says why the numbers are paired, for a pair (`variants`: false) or a
/// file's variants.
pub fn paired_line(variants: bool) -> String {
    let (b, a) = if variants {
        ("each variant", "the base")
    } else {
        ("B", "A")
    };
    format!(
        "Paired (common random numbers): {b} rolls {a}'s dice trial by trial as far as it rolls \
         alike, so the difference is the change, not noise; {a}'s numbers are `oddsmith run`'s \
         with this seed and trials."
    )
}

/// Where a compared rate is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Group {
    /// The first table: the trial's and the sides' rates (a roll's are all here).
    Fate,
    /// Dead and down, per combatant.
    Combatant,
    /// Only in the files: a system's own per-combatant outcomes, an encounter's rates.
    Rest,
}

pub(super) fn group(row: &MetricRow) -> Group {
    if row.meta.encounter.is_some() || row.meta.role == Role::Distribution {
        return Group::Rest;
    }
    match (&row.meta.about, row.meta.role) {
        (About::Combatant { .. }, Role::Death | Role::Down) => Group::Combatant,
        (About::Combatant { .. }, _) => Group::Rest,
        _ => Group::Fate,
    }
}

/// The title of the first table: what the trials are.
fn fate_title(report: &Report) -> &'static str {
    let role = |role| report.metrics.iter().any(|r| r.meta.role == role);
    if role(Role::Survived) {
        "The day"
    } else if role(Role::Win) && report.metrics.iter().any(|r| group(r) == Group::Combatant) {
        "The fight"
    } else {
        "Rates"
    }
}

/// How a rate reads in a sentence: its subject and verb, and whether the subject is the
/// scenario itself ("B succeeds") rather than something in it ("party wins … in B").
fn phrase(row: &MetricRow) -> (String, bool) {
    let side = match &row.meta.about {
        About::Side(s) => s.clone(),
        About::Combatant { name, .. } => name.clone(),
        About::Trial => String::new(),
    };
    match row.meta.role {
        Role::Success => ("succeeds".into(), true),
        Role::SideEffect => (format!("gets {}", row.meta.label), true),
        Role::Win => (format::agreeing(&side, "wins"), false),
        Role::AnyDeath => (format!("someone on {side} dies"), false),
        Role::AllDown => (format!("all of {side} go down"), false),
        Role::Death => (format!("{side} dies"), false),
        Role::Survived => (
            format!("{} through the day", format::agreeing(&side, "gets")),
            false,
        ),
        Role::Cleared => (
            format!("{} every encounter", format::agreeing(&side, "wins")),
            false,
        ),
        _ => (format!("{} comes up", row.metric), false),
    }
}

/// `s` with its first letter capitalised.
fn capitalised(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// One headline: how much more or less often `b` than `a` the rate `row` (A's) happens, with
/// the paired interval's half-width and the exact difference where known, then both rates.
pub fn headline(row: &MetricRow, d: &DiffRow, b: &str, a: &str) -> String {
    let (what, own) = phrase(row);
    let (subject, than) = if own {
        (format!("{b} {what}"), a.to_string())
    } else {
        (what, String::new())
    };
    // A sentence that opens with a scenario's name keeps its spelling.
    let tail = |how: String| {
        if own {
            format!("{subject} {how} than {than}")
        } else {
            capitalised(&format!("{subject} {how} in {b} than in {a}"))
        }
    };
    let values = format!("{} against {}", percent(d.b), percent(d.a));
    if d.ci_low == 0.0 && d.ci_high == 0.0 {
        let same = if own {
            format!("{subject} exactly as often as {a} in these trials")
        } else {
            capitalised(&format!(
                "{subject} exactly as often in {b} as in {a} in these trials"
            ))
        };
        return format!("{same}: {}.", percent(d.a));
    }
    let half = (d.ci_high - d.ci_low) / 2.0 * 100.0;
    let dec = points_decimals(half, 1);
    let size = format::points(d.difference.abs() * 100.0, dec);
    let size = size.trim_start_matches('+');
    let more = if d.difference >= 0.0 { "more" } else { "less" };
    let mut precision = format!("±{half:.dec$}");
    if let Some(e) = d.exact_diff {
        precision.push_str(&format!("; exact {}", points_in_words(e * 100.0, dec)));
    }
    if !d.significant {
        precision.push_str(": no clear difference");
    }
    format!(
        "{} ({precision}): {values}.",
        tail(format!("{size} points {more} often"))
    )
}

/// The headline sentences of a comparison: both difficulty bands, then one per headline rate
/// of A ([`headline_rates`]) that either side saw.
pub fn headlines(r: &CompareReport, a: &Report, b: &Report, names: (&str, &str)) -> Vec<String> {
    let mut out = Vec::new();
    for (name, report) in [(names.1, a), (names.0, b)] {
        if let Some(d) = &report.difficulty {
            out.push(format!("{name}: {}", difficulty_sentence(d)));
        }
    }
    for row in headline_rates(a) {
        if let Some(d) = r.metrics.iter().find(|m| m.metric == row.metric)
            && !d.never()
        {
            out.push(headline(row, d, names.0, names.1));
        }
    }
    out
}

/// A row of a comparison table: metric, A, B, B − A, its interval, the mark, the exact
/// values.
fn diff_cells(d: &DiffRow) -> Vec<String> {
    let half = (d.ci_high - d.ci_low) / 2.0 * 100.0;
    let dec = points_decimals(half, 2);
    let exact = |e: Option<f64>| e.map_or_else(|| "-".into(), percent);
    vec![
        d.metric.clone(),
        percent_pm(d.a, d.a_ci_low, d.a_ci_high),
        percent_pm(d.b, d.b_ci_low, d.b_ci_high),
        points(d.difference * 100.0, dec),
        format!(
            "[{}, {}]",
            points(d.ci_low * 100.0, dec),
            points(d.ci_high * 100.0, dec)
        ),
        if d.significant { "*" } else { "" }.into(),
        exact(d.exact_a),
        exact(d.exact_b),
        d.exact_diff
            .map_or_else(|| "-".into(), |e| points(e * 100.0, dec)),
    ]
}

/// Leaves out the columns from `first` on that no row fills.
fn drop_empty_columns(header: &mut Vec<String>, rows: &mut [Vec<String>], first: usize) {
    for col in (first..header.len()).rev() {
        if rows.iter().all(|r| r[col].is_empty() || r[col] == "-") {
            header.remove(col);
            rows.iter_mut().for_each(|r| {
                r.remove(col);
            });
        }
    }
}

/// The comparison's tables (the first table, then dead and down per combatant) and the
/// lines under them: the rates neither side saw, and those left to the files.
pub fn compare_tables(r: &CompareReport, a: &Report) -> (Vec<TextTable>, Vec<String>) {
    let row_of = |d: &DiffRow| a.metrics.iter().find(|m| m.metric == d.metric);
    let grouped = |g: Group| {
        r.metrics
            .iter()
            .filter(move |d| row_of(d).map_or(Group::Fate, group) == g)
    };
    let table = |title: String, rows: Vec<&DiffRow>| {
        let mut header: Vec<String> = [
            "metric",
            "A",
            "B",
            "B − A",
            "95% interval",
            "",
            "exact A",
            "exact B",
            "exact B − A",
        ]
        .map(String::from)
        .to_vec();
        let mut rows: Vec<Vec<String>> = rows.into_iter().map(diff_cells).collect();
        drop_empty_columns(&mut header, &mut rows, 5);
        TextTable {
            title,
            header,
            rows,
            left: 1,
        }
    };
    let unit = "95% intervals; B − A in percentage points";
    let mut tables = Vec::new();
    let fate: Vec<&DiffRow> = grouped(Group::Fate).filter(|d| !d.never()).collect();
    if !fate.is_empty() {
        tables.push(table(format!("{} ({unit})", fate_title(a)), fate));
    }
    let combatants: Vec<&DiffRow> = grouped(Group::Combatant).filter(|d| !d.never()).collect();
    if !combatants.is_empty() {
        tables.push(table(
            format!("Per combatant: dead, and down at the end ({unit})"),
            combatants,
        ));
    }
    let mut lines = vec!["* the interval excludes 0: B differs from A.".to_string()];
    let never: Vec<&str> = (r.metrics.iter())
        .filter(|d| d.never() && row_of(d).is_none_or(|m| group(m) != Group::Rest))
        .map(|d| d.metric.as_str())
        .collect();
    if !never.is_empty() {
        lines.push(format!("Not seen in A or B: {}.", never.join(", ")));
    }
    let rest: Vec<&DiffRow> = grouped(Group::Rest).collect();
    if !rest.is_empty() {
        let mut labels: Vec<&str> = Vec::new();
        for d in &rest {
            if let Some(m) = row_of(d)
                && !labels.contains(&m.meta.label.as_str())
            {
                labels.push(&m.meta.label);
            }
        }
        lines.push(format!(
            "{} more rates ({}) are in compare.csv and --json.",
            rest.len(),
            labels.join(", ")
        ));
    }
    (tables, lines)
}

/// The header lines of a comparison: the partial note, both names, trials and seed, and why
/// the numbers are paired.
fn heading(r: &CompareReport) -> String {
    let mut out = String::new();
    if let Some(p) = &r.partial {
        let _ = writeln!(
            out,
            "PARTIAL: interrupted after {} of {} paired trials; the numbers are those of a run of {}",
            format::thousands(r.trials),
            format::thousands(p.trials_requested),
            format::thousands(r.trials)
        );
    }
    let _ = writeln!(
        out,
        "A: {}\nB: {}\n{} paired trials, seed {}\n{}\n",
        r.a,
        r.b,
        format::thousands(r.trials),
        r.seed,
        paired_line(false)
    );
    out
}

/// A comparison as text: the heading, the headlines (bold on a terminal), the tables and
/// the lines under them.
pub fn render_compare(r: &CompareReport, a: &Report, b: &Report, colour: bool) -> String {
    let mut out = heading(r);
    let lines = headlines(r, a, b, ("B", "A"));
    for h in &lines {
        let _ = writeln!(out, "{}", bold(h, colour));
    }
    if !lines.is_empty() {
        out.push('\n');
    }
    let (tables, notes) = compare_tables(r, a);
    for t in &tables {
        out.push_str(&to_text(t));
        out.push('\n');
    }
    for n in notes {
        let _ = writeln!(out, "{n}");
    }
    out
}

#[cfg(test)]
mod tests;
