//! The tactics heatmap (`tactics.png`/`.svg`): the side's `any_death` rate under
//! each pairing of tactic profiles, its own profile down and its foes' across, each cell
//! coloured by and labelled with the rate (exact where known) and its difficulty band — the
//! grid [`super::heatmap::draw_grid`] draws for a two-field sweep.

use super::Chart;
use super::heatmap::{Grid, GridCell, draw_grid};
use oddsmith_core::stats::tactics::TacticsReport;
use plotters::coord::Shift;
use plotters::prelude::*;

/// The side's `any_death` rate over the pairings.
pub struct TacticsChart;

impl TacticsChart {
    /// The rate drawn: `any_death.SIDE`.
    fn metric(t: &TacticsReport) -> String {
        format!("any_death.{}", t.side)
    }

    fn grid(t: &TacticsReport) -> Grid {
        let metric = Self::metric(t);
        let at = |word: &str| t.profiles.iter().position(|p| p == word);
        let cells = (t.pairings.iter())
            .filter_map(|p| {
                let row = p.report.metrics.iter().find(|m| m.metric == metric)?;
                Some(GridCell {
                    row: at(&p.ours)?,
                    col: at(&p.theirs)?,
                    value: row.exact.unwrap_or(row.estimate),
                    exact: row.exact.is_some(),
                    band: p.difficulty().map(|d| d.band.name()),
                })
            })
            .collect();
        let mut grid = Grid {
            title: format!("{}: {metric} by tactics", t.scenario),
            subtitle: String::new(),
            metric,
            rows: (format!("{}'s profile", t.side), t.profiles.clone()),
            cols: ("its foes' profile".to_string(), t.profiles.clone()),
            cells,
        };
        let sampled = format!(
            "{} trials per cell, all on the same random numbers · seed {}",
            t.trials, t.seed
        );
        grid.subtitle = format!("{} · {}", t.system, grid.what(&sampled));
        grid
    }
}

impl Chart for TacticsChart {
    type Data = TacticsReport;

    fn stem(&self) -> String {
        "tactics".to_string()
    }

    fn caption(&self, t: &TacticsReport) -> String {
        format!(
            "{} under each pairing of tactic profiles, {}'s own down and its foes' across: \
             each cell its exact value where known, else the estimate from {} trials (the 95% \
             intervals are in tactics.csv), with the pairing's difficulty band; the colour \
             runs from 0% to the largest value.",
            Self::metric(t),
            t.side,
            t.trials
        )
    }

    fn applies(&self, t: &TacticsReport) -> bool {
        !t.pairings.is_empty()
    }

    fn size(&self, t: &TacticsReport) -> (u32, u32) {
        Self::grid(t).size()
    }

    fn draw<DB: DrawingBackend>(
        &self,
        t: &TacticsReport,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        draw_grid(&Self::grid(t), area)
    }
}
