//! A bonus-dice adventuring day ([`crate::combat::day`]): the party's skirmishes in a row,
//! each member carried from one to the next ([`State`]), and the rules between them
//! ([`Rests`], every choice a `[day]` key declared in `schema/keys.rs`).
//!
//! The gap before an encounter, in order:
//!
//! 1. Its rest. A `"short"` rest restores full Vigor, and full Durability unless Wounded
//!    (002:52–53: "Durability recovers quickly unless you are wounded"; `gap_durability`).
//!    Then emergency aid (002:28: 2 actions and a Medicine check VS 20 restore 1d10
//!    Durability on a wounded creature; `emergency_aid`): the first party member up with
//!    `medicine`, its dice as at the rest's start (a Wounded medic's a step down, 002:53),
//!    checks each Wounded member up in scenario order, itself included — once each, or until
//!    one succeeds; each success rolls the d10 at once. Durability restored this way ends
//!    Wounded (`wounded_ends`: Wounded is Durability at 0, 002:51, 53). The seed gives no
//!    night: a `"long"` rest is what `[day] long_rest = { health = N }` says, N Health each
//!    (a stabilised member at 1 or more wakes, 002:76), then all a short rest does.
//! 2. `gap_minutes`, 4 rounds of 15 seconds a minute (002:5, 002:7), each with its Recovery
//!    phase (002:44–46): Vigor back at the fighter's `vigor_recovery` (⌊Stamina / 5⌋,
//!    002:45) up to its maximum, Winded ending at 5 (002:43); Durability back at its
//!    `durability_recovery` unless Wounded (002:46, 002:52); and Health at `health_per_day`
//!    per 24 hours of the day's gaps (0: "Your Health recovers very slowly", 002:54), a
//!    stabilised member waking once it has 1 (002:76). Shock's countdown needs no gap: each
//!    fight's aftermath runs it out (002:75), so nobody is in Shock between encounters, and
//!    one stabilised stays unconscious until it recovers 1 Health — with no Health back, out
//!    for the day.
//!
//! The dead keep their values as at death. Resources at the day's end, per party member:
//! `health_left.NAME.mean`, `durability_left.NAME.mean`, `wounded_at_end.NAME`.

use super::dice::{BonusDice, Burst};
use super::rules::SuccessOn;
use super::skirmish::carry::{Condition, State};
use super::skirmish::{MEDICINE_VS, Skirmish, WINDED_UNTIL, medicine_check};
use crate::combat::day::{Carry, Member, Recovery, Rest};
use oddsmith_core::dice::Dice;
use oddsmith_core::stats::{CounterId, Layout, Meta, Note, RatioId, Role, Tally};

/// Rounds in a minute: a round is about 15 seconds (002:5, 002:7).
pub const ROUNDS_PER_MINUTE: i64 = 4;

/// Minutes in the 24 hours `health_per_day` is counted over.
pub const MINUTES_PER_DAY: u64 = 24 * 60;

/// The die of emergency aid's Durability (002:28).
pub const AID_DIE: u32 = 10;

/// What a short rest does for Durability (`[day] gap_durability`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GapDurability {
    /// Back to full unless Wounded (002:52–53; the default).
    FullUnlessWounded,
    /// Nothing beyond each round's `durability_recovery`.
    None,
}

impl GapDurability {
    /// The words the key takes.
    pub const WORDS: [(&'static str, GapDurability); 2] = [
        ("full_unless_wounded", GapDurability::FullUnlessWounded),
        ("none", GapDurability::None),
    ];
}

/// Emergency aid at a rest (`[day] emergency_aid`, 002:28).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aid {
    /// One check on each Wounded member up (the default).
    Once,
    /// Checks on each until one succeeds.
    UntilSuccess,
    /// None.
    None,
}

impl Aid {
    /// The words the key takes.
    pub const WORDS: [(&'static str, Aid); 3] = [
        ("once", Aid::Once),
        ("until_success", Aid::UntilSuccess),
        ("none", Aid::None),
    ];
}

/// Whether Durability restored by emergency aid ends Wounded (`[day] wounded_ends`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WoundedEnds {
    /// It does: Wounded is Durability at 0 (002:51, 53; the default).
    DurabilityRestored,
    /// Wounded lasts the day.
    Never,
}

impl WoundedEnds {
    /// The words the key takes.
    pub const WORDS: [(&'static str, WoundedEnds); 2] = [
        ("durability_restored", WoundedEnds::DurabilityRestored),
        ("never", WoundedEnds::Never),
    ];
}

/// The `[day]` choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Choices {
    /// What a short rest does for Durability.
    pub gap_durability: GapDurability,
    /// Emergency aid at a rest.
    pub aid: Aid,
    /// Whether aid's Durability ends Wounded.
    pub wounded_ends: WoundedEnds,
    /// Health back per 24 hours of gaps.
    pub health_per_day: i64,
    /// Health a long rest restores; `None`: the scenario gives no long rest.
    pub long_rest: Option<i64>,
}

