//! Scenario files, the generic layer: the TOML a user writes, parsed once into a
//! [`Document`]; the parts every system shares — `name`, `system`, `description` and the
//! `[run]` table ([`Header`]); a fight's `[difficulty]` table ([`difficulty`]); the field
//! helpers rule schemas read their sections with ([`fields`]); and the workbench tables that
//! edit a document (`[sweep]`, `[variant.NAME]`, `[tune]`). This crate knows no rule system:
//! the caller (the system registry) hands in the systems as data — their names, key
//! declarations and libraries ([`catalog::Catalog`]) — and tells it which sections the chosen
//! system reads ([`Document::check_sections`]). Every error names the file, line, column and
//! key.

pub mod catalog;
pub mod day;
pub mod difficulty;
mod document;
pub mod fields;
pub mod hint;
pub mod include;
pub mod keys;
pub mod library;
pub mod reference;
pub mod set;
mod source;
pub mod sweep;
pub mod tactics;
pub mod template;
pub mod tune;

pub use document::{Document, Node, NodeValue};
pub use fields::int_in_range;
pub use source::Source;
pub use toml::Spanned;

use oddsmith_core::error::ScenarioError;
use serde::Deserialize;

/// Default number of trials when `[run] trials` is not given.
pub const DEFAULT_TRIALS: u64 = 1_000_000;
/// Most trials one run may ask for (`[run] trials` or `--trials`): 2^53, the largest count
/// an `f64` holds exactly, so every rate and mean is computed from exact counts.
pub const MAX_TRIALS: u64 = 1 << 53;
/// Default seed when `[run] seed` is not given.
pub const DEFAULT_SEED: u64 = 1;

/// Top-level keys every scenario may have, whatever its system (`difficulty` and `tactics`
/// only where the scenario is a fight: the caller refuses them elsewhere).
pub const COMMON_KEYS: [&str; 11] = [
    "name",
    "system",
    "description",
    "run",
    "difficulty",
    "tactics",
    "sweep",
    "variant",
    "tune",
    "creature",
    "include",
];

/// The shared top-level keys as written.
#[derive(Debug, Deserialize)]
struct HeaderSpec {
    name: Option<Spanned<String>>,
    system: Spanned<String>,
    description: Option<String>,
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
}

/// What every scenario says about itself, checked.
#[derive(Debug, Clone)]
pub struct Header {
    /// `name`, not empty (the file's stem when the file gives none).
    pub name: String,
    /// `system` as written, with where it was written.
    pub system: Spanned<String>,
    /// `description` (empty if absent).
    pub description: String,
    /// `[run]` settings (before command-line overrides).
    pub run: RunSettings,
    /// `[run] max_rounds` as written, for the rule system to accept (checked in one place,
    /// `combat::load::max_rounds`) or refuse.
    pub max_rounds: Option<Spanned<i64>>,
}

impl Document {
    /// Reads and checks the shared keys.
    pub fn header(&self) -> Result<Header, ScenarioError> {
        let spec: HeaderSpec = self.read_as()?;
        let name = match spec.name {
            Some(name) if name.get_ref().trim().is_empty() => {
                return Err(self.invalid(name.span(), "name", "must not be empty"));
            }
            Some(name) => name.into_inner(),
            // Without a `name`, the file's name stands for it.
            None => self
                .source
                .path
                .file_stem()
                .map_or("scenario".to_string(), |s| s.to_string_lossy().into_owned()),
        };
        let run: Option<RunSection> = self.section("run")?;
        let (run, max_rounds) = run_settings(&self.source, run.as_ref())?;
        Ok(Header {
            name,
            system: spec.system,
            description: spec.description.unwrap_or_default(),
            run,
            max_rounds,
        })
    }

    /// Refuses any top-level key that is neither shared nor one of `sections`, the sections
    /// the chosen `system` reads.
    pub fn check_sections(&self, system: &str, sections: &[&str]) -> Result<(), ScenarioError> {
        for (key, _) in self.top_level() {
            let k = key.get_ref().as_str();
            if COMMON_KEYS.contains(&k) || sections.contains(&k) {
                continue;
            }
            let allowed: Vec<String> = COMMON_KEYS
                .iter()
                .chain(sections)
                .map(|s| format!("`{s}`"))
                .collect();
            return Err(self.invalid(
                key.span(),
                k,
                format!(
                    "unknown field `{k}`{}: not a section of {system} scenarios; allowed: {}",
                    hint::did_you_mean(k, COMMON_KEYS.iter().chain(sections).copied()),
                    allowed.join(", "),
                ),
            ));
        }
        Ok(())
    }
}

fn run_settings(
    source: &Source,
    run: Option<&RunSection>,
) -> Result<(RunSettings, Option<Spanned<i64>>), ScenarioError> {
    let Some(run) = run else {
        let defaults = RunSettings {
            trials: DEFAULT_TRIALS,
            seed: DEFAULT_SEED,
        };
        return Ok((defaults, None));
    };
    let at_least = |v: &Spanned<i64>, key: &str, min: i64| {
        if *v.get_ref() >= min {
            Ok(Spanned::new(v.span(), *v.get_ref() as u64))
        } else {
            Err(source.invalid(
                v.span(),
                key,
                format!(
                    "{} is not allowed; use an integer of at least {min}",
                    v.get_ref()
                ),
            ))
        }
    };
    let trials = match &run.trials {
        None => DEFAULT_TRIALS,
        Some(t) if *t.get_ref() as u64 > MAX_TRIALS && *t.get_ref() > 0 => {
            return Err(source.invalid(
                t.span(),
                "run.trials",
                format!(
                    "{} is too many; allowed: an integer from 1 to {MAX_TRIALS} (2^53)",
                    t.get_ref()
                ),
            ));
        }
        Some(t) => at_least(t, "run.trials", 1)?.into_inner(),
    };
    let max_rounds = run.max_rounds.clone();
    let seed = match &run.seed {
        None => DEFAULT_SEED,
        Some(s) => at_least(s, "run.seed", 0)?.into_inner(),
    };
    Ok((RunSettings { trials, seed }, max_rounds))
}
