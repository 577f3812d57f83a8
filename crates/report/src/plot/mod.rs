//! Charts, drawn with plotters as PNG and SVG from one drawing function per chart. Each chart
//! is a [`Chart`]; [`render_all`] draws every chart a report has. Text uses the embedded font
//! ([`font`]), so charts render without system fonts. Charts are drawn onto the paths a
//! [`ChartFiles`] hands out (the output code's atomic writer), never written directly.
//! Charts follow the result grouping by metric role and subject: trial and side rates in
//! [`rates`], how each combatant ends a fight in [`combatants`], histograms and survival
//! curves in [`distribution`], the round of each side's first death or fall in [`onset`], a
//! day's party encounter by encounter in [`day`]; a sweep's rates against one field in
//! [`sweep`], over two fields in [`heatmap`]; a file's base and its variants side by side in
//! [`variants`]; the exact distribution of a dice expression (`oddsmith dice --out`) in
//! [`dice`].
//! [`report_charts`] and [`sweep_charts`] list the charts in the order a report page shows
//! them, each with a caption saying what it shows. Legends sit above or beside the plot,
//! never over the data. Probabilities are shown in percent.

mod axis;
mod columns;
pub mod combatants;
pub mod day;
pub mod dice;
pub mod distribution;
pub mod font;
mod frame;
pub mod heatmap;
pub mod onset;
pub mod rates;
pub mod sweep;
pub mod tactics;
pub mod variants;

use oddsmith_core::error::OutputError;
use oddsmith_core::stats::{Distribution, DistributionKind, Report, Role, SweepReport};
use plotters::coord::Shift;
use plotters::coord::ranged1d::Ranged;
use plotters::prelude::*;
use std::path::Path;

/// Where charts go: the file `name` is drawn by `draw` onto the path the writer hands out,
/// and the writer puts it in place.
pub trait ChartFiles {
    /// Draws the file `name` with `draw`.
    fn draw_file(
        &mut self,
        name: &str,
        draw: &mut dyn FnMut(&Path) -> Result<(), String>,
    ) -> Result<(), OutputError>;
}

/// One chart, drawn from some results (`Data`: a [`Report`], a [`SweepReport`]).
pub trait Chart {
    /// What the chart is drawn from.
    type Data;
    /// File name without extension (`rates` → `rates.png`, `rates.svg`).
    fn stem(&self) -> String;
    /// A sentence or two under the chart in a report: what it shows (every chart says; a
    /// file name is no caption).
    fn caption(&self, data: &Self::Data) -> String;
    /// Whether the data has anything for this chart.
    fn applies(&self, data: &Self::Data) -> bool;
    /// Size in pixels.
    fn size(&self, data: &Self::Data) -> (u32, u32);
    /// Draws the chart on `area`.
    fn draw<DB: DrawingBackend>(
        &self,
        data: &Self::Data,
        area: &DrawingArea<DB, Shift>,
    ) -> Result<(), String>;
}

/// Draws `chart` for `data` as `<stem>.png` and `<stem>.svg`.
pub fn render<C: Chart>(
    chart: &C,
    data: &C::Data,
    files: &mut dyn ChartFiles,
) -> Result<(), OutputError> {
    font::ensure_registered().map_err(|message| OutputError::Chart {
        path: format!("{}.png", chart.stem()).into(),
        message,
    })?;
    let size = chart.size(data);
    files.draw_file(&format!("{}.png", chart.stem()), &mut |path| {
        let area = BitMapBackend::new(path, size).into_drawing_area();
        chart.draw(data, &area)?;
        area.present().map_err(|e| e.to_string())
    })?;
    files.draw_file(&format!("{}.svg", chart.stem()), &mut |path| {
        let area = SVGBackend::new(path, size).into_drawing_area();
        chart.draw(data, &area)?;
        area.present().map_err(|e| e.to_string())
    })
}

/// A report's charts that apply, in the order a report page shows them: for a fight how each
/// combatant ends it, the survival curves, the rounds histogram, the onset charts (first
/// deaths, then first falls); then the rates, and every other histogram in report order.
fn charts_of(report: &Report) -> Vec<Box<dyn DrawReport>> {
    let mut charts: Vec<Box<dyn DrawReport>> = vec![
        Box::new(day::DayChart),
        Box::new(combatants::CombatantChart),
        Box::new(distribution::SurvivalChart),
    ];
    // A day's encounters are drawn in the day chart, not one chart per histogram.
    let histograms = report.distributions.iter().filter(|d| {
        d.kind == DistributionKind::Histogram && d.onset.is_none() && d.meta.encounter.is_none()
    });
    let (rounds, others): (Vec<_>, Vec<_>) = histograms.partition(|d| d.meta.role == Role::Rounds);
    let histogram = |d: &Distribution| -> Box<dyn DrawReport> {
        Box::new(distribution::HistogramChart {
            name: d.name.clone(),
        })
    };
    charts.extend(rounds.into_iter().map(histogram));
    for chart in onset::charts(report) {
        charts.push(Box::new(chart));
    }
    charts.push(Box::new(rates::RateChart));
    charts.extend(others.into_iter().map(histogram));
    charts.retain(|c| c.applies_to(report));
    charts
}

/// Draws every chart that applies to `report`.
pub fn render_all(report: &Report, files: &mut dyn ChartFiles) -> Result<(), OutputError> {
    for chart in charts_of(report) {
        chart.render_into(report, files)?;
    }
    Ok(())
}

