//! The day chart (`day.png`, `day.svg`): the party's fate encounter by encounter over all
//! days — how often the day reached each encounter, how often the party won it, how often
//! someone of the party died in it and how often nobody of it stood at its end — a
//! line each through the encounters, over its 95% band, the encounters named on the axis.
//! The rows are found by their meaning within each encounter
//! ([`oddsmith_core::stats::encounters::encounter_fates`]).

use super::axis::Ticked;
use super::frame::{self, Key, draw_header};
use super::{Chart, PALETTE, draw_band_line, draw_rate_mesh};
use oddsmith_core::stats::encounters::{EncounterFate, encounter_fates};
use oddsmith_core::stats::{MetricRow, Report};
use plotters::coord::Shift;
use plotters::prelude::*;

/// The party's fate in each encounter of a day.
pub struct DayChart;

/// The lines, in order: label and the row of an encounter it reads.
type Line = (
    &'static str,
    for<'a> fn(&EncounterFate<'a>) -> Option<&'a MetricRow>,
);

const LINES: [Line; 4] = [
    ("reached", |f| Some(f.reached)),
    ("won", |f| f.won),
    ("died here", |f| f.died),
    ("all down", |f| f.all_down),
];

/// The encounter axis: one tick per encounter, half an encounter of room at each end.
fn encounter_axis(n: usize) -> Ticked {
    let ticks: Vec<f64> = (1..=n).map(|k| k as f64).collect();
    Ticked {
        range: 0.5..n as f64 + 0.5,
        light: ticks.clone(),
        ticks,
    }
}

impl Chart for DayChart {
    type Data = Report;

    fn stem(&self) -> String {
        "day".into()
    }

    fn caption(&self, _: &Report) -> String {
        "The party's fate encounter by encounter, as a share of all days: how often the day \
         reached the encounter, how often the party won it (a hazard: someone still up after \
         it), how often someone of the party died there (in its fight or its aftermath: \
         these add up over the day) and how often nobody of the party stood at its end, each \
         with its 95% band."
            .into()
    }

    fn applies(&self, report: &Report) -> bool {
        !encounter_fates(report).is_empty()
    }

    fn size(&self, _: &Report) -> (u32, u32) {
        (1000, 580)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        report: &Report,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let fates = encounter_fates(report);
        if fates.is_empty() {
            return Err("the report is no day".into());
        }
        let keys: Vec<Key> = LINES
            .iter()
            .enumerate()
            .map(|(i, (label, _))| Key::Line(PALETTE[i], (*label).to_string()))
            .collect();
        let title = format!("{}: the party encounter by encounter", report.scenario);
        let body = draw_header(area, &title, &frame::subtitle(report), &keys).map_err(err)?;
        let names: Vec<String> = fates.iter().map(|f| f.name.to_string()).collect();
        let mut chart = ChartBuilder::on(&body)
            .margin_left(15)
            .margin_right(25)
            .margin_bottom(10)
            .x_label_area_size(48)
            .y_label_area_size(70)
            .build_cartesian_2d(encounter_axis(fates.len()), 0.0..1.05)
            .map_err(err)?;
        let label = |v: &f64| {
            let k = v.round() as usize;
            names
                .get(k.wrapping_sub(1))
                .map_or(String::new(), |n| format!("{k}. {n}"))
        };
        draw_rate_mesh(
            &mut chart,
            &label,
            "encounter",
            "share of all days, % (band: 95% interval)",
        )?;
        for (i, (label, row)) in LINES.iter().enumerate() {
            let points: Vec<(f64, f64, f64, f64)> = fates
                .iter()
                .filter_map(|f| {
                    let r = row(f)?;
                    r.estimate
                        .is_finite()
                        .then(|| (f64::from(f.n), r.estimate, r.ci_low, r.ci_high))
                })
                .collect();
            if !points.is_empty() {
                draw_band_line(&mut chart, &points, PALETTE[i], label)?;
            }
        }
        Ok(())
    }
}
