//! Sweep charts: for one swept field, each headline rate against the field with its 95% band
//! (`sweep.png`/`.svg`), and for a fight a strip under it coloured by each point's difficulty
//! band; for two fields, a heatmap per headline rate with the values written in the cells
//! (and a fight's band under each) and a labelled colour scale (`heatmap_<metric>.png`/
//! `.svg`). Rates are shown in percent.

use super::PALETTE;
use super::axis::percent;
use super::font::FAMILY;
use super::{Chart, draw_band_line, draw_legend};
use crate::stats::SweepReport;
use crate::stats::difficulty::Band;
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

    fn size(&self, sweep: &SweepReport) -> (u32, u32) {
        (1000, 620 + if has_bands(sweep) { STRIP } else { 0 })
    }

    fn draw<DB: DrawingBackend>(
        &self,
        sweep: &SweepReport,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        area.fill(&WHITE).map_err(err)?;
        let (_, h) = area.dim_in_pixel();
        let (area, strip) = if has_bands(sweep) {
            let (top, strip) = area.split_vertically(h - STRIP);
            (top, Some(strip))
        } else {
            (area.clone(), None)
        };
        let area = &area;
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
        if let Some(strip) = strip {
            draw_strip(sweep, &xs, x0 - pad..x1 + pad, &strip)?;
        }
        Ok(())
    }
}

/// Height in pixels of the difficulty strip under a fight's sweep chart.
const STRIP: u32 = 70;

/// Whether the sweep is of a fight: its points have difficulty bands.
fn has_bands(sweep: &SweepReport) -> bool {
    sweep.points.iter().any(|p| p.difficulty.is_some())
}

/// A band's colour, from pale green (trivial) to red (deadly).
fn band_colour(band: Band) -> RGBColor {
    match band {
        Band::Trivial => RGBColor(222, 241, 222),
        Band::Easy => RGBColor(161, 217, 155),
        Band::Medium => RGBColor(254, 224, 139),
        Band::Hard => RGBColor(253, 174, 97),
        Band::Deadly => RGBColor(215, 48, 39),
    }
}