impl Default for Choices {
    fn default() -> Self {
        Self {
            gap_durability: GapDurability::FullUnlessWounded,
            aid: Aid::Once,
            wounded_ends: WoundedEnds::DurabilityRestored,
            health_per_day: 0,
            long_rest: None,
        }
    }
}

/// One party member's maxima and recovery, from its fighter.
#[derive(Debug, Clone)]
struct Body {
    name: String,
    durability: i64,
    health: i64,
    vigor: i64,
    vigor_recovery: i64,
    durability_recovery: i64,
    /// Medicine dice, unwounded and Wounded, each with whether a check can succeed at all.
    medicine: Option<[(BonusDice, bool); 2]>,
    fresh: State,
}

/// The ids of one member's resources at the day's end.
#[derive(Debug, Clone, Copy)]
struct Left {
    health: RatioId,
    durability: RatioId,
    wounded: CounterId,
}

/// The bonus-dice rules between encounters, for a party.
#[derive(Debug, Clone)]
pub struct Rests {
    /// The `[day]` choices.
    pub choices: Choices,
    success_on: SuccessOn,
    members: Vec<Body>,
    left: Vec<Left>,
}

/// The day's clock: minutes of gaps so far (for `health_per_day`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    minutes: u64,
}

/// Whether a Medicine check VS 20 with `bonus` can succeed: bursting dice have no top.
fn can_succeed(bonus: &BonusDice, success_on: SuccessOn) -> bool {
    let per_die = i64::from(bonus.die.sides());
    let top = match bonus.burst {
        _ if bonus.count == 0 => 20,
        Burst::Recursive => return true,
        Burst::Once => 20 + i64::from(bonus.count) * 2 * per_die,
        Burst::None => 20 + i64::from(bonus.count) * per_die,
    };
    match success_on {
        SuccessOn::Higher => top > MEDICINE_VS,
        SuccessOn::Meet => top >= MEDICINE_VS,
    }
}

impl Rests {
    /// The rests of the party, the first `party` combatants of `fight` (any of the day's:
    /// the party is the same in each), under `choices`.
    pub fn new(fight: &Skirmish, party: usize, choices: Choices) -> Self {
        let members = (0..party)
            .map(|k| {
                let f = &fight.fighters[k];
                Body {
                    name: f.name.clone(),
                    durability: f.durability,
                    health: f.health,
                    vigor: f.vigor,
                    vigor_recovery: f.vigor_recovery,
                    durability_recovery: f.durability_recovery,
                    medicine: f
                        .medicine
                        .map(|m| m.map(|b| (b, can_succeed(&b, fight.success_on)))),
                    fresh: fight.fresh(k),
                }
            })
            .collect();
        Self {
            choices,
            success_on: fight.success_on,
            members,
            left: Vec::new(),
        }
    }

    /// A short rest (002:52–53), then emergency aid (002:28).
    fn short_rest<D: Dice>(&self, party: &mut [State], dice: &mut D) {
        for (s, m) in party.iter_mut().zip(&self.members) {
            if s.dead() {
                continue;
            }
            // Full Vigor, Winded only as a fresh one would be.
            (s.vigor, s.winded) = (m.vigor, m.vigor == 0);
            if self.choices.gap_durability == GapDurability::FullUnlessWounded && !s.wounded {
                s.durability = m.durability;
            }
        }
        self.aid(party, dice);
    }

    /// Emergency aid: the first member up with `medicine`, its dice as at the rest's start,
    /// on each Wounded member up in order, itself included (002:28).
    fn aid<D: Dice>(&self, party: &mut [State], dice: &mut D) {
        if self.choices.aid == Aid::None {
            return;
        }
        let medic = party
            .iter()
            .zip(&self.members)
            .find_map(|(s, m)| m.medicine.filter(|_| s.up()).map(|d| (d, s.wounded)));
        let Some((medicine, wounded)) = medic else {
            return;
        };
        let (bonus, possible) = medicine[usize::from(wounded)];
        for (s, m) in party.iter_mut().zip(&self.members) {
            if !s.up() || !s.wounded {
                continue;
            }
            let success = match self.choices.aid {
                Aid::Once => medicine_check(&bonus, self.success_on, dice),
                // A check that cannot succeed is not tried again and again.
                Aid::UntilSuccess if !possible => false,
                Aid::UntilSuccess => {
                    while !medicine_check(&bonus, self.success_on, dice) {}
                    true
                }
                Aid::None => false,
            };
            if !success {
                continue;
            }
            let before = s.durability;
            s.durability = (s.durability + dice.d(AID_DIE)).min(m.durability);
            if self.choices.wounded_ends == WoundedEnds::DurabilityRestored && s.durability > before
            {
                s.wounded = false;
            }
        }
    }

    /// A night as `[day] long_rest` gives it: its Health back, a stabilised one waking at 1
    /// (002:76).
    fn night(&self, health: i64, party: &mut [State]) {
        for (s, m) in party.iter_mut().zip(&self.members) {
            heal(s, m, health);
        }
    }

