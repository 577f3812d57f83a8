//! The rate chart (`rates.png`, `rates.svg`): one horizontal bar per rate metric at its
//! sampled estimate, a whisker over its 95% interval and a red tick at the exact value where
//! one is known, under a title, a subtitle (system, trials, seed) and a legend row.
//! Horizontal bars keep long metric names (`unconscious.Charlotte Korde`) readable; with many
//! rows the rows and their labels shrink.

use super::Chart;
use super::font::FAMILY;
use crate::stats::{MetricKind, MetricRow, Report};
use plotters::coord::Shift;
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use std::ops::Range;

/// Bars of every rate in a report, with intervals and exact values.
pub struct RateChart;

const BAR: RGBColor = RGBColor(70, 130, 180);
const WHISKER: RGBColor = RGBColor(20, 20, 20);
const EXACT: RGBColor = RGBColor(200, 30, 30);
const SUBTLE: RGBColor = RGBColor(90, 90, 90);

/// Chart width in pixels.
const WIDTH: u32 = 1000;
/// Pixels above the plot: title, subtitle and legend.
const HEADER: u32 = 100;
/// Pixels below the plot: tick labels and the axis title.
const FOOTER: u32 = 75;
/// Rows up to this many get full height and the full label size.
const ROOMY_ROWS: usize = 30;

/// Half-heights, in rows, of the bar, the whisker caps and the exact tick.
const BAR_HALF: f64 = 0.32;
const CAP_HALF: f64 = 0.16;
const EXACT_HALF: f64 = 0.44;

/// The metric axis: `rows` rows, row `i` centred on `i`, one tick (and label) per row.
struct RowAxis {
    rows: usize,
}

impl Ranged for RowAxis {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let span = self.rows.max(1) as f64;
        let t = (value + 0.5) / span;
        limit.0 + (t * f64::from(limit.1 - limit.0)).round() as i32
    }

    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            Vec::new()
        } else {
            (0..self.rows).map(|i| i as f64).collect()
        }
    }

    fn range(&self) -> Range<f64> {
        -0.5..self.rows as f64 - 0.5
    }
}

/// The rate rows, last first: row 0 is drawn at the bottom, so the report's first metric
/// ends up at the top.
fn rates(report: &Report) -> Vec<&MetricRow> {
    let mut rows: Vec<&MetricRow> = report
        .metrics
        .iter()
        .filter(|r| r.kind == MetricKind::Rate && r.estimate.is_finite())
        .collect();
    rows.reverse();
    rows
}

/// Pixel height of one row, and the metric label size, for `n` rows.
fn row_layout(n: usize) -> (u32, u32) {
    if n <= ROOMY_ROWS { (30, 14) } else { (18, 11) }
}

/// The x-axis end: a little past the largest interval end or exact value, rounded up to a
/// readable step, at most 1.
fn axis_end(rows: &[&MetricRow]) -> f64 {
    let top = rows
        .iter()
        .flat_map(|r| [r.ci_high, r.exact.unwrap_or(0.0), r.estimate])
        .filter(|v| v.is_finite())
        .fold(0.0f64, f64::max);
    let padded = (top * 1.1).max(0.01);
    let step = 10f64.powf(padded.log10().floor()) / 2.0;
    ((padded / step).ceil() * step).min(1.0)
}

/// `name`, shortened in the middle with `…` until it is at most `max_px` wide.
fn fit_label<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    name: &str,
    style: &TextStyle,
    max_px: u32,
) -> String {
    let width = |s: &str| area.estimate_text_size(s, style).map_or(0, |(w, _)| w);
    if width(name) <= max_px {
        return name.to_string();
    }
    let chars: Vec<char> = name.chars().collect();
    let mut keep = chars.len();
    while keep > 2 {
        keep -= 1;
        let head: String = chars[..keep.div_ceil(2)].iter().collect();
        let tail: String = chars[chars.len() - keep / 2..].iter().collect();
        let short = format!("{head}…{tail}");
        if width(&short) <= max_px {
            return short;
        }
    }
    "…".to_string()
}

/// The subtitle: system, trials and seed.
fn subtitle(report: &Report) -> String {
    if report.trials == 0 {
        format!("{} · exact values only", report.system)
    } else {
        format!(
            "{} · {} trials · seed {}",
            report.system, report.trials, report.seed
        )
    }
}

