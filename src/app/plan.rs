//! One plan for every command: the command line's trials, seed, threads, output folder,
//! precision and difficulty side, checked once and resolved against each scenario here, and
//! the one worker pool the command runs on. Clap types stop at this file.

use crate::cli::{CommonArgs, CompareArgs, MergeArgs, ReportArgs, ResumeArgs, RunArgs, TuneArgs};
use crate::combat::exact::Limits;
use crate::error::UsageError;
use crate::export::tally_check::MAX_SHARDS;
use crate::scenario::MAX_TRIALS;
use crate::sim::Pool;
use crate::systems::Scenario;
use anyhow::Result;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// The trial cap of a `--precision` run when `--trials` is not given.
pub const PRECISION_CAP: u64 = 1_000_000_000;

/// Most worker threads `--threads` accepts: far beyond any machine's cores, low enough that
/// starting them takes no noticeable time or memory.
pub const MAX_THREADS: usize = 1024;

/// What a command was asked to do with the scenarios it runs.
pub struct Plan {
    /// `--trials`, if given.
    trials: Option<u64>,
    /// `--seed`, if given.
    seed: Option<u64>,
    /// `--precision`: keep running until every rate's 95% half-width is at most this.
    pub precision: Option<f64>,
    /// `--out`, if given.
    out: Option<PathBuf>,
    /// JSON on stdout instead of tables.
    pub json: bool,
    /// No progress bar, no throughput line, no list of files.
    pub quiet: bool,
    /// Exact values only, no sampling.
    pub exact_only: bool,
    /// Print nothing on stdout (reports write pages instead).
    pub silent: bool,
    /// Colour on stdout: it is a terminal and `NO_COLOR` is not set.
    pub colour: bool,
    /// The worker threads every run of the command uses.
    pub pool: Pool,
    /// `--checkpoint FILE`: where a run saves its exact counts.
    pub checkpoint: Option<PathBuf>,
    /// `--shard I/N`: run only shard I of N, as `(I, N)`.
    pub shard: Option<(u64, u64)>,
    /// `--difficulty SIDE`: the side a fight's difficulty band is for, over the scenario's.
    pub difficulty: Option<String>,
    /// How far a fight's exact walk may go (`--exact-limit`).
    pub exact_limits: Limits,
}

impl Plan {
    fn new(common: &CommonArgs, out: Option<PathBuf>) -> Result<Self> {
        if common.trials == Some(0) || common.threads == Some(0) {
            return Err(UsageError("--trials and --threads must be at least 1".into()).into());
        }
        if let Some(t) = common.trials.filter(|&t| t > MAX_TRIALS) {
            return Err(UsageError(format!(
                "--trials {t} is too many; allowed: 1 to {MAX_TRIALS} (2^53, the largest count \
                 a rate's floating-point arithmetic holds exactly)"
            ))
            .into());
        }
        if let Some(t) = common.threads.filter(|&t| t > MAX_THREADS) {
            return Err(UsageError(format!(
                "--threads {t} is too many; allowed: 1 to {MAX_THREADS} (default: one per core, \
                 {} here)",
                std::thread::available_parallelism().map_or(1, |n| n.get())
            ))
            .into());
        }
        Ok(Self {
            trials: common.trials,
            seed: common.seed,
            precision: None,
            out,
            json: common.json,
            quiet: common.quiet,
            exact_only: false,
            silent: false,
            colour: std::io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none(),
            pool: Pool::new(common.threads)?,
            checkpoint: None,
            shard: None,
            difficulty: None,
            exact_limits: Limits::DEFAULT,
        })
    }

