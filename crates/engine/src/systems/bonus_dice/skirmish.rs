//! Skirmishes: fights of `[[combatant]]` tables on two or more sides (002_88b8445f1f52ae9c.txt,
//! cited `002:N`, lines 4–47 and 51–58, 75, 87). The rounds are in [`fight`]; this module
//! holds the resolved combatants, what every pair of them works out to when the scenario loads
//! (Guard, Guard from behind, armor), and what each fight reports: the shared fight metrics of
//! [`FightRecorder`] and, per combatant,
//!
//! - `wounded.<name>`: its Durability reached 0 (002:51, 002:53), or it began at 0;
//! - `shock.<name>`: its Health reached 0 and it fell into Shock (002:75);
//! - `winded.<name>`: its Vigor reached 0 (002:43);
//! - `winded_rounds.<name>.mean`: rounds it ended Winded, per fight (after that round's
//!   Recovery phase; the last round counts when the fight ends with it Winded);
//! - `vigor_spent.<name>.mean`: Vigor paid for Dodges and off-hand attacks, per fight.
//!
//! Shock is dying: one still in Shock when the fight ends is `dying.<name>`, and the aftermath
//! (Medicine tries, 002:76, then the countdown of 002:75) decides `death.<name>`.
//!
//! Readings where the seed leaves a choice (the reference `docs/scenarios/bonus-dice.md` lists
//! them; the keys are declared in `schema/keys.rs`):
//! - Initiative is rolled once (002:12): d20 + `initiative_dice` bursting bonus dice; ties are
//!   broken at random, once.
//! - An ambush (002:13–14) gives the ambushing side one more action in round 1 and everyone
//!   else at most `ambushed_actions`; order stays by initiative. With
//!   `ambushed_can_react = false` the ambushed take no Dodge in round 1. With
//!   `ambush_from_behind = true` the ambushers' round-1 attacks halve Guard (002:36).
//! - `defend = true` spends the turn's last action on Defend (002:22): its Dodges cost 3 until
//!   its next turn begins. With one action, the turn is Defend only.
//! - The off-hand attack (002:21) follows each Attack action at the same foe while that foe is
//!   still one the attacker would choose (standing, or in Shock for `finish_downed`), for 8
//!   Vigor when Vigor − 8 ≥ `keep_vigor`, with 2 Challenges on its attack and damage dice. An
//!   off-hand with no weapon given is unarmed: 1 feeble (d4) die (002:73).
//! - Winded (002:43): at 0 Vigor no action and no reaction; it ends when Vigor is back to 5.
//! - Damage after Armor Rank takes Durability, then Health (002:51; `[rules]
//!   overflow_to_health`). At 0 Health the combatant is in Shock: out of the fight, the rest of
//!   the hit lost; any later damage above 0 kills (002:75), else one who fell in round r dies in
//!   the Recovery phase of round r + Stamina. A combatant in Shock keeps its Guard; it takes
//!   no reactions (002:16).
//! - Recovery at the end of each round (002:10, 002:44–46): Vigor + `vigor_recovery` up to its
//!   starting Vigor; Durability + `durability_recovery` up to its start unless Wounded
//!   (002:52–53); Shock countdowns.
//! - Ranged attackers are at range: cover and visibility count against them (002:88–96).
//! - The fight ends as soon as at most one side has anyone standing (Winded stands), or at
//!   `[run] max_rounds` as a stalemate.
//!
//! Not modelled: movement (everyone is engaged), Escape, openings, Ready, spells, knockdown,
//! Over Watch, stabilising within the fight and emergency aid (a day's rests give it,
//! [`super::day`]).
//!
//! A fight of a day starts from the party's carried states ([`carry`]): the same setup, a
//! member not up sitting the fight out.

pub mod carry;
pub mod fight;
#[cfg(test)]
mod tests;

use super::attack::{Approach, Cover, Defender, DodgePolicy, Size, guard};
use super::check::Visibility;
use super::damage::{Armor, Damage};
use super::dice::BonusDice;
use super::rules::{Rules, SuccessOn};
use crate::combat::exact::StateCodec;
use crate::combat::{Bout, Care, Fates, Observer, Roster, Targeting, toughness};
use crate::combat::{Dying, Record, Remarks, Rounds, Walk};
use fight::{Arena, Event};
use oddsmith_core::dice::Dice;
use oddsmith_core::stats::{CounterId, Meta, Note, RatioId, Role, Tally};

/// Vigor an off-hand attack costs (002:21).
pub const OFFHAND_VIGOR: i64 = 8;

/// Challenges on an off-hand attack's bonus dice, to hit and to damage (002:21).
pub const OFFHAND_CHALLENGES: u32 = 2;