/// Draws the legend row centred in `area`: bar, whisker and (if any row has one) exact tick.
fn draw_legend<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    with_exact: bool,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = TextStyle::from((FAMILY, 14).into_font()).color(&BLACK);
    let mut items = vec!["sampled estimate", "95% interval"];
    if with_exact {
        items.push("exact value");
    }
    let (glyph, gap, pad) = (26, 8, 28);
    let widths: Vec<i32> = items
        .iter()
        .map(|t| area.estimate_text_size(t, &style).map(|(w, _)| w as i32))
        .collect::<Result<_, _>>()?;
    let total: i32 =
        widths.iter().map(|w| glyph + gap + w).sum::<i32>() + pad * (items.len() as i32 - 1);
    let (w, h) = area.dim_in_pixel();
    let mut x = (w as i32 - total).max(0) / 2;
    let y = h as i32 / 2;
    for (k, (text, tw)) in items.iter().zip(&widths).enumerate() {
        match k {
            0 => area.draw(&Rectangle::new(
                [(x, y - 7), (x + glyph, y + 7)],
                BAR.mix(0.8).filled(),
            ))?,
            1 => {
                let line = WHISKER.stroke_width(2);
                area.draw(&PathElement::new([(x, y), (x + glyph, y)], line))?;
                area.draw(&PathElement::new([(x, y - 5), (x, y + 5)], line))?;
                area.draw(&PathElement::new(
                    [(x + glyph, y - 5), (x + glyph, y + 5)],
                    line,
                ))?;
            }
            _ => area.draw(&PathElement::new(
                [(x + glyph / 2, y - 9), (x + glyph / 2, y + 9)],
                EXACT.stroke_width(3),
            ))?,
        }
        x += glyph + gap;
        area.draw(&Text::new(
            text.to_string(),
            (x, y),
            style.pos(Pos::new(HPos::Left, VPos::Center)),
        ))?;
        x += tw + pad;
    }
    Ok(())
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
        area.fill(&WHITE).map_err(err)?;

        let (header, body) = area.split_vertically(HEADER);
        let header = header
            .margin(8, 0, 0, 0)
            .titled(&report.scenario, (FAMILY, 22).into_font().color(&BLACK))
            .map_err(err)?;
        let (sub, legend) = header.split_vertically(24);
        let (sw, _) = sub.dim_in_pixel();
        sub.draw(&Text::new(
            subtitle(report),
            (sw as i32 / 2, 10),
            (FAMILY, 15)
                .into_font()
                .color(&SUBTLE)
                .pos(Pos::new(HPos::Center, VPos::Center)),
        ))
        .map_err(err)?;
        draw_legend(&legend, rows.iter().any(|r| r.exact.is_some())).map_err(err)?;

        let label_style = TextStyle::from((FAMILY, label_size).into_font());
        let max_label = WIDTH * 2 / 5;
        let names: Vec<String> = rows
            .iter()
            .map(|r| fit_label(&body, &r.metric, &label_style, max_label))
            .collect();
        let label_width = names
            .iter()
            .map(|s| {
                body.estimate_text_size(s, &label_style)
                    .map_or(0, |(w, _)| w)
            })
            .max()
            .unwrap_or(0)
            + 20;

        // Row i is centred on y = i; the key points put one label on each row.
        let y_range = RowAxis { rows: n };
        let mut chart = ChartBuilder::on(&body)
            .margin_left(15)
            .margin_right(25)
            .margin_bottom(10)
            .x_label_area_size(48)
            .y_label_area_size(label_width)
            .build_cartesian_2d(0.0..axis_end(&rows), y_range)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_max_light_lines(1)
            .light_line_style(RGBColor(235, 235, 235))
            .bold_line_style(RGBColor(200, 200, 200))
            .y_label_formatter(&|v| {
                let i = v.round();
                if (v - i).abs() < 1e-6 && i >= 0.0 {
                    names.get(i as usize).cloned().unwrap_or_default()
                } else {
                    String::new()
                }
            })
            .x_label_formatter(&|v| {
                let s = format!("{v:.3}");
                s.trim_end_matches('0').trim_end_matches('.').to_string()
            })
            .x_desc("probability")
            .label_style((FAMILY, label_size))
            .x_label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 15))
            .draw()
            .map_err(err)?;

        let y = |i: usize| i as f64;
        chart
            .draw_series(rows.iter().enumerate().map(|(i, r)| {
                Rectangle::new(
                    [(0.0, y(i) - BAR_HALF), (r.estimate, y(i) + BAR_HALF)],
                    BAR.mix(0.8).filled(),
                )
            }))
            .map_err(err)?;
        chart
            .draw_series(rows.iter().enumerate().filter_map(|(i, r)| {
                r.exact.filter(|e| e.is_finite()).map(|e| {
                    PathElement::new(
                        [(e, y(i) - EXACT_HALF), (e, y(i) + EXACT_HALF)],
                        EXACT.stroke_width(3),
                    )
                })
            }))
            .map_err(err)?;
        let line = WHISKER.stroke_width(2);
        for (i, r) in rows.iter().enumerate() {
            let (lo, hi, yi) = (r.ci_low, r.ci_high, y(i));
            if !(lo.is_finite() && hi.is_finite()) {
                continue;
            }
            chart
                .draw_series([
                    PathElement::new([(lo, yi), (hi, yi)], line),
                    PathElement::new([(lo, yi - CAP_HALF), (lo, yi + CAP_HALF)], line),
                    PathElement::new([(hi, yi - CAP_HALF), (hi, yi + CAP_HALF)], line),
                ])
                .map_err(err)?;
        }
        Ok(())
    }
}
