//! Gods & Monsters conflicts: a fight of any number of combatants on two or more sides, from
//! `[[combatant]]` tables (004_803a11f5ee1b6e60.txt, "Conflicts" and the Yeti example). The
//! engine that plays the rounds is in [`super::fight`]; the schema reads the tables; this
//! module holds the resolved combatants, picks the engine's instantiation for the rules in
//! play, and reports each fight to the shared driver ([`Fight`]), beside this system's own
//! `unconscious.<name>` and mojo metrics (fleeing and dying within the fight are the shared
//! `fled.<name>` and `dead_in_fight.<name>`).
//!
//! The keys a combatant, an attack, `[conflict]` and `[aftermath]` take, with their ranges,
//! what leaving each out means and seed lines, are declared once in `schema/keys.rs` (the reference,
//! `docs/scenarios/gods-and-monsters.md`, is written from them); how a round is played is in
//! [`super::fight`] with the seed line beside each rule.

use super::fight::{Arena, Engine, Event, rule};
use super::rules::{AttackDowned, ConflictRules, Cover, MojoOn};
use crate::combat::exact::StateCodec;
use crate::combat::{Bout, Ending, Fates, MAX_FIGHTERS, Observer, Roster};
use crate::combat::{Dying, Record, Remarks, Rounds, Walk};
use oddsmith_core::dice::stream::PlainDice;
use oddsmith_core::dice::{Dice, DiceExpr};
use oddsmith_core::stats::{CounterId, HistogramId, HistogramReport, Meta, Note, Role, Tally};

pub use crate::combat::Targeting;
pub use aftermath::Aftermath;

mod aftermath;

/// One attack of a combatant.
#[derive(Debug, Clone)]
pub struct Attack {
    /// Damage dice.
    pub damage: DiceExpr,
    /// Their shape when they are plain `NdS + k` ([`PlainDice::of`]), for the seeded dice.
    pub plain: Option<PlainDice>,
    /// Bonus to hit with this attack.
    pub bonus: i64,
    /// A missile or thrown weapon: reaches any foe; cover counts against it (772, 815).
    pub ranged: bool,
    /// Rounds it readies after firing before it fires again: fire actions − 1 in close
    /// combat, − 2 out of it (129, 788–790), never below 0.
    pub reload: u8,
    /// Rounds it readies before it first fires: 0 when loaded, else as `reload`.
    pub first_ready: u8,
    /// Its readiness counter in the arena (one per attack of the conflict).
    pub slot: usize,
}

impl Attack {
    /// A melee attack (one fire action) of `damage` at `bonus` to hit.
    pub fn melee(damage: DiceExpr, bonus: i64) -> Self {
        Self {
            plain: PlainDice::of(&damage),
            damage,
            bonus,
            ranged: false,
            reload: 0,
            first_ready: 0,
            slot: 0,
        }
    }

    /// The same attack taking `fire_actions` (1–10), made from close combat or not, `loaded`
    /// or not when the fight begins (129, 788–790).
    pub fn readied(mut self, fire_actions: u8, close_combat: bool, loaded: bool) -> Self {
        self.reload = fire_actions.saturating_sub(if close_combat { 1 } else { 2 });
        self.first_ready = if loaded { 0 } else { self.reload };
        self
    }
}

