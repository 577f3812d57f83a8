//! The chart of `oddsmith dice --out DIR` (`dice.png`, `dice.svg`): a bar per possible total
//! with its exact probability, whole-number ticks on the totals, the chances written over
//! the bars when there are few, and with `--vs N` / `--above N` the totals that count in
//! another colour. The axis leaves out the far tails holding under [`CHART_CUT`] together
//! (bars too low to see; the table and the CSV keep them).

use super::axis::{Ticked, percent, rate_axis_end};
use super::columns::{bar_chart, short_percent};
use super::font::FAMILY;
use super::frame::{Key, draw_header};
use super::{Chart, PALETTE};
use oddsmith_core::dice::summary::Summary;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// The bars.
const BAR: RGBColor = PALETTE[0];
/// The bars a target counts.
const COUNTED: RGBColor = PALETTE[1];
/// Tails holding less than this together are left off the axis.
pub const CHART_CUT: f64 = 1e-4;
/// Most bars that get their chance written over them.
const WRITTEN_BARS: usize = 24;
/// Most tick labels on the totals axis.
const MOST_TICKS: i64 = 25;

/// The distribution of one dice expression as bars.
pub struct DiceChart;

/// Whole-number ticks from `first` to `last`: every multiple of the smallest step of 1, 2 or
/// 5 × 10^k that gives at most [`MOST_TICKS`] of them.
fn ticks(first: i64, last: i64) -> Vec<f64> {
    let span = (last - first).max(0) + 1;
    let mut step = 1i64;
    'search: loop {
        for m in [1, 2, 5] {
            if span / (step * m) < MOST_TICKS {
                step *= m;
                break 'search;
            }
        }
        step *= 10;
    }
    let start = first.div_euclid(step) * step;
    (0..)
        .map(|i| start + i * step)
        .take_while(|v| *v <= last)
        .filter(|v| *v >= first)
        .map(|v| v as f64)
        .collect()
}

impl Chart for DiceChart {
    type Data = Summary;

    fn stem(&self) -> String {
        "dice".into()
    }

    fn caption(&self, s: &Summary) -> String {
        format!(
            "The exact chance of each total of {} (the far tails, under {} together, left out).",
            s.expr,
            percent(CHART_CUT)
        )
    }

    fn applies(&self, s: &Summary) -> bool {
        !s.distribution.is_empty()
    }

    fn size(&self, _: &Summary) -> (u32, u32) {
        (1000, 560)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        s: &Summary,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let (rows, _, _) = s.shown(CHART_CUT);
        let (Some(first), Some(last)) = (rows.first(), rows.last()) else {
            return Err("nothing to draw".into());
        };
        let (first, last) = (first.value, last.value);
        let counts = |v: i64| {
            s.vs.is_some_and(|t| if t.strictly { v > t.n } else { v >= t.n })
        };
        let mut subtitle = format!("mean {:.2} · standard deviation {:.2}", s.mean, s.sd);
        let mut keys = vec![Key::Bar(BAR, "chance of each total".into())];
        if let Some(t) = s.vs {
            let words = t.words();
            subtitle += &format!(" · chance of {words}: {}", short_percent(t.p));
            keys.push(Key::Bar(COUNTED, format!("totals of {words}")));
        }
        if s.exploding {
            subtitle += &format!(" · truncation bound {:.1e}", s.bound);
        }
        let title = format!("{}: exact distribution", s.expr);
        let body = draw_header(area, &title, &subtitle, &keys).map_err(err)?;
        let top = rows.iter().map(|r| r.p).fold(0.0, f64::max);
        let y_end = rate_axis_end([top * 1.08]);
        let mut chart = bar_chart(
            &body,
            Ticked {
                range: first as f64 - 0.5..last as f64 + 0.5,
                ticks: ticks(first, last),
                light: Vec::new(),
            },
            y_end,
        )?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .y_max_light_lines(1)
            .light_line_style(RGBColor(235, 235, 235))
            .bold_line_style(RGBColor(215, 215, 215))
            .x_label_formatter(&|v| format!("{v:.0}"))
            .y_label_formatter(&|v| percent(*v))
            .x_desc("total")
            .y_desc("chance, %")
            .label_style((FAMILY, 14))
            .axis_desc_style((FAMILY, 15))
            .draw()
            .map_err(err)?;
        let half = 0.4;
        chart
            .draw_series(rows.iter().map(|r| {
                let color = if counts(r.value) { COUNTED } else { BAR };
                let x = r.value as f64;
                Rectangle::new([(x - half, 0.0), (x + half, r.p)], color.mix(0.85).filled())
            }))
            .map_err(err)?;
        if rows.len() <= WRITTEN_BARS {
            let style = TextStyle::from((FAMILY, 12).into_font())
                .color(&BLACK)
                .pos(Pos::new(HPos::Center, VPos::Bottom));
            chart
                .draw_series(
                    rows.iter().map(|r| {
                        Text::new(short_percent(r.p), (r.value as f64, r.p), style.clone())
                    }),
                )
                .map_err(err)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
