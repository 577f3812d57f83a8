//! oddsmith's engine: every rule system, the fight driver they share, and the runner.
//!
//! The registry in [`systems`] names every rule system once; the chosen one reads its
//! sections of a scenario document (`oddsmith-scenario`) in its own `schema.rs` and resolves
//! one trial at a time behind the [`systems::RuleSystem`] trait, drawing its dice through
//! `oddsmith-core`; fights of every system are driven and recorded by [`combat`]. The runner
//! ([`sim`]) plays millions of trials in seeded batches on one rayon pool and merges integer
//! accumulators. Nothing here prints, writes a file or knows an output format. This is the
//! only crate built with one codegen unit (the trial loops inline across modules).

pub mod combat;
pub mod sim;
pub mod systems;
#[cfg(test)]
mod testing;
