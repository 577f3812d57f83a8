//! Unbound Legends fights from `[[combatant]]` tables: the resolved combatants, their
//! [`Fight`] (the rounds are in [`super::fight`]), and what each fight reports — the shared
//! fight metrics of [`FightRecorder`], and this system's own per combatant: `disabled`,
//! `death_instant` and `incapacitated` (PCs and villains only: monsters die at 0 Health,
//! L456) and the AP spent per round by kind (`ap_attack`, `ap_defense`, `ap_other`,
//! `ap_unspent`, pooled over fights with a delta-method interval).
//!
//! What each metric means, and the keys a combatant, an attack, a defense entry, `[rules]`
//! and `[aftermath]` take, with their ranges, what leaving each out means and seed lines, are
//! declared once in `schema/keys.rs` (the reference, `docs/scenarios/unbound-legends.md`, is
//! written from them).

use super::day;
use super::fight::{
    AP_ATTACK, AP_DEFENSE, AP_OTHER, AP_UNSPENT, ApDice, Arena, Event, Pace, paces,
};
use super::fighter::{FightRules, Fighter, Kind};
use super::strike::Strikes;
use crate::combat::day::Carry;
use crate::combat::exact::StateCodec;
use crate::combat::set::everyone;
use crate::combat::{Bout, Fate, Fates, Observer, Roster, toughness};
use crate::combat::{Dying, Record, Remarks, Rounds, Walk};
use oddsmith_core::dice::Dice;
use oddsmith_core::stats::{CounterId, Meta, Note, RatioId, Role, Tally};

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
    /// Names, sides, the round limit and the metrics.
    pub bout: Bout,
    /// Table readings.
    pub rules: FightRules,
    /// What the turn order needs of each combatant.
    pub(super) paces: Vec<Pace>,
    /// Everyone's AP dice.
    pub(super) ap_dice: ApDice,
    /// Each attack against each Passive Armor.
    pub(super) strikes: Strikes,
    own: Vec<Own>,
}

impl Conflict {
    /// A fight of `fighters` (whose `side`s are `roster`'s).
    pub fn new(fighters: Vec<Fighter>, roster: Roster, rules: FightRules, max_rounds: u32) -> Self {
        let mut bout = Bout::new(roster, max_rounds);
        let (layout, roster) = (&mut bout.layout, &bout.roster);
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
            bout,
            rules,
            own,
        }
    }
}

impl Rounds for Conflict {
    type Arena = Arena;

    type Event<'a> = Event<'a>;

    fn bout(&self) -> &Bout {
        &self.bout
    }

    /// The same code as a fight begun from carried states ([`Carry::begin_from`]), with none.
    fn begin<D: Dice, O: Observer<Self>>(&self, dice: &mut D, arena: &mut Arena, _: &mut O) -> u64 {
        self.setup_from(dice, arena, &[])
    }

    #[inline]
    fn round<D: Dice, O: Observer<Self>>(
        &self,
        round: u32,
        _up: u64,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<u64> {
        Some(self.play_round(round, dice, arena, observer))
    }

    /// Disabled, Unconscious and Incapacitated are dying until stable (001:440–449); the
    /// stable are down; nobody flees.
    #[inline(always)]
    fn fates(&self, arena: &Arena) -> Fates {
        let (dead, dying) = (arena.dead(), arena.dying() & !arena.dead());
        Fates {
            dead,
            dying,
            fled: arena.fled,
            down: everyone(self.fighters.len()) & !arena.up() & !dead & !dying & !arena.fled,
        }
    }

    #[inline(always)]
    fn dead(&self, arena: &Arena) -> u64 {
        arena.dead()
    }
}

impl Record for Conflict {
    /// Vitality plus Health (L436).
    #[inline]
    fn toughness(&self, arena: &Arena, i: usize) -> (u64, u64) {
        let (s, f) = (&arena.states[i], &self.fighters[i]);
        toughness(s.vitality.max(0) + s.health.max(0), f.vitality + f.health)
    }

    fn outcome(&self, arena: &mut Arena, tally: &mut Tally) {
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
    }
}

impl Dying for Conflict {
    // The aftermath: first aid on the dying (L453) while they roll their saves (L446–449).

