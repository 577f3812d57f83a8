//! The one fight driver. A rule system's fight implements [`Fight`]: set the arena up for a
//! new fight, play one round and say who can still act, hand over each combatant's end state.
//! Everything else is here, once, for every system: the round loop and `max_rounds`, the
//! ending ([`Bout::settle`]: a win, a draw or a stalemate, from who can act), the round each
//! side stopped fighting, one set of seeded dice per batch whose streams run on from fight to
//! fight, and the recorder's count and flush. A blanket implementation makes every [`Fight`] a
//! [`RuleSystem`].
//!
//! One fight, in order ([`play`]):
//!
//! 1. [`Rounds::begin`]: a fresh fight (initiative, surprise, full pools); it returns who can
//!    act. A fight that starts from a state carried over from the last one (a day of
//!    encounters) sets its arena up itself and enters at step 2, [`play_from`].
//! 2. Rounds 1 to `max_rounds`: [`Rounds::round`] plays one round, or stops it early the
//!    moment the system's own rules say the fight is decided (after an attack, a hurt, a
//!    fall), and returns who can act. After each round the driver settles it: every side with
//!    nobody able to act notes the round (a side that rejoins is fighting again), and the
//!    fight ends when at most one side can act.
//! 3. [`Rounds::fates`]: everyone's state at the fight's end in the one vocabulary of
//!    [`Fates`] (dead, dying, fled, down, standing).
//! 4. [`Dying::aftermath`], only when someone is dying: time runs on until nobody is (the
//!    dying die or are saved), by the shared loop of [`aftermath::rounds`] and the system's
//!    hooks; where nobody can save them, they die.
//! 5. [`Record::outcome`]: the system's own metrics go to the tally; the states at the end and
//!    after the aftermath go to the recorder with the ending, the rounds and the sides'
//!    rounds.
//!
//! Watching: the rules report what happens as their own event type ([`Rounds::Event`]) to an
//! [`Observer`]; the seeded runner passes [`Unobserved`], whose calls compile to nothing, and
//! tests replay the seeds' worked examples with scripted dice and a logging observer.

use super::set::{everyone, members};
use super::{Care, Ending, Fate, Fates, FightCounts, FightRecorder, Roster, exact};
use super::{Dying, Record, Remarks, Walk};
use crate::systems::{RuleSystem, Taped};
use oddsmith_core::dice::{Dice, FightDice, Tape};
use oddsmith_core::stats::{ExactValues, Layout, Note, Tally};
use rand::Rng;

/// What every fight of a scenario shares, whatever its rules: the roster, the round limit
/// and the layout with the standard fight metrics declared first (a system declares its own
/// after them, in `layout`).
#[derive(Debug, Clone)]
pub struct Bout {
    /// Names and sides.
    pub roster: Roster,
    /// Round limit.
    pub max_rounds: u32,
    /// Every metric of the fight: the standard ones, then the system's.
    pub layout: Layout,
    /// The standard metrics' ids.
    pub recorder: FightRecorder,
    /// Who tends whom once the fight is over (`[aftermath]`; the default where a system does
    /// not read it).
    pub care: Care,
}

impl Bout {
    /// The bout of `roster` with a limit of `max_rounds`, its standard metrics declared.
    pub fn new(roster: Roster, max_rounds: u32) -> Self {
        let mut layout = Layout::new();
        let recorder = FightRecorder::declare(&mut layout, &roster, max_rounds);
        Self {
            roster,
            max_rounds,
            layout,
            recorder,
            care: Care::default(),
        }
    }

    /// Whether the fight is decided with `up` (a mask) able to act: at most one side has
    /// anyone. For a system that stops a round the moment this holds.
    #[inline(always)]
    pub fn decided(&self, up: u64) -> bool {
        let mut sides = self.roster.side_masks().iter().filter(|&&m| m & up != 0);
        sides.next().is_none() || sides.next().is_none()
    }

