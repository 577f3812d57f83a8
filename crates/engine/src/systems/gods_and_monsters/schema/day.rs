//! An adventuring day of Gods & Monsters from its plan ([`oddsmith_scenario::day::plan`]):
//! the `[day]` recovery keys, the party's scores from its `[[combatant]]` tables, each
//! encounter's conflict (already read by the fight loader) or hazard, read here from its
//! `[day.encounter.KIND]` table by the file-level hazard's own reader, the character's keys
//! being each member's ([`super::keys::day`]).

use super::combatant;
use super::hazard;
use super::keys::day::{
    DAY, DAY_AILMENT, DAY_CHASE, DAY_CHASE_PURSUER, DAY_CHASE_QUARRY, DAY_FALL, DAY_FALL_CLIMB,
    DAY_JUMP, DAY_MARCH,
};
use crate::combat::day::{Day, Encounter, FightStage, Rest};
use crate::systems::gods_and_monsters::Loaded;
use crate::systems::gods_and_monsters::day::Stage;
use crate::systems::gods_and_monsters::day::hazard::{Hazard, HazardStage, Roller};
use crate::systems::gods_and_monsters::day::recovery::{Night, Rules, Sheet, Wake};
use crate::systems::gods_and_monsters::hazard::ailment::Reaction;
use crate::systems::gods_and_monsters::hazard::fall::Start;
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::day::{Plan, Planned};
use oddsmith_scenario::keys::{Kind, Table, check_unknown};
use oddsmith_scenario::{Document, Node, NodeValue, Spanned};
use serde::Deserialize;
use serde::de::IgnoredAny;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DaySpec {
    /// Read by the planner.
    #[allow(dead_code)]
    party: Option<IgnoredAny>,
    #[allow(dead_code)]
    gap_minutes: Option<IgnoredAny>,
    #[allow(dead_code)]
    encounter: Option<IgnoredAny>,
    night: Option<Spanned<String>>,
    wake: Option<Spanned<String>>,
    verve_from_scenes: Option<bool>,
}

/// The day `plan` describes, its conflicts `fights` (`None` for a hazard).
pub(super) fn day(plan: &Plan, fights: Vec<Option<Loaded>>) -> Result<Loaded, ScenarioError> {
    let doc = &plan.doc;
    let spec: DaySpec = doc.section("day")?.expect("a day");
    let r = DAY.section_reader(doc);
    let night = r.word("night", spec.night.as_ref(), &Night::WORDS)?;
    let wake = r.word("wake", spec.wake.as_ref(), &Wake::WORDS)?;
    let verve_from_scenes = r.bool("verve_from_scenes", spec.verve_from_scenes);
    check_unknown(
        doc,
        &[
            &DAY_FALL,
            &DAY_FALL_CLIMB,
            &DAY_AILMENT,
            &DAY_JUMP,
            &DAY_CHASE,
            &DAY_CHASE_QUARRY,
            &DAY_CHASE_PURSUER,
            &DAY_MARCH,
        ],
    )?;
    let sheets: Vec<Sheet> = combatant::party(doc)?.iter().map(Sheet::from).collect();
    let mut encounters = Vec::with_capacity(plan.encounters.len());
    for (n, (e, fight)) in plan.encounters.iter().zip(fights).enumerate() {
        let at = format!("day.encounter.{}", e.name);
        rest(doc, e, n, &at, &sheets)?;
        let stage = match (fight, &e.hazard) {
            (Some(Loaded::Conflict(mut c)), None) => {
                // A day reads the party's `level` (its nights and verve): no warning that a
                // fight does not.
                c.noticed.retain(|w| {
                    !plan
                        .party
                        .iter()
                        .any(|n| w.contains(&format!("`combatant.{n}.level`")))
                });
                Stage::Fight(Box::new(FightStage::new(*c)))
            }
            (None, Some(kind)) => {
                let hazard = hazard_of(e, kind.get_ref(), &at)?;
                let rollers = rollers(e, &hazard, &sheets, &at)?;
                if verve_from_scenes {
                    verve_needs_level(e, kind.span(), &sheets, &at)?;
                }
                let levels = sheets
                    .iter()
                    .map(|s| (s.level.unwrap_or(0), s.verve))
                    .collect();
                Stage::Hazard(Box::new(HazardStage::new(
                    hazard,
                    rollers,
                    levels,
                    verve_from_scenes,
                    &plan.party,
                    &plan.side,
                )))
            }
            _ => unreachable!("the planner gives a fight its foes and a hazard its kind"),
        };
        encounters.push(Encounter {
            name: e.name.clone(),
            rest: e.rest,
            gap_minutes: e.gap_minutes,
            stage,
        });
    }
    let rules = Rules::new(sheets, night, wake, verve_from_scenes);
    Ok(Loaded::Day(Box::new(Day::new(
        plan.party.clone(),
        plan.side.clone(),
        encounters,
        rules,
    ))))
}

