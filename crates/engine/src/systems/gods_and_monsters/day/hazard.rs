//! A hazard as an encounter of a Gods & Monsters day: rolled for each party member who is
//! up, with that member's own current survival, verve, injuries and mojo and its own scores
//! ([`Roller`]), by the hazard's own rules ([`crate::systems::gods_and_monsters::hazard`]).
//!
//! - As it begins, every living member (up or not) regains its level in verve, up to its
//!   maximum, with `[day] verve_from_scenes` (004:593: "Each character (regardless of
//!   whether they take part in the encounter) will regain up to their own level in verve
//!   once the encounter has definitely begun").
//! - A fall (or a climb's fall) lands on verve (when archetypal), survival and injuries, and
//!   rolls consciousness and the death contest (004:599–617). A lost death contest is death:
//!   nothing in a day heals the injuries in time (004:615), as `[fall]` counts it. A climb's
//!   mojo is bid from the member's own, at most the table's `mojo` (004:976).
//! - An ailment's effect and a march's failed rolls are injury points (004:601, 003:106);
//!   neither rolls consciousness or the death contest, as in `[ailment]` and `[march]`.
//! - A jump and a chase (the member the quarry) change nothing the day carries: their
//!   success is reported.
//!
//! The hazard is passed when a party member is still up after it.

use super::State;
use crate::combat::day::Member;
use crate::systems::gods_and_monsters::hazard::ailment::{Ailment, Victim};
use crate::systems::gods_and_monsters::hazard::chase::{Chase, End};
use crate::systems::gods_and_monsters::hazard::fall::{Climb, Fall, Faller, Start};
use crate::systems::gods_and_monsters::hazard::jump::Jump;
use crate::systems::gods_and_monsters::hazard::march::March;
use oddsmith_core::dice::Dice;
use oddsmith_core::stats::{CounterId, Layout, Meta, Note, RatioId, Role, Tally};

/// The hazard kinds an encounter may be (`kind`).
pub const HAZARDS: [&str; 5] = ["fall", "ailment", "jump", "march", "chase"];

/// The hazard, as its file-level table reads it.
#[derive(Debug, Clone)]
pub enum Hazard {
    /// A fall, or a climb that may end in one.
    Fall(Box<Fall>),
    /// An ailment.
    Ailment(Box<Ailment>),
    /// A jump.
    Jump(Box<Jump>),
    /// A chase, the member the quarry.
    Chase(Box<Chase>),
    /// A forced march.
    March(Box<March>),
}

impl Hazard {
    /// Its kind, as `kind` writes it.
    pub fn kind(&self) -> &'static str {
        match self {
            Hazard::Fall(_) => "fall",
            Hazard::Ailment(_) => "ailment",
            Hazard::Jump(_) => "jump",
            Hazard::Chase(_) => "chase",
            Hazard::March(_) => "march",
        }
    }
}

/// What one member rolls in the hazard: its own scores, resolved when the day loads; its
/// survival, verve, injuries and mojo come in as they are when it rolls.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Roller {
    /// A fall: the faller's endurance, evasion, fortitude and willpower; the climb as the
    /// table has it, its target before injuries.
    Fall {
        /// The faller (its survival, verve and injuries replaced when it rolls).
        faller: Faller,
        /// The climb, where the fall is one's.
        climb: Option<Climb>,
    },
    /// An ailment: the victim's reaction and health (its injuries replaced when it rolls).
    Ailment(Victim),
    /// A jump: the target before injuries.
    Jump {
        /// The table's target.
        target: i64,
    },
    /// A chase: the quarry's target before injuries.
    Chase {
        /// The table's quarry target.
        quarry: i64,
    },
    /// A march: the first roll's target before injuries, with the member's health.
    March {
        /// Health + bonus + 2·slower_by − thirst.
        base: i64,
    },
}

/// What the hazard did to one member.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Effect {
    /// Injury points it gave.
    pub gained: i64,
    /// A fall's damage.
    pub damage: i64,
    /// A fall left it unconscious.
    pub unconscious: bool,
    /// It died.
    pub death: bool,
    /// Climbed, jumped the whole distance, escaped, or the ailment never took hold.
    pub success: bool,
    /// Caught in a chase.
    pub caught: bool,
}

