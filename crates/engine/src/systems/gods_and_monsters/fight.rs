//! The one conflict engine of Gods & Monsters (004_803a11f5ee1b6e60.txt, "Conflicts",
//! "Survival and verve", "Unconsciousness", "A time to die"), played by the shared driver
//! ([`crate::combat::Fight`]) through [`oddsmith_core::dice::Dice`], so the same code runs millions of
//! seeded fights and replays the book's Yeti example with scripted dice.
//!
//! One round: the unconscious whose time is up wake (with `unconscious_for = "injuries"`);
//! surprised combatants (after round 1) try to snap out; every standing combatant makes every
//! listed attack ("everything happens at once": targets are chosen among foes standing when
//! the round began, and damage lands at once; called shots are declared first and resolved
//! first, 808); at the end of the round consciousness is rolled once by everyone who dropped
//! to 0 survival or gained injuries (762; or after each such hit with `consciousness_check =
//! "per_hit"`), failed rolls take effect, death contests are rolled, the dying whose time has
//! run out die (615), and combatants at their flight threshold run. Failed rolls of the kinds
//! a combatant lists in `mojo_on` are turned by a mojo bid where the pool covers the miss
//! (976–978). The driver ends the fight when at most one side still has someone standing, or
//! at the round limit (a stalemate).
//!
//! **The layout.** The combatants' facts are resolved once into a compact table when the
//! scenario loads ([`Engine`]); during a fight each combatant's state is one pool of survival
//! and soaking verve less the damage taken ([`Now`]) — damage goes to soaking verve, then
//! survival, then injuries, and nothing restores any of them, so the pool says all three —
//! and who is surprised, unconscious, dying, dead, fled, hurt this round or standing is a bit
//! mask each, so choosing a foe is a pick among the set bits of a word and the end of a round
//! visits only the combatants something happened to. Where a branch would follow the dice, a
//! mask replaces it: an attack's damage is drawn with its d20 and kept on a hit
//! ([`Dice::DAMAGE_WITH_EVERY_ATTACK`]).
//!
//! **The rules beyond a plain conflict** — called shots ([`rule::CALLED`]), fighting out of
//! close combat with the crowd's cover and strays ([`rule::AFAR`]), reloading
//! ([`rule::RELOAD`]), mojo ([`rule::MOJO`]), attacks on the fallen ([`rule::DOWNED`]), waking
//! up ([`rule::WAKING`]) and consciousness after each hit ([`rule::PER_HIT`]) — are compiled in
//! by a const parameter of flags: [`Engine::kind`] is chosen once when the scenario loads, the
//! smallest of the instantiations [`rule::KINDS`] that holds every rule in play, and the code of
//! a rule left out is not there at all. A rule compiled in also reads the scenario's facts
//! (who has mojo, who is out of close combat), so an instantiation with more rules than a
//! conflict uses plays it exactly as the smallest one does, fight by fight (a test plays every
//! instantiation that holds a conflict's rules side by side).
//!
//! **The files.** This one holds the state (the facts, the arena, the engine a conflict
//! compiles to); [`round`] begins a fight and plays a round up to its attacks; [`attack`]
//! picks foes and rolls to hit; [`resolve`] lands a hit; [`end`] ends the round
//! (consciousness, the time to die, flight); [`exact`] reads the arena out (observers, a
//! day's carried states, the exact walk's fields and checkpoints).

use super::conflict::{Attack, Conflict, Fighter, Targeting};
use super::day::State as Carried;
use super::rules::{
    AttackDowned, ConflictRules, ConsciousnessCheck, Cover, DeathContest, MojoKind,
    ROUNDS_PER_MINUTE, UnconsciousFor,
};
use super::survival;
use crate::combat::exact::{StateCodec, at_round, at_round_within};
use crate::combat::set::members;
use crate::combat::{MAX_FIGHTERS, Move, Observer, Offers, Roster, Set, Sight, Tactic};
use oddsmith_core::dice::stream::PlainDice;
use oddsmith_core::dice::{Among, Dice, DiceExpr};

