//! An Unbound Legends adventuring day (001_9a2522fe8d4a2682.txt L436–456, L609–614): what a
//! party member carries from fight to fight ([`State`]) and the rules between fights
//! ([`Rests`], the shared [`Recovery`]); the fights themselves start from and hand back
//! [`State`]s through the shared driver (`fight/carry.rs`).
//!
//! Between two fights, in order:
//!
//! 1. The rest, for every living member:
//!    - `"short"` (30 minutes to an hour, L609, `short_rest_minutes`): Vitality Dice are
//!      spent one at a time, each die + Endurance (at least 1) back to Vitality, deciding
//!      after each roll (L610; `spend_vitality_dice`: while below the maximum, none, or at
//!      most N). Health never comes back.
//!    - `"long"` (at least 8 hours, L611): to one with at least 1 Health at its start, and
//!      only once in 24 hours (L614): all Vitality (L613), Health + Strength (L612), and spent
//!      Vitality Dice up to half the level, at least 1 (L612).
//!    - Either rest ends Incapacitated (L448), for any living member.
//! 2. The time passes: the rest's own, then `gap_minutes`. A member stable at 0 Health (first
//!    aid, L453) is out until it regains 1 Health after 1d4 hours (L454), rolled at the
//!    first gap after it was stabilised and counted down over the gaps.
//!
//! One whose own saves stabilised it is at 1 Health (L447, L449), up unless Incapacitated
//! (L447), which waits for the next rest (L448). Monsters die at 0 Health (L456), so a
//! monster of the party is never stable. The resources at the day's end are
//! `health_left.NAME`, `vitality_left.NAME` and `vitality_dice_left.NAME` (means).

pub use crate::combat::day::Member;

use super::fighter::{Fighter, ShortRest};
use crate::combat::day::{Recovery, Rest};
use oddsmith_core::dice::Dice;
use oddsmith_core::stats::{Layout, Meta, Note, RatioId, Role, Tally};

/// One party member's values carried from fight to fight; its maxima stay in its fighter.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Vitality left.
    pub vitality: i64,
    /// Health left (0: dead, or stable and out).
    pub health: i64,
    /// Vitality Dice left.
    pub vitality_dice: u32,
    /// Potions of healing left (001:318).
    pub potions: u32,
    /// Stable at 0 Health: the minutes until it regains 1 Health (L454), once rolled (at the
    /// first gap after it was stabilised).
    pub clock: Option<u32>,
    /// Dead.
    pub dead: bool,
    /// Incapacitated (two death-save failures, L447): out until a rest (L448).
    pub incapacitated: bool,
}

impl Member for State {
    /// Alive, with Health (not stable at 0) and not Incapacitated.
    #[inline]
    fn up(&self) -> bool {
        !self.dead && self.health >= 1 && !self.incapacitated
    }

    #[inline]
    fn dead(&self) -> bool {
        self.dead
    }
}

/// How many Vitality Dice a member spends in a short rest (`spend_vitality_dice`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spend {
    /// While below its Vitality maximum and dice remain (the default).
    UntilFull,
    /// None.
    Nothing,
    /// At most this many, none once Vitality is full.
    UpTo(u32),
}

/// What the rests need of one party member.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Keeper {
    /// Vitality maximum.
    pub vitality: i64,
    /// Health maximum.
    pub health: i64,
    /// Its Vitality Dice, if any.
    pub short_rest: Option<ShortRest>,
    /// Health back at the end of a long rest (Strength, L612; none when negative).
    pub strength: i64,
    /// Spent Vitality Dice a long rest gives back: half the level, at least 1 (L612).
    pub regain: u32,
}

impl Keeper {
    /// The rests' view of `f`.
    pub fn of(f: &Fighter) -> Self {
        Self {
            vitality: f.vitality,
            health: f.health,
            short_rest: f.short_rest,
            strength: f.strength,
            regain: (f.level / 2).max(1) as u32,
        }
    }
}

/// Minutes a long rest lasts: at least 8 hours (L611); any longer changes nothing here (a
/// stable character's 1d4 hours are over by then).
pub const LONG_REST_MINUTES: u32 = 8 * 60;

/// Minutes in which only one long rest gives its benefits (L614).
pub const LONG_REST_EVERY: u32 = 24 * 60;

/// The day's own clock: minutes since the last long rest that gave its benefits began.
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    since_long: Option<u32>,
}

/// Unbound Legends' rules between fights (see the module header).
#[derive(Debug, Clone)]
pub struct Rests {
    /// The party, in order.
    members: Vec<Keeper>,
    /// `spend_vitality_dice`.
    spend: Spend,
    /// `short_rest_minutes`.
    short_minutes: u32,
    /// The party's names, for the notes.
    names: Vec<String>,
    /// Per member: `health_left`, `vitality_left`, `vitality_dice_left`.
    ids: Vec<[RatioId; 3]>,
}

impl Rests {
    /// The rests of the party `members` (named `names`), spending Vitality Dice as `spend`,
    /// a short rest `short_minutes` long.
    pub fn new(members: Vec<Keeper>, names: Vec<String>, spend: Spend, short_minutes: u32) -> Self {
        Self {
            members,
            spend,
            short_minutes,
            names,
            ids: Vec::new(),
        }
    }

