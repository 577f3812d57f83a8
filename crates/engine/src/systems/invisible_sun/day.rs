//! An Invisible Sun adventuring day ([`crate::combat::day`]): the PCs carried from conflict to
//! conflict ([`State`]: Wounds, Anguish, Injuries and bene left; the maxima stay in the
//! [`Pc`]), and what happens between encounters ([`Rests`]). Seed lines are
//! 000_2810d6a557b34243.txt's (`000:199`).
//!
//! Between two encounters, in order ([`Rests::gap`]):
//!
//! 1. Aid (000:177): each other PC who is up heals 1 Injury of each living PC (`aid =
//!    "one_injury"`); with a first aid kit all of them (`"kit"`); or nobody tends anyone
//!    (`"none"`). Aid heals Injuries of the body only, never a Wound (000:198–199) nor the
//!    mental Injuries toward Anguish.
//! 2. The rest (000:199: "a ten-minute or one-hour rest to recover from 1 Wound or Anguish.
//!    PCs have 1 such rest of each type, each day. These are normally used to restore stat
//!    pools"): a `"short"` rest is the next of the day's two, the ten-minute then the
//!    one-hour; a third only passes time (the run's notes say so). Each living PC heals one
//!    Wound, else one Anguish, else refreshes its pools (`rest_use = "wound_first"`), or
//!    refreshes its pools whatever its harm (`"pools"`); `pool_refresh` is how much each pool
//!    gets back (`"full"`, or that many bene, never above the PC's maximum). A `"long"` rest
//!    is a night (000:199: "recover 1 Wound or Anguish from sleeping a full night"): one Wound,
//!    else one Anguish, healed, every pool full, and both of the day's rests to be had again.
//!    A PC out from 3 Anguish (000:190) is up again once a rest brings it back to 2.
//! 3. The gap's minutes pass: no clock runs in Invisible Sun (nobody is dying, nothing heals
//!    by itself).

use super::conflict::fighter::{PC_WOUNDS_TO_DIE, Pc, Track};
use crate::combat::day::{Member, Recovery, Rest};
use oddsmith_core::dice::Dice;
use oddsmith_core::stats::{
    HistogramId, HistogramReport, Layout, Meta, Note, RatioId, Role, Tally,
};

/// One PC's current values, carried from one encounter to the next.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Wounds and the Injuries toward the next (000:179–181).
    pub body: Track,
    /// Anguish and the mental Injuries toward the next (000:190).
    pub mind: Track,
    /// Bene left, by pool (`ACCURACY`, `MOVEMENT`, `INTELLECT`, `PHYSICALITY`).
    pub pools: [i64; 4],
    /// Dead: 3 Wounds (000:181), or 3 Anguish with `anguish_out = "dead"` (000:190), or
    /// finished off once out.
    pub dead: bool,
    /// Out: 3 Anguish (000:190); alive, not up until a rest brings it back to 2.
    pub out: bool,
}

impl State {
    /// `pc` at the day's start: no harm, every pool full.
    pub fn fresh(pc: &Pc) -> Self {
        Self {
            pools: pc.pools,
            ..Self::default()
        }
    }
}

impl Member for State {
    /// Alive and not out (Invisible Sun has no dying and no unconsciousness from Wounds).
    #[inline(always)]
    fn up(&self) -> bool {
        !self.dead && !self.out
    }

    #[inline(always)]
    fn dead(&self) -> bool {
        self.dead
    }
}

/// Anguish at which a PC is out (000:190), as Wounds kill (000:181).
pub const ANGUISH_OUT: i64 = PC_WOUNDS_TO_DIE;

/// Rests a PC has each day besides the night: a ten-minute and a one-hour one (000:199).
pub const RESTS_PER_DAY: u8 = 2;

/// The names of the pools, in the order of [`State::pools`], as the `<pool>_left` metrics
/// write them.
pub const POOL_NAMES: [&str; 4] = ["accuracy", "movement", "intellect", "physicality"];

/// What a rest is used for (`[day] rest_use`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RestUse {
    /// One Wound, else one Anguish, else the pools (000:199: "to recover from 1 Wound or
    /// Anguish").
    WoundFirst,
    /// The pools, whatever the harm (000:199: "These are normally used to restore stat
    /// pools").
    Pools,
}

impl RestUse {
    /// The words of `rest_use`.
    pub const WORDS: [(&'static str, RestUse); 2] = [
        ("wound_first", RestUse::WoundFirst),
        ("pools", RestUse::Pools),
    ];
}

/// How much a rest gives back to each pool (`[day] pool_refresh`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refresh {
    /// Every pool to its maximum.
    Full,
    /// This many bene to each pool, up to its maximum.
    By(i64),
}