/// One chart of a report: its file name without extension and what it shows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChartNote {
    /// The file name without extension (`combatants` → `combatants.svg`).
    pub stem: String,
    /// A sentence or two saying what the chart shows, for under it.
    pub caption: String,
}

/// The charts [`render_all`] draws for `report`, in the order a report page shows them.
pub fn report_charts(report: &Report) -> Vec<ChartNote> {
    charts_of(report)
        .iter()
        .map(|c| ChartNote {
            stem: c.stem_of(),
            caption: c.caption_of(report),
        })
        .collect()
}

/// Series colours, in order (a side's in the survival and onset charts).
pub(crate) const PALETTE: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(255, 127, 14),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
];

/// A chart over two `f64` axes; the x axis may choose its own ticks (`X`).
pub(crate) type XyChart<'a, DB, X = plotters::coord::types::RangedCoordf64> = ChartContext<
    'a,
    DB,
    plotters::coord::cartesian::Cartesian2d<X, plotters::coord::types::RangedCoordf64>,
>;

/// One series drawn as a line through its estimates over a translucent 95% band, labelled
/// for the legend. `points` are `(x, estimate, low, high)`.
pub(crate) fn draw_band_line<'a, DB: DrawingBackend + 'a, X: Ranged<ValueType = f64>>(
    chart: &mut XyChart<'a, DB, X>,
    points: &[(f64, f64, f64, f64)],
    color: RGBColor,
    label: &str,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    let mut band: Vec<(f64, f64)> = points.iter().map(|p| (p.0, p.2)).collect();
    band.extend(points.iter().rev().map(|p| (p.0, p.3)));
    chart
        .draw_series(std::iter::once(Polygon::new(band, color.mix(0.2).filled())))
        .map_err(err)?;
    chart
        .draw_series(LineSeries::new(
            points.iter().map(|p| (p.0, p.1)),
            color.stroke_width(2),
        ))
        .map_err(err)?
        .label(label)
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 18, y)], color.stroke_width(3)));
    Ok(())
}

/// The mesh of a line chart of rates over `x`: light grey lines, the y axis in percent up to
/// 100%, `x_label` writing the x ticks, both axes described.
pub(crate) fn draw_rate_mesh<'a, DB: DrawingBackend + 'a>(
    chart: &mut XyChart<'a, DB, axis::Ticked>,
    x_label: &dyn Fn(&f64) -> String,
    x_desc: &str,
    y_desc: &str,
) -> Result<(), String> {
    chart
        .configure_mesh()
        .y_max_light_lines(1)
        .light_line_style(RGBColor(240, 240, 240))
        .bold_line_style(RGBColor(215, 215, 215))
        .x_label_formatter(x_label)
        .y_label_formatter(&|v| {
            if *v <= 1.0 {
                axis::percent(*v)
            } else {
                String::new()
            }
        })
        .x_desc(x_desc)
        .y_desc(y_desc)
        .label_style((font::FAMILY, 14))
        .axis_desc_style((font::FAMILY, 15))
        .draw()
        .map_err(|e| e.to_string())
}

/// Object-safe drawing of a report chart, so differently typed charts share one list (its
/// own method names, so that a chart's [`Chart`] methods stay unambiguous).
trait DrawReport {
    fn stem_of(&self) -> String;
    fn caption_of(&self, report: &Report) -> String;
    fn applies_to(&self, report: &Report) -> bool;
    fn render_into(&self, report: &Report, files: &mut dyn ChartFiles) -> Result<(), OutputError>;
}

impl<C: Chart<Data = Report>> DrawReport for C {
    fn stem_of(&self) -> String {
        self.stem()
    }

    fn caption_of(&self, report: &Report) -> String {
        self.caption(report)
    }

    fn applies_to(&self, report: &Report) -> bool {
        self.applies(report)
    }

    fn render_into(&self, report: &Report, files: &mut dyn ChartFiles) -> Result<(), OutputError> {
        render(self, report, files)
    }
}

/// The sweep charts that apply: the line chart for one swept field, a heatmap per headline
/// rate for two.
fn sweep_charts_of(sweep: &SweepReport) -> (Option<sweep::SweepLines>, Vec<heatmap::Heatmap>) {
    let lines = Some(sweep::SweepLines).filter(|l| l.applies(sweep));
    let heatmaps = sweep
        .headline_metrics()
        .into_iter()
        .map(|metric| heatmap::Heatmap { metric })
        .filter(|h| h.applies(sweep))
        .collect();
    (lines, heatmaps)
}

/// Draws every sweep chart: the line chart for one swept field, a heatmap per headline rate
/// for two.
pub fn render_sweep(sweep: &SweepReport, files: &mut dyn ChartFiles) -> Result<(), OutputError> {
    let (lines, heatmaps) = sweep_charts_of(sweep);
    if let Some(lines) = lines {
        render(&lines, sweep, files)?;
    }
    for heatmap in heatmaps {
        render(&heatmap, sweep, files)?;
    }
    Ok(())
}

/// The charts [`render_sweep`] draws for `sweep`, each with its caption.
pub fn sweep_charts(sweep: &SweepReport) -> Vec<ChartNote> {
    let (lines, heatmaps) = sweep_charts_of(sweep);
    let note = |stem: String, caption: String| ChartNote { stem, caption };
    lines
        .map(|l| note(l.stem(), l.caption(sweep)))
        .into_iter()
        .chain(heatmaps.iter().map(|h| note(h.stem(), h.caption(sweep))))
        .collect()
}

#[cfg(test)]
mod tests;
