//! The combatant chart (`combatants.png`, `combatants.svg`): every per-combatant rate of a
//! fight (down and death, and whatever outcomes a rule system adds, such as unconscious or
//! fled), grouped under a heading per side (sides in order of first appearance), one bar per
//! outcome per combatant with its 95% whisker. Rows read "Charlotte Korde — death"; each
//! outcome has its own colour, named in the legend. The rate axis is in percent.

use super::Chart;
use super::PALETTE;
use super::axis::{Ticked, percent, rate_axis_end};
use super::font::FAMILY;
use super::frame::{
    self, BarMarks, FOOTER, HEADER, Key, WIDTH, draw_bars, draw_header, fit_label, label_width,
    row_layout,
};
use crate::stats::{About, MetricKind, MetricRow, Report, Role};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Per-combatant rates with intervals, by side, one bar per outcome.
pub struct CombatantChart;

/// Colours of the outcomes: down and death keep the first two, a system's own outcomes take
/// the rest in order of first appearance.
const DOWN: RGBColor = PALETTE[0];
const DEATH: RGBColor = PALETTE[1];
/// The side heading's band.
const HEADING_BAND: RGBColor = RGBColor(232, 237, 243);

/// Rows (in units of one bar row) left between two combatants, and above a later side.
const GAP: f64 = 0.4;

/// One bar: a combatant's rate of one outcome, at height `y`.
struct Bar<'a> {
    row: &'a MetricRow,
    /// "Charlotte Korde — death".
    label: String,
    /// Index into [`Layout::outcomes`].
    outcome: usize,
    y: f64,
}

/// Where everything goes: y runs from 0 (bottom) to `span` (top), one unit per bar row.
struct Layout<'a> {
    bars: Vec<Bar<'a>>,
    /// Each side's name and the height of its heading row.
    headings: Vec<(&'a str, f64)>,
    /// Outcome labels in drawing order, with their colours.
    outcomes: Vec<(&'a str, RGBColor)>,
    span: f64,
}

/// The combatant a row is about: its name and side.
fn subject(row: &MetricRow) -> Option<(&str, &str)> {
    match &row.meta.about {
        About::Combatant { name, side } => Some((name, side)),
        _ => None,
    }
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

/// Outcome labels in drawing order (down, death, then the system's own, as they first
/// appear), each with its colour.
fn outcomes<'a>(rows: &[&'a MetricRow]) -> Vec<(&'a str, RGBColor)> {
    let rank = |role: Role| match role {
        Role::Down => 0,
        Role::Death => 1,
        _ => 2,
    };
    let mut labels: Vec<(&str, Role)> = Vec::new();
    for r in rows {
        if !labels.iter().any(|(l, _)| *l == r.meta.label) {
            labels.push((&r.meta.label, r.meta.role));
        }
    }
    labels.sort_by_key(|(_, role)| rank(*role));
    let mut others = PALETTE[2..].iter().cycle();
    let mut taken: Vec<RGBColor> = Vec::new();
    labels
        .into_iter()
        .map(|(label, role)| {
            let own = match role {
                Role::Down => Some(DOWN),
                Role::Death => Some(DEATH),
                _ => None,
            }
            .filter(|c| !taken.contains(c));
            let color = own.unwrap_or_else(|| *others.next().expect("a cycle never ends"));
            taken.push(color);
            (label, color)
        })
        .collect()
}

/// Lays out every per-combatant rate of `report`: sides in order of first appearance, under
/// each its combatants, under each its outcomes.
fn layout(report: &Report) -> Layout<'_> {
    let rows: Vec<&MetricRow> = report
        .metrics
        .iter()
        .filter(|r| r.kind == MetricKind::Rate && r.estimate.is_finite())
        .filter(|r| subject(r).is_some())
        .collect();
    let outcomes = outcomes(&rows);
    let sides = distinct(rows.iter().filter_map(|r| subject(r).map(|s| s.1)));
    // Positions from the top first; flipped once the span is known.
    let mut top = 0.0;
    let mut bars = Vec::new();
    let mut headings = Vec::new();
    for (s, side) in sides.iter().enumerate() {
        if s > 0 {
            top += GAP;
        }
        headings.push((*side, top + 0.5));
        top += 1.0;
        let names = distinct(
            rows.iter()
                .filter_map(|r| subject(r).filter(|(_, sd)| sd == side).map(|(n, _)| n)),
        );
        for (c, name) in names.iter().enumerate() {
            if c > 0 {
                top += GAP;
            }
            for (k, (label, _)) in outcomes.iter().enumerate() {
                let found = rows
                    .iter()
                    .find(|r| subject(r) == Some((name, side)) && r.meta.label == *label);
                if let Some(row) = found {
                    bars.push(Bar {
                        row,
                        label: format!("{name} — {label}"),
                        outcome: k,
                        y: top + 0.5,
                    });
                    top += 1.0;
                }
            }
        }
    }
    let span = top;
    for b in &mut bars {
        b.y = span - b.y;
    }
    for h in &mut headings {
        h.1 = span - h.1;
    }
    Layout {
        bars,
        headings,
        outcomes,
        span,
    }
}