/// Aid between encounters (`[day] aid`, 000:177).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Aid {
    /// Each other PC up heals 1 Injury of each patient.
    OneInjury,
    /// With a first aid kit: all of a patient's Injuries, when another PC is up.
    Kit,
    /// Nobody tends anyone.
    None,
}

impl Aid {
    /// The words of `aid`.
    pub const WORDS: [(&'static str, Aid); 3] = [
        ("one_injury", Aid::OneInjury),
        ("kit", Aid::Kit),
        ("none", Aid::None),
    ];
}

/// What the day itself keeps between gaps: the rests used since the day began or the last
/// night.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    /// 0: both rests left; 1: the ten-minute rest used; 2: both used.
    pub rests_used: u8,
}

/// The ids of one PC's resources at the day's end.
#[derive(Debug, Clone, Copy)]
struct Ids {
    wounds: HistogramId,
    anguish: HistogramId,
    injuries: RatioId,
    pools: [RatioId; 4],
}

/// Invisible Sun's rules between encounters (see the module header).
#[derive(Debug, Clone)]
pub struct Rests {
    /// Each PC's pools at the day's start: what `"full"` refills to.
    pub maxima: Vec<[i64; 4]>,
    /// What a rest is used for.
    pub rest_use: RestUse,
    /// How much a rest gives back to each pool.
    pub pool_refresh: Refresh,
    /// Aid between encounters.
    pub aid: Aid,
    /// What each encounter's rest turns out to be, worked out when the day loads.
    schedule: Vec<String>,
    ids: Vec<Ids>,
}

impl Rests {
    /// The rules for PCs whose pools start at `maxima`, over encounters `(name, rest)` in
    /// order (for the notes).
    pub fn new(
        maxima: Vec<[i64; 4]>,
        rest_use: RestUse,
        pool_refresh: Refresh,
        aid: Aid,
        encounters: &[(String, Rest)],
    ) -> Self {
        Self {
            maxima,
            rest_use,
            pool_refresh,
            aid,
            schedule: schedule(encounters),
            ids: Vec::new(),
        }
    }

    /// Aid between encounters (000:177): Injuries of the body, never Wounds.
    fn tend(&self, party: &mut [State]) {
        if self.aid == Aid::None {
            return;
        }
        let up = party.iter().filter(|s| s.up()).count();
        for s in party.iter_mut().filter(|s| !s.dead) {
            let helpers = up - usize::from(s.up());
            if helpers == 0 {
                continue;
            }
            s.body.injuries = match self.aid {
                Aid::OneInjury => (s.body.injuries - helpers as i64).max(0),
                _ => 0,
            };
        }
    }

    /// One of the day's rests for PC `k` (000:199).
    fn rest(&self, k: usize, s: &mut State) {
        let healed = self.rest_use == RestUse::WoundFirst && heal_one(s);
        if !healed {
            let by = match self.pool_refresh {
                Refresh::Full => i64::MAX,
                Refresh::By(n) => n,
            };
            for (pool, &most) in s.pools.iter_mut().zip(&self.maxima[k]) {
                *pool = pool.saturating_add(by).min(most).max(*pool);
            }
        }
        rejoin(s);
    }

    /// A night for PC `k` (000:199): one Wound or Anguish, every pool full.
    fn night(&self, k: usize, s: &mut State) {
        heal_one(s);
        for (pool, &most) in s.pools.iter_mut().zip(&self.maxima[k]) {
            *pool = most.max(*pool);
        }
        rejoin(s);
    }
}

/// Heals one Wound, else one Anguish (000:199); whether there was one.
fn heal_one(s: &mut State) -> bool {
    let track = if s.body.marks > 0 {
        &mut s.body
    } else if s.mind.marks > 0 {
        &mut s.mind
    } else {
        return false;
    };
    track.marks -= 1;
    true
}

/// Out from 3 Anguish (000:190), up again once below it.
fn rejoin(s: &mut State) {
    if s.out && s.mind.marks < ANGUISH_OUT {
        s.out = false;
    }
}

/// What each encounter's rest is: the day's ten-minute or one-hour rest, a night, or a
/// short rest with none left, which only passes time (000:199).
fn schedule(encounters: &[(String, Rest)]) -> Vec<String> {
    let mut notes = Vec::new();
    if let Some((name, rest)) = encounters.first()
        && *rest != Rest::None
    {
        notes.push(format!(
            "encounter 1 ({name}): its rest \"{}\" is ignored, the day starts fresh",
            rest.word()
        ));
    }
    let mut used = 0u8;
    for (n, (name, rest)) in encounters.iter().enumerate().skip(1) {
        let what = match rest {
            Rest::None => continue,
            Rest::Long => {
                used = 0;
                "a night: one Wound or Anguish healed, the pools full, both rests to be had again \
                 (000:199)"
                    .to_string()
            }
            Rest::Short if used >= RESTS_PER_DAY => {
                "a short rest with both of the day's rests used (000:199: \"1 such rest of each \
                 type, each day\"): it only passes time"
                    .to_string()
            }
            Rest::Short => {
                used += 1;
                format!(
                    "the day's {} rest (000:199)",
                    if used == 1 { "ten-minute" } else { "one-hour" }
                )
            }
        };
        notes.push(format!("encounter {} ({name}): before it, {what}", n + 1));
    }
    notes
}

