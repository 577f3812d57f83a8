//! Sweep charts: for one swept field, each headline rate against the field with its 95% band
//! (`sweep.png`/`.svg`); for two fields, a heatmap per headline rate with the values written
//! in the cells and a labelled colour scale (`heatmap_<metric>.png`/`.svg`). Rates are shown
//! in percent.

use super::PALETTE;
use super::axis::percent;
use super::font::FAMILY;
use super::{Chart, draw_band_line, draw_legend};
use crate::stats::SweepReport;
use crate::stats::summary::{file_part, fmt_value};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Most metrics one line chart draws (the first headline rates of the report).
pub const MAX_LINES: usize = 8;

/// Rates of `metric` at every point, in point order: (estimate, low, high, exact).
fn series(sweep: &SweepReport, metric: &str) -> Vec<(f64, f64, f64, Option<f64>)> {
    sweep
        .points
        .iter()
        .map(|p| {
            p.metrics
                .iter()
                .find(|m| m.metric == metric)
                .map_or((f64::NAN, f64::NAN, f64::NAN, None), |m| {
                    (m.estimate, m.ci_low, m.ci_high, m.exact)
                })
        })
        .collect()
}

/// Rates against one swept field, a line and a 95% band per metric.
pub struct SweepLines;

impl Chart for SweepLines {
    type Data = SweepReport;

    fn stem(&self) -> String {
        "sweep".into()
    }

    fn applies(&self, sweep: &SweepReport) -> bool {
        sweep.fields.len() == 1 && !sweep.headline_metrics().is_empty()
    }

    fn size(&self, _: &SweepReport) -> (u32, u32) {
        (1000, 620)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        sweep: &SweepReport,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        area.fill(&WHITE).map_err(err)?;
        let xs: Vec<f64> = sweep.points.iter().map(|p| p.values[0]).collect();
        let (x0, x1) = xs
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
        let pad = ((x1 - x0) * 0.03).max(0.5);
        let metrics: Vec<String> = sweep
            .headline_metrics()
            .into_iter()
            .take(MAX_LINES)
            .collect();
        let top = metrics
            .iter()
            .flat_map(|m| series(sweep, m))
            .map(|(_, _, hi, ex)| hi.max(ex.unwrap_or(0.0)))
            .filter(|v| v.is_finite())
            .fold(0.0f64, f64::max);
        let y1 = (top * 1.08).clamp(0.01, 1.0);
        let mut chart = ChartBuilder::on(area)
            .caption(
                format!(
                    "{} — {} trials per point, seed {}",
                    sweep.scenario, sweep.trials, sweep.seed
                ),
                (FAMILY, 20),
            )
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(x0 - pad..x1 + pad, 0.0..y1)
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc(sweep.fields[0].as_str())
            .y_label_formatter(&|v| percent(*v))
            .y_desc("probability, % (band: 95% interval, ×: exact)")
            .label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 15))
            .draw()
            .map_err(err)?;
        for (k, metric) in metrics.iter().enumerate() {
            let color = PALETTE[k % PALETTE.len()];
            let s = series(sweep, metric);
            let points: Vec<(f64, f64, f64, f64)> = xs
                .iter()
                .zip(&s)
                .map(|(&x, r)| (x, r.0, r.1, r.2))
                .collect();
            draw_band_line(&mut chart, &points, color, metric)?;
            chart
                .draw_series(xs.iter().zip(&s).filter_map(|(&x, r)| {
                    r.3.map(|e| Cross::new((x, e), 4, color.stroke_width(2)))
                }))
                .map_err(err)?;
        }
        draw_legend(&mut chart)?;
        Ok(())
    }
}

/// Viridis-like colour for `t` in [0, 1].
pub fn colormap(t: f64) -> RGBColor {
    const STOPS: [(f64, f64, f64); 5] = [
        (68.0, 1.0, 84.0),
        (59.0, 82.0, 139.0),
        (33.0, 145.0, 140.0),
        (94.0, 201.0, 98.0),
        (253.0, 231.0, 37.0),
    ];
    let t = if t.is_finite() {
        t.clamp(0.0, 1.0)
    } else {
        0.0
    };
    let pos = t * (STOPS.len() - 1) as f64;
    let i = (pos.floor() as usize).min(STOPS.len() - 2);
    let f = pos - i as f64;
    let (a, b) = (STOPS[i], STOPS[i + 1]);
    let mix = |x: f64, y: f64| (x + (y - x) * f).round() as u8;
    RGBColor(mix(a.0, b.0), mix(a.1, b.1), mix(a.2, b.2))
}

/// A heatmap cell's value: a percentage with one decimal (`52.3%`).
fn cell_text(v: f64) -> String {
    if v.is_finite() {
        format!("{:.1}%", v * 100.0)
    } else {
        "n/a".into()
    }
}

