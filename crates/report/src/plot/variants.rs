//! The variants chart (`variants.png`, `variants.svg`): a file's base scenario and each of
//! its `[variant.*]` tables side by side. One group of horizontal bars per headline rate
//! ([`headline_rates`]: success and side effects, a fight's "someone dies", win and "everyone
//! down"; and for a fight each combatant's death), a bar per column in its own colour — the
//! base first, then the variants in the file's order — each with its 95% whisker, the exact
//! value as a red tick where known and its value written beside it. The rate axis is in
//! percent. All columns run on the same random numbers, so the bars of a group differ by the
//! change, not by noise.

use super::axis::rate_axis_end;
use super::columns::short_percent;
use super::font::FAMILY;
use super::frame::{
    EXACT, FOOTER, HEADER, Key, SUBTLE, WHISKER, WIDTH, draw_header, fit_label, row_chart,
};
use super::{Chart, PALETTE};
use oddsmith_core::stats::compare::{VariantsReport, headline_rates};
use oddsmith_core::stats::{About, MetricKind, Role};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Grouped bars of the base and each variant, per headline rate.
pub struct VariantChart;

/// One bar: a rate, its 95% interval and its exact value.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Bar {
    rate: f64,
    ci: (f64, f64),
    exact: Option<f64>,
}

/// Pixels per bar, and between groups.
const BAR_PX: u32 = 16;
const GAP_PX: u32 = 18;

/// The rates drawn, in the base's order, each with a bar per column (`None` where a
/// variant lacks the rate); rates no column saw are left out.
fn groups(v: &VariantsReport) -> Vec<(String, Vec<Option<Bar>>)> {
    let mut rows = headline_rates(&v.base);
    let deaths = v.base.metrics.iter().filter(|r| {
        r.kind == MetricKind::Rate
            && r.meta.role == Role::Death
            && r.meta.encounter.is_none()
            && matches!(r.meta.about, About::Combatant { .. })
    });
    for d in deaths {
        if !rows.iter().any(|r| r.metric == d.metric) {
            rows.push(d);
        }
    }
    rows.into_iter()
        .map(|row| {
            let mut bars = vec![Some(Bar {
                rate: row.estimate,
                ci: (row.ci_low, row.ci_high),
                exact: row.exact,
            })];
            for x in &v.variants {
                let d = x.compare.metrics.iter().find(|d| d.metric == row.metric);
                bars.push(d.map(|d| Bar {
                    rate: d.b,
                    ci: (d.b_ci_low, d.b_ci_high),
                    exact: d.exact_b,
                }));
            }
            (row.metric.clone(), bars)
        })
        .filter(|(_, bars)| bars.iter().flatten().any(|b| b.rate > 0.0 || b.ci.1 > 0.0))
        .collect()
}

/// The columns' names: `base`, then each variant's.
fn columns(v: &VariantsReport) -> Vec<String> {
    std::iter::once("base".to_string())
        .chain(v.variants.iter().map(|x| x.label.clone()))
        .collect()
}

impl Chart for VariantChart {
    type Data = VariantsReport;

    fn stem(&self) -> String {
        "variants".into()
    }

    fn caption(&self, v: &VariantsReport) -> String {
        format!(
            "The base scenario and each of its {} variants side by side: a bar per column for \
             each headline rate, with its 95% interval and the exact value where known. All \
             ran on the same random numbers, so the bars differ by the change, not by noise.",
            v.variants.len()
        )
    }

    fn applies(&self, v: &VariantsReport) -> bool {
        !v.variants.is_empty() && !groups(v).is_empty()
    }

    fn size(&self, v: &VariantsReport) -> (u32, u32) {
        let n = groups(v).len().max(1) as u32;
        let k = v.variants.len() as u32 + 1;
        (WIDTH, HEADER + FOOTER + n * (k * BAR_PX + GAP_PX))
    }

    fn draw<DB: DrawingBackend>(
        &self,
        v: &VariantsReport,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let mut groups = groups(v);
        if groups.is_empty() {
            return Err("no rate to draw".into());
        }
        // Group 0 is drawn at the bottom: the first rate ends up at the top.
        groups.reverse();
        let names = columns(v);
        let color = |i: usize| PALETTE[i % PALETTE.len()];
        let mut keys: Vec<Key> = (names.iter().enumerate())
            .map(|(i, name)| Key::Bar(color(i), name.clone()))
            .collect();
        keys.push(Key::Whisker("95% interval".into()));
        if groups
            .iter()
            .flat_map(|g| &g.1)
            .flatten()
            .any(|b| b.exact.is_some())
        {
            keys.push(Key::Exact("exact".into()));
        }
        let subtitle = format!(
            "{} · the base and {} variant{} · {} paired trials · seed {}",
            v.system,
            v.variants.len(),
            if v.variants.len() == 1 { "" } else { "s" },
            v.trials,
            v.seed
        );
        let body = draw_header(area, &v.scenario, &subtitle, &keys).map_err(err)?;
        let label_style = TextStyle::from((FAMILY, 14).into_font());
        let labels: Vec<String> = (groups.iter())
            .map(|(m, _)| fit_label(&body, m, &label_style, WIDTH * 3 / 10))
            .collect();
        let bars = || groups.iter().flat_map(|g| &g.1).flatten();
        // Room on the right for the values written beside the bars.
        let x_end = rate_axis_end(bars().flat_map(|b| [b.ci.1, b.exact.unwrap_or(0.0)])) * 1.12;
        let mut chart = row_chart(&body, &labels, 14, x_end)?;
        let k = names.len() as f64;
        // A group spans 0.84 of a row; bar j of k sits from the top down.
        let height = 0.84 / k;
        let value_style = TextStyle::from((FAMILY, 11).into_font())
            .color(&SUBTLE)
            .pos(Pos::new(HPos::Left, VPos::Center));
        for (i, (_, row)) in groups.iter().enumerate() {
            for (j, bar) in row.iter().enumerate() {
                let Some(b) = bar else { continue };
                let y = i as f64 + 0.42 - height * (j as f64 + 0.5);
                let (lo, hi) = (y - height * 0.42, y + height * 0.42);
                chart
                    .draw_series([Rectangle::new(
                        [(0.0, lo), (b.rate, hi)],
                        color(j).mix(0.8).filled(),
                    )])
                    .map_err(err)?;
                let line = WHISKER.stroke_width(1);
                let cap = height * 0.3;
                chart
                    .draw_series([
                        PathElement::new([(b.ci.0, y), (b.ci.1, y)], line),
                        PathElement::new([(b.ci.0, y - cap), (b.ci.0, y + cap)], line),
                        PathElement::new([(b.ci.1, y - cap), (b.ci.1, y + cap)], line),
                    ])
                    .map_err(err)?;
                if let Some(e) = b.exact.filter(|e| e.is_finite()) {
                    chart
                        .draw_series([PathElement::new([(e, lo), (e, hi)], EXACT.stroke_width(2))])
                        .map_err(err)?;
                }
                let right = b.ci.1.max(b.exact.unwrap_or(0.0)) + x_end * 0.008;
                chart
                    .draw_series([Text::new(
                        short_percent(b.rate),
                        (right, y),
                        value_style.clone(),
                    )])
                    .map_err(err)?;
            }
        }
        Ok(())
    }
}
