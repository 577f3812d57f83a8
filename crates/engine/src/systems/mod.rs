//! Rule systems behind one trait, and the registry that names them.
//!
//! Each system is a folder: a `schema.rs` that reads its sections of a scenario into plain
//! structs, and pure rule files that resolve one trial at a time ([`RuleSystem`]), declare what
//! they count with each metric's role, and give exact values where they can. Fights record
//! through [`crate::combat`]. The runner and the output code never know a rule.
//!
//! [`registry!`] below is the only list of systems: it makes [`SystemKind`], the names a
//! scenario's `system =` may take, the sections each system reads, [`LoadedSystem`] and the
//! dispatch to the concrete system ([`LoadedSystem::visit`]), so every system's trial loop is
//! monomorphized and nothing is looked up by name per trial. It also makes [`CATALOG`], the
//! systems as data for the layers that know no rule: the scenario layer (the `system` key's
//! words, each system's library `library/<name>.toml`, the reference) and `oddsmith new` (each
//! declared shape's example). Adding a system is its folder, its library file and two lines
//! here (`pub mod` and its registry line).

pub mod bonus_dice;
pub mod gods_and_monsters;
pub mod invisible_sun;
mod scenario;
pub mod unbound_legends;

pub use scenario::{Pairing, Point, Scenario};

use crate::combat::exact::Limits;
use oddsmith_core::dice::Tape;
use oddsmith_core::error::ScenarioError;
use oddsmith_core::stats::{ExactValues, Layout, Note, Tally};
use oddsmith_scenario::catalog::Catalog;
use oddsmith_scenario::keys::{self, Schema};
use oddsmith_scenario::library::Library;
use oddsmith_scenario::{Document, Spanned};
use rand::Rng;

/// The seam every rule system implements.
pub trait RuleSystem: Sync {
    /// Per-batch scratch state (combatant arrays and the like), reset between trials.
    type Scratch: Send;

    /// The counters and histograms this system fills, fixed when the scenario loads.
    fn layout(&self) -> &Layout;

    /// Fresh scratch state for one batch.
    fn scratch(&self) -> Self::Scratch;

    /// Resolves one trial with `rng` and adds its outcome to `tally` before returning (the
    /// runner counts the trial itself). Paired comparisons rely on this: the tally after a
    /// call holds that trial's outcome.
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, scratch: &mut Self::Scratch, tally: &mut Tally);

    /// Resolves `trials` trials into `tally`, as that many calls of [`trial`] would: the same
    /// distribution, and the same numbers from the same generator every time. A system may
    /// count in `scratch` here and add the counts once at the end, or keep packed dice
    /// streams from one trial to the next (so its numbers differ from separate calls of
    /// [`trial`], which start fresh streams).
    ///
    /// [`trial`]: RuleSystem::trial
    fn batch<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        trials: u64,
        scratch: &mut Self::Scratch,
        tally: &mut Tally,
    ) {
        for _ in 0..trials {
            self.trial(rng, scratch, tally);
        }
    }

    /// Paired runs, scenario A's side: `trials` trials as [`batch`] runs them — the same
    /// numbers from the same generator — each trial's draws recorded on `tape` (cleared
    /// before each) and `after(tally, tape)` called after each, with that trial's outcome
    /// in `tally`. By default each trial's generator outputs are recorded; a system whose
    /// [`batch`] differs from separate calls of [`trial`] records its dice instead
    /// ([`Tape::recording_dice`]).
    ///
    /// [`batch`]: RuleSystem::batch
    /// [`trial`]: RuleSystem::trial
    fn batch_taped<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        trials: u64,
        scratch: &mut Self::Scratch,
        tally: &mut Tally,
        taped: Taped<'_>,
    ) {
        taped.each(trials, tally, |tape, tally| {
            self.trial(&mut tape.recording(rng), scratch, tally);
        });
    }

    /// Paired runs, scenario B's side: one trial that draws what `tape` recorded of A's
    /// same trial as far as it asks for the same, then from `fallback`, its outcome added
    /// to `tally` before it returns. Matches how [`RuleSystem::batch_taped`] records.
    fn trial_replayed<R: Rng + ?Sized>(
        &self,
        tape: &Tape,
        fallback: &mut R,
        scratch: &mut Self::Scratch,
        tally: &mut Tally,
    ) {
        self.trial(&mut tape.replaying(fallback), scratch, tally);
    }

    /// Exact values by metric name, where they can be computed.
    fn exact(&self) -> Option<ExactValues> {
        None
    }

    /// Exact values by metric name within `limits` (a fight's exact walk,
    /// [`crate::combat::exact`], stops past them): `Ok(None)` where there are none to compute,
    /// `Err` saying why a fight has none (too large).
    fn exact_with(&self, limits: &Limits) -> Result<Option<ExactValues>, String> {
        let _ = limits;
        Ok(self.exact())
    }

    /// How far each exact value may be from the true one, by metric name, where the values
    /// come from capped tables (0: exact to rounding). `None`: the system states no bounds.
    fn exact_bounds(&self) -> Option<ExactValues> {
        None
    }

    /// Notes on how the scenario resolves (e.g. "routine: no dice are rolled"), each of its
    /// kind ([`Note`]: a fight's aftermath in force is [`Note::Aftermath`]).
    fn notes(&self) -> Vec<Note> {
        Vec::new()
    }

    /// What runs but makes little sense (a side that cannot hurt anyone): printed on stderr
    /// by `validate` and `run`, not an error.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
}

