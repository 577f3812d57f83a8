//! Distribution charts: each histogram as columns with 95% whiskers (`<name>_histogram.png`,
//! one column per whole value), and the survival curves as lines with bands
//! (`survival_curve.png`: the chance each side still has someone standing after round k,
//! ticks on whole rounds). A fight's round axes stop at the round by which 99% of its fights
//! are over ([`round_cutoff`], from the `rounds` histogram; the CSV files keep every round):
//! the rounds histogram puts the longer fights in one "> N" column, and the note under the
//! title says where the axis stops. The onset histograms (`first_death.SIDE`) have their own
//! chart ([`super::onset`]). Shares of trials are in percent.

use super::axis::{Ticked, whole, whole_ticks};
use super::columns::{Column, Columns, Series, draw_columns, short_percent};
use super::frame::{self, Key, draw_header};
use super::{Chart, PALETTE, draw_band_line, draw_rate_mesh};
use oddsmith_core::stats::summary::file_part;
use oddsmith_core::stats::wilson_interval;
use oddsmith_core::stats::{About, DistPoint, Distribution, DistributionKind, Report, Role};
use plotters::coord::Shift;
use plotters::prelude::*;

const BAR: RGBColor = RGBColor(70, 130, 180);

/// The share of fights, in percent, over by the round a fight's round axes stop at.
pub const CUTOFF_PERCENT: u64 = 99;

/// The smallest value `k` of `points` with at least [`CUTOFF_PERCENT`]% of their
/// observations at most `k` (`100 · #{≤ k} ≥ 99 · n`, in whole numbers); `None` without
/// observations.
fn cutoff_of(points: &[DistPoint]) -> Option<u64> {
    let total: u128 = points.iter().map(|p| u128::from(p.count)).sum();
    let mut seen = 0u128;
    for p in points {
        seen += u128::from(p.count);
        if total > 0 && seen * 100 >= total * u128::from(CUTOFF_PERCENT) {
            return Some(p.x);
        }
    }
    None
}

/// The smallest value `k` of histogram `d` with at least [`CUTOFF_PERCENT`]% of its
/// observations at most `k`; `None` without observations. For the rounds histogram: the
/// round by which 99% of fights are over.
pub fn cutoff(d: &Distribution) -> Option<u64> {
    cutoff_of(&d.points)
}

/// Where a fight's round axes stop.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RoundCut {
    /// The last round shown: the round by which 99% of fights are over, or, where that is
    /// the round limit, 99% of those that ended before it.
    pub round: u64,
    /// Set when 1% of fights or more reached the round limit (stalemates, and fights
    /// decided in its last round): the limit and the share of fights that reached it.
    pub limit: Option<(u64, f64)>,
}

impl RoundCut {
    /// What the cut means, for a subtitle: "99% of fights are over by round 8".
    pub fn note(&self) -> String {
        match self.limit {
            None => format!(
                "{CUTOFF_PERCENT}% of fights are over by round {}",
                self.round
            ),
            Some((limit, share)) => format!(
                "{CUTOFF_PERCENT}% of the fights ending before the round limit are over by \
                 round {}; {} reach round {limit}",
                self.round,
                short_percent(share)
            ),
        }
    }
}

/// A fight's `rounds` histogram (role [`Role::Rounds`]).
fn rounds(report: &Report) -> Option<&Distribution> {
    report.distributions.iter().find(|d| {
        d.kind == DistributionKind::Histogram
            && d.meta.role == Role::Rounds
            && d.meta.about == About::Trial
            && d.onset.is_none()
    })
}

/// Where the report's round axes stop (at round 1 or later), from its rounds histogram
/// (whose last value is the round limit): the round by which 99% of fights are over; where
/// that is the limit (1% of fights or more reached it), the round by which 99% of those that
/// ended before it are. `None` without a rounds histogram.
pub fn round_cutoff(report: &Report) -> Option<RoundCut> {
    let d = rounds(report)?;
    let all = cutoff(d)?.max(1);
    let limit = d.points.last().map_or(all, |p| p.x);
    if all < limit || d.points.len() < 2 {
        return Some(RoundCut {
            round: all,
            limit: None,
        });
    }
    let before = &d.points[..d.points.len() - 1];
    let Some(round) = cutoff_of(before) else {
        return Some(RoundCut {
            round: all,
            limit: None,
        });
    };
    let at_limit = d.points.last().map_or(0, |p| p.count);
    let total: u64 = d.points.iter().map(|p| p.count).sum();
    Some(RoundCut {
        round: round.max(1),
        limit: Some((limit, at_limit as f64 / total as f64)),
    })
}

/// Columns of one histogram of a report.
pub struct HistogramChart {
    /// The histogram's name (`rounds`).
    pub name: String,
}