    /// `minutes` of rounds with their Recovery phases (002:44–46), and the Health of
    /// `health_per_day` over them (002:54).
    fn pass(&self, minutes: u32, party: &mut [State], clock: &mut Clock) {
        let rounds = i64::from(minutes) * ROUNDS_PER_MINUTE;
        let per_day = self.choices.health_per_day as u64;
        let before = clock.minutes;
        clock.minutes += u64::from(minutes);
        let health =
            (per_day * clock.minutes / MINUTES_PER_DAY - per_day * before / MINUTES_PER_DAY) as i64;
        for (s, m) in party.iter_mut().zip(&self.members) {
            if s.dead() {
                continue;
            }
            s.vigor = (s.vigor + rounds * m.vigor_recovery)
                .min(m.vigor)
                .max(s.vigor);
            if s.winded && s.vigor >= WINDED_UNTIL {
                s.winded = false;
            }
            if !s.wounded {
                s.durability = (s.durability + rounds * m.durability_recovery)
                    .min(m.durability)
                    .max(s.durability);
            }
            heal(s, m, health);
        }
    }
}

/// `health` Health back to `s` (living) up to its maximum; stabilised, it wakes at 1 (002:76).
fn heal(s: &mut State, m: &Body, health: i64) {
    if s.dead() || health <= 0 {
        return;
    }
    s.health = (s.health + health).min(m.health).max(s.health);
    if s.condition == Condition::Stable && s.health >= 1 {
        s.condition = Condition::Up;
    }
}

impl Recovery for Rests {
    type State = State;
    type Clock = Clock;

    fn fresh(&self, k: usize) -> State {
        self.members[k].fresh
    }

    fn gap<D: Dice>(
        &self,
        rest: Rest,
        minutes: u32,
        party: &mut [State],
        clock: &mut Clock,
        dice: &mut D,
    ) {
        match (rest, self.choices.long_rest) {
            (Rest::None, _) => {}
            (Rest::Short, _) | (Rest::Long, None) => self.short_rest(party, dice),
            (Rest::Long, Some(health)) => {
                self.night(health, party);
                self.short_rest(party, dice);
            }
        }
        self.pass(minutes, party, clock);
    }

    fn declare(&mut self, layout: &mut Layout, names: &[String], side: &str) {
        self.left = names
            .iter()
            .map(|n| {
                let meta = |role, label: &str| Meta::combatant(role, label, n, side);
                Left {
                    health: layout
                        .ratio(format!("health_left.{n}"), meta(Role::Other, "Health left")),
                    durability: layout.ratio(
                        format!("durability_left.{n}"),
                        meta(Role::Other, "Durability left"),
                    ),
                    wounded: layout.counter(
                        format!("wounded_at_end.{n}"),
                        meta(Role::Outcome, "Wounded at the end"),
                    ),
                }
            })
            .collect();
    }

    #[inline]
    fn record(&self, party: &[State], tally: &mut Tally) {
        for (s, ids) in party.iter().zip(&self.left) {
            tally.ratio(ids.health, s.health.max(0) as u64, 1);
            tally.ratio(ids.durability, s.durability.max(0) as u64, 1);
            tally.count(ids.wounded, s.wounded);
        }
    }

    fn notes(&self) -> Vec<Note> {
        let c = &self.choices;
        let durability = match c.gap_durability {
            GapDurability::FullUnlessWounded => ", and full Durability unless Wounded",
            GapDurability::None => "",
        };
        let medic = self
            .members
            .iter()
            .filter(|m| m.medicine.is_some())
            .map(|m| m.name.as_str())
            .collect::<Vec<_>>();
        let aid = match (c.aid, medic.is_empty()) {
            (Aid::None, _) => "no emergency aid".to_string(),
            (_, true) => "no emergency aid: nobody of the party has `medicine`".to_string(),
            (aid, false) => format!(
                "then emergency aid by the first of {} up: a Medicine check VS 20 {} on each Wounded member up for 1d10 Durability{}",
                medic.join(", "),
                if aid == Aid::Once {
                    "once"
                } else {
                    "until one succeeds"
                },
                match c.wounded_ends {
                    WoundedEnds::DurabilityRestored => ", which ends Wounded",
                    WoundedEnds::Never => "; Wounded lasts the day",
                }
            ),
        };
        let night = match c.long_rest {
            Some(h) => format!("a long rest restores {h} Health, then all a short rest does"),
            None => "no long rest (the seed gives no night)".to_string(),
        };
        let health = match c.health_per_day {
            0 => {
                "no Health back within the day: a stabilised member is out for the day".to_string()
            }
            n => format!("{n} Health back per 24 hours of gaps: a stabilised member wakes at 1"),
        };
        vec![Note::Remark(format!(
            "rests: a short rest restores full Vigor{durability}, {aid}; {night}; over the gaps Vigor back each round (⌊Stamina / 5⌋, 4 rounds a minute); {health}"
        ))]
    }
}

/// A bonus-dice day: the party's skirmishes with [`Rests`] between them.
pub type Day = crate::combat::day::Day<crate::combat::day::FightStage<Skirmish>, Rests>;

#[cfg(test)]
mod tests;
