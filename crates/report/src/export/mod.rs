//! Output behind one trait: each file format is an [`Exporter`] in its own file, and
//! [`write_outputs`] calls every exporter and the charts for one report. Every file goes
//! through the one atomic writer ([`write`]): temporaries in the target folder, renamed into
//! place only when all succeeded, so a failed or killed run leaves no partial file. Polars,
//! plotters and indicatif appear only in output code.

pub mod combatants;
pub mod compare;
pub mod comparison;
pub mod csv;
pub mod dice;
pub mod format;
pub mod glance;
pub mod html;
pub mod index_page;
pub mod json;
pub mod manifest;
pub mod progress;
pub mod sweep;
pub mod table;
pub mod tactics;
pub mod tally_check;
pub mod tally_file;
pub mod tune;
pub mod variants;
pub mod write;

use write::Staged;

use oddsmith_core::error::OutputError;
use oddsmith_core::stats::{Report, SweepReport};
use std::path::{Path, PathBuf};

/// Writes one kind of file for a report.
pub trait Exporter {
    /// Writes `report`'s files of this kind into `files`.
    fn write(&self, report: &Report, files: &mut Staged) -> Result<(), OutputError>;
}

/// The exporters every run writes.
pub fn file_exporters() -> Vec<Box<dyn Exporter>> {
    vec![
        Box::new(csv::SummaryCsv),
        Box::new(csv::DistributionCsv),
        Box::new(json::JsonFile),
    ]
}

/// Writes every file for `report` into `dir` (created if needed): the exporters' files and
/// the charts, all or nothing. Returns the paths written.
pub fn write_outputs(report: &Report, dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
    let mut files = Staged::new(dir)?;
    for exporter in file_exporters() {
        exporter.write(report, &mut files)?;
    }
    crate::plot::render_all(report, &mut files)?;
    files.commit()
}

/// Writes a sweep's tables and charts into `dir`, all or nothing.
pub fn write_sweep_outputs(sweep: &SweepReport, dir: &Path) -> Result<Vec<PathBuf>, OutputError> {
    let mut files = Staged::new(dir)?;
    self::sweep::write_tables(sweep, &mut files)?;
    crate::plot::render_sweep(sweep, &mut files)?;
    files.commit()
}
