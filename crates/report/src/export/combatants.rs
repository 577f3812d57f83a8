//! The per-combatant tables of a fight's report: a row per combatant under its side, a
//! column per state at the fight's end once the aftermath is over (dead, saved, down, fled),
//! then dead in the fight and the system's own outcomes where they add something, in compact
//! cells (`57.4% ±0.3`) so the shipped fights fit 100 columns; the system's own means in a
//! table of their own.

use super::format;
use super::glance::Glance;
use super::table::{TextTable, to_text};
use oddsmith_core::stats::{MetricKind, MetricRow, Role};

/// A compact cell for the per-combatant table: `57.4% ±0.3`, `0.52% ±0.04`, `13.57 ±0.02`,
/// `not seen`, `30.0% exact`.
pub fn compact_cell(row: &MetricRow) -> String {
    if row.estimate.is_nan() && row.exact.is_none() {
        return "-".into();
    }
    // Decimals for `sig` significant digits of `v` (in the row's unit), 0 to 6.
    let digits = |v: f64, sig: i32| {
        if v <= 0.0 || !v.is_finite() {
            1
        } else {
            (sig - 1 - v.log10().floor() as i32).clamp(0, 6) as usize
        }
    };
    match row.kind {
        MetricKind::Rate => {
            if let Some(e) = row
                .exact
                .filter(|_| row.trials == 0 || row.estimate.is_nan())
            {
                return format!("{:.*}% exact", digits(e * 100.0, 3), e * 100.0);
            }
            if format::not_seen(row) {
                return "not seen".into();
            }
            // The half-width to one significant digit, the estimate to at least two.
            let (v, half) = (row.estimate * 100.0, (row.ci_high - row.ci_low) * 50.0);
            let d = digits(half, 1).max(digits(v, 2));
            format!("{v:.d$}% ±{half:.d$}")
        }
        _ => {
            let (v, half) = (row.estimate, (row.ci_high - row.ci_low) / 2.0);
            let d = digits(half, 1).max(digits(v, 2));
            format!("{v:.d$} ±{half:.d$}")
        }
    }
}

/// Whether nothing ever happened in `row`: a rate never seen (nor exact above 0), a mean of
/// 0.
fn nothing_happened(row: &MetricRow) -> bool {
    match row.kind {
        MetricKind::Rate => {
            row.exact.is_none_or(|e| e == 0.0) && (row.estimate == 0.0 || row.estimate.is_nan())
        }
        _ => row.estimate == 0.0 || row.estimate.is_nan(),
    }
}

/// A row per combatant, grouped by side; a column per state at the fight's end once the
/// aftermath is over (dead, saved, down, fled), then the system's own outcomes and dead in the
/// fight where they add something: a column in which nothing ever happened is left out, and
/// an outcome column that reads the same as one before it for everyone. Cells are compact
/// (`57.4% ±0.3`: estimate and 95% half-width) so the shipped fights fit 100 columns.
pub fn combatant_table(glance: &Glance<'_>) -> Vec<TextTable> {
    combatant_columns(glance, MetricKind::Rate)
}

/// The system's own per-combatant means (AP spent, rounds winded, …), a column each, those
/// that are never anything but 0 left out.
pub fn combatant_means(glance: &Glance<'_>) -> Vec<TextTable> {
    combatant_columns(glance, MetricKind::Mean)
}

