//! The frame shared by the charts: a title, a subtitle (system, trials, seed) and a legend row
//! above the plot, or a legend column beside it ([`draw_key_column`]), never over the data;
//! for the horizontal bar charts (rates, combatants) row heights and label fitting for the
//! rows beside it, and the whisker and exact-value marks drawn on each bar.

use super::axis::{Ticked, percent};
use super::font::FAMILY;
use oddsmith_core::stats::Report;
use plotters::coord::Shift;
use plotters::coord::ranged1d::Ranged;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Chart width in pixels.
pub(crate) const WIDTH: u32 = 1000;
/// Pixels above the plot: title, subtitle and legend.
pub(crate) const HEADER: u32 = 100;
/// Pixels below the plot: tick labels and the axis title.
pub(crate) const FOOTER: u32 = 75;
/// Rows up to this many get full height and the full label size.
const ROOMY_ROWS: usize = 30;

/// Whisker ink.
pub(crate) const WHISKER: RGBColor = RGBColor(20, 20, 20);
/// The exact-value tick.
pub(crate) const EXACT: RGBColor = RGBColor(200, 30, 30);
/// Subtitle ink.
pub(crate) const SUBTLE: RGBColor = RGBColor(90, 90, 90);

/// Half-heights, in rows, of a bar, the whisker caps and the exact tick.
pub(crate) const BAR_HALF: f64 = 0.32;
const CAP_HALF: f64 = 0.16;
const EXACT_HALF: f64 = 0.44;

/// A bar chart whose x axis is a rate and whose rows sit at `f64` positions on `Y`.
pub(crate) type BarChart<'a, DB, Y> = ChartContext<'a, DB, Cartesian2d<RangedCoordf64, Y>>;

/// Pixel height of one row, and the row label size, for `n` rows.
pub(crate) fn row_layout(n: usize) -> (u32, u32) {
    if n <= ROOMY_ROWS { (30, 14) } else { (18, 11) }
}

/// The subtitle: system, trials and seed.
pub(crate) fn subtitle(report: &Report) -> String {
    if report.trials == 0 {
        format!("{} · exact values only", report.system)
    } else {
        format!(
            "{} · {} trials · seed {}",
            report.system, report.trials, report.seed
        )
    }
}

/// `name`, shortened in the middle with `…` until it is at most `max_px` wide.
pub(crate) fn fit_label<DB: DrawingBackend>(
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

/// The width of the widest of `labels` in `style`, plus room for the tick.
pub(crate) fn label_width<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    labels: &[String],
    style: &TextStyle,
) -> u32 {
    labels
        .iter()
        .map(|s| area.estimate_text_size(s, style).map_or(0, |(w, _)| w))
        .max()
        .unwrap_or(0)
        + 20
}

/// The plot of a horizontal bar chart on `body`: rates from 0 to `x_end` across (in percent,
/// labels past 100% left blank), a row per entry of `labels` up the side, row `i` centred on
/// `y = i` (row 0 at the bottom), the mesh drawn.
pub(crate) fn row_chart<'a, DB: DrawingBackend + 'a>(
    body: &'a DrawingArea<DB, Shift>,
    labels: &[String],
    label_size: u32,
    x_end: f64,
) -> Result<BarChart<'a, DB, Ticked>, String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let label_style = TextStyle::from((FAMILY, label_size).into_font());
    let n = labels.len();
    let mut chart = ChartBuilder::on(body)
        .margin_left(15)
        .margin_right(25)
        .margin_bottom(10)
        .x_label_area_size(48)
        .y_label_area_size(label_width(body, labels, &label_style))
        .build_cartesian_2d(
            0.0..x_end,
            Ticked {
                range: -0.5..n as f64 - 0.5,
                ticks: (0..n).map(|i| i as f64).collect(),
                light: Vec::new(),
            },
        )
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
                labels.get(i as usize).cloned().unwrap_or_default()
            } else {
                String::new()
            }
        })
        .x_label_formatter(&|v| {
            if *v <= 1.0 + 1e-9 {
                percent(*v)
            } else {
                String::new()
            }
        })
        .x_desc("probability (%)")
        .label_style((FAMILY, label_size))
        .x_label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 15))
        .draw()
        .map_err(err)?;
    Ok(chart)
}

