//! The one-field sweep chart (`sweep.png`/`.svg`): each headline rate against the swept
//! field with its 95% band and × at exact values, the legend in a column beside the plot
//! (never over a line), ticks at round values of the field (whole numbers on an integer
//! key); for a fight a strip under it coloured by each point's difficulty band. The
//! two-field heatmaps are in [`super::heatmap`]. Rates are shown in percent.

use super::axis::{Ticked, nice_ticks};
use super::font::FAMILY;
use super::frame::{Key, draw_key_column, draw_title, key_column_width};
use super::{Chart, PALETTE, draw_band_line, draw_rate_mesh};
use oddsmith_core::stats::SweepReport;
use oddsmith_core::stats::difficulty::Band;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Most metrics one line chart draws (the first headline rates of the report).
pub const MAX_LINES: usize = 8;

/// Most labelled ticks on the swept field's axis.
const X_TICKS: usize = 12;

/// Widest legend column, in pixels.
const LEGEND_MAX: u32 = 280;

/// Rates of `metric` at every point, in point order: (estimate, low, high, exact).
pub(super) fn series(sweep: &SweepReport, metric: &str) -> Vec<(f64, f64, f64, Option<f64>)> {
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

/// The metrics the line chart draws.
fn lines(sweep: &SweepReport) -> Vec<String> {
    sweep
        .headline_metrics()
        .into_iter()
        .take(MAX_LINES)
        .collect()
}

/// Whether any of `metrics` has an exact value at some point.
fn any_exact(sweep: &SweepReport, metrics: &[String]) -> bool {
    metrics
        .iter()
        .flat_map(|m| series(sweep, m))
        .any(|r| r.3.is_some())
}

/// Rates against one swept field, a line and a 95% band per metric.
pub struct SweepLines;

impl Chart for SweepLines {
    type Data = SweepReport;

    fn stem(&self) -> String {
        "sweep".into()
    }

    fn caption(&self, sweep: &SweepReport) -> String {
        let metrics = lines(sweep);
        let more = sweep.headline_metrics().len() - metrics.len();
        let (from, to, mark) = if sweep.field_is_words(0) {
            let first = sweep.points.first().map(|p| p.values[0]).unwrap_or(0.0);
            let last = sweep.points.last().map(|p| p.values[0]).unwrap_or(0.0);
            (
                sweep.value_text(0, first),
                sweep.value_text(0, last),
                "each dot a rate's estimate on its 95% interval",
            )
        } else {
            (
                fmt_extreme(sweep, f64::min),
                fmt_extreme(sweep, f64::max),
                "each line a rate's estimate over its 95% interval",
            )
        };
        let mut s = format!(
            "How {} move{} as {} goes from {} to {}: {mark}{}",
            in_words(&metrics),
            if metrics.len() == 1 { "s" } else { "" },
            sweep.fields[0],
            from,
            to,
            if any_exact(sweep, &metrics) {
                ", × at its exact value where one is known"
            } else {
                ""
            }
        );
        if more > 0 {
            s.push_str(&format!(
                " (the first {MAX_LINES} headline rates; the table has all)"
            ));
        }
        if has_bands(sweep) {
            s.push_str("; the strip under it is each point's difficulty band");
        }
        s + "."
    }

    fn applies(&self, sweep: &SweepReport) -> bool {
        sweep.fields.len() == 1 && !sweep.headline_metrics().is_empty()
    }

    fn size(&self, sweep: &SweepReport) -> (u32, u32) {
        (1100, 620 + if has_bands(sweep) { STRIP } else { 0 })
    }

    fn draw<DB: DrawingBackend>(
        &self,
        sweep: &SweepReport,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let metrics = lines(sweep);
        // Words are categories: a dot and its interval at each, nothing drawn between them.
        let words = sweep.field_is_words(0);
        let mut keys: Vec<Key> = metrics
            .iter()
            .enumerate()
            .map(|(k, m)| {
                let color = PALETTE[k % PALETTE.len()];
                if words {
                    Key::Solid(color, m.clone())
                } else {
                    Key::Line(color, m.clone())
                }
            })
            .collect();
        if any_exact(sweep, &metrics) {
            keys.push(Key::Cross("exact value".into()));
        }
        let subtitle = format!(
            "{} · {} trials per point · seed {} · band: 95% interval",
            sweep.system, sweep.trials, sweep.seed
        );
        let body = draw_title(area, &sweep.scenario, &subtitle).map_err(err)?;
        // The legend in a column right of the plot, level with its top.
        let (w, h) = body.dim_in_pixel();
        let legend_w = key_column_width(&body, &keys, LEGEND_MAX);
        let (left, legend) = body.split_horizontally(w.saturating_sub(legend_w));
        draw_key_column(&legend.margin(12, 0, 0, 0), &keys).map_err(err)?;
        let (plot, strip) = if has_bands(sweep) {
            let (top, strip) = left.split_vertically(h.saturating_sub(STRIP));
            (top, Some(strip))
        } else {
            (left, None)
        };
        let xs: Vec<f64> = sweep.points.iter().map(|p| p.values[0]).collect();
        let (x0, x1) = xs
            .iter()
            .fold((f64::MAX, f64::MIN), |(a, b), &x| (a.min(x), b.max(x)));
        let pad = ((x1 - x0) * 0.03).max(if sweep.field_is_integer(0) { 0.5 } else { 0.0 });
        let pad = if pad > 0.0 {
            pad
        } else {
            x0.abs().max(1.0) * 0.05
        };
        let range = x0 - pad..x1 + pad;
        let (ticks, decimals) = nice_ticks(&range, X_TICKS, sweep.field_is_integer(0));
        let top = metrics
            .iter()
            .flat_map(|m| series(sweep, m))
            .map(|(_, _, hi, ex)| hi.max(ex.unwrap_or(0.0)))
            .filter(|v| v.is_finite())
            .fold(0.0f64, f64::max);
        let y1 = (top * 1.08).clamp(0.01, 1.0);
        let mut chart = ChartBuilder::on(&plot)
            .margin(15)
            .x_label_area_size(45)
            .y_label_area_size(60)
            .build_cartesian_2d(
                Ticked {
                    range: range.clone(),
                    ticks,
                    light: Vec::new(),
                },
                0.0..y1,
            )
            .map_err(err)?;
        draw_rate_mesh(
            &mut chart,
            &|v| {
                if sweep.field_is_words(0) {
                    sweep.value_text(0, *v)
                } else {
                    format!("{v:.decimals$}")
                }
            },
            sweep.fields[0].as_str(),
            "probability, %",
        )?;
        for (k, metric) in metrics.iter().enumerate() {
            let color = PALETTE[k % PALETTE.len()];
            let s = series(sweep, metric);
            let points: Vec<(f64, f64, f64, f64)> = xs
                .iter()
                .zip(&s)
                .map(|(&x, r)| (x, r.0, r.1, r.2))
                .collect();
            // Words: side by side within a category, a tenth of a step apart.
            let shift = if words {
                (k as f64 - (metrics.len() as f64 - 1.0) / 2.0) * 0.1
            } else {
                0.0
            };
            if words {
                chart
                    .draw_series(points.iter().map(|&(x, _, lo, hi)| {
                        PathElement::new([(x + shift, lo), (x + shift, hi)], color.stroke_width(2))
                    }))
                    .map_err(err)?;
                chart
                    .draw_series(
                        points
                            .iter()
                            .map(|&(x, p, _, _)| Circle::new((x + shift, p), 5, color.filled())),
                    )
                    .map_err(err)?;
            } else {
                draw_band_line(&mut chart, &points, color, metric)?;
            }
            chart
                .draw_series(xs.iter().zip(&s).filter_map(|(&x, r)| {
                    r.3.map(|e| Cross::new((x + shift, e), 4, color.stroke_width(2)))
                }))
                .map_err(err)?;
        }
        if let Some(strip) = strip {
            draw_strip(sweep, &xs, range, &strip)?;
        }
        Ok(())
    }
}

/// `a, b and c`.
fn in_words(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// The smallest or largest value of the swept field, as written.
fn fmt_extreme(sweep: &SweepReport, pick: fn(f64, f64) -> f64) -> String {
    let v = sweep
        .points
        .iter()
        .map(|p| p.values[0])
        .reduce(pick)
        .unwrap_or(f64::NAN);
    sweep.value_text(0, v)
}

/// Height in pixels of the difficulty strip under a fight's sweep chart.
const STRIP: u32 = 70;

/// Whether the sweep is of a fight: its points have difficulty bands.
pub(super) fn has_bands(sweep: &SweepReport) -> bool {
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
