//! Runs that outlive one process or one machine: `oddsmith resume FILE` continues a
//! checkpointed run or sweep, `oddsmith run --shard I/N` runs one share of a run's batches
//! (of a sweep's grid point × batch units) and writes its exact counts (`tally.json`), and
//! `oddsmith merge DIR...` (`app/merge.rs`) checks that shards belong together and writes
//! the outputs of the one-machine run. Batches depend only on (seed, index) and tallies
//! merge by integer addition, so all three give the uninterrupted one-machine run's
//! numbers, bit for bit.
//!
//! What `resume` and `merge` read is checked before it is used: [`load_checkpoint`] and
//! [`super::load_shards`] do everything those commands do short of running and writing (the
//! file's own checks are in [`crate::export::tally_check`]), so a bad file is refused with
//! exit 2, its path and the key, and the fuzz test drives the same two functions.

use super::interrupt::Watched;
use super::run::run_single;
use super::sweep::{self, Done, batches_per_point};
use super::{Plan, file_stem};
use crate::cli::ResumeArgs;
use crate::error::TallyFileError;
use crate::export::manifest::fnv1a_hex;
use crate::export::progress::TrialBar;
pub use crate::export::tally_check::{shard_units, trials_in};
use crate::export::tally_file::{self, Counts, FORMAT, PointTally, SavedTally};
use crate::sim::Start;
use crate::stats::Tally;
use crate::systems::{Point, Scenario};
use anyhow::{Context, Result};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The file name a shard writes into its output folder.
pub const SHARD_FILE: &str = "tally.json";

/// A saved tally's identity for a run of `scenario` by `plan`, with no counts yet.
pub(super) fn header(
    plan: &Plan,
    scenario: &Scenario,
    kind: &str,
    out: Option<&Path>,
) -> SavedTally {
    let source = scenario.source();
    SavedTally {
        format: FORMAT.into(),
        kind: kind.into(),
        scenario_path: source.path.display().to_string(),
        scenario_hash: fnv1a_hex(source.assembled_text().as_bytes()),
        sets: scenario.sets.clone(),
        seed: plan.seed(scenario),
        trials: plan.trials(scenario),
        precision: plan.precision,
        out: out.map(|o| o.display().to_string()),
        shard: None,
        start: 0,
        end: 0,
        counts: Counts::default(),
        grid_points: None,
        points: Vec::new(),
    }
}

/// The work units of a run of `scenario` by `plan`: its batches, or for a sweep of `points`
/// grid points, points × batches per point.
pub(super) fn total_units(plan: &Plan, scenario: &Scenario, points: Option<&[Point]>) -> u64 {
    let per = batches_per_point(plan.trials(scenario));
    points.map_or(per, |p| p.len() as u64 * per)
}

/// Loads the scenario a saved tally (read from `file`) names and checks that its text is
/// unchanged.
pub(super) fn scenario_of(saved: &SavedTally, file: &Path) -> Result<Scenario> {
    let path = Path::new(&saved.scenario_path);
    // The path comes from the file: a device such as /dev/zero would be read forever.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Err(unreadable_key(
            file,
            "scenario_path",
            format!(
                "is \"{}\", which is not a regular file",
                saved.scenario_path
            ),
        )
        .into());
    }
    let scenario = Scenario::load_with(path, &saved.sets)
        .with_context(|| format!("{}: the scenario it was saved from", file.display()))?;
    let now = fnv1a_hex(scenario.source().assembled_text().as_bytes());
    if now != saved.scenario_hash {
        return Err(TallyFileError::ScenarioChanged {
            path: file.to_path_buf(),
            scenario: saved.scenario_path.clone(),
            saved: saved.scenario_hash.clone(),
            now,
        }
        .into());
    }
    Ok(scenario)
}

/// `oddsmith run --shard I/N`: runs the shard's batches (a sweep's: its grid points'
/// batches) and writes `tally.json`.
pub(super) fn run_shard(
    plan: &Plan,
    scenario: &Scenario,
    (i, n): (u64, u64),
    out: &Path,
) -> Result<()> {
    let trials = plan.trials(scenario);
    let points = scenario.sweep_points()?;
    let units = shard_units(total_units(plan, scenario, points.as_deref()), i, n);
    let base = SavedTally {
        shard: Some([i, n]),
        start: units.start,
        ..header(plan, scenario, "shard", Some(out))
    };
    let started = Instant::now();
    let (saved, done) = match &points {
        None => {
            let bar = TrialBar::new(trials_in(trials, &units), plan.quiet);
            let watched = Watched {
                bar: &bar,
                checkpoint: None,
            };
            let (tally, end) = plan.pool.run_from(
                &scenario.system,
                trials,
                plan.seed(scenario),
                None,
                Start::fresh(units),
                &watched,
            );
            bar.finish();
            let layout = scenario.system.layout();
            let done = tally.trials();
            (SavedTally { end, ..base }.with_tally(&layout, &tally), done)
        }
        Some(points) => {
            let per = batches_per_point(trials);
            let share: u64 = sweep::pieces(units.clone(), per)
                .iter()
                .map(|(_, b)| trials_in(trials, b))
                .sum();
            let bar = TrialBar::new(share, plan.quiet);
            let ran = sweep::run_units(plan, scenario, points, units.clone(), &bar);
            bar.finish();
            let end = ran.last().map_or(units.start, |(p, b, _)| p * per + b.end);
            let done = ran.iter().map(|(_, _, t)| t.trials()).sum();
            let pieces = ran
                .into_iter()
                .map(|(p, batches, tally)| {
                    let point = sweep::point_scenario(plan, scenario, &points[p as usize]);
                    PointTally {
                        point: p,
                        finished: batches == (0..per),
                        start: batches.start,
                        end: batches.end,
                        counts: Counts::of(&point.system.layout(), &tally),
                    }
                })
                .collect();
            let saved = SavedTally {
                end,
                grid_points: Some(points.len() as u64),
                points: pieces,
                ..base
            };
            (saved, done)
        }
    };
    plan.throughput("trials", done, started.elapsed().as_secs_f64());
    let path = tally_file::write(&saved, &out.join(SHARD_FILE))?;
    plan.wrote(&[path]);
    Ok(())
}