/// One entry of a legend row.
pub(crate) enum Key {
    /// A filled bar swatch in a colour, as bars are drawn (80% over white).
    Bar(RGBColor, String),
    /// A swatch in an opaque colour (the combatant chart's segments).
    Solid(RGBColor, String),
    /// A line over a translucent band in a colour (a series of a line chart).
    Line(RGBColor, String),
    /// The 95% interval whisker.
    Whisker(String),
    /// The exact-value tick.
    Exact(String),
    /// The × marking exact values on a line chart.
    Cross(String),
}

/// Fills `area` white and draws the title, the subtitle and the legend row `keys` in its top
/// [`HEADER`] pixels; returns the rest, for the plot.
pub(crate) fn draw_header<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    subtitle: &str,
    keys: &[Key],
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&WHITE)?;
    let (header, body) = area.split_vertically(HEADER);
    let legend = draw_titles(&header, title, subtitle)?;
    draw_keys(&legend, keys)?;
    Ok(body)
}

/// Pixels above the plot of a chart whose legend is beside it: title and subtitle.
pub(crate) const TITLES: u32 = 70;

/// Fills `area` white and draws the title and the subtitle in its top [`TITLES`] pixels;
/// returns the rest.
pub(crate) fn draw_title<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    subtitle: &str,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    area.fill(&WHITE)?;
    let (header, body) = area.split_vertically(TITLES);
    draw_titles(&header, title, subtitle)?;
    Ok(body)
}

/// Draws the title and under it the subtitle at the top of `header`; returns what is left
/// under them.
fn draw_titles<DB: DrawingBackend>(
    header: &DrawingArea<DB, Shift>,
    title: &str,
    subtitle: &str,
) -> Result<DrawingArea<DB, Shift>, DrawingAreaErrorKind<DB::ErrorType>> {
    let header = header
        .margin(8, 0, 0, 0)
        .titled(title, (FAMILY, 22).into_font().color(&BLACK))?;
    let (sub, rest) = header.split_vertically(24);
    let (sw, _) = sub.dim_in_pixel();
    sub.draw(&Text::new(
        subtitle.to_string(),
        (sw as i32 / 2, 10),
        (FAMILY, 15)
            .into_font()
            .color(&SUBTLE)
            .pos(Pos::new(HPos::Center, VPos::Center)),
    ))?;
    Ok(rest)
}

/// A legend entry's text.
fn key_text(key: &Key) -> &str {
    match key {
        Key::Bar(_, t)
        | Key::Solid(_, t)
        | Key::Line(_, t)
        | Key::Whisker(t)
        | Key::Exact(t)
        | Key::Cross(t) => t,
    }
}

/// Pixels of a legend glyph, the gap after it and the space between entries of a row.
const GLYPH: i32 = 26;
const GLYPH_GAP: i32 = 8;
const KEY_PAD: i32 = 28;

/// The legend's text style.
fn key_style() -> TextStyle<'static> {
    TextStyle::from((FAMILY, 14).into_font()).color(&BLACK)
}

/// Draws the legend row `keys` centred in `area`.
fn draw_keys<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    keys: &[Key],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = key_style();
    let widths: Vec<i32> = keys
        .iter()
        .map(|k| {
            area.estimate_text_size(key_text(k), &style)
                .map(|(w, _)| w as i32)
        })
        .collect::<Result<_, _>>()?;
    let total: i32 = widths.iter().map(|w| GLYPH + GLYPH_GAP + w).sum::<i32>()
        + KEY_PAD * (keys.len() as i32 - 1).max(0);
    let (w, h) = area.dim_in_pixel();
    let mut x = (w as i32 - total).max(0) / 2;
    let y = h as i32 / 2;
    for (key, tw) in keys.iter().zip(&widths) {
        draw_key(area, key, key_text(key), (x, y), &style)?;
        x += GLYPH + GLYPH_GAP + tw + KEY_PAD;
    }
    Ok(())
}

/// Height in pixels of one entry of a legend column.
pub(crate) const KEY_ROW: i32 = 24;

/// The width of a legend column for `keys`: the widest entry and some room, at most `max`.
pub(crate) fn key_column_width<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    keys: &[Key],
    max: u32,
) -> u32 {
    let style = key_style();
    let text = keys
        .iter()
        .map(|k| {
            area.estimate_text_size(key_text(k), &style)
                .map_or(0, |(w, _)| w)
        })
        .max()
        .unwrap_or(0);
    (text + (GLYPH + GLYPH_GAP) as u32 + 24).min(max)
}

