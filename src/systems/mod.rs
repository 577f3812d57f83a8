//! Rule systems behind one trait. Each module reads its part of a scenario, declares what it
//! counts, resolves one trial at a time and gives exact values where it can; the runner and
//! the output code never know a rule.
//!
//! A scenario's `system =` picks one [`SystemKind`] when the file loads; [`LoadedSystem`]
//! holds the built system and calls the generic runner once, so every system's trial loop is
//! monomorphized and nothing is looked up by name per trial.

pub mod gods_and_monsters;
pub mod invisible_sun;

use crate::error::ScenarioError;
use crate::scenario::{RunSettings, Source};
use crate::stats::{ExactValues, Layout, Tally};
use rand::Rng;

/// The seam every rule system implements.
pub trait RuleSystem: Sync {
    /// Per-batch scratch state (combatant arrays and the like), reset between trials.
    type Scratch: Send;

    /// The counters and histograms this system fills, fixed when the scenario loads.
    fn layout(&self) -> &Layout;

    /// Fresh scratch state for one batch.
    fn scratch(&self) -> Self::Scratch;

    /// Resolves one trial with `rng` and adds its outcome to `tally` (the runner counts the
    /// trial itself).
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, scratch: &mut Self::Scratch, tally: &mut Tally);

    /// Called once after a batch's trials: a system that counts in its scratch state adds
    /// those counts to `tally` here.
    fn finish_batch(&self, _scratch: &mut Self::Scratch, _tally: &mut Tally) {}

    /// Exact values by metric name, where they can be computed.
    fn exact(&self) -> Option<ExactValues> {
        None
    }

    /// Remarks on how the scenario resolves (e.g. "routine: no dice are rolled").
    fn notes(&self) -> Vec<String> {
        Vec::new()
    }
}

/// The rule systems a scenario's `system =` may name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SystemKind {
    /// `invisible-sun` (000_2810d6a557b34243.txt).
    InvisibleSun,
    /// `gods-and-monsters` (003_2f5399e0a98f81be.txt, 004_803a11f5ee1b6e60.txt).
    GodsAndMonsters,
}

impl SystemKind {
    /// Every system with the name a scenario uses for it.
    pub const ALL: &'static [(&'static str, SystemKind)] = &[
        ("invisible-sun", SystemKind::InvisibleSun),
        ("gods-and-monsters", SystemKind::GodsAndMonsters),
    ];

    /// Looks up a scenario's `system =` value.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
    }

    /// The names allowed in `system =`, for error messages.
    pub fn allowed() -> String {
        Self::ALL
            .iter()
            .map(|(n, _)| format!("\"{n}\""))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// A rule system built from a scenario, ready to run.
#[derive(Debug, Clone)]
pub enum LoadedSystem {
    /// An Invisible Sun action roll.
    InvisibleSun(invisible_sun::ActionRoll),
    /// A Gods & Monsters ability or reaction roll.
    GmRoll(gods_and_monsters::roll::RollCheck),
    /// A Gods & Monsters contested action.
    GmContest(gods_and_monsters::contest::Contest),
    /// A Gods & Monsters conflict.
    GmConflict(gods_and_monsters::conflict::Conflict),
}

/// Calls `$body` with `$sys` bound to the concrete system inside a [`LoadedSystem`].
#[macro_export]
macro_rules! with_system {
    ($loaded:expr, $sys:ident => $body:expr) => {
        match $loaded {
            $crate::systems::LoadedSystem::InvisibleSun($sys) => $body,
            $crate::systems::LoadedSystem::GmRoll($sys) => $body,
            $crate::systems::LoadedSystem::GmContest($sys) => $body,
            $crate::systems::LoadedSystem::GmConflict($sys) => $body,
        }
    };
}

impl LoadedSystem {
    /// Builds the system `kind` from the scenario text in `source`.
    pub fn load(
        kind: SystemKind,
        source: &Source,
        run: &RunSettings,
    ) -> Result<Self, ScenarioError> {
        Ok(match kind {
            SystemKind::InvisibleSun => {
                LoadedSystem::InvisibleSun(invisible_sun::ActionRoll::from_source(source, run)?)
            }
            SystemKind::GodsAndMonsters => gods_and_monsters::load(source, run)?,
        })
    }

    /// The system's metric layout.
    pub fn layout(&self) -> &Layout {
        with_system!(self, s => s.layout())
    }

    /// Exact values, where the system can compute them.
    pub fn exact(&self) -> Option<ExactValues> {
        with_system!(self, s => s.exact())
    }

    /// Remarks on how the scenario resolves.
    pub fn notes(&self) -> Vec<String> {
        with_system!(self, s => s.notes())
    }
}