/// Where a paired run's A side records each trial ([`RuleSystem::batch_taped`]), and what
/// it does after each: runs B's same trial on the tape and counts both.
pub struct Taped<'a> {
    /// The tape, cleared before each trial.
    pub tape: &'a mut Tape,
    /// Called after each trial with the tally holding its outcome, and its tape.
    pub after: &'a mut dyn FnMut(&Tally, &Tape),
}

impl Taped<'_> {
    /// Runs `trial` `trials` times, each on a cleared tape with `tally`, and calls
    /// [`Taped::after`] after each.
    pub fn each(
        self,
        trials: u64,
        tally: &mut Tally,
        mut trial: impl FnMut(&mut Tape, &mut Tally),
    ) {
        for _ in 0..trials {
            self.tape.clear();
            trial(self.tape, tally);
            (self.after)(tally, self.tape);
        }
    }
}

/// A rule system whose trials stand alone, with no per-batch state — a check, a contest, an
/// attack, a hazard. It writes only its rules; [`Alone`] makes it a [`RuleSystem`] and it
/// dispatches to itself. (A fight is a [`crate::combat::Fight`] instead.)
pub trait Trial: Sync {
    /// The counters and histograms this system fills, fixed when the scenario loads.
    fn layout(&self) -> &Layout;

    /// Resolves one trial with `rng` and adds its outcome to `tally` (as
    /// [`RuleSystem::trial`]).
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally);

    /// Resolves `trials` trials into `tally` (as [`RuleSystem::batch`]).
    fn batch<R: Rng + ?Sized>(&self, rng: &mut R, trials: u64, tally: &mut Tally) {
        for _ in 0..trials {
            self.trial(rng, tally);
        }
    }

    /// As [`RuleSystem::batch_taped`]: by default each trial's generator outputs.
    fn batch_taped<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        trials: u64,
        tally: &mut Tally,
        taped: Taped<'_>,
    ) {
        taped.each(trials, tally, |tape, tally| {
            self.trial(&mut tape.recording(rng), tally);
        });
    }

    /// As [`RuleSystem::trial_replayed`].
    fn trial_replayed<R: Rng + ?Sized>(&self, tape: &Tape, fallback: &mut R, tally: &mut Tally) {
        self.trial(&mut tape.replaying(fallback), tally);
    }

    /// As [`RuleSystem::exact`].
    fn exact(&self) -> Option<ExactValues> {
        None
    }

    /// As [`RuleSystem::exact_bounds`].
    fn exact_bounds(&self) -> Option<ExactValues> {
        None
    }

    /// As [`RuleSystem::notes`].
    fn notes(&self) -> Vec<Note> {
        Vec::new()
    }
}

/// A [`Trial`] seen as a [`RuleSystem`]: no scratch, every call passed on.
pub struct Alone<'a, T>(pub &'a T);