/// Draws `keys` one under the other from the top of `area`, beside the plot rather than over
/// it; a text too wide for the column is shortened in the middle.
pub(crate) fn draw_key_column<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    keys: &[Key],
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let style = key_style();
    let (w, _) = area.dim_in_pixel();
    let room = (w as i32 - GLYPH - GLYPH_GAP - 12).max(10) as u32;
    for (i, key) in keys.iter().enumerate() {
        let y = KEY_ROW / 2 + KEY_ROW * i as i32;
        let text = fit_label(area, key_text(key), &style, room);
        draw_key(area, key, &text, (4, y), &style)?;
    }
    Ok(())
}

/// Draws one legend entry, its glyph at `(x, y)` (left, middle) and `text` after it.
fn draw_key<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    key: &Key,
    text: &str,
    (x, y): (i32, i32),
    style: &TextStyle,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let glyph = GLYPH;
    match key {
        Key::Bar(color, _) => area.draw(&Rectangle::new(
            [(x, y - 7), (x + glyph, y + 7)],
            color.mix(0.8).filled(),
        ))?,
        Key::Solid(color, _) => area.draw(&Rectangle::new(
            [(x, y - 7), (x + glyph, y + 7)],
            color.filled(),
        ))?,
        Key::Line(color, _) => {
            area.draw(&Rectangle::new(
                [(x, y - 7), (x + glyph, y + 7)],
                color.mix(0.2).filled(),
            ))?;
            area.draw(&PathElement::new(
                [(x, y), (x + glyph, y)],
                color.stroke_width(3),
            ))?;
        }
        Key::Whisker(_) => {
            let line = WHISKER.stroke_width(2);
            area.draw(&PathElement::new([(x, y), (x + glyph, y)], line))?;
            area.draw(&PathElement::new([(x, y - 5), (x, y + 5)], line))?;
            area.draw(&PathElement::new(
                [(x + glyph, y - 5), (x + glyph, y + 5)],
                line,
            ))?;
        }
        Key::Exact(_) => area.draw(&PathElement::new(
            [(x + glyph / 2, y - 9), (x + glyph / 2, y + 9)],
            EXACT.stroke_width(3),
        ))?,
        Key::Cross(_) => area.draw(&Cross::new((x + glyph / 2, y), 4, WHISKER.stroke_width(2)))?,
    }
    area.draw(&Text::new(
        text.to_string(),
        (x + glyph + GLYPH_GAP, y),
        style.pos(Pos::new(HPos::Left, VPos::Center)),
    ))
}

/// One bar of a bar chart: its row position, estimate, 95% interval and exact value.
pub(crate) struct BarMarks {
    /// The row's position on the y axis.
    pub y: f64,
    /// The sampled estimate: the bar's length.
    pub estimate: f64,
    /// The 95% interval.
    pub ci: (f64, f64),
    /// The exact value, if known.
    pub exact: Option<f64>,
}

/// Draws `bars` in `color`, then their exact ticks and whiskers on top.
pub(crate) fn draw_bars<'a, DB, Y>(
    chart: &mut BarChart<'a, DB, Y>,
    bars: &[BarMarks],
    color: impl Fn(usize) -> RGBColor,
) -> Result<(), String>
where
    DB: DrawingBackend + 'a,
    Y: Ranged<ValueType = f64>,
{
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    chart
        .draw_series(bars.iter().enumerate().map(|(i, b)| {
            Rectangle::new(
                [(0.0, b.y - BAR_HALF), (b.estimate, b.y + BAR_HALF)],
                color(i).mix(0.8).filled(),
            )
        }))
        .map_err(err)?;
    chart
        .draw_series(bars.iter().filter_map(|b| {
            b.exact.filter(|e| e.is_finite()).map(|e| {
                PathElement::new(
                    [(e, b.y - EXACT_HALF), (e, b.y + EXACT_HALF)],
                    EXACT.stroke_width(3),
                )
            })
        }))
        .map_err(err)?;
    let line = WHISKER.stroke_width(2);
    for b in bars {
        let ((lo, hi), y) = (b.ci, b.y);
        if !(lo.is_finite() && hi.is_finite()) {
            continue;
        }
        chart
            .draw_series([
                PathElement::new([(lo, y), (hi, y)], line),
                PathElement::new([(lo, y - CAP_HALF), (lo, y + CAP_HALF)], line),
                PathElement::new([(hi, y - CAP_HALF), (hi, y + CAP_HALF)], line),
            ])
            .map_err(err)?;
    }
    Ok(())
}