/// Vigor a Winded combatant needs back before it acts again (002:43).
pub const WINDED_UNTIL: i64 = 5;

/// The Victory Sum of a Medicine check: stabilising one in Shock (002:76) and emergency aid
/// (002:28).
pub const MEDICINE_VS: i64 = 20;

/// One Medicine check VS 20 (002:28, 002:76) with `bonus` dice, under `[rules] success_on`:
/// d20, then the bonus dice.
#[inline]
pub fn medicine_check<D: Dice + ?Sized>(
    bonus: &BonusDice,
    success_on: SuccessOn,
    dice: &mut D,
) -> bool {
    let succeeds = |total: i64| match success_on {
        SuccessOn::Higher => total > MEDICINE_VS,
        SuccessOn::Meet => total >= MEDICINE_VS,
    };
    succeeds(bonus.check_by(dice, succeeds))
}

/// One hand's attack: its dice, unwounded and Wounded (index 1, 002:53).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strike {
    /// Attack bonus dice.
    pub attack: [BonusDice; 2],
    /// Damage: weapon dice and bonus dice.
    pub damage: [Damage; 2],
}

/// The off-hand attack (002:21).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Offhand {
    /// Its dice, 2 Challenges included.
    pub strike: Strike,
    /// Vigor it keeps: attacks only when Vigor − 8 ≥ this.
    pub keep_vigor: i64,
}

/// A combatant resolved from the scenario.
#[derive(Debug, Clone)]
pub struct Fighter {
    /// Name.
    pub name: String,
    /// Side index (the roster's).
    pub side: usize,
    /// Durability at the start (002:51–52).
    pub durability: i64,
    /// Health at the start (002:54).
    pub health: i64,
    /// Vigor at the start, and its ceiling (002:42–45).
    pub vigor: i64,
    /// Stamina: rounds in Shock before death (002:75).
    pub stamina: i64,
    /// The weapon attack.
    pub main: Strike,
    /// The off-hand attack, if any.
    pub offhand: Option<Offhand>,
    /// Dodge dice (d20 + these, 002:31), unwounded and Wounded.
    pub dodge: [BonusDice; 2],
    /// When it Dodges.
    pub dodge_policy: DodgePolicy,
    /// Initiative bonus dice (002:12), unwounded and Wounded (002:53: a Wound steps every
    /// bonus die of an action roll down; a day's fight may begin with the combatant Wounded).
    pub initiative: [BonusDice; 2],
    /// Actions per turn (002:19).
    pub actions: u32,
    /// Ends each turn with Defend (002:22).
    pub defend: bool,
    /// Vigor back each Recovery phase (002:45).
    pub vigor_recovery: i64,
    /// Durability back each Recovery phase unless Wounded (002:46).
    pub durability_recovery: i64,
    /// Whom it attacks.
    pub target: Targeting,
    /// How it plays its turns: its tactic profile and thresholds (`target` above is the
    /// targeting the profile plays with).
    pub plays: crate::combat::load::Plays,
    /// Attacks foes in Shock too.
    pub finish_downed: bool,
    /// Size (002:78, 002:87).
    pub size: Size,
    /// Attacks at range (cover and visibility count).
    pub ranged: bool,
    /// Guard bonuses (002:17).
    pub guard_bonus: i64,
    /// Cover against ranged attacks (002:93–96).
    pub cover: Cover,
    /// Armor Rank, armor quality and Superior Durability (002:56–58); its `cover` is 0.
    pub armor: Armor,
    /// Medicine bonus dice, unwounded and Wounded (002:53), if it can try to stabilise one in
    /// Shock (002:76).
    pub medicine: Option<[BonusDice; 2]>,
    /// Its potions of healing (002:27), if any.
    pub potions: Option<Potions>,
}

/// Potions of healing a combatant carries (002:27).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Potions {
    /// How many it carries into a fresh fight (a day carries what is left).
    pub count: u32,
    /// What one restores: Health first, up to its full, then Durability.
    pub heal: oddsmith_core::dice::DiceExpr,
}

/// `[aftermath]`: who tends whom once the fight is over, and the actions a Medicine try takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Aftermath {
    /// Who tends whom; whether fallen foes are killed.
    pub care: Care,
    /// Actions one Medicine try takes.
    pub medicine_actions: u32,
}

/// `[encounter]`: the ambush and the visibility.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Encounter {
    /// The ambushing side, if any (002:13–14).
    pub ambush: Option<usize>,
    /// Most actions an ambushed combatant takes in round 1 (002:13).
    pub ambushed_actions: u32,
    /// Whether the ambushed may Dodge in round 1.
    pub ambushed_can_react: bool,
    /// Round-1 attacks of the ambushers come from behind an unaware target (002:36).
    pub ambush_from_behind: bool,
    /// Every standing foe may take the opening one who Escapes creates (002:23, 002:32);
    /// else nobody is adjacent.
    pub openings: bool,
    /// Visibility (002:88–92), against ranged attacks.
    pub visibility: Visibility,
}

