//! Vertical bars over categories, the body of the histogram charts: a category per value of
//! the axis (whole numbers such as rounds, labelled on a readable step when there are many),
//! then tail categories that are not values ("> N": the longer fights), set apart by a dashed
//! line, their bars' rates written over them; and categories set aside in a panel of their own
//! at the right, with its own share axis ("after" and "never", whose shares would dwarf the
//! rounds'), their rates written over them too. One bar per category and series (a series per
//! side, side by side within a category), each with its 95% whisker; share axes in percent.
//! The caller draws the header ([`super::frame::draw_header`]) and hands the rest.

use super::axis::{Ticked, percent};
use super::font::FAMILY;
use super::frame::{SUBTLE, WHISKER};
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One bar: a share of trials and its 95% interval.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Column {
    /// The share, 0–1.
    pub rate: f64,
    /// Its 95% interval.
    pub ci: (f64, f64),
}

/// One series: a bar per category, in one colour.
pub(crate) struct Series {
    /// The colour of its bars.
    pub color: RGBColor,
    /// A bar per category, in category order: values, tail, aside (`None`: no bar there).
    pub columns: Vec<Option<Column>>,
}

/// What the chart shows: a category per value of the axis (`values`), then the tail
/// categories that are not values (`tail`), then those set aside in their own panel
/// (`aside`).
pub(crate) struct Columns {
    /// The values on the axis (rounds), left to right.
    pub values: Vec<u64>,
    /// The labels of the categories after them that are not values ("> 7"): a dashed line
    /// goes before them, and their bars carry their rate in writing.
    pub tail: Vec<String>,
    /// The labels of the categories in the panel at the right ("after", "never"), with
    /// their rates written over them.
    pub aside: Vec<String>,
    /// The series, drawn side by side within each category.
    pub series: Vec<Series>,
    /// The x axis title of the main panel.
    pub x_desc: String,
    /// The x axis title of the panel at the right.
    pub aside_desc: String,
    /// The y axis title.
    pub y_desc: String,
}

/// Most category labels written under the axis; beyond, only the values that are multiples
/// of a step of 1, 2 or 5 × 10^k are (the tail categories always are).
const MOST_LABELS: usize = 30;

/// Share of a category's width the bars take.
const GROUP: f64 = 0.8;

/// Pixels of the panel at the right per category.
const ASIDE_PER_CATEGORY: u32 = 120;

/// Which of `values` (then `tail` more categories) get a label: all when they fit in
/// [`MOST_LABELS`], else the multiples of a readable step, the first value when it is not
/// crowded by the next, and every tail category (a value too close to the first of them is
/// left out).
fn labelled(values: &[u64], tail: usize) -> Vec<usize> {
    let n = values.len() + tail;
    if n <= MOST_LABELS {
        return (0..n).collect();
    }
    let room = MOST_LABELS.saturating_sub(tail).max(2) as u64;
    let span = values.last().copied().unwrap_or(0) - values.first().copied().unwrap_or(0) + 1;
    let step = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]
        .into_iter()
        .find(|s| span.div_ceil(*s) <= room)
        .unwrap_or(10_000);
    // A value label too close to the first tail label is left out.
    let crowds_tail = |i: usize| tail > 0 && ((values.len() - i) as u64) * 2 <= step;
    let mut at: Vec<usize> = Vec::new();
    for (i, v) in values.iter().enumerate() {
        let first_alone = i == 0 && (v % step == 0 || step - v % step > step / 2);
        if (v % step == 0 || first_alone) && !crowds_tail(i) {
            at.push(i);
        }
    }
    at.extend(values.len()..n);
    at
}

/// One panel: its category labels, which of them get a label, where its written rates begin
/// (after a dashed line unless at 0), and a bar per series and category.
struct Panel<'a> {
    labels: Vec<String>,
    ticks: Vec<usize>,
    written_from: usize,
    bars: Vec<(RGBColor, &'a [Option<Column>])>,
    x_desc: &'a str,
    y_desc: &'a str,
}