mod attack;
mod end;
mod exact;
mod resolve;
mod round;

pub use crate::combat::Ending;

/// What a fight's [`Observer`] is told.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// `attacker` rolled `roll` against `needed` to hit `target`; `damage` is `Some` on a hit.
    Attack {
        /// Which round.
        round: u32,
        /// Who attacked.
        attacker: usize,
        /// Whom.
        target: usize,
        /// The d20.
        roll: i64,
        /// What it had to roll at most.
        needed: i64,
        /// The damage, on a hit.
        damage: Option<i64>,
    },
    /// A shot into close combat strayed to `who` (780–784): `damage` is `Some` when it landed
    /// (the evasion roll failed).
    Stray {
        /// Which round.
        round: u32,
        /// Who shot.
        attacker: usize,
        /// Whom it strayed to.
        who: usize,
        /// The damage, when it landed.
        damage: Option<i64>,
    },
    /// `who` rolled `roll` against `needed` to stay conscious.
    Consciousness {
        /// Which round.
        round: u32,
        /// Who.
        who: usize,
        /// The d20.
        roll: i64,
        /// What it had to roll at most.
        needed: i64,
    },
    /// The round is over; `states` are everyone's states after it.
    RoundEnd {
        /// Which round.
        round: u32,
        /// Everyone's state.
        states: &'a [State],
    },
}

/// A combatant's condition, as an observer sees it ([`Conflict::states`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Survival points left.
    pub survival: i64,
    /// Verve points left.
    pub verve: i64,
    /// Injury points: a penalty on attack, ability and reaction rolls.
    pub injuries: i64,
    /// Still surprised (acts with penalties after round 1, not at all in round 1).
    pub surprised: bool,
    /// Conscious.
    pub conscious: bool,
    /// Ran from the fight.
    pub fled: bool,
    /// Lost a death contest.
    pub dying: bool,
    /// Died within the fight: dying with endurance − injuries ≤ 0 at a round's end (615).
    pub dead: bool,
    /// Mojo left.
    pub mojo: i64,
    /// Mojo spent so far.
    pub mojo_spent: i64,
    /// A death bid turned a lost endurance roll into a success.
    pub mojo_saved: bool,
}

/// The rules beyond a plain conflict, as flags of the engine's const parameter.
pub mod rule {
    /// Someone can make a called shot (a killing or knockout blow, or a called shot into
    /// close combat): the round's attacks are planned, then called shots resolved first (808).
    pub const CALLED: u16 = 1;
    /// Someone is out of close combat: melee reaches only those in it (772); shots into it
    /// meet the crowd's cover and may stray (780–784).
    pub const AFAR: u16 = 1 << 1;
    /// Some attack takes more than a round to ready, or starts unloaded (788–790).
    pub const RELOAD: u16 = 1 << 2;
    /// Someone has mojo to bid (976–978).
    pub const MOJO: u16 = 1 << 3;
    /// Someone attacks unconscious foes (`attack_downed`), +10 to hit them (852).
    pub const DOWNED: u16 = 1 << 4;
    /// The unconscious wake after six rounds per injury point (605, `unconscious_for`).
    pub const WAKING: u16 = 1 << 5;
    /// Consciousness is rolled after each hit that calls for it (`consciousness_check`).
    pub const PER_HIT: u16 = 1 << 6;
    /// Every rule.
    pub const ALL: u16 = (1 << 7) - 1;
    /// The instantiations compiled: a plain conflict, and every rule. Each one is the whole
    /// engine once per dice type, so only those the shipped scenarios play are compiled
    /// (the Yeti's and every bench fight are plain; the goblin mob has every rule but
    /// waking and per-hit checks); a conflict with any rule plays as [`ALL`], whose rules read
    /// the scenario's facts and so play a plain one alike
    /// (`conflict/tests/engines.rs`).
    pub const KINDS: [u16; 2] = [0, ALL];

    /// The smallest instantiation of [`KINDS`] that holds every rule of `needed`.
    pub fn kind(needed: u16) -> u16 {
        KINDS.into_iter().find(|&k| needed & !k == 0).unwrap_or(ALL)
    }
}

