//! Scenario files: the TOML a user writes to describe a matchup. This module owns the parts
//! every system shares — `name`, `system`, `description` and the `[run]` table — checks the
//! top-level keys, and hands the text to the chosen rule system to read its own sections.
//! Every error names the file, line, column and key.

mod source;
pub mod sweep;

pub use source::Source;

use crate::error::ScenarioError;
use crate::systems::{LoadedSystem, SystemKind};
use serde::Deserialize;
use std::path::Path;
use toml::Spanned;

/// Default number of trials when `[run] trials` is not given.
pub const DEFAULT_TRIALS: u64 = 1_000_000;
/// Default seed when `[run] seed` is not given.
pub const DEFAULT_SEED: u64 = 1;

/// The top level of every scenario file. System sections are kept as raw values here and
/// read by the system itself, which rejects sections it does not use.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)] // sections are read again, typed, by the system that uses them
struct TopLevel {
    name: Spanned<String>,
    system: Spanned<String>,
    description: Option<String>,
    run: Option<RunSection>,
    check: Option<Spanned<toml::Value>>,
    contest: Option<Spanned<toml::Value>>,
    combatant: Option<Spanned<toml::Value>>,
    sweep: Option<Spanned<toml::Value>>,
    variant: Option<Spanned<toml::Value>>,
    tune: Option<Spanned<toml::Value>>,
}

/// `[run]`: how many trials, from which seed, and the round limit for multi-round systems.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RunSection {
    trials: Option<Spanned<i64>>,
    seed: Option<Spanned<i64>>,
    max_rounds: Option<Spanned<i64>>,
}

/// Validated run settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunSettings {
    /// Trials to run (≥ 1).
    pub trials: u64,
    /// Seed of the whole run.
    pub seed: u64,
    /// Round limit for multi-round systems, if the file gives one.
    pub max_rounds: Option<u64>,
}

/// A loaded, validated scenario ready to run.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The file it came from.
    pub source: Source,
    /// `name`.
    pub name: String,
    /// `system` as written.
    pub system_name: String,
    /// `description` (empty if absent).
    pub description: String,
    /// `[run]` settings (before command-line overrides).
    pub run: RunSettings,
    /// The rule system built from the file.
    pub system: LoadedSystem,
}

impl Scenario {
    /// Reads and validates the scenario at `path`.
    pub fn load(path: &Path) -> Result<Self, ScenarioError> {
        Self::from_source(Source::read(path)?)
    }

    /// Validates a scenario already in memory.
    pub fn from_source(source: Source) -> Result<Self, ScenarioError> {
        let top: TopLevel = source.parse()?;
        let kind = SystemKind::from_name(top.system.get_ref()).ok_or_else(|| {
            source.invalid(
                top.system.span(),
                "system",
                format!(
                    "unknown rule system \"{}\"; allowed: {}",
                    top.system.get_ref(),
                    SystemKind::allowed()
                ),
            )
        })?;
        if top.name.get_ref().trim().is_empty() {
            return Err(source.invalid(top.name.span(), "name", "must not be empty"));
        }
        let run = run_settings(&source, top.run.as_ref())?;
        let system = LoadedSystem::load(kind, &source, &run)?;
        Ok(Self {
            name: top.name.into_inner(),
            system_name: top.system.into_inner(),
            description: top.description.unwrap_or_default(),
            run,
            system,
            source,
        })
    }
}

fn run_settings(source: &Source, run: Option<&RunSection>) -> Result<RunSettings, ScenarioError> {
    let Some(run) = run else {
        return Ok(RunSettings {
            trials: DEFAULT_TRIALS,
            seed: DEFAULT_SEED,
            max_rounds: None,
        });
    };
    let positive = |v: &Option<Spanned<i64>>, key: &str, default: Option<u64>| match v {
        None => Ok(default),
        Some(s) if *s.get_ref() >= 1 => Ok(Some(*s.get_ref() as u64)),
        Some(s) => Err(source.invalid(
            s.span(),
            key,
            format!(
                "{} is not allowed; use an integer of at least 1",
                s.get_ref()
            ),
        )),
    };
    let trials = positive(&run.trials, "run.trials", Some(DEFAULT_TRIALS))?.unwrap_or(1);
    let max_rounds = positive(&run.max_rounds, "run.max_rounds", None)?;
    let seed = match &run.seed {
        None => DEFAULT_SEED,
        Some(s) if *s.get_ref() >= 0 => *s.get_ref() as u64,
        Some(s) => {
            return Err(source.invalid(
                s.span(),
                "run.seed",
                format!(
                    "{} is not allowed; use an integer of at least 0",
                    s.get_ref()
                ),
            ));
        }
    };
    Ok(RunSettings {
        trials,
        seed,
        max_rounds,
    })
}

/// Reads an optional integer key that must lie in `min..=max`; `None` gives `default`.
pub fn int_in_range(
    source: &Source,
    value: Option<&Spanned<i64>>,
    key: &str,
    min: i64,
    max: i64,
    default: i64,
) -> Result<i64, ScenarioError> {
    match value {
        None => Ok(default),
        Some(v) if (min..=max).contains(v.get_ref()) => Ok(*v.get_ref()),
        Some(v) => Err(source.invalid(
            v.span(),
            key,
            format!(
                "{} is out of range; allowed: an integer from {min} to {max}",
                v.get_ref()
            ),
        )),
    }
}
