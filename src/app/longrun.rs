//! Runs that outlive one process or one machine: `oddsmith resume FILE` continues a
//! checkpointed run or sweep, `oddsmith run --shard I/N` runs one share of a run's batches
//! (of a sweep's grid point × batch units) and writes its exact counts (`tally.json`), and
//! `oddsmith merge DIR...` checks that shards belong together and writes the outputs of the
//! one-machine run. Batches depend only on (seed, index) and tallies merge by integer
//! addition, so all three give the uninterrupted one-machine run's numbers, bit for bit.

use super::interrupt::Watched;
use super::run::{finish_manifest, print_report, report_of, run_single, start_manifest};
use super::sweep::{self, batches_per_point};
use super::{Plan, file_stem};
use crate::cli::{MergeArgs, ResumeArgs};
use crate::error::TallyFileError;
use crate::export::manifest::fnv1a_hex;
use crate::export::progress::TrialBar;
use crate::export::tally_file::{self, Counts, FORMAT, PointTally, SavedTally};
use crate::sim::{BATCH_TRIALS, Start};
use crate::stats::Tally;
use crate::systems::{Point, Scenario};
use anyhow::Result;
use std::ops::Range;
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
        scenario_hash: fnv1a_hex(source.text.as_bytes()),
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

/// The work units shard `i` of `n` holds of `total`: a contiguous share. A single run's
/// units are its batches; a sweep's are grid point × batches per point + batch.
pub fn shard_units(total: u64, i: u64, n: u64) -> Range<u64> {
    let at = |k: u64| (u128::from(total) * u128::from(k) / u128::from(n)) as u64;
    at(i)..at(i + 1)
}

/// The work units of a run of `scenario` by `plan`: its batches, or for a sweep of `points`
/// grid points, points × batches per point.
fn total_units(plan: &Plan, scenario: &Scenario, points: Option<&[Point]>) -> u64 {
    let per = batches_per_point(plan.trials(scenario));
    points.map_or(per, |p| p.len() as u64 * per)
}

/// Trials in batches `batches` of a run of `trials` trials (the last batch may be short).
fn trials_in(trials: u64, batches: &Range<u64>) -> u64 {
    (batches.end * BATCH_TRIALS).min(trials) - (batches.start * BATCH_TRIALS).min(trials)
}

