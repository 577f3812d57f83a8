//! The fight outcome recorder: declares the standard fight metrics in a [`Layout`] and adds
//! fights' outcomes to a [`Tally`], from the states at a fight's end and after its aftermath
//! and per-side round numbers only: counted by outcome over a batch in [`FightCounts`] and
//! added once at its end ([`FightRecorder::count`], [`FightRecorder::flush`]: what the fight
//! driver does), which costs a fight a few increments (tests add one fight at a time).

#[cfg(test)]
use super::Fates;
use super::fight::Rounds;
use super::fight::{Played, SideRounds};
use super::roster::{MAX_FIGHTERS, Roster};
use super::set::members;
use oddsmith_core::stats::{
    BatchRatioSums, CounterId, HistogramId, HistogramReport, Layout, Meta, RatioId, Role, Tally,
};
pub use oddsmith_scenario::keys::common::FIGHT_METRICS;

/// What a fight adds to the tally beyond the shared fight metrics the recorder counts: the
/// system's own metrics, and its measure of toughness for `won_left.SIDE`.
pub trait Record: Rounds {
    /// Adds the system's own metrics of the fight in `arena` to `tally` (or counts them in
    /// `arena` until [`Record::flush`]).
    fn outcome(&self, arena: &mut Self::Arena, tally: &mut Tally);

    /// Adds what [`Record::outcome`] counted in `arena` over a batch to `tally`. By default
    /// nothing: `outcome` wrote to the tally. A system whose outcomes are many small counts
    /// per fighter (Gods & Monsters) keeps them in the arena and adds them once a batch.
    #[inline(always)]
    fn flush(&self, _arena: &mut Self::Arena, _tally: &mut Tally) {}

    /// Combatant `i`'s toughness in `arena`: (what is left, its full amount), for
    /// `won_left.SIDE`; (0, 0) where the system has no measure, and the metric no data.
    fn toughness(&self, arena: &Self::Arena, i: usize) -> (u64, u64);
}

/// How a fight ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Only this side still had someone standing.
    Win(usize),
    /// Every side went down in the same round.
    Draw,
    /// The round limit came with two or more sides still fighting.
    Stalemate,
}

/// The counters and histograms of the standard fight metrics, by side and combatant index.
#[derive(Debug, Clone)]
pub struct FightRecorder {
    win: Vec<CounterId>,
    draw: CounterId,
    stalemate: CounterId,
    any_death: Vec<CounterId>,
    all_down: Vec<CounterId>,
    all_dead: Vec<CounterId>,
    pyrrhic: Vec<CounterId>,
    /// Per combatant, by [`Fates::state`] at the end and death after the aftermath.
    death: Vec<CounterId>,
    dying: Vec<CounterId>,
    saved: Vec<CounterId>,
    dead_in_fight: Vec<CounterId>,
    fled: Vec<CounterId>,
    down: Vec<CounterId>,
    rounds: HistogramId,
    fighting: Vec<HistogramId>,
    deaths: Vec<HistogramId>,
    /// Per side, `first_down` and `first_death`.
    onsets: Vec<[HistogramId; 2]>,
    /// Per side, how many of it were not standing at the end of a fight it won.
    won_down: Vec<RatioId>,
    /// Per side, the share of its toughness left after a fight it won.
    won_left: Vec<RatioId>,
    side_masks: Vec<u64>,
    /// Where a batch's counts lie in [`FightCounts`].
    rows: Rows,
    /// The counters, histograms and ratios it declared, by number in the layout.
    own: [std::ops::Range<usize>; 3],
}

/// Combatant codes: [`Fates::state`] at the end (0–4) × 2, plus 1 when dead after the
/// aftermath.
const CODES: usize = 10;