impl<T: Trial> RuleSystem for Alone<'_, T> {
    type Scratch = ();

    fn layout(&self) -> &Layout {
        self.0.layout()
    }

    fn scratch(&self) {}

    #[inline]
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, _: &mut (), tally: &mut Tally) {
        self.0.trial(rng, tally);
    }

    fn batch<R: Rng + ?Sized>(&self, rng: &mut R, trials: u64, _: &mut (), tally: &mut Tally) {
        self.0.batch(rng, trials, tally);
    }

    fn batch_taped<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        trials: u64,
        _: &mut (),
        tally: &mut Tally,
        taped: Taped<'_>,
    ) {
        self.0.batch_taped(rng, trials, tally, taped);
    }

    fn trial_replayed<R: Rng + ?Sized>(
        &self,
        tape: &Tape,
        fallback: &mut R,
        _: &mut (),
        tally: &mut Tally,
    ) {
        self.0.trial_replayed(tape, fallback, tally);
    }

    fn exact(&self) -> Option<ExactValues> {
        self.0.exact()
    }

    fn exact_bounds(&self) -> Option<ExactValues> {
        self.0.exact_bounds()
    }

    fn notes(&self) -> Vec<Note> {
        self.0.notes()
    }
}

impl<T: Trial> Dispatch for T {
    fn dispatch<V: Visit>(&self, v: V) -> V::Output {
        v.visit(&Alone(self))
    }
}

/// Something done with a concrete rule system (a run, a paired run): the way generic code
/// reaches the system a scenario loaded, monomorphized per system.
pub trait Visit {
    /// What the visit returns.
    type Output;
    /// Does it with `system`.
    fn visit<S: RuleSystem>(self, system: &S) -> Self::Output;
}

/// A system's loaded form (one rule system, or an enum of its kinds) passes a [`Visit`] on to
/// the concrete system inside.
pub trait Dispatch {
    /// Calls `v.visit` with the concrete system.
    fn dispatch<V: Visit>(&self, v: V) -> V::Output;
}

/// What every registered system folder provides.
pub trait SystemModule {
    /// The loaded form of a scenario of this system.
    type Loaded: Dispatch + std::fmt::Debug + Clone + Send + Sync;
    /// Every key the system reads, declared once ([`oddsmith_scenario::keys`]).
    const SCHEMA: &'static Schema;
    /// Builds the system from `doc`, given `[run] max_rounds` when the file has one.
    fn load(
        doc: &Document,
        max_rounds: Option<Spanned<i64>>,
    ) -> Result<Self::Loaded, ScenarioError>;

    /// The hazard kinds an encounter of a day may be (`kind = "fall"`); none by default.
    const HAZARDS: &'static [&'static str] = &[];

    /// Builds a day ([`crate::combat::day`]) from its plan: `fights[n]` is encounter `n`'s
    /// fight as [`SystemModule::load`] read it (`None` for a hazard, whose table is in the
    /// plan), the system's `[day]` keys are in `plan.doc`. By default the system has no days.
    fn day(
        plan: &oddsmith_scenario::day::Plan,
        fights: Vec<Option<Self::Loaded>>,
    ) -> Result<Self::Loaded, ScenarioError> {
        let _ = fights;
        let at = plan.doc.get("day").map_or(0..0, |d| d.span.clone());
        Err(plan
            .doc
            .invalid(at, "day", "this system has no adventuring days yet"))
    }
}

