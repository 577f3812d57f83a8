//! The rate chart: one horizontal bar per rate metric at its estimate, a whisker over its 95%
//! interval and a red tick at the exact value where one is known (the axis title says which
//! is which). Horizontal bars keep long metric names (`unconscious.Charlotte Korde`)
//! readable.

use super::Chart;
use super::font::FAMILY;
use crate::stats::{MetricKind, MetricRow, Report};
use plotters::coord::Shift;
use plotters::prelude::*;

/// Bars of every rate in a report, with intervals and exact values.
pub struct RateChart;

const BAR: RGBColor = RGBColor(70, 130, 180);
const WHISKER: RGBColor = RGBColor(20, 20, 20);
const EXACT: RGBColor = RGBColor(200, 30, 30);

/// The rate rows, last first: segment 0 is drawn at the bottom, so the report's first
/// metric ends up at the top.
fn rates(report: &Report) -> Vec<&MetricRow> {
    let mut rows: Vec<&MetricRow> = report
        .metrics
        .iter()
        .filter(|r| r.kind == MetricKind::Rate && r.estimate.is_finite())
        .collect();
    rows.reverse();
    rows
}

/// The x-axis end: a little past the largest interval end or exact value, at most 1.
fn axis_end(rows: &[&MetricRow]) -> f64 {
    let top = rows
        .iter()
        .flat_map(|r| [r.ci_high, r.exact.unwrap_or(0.0)])
        .fold(0.0f64, f64::max);
    let padded = (top * 1.1).max(0.01);
    // Round up to a readable step.
    let step = 10f64.powf(padded.log10().floor()) / 2.0;
    ((padded / step).ceil() * step).min(1.0)
}

impl Chart for RateChart {
    type Data = Report;

    fn stem(&self) -> String {
        "rates".into()
    }

    fn applies(&self, report: &Report) -> bool {
        !rates(report).is_empty()
    }

    fn size(&self, report: &Report) -> (u32, u32) {
        (1000, 150 + 30 * rates(report).len() as u32)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        report: &Report,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let rows = rates(report);
        let n = rows.len() as i32;
        area.fill(&WHITE).map_err(err)?;
        let title = format!(
            "{} — {} trials, seed {}",
            report.scenario, report.trials, report.seed
        );
        let label_width = rows
            .iter()
            .map(|r| r.metric.chars().count() as u32)
            .max()
            .unwrap_or(8)
            * 8
            + 20;
        let mut chart = ChartBuilder::on(area)
            .caption(title, (FAMILY, 22))
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(label_width.min(400))
            .build_cartesian_2d(0.0..axis_end(&rows), (0..n).into_segmented())
            .map_err(err)?;
        let names: Vec<String> = rows.iter().map(|r| r.metric.clone()).collect();
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(rows.len() + 1)
            .y_label_formatter(&|v| match v {
                SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => names
                    .get(usize::try_from(*i).unwrap_or(usize::MAX))
                    .cloned()
                    .unwrap_or_default(),
                SegmentValue::Last => String::new(),
            })
            .x_desc("probability (bar: estimate, whisker: 95% interval, red: exact)")
            .label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 15))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, r)| {
                let i = i as i32;
                let mut bar = Rectangle::new(
                    [
                        (0.0, SegmentValue::Exact(i)),
                        (r.estimate, SegmentValue::Exact(i + 1)),
                    ],
                    BAR.mix(0.8).filled(),
                );
                bar.set_margin(5, 5, 0, 0);
                bar
            }))
            .map_err(err)?;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, r)| {
                ErrorBar::new_horizontal(
                    SegmentValue::CenterOf(i as i32),
                    r.ci_low,
                    r.estimate,
                    r.ci_high,
                    WHISKER.stroke_width(2),
                    10,
                )
            }))
            .map_err(err)?;
        chart
            .draw_series(rows.iter().enumerate().filter_map(|(i, r)| {
                let i = i as i32;
                r.exact.map(|e| {
                    PathElement::new(
                        [(e, SegmentValue::Exact(i)), (e, SegmentValue::Exact(i + 1))],
                        EXACT.stroke_width(3),
                    )
                })
            }))
            .map_err(err)?;
        Ok(())
    }
}