/// A combatant resolved from the scenario: names turned into indices, defaults applied.
#[derive(Debug, Clone)]
pub struct Fighter {
    /// Name.
    pub name: String,
    /// Side index.
    pub side: usize,
    /// Survival points at the start (group bonus included).
    pub survival: i64,
    /// Verve points at the start.
    pub verve: i64,
    /// Whether combat damage goes to verve first.
    pub verve_in_combat: bool,
    /// Endurance for the death contest.
    pub endurance: i64,
    /// Perception (surprise rolls).
    pub perception: i64,
    /// Willpower.
    pub willpower: i64,
    /// Fortitude.
    pub fortitude: i64,
    /// Attack bonus.
    pub attack: i64,
    /// Defense.
    pub defense: i64,
    /// Attacks rolled each round.
    pub attacks: Vec<Attack>,
    /// Injury points at the start.
    pub injuries: i64,
    /// Starts the fight (its side is not surprised).
    pub surprises: bool,
    /// Aware of the attackers: +4 to the surprise roll.
    pub aware: bool,
    /// Asleep: −6 to the surprise roll.
    pub asleep: bool,
    /// Whom attacks go for.
    pub target: Targeting,
    /// How it plays its turns: its tactic profile and thresholds (`target` above is the
    /// targeting the profile plays with).
    pub plays: crate::combat::load::Plays,
    /// Flees at the end of a round when conscious with survival at or below this.
    pub flee_at_survival: Option<i64>,
    /// Keeps fighting after losing the death contest.
    pub fights_while_dying: bool,
    /// Makes one heroic last effort when its time to die runs out in the fight: one more
    /// attack, the round after, at +level with no injury penalty (004:619).
    pub last_effort: bool,
    /// A warrior who leads its companions instead of fighting: on a perception roll, up to
    /// level of them use cover as warriors do this round (004:822).
    pub leads: bool,
    /// Group effort bonus (0 for a single combatant).
    pub group_bonus: i64,
    /// Mojo at the start of the fight (976); it lasts the fight.
    pub mojo: i64,
    /// The rolls mojo is bid on.
    pub mojo_on: MojoOn,
    /// Mojo kept back from every bid but a death bid.
    pub mojo_reserve: i64,
    /// Whether it attacks unconscious foes.
    pub attack_downed: AttackDowned,
    /// Its attacks on surprised (or unaware) foes are knockout blows (874).
    pub knockout_blows: bool,
    /// Its attacks on unconscious foes are killing blows (870).
    pub killing_blows: bool,
    /// Evasion, needed when a foe deals knockout blows.
    pub evasion: Option<i64>,
    /// Bonus on the evasion roll against a knockout blow: 1 for any head protection plus its
    /// defense bonus (874).
    pub head_protection: i64,
    /// Fights as a warrior: two points of a knockout blow go to injuries (878), and cover
    /// counts more (815–817).
    pub warrior: bool,
    /// Combatants in the unit: what it counts for in a close-combat crowd (780).
    pub group_size: i64,
    /// Its own cover against ranged attacks.
    pub cover: Cover,
    /// In close combat: melee attacks reach it and it reaches others with melee attacks.
    pub close_combat: bool,
    /// Its ranged shots into close combat from out of it are called shots (−3 to hit, −2
    /// defense, no strays on a hit, 782).
    pub called_shots_into_melee: bool,
    /// The nightly health roll (004:565), for `[aftermath] rest` and a day's nights.
    pub health: Option<i64>,
    /// Its level, where given: a day's night restores this much survival (004:565) and a
    /// hazard this much verve (004:593).
    pub level: Option<i64>,
}

impl Fighter {
    /// Out of close combat with a ranged attack: its shots into a melee meet the crowd's
    /// cover and may stray (780–784).
    pub fn shoots_from_afar(&self) -> bool {
        !self.close_combat && self.attacks.iter().any(|a| a.ranged)
    }
}

/// A Gods & Monsters conflict built from `[[combatant]]` tables.
#[derive(Debug, Clone)]
pub struct Conflict {
    /// Combatants in scenario order.
    pub fighters: Vec<Fighter>,
    /// Names, sides, the round limit and the metrics.
    pub bout: Bout,
    /// The Guide's choices (`[conflict]`).
    pub rules: ConflictRules,
    /// The fighters resolved for the engine.
    pub(super) engine: Engine,
    unconscious: Vec<CounterId>,
    /// Per fighter with mojo: mojo spent, and whether a death bid saved it.
    mojo: Vec<Option<(HistogramId, CounterId)>>,
    /// The fighters with mojo, and where their mojo spent goes.
    spends: Vec<(usize, HistogramId)>,
    /// `[aftermath]`: healing aid and rest for the dying.
    pub aftermath: Aftermath,
    /// What the loader noticed that runs but makes little sense (a key another one makes
    /// irrelevant), for [`Remarks::warnings`].
    pub noticed: Vec<String>,
}

/// Per-batch buffers of a conflict, reused by every fight so a trial allocates nothing.
#[derive(Debug, Clone, Default)]
pub struct ConflictArena {
    /// The engine's.
    pub fight: Arena,
    /// Per fighter, fights by how it ended them (an outcome code of a few flags), counted
    /// over a batch and added to the tally once at its end.
    outcomes: Vec<u64>,
}

