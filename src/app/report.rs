//! `oddsmith report`: runs scenarios (every `scenarios/*.toml` by default) into
//! `reports/<stem>/` and writes each one's `index.html` and `report.md`, then
//! `reports/index.html` linking them.

use super::{Outcome, RunPlan, sweep};
use crate::cli::ReportArgs;
use crate::error::OutputError;
use crate::export::html::{self, IndexEntry, Results, RunInfo};
use crate::export::manifest::rfc3339;
use crate::scenario::Scenario;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

fn shipped() -> Result<Vec<PathBuf>> {
    let mut all: Vec<PathBuf> = std::fs::read_dir("scenarios")
        .context("reading scenarios/ (give scenario files, or run from the project folder)")?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    all.sort();
    Ok(all)
}

fn write(path: &Path, text: &str) -> Result<(), OutputError> {
    std::fs::write(path, text).map_err(|source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Writes the reports.
pub fn report(args: ReportArgs) -> Result<()> {
    super::check_counts(args.trials, args.threads)?;
    let paths = if args.scenarios.is_empty() {
        shipped()?
    } else {
        args.scenarios.clone()
    };
    // Check every file before running any, so a typo costs no time.
    let scenarios = paths
        .iter()
        .map(|p| Scenario::load(p).and_then(|s| Ok((p, sweep::grid(&s)?, s))))
        .collect::<Result<Vec<_>, _>>()?;
    let date = rfc3339(SystemTime::now());
    let mut entries = Vec::new();
    for (path, points, scenario) in scenarios {
        let folder = super::file_stem(path);
        let dir = args.out.join(&folder);
        let plan = RunPlan {
            trials: args.trials.unwrap_or(scenario.run.trials),
            seed: scenario.run.seed,
            threads: args.threads,
            out_dir: dir.clone(),
            json: false,
            quiet: args.quiet,
            exact_only: false,
            precision: None,
            sweep: points,
            silent: true,
            scenario,
        };
        if !args.quiet {
            eprintln!("running {}", path.display());
        }
        let outcome = plan.execute()?;
        let s = &plan.scenario;
        let info = RunInfo {
            name: s.name.clone(),
            description: s.description.clone(),
            system: s.system_name.clone(),
            path: path.display().to_string(),
            text: s.source.text.clone(),
            trials: plan.trials,
            seed: plan.seed,
            version: env!("CARGO_PKG_VERSION").to_string(),
            date: date.clone(),
        };
        let (results, summary) = match &outcome {
            Outcome::Single { report, notes } => (
                Results::Single(report, notes),
                report
                    .metrics
                    .first()
                    .map(|m| {
                        format!(
                            "{} {:.4} [{:.4}, {:.4}]",
                            m.metric, m.estimate, m.ci_low, m.ci_high
                        )
                    })
                    .unwrap_or_default(),
            ),
            Outcome::Sweep(sweep) => (
                Results::Sweep(sweep),
                format!(
                    "sweep of {} over {} points",
                    sweep.fields.join(" × "),
                    sweep.points.len()
                ),
            ),
        };
        write(&dir.join("index.html"), &html::page(&info, results, &dir))?;
        write(
            &dir.join("report.md"),
            &html::markdown(&info, results, &dir),
        )?;
        entries.push(IndexEntry {
            folder,
            name: info.name,
            system: info.system,
            summary,
        });
    }
    let index = args.out.join("index.html");
    write(&index, &html::index(&entries, &date))?;
    if !args.quiet {
        eprintln!("wrote {}", index.display());
    }
    Ok(())
}
