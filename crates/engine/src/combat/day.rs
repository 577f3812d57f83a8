//! An adventuring day, once for every system: several encounters in a row, the party carried
//! from one to the next with only the rests the story allows between them.
//!
//! One day, in order ([`Day`]'s trial):
//!
//! 1. The party starts fresh ([`Recovery::fresh`]).
//! 2. For encounter N: the gap before it — its `rest`'s recovery, then `gap_minutes` during
//!    which the system's clocks run ([`Recovery::gap`]; none before the first encounter: the
//!    day starts fresh) — then the encounter itself ([`Stage::play`]): a fight of the party
//!    members who are up against fresh foes, each starting from its carried state
//!    ([`Carry::begin_from`], through the one fight driver, aftermath included, each
//!    member's state handed back with its [`Fate`] as the driver settled it,
//!    [`Carry::carry`]), or a system's other danger (a Gods & Monsters hazard). Members who
//!    are down sit it out.
//! 3. The day stops after N when the party did not come through (a fight lost, drawn or a
//!    stalemate; a hazard nobody is up after) or nobody of the party is up.
//!
//! [`DayRecorder`]'s metrics are per day: `day.survived`, `day.cleared`, `any_death.PARTY`,
//! `all_down.PARTY`, `death.NAME`, `down.NAME`, `fell_at.N` / `fell_at.none`,
//! `encounters_won`, `encounter.N.reached`, the system's resources at the day's end
//! ([`Recovery::declare`]), and every metric of each encounter again under `encounter.N.`
//! ([`Layout::nest`]), over all days: a day that stopped before an encounter counts as one in
//! which nothing happened there (its histograms get 0, or "never").

use super::fight::{Arrived, Scratch, fight_once, flush};
use super::{Ending, Fate, Fight, Observer, Unobserved};
use crate::systems::{RuleSystem, Taped};
use oddsmith_core::dice::{Dice, FightDice, Tape};
use oddsmith_core::stats::{
    CounterId, HistogramId, HistogramReport, Layout, Meta, Nested, Note, Role, Tally,
};
pub use oddsmith_scenario::day::Rest;
pub use oddsmith_scenario::keys::common::DAY_METRICS;
use rand::Rng;

/// One party member's values carried from encounter to encounter: every kind of hit points,
/// injuries, conditions, pools and spent resources (its maxima stay in its fighter).
pub trait Member: Clone + Send + Sync + std::fmt::Debug {
    /// Whether it can take part in an encounter: alive, conscious, not dying, not out.
    fn up(&self) -> bool;
    /// Whether it is dead.
    fn dead(&self) -> bool;
}

/// A fight that can start from states carried over from an earlier one. The party is the
/// roster's first combatants (`0..party.len()`), the foes after them, fresh.
pub trait Carry: Fight {
    /// One combatant's current values.
    type State: Member;

    /// Combatant `i`'s state at the start of a fresh fight ([`Rounds::begin`] before any
    /// dice).
    fn fresh(&self, i: usize) -> Self::State;

    /// Combatant `i`'s state in `arena` once the fight and its aftermath are over, `fate`
    /// saying how it came out of them as the driver settled it ([`super::Played::fate`]: dead,
    /// saved from dying, fled, down). The system maps only its own values (pools, wounds,
    /// injuries, its own conditions) and takes whether `i` is dead or was saved from `fate`,
    /// never working the ending or the aftermath out again.
    fn carry(&self, arena: &Self::Arena, fate: Fate, i: usize) -> Self::State;

    /// As [`Rounds::begin`], with combatant `k < party.len()` starting from `party[k]`: who
    /// can act. A member that is not up sits the fight out: it never acts, is never
    /// attacked, keeps its state and counts as it is (dead, or down). With every member
    /// [`Carry::fresh`], the same fight, dice for dice, as [`Rounds::begin`].
    fn begin_from<D: Dice, O: Observer<Self>>(
        &self,
        dice: &mut D,
        arena: &mut Self::Arena,
        party: &[Self::State],
        observer: &mut O,
    ) -> u64;
}

/// One encounter of a day: a fight ([`FightStage`]) or a system's other danger.
pub trait Stage: Sync {
    /// A party member's carried values.
    type State: Member;
    /// Per-batch buffers.
    type Arena: Send;

    /// The encounter's own metrics (a fight's: the shared ones and the system's).
    fn layout(&self) -> &Layout;

