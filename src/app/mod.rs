//! What the CLI does: turns parsed arguments into a validated [`RunPlan`], runs it through
//! the shared engine and hands the report to the output code. Errors that are the user's
//! (a bad scenario, an impossible option) exit with code 2.

use crate::cli::{Cli, Command, RunArgs};
use crate::error::{ScenarioError, UsageError};
use crate::export::manifest::{self, Manifest};
use crate::export::{self, progress::TrialBar, table};
use crate::scenario::Scenario;
use crate::sim::{self, Progress};
use crate::stats::{MetricKind, Report, SweepReport, Tally, distributions, summarize};
use crate::systems::RuleSystem;
use crate::with_system;
use anyhow::{Context, Result};

mod compare;
mod report;
mod sweep;
mod tune;
use std::path::{Path, PathBuf};
use std::time::{Instant, SystemTime};

/// Rejects `--trials 0` and `--threads 0`.
pub fn check_counts(trials: Option<u64>, threads: Option<usize>) -> Result<(), UsageError> {
    if trials == Some(0) || threads == Some(0) {
        return Err(UsageError(
            "--trials and --threads must be at least 1".into(),
        ));
    }
    Ok(())
}

/// The trial cap of a `--precision` run when `--trials` is not given.
pub const PRECISION_CAP: u64 = 1_000_000_000;

/// Exit code for `error`: 2 for bad input, 1 otherwise.
pub fn exit_code(error: &anyhow::Error) -> u8 {
    let user = error.chain().any(|e| {
        e.downcast_ref::<ScenarioError>().is_some() || e.downcast_ref::<UsageError>().is_some()
    });
    if user { 2 } else { 1 }
}

/// Runs the parsed command line.
pub fn execute(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Run(args) => RunPlan::from_args(args)?.execute().map(|_| ()),
        Command::Compare(args) => compare::compare(args),
        Command::Tune(args) => tune::tune(args),
        Command::Report(args) => report::report(args),
        Command::Validate { scenarios } => validate(&scenarios),
    }
}

fn validate(paths: &[PathBuf]) -> Result<()> {
    let mut failed = None;
    for path in paths {
        let checked = Scenario::load(path).and_then(|s| {
            let points = sweep::grid(&s)?.map_or(0, |p| p.len());
            Ok((s, points))
        });
        match checked {
            Ok((s, 0)) => println!("{}: ok ({}, \"{}\")", path.display(), s.system_name, s.name),
            Ok((s, n)) => println!(
                "{}: ok ({}, \"{}\", a sweep of {n} points)",
                path.display(),
                s.system_name,
                s.name
            ),
            Err(e) => {
                eprintln!("error: {e}");
                failed = Some(e);
            }
        }
    }
    match failed {
        Some(e) => Err(e).context("some scenarios are invalid"),
        None => Ok(()),
    }
}

/// What a run produced.
#[derive(Debug, Clone)]
pub enum Outcome {
    /// One scenario's report and its notes.
    Single {
        /// The report.
        report: Report,
        /// How the scenario resolves.
        notes: Vec<String>,
    },
    /// A sweep's results.
    Sweep(SweepReport),
}

/// A run request after validation: the loaded scenario and the settings that override it.
#[derive(Debug)]
pub struct RunPlan {
    /// The scenario to run.
    pub scenario: Scenario,
    /// Trials to run.
    pub trials: u64,
    /// Seed.
    pub seed: u64,
    /// Worker threads (`None`: one per core).
    pub threads: Option<usize>,
    /// Folder for the files.
    pub out_dir: PathBuf,
    /// JSON on stdout instead of the table.
    pub json: bool,
    /// No progress bar or throughput line.
    pub quiet: bool,
    /// Exact values only.
    pub exact_only: bool,
    /// Keep running until every rate's 95% half-width is at most this (`trials` is the cap).
    pub precision: Option<f64>,
    /// The grid points, when the scenario has a `[sweep]`.
    pub sweep: Option<Vec<crate::scenario::sweep::Point>>,
    /// Print nothing on stdout (reports write pages instead).
    pub silent: bool,
}

impl RunPlan {
    /// Loads the scenario and checks the options.
    pub fn from_args(args: RunArgs) -> Result<Self> {
        let scenario = Scenario::load(&args.scenario)?;
        check_counts(args.common.trials, args.common.threads)?;
        let out_dir = args.out.unwrap_or_else(|| default_out_dir(&args.scenario));
        let sweep = sweep::grid(&scenario)?;
        let precision = match args.precision {
            Some(p) if !(p > 0.0 && p <= 0.5) => {
                return Err(UsageError(format!(
                    "--precision {p} is not allowed; use a half-width above 0 and at most 0.5"
                ))
                .into());
            }
            p => p,
        };
        let trials = match (args.common.trials, precision) {
            (Some(t), _) => t,
            (None, Some(_)) => PRECISION_CAP,
            (None, None) => scenario.run.trials,
        };
        Ok(Self {
            silent: false,
            sweep,
            precision,
            trials,
            seed: args.common.seed.unwrap_or(scenario.run.seed),
            threads: args.common.threads,
            out_dir,
            json: args.common.json,
            quiet: args.common.quiet,
            exact_only: args.exact,
            scenario,
        })
    }