fn find<'a>(report: &'a Report, name: &str) -> Option<&'a Distribution> {
    report.distributions.iter().find(|d| d.name == name)
}

/// A point as a column.
fn column(p: &DistPoint) -> Column {
    Column {
        rate: p.rate,
        ci: (p.ci_low, p.ci_high),
    }
}

/// The column of `count` of `trials` observations.
pub(crate) fn count_column(count: u64, trials: u64) -> Column {
    let (lo, hi) = wilson_interval(count, trials);
    Column {
        rate: if trials == 0 {
            f64::NAN
        } else {
            count as f64 / trials as f64
        },
        ci: (lo, hi),
    }
}

impl HistogramChart {
    /// The histogram, if it is one this chart draws (not an onset's).
    fn histogram<'a>(&self, report: &'a Report) -> Option<&'a Distribution> {
        find(report, &self.name)
            .filter(|d| d.kind == DistributionKind::Histogram && d.onset.is_none())
    }

    /// Where the rounds histogram's axis stops; `None` for other histograms.
    fn cut(&self, report: &Report) -> Option<RoundCut> {
        let d = self.histogram(report)?;
        rounds(report)
            .filter(|r| std::ptr::eq(*r, d))
            .and_then(|_| round_cutoff(report))
    }
}

impl Chart for HistogramChart {
    type Data = Report;

    fn stem(&self) -> String {
        format!("{}_histogram", file_part(&self.name))
    }

    fn caption(&self, report: &Report) -> String {
        match self.cut(report) {
            Some(cut) => format!(
                "How many rounds a fight takes: the share of fights over in each round, \
                 with its 95% interval. {}; the longer fights are in the last {}.",
                cut.note(),
                if cut.limit.is_some() {
                    "columns (“limit”: those that reached the round limit)"
                } else {
                    "column"
                }
            ),
            None => format!(
                "{}: the share of trials with each value, with its 95% interval.",
                self.name
            ),
        }
    }

    fn applies(&self, report: &Report) -> bool {
        self.histogram(report)
            .is_some_and(|d| d.points.iter().any(|p| p.count > 0))
    }

    fn size(&self, _: &Report) -> (u32, u32) {
        (1000, 560)
    }

    fn draw<DB: DrawingBackend>(
        &self,
        report: &Report,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String> {
        let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
        let d = self.histogram(report).ok_or("no such histogram")?;
        let cut = self.cut(report);
        // Skip the empty head (e.g. 0 rounds) and tail; stop the rounds at the cut-off,
        // the later ones in one column and those at the round limit, when set apart, in one.
        let first = d.points.iter().position(|p| p.count > 0).unwrap_or(0);
        let last = d.points.iter().rposition(|p| p.count > 0).unwrap_or(0);
        let end = match cut {
            Some(cut) => d.points[..=last]
                .iter()
                .rposition(|p| p.x <= cut.round)
                .unwrap_or(last)
                .max(first),
            None => last,
        };
        let shown = &d.points[first..=end];
        let limit = cut.and_then(|c| c.limit).map(|(limit, _)| limit);
        let count_where = |keep: &dyn Fn(u64) -> bool| -> u64 {
            d.points[end + 1..]
                .iter()
                .filter(|p| keep(p.x))
                .map(|p| p.count)
                .sum()
        };
        let beyond = count_where(&|x| Some(x) != limit);
        let mut columns: Vec<Option<Column>> = shown.iter().map(|p| Some(column(p))).collect();
        let mut tail = Vec::new();
        if beyond > 0 {
            tail.push(format!("> {}", shown[shown.len() - 1].x));
            columns.push(Some(count_column(beyond, d.trials)));
        }
        if let Some(limit) = limit {
            tail.push("limit".into());
            columns.push(Some(count_column(count_where(&|x| x == limit), d.trials)));
        }
        let (title, x_desc, y_desc, subtitle) = match cut {
            Some(cut) => (
                format!("{}: how many rounds a fight takes", report.scenario),
                match limit {
                    Some(limit) => format!("rounds the fight took (limit: round {limit})"),
                    None => "rounds the fight took".to_string(),
                },
                "share of fights, %",
                format!("{} · {}", frame::subtitle(report), cut.note()),
            ),
            None => (
                format!("{}: {}", report.scenario, self.name),
                self.name.clone(),
                "share of trials, %",
                frame::subtitle(report),
            ),
        };
        let keys = [
            Key::Bar(BAR, y_desc.trim_end_matches(", %").into()),
            Key::Whisker("95% interval".into()),
        ];
        let body = draw_header(area, &title, &subtitle, &keys).map_err(err)?;
        draw_columns(
            &body,
            &Columns {
                values: shown.iter().map(|p| p.x).collect(),
                tail,
                aside: Vec::new(),
                series: vec![Series {
                    color: BAR,
                    columns,
                }],
                x_desc,
                aside_desc: String::new(),
                y_desc: format!("{y_desc} (whisker: 95% interval)"),
            },
        )
    }
}

/// Every survival curve of a report: the share of trials in which each side still has
/// someone standing after each round, with bands.
pub struct SurvivalChart;

fn curves(report: &Report) -> impl Iterator<Item = &Distribution> {
    report
        .distributions
        .iter()
        .filter(|d| d.kind == DistributionKind::Survival && !d.points.is_empty())
        .filter(|d| d.meta.encounter.is_none())
}

/// Most labelled ticks on the round axis.
const ROUND_TICKS: usize = 12;

/// Rounds 0 to `last`, ticks and labels on whole rounds only, a light line at each round
/// between them.
fn round_axis(last: f64) -> Ticked {
    let ticks = whole_ticks(last, ROUND_TICKS);
    let light = if ticks.len() > 1 && ticks[1] > 1.0 && last <= 200.0 {
        whole_ticks(last, usize::MAX)
    } else {
        Vec::new()
    };
    Ticked {
        range: 0.0..last,
        ticks,
        light,
    }
}

/// A curve's points `(round, share, low, high)` up to round `end`. A curve's table stops
/// where the last of its trials stopped; past it the share is 0 (nobody standing in any
/// trial), drawn so to `end`.
fn curve_points(d: &Distribution, end: u64) -> Vec<(f64, f64, f64, f64)> {
    let mut points: Vec<(f64, f64, f64, f64)> = d
        .points
        .iter()
        .filter(|p| p.x <= end)
        .map(|p| (p.x as f64, p.rate, p.ci_low, p.ci_high))
        .collect();
    let next = d.points.last().map_or(0, |p| p.x + 1);
    if next <= end {
        let zero = count_column(0, d.trials);
        points.extend((next..=end).map(|x| (x as f64, 0.0, zero.ci.0, zero.ci.1)));
    }
    points
}

/// The survival chart's title: what its curves show.
pub const SURVIVAL_TITLE: &str = "chance each side still has someone standing after round k";

impl Chart for SurvivalChart {
    type Data = Report;