impl Recovery for Rests {
    type State = State;
    type Clock = Clock;

    fn fresh(&self, k: usize) -> State {
        State {
            pools: self.maxima[k],
            ..State::default()
        }
    }

    /// Aid, then the rest; the minutes pass with nothing to count.
    fn gap<D: Dice>(
        &self,
        rest: Rest,
        _minutes: u32,
        party: &mut [State],
        clock: &mut Clock,
        _dice: &mut D,
    ) {
        self.tend(party);
        match rest {
            Rest::None => {}
            Rest::Short if clock.rests_used >= RESTS_PER_DAY => {}
            Rest::Short => {
                clock.rests_used += 1;
                for (k, s) in party.iter_mut().enumerate().filter(|(_, s)| !s.dead) {
                    self.rest(k, s);
                }
            }
            Rest::Long => {
                clock.rests_used = 0;
                for (k, s) in party.iter_mut().enumerate().filter(|(_, s)| !s.dead) {
                    self.night(k, s);
                }
            }
        }
    }

    /// `wounds.NAME` and `anguish.NAME` (distributions), `injuries.NAME` and
    /// `<pool>_left.NAME` (means).
    fn declare(&mut self, layout: &mut Layout, names: &[String], side: &str) {
        let buckets = PC_WOUNDS_TO_DIE as usize + 1;
        self.ids = names
            .iter()
            .map(|n| {
                let mean = |layout: &mut Layout, metric: String, label: &str| {
                    layout.ratio(metric, Meta::combatant(Role::Distribution, label, n, side))
                };
                Ids {
                    wounds: layout.histogram(
                        format!("wounds.{n}"),
                        buckets,
                        HistogramReport::Buckets,
                        Meta::trial(
                            Role::Distribution,
                            format!("Wounds of {n} at the day's end"),
                        ),
                    ),
                    anguish: layout.histogram(
                        format!("anguish.{n}"),
                        buckets,
                        HistogramReport::Buckets,
                        Meta::trial(
                            Role::Distribution,
                            format!("Anguish of {n} at the day's end"),
                        ),
                    ),
                    injuries: mean(layout, format!("injuries.{n}"), "Injuries at the end"),
                    pools: POOL_NAMES
                        .map(|p| mean(layout, format!("{p}_left.{n}"), &format!("{p} left"))),
                }
            })
            .collect();
    }

    fn record(&self, party: &[State], tally: &mut Tally) {
        for (s, ids) in party.iter().zip(&self.ids) {
            tally.record(ids.wounds, s.body.marks as usize);
            tally.record(ids.anguish, s.mind.marks as usize);
            tally.ratio(ids.injuries, s.body.injuries as u64, 1);
            for (&id, &left) in ids.pools.iter().zip(&s.pools) {
                tally.ratio(id, left.max(0) as u64, 1);
            }
        }
    }

    fn notes(&self) -> Vec<Note> {
        let aid = match self.aid {
            Aid::OneInjury => "each other PC up heals 1 Injury of each PC (000:177)",
            Aid::Kit => {
                "with a first aid kit, any other PC up heals all of a PC's Injuries (000:177)"
            }
            Aid::None => "nobody tends anyone",
        };
        let refresh = match self.pool_refresh {
            Refresh::Full => "refills the pools".to_string(),
            Refresh::By(n) => format!("gives {n} bene back to each pool"),
        };
        let rest = match self.rest_use {
            RestUse::WoundFirst => format!("heals one Wound, else one Anguish, else {refresh}"),
            RestUse::Pools => refresh,
        };
        let mut notes = vec![
            Note::Remark(format!(
                "between encounters: {aid}, Wounds never; then the rest"
            )),
            Note::Remark(format!(
                "a short rest is the next of the day's ten-minute and one-hour rests and {rest} \
                 (000:199); a night heals one Wound, else one Anguish, and refills the pools; a \
                 PC out from 3 Anguish is up again at 2; no clock runs over the minutes"
            )),
        ];
        notes.extend(self.schedule.iter().cloned().map(Note::Remark));
        notes
    }
}

#[cfg(test)]
mod tests;