    /// After round `round`, with `up` able to act: each side with nobody up notes the round it
    /// stopped (a side with someone up again is fighting: `never`), and the ending once at
    /// most one side fights.
    #[inline(always)]
    pub fn settle(&self, round: u32, up: u64, side_down: &mut [u32]) -> Option<Ending> {
        let never = self.max_rounds + 1;
        let (mut fighting, mut last) = (0u32, 0);
        for (side, (&members, down)) in self.roster.side_masks().iter().zip(side_down).enumerate() {
            // Without a branch: whether a side still fights is anyone's guess.
            let is_up = members & up != 0;
            fighting += u32::from(is_up);
            last = if is_up { side } else { last };
            *down = if is_up { never } else { (*down).min(round) };
        }
        match fighting {
            0 => Some(Ending::Draw),
            1 => Some(Ending::Win(last)),
            _ => None,
        }
    }
}

/// A [`Record::toughness`] from what is `left` of a `full` amount: (left, full), `left` held
/// to 0…`full`.
#[inline(always)]
pub fn toughness(left: i64, full: i64) -> (u64, u64) {
    let full = full.max(0);
    (left.clamp(0, full) as u64, full as u64)
}

/// Per side, the rounds that mark how a fight went for it (`never` = `max_rounds + 1` unless
/// said).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SideRounds {
    /// The round the side stopped fighting (nobody able to act), `never` where it did not or
    /// fought again after.
    pub stopped: Vec<u32>,
    /// The round its first member stopped standing (dead, dying, fled or down),
    /// `max_rounds + 2` where none did.
    pub first_down: Vec<u32>,
    /// The round its first member died within the fight; `max_rounds + 1` where the first
    /// death came in the aftermath, `max_rounds + 2` where nobody of it died.
    pub first_death: Vec<u32>,
}

impl SideRounds {
    /// For `sides` sides.
    pub fn new(sides: usize) -> Self {
        Self {
            stopped: vec![0; sides],
            first_down: vec![0; sides],
            first_death: vec![0; sides],
        }
    }
}

/// One fight as played: how it ended, after how many rounds, and everyone's state at its end
/// and after the aftermath.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Played {
    /// How it ended.
    pub ending: Ending,
    /// Rounds played.
    pub rounds: u32,
    /// Everyone's state when the fighting stopped.
    pub end: Fates,
    /// Everyone's state once the aftermath is over: nobody dying.
    pub after: Fates,
    /// Those dead before the fight began (a day's member killed in an earlier encounter,
    /// sitting this one out): no death of this fight.
    pub arrived_dead: u64,
}

impl Played {
    /// How combatant `i` came out of the fight and its aftermath ([`Fate`]): what a day
    /// hands its carried state ([`crate::combat::day::Carry::carry`]).
    #[inline(always)]
    pub fn fate(&self, i: usize) -> Fate {
        Fate::of(&self.end, &self.after, i)
    }
}

/// A system's fight: the round loop ([`Rounds`]) and the concerns the driver reads besides
/// it, each its own small trait: what it records ([`Record`]), how its dying are saved once
/// the fighting stops ([`Dying`]), its state for the exact walk ([`Walk`]) and what it
/// says of itself when it loads ([`Remarks`]). Implemented for every type that implements the
/// five; the driver, the recorder, a day and the exact walk take `F: Fight`.
pub trait Fight: Rounds + Record + Dying + Walk + Remarks {}

impl<T: Rounds + Record + Dying + Walk + Remarks + ?Sized> Fight for T {}

/// The round loop: what every system's fight must give. See the module header for the order
/// of calls.
pub trait Rounds: Sync {
    /// Per-batch buffers (everyone's state), reused from fight to fight.
    type Arena: Send + Default + Clone;
    /// What an [`Observer`] is told, as it happens.
    type Event<'a>;

    /// The roster, round limit and metrics.
    fn bout(&self) -> &Bout;

    /// Empty buffers for a batch of fights; by default `Arena::default()`. A system whose
    /// buffers are sized from the scenario (Gods & Monsters' outcome counts per fighter)
    /// makes them here, once per batch.
    fn arena(&self) -> Self::Arena {
        Self::Arena::default()
    }

