//! `oddsmith merge DIR...`: reads the shards' `tally.json` files (each checked when read),
//! checks that they belong together (scenario hash, seed, trials, N, grid points), that none
//! is given twice, none is missing and none was cut short, adds their counts and writes every
//! output of the one-machine run. [`load_shards`] is all of it short of writing, so the fuzz
//! test drives the same code.

use super::longrun::{SHARD_FILE, scenario_of, shard_units, sweep_of, total_units};
use super::run::{finish_manifest, print_report, report_of, start_manifest};
use super::sweep::{self, batches_per_point};
use super::{Plan, file_stem};
use crate::cli::MergeArgs;
use crate::error::TallyFileError;
use crate::export::tally_file::{self, SavedTally};
use crate::stats::Tally;
use crate::systems::{Point, Scenario};
use anyhow::Result;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};

/// Shards read, checked to belong together and be complete, and added up: what `oddsmith
/// merge` writes.
pub struct Merged {
    /// The first shard given, as read (its scenario, seed and trials are every shard's).
    pub first: SavedTally,
    /// The scenario, unchanged since the shards ran.
    pub scenario: Scenario,
    /// The merge's plan: the shards' trials and seed.
    pub plan: Plan,
    /// The output folder.
    pub out: PathBuf,
    /// The counts of every shard, added.
    pub joined: Joined,
}

/// The added counts of a set of shards.
pub enum Joined {
    /// A single run's tally.
    Single(Tally),
    /// A sweep's grid points and each point's tally.
    Sweep {
        /// Every grid point.
        points: Vec<Point>,
        /// Each grid point's tally (every one is there: the shards are complete).
        tallies: Vec<Option<Tally>>,
    },
}

/// Most missing shards a refused merge lists by name.
const MISSING_LISTED: usize = 10;

/// Reads `oddsmith merge`'s shards, checks that they belong together and are complete, and
/// adds their counts; everything `merge` does before it writes.
pub fn load_shards(args: &MergeArgs) -> Result<Merged> {
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
    let Some((first_path, first)) = shards.first() else {
        return Err(TallyFileError::Shards("no shard folder given".into()).into());
    };
    let shard = |s: &SavedTally| s.shard.unwrap_or_default();
    let n = shard(first)[1];
    for (path, s) in &shards[1..] {
        let same = s.scenario_hash == first.scenario_hash
            && s.sets == first.sets
            && s.seed == first.seed
            && s.trials == first.trials
            && shard(s)[1] == n
            && s.grid_points == first.grid_points;
        if !same {
            let points = |s: &SavedTally| s.grid_points.map_or("none".into(), |g| g.to_string());
            return Err(TallyFileError::Shards(format!(
                "{} and {} are not shards of one run: scenario hash {} / {}, --set [{}] / \
                 [{}], seed {} / {}, trials {} / {}, shards {} / {}, grid points {} / {}",
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
                shard(s)[1],
                points(first),
                points(s)
            ))
            .into());
        }
    }
    // By index; only the shards given are held, whatever N says.
    let mut by_index: BTreeMap<u64, &(PathBuf, SavedTally)> = BTreeMap::new();
    for entry in &shards {
        let i = shard(&entry.1)[0];
        if let Some(other) = by_index.insert(i, entry) {
            return Err(TallyFileError::Shards(format!(
                "shard {i}/{n} is given twice: {} and {}",
                other.0.display(),
                entry.0.display()
            ))
            .into());
        }
    }
    let missing = n - by_index.len() as u64;
    if missing > 0 {
        let mut listed: Vec<String> = (0..n)
            .filter(|i| !by_index.contains_key(i))
            .take(MISSING_LISTED)
            .map(|i| format!("{i}/{n}"))
            .collect();
        if missing > MISSING_LISTED as u64 {
            listed.push(format!("and {} more", missing - MISSING_LISTED as u64));
        }
        let given = match shards.len() {
            1 => format!("{} alone", first_path.display()),
            k => format!("{} and {} more", first_path.display(), k - 1),
        };
        return Err(TallyFileError::Shards(format!(
            "shard {} missing: the merge needs all {n}, and was given {given} (run `oddsmith \
             run {} --shard I/{n}` for each)",
            listed.join(", "),
            first.scenario_path
        ))
        .into());
    }
    let scenario = scenario_of(first, first_path)?;
    let points = sweep_of(&scenario, first, first_path)?;
    let plan = Plan::for_merge(args, first.trials, first.seed)?;
    plan.check_difficulty(&scenario, false)?;
    let per = batches_per_point(first.trials);
    let total = total_units(&plan, &scenario, points.as_deref());
    let layout = scenario.system.layout();
    let mut tally = layout.tally();
    let mut point_tallies: Vec<Option<Tally>> = vec![None; points.as_ref().map_or(0, Vec::len)];
    for (&i, (path, s)) in &by_index {
        let want = shard_units(total, i, n);
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
            tally = add(tally, s.tally(&layout, path)?, path, "")?;
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
        for (k, piece) in s.points.iter().enumerate() {
            let point = sweep::point_scenario(&plan, &scenario, &points[piece.point as usize]);
            let at = format!("points[{k}]");
            let t = piece.counts.tally(&point.system.layout(), path, &at)?;
            let slot = &mut point_tallies[piece.point as usize];
            *slot = Some(match slot.take() {
                Some(before) => add(before, t, path, &at)?,
                None => t,
            });
        }
    }
    let out = plan.out_dir(|| file_stem(Path::new(&first.scenario_path)));
    let joined = match points {
        Some(points) => Joined::Sweep {
            points,
            tallies: point_tallies,
        },
        None => Joined::Single(tally),
    };
    Ok(Merged {
        first: first.clone(),
        scenario,
        plan,
        out,
        joined,
    })
}

/// `before` and `more` (read from `path`, at `at`) added, unless a 128-bit ratio sum would
/// overflow: counters and histograms cannot, as each is at most its shard's trials.
fn add(before: Tally, more: Tally, path: &Path, at: &str) -> Result<Tally, TallyFileError> {
    let over = before
        .ratios()
        .iter()
        .zip(more.ratios())
        .position(|(a, b)| {
            [
                (a.x, b.x),
                (a.y, b.y),
                (a.xx, b.xx),
                (a.yy, b.yy),
                (a.xy, b.xy),
            ]
            .iter()
            .any(|(p, q)| p.checked_add(*q).is_none())
        });
    if let Some(k) = over {
        let key = if at.is_empty() {
            format!("ratios[{k}]")
        } else {
            format!("{at}.ratios[{k}]")
        };
        return Err(TallyFileError::Invalid {
            path: path.to_path_buf(),
            key,
            message: "added to the other shards' sums passes 2^128: these shards cannot be \
                      one run"
                .into(),
        });
    }
    Ok(before.merge(more))
}

/// `oddsmith merge DIR...`: checks that the shards belong together and are complete, adds
/// their counts, and writes every output of the one-machine run.
pub(super) fn merge(args: &MergeArgs) -> Result<()> {
    let Merged {
        first,
        scenario,
        plan,
        out,
        joined,
    } = load_shards(args)?;
    let record = start_manifest(&plan, &scenario, first.trials, &out)?;
    let tally = match joined {
        Joined::Sweep { points, tallies } => {
            return sweep::write(&plan, &scenario, &points, &tallies, &out, record).map(|_| ());
        }
        Joined::Single(tally) => tally,
    };
    let report = report_of(&plan, &scenario, &tally);
    print_report(&plan, &report, &scenario.notes());
    let written = crate::export::write_outputs(&report, &out)?;
    finish_manifest(&plan, record, &out, written, &report.partial, report.trials)
}