    fn stem(&self) -> String {
        "survival_curve".into()
    }

    fn caption(&self, report: &Report) -> String {
        let stop = round_cutoff(report)
            .map(|cut| format!(" The axis stops at round {}: {}.", cut.round, cut.note()))
            .unwrap_or_default();
        format!(
            "The chance each side still has someone standing after round k (a side that \
             won stays standing), with its 95% band.{stop}"
        )
    }

    fn applies(&self, report: &Report) -> bool {
        curves(report).next().is_some()
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
        let cut = round_cutoff(report);
        // Without a rounds histogram: a round after the last change of any curve, beyond
        // which every curve is flat.
        let last = cut.map(|c| c.round).unwrap_or_else(|| {
            curves(report)
                .map(|d| {
                    let end = d.points.last().map_or(0.0, |p| p.rate);
                    d.points
                        .iter()
                        .rposition(|p| p.rate != end)
                        .map_or(1, |i| d.points[i].x + 2)
                })
                .max()
                .unwrap_or(1)
        });
        let last = last.max(1);
        let label = |d: &Distribution| match &d.meta.about {
            About::Side(side) => side.clone(),
            _ => d.meta.label.clone(),
        };
        let keys: Vec<Key> = curves(report)
            .enumerate()
            .map(|(i, d)| Key::Line(PALETTE[i % PALETTE.len()], label(d)))
            .collect();
        let subtitle = match cut {
            Some(cut) => format!("{} · {}", frame::subtitle(report), cut.note()),
            None => frame::subtitle(report),
        };
        let title = format!("{}: {SURVIVAL_TITLE}", report.scenario);
        let body = draw_header(area, &title, &subtitle, &keys).map_err(err)?;
        let mut chart = ChartBuilder::on(&body)
            .margin_left(15)
            .margin_right(25)
            .margin_bottom(10)
            .x_label_area_size(48)
            .y_label_area_size(70)
            .build_cartesian_2d(round_axis(last as f64), 0.0..1.05)
            .map_err(err)?;
        draw_rate_mesh(
            &mut chart,
            &|v| whole(*v),
            "round k",
            "still standing after round k, % (band: 95% interval)",
        )?;
        for (i, d) in curves(report).enumerate() {
            let color = PALETTE[i % PALETTE.len()];
            draw_band_line(&mut chart, &curve_points(d, last), color, &label(d))?;
        }
        Ok(())
    }
}
