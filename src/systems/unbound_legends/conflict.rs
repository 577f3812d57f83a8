//! Unbound Legends fights from `[[combatant]]` tables: the resolved combatants, the round
//! engine of [`super::fight`] run once per trial, and what each fight reports — the shared
//! fight metrics of [`FightRecorder`], and this system's own per combatant:
//!
//! - `disabled.<name>`: reached 0 Health and survived the blow (L444);
//! - `death_instant.<name>`: died outright (L442, L450);
//! - `incapacitated.<name>`: two death-save failures (L447), saves after the fight included;
//! - `ap_attack.<name>.mean`, `ap_defense.<name>.mean`, `ap_other.<name>.mean` (first aid),
//!   `ap_unspent.<name>.mean`: AP per round the combatant began able to act, pooled over
//!   fights (Σ AP / Σ rounds, with a delta-method interval). Each round, its AP plus any
//!   given back by a Dodge's crit is the sum of the four.
//!
//! Monsters die at 0 Health (L456), so they get no `disabled`, `death_instant` or
//! `incapacitated` rows.

use super::fight::{
    AP_ATTACK, AP_DEFENSE, AP_OTHER, AP_UNSPENT, ApDice, Arena, Battle, Pace, Unobserved, paces,
};
use super::fighter::{FightRules, Fighter, Kind};
use super::strike::Strikes;
use crate::combat::{FightCounts, FightRecorder, Roster};
use crate::dice::Dice;
use crate::stats::{CounterId, Layout, Meta, RatioId, Role, Tally};
use crate::systems::RuleSystem;

/// The metric prefixes of the AP means, by [`super::fight`]'s AP kinds, with their labels.
const AP_KINDS: [(usize, &str, &str); 4] = [
    (AP_ATTACK, "ap_attack", "AP attacking"),
    (AP_DEFENSE, "ap_defense", "AP defending"),
    (AP_OTHER, "ap_other", "AP first aid"),
    (AP_UNSPENT, "ap_unspent", "AP unspent"),
];

/// The ids of one combatant's own metrics.
#[derive(Debug, Clone)]
struct Own {
    /// `disabled`, `death_instant`, `incapacitated` (absent for monsters).
    falls: Option<[CounterId; 3]>,
    /// AP means by kind.
    ap: [RatioId; 4],
}

/// An Unbound Legends fight.
#[derive(Debug, Clone)]
pub struct Conflict {
    /// Combatants in scenario order.
    pub fighters: Vec<Fighter>,
    /// Names and sides.
    pub roster: Roster,
    /// Table readings.
    pub rules: FightRules,
    /// Round limit.
    pub max_rounds: u32,
    paces: Vec<Pace>,
    ap_dice: ApDice,
    strikes: Strikes,
    layout: Layout,
    recorder: FightRecorder,
    own: Vec<Own>,
}

impl Conflict {
    /// A fight of `fighters` (whose `side`s are `roster`'s).
    pub fn new(fighters: Vec<Fighter>, roster: Roster, rules: FightRules, max_rounds: u32) -> Self {
        let mut layout = Layout::new();
        let recorder = FightRecorder::declare(&mut layout, &roster, max_rounds);
        let meta = |role, label: &str, f: &Fighter| {
            Meta::combatant(role, label, &f.name, &roster.sides()[f.side])
        };
        // Counters and ratios are separate lists of the layout, so one pass keeps both orders.
        let own = fighters
            .iter()
            .map(|f| Own {
                falls: (f.kind != Kind::Monster).then(|| {
                    [
                        ("disabled", "disabled"),
                        ("death_instant", "instant death"),
                        ("incapacitated", "incapacitated"),
                    ]
                    .map(|(prefix, label)| {
                        let meta = meta(Role::Outcome, label, f);
                        layout.counter(format!("{prefix}.{}", f.name), meta)
                    })
                }),
                ap: AP_KINDS.map(|(_, prefix, label)| {
                    layout.ratio(format!("{prefix}.{}", f.name), meta(Role::Other, label, f))
                }),
            })
            .collect();
        Self {
            paces: paces(&fighters),
            ap_dice: ApDice::new(&fighters),
            strikes: Strikes::new(&fighters, &rules.attack),
            fighters,
            roster,
            rules,
            max_rounds,
            layout,
            recorder,
            own,
        }
    }

    /// The battle this fight plays.
    pub fn battle(&self) -> Battle<'_> {
        Battle {
            fighters: &self.fighters,
            paces: &self.paces,
            strikes: &self.strikes,
            ap_dice: &self.ap_dice,
            roster: &self.roster,
            rules: self.rules,
            max_rounds: self.max_rounds,
        }
    }
}

crate::dispatch_to_self!(Conflict);

impl Conflict {
    /// Plays one fight: this system's own metrics go to `tally`, the shared ones are counted
    /// in `counts` ([`FightRecorder::count`]).
    #[inline]
    fn play<D: Dice>(
        &self,
        dice: &mut D,
        arena: &mut Arena,
        counts: &mut FightCounts,
        tally: &mut Tally,
    ) {
        let (ending, rounds) = self.battle().fight(dice, arena, &mut Unobserved);
        let everyone = u64::MAX >> (64 - self.fighters.len());
        let (dead, down) = (arena.dead(), everyone & !arena.up());
        for (s, own) in arena.states.iter().zip(&self.own) {
            if let Some([disabled, instant, incapacitated]) = own.falls {
                tally.count(disabled, s.disabled);
                tally.count(instant, s.instant_death);
                tally.count(incapacitated, s.incapacitated);
            }
            for (&id, (kind, _, _)) in own.ap.iter().zip(AP_KINDS) {
                tally.ratio(id, s.ap_by_kind[kind], s.rounds_active);
            }
        }
        self.recorder
            .count(counts, ending, rounds, &arena.side_down, dead, down);
    }
}

impl RuleSystem for Conflict {
    crate::recorded_fights!(Arena);

    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn notes(&self) -> Vec<String> {
        vec![self.roster.describe(self.max_rounds)]
    }
}

#[cfg(test)]
mod tests;
