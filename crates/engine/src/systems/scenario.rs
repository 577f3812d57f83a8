//! A loaded scenario: a parsed [`Document`] (assembled with the registry's [`CATALOG`]: its
//! includes and the templates it uses from its system's library), its checked header, the rule
//! system the registry built from it, and for a fight its `[difficulty]` setting (checked here,
//! once for every system: the sides it may name come from the fight's metrics). Sweep points,
//! variants and tuned values are edits of the same document, each built the same way; their
//! errors name the `[sweep]` or `[variant]` line.

use super::{CATALOG, LoadedSystem, SystemKind};
use crate::combat::Profile;
use oddsmith_core::error::ScenarioError;
use oddsmith_core::stats::Note;
use oddsmith_core::stats::difficulty::{self as band, Setting, Thresholds};
use oddsmith_scenario::set;
use oddsmith_scenario::sweep::{self, Value, Variant};
use oddsmith_scenario::tactics;
use oddsmith_scenario::{Document, Header, RunSettings, Source, difficulty};
use std::path::Path;

/// One pairing of tactic profiles ([`Scenario::tactics_pairings`]).
#[derive(Debug, Clone)]
pub struct Pairing {
    /// The profile of the side the difficulty band is for.
    pub ours: Profile,
    /// The profile of every other side.
    pub theirs: Profile,
    /// The fight played so.
    pub scenario: Scenario,
}

/// A loaded, validated scenario ready to run.
#[derive(Debug, Clone)]
pub struct Scenario {
    /// The parsed file (edited, for a sweep point or a variant).
    pub document: Document,
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
    /// A fight's difficulty setting (`[difficulty]`, or the defaults); `None` for a scenario
    /// that is no fight.
    pub difficulty: Option<Setting>,
    /// The `--set PATH=VALUE` arguments applied to the file, in order (recorded in the
    /// manifest, the report and a saved tally).
    pub sets: Vec<String>,
}

/// One grid point of a sweep: each axis's value and the scenario built with them.
#[derive(Debug, Clone)]
pub struct Point {
    /// Values in axis order.
    pub values: Vec<Value>,
    /// The scenario at this point.
    pub scenario: Scenario,
}

impl Scenario {
    /// Reads and validates the scenario at `path`.
    pub fn load(path: &Path) -> Result<Self, ScenarioError> {
        Self::from_document(Document::read(path, &CATALOG)?)
    }

    /// What runs but makes little sense (a side that cannot hurt anyone), each a line for
    /// stderr naming the file.
    pub fn warnings(&self) -> Vec<String> {
        let path = self.source().path.display().to_string();
        let unused = self.document.unused_templates().into_iter().map(|name| {
            format!(
                "`[[creature]]` template \"{name}\" is defined and never used (`use = \"{name}\"`)"
            )
        });
        self.system
            .warnings()
            .into_iter()
            .chain(unused)
            .map(|w| format!("warning: {path}: {w}"))
            .collect()
    }

    /// Notes on how the scenario resolves (the system's), and the `--set` arguments in
    /// force, if any (`set: check.challenge=7, run.max_rounds=50`).
    pub fn notes(&self) -> Vec<Note> {
        let mut notes = self.system.notes();
        if let Some(line) = self.tactics_in_force() {
            notes.push(Note::Remark(line));
        }
        if !self.sets.is_empty() {
            notes.push(Note::Remark(format!("set: {}", self.sets.join(", "))));
        }
        notes
    }

