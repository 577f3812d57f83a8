//! oddsmith's core: what every other crate stands on and that knows no rule system, no
//! scenario file and no output format.
//!
//! - [`dice`]: dice primitives, dice expressions and their exact distributions, and the one
//!   dice trait every fight and hazard draws through ([`dice::Dice`]).
//! - [`stats`]: mergeable integer accumulators ([`stats::Tally`]), the layout that gives each
//!   metric its role, intervals, summaries and difficulty bands.
//! - [`batch`]: the runner's unit of work and its progress callback.
//! - [`error`]: the library errors (a user error names file, line, key and what is allowed).
//! - [`testkit`]: scripted dice and dice that walk every outcome, for every crate's tests.

pub mod batch;
pub mod dice;
pub mod error;
pub mod stats;
pub mod testkit;