    /// Sets `arena` up for a fresh fight, with any dice that takes; who can act (a mask).
    fn begin<D: Dice, O: Observer<Self>>(
        &self,
        dice: &mut D,
        arena: &mut Self::Arena,
        observer: &mut O,
    ) -> u64;

    /// Plays round `round`, `up` able to act when it begins; who can act when it ends (or
    /// when the system stopped it, the fight decided), or `None` when there is nothing to
    /// settle: every side that fought when it began fights still, with the same members able
    /// to act (in round 1 the driver settles `up` all the same).
    fn round<D: Dice, O: Observer<Self>>(
        &self,
        round: u32,
        up: u64,
        dice: &mut D,
        arena: &mut Self::Arena,
        observer: &mut O,
    ) -> Option<u64>;

    /// Everyone's state in `arena`, in the one vocabulary ([`Fates`]): at the fight's end,
    /// and after each round in which someone's condition changed until each side has had
    /// someone stop standing (for [`SideRounds`]).
    fn fates(&self, arena: &Self::Arena) -> Fates;

    /// Who is not standing in `arena` (a mask: [`Fates::out`]), asked after each round in
    /// which someone's condition changed until each side has had someone stop standing; by
    /// default from [`Rounds::fates`]. A fast path: a system that keeps the mask says so.
    #[inline(always)]
    fn out(&self, arena: &Self::Arena) -> u64 {
        self.fates(arena).out()
    }

    /// Who is dead in `arena` (a mask), asked after each round in which someone's condition
    /// changed until each side has had a death; by default from [`Rounds::fates`]. A fast
    /// path, as [`Rounds::out`].
    #[inline(always)]
    fn dead(&self, arena: &Self::Arena) -> u64 {
        self.fates(arena).dead
    }
}

/// Watches a fight of `F`; the default sees nothing.
pub trait Observer<F: Rounds + ?Sized> {
    /// Whether it looks at all: a fight builds what only an observer reads (everyone's state
    /// at a round's end) only when this holds.
    const WATCHING: bool = true;

    /// Something happened.
    #[inline(always)]
    fn see(&mut self, _event: F::Event<'_>) {}
}

/// The observer that watches nothing: what the seeded runner passes.
#[derive(Debug, Clone, Copy, Default)]
pub struct Unobserved;

impl<F: Rounds + ?Sized> Observer<F> for Unobserved {
    const WATCHING: bool = false;
}

/// One fight from the start: [`Rounds::begin`], then [`play_from`]. How it went ([`Played`]);
/// `sides` gets the rounds that mark each side's fight ([`SideRounds`]).
#[inline(always)]
pub fn play<F: Fight + ?Sized, D: Dice, O: Observer<F>>(
    fight: &F,
    dice: &mut D,
    arena: &mut F::Arena,
    sides: &mut SideRounds,
    observer: &mut O,
) -> Played {
    let up = fight.begin(dice, arena, observer);
    play_from(fight, up, dice, arena, sides, observer)
}

/// The rounds of a fight whose arena is set up, `up` able to act: from a fresh start
/// ([`play`]) or from a state carried over from an earlier fight. Ends with
/// [`Dying::aftermath`] when someone is dying.
#[inline(always)]
pub fn play_from<F: Fight + ?Sized, D: Dice, O: Observer<F>>(
    fight: &F,
    up: u64,
    dice: &mut D,
    arena: &mut F::Arena,
    sides: &mut SideRounds,
    observer: &mut O,
) -> Played {
    play_arrived(fight, up, Arrived::NONE, dice, arena, sides, observer)
}

/// Who was out of a fight and dead as it began: a day's members carried in down or dead
/// ([`crate::combat::day::FightStage`]), whose falls and deaths came before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Arrived {
    /// Out of the fight (down, dead, …), by bit.
    pub out: u64,
    /// Dead, by bit.
    pub dead: u64,
}

impl Arrived {
    /// Nobody: a fresh fight.
    pub const NONE: Arrived = Arrived { out: 0, dead: 0 };
}