/// Encounter `n`'s `rest`: no short rest (the text has none); a night needs every member's
/// `health` and `level` (004:565).
fn rest(
    doc: &Document,
    e: &Planned,
    n: usize,
    at: &str,
    sheets: &[Sheet],
) -> Result<(), ScenarioError> {
    match e.rest {
        Rest::Short => Err(doc.invalid(
            e.rest_at.clone(),
            format!("{at}.rest"),
            "Gods & Monsters has no short rest: survival comes back only by a night's rest or a \
             day's (004:565, 569), so a short pause gives nothing back; allowed: \"none\" (time \
             passes: give `gap_minutes`), \"long\" (a night)",
        )),
        Rest::Long if n > 0 => {
            for s in sheets {
                if s.health.is_none() || s.level.is_none() {
                    return Err(doc.invalid(
                        e.rest_at.clone(),
                        format!("{at}.rest"),
                        format!(
                            "a night restores level survival or an injury on a health roll \
                             (004:565): give \"{}\" its {} in its [[combatant]] table, or use \
                             rest = \"none\"",
                            s.name,
                            match (s.health, s.level) {
                                (None, None) => "`health` and `level`",
                                (None, _) => "`health`",
                                _ => "`level`",
                            }
                        ),
                    ));
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// A hazard gives each member its level in verve (004:593): a member with verve needs a
/// `level`.
fn verve_needs_level(
    e: &Planned,
    span: std::ops::Range<usize>,
    sheets: &[Sheet],
    at: &str,
) -> Result<(), ScenarioError> {
    match sheets.iter().find(|s| s.verve > 0 && s.level.is_none()) {
        Some(s) => Err(e.doc.invalid(
            span,
            format!("{at}.kind"),
            format!(
                "a hazard gives each member its level in verve as it begins (004:593): give \
                 \"{}\" its `level` in its [[combatant]] table, or set [day] verve_from_scenes \
                 = false",
                s.name
            ),
        )),
        None => Ok(()),
    }
}

/// The top-level table `path` (`fall`, `chase.quarry`) of an encounter's document.
fn table_at<'d>(doc: &'d Document, path: &str) -> Option<&'d Node> {
    doc.at(path)
}

/// The member keys of `decl` written in the table at `path` of the encounter `e`: refused.
fn refuse_own(e: &Planned, path: &str, decl: &Table, at: &str) -> Result<(), ScenarioError> {
    let Some(Node {
        value: NodeValue::Table(entries),
        ..
    }) = table_at(&e.doc, path)
    else {
        return Ok(());
    };
    for (k, _) in entries {
        if let Some(key) = decl.key(k.get_ref()).filter(|k| k.kind == Kind::Refused) {
            return Err(e.doc.invalid(
                k.span(),
                format!("{at}.{path}.{}", key.name),
                format!("`{}` is {}: remove it", key.name, key.meaning),
            ));
        }
    }
    Ok(())
}

/// `doc` with `key = value` put in the table at `path` where it is not written.
fn placeholder(doc: Document, path: &str, key: &str, value: i64) -> Document {
    if doc.at(&format!("{path}.{key}")).is_some() {
        return doc;
    }
    let span = doc.at(path).map_or(0..0, |n| n.span.clone());
    let node = Node {
        span,
        value: NodeValue::Integer(value, value.to_string()),
    };
    doc.edited(&[], &[(&format!("{path}.{key}"), node)])
        .expect("the table is there")
}

/// The integer written at `path` of an encounter's document, if any.
fn written(e: &Planned, path: &str) -> Option<i64> {
    e.doc.at(path).and_then(Node::as_integer)
}

/// The hazard of encounter `e` of `kind`, read by the file-level reader from its table with
/// the character's keys refused and, where the reader requires them, stood in for (each
/// member's own come in when it rolls).
fn hazard_of(e: &Planned, kind: &str, at: &str) -> Result<Hazard, ScenarioError> {
    let doc = e.doc.clone();
    Ok(match kind {
        "fall" => {
            refuse_own(e, "fall", &DAY_FALL, at)?;
            let doc = ["survival", "endurance", "evasion", "fortitude", "willpower"]
                .into_iter()
                .fold(doc, |d, k| {
                    placeholder(d, "fall", k, i64::from(k == "endurance"))
                });
            Hazard::Fall(Box::new(hazard::fall(&doc)?))
        }
        "ailment" => {
            refuse_own(e, "ailment", &DAY_AILMENT, at)?;
            let doc = ["evasion", "perception", "health"]
                .into_iter()
                .fold(doc, |d, k| placeholder(d, "ailment", k, 0));
            Hazard::Ailment(Box::new(hazard::ailment(&doc)?))
        }
        "jump" => {
            refuse_own(e, "jump", &DAY_JUMP, at)?;
            Hazard::Jump(Box::new(hazard::jump(&doc)?))
        }
        "chase" => {
            refuse_own(e, "chase.quarry", &DAY_CHASE_QUARRY, at)?;
            Hazard::Chase(Box::new(hazard::chase(&doc)?))
        }
        _ => {
            refuse_own(e, "march", &DAY_MARCH, at)?;
            let doc = placeholder(doc, "march", "health", 0);
            Hazard::March(Box::new(hazard::march(&doc)?))
        }
    })
}

/// A member's score `name` for the hazard at `path`: its own, else the table's; missing
/// from both is an error at the table.
fn score(
    e: &Planned,
    own: Option<i64>,
    sheet: &Sheet,
    path: &str,
    name: &str,
    why: &str,
    at: &str,
) -> Result<i64, ScenarioError> {
    own.or_else(|| written(e, &format!("{path}.{name}")))
        .ok_or_else(|| {
            e.doc.invalid(
                e.doc.at(path).map_or(e.at.clone(), |n| n.span.clone()),
                format!("{at}.{path}.{name}"),
                format!(
                    "\"{}\" has no `{name}` and the table gives none: {why}; give it `{name}` \
                     in its [[combatant]] table, or `{name}` here for those without",
                    sheet.name
                ),
            )
        })
}

/// The reaction an ailment's table names (`reaction`, or its declared default).
fn reaction_of(e: &Planned) -> Reaction {
    let word = e
        .doc
        .at("ailment.reaction")
        .and_then(Node::as_str)
        .unwrap_or("evasion");
    Reaction::WORDS
        .iter()
        .find(|(w, _)| *w == word)
        .map_or(Reaction::Evasion, |(_, r)| *r)
}

/// What each member rolls in `hazard`: its scores, resolved now.
fn rollers(
    e: &Planned,
    hazard: &Hazard,
    sheets: &[Sheet],
    at: &str,
) -> Result<Vec<Roller>, ScenarioError> {
    sheets
        .iter()
        .map(|s| {
            Ok(match hazard {
                Hazard::Fall(f) => {
                    let evasion = score(
                        e,
                        s.evasion,
                        s,
                        "fall",
                        "evasion",
                        "a fall under 20 feet rolls evasion (003:49)",
                        at,
                    )?;
                    let mut faller = f.faller;
                    faller.endurance = s.endurance;
                    faller.evasion = evasion;
                    faller.fortitude = s.fortitude;
                    faller.willpower = s.willpower;
                    let climb = match f.start {
                        Start::Climb(c) => Some(c),
                        Start::Height(_) => None,
                    };
                    Roller::Fall { faller, climb }
                }
                Hazard::Ailment(a) => {
                    let mut victim = a.victim;
                    victim.reaction = match reaction_of(e) {
                        Reaction::Perception => s.perception,
                        Reaction::Evasion => score(
                            e,
                            s.evasion,
                            s,
                            "ailment",
                            "evasion",
                            "the ailment is resisted with evasion (003:9)",
                            at,
                        )?,
                        Reaction::Health => score(
                            e,
                            s.health,
                            s,
                            "ailment",
                            "health",
                            "the ailment is resisted with health (003:9)",
                            at,
                        )?,
                    };
                    victim.health = if a.nature.chronic {
                        score(
                            e,
                            s.health,
                            s,
                            "ailment",
                            "health",
                            "a chronic ailment is thrown off with health (003:13)",
                            at,
                        )?
                    } else {
                        s.health
                            .or_else(|| written(e, "ailment.health"))
                            .unwrap_or(0)
                    };
                    Roller::Ailment(victim)
                }
                Hazard::Jump(j) => Roller::Jump { target: j.target },
                Hazard::Chase(c) => Roller::Chase { quarry: c.quarry },
                Hazard::March(m) => {
                    let health = score(
                        e,
                        s.health,
                        s,
                        "march",
                        "health",
                        "each push is a health roll (003:105)",
                        at,
                    )?;
                    let table = written(e, "march.health").unwrap_or(0);
                    Roller::March {
                        base: m.base - table + health,
                    }
                }
            })
        })
        .collect()
}
