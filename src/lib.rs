//! oddsmith: a Monte Carlo probability analyzer for tabletop role-playing rules.
//!
//! The binary crate: [`cli`] (clap types only) and [`app`] (one plan per command, then
//! orchestration), over the library crates in `crates/`, each one layer whose dependencies go
//! one way (see `docs/ARCHITECTURE.md`):
//!
//! - `oddsmith-core` ([`dice`], [`stats`], [`error`]): dice, accumulators, errors;
//! - `oddsmith-scenario` ([`scenario`]): the TOML layer, which knows no rule system;
//! - `oddsmith-engine` ([`systems`], [`combat`], [`sim`]): every rule system, the fight driver
//!   they share and the runner;
//! - `oddsmith-report` ([`export`], [`plot`]): tables, JSON, CSV (Polars), charts (plotters)
//!   and pages, through one atomic writer.
//!
//! The layers are re-exported here, so the commands, the tests in `tests/` and the benches
//! name every part from one place.

pub mod app;
pub mod cli;

pub use oddsmith_core::{batch, dice, error, stats, testkit};
pub use oddsmith_engine::{combat, sim, systems};
pub use oddsmith_report::{export, plot};
pub use oddsmith_scenario as scenario;