/// What one attacker meets in one defender, worked out when the scenario loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pair {
    /// Guard to beat (002:17, 002:87, 002:94–96, 002:90–92).
    pub guard: i64,
    /// Guard from behind an unaware target (002:36).
    pub guard_behind: i64,
    /// The defender's armor, with cover's Armor Rank against a ranged attacker.
    pub armor: Armor,
}

/// The ids of one combatant's own metrics.
#[derive(Debug, Clone)]
struct Own {
    wounded: CounterId,
    shock: CounterId,
    winded: CounterId,
    winded_rounds: RatioId,
    vigor_spent: RatioId,
}

/// A bonus-dice skirmish.
#[derive(Debug, Clone)]
pub struct Skirmish {
    /// Combatants in scenario order.
    pub fighters: Vec<Fighter>,
    /// Names, sides, the round limit and the metrics.
    pub bout: Bout,
    /// The ambush and visibility.
    pub encounter: Encounter,
    /// Damage past Durability goes on into Health in the same hit (`[rules]`).
    pub overflow_to_health: bool,
    /// `[aftermath]`.
    pub aftermath: Aftermath,
    /// Whether a check must beat its Victory Sum or may meet it (`[rules] success_on`).
    pub success_on: SuccessOn,
    /// `pairs[a * n + t]`: attacker `a` against defender `t`.
    pairs: Vec<Pair>,
    own: Vec<Own>,
    /// Who is offered a move besides attacking, by bit: the medics whose profile chooses
    /// moves ([`crate::combat::Profile::chooses_moves`]) and the cautious (Escape).
    pub(super) moves: u64,
}

impl Skirmish {
    /// A fight of `fighters` (whose `side`s are `roster`'s) under `rules`.
    pub fn new(
        fighters: Vec<Fighter>,
        roster: Roster,
        encounter: Encounter,
        rules: &Rules,
        aftermath: Aftermath,
        max_rounds: u32,
    ) -> Self {
        let mut bout = Bout::new(roster, max_rounds);
        bout.care = aftermath.care;
        let layout = &mut bout.layout;
        let own = fighters
            .iter()
            .map(|f| {
                let side = &bout.roster.sides()[f.side];
                let meta = |role, label: &str| Meta::combatant(role, label, &f.name, side);
                let n = &f.name;
                Own {
                    wounded: layout.counter(format!("wounded.{n}"), meta(Role::Outcome, "wounded")),
                    shock: layout.counter(format!("shock.{n}"), meta(Role::Outcome, "Shock")),
                    winded: layout.counter(format!("winded.{n}"), meta(Role::Outcome, "winded")),
                    winded_rounds: layout.ratio(
                        format!("winded_rounds.{n}"),
                        meta(Role::Other, "rounds winded"),
                    ),
                    vigor_spent: layout
                        .ratio(format!("vigor_spent.{n}"), meta(Role::Other, "Vigor spent")),
                }
            })
            .collect();
        let pairs = pairs(&fighters, &encounter, rules);
        let moves = fighters.iter().enumerate().fold(0, |m, (i, f)| {
            let cautious = f.plays.profile == crate::combat::Profile::Cautious;
            let kit = f.medicine.is_some() || f.potions.is_some();
            m | u64::from(cautious || f.plays.profile.chooses_moves() && kit) << i
        });
        Self {
            moves,
            fighters,
            bout,
            encounter,
            overflow_to_health: rules.overflow_to_health,
            aftermath,
            success_on: rules.success_on,
            pairs,
            own,
        }
    }

    /// What attacker `a` meets in defender `t`.
    #[inline]
    pub fn pair(&self, a: usize, t: usize) -> &Pair {
        &self.pairs[a * self.fighters.len() + t]
    }
}

/// Every attacker against every defender.
fn pairs(fighters: &[Fighter], encounter: &Encounter, rules: &Rules) -> Vec<Pair> {
    let mut out = Vec::with_capacity(fighters.len() * fighters.len());
    for a in fighters {
        for t in fighters {
            let approach = |behind_unaware| Approach {
                size: a.size,
                ranged: a.ranged,
                point_blank: false,
                behind_unaware,
                visibility: encounter.visibility,
            };
            let defender = Defender {
                guard_bonus: t.guard_bonus,
                size: t.size,
                cover: t.cover,
                prone: false,
            };
            let g = guard(&approach(false), &defender, rules);
            let behind = guard(&approach(true), &defender, rules);
            out.push(Pair {
                guard: g.value,
                guard_behind: behind.value,
                armor: Armor {
                    cover: g.cover_armor,
                    ..t.armor
                },
            });
        }
    }
    out
}