/// One member's metric ids.
#[derive(Debug, Clone)]
struct Ids {
    faced: CounterId,
    gained: RatioId,
    damage: Option<RatioId>,
    unconscious: Option<CounterId>,
    death: CounterId,
    down: CounterId,
    success: Option<CounterId>,
    caught: Option<CounterId>,
}

/// A hazard encounter of a day.
#[derive(Debug, Clone)]
pub struct HazardStage {
    /// The hazard.
    pub hazard: Hazard,
    /// Per member, what it rolls.
    pub rollers: Vec<Roller>,
    /// Per member: its level and its verve's maximum.
    levels: Vec<(i64, i64)>,
    /// Verve from the encounter (004:593).
    pub verve_from_scenes: bool,
    layout: Layout,
    passed: CounterId,
    any_death: CounterId,
    all_down: CounterId,
    ids: Vec<Ids>,
}

impl HazardStage {
    /// `hazard` for the members `names` on `side`, each rolling as `rollers` says, each
    /// with its (level, verve maximum) in `levels`.
    pub fn new(
        hazard: Hazard,
        rollers: Vec<Roller>,
        levels: Vec<(i64, i64)>,
        verve_from_scenes: bool,
        names: &[String],
        side: &str,
    ) -> Self {
        let mut layout = Layout::new();
        let passed = layout.counter("passed", Meta::side(Role::Win, "passes", side));
        let any_death = layout.counter(
            format!("any_death.{side}"),
            Meta::side(Role::AnyDeath, "someone dies", side),
        );
        let all_down = layout.counter(
            format!("all_down.{side}"),
            Meta::side(Role::AllDown, "everyone down", side),
        );
        let fall = matches!(hazard, Hazard::Fall(_));
        let success = match &hazard {
            Hazard::Fall(f) if matches!(f.start, Start::Climb(_)) => Some("climbed"),
            Hazard::Jump(_) => Some("jumped"),
            Hazard::Chase(_) => Some("escaped"),
            Hazard::Ailment(_) => Some("unaffected"),
            _ => None,
        };
        let ids = names
            .iter()
            .map(|n| {
                let meta = |role, label: &str| Meta::combatant(role, label, n, side);
                Ids {
                    faced: layout.counter(format!("faced.{n}"), meta(Role::Other, "faced")),
                    gained: layout.ratio(
                        format!("injuries_gained.{n}"),
                        meta(Role::Other, "injuries gained"),
                    ),
                    damage: fall
                        .then(|| layout.ratio(format!("damage.{n}"), meta(Role::Other, "damage"))),
                    unconscious: fall.then(|| {
                        layout.counter(
                            format!("unconscious.{n}"),
                            meta(Role::Outcome, "unconscious"),
                        )
                    }),
                    death: layout.counter(format!("death.{n}"), meta(Role::Death, "death")),
                    down: layout.counter(format!("down.{n}"), meta(Role::Down, "down")),
                    success: success.map(|label| {
                        layout.counter(format!("success.{n}"), meta(Role::Success, label))
                    }),
                    caught: matches!(hazard, Hazard::Chase(_)).then(|| {
                        layout.counter(format!("caught.{n}"), meta(Role::Outcome, "caught"))
                    }),
                }
            })
            .collect();
        Self {
            hazard,
            rollers,
            levels,
            verve_from_scenes,
            layout,
            passed,
            any_death,
            all_down,
            ids,
        }
    }

    /// Its metrics.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The hazard for `party` (updated in place): whether a member is still up after it.
    pub fn play<D: Dice>(&self, party: &mut [State], dice: &mut D, tally: &mut Tally) -> bool {
        if self.verve_from_scenes {
            // 004:593: every character, taking part or not, as the encounter begins.
            for (s, &(level, most)) in party.iter_mut().zip(&self.levels) {
                if !s.dead {
                    s.verve = (s.verve + level).min(most).max(s.verve);
                }
            }
        }
        for ((s, roller), ids) in party.iter_mut().zip(&self.rollers).zip(&self.ids) {
            let up = s.up();
            tally.count(ids.faced, up);
            let effect = if up {
                let effect = self.roll(roller, s, dice);
                tally.ratio(ids.gained, effect.gained.max(0) as u64, 1);
                if let Some(id) = ids.damage {
                    tally.ratio(id, effect.damage.max(0) as u64, 1);
                }
                effect
            } else {
                Effect::default()
            };
            if let Some(id) = ids.unconscious {
                tally.count(id, effect.unconscious);
            }
            if let Some(id) = ids.success {
                tally.count(id, effect.success);
            }
            if let Some(id) = ids.caught {
                tally.count(id, effect.caught);
            }
            tally.count(ids.death, s.dead);
            tally.count(ids.down, !s.up());
        }
        let passed = party.iter().any(Member::up);
        tally.count(self.passed, passed);
        tally.count(self.any_death, party.iter().any(Member::dead));
        tally.count(self.all_down, !passed);
        passed
    }

