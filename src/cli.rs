//! Command-line types (clap derive) and nothing else; [`crate::app`] turns them into a plan.

use clap::{Parser, Subcommand};
use std::path::PathBuf;

/// Monte Carlo probability analyzer for tabletop role-playing rules.
#[derive(Debug, Parser)]
#[command(name = "oddsmith", version, about)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Run a scenario and report rates with 95% intervals and exact values.
    Run(RunArgs),
    /// Run two scenarios on the same random numbers and report each rate's difference B − A
    /// with a 95% interval that accounts for the pairing.
    Compare(CompareArgs),
    /// Find the value of an integer field whose rate is closest to a target (assumes the
    /// rate moves one way as the field grows).
    Tune(TuneArgs),
    /// Run scenarios and write a self-contained HTML page and a Markdown page for each, with
    /// an index linking them (default: every scenario in scenarios/).
    Report(ReportArgs),
    /// Continue a run from its checkpoint (`run --checkpoint FILE`); the results equal the
    /// uninterrupted run's, bit for bit.
    Resume(ResumeArgs),
    /// Join the `tally.json` of every shard of a run (`run --shard I/N --out DIR`) into the
    /// outputs of a one-machine run.
    Merge(MergeArgs),
    /// Load and check scenario files without running them.
    Validate {
        /// Scenario files to check.
        #[arg(required = true)]
        scenarios: Vec<PathBuf>,
    },
    /// Print a completion script for a shell (e.g. `oddsmith completions bash >
    /// ~/.local/share/bash-completion/completions/oddsmith`).
    Completions {
        /// The shell: bash, zsh, fish, powershell or elvish.
        shell: clap_complete::Shell,
    },
}

/// Arguments of `oddsmith run`.
#[derive(Debug, clap::Args)]
pub struct RunArgs {
    /// Scenario file (TOML).
    pub scenario: PathBuf,
    /// Trials, seed, threads and output style.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Output folder (default: reports/<scenario file stem>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print exact values only, without sampling (writes no files).
    #[arg(long)]
    pub exact: bool,
    /// Keep running until every rate's 95% half-width is at most this; --trials becomes the
    /// cap (default 10^9).
    #[arg(long)]
    pub precision: Option<f64>,
    /// Save the exact counts done so far (a sweep's: per grid point) to FILE every few
    /// seconds and on interrupt; `oddsmith resume FILE` continues the run.
    #[arg(long, value_name = "FILE")]
    pub checkpoint: Option<PathBuf>,
    /// Run only shard I of N (I from 0 to N−1): its share of the batches (of a sweep's grid
    /// point × batch units), written as DIR/tally.json for `oddsmith merge`.
    #[arg(long, value_name = "I/N")]
    pub shard: Option<String>,
    /// The side a fight's difficulty band is for (overrides `[difficulty] side`; default:
    /// `party`, else `pcs`, else the first side).
    #[arg(long, value_name = "SIDE")]
    pub difficulty: Option<String>,
}

/// Arguments of `oddsmith resume`.
#[derive(Debug, clap::Args)]
pub struct ResumeArgs {
    /// The checkpoint file a run saved.
    pub checkpoint: PathBuf,
    /// Output folder (default: the interrupted run's).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the results as JSON on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// No progress bar and no throughput line.
    #[arg(long)]
    pub quiet: bool,
    /// The side a fight's difficulty band is for (overrides `[difficulty] side`; default:
    /// `party`, else `pcs`, else the first side).
    #[arg(long, value_name = "SIDE")]
    pub difficulty: Option<String>,
}

/// Arguments of `oddsmith merge`.
#[derive(Debug, clap::Args)]
pub struct MergeArgs {
    /// The shards' output folders (each with its tally.json).
    #[arg(required = true)]
    pub dirs: Vec<PathBuf>,
    /// Output folder (default: reports/<scenario file stem>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print the results as JSON on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// No list of files written.
    #[arg(long)]
    pub quiet: bool,
    /// The side a fight's difficulty band is for (overrides `[difficulty] side`; default:
    /// `party`, else `pcs`, else the first side).
    #[arg(long, value_name = "SIDE")]
    pub difficulty: Option<String>,
}

/// Arguments of `oddsmith compare`.
#[derive(Debug, clap::Args)]
pub struct CompareArgs {
    /// Scenario A (the baseline).
    pub a: PathBuf,
    /// Scenario B (the change). Without it, A's file is compared with each of its
    /// `[variant.NAME]` tables.
    pub b: Option<PathBuf>,
    /// Trials (paired), seed (of both runs, default A's), threads and output style.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Output folder (default: reports/compare_<A stem>_vs_<B stem>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Arguments of `oddsmith tune`.
#[derive(Debug, clap::Args)]
pub struct TuneArgs {
    /// Scenario file (TOML).
    pub scenario: PathBuf,
    /// Integer field to vary, by path (e.g. `combatant.Yeti.survival`, `check.challenge`);
    /// default: the file's `[tune] vary`.
    #[arg(long)]
    pub vary: Option<String>,
    /// Rate to aim at (e.g. `death.Toromeen`, `success`); default: `[tune] metric`.
    #[arg(long)]
    pub metric: Option<String>,
    /// Target rate, between 0 and 1; default: `[tune] target`.
    #[arg(long)]
    pub target: Option<f64>,
    /// Lowest value to try (default: search outward from the scenario's value).
    #[arg(long, allow_hyphen_values = true)]
    pub from: Option<i64>,
    /// Highest value to try.
    #[arg(long, allow_hyphen_values = true)]
    pub to: Option<i64>,
    /// Trials (per value tried), seed (of every value), threads and output style.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// Arguments of `oddsmith report`.
#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    /// Scenario files (default: every scenarios/*.toml).
    pub scenarios: Vec<PathBuf>,
    /// Trials per scenario (per grid point for sweeps; default: each file's `[run] trials`).
    #[arg(long)]
    pub trials: Option<u64>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Folder for the reports (default: reports/).
    #[arg(long, default_value = "reports")]
    pub out: PathBuf,
    /// No progress output.
    #[arg(long)]
    pub quiet: bool,
    /// The side each fight's difficulty band is for (overrides `[difficulty] side`; every
    /// fight given must have it; scenarios that are no fight are left as they are).
    #[arg(long, value_name = "SIDE")]
    pub difficulty: Option<String>,
}

/// Options shared by `run`, `compare` and `tune`.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct CommonArgs {
    /// Number of trials (default: the scenario's `[run] trials`).
    #[arg(long)]
    pub trials: Option<u64>,
    /// Seed (default: the scenario's `[run] seed`).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print the results as JSON on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// No progress bar and no throughput line.
    #[arg(long)]
    pub quiet: bool,
}