    /// Buffers for a batch.
    fn arena(&self) -> Self::Arena;

    /// Plays the encounter with `party` (updated in place); its metrics go to `tally` (or
    /// are counted in `arena` until [`Stage::flush`]). Whether the party came through: a
    /// fight won, a danger with a member still up after it.
    fn play<D: Dice>(
        &self,
        party: &mut [Self::State],
        dice: &mut D,
        arena: &mut Self::Arena,
        tally: &mut Tally,
    ) -> bool;

    /// Adds what [`Stage::play`] counted in `arena` over a batch to `tally`.
    fn flush(&self, arena: &mut Self::Arena, tally: &mut Tally);

    /// Notes on how the encounter resolves.
    fn notes(&self) -> Vec<Note> {
        Vec::new()
    }

    /// What runs but makes little sense.
    fn warnings(&self) -> Vec<String> {
        Vec::new()
    }
}

/// A fight as an encounter of a day: the party (the roster's first combatants) from their
/// carried states, the foes fresh.
#[derive(Debug, Clone)]
pub struct FightStage<F> {
    /// The fight.
    pub fight: F,
    /// The party's side in its roster.
    party_side: usize,
}

impl<F: Fight> FightStage<F> {
    /// `fight` as an encounter, the party being the side of its first combatant.
    pub fn new(fight: F) -> Self {
        let party_side = fight.bout().roster.side_of(0);
        Self { fight, party_side }
    }
}

impl<F: Carry> Stage for FightStage<F> {
    type State = F::State;
    type Arena = Scratch<F::Arena>;

    fn layout(&self) -> &Layout {
        &self.fight.bout().layout
    }

    fn arena(&self) -> Scratch<F::Arena> {
        Scratch::of(&self.fight)
    }

    #[inline]
    fn play<D: Dice>(
        &self,
        party: &mut [F::State],
        dice: &mut D,
        arena: &mut Scratch<F::Arena>,
        tally: &mut Tally,
    ) -> bool {
        // Those carried in dead or not up fell before this fight.
        let arrived = Arrived {
            out: party
                .iter()
                .enumerate()
                .fold(0, |m, (k, s)| m | u64::from(!s.up()) << k),
            dead: dead_mask(party),
        };
        let played = fight_once(&self.fight, dice, arena, tally, arrived, |dice, a| {
            self.fight.begin_from(dice, a, party, &mut Unobserved)
        });
        for (k, s) in party.iter_mut().enumerate() {
            *s = self.fight.carry(&arena.arena, played.fate(k), k);
        }
        played.ending == Ending::Win(self.party_side)
    }

    fn flush(&self, arena: &mut Scratch<F::Arena>, tally: &mut Tally) {
        flush(&self.fight, arena, tally);
    }

    fn notes(&self) -> Vec<Note> {
        self.fight.notes()
    }

    fn warnings(&self) -> Vec<String> {
        self.fight.warnings()
    }
}

/// A system's rules between encounters, for its party.
pub trait Recovery: Sync {
    /// A party member's carried values.
    type State: Member;
    /// What the day itself keeps between gaps (Invisible Sun: the rests used).
    type Clock: Default;

    /// Party member `k` at the day's start.
    fn fresh(&self, k: usize) -> Self::State;

    /// The gap before an encounter (never the first): `rest`'s recovery, then `minutes`
    /// during which the system's clocks run.
    fn gap<D: Dice>(
        &self,
        rest: Rest,
        minutes: u32,
        party: &mut [Self::State],
        clock: &mut Self::Clock,
        dice: &mut D,
    );

    /// Declares the resources left at the day's end (`health_left.NAME`, …) in `layout`,
    /// for the party's members `names` on `side`.
    fn declare(&mut self, layout: &mut Layout, names: &[String], side: &str);

    /// Records the resources of `party` at the day's end (the dead as at death).
    fn record(&self, party: &[Self::State], tally: &mut Tally);

    /// Remarks on the recovery in force (the rests, the choices made).
    fn notes(&self) -> Vec<Note> {
        Vec::new()
    }
}

/// One encounter as the day plays it.
#[derive(Debug, Clone)]
pub struct Encounter<S> {
    /// Its name (`Guard room`).
    pub name: String,
    /// The recovery before it (ignored for the first).
    pub rest: Rest,
    /// Minutes before it, after the rest (ignored for the first).
    pub gap_minutes: u32,
    /// What is played.
    pub stage: S,
}