impl FightRecorder {
    /// Declares the standard metrics of a fight of `roster` with a limit of `max_rounds`
    /// (rates unless said): per side `win`, `any_death` (someone dead once the aftermath is
    /// over), `all_down` (nobody standing at the end), `all_dead`, `pyrrhic` (won, and someone
    /// of it dead); `draw`, `stalemate`; per combatant `death` (dead once the fight and its
    /// aftermath are over), `dying` (dying when the fight ended), `saved` (dying then, alive
    /// after), `dead_in_fight`, `fled`, `down` (not standing at the end, fled aside); `rounds` (mean and
    /// quantiles, and its histogram), `fighting.<side>` (survival curves) and
    /// `deaths.<side>` (how many of it die: a rate per count and the mean). A system
    /// declares its own metrics after these.
    pub fn declare(layout: &mut Layout, roster: &Roster, max_rounds: u32) -> Self {
        let sizes = |layout: &Layout| {
            [
                layout.counters().count(),
                layout.histograms().count(),
                layout.ratios().count(),
            ]
        };
        let before = sizes(layout);
        let sides = roster.sides();
        let per_side = |layout: &mut Layout, prefix: &str, role: Role, label: &str| {
            sides
                .iter()
                .map(|s| layout.counter(format!("{prefix}.{s}"), Meta::side(role, label, s)))
                .collect::<Vec<_>>()
        };
        let win = per_side(layout, "win", Role::Win, "wins");
        let draw = layout.counter("draw", Meta::trial(Role::Draw, "draw"));
        let stalemate = layout.counter("stalemate", Meta::trial(Role::Stalemate, "stalemate"));
        let any_death = per_side(layout, "any_death", Role::AnyDeath, "someone dies");
        let all_down = per_side(layout, "all_down", Role::AllDown, "everyone down");
        let all_dead = per_side(layout, "all_dead", Role::Other, "everyone dies");
        let pyrrhic = per_side(layout, "pyrrhic", Role::Pyrrhic, "wins, with a death");
        let per_combatant = |layout: &mut Layout, prefix: &str, role: Role, label: &str| {
            roster
                .names()
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    let meta = Meta::combatant(role, label, n, roster.side_name(i));
                    layout.counter(format!("{prefix}.{n}"), meta)
                })
                .collect::<Vec<_>>()
        };
        let death = per_combatant(layout, "death", Role::Death, "death");
        let dying = per_combatant(layout, "dying", Role::Dying, "dying");
        let saved = per_combatant(layout, "saved", Role::Saved, "saved");
        let dead_in_fight = per_combatant(
            layout,
            "dead_in_fight",
            Role::DeadInFight,
            "dead in the fight",
        );
        let fled = per_combatant(layout, "fled", Role::Fled, "fled");
        let down = per_combatant(layout, "down", Role::Down, "down");
        // Sized for the longest fight, so no trial grows them.
        let rounds = layout.histogram(
            "rounds",
            max_rounds as usize + 1,
            HistogramReport::Quantiles,
            Meta::trial(Role::Rounds, "rounds"),
        );
        let fighting = sides
            .iter()
            .map(|s| {
                layout.histogram(
                    format!("fighting.{s}"),
                    max_rounds as usize + 2,
                    HistogramReport::Survival,
                    Meta::side(Role::StillFighting, "still fighting", s),
                )
            })
            .collect();
        let deaths = sides
            .iter()
            .zip(roster.side_masks())
            .map(|(s, m)| {
                layout.histogram(
                    format!("deaths.{s}"),
                    m.count_ones() as usize + 1,
                    HistogramReport::Buckets,
                    Meta::side(Role::Distribution, "deaths", s),
                )
            })
            .collect();
        let onset = |layout: &mut Layout, s: &str, prefix: &str, role: Role, label: &str| {
            let aftermath = role == Role::FirstDeath;
            layout.histogram(
                format!("{prefix}.{s}"),
                max_rounds as usize + 3,
                HistogramReport::Onset {
                    after: max_rounds as usize + 1,
                    aftermath,
                },
                Meta::side(role, label, s),
            )
        };
        let onsets = sides
            .iter()
            .map(|s| {
                [
                    onset(
                        layout,
                        s,
                        "first_down",
                        Role::FirstDown,
                        "round of the first fall",
                    ),
                    onset(
                        layout,
                        s,
                        "first_death",
                        Role::FirstDeath,
                        "round of the first death",
                    ),
                ]
            })
            .collect();
        let per_side_ratio = |layout: &mut Layout, prefix: &str, role: Role, label: &str| {
            sides
                .iter()
                .map(|s| layout.ratio(format!("{prefix}.{s}"), Meta::side(role, label, s)))
                .collect::<Vec<_>>()
        };
        let won_down = per_side_ratio(
            layout,
            "won_down",
            Role::WonDown,
            "not standing after a win",
        );
        let won_left = per_side_ratio(
            layout,
            "won_left",
            Role::WonLeft,
            "toughness left after a win",
        );
        let after = sizes(layout);
        Self {
            own: [0, 1, 2].map(|k| before[k]..after[k]),
            win,
            draw,
            stalemate,
            any_death,
            all_down,
            all_dead,
            pyrrhic,
            death,
            dying,
            saved,
            dead_in_fight,
            fled,
            down,
            rounds,
            fighting,
            deaths,
            onsets,
            won_down,
            won_left,
            side_masks: roster.side_masks().to_vec(),
            rows: Rows::new(sides.len(), roster.len(), max_rounds as usize + 2),
        }
    }

    /// Per side, its `first_down` and `first_death` histograms.
    pub fn onsets(&self) -> &[[HistogramId; 2]] {
        &self.onsets
    }

    /// The counters, histograms and ratios it declared: their numbers in the layout.
    pub fn own(&self) -> &[std::ops::Range<usize>; 3] {
        &self.own
    }

    /// Combatant `i`'s code ([`CODES`]). One dead before the fight began counts as down at
    /// its end and dead after it: dead by then, not dead in it.
    #[inline(always)]
    fn code(played: &Played, i: usize) -> usize {
        let state = if played.arrived_dead >> i & 1 == 1 {
            1
        } else {
            played.end.state(i)
        };
        state * 2 + (played.after.dead >> i & 1) as usize
    }

    /// Adds one fight as [`played`](Played), with the round each side stopped fighting
    /// and the rounds that marked each side's fight: for tests, beside the batch's
    /// [`FightRecorder::count`] and [`FightRecorder::flush`].
    pub fn record(&self, tally: &mut Tally, played: &Played, sides: &SideRounds, left: (u64, u64)) {
        let mut counts = self.counts();
        self.count(&mut counts, played, sides, left);
        self.flush(&mut counts, tally);
    }

    /// Adds the counts of one combatant code to `tally`.
    fn add_code<N: Weight, S: Sink<N>>(&self, tally: &mut S, i: usize, code: usize, n: N) {
        let (state, dead_after) = (code / 2, code % 2 == 1);
        let when = |c: bool| if c { n } else { N::default() };
        tally.add(self.death[i], when(dead_after));
        tally.add(self.dying[i], when(state == 3));
        tally.add(self.saved[i], when(state == 3 && !dead_after));
        tally.add(self.dead_in_fight[i], when(state == 4));
        tally.add(self.fled[i], when(state == 2));
        // Down: not standing at the end and still in the fight (fled is a column of its own).
        tally.add(self.down[i], when(state != 0 && state != 2));
    }
}