/// One line per system: variant, folder module, `system =` name, what it covers.
macro_rules! registry {
    ($($variant:ident => $module:ident, $name:literal, $doc:literal;)+) => {
        /// The rule systems a scenario's `system =` may name.
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        pub enum SystemKind {
            $(#[doc = $doc] $variant,)+
        }

        /// Every system as the scenario layer reads it: its name, key declarations and
        /// built-in library (`library/<name>.toml`), in registry order, and the top level's
        /// keys, whose `system` takes every name.
        pub const CATALOG: Catalog = Catalog {
            header: &keys::common::header(&keys::common::header_keys(SystemKind::NAMES)),
            systems: &[$(oddsmith_scenario::catalog::System {
                name: $name,
                schema: <$module::System as SystemModule>::SCHEMA,
                library: Library {
                    system: $name,
                    path: concat!("library/", $name, ".toml"),
                    text: include_str!(concat!("../../../../library/", $name, ".toml")),
                },
            },)+],
        };

        impl SystemKind {
            /// Every system with the name a scenario uses for it.
            pub const ALL: &'static [(&'static str, SystemKind)] =
                &[$(($name, SystemKind::$variant),)+];

            /// Every system's name, in order: the words `system =` takes.
            pub const NAMES: &'static [&'static str] = &[$($name,)+];

            /// The sections this system reads: those its declarations name.
            pub fn sections(self) -> Vec<&'static str> {
                self.schema().sections()
            }

            /// The system as [`CATALOG`] lists it.
            pub fn listed(self) -> &'static oddsmith_scenario::catalog::System {
                &CATALOG.systems[self as usize]
            }

            /// Every key the system reads, declared once.
            pub fn schema(self) -> &'static Schema {
                self.listed().schema
            }

            /// What the system covers, for documentation and `--help`.
            pub fn description(self) -> &'static str {
                match self {
                    $(SystemKind::$variant => $doc,)+
                }
            }

            /// Builds the system from `doc`.
            pub fn load(
                self,
                doc: &Document,
                max_rounds: Option<Spanned<i64>>,
            ) -> Result<LoadedSystem, ScenarioError> {
                oddsmith_scenario::keys::check_unknown(doc, &self.schema().tables())?;
                Ok(match self {
                    $(SystemKind::$variant => LoadedSystem::$variant(
                        <$module::System as SystemModule>::load(doc, max_rounds)?,
                    ),)+
                })
            }
        }

        impl SystemKind {
            /// The day `doc` (as written, with a `[day]` table) planned: each encounter a
            /// scenario document of its own ([`oddsmith_scenario::day::plan`]).
            pub fn plan_day(self, doc: &Document) -> Result<oddsmith_scenario::day::Plan, ScenarioError> {
                use oddsmith_scenario::day::{self, Fighters};
                let schema = self.schema();
                let tables = schema.tables();
                let fighters = if tables.iter().any(|t| t.path == "pc") {
                    Fighters::PcsAndNpcs
                } else {
                    Fighters::Combatants
                };
                let day_tables: Vec<_> = tables
                    .iter()
                    .copied()
                    .filter(|t| t.path == day::DAY)
                    .collect();
                oddsmith_scenario::keys::check_unknown(doc, &day_tables)?;
                let hazards = self.hazards();
                // The tables an encounter may give its own: a fight's, a hazard's.
                let mut sections: Vec<&str> = Vec::new();
                for shape in schema.shapes.iter().filter(|s| s.fight || hazards.contains(&s.name)) {
                    for t in shape.tables {
                        let first = t.path.split('.').next().unwrap_or(t.path);
                        if !first.is_empty() && !sections.contains(&first) {
                            sections.push(first);
                        }
                    }
                }
                day::plan(doc, fighters, &sections, hazards)
            }

            /// The hazard kinds an encounter of a day may be.
            pub fn hazards(self) -> &'static [&'static str] {
                match self {
                    $(SystemKind::$variant => <$module::System as SystemModule>::HAZARDS,)+
                }
            }

            /// Builds a day from `doc` (as written, with a `[day]` table): each encounter's
            /// fight read as a scenario of its own ([`SystemKind::plan_day`]), then the
            /// system's day.
            pub fn load_day(
                self,
                doc: &Document,
                max_rounds: Option<Spanned<i64>>,
            ) -> Result<LoadedSystem, ScenarioError> {
                let plan = self.plan_day(doc)?;
                let others: Vec<_> = self
                    .schema()
                    .tables()
                    .into_iter()
                    .filter(|t| !t.path.starts_with(oddsmith_scenario::day::DAY))
                    .collect();
                match self {
                    $(SystemKind::$variant => {
                        type M = $module::System;
                        let mut fights = Vec::with_capacity(plan.encounters.len());
                        for e in &plan.encounters {
                            fights.push(match e.hazard {
                                Some(_) => None,
                                None => {
                                    oddsmith_scenario::keys::check_unknown(&e.doc, &others)?;
                                    Some(<M as SystemModule>::load(&e.doc, max_rounds.clone())?)
                                }
                            });
                        }
                        Ok(LoadedSystem::$variant(<M as SystemModule>::day(&plan, fights)?))
                    })+
                }
            }
        }

        /// A rule system built from a scenario, ready to run.
        #[derive(Debug, Clone)]
        pub enum LoadedSystem {
            $(#[doc = $doc] $variant(<$module::System as SystemModule>::Loaded),)+
        }

        impl LoadedSystem {
            /// Calls `v.visit` with the concrete system inside.
            pub fn visit<V: Visit>(&self, v: V) -> V::Output {
                match self {
                    $(LoadedSystem::$variant(s) => s.dispatch(v),)+
                }
            }
        }
    };
}

