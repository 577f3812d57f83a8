//! The round engine of a Gods & Monsters conflict (004_803a11f5ee1b6e60.txt, "Conflicts",
//! "Survival and verve", "Unconsciousness", "A time to die"), generic over where the dice
//! come from ([`Roller`]) and who watches ([`Observer`]), so the same code runs millions of
//! seeded fights and replays the book's Yeti example with scripted dice.
//!
//! One round: the unconscious whose time is up wake (with `unconscious_for = "injuries"`);
//! surprised combatants (after round 1) try to snap out; every standing combatant makes every
//! listed attack ("everything happens at once": targets are chosen among foes standing when
//! the round began, and damage lands at once); at the end of the round consciousness is
//! rolled once by everyone who dropped to 0 survival or gained injuries (762; or after each
//! such hit with `consciousness_check = "per_hit"`), failed rolls take effect, death contests
//! are rolled, the dying whose time has run out die (615), and combatants at their flight
//! threshold run. Failed rolls of the kinds a combatant lists in `mojo_on` are turned by a
//! mojo bid where the pool covers the miss (976–978). The fight ends when at most one side
//! still has someone standing, or at the round limit (a stalemate).

use super::conflict::Fighter;
use super::rules::{
    AttackDowned, ConflictRules, ConsciousnessCheck, MojoKind, ROUNDS_PER_MINUTE, UnconsciousFor,
};
use super::survival;
use crate::combat::{FightDice, Roster, Standing};
use crate::dice::DiceExpr;
use rand::Rng;

/// Where a fight's random numbers come from.
pub trait Roller {
    /// One d20 (1–20).
    fn d20(&mut self) -> i64;
    /// One damage roll of `dice`.
    fn damage(&mut self, dice: &DiceExpr) -> i64;
    /// A uniform choice among `n` candidates (`0..n`).
    fn pick(&mut self, n: usize) -> usize;
}

/// The seeded runner's dice: d20s come fourteen to a 64-bit draw, unbiased.
pub type RngRoller<'a, R> = FightDice<'a, R>;

impl<R: Rng + ?Sized> Roller for FightDice<'_, R> {
    #[inline]
    fn d20(&mut self) -> i64 {
        FightDice::d20(self)
    }

    #[inline]
    fn damage(&mut self, dice: &DiceExpr) -> i64 {
        self.roll(dice)
    }

    #[inline]
    fn pick(&mut self, n: usize) -> usize {
        FightDice::pick(self, n)
    }
}

/// Watches a fight; every method defaults to nothing, so the plain runner pays nothing.
pub trait Observer {
    /// `attacker` rolled `roll` against `needed` to hit `target`; `damage` is `Some` on a hit.
    fn attack(
        &mut self,
        _round: u32,
        _attacker: usize,
        _target: usize,
        _roll: i64,
        _needed: i64,
        _damage: Option<i64>,
    ) {
    }
    /// `who` rolled `roll` against `needed` to stay conscious.
    fn consciousness(&mut self, _round: u32, _who: usize, _roll: i64, _needed: i64) {}
    /// The round is over; `states` are everyone's states after it.
    fn round_end(&mut self, _round: u32, _states: &[State]) {}
}

/// The observer that watches nothing.
pub struct Unobserved;
impl Observer for Unobserved {}

/// A combatant's condition during a fight.
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
    /// The round at whose end it fell unconscious.
    out_since: u32,
    /// Makes a called shot this round: −2 defense (806).
    calls: bool,
    /// Dropped to 0 survival or gained injuries this round: rolls consciousness at its end.
    check_consciousness: bool,
    /// Failed a consciousness roll this round: falls unconscious at the end of it.
    falls_unconscious: bool,
    /// Gained injury points this round.
    gained_injuries: bool,
    /// Could act and be targeted when the round began.
    standing: bool,
    /// Injury points when the round began: the penalty on this round's attacks, since
    /// everything in a round happens at once.
    injuries_at_start: i64,
    /// The foe this combatant keeps attacking (`Targeting::Focus`).
    focus: Option<usize>,
}

pub use crate::combat::{Ending, MAX_FIGHTERS};

