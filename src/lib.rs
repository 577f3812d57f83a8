//! oddsmith: a Monte Carlo probability analyzer for tabletop role-playing rules.
//!
//! A scenario file (TOML, [`scenario`]) names a rule system and describes a matchup. The
//! chosen system ([`systems`]) resolves one trial at a time behind the [`systems::RuleSystem`]
//! trait, using the dice primitives in [`dice`]. The runner ([`sim`]) plays millions of trials
//! in seeded batches on rayon and merges integer accumulators ([`stats`]), which become rates
//! with 95% intervals and exact values. Output code ([`export`], [`plot`]) writes the terminal
//! table, JSON, CSV (Polars) and charts (plotters). [`app`] ties these together for the CLI.

pub mod app;
pub mod cli;
pub mod dice;
pub mod error;
pub mod export;
pub mod plot;
pub mod scenario;
pub mod sim;
pub mod stats;
pub mod systems;
