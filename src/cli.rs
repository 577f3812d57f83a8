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
    /// Find the value of an integer field whose rate is closest to a target, and where the
    /// rate crosses it (assumes the rate moves one way as the field grows; exact rates are
    /// searched without sampling).
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
        /// Keys changed in every file before it is checked.
        #[command(flatten)]
        set: SetArgs,
    },
    /// List the creatures, NPCs and sample characters the books give numbers for, built in
    /// (`oddsmith library gods-and-monsters`), or print one's keys (`oddsmith library show
    /// Yeti`); a fighter table takes one with `use = "Yeti"`.
    Library {
        /// A system, to list its creatures; or `show`, to print the creature NAME.
        #[arg(value_name = "SYSTEM|show")]
        what: Option<String>,
        /// With `show`: the creature's name (in quotes if it has spaces).
        name: Option<String>,
    },
    /// Write the scenario reference, one Markdown file per rule system, from the key
    /// declarations in the code (`oddsmith docs SYSTEM` prints one system's).
    ///
    /// Every key each system reads is declared once, with what it takes, its default, its
    /// meaning and seed lines; this writes them out with each shape's metrics and rules, as
    /// committed in `docs/scenarios/`.
    Docs {
        /// One system, printed to stdout (e.g. gods-and-monsters).
        system: Option<String>,
        /// The folder to write every system's file to.
        #[arg(long, value_name = "DIR", default_value = "docs/scenarios")]
        out: PathBuf,
    },
    /// Write a commented scenario to start from (`oddsmith new` alone lists the shapes).
    ///
    /// `oddsmith new` lists every system's shapes (check, contest, fight, each hazard, …),
    /// `oddsmith new SYSTEM` one system's, and `oddsmith new SYSTEM SHAPE [FILE]` writes that
    /// shape with every key, its default, allowed values and seed lines (to stdout without
    /// FILE; never over a file that exists). Then: `oddsmith validate FILE`, `oddsmith run
    /// FILE`.
    New {
        /// The rule system, as a scenario's `system =` names it (e.g. gods-and-monsters).
        system: Option<String>,
        /// The shape of scenario (e.g. check, contest, fight, fall).
        shape: Option<String>,
        /// Where to write it (default: stdout).
        file: Option<PathBuf>,
    },
    /// The exact distribution of a dice expression: each total's chance, at least and at
    /// most, the mean and standard deviation (`oddsmith dice 4d6kh3`, `oddsmith dice
    /// "d20+2d8!" --vs 20`).
    ///
    /// Expressions: `2d6+3`, `d10!` (explodes), `d6!3` (at most 3 times), `4d6kh3` / `4d6dl1`
    /// (keep the highest 3), `2d20kl1` (keep the lowest), `6d10>=7` (count dice at 7 or more;
    /// also `>`, `<=`, `<`), `3sun` (Invisible Sun's d10 numbered 0–9), `heroic` (the
    /// bonus-dice ladder's d10; also feeble, ordinary, epic, legendary).
    Dice(DiceArgs),
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
    /// Keys changed before the run.
    #[command(flatten)]
    pub set: SetArgs,
    /// Trials, seed, threads and output style.
    #[command(flatten)]
    pub common: CommonArgs,
    /// Output folder (default: reports/<scenario file stem>/).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Print exact values only, without sampling (writes no files).
    #[arg(long)]
    pub exact: bool,
    /// The most distinct states a round, and paths of dice in one state's round, the exact
    /// walk of a fight follows before it gives up and the run samples only (default 1e6).
    #[arg(long, value_name = "N", value_parser = count::<usize>)]
    pub exact_limit: Option<usize>,
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
    /// Play the fight under each pairing of tactic profiles, one for the difficulty side and
    /// one for its foes (those listed: `--tactics by_the_book,ruthless`; `all`; without a
    /// list, the file's `[tactics] range`, else every profile),
    /// from the same seed, and lead with the range of the difficulty band; writes
    /// tactics.csv, tactics.json and a heatmap (default folder: reports/<stem>_tactics/).
    #[arg(
        long,
        value_name = "PROFILES",
        num_args = 0..=1,
        default_missing_value = "",
        conflicts_with_all = ["exact", "shard", "checkpoint", "precision"]
    )]
    pub tactics: Option<String>,
}