/// Whether a planned attack is a called shot, and which (806, 870, 874).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Called {
    /// An ordinary attack.
    No,
    /// A knockout blow at a surprised or unaware foe.
    Knockout,
    /// A killing blow at an unconscious foe.
    Killing,
}

/// One attack of the round, planned at its start.
#[derive(Debug, Clone, Copy)]
struct Planned {
    attacker: u8,
    attack: u8,
    target: u8,
    called: Called,
}

/// Per-batch buffers, reused by every fight so a trial allocates nothing.
#[derive(Debug, Clone, Default)]
pub struct Arena {
    /// Everyone's state, in scenario order.
    pub states: Vec<State>,
    /// Per side: the round it stopped fighting (`max_rounds + 1` if it never did).
    pub side_down: Vec<u32>,
    /// Bit `i`: fighter `i` could act and be targeted when the round began.
    standing: u64,
    /// Bit `i`: fighter `i` was unconscious (alive, not fled) when the round began.
    downed: u64,
    /// This round's attacks, planned at its start.
    plan: Vec<Planned>,
    /// Bit `s`: side `s` still has someone who can act.
    side_up: u64,
}

/// The resolved fighters, sides and limits of one conflict.
#[derive(Debug, Clone)]
pub struct Battle<'a> {
    /// Combatants in scenario order.
    pub fighters: &'a [Fighter],
    /// Names and sides (fighter `side` indices are the roster's).
    pub roster: &'a Roster,
    /// Round limit.
    pub max_rounds: u32,
    /// The Guide's choices.
    pub rules: ConflictRules,
    /// Per fighter: rolls perception for surprise (someone ambushes and its side does not).
    pub rolls_surprise: &'a [bool],
}

fn can_act(f: &Fighter, s: &State) -> bool {
    s.conscious && !s.fled && !s.dead && (!s.dying || f.fights_while_dying)
}

/// After a failed roll of `kind` that missed by `miss`: bids exactly the miss if the pool,
/// less the reserve (not for death), covers it (976–978). Returns whether the roll now
/// succeeds.
fn bid(f: &Fighter, s: &mut State, kind: MojoKind, miss: i64) -> bool {
    if !f.mojo_on.has(kind) || s.mojo <= 0 {
        return false;
    }
    let reserve = if kind == MojoKind::Death {
        0
    } else {
        f.mojo_reserve
    };
    let covered = s.mojo - reserve >= miss;
    if covered {
        s.mojo -= miss;
        s.mojo_spent += miss;
    }
    covered
}

/// A roll of d20 ≤ `needed` of `kind`, turned by mojo where it can be: (succeeded, d20).
fn roll_under<Ro: Roller>(
    roller: &mut Ro,
    f: &Fighter,
    s: &mut State,
    kind: MojoKind,
    needed: i64,
) -> (bool, i64) {
    let roll = roller.d20();
    (roll <= needed || bid(f, s, kind, roll - needed), roll)
}

/// The consciousness roll (605): d20 ≤ the better of fortitude and willpower − injuries +
/// group bonus, −3 while surprised after round 1. Returns (stays conscious, d20, needed).
fn consciousness_roll<Ro: Roller>(
    roller: &mut Ro,
    f: &Fighter,
    s: &mut State,
    round: u32,
) -> (bool, i64, i64) {
    let needed = f.willpower.max(f.fortitude) - s.injuries + f.group_bonus
        - 3 * i64::from(s.surprised && round >= 2);
    let (ok, roll) = survival::consciousness(roller, needed, |miss| {
        bid(f, s, MojoKind::Consciousness, miss)
    });
    (ok, roll, needed)
}

