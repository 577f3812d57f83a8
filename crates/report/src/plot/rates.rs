//! The rate chart (`rates.png`, `rates.svg`): one horizontal bar per rate metric at its
//! sampled estimate, a whisker over its 95% interval and a red tick at the exact value where
//! one is known, under a title, a subtitle (system, trials, seed) and a legend row; the rate
//! axis is in percent. A fight's per-combatant rates are left to the combatant chart
//! ([`super::combatants`]): here are the trial and side rates (`win.party`, `draw`) and any
//! distribution buckets. Horizontal bars keep long metric names readable; with many rows the
//! rows and their labels shrink.

use super::Chart;
use super::axis::rate_axis_end;
use super::font::FAMILY;
use super::frame::{
    self, BarMarks, FOOTER, HEADER, Key, WIDTH, draw_bars, draw_header, fit_label, row_chart,
    row_layout,
};
use oddsmith_core::stats::{About, MetricKind, MetricRow, Report};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Bars of every trial and side rate in a report, with intervals and exact values.
pub struct RateChart;

const BAR: RGBColor = RGBColor(70, 130, 180);

/// The rate rows not about one combatant, last first: row 0 is drawn at the bottom, so the
/// report's first metric ends up at the top.
fn rates(report: &Report) -> Vec<&MetricRow> {
    let mut rows: Vec<&MetricRow> = report
        .metrics
        .iter()
        .filter(|r| r.kind == MetricKind::Rate && r.estimate.is_finite())
        .filter(|r| !matches!(r.meta.about, About::Combatant { .. }))
        // A day's encounters are in the day chart and their own tables.
        .filter(|r| r.meta.encounter.is_none())
        .collect();
    rows.reverse();
    rows
}

impl Chart for RateChart {
    type Data = Report;

    fn stem(&self) -> String {
        "rates".into()
    }

    fn caption(&self, report: &Report) -> String {
        let fight = report
            .metrics
            .iter()
            .any(|r| matches!(r.meta.about, About::Combatant { .. }));
        if fight {
            "The fight's rates (wins, draw, stalemate, someone dies, everyone down, …) with \
             their 95% intervals; how each combatant ends it is in the combatant chart."
                .into()
        } else {
            "Every rate of the run with its 95% interval, and the exact value where it is \
             known."
                .into()
        }
    }

    fn applies(&self, report: &Report) -> bool {
        !rates(report).is_empty()
    }

    fn size(&self, report: &Report) -> (u32, u32) {
        let n = rates(report).len();
        let (row, _) = row_layout(n);
        (WIDTH, HEADER + FOOTER + row * n.max(1) as u32)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        report: &Report,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let rows = rates(report);
        if rows.is_empty() {
            return Err("the report has no rates to draw".into());
        }
        let n = rows.len();
        let (_, label_size) = row_layout(n);
        let mut keys = vec![
            Key::Bar(BAR, "sampled estimate".into()),
            Key::Whisker("95% interval".into()),
        ];
        if rows.iter().any(|r| r.exact.is_some()) {
            keys.push(Key::Exact("exact value".into()));
        }
        let body =
            draw_header(area, &report.scenario, &frame::subtitle(report), &keys).map_err(err)?;

        let label_style = TextStyle::from((FAMILY, label_size).into_font());
        let names: Vec<String> = rows
            .iter()
            .map(|r| fit_label(&body, &r.metric, &label_style, WIDTH * 2 / 5))
            .collect();
        let x_end = rate_axis_end(
            rows.iter()
                .flat_map(|r| [r.ci_high, r.exact.unwrap_or(0.0), r.estimate]),
        );

        let mut chart = row_chart(&body, &names, label_size, x_end)?;

        let bars: Vec<BarMarks> = rows
            .iter()
            .enumerate()
            .map(|(i, r)| BarMarks {
                y: i as f64,
                estimate: r.estimate,
                ci: (r.ci_low, r.ci_high),
                exact: r.exact,
            })
            .collect();
        draw_bars(&mut chart, &bars, |_| BAR)
    }
}
