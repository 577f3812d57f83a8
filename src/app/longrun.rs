//! Runs that outlive one process or one machine: `oddsmith resume FILE` continues a
//! checkpointed run, `oddsmith run --shard I/N` runs one share of a run's batches and writes
//! its exact counts (`tally.json`), and `oddsmith merge DIR...` checks that shards belong
//! together and writes the outputs of the one-machine run. Batches depend only on (seed,
//! index) and tallies merge by integer addition, so all three give the uninterrupted
//! one-machine run's numbers, bit for bit.

use super::interrupt::Watched;
use super::run::{finish_manifest, print_report, report_of, run_single, start_manifest};
use super::{Plan, file_stem};
use crate::cli::{MergeArgs, ResumeArgs};
use crate::error::{TallyFileError, UsageError};
use crate::export::manifest::fnv1a_hex;
use crate::export::progress::TrialBar;
use crate::export::tally_file::{self, FORMAT, SavedTally};
use crate::sim::{BATCH_TRIALS, Start};
use crate::systems::Scenario;
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
        seed: plan.seed(scenario),
        trials: plan.trials(scenario),
        precision: plan.precision,
        out: out.map(|o| o.display().to_string()),
        shard: None,
        start: 0,
        end: 0,
        trials_done: 0,
        counter_names: Vec::new(),
        counters: Vec::new(),
        histograms: Vec::new(),
        ratios: Vec::new(),
    }
}

/// The batches shard `i` of `n` holds in a run of `trials` trials: a contiguous share.
pub fn shard_batches(trials: u64, i: u64, n: u64) -> Range<u64> {
    let total = u128::from(trials.div_ceil(BATCH_TRIALS));
    let at = |k: u64| (total * u128::from(k) / u128::from(n)) as u64;
    at(i)..at(i + 1)
}

/// Loads the scenario a saved tally names and checks that its text is unchanged.
fn scenario_of(saved: &SavedTally, file: &Path) -> Result<Scenario> {
    let scenario = Scenario::load(Path::new(&saved.scenario_path))?;
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

/// `oddsmith run --shard I/N`: runs the shard's batches and writes `tally.json`.
pub(super) fn run_shard(
    plan: &Plan,
    scenario: &Scenario,
    (i, n): (u64, u64),
    out: &Path,
) -> Result<()> {
    if !scenario.sweep_fields()?.is_empty() {
        return Err(UsageError(
            "--shard splits the batches of one run; a [sweep] cannot be sharded yet (run \
             its grid points as separate scenarios)"
                .into(),
        )
        .into());
    }
    let trials = plan.trials(scenario);
    let batches = shard_batches(trials, i, n);
    let layout = scenario.system.layout();
    let bar = TrialBar::new(
        (batches.end * BATCH_TRIALS).min(trials) - batches.start * BATCH_TRIALS,
        plan.quiet,
    );
    let watched = Watched {
        bar: &bar,
        checkpoint: None,
    };
    let started = Instant::now();
    let (tally, end) = plan.pool.run_from(
        &scenario.system,
        trials,
        plan.seed(scenario),
        None,
        Start::fresh(batches.clone()),
        &watched,
    );
    bar.finish();
    plan.throughput("trials", tally.trials(), started.elapsed().as_secs_f64());
    let saved = SavedTally {
        shard: Some([i, n]),
        start: batches.start,
        end,
        ..header(plan, scenario, "shard", Some(out))
    }
    .with_tally(&layout, &tally);
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
    let tally = saved.tally(&scenario.system.layout(), &args.checkpoint)?;
    let out = plan.out_dir(|| file_stem(Path::new(&saved.scenario_path)));
    run_single(&plan, &scenario, &out, Some((tally, saved.end))).map(|_| ())
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
            && s.seed == first.seed
            && s.trials == first.trials
            && s.shard.expect("checked")[1] == n;
        if !same {
            return Err(TallyFileError::Shards(format!(
                "{} and {} are not shards of one run: scenario hash {} / {}, seed {} / {}, \
                 trials {} / {}, shards {} / {}",
                first_path.display(),
                path.display(),
                first.scenario_hash,
                s.scenario_hash,
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
    let layout = scenario.system.layout();
    let mut tally = layout.tally();
    for (i, entry) in by_index.iter().enumerate() {
        let (path, s) = entry.expect("none missing");
        let want = shard_batches(s.trials, i as u64, n);
        if s.start != want.start || s.end != want.end {
            return Err(TallyFileError::Shards(format!(
                "{}: shard {i}/{n} holds batches {}..{} of its {}..{} (it was interrupted): \
                 rerun it",
                path.display(),
                s.start,
                s.end,
                want.start,
                want.end
            ))
            .into());
        }
        tally = tally.merge(s.tally(&layout, path)?);
    }
    let plan = Plan::for_merge(args, first.trials, first.seed)?;
    let out = plan.out_dir(|| file_stem(Path::new(&first.scenario_path)));
    let record = start_manifest(&plan, &scenario, first.trials, &out)?;
    let report = report_of(&plan, &scenario, &tally);
    print_report(&plan, &report, &scenario.system.notes());
    let written = crate::export::write_outputs(&report, &out)?;
    finish_manifest(&plan, record, &out, written, &report.partial, report.trials)
}
