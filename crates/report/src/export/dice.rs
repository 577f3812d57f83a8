//! `oddsmith dice`: an expression's exact distribution as a table for the terminal, as JSON
//! for `--json` (`{"expr", "mean", "sd", "bound", "distribution": [{"value", "p",
//! "at_least", "at_most"}, …], "vs": {"n", "p"}}`, raw probabilities), and as the files of
//! `--out DIR`: `dice.csv` (`value, p, at_least, at_most`, every total) and the chart
//! (`dice.png`, `dice.svg`, [`crate::plot::dice`]), written together or not at all.
//!
//! The terminal table leaves out the far tails holding less than [`SHOWN_CUT`] together (an
//! exploding die's long run of tiny chances) and says so; JSON and CSV list every total.

use super::csv::write_frame;
use super::format::{one_in, percent, plain};
use super::write::Staged;
use oddsmith_core::dice::summary::{Row, Summary};
use oddsmith_core::error::OutputError;
use polars::prelude::*;
use std::path::{Path, PathBuf};

/// Tails holding less than this together are left off the terminal table and the chart.
pub const SHOWN_CUT: f64 = 1e-6;

/// A probability for the table: a percentage (`12.35%`, `0.0772%`), or below a millionth
/// in scientific notation (`2.1e-13%`) so that it never reads as 0.
pub fn chance(p: f64) -> String {
    if p > 0.0 && p < 1e-6 {
        format!("{:.1e}%", p * 100.0)
    } else {
        percent(p)
    }
}

/// The truncation line, when the expression explodes: how much the table may leave out.
pub fn bound_line(s: &Summary) -> Option<String> {
    if !s.exploding {
        return None;
    }
    Some(if s.bound > 0.0 {
        format!(
            "truncation bound: {:.1e} (exploding dice are followed until at most 1e-15 of \
             each die's chances is left; every chance here may be short by up to that much)",
            s.bound
        )
    } else {
        "truncation bound: 0 (every explosion the limit allows is followed: exact)".to_string()
    })
}

/// The table for the terminal.
pub fn table(s: &Summary) -> String {
    let (rows, below, above) = s.shown(SHOWN_CUT);
    let cells: Vec<[String; 4]> = rows
        .iter()
        .map(|r| {
            [
                r.value.to_string(),
                chance(r.p),
                chance(r.at_least),
                chance(r.at_most),
            ]
        })
        .collect();
    let head = ["total", "probability", "at least", "at most"];
    let widths: Vec<usize> = (0..4)
        .map(|i| {
            cells
                .iter()
                .map(|c| c[i].chars().count())
                .chain([head[i].len()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let line = |c: [&str; 4]| {
        let parts: Vec<String> = (0..4)
            .map(|i| format!("{:>w$}", c[i], w = widths[i]))
            .collect();
        parts.join("  ").trim_end().to_string() + "\n"
    };
    let mut out = format!("{}: exact distribution\n", s.expr);
    out += &line(head);
    for c in &cells {
        out += &line([&c[0], &c[1], &c[2], &c[3]]);
    }
    let (first, last) = (rows.first().map(|r| r.value), rows.last().map(|r| r.value));
    let mut hidden = Vec::new();
    if let (true, Some(first)) = (below > 0.0, first) {
        hidden.push(format!("below {first} (together {})", chance(below)));
    }
    if let (true, Some(last)) = (above > 0.0, last) {
        hidden.push(format!("above {last} (together {})", chance(above)));
    }
    if !hidden.is_empty() {
        out += &format!(
            "not shown: totals {}; --json and --out list every total\n",
            hidden.join(" and ")
        );
    }
    out += &format!(
        "mean {}, standard deviation {}\n",
        plain(s.mean),
        plain(s.sd)
    );
    if let Some(vs) = s.vs {
        let rare = one_in(vs.p).map(|o| format!(" ({o})")).unwrap_or_default();
        out += &format!("chance of {}: {}{rare}\n", vs.words(), chance(vs.p));
    }
    if let Some(b) = bound_line(s) {
        out += &(b + "\n");
    }
    out
}

/// The summary as pretty-printed JSON.
pub fn to_json(s: &Summary) -> String {
    serde_json::to_string_pretty(s).expect("a summary always serializes")
}

/// The distribution as a DataFrame: one row per total.
fn frame(rows: &[Row]) -> PolarsResult<DataFrame> {
    df!(
        "value" => rows.iter().map(|r| r.value).collect::<Vec<_>>(),
        "p" => rows.iter().map(|r| r.p).collect::<Vec<_>>(),
        "at_least" => rows.iter().map(|r| r.at_least).collect::<Vec<_>>(),
        "at_most" => rows.iter().map(|r| r.at_most).collect::<Vec<_>>(),
    )
}

/// Writes `dice.csv` and the chart into `dir`, all or nothing; returns the paths.
pub fn write_files(s: &Summary, dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
    let mut files = Staged::new(dir)?;
    let mut table = frame(&s.distribution).map_err(|e| OutputError::Table {
        path: dir.join("dice.csv"),
        message: e.to_string(),
    })?;
    write_frame(&mut table, "dice.csv", &mut files)?;
    crate::plot::render(&crate::plot::dice::DiceChart, s, &mut files)?;
    files.commit()
}

#[cfg(test)]
mod tests;
