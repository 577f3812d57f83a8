//! The combatant chart (`combatants.png`, `combatants.svg`): how each combatant ends the
//! fight, one stacked 0–100% bar per combatant whose five segments partition the fights —
//! dead, dying but saved, down (alive), fled, standing — with the 95% whisker of the dead
//! segment, the shares written in the segments wide enough, combatants grouped under a
//! heading per side (sides in order of first appearance). A rule system's own outcomes
//! (unconscious, Shock, …) are in the tables, not here.
//!
//! The partition, from the rows the shared recorder declares for every combatant
//! (`FightRecorder::add_code`: a combatant's state at the end of the fight is exactly one of
//! standing, down, fled, dying, dead, and `death` is read once the aftermath is over):
//!
//! - dead = `death` ([`Role::Death`]): dead in the fight, dying and not saved, or a fallen
//!   foe finished (`foes = "finish"` finishes the dying and the down, nobody else);
//! - dying, then saved = `saved` (dying at the end, alive after);
//! - fled = `fled`: the aftermath kills only the dying and, finishing, the dying and the
//!   down, so whoever fled is alive after it;
//! - down = `down` ([`Role::Down`]: not standing at the end and still in the fight) − dead −
//!   saved: down at the end and alive after, since only those not standing can be dead after
//!   the fight (and whoever fled is alive);
//! - standing = 1 − `down` − fled: standing at the end (the standing are never killed after).
//!
//! The five are disjoint and cover every fight, so they add up to 100% exactly (all are
//! counts over the same fights; the down segment is held at 0 against rounding only). The rows
//! are found by role ([`Role::Death`], [`Role::Saved`], [`Role::Down`], [`Role::Fled`]); a
//! report without `saved` or `fled` rows counts them in the down segment.

use super::Chart;
use super::axis::{Ticked, percent};
use super::columns::short_percent;
use super::font::FAMILY;
use super::frame::label_width;
use super::frame::{self, EXACT, FOOTER, HEADER, Key, WHISKER, WIDTH, draw_header, fit_label};
use oddsmith_core::stats::{About, MetricKind, MetricRow, Report, Role};
use plotters::coord::{CoordTranslate, Shift};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// One stacked bar per combatant, partitioning its fights by how it ends them.
pub struct CombatantChart;

/// The segments, left to right: legend label and colour (Okabe–Ito, told apart with any
/// colour vision).
pub const SEGMENTS: [(&str, RGBColor); 5] = [
    ("dead", RGBColor(213, 94, 0)),
    ("dying, then saved", RGBColor(204, 121, 167)),
    ("down, alive", RGBColor(86, 180, 233)),
    ("fled", RGBColor(240, 228, 66)),
    ("standing", RGBColor(0, 158, 115)),
];

/// The side heading's band.
const HEADING_BAND: RGBColor = RGBColor(232, 237, 243);

/// Rows (in units of one bar row) left above a later side.
const GAP: f64 = 0.35;
/// Half the height of a bar, in rows.
const BAR_HALF: f64 = 0.36;
/// Half the height of a whisker cap and of the exact tick, in rows.
const CAP_HALF: f64 = 0.18;

/// How one combatant ends its fights.
pub struct Fates<'a> {
    /// Its name.
    pub name: &'a str,
    /// Its side.
    pub side: &'a str,
    /// The shares of [`SEGMENTS`], in order: they add up to 1.
    pub shares: [f64; 5],
    /// The `death` row: its interval is the dead segment's whisker.
    pub death: &'a MetricRow,
}

/// The combatant a row is about: its name and side.
fn subject(row: &MetricRow) -> Option<(&str, &str)> {
    match &row.meta.about {
        About::Combatant { name, side } => Some((name, side)),
        _ => None,
    }
}

/// Every combatant of `report` with a `death` and a `down` rate, in report order, with the
/// shares of its fights by segment (see the module header).
pub fn fates(report: &Report) -> Vec<Fates<'_>> {
    let rates: Vec<&MetricRow> = report
        .metrics
        .iter()
        .filter(|r| r.kind == MetricKind::Rate && r.estimate.is_finite())
        .filter(|r| subject(r).is_some())
        .collect();
    let find = |who: (&str, &str), role: Role| {
        (rates.iter().copied()).find(|r| subject(r) == Some(who) && r.meta.role == role)
    };
    let mut out: Vec<Fates<'_>> = Vec::new();
    for &row in &rates {
        let Some(who) = subject(row).filter(|_| row.meta.role == Role::Death) else {
            continue;
        };
        if out.iter().any(|f| (f.name, f.side) == who) {
            continue;
        }
        let Some(down) = find(who, Role::Down) else {
            continue;
        };
        let share = |role| find(who, role).map_or(0.0, |r| r.estimate);
        let (dead, saved, fled) = (row.estimate, share(Role::Saved), share(Role::Fled));
        let out_alive = (down.estimate - dead - saved).max(0.0);
        out.push(Fates {
            name: who.0,
            side: who.1,
            shares: [
                dead,
                saved,
                out_alive,
                fled,
                (1.0 - down.estimate - fled).max(0.0),
            ],
            death: row,
        });
    }
    out
}