/// A batch's fights counted by outcome, for [`FightRecorder::flush`] to add to a tally: one
/// table of counts, laid out by [`Rows`], so that counting a fight touches one buffer. The
/// exact walk counts with weights instead, its fights' probabilities ([`Weight`]).
#[derive(Debug, Clone, Default)]
pub struct FightCounts<N: Weight = u64> {
    table: Vec<N>,
    /// Per side, (toughness left, full toughness) summed over the fights it won.
    won_left: Vec<N::Won>,
}

/// What a fight counts for in [`FightCounts`]: one (`u64`, a sampled batch), or its
/// probability (`f64`, the exact walk).
pub trait Weight: Copy + Default + PartialOrd + std::ops::AddAssign + std::fmt::Debug {
    /// The sums of (toughness left, full toughness) over the fights a side won.
    type Won: Clone + Default + std::fmt::Debug;
    /// Adds a win that left `x` of `y` toughness, counted `n` times, to `won`.
    fn won(won: &mut Self::Won, x: u64, y: u64, n: Self);
}

impl Weight for u64 {
    type Won = BatchRatioSums;
    #[inline(always)]
    fn won(won: &mut BatchRatioSums, x: u64, y: u64, _: u64) {
        won.add(x, y);
    }
}

impl Weight for f64 {
    type Won = (f64, f64);
    #[inline(always)]
    fn won(won: &mut (f64, f64), x: u64, y: u64, n: f64) {
        won.0 += n * x as f64;
        won.1 += n * y as f64;
    }
}