/// The ids of the day's own metrics.
#[derive(Debug, Clone)]
pub struct DayRecorder {
    survived: CounterId,
    cleared: CounterId,
    any_death: CounterId,
    all_down: CounterId,
    death: Vec<CounterId>,
    down: Vec<CounterId>,
    /// Per encounter, then `none`.
    fell_at: Vec<CounterId>,
    won: HistogramId,
    reached: Vec<CounterId>,
}

impl DayRecorder {
    /// Declares the day's metrics for `party` on `side` and the encounters `names`.
    fn declare(layout: &mut Layout, party: &[String], side: &str, names: &[String]) -> Self {
        let survived = layout.counter(
            "day.survived",
            Meta::side(Role::Survived, "gets through the day", side),
        );
        let cleared = layout.counter(
            "day.cleared",
            Meta::side(Role::Cleared, "wins every encounter", side),
        );
        let any_death = layout.counter(
            format!("any_death.{side}"),
            Meta::side(Role::AnyDeath, "someone dies", side),
        );
        let all_down = layout.counter(
            format!("all_down.{side}"),
            Meta::side(Role::AllDown, "everyone down", side),
        );
        let per_member = |layout: &mut Layout, prefix: &str, role: Role, label: &str| {
            party
                .iter()
                .map(|n| {
                    layout.counter(
                        format!("{prefix}.{n}"),
                        Meta::combatant(role, label, n, side),
                    )
                })
                .collect::<Vec<_>>()
        };
        let death = per_member(layout, "death", Role::Death, "death");
        let down = per_member(layout, "down", Role::Down, "down");
        let mut fell_at: Vec<CounterId> = names
            .iter()
            .enumerate()
            .map(|(n, name)| {
                layout.counter(
                    format!("fell_at.{}", n + 1),
                    Meta::side(Role::FellAt, name.clone(), side),
                )
            })
            .collect();
        fell_at.push(layout.counter(
            "fell_at.none",
            Meta::side(Role::Distribution, "never falls", side),
        ));
        let won = layout.histogram(
            "encounters_won",
            names.len() + 1,
            HistogramReport::Buckets,
            Meta::side(Role::Distribution, "encounters won", side),
        );
        // Labelled with the encounter's name: the one place a report finds it.
        let reached = names
            .iter()
            .enumerate()
            .map(|(n, name)| {
                layout.counter(
                    format!("encounter.{}.reached", n + 1),
                    Meta::side(Role::Reached, name.clone(), side).within(n as u32 + 1),
                )
            })
            .collect();
        Self {
            survived,
            cleared,
            any_death,
            all_down,
            death,
            down,
            fell_at,
            won,
            reached,
        }
    }
}

/// A day of encounters for a party, as a rule system.
#[derive(Debug, Clone)]
pub struct Day<S, R> {
    /// The encounters, in order.
    pub encounters: Vec<Encounter<S>>,
    /// The rules between them.
    pub recovery: R,
    /// The party's members, in order.
    pub party: Vec<String>,
    /// The party's side.
    pub side: String,
    layout: Layout,
    recorder: DayRecorder,
    nested: Vec<Nested>,
    /// Per encounter: each party member's `encounter.N.died.NAME`, then the party's
    /// `encounter.N.any_died.SIDE`.
    died: Vec<(Vec<CounterId>, CounterId)>,
    /// Per encounter, what a day that never reached it records in each of its histograms
    /// (so each holds one value per day, as every histogram does): none of it happened —
    /// 0, or "never" for a round something first happened.
    unreached: Vec<Vec<(HistogramId, usize)>>,
}

/// Who of `party` is dead, by bit.
fn dead_mask<M: Member>(party: &[M]) -> u64 {
    party
        .iter()
        .enumerate()
        .fold(0, |m, (k, s)| m | u64::from(s.dead()) << k)
}

/// What a day that never reached an encounter records in each of its histograms.
fn unreached_values(layout: &Layout) -> Vec<(HistogramId, usize)> {
    layout
        .histograms()
        .enumerate()
        .map(|(k, (_, report, _))| {
            let value = match report {
                HistogramReport::Onset { after, .. } => after + 1,
                _ => 0,
            };
            (HistogramId(k), value)
        })
        .collect()
}