/// The strip under a one-field fight sweep: each point's band as a coloured cell reaching
/// halfway to its neighbours, the x axis aligned with the chart above (same margin and label
/// area), each run of equal bands named once; a borderline point is hatched lighter.
fn draw_strip<DB: DrawingBackend>(
    sweep: &SweepReport,
    xs: &[f64],
    range: std::ops::Range<f64>,
    area: &DrawingArea<DB, Shift>,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let side = sweep
        .points
        .iter()
        .find_map(|p| p.difficulty.as_ref())
        .map_or("", |d| d.side.as_str());
    let mut strip = ChartBuilder::on(area)
        .margin_left(15)
        .margin_right(15)
        .margin_bottom(8)
        .y_label_area_size(60)
        .build_cartesian_2d(range.clone(), 0.0..1.0)
        .map_err(err)?;
    strip
        .configure_mesh()
        .disable_mesh()
        .disable_x_axis()
        .y_labels(0)
        .draw()
        .map_err(err)?;
    // Cells: from halfway to the previous point to halfway to the next.
    let mut order: Vec<usize> = (0..xs.len()).collect();
    order.sort_by(|&a, &b| xs[a].total_cmp(&xs[b]));
    let edge = |k: usize| -> (f64, f64) {
        let x = xs[order[k]];
        let lo = if k == 0 {
            range.start
        } else {
            (xs[order[k - 1]] + x) / 2.0
        };
        let hi = if k + 1 == order.len() {
            range.end
        } else {
            (xs[order[k + 1]] + x) / 2.0
        };
        (lo, hi)
    };
    let mut runs: Vec<(f64, f64, Band)> = Vec::new();
    for (k, &i) in order.iter().enumerate() {
        let Some(d) = sweep.points[i].difficulty.as_ref() else {
            continue;
        };
        let (lo, hi) = edge(k);
        let colour = band_colour(d.band);
        let fill = if d.borderline.is_some() {
            colour.mix(0.55)
        } else {
            colour.mix(1.0)
        };
        strip
            .draw_series(std::iter::once(Rectangle::new(
                [(lo, 0.38), (hi, 1.0)],
                fill.filled(),
            )))
            .map_err(err)?;
        match runs.last_mut() {
            Some(run) if run.2 == d.band => run.1 = hi,
            _ => runs.push((lo, hi, d.band)),
        }
    }
    strip
        .draw_series(runs.iter().map(|&(lo, hi, band)| {
            Text::new(
                band.name(),
                ((lo + hi) / 2.0, 0.69),
                (FAMILY, 13)
                    .into_font()
                    .color(&BLACK)
                    .pos(Pos::new(HPos::Center, VPos::Center)),
            )
        }))
        .map_err(err)?;
    strip
        .draw_series(std::iter::once(Text::new(
            format!("difficulty for {side} (paler: borderline)"),
            (range.start + (range.end - range.start) * 0.005, 0.15),
            (FAMILY, 12)
                .into_font()
                .color(&BLACK.mix(0.7))
                .pos(Pos::new(HPos::Left, VPos::Center)),
        )))
        .map_err(err)?;
    Ok(())
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

/// The centres of `n` cells two units wide from 0: where a heatmap's axis labels go.
fn centres(n: usize) -> Vec<i32> {
    (0..n as i32).map(|i| 2 * i + 1).collect()
}

/// A heatmap's title.
fn caption(sweep: &SweepReport, metric: &str) -> String {
    format!(
        "{}: {metric} ({} trials per cell)",
        sweep.scenario, sweep.trials
    )
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
        // A fight's cells also name the band.
        let cell = if has_bands(sweep) { 105 } else { 70 };
        // Wide enough for the caption too (about 9 pixels a character at its size).
        let caption = 9 * caption(sweep, &self.metric).chars().count() as u32 + 170;
        (
            (260 + cell * cols).max(caption).clamp(600, 1600),
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
            .caption(caption(sweep, &self.metric), (FAMILY, 18))
            .margin(12)
            .x_label_area_size(45)
            .y_label_area_size(60)
            // Cell (r, c) is the square [2c, 2c + 2] × [2r, 2r + 2] (integer coordinates,
            // whose ticks take a formatter); the labels sit at the odd centres.
            .build_cartesian_2d(
                (0..2 * cols.len() as i32).with_key_points(centres(cols.len())),
                (0..2 * rows.len() as i32).with_key_points(centres(rows.len())),
            )
            .map_err(err)?;
        let name_of = |vals: &[f64], v: i32| {
            vals.get(usize::try_from(v / 2).unwrap_or(usize::MAX))
                .map(|x| fmt_value(*x))
                .unwrap_or_default()
        };
        chart
            .configure_mesh()
            .disable_mesh()
            .x_label_formatter(&|v| name_of(&cols, *v))
            .y_label_formatter(&|v| name_of(&rows, *v))
            .x_desc(labels[1].as_str())
            .y_desc(labels[0].as_str())
            .label_style((FAMILY, 13))
            .axis_desc_style((FAMILY, 15))
            .draw()
            .map_err(err)?;
        let cell = |k: usize| (2 * (k / cols.len()) as i32, 2 * (k % cols.len()) as i32);
        chart
            .draw_series(values.iter().enumerate().map(|(k, v)| {
                let (r, c) = cell(k);
                Rectangle::new([(c, r), (c + 2, r + 2)], colormap(v.0 / scale_max).filled())
            }))
            .map_err(err)?;
        if values.len() <= 600 {
            chart
                .draw_series(values.iter().enumerate().map(|(k, v)| {
                    let (r, c) = cell(k);
                    let ink = if v.0 / scale_max > 0.6 { BLACK } else { WHITE };
                    let band = sweep.points.get(k).and_then(|p| p.difficulty.as_ref());
                    let text = match band {
                        Some(d) => format!("{} {}", cell_text(v.0), d.band.name()),
                        None => cell_text(v.0),
                    };
                    Text::new(
                        text,
                        (c + 1, r + 1),
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