    /// Member `s` (up) rolls the hazard as `roller` says: what it did, `s` updated.
    pub fn roll<D: Dice>(&self, roller: &Roller, s: &mut State, dice: &mut D) -> Effect {
        match (&self.hazard, roller) {
            (Hazard::Fall(fall), Roller::Fall { faller, climb }) => {
                let f = Faller {
                    survival: s.survival,
                    verve: s.verve,
                    injuries: s.injuries,
                    ..*faller
                };
                let start = match (climb, fall.start) {
                    (Some(c), _) => Start::Climb(Climb {
                        // 004:601: the injury penalty; 004:976: the member's own mojo.
                        target: c.target - s.injuries,
                        mojo: c.mojo.min(s.mojo.max(0) as u64),
                        ..*c
                    }),
                    (None, start) => start,
                };
                let hurt = fall.resolve_for(&f, start, dice);
                let out = hurt.outcome;
                s.survival = hurt.survival;
                s.verve = hurt.verve;
                s.injuries = hurt.injuries;
                s.mojo -= hurt.mojo_spent as i64;
                if out.unconscious && !s.unconscious {
                    s.unconscious = true;
                    s.out_minutes = 0;
                }
                if out.death {
                    s.dead = true;
                    s.unconscious = false;
                }
                Effect {
                    gained: out.gained,
                    damage: out.damage,
                    unconscious: out.unconscious,
                    death: out.death,
                    success: out.climbed,
                    caught: false,
                }
            }
            (Hazard::Ailment(a), Roller::Ailment(victim)) => {
                let v = Victim {
                    injuries: s.injuries,
                    ..*victim
                };
                let out = a.resolve_for(&v, dice);
                let gained = if a.nature.effect_injures {
                    out.total
                } else {
                    0
                };
                s.injuries += gained;
                Effect {
                    gained,
                    success: out.times == 0,
                    ..Effect::default()
                }
            }
            (Hazard::Jump(j), Roller::Jump { target }) => {
                let face = dice.d20();
                let reached = j.reached_with(target - s.injuries, face);
                Effect {
                    success: reached == j.distance,
                    ..Effect::default()
                }
            }
            (Hazard::Chase(c), Roller::Chase { quarry }) => {
                let (end, _) = c.resolve_with(quarry - s.injuries, dice);
                Effect {
                    success: end == End::Escaped,
                    caught: end == End::Caught,
                    ..Effect::default()
                }
            }
            (Hazard::March(m), Roller::March { base }) => {
                let (gained, _) = m.resolve_from(*base, s.injuries, || dice.d20());
                s.injuries += i64::from(gained);
                Effect {
                    gained: i64::from(gained),
                    ..Effect::default()
                }
            }
            _ => unreachable!("each member rolls the stage's hazard"),
        }
    }

    /// How the hazard resolves in a day.
    pub fn notes(&self) -> Vec<Note> {
        let what = match &self.hazard {
            Hazard::Fall(f) => match f.start {
                Start::Climb(c) => format!(
                    "a climb of {} ft and the fall from where it fails",
                    c.height
                ),
                Start::Height(h) => format!("a fall of {h} ft"),
            },
            Hazard::Ailment(_) => "an ailment".to_string(),
            Hazard::Jump(j) => format!("a jump of {}", j.distance),
            Hazard::Chase(_) => "a chase, each member the quarry".to_string(),
            Hazard::March(m) => format!("a forced march of {} pushes", m.periods),
        };
        vec![Note::Remark(format!(
            "a hazard: {what}, rolled for each member who is up with its own current scores{}",
            if self.verve_from_scenes {
                "; the living regain their level in verve as it begins (004:593)"
            } else {
                ""
            }
        ))]
    }
}