impl<S: Stage, R: Recovery<State = S::State>> Day<S, R> {
    /// The day of `encounters` (at least one) for `party` on `side`.
    pub fn new(
        party: Vec<String>,
        side: String,
        encounters: Vec<Encounter<S>>,
        mut recovery: R,
    ) -> Self {
        assert!(!encounters.is_empty(), "a day has an encounter");
        let mut layout = Layout::new();
        let names: Vec<String> = encounters.iter().map(|e| e.name.clone()).collect();
        let recorder = DayRecorder::declare(&mut layout, &party, &side, &names);
        recovery.declare(&mut layout, &party, &side);
        let mut died = Vec::new();
        let nested = encounters
            .iter()
            .enumerate()
            .map(|(n, e)| {
                let n = n as u32 + 1;
                let nest = layout.nest(&format!("encounter.{n}."), n, e.stage.layout());
                died.push(declare_died(&mut layout, n, &party, &side));
                nest
            })
            .collect();
        let unreached = encounters
            .iter()
            .map(|e| unreached_values(e.stage.layout()))
            .collect();
        Self {
            encounters,
            recovery,
            party,
            side,
            layout,
            recorder,
            nested,
            died,
            unreached,
        }
    }
}

/// Encounter `n`'s deaths of its own, beside what its stage records: per member of `party`,
/// `encounter.N.died.NAME` (it died in this encounter, its fight or its aftermath), then
/// `encounter.N.any_died.SIDE` (someone did). The stage's `death.NAME` counts those dead by
/// its end, earlier encounters' dead too.
fn declare_died(
    layout: &mut Layout,
    n: u32,
    party: &[String],
    side: &str,
) -> (Vec<CounterId>, CounterId) {
    let members = party
        .iter()
        .map(|name| {
            layout.counter(
                format!("encounter.{n}.died.{name}"),
                Meta::combatant(Role::Died, "died here", name, side).within(n),
            )
        })
        .collect();
    let any = layout.counter(
        format!("encounter.{n}.any_died.{side}"),
        Meta::side(Role::AnyDied, "someone died here", side).within(n),
    );
    (members, any)
}

/// A batch's buffers for a day.
pub struct DayScratch<S: Stage> {
    arenas: Vec<S::Arena>,
    tallies: Vec<Tally>,
    party: Vec<S::State>,
}

impl<S: Stage, R: Recovery<State = S::State>> Day<S, R> {
    /// One day with `dice`: the party fresh, each encounter in turn until one is lost or
    /// nobody is up; the day's metrics go to `tally`, each encounter's to its own tally in
    /// `scratch` until [`Day::flush`].
    #[inline]
    fn day<D: Dice>(&self, dice: &mut D, scratch: &mut DayScratch<S>, tally: &mut Tally) {
        let rec = &self.recorder;
        let DayScratch {
            arenas,
            tallies,
            party,
        } = scratch;
        let last = self.encounters.len();
        for (k, s) in party.iter_mut().enumerate() {
            *s = self.recovery.fresh(k);
        }
        let mut clock = R::Clock::default();
        let (mut won, mut fell, mut reached) = (0, last, 0);
        for (n, e) in self.encounters.iter().enumerate() {
            reached = n + 1;
            if n > 0 {
                self.recovery
                    .gap(e.rest, e.gap_minutes, party, &mut clock, dice);
            }
            tally.count(rec.reached[n], true);
            let dead_before = dead_mask(party);
            let passed = e.stage.play(party, dice, &mut arenas[n], &mut tallies[n]);
            let died = dead_mask(party) & !dead_before;
            let (members, any) = &self.died[n];
            for (k, &id) in members.iter().enumerate() {
                tally.count(id, died >> k & 1 == 1);
            }
            tally.count(*any, died != 0);
            won += usize::from(passed);
            let up = party.iter().any(Member::up);
            if fell == last && (!up || party.iter().any(Member::dead)) {
                fell = n;
            }
            if !passed || !up {
                break;
            }
        }
        let mut any_death = false;
        let mut all_down = true;
        for (k, s) in party.iter().enumerate() {
            tally.count(rec.death[k], s.dead());
            tally.count(rec.down[k], !s.up());
            any_death |= s.dead();
            all_down &= !s.up();
        }
        tally.count(rec.survived, !any_death);
        tally.count(rec.cleared, won == last);
        tally.count(rec.any_death, any_death);
        tally.count(rec.all_down, all_down);
        tally.count(rec.fell_at[fell], true);
        tally.record(rec.won, won);
        self.recovery.record(party, tally);
        for (t, values) in tallies.iter_mut().zip(&self.unreached).skip(reached) {
            for &(id, value) in values {
                t.record(id, value);
            }
        }
    }