use rule::{AFAR, CALLED, DOWNED, MOJO, PER_HIT, RELOAD, WAKING};

/// A combatant's facts, as the engine reads them every round.
#[derive(Debug, Clone, Copy)]
struct Facts {
    /// Bit mask of its foes (everyone not on its side).
    foes: u64,
    /// Survival and verve that soaks combat damage (0 where fighting is not archetypal) at
    /// the start: its pool ([`Now::pool`]) before any damage.
    pool: i64,
    /// Survival at the start.
    survival: i64,
    /// Injury points at the start.
    injuries: i64,
    /// The better of willpower and fortitude, plus the group bonus: the consciousness and
    /// snap-out rolls before penalties.
    best: i64,
    /// Endurance plus the group bonus: the death contest's resistance before penalties.
    endurance: i64,
    /// Endurance alone: dying with endurance − injuries ≤ 0 is death (615).
    endurance_left: i64,
    /// Flees at the end of a round when conscious with survival at or below this
    /// (`i64::MIN`: never; so also for a threshold below 0, which survival never reaches).
    flee_at: i64,
    /// Whom its attacks go for.
    target: Targeting,
}

impl Default for Facts {
    fn default() -> Self {
        Self {
            foes: 0,
            pool: 0,
            survival: 0,
            injuries: 0,
            best: 0,
            endurance: 0,
            endurance_left: 0,
            flee_at: i64::MIN,
            target: Targeting::Random,
        }
    }
}

impl Facts {
    /// Whether survival with `pool` left is at or below the flight threshold, `survival` at
    /// the fight's start ([`Now::survival`]). Verve soaks damage first, so survival is what is
    /// left of the pool up to the start's survival, at least 0; the floor at 0 is left out,
    /// since a threshold is 0 or more (or never), so that nothing here branches on the pool.
    #[inline(always)]
    fn at_flight(&self, pool: i64, survival: i64) -> bool {
        pool.min(survival) <= self.flee_at
    }
}

/// Survival with `pool` left, `survival` at the fight's start.
#[inline(always)]
fn survival_in(pool: i64, survival: i64) -> i64 {
    pool.min(survival).max(0)
}

/// One attack as the engine makes it: its numbers to hit and its damage.
#[derive(Debug, Clone)]
struct Strike {
    /// Per target, the static part of the number to hit ([`to_hit`]).
    to_hit: [i32; MAX_FIGHTERS],
    damage: DiceExpr,
    plain: Option<PlainDice>,
    /// The damage's plain dice when they have a stream of their own
    /// ([`PlainDice::streamed`]): then the dice may be drawn with every attack
    /// ([`Dice::DAMAGE_WITH_EVERY_ATTACK`]), and a hit is not a branch. Derivable from
    /// `plain`, but kept: deriving it at each attack made the Yeti fight 8% slower.
    streamed: Option<PlainDice>,
    /// Whom it can reach (772): anyone with a ranged attack; those in close combat with a
    /// melee attack from within it; nobody with a melee attack from out of it.
    reach: u64,
    /// A ranged attack from out of close combat: shot at someone in it, it meets the
    /// crowd's cover and may stray (780–784).
    afar: bool,
    /// A ranged attack: cover counts against it (815–820).
    ranged: bool,
    /// Which of its maker's attacks it is (bit `k` of the ready mask).
    k: u8,
}

impl Strike {
    /// The damage this attack deals, `hit` or not (0 on a miss).
    #[inline(always)]
    fn damage<D: Dice>(&self, hit: bool, dice: &mut D) -> i64 {
        match self.streamed {
            // Drawn hit or miss and kept on a hit: no branch on the d20.
            Some(plain) if D::DAMAGE_WITH_EVERY_ATTACK => {
                dice.roll_streamed(&self.damage, plain).max(0) & -i64::from(hit)
            }
            _ if hit => self.fresh(dice),
            _ => 0,
        }
    }