/// [`play_from`] of a fight that `arrived` began with some already out or dead: they are
/// not its first fall or death ([`SideRounds`]), and its dead are not its deaths
/// ([`Played::arrived_dead`]).
#[inline(always)]
pub fn play_arrived<F: Fight + ?Sized, D: Dice, O: Observer<F>>(
    fight: &F,
    up: u64,
    arrived: Arrived,
    dice: &mut D,
    arena: &mut F::Arena,
    sides: &mut SideRounds,
    observer: &mut O,
) -> Played {
    let bout = fight.bout();
    let mut progress = Progress::start(bout, up, sides);
    (progress.seen_out, progress.seen_dead) = (arrived.out, arrived.dead);
    let (mut ending, mut rounds) = (Ending::Stalemate, bout.max_rounds);
    for round in 1..=bout.max_rounds {
        let played = fight.round(round, progress.up, dice, arena, observer);
        let end = progress.after_round(
            bout,
            round,
            played,
            || fight.out(arena),
            || fight.dead(arena),
            sides,
        );
        if let Some(end) = end {
            (ending, rounds) = (end, round);
            break;
        }
    }
    Played {
        arrived_dead: arrived.dead,
        ..finish(fight, ending, rounds, progress.undead, dice, arena, sides)
    }
}

/// What the driver keeps of a fight in progress beside the arena and the sides' rounds: who
/// can act, the sides with nobody down yet and with nobody dead yet (a bit per side), and
/// everyone seen out of the fight and dead so far (so that a side is looked at only when one
/// of it newly is).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Progress {
    /// Who can act.
    pub up: u64,
    /// Sides with nobody down yet.
    pub undowned: u64,
    /// Sides with nobody dead yet.
    pub undead: u64,
    /// Everyone seen out of the fight.
    pub seen_out: u64,
    /// Everyone seen dead.
    pub seen_dead: u64,
}

impl Progress {
    /// A fight of `bout` about to play round 1, `up` able to act; `sides` set to "never".
    #[inline(always)]
    pub fn start(bout: &Bout, up: u64, sides: &mut SideRounds) -> Self {
        let never = bout.max_rounds + 1;
        sides.stopped.fill(never);
        sides.first_down.fill(never + 1);
        sides.first_death.fill(never + 1);
        let every_side = everyone(bout.roster.side_masks().len());
        Self {
            up,
            undowned: every_side,
            undead: every_side,
            seen_out: 0,
            seen_dead: 0,
        }
    }

    /// After round `round` of a fight of `bout`, which [`Rounds::round`] says left `played`
    /// able to act, `out` and `dead` saying who is out of the fight and dead now (asked only
    /// while a side has had nobody so): notes the firsts of each side in `sides`, and settles
    /// the round ([`Bout::settle`]); the ending, once the fight is over.
    #[inline(always)]
    pub fn after_round(
        &mut self,
        bout: &Bout,
        round: u32,
        played: Option<u64>,
        out: impl FnOnce() -> u64,
        dead: impl FnOnce() -> u64,
        sides: &mut SideRounds,
    ) -> Option<Ending> {
        match played {
            // Nobody's condition changed, so the sides fight as they did: two or more, or
            // the round would not have begun (the first round is settled all the same).
            None if round > 1 => return None,
            None => {}
            Some(now) => self.up = now,
        }
        let masks = bout.roster.side_masks();
        if self.undowned != 0 {
            let out = out() & !self.seen_out;
            if out != 0 {
                self.seen_out |= out;
                note_firsts(round, out, masks, &mut self.undowned, &mut sides.first_down);
            }
        }
        if self.undead != 0 {
            let dead = dead() & !self.seen_dead;
            if dead != 0 {
                self.seen_dead |= dead;
                note_firsts(round, dead, masks, &mut self.undead, &mut sides.first_death);
            }
        }
        bout.settle(round, self.up, &mut sides.stopped)
    }
}