impl Battle<'_> {
    /// Plays one fight; leaves everyone's final state in `arena` and returns how it ended and
    /// after how many rounds.
    pub fn fight<Ro: Roller, Ob: Observer>(
        &self,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) -> (Ending, u32) {
        self.setup(roller, arena);
        for round in 1..=self.max_rounds {
            self.play_round(round, roller, arena, observer);
            observer.round_end(round, &arena.states);
            let mut fighting = 0;
            let mut last = 0;
            for side in 0..self.roster.sides().len() {
                if arena.side_up >> side & 1 == 1 {
                    fighting += 1;
                    last = side;
                } else if arena.side_down[side] > self.max_rounds {
                    arena.side_down[side] = round;
                }
            }
            match fighting {
                0 => return (Ending::Draw, round),
                1 => return (Ending::Win(last), round),
                _ => {}
            }
        }
        (Ending::Stalemate, self.max_rounds)
    }

    /// Resets every state and rolls surprise: when anyone `surprises`, everyone on a side
    /// without a surpriser rolls perception (+4 aware, −6 asleep) or is surprised.
    fn setup<Ro: Roller>(&self, roller: &mut Ro, arena: &mut Arena) {
        arena.states.clear();
        arena.side_down.clear();
        arena
            .side_down
            .resize(self.roster.sides().len(), self.max_rounds + 1);
        for (f, &rolls) in self.fighters.iter().zip(self.rolls_surprise) {
            let mut s = State {
                survival: f.survival,
                verve: f.verve,
                injuries: f.injuries,
                mojo: f.mojo,
                conscious: true,
                ..State::default()
            };
            if rolls {
                let needed =
                    f.perception + 4 * i64::from(f.aware) - 6 * i64::from(f.asleep) - f.injuries
                        + f.group_bonus;
                s.surprised = !roll_under(roller, f, &mut s, MojoKind::Surprise, needed).0;
            }
            arena.states.push(s);
        }
    }

    fn play_round<Ro: Roller, Ob: Observer>(
        &self,
        round: u32,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        arena.standing = 0;
        arena.downed = 0;
        for (i, (f, s)) in self
            .fighters
            .iter()
            .zip(arena.states.iter_mut())
            .enumerate()
        {
            // 605: out for a minute (six rounds) per injury point; 758: out two or more rounds,
            // no longer surprised.
            if self.rules.unconscious_for == UnconsciousFor::Injuries && !s.conscious && !s.dead {
                let missed = round - s.out_since - 1;
                if i64::from(missed) >= i64::from(ROUNDS_PER_MINUTE) * s.injuries {
                    s.conscious = true;
                    s.surprised &= missed < 2;
                }
            }
            s.standing = can_act(f, s);
            arena.standing |= u64::from(s.standing) << i;
            arena.downed |= u64::from(!s.conscious && !s.dead && !s.fled) << i;
            s.injuries_at_start = s.injuries;
            // Snap out of surprise: willpower or fortitude (the better), from round 2 on.
            if round >= 2 && s.standing && s.surprised {
                let needed = f.willpower.max(f.fortitude) - s.injuries + f.group_bonus;
                s.surprised = !roll_under(roller, f, s, MojoKind::SnapOut, needed).0;
            }
        }
        self.plan_attacks(round, roller, arena);
        // 808: called shots are handled first in a round.
        for called_first in [true, false] {
            for i in 0..arena.plan.len() {
                let planned = arena.plan[i];
                if (planned.called != Called::No) == called_first {
                    self.resolve(round, planned, roller, arena, observer);
                }
            }
        }
        self.end_round(round, roller, arena, observer);
    }

    /// A time to die for `f` ([`survival::death_contest`]): endurance − injuries + group
    /// bonus, +2 while unconscious, −3 while surprised after round 1; death bids from the
    /// mojo pool (no reserve). Returns whether the combatant is dying.
    fn death_contest<Ro: Roller>(
        &self,
        round: u32,
        f: &Fighter,
        s: &mut State,
        roller: &mut Ro,
    ) -> bool {
        let endurance = f.endurance - s.injuries + 2 * i64::from(!s.conscious) + f.group_bonus
            - 3 * i64::from(s.surprised && round >= 2);
        let out = survival::death_contest(
            roller,
            s.injuries,
            endurance,
            self.rules.death_contest,
            |miss| bid(f, s, MojoKind::Death, miss),
        );
        s.mojo_saved |= out.saved;
        out.dying
    }

    /// Lands `(damage, direct)`: `direct` goes straight to injury points (a killing or
    /// knockout blow); `damage` goes to verve first when fighting is archetypal for the
    /// target, then survival, then injury points. Dropping to zero survival or gaining
    /// injuries calls for a fortitude-or-willpower roll at −injuries, now (`per_hit`) or at
    /// the round's end; failing it means unconscious at the end of the round.
    fn take_damage<Ro: Roller, Ob: Observer>(
        &self,
        round: u32,
        t: usize,
        (mut damage, direct): (i64, i64),
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        let f = &self.fighters[t];
        let s = &mut arena.states[t];
        s.injuries += direct;
        s.gained_injuries |= direct > 0;
        if f.verve_in_combat {
            let from_verve = damage.min(s.verve);
            s.verve -= from_verve;
            damage -= from_verve;
        }
        let had_survival = s.survival > 0;
        let from_survival = damage.min(s.survival);
        s.survival -= from_survival;
        damage -= from_survival;
        if damage > 0 {
            s.injuries += damage;
            s.gained_injuries = true;
        }
        let dropped = had_survival && s.survival == 0;
        if !(dropped || damage > 0 || direct > 0) || !s.conscious || s.falls_unconscious {
            return;
        }
        match self.rules.consciousness_check {
            ConsciousnessCheck::EndOfRound => s.check_consciousness = true,
            ConsciousnessCheck::PerHit => {
                let (ok, roll, needed) = consciousness_roll(roller, f, s, round);
                observer.consciousness(round, t, roll, needed);
                s.falls_unconscious = !ok;
            }
        }
    }

    /// End of round: consciousness (rolled now by everyone who called for it this round,
    /// at their injuries now, 762), the death contest, death, flight.
    /// Also marks in `arena.side_up` which sides still have someone who can act.
    fn end_round<Ro: Roller, Ob: Observer>(
        &self,
        round: u32,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        arena.side_up = 0;
        for (i, (f, s)) in self
            .fighters
            .iter()
            .zip(arena.states.iter_mut())
            .enumerate()
        {
            if std::mem::take(&mut s.check_consciousness) && s.conscious {
                let (ok, roll, needed) = consciousness_roll(roller, f, s, round);
                observer.consciousness(round, i, roll, needed);
                s.falls_unconscious = !ok;
            }
        }
        for (f, s) in self.fighters.iter().zip(arena.states.iter_mut()) {
            if s.falls_unconscious {
                s.conscious = false;
                s.falls_unconscious = false;
                s.out_since = round;
            }
            // A time to die: injuries gained this round exceed survival (and verve, when the
            // damage was archetypal). Injuries act (d20 ≤ injuries); the combatant resists
            // with endurance − injuries, +2 while unconscious. Death comes if the injuries'
            // roll succeeds and the endurance roll fails.
            if s.gained_injuries && !s.dying {
                let pool = s.survival + if f.verve_in_combat { s.verve } else { 0 };
                if s.injuries > pool {
                    s.dying = self.death_contest(round, f, s, roller);
                }
            }
            s.gained_injuries = false;
            // 615: death comes after endurance − injuries minutes; none left, it comes now.
            s.dead |= s.dying && f.endurance - s.injuries <= 0;
            if s.conscious
                && !s.fled
                && !s.dead
                && f.flee_at_survival.is_some_and(|t| s.survival <= t)
            {
                s.fled = true;
            }
            arena.side_up |= u64::from(can_act(f, s)) << f.side;
        }
    }

    /// Picks every attack's foe at the start of the round (852–878: a called shot is declared
    /// before anything resolves), in scenario order, and whether each is a called shot: a
    /// knockout blow at a surprised (or unaware) foe, a killing blow at an unconscious one. A
    /// combatant making a called shot has −2 defense this round (806).
    fn plan_attacks<Ro: Roller>(&self, round: u32, roller: &mut Ro, arena: &mut Arena) {
        arena.plan.clear();
        for (a, attacker) in self.fighters.iter().enumerate() {
            let st = arena.states[a];
            arena.states[a].calls = false;
            if !st.standing || (round == 1 && st.surprised) {
                continue;
            }
            'actions: for _ in 0..=attacker.group_bonus {
                for attack in 0..attacker.attacks.len() {
                    let Some(t) = self.choose_target(a, roller, arena) else {
                        break 'actions;
                    };
                    let ts = &arena.states[t];
                    let called = if !ts.conscious && attacker.killing_blows {
                        Called::Killing
                    } else if ts.surprised && attacker.knockout_blows {
                        Called::Knockout
                    } else {
                        Called::No
                    };
                    arena.states[a].calls |= called != Called::No;
                    arena.plan.push(Planned {
                        attacker: a as u8,
                        attack: attack as u8,
                        target: t as u8,
                        called,
                    });
                }
            }
        }
    }

    /// Rolls one planned attack and lands its damage.
    fn resolve<Ro: Roller, Ob: Observer>(
        &self,
        round: u32,
        planned: Planned,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        let (a, t) = (usize::from(planned.attacker), usize::from(planned.target));
        let attacker = &self.fighters[a];
        let attack = &attacker.attacks[usize::from(planned.attack)];
        let st = arena.states[a];
        let target = &self.fighters[t];
        let ts = arena.states[t];
        let defense = target.defense + target.group_bonus
            - 2 * i64::from(ts.surprised && round >= 2)
            - 2 * i64::from(ts.calls);
        // 852, 862, 866: +10 against an immobile (unconscious) foe, +4 against an unaware
        // one (with `surprised_are_unaware`, one still surprised in round 1); never both.
        let unaware = self.rules.surprised_are_unaware && round == 1 && ts.surprised;
        let edge = if !ts.conscious {
            10
        } else {
            4 * i64::from(unaware)
        };
        let needed = 11 + attacker.attack + attack.bonus + attacker.group_bonus
            - defense
            - st.injuries_at_start
            - 3 * i64::from(st.surprised)
            - 3 * i64::from(planned.called != Called::No)
            + edge;
        let (hit, roll) = roll_under(
            roller,
            attacker,
            &mut arena.states[a],
            MojoKind::Attack,
            needed,
        );
        if !hit {
            observer.attack(round, a, t, roll, needed, None);
            return;
        }
        let damage = roller.damage(&attack.damage).max(0);
        observer.attack(round, a, t, roll, needed, Some(damage));
        let direct = match planned.called {
            Called::No => 0,
            // 870: half the damage, rounded up, as injury points.
            Called::Killing => (damage + 1) / 2,
            // 874–878: an evasion roll (+ head protection) or one point (two from a warrior)
            // goes to injuries.
            Called::Knockout => {
                let s = &mut arena.states[t];
                let needed = target.evasion.unwrap_or(0) + target.head_protection - s.injuries
                    + target.group_bonus
                    - 3 * i64::from(s.surprised && round >= 2);
                let evaded = roll_under(roller, target, s, MojoKind::Evasion, needed).0;
                if evaded {
                    0
                } else {
                    damage.min(if attacker.warrior { 2 } else { 1 })
                }
            }
        };
        self.take_damage(round, t, (damage - direct, direct), roller, arena, observer);
    }

    /// Picks the foe for one attack among those standing when the round began (and, with
    /// `attack_downed`, the unconscious: as well, or first); the weakest has the fewest
    /// survival (+ verve where it soaks combat damage) − injuries.
    fn choose_target<Ro: Roller>(
        &self,
        a: usize,
        roller: &mut Ro,
        arena: &mut Arena,
    ) -> Option<usize> {
        let attacker = &self.fighters[a];
        let downed = Standing(arena.downed).foes_of(self.roster, attacker.side);
        let candidates = match attacker.attack_downed {
            AttackDowned::Never => Standing(arena.standing),
            AttackDowned::Also => Standing(arena.standing | arena.downed),
            AttackDowned::First if downed.0 != 0 => Standing(arena.downed),
            AttackDowned::First => Standing(arena.standing),
        };
        let states = &arena.states;
        let weakness = |i: usize| {
            let (f, s) = (&self.fighters[i], &states[i]);
            s.survival + if f.verve_in_combat { s.verve } else { 0 } - s.injuries
        };
        let mut focus = states[a].focus;
        let t = attacker.target.choose(
            self.roster,
            attacker.side,
            candidates,
            &mut focus,
            weakness,
            |n| roller.pick(n),
        );
        arena.states[a].focus = focus;
        t
    }
}