impl Conflict {
    /// A conflict of `fighters` (at most [`MAX_FIGHTERS`], each on a side of `sides`, numbered
    /// in order of first appearance) with a round limit.
    pub fn new(
        mut fighters: Vec<Fighter>,
        sides: Vec<String>,
        max_rounds: u32,
        rules: ConflictRules,
    ) -> Self {
        for (slot, attack) in fighters
            .iter_mut()
            .flat_map(|f| f.attacks.iter_mut())
            .enumerate()
        {
            attack.slot = slot;
        }
        assert!(
            fighters.len() <= MAX_FIGHTERS,
            "checked when the scenario loads"
        );
        let roster = Roster::new(
            fighters
                .iter()
                .map(|f| (f.name.as_str(), sides[f.side].as_str())),
        )
        .expect("checked when the scenario loads");
        assert!(
            fighters
                .iter()
                .enumerate()
                .all(|(i, f)| roster.side_of(i) == f.side),
            "sides are numbered in order of first appearance"
        );
        let mut bout = Bout::new(roster, max_rounds);
        let layout = &mut bout.layout;
        // 004_803a11f5ee1b6e60.txt, "Unconsciousness": this system's own way of leaving a
        // fight, beside the shared states.
        let unconscious = fighters
            .iter()
            .map(|f| {
                let meta = Meta::combatant(Role::Outcome, "unconscious", &f.name, &sides[f.side]);
                layout.counter(format!("unconscious.{}", f.name), meta)
            })
            .collect();
        let mojo: Vec<Option<(HistogramId, CounterId)>> = fighters
            .iter()
            .map(|f| {
                (f.mojo > 0).then(|| {
                    let side = &sides[f.side];
                    let spent = layout.histogram(
                        format!("mojo_spent.{}", f.name),
                        1,
                        HistogramReport::Quantiles,
                        Meta::combatant(Role::Distribution, "mojo spent", &f.name, side),
                    );
                    let saved = layout.counter(
                        format!("mojo_saved.{}", f.name),
                        Meta::combatant(Role::SideEffect, "mojo saved from death", &f.name, side),
                    );
                    (spent, saved)
                })
            })
            .collect();
        let ambush = fighters.iter().any(|f| f.surprises);
        let rolls_surprise: Vec<bool> = fighters
            .iter()
            .map(|f| ambush && !fighters.iter().any(|g| g.side == f.side && g.surprises))
            .collect();
        let engine = Engine::new(&fighters, &bout.roster, rules, &rolls_surprise);
        let spends = (mojo.iter().enumerate())
            .filter_map(|(i, m)| m.map(|(spent, _)| (i, spent)))
            .collect();
        Self {
            fighters,
            bout,
            rules,
            engine,
            unconscious,
            mojo,
            spends,
            aftermath: Aftermath::default(),
            noticed: Vec::new(),
        }
    }

    /// The rules beyond a plain conflict compiled into the engine that plays it
    /// ([`rule::kind`]).
    pub fn kind(&self) -> u16 {
        self.engine.kind
    }

    /// The same conflict played by the instantiation `kind`, which must hold every rule of
    /// [`Conflict::kind`]: for the test that plays every instantiation alike.
    #[cfg(test)]
    pub fn with_kind(&self, kind: u16) -> Self {
        assert_eq!(self.kind() & !kind, 0, "{kind:#b} lacks a rule in play");
        let mut wider = self.clone();
        wider.engine.kind = kind;
        wider
    }
}

/// Calls `$body` with the const `$k` bound to `$kind`, one of [`rule::KINDS`]: the engine's
/// instantiation for the rules of a conflict.
macro_rules! with_kind {
    ($kind:expr, $k:ident => $body:expr) => {
        match $kind {
            0 => {
                const $k: u16 = 0;
                $body
            }
            _ => {
                const $k: u16 = rule::ALL;
                $body
            }
        }
    };
}

// After `with_kind!`, which it uses.
mod carry;

/// Outcome codes per fighter: unconscious, saved by a death bid.
const OUTCOMES: usize = 4;

impl Rounds for Conflict {
    type Arena = ConflictArena;

    type Event<'a> = Event<'a>;

    fn bout(&self) -> &Bout {
        &self.bout
    }

    fn arena(&self) -> ConflictArena {
        ConflictArena {
            outcomes: vec![0; OUTCOMES * self.fighters.len()],
            ..ConflictArena::default()
        }
    }

    #[inline(always)]
    fn begin<D: Dice, O: Observer<Self>>(
        &self,
        dice: &mut D,
        arena: &mut ConflictArena,
        _: &mut O,
    ) -> u64 {
        with_kind!(self.engine.kind, K => self.begin_from_with::<K, D>(dice, &mut arena.fight, &[]))
    }

    #[inline(always)]
    fn round<D: Dice, O: Observer<Self>>(
        &self,
        round: u32,
        up: u64,
        dice: &mut D,
        arena: &mut ConflictArena,
        observer: &mut O,
    ) -> Option<u64> {
        with_kind!(self.engine.kind, K => {
            self.round_with::<K, D, O>(round, up, dice, &mut arena.fight, observer)
        })
    }

