//! `oddsmith report`: runs scenarios (every `scenarios/*.toml` by default) into
//! `reports/<stem>/` and writes each one's `index.html` and `report.md` (with its base and
//! `[variant.NAME]`s side by side, when it has variants), then `reports/index.html` linking
//! them. No page names the machine's absolute paths.

use super::{Outcome, Plan, file_stem, run};
use crate::cli::ReportArgs;
use crate::error::UsageError;
use crate::export::html::{self, Results, RunInfo};
use crate::export::index_page::{self, IndexEntry};
use crate::export::manifest::{rfc3339, shown_path};
use crate::export::write::{Staged, write_file};
use crate::systems::Scenario;
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// The shipped scenarios, `scenarios/*.toml` under the folder the command runs in; an error
/// (exit 2) when there are none, since then there is nothing to report.
fn shipped() -> Result<Vec<PathBuf>> {
    let folder = Path::new("scenarios");
    let nothing = || {
        UsageError(
            "nothing to report: give scenario files (oddsmith report door.toml fight.toml), \
             or run it in a folder whose scenarios/ holds .toml files"
                .into(),
        )
    };
    if !folder.is_dir() {
        return Err(nothing().into());
    }
    let mut all: Vec<PathBuf> = std::fs::read_dir(folder)
        .context("reading scenarios/")?
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml") && p.is_file())
        .collect();
    if all.is_empty() {
        return Err(nothing().into());
    }
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
        // What the report writes beside the run joins the run's files in its manifest.
        let mut beside = Vec::new();
        let variants = super::compare::variants(&plan, s, &|_, _| Ok(()))?;
        if let Some(v) = &variants {
            beside.extend(crate::export::variants::write_variants(v, &dir)?);
        }
        let tactics = super::tactics::of_file(&plan, s)?;
        if let Some(t) = &tactics {
            beside.extend(crate::export::tactics::write_tactics(t, &dir)?);
        }
        let info = RunInfo {
            name: s.name.clone(),
            description: s.description.clone(),
            system: s.system_name.clone(),
            path: shown_path(path, &dir),
            text: s.source().assembled_text().into_owned(),
            sets: s.sets.clone(),
            trials: plan.trials(s),
            seed: plan.seed(s),
            version: env!("CARGO_PKG_VERSION").to_string(),
            date: date.clone(),
            variants,
            tactics,
        };
        let results = match &outcome {
            Outcome::Single { report, notes } => Results::Single(report, notes),
            Outcome::Sweep(sweep) => Results::Sweep(sweep),
        };
        let mut pages = Staged::new(&dir)?;
        pages.text("index.html", &html::page(&info, results, &dir))?;
        pages.text("report.md", &html::markdown(&info, results, &dir))?;
        beside.extend(pages.commit()?);
        crate::export::manifest::add_files(&dir, &beside)?;
        entries.push(IndexEntry::of(&folder, &info.name, &info.system, results));
    }
    let index = write_file(
        &args.out.join("index.html"),
        index_page::index(&entries, &date).as_bytes(),
    )?;
    if !args.quiet {
        eprintln!("wrote {}", index.display());
    }
    if !skipped.is_empty() {
        eprintln!("not run (interrupted): {}", skipped.join(", "));
    }
    Ok(())
}