/// A checkpoint read and checked against its scenario: what `oddsmith resume` continues.
pub struct Resumable {
    /// The checkpoint as read.
    pub saved: SavedTally,
    /// Its scenario, unchanged since the run started.
    pub scenario: Scenario,
    /// The resumed run's plan: the checkpoint's trials, seed and precision.
    pub plan: Plan,
    /// The output folder.
    pub out: PathBuf,
    /// Where the run goes on from.
    pub from: Continue,
}

/// Where a resumed run goes on from.
pub enum Continue {
    /// A single run's merged batches `0..end`.
    Single {
        /// Batches `0..end`, merged.
        tally: Tally,
        /// One past the last batch merged.
        end: u64,
    },
    /// A sweep: its grid points and the batches done of each point the checkpoint holds.
    Sweep {
        /// Every grid point.
        points: Vec<Point>,
        /// The points the checkpoint holds.
        done: Vec<Done>,
    },
}

/// Reads `oddsmith resume`'s checkpoint and checks it against its scenario; everything
/// `resume` does before it runs.
pub fn load_checkpoint(args: &ResumeArgs) -> Result<Resumable> {
    let path = &args.checkpoint;
    let saved = tally_file::read(path)?;
    if saved.kind != "checkpoint" {
        return Err(unreadable(
            path,
            format!(
                "a {} tally, not a checkpoint (shards are joined with `oddsmith merge`)",
                saved.kind
            ),
        )
        .into());
    }
    let scenario = scenario_of(&saved, path)?;
    let plan = Plan::for_resume(args, &saved)?;
    plan.check_difficulty(&scenario, false)?;
    let out = plan.out_dir(|| file_stem(Path::new(&saved.scenario_path)));
    let from = if let Some(points) = sweep_of(&scenario, &saved, path)? {
        let done = saved
            .points
            .iter()
            .enumerate()
            .map(|(k, piece)| {
                let point = sweep::point_scenario(&plan, &scenario, &points[piece.point as usize]);
                let at = format!("points[{k}]");
                Ok(Done {
                    point: piece.point,
                    tally: piece.counts.tally(&point.system.layout(), path, &at)?,
                    end: piece.end,
                    finished: piece.finished,
                })
            })
            .collect::<Result<Vec<_>, TallyFileError>>()?;
        Continue::Sweep { points, done }
    } else {
        Continue::Single {
            tally: saved.tally(&scenario.system.layout(), path)?,
            end: saved.end,
        }
    };
    Ok(Resumable {
        saved,
        scenario,
        plan,
        out,
        from,
    })
}

/// `oddsmith resume FILE`: the checkpointed run, continued to its end.
pub(super) fn resume(args: &ResumeArgs) -> Result<()> {
    let Resumable {
        scenario,
        plan,
        out,
        from,
        ..
    } = load_checkpoint(args)?;
    match from {
        Continue::Single { tally, end } => {
            run_single(&plan, &scenario, &out, Some((tally, end))).map(|_| ())
        }
        Continue::Sweep { points, done } => {
            sweep::run(&plan, &scenario, &points, &out, &done).map(|_| ())
        }
    }
}

fn unreadable(path: &Path, message: String) -> TallyFileError {
    TallyFileError::Unreadable {
        path: path.to_path_buf(),
        message,
    }
}

pub(super) fn unreadable_key(path: &Path, key: &str, message: String) -> TallyFileError {
    TallyFileError::Invalid {
        path: path.to_path_buf(),
        key: key.into(),
        message,
    }
}

/// The grid points of the sweep a saved tally (read from `file`) belongs to; `None` for a
/// single run. The tally and the scenario must agree on whether it is a sweep and on its
/// number of grid points.
pub(super) fn sweep_of(
    scenario: &Scenario,
    saved: &SavedTally,
    file: &Path,
) -> Result<Option<Vec<Point>>> {
    let points = scenario
        .sweep_points()
        .with_context(|| format!("{}: the scenario it was saved from", file.display()))?;
    let (held, has) = (saved.grid_points, points.as_ref().map(|p| p.len() as u64));
    if held != has {
        let say = |n: Option<u64>| n.map_or("no sweep".into(), |n| format!("{n} grid points"));
        return Err(unreadable_key(
            file,
            "grid_points",
            format!("says {}; the scenario's file has {}", say(held), say(has)),
        )
        .into());
    }
    Ok(points)
}