/// Distinct values of `items` in order of first appearance.
fn distinct<T: PartialEq>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut seen = Vec::new();
    for item in items {
        if !seen.contains(&item) {
            seen.push(item);
        }
    }
    seen
}

/// Where everything goes: y runs from 0 (bottom) to `span` (top), one unit per bar row.
struct Layout<'a> {
    /// Each combatant with the height of its bar.
    bars: Vec<(Fates<'a>, f64)>,
    /// Each side's name and the height of its heading row.
    headings: Vec<(&'a str, f64)>,
    span: f64,
}

/// Lays out the combatants of `report`: sides in order of first appearance, under each its
/// combatants in report order.
fn layout(report: &Report) -> Layout<'_> {
    let all = fates(report);
    let sides = distinct(all.iter().map(|f| f.side));
    let mut top = 0.0;
    let mut bars = Vec::new();
    let mut headings = Vec::new();
    let mut all: Vec<Option<Fates<'_>>> = all.into_iter().map(Some).collect();
    for (s, side) in sides.iter().enumerate() {
        if s > 0 {
            top += GAP;
        }
        headings.push((*side, top + 0.5));
        top += 1.0;
        for slot in all.iter_mut() {
            if slot.as_ref().is_some_and(|f| f.side == *side) {
                bars.push((slot.take().expect("checked"), top + 0.5));
                top += 1.0;
            }
        }
    }
    // Positions were measured from the top; y runs up.
    let span = top;
    for b in &mut bars {
        b.1 = span - b.1;
    }
    for h in &mut headings {
        h.1 = span - h.1;
    }
    Layout {
        bars,
        headings,
        span,
    }
}

/// Pixel height of one row and the label size, for `n` rows.
fn row_size(n: usize) -> (u32, u32) {
    if n <= 24 { (34, 14) } else { (24, 12) }
}

/// Black or white, whichever reads better on `color`.
fn ink_on(color: RGBColor) -> RGBColor {
    let RGBColor(r, g, b) = color;
    let luma = 0.299 * f64::from(r) + 0.587 * f64::from(g) + 0.114 * f64::from(b);
    if luma > 140.0 { BLACK } else { WHITE }
}

impl Chart for CombatantChart {
    type Data = Report;

    fn stem(&self) -> String {
        "combatants".into()
    }

    fn caption(&self, _: &Report) -> String {
        "How each combatant ends the fight: each bar splits its fights into dead (once the \
         aftermath is over, with the 95% interval), dying then saved, down but alive, fled, \
         and still standing; the five add up to 100%."
            .into()
    }

    fn applies(&self, report: &Report) -> bool {
        !fates(report).is_empty()
    }