/// The end of a fight that ended as `ending` after `rounds` rounds, `undead` the sides with
/// nobody dead in it ([`Progress::undead`]): everyone's state, the fallen foes finished
/// ([`Care::finish`]), [`Dying::aftermath`] when someone is dying, and the first deaths that
/// came in it noted in `sides`.
#[inline(always)]
pub fn finish<F: Fight + ?Sized, D: Dice>(
    fight: &F,
    ending: Ending,
    rounds: u32,
    undead: u64,
    dice: &mut D,
    arena: &mut F::Arena,
    sides: &mut SideRounds,
) -> Played {
    let bout = fight.bout();
    let never = bout.max_rounds + 1;
    let masks = bout.roster.side_masks();
    let end = fight.fates(arena);
    let start = bout
        .care
        .finish(&bout.roster, ending, end, bout.roster.everyone().bits());
    let after = if start.dying != 0 {
        fight.aftermath(ending, rounds, start, dice, arena)
    } else {
        start
    };
    // The first deaths that came once the fight was over.
    let late = after.dead & !end.dead;
    if late != 0 {
        for s in members(undead) {
            if masks[s] & late != 0 {
                sides.first_death[s] = never;
            }
        }
    }
    Played {
        ending,
        rounds,
        end,
        after,
        arrived_dead: 0,
    }
}

/// For each side in `pending` (a bit per side) with a member in `who`: `round` is its first,
/// and it is pending no more.
#[inline(always)]
fn note_firsts(round: u32, who: u64, masks: &[u64], pending: &mut u64, first: &mut [u32]) {
    for s in members(*pending) {
        if masks[s] & who != 0 {
            first[s] = round;
            *pending &= !(1 << s);
        }
    }
}

/// A batch's buffers: the system's arena, the sides' rounds and the recorder's counts.
#[derive(Debug, Clone)]
pub struct Scratch<A> {
    /// The system's buffers.
    pub arena: A,
    /// Per side, the rounds that marked the last fight.
    pub sides: SideRounds,
    counts: FightCounts,
}

impl<A> Scratch<A> {
    /// Fresh buffers for a batch of `fight`'s fights.
    pub fn of<F: Fight<Arena = A> + ?Sized>(fight: &F) -> Self {
        let bout = fight.bout();
        Scratch {
            arena: fight.arena(),
            sides: SideRounds::new(bout.roster.sides().len()),
            counts: bout.recorder.counts(),
        }
    }
}

/// One fight of a batch: set up by `begin` (fresh, [`Rounds::begin`], or from states carried
/// over, [`crate::combat::day::Carry::begin_from`]) and played ([`play_from`]); the system's
/// own metrics go to `tally`, the shared ones are counted in `scratch` until [`flush`].
#[inline(always)]
pub fn fight_once<F: Fight + ?Sized, D: Dice>(
    fight: &F,
    dice: &mut D,
    scratch: &mut Scratch<F::Arena>,
    tally: &mut Tally,
    arrived: Arrived,
    begin: impl FnOnce(&mut D, &mut F::Arena) -> u64,
) -> Played {
    let Scratch {
        arena,
        sides,
        counts,
    } = scratch;
    let up = begin(dice, arena);
    let played = play_arrived(fight, up, arrived, dice, arena, sides, &mut Unobserved);
    fight.outcome(arena, tally);
    let left = winners_left(fight, &played, arena);
    fight.bout().recorder.count(counts, &played, sides, left);
    played
}

/// The winners' toughness left after `played` in `arena` (the dead counting none), and
/// their full toughness: (0, 0) where no side won.
#[inline(always)]
pub fn winners_left<F: Fight + ?Sized>(fight: &F, played: &Played, arena: &F::Arena) -> (u64, u64) {
    let mut left = (0, 0);
    if let Ending::Win(s) = played.ending {
        for i in members(fight.bout().roster.side_masks()[s]) {
            let (now, full) = fight.toughness(arena, i);
            let alive = played.after.dead >> i & 1 == 0;
            left = (left.0 + if alive { now } else { 0 }, left.1 + full);
        }
    }
    left
}

/// Adds what a batch of [`fight_once`] counted in `scratch` to `tally`.
pub fn flush<F: Fight + ?Sized>(fight: &F, scratch: &mut Scratch<F::Arena>, tally: &mut Tally) {
    fight.bout().recorder.flush(&mut scratch.counts, tally);
    fight.flush(&mut scratch.arena, tally);
}