    /// The untended roll their saves until they stabilise or die.
    const UNTENDED_DIE: bool = false;

    #[inline]
    fn tries(&self, tender: usize, first: bool, arena: &Arena) -> u32 {
        self.first_aid_tries(tender, first, arena)
    }

    #[inline]
    fn triage(&self, patients: u64, arena: &Arena) -> usize {
        self.most_failures(patients, arena)
    }

    #[inline]
    fn treat<D: Dice>(
        &self,
        tender: usize,
        patient: usize,
        dice: &mut D,
        arena: &mut Arena,
    ) -> bool {
        self.first_aid(tender, patient, dice, arena)
    }

    #[inline]
    fn tick<D: Dice>(
        &self,
        _: u32,
        _: bool,
        dying: u64,
        dice: &mut D,
        arena: &mut Arena,
    ) -> (u64, u64) {
        self.saves_round(dying, dice, arena)
    }
}

impl Walk for Conflict {
    fn exact_state<C: StateCodec>(&self, arena: &mut Arena, _: u32, state: &mut C) -> bool {
        self.exact_fields(arena, state);
        true
    }

    /// From round 2 on, alike: round 1 keeps the AP rolled when the fight began.
    fn exact_alike(&self) -> u32 {
        2
    }

    fn exact_sums(&self, arena: &mut Arena, each: &mut dyn FnMut(&mut u64)) {
        Conflict::exact_sums(self, arena, each);
    }
}

impl Remarks for Conflict {
    fn notes(&self) -> Vec<Note> {
        let medics: Vec<String> = (self.fighters.iter())
            .filter_map(|f| f.first_aid.map(|b| format!("{} (d20 {b:+})", f.name)))
            .collect();
        vec![
            Note::Remark(self.bout.roster.describe(self.bout.max_rounds)),
            Note::Aftermath(format!(
                "{}; the dying roll their saves while first aid (8 AP, 10 or more) \
                 comes from {}",
                self.bout.care.describe(),
                if medics.is_empty() {
                    "nobody".to_string()
                } else {
                    medics.join(", ")
                }
            )),
        ]
    }

    /// This system's own metrics go to `tally`.
    #[inline]
    fn harmless(&self, i: usize) -> bool {
        self.fighters[i].attacks.is_empty()
    }

    /// Its strongest attack's most damage (a slashing crit adds the dice maximum, L425) less
    /// the least armor reduction `j` can have (after a failed defense without the armor
    /// rank, L247; light armor's Agility after a failed Dodge, L231); unbounded for bursting
    /// dice, poison (L403) and piercing (a crit skips armor, L422).
    fn most_per_hit(&self, i: usize, j: usize) -> Option<u64> {
        use super::fighter::{Armor, Special};
        let target = &self.fighters[j];
        let mut armor = target
            .armor_reduction
            .min(target.armor_reduction - target.armor_skill_rank);
        if target.armor == Armor::Light {
            armor = armor.min(target.agility);
        }
        let mut most = 0;
        for a in &self.fighters[i].attacks {
            if a.damage.is_exploding() || matches!(a.special, Special::Piercing | Special::Poison) {
                return None;
            }
            let crit = if a.special == Special::Slashing {
                a.dice_max
            } else {
                0
            };
            most = most.max(a.damage.max() + crit - armor.max(0));
        }
        Some(most.max(0) as u64)
    }
}

/// A fight of a day: the party (the first combatants) from their carried states
/// (`fight/carry.rs`); a member not up sits it out.
impl Carry for Conflict {
    type State = day::State;

    fn fresh(&self, i: usize) -> day::State {
        self.fresh_state(i)
    }

    fn carry(&self, arena: &Arena, fate: Fate, i: usize) -> day::State {
        self.carried(arena, fate, i)
    }

    fn begin_from<D: Dice, O: Observer<Self>>(
        &self,
        dice: &mut D,
        arena: &mut Arena,
        party: &[day::State],
        _: &mut O,
    ) -> u64 {
        self.setup_from(dice, arena, party)
    }
}

#[cfg(test)]
mod tests;