    /// A fresh roll of its damage (a stray after a miss, 784).
    #[inline(always)]
    fn fresh<D: Dice>(&self, dice: &mut D) -> i64 {
        dice.roll_plain(&self.damage, self.plain).max(0)
    }
}

/// Foes to pick among: those of `of`, in scenario order, `among` of them. Kept across a
/// fight's rounds and rebuilt only when the foes change.
#[derive(Debug, Clone, Copy)]
struct Picks {
    of: u64,
    list: [u8; MAX_FIGHTERS],
    among: Among,
}

impl Picks {
    /// The foes of `foes` (more than one) in scenario order.
    #[inline(always)]
    fn of(&mut self, foes: u64) -> &Self {
        if self.of != foes {
            // Counted bit by bit: a population count is slow on a processor without its
            // instruction.
            let mut n = 0usize;
            for i in members(foes) {
                self.list[n % MAX_FIGHTERS] = i as u8;
                n += 1;
            }
            self.of = foes;
            self.among = Among::new(n);
        }
        self
    }

    /// A uniform pick among the foes listed.
    #[inline(always)]
    fn pick<D: Dice>(&self, dice: &mut D) -> usize {
        usize::from(self.list[dice.pick_among(self.among) % MAX_FIGHTERS])
    }
}

impl Default for Picks {
    fn default() -> Self {
        Self {
            of: 0,
            list: [0; MAX_FIGHTERS],
            among: Among::new(1),
        }
    }
}

/// A combatant's state during a fight, beside the masks of [`Flags`]: its pool of survival
/// and soaking verve less the damage taken (survival is what is left of it up to the start's
/// survival, as [`survival_in`] reads it; verve is the rest; injuries are the start's, the
/// damage past the pool and [`More::direct`]). The start's survival and injuries are the
/// fighter's, or those carried over from an earlier fight of the day
/// ([`Conflict::begin_from_with`]).
#[derive(Debug, Clone, Copy, Default)]
struct Now {
    /// The pool now: below 0, the damage that went to injuries.
    pool: i64,
    /// The pool when the round began: the injury penalty on its attacks for the whole
    /// round comes from it, since everything in a round happens at once.
    then: i64,
    /// Survival at the fight's start (0 or more: a fight may start at 0 survival).
    survival: i64,
    /// Injury points at the fight's start.
    injuries: i64,
    /// The foe it keeps attacking (`focus`), or [`NOBODY`].
    focus: u8,
}

/// A combatant's state under the rules beyond a plain conflict.
#[derive(Debug, Clone, Copy, Default)]
struct More {
    /// Injuries dealt straight to injury points by killing and knockout blows (870, 878).
    direct: i64,
    /// `direct` when the round began.
    direct_then: i64,
    /// Mojo left (976).
    mojo: i64,
    /// Mojo spent so far.
    spent: i64,
    /// The round at whose end it fell unconscious.
    out_since: u32,
}

/// No foe remembered.
const NOBODY: u8 = u8::MAX;

/// The lowest fighter in `mask` (not empty), as an index the compiler knows is in range.
#[inline(always)]
fn lowest(mask: u64) -> usize {
    (mask.trailing_zeros() & (MAX_FIGHTERS as u32 - 1)) as usize
}

/// Who is in which condition, as bit masks (bit `i`: fighter `i`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags {
    /// Unconscious.
    pub unconscious: u64,
    /// Ran from the fight.
    pub fled: u64,
    /// Lost a death contest.
    pub dying: u64,
    /// Died within the fight (615).
    pub dead: u64,
    /// A death bid turned a lost endurance roll into a success (976).
    pub saved: u64,
}

/// Whether a planned attack is a called shot, and which (806, 870, 874).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Called {
    /// An ordinary attack.
    No,
    /// A knockout blow at a surprised or unaware foe.
    Knockout,
    /// A killing blow at an unconscious foe.
    Killing,
    /// A shot into close combat called to spare the target's foes there (782).
    IntoMelee,
}

/// One attack of the round, planned at its start when called shots are in play.
#[derive(Debug, Clone, Copy)]
struct Planned {
    attacker: u8,
    strike: u16,
    target: u8,
    called: Called,
}