/// A batch of `trials` fights, each set up by `begin` ([`fight_once`]), with one set of
/// seeded dice whose streams run on from fight to fight; the shared metrics are added to
/// `tally` once at the end ([`flush`]).
pub fn fights<F: Fight + ?Sized, R: Rng + ?Sized>(
    fight: &F,
    rng: &mut R,
    trials: u64,
    scratch: &mut Scratch<F::Arena>,
    tally: &mut Tally,
    mut begin: impl FnMut(&mut FightDice<'_, R>, &mut F::Arena) -> u64,
) {
    let mut dice = FightDice::new(rng);
    for _ in 0..trials {
        fight_once(fight, &mut dice, scratch, tally, Arrived::NONE, &mut begin);
    }
    flush(fight, scratch, tally);
}

impl<F: Fight> RuleSystem for F {
    type Scratch = Scratch<F::Arena>;

    fn layout(&self) -> &Layout {
        &self.bout().layout
    }

    fn scratch(&self) -> Self::Scratch {
        Scratch::of(self)
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, scratch: &mut Self::Scratch, tally: &mut Tally) {
        self.batch(rng, 1, scratch, tally);
    }

    /// One set of seeded dice for the whole batch, so their streams run on from fight to
    /// fight; the shared metrics are counted over the batch and added once.
    fn batch<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        trials: u64,
        scratch: &mut Self::Scratch,
        tally: &mut Tally,
    ) {
        fights(self, rng, trials, scratch, tally, |dice, arena| {
            self.begin(dice, arena, &mut Unobserved)
        });
    }

    /// The batch's dice as [`RuleSystem::batch`]'s, their faces recorded fight by fight;
    /// the shared metrics are added after each fight.
    fn batch_taped<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        trials: u64,
        scratch: &mut Self::Scratch,
        tally: &mut Tally,
        taped: Taped<'_>,
    ) {
        let mut dice = FightDice::new(rng);
        taped.each(trials, tally, |tape, tally| {
            let mut dice = tape.recording_dice(&mut dice);
            fight_once(
                self,
                &mut dice,
                scratch,
                tally,
                Arrived::NONE,
                |dice, arena| self.begin(dice, arena, &mut Unobserved),
            );
            flush(self, scratch, tally);
        });
    }

    fn trial_replayed<R: Rng + ?Sized>(
        &self,
        tape: &Tape,
        fallback: &mut R,
        scratch: &mut Self::Scratch,
        tally: &mut Tally,
    ) {
        let mut dice = tape.replaying_dice(FightDice::new(fallback));
        fight_once(
            self,
            &mut dice,
            scratch,
            tally,
            Arrived::NONE,
            |dice, arena| self.begin(dice, arena, &mut Unobserved),
        );
        flush(self, scratch, tally);
    }

    fn exact(&self) -> Option<ExactValues> {
        exact::exact_values(self, &exact::Limits::DEFAULT).ok()
    }

    fn exact_with(&self, limits: &exact::Limits) -> Result<Option<ExactValues>, String> {
        match exact::exact_values(self, limits) {
            Ok(values) => Ok(Some(values)),
            Err(exact::Stop::Unsupported) => Ok(None),
            Err(stop) => Err(stop.to_string()),
        }
    }

    fn notes(&self) -> Vec<Note> {
        Remarks::notes(self)
    }

    fn warnings(&self) -> Vec<String> {
        Remarks::warnings(self)
    }
}

/// One fight with `dice` and `observer` in fresh buffers, for tests and traces: how it ended,
/// after how many rounds, the arena it left and the round each side stopped fighting.
pub fn replay<F: Fight, D: Dice, O: Observer<F>>(
    fight: &F,
    dice: &mut D,
    observer: &mut O,
) -> (Ending, u32, F::Arena, Vec<u32>) {
    let mut arena = fight.arena();
    let mut sides = SideRounds::new(fight.bout().roster.sides().len());
    let played = play(fight, dice, &mut arena, &mut sides, observer);
    (played.ending, played.rounds, arena, sides.stopped)
}