registry! {
    InvisibleSun => invisible_sun, "invisible-sun",
        "Invisible Sun (000_2810d6a557b34243.txt): action rolls with magic dice and flux.";
    GodsAndMonsters => gods_and_monsters, "gods-and-monsters",
        "Gods & Monsters (003_…, 004_803a11f5ee1b6e60.txt): rolls, contests, conflicts and hazards.";
    UnboundLegends => unbound_legends, "unbound-legends",
        "Unbound Legends (001_9a2522fe8d4a2682.txt): checks, attacks, death saves, contests, group rolls.";
    BonusDice => bonus_dice, "bonus-dice",
        "The bonus-dice d20 system (002_88b8445f1f52ae9c.txt): checks, attacks against Guard and Dodge, damage.";
}

impl SystemKind {
    /// Looks up a scenario's `system =` value.
    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.iter().find(|(n, _)| *n == name).map(|(_, k)| *k)
    }

    /// The name a scenario uses for this system.
    pub fn name(self) -> &'static str {
        self.listed().name
    }

    /// The names allowed in `system =`, for error messages.
    pub fn allowed() -> String {
        CATALOG.allowed()
    }
}

/// The visits [`LoadedSystem`] answers directly.
struct LayoutOf;
impl Visit for LayoutOf {
    type Output = Layout;
    fn visit<S: RuleSystem>(self, s: &S) -> Layout {
        s.layout().clone()
    }
}

struct ExactOf;
impl Visit for ExactOf {
    type Output = Option<ExactValues>;
    fn visit<S: RuleSystem>(self, s: &S) -> Option<ExactValues> {
        s.exact()
    }
}

struct ExactWith(Limits);
impl Visit for ExactWith {
    type Output = Result<Option<ExactValues>, String>;
    fn visit<S: RuleSystem>(self, s: &S) -> Self::Output {
        s.exact_with(&self.0)
    }
}

struct BoundsOf;
impl Visit for BoundsOf {
    type Output = Option<ExactValues>;
    fn visit<S: RuleSystem>(self, s: &S) -> Option<ExactValues> {
        s.exact_bounds()
    }
}

struct NotesOf;
impl Visit for NotesOf {
    type Output = Vec<Note>;
    fn visit<S: RuleSystem>(self, s: &S) -> Vec<Note> {
        s.notes()
    }
}

struct WarningsOf;
impl Visit for WarningsOf {
    type Output = Vec<String>;
    fn visit<S: RuleSystem>(self, s: &S) -> Vec<String> {
        s.warnings()
    }
}

impl LoadedSystem {
    /// The system's metric layout.
    pub fn layout(&self) -> Layout {
        self.visit(LayoutOf)
    }

    /// Exact values, where the system can compute them.
    pub fn exact(&self) -> Option<ExactValues> {
        self.visit(ExactOf)
    }

    /// Exact values within `limits` ([`RuleSystem::exact_with`]), or why a fight has none.
    pub fn exact_with(&self, limits: &Limits) -> Result<Option<ExactValues>, String> {
        self.visit(ExactWith(*limits))
    }

    /// Bounds on the exact values, where the system states them.
    pub fn exact_bounds(&self) -> Option<ExactValues> {
        self.visit(BoundsOf)
    }

    /// Notes on how the scenario resolves.
    pub fn notes(&self) -> Vec<Note> {
        self.visit(NotesOf)
    }

    /// What runs but makes little sense ([`RuleSystem::warnings`]).
    pub fn warnings(&self) -> Vec<String> {
        self.visit(WarningsOf)
    }
}

#[cfg(test)]
mod tests;

/// A scenario text for `kind` with `body` after the two header lines (for tests).
#[cfg(test)]
pub(crate) fn scenario_text(kind: SystemKind, body: &str) -> String {
    format!("name = \"t\"\nsystem = \"{}\"\n{body}", kind.name())
}