/// Per-batch buffers of the engine, and the state of the fight being played.
#[derive(Debug, Clone)]
pub struct Arena {
    now: Box<[Now; MAX_FIGHTERS]>,
    more: Box<[More; MAX_FIGHTERS]>,
    /// Who is still surprised.
    surprised: u64,
    /// Who is in which condition.
    pub flags: Flags,
    /// The foes last picked among.
    picks: Picks,
    /// This round's attacks, planned at its start ([`rule::CALLED`]).
    plan: Vec<Planned>,
    /// Per attack ([`Attack::slot`]): rounds it still readies before firing.
    ready_in: Vec<u8>,
    /// This round: who took injuries straight from a killing or knockout blow
    /// ([`rule::CALLED`]).
    blows: u64,
    /// This round: who failed a consciousness roll after a hit, unconscious at its end
    /// ([`rule::PER_HIT`]).
    falls: u64,
    /// Everyone's state at a round's end, built for an observer that watches.
    states: Vec<State>,
    /// Per dying fighter: the round at whose end its time runs out (615).
    pub dies_at: Box<[u32; MAX_FIGHTERS]>,
    /// The soonest of `dies_at` among the dying not dead yet; `u32::MAX` when nobody.
    next_death: u32,
    /// Those whose time ran out at the last round's end, dead, who make their heroic last
    /// effort this round (619; [`rule::MOJO`]).
    last: u64,
    /// Those with survival at the fight's start: dropping to 0 survival hurts them (762).
    has_survival: u64,
    /// Those whose flight threshold is reached at the fight's start: they run at the end of
    /// round 1 if conscious.
    flee_at_start: u64,
    /// Party members carried in down or dead: they sit the fight out (never act, never
    /// targeted, never wake within it) and keep their state.
    pub absent: u64,
    /// How many of the first combatants began from carried states (0: a fresh fight).
    pub carried_in: usize,
    /// Their carried states as they began.
    pub carried: Box<[Carried; MAX_FIGHTERS]>,
}

impl Default for Arena {
    fn default() -> Self {
        Self {
            now: Box::new([Now::default(); MAX_FIGHTERS]),
            more: Box::new([More::default(); MAX_FIGHTERS]),
            surprised: 0,
            flags: Flags::default(),
            picks: Picks::default(),
            plan: Vec::new(),
            ready_in: Vec::new(),
            blows: 0,
            falls: 0,
            states: Vec::new(),
            dies_at: Box::new([u32::MAX; MAX_FIGHTERS]),
            next_death: u32::MAX,
            last: 0,
            has_survival: 0,
            flee_at_start: 0,
            absent: 0,
            carried_in: 0,
            carried: Box::new([Carried::default(); MAX_FIGHTERS]),
        }
    }
}

/// What a round has done so far, beside the arena.
#[derive(Debug, Clone, Copy)]
struct Turn {
    round: u32,
    /// Round 2 or later.
    late: bool,
    /// Who could act and be targeted when the round began.
    standing: u64,
    /// Who was unconscious (alive, not fled) when the round began.
    downed: u64,
    /// Who is exposed to `exposure` more to hit: the surprised.
    exposed: u64,
    /// +2 to hit the surprised after round 1 (806, 852), +4 the unaware (866).
    exposure: i64,
    /// Who makes a called shot this round: −2 defense (806).
    calls: u64,
    /// The cover the close-combat crowd gives against shots fired into it (780).
    crowd: Cover,
    /// Leaders who lead this round instead of attacking (822; [`rule::AFAR`]).
    leading: u64,
    /// Those a leader covers this round: cover as warriors use it (822).
    led: u64,
}

