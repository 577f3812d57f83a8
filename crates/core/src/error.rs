//! Library errors. A user error names the file, line, column and key, and says what is
//! allowed; the binary maps these to exit code 2.

use std::path::PathBuf;
use thiserror::Error;

/// A scenario that cannot be read or does not follow the format.
#[derive(Debug, Error)]
pub enum ScenarioError {
    /// The file could not be read.
    #[error("{}: cannot read the scenario file: {cause}", path.display())]
    Read {
        /// File as given.
        path: PathBuf,
        /// Underlying I/O error (shown in the message, so not chained again).
        cause: std::io::Error,
    },
    /// The file was read but a value is wrong, missing, mistyped or unknown.
    #[error("{}:{line}:{column}: {}{message}{}", path.display(),
        key.as_ref().map(|k| format!("`{k}`: ")).unwrap_or_default(),
        if snippet.is_empty() { String::new() } else { format!("\n{snippet}") })]
    Invalid {
        /// File as given.
        path: PathBuf,
        /// 1-based line of the offending text.
        line: usize,
        /// 1-based column of the offending text.
        column: usize,
        /// Dotted key path (`check.challenge`), when known.
        key: Option<String>,
        /// What is wrong and what is allowed.
        message: String,
        /// The offending source line with a caret under the column.
        snippet: String,
    },
    /// A `--set PATH=VALUE` argument that is malformed or leads nowhere.
    #[error("--set {arg}: {message}")]
    Set {
        /// The argument as given.
        arg: String,
        /// What is wrong and what is allowed.
        message: String,
    },
}

/// A command-line request that cannot be honoured (e.g. `--trials 0`).
#[derive(Debug, Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// Failure while writing results.
#[derive(Debug, Error)]
pub enum OutputError {
    /// Creating, writing or renaming a file failed.
    #[error("{}: cannot write", path.display())]
    Io {
        /// File or folder involved.
        path: PathBuf,
        /// Underlying I/O error.
        source: std::io::Error,
    },
    /// Building or writing a table failed.
    #[error("writing {}: {message}", path.display())]
    Table {
        /// File being written.
        path: PathBuf,
        /// What the table library said.
        message: String,
    },
    /// Drawing a chart failed.
    #[error("drawing {}: {message}", path.display())]
    Chart {
        /// File being drawn.
        path: PathBuf,
        /// What the plotting library said.
        message: String,
    },
}

/// The command was interrupted (Ctrl-C or SIGTERM) and wrote what it had finished, as the
/// message says; exit 130.
#[derive(Debug, Error)]
#[error("interrupted: {0}")]
pub struct Interrupted(pub String);

/// A checkpoint or shard tally that cannot be used: the file is unreadable, belongs to
/// another scenario or run, or shards do not fit together. A user error (exit 2).
#[derive(Debug, Error)]
pub enum TallyFileError {
    /// The file could not be read or parsed.
    #[error("{}: cannot read the saved tally: {message}", path.display())]
    Unreadable {
        /// The checkpoint or `tally.json`.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
    /// The file parsed, but a value is out of range or does not fit the rest of the file
    /// (or the scenario).
    #[error("{}: `{key}` {message}", path.display())]
    Invalid {
        /// The checkpoint or `tally.json`.
        path: PathBuf,
        /// The key, as a JSON path (`points[3].end`).
        key: String,
        /// What is wrong and what is allowed.
        message: String,
    },
    /// The scenario file changed since the tally was saved.
    #[error(
        "{}: the scenario {scenario} changed since this was saved (hash {saved}, now {now}); \
         rerun it from the start, or restore the file it was saved from",
        path.display()
    )]
    ScenarioChanged {
        /// The checkpoint or `tally.json`.
        path: PathBuf,
        /// The scenario file.
        scenario: String,
        /// Hash saved.
        saved: String,
        /// Hash of the file now.
        now: String,
    },
    /// Shards that do not belong together, or a set that is not complete.
    #[error("{0}")]
    Shards(String),
}
