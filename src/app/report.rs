//! `oddsmith report`: runs scenarios (every `scenarios/*.toml` by default) into
//! `reports/<stem>/` and writes each one's `index.html` and `report.md` (with its base and
//! `[variant.NAME]`s side by side, when it has variants), then `reports/index.html` linking
//! them.

use super::{Outcome, Plan, file_stem, run};
use crate::cli::ReportArgs;
use crate::export::html::{self, IndexEntry, Results, RunInfo};
use crate::export::manifest::rfc3339;
use crate::export::write::{Staged, write_file};
use crate::systems::Scenario;
use anyhow::{Context, Result};
use std::path::PathBuf;
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

/// Writes the reports.
pub fn report(args: &ReportArgs) -> Result<()> {
    let plan = Plan::for_report(args)?;
    let paths = if args.scenarios.is_empty() {
        shipped()?
    } else {
        args.scenarios.clone()
    };
    // Check every file before running any, so a typo costs no time.
    let scenarios = paths
        .iter()
        .map(|p| {
            Scenario::load_with(p, &args.set.sets).and_then(|s| s.sweep_points().map(|_| (p, s)))
        })
        .collect::<Result<Vec<_>, _>>()?;
    for (_, s) in &scenarios {
        plan.check_difficulty(s, true)?;
    }
    let date = rfc3339(SystemTime::now());
    let mut entries = Vec::new();
    let mut skipped = Vec::new();
    for (path, s) in &scenarios {
        if super::interrupt::requested() {
            skipped.push(path.display().to_string());
            continue;
        }
        let folder = file_stem(path);
        let dir = args.out.join(&folder);
        if !args.quiet {
            eprintln!("running {}", path.display());
        }
        let outcome = run::run(&plan, s, &dir)?;
        let variants = super::compare::variants(&plan, s, &|_, _| Ok(()))?;
        if let Some(v) = &variants {
            crate::export::variants::write_variants(v, &dir)?;
        }
        let info = RunInfo {
            name: s.name.clone(),
            description: s.description.clone(),
            system: s.system_name.clone(),
            path: path.display().to_string(),
            text: s.source().assembled_text().into_owned(),
            sets: s.sets.clone(),
            trials: plan.trials(s),
            seed: plan.seed(s),
            version: env!("CARGO_PKG_VERSION").to_string(),
            date: date.clone(),
            variants,
        };
        let (results, summary) = match &outcome {
            Outcome::Single { report, notes } => (
                Results::Single(report, notes),
                report
                    .difficulty
                    .iter()
                    .map(|d| format!("difficulty for {}: {}", d.side, d.label()))
                    .chain(report.metrics.first().map(|m| {
                        format!(
                            "{} {:.4} [{:.4}, {:.4}]",
                            m.metric, m.estimate, m.ci_low, m.ci_high
                        )
                    }))
                    .collect::<Vec<_>>()
                    .join("; "),
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
        let mut pages = Staged::new(&dir)?;
        pages.text("index.html", &html::page(&info, results, &dir))?;
        pages.text("report.md", &html::markdown(&info, results, &dir))?;
        pages.commit()?;
        entries.push(IndexEntry {
            folder,
            name: info.name,
            system: info.system,
            summary,
        });
    }
    let index = write_file(
        &args.out.join("index.html"),
        html::index(&entries, &date).as_bytes(),
    )?;
    if !args.quiet {
        eprintln!("wrote {}", index.display());
    }
    if !skipped.is_empty() {
        eprintln!("not run (interrupted): {}", skipped.join(", "));
    }
    Ok(())
}
