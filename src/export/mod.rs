//! Output behind one trait: each file format is an [`Exporter`] in its own file, and
//! [`write_outputs`] calls every exporter and the charts for one report. Files are written to a
//! staging folder first and moved into place only when all succeeded, so a failed run leaves
//! no partial file behind. Polars, plotters and indicatif appear only in output code.

pub mod compare;
pub mod csv;
pub mod html;
pub mod json;
pub mod manifest;
pub mod progress;
pub mod sweep;
pub mod table;

use crate::error::OutputError;
use crate::stats::{Report, SweepReport};
use std::path::{Path, PathBuf};

/// Writes one kind of file for a report.
pub trait Exporter {
    /// Writes `report` into the folder `dir`; returns the file names written.
    fn write(&self, report: &Report, dir: &Path) -> Result<Vec<String>, OutputError>;
}

/// The exporters every run writes.
pub fn file_exporters() -> Vec<Box<dyn Exporter>> {
    vec![
        Box::new(csv::SummaryCsv),
        Box::new(csv::DistributionCsv),
        Box::new(json::JsonFile),
    ]
}

fn io_err(path: &Path) -> impl FnOnce(std::io::Error) -> OutputError + '_ {
    move |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes every file for `report` into `dir` (created if needed): the exporters' files and
/// the charts. Returns the paths written. On error nothing new is left in `dir`.
pub fn write_outputs(report: &Report, dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
    write_staged(dir, |stage| stage_all(report, stage))
}

/// Writes a sweep's tables and charts into `dir`, all or nothing.
pub fn write_sweep_outputs(sweep: &SweepReport, dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
    write_staged(dir, |stage| {
        let mut names = self::sweep::write_tables(sweep, stage)?;
        names.extend(chart_names(crate::plot::render_sweep(sweep, stage), stage)?);
        Ok(names)
    })
}

/// Runs `write` into a staging folder inside `dir`, then moves every file it names into
/// `dir`; on error removes the staging folder, so nothing partial is left.
fn write_staged(
    dir: &Path,
    write: impl FnOnce(&Path) -> Result<Vec<String>, OutputError>,
) -> Result<Vec<PathBuf>, OutputError> {
    std::fs::create_dir_all(dir).map_err(io_err(dir))?;
    let stage = dir.join(format!(".oddsmith-staging-{}", std::process::id()));
    if stage.exists() {
        std::fs::remove_dir_all(&stage).map_err(io_err(&stage))?;
    }
    std::fs::create_dir(&stage).map_err(io_err(&stage))?;
    let result = write(&stage).and_then(|names| {
        names
            .iter()
            .map(|name| {
                let to = dir.join(name);
                std::fs::rename(stage.join(name), &to).map_err(io_err(&to))?;
                Ok(to)
            })
            .collect::<Result<Vec<_>, _>>()
    });
    let _ = std::fs::remove_dir_all(&stage);
    result
}

/// File names of charts drawn into `stage`.
fn chart_names(
    drawn: Result<Vec<PathBuf>, crate::plot::PlotError>,
    stage: &Path,
) -> Result<Vec<String>, OutputError> {
    Ok(drawn
        .map_err(|e| OutputError::Chart {
            path: stage.to_path_buf(),
            message: e.to_string(),
        })?
        .iter()
        .filter_map(|p| p.file_name().and_then(|n| n.to_str()).map(String::from))
        .collect())
}

fn stage_all(report: &Report, stage: &Path) -> Result<Vec<String>, OutputError> {
    let mut names = Vec::new();
    for exporter in file_exporters() {
        names.extend(exporter.write(report, stage)?);
    }
    names.extend(chart_names(crate::plot::render_all(report, stage), stage)?);
    Ok(names)
}
