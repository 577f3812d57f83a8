//! oddsmith: a Monte Carlo probability analyzer for tabletop role-playing rules.
//!
//! A scenario file (TOML) is parsed once into a document ([`scenario`], which knows no rule
//! system). The registry in [`systems`] names every rule system once; the chosen one reads its
//! sections in its own `schema.rs` and resolves one trial at a time behind the
//! [`systems::RuleSystem`] trait, using the dice primitives in [`dice`]; fights of every system
//! record their outcome through [`combat`]. The runner ([`sim`]) plays millions of trials in
//! seeded batches on one rayon pool and merges integer accumulators ([`stats`]), which become
//! rates with 95% intervals, exact values and typed roles. Output code ([`export`], [`plot`])
//! writes the terminal table, JSON, CSV (Polars) and charts (plotters) through one atomic
//! writer. [`app`] turns each command into a plan and orchestrates. See
//! `docs/ARCHITECTURE.md`.

pub mod app;
pub mod cli;
pub mod combat;
pub mod dice;
pub mod error;
pub mod export;
pub mod plot;
pub mod scenario;
pub mod sim;
pub mod stats;
pub mod systems;
#[cfg(test)]
mod testing;