    /// A lost death contest is dying (004:613–615); dying with endurance − injuries spent is
    /// dead (615); unconscious is down (004:605).
    #[inline(always)]
    fn fates(&self, arena: &ConflictArena) -> Fates {
        let flags = &arena.fight.flags;
        let dead = flags.dead;
        let dying = flags.dying & !dead;
        let fled = flags.fled & !dead & !dying;
        Fates {
            dead,
            dying,
            fled,
            down: flags.unconscious & !(dead | dying | fled),
        }
    }

    #[inline(always)]
    fn out(&self, arena: &ConflictArena) -> u64 {
        let flags = &arena.fight.flags;
        flags.dead | flags.dying | flags.fled | flags.unconscious
    }

    #[inline(always)]
    fn dead(&self, arena: &ConflictArena) -> u64 {
        arena.fight.flags.dead
    }
}

impl Record for Conflict {
    /// Survival, plus verve where it takes combat damage (004:565, 762).
    #[inline]
    fn toughness(&self, arena: &ConflictArena, i: usize) -> (u64, u64) {
        self.pool_left(i, &arena.fight)
    }

    fn outcome(&self, arena: &mut ConflictArena, tally: &mut Tally) {
        for &(i, spent) in &self.spends {
            tally.record(spent, self.mojo_spent(i, &arena.fight) as usize);
        }
        let flags = &arena.fight.flags;
        for (i, codes) in arena.outcomes.chunks_exact_mut(OUTCOMES).enumerate() {
            let code = (flags.unconscious >> i & 1) | (flags.saved >> i & 1) << 1;
            codes[code as usize] += 1;
        }
    }

    /// Adds the outcome codes counted in `arena` to `tally` and clears them.
    fn flush(&self, arena: &mut ConflictArena, tally: &mut Tally) {
        for (i, codes) in arena.outcomes.chunks_exact_mut(OUTCOMES).enumerate() {
            for (code, n) in codes.iter_mut().enumerate() {
                let n = std::mem::take(n);
                if n == 0 {
                    continue;
                }
                let flag = |bit: usize| if code >> bit & 1 == 1 { n } else { 0 };
                tally.add(self.unconscious[i], flag(0));
                if let Some((_, saved)) = self.mojo[i] {
                    tally.add(saved, flag(1));
                }
            }
        }
    }
}

impl Dying for Conflict {
    /// The dying live if their injuries are healed before their time runs out (004:615, 639):
    /// see [`Conflict::heal`].
    fn aftermath<D: Dice>(
        &self,
        ending: Ending,
        round: u32,
        start: Fates,
        dice: &mut D,
        arena: &mut ConflictArena,
    ) -> Fates {
        self.heal(ending, round, start, dice, &arena.fight)
    }
}

impl Walk for Conflict {
    /// Everything of the engine's arena the rest of a fight reads; the outcome codes are
    /// counts for [`Record::flush`].
    fn exact_state<C: StateCodec>(
        &self,
        arena: &mut ConflictArena,
        now: u32,
        state: &mut C,
    ) -> bool {
        self.exact_fields(&mut arena.fight, now, state);
        true
    }

    fn exact_settle(&self, arena: &mut ConflictArena) {
        self.exact_settle(&mut arena.fight);
    }

    /// From round 2 on, alike: round 1 is the surprise's.
    fn exact_alike(&self) -> u32 {
        2
    }
}

impl Remarks for Conflict {
    fn notes(&self) -> Vec<Note> {
        let a = &self.aftermath;
        vec![
            Note::Remark(self.bout.roster.describe(self.bout.max_rounds)),
            Note::Aftermath(format!(
                "{}; {}",
                self.bout.care.describe(),
                match (a.heal_injuries, a.rest) {
                    (0, false) => "nobody heals the dying: they die when their time runs out \
                                   (615)"
                        .to_string(),
                    (h, rest) => format!(
                        "the tended dying get healing aid of {h} injur{}{}",
                        if h == 1 { "y" } else { "ies" },
                        if rest {
                            ", then a nightly health roll while their hours last"
                        } else {
                            ""
                        }
                    ),
                }
            )),
        ]
    }

    /// Each fighter's outcome code is counted in `arena` until [`Record::flush`]; the mojo
    /// spent goes to `tally`.
    #[inline(always)]
    fn harmless(&self, i: usize) -> bool {
        self.fighters[i].attacks.is_empty()
    }

    fn warnings(&self) -> Vec<String> {
        let mut all = crate::combat::harmless_sides(self);
        all.extend(self.noticed.iter().cloned());
        all
    }
}

#[cfg(test)]
mod tests;
