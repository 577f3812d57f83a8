//! The round engine of a Gods & Monsters conflict (004_803a11f5ee1b6e60.txt, "Conflicts",
//! "Survival and verve", "Unconsciousness", "A time to die"), played by the shared driver
//! ([`crate::combat::Fight`]), generic over where the dice come from ([`Dice`]) and who
//! watches ([`Observer`]), so the same code runs millions of
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

use super::conflict::Attack;
use super::conflict::{Conflict, Fighter};
use super::rules::{
    AttackDowned, ConflictRules, ConsciousnessCheck, Cover, MojoKind, ROUNDS_PER_MINUTE,
    UnconsciousFor,
};
use super::survival;
use crate::combat::{Observer, Roster, Standing};
use crate::dice::Dice;

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
    /// This round's change to its attacks' numbers: −injuries when the round began (the
    /// penalty holds for the round, since everything in it happens at once), −3 while
    /// surprised.
    aim: i64,
    /// This round's change to the numbers of attacks at it: +2 while surprised after round 1
    /// and +2 while making a called shot (−2 defense each, 806), +10 while unconscious or
    /// else +4 while unaware (852).
    exposure: i64,
    /// Survival (+ verve where it soaks combat damage) − injuries when the round began: the
    /// weakest foe has the least.
    weakness: i64,
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
    /// A shot into close combat called to spare the target's foes there (782).
    IntoMelee,
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
    /// Bit `i`: fighter `i` could act and be targeted when the round began.
    standing: u64,
    /// Bit `i`: fighter `i` was unconscious (alive, not fled) when the round began.
    downed: u64,
    /// This round's attacks, planned at its start.
    plan: Vec<Planned>,
    /// Bit `i`: fighter `i` can act (at the end of the last round).
    up: u64,
    /// Per attack ([`super::conflict::Attack::slot`]): rounds it still readies before firing.
    ready_in: Vec<u8>,
    /// The cover the close-combat crowd gives this round against shots fired into it (780).
    crowd: Cover,
}

/// Facts about a conflict worked out when it loads, so that rules nobody uses cost nothing.
#[derive(Debug, Clone, Copy, Default)]
pub struct Field {
    /// Bit `i`: fighter `i` is in close combat.
    pub close: u64,
    /// Someone can make a called shot: the round's attacks are planned, then called shots
    /// are resolved first (808).
    pub called_shots: bool,
    /// Someone out of close combat has a ranged attack: crowd cover and strays (780–784).
    pub into_melee: bool,
    /// Some attack takes more than a round to ready, or starts unloaded (788–790).
    pub reloads: bool,
    /// None of the rules the plain loop ([`super::plain`]) leaves out is in play: no called
    /// shots, shots into close combat or reloading; everyone in close combat, without mojo,
    /// never attacking the fallen; out for the fight and consciousness at the round's end.
    pub plain: bool,
}

impl Field {
    /// The facts of `fighters` under `rules`.
    pub fn new(fighters: &[Fighter], rules: &ConflictRules) -> Self {
        let close = fighters
            .iter()
            .enumerate()
            .fold(0, |m, (i, f)| m | u64::from(f.close_combat) << i);
        let called_shots = fighters.iter().any(|f| {
            f.knockout_blows
                || f.killing_blows
                || (f.called_shots_into_melee && f.shoots_from_afar())
        });
        let into_melee = close != 0 && fighters.iter().any(Fighter::shoots_from_afar);
        let reloads = fighters
            .iter()
            .flat_map(|f| &f.attacks)
            .any(|a| a.reload > 0 || a.first_ready > 0);
        let plain = !called_shots
            && !into_melee
            && !reloads
            && rules.unconscious_for == UnconsciousFor::Fight
            && rules.consciousness_check == ConsciousnessCheck::EndOfRound
            && fighters
                .iter()
                .all(|f| f.close_combat && f.mojo == 0 && f.attack_downed == AttackDowned::Never);
        Self {
            close,
            called_shots,
            into_melee,
            reloads,
            plain,
        }
    }
}