/// Where [`FightRecorder::flush`] adds a batch's counts: a [`Tally`], or the exact walk's
/// expected tally.
pub trait Sink<N: Weight> {
    /// `n` more hits of counter `id`.
    fn add(&mut self, id: CounterId, n: N);
    /// `n` more observations of `value` in histogram `id`.
    fn record_n(&mut self, id: HistogramId, value: usize, n: N);
    /// `n` more trials of the pair `(x, y)` in ratio `id`.
    fn ratio_n(&mut self, id: RatioId, x: u64, y: u64, n: N);
    /// The sums of ratio `id` gathered in `won` (which this empties).
    fn won(&mut self, id: RatioId, won: &mut N::Won);
}

impl Sink<u64> for Tally {
    #[inline]
    fn add(&mut self, id: CounterId, n: u64) {
        Tally::add(self, id, n);
    }
    #[inline]
    fn record_n(&mut self, id: HistogramId, value: usize, n: u64) {
        Tally::record_n(self, id, value, n);
    }
    #[inline]
    fn ratio_n(&mut self, id: RatioId, x: u64, y: u64, n: u64) {
        Tally::ratio_n(self, id, x, y, n);
    }
    #[inline]
    fn won(&mut self, id: RatioId, won: &mut BatchRatioSums) {
        self.ratio_sums(id, &won.take());
    }
}

/// Where each row of [`FightCounts`]' table begins: fights by ending (a side's win at its
/// index, then draws, then stalemates), by rounds, a block per side, and a row per combatant
/// of fights by its code ([`CODES`]; code 0, standing and alive after, adds to no metric and
/// is not counted). A side's block: fights by the round it stopped fighting (`max_rounds + 2`),
/// by the round of its first down and of its first death (`max_rounds + 3` each), by how many
/// of it died (× 4) plus all of it down (1) and its pyrrhic win (2) ([`SIDE_ROW`]), and the
/// fights it won by how many of it were not standing ([`WON_ROW`]).
#[derive(Debug, Clone, Copy)]
struct Rows {
    rounds: usize,
    sides: usize,
    /// A side's block.
    stride: usize,
    first_down: usize,
    first_death: usize,
    code: usize,
    won: usize,
    combatants: usize,
    len: usize,
}

impl Rows {
    fn new(sides: usize, combatants: usize, row: usize) -> Self {
        let rounds = sides + 2;
        let first = rounds + row - 1;
        let (first_down, first_death) = (row, 2 * row + 1);
        let code = 3 * row + 2;
        let won = code + SIDE_ROW;
        let stride = won + WON_ROW;
        let at = first + sides * stride;
        Self {
            rounds,
            sides: first,
            stride,
            first_down,
            first_death,
            code,
            won,
            combatants: at,
            len: at + combatants * CODES,
        }
    }
}

/// Buckets of a side's row of fights it won.
const WON_ROW: usize = MAX_FIGHTERS + 1;

/// Buckets of a side's row of deaths, all down and pyrrhic wins.
const SIDE_ROW: usize = (MAX_FIGHTERS + 1) * 4;

impl FightRecorder {
    /// Empty counts for a batch of this recorder's fights.
    pub fn counts<N: Weight>(&self) -> FightCounts<N> {
        FightCounts {
            table: vec![N::default(); self.rows.len],
            won_left: vec![N::Won::default(); self.side_masks.len()],
        }
    }

    /// Counts one fight in `counts`, as [`FightRecorder::record`] adds it to a tally; `left`
    /// is the winners' (toughness left, full toughness), if a side won.
    #[inline(always)]
    pub fn count(
        &self,
        counts: &mut FightCounts,
        played: &Played,
        rounds: &SideRounds,
        left: (u64, u64),
    ) {
        self.count_as(counts, played, rounds, left, 1);
    }