/// A conflict resolved for the engine when the scenario loads.
#[derive(Debug, Clone)]
pub struct Engine {
    /// Combatants in scenario order, the rest unused.
    facts: Box<[Facts; MAX_FIGHTERS]>,
    /// Per combatant, its attacks in a round, each made 1 + its group bonus times (all of
    /// them once, then again).
    strikes: Box<[Vec<Strike>; MAX_FIGHTERS]>,
    /// Everyone.
    all: u64,
    /// Those with survival at the start: dropping to 0 survival hurts them (762).
    has_survival: u64,
    /// Those who fight on after losing the death contest.
    fight_dying: u64,
    /// Those with a flight threshold.
    flee: u64,
    /// Those who make a heroic last effort when their time runs out (619).
    last_effort: u64,
    /// Warriors who lead instead of fighting (822).
    leaders: u64,
    /// Per leader: its allies it may cover, those not warriors with cover of their own (822).
    coverable: Box<[u64; MAX_FIGHTERS]>,
    /// Those with a flight threshold already reached at the start: they run at the end of
    /// round 1 if conscious.
    flee_at_start: u64,
    /// Those in close combat.
    close: u64,
    /// Those who roll perception for surprise, and what they need.
    surprise: Vec<(usize, i64)>,
    rules: ConflictRules,
    /// Someone can make a called shot: attacks are planned first ([`rule::CALLED`]).
    called_shots: bool,
    /// Someone out of close combat shoots: the crowd's cover and strays (780–784).
    into_melee: bool,
    /// The rules compiled into the instantiation that plays this conflict ([`rule::kind`]).
    pub kind: u16,
}

/// Per attack (by [`Attack::slot`]) and target, in a table of `slots × fighters`: 11 + the
/// attacker's attack bonus, the attack's, and its group bonus, less the target's defense and
/// group bonus and, against a ranged attack, its own cover's bonus (815–820).
fn to_hit(fighters: &[Fighter]) -> Vec<i64> {
    let mut table = Vec::new();
    for attacker in fighters {
        for attack in &attacker.attacks {
            debug_assert_eq!(table.len(), attack.slot * fighters.len());
            table.extend(fighters.iter().map(|target| {
                let cover = if attack.ranged {
                    target.cover.defense(target.warrior)
                } else {
                    0
                };
                11 + attacker.attack + attack.bonus + attacker.group_bonus
                    - target.defense
                    - target.group_bonus
                    - cover
            }));
        }
    }
    table
}

