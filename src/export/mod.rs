//! Output behind one trait: each file format is an [`Exporter`] in its own file, and
//! [`write_outputs`] calls every exporter and the charts for one report. Files are written to a
//! staging folder first and moved into place only when all succeeded, so a failed run leaves
//! no partial file behind. Polars, plotters and indicatif appear only in output code.

pub mod csv;
pub mod json;
pub mod manifest;
pub mod progress;
pub mod table;

use crate::error::OutputError;
use crate::stats::Report;
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
    std::fs::create_dir_all(dir).map_err(io_err(dir))?;
    let stage = dir.join(format!(".oddsmith-staging-{}", std::process::id()));
    if stage.exists() {
        std::fs::remove_dir_all(&stage).map_err(io_err(&stage))?;
    }
    std::fs::create_dir(&stage).map_err(io_err(&stage))?;
    let result = stage_all(report, &stage).and_then(|names| {
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

fn stage_all(report: &Report, stage: &Path) -> Result<Vec<String>, OutputError> {
    let mut names = Vec::new();
    for exporter in file_exporters() {
        names.extend(exporter.write(report, stage)?);
    }
    for path in crate::plot::render_all(report, stage).map_err(|e| OutputError::Chart {
        path: stage.to_path_buf(),
        message: e.to_string(),
    })? {
        if let Some(name) = path.file_name().and_then(|n| n.to_str()) {
            names.push(name.to_string());
        }
    }
    Ok(names)
}