/// One metric over a two-field grid: rows by the first field, columns by the second.
pub struct Heatmap {
    /// The metric drawn.
    pub metric: String,
}

impl Chart for Heatmap {
    type Data = SweepReport;

    fn stem(&self) -> String {
        format!("heatmap_{}", file_part(&self.metric))
    }

    fn applies(&self, sweep: &SweepReport) -> bool {
        sweep.fields.len() == 2
    }

    fn size(&self, sweep: &SweepReport) -> (u32, u32) {
        let rows = sweep.field_values(0).len() as u32;
        let cols = sweep.field_values(1).len() as u32;
        (
            (260 + 70 * cols).clamp(600, 1600),
            (160 + 34 * rows).clamp(400, 1400),
        )
    }

    fn draw<DB: DrawingBackend>(
        &self,
        sweep: &SweepReport,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        area.fill(&WHITE).map_err(err)?;
        let (rows, cols) = (sweep.field_values(0), sweep.field_values(1));
        let values = series(sweep, &self.metric);
        let top = values
            .iter()
            .map(|v| v.0)
            .filter(|v| v.is_finite())
            .fold(0.0f64, f64::max);
        let scale_max = if top > 0.0 { top } else { 1.0 };
        let (w, _) = area.dim_in_pixel();
        let (main, bar) = area.split_horizontally(w.saturating_sub(130));
        let labels = sweep.field_labels();
        let mut chart = ChartBuilder::on(&main)
            .caption(
                format!(
                    "{}: {} ({} trials per cell)",
                    sweep.scenario, self.metric, sweep.trials
                ),
                (FAMILY, 18),
            )
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(
                (0..cols.len() as i32).into_segmented(),
                (0..rows.len() as i32).into_segmented(),
            )
            .map_err(err)?;
        let name_of = |vals: &[f64], v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(i) | SegmentValue::Exact(i) => vals
                .get(usize::try_from(*i).unwrap_or(usize::MAX))
                .map(|x| fmt_value(*x))
                .unwrap_or_default(),
            SegmentValue::Last => String::new(),
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_labels(cols.len() + 1)
            .y_labels(rows.len() + 1)
            .x_label_formatter(&|v| name_of(&cols, v))
            .y_label_formatter(&|v| name_of(&rows, v))
            .x_desc(labels[1].as_str())
            .y_desc(labels[0].as_str())
            .label_style((FAMILY, 13))
            .axis_desc_style((FAMILY, 15))
            .draw()
            .map_err(err)?;
        let cell = |k: usize| ((k / cols.len()) as i32, (k % cols.len()) as i32);
        chart
            .draw_series(values.iter().enumerate().map(|(k, v)| {
                let (r, c) = cell(k);
                Rectangle::new(
                    [
                        (SegmentValue::Exact(c), SegmentValue::Exact(r)),
                        (SegmentValue::Exact(c + 1), SegmentValue::Exact(r + 1)),
                    ],
                    colormap(v.0 / scale_max).filled(),
                )
            }))
            .map_err(err)?;
        if values.len() <= 600 {
            chart
                .draw_series(values.iter().enumerate().map(|(k, v)| {
                    let (r, c) = cell(k);
                    let ink = if v.0 / scale_max > 0.6 { BLACK } else { WHITE };
                    Text::new(
                        cell_text(v.0),
                        (SegmentValue::CenterOf(c), SegmentValue::CenterOf(r)),
                        (FAMILY, 11)
                            .into_font()
                            .color(&ink)
                            .pos(Pos::new(HPos::Center, VPos::Center)),
                    )
                }))
                .map_err(err)?;
        }
        // The colour scale: a column of thin bands from 0 to the largest estimate.
        let mut scale = ChartBuilder::on(&bar)
            .margin_top(50)
            .margin_bottom(60)
            .margin_right(20)
            .y_label_area_size(55)
            .build_cartesian_2d(0.0..1.0, 0.0..scale_max)
            .map_err(err)?;
        scale
            .configure_mesh()
            .disable_mesh()
            .disable_x_axis()
            .y_label_formatter(&|v| percent(*v))
            .y_desc(format!("{} (%)", self.metric))
            .label_style((FAMILY, 12))
            .axis_desc_style((FAMILY, 13))
            .draw()
            .map_err(err)?;
        let steps = 100;
        scale
            .draw_series((0..steps).map(|i| {
                let lo = scale_max * i as f64 / steps as f64;
                let hi = scale_max * (i + 1) as f64 / steps as f64;
                Rectangle::new([(0.0, lo), (1.0, hi)], colormap(lo / scale_max).filled())
            }))
            .map_err(err)?;
        Ok(())
    }
}