    /// [`FightRecorder::count`] with the fight counted as `n`: its probability, for the exact
    /// walk.
    #[inline(always)]
    pub fn count_as<N: Weight>(
        &self,
        counts: &mut FightCounts<N>,
        played: &Played,
        rounds: &SideRounds,
        left: (u64, u64),
        n: N,
    ) {
        let (sides, r) = (self.side_masks.len(), &self.rows);
        let t = &mut counts.table[..r.len];
        let ending = match played.ending {
            Ending::Win(side) => side,
            Ending::Draw => sides,
            Ending::Stalemate => sides + 1,
        };
        t[ending] += n;
        t[r.rounds + played.rounds as usize] += n;
        let (dead, out) = (played.after.dead, played.end.out());
        for s in 0..sides {
            let (mask, b) = (self.side_masks[s], r.sides + s * r.stride);
            t[b + rounds.stopped[s] as usize] += n;
            t[b + r.first_down + rounds.first_down[s] as usize] += n;
            t[b + r.first_death + rounds.first_death[s] as usize] += n;
            let all_down = usize::from(mask & !out == 0);
            // Most fights leave a side without a death: no count of bits then.
            let died = dead & mask;
            let code = if died == 0 {
                all_down
            } else {
                died.count_ones() as usize * 4 + all_down + 2 * usize::from(ending == s)
            };
            t[b + r.code + code] += n;
        }
        // The fights a side did not win add nothing to its `won_*` ratios.
        if ending < sides {
            // Few of the winners are down: a bit at a time is cheaper than a count of all.
            let (mut rest, mut down) = (self.side_masks[ending] & out, 0);
            while rest != 0 {
                rest &= rest - 1;
                down += 1;
            }
            t[r.sides + ending * r.stride + r.won + down] += n;
            N::won(&mut counts.won_left[ending], left.0, left.1, n);
        }
        for i in members(out | dead) {
            t[r.combatants + i * CODES + Self::code(played, i)] += n;
        }
    }

    /// Adds the fights in `counts` to `tally` (or the exact walk's expected tally) and
    /// clears them.
    pub fn flush<N: Weight, S: Sink<N>>(&self, counts: &mut FightCounts<N>, tally: &mut S) {
        let (sides, r) = (self.side_masks.len(), &self.rows);
        let mut t = std::mem::take(&mut counts.table);
        for (e, &n) in t[..r.rounds].iter().enumerate() {
            match e {
                _ if e < sides => tally.add(self.win[e], n),
                _ if e == sides => tally.add(self.draw, n),
                _ => tally.add(self.stalemate, n),
            }
        }
        let zero = N::default();
        let histogram = |tally: &mut S, id: HistogramId, row: &[N]| {
            for (value, &n) in row.iter().enumerate() {
                if n > zero {
                    tally.record_n(id, value, n);
                }
            }
        };
        histogram(tally, self.rounds, &t[r.rounds..r.sides]);
        for s in 0..sides {
            let block = &t[r.sides + s * r.stride..][..r.stride];
            histogram(tally, self.fighting[s], &block[..r.first_down]);
            histogram(
                tally,
                self.onsets[s][0],
                &block[r.first_down..r.first_death],
            );
            histogram(tally, self.onsets[s][1], &block[r.first_death..r.code]);
            tally.won(self.won_left[s], &mut counts.won_left[s]);
            for (k, &n) in block[r.won..].iter().enumerate() {
                if n > zero {
                    tally.ratio_n(self.won_down[s], k as u64, 1, n);
                }
            }
            let members = self.side_masks[s].count_ones() as usize;
            for (code, &n) in block[r.code..r.won].iter().enumerate() {
                if n == zero {
                    continue;
                }
                let deaths = code / 4;
                tally.record_n(self.deaths[s], deaths, n);
                tally.add(self.any_death[s], if deaths > 0 { n } else { zero });
                tally.add(self.all_dead[s], if deaths == members { n } else { zero });
                tally.add(self.all_down[s], if code & 1 == 1 { n } else { zero });
                tally.add(self.pyrrhic[s], if code & 2 == 2 { n } else { zero });
            }
        }
        for (i, codes) in t[r.combatants..].chunks_exact(CODES).enumerate() {
            for (code, &n) in codes.iter().enumerate() {
                if n > zero {
                    self.add_code(tally, i, code, n);
                }
            }
        }
        t.fill(zero);
        counts.table = t;
    }
}

#[cfg(test)]
mod tests;
