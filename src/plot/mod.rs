//! Charts, drawn with plotters as PNG and SVG from one drawing function per chart. Each chart
//! is a [`Chart`]; [`render_all`] draws every chart a report has. Text uses the embedded font
//! ([`font`]), so charts render without system fonts. Files are written under a temporary
//! name and renamed when complete.

pub mod distribution;
pub mod font;
pub mod rates;
pub mod sweep;

use crate::stats::{Report, SweepReport};
use plotters::coord::Shift;
use plotters::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use thiserror::Error;

/// A chart that could not be drawn or written.
#[derive(Debug, Error)]
#[error("{}: {message}", path.display())]
pub struct PlotError {
    /// File being drawn.
    pub path: PathBuf,
    /// What went wrong.
    pub message: String,
}

/// One chart, drawn from some results (`Data`: a [`Report`], a [`SweepReport`]).
pub trait Chart {
    /// What the chart is drawn from.
    type Data;
    /// File name without extension (`rates` → `rates.png`, `rates.svg`).
    fn stem(&self) -> String;
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

/// Draws `chart` for `report` into `dir` as `<stem>.png` and `<stem>.svg`.
pub fn render<C: Chart>(
    chart: &C,
    report: &C::Data,
    dir: &Path,
) -> Result<Vec<PathBuf>, PlotError> {
    font::ensure_registered().map_err(|message| PlotError {
        path: dir.to_path_buf(),
        message,
    })?;
    let size = chart.size(report);
    let png = dir.join(format!("{}.png", chart.stem()));
    let svg = dir.join(format!("{}.svg", chart.stem()));
    write_atomically(&png, |tmp| {
        let area = BitMapBackend::new(tmp, size).into_drawing_area();
        chart.draw(report, &area)?;
        area.present().map_err(|e| e.to_string())
    })?;
    write_atomically(&svg, |tmp| {
        let area = SVGBackend::new(tmp, size).into_drawing_area();
        chart.draw(report, &area)?;
        area.present().map_err(|e| e.to_string())
    })?;
    Ok(vec![png, svg])
}

/// Runs `write` on a temporary path beside `path` and renames it into place on success;
/// removes the temporary file on failure.
fn write_atomically(
    path: &Path,
    write: impl FnOnce(&Path) -> Result<(), String>,
) -> Result<(), PlotError> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("chart");
    // Unique per process and call, so concurrent renders into one folder never share a
    // temporary. Keep the extension last: plotters picks the image format from it.
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let tmp = path.with_file_name(format!(".tmp-{}-{n}-{name}", std::process::id()));
    let fail = |message: String| {
        let _ = std::fs::remove_file(&tmp);
        PlotError {
            path: path.to_path_buf(),
            message,
        }
    };
    write(&tmp).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(|e| fail(e.to_string()))
}

/// Draws every chart that applies to `report` into `dir`; returns the files written.
pub fn render_all(report: &Report, dir: &Path) -> Result<Vec<PathBuf>, PlotError> {
    let mut written = Vec::new();
    let rates = rates::RateChart;
    if rates.applies(report) {
        written.extend(render(&rates, report, dir)?);
    }
    for d in &report.distributions {
        let hist = distribution::HistogramChart {
            name: d.name.clone(),
        };
        if d.kind == crate::stats::DistributionKind::Histogram && hist.applies(report) {
            written.extend(render(&hist, report, dir)?);
        }
    }
    for chart in [
        &distribution::SurvivalChart as &dyn DrawReport,
        &distribution::CombatantChart,
    ] {
        written.extend(chart.render_if_applies(report, dir)?);
    }
    Ok(written)
}

/// A chart over two `f64` axes.
pub(crate) type XyChart<'a, DB> = ChartContext<
    'a,
    DB,
    plotters::coord::cartesian::Cartesian2d<
        plotters::coord::types::RangedCoordf64,
        plotters::coord::types::RangedCoordf64,
    >,
>;

/// One series drawn as a line through its estimates over a translucent 95% band, labelled
/// for the legend. `points` are `(x, estimate, low, high)`.
pub(crate) fn draw_band_line<'a, DB: DrawingBackend + 'a>(
    chart: &mut XyChart<'a, DB>,
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

/// The legend box of a line chart, upper right.
pub(crate) fn draw_legend<'a, DB: DrawingBackend + 'a>(
    chart: &mut XyChart<'a, DB>,
) -> Result<(), String> {
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.85))
        .border_style(BLACK)
        .label_font((font::FAMILY, 14))
        .draw()
        .map_err(|e| e.to_string())
}

/// Object-safe drawing of a report chart, so differently typed charts share one list.
trait DrawReport {
    fn render_if_applies(&self, report: &Report, dir: &Path) -> Result<Vec<PathBuf>, PlotError>;
}

impl<C: Chart<Data = Report>> DrawReport for C {
    fn render_if_applies(&self, report: &Report, dir: &Path) -> Result<Vec<PathBuf>, PlotError> {
        if self.applies(report) {
            render(self, report, dir)
        } else {
            Ok(Vec::new())
        }
    }
}

/// Draws every sweep chart into `dir`: the line chart for one swept field, a heatmap per
/// headline rate for two.
pub fn render_sweep(sweep: &SweepReport, dir: &Path) -> Result<Vec<PathBuf>, PlotError> {
    let mut written = Vec::new();
    let lines = sweep::SweepLines;
    if lines.applies(sweep) {
        written.extend(render(&lines, sweep, dir)?);
    }
    for metric in sweep.headline_metrics() {
        let heatmap = sweep::Heatmap { metric };
        if heatmap.applies(sweep) {
            written.extend(render(&heatmap, sweep, dir)?);
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests;