/// Draws `c` on `area` (the part of a chart below its header).
pub(crate) fn draw_columns<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    c: &Columns,
) -> Result<(), String> {
    let main = c.values.len() + c.tail.len();
    if main + c.aside.len() == 0 || c.series.is_empty() {
        return Err("nothing to draw".into());
    }
    let labels = c.values.iter().map(u64::to_string);
    let main_panel = Panel {
        labels: labels.chain(c.tail.iter().cloned()).collect(),
        ticks: labelled(&c.values, c.tail.len()),
        written_from: c.values.len(),
        bars: c
            .series
            .iter()
            .map(|s| (s.color, &s.columns[..main.min(s.columns.len())]))
            .collect(),
        x_desc: &c.x_desc,
        y_desc: &c.y_desc,
    };
    if c.aside.is_empty() {
        return draw_panel(area, &main_panel);
    }
    let aside_panel = Panel {
        labels: c.aside.clone(),
        ticks: (0..c.aside.len()).collect(),
        written_from: 0,
        bars: c
            .series
            .iter()
            .map(|s| (s.color, s.columns.get(main..).unwrap_or(&[])))
            .collect(),
        x_desc: &c.aside_desc,
        y_desc: "",
    };
    let (w, _) = area.dim_in_pixel();
    let aside_w = (ASIDE_PER_CATEGORY * c.aside.len() as u32 + 90).min(w / 2);
    let (left, right) = area.split_horizontally(w - aside_w);
    if main > 0 {
        draw_panel(&left, &main_panel)?;
    }
    draw_panel(&right, &aside_panel)
}

/// A chart of vertical bars on `area`: categories along `x`, shares from 0 to `y_end` up
/// the side, with room for the tick labels and axis titles.
pub(crate) fn bar_chart<'a, DB: DrawingBackend>(
    area: &'a DrawingArea<DB, Shift>,
    x: Ticked,
    y_end: f64,
) -> Result<ChartContext<'a, DB, Cartesian2d<Ticked, RangedCoordf64>>, String> {
    ChartBuilder::on(area)
        .margin_left(15)
        .margin_right(25)
        .margin_bottom(10)
        .x_label_area_size(55)
        .y_label_area_size(70)
        .build_cartesian_2d(x, 0.0..y_end)
        .map_err(|e| e.to_string())
}