impl Chart for CombatantChart {
    type Data = Report;

    fn stem(&self) -> String {
        "combatants".into()
    }

    fn applies(&self, report: &Report) -> bool {
        !layout(report).bars.is_empty()
    }

    fn size(&self, report: &Report) -> (u32, u32) {
        let l = layout(report);
        let (row, _) = row_layout(l.bars.len());
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
            return Err("the report has no per-combatant rates to draw".into());
        }
        let (_, label_size) = row_layout(l.bars.len());
        let mut keys: Vec<Key> = l
            .outcomes
            .iter()
            .map(|(label, color)| Key::Bar(*color, label.to_string()))
            .collect();
        keys.push(Key::Whisker("95% interval".into()));
        if l.bars.iter().any(|b| b.row.exact.is_some()) {
            keys.push(Key::Exact("exact value".into()));
        }
        let title = format!("{}: how each combatant ends the fight", report.scenario);
        let body = draw_header(area, &title, &frame::subtitle(report), &keys).map_err(err)?;

        let label_style = TextStyle::from((FAMILY, label_size).into_font());
        let names: Vec<String> = l
            .bars
            .iter()
            .map(|b| fit_label(&body, &b.label, &label_style, WIDTH * 2 / 5))
            .collect();
        let x_end = rate_axis_end(
            l.bars
                .iter()
                .flat_map(|b| [b.row.ci_high, b.row.exact.unwrap_or(0.0), b.row.estimate]),
        );
        let ticks: Vec<f64> = l.bars.iter().map(|b| b.y).collect();
        let mut chart = ChartBuilder::on(&body)
            .margin_left(15)
            .margin_right(25)
            .margin_bottom(10)
            .x_label_area_size(48)
            .y_label_area_size(label_width(&body, &names, &label_style))
            .build_cartesian_2d(
                0.0..x_end,
                Ticked {
                    range: 0.0..l.span,
                    ticks,
                    light: Vec::new(),
                },
            )
            .map_err(err)?;

        // Side headings: a band across labels and plot, the side's name at its left.
        let (bx, by) = body.get_base_pixel();
        let px = |x: f64, y: f64| {
            let (x, y) = chart.backend_coord(&(x, y));
            (x - bx, y - by)
        };
        let heading_style = TextStyle::from((FAMILY, label_size + 1, FontStyle::Bold).into_font())
            .pos(Pos::new(HPos::Left, VPos::Center));
        for (side, y) in &l.headings {
            let (right, top) = px(x_end, y + 0.5);
            let (_, bottom) = px(0.0, y - 0.5);
            let (_, mid) = px(0.0, *y);
            body.draw(&Rectangle::new(
                [(15, top + 1), (right, bottom - 1)],
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
            .x_max_light_lines(1)
            .light_line_style(RGBColor(235, 235, 235))
            .bold_line_style(RGBColor(200, 200, 200))
            .y_label_formatter(&|v| {
                l.bars
                    .iter()
                    .position(|b| (b.y - v).abs() < 1e-6)
                    .map(|i| names[i].clone())
                    .unwrap_or_default()
            })
            .x_label_formatter(&|v| percent(*v))
            .x_desc("probability (%)")
            .label_style((FAMILY, label_size))
            .x_label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 15))
            .draw()
            .map_err(err)?;

        let bars: Vec<BarMarks> = l
            .bars
            .iter()
            .map(|b| BarMarks {
                y: b.y,
                estimate: b.row.estimate,
                ci: (b.row.ci_low, b.row.ci_high),
                exact: b.row.exact,
            })
            .collect();
        draw_bars(&mut chart, &bars, |i| l.outcomes[l.bars[i].outcome].1)
    }
}