/// The resolved fighters, sides and limits of one conflict, for the round engine that plays
/// every rule. (A conflict whose [`Field::plain`] holds is played by [`super::plain`] in the
/// seeded runner, with exactly the same results fight by fight.)
#[derive(Debug, Clone)]
pub struct Battle<'a> {
    /// Combatants in scenario order.
    pub fighters: &'a [Fighter],
    /// Names and sides (fighter `side` indices are the roster's).
    pub roster: &'a Roster,
    /// The Guide's choices.
    pub rules: ConflictRules,
    /// Per fighter: rolls perception for surprise (someone ambushes and its side does not).
    pub rolls_surprise: &'a [bool],
    /// What the fighters make possible.
    pub field: Field,
    /// Per attack slot and target, the static part of the number to hit ([`to_hit`]).
    pub to_hit: &'a [i64],
}

/// Per attack (by [`Attack::slot`]) and target, in a table of `slots × fighters`: 11 + the
/// attacker's attack bonus, the attack's, and its group bonus, less the target's defense and
/// group bonus and, against a ranged attack, its own cover's bonus (815–820).
pub fn to_hit(fighters: &[Fighter]) -> Vec<i64> {
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
fn roll_under<Ro: Dice>(
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
fn consciousness_roll<Ro: Dice>(
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
    /// Resets every state and rolls surprise: when anyone `surprises`, everyone on a side
    /// without a surpriser rolls perception (+4 aware, −6 asleep) or is surprised. Who can
    /// act (everyone).
    pub(super) fn setup<Ro: Dice>(&self, roller: &mut Ro, arena: &mut Arena) -> u64 {
        arena.states.clear();
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
        if self.field.reloads {
            arena.ready_in.clear();
            arena.ready_in.extend(
                self.fighters
                    .iter()
                    .flat_map(|f| &f.attacks)
                    .map(|a| a.first_ready),
            );
        }
        arena.up = u64::MAX >> (64 - self.fighters.len());
        arena.up
    }

    /// One round; who can act at its end.
    pub(super) fn play_round<Ro: Dice, Ob: Observer<Conflict>>(
        &self,
        round: u32,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) -> u64 {
        if self.field.plain {
            roller.round_begins();
        }
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
            // Snap out of surprise: willpower or fortitude (the better), from round 2 on.
            if round >= 2 && s.standing && s.surprised {
                let needed = f.willpower.max(f.fortitude) - s.injuries + f.group_bonus;
                s.surprised = !roll_under(roller, f, s, MojoKind::SnapOut, needed).0;
            }
            s.aim = -s.injuries - 3 * i64::from(s.surprised);
            s.weakness = s.survival + if f.verve_in_combat { s.verve } else { 0 } - s.injuries;
            // 852, 862, 866: +10 against an immobile (unconscious) foe, +4 against an unaware
            // one (with `surprised_are_unaware`, one still surprised in round 1); never both.
            let unaware = self.rules.surprised_are_unaware && round == 1 && s.surprised;
            s.exposure = 2 * i64::from(s.surprised && round >= 2)
                + if !s.conscious {
                    10
                } else {
                    4 * i64::from(unaware)
                };
        }
        if self.field.into_melee {
            // 780: the combatants standing in close combat, a unit as its size.
            let crowd = (0..self.fighters.len())
                .filter(|&i| (arena.standing & self.field.close) >> i & 1 == 1)
                .map(|i| self.fighters[i].group_size)
                .sum();
            arena.crowd = Cover::of_crowd(crowd);
        }
        self.plan_attacks(round, roller, arena, observer);
        if self.field.called_shots {
            // 808: called shots are handled first in a round.
            for called_first in [true, false] {
                for i in 0..arena.plan.len() {
                    let planned = arena.plan[i];
                    if (planned.called != Called::No) == called_first {
                        self.resolve(round, planned, roller, arena, observer);
                    }
                }
            }
        }
        self.end_round(round, roller, arena, observer);
        observer.see(Event::RoundEnd {
            round,
            states: &arena.states,
        });
        arena.up
    }

    /// A time to die for `f` ([`survival::death_contest`]): endurance − injuries + group
    /// bonus, +2 while unconscious, −3 while surprised after round 1; death bids from the
    /// mojo pool (no reserve). Returns whether the combatant is dying.
    fn death_contest<Ro: Dice>(
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
    #[inline(always)]
    fn take_damage<Ro: Dice, Ob: Observer<Conflict>>(
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
                observer.see(Event::Consciousness {
                    round,
                    who: t,
                    roll,
                    needed,
                });
                s.falls_unconscious = !ok;
            }
        }
    }

    /// End of round: consciousness (rolled now by everyone who called for it this round,
    /// at their injuries now, 762), the death contest, death, flight.
    /// Also marks in `arena.up` who can still act.
    fn end_round<Ro: Dice, Ob: Observer<Conflict>>(
        &self,
        round: u32,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        arena.up = 0;
        for (i, (f, s)) in self
            .fighters
            .iter()
            .zip(arena.states.iter_mut())
            .enumerate()
        {
            if std::mem::take(&mut s.check_consciousness) && s.conscious {
                let (ok, roll, needed) = consciousness_roll(roller, f, s, round);
                observer.see(Event::Consciousness {
                    round,
                    who: i,
                    roll,
                    needed,
                });
                s.falls_unconscious = !ok;
            }
        }
        for (i, (f, s)) in self
            .fighters
            .iter()
            .zip(arena.states.iter_mut())
            .enumerate()
        {
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
            arena.up |= u64::from(can_act(f, s)) << i;
        }
    }

    /// Picks every attack's foe at the start of the round (852–878: a called shot is declared
    /// before anything resolves), in scenario order, and whether each is a called shot: a
    /// killing blow at an unconscious foe, a knockout blow at a surprised (or unaware) one, a
    /// called shot into close combat. A combatant making a called shot has −2 defense this
    /// round (806). An attack still readying (788–790) spends the round on it instead.
    ///
    /// When nobody can call a shot, each attack is resolved as soon as its foe is picked:
    /// picks read only what held when the round began (who stood, how weak each was), so
    /// this is the same as planning them all first.
    fn plan_attacks<Ro: Dice, Ob: Observer<Conflict>>(
        &self,
        round: u32,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        arena.plan.clear();
        for (a, attacker) in self.fighters.iter().enumerate() {
            arena.states[a].calls = false;
            let st = &arena.states[a];
            if !st.standing || (round == 1 && st.surprised) {
                continue;
            }
            // Bit k: attack k is ready to fire this round.
            let mut ready = u64::MAX;
            if self.field.reloads {
                for (k, attack) in attacker.attacks.iter().enumerate() {
                    let wait = &mut arena.ready_in[attack.slot];
                    if *wait > 0 {
                        *wait -= 1;
                        ready &= !(1 << k);
                    }
                }
            }
            let mut fired = 0u64;
            for _ in 0..=attacker.group_bonus {
                for (k, attack) in attacker.attacks.iter().enumerate() {
                    if ready >> k & 1 == 0 {
                        continue;
                    }
                    // 772: melee reaches only foes in close combat, from within it.
                    let reach = if attack.ranged {
                        u64::MAX
                    } else if attacker.close_combat {
                        self.field.close
                    } else {
                        0
                    };
                    let Some(t) = self.choose_target(a, reach, roller, arena) else {
                        continue;
                    };
                    fired |= 1 << k;
                    let ts = &arena.states[t];
                    let called = if !ts.conscious && attacker.killing_blows {
                        Called::Killing
                    } else if ts.surprised && attacker.knockout_blows {
                        Called::Knockout
                    } else if attacker.called_shots_into_melee
                        && self.shoots_into_melee(attacker, attack, t)
                    {
                        Called::IntoMelee
                    } else {
                        Called::No
                    };
                    let s = &mut arena.states[a];
                    if called != Called::No && !s.calls {
                        s.calls = true;
                        s.exposure += 2;
                    }
                    let planned = Planned {
                        attacker: a as u8,
                        attack: k as u8,
                        target: t as u8,
                        called,
                    };
                    if self.field.called_shots {
                        arena.plan.push(planned);
                    } else {
                        self.resolve(round, planned, roller, arena, observer);
                    }
                }
            }
            if self.field.reloads {
                for (k, attack) in attacker.attacks.iter().enumerate() {
                    if fired >> k & 1 == 1 {
                        arena.ready_in[attack.slot] = attack.reload;
                    }
                }
            }
        }
    }

    /// Whether `attack` by `attacker` at fighter `t` is a shot into close combat from out of
    /// it (780).
    #[inline]
    fn shoots_into_melee(&self, attacker: &Fighter, attack: &Attack, t: usize) -> bool {
        attack.ranged && !attacker.close_combat && self.field.close >> t & 1 == 1
    }

    /// What attacker `a`'s d20 must not exceed for `attack` to hit fighter `t`: the table's
    /// 11 + attack bonuses − defense (with the target's cover against a ranged attack,
    /// 815–820), the crowd's cover when shot into close combat if better (780), the
    /// attacker's aim and the target's exposure this round, −3 for a called shot (806).
    #[inline(always)]
    fn needed(&self, a: usize, attack: &Attack, t: usize, called: bool, arena: &Arena) -> i64 {
        let mut needed = self.to_hit[attack.slot * self.fighters.len() + t]
            + arena.states[a].aim
            + arena.states[t].exposure
            - 3 * i64::from(called);
        if self.field.into_melee && self.shoots_into_melee(&self.fighters[a], attack, t) {
            let target = &self.fighters[t];
            if arena.crowd > target.cover {
                needed -=
                    arena.crowd.defense(target.warrior) - target.cover.defense(target.warrior);
            }
        }
        needed
    }

    /// Fighter `t`'s evasion roll with `bonus` (874, 782–784): d20 ≤ evasion + bonus −
    /// injuries + group bonus, −3 while surprised after round 1; mojo may turn it.
    fn evades<Ro: Dice>(
        &self,
        round: u32,
        t: usize,
        bonus: i64,
        roller: &mut Ro,
        arena: &mut Arena,
    ) -> bool {
        let f = &self.fighters[t];
        let s = &mut arena.states[t];
        let needed = f.evasion.unwrap_or(0) + bonus - s.injuries + f.group_bonus
            - 3 * i64::from(s.surprised && round >= 2);
        roll_under(roller, f, s, MojoKind::Evasion, needed).0
    }

    /// Rolls one planned attack and lands its damage, and a shot into close combat's strays.
    #[inline(always)]
    fn resolve<Ro: Dice, Ob: Observer<Conflict>>(
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
        let needed = self.needed(a, attack, t, planned.called != Called::No, arena);
        let (hit, roll) = roll_under(
            roller,
            attacker,
            &mut arena.states[a],
            MojoKind::Attack,
            needed,
        );
        // Damage drawn with the d20, hit or miss, where the roller does so in a plain conflict,
        // as the plain loop draws it ([`super::plain`]); a conflict with more rules branches
        // on the hit anyway, and draws damage only for a hit.
        let drawn = (Ro::DAMAGE_WITH_EVERY_ATTACK
            && self.field.plain
            && attack.plain.is_some_and(|p| p.streamed()))
        .then(|| roller.roll_plain(&attack.damage, attack.plain).max(0));
        // 780–784: the target's foes standing in close combat beside it, when shot into it.
        let beside = if self.field.into_melee && self.shoots_into_melee(attacker, attack, t) {
            Standing(arena.standing & self.field.close & !(1 << t))
                .foes_of(self.roster, self.fighters[t].side)
                .0
        } else {
            0
        };
        if !hit {
            observer.see(Event::Attack {
                round,
                attacker: a,
                target: t,
                roll,
                needed,
                damage: None,
            });
            if beside != 0 {
                // 784: one random adjacent foe of the target rolls evasion + defense.
                let who = nth_bit(beside, roller);
                let f = &self.fighters[who];
                if self.evades(round, who, f.defense + f.group_bonus, roller, arena) {
                    observer.see(Event::Stray {
                        round,
                        attacker: a,
                        who,
                        damage: None,
                    });
                } else {
                    let damage = roller.roll_plain(&attack.damage, attack.plain).max(0);
                    observer.see(Event::Stray {
                        round,
                        attacker: a,
                        who,
                        damage: Some(damage),
                    });
                    self.take_damage(round, who, (damage, 0), roller, arena, observer);
                }
            }
            return;
        }
        let damage =
            drawn.unwrap_or_else(|| roller.roll_plain(&attack.damage, attack.plain).max(0));
        observer.see(Event::Attack {
            round,
            attacker: a,
            target: t,
            roll,
            needed,
            damage: Some(damage),
        });
        let direct = match planned.called {
            Called::No | Called::IntoMelee => 0,
            // 870: half the damage, rounded up, as injury points.
            Called::Killing => (damage + 1) / 2,
            // 874–878: an evasion roll (+ head protection) or one point (two from a warrior)
            // goes to injuries.
            Called::Knockout => {
                let target = &self.fighters[t];
                if self.evades(round, t, target.head_protection, roller, arena) {
                    0
                } else {
                    damage.min(if attacker.warrior { 2 } else { 1 })
                }
            }
        };
        self.take_damage(round, t, (damage - direct, direct), roller, arena, observer);
        if planned.called == Called::No {
            // 782: everyone beside the target whom the same d20 would have hit rolls evasion
            // or takes the same damage.
            let mut left = beside;
            while left != 0 {
                let who = left.trailing_zeros() as usize;
                left &= left - 1;
                if roll > self.needed(a, attack, who, false, arena) {
                    continue;
                }
                if self.evades(round, who, 0, roller, arena) {
                    observer.see(Event::Stray {
                        round,
                        attacker: a,
                        who,
                        damage: None,
                    });
                } else {
                    observer.see(Event::Stray {
                        round,
                        attacker: a,
                        who,
                        damage: Some(damage),
                    });
                    self.take_damage(round, who, (damage, 0), roller, arena, observer);
                }
            }
        }
    }

    /// Picks the foe for one attack among those standing when the round began (and, with
    /// `attack_downed`, the unconscious: as well, or first) that the attack can `reach`; the weakest has the fewest
    /// survival (+ verve where it soaks combat damage) − injuries.
    fn choose_target<Ro: Dice>(
        &self,
        a: usize,
        reach: u64,
        roller: &mut Ro,
        arena: &mut Arena,
    ) -> Option<usize> {
        let attacker = &self.fighters[a];
        let (standing, downed) = (arena.standing & reach, arena.downed & reach);
        let candidates = match attacker.attack_downed {
            AttackDowned::Never => Standing(standing),
            AttackDowned::Also => Standing(standing | downed),
            AttackDowned::First if Standing(downed).foes_of(self.roster, attacker.side).0 != 0 => {
                Standing(downed)
            }
            AttackDowned::First => Standing(standing),
        };
        let states = &arena.states;
        let weakness = |i: usize| states[i].weakness;
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

/// A uniform pick among the set bits of `mask` (not empty): the bit's index.
fn nth_bit<Ro: Dice>(mut mask: u64, roller: &mut Ro) -> usize {
    let n = mask.count_ones() as usize;
    if n > 1 {
        for _ in 0..roller.pick(n) {
            mask &= mask - 1;
        }
    }
    mask.trailing_zeros() as usize
}