    /// "tactics in force: Yeti ruthless, …" when a combatant of the file plays a profile other
    /// than `by_the_book` (its own or its side's), and the sides of `[tactics] sides` that
    /// reach only a day's encounters ("foes of side yeti ruthless"); `None` when everyone
    /// plays by the book.
    fn tactics_in_force(&self) -> Option<String> {
        let table = tactics::read(&self.document).ok().flatten();
        let doc = match &table {
            Some(t) => tactics::apply(&self.document, t).ok()?,
            None => self.document.clone(),
        };
        let fighters = sweep::fighters(&doc);
        let mut parts: Vec<String> = Vec::new();
        for (t, name, _) in &fighters {
            let word = doc
                .at(&format!("{t}.{name}.tactics"))
                .and_then(|n| n.as_str());
            if let Some(word) = word.filter(|w| *w != Profile::ByTheBook.word()) {
                parts.push(format!("{name} {word}"));
            }
        }
        for (side, profile) in table.iter().flat_map(|t| &t.sides) {
            let here = fighters.iter().any(|(_, _, s)| s == side.get_ref());
            if !here && profile.get_ref() != Profile::ByTheBook.word() {
                parts.push(format!("side {} {}", side.get_ref(), profile.get_ref()));
            }
        }
        (!parts.is_empty()).then(|| format!("tactics in force: {}", parts.join(", ")))
    }

    /// Loads and validates `path` with each `--set PATH=VALUE` of `sets` applied in order
    /// ([`oddsmith_scenario::set`]); an error the changed values cause says they were in force.
    pub fn load_with(path: &Path, sets: &[String]) -> Result<Self, ScenarioError> {
        let mut document = Document::read(path, &CATALOG)?;
        for arg in sets {
            document = set::apply(&document, arg)?;
        }
        let mut scenario = Self::from_document(document).map_err(|e| set::with_sets(e, sets))?;
        scenario.sets = sets.to_vec();
        Ok(scenario)
    }

    /// Validates a scenario already in memory (`path` names it in messages, and its folder is
    /// where `include` paths start).
    pub fn from_text(path: &str, text: &str) -> Result<Self, ScenarioError> {
        Self::from_document(Document::parse(Source::from_text(path, text))?.assembled(&CATALOG)?)
    }

    /// Validates a parsed document: header, the system it names, that system's sections
    /// (read after templates and counts are expanded, [`Document::expanded`]; the document
    /// kept is the one written, which sweeps and variants edit).
    pub fn from_document(document: Document) -> Result<Self, ScenarioError> {
        let written = document;
        // The header first: a `use` is looked up in the library of the system it names.
        let Header {
            name,
            system,
            description,
            run,
            max_rounds,
        } = written.header()?;
        let kind = SystemKind::from_name(system.get_ref()).ok_or_else(|| {
            written.invalid(
                system.span(),
                "system",
                format!(
                    "unknown rule system \"{}\"{}; allowed: {}",
                    system.get_ref(),
                    oddsmith_scenario::hint::did_you_mean_value(
                        system.get_ref(),
                        SystemKind::ALL.iter().map(|(n, _)| *n)
                    ),
                    SystemKind::allowed(),
                ),
            )
        })?;
        // `[tactics] sides` gives its profile to every combatant of a side that sets none:
        // put in before loading, in a copy (the document kept is the one written, so that an
        // edit of the table takes effect).
        let tactics = oddsmith_scenario::tactics::read(&written)?;
        let is_day = written.get(oddsmith_scenario::day::DAY).is_some();
        let applied = match &tactics {
            Some(t) => {
                // A day's foes come with its encounters: the day's plan checks its sides.
                if !is_day {
                    tactics::check_sides(&written, t, &tactics::sides_of(&written))?;
                }
                tactics::apply(&written, t)?
            }
            None => written.clone(),
        };
        let document = applied.expanded()?;
        let loaded = if written.get(oddsmith_scenario::day::DAY).is_some() {
            let mut sections = kind.sections();
            if !sections.contains(&oddsmith_scenario::day::DAY) {
                sections.push(oddsmith_scenario::day::DAY);
            }
            document.check_sections(kind.name(), &sections)?;
            kind.load_day(&applied, max_rounds)?
        } else {
            document.check_sections(kind.name(), &kind.sections())?;
            kind.load(&document, max_rounds)?
        };
        let difficulty = difficulty_setting(&document, &loaded)?;
        if let (Some(t), None) = (&tactics, &difficulty) {
            return Err(written.invalid(
                t.span.clone(),
                "tactics",
                "[tactics] is for fights (tactic profiles of combatants); this scenario is no \
                 fight: leave the table out",
            ));
        }
        Ok(Self {
            name,
            system_name: system.into_inner(),
            description,
            run,
            system: loaded,
            difficulty,
            document: written,
            sets: Vec::new(),
        })
    }