impl Engine {
    /// The engine for `fighters` on `roster`'s sides under `rules`; `rolls_surprise[i]`:
    /// fighter `i` rolls perception for surprise.
    pub fn new(
        fighters: &[Fighter],
        roster: &Roster,
        rules: ConflictRules,
        rolls_surprise: &[bool],
    ) -> Self {
        let n = fighters.len();
        let all = roster.side_masks().iter().fold(0, |m, s| m | s);
        let mask = |keep: &dyn Fn(&Fighter) -> bool| {
            (fighters.iter().enumerate()).fold(0u64, |m, (i, f)| m | u64::from(keep(f)) << i)
        };
        let close = mask(&|f| f.close_combat);
        let table = to_hit(fighters);
        let mut strikes: Box<[Vec<Strike>; MAX_FIGHTERS]> =
            Box::new(std::array::from_fn(|_| Vec::new()));
        let mut facts = Box::new([Facts::default(); MAX_FIGHTERS]);
        for ((p, f), strikes) in facts.iter_mut().zip(fighters).zip(strikes.iter_mut()) {
            let volleys = 1 + usize::try_from(f.group_bonus).expect("a group bonus is ≥ 0");
            let strike = |(k, a): (usize, &Attack)| {
                let mut to_hit = [0; MAX_FIGHTERS];
                for (v, &needed) in to_hit.iter_mut().zip(&table[a.slot * n..][..n]) {
                    *v = i32::try_from(needed)
                        .expect("scenario numbers are checked to be small when they load");
                }
                Strike {
                    to_hit,
                    damage: a.damage.clone(),
                    plain: a.plain,
                    streamed: a.plain.filter(PlainDice::streamed),
                    reach: match (a.ranged, f.close_combat) {
                        (true, _) => all,
                        (false, true) => close,
                        (false, false) => 0,
                    },
                    afar: a.ranged && !f.close_combat,
                    ranged: a.ranged,
                    k: k as u8,
                }
            };
            let one: Vec<Strike> = f.attacks.iter().enumerate().map(strike).collect();
            strikes.extend(one.iter().cycle().take(volleys * one.len()).cloned());
            *p = Facts {
                foes: all & !roster.side_mask(f.side),
                pool: f.survival + if f.verve_in_combat { f.verve } else { 0 },
                survival: f.survival,
                injuries: f.injuries,
                best: f.willpower.max(f.fortitude) + f.group_bonus,
                endurance: f.endurance + f.group_bonus,
                endurance_left: f.endurance,
                flee_at: (f.flee_at_survival.filter(|&at| at >= 0)).unwrap_or(i64::MIN),
                target: f.target,
            };
        }
        let surprise = (fighters.iter().zip(rolls_surprise).enumerate())
            .filter(|(_, (_, rolls))| **rolls)
            .map(|(i, (f, _))| {
                let needed =
                    f.perception + 4 * i64::from(f.aware) - 6 * i64::from(f.asleep) - f.injuries
                        + f.group_bonus;
                (i, needed)
            })
            .collect();
        let called_shots = fighters.iter().any(|f| {
            f.knockout_blows
                || f.killing_blows
                || (f.called_shots_into_melee && f.shoots_from_afar())
        });
        let into_melee = close != 0 && fighters.iter().any(Fighter::shoots_from_afar);
        let reloads =
            (fighters.iter().flat_map(|f| &f.attacks)).any(|a| a.reload > 0 || a.first_ready > 0);
        let needed = [
            (called_shots, CALLED),
            // Leading changes the cover against ranged attacks: a rule of reach and cover.
            (close != all || fighters.iter().any(|f| f.leads), AFAR),
            (reloads, RELOAD),
            // A last effort, like a bid, is a rule of what the dying may still do.
            (fighters.iter().any(|f| f.mojo > 0 || f.last_effort), MOJO),
            (
                fighters
                    .iter()
                    .any(|f| f.attack_downed != AttackDowned::Never),
                DOWNED,
            ),
            (rules.unconscious_for == UnconsciousFor::Injuries, WAKING),
            (
                rules.consciousness_check == ConsciousnessCheck::PerHit,
                PER_HIT,
            ),
        ]
        .into_iter()
        .fold(0, |k, (on, flag)| if on { k | flag } else { k });
        Self {
            facts,
            strikes,
            all,
            has_survival: mask(&|f| f.survival > 0),
            fight_dying: mask(&|f| f.fights_while_dying),
            flee: mask(&|f| f.flee_at_survival.is_some()),
            last_effort: mask(&|f| f.last_effort),
            leaders: mask(&|f| f.leads),
            coverable: Box::new(std::array::from_fn(|i| match fighters.get(i) {
                Some(l) if l.leads => {
                    mask(&|f| f.side == l.side && !f.warrior && f.cover != Cover::None) & !(1 << i)
                }
                _ => 0,
            })),
            flee_at_start: mask(&|f| f.flee_at_survival.is_some_and(|at| f.survival <= at)),
            close,
            surprise,
            rules,
            called_shots,
            into_melee,
            kind: rule::kind(needed),
        }
    }

    /// Who can act: conscious, not fled, not dead, and not dying unless it fights on.
    #[inline(always)]
    pub(super) fn able(&self, flags: &Flags) -> u64 {
        self.all
            & !(flags.unconscious | flags.fled | flags.dead | (flags.dying & !self.fight_dying))
    }
}

/// A fighter's injury points now, or when the round began (`then`), from its pool (`now`)
/// and its blows straight to injuries (`more`): the start's, the damage past the pool and
/// the blows.
#[inline(always)]
fn injuries<const K: u16>(now: &Now, more: &More, then: bool) -> i64 {
    let (pool, direct) = match then {
        false => (now.pool, more.direct),
        true => (now.then, more.direct_then),
    };
    let direct = if K & CALLED != 0 { direct } else { 0 };
    now.injuries + direct + (-pool).max(0)
}
