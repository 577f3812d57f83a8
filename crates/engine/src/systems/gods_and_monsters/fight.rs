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

use super::conflict::{Attack, Conflict, Fighter, Targeting};
use super::day::State as Carried;
use super::rules::{
    AttackDowned, ConflictRules, ConsciousnessCheck, Cover, DeathContest, MojoKind,
    ROUNDS_PER_MINUTE, UnconsciousFor,
};
use super::survival;
use crate::combat::exact::{StateCodec, at_round, at_round_within};
use crate::combat::{MAX_FIGHTERS, Observer, Roster};
use oddsmith_core::dice::stream::PlainDice;
use oddsmith_core::dice::{Among, Dice, DiceExpr};

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
            let (mut left, mut n) = (foes, 0usize);
            while left != 0 {
                self.list[n % MAX_FIGHTERS] = lowest(left) as u8;
                left &= left - 1;
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
            (close != all, AFAR),
            (reloads, RELOAD),
            (fighters.iter().any(|f| f.mojo > 0), MOJO),
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

impl Conflict {
    /// Fighter `i`'s injury points now, or when the round began (`then`): the start's, the
    /// damage past the pool and the blows straight to injuries.
    #[inline(always)]
    fn injuries<const K: u16>(&self, i: usize, arena: &Arena, then: bool) -> i64 {
        let (now, more) = (&arena.now[i], &arena.more[i]);
        let (pool, direct) = match then {
            false => (now.pool, more.direct),
            true => (now.then, more.direct_then),
        };
        let direct = if K & CALLED != 0 { direct } else { 0 };
        now.injuries + direct + (-pool).max(0)
    }

    /// Fighter `i`'s survival (and verve, where it takes combat damage) left and at the
    /// start.
    pub(super) fn pool_left(&self, i: usize, arena: &Arena) -> (u64, u64) {
        crate::combat::toughness(arena.now[i].pool, self.engine.facts[i].pool)
    }

    /// Fighter `i`'s injury points now, whichever instantiation played the fight.
    pub(super) fn injuries_now(&self, i: usize, arena: &Arena) -> i64 {
        if self.engine.kind & CALLED != 0 {
            self.injuries::<{ rule::ALL }>(i, arena, false)
        } else {
            self.injuries::<0>(i, arena, false)
        }
    }

    /// After fighter `i`'s failed roll of `kind` that missed by `miss`: bids exactly the miss
    /// if the pool, less the reserve (not for death), covers it (976–978). Whether the roll
    /// now succeeds.
    #[inline(always)]
    fn bid<const K: u16>(&self, i: usize, kind: MojoKind, miss: i64, arena: &mut Arena) -> bool {
        if K & MOJO == 0 {
            return false;
        }
        let f = &self.fighters[i];
        let m = &mut arena.more[i];
        if !f.mojo_on.has(kind) || m.mojo <= 0 {
            return false;
        }
        let reserve = if kind == MojoKind::Death {
            0
        } else {
            f.mojo_reserve
        };
        let covered = m.mojo - reserve >= miss;
        if covered {
            m.mojo -= miss;
            m.spent += miss;
        }
        covered
    }

    /// Whether fighter `i` may bid mojo on a failed roll of `kind` now (976).
    #[inline(always)]
    fn may_bid<const K: u16>(&self, i: usize, kind: MojoKind, arena: &Arena) -> bool {
        K & MOJO != 0 && self.fighters[i].mojo_on.has(kind) && arena.more[i].mojo > 0
    }

    /// Fighter `i`'s roll of d20 ≤ `needed` of `kind`, turned by mojo where it can be:
    /// (succeeded, the d20). `faces`: the caller reads the d20 beyond making it or not (a
    /// shot's strays); else only a bid does ([`survival::d20_under`]).
    #[inline(always)]
    fn roll_under<const K: u16, D: Dice>(
        &self,
        i: usize,
        kind: MojoKind,
        needed: i64,
        faces: bool,
        dice: &mut D,
        arena: &mut Arena,
    ) -> (bool, i64) {
        let roll = if faces {
            dice.d20()
        } else {
            survival::d20_under(dice, needed, self.may_bid::<K>(i, kind, arena))
        };
        let ok = roll <= needed || self.bid::<K>(i, kind, roll - needed, arena);
        (ok, roll)
    }

    /// A fight whose first `party.len()` combatants start from their carried states (none:
    /// a fresh fight), the others fresh: everyone's pool as at its start, mojo and readiness
    /// as at the start, surprise rolled (perception, or surprised, in scenario order) by
    /// those up. A member carried in down or dead sits the fight out ([`Arena::absent`]).
    /// Who can act. With `party` empty or every state the fighter's fresh one, the same
    /// fight, dice for dice.
    #[inline(always)]
    pub(super) fn begin_from_with<const K: u16, D: Dice>(
        &self,
        dice: &mut D,
        arena: &mut Arena,
        party: &[Carried],
    ) -> u64 {
        let e = &self.engine;
        let mut left = e.all;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let f = &e.facts[i];
            arena.now[i] = Now {
                pool: f.pool,
                then: f.pool,
                survival: f.survival,
                injuries: f.injuries,
                focus: NOBODY,
            };
            if K & (CALLED | MOJO | WAKING) != 0 {
                arena.more[i] = More {
                    mojo: self.fighters[i].mojo,
                    ..More::default()
                };
            }
        }
        arena.flags = Flags::default();
        arena.next_death = u32::MAX;
        arena.has_survival = e.has_survival;
        arena.flee_at_start = e.flee_at_start;
        arena.absent = 0;
        arena.carried_in = party.len();
        if !party.is_empty() {
            self.carry_in::<K>(arena, party);
        }
        let mut surprised = 0u64;
        for &(i, needed) in &e.surprise {
            if arena.absent >> i & 1 == 1 {
                continue;
            }
            // 004:601: the injury penalty is the injuries it starts with.
            let needed = needed + e.facts[i].injuries - arena.now[i].injuries;
            let (ok, _) =
                self.roll_under::<K, D>(i, MojoKind::Surprise, needed, false, dice, arena);
            surprised |= u64::from(!ok) << i;
        }
        arena.surprised = surprised;
        if K & RELOAD != 0 {
            arena.ready_in.clear();
            arena
                .ready_in
                .extend((self.fighters.iter().flat_map(|f| &f.attacks)).map(|a| a.first_ready));
        }
        e.all & !arena.absent
    }

    /// The first `party.len()` combatants' values from their carried states: survival,
    /// verve (where it soaks combat damage), injuries and mojo; one down or dead sits out.
    #[cold]
    fn carry_in<const K: u16>(&self, arena: &mut Arena, party: &[Carried]) {
        let e = &self.engine;
        for (i, s) in party.iter().enumerate() {
            let f = &self.fighters[i];
            let pool = s.survival + if f.verve_in_combat { s.verve } else { 0 };
            arena.now[i] = Now {
                pool,
                then: pool,
                survival: s.survival,
                injuries: s.injuries,
                focus: NOBODY,
            };
            if K & (CALLED | MOJO | WAKING) != 0 {
                arena.more[i].mojo = s.mojo;
            }
            let bit = 1u64 << i;
            arena.has_survival = arena.has_survival & !bit | u64::from(s.survival > 0) << i;
            let at_flight = e.flee >> i & 1 == 1 && e.facts[i].at_flight(pool, s.survival);
            arena.flee_at_start = arena.flee_at_start & !bit | u64::from(at_flight) << i;
            arena.carried[i] = *s;
            if s.dead {
                arena.flags.dead |= bit;
                arena.absent |= bit;
            } else if s.unconscious {
                arena.flags.unconscious |= bit;
                arena.absent |= bit;
            }
        }
    }

    /// Round `round`, `up` able to act when it begins; who can act at its end, or `None`
    /// where its end has nothing to do (nobody hurt, gaining injuries, reaching a flight
    /// threshold, falling unconscious or waking), so nobody's condition changed.
    #[inline(always)]
    pub(super) fn round_with<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        round: u32,
        up: u64,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<u64> {
        dice.round_begins();
        let e = &self.engine;
        let late = round >= 2;
        let mut standing = up;
        let mut woken = 0u64;
        if K & WAKING != 0 && e.rules.unconscious_for == UnconsciousFor::Injuries {
            // 605: out for a minute (six rounds) per injury point; 758: out two or more
            // rounds, no longer surprised.
            let mut left = arena.flags.unconscious & !arena.flags.dead & !arena.absent;
            while left != 0 {
                let i = lowest(left);
                left &= left - 1;
                let missed = round - arena.more[i].out_since - 1;
                let out_for = i64::from(ROUNDS_PER_MINUTE) * self.injuries::<K>(i, arena, false);
                if i64::from(missed) >= out_for {
                    woken |= 1 << i;
                    arena.surprised &= !(u64::from(missed >= 2) << i);
                }
            }
            if woken != 0 {
                arena.flags.unconscious &= !woken;
                standing = e.able(&arena.flags);
            }
        }
        let downed = if K & DOWNED != 0 {
            arena.flags.unconscious & !arena.flags.dead & !arena.flags.fled & !arena.absent
        } else {
            0
        };
        // Snap out of surprise from round 2, in scenario order: the better of willpower and
        // fortitude.
        if late {
            let mut left = standing & arena.surprised;
            while left != 0 {
                let i = lowest(left);
                left &= left - 1;
                let needed = e.facts[i].best - self.injuries::<K>(i, arena, false);
                let (snaps, _) =
                    self.roll_under::<K, D>(i, MojoKind::SnapOut, needed, false, dice, arena);
                arena.surprised &= !(u64::from(snaps) << i);
            }
        }
        // +2 to hit the surprised after round 1 (806, 852), +4 the unaware (866).
        let (exposed, exposure) = if late {
            (arena.surprised, 2)
        } else if e.rules.surprised_are_unaware {
            (arena.surprised, 4)
        } else {
            (0, 0)
        };
        let mut turn = Turn {
            round,
            late,
            standing,
            downed,
            exposed,
            exposure,
            calls: 0,
            crowd: Cover::None,
        };
        if K & AFAR != 0 && e.into_melee {
            // 780: the combatants standing in close combat, a unit as its size.
            let mut left = standing & e.close;
            let mut crowd = 0;
            while left != 0 {
                crowd += self.fighters[lowest(left)].group_size;
                left &= left - 1;
            }
            turn.crowd = Cover::of_crowd(crowd);
        }
        arena.blows = 0;
        arena.falls = 0;
        let struck = if K & (CALLED | AFAR | RELOAD | DOWNED) == 0 {
            self.attack_plainly::<K, D, O>(&turn, dice, arena, observer)
        } else {
            self.attack::<K, D, O>(&mut turn, dice, arena, observer)
        };
        let settled = self.end_round::<K, D, O>(&turn, struck, woken, dice, arena, observer);
        if O::WATCHING {
            self.fill_states(arena);
            observer.see(Event::RoundEnd {
                round,
                states: &arena.states,
            });
        }
        settled
    }

    /// Attacker `a`'s aim this round: −injuries when the round began, −3 while surprised.
    #[inline(always)]
    fn aim<const K: u16>(&self, a: usize, arena: &Arena) -> i64 {
        -self.injuries::<K>(a, arena, true) - 3 * (arena.surprised >> a & 1) as i64
    }

    /// Fighter `t`'s exposure this round: +2 while surprised after round 1, +4 while unaware
    /// in round 1, +10 while unconscious (852, not with the +4), +2 while making a called
    /// shot (806).
    #[inline(always)]
    fn exposure<const K: u16>(&self, t: usize, turn: &Turn) -> i64 {
        let mut exposure = turn.exposure & -((turn.exposed >> t & 1) as i64);
        if K & DOWNED != 0 {
            exposure += 10 & -((turn.downed >> t & 1) as i64);
        }
        if K & CALLED != 0 {
            exposure += 2 & -((turn.calls >> t & 1) as i64);
        }
        exposure
    }

    /// The attacks of a round in which everyone is in close combat, every attack ready,
    /// nobody calls a shot or attacks the fallen: each resolved as its foe is picked (picks
    /// read only what held when the round began, so this is the same as planning them all
    /// first), and a lone foe is every attack's target with nothing drawn.
    #[inline(always)]
    fn attack_plainly<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        turn: &Turn,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> u64 {
        let e = &self.engine;
        let mut struck = 0u64;
        // Everyone standing attacks at once; the surprised do not act in round 1.
        let mut acting = if turn.late {
            turn.standing
        } else {
            turn.standing & !arena.surprised
        };
        while acting != 0 {
            let a = lowest(acting);
            acting &= acting - 1;
            let f = &e.facts[a];
            let foes = turn.standing & f.foes;
            if foes == 0 {
                continue;
            }
            let aim = self.aim::<K>(a, arena);
            let strikes = &e.strikes[a];
            if foes & (foes - 1) == 0 {
                // A lone foe is every attack's target, whatever the policy: nothing is drawn
                // for it (remembered, since with waking those standing may grow again).
                let t = lowest(foes);
                if K & WAKING != 0 {
                    arena.now[a].focus = t as u8;
                }
                if K & (PER_HIT | MOJO) != 0 {
                    for strike in strikes {
                        struck |= self.resolve::<K, D, O>(
                            turn,
                            (a, aim),
                            strike,
                            t,
                            Called::No,
                            dice,
                            arena,
                            observer,
                        );
                    }
                    self.checkpoint(
                        (turn.round, 0),
                        [struck, acting, turn.standing, 0],
                        dice,
                        arena,
                    );
                    continue;
                }
                let bonus = aim + self.exposure::<K>(t, turn);
                let mut damage = 0;
                for strike in strikes {
                    let needed = i64::from(strike.to_hit[t]) + bonus;
                    let roll = survival::d20_under(dice, needed, false);
                    let hit = roll <= needed;
                    let dealt = strike.damage(hit, dice);
                    observer.see(Event::Attack {
                        round: turn.round,
                        attacker: a,
                        target: t,
                        roll,
                        needed,
                        damage: hit.then_some(dealt),
                    });
                    damage += dealt;
                }
                arena.now[t].pool -= damage;
                struck |= u64::from(damage > 0) << t;
                self.checkpoint(
                    (turn.round, 0),
                    [struck, acting, turn.standing, 0],
                    dice,
                    arena,
                );
                continue;
            }
            match f.target {
                // A uniform pick among the foes for every attack: the common policy, with
                // nothing to remember.
                Targeting::Random => {
                    arena.picks.of(foes);
                    for strike in strikes {
                        let t = arena.picks.pick(dice);
                        struck |= self.resolve::<K, D, O>(
                            turn,
                            (a, aim),
                            strike,
                            t,
                            Called::No,
                            dice,
                            arena,
                            observer,
                        );
                    }
                }
                _ => {
                    for strike in strikes {
                        let t = self.choose::<K, D>(a, foes, dice, arena);
                        struck |= self.resolve::<K, D, O>(
                            turn,
                            (a, aim),
                            strike,
                            t,
                            Called::No,
                            dice,
                            arena,
                            observer,
                        );
                    }
                }
            }
            self.checkpoint(
                (turn.round, 0),
                [struck, acting, turn.standing, 0],
                dice,
                arena,
            );
        }
        struck
    }

    /// A point of a round where the rest of it reads only `site` (0: after an attacker's
    /// attacks in a plain round, 1: after a consciousness roll at its end, 2: after a death
    /// contest; 256 more where someone's time to die runs out), the round's `locals` there (who was struck, who is still to attack or
    /// roll, …), the blows and falls so far and the fight's state: the exact walk's
    /// checkpoint.
    #[inline(always)]
    fn checkpoint<D: Dice>(
        &self,
        (now, site): (u32, u64),
        locals: [u64; 4],
        dice: &mut D,
        arena: &mut Arena,
    ) {
        dice.checkpoint(|key, _| {
            for mut v in [site, arena.blows, arena.falls].into_iter().chain(locals) {
                key.field(&mut v);
            }
            self.exact_fields(arena, now, key);
        });
    }

    /// The attacks of a round under every rule compiled in: each attacker in scenario order
    /// readies what it must (788–790) and picks a foe for every ready attack among those it
    /// reaches (772), standing or (with `attack_downed`) unconscious; a called shot is
    /// declared before anything resolves (852–878) and resolved first (808).
    #[inline(always)]
    fn attack<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        turn: &mut Turn,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> u64 {
        let e = &self.engine;
        let mut struck = 0u64;
        let plan = K & CALLED != 0 && e.called_shots;
        if plan {
            arena.plan.clear();
        }
        let mut acting = if turn.late {
            turn.standing
        } else {
            turn.standing & !arena.surprised
        };
        while acting != 0 {
            let a = lowest(acting);
            acting &= acting - 1;
            let attacker = &self.fighters[a];
            let aim = self.aim::<K>(a, arena);
            // Bit k: attack k is ready to fire this round.
            let mut ready = u64::MAX;
            if K & RELOAD != 0 {
                for (k, attack) in attacker.attacks.iter().enumerate() {
                    let wait = &mut arena.ready_in[attack.slot];
                    if *wait > 0 {
                        *wait -= 1;
                        ready &= !(1 << k);
                    }
                }
            }
            let foes = e.facts[a].foes;
            let mut fired = 0u64;
            for (s, strike) in e.strikes[a].iter().enumerate() {
                if K & RELOAD != 0 && ready >> strike.k & 1 == 0 {
                    continue;
                }
                let (standing, downed) = (
                    turn.standing & strike.reach & foes,
                    turn.downed & strike.reach & foes,
                );
                let candidates = match attacker.attack_downed {
                    _ if K & DOWNED == 0 => standing,
                    AttackDowned::Never => standing,
                    AttackDowned::Also => standing | downed,
                    AttackDowned::First if downed != 0 => downed,
                    AttackDowned::First => standing,
                };
                if candidates == 0 {
                    continue;
                }
                let t = self.choose::<K, D>(a, candidates, dice, arena);
                fired |= 1 << strike.k;
                let called = if K & CALLED == 0 {
                    Called::No
                } else if arena.flags.unconscious >> t & 1 == 1 && attacker.killing_blows {
                    Called::Killing
                } else if arena.surprised >> t & 1 == 1 && attacker.knockout_blows {
                    Called::Knockout
                } else if attacker.called_shots_into_melee && strike.afar && e.close >> t & 1 == 1 {
                    Called::IntoMelee
                } else {
                    Called::No
                };
                turn.calls |= u64::from(called != Called::No) << a;
                if plan {
                    arena.plan.push(Planned {
                        attacker: a as u8,
                        strike: s as u16,
                        target: t as u8,
                        called,
                    });
                } else {
                    struck |= self.resolve::<K, D, O>(
                        turn,
                        (a, aim),
                        strike,
                        t,
                        called,
                        dice,
                        arena,
                        observer,
                    );
                }
            }
            if K & RELOAD != 0 {
                for (k, attack) in attacker.attacks.iter().enumerate() {
                    if fired >> k & 1 == 1 {
                        arena.ready_in[attack.slot] = attack.reload;
                    }
                }
            }
        }
        if plan {
            // 808: called shots are handled first in a round.
            for called_first in [true, false] {
                for p in 0..arena.plan.len() {
                    let planned = arena.plan[p];
                    if (planned.called != Called::No) == called_first {
                        let a = usize::from(planned.attacker);
                        let strike = &e.strikes[a][usize::from(planned.strike)];
                        let t = usize::from(planned.target);
                        let aim = self.aim::<K>(a, arena);
                        struck |= self.resolve::<K, D, O>(
                            turn,
                            (a, aim),
                            strike,
                            t,
                            planned.called,
                            dice,
                            arena,
                            observer,
                        );
                    }
                }
            }
        }
        struck
    }

    /// The foe for one attack by `a` among `candidates` (not empty), as
    /// [`Targeting::choose`] picks it: a named foe while it is a candidate, the remembered one
    /// for `focus`, the weakest (the fewest survival + verve − injuries when the round
    /// began, the first such in scenario order), else a uniform pick (remembered).
    #[inline(always)]
    fn choose<const K: u16, D: Dice>(
        &self,
        a: usize,
        candidates: u64,
        dice: &mut D,
        arena: &mut Arena,
    ) -> usize {
        match self.engine.facts[a].target {
            Targeting::Named(t) if candidates >> t & 1 == 1 => return t,
            Targeting::Focus => {
                let t = arena.now[a].focus;
                if t != NOBODY && candidates >> t & 1 == 1 {
                    return usize::from(t);
                }
            }
            Targeting::Weakest => {
                // Survival + verve − injuries when the round began.
                let weakness =
                    |i: usize| arena.now[i].then.max(0) - self.injuries::<K>(i, arena, true);
                let mut left = candidates;
                let mut best = lowest(left);
                while left != 0 {
                    let i = lowest(left);
                    left &= left - 1;
                    if weakness(i) < weakness(best) {
                        best = i;
                    }
                }
                return best;
            }
            _ => {}
        }
        let t = if candidates & (candidates - 1) == 0 {
            lowest(candidates)
        } else {
            arena.picks.of(candidates).pick(dice)
        };
        arena.now[a].focus = t as u8;
        t
    }

    /// What a d20 must not exceed for `strike` to hit fighter `t`: the table's 11 + attack
    /// bonuses − defense (with the target's cover against a ranged attack, 815–820), the
    /// crowd's cover when shot into close combat if better (780), the attacker's `aim` and the
    /// target's exposure this round, −3 for a called shot (806).
    #[inline(always)]
    fn needed<const K: u16>(
        &self,
        turn: &Turn,
        aim: i64,
        strike: &Strike,
        t: usize,
        called: bool,
    ) -> i64 {
        let mut needed =
            i64::from(strike.to_hit[t]) + aim + self.exposure::<K>(t, turn) - 3 * i64::from(called);
        if K & AFAR != 0 && strike.afar && self.engine.close >> t & 1 == 1 {
            let target = &self.fighters[t];
            if turn.crowd > target.cover {
                needed -= turn.crowd.defense(target.warrior) - target.cover.defense(target.warrior);
            }
        }
        needed
    }

    /// Fighter `t`'s evasion roll with `bonus` (874, 782–784): d20 ≤ evasion + bonus −
    /// injuries + group bonus, −3 while surprised after round 1; mojo may turn it.
    #[inline(always)]
    fn evades<const K: u16, D: Dice>(
        &self,
        turn: &Turn,
        t: usize,
        bonus: i64,
        dice: &mut D,
        arena: &mut Arena,
    ) -> bool {
        let f = &self.fighters[t];
        let needed = f.evasion.unwrap_or(0) + bonus - self.injuries::<K>(t, arena, false)
            + f.group_bonus
            - 3 * i64::from(turn.late && arena.surprised >> t & 1 == 1);
        self.roll_under::<K, D>(t, MojoKind::Evasion, needed, false, dice, arena)
            .0
    }

    /// Rolls one attack by `a` at `t` and lands its damage, and a shot into close combat's
    /// strays.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn resolve<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        turn: &Turn,
        (a, aim): (usize, i64),
        strike: &Strike,
        t: usize,
        called: Called,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> u64 {
        let e = &self.engine;
        let round = turn.round;
        let needed = self.needed::<K>(turn, aim, strike, t, called != Called::No);
        // 782: a shot into close combat reads its d20 again for everyone beside the target.
        let strays = K & AFAR != 0 && e.into_melee && strike.afar;
        let (hit, roll) = self.roll_under::<K, D>(a, MojoKind::Attack, needed, strays, dice, arena);
        let damage = strike.damage(hit, dice);
        observer.see(Event::Attack {
            round,
            attacker: a,
            target: t,
            roll,
            needed,
            damage: hit.then_some(damage),
        });
        // 780–784: the target's foes standing in close combat beside it, when shot into it.
        let beside = if K & AFAR != 0 && e.into_melee && strike.afar && e.close >> t & 1 == 1 {
            turn.standing & e.close & e.facts[t].foes
        } else {
            0
        };
        // A miss lands nothing: where no rule acts on it (strays, called shots, per-hit
        // consciousness), it goes on as a hit of no damage, without a branch on the d20.
        if !hit && K & (AFAR | CALLED | PER_HIT) != 0 {
            if beside != 0 {
                // 784: one random adjacent foe of the target rolls evasion + defense, or
                // takes a fresh damage roll.
                let who = nth_bit(beside, dice);
                let f = &self.fighters[who];
                let evaded = self.evades::<K, D>(turn, who, f.defense + f.group_bonus, dice, arena);
                let damage = (!evaded).then(|| strike.fresh(dice));
                observer.see(Event::Stray {
                    round,
                    attacker: a,
                    who,
                    damage,
                });
                if let Some(damage) = damage {
                    return self
                        .take_damage::<K, D, O>(turn, who, damage, 0, dice, arena, observer);
                }
            }
            return 0;
        }
        let direct = match called {
            _ if K & CALLED == 0 => 0,
            Called::No | Called::IntoMelee => 0,
            // 870: half the damage, rounded up, as injury points.
            Called::Killing => (damage + 1) / 2,
            // 874–878: an evasion roll (+ head protection) or one point (two from a warrior)
            // goes to injuries.
            Called::Knockout => {
                let bonus = self.fighters[t].head_protection;
                if self.evades::<K, D>(turn, t, bonus, dice, arena) {
                    0
                } else {
                    damage.min(if self.fighters[a].warrior { 2 } else { 1 })
                }
            }
        };
        let mut struck =
            self.take_damage::<K, D, O>(turn, t, damage - direct, direct, dice, arena, observer);
        if called == Called::No {
            // 782: everyone beside the target whom the same d20 would have hit rolls evasion
            // or takes the same damage.
            let mut left = beside;
            while left != 0 {
                let who = lowest(left);
                left &= left - 1;
                if roll > self.needed::<K>(turn, aim, strike, who, false) {
                    continue;
                }
                let evaded = self.evades::<K, D>(turn, who, 0, dice, arena);
                observer.see(Event::Stray {
                    round,
                    attacker: a,
                    who,
                    damage: (!evaded).then_some(damage),
                });
                if !evaded {
                    struck |=
                        self.take_damage::<K, D, O>(turn, who, damage, 0, dice, arena, observer);
                }
            }
        }
        struck
    }

    /// Lands `damage` on fighter `t` (to soaking verve, then survival, then injury points)
    /// and `direct` straight on its injury points (a killing or knockout blow). Dropping to
    /// zero survival or gaining injuries calls for a consciousness roll: at the round's end
    /// ([`Conflict::end_round`] finds who from the pools), or now with `per_hit`, at the
    /// injuries now; failing it means unconscious at the end of the round.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn take_damage<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        turn: &Turn,
        t: usize,
        damage: i64,
        direct: i64,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> u64 {
        let before = arena.now[t].pool;
        let after = before - damage;
        arena.now[t].pool = after;
        let struck = u64::from(damage > 0 || direct > 0) << t;
        if K & CALLED != 0 {
            arena.more[t].direct += direct;
            arena.blows |= u64::from(direct > 0) << t;
        }
        if K & PER_HIT == 0 || self.engine.rules.consciousness_check != ConsciousnessCheck::PerHit {
            return struck;
        }
        let start = arena.now[t].survival;
        let dropped = survival_in(before, start) > 0 && survival_in(after, start) == 0;
        let gained = damage > 0 && after < 0;
        let bit = 1u64 << t;
        let out = arena.flags.unconscious | arena.falls;
        if !(dropped || gained || direct > 0) || out & bit != 0 {
            return struck;
        }
        let (ok, roll, needed) = self.consciousness::<K, D>(turn, t, dice, arena);
        observer.see(Event::Consciousness {
            round: turn.round,
            who: t,
            roll,
            needed,
        });
        arena.falls |= u64::from(!ok) << t;
        struck
    }

    /// Fighter `i`'s consciousness roll (605): d20 ≤ the better of fortitude and willpower −
    /// injuries + group bonus, −3 while surprised after round 1; mojo may turn it. (Stays
    /// conscious, the d20, what it needed.)
    #[inline(always)]
    fn consciousness<const K: u16, D: Dice>(
        &self,
        turn: &Turn,
        i: usize,
        dice: &mut D,
        arena: &mut Arena,
    ) -> (bool, i64, i64) {
        let needed = self.engine.facts[i].best
            - self.injuries::<K>(i, arena, false)
            - 3 * i64::from(turn.late && arena.surprised >> i & 1 == 1);
        let bids = self.may_bid::<K>(i, MojoKind::Consciousness, arena);
        let (ok, roll) = survival::consciousness(dice, needed, bids, |miss| {
            self.bid::<K>(i, MojoKind::Consciousness, miss, arena)
        });
        (ok, roll, needed)
    }

    /// The round's end (762, 605–617): consciousness for everyone hurt, then, in scenario
    /// order, falling unconscious, the death contest for those who gained injuries beyond
    /// their survival and verve, death for the dying whose endurance − injuries is spent, and
    /// flight for those at their threshold (conscious, not yet fled). Who can act, or `None`
    /// when nothing changed. Nobody else's condition can change: injuries, and so death,
    /// change only with injuries gained, and survival only for those struck, so only they
    /// (and the woken, and in round 1 those at their threshold from the start) can reach a
    /// flight threshold.
    #[inline(always)]
    fn end_round<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        turn: &Turn,
        struck: u64,
        woken: u64,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<u64> {
        let e = &self.engine;
        // Who this round hurt: gaining injuries (the pool fell below 0, or a blow went
        // straight to injuries), or dropping to 0 survival (it fell to 0, where there was
        // survival).
        let (mut hurt, mut gained) = (0u64, 0u64);
        let mut reach = if turn.late { 0 } else { arena.flee_at_start };
        let mut left = struck;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let f = &e.facts[i];
            let (pool, start) = (arena.now[i].pool, arena.now[i].survival);
            let floor = (arena.has_survival >> i & 1) as i64;
            gained |= u64::from(pool < 0) << i;
            hurt |= u64::from(pool < floor) << i;
            reach |= u64::from(f.at_flight(pool, start)) << i;
            arena.now[i].then = pool;
            if K & CALLED != 0 {
                arena.more[i].direct_then = arena.more[i].direct;
            }
        }
        if K & CALLED != 0 {
            gained |= arena.blows;
            hurt |= arena.blows;
        }
        // Those unconscious when hit do not roll; with `per_hit` they rolled as hit.
        if K & DOWNED != 0 {
            hurt &= !arena.flags.unconscious;
        }
        if K & PER_HIT != 0 && e.rules.consciousness_check == ConsciousnessCheck::PerHit {
            hurt = 0;
        }
        if K & WAKING != 0 {
            reach |= woken;
        }
        let fleeing = reach & e.flee & !arena.flags.fled;
        let falls = if K & PER_HIT != 0 { arena.falls } else { 0 };
        // Someone dying whose time runs out at this round's end (615).
        let due = turn.round >= arena.next_death;
        if hurt | gained | fleeing | falls | woken == 0 && !due {
            return None;
        }
        let surprised = if turn.late { arena.surprised } else { 0 };
        let penalty = |i: usize| 3 * (surprised >> i & 1) as i64;
        let mut falls = falls;
        let mut left = hurt;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let (ok, roll, needed) = self.consciousness::<K, D>(turn, i, dice, arena);
            observer.see(Event::Consciousness {
                round: turn.round,
                who: i,
                roll,
                needed,
            });
            falls |= u64::from(!ok) << i;
            let site = 1 | u64::from(due) << 8;
            self.checkpoint(
                (turn.round, site),
                [left, falls, gained, fleeing],
                dice,
                arena,
            );
        }
        // 615: once the dying go unconscious, the minutes left become hours.
        let fainting = falls & arena.flags.dying & !arena.flags.unconscious & !arena.flags.dead;
        if fainting != 0 {
            self.faint_while_dying(turn.round, fainting, arena);
        }
        arena.flags.unconscious |= falls;
        if K & WAKING != 0 {
            let mut left = falls;
            while left != 0 {
                arena.more[lowest(left)].out_since = turn.round;
                left &= left - 1;
            }
        }
        let mut left = gained | fleeing;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let bit = 1u64 << i;
            let f = &e.facts[i];
            let pool = arena.now[i].pool;
            let injuries = self.injuries::<K>(i, arena, false);
            // A time to die: injuries gained this round exceed survival and soaking verve
            // (the pool, at least 0), if not dying yet. The injuries act (d20 ≤ injuries);
            // the combatant resists with endurance − injuries, +2 while unconscious.
            if gained & bit != 0 && arena.flags.dying & bit == 0 && injuries > pool.max(0) {
                let conscious = arena.flags.unconscious & bit == 0;
                let endurance = f.endurance - injuries + 2 * i64::from(!conscious) - penalty(i);
                let mode = e.rules.death_contest;
                let dying = if K & MOJO != 0 {
                    let bids = self.may_bid::<K>(i, MojoKind::Death, arena);
                    let out =
                        survival::death_contest(dice, injuries, endurance, mode, bids, |miss| {
                            self.bid::<K>(i, MojoKind::Death, miss, arena)
                        });
                    arena.flags.saved |= u64::from(out.saved) << i;
                    out.dying
                } else if mode == DeathContest::Single {
                    // One exchange, both d20s always rolled ([`survival::death_contest`]):
                    // dying when the injuries' roll succeeds and the endurance roll fails,
                    // without a branch on either.
                    let acts = dice.merged(|d| d.d20() <= injuries);
                    let resists = dice.merged(|d| d.d20() <= endurance);
                    acts & !resists
                } else {
                    survival::death_contest(dice, injuries, endurance, mode, false, |_| false).dying
                };
                arena.flags.dying |= u64::from(dying) << i;
                if dying {
                    // 615: death comes after endurance − injuries minutes (six rounds each),
                    // hours once unconscious.
                    let minutes = (f.endurance_left - injuries).max(0) as u32;
                    let rounds = if conscious { 6 } else { 360 };
                    let at = turn.round.saturating_add(minutes.saturating_mul(rounds));
                    arena.dies_at[i] = at;
                    arena.next_death = arena.next_death.min(at);
                }
            }
            // 615: death comes after endurance − injuries minutes; none left, it comes now.
            if arena.flags.dying & bit != 0 && f.endurance_left - injuries <= 0 {
                arena.flags.dead |= bit;
            }
            let out = arena.flags.unconscious | arena.flags.fled | arena.flags.dead;
            if out & bit == 0 && f.at_flight(pool, arena.now[i].survival) {
                arena.flags.fled |= bit;
            }
            let site = 2 | u64::from(due) << 8;
            self.checkpoint((turn.round, site), [left, gained, fleeing, 0], dice, arena);
        }
        if due {
            self.time_runs_out(turn.round, arena);
        }
        Some(e.able(&arena.flags))
    }

    /// The dying in `fainting` go unconscious at the end of `round`: the minutes they had
    /// left become hours (615).
    #[cold]
    fn faint_while_dying(&self, round: u32, fainting: u64, arena: &mut Arena) {
        let mut left = fainting;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let at = &mut arena.dies_at[i];
            *at = round.saturating_add(at.saturating_sub(round).saturating_mul(60));
        }
        self.next_death(arena);
    }

    /// The dying whose time ran out by the end of `round` die (615).
    #[cold]
    fn time_runs_out(&self, round: u32, arena: &mut Arena) {
        let mut left = arena.flags.dying & !arena.flags.dead;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            arena.flags.dead |= u64::from(arena.dies_at[i] <= round) << i;
        }
        self.next_death(arena);
    }

    /// `next_death` again, from the dying not dead.
    fn next_death(&self, arena: &mut Arena) {
        let mut left = arena.flags.dying & !arena.flags.dead;
        arena.next_death = u32::MAX;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            arena.next_death = arena.next_death.min(arena.dies_at[i]);
        }
    }

    /// Everyone's state in `arena` into its list of states.
    fn fill_states(&self, arena: &mut Arena) {
        let states = self.states(arena);
        arena.states = states;
    }

    /// Everyone's state in `arena`, as an observer sees it.
    pub fn states(&self, arena: &Arena) -> Vec<State> {
        let flags = &arena.flags;
        (0..self.fighters.len())
            .map(|i| {
                let more = &arena.more[i];
                let left = self.left_in(i, arena);
                let bit = |mask: u64| mask >> i & 1 == 1;
                State {
                    survival: left.survival,
                    verve: left.verve,
                    injuries: left.injuries,
                    surprised: bit(arena.surprised),
                    conscious: !bit(flags.unconscious),
                    fled: bit(flags.fled),
                    dying: bit(flags.dying),
                    dead: bit(flags.dead),
                    mojo: more.mojo,
                    mojo_spent: more.spent,
                    mojo_saved: bit(flags.saved),
                }
            })
            .collect()
    }

    /// Fighter `i`'s values in `arena` as the rounds left them (survival, verve, injuries,
    /// mojo; unconscious and dead as its flags say), before the aftermath.
    pub(super) fn left_in(&self, i: usize, arena: &Arena) -> Carried {
        let (now, more, f) = (&arena.now[i], &arena.more[i], &self.fighters[i]);
        let carried = (i < arena.carried_in).then(|| arena.carried[i]);
        let bit = |mask: u64| mask >> i & 1 == 1;
        let kept = self.engine.kind & (CALLED | MOJO | WAKING) != 0;
        Carried {
            survival: survival_in(now.pool, now.survival),
            verve: if f.verve_in_combat {
                (now.pool - now.survival).max(0)
            } else {
                carried.map_or(f.verve, |c| c.verve)
            },
            injuries: now.injuries
                + if self.engine.kind & CALLED != 0 {
                    more.direct
                } else {
                    0
                }
                + (-now.pool).max(0),
            mojo: match carried {
                _ if kept => more.mojo,
                Some(c) => c.mojo,
                None => f.mojo,
            },
            unconscious: bit(arena.flags.unconscious),
            out_minutes: carried.map_or(0, |c| c.out_minutes),
            dead: bit(arena.flags.dead),
        }
    }

    /// Every part of `arena` the rest of a fight reads, for the exact walk
    /// ([`crate::combat::Fight::exact_state`]): each fighter's pool (and when the round
    /// began) and readiness, mojo and blows where the rules kept keep them, the round it fell
    /// and the dying's time to die (relative to `round`; its remembered foe where it keeps
    /// one), the flags; the soonest time to die is found from them. The start's survival and
    /// injuries, who has survival, who sits out and whose flight threshold is reached at the
    /// start are set when the fight begins and never change; the foes last picked among, the
    /// round's plan, blows and falls are the round's own; a fresh fight carries nothing in.
    pub(super) fn exact_fields<C: StateCodec>(&self, arena: &mut Arena, round: u32, state: &mut C) {
        // What the rules beyond a plain conflict keep (blows, mojo, the time out cold).
        let more_kept = self.engine.kind & (CALLED | MOJO | WAKING) != 0;
        let most = if self.aftermath.rest {
            u32::MAX
        } else {
            self.bout.max_rounds + 1
        };
        // The flags first: they say whose time to die is kept.
        let f = &mut arena.flags;
        for mask in [
            &mut arena.surprised,
            &mut f.unconscious,
            &mut f.fled,
            &mut f.dying,
            &mut f.dead,
            &mut f.saved,
        ] {
            state.field(mask);
        }
        let dying = f.dying & !f.dead;
        for i in 0..self.fighters.len() {
            let (now, more) = (&mut arena.now[i], &mut arena.more[i]);
            state.field(&mut now.pool);
            state.field(&mut now.then);
            if self.engine.facts[i].target == Targeting::Focus {
                state.field(&mut now.focus);
            }
            if more_kept {
                for v in [
                    &mut more.direct,
                    &mut more.direct_then,
                    &mut more.mojo,
                    &mut more.spent,
                ] {
                    state.field(v);
                }
            }
            if self.engine.kind & WAKING != 0 {
                at_round(state, &mut more.out_since, round);
            }
            // The time to die, read for the dying not dead only (it stays as it was once
            // they die): within the fight, and by a resting aftermath; with no rest, one
            // further off than the round limit is as good as never.
            if dying >> i & 1 == 1 {
                at_round_within(state, &mut arena.dies_at[i], round, most);
            } else {
                arena.dies_at[i] = u32::MAX;
            }
        }
        state.fields(&mut arena.ready_in);
        // The soonest time to die follows from the rest (one left stale by a death that came
        // at once is found again: it only ever made the round look for deaths due).
        self.next_death(arena);
    }

    /// An ended fight's `arena` with what its end does not read set to one value
    /// ([`crate::combat::Fight::exact_settle`]). The end reads the flags, the mojo spent
    /// ([`crate::combat::Fight::outcome`]), the pools held to 0…full of the winners
    /// ([`Self::pool_left`]), and of the dying their injuries and, when they rest, their time
    /// left ([`Conflict::heal`], 004:615); not the round's bookkeeping (the pool when the
    /// round began, readiness, foes kept, who is surprised, mojo left, the time out cold) nor
    /// the injuries of anyone else — a fallen fighter's pool below 0 is one of those.
    pub(super) fn exact_settle(&self, arena: &mut Arena) {
        let dying = arena.flags.dying & !arena.flags.dead;
        for i in 0..self.fighters.len() {
            let (now, more) = (&mut arena.now[i], &mut arena.more[i]);
            now.then = 0;
            now.focus = NOBODY;
            (more.direct_then, more.mojo, more.out_since) = (0, 0, u32::MAX);
            if dying >> i & 1 == 0 {
                now.pool = now.pool.max(0);
                more.direct = 0;
            }
            if !self.aftermath.rest {
                arena.dies_at[i] = u32::MAX;
            }
        }
        arena.surprised = 0;
        arena.ready_in.fill(0);
    }

    /// Mojo fighter `i` spent in the fight in `arena`.
    pub(super) fn mojo_spent(&self, i: usize, arena: &Arena) -> i64 {
        arena.more[i].spent
    }
}

/// A uniform pick among the set bits of `mask` (not empty): the bit's index.
#[inline(always)]
fn nth_bit<D: Dice>(mut mask: u64, dice: &mut D) -> usize {
    let n = mask.count_ones() as usize;
    if n > 1 {
        for _ in 0..dice.pick(n) {
            mask &= mask - 1;
        }
    }
    lowest(mask)
}