    /// Whether the scenario is a day (it has a `[day]` table).
    pub fn is_day(&self) -> bool {
        self.document.get(oddsmith_scenario::day::DAY).is_some()
    }

    /// A day's encounters, each run on its own with the party fresh, in order: a fight as
    /// the fight scenario it is, a hazard (which is no scenario of its own for a whole party)
    /// as the day with that encounter alone. For timing a day beside its encounters. Empty
    /// for a scenario that is no day.
    pub fn encounter_runs(&self) -> Result<Vec<Scenario>, ScenarioError> {
        use oddsmith_scenario::{Node, NodeValue};
        let Some(day) = self.document.get(oddsmith_scenario::day::DAY) else {
            return Ok(Vec::new());
        };
        let kind = SystemKind::from_name(&self.system_name).expect("a loaded system");
        let planned = kind.plan_day(&self.document)?.encounters;
        let written = match day.get("encounter").map(|n| &n.value) {
            Some(NodeValue::Array(items)) => items.clone(),
            _ => Vec::new(),
        };
        planned
            .into_iter()
            .zip(written)
            .map(|(e, item)| match e.hazard {
                None => Self::from_document(e.doc),
                Some(_) => {
                    let alone = Node {
                        span: item.span.clone(),
                        value: NodeValue::Array(vec![item]),
                    };
                    let doc = self
                        .document
                        .set("day.encounter", alone)
                        .expect("a day has its encounters");
                    Self::from_document(doc)
                }
            })
            .collect()
    }

    /// A fight played under each pairing of tactic profiles: for each profile of the side
    /// the difficulty band is for (`ours`, the first varying slowest) and each profile of
    /// every other side (`theirs`), this scenario with every combatant's `tactics` set so (a
    /// day's through `[tactics] sides`, so that they reach its encounters' foes: a combatant
    /// of a day that sets its own keeps it). `Err` (in words) for a scenario that is no fight
    /// or day, or has a sweep.
    pub fn tactics_pairings(&self, profiles: &[Profile]) -> Result<Vec<Pairing>, String> {
        let Some(setting) = &self.difficulty else {
            return Err(
                "--tactics plays a fight or a day under each pairing of profiles; \
                        this scenario is neither"
                    .into(),
            );
        };
        if self.sweep_points().map_err(|e| e.to_string())?.is_some() {
            return Err("--tactics and a [sweep] cannot be combined; leave one out".into());
        }
        // A day: every side's profile through `[tactics] sides`, the foes' sides read from
        // its encounters.
        let day_sides = if self.is_day() {
            let kind = SystemKind::from_name(&self.system_name).expect("a loaded system");
            let plan = kind.plan_day(&self.document).map_err(|e| e.to_string())?;
            let mut sides = tactics::sides_of(&self.document);
            for e in &plan.encounters {
                for s in tactics::sides_of(&e.doc) {
                    if !sides.contains(&s) {
                        sides.push(s);
                    }
                }
            }
            Some(sides)
        } else {
            None
        };
        let fighters = sweep::fighters(&self.document);
        let mut out = Vec::new();
        for &ours in profiles {
            for &theirs in profiles {
                let of = |side: &str| if side == setting.side { ours } else { theirs };
                let doc = match &day_sides {
                    Some(sides) => {
                        let sides: Vec<(String, &str)> =
                            sides.iter().map(|s| (s.clone(), of(s).word())).collect();
                        tactics::with_sides(&self.document, &sides)?
                    }
                    None => {
                        let edits: Vec<(String, &str)> = (fighters.iter())
                            .map(|(table, name, side)| {
                                (format!("{table}.{name}.tactics"), of(side).word())
                            })
                            .collect();
                        sweep::with_words(&self.document, &edits)?
                    }
                };
                let mut scenario =
                    Self::from_document(doc).map_err(|e| sweep::inner_message(&e))?;
                scenario.name = format!("{} [{} vs {}]", self.name, ours.word(), theirs.word());
                out.push(Pairing {
                    ours,
                    theirs,
                    scenario,
                });
            }
        }
        Ok(out)
    }

