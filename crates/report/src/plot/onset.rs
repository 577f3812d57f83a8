//! The onset charts: for each kind of onset histogram (the distributions with an [`Onset`]
//! sharing a label, one per side: `first_death.SIDE`, `first_down.SIDE`), one chart
//! (`first_death.png`, `first_down.png`) of the share of fights in which the side's first
//! death (or fall) came in each round, up to the round by which 99% of fights are over
//! ([`super::distribution::round_cutoff`]) and a "> N" column (later in the fight, only when
//! it happened), and in a panel of its own at the right, with its own share axis, "after"
//! (once the fight was over, in its aftermath: only where it can come then) and "never",
//! whose shares would dwarf the rounds'. The columns of a side partition its fights. One
//! colour per side, side by side in each round; shares in percent with their 95% whiskers,
//! the rates of "> N", "after" and "never" written over their columns.

use super::columns::{Column, Columns, Series, draw_columns};
use super::distribution::{count_column, round_cutoff};
use super::frame::{self, Key, draw_header};
use super::{Chart, PALETTE};
use oddsmith_core::stats::{About, Distribution, Onset, Report};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The onset histograms sharing one label, one per side.
pub struct OnsetChart {
    /// Their label (`round of the first death`).
    pub label: String,
    /// The file name without extension: the first histogram's name without its side
    /// (`first_death.party` → `first_death`).
    pub stem: String,
}

/// The label of the column of trials in which it came once the fight was over.
pub const AFTER: &str = "after";
/// The label of the column of trials in which it never came.
pub const NEVER: &str = "never";

/// One chart per label of the report's onset histograms: those that can come after the fight
/// (first deaths) first, then in order of first appearance.
pub fn charts(report: &Report) -> Vec<OnsetChart> {
    let mut found: Vec<(&Distribution, bool)> = Vec::new();
    for (d, onset) in onsets(report) {
        if !found.iter().any(|(f, _)| f.meta.label == d.meta.label) {
            found.push((d, onset.aftermath));
        }
    }
    found.sort_by_key(|(_, aftermath)| !aftermath);
    found
        .into_iter()
        .map(|(d, _)| {
            let suffix = format!(".{}", side(d));
            let stem = match d.name.strip_suffix(&suffix) {
                Some(stem) if !stem.is_empty() => stem.to_string(),
                _ => d.meta.label.replace(' ', "_"),
            };
            OnsetChart {
                label: d.meta.label.clone(),
                stem,
            }
        })
        .collect()
}

/// Every onset histogram of `report` with its [`Onset`].
fn onsets(report: &Report) -> impl Iterator<Item = (&Distribution, Onset)> {
    report
        .distributions
        .iter()
        .filter(|d| d.meta.encounter.is_none())
        .filter_map(|d| d.onset.map(|o| (d, o)))
}

/// The side a histogram is about, or its name.
fn side(d: &Distribution) -> &str {
    match &d.meta.about {
        About::Side(side) => side,
        _ => &d.name,
    }
}

/// What a chart draws: its categories and a series of columns per side.
struct Drawn {
    /// The rounds shown, `1..=cut`.
    cut: u64,
    /// Whether a "> cut" column follows them (it came later in some fight).
    later: bool,
    /// Labels of the columns set aside: "after" (where it can come then) and "never".
    aside: Vec<String>,
    /// Per side: its name and its columns, rounds, "> cut", then those set aside.
    sides: Vec<(String, Vec<Column>)>,
}