    /// A short rest's Vitality Dice for `s` (L610): one die at a time, each die + Endurance
    /// (at least 1), deciding after each roll.
    fn spend_dice<D: Dice>(&self, s: &mut State, k: &Keeper, dice: &mut D) {
        let Some(r) = k.short_rest else {
            return;
        };
        let most = match self.spend {
            Spend::UntilFull => u32::MAX,
            Spend::Nothing => 0,
            Spend::UpTo(n) => n,
        };
        let mut spent = 0;
        while spent < most && s.vitality_dice > 0 && s.vitality < k.vitality {
            let back = (dice.d(r.die) + r.endurance).max(1);
            s.vitality = (s.vitality + back).min(k.vitality);
            s.vitality_dice -= 1;
            spent += 1;
        }
    }

    /// A long rest's benefits for `s`, which had at least 1 Health at its start (L612–614).
    fn long_rest(s: &mut State, k: &Keeper) {
        s.vitality = k.vitality;
        s.health = (s.health + k.strength.max(0)).min(k.health);
        let most = k.short_rest.map_or(0, |r| r.vitality_dice);
        s.vitality_dice = (s.vitality_dice + k.regain).min(most);
    }

    /// `minutes` pass for `s`: a member stable at 0 Health rolls its 1d4 hours if it has not
    /// yet, and regains 1 Health once they are over (L454).
    fn pass<D: Dice>(s: &mut State, minutes: u32, dice: &mut D) {
        if s.dead || s.health > 0 {
            return;
        }
        let left = s.clock.unwrap_or_else(|| 60 * dice.d(4) as u32);
        if minutes >= left {
            (s.health, s.clock) = (1, None);
        } else {
            s.clock = Some(left - minutes);
        }
    }
}

impl Recovery for Rests {
    type State = State;
    type Clock = Clock;

    fn fresh(&self, k: usize) -> State {
        let m = &self.members[k];
        State {
            vitality: m.vitality,
            health: m.health,
            vitality_dice: m.short_rest.map_or(0, |r| r.vitality_dice),
            ..State::default()
        }
    }

    fn gap<D: Dice>(
        &self,
        rest: Rest,
        minutes: u32,
        party: &mut [State],
        clock: &mut Clock,
        dice: &mut D,
    ) {
        let rested = match rest {
            Rest::None => 0,
            Rest::Short => self.short_minutes,
            Rest::Long => LONG_REST_MINUTES,
        };
        // L614: one long rest's benefits in 24 hours.
        let long = rest == Rest::Long && clock.since_long.is_none_or(|m| m >= LONG_REST_EVERY);
        if long {
            clock.since_long = Some(0);
        }
        for (s, k) in party.iter_mut().zip(&self.members) {
            if s.dead {
                continue;
            }
            match rest {
                Rest::None => {}
                Rest::Short => self.spend_dice(s, k, dice),
                // L614: at least 1 Health at its start.
                Rest::Long if long && s.health >= 1 => Self::long_rest(s, k),
                Rest::Long => {}
            }
            // L448: a short or long rest ends Incapacitated.
            s.incapacitated &= rest == Rest::None;
            Self::pass(s, rested + minutes, dice);
        }
        clock.since_long = clock.since_long.map(|m| m.saturating_add(rested + minutes));
    }

    fn declare(&mut self, layout: &mut Layout, names: &[String], side: &str) {
        self.ids = names
            .iter()
            .map(|n| {
                [
                    ("health_left", "Health left"),
                    ("vitality_left", "Vitality left"),
                    ("vitality_dice_left", "Vitality Dice left"),
                ]
                .map(|(prefix, label)| {
                    layout.ratio(
                        format!("{prefix}.{n}"),
                        Meta::combatant(Role::Other, label, n, side),
                    )
                })
            })
            .collect();
    }

    fn record(&self, party: &[State], tally: &mut Tally) {
        for (s, [health, vitality, dice]) in party.iter().zip(&self.ids) {
            tally.ratio(*health, s.health.max(0) as u64, 1);
            tally.ratio(*vitality, s.vitality.max(0) as u64, 1);
            tally.ratio(*dice, u64::from(s.vitality_dice), 1);
        }
    }

    fn notes(&self) -> Vec<Note> {
        let spend = match self.spend {
            Spend::UntilFull => "until Vitality is full or the dice run out".to_string(),
            Spend::Nothing => "none".to_string(),
            Spend::UpTo(n) => format!("at most {n}, none at full Vitality"),
        };
        let dice: Vec<String> = (self.names.iter().zip(&self.members))
            .map(|(n, k)| match k.short_rest {
                Some(r) => format!("{n} {}d{}{:+}", r.vitality_dice, r.die, r.endurance),
                None => format!("{n} none"),
            })
            .collect();
        vec![Note::Remark(format!(
            "rests: a short rest ({} min) spends Vitality Dice, {spend}, each die + Endurance \
             (at least 1) back to Vitality, never Health (001:610); a long rest (8 h) gives \
             all Vitality, Health + Strength and spent dice up to half the level (at least 1) \
             to those with 1 Health or more at its start, once in 24 hours (001:612–614); \
             either ends Incapacitated (001:448); stable at 0 Health: up after 1d4 hours \
             (001:454); Vitality Dice: {}",
            self.short_minutes,
            dice.join(", ")
        ))]
    }
}

#[cfg(test)]
mod tests;