    /// The plan of `oddsmith run`.
    pub fn for_run(args: &RunArgs) -> Result<Self> {
        let mut plan = Self::new(&args.common, args.out.clone())?;
        plan.exact_only = args.exact;
        if let Some(limit) = args.exact_limit {
            if limit == 0 {
                return Err(UsageError(
                    "--exact-limit must be at least 1 (states a round and paths of dice a \
                     state's round; default 1e6)"
                        .into(),
                )
                .into());
            }
            plan.exact_limits = Limits::of(limit);
        }
        plan.precision = checked_precision(args.precision)?;
        plan.checkpoint = args.checkpoint.clone();
        plan.difficulty = args.difficulty.clone();
        plan.shard = args.shard.as_deref().map(parse_shard).transpose()?;
        if plan.shard.is_some() && (plan.checkpoint.is_some() || plan.precision.is_some()) {
            return Err(UsageError(
                "--shard runs a fixed share of the batches: it takes neither --checkpoint nor \
                 --precision (rerun a lost shard instead)"
                    .into(),
            )
            .into());
        }
        if plan.shard.is_some() && args.exact {
            return Err(UsageError("--shard samples; --exact does not".into()).into());
        }
        Ok(plan)
    }

    /// The plan of `oddsmith resume`: the checkpoint's trials, seed, precision, output folder
    /// and file, with the command line's threads and output style.
    pub fn for_resume(
        args: &ResumeArgs,
        saved: &crate::export::tally_file::SavedTally,
    ) -> Result<Self> {
        let common = CommonArgs {
            trials: Some(saved.trials),
            seed: Some(saved.seed),
            threads: args.threads,
            json: args.json,
            quiet: args.quiet,
        };
        let out = args
            .out
            .clone()
            .or_else(|| saved.out.clone().map(PathBuf::from));
        let mut plan = Self::new(&common, out)?;
        plan.precision = saved.precision;
        plan.checkpoint = Some(args.checkpoint.clone());
        plan.difficulty = args.difficulty.clone();
        Ok(plan)
    }

    /// The plan of `oddsmith merge`: the shards' trials and seed, one thread.
    pub fn for_merge(args: &MergeArgs, trials: u64, seed: u64) -> Result<Self> {
        let common = CommonArgs {
            trials: Some(trials),
            seed: Some(seed),
            threads: Some(1),
            json: args.json,
            quiet: args.quiet,
        };
        let mut plan = Self::new(&common, args.out.clone())?;
        plan.difficulty = args.difficulty.clone();
        Ok(plan)
    }

    /// The plan of `oddsmith compare`.
    pub fn for_compare(args: &CompareArgs) -> Result<Self> {
        Self::new(&args.common, args.out.clone())
    }

    /// The plan of `oddsmith tune`.
    pub fn for_tune(args: &TuneArgs) -> Result<Self> {
        let mut plan = Self::new(&args.common, None)?;
        plan.precision = checked_precision(args.precision)?;
        Ok(plan)
    }

    /// The plan of `oddsmith report`: silent runs, each into a folder under `--out`.
    pub fn for_report(args: &ReportArgs) -> Result<Self> {
        let common = CommonArgs {
            trials: args.trials,
            seed: args.seed,
            threads: args.threads,
            json: false,
            quiet: args.quiet,
        };
        let mut plan = Self::new(&common, Some(args.out.clone()))?;
        plan.silent = true;
        plan.difficulty = args.difficulty.clone();
        Ok(plan)
    }

    /// Trials to run for `scenario`: `--trials`, else the cap of a precision run, else the
    /// file's `[run] trials`.
    pub fn trials(&self, scenario: &Scenario) -> u64 {
        match (self.trials, self.precision) {
            (Some(t), _) => t,
            (None, Some(_)) => PRECISION_CAP,
            (None, None) => scenario.run.trials,
        }
    }

    /// The seed for `scenario`: `--seed`, else the file's `[run] seed`.
    pub fn seed(&self, scenario: &Scenario) -> u64 {
        self.seed.unwrap_or(scenario.run.seed)
    }

    /// Checks `--difficulty` against `scenario`: it must name one of the fight's sides. A
    /// scenario that is no fight is an error, unless `fights_only` (a command over many
    /// scenarios, which leaves those as they are).
    pub fn check_difficulty(
        &self,
        scenario: &Scenario,
        fights_only: bool,
    ) -> Result<(), UsageError> {
        let Some(side) = &self.difficulty else {
            return Ok(());
        };
        let path = scenario.source().path.display();
        match &scenario.difficulty {
            None if fights_only => Ok(()),
            None => Err(UsageError(format!(
                "--difficulty {side}: {path} is no fight; the difficulty band is a fight's \
                 (from a side's any_death and all_down)"
            ))),
            Some(s) if s.sides.contains(side) => Ok(()),
            Some(s) => Err(UsageError(format!(
                "--difficulty {side}: {path} has no side \"{side}\"; allowed: {}",
                s.allowed_sides()
            ))),
        }
    }