impl Rounds for Skirmish {
    type Arena = Arena;

    type Event<'a> = Event<'a>;

    fn bout(&self) -> &Bout {
        &self.bout
    }

    fn begin<D: Dice, O: Observer<Self>>(
        &self,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> u64 {
        self.setup(dice, arena, &[], observer)
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

    /// Shock is dying (002:54, 75): it kills after Stamina rounds unless a Medicine check VS
    /// 20 stabilises (002:76); the stabilised are down, unconscious until they recover Health
    /// (002:76: within a fight, only one carried in so from an earlier fight of a day).
    #[inline(always)]
    fn fates(&self, arena: &Arena) -> Fates {
        Fates {
            dead: arena.dead,
            dying: arena.shocked,
            down: arena.stable,
            fled: arena.fled,
        }
    }

    #[inline(always)]
    fn dead(&self, arena: &Arena) -> u64 {
        arena.dead
    }
}

impl Record for Skirmish {
    /// Durability plus Health (002:51).
    #[inline]
    fn toughness(&self, arena: &Arena, i: usize) -> (u64, u64) {
        let (s, f) = (&arena.states[i], &self.fighters[i]);
        toughness(
            s.durability.max(0) + s.health.max(0),
            f.durability + f.health,
        )
    }

    /// This system's own metrics go to `tally`.
    #[inline]
    fn outcome(&self, arena: &mut Arena, tally: &mut Tally) {
        for (s, own) in arena.states.iter().zip(&self.own) {
            tally.count(own.wounded, s.wounded);
            tally.count(own.shock, s.fell);
            tally.count(own.winded, s.ever_winded);
            tally.ratio(own.winded_rounds, s.winded_rounds, 1);
            tally.ratio(own.vigor_spent, s.vigor_spent, 1);
        }
    }
}

impl Dying for Skirmish {
    // The aftermath (002:75–76): Medicine tries on those in Shock, from the round after the
    // fight ended, while the countdown runs on.

    #[inline]
    fn tries(&self, tender: usize, first: bool, _: &Arena) -> u32 {
        self.medicine_tries(tender, first)
    }

    #[inline]
    fn triage(&self, patients: u64, arena: &Arena) -> usize {
        self.soonest(patients, arena)
    }

    #[inline]
    fn treat<D: Dice>(&self, tender: usize, _: usize, dice: &mut D, arena: &mut Arena) -> bool {
        self.treat_shock(tender, dice, arena)
    }

    #[inline]
    fn tick<D: Dice>(
        &self,
        round: u32,
        first: bool,
        dying: u64,
        _: &mut D,
        arena: &mut Arena,
    ) -> (u64, u64) {
        (self.recover_dying(round, first, dying, arena), 0)
    }
}

impl Walk for Skirmish {
    fn exact_state<C: StateCodec>(&self, arena: &mut Arena, now: u32, state: &mut C) -> bool {
        self.exact_fields(arena, now, state);
        true
    }

    /// From round 2 on, alike: an ambush is round 1's.
    fn exact_alike(&self) -> u32 {
        2
    }

    fn exact_sums(&self, arena: &mut Arena, each: &mut dyn FnMut(&mut u64)) {
        Skirmish::exact_sums(self, arena, each);
    }
}

impl Remarks for Skirmish {
    fn notes(&self) -> Vec<Note> {
        let roster = &self.bout.roster;
        let mut notes = vec![Note::Remark(roster.describe(self.bout.max_rounds))];
        if let Some(side) = self.encounter.ambush {
            notes.push(Note::Remark(format!(
                "ambush by \"{}\": one more action each in round 1, everyone else at most {}{}{}",
                roster.sides()[side],
                self.encounter.ambushed_actions,
                if self.encounter.ambushed_can_react {
                    ""
                } else {
                    ", with no Dodge in round 1"
                },
                if self.encounter.ambush_from_behind {
                    "; round-1 ambush attacks halve Guard"
                } else {
                    ""
                }
            )));
        }
        let care = self.aftermath.care;
        let medics: Vec<String> = (self.fighters.iter())
            .filter(|f| f.medicine.is_some())
            .map(|f| {
                let tries = f.actions / self.aftermath.medicine_actions;
                format!("{} ({tries} a round)", f.name)
            })
            .collect();
        notes.push(Note::Aftermath(format!(
            "{}; Medicine tries by {}",
            care.describe(),
            if medics.is_empty() {
                "nobody: the dying die".to_string()
            } else {
                medics.join(", ")
            }
        )));
        notes
    }
}
