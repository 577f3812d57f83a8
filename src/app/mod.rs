//! What the CLI does: each command turns its arguments into a [`Plan`] (the one place where
//! command line and scenario settings meet, and the one worker pool), then orchestrates the
//! shared engine ([`crate::sim`]) and the output code ([`crate::export`], [`crate::plot`]).
//! Errors that are the user's (a bad scenario, an impossible option) exit with code 2.

mod compare;
mod dice;
mod docs;
pub mod interrupt;
mod library;
mod longrun;
mod merge;
pub mod new;
mod plan;
mod report;
mod run;
mod sweep;
mod tactics;
mod tune;

pub use longrun::{Continue, Resumable, load_checkpoint};
pub use merge::{Joined, Merged, load_shards};
pub use plan::{MAX_THREADS, PRECISION_CAP, Plan, file_stem};
pub use run::{Outcome, exact_report, run_scenario};
pub use sweep::Done as PointDone;

use crate::cli::{Cli, Command, RunArgs};
use crate::error::{Interrupted, ScenarioError, TallyFileError, UsageError};
use crate::systems::Scenario;
use anyhow::Result;
use std::path::PathBuf;

/// Exit code for `error`: 130 after an interrupt, 2 for bad input, 1 otherwise.
pub fn exit_code(error: &anyhow::Error) -> u8 {
    if error
        .chain()
        .any(|e| e.downcast_ref::<Interrupted>().is_some())
    {
        return 130;
    }
    let user = error.chain().any(|e| {
        e.downcast_ref::<ScenarioError>().is_some()
            || e.downcast_ref::<UsageError>().is_some()
            || e.downcast_ref::<TallyFileError>().is_some()
    });
    if user { 2 } else { 1 }
}

/// Runs the parsed command line; a command an interrupt cut short ends in [`Interrupted`]
/// once its files are written.
pub fn execute(cli: Cli) -> Result<()> {
    if !matches!(
        cli.command,
        Command::Validate { .. }
            | Command::Completions { .. }
            | Command::Library { .. }
            | Command::Docs { .. }
            | Command::New { .. }
            | Command::Dice(_)
    ) {
        interrupt::install();
    }
    let message = match &cli.command {
        Command::Tune(_) => {
            "the search stopped early; the values it finished are printed, no answer is \
             claimed"
                .to_string()
        }
        Command::Run(RunArgs {
            shard: Some(_),
            out,
            ..
        }) => format!(
            "the shard's tally.json{} holds only the batches finished, and `oddsmith merge` \
             refuses it as cut short: rerun the shard",
            out.as_ref()
                .map(|o| format!(" in {}", o.display()))
                .unwrap_or_default()
        ),
        command => {
            let checkpoint = match command {
                Command::Run(a) => a.checkpoint.clone(),
                Command::Resume(a) => Some(a.checkpoint.clone()),
                _ => None,
            };
            let resume = checkpoint
                .map(|c| format!("; continue with `oddsmith resume {}`", c.display()))
                .unwrap_or_default();
            format!(
                "the files hold the trials finished before the interrupt, marked partial{resume}"
            )
        }
    };
    execute_command(cli)?;
    if interrupt::requested() {
        return Err(Interrupted(message).into());
    }
    Ok(())
}

fn execute_command(cli: Cli) -> Result<()> {
    match cli.command {
        Command::Run(args) => {
            let scenario = Scenario::load_with(&args.scenario, &args.set.sets)?;
            let plan = Plan::for_run(&args)?;
            // Printed with --quiet too: --quiet drops the progress, not what may be wrong.
            scenario.warnings().iter().for_each(|w| eprintln!("{w}"));
            plan.check_difficulty(&scenario, false)?;
            if let Some(list) = &args.tactics {
                let out = plan.out_dir(|| tactics::default_dir(&args.scenario));
                return tactics::run(&plan, &scenario, list, &out).map(|_| ());
            }
            let out = plan.out_dir(|| file_stem(&args.scenario));
            match plan.shard {
                Some(shard) => longrun::run_shard(&plan, &scenario, shard, &out),
                None => run::run(&plan, &scenario, &out).map(|_| ()),
            }
        }
        Command::Resume(args) => longrun::resume(&args),
        Command::Merge(args) => merge::merge(&args),
        Command::Compare(args) => compare::compare(&args),
        Command::Tune(args) => tune::tune(&args),
        Command::Report(args) => report::report(&args),
        Command::Dice(args) => dice::dice(&args),
        Command::Validate { scenarios, set } => validate(&scenarios, &set.sets),
        Command::Library { what, name } => library::library(what.as_deref(), name.as_deref()),
        Command::Docs { system, out } => docs::docs(system.as_deref(), &out),
        Command::New {
            system,
            shape,
            file,
        } => new::new(system.as_deref(), shape.as_deref(), file.as_deref()),
        Command::Completions { shell } => {
            let mut command = <Cli as clap::CommandFactory>::command();
            clap_complete::generate(shell, &mut command, "oddsmith", &mut std::io::stdout());
            Ok(())
        }
    }
}

fn validate(paths: &[PathBuf], sets: &[String]) -> Result<()> {
    let mut failed = 0usize;
    for path in paths {
        let checked = Scenario::load_with(path, sets).and_then(|s| {
            let points = s.sweep_points()?.map_or(0, |p| p.len());
            Ok((s, points))
        });
        if let Ok((s, _)) = &checked {
            s.warnings().iter().for_each(|w| eprintln!("{w}"));
        }
        match checked {
            Ok((s, 0)) => say(&format!(
                "{}: ok ({}, \"{}\")\n",
                path.display(),
                s.system_name,
                s.name
            )),
            Ok((s, n)) => say(&format!(
                "{}: ok ({}, \"{}\", a sweep of {n} points)\n",
                path.display(),
                s.system_name,
                s.name
            )),
            Err(e) => {
                eprintln!("error: {e}");
                failed += 1;
            }
        }
    }
    // Each error is printed once, above; the last line only counts them.
    match failed {
        0 => Ok(()),
        n => Err(UsageError(format!(
            "{n} of {} scenario files {} invalid",
            paths.len(),
            if n == 1 { "is" } else { "are" }
        ))
        .into()),
    }
}

/// Prints `text` on stdout as [`print`] does, any other failure to write said on stderr: for
/// results whose files are written all the same.
pub(crate) fn say(text: &str) {
    if let Err(e) = print(text) {
        eprintln!("error: could not write to stdout: {e}");
    }
}

/// Prints `text` on stdout; a reader that stopped early (`| head`) is no error.
pub(crate) fn print(text: &str) -> Result<()> {
    use std::io::Write as _;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(()),
    }
}