    /// The difficulty band of `scenario`'s side (`--difficulty`, else the scenario's) from
    /// `rows`; `None` for a scenario that is no fight or rows without the side's rates.
    pub fn difficulty_of(
        &self,
        scenario: &Scenario,
        rows: &[crate::stats::MetricRow],
    ) -> Option<crate::stats::difficulty::Difficulty> {
        scenario
            .difficulty
            .as_ref()
            .and_then(|s| s.judge(self.difficulty.as_deref(), rows))
    }

    /// The output folder: `--out`, else `reports/<default>/`.
    pub fn out_dir(&self, default: impl FnOnce() -> String) -> PathBuf {
        self.out
            .clone()
            .unwrap_or_else(|| Path::new("reports").join(default()))
    }

    /// The folder `name` under `--out` (for commands that write several), else
    /// `reports/<default>/`.
    pub fn out_subdir(&self, name: &str, default: impl FnOnce() -> String) -> PathBuf {
        match &self.out {
            Some(out) => out.join(name),
            None => Path::new("reports").join(default()),
        }
    }

    /// Prints the throughput line on stderr unless quiet.
    pub fn throughput(&self, what: &str, trials: u64, seconds: f64) {
        if !self.quiet {
            eprintln!(
                "throughput: {trials} {what} in {seconds:.3} s = {:.0} trials/s on {} threads",
                trials as f64 / seconds.max(1e-9),
                self.pool.threads()
            );
        }
    }

    /// Lists the files written on stderr unless quiet.
    pub fn wrote(&self, paths: &[PathBuf]) {
        if !self.quiet {
            for path in paths {
                eprintln!("wrote {}", path.display());
            }
        }
    }
}

/// `--precision`, if given, above 0 and at most 0.5.
fn checked_precision(precision: Option<f64>) -> Result<Option<f64>, UsageError> {
    match precision {
        Some(p) if !(p > 0.0 && p <= 0.5) => Err(UsageError(format!(
            "--precision {p} is not allowed; use a half-width above 0 and at most 0.5"
        ))),
        p => Ok(p),
    }
}

/// `I/N` with 0 ≤ I < N ≤ [`MAX_SHARDS`].
fn parse_shard(text: &str) -> Result<(u64, u64), UsageError> {
    let bad = || {
        UsageError(format!(
            "--shard {text}: give I/N, shard I of N with N from 1 to {MAX_SHARDS} and I from 0 \
             to N−1 (e.g. --shard 0/10)"
        ))
    };
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if n == 0 || i >= n || n > MAX_SHARDS {
        return Err(bad());
    }
    Ok((i, n))
}

/// The name of a scenario's default output folder (`reports/<name>/`): its file name without
/// the extension (`scenario` if it has none) for a file in a folder named `scenarios` (the
/// shipped ones: `scenarios/yeti.toml` → `yeti`), else that name after the name of the folder
/// holding the file (`campaign/yeti.toml` → `campaign-yeti`; a file in the folder the command
/// runs in takes that folder's name), so that files of one name in two folders do not share
/// an output folder. The name is file-name-safe ([`crate::stats::summary::file_part`]).
pub fn file_stem(path: &Path) -> String {
    let stem = path
        .file_stem()
        .map_or_else(|| "scenario".into(), |s| s.to_string_lossy().into_owned());
    let real = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let folder =
        (real.parent().and_then(Path::file_name)).map(|f| f.to_string_lossy().into_owned());
    crate::stats::summary::file_part(&match folder {
        Some(f) if f != "scenarios" => format!("{f}-{stem}"),
        _ => stem,
    })
}