/// Arguments of `oddsmith dice`.
#[derive(Debug, clap::Args)]
pub struct DiceArgs {
    /// The dice expression (quote it: `"d20+2d8!"`); words given apart are joined with
    /// spaces (`oddsmith dice 2d6 + 3`).
    #[arg(required = true, value_name = "EXPR", allow_negative_numbers = true)]
    pub expr: Vec<String>,
    /// Also give the chance that the total is N or more.
    #[arg(
        long,
        value_name = "N",
        allow_negative_numbers = true,
        conflicts_with = "above"
    )]
    pub vs: Option<i64>,
    /// Also give the chance that the total is more than N.
    #[arg(long, value_name = "N", allow_negative_numbers = true)]
    pub above: Option<i64>,
    /// Print the distribution as JSON on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// Write dice.csv, dice.png and dice.svg into this folder.
    #[arg(long, value_name = "DIR")]
    pub out: Option<PathBuf>,
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
    #[arg(long, value_parser = count::<usize>, allow_negative_numbers = true)]
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
    /// Keys changed in both scenarios before the comparison.
    #[command(flatten)]
    pub set: SetArgs,
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
    /// Keys changed before the search.
    #[command(flatten)]
    pub set: SetArgs,
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
    /// Lowest value to try (default: search outward from the scenario's value, within the
    /// key's declared range).
    #[arg(long, allow_hyphen_values = true)]
    pub from: Option<i64>,
    /// Highest value to try (within the key's declared range).
    #[arg(long, allow_hyphen_values = true)]
    pub to: Option<i64>,
    /// Sample each value tried until its rate's 95% half-width is at most this; --trials
    /// becomes the cap (default 10^9). Values with an exact rate are never sampled.
    #[arg(long)]
    pub precision: Option<f64>,
    /// Trials (per value sampled), seed (of every value), threads and output style.
    #[command(flatten)]
    pub common: CommonArgs,
}

/// Arguments of `oddsmith report`.
#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    /// Scenario files (default: every scenarios/*.toml).
    pub scenarios: Vec<PathBuf>,
    /// Keys changed in every scenario before it runs.
    #[command(flatten)]
    pub set: SetArgs,
    /// Trials per scenario (per grid point for sweeps; default: each file's `[run] trials`).
    #[arg(long, value_parser = count::<u64>, allow_negative_numbers = true)]
    pub trials: Option<u64>,
    /// Seed of every scenario (default: each file's `[run] seed`); the same seed gives the
    /// same numbers.
    #[arg(long, value_parser = count::<u64>, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Worker threads (default: one per core).
    #[arg(long, value_parser = count::<usize>, allow_negative_numbers = true)]
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

/// `--set PATH=VALUE`, repeatable: keys of the loaded scenario changed before it is used.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct SetArgs {
    /// Change one key of the scenario (repeatable): `--set check.challenge=7`,
    /// `--set combatant.Yeti.survival=30`, `--set run.max_rounds=50`. VALUE is a TOML value
    /// (`"Sam"`, `true`, `[1, 2]`) or else the text as a string.
    #[arg(long = "set", value_name = "PATH=VALUE")]
    pub sets: Vec<String>,
}

/// Options shared by `run`, `compare` and `tune`.
#[derive(Debug, Clone, Copy, clap::Args)]
pub struct CommonArgs {
    /// Number of trials (default: the scenario's `[run] trials`).
    #[arg(long, value_parser = count::<u64>, allow_negative_numbers = true)]
    pub trials: Option<u64>,
    /// Seed (default: the scenario's `[run] seed`).
    #[arg(long, value_parser = count::<u64>, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = count::<usize>, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Print the results as JSON on stdout instead of the table.
    #[arg(long)]
    pub json: bool,
    /// No progress bar and no throughput line.
    #[arg(long)]
    pub quiet: bool,
}

/// A whole number from the command line as a user writes it: `1000000`, `1_000_000` or
/// `1e6` (`2.5e6` too, where the product is whole); a negative one, a fraction or a number
/// too big for `T` is refused in plain words.
pub fn count<T: TryFrom<u64>>(text: &str) -> Result<T, String> {
    let t = text.trim().replace('_', "");
    if t.starts_with('-') {
        return Err(format!(
            "{text} is negative; give a whole number such as 1000, 1_000 or 1e3"
        ));
    }
    let not_whole =
        || format!("{text} is not a whole number; write it as 1000000, 1_000_000 or 1e6");
    if t.is_empty() || !t.chars().all(|c| c.is_ascii_digit() || ".eE+".contains(c)) {
        return Err(not_whole());
    }
    let whole = match t.split_once(['e', 'E']) {
        None if t.contains('.') => return Err(not_whole()),
        None => t.parse::<u64>().map_err(|_| format!("{text} is too big"))?,
        Some((mantissa, exponent)) => {
            let m: f64 = mantissa.parse().map_err(|_| not_whole())?;
            let e: i32 = exponent.parse().map_err(|_| not_whole())?;
            let v = m * 10f64.powi(e);
            if !(v.is_finite() && v.fract() == 0.0 && v >= 0.0) {
                return Err(not_whole());
            }
            if v >= 2f64.powi(64) {
                return Err(format!("{text} is too big"));
            }
            v as u64
        }
    };
    T::try_from(whole).map_err(|_| format!("{text} is too big"))
}

#[cfg(test)]
mod tests;