/// Loads the scenario a saved tally names and checks that its text is unchanged.
fn scenario_of(saved: &SavedTally, file: &Path) -> Result<Scenario> {
    let scenario = Scenario::load_with(Path::new(&saved.scenario_path), &saved.sets)?;
    let now = fnv1a_hex(scenario.source().text.as_bytes());
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

/// `oddsmith resume FILE`: the checkpointed run, continued to its end.
pub(super) fn resume(args: &ResumeArgs) -> Result<()> {
    let saved = tally_file::read(&args.checkpoint)?;
    if saved.kind != "checkpoint" {
        return Err(TallyFileError::Unreadable {
            path: args.checkpoint.clone(),
            message: format!(
                "a {} tally, not a checkpoint (shards are joined with `oddsmith merge`)",
                saved.kind
            ),
        }
        .into());
    }
    let scenario = scenario_of(&saved, &args.checkpoint)?;
    let plan = Plan::for_resume(args, &saved)?;
    plan.check_difficulty(&scenario, false)?;
    let out = plan.out_dir(|| file_stem(Path::new(&saved.scenario_path)));
    if saved.grid_points.is_none() {
        let tally = saved.tally(&scenario.system.layout(), &args.checkpoint)?;
        return run_single(&plan, &scenario, &out, Some((tally, saved.end))).map(|_| ());
    }
    let points = sweep_of(&scenario, &saved, &args.checkpoint)?;
    let done = saved
        .points
        .iter()
        .map(|piece| {
            if piece.start != 0 {
                return Err(unreadable(
                    &args.checkpoint,
                    format!(
                        "grid point {} starts at batch {}, not 0",
                        piece.point, piece.start
                    ),
                ));
            }
            let point = sweep::point_scenario(&plan, &scenario, &points[piece.point as usize]);
            let tally = piece
                .counts
                .tally(&point.system.layout(), &args.checkpoint)?;
            Ok(sweep::Done {
                point: piece.point,
                tally,
                end: piece.end,
                finished: piece.finished,
            })
        })
        .collect::<Result<Vec<_>, TallyFileError>>()?;
    sweep::run(&plan, &scenario, &points, &out, &done).map(|_| ())
}

fn unreadable(path: &Path, message: String) -> TallyFileError {
    TallyFileError::Unreadable {
        path: path.to_path_buf(),
        message,
    }
}

/// The grid points of the sweep a saved tally (read from `file`) belongs to.
fn sweep_of(scenario: &Scenario, saved: &SavedTally, file: &Path) -> Result<Vec<Point>> {
    let points = scenario.sweep_points()?.unwrap_or_default();
    if Some(points.len() as u64) != saved.grid_points {
        return Err(unreadable(
            file,
            format!(
                "it holds a sweep of {:?} grid points; the scenario has {}",
                saved.grid_points,
                points.len()
            ),
        )
        .into());
    }
    Ok(points)
}

/// `oddsmith merge DIR...`: checks that the shards belong together and are complete, adds
/// their counts, and writes every output of the one-machine run.
pub(super) fn merge(args: &MergeArgs) -> Result<()> {
    let mut shards: Vec<(PathBuf, SavedTally)> = Vec::new();
    for dir in &args.dirs {
        let path = dir.join(SHARD_FILE);
        let saved = tally_file::read(&path)?;
        if saved.kind != "shard" || saved.shard.is_none() {
            return Err(TallyFileError::Shards(format!(
                "{}: not a shard's tally (made by `oddsmith run --shard I/N`)",
                path.display()
            ))
            .into());
        }
        shards.push((path, saved));
    }
    let (first_path, first) = &shards[0];
    let n = first.shard.expect("checked")[1];
    for (path, s) in &shards[1..] {
        let same = s.scenario_hash == first.scenario_hash
            && s.sets == first.sets
            && s.seed == first.seed
            && s.trials == first.trials
            && s.shard.expect("checked")[1] == n;
        if !same {
            return Err(TallyFileError::Shards(format!(
                "{} and {} are not shards of one run: scenario hash {} / {}, --set [{}] / \
                 [{}], seed {} / {}, trials {} / {}, shards {} / {}",
                first_path.display(),
                path.display(),
                first.scenario_hash,
                s.scenario_hash,
                first.sets.join(", "),
                s.sets.join(", "),
                first.seed,
                s.seed,
                first.trials,
                s.trials,
                n,
                s.shard.expect("checked")[1]
            ))
            .into());
        }
    }
    let mut by_index: Vec<Option<&(PathBuf, SavedTally)>> = vec![None; n as usize];
    for entry in &shards {
        let i = entry.1.shard.expect("checked")[0];
        let slot = by_index.get_mut(i as usize).ok_or_else(|| {
            TallyFileError::Shards(format!("{}: shard {i} of {n}?", entry.0.display()))
        })?;
        if let Some(other) = slot {
            return Err(TallyFileError::Shards(format!(
                "shard {i}/{n} is given twice: {} and {}",
                other.0.display(),
                entry.0.display()
            ))
            .into());
        }
        *slot = Some(entry);
    }
    let missing: Vec<String> = (0..n)
        .filter(|&i| by_index[i as usize].is_none())
        .map(|i| format!("{i}/{n}"))
        .collect();
    if !missing.is_empty() {
        return Err(TallyFileError::Shards(format!(
            "shard {} missing: the merge needs all {n} (run `oddsmith run {} --shard I/{n}` for each)",
            missing.join(", "),
            first.scenario_path
        ))
        .into());
    }
    let scenario = scenario_of(first, first_path)?;
    let points = match first.grid_points {
        Some(_) => Some(sweep_of(&scenario, first, first_path)?),
        None => None,
    };
    let plan = Plan::for_merge(args, first.trials, first.seed)?;
    plan.check_difficulty(&scenario, false)?;
    let per = batches_per_point(first.trials);
    let total = total_units(&plan, &scenario, points.as_deref());
    let layout = scenario.system.layout();
    let mut tally = layout.tally();
    let mut point_tallies: Vec<Option<Tally>> = vec![None; points.as_ref().map_or(0, Vec::len)];
    for (i, entry) in by_index.iter().enumerate() {
        let (path, s) = entry.expect("none missing");
        let want = shard_units(total, i as u64, n);
        if s.start != want.start || s.end != want.end {
            return Err(TallyFileError::Shards(format!(
                "{}: shard {i}/{n} holds work units {}..{} of its {}..{} (it was interrupted): \
                 rerun it",
                path.display(),
                s.start,
                s.end,
                want.start,
                want.end
            ))
            .into());
        }
        let Some(points) = &points else {
            tally = tally.merge(s.tally(&layout, path)?);
            continue;
        };
        let held: Vec<(u64, Range<u64>)> =
            s.points.iter().map(|p| (p.point, p.start..p.end)).collect();
        if held != sweep::pieces(want, per) {
            return Err(TallyFileError::Shards(format!(
                "{}: shard {i}/{n} does not hold the grid points' batches its share needs \
                 (made by another oddsmith version?): rerun it",
                path.display()
            ))
            .into());
        }
        for piece in &s.points {
            let point = sweep::point_scenario(&plan, &scenario, &points[piece.point as usize]);
            let t = piece.counts.tally(&point.system.layout(), path)?;
            let slot = &mut point_tallies[piece.point as usize];
            *slot = Some(match slot.take() {
                Some(before) => before.merge(t),
                None => t,
            });
        }
    }
    let out = plan.out_dir(|| file_stem(Path::new(&first.scenario_path)));
    let record = start_manifest(&plan, &scenario, first.trials, &out)?;
    if let Some(points) = &points {
        return sweep::write(&plan, &scenario, points, &point_tallies, &out, record).map(|_| ());
    }
    let report = report_of(&plan, &scenario, &tally);
    print_report(&plan, &report, &scenario.notes());
    let written = crate::export::write_outputs(&report, &out)?;
    finish_manifest(&plan, record, &out, written, &report.partial, report.trials)
}