impl OnsetChart {
    /// This chart's histograms, in report order.
    fn members<'a>(&self, report: &'a Report) -> Vec<(&'a Distribution, Onset)> {
        onsets(report)
            .filter(|(d, _)| d.meta.label == self.label)
            .collect()
    }

    /// The rounds and columns of every side.
    fn drawn(&self, report: &Report) -> Drawn {
        let members = self.members(report);
        // Rounds run 1..after in every member (they share the fight's round limit).
        let after = members.iter().map(|(_, o)| o.after).min().unwrap_or(1);
        let aftermath = members.iter().any(|(_, o)| o.aftermath);
        // Each member's count by round, looked up once per column (a scan per column is
        // quadratic in a long round limit).
        let by_round = |d: &Distribution| -> std::collections::HashMap<u64, u64> {
            d.points.iter().map(|p| (p.x, p.count)).collect()
        };
        let count =
            |c: &std::collections::HashMap<u64, u64>, x: u64| c.get(&x).copied().unwrap_or(0);
        let last_seen = members
            .iter()
            .flat_map(|(d, _)| d.points.iter().filter(|p| p.count > 0 && p.x < after))
            .map(|p| p.x)
            .max()
            .unwrap_or(1);
        let cut = round_cutoff(report)
            .map_or(last_seen, |c| c.round)
            .clamp(1, after.saturating_sub(1).max(1));
        let later = |d: &Distribution| -> u64 {
            d.points
                .iter()
                .filter(|p| p.x > cut && p.x < after)
                .map(|p| p.count)
                .sum()
        };
        let any_later = members.iter().any(|(d, _)| later(d) > 0);
        let mut aside = Vec::new();
        if aftermath {
            aside.push(AFTER.to_string());
        }
        aside.push(NEVER.to_string());
        let sides = members
            .iter()
            .map(|(d, _)| {
                let n = d.trials;
                let c = by_round(d);
                let mut columns: Vec<Column> =
                    (1..=cut).map(|x| count_column(count(&c, x), n)).collect();
                if any_later {
                    columns.push(count_column(later(d), n));
                }
                if aftermath {
                    columns.push(count_column(count(&c, after), n));
                }
                columns.push(count_column(count(&c, after + 1), n));
                (side(d).to_string(), columns)
            })
            .collect();
        Drawn {
            cut,
            later: any_later,
            aside,
            sides,
        }
    }
}

impl Chart for OnsetChart {
    type Data = Report;

    fn stem(&self) -> String {
        self.stem.clone()
    }

    fn caption(&self, report: &Report) -> String {
        let aftermath = self.members(report).iter().any(|(_, o)| o.aftermath);
        let after = if aftermath {
            ", after the fight (“after”: in its aftermath, once the fighting was over)"
        } else {
            ""
        };
        let stop = round_cutoff(report)
            .map(|cut| {
                format!(
                    " Rounds are shown up to {} ({}); “> {}” holds the later ones.",
                    cut.round,
                    cut.note(),
                    cut.round
                )
            })
            .unwrap_or_default();
        format!(
            "The {} on each side: the share of fights in which it came in each round{after}, \
             or never (“never”), with its 95% interval; a side's columns add up to 100%.{stop}",
            self.label
        )
    }

    fn applies(&self, report: &Report) -> bool {
        self.members(report)
            .iter()
            .any(|(d, _)| d.points.iter().any(|p| p.count > 0))
    }

    fn size(&self, _: &Report) -> (u32, u32) {
        (1000, 580)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        report: &Report,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let drawn = self.drawn(report);
        if drawn.sides.is_empty() {
            return Err("the report has no onset histograms for this chart".into());
        }
        let color = |i: usize| PALETTE[i % PALETTE.len()];
        let mut keys: Vec<Key> = drawn
            .sides
            .iter()
            .enumerate()
            .map(|(i, (side, _))| Key::Bar(color(i), side.clone()))
            .collect();
        keys.push(Key::Whisker("95% interval".into()));
        let subtitle = match round_cutoff(report) {
            Some(cut) => format!("{} · {}", frame::subtitle(report), cut.note()),
            None => frame::subtitle(report),
        };
        let title = format!("{}: {} on each side", report.scenario, self.label);
        let body = draw_header(area, &title, &subtitle, &keys).map_err(err)?;
        let mut x_desc = self.label.clone();
        if drawn.later {
            x_desc.push_str(&format!(" (> {}: later in the fight)", drawn.cut));
        }
        let aside_desc = if drawn.aside.iter().any(|t| t == AFTER) {
            "after: in the aftermath"
        } else {
            "never: not in the fight"
        };
        let tail = if drawn.later {
            vec![format!("> {}", drawn.cut)]
        } else {
            Vec::new()
        };
        draw_columns(
            &body,
            &Columns {
                values: (1..=drawn.cut).collect(),
                tail,
                aside: drawn.aside,
                series: drawn
                    .sides
                    .into_iter()
                    .enumerate()
                    .map(|(i, (_, columns))| Series {
                        color: color(i),
                        columns: columns.into_iter().map(Some).collect(),
                    })
                    .collect(),
                x_desc,
                aside_desc: aside_desc.into(),
                y_desc: "share of fights, % (whisker: 95% interval)".into(),
            },
        )
    }
}
