//! Distribution charts: each histogram as bars with 95% whiskers (`<name>_histogram.png`,
//! e.g. the rounds a fight takes, one bar per whole value), and the survival curves as lines
//! with bands (`survival_curve.png`: the chance each side is still fighting after round k,
//! ticks on whole rounds). Shares of trials are in percent.

use super::PALETTE;
use super::axis::{Ticked, percent, whole, whole_ticks};
use super::font::FAMILY;
use super::{Chart, draw_band_line, draw_legend};
use crate::stats::{About, Distribution, DistributionKind, Report};
use plotters::coord::Shift;
use plotters::prelude::*;

const BAR: RGBColor = RGBColor(70, 130, 180);

/// Bars of one histogram of a report.
pub struct HistogramChart {
    /// The histogram's name (`rounds`).
    pub name: String,
}

fn find<'a>(report: &'a Report, name: &str) -> Option<&'a Distribution> {
    report.distributions.iter().find(|d| d.name == name)
}

impl Chart for HistogramChart {
    type Data = Report;

    fn stem(&self) -> String {
        format!("{}_histogram", self.name)
    }

    fn applies(&self, report: &Report) -> bool {
        find(report, &self.name).is_some_and(|d| d.points.iter().any(|p| p.count > 0))
    }

    fn size(&self, _: &Report) -> (u32, u32) {
        (1000, 520)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        report: &Report,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let d = find(report, &self.name).ok_or("no such histogram")?;
        // Skip the empty head (e.g. 0 rounds) and tail.
        let first = d.points.iter().position(|p| p.count > 0).unwrap_or(0);
        let last = d.points.iter().rposition(|p| p.count > 0).unwrap_or(0);
        let points = &d.points[first..=last];
        let top = points.iter().map(|p| p.ci_high).fold(0.0f64, f64::max);
        area.fill(&WHITE).map_err(err)?;
        let lo = points[0].x as i32;
        let hi = points[points.len() - 1].x as i32;
        let mut chart = ChartBuilder::on(area)
            .caption(
                format!("{}: {} ({} trials)", report.scenario, self.name, d.trials),
                (FAMILY, 20),
            )
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d((lo..hi + 1).into_segmented(), 0.0..(top * 1.1).max(1e-6))
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_desc(self.name.as_str())
            .y_label_formatter(&|v| percent(*v))
            .y_desc("share of trials, % (whisker: 95% interval)")
            .label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 15))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(points.iter().map(|p| {
                let x = p.x as i32;
                let mut bar = Rectangle::new(
                    [
                        (SegmentValue::Exact(x), 0.0),
                        (SegmentValue::Exact(x + 1), p.rate),
                    ],
                    BAR.mix(0.8).filled(),
                );
                bar.set_margin(0, 0, 3, 3);
                bar
            }))
            .map_err(err)?;
        chart
            .draw_series(points.iter().map(|p| {
                ErrorBar::new_vertical(
                    SegmentValue::CenterOf(p.x as i32),
                    p.ci_low,
                    p.rate,
                    p.ci_high,
                    BLACK.stroke_width(1),
                    6,
                )
            }))
            .map_err(err)?;
        Ok(())
    }
}

/// Every survival curve of a report: the share still going after each step, with bands.
pub struct SurvivalChart;

fn curves(report: &Report) -> impl Iterator<Item = &Distribution> {
    report
        .distributions
        .iter()
        .filter(|d| d.kind == DistributionKind::Survival && !d.points.is_empty())
}

/// Most labelled ticks on the round axis.
const ROUND_TICKS: usize = 12;

/// Rounds 0 to `last`, ticks and labels on whole rounds only, a light line at each round
/// between them.
fn round_axis(last: f64) -> Ticked {
    let ticks = whole_ticks(last, ROUND_TICKS);
    let light = if ticks.len() > 1 && ticks[1] > 1.0 && last <= 200.0 {
        whole_ticks(last, usize::MAX)
    } else {
        Vec::new()
    };
    Ticked {
        range: 0.0..last,
        ticks,
        light,
    }
}

impl Chart for SurvivalChart {
    type Data = Report;

    fn stem(&self) -> String {
        "survival_curve".into()
    }

    fn applies(&self, report: &Report) -> bool {
        curves(report).next().is_some()
    }

    fn size(&self, _: &Report) -> (u32, u32) {
        (1000, 560)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        report: &Report,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        area.fill(&WHITE).map_err(err)?;
        // Stop the axis a round after the last change of any curve: beyond it every curve
        // is flat (the CSV keeps every round).
        let last = curves(report)
            .map(|d| {
                let end = d.points.last().map_or(0.0, |p| p.rate);
                d.points
                    .iter()
                    .rposition(|p| p.rate != end)
                    .map_or(1, |i| d.points[i].x + 2)
            })
            .max()
            .unwrap_or(1)
            .max(1) as f64;
        let mut chart = ChartBuilder::on(area)
            .caption(
                format!("{}: still fighting after round k", report.scenario),
                (FAMILY, 20),
            )
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(round_axis(last), 0.0..1.05)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_label_formatter(&|v| whole(*v))
            .y_label_formatter(&|v| percent(*v))
            .x_desc("round k")
            .y_desc("chance still fighting, % (band: 95% interval)")
            .label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 15))
            .draw()
            .map_err(err)?;
        for (i, d) in curves(report).enumerate() {
            let color = PALETTE[i % PALETTE.len()];
            let points: Vec<(f64, f64, f64, f64)> = d
                .points
                .iter()
                .map(|p| (p.x as f64, p.rate, p.ci_low, p.ci_high))
                .collect();
            let label = match &d.meta.about {
                About::Side(side) => side.as_str(),
                _ => d.meta.label.as_str(),
            };
            draw_band_line(&mut chart, &points, color, label)?;
        }
        draw_legend(&mut chart)?;
        Ok(())
    }
}