    /// Adds what the days since the last flush counted per encounter to `tally`, under
    /// `encounter.N.`.
    fn flush(&self, scratch: &mut DayScratch<S>, tally: &mut Tally) {
        for (n, e) in self.encounters.iter().enumerate() {
            e.stage
                .flush(&mut scratch.arenas[n], &mut scratch.tallies[n]);
            tally.add_nested(self.nested[n], &mut scratch.tallies[n]);
        }
    }
}

impl<S: Stage, R: Recovery<State = S::State>> RuleSystem for Day<S, R> {
    type Scratch = DayScratch<S>;

    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn scratch(&self) -> DayScratch<S> {
        DayScratch {
            arenas: self.encounters.iter().map(|e| e.stage.arena()).collect(),
            tallies: self
                .encounters
                .iter()
                .map(|e| e.stage.layout().tally())
                .collect(),
            party: (0..self.party.len())
                .map(|k| self.recovery.fresh(k))
                .collect(),
        }
    }

    fn trial<Q: Rng + ?Sized>(&self, rng: &mut Q, scratch: &mut DayScratch<S>, tally: &mut Tally) {
        self.batch(rng, 1, scratch, tally);
    }

    /// One set of dice for the batch, as a fight's; each encounter's metrics are counted in
    /// a tally of its own and added under `encounter.N.` once at the end.
    fn batch<Q: Rng + ?Sized>(
        &self,
        rng: &mut Q,
        trials: u64,
        scratch: &mut DayScratch<S>,
        tally: &mut Tally,
    ) {
        let mut dice = FightDice::new(rng);
        for _ in 0..trials {
            self.day(&mut dice, scratch, tally);
        }
        self.flush(scratch, tally);
    }

    /// The batch's dice as [`RuleSystem::batch`]'s, their faces recorded day by day; the
    /// encounters' metrics are added after each day.
    fn batch_taped<Q: Rng + ?Sized>(
        &self,
        rng: &mut Q,
        trials: u64,
        scratch: &mut DayScratch<S>,
        tally: &mut Tally,
        taped: Taped<'_>,
    ) {
        let mut dice = FightDice::new(rng);
        taped.each(trials, tally, |tape, tally| {
            self.day(&mut tape.recording_dice(&mut dice), scratch, tally);
            self.flush(scratch, tally);
        });
    }

    fn trial_replayed<Q: Rng + ?Sized>(
        &self,
        tape: &Tape,
        fallback: &mut Q,
        scratch: &mut DayScratch<S>,
        tally: &mut Tally,
    ) {
        self.day(
            &mut tape.replaying_dice(FightDice::new(fallback)),
            scratch,
            tally,
        );
        self.flush(scratch, tally);
    }

    fn notes(&self) -> Vec<Note> {
        let list: Vec<String> = self
            .encounters
            .iter()
            .enumerate()
            .map(|(n, e)| match n {
                0 => format!("1. {}", e.name),
                _ => format!(
                    "{}. {} (rest {}, {} min)",
                    n + 1,
                    e.name,
                    e.rest.word(),
                    e.gap_minutes
                ),
            })
            .collect();
        let mut notes = vec![Note::Remark(format!(
            "a day of {} encounters for {}: {}",
            self.encounters.len(),
            self.party.join(", "),
            list.join("; ")
        ))];
        notes.extend(self.recovery.notes());
        for (n, e) in self.encounters.iter().enumerate() {
            for note in e.stage.notes() {
                // A remark of the day naming its encounter, whatever the note's kind (an
                // aftermath reads `encounter 2 (Den): aftermath: …`), printed with the day's
                // other remarks.
                notes.push(Note::Remark(format!(
                    "encounter {} ({}): {note}",
                    n + 1,
                    e.name
                )));
            }
        }
        notes
    }

    fn warnings(&self) -> Vec<String> {
        self.encounters
            .iter()
            .enumerate()
            .flat_map(|(n, e)| {
                e.stage
                    .warnings()
                    .into_iter()
                    .map(move |w| format!("encounter {} ({}): {w}", n + 1, e.name))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