    /// Runs the plan and writes its outputs.
    pub fn execute(&self) -> Result<Outcome> {
        if let Some(points) = &self.sweep {
            return self.execute_sweep(points).map(Outcome::Sweep);
        }
        let notes = self.scenario.system.notes();
        if self.exact_only {
            let report = exact_report(&self.scenario);
            if !self.silent {
                print_report(&report, &notes, self.json)?;
            }
            return Ok(Outcome::Single { report, notes });
        }
        let threads = self.threads.unwrap_or_else(rayon::current_num_threads);
        let record = self.start_manifest(threads)?;
        let bar = TrialBar::new(self.trials, self.quiet);
        let start = Instant::now();
        let report = self.run_one(&self.scenario, &bar)?;
        bar.finish();
        self.throughput(report.trials, start.elapsed().as_secs_f64(), threads);
        if !self.silent {
            print_report(&report, &notes, self.json)?;
        }
        let written = export::write_outputs(&report, &self.out_dir)?;
        self.finish(
            Manifest {
                trials: report.trials,
                ..record
            },
            written,
        )?;
        Ok(Outcome::Single { report, notes })
    }

    /// Runs `scenario` (this plan's scenario or one of its grid points) with the plan's
    /// trials, seed, threads and precision.
    fn run_one(&self, scenario: &Scenario, progress: &dyn Progress) -> Result<Report> {
        run_scenario(
            scenario,
            self.trials,
            self.seed,
            self.threads,
            self.precision,
            progress,
        )
    }

    /// Writes the manifest of a run that is starting (`finished: false`).
    fn start_manifest(&self, threads: usize) -> Result<Manifest> {
        let record = Manifest {
            scenario_path: self.scenario.source.path.display().to_string(),
            scenario_hash: manifest::fnv1a_hex(self.scenario.source.text.as_bytes()),
            scenario: self.scenario.name.clone(),
            seed: self.seed,
            trials: self.trials,
            threads,
            oddsmith_version: env!("CARGO_PKG_VERSION").to_string(),
            started: manifest::rfc3339(SystemTime::now()),
            ended: None,
            finished: false,
        };
        manifest::write(&record, &self.out_dir)?;
        Ok(record)
    }

    /// Marks the manifest finished and lists the files written.
    fn finish(&self, mut record: Manifest, mut written: Vec<PathBuf>) -> Result<()> {
        record.ended = Some(manifest::rfc3339(SystemTime::now()));
        record.finished = true;
        manifest::write(&record, &self.out_dir)?;
        written.push(self.out_dir.join("manifest.json"));
        if !self.quiet {
            for path in written {
                eprintln!("wrote {}", path.display());
            }
        }
        Ok(())
    }

    /// Prints the throughput line unless quiet.
    fn throughput(&self, trials: u64, elapsed: f64, threads: usize) {
        if !self.quiet {
            eprintln!(
                "throughput: {trials} trials in {elapsed:.3} s = {:.0} trials/s on {threads} threads",
                trials as f64 / elapsed.max(1e-9),
            );
        }
    }
}

/// A scenario file's name without its extension (`scenario` if it has none).
pub fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map_or_else(|| "scenario".into(), |s| s.to_string_lossy().into_owned())
}

/// `reports/<file stem>/`.
pub fn default_out_dir(scenario: &Path) -> PathBuf {
    Path::new("reports").join(file_stem(scenario))
}

fn print_report(report: &Report, notes: &[String], json: bool) -> Result<()> {
    print_results(json, report, || table::render(report, notes));
    Ok(())
}

/// Prints `results` as pretty JSON when `json`, else the text `table` makes.
pub fn print_results<T: serde::Serialize>(json: bool, results: &T, table: impl FnOnce() -> String) {
    if json {
        println!(
            "{}",
            serde_json::to_string_pretty(results).expect("results always serialize")
        );
    } else {
        print!("{}", table());
    }
}

/// Runs `trials` trials of `scenario` and summarizes them.
pub fn run_scenario(
    scenario: &Scenario,
    trials: u64,
    seed: u64,
    threads: Option<usize>,
    precision: Option<f64>,
    progress: &dyn Progress,
) -> Result<Report> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .context("cannot start the worker threads")?;
    let tally: Tally = pool.install(
        || with_system!(&scenario.system, s => run_system(s, trials, seed, precision, progress)),
    );
    let system = &scenario.system;
    let exact = system.exact();
    Ok(Report {
        scenario: scenario.name.clone(),
        system: scenario.system_name.clone(),
        trials: tally.trials(),
        seed,
        metrics: summarize(system.layout(), &tally, exact.as_ref()),
        distributions: distributions(system.layout(), &tally),
    })
}

/// `trials` trials of `system`, or with a precision, as many as it takes (at most `trials`)
/// for every rate's 95% half-width to reach it.
fn run_system<S: RuleSystem>(
    system: &S,
    trials: u64,
    seed: u64,
    precision: Option<f64>,
    progress: &dyn Progress,
) -> Tally {
    match precision {
        None => sim::run(system, trials, seed, progress),
        Some(p) => {
            let precise = |t: &Tally| {
                summarize(system.layout(), t, None)
                    .iter()
                    .filter(|r| r.kind == MetricKind::Rate)
                    .all(|r| (r.ci_high - r.ci_low) / 2.0 <= p)
            };
            sim::run_until(system, trials, seed, &precise, progress)
        }
    }
}

/// The exact values alone, in the order a run would report them.
pub fn exact_report(scenario: &Scenario) -> Report {
    let system = &scenario.system;
    let exact = system.exact();
    let layout = system.layout();
    Report {
        scenario: scenario.name.clone(),
        system: scenario.system_name.clone(),
        trials: 0,
        seed: scenario.run.seed,
        metrics: summarize(layout, &layout.tally(), exact.as_ref()),
        distributions: Vec::new(),
    }
}
