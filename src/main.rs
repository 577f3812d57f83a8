//! The `oddsmith` binary: parse arguments, run, map errors to exit codes (2 for bad input).

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = oddsmith::cli::Cli::parse();
    match oddsmith::app::execute(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(oddsmith::app::exit_code(&e))
        }
    }
}