    /// The file this scenario came from (its text as written).
    pub fn source(&self) -> &Source {
        &self.document.source
    }

    /// The checked grid points of the `[sweep]` table, if the file has one.
    pub fn sweep_points(&self) -> Result<Option<Vec<Point>>, ScenarioError> {
        let Some(sweep) = sweep::parse(&self.document)? else {
            return Ok(None);
        };
        let points = sweep.points(&self.document)?;
        points
            .into_iter()
            .map(|p| {
                let scenario = Self::from_document(p.document)
                    .map_err(|e| sweep.point_error(&self.document, &p.values, e))?;
                Ok(Point {
                    values: p.values,
                    scenario,
                })
            })
            .collect::<Result<Vec<_>, _>>()
            .map(Some)
    }

    /// The swept field paths, in order (empty without a `[sweep]`).
    pub fn sweep_fields(&self) -> Result<Vec<String>, ScenarioError> {
        Ok(sweep::parse(&self.document)?
            .map(|s| s.axes.into_iter().map(|a| a.path).collect())
            .unwrap_or_default())
    }

    /// For a sweep over words, each swept field's words (empty for a field of numbers);
    /// empty when no field sweeps words.
    pub fn sweep_words(&self) -> Result<Vec<Vec<String>>, ScenarioError> {
        let words: Vec<Vec<String>> = (sweep::parse(&self.document)?)
            .map(|s| s.axes.iter().map(|a| a.words()).collect())
            .unwrap_or_default();
        Ok(if words.iter().all(Vec::is_empty) {
            Vec::new()
        } else {
            words
        })
    }

    /// The `[variant.NAME]` tables, each with its checked scenario.
    pub fn variants(&self) -> Result<Vec<(Variant, Scenario)>, ScenarioError> {
        sweep::variants(&self.document)?
            .into_iter()
            .map(|(v, doc)| {
                let s = Self::from_document(doc).map_err(|e| v.error(&self.document, e))?;
                Ok((v, s))
            })
            .collect()
    }

    /// This scenario with the integer field at `path` set to `value`; `Err` says why not.
    pub fn with_integer(&self, path: &str, value: i64) -> Result<Scenario, String> {
        let doc = sweep::with_integer(&self.document, path, value)?;
        Self::from_document(doc).map_err(|e| sweep::inner_message(&e))
    }

    /// The integer at `path` in this scenario's file, if any.
    pub fn integer_at(&self, path: &str) -> Option<i64> {
        sweep::integer_at(&self.document, path)
    }
}

/// The difficulty setting of a fight: `[difficulty]` with its `side` checked against the
/// fight's sides, the defaults for what it leaves out; `None` for a scenario that is no
/// fight, where `[difficulty]` is an error.
fn difficulty_setting(
    doc: &Document,
    system: &LoadedSystem,
) -> Result<Option<Setting>, ScenarioError> {
    let table = difficulty::read(doc)?;
    let sides = band::sides(&system.layout());
    let Some(default) = band::default_side(&sides) else {
        return match table {
            Some(t) => Err(doc.invalid(
                t.span,
                "difficulty",
                "[difficulty] belongs to a fight (a band from its sides' any_death and \
                 all_down): give combatants, or remove it",
            )),
            None => Ok(None),
        };
    };
    let mut setting = Setting {
        side: default.to_string(),
        sides,
        thresholds: Thresholds::default(),
    };
    let Some(table) = table else {
        return Ok(Some(setting));
    };
    if let Some(side) = &table.side {
        if !setting.sides.contains(side.get_ref()) {
            return Err(doc.invalid(
                side.span(),
                "difficulty.side",
                format!(
                    "\"{}\" is no side of this fight; allowed: {}",
                    side.get_ref(),
                    setting.allowed_sides()
                ),
            ));
        }
        setting.side = side.get_ref().clone();
    }
    if let Some(t) = table.any_death {
        setting.thresholds.any_death = t;
    }
    if let Some(t) = table.all_down {
        setting.thresholds.all_down = t;
    }
    Ok(Some(setting))
}

#[cfg(test)]
mod tests;