/// The per-combatant table of the rows of `kind`: rates (see [`combatant_table`]) or means.
fn combatant_columns(glance: &Glance<'_>, kind: MetricKind) -> Vec<TextTable> {
    if glance.combatants.is_empty() {
        return Vec::new();
    }
    let of_kind = |label: &str| {
        glance
            .combatants
            .iter()
            .flat_map(|c| &c.outcomes)
            .any(|(l, r)| l == label && r.kind == kind)
    };
    let role_of = |label: &str| {
        glance
            .combatants
            .iter()
            .flat_map(|c| &c.outcomes)
            .find(|(l, _)| l == label)
            .map(|(_, r)| r.meta.role)
    };
    let core = [Role::Death, Role::Saved, Role::Down, Role::Fled];
    let mut labels: Vec<&String> = Vec::new();
    for role in core {
        labels.extend(glance.outcomes.iter().filter(|l| role_of(l) == Some(role)));
    }
    let shared = [
        Role::Dying,
        Role::Saved,
        Role::Death,
        Role::Down,
        Role::Fled,
    ];
    labels.extend(
        glance
            .outcomes
            .iter()
            .filter(|l| role_of(l).is_some_and(|r| !shared.contains(&r))),
    );
    labels.retain(|l| of_kind(l));
    let cells = |label: &str| -> Vec<Option<&MetricRow>> {
        glance
            .combatants
            .iter()
            .map(|c| c.outcomes.iter().find(|(l, _)| l == label).map(|(_, r)| *r))
            .collect()
    };
    let mut columns: Vec<(String, Vec<String>)> = Vec::new();
    let mut core_names: Vec<&str> = vec!["dead"];
    for label in labels {
        let rows = cells(label);
        if rows.iter().flatten().all(|r| nothing_happened(r)) {
            continue;
        }
        let text: Vec<String> = rows
            .iter()
            .map(|r| r.map_or_else(|| "-".into(), compact_cell))
            .collect();
        let is_core = role_of(label).is_some_and(|r| core.contains(&r));
        if is_core {
            core_names.push(label);
        }
        if !is_core && columns.iter().any(|(_, t)| *t == text) {
            continue;
        }
        let name = match role_of(label) {
            Some(Role::Death) => "dead".to_string(),
            Some(Role::DeadInFight) => "dead in fight".to_string(),
            _ => label.clone(),
        };
        columns.push((name, text));
    }
    let title = match (kind, glance.day) {
        (MetricKind::Rate, false) => {
            "Per combatant (dead once the aftermath is over; ± the 95% interval's half-width)"
        }
        (MetricKind::Rate, true) => {
            "Per member (dead or not up at the end of the day; ± the 95% interval's half-width)"
        }
        (_, false) => "Per combatant, means per fight (± the 95% interval's half-width)",
        (_, true) => "Per member, at the end of the day (± the 95% interval's half-width)",
    };
    if columns.is_empty() {
        return Vec::new();
    }
    let whole = by_side(glance, title, &columns);
    let wide = to_text(&whole).lines().any(|l| l.chars().count() > WIDEST);
    match columns
        .iter()
        .position(|(n, _)| !core_names.contains(&n.as_str()))
    {
        // Too wide: the system's own outcomes go to a table of their own.
        Some(at) if wide && at > 0 => vec![
            by_side(glance, title, &columns[..at]),
            by_side(
                glance,
                "Per combatant, more outcomes (± the 95% interval's half-width)",
                &columns[at..],
            ),
        ],
        _ => vec![whole],
    }
}

/// The widest a text table should be: it fits a terminal of 100 columns.
const WIDEST: usize = 100;

/// A per-combatant table of `columns` (a name and a cell per combatant): a line per side,
/// its combatants under it (narrower than a side column).
fn by_side(glance: &Glance<'_>, title: &str, columns: &[(String, Vec<String>)]) -> TextTable {
    let mut header = vec!["combatant".to_string()];
    header.extend(columns.iter().map(|(n, _)| n.clone()));
    let mut rows: Vec<Vec<String>> = Vec::new();
    for (k, c) in glance.combatants.iter().enumerate() {
        if k == 0 || glance.combatants[k - 1].side != c.side {
            let mut side = vec![format!("{}:", c.side)];
            side.resize(header.len(), String::new());
            rows.push(side);
        }
        let mut row = vec![format!("  {}", c.name)];
        row.extend(columns.iter().map(|(_, t)| t[k].clone()));
        rows.push(row);
    }
    TextTable {
        title: title.into(),
        header,
        rows,
        left: 1,
    }
}
