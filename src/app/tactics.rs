//! `oddsmith run FILE --tactics [P,Q,…]`: the fight played under each pairing of tactic
//! profiles (every combatant of the side its difficulty band is for on one profile, every
//! other combatant on another), each pairing from the same seed, so that they differ by the
//! tactics and not by noise (common random numbers, as a sweep's grid points do). Leads with
//! the range of the band across the pairings and names the worst; writes `tactics.csv`,
//! `tactics.json` and the heatmap `tactics.png`/`.svg`. An interrupt keeps the pairings finished (and the one running, marked
//! partial) and names those not played.

use super::interrupt::{self, Watched};
use super::run::{print_results, report_of};
use super::sweep::batches_per_point;
use super::{Plan, file_stem};
use crate::combat::Profile;
use crate::error::UsageError;
use crate::export::progress::TrialBar;
use crate::export::tactics::{render_tactics, write_tactics};
use crate::sim::Start;
use crate::stats::tactics::{TacticsPairing, TacticsReport};
use crate::systems::Scenario;
use anyhow::Result;
use std::path::Path;
use std::time::Instant;

/// The profiles `list` names (`all`, or words joined by commas), in the order given.
pub fn profiles(list: &str) -> Result<Vec<Profile>, UsageError> {
    if list.trim() == "all" {
        return Ok(Profile::WORDS.iter().map(|(_, p)| *p).collect());
    }
    let mut out: Vec<Profile> = Vec::new();
    for word in list.split(',').map(str::trim) {
        let found = Profile::WORDS.iter().find(|(w, _)| *w == word);
        match found {
            Some((_, p)) if !out.contains(p) => out.push(*p),
            Some(_) => return Err(UsageError(format!("--tactics names \"{word}\" twice"))),
            None => {
                let words: Vec<String> = (Profile::WORDS.iter())
                    .map(|(w, _)| format!("\"{w}\""))
                    .collect();
                return Err(UsageError(format!(
                    "--tactics: \"{word}\" is no profile; allowed: \"all\" or a comma-separated \
                     list of {}",
                    words.join(", ")
                )));
            }
        }
    }
    Ok(out)
}

/// Plays every pairing of `list`'s profiles (empty: the file's `[tactics] range`, else
/// every profile) on `scenario` by `plan`, prints the range and the grids (or the report as
/// JSON), and writes the files into `out`.
pub fn run(plan: &Plan, scenario: &Scenario, list: &str, out: &Path) -> Result<TacticsReport> {
    let report = play(plan, scenario, list)?;
    print_results(plan.json, &report, || render_tactics(&report, plan.colour));
    plan.wrote(&write_tactics(&report, out)?);
    Ok(report)
}

/// The file's pairings for a report: `Some` when it has `[tactics] range`.
pub fn of_file(plan: &Plan, scenario: &Scenario) -> Result<Option<TacticsReport>> {
    let table = crate::scenario::tactics::read(&scenario.document)?;
    if table.and_then(|t| t.range).is_none() {
        return Ok(None);
    }
    play(plan, scenario, "").map(Some)
}

/// Plays the pairings of [`run`] and gathers their reports (printing nothing).
fn play(plan: &Plan, scenario: &Scenario, list: &str) -> Result<TacticsReport> {
    // No list: the file's `[tactics] range`, else every profile.
    let range = crate::scenario::tactics::read(&scenario.document)?.and_then(|t| t.range);
    let profiles = match (list.trim(), range) {
        ("", Some(range)) => profiles(&range.join(","))?,
        ("", None) => profiles("all")?,
        (list, _) => profiles(list)?,
    };
    let pairings = scenario
        .tactics_pairings(&profiles)
        .map_err(|why| UsageError(format!("{}: {why}", scenario.source().path.display())))?;
    let side = scenario
        .difficulty
        .as_ref()
        .map(|d| d.side.clone())
        .expect("pairings are of a fight");
    let (trials, seed) = (plan.trials(scenario), plan.seed(scenario));
    let bar = TrialBar::new(trials.saturating_mul(pairings.len() as u64), plan.quiet);
    let watched = Watched {
        bar: &bar,
        checkpoint: None,
    };
    // The sampling's time alone, as `run` reports it (the exact walks are not trials).
    let mut sampling = 0.0;
    let (mut played, mut missing, mut ran) = (Vec::new(), Vec::new(), 0);
    for p in pairings {
        let names = [p.ours.word().to_string(), p.theirs.word().to_string()];
        if interrupt::requested() {
            missing.push(names);
            continue;
        }
        let begin = Start::fresh(0..batches_per_point(trials));
        let start = Instant::now();
        let (tally, _) =
            (plan.pool).run_from(&p.scenario.system, trials, seed, None, begin, &watched);
        sampling += start.elapsed().as_secs_f64();
        ran += tally.trials();
        let [ours, theirs] = names;
        played.push(TacticsPairing {
            ours,
            theirs,
            report: report_of(plan, &p.scenario, &tally),
        });
    }
    bar.finish();
    plan.throughput("trials", ran, sampling);
    let report = TacticsReport {
        scenario: scenario.name.clone(),
        system: scenario.system_name.clone(),
        trials,
        seed,
        side,
        profiles: profiles.iter().map(|p| p.word().to_string()).collect(),
        pairings: played,
        missing,
    };
    Ok(report)
}

/// The default output folder of `run FILE --tactics`: `reports/<stem>_tactics/`.
pub fn default_dir(scenario: &Path) -> String {
    format!("{}_tactics", file_stem(scenario))
}