    fn size(&self, report: &Report) -> (u32, u32) {
        let l = layout(report);
        let (row, _) = row_size(l.bars.len() + l.headings.len());
        let plot = (f64::from(row) * l.span.max(1.0)).ceil() as u32;
        (WIDTH, HEADER + FOOTER + plot)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        report: &Report,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let l = layout(report);
        if l.bars.is_empty() {
            return Err("the report has no combatants to draw".into());
        }
        let (_, label_size) = row_size(l.bars.len() + l.headings.len());
        let mut keys: Vec<Key> = SEGMENTS
            .iter()
            .map(|(label, color)| Key::Solid(*color, label.to_string()))
            .collect();
        keys.push(Key::Whisker("95% interval of dead".into()));
        let exact = l.bars.iter().any(|(f, _)| f.death.exact.is_some());
        if exact {
            keys.push(Key::Exact("exact".into()));
        }
        let title = format!("{}: how each combatant ends the fight", report.scenario);
        let body = draw_header(area, &title, &frame::subtitle(report), &keys).map_err(err)?;

        let label_style = TextStyle::from((FAMILY, label_size).into_font());
        let names: Vec<String> = l
            .bars
            .iter()
            .map(|(f, _)| fit_label(&body, f.name, &label_style, WIDTH * 3 / 10))
            .collect();
        let mut chart = ChartBuilder::on(&body)
            .margin_left(15)
            .margin_right(25)
            .margin_bottom(10)
            .x_label_area_size(48)
            .y_label_area_size(label_width(&body, &names, &label_style).max(90))
            .build_cartesian_2d(
                0.0..1.0,
                Ticked {
                    range: 0.0..l.span,
                    ticks: l.bars.iter().map(|b| b.1).collect(),
                    light: Vec::new(),
                },
            )
            .map_err(err)?;

        // Side headings: a band across labels and plot, the side's name at its left.
        let (bx, by) = body.get_base_pixel();
        let coord = chart.as_coord_spec().clone();
        let px = |x: f64, y: f64| {
            let (x, y) = coord.translate(&(x, y));
            (x - bx, y - by)
        };
        let heading_style = TextStyle::from((FAMILY, label_size + 1, FontStyle::Bold).into_font())
            .pos(Pos::new(HPos::Left, VPos::Center));
        for (side, y) in &l.headings {
            let (right, top) = px(1.0, y + 0.5);
            let (_, bottom) = px(0.0, y - 0.5);
            let (_, mid) = px(0.0, *y);
            body.draw(&Rectangle::new(
                [(15, top + 2), (right, bottom - 2)],
                HEADING_BAND.filled(),
            ))
            .map_err(err)?;
            body.draw(&Text::new(
                format!("side: {side}"),
                (22, mid),
                heading_style.clone(),
            ))
            .map_err(err)?;
        }

        chart
            .configure_mesh()
            .disable_y_mesh()
            .x_labels(11)
            .x_max_light_lines(1)
            .light_line_style(RGBColor(235, 235, 235))
            .bold_line_style(RGBColor(200, 200, 200))
            .y_label_formatter(&|v| {
                l.bars
                    .iter()
                    .position(|b| (b.1 - v).abs() < 1e-6)
                    .map(|i| names[i].clone())
                    .unwrap_or_default()
            })
            .x_label_formatter(&|v| percent(*v))
            .x_desc("share of fights (%)")
            .label_style((FAMILY, label_size))
            .x_label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 15))
            .draw()
            .map_err(err)?;

        let share_style = TextStyle::from((FAMILY, label_size - 1).into_font())
            .pos(Pos::new(HPos::Center, VPos::Center));
        for (f, y) in &l.bars {
            let mut from = 0.0;
            for (k, (share, (_, color))) in f.shares.iter().zip(SEGMENTS).enumerate() {
                // The last segment ends at 100% whatever the rounding.
                let to = if k == SEGMENTS.len() - 1 {
                    1.0
                } else {
                    (from + share).min(1.0)
                };
                if to > from {
                    chart
                        .draw_series(std::iter::once(Rectangle::new(
                            [(from, y - BAR_HALF), (to, y + BAR_HALF)],
                            color.filled(),
                        )))
                        .map_err(err)?;
                    let text = short_percent(*share);
                    let (left, mid) = px(from, *y);
                    let (right, _) = px(to, *y);
                    let wide = body
                        .estimate_text_size(&text, &share_style)
                        .is_ok_and(|(w, _)| (w as i32) + 8 <= right - left);
                    if wide {
                        body.draw(&Text::new(
                            text,
                            ((left + right) / 2, mid),
                            share_style.color(&ink_on(color)),
                        ))
                        .map_err(err)?;
                    }
                }
                from = to;
            }
            let d = f.death;
            if let Some(e) = d.exact.filter(|e| e.is_finite()) {
                chart
                    .draw_series(std::iter::once(PathElement::new(
                        [(e, y - BAR_HALF - 0.06), (e, y + BAR_HALF + 0.06)],
                        EXACT.stroke_width(3),
                    )))
                    .map_err(err)?;
            }
            let (lo, hi) = (d.ci_low, d.ci_high);
            if lo.is_finite() && hi.is_finite() {
                let line = WHISKER.stroke_width(2);
                chart
                    .draw_series([
                        PathElement::new([(lo, *y), (hi, *y)], line),
                        PathElement::new([(lo, y - CAP_HALF), (lo, y + CAP_HALF)], line),
                        PathElement::new([(hi, y - CAP_HALF), (hi, y + CAP_HALF)], line),
                    ])
                    .map_err(err)?;
            }
        }
        Ok(())
    }
}