/// Draws one panel on `area`.
fn draw_panel<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, p: &Panel) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let n = p.labels.len();
    let top = p
        .bars
        .iter()
        .flat_map(|(_, columns)| columns.iter().flatten())
        .map(|col| col.ci.1.max(col.rate))
        .filter(|v| v.is_finite())
        .fold(0.0f64, f64::max);
    // Room above the tallest whisker for a rate written over a bar; at least 1%.
    let y_end = (top * 1.12).clamp(0.01, 1.08);
    // A category is one unit wide, but the written ones get room for their labels when
    // there are many values (the bars keep one unit's width).
    let written_width = (p.written_from as f64 / 12.0).max(1.0);
    let mut centers = Vec::with_capacity(n);
    let mut start = 0.0;
    for i in 0..n {
        let width = if i < p.written_from {
            1.0
        } else {
            written_width
        };
        centers.push(start + width / 2.0 - 0.5);
        start += width;
    }
    let mut chart = bar_chart(
        area,
        Ticked {
            range: -0.5..start - 0.5,
            ticks: p.ticks.iter().map(|&i| centers[i]).collect(),
            light: Vec::new(),
        },
        y_end,
    )?;
    let x_label = |v: &f64| {
        centers
            .iter()
            .position(|c| (c - v).abs() < 1e-6)
            .map(|i| p.labels[i].clone())
            .unwrap_or_default()
    };
    let y_label = |v: &f64| {
        if *v <= 1.0 + 1e-9 {
            percent(*v)
        } else {
            String::new()
        }
    };
    let mut mesh = chart.configure_mesh();
    mesh.disable_x_mesh()
        .y_max_light_lines(1)
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(215, 215, 215))
        .x_label_formatter(&x_label)
        .y_label_formatter(&y_label)
        .x_desc(p.x_desc)
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 15));
    if !p.y_desc.is_empty() {
        mesh.y_desc(p.y_desc);
    }
    mesh.draw().map_err(err)?;

    let m = p.bars.len() as f64;
    let width = GROUP / m;
    let left = |i: usize, j: usize| centers[i] - GROUP / 2.0 + j as f64 * width;
    let gap = (width * 0.08).min(0.03);
    for (j, (color, columns)) in p.bars.iter().enumerate() {
        chart
            .draw_series(columns.iter().enumerate().filter_map(|(i, col)| {
                let col = col.filter(|col| col.rate.is_finite())?;
                let x = left(i, j);
                Some(Rectangle::new(
                    [(x + gap, 0.0), (x + width - gap, col.rate)],
                    color.mix(0.85).filled(),
                ))
            }))
            .map_err(err)?;
    }
    let line = WHISKER.stroke_width(1);
    let cap = (width * 0.25).min(0.12);
    for (j, (_, columns)) in p.bars.iter().enumerate() {
        for (i, col) in columns.iter().enumerate() {
            let Some(col) = col else { continue };
            let (lo, hi) = col.ci;
            if !(lo.is_finite() && hi.is_finite()) || hi <= lo {
                continue;
            }
            let x = left(i, j) + width / 2.0;
            chart
                .draw_series([
                    PathElement::new([(x, lo), (x, hi)], line),
                    PathElement::new([(x - cap, lo), (x + cap, lo)], line),
                    PathElement::new([(x - cap, hi), (x + cap, hi)], line),
                ])
                .map_err(err)?;
        }
    }
    if p.written_from >= n {
        return Ok(());
    }
    if p.written_from > 0 {
        // The tail is not on the value axis: a dashed line sets it apart.
        let x = centers[p.written_from] - written_width / 2.0;
        let dash = (0..24).map(|k| {
            let (a, b) = (k as f64 / 24.0 * y_end, (k as f64 + 0.5) / 24.0 * y_end);
            PathElement::new([(x, a), (x, b)], SUBTLE.stroke_width(1))
        });
        chart.draw_series(dash).map_err(err)?;
    }
    let size = if m > 3.0 { 11 } else { 13 };
    let style = TextStyle::from((FAMILY, size).into_font())
        .color(&BLACK)
        .pos(Pos::new(HPos::Center, VPos::Bottom));
    let (bx, by) = area.get_base_pixel();
    for i in p.written_from..n {
        // The rates of a category, left to right; one that would overlap the one before it
        // goes above it.
        let mut placed: Vec<(i32, i32, i32)> = Vec::new();
        for (j, (_, columns)) in p.bars.iter().enumerate() {
            let Some(col) = columns.get(i).copied().flatten() else {
                continue;
            };
            if !col.rate.is_finite() {
                continue;
            }
            let text = short_percent(col.rate);
            let (w, h) = area
                .estimate_text_size(&text, &style)
                .map(|(w, h)| (w as i32, h as i32))
                .map_err(err)?;
            let x = left(i, j) + width / 2.0;
            let y = col.ci.1.max(col.rate).min(y_end);
            let (px, py) = chart.backend_coord(&(x, y));
            let (px, mut py) = (px - bx, py - by - 3);
            for &(ox, oy, ow) in &placed {
                if (px - ox).abs() * 2 < w + ow + 4 && (py - oy).abs() < h + 2 {
                    py = py.min(oy - h - 2);
                }
            }
            placed.push((px, py, w));
            area.draw(&Text::new(text, (px, py), style.clone()))
                .map_err(err)?;
        }
    }
    Ok(())
}

/// A rate written over a bar: `42%`, `5.3%`, `1%`, `0.42%`, `0%`; a share above 0 never
/// reads `0%` (`< 0.01%`), nor one short of 100% `100%` (`99.97%`).
pub(crate) fn short_percent(rate: f64) -> String {
    let p = rate * 100.0;
    if !p.is_finite() {
        String::new()
    } else if p == 0.0 {
        "0%".into()
    } else if p < 0.01 {
        "< 0.01%".into()
    } else if (99.5..100.0).contains(&p) {
        format!("{:.2}%", (p * 100.0).floor() / 100.0)
    } else if p >= 9.95 {
        format!("{p:.0}%")
    } else if p >= 0.995 {
        let s = format!("{p:.1}");
        format!("{}%", s.trim_end_matches(".0"))
    } else {
        format!("{p:.2}%")
    }
}

#[cfg(test)]
mod tests;
