//! The walk itself: the fight's own code run along every path of its dice ([`Branches`]),
//! round by round, the states it reaches merged by value. See [`super`] for the whole.
//!
//! Every arena state the walk meets is kept once ([`Walker::arenas`]); a state between rounds
//! is its arena's number and what the driver keeps ([`key_of`]), so that a round's states
//! merge by short keys.

use super::dice::Branches;
use super::layer::{Edge, Layer, MASS_FLOOR, NONE, NOTED, Outcome, Round, STOPPED_NOW};
use super::state::{KeyReader, KeySet, KeyWriter, StateCodec, heap};
use super::values::Expected;
use super::{Limits, Stop, Walked};
use crate::combat::fight::{Progress, finish, winners_left};
use crate::combat::{Ending, Fight, FightCounts, SideRounds, Sink, Unobserved};
use std::time::Instant;

/// What the walk carries from round to round.
struct Walker<'f, F: Fight + ?Sized> {
    fight: &'f F,
    limits: &'f Limits,
    clock: Instant,
    dice: Branches,
    /// An arena as a fight sets it up, to read states into.
    template: F::Arena,
    /// An arena of this walk to play states in.
    work: F::Arena,
    /// Every arena state met, as keys.
    arenas: KeySet,
    /// Per arena state, that of the fight ended there with what its end does not read set
    /// to one value ([`Walk::exact_settle`]); `NONE` where not found yet.
    settled: Vec<u32>,
    /// Every state still fighting met (its arena's number and what the driver keeps), and
    /// every ended one (with its ending; the round it ended in apart).
    live: KeySet,
    ends: KeySet,
    /// Where each live state goes in a round, once walked in a round like every later one:
    /// its run of `edges` (`NONE` where not known).
    trans: Vec<(u32, u32)>,
    edges: Vec<Edge>,
    edge_sums: Vec<f64>,
    /// Who is in the current layers (for [`Layer::places`]), and the last layer's mark.
    places: [Vec<(u32, u32)>; 2],
    marks: u32,
    width: usize,
    paths: u64,
    most_states: usize,
}

/// The key of a state into `w` (emptied first): its arena's number, then what the driver
/// keeps, and an ended state's ending.
fn key_of(
    w: &mut Vec<u8>,
    arena: usize,
    progress: &Progress,
    sides: &SideRounds,
    end: Option<Ending>,
) {
    w.clear();
    w.field(&mut { arena });
    progress_fields(w, &mut { *progress });
    for rounds in [&sides.stopped, &sides.first_down, &sides.first_death] {
        for &r in rounds {
            w.field(&mut { r });
        }
    }
    if let Some(ending) = end {
        let mut code: i64 = match ending {
            Ending::Win(s) => s as i64,
            Ending::Draw => -1,
            Ending::Stalemate => -2,
        };
        w.field(&mut code);
    }
}

/// The driver's progress in a state's key, written or read.
fn progress_fields<C: StateCodec>(c: &mut C, p: &mut Progress) {
    for v in [
        &mut p.up,
        &mut p.undowned,
        &mut p.undead,
        &mut p.seen_out,
        &mut p.seen_dead,
    ] {
        c.field(v);
    }
}

/// A state's key read back: its arena's number, the driver's progress and sides, and the
/// ending of an ended one.
fn read_key(key: &[u8], sides: &mut SideRounds, ended: bool) -> (usize, Progress, Option<Ending>) {
    let mut r = KeyReader::new(key);
    let mut arena = 0usize;
    r.field(&mut arena);
    let mut p = Progress {
        up: 0,
        undowned: 0,
        undead: 0,
        seen_out: 0,
        seen_dead: 0,
    };
    progress_fields(&mut r, &mut p);
    r.fields(&mut sides.stopped);
    r.fields(&mut sides.first_down);
    r.fields(&mut sides.first_death);
    let end = ended.then(|| {
        let mut code = 0i64;
        r.field(&mut code);
        match code {
            -1 => Ending::Draw,
            -2 => Ending::Stalemate,
            s => Ending::Win(s as usize),
        }
    });
    (arena, p, end)
}

impl<'f, F: Fight + ?Sized> Walker<'f, F> {
    /// The number of `arena`'s state, with round `now` next; `w` is a buffer.
    fn intern(&mut self, arena: &mut F::Arena, now: u32, w: &mut KeyWriter) -> usize {
        w.bytes.clear();
        self.fight.exact_state(arena, now, w);
        self.arenas.intern(&w.bytes).0
    }

    /// `arena` (an arena of this walk) set to the state `key`, with round `now` next.
    fn read(&self, key: &[u8], arena: &mut F::Arena, now: u32) {
        let mut r = KeyReader::new(key);
        self.fight.exact_state(arena, now, &mut r);
        debug_assert_eq!(r.read(), key.len(), "a state reads back as it was written");
    }

    /// The number of arena state `arena` (with round `now` next) once the fight has ended
    /// there: settled ([`Walk::exact_settle`]), so that ended fights that differ only in
    /// what their end does not read merge. Rounds in a state are relative to `now`: the
    /// same state settles alike whatever its round.
    fn settled(&mut self, arena: usize, now: u32) -> usize {
        if self.settled.len() <= arena {
            self.settled.resize(arena + 1, NONE);
        }
        if self.settled[arena] == NONE {
            let key = self.arenas.key(arena).to_vec();
            let mut work = std::mem::take(&mut self.work);
            self.read(&key, &mut work, now);
            self.fight.exact_settle(&mut work);
            let id = self.intern(&mut work, now, &mut KeyWriter::default());
            self.work = work;
            self.settled[arena] = id as u32;
        }
        self.settled[arena] as usize
    }

    /// The sums the rules only add to in `arena`, into `out`; then zero in the arena.
    fn take_sums(&self, arena: &mut F::Arena, out: &mut Vec<f64>) {
        out.clear();
        self.fight.exact_sums(arena, &mut |v| {
            out.push(*v as f64);
            *v = 0;
        });
    }

    /// The bytes the walk must keep on the heap: every state met (the layers of the round
    /// being played apart).
    fn kept_bytes(&self) -> usize {
        self.arenas.heap_bytes()
            + heap(&self.settled)
            + self.live.heap_bytes()
            + self.ends.heap_bytes()
            + self.places.iter().map(heap).sum::<usize>()
    }

    /// The bytes of what the walk keeps only to save time — the rounds' outcomes `r`, where
    /// each state goes, the checkpoints walked — which it may drop and find again.
    fn cache_bytes(&self, r: &Round) -> usize {
        r.heap_bytes()
            + heap(&self.trans)
            + heap(&self.edges)
            + heap(&self.edge_sums)
            + self.dice.memo.heap_bytes()
    }

    /// Drops what [`Walker::cache_bytes`] counts, the room included: nothing walked yet.
    fn forget(&mut self, r: &mut Round) {
        *r = Round::default();
        self.trans = Vec::new();
        self.edges = Vec::new();
        self.edge_sums = Vec::new();
        self.dice.memo.forget(self.width);
    }

    /// Counts one more path, and stops the walk past its limits.
    fn tick(&mut self, paths: u64, round: u32, states: usize) -> Result<(), Stop> {
        self.paths += 1;
        if paths > self.limits.paths as u64 {
            return Err(Stop::Paths {
                limit: self.limits.paths,
                round,
            });
        }
        if self.paths > self.limits.work {
            return Err(Stop::Work {
                work: self.limits.work,
                round,
                states,
            });
        }
        Ok(())
    }

    /// Every way a fight begins: the first layer.
    fn begin(&mut self) -> Result<Layer, Stop> {
        let fight = self.fight;
        let bout = fight.bout();
        let mut layer = self.layer(0);
        let mut sides = SideRounds::new(bout.roster.sides().len());
        let mut arena = fight.arena();
        let (mut sums, mut w, mut key) = (Vec::new(), KeyWriter::default(), Vec::new());
        let mut n = 0;
        loop {
            self.dice.restart();
            arena.clone_from(&self.template);
            let up = fight.begin(&mut self.dice, &mut arena, &mut Unobserved);
            let q = self.dice.prob();
            n += 1;
            self.tick(n, 0, layer.len())?;
            self.take_sums(&mut arena, &mut sums);
            let progress = Progress::start(bout, up, &mut sides);
            let id = self.intern(&mut arena, 1, &mut w);
            key_of(&mut key, id, &progress, &sides, None);
            let state = self.live.intern(&key).0 as u32;
            layer.add(state, q, |j| q * sums[j]);
            if !self.dice.advance() {
                return Ok(layer);
            }
        }
    }

    /// Every path of round `round` from the state of arena `from` with `up` able to act: its
    /// outcomes, merged by what they leave, as a run of `r`.
    fn round_paths(
        &mut self,
        round: u32,
        (from, up): (usize, u64),
        states: usize,
        r: &mut Round,
    ) -> Result<(usize, usize), Stop> {
        let fight = self.fight;
        let width = self.width;
        let mut work = std::mem::take(&mut self.work);
        let start_key = self.arenas.key(from).to_vec();
        let (mut sums, mut w) = (Vec::new(), KeyWriter::default());
        let mut tag = Vec::with_capacity(32);
        let start = r.runs.len();
        let state = r.run_of.len();
        let mut n = 0;
        self.dice.memo.state_begins();
        loop {
            self.dice.restart();
            // What the state leaves out does not matter: the arena of the last path is as good
            // a start as a fresh one.
            self.read(&start_key, &mut work, round);
            self.take_sums(&mut work, &mut sums);
            let played = fight.round(round, up, &mut self.dice, &mut work, &mut Unobserved);
            let q = self.dice.prob();
            n += 1;
            if let Err(stop) = self.tick(n, round, states) {
                self.work = work;
                return Err(stop);
            }
            // A path that took a checkpoint's ends ends in those: its own end is not one.
            let own = if self.dice.memo.is_cut() {
                None
            } else {
                let (out, dead) = (fight.out(&work), fight.dead(&work));
                self.take_sums(&mut work, &mut sums);
                let arena = self.intern(&mut work, round + 1, &mut w) as u32;
                tag.clear();
                let code = played.map_or(0, |u| u.wrapping_add(1));
                for v in [u64::from(arena), code, out, dead] {
                    tag.extend_from_slice(&v.to_le_bytes());
                }
                let (id, new) = r.ids.intern(&tag);
                if new {
                    r.outcomes.push(Outcome {
                        arena,
                        played,
                        out,
                        dead,
                    });
                    r.met.push((usize::MAX, 0));
                }
                Some((id as u32, q, sums.as_slice()))
            };
            let (runs, run_sums, met) = (&mut r.runs, &mut r.sums, &mut r.met);
            self.dice.memo.end(own, |id, p, w| {
                let m = &mut met[id as usize];
                if m.0 != state {
                    *m = (state, runs.len());
                    runs.push((id, 0.0));
                    run_sums.resize(run_sums.len() + width, 0.0);
                }
                let j = m.1;
                runs[j].1 += p;
                for (a, w) in run_sums[j * width..][..width].iter_mut().zip(w) {
                    *a += w;
                }
            });
            if !self.dice.advance() {
                self.work = work;
                r.run_of.push((start, r.runs.len()));
                return Ok((start, r.runs.len()));
            }
        }
    }

    /// An empty layer of live states (`which` 0) or ended ones (1).
    fn layer(&mut self, which: usize) -> Layer {
        self.marks += 1;
        Layer::new(
            self.width,
            std::mem::take(&mut self.places[which]),
            self.marks,
        )
    }

    /// Done with `layer` of live states (`which` 0) or ended ones (1).
    fn done(&mut self, which: usize, layer: Layer) {
        self.places[which] = layer.places;
    }

    /// Where live state `id` goes in round `round`, into `out` (its weighted sums into
    /// `out_sums`): found from its state's round, walked once or found in `r`. Whether the
    /// same holds in every later round alike (it does unless a side stopped fighting in
    /// this one while the fight goes on).
    fn edges_of(
        &mut self,
        round: u32,
        id: usize,
        r: &mut Round,
        states: usize,
        (out, out_sums): (&mut Vec<Edge>, &mut Vec<f64>),
    ) -> Result<bool, Stop> {
        let bout = self.fight.bout();
        let width = self.width;
        let mut sides = SideRounds::new(bout.roster.sides().len());
        let key = self.live.key(id).to_vec();
        let (arena, progress, _) = read_key(&key, &mut sides, false);
        // Each state's round, once per arena and who can act.
        let mut dynamic = [0u8; 12];
        dynamic[..4].copy_from_slice(&(arena as u32).to_le_bytes());
        dynamic[4..].copy_from_slice(&progress.up.to_le_bytes());
        let (from, to) = match r.played.intern(&dynamic) {
            (i, false) => r.run_of[i],
            (_, true) => self.round_paths(round, (arena, progress.up), states, r)?,
        };
        let mut same = true;
        let mut after = sides.clone();
        let mut buf = Vec::new();
        for j in from..to {
            let (o, prob) = (r.outcomes[r.runs[j].0 as usize], r.runs[j].1);
            let mut p = progress;
            after.clone_from(&sides);
            let end = p.after_round(bout, round, o.played, || o.out, || o.dead, &mut after);
            // A side's first fall or death noted now is recorded when the edge is taken, and
            // kept in the state as noted before: so the states merge whatever round it was.
            let mut noted = 0u64;
            let firsts = [&mut after.first_down, &mut after.first_death];
            for (kind, rounds) in firsts.into_iter().enumerate() {
                for (s, at) in rounds.iter_mut().enumerate() {
                    if *at == round {
                        noted |= 1 << (2 * s + kind);
                        *at = NOTED;
                    }
                }
            }
            // The sides that stopped fighting in this round.
            let mut stopped_now = 0u64;
            for (s, (&now, &was)) in after.stopped.iter().zip(&sides.stopped).enumerate() {
                stopped_now |= u64::from(now == round && was != round) << s;
            }
            let (to, ended) = match end {
                Some(ending) => {
                    // The round it ended in is the record's: kept apart.
                    for (s, at) in after.stopped.iter_mut().enumerate() {
                        if stopped_now >> s & 1 == 1 {
                            *at = STOPPED_NOW;
                        }
                    }
                    let arena = self.settled(o.arena as usize, round + 1);
                    key_of(&mut buf, arena, &p, &after, Some(ending));
                    (self.ends.intern(&buf).0, true)
                }
                None => {
                    same &= stopped_now == 0;
                    key_of(&mut buf, o.arena as usize, &p, &after, None);
                    (self.live.intern(&buf).0, false)
                }
            };
            out.push(Edge {
                to: to as u32,
                ended,
                prob,
                noted,
                sums: out_sums.len() as u32,
            });
            out_sums.extend_from_slice(&r.sums[j * width..][..width]);
        }
        Ok(same && round >= 2)
    }

    /// Round `round` from every state of `layer`: the states still fighting after it, and
    /// those whose fight it ended (each with its ending; the round is `round`). Where each
    /// state goes is found once ([`Walker::edges_of`]), and kept for every later round
    /// alike where `alike` holds. A side's first fall or death in it goes to `expected` at
    /// once.
    fn round(
        &mut self,
        round: u32,
        layer: &Layer,
        r: &mut Round,
        expected: &mut Expected,
        alike: bool,
    ) -> Result<(Layer, Layer), Stop> {
        let bout = self.fight.bout();
        let onsets = bout.recorder.onsets();
        let width = self.width;
        let (mut next, mut ended) = (self.layer(0), self.layer(1));
        let (mut once, mut once_sums) = (Vec::new(), Vec::new());
        let started = self.paths;
        for k in 0..layer.len() {
            // Past the memory allowed, the checkpoints walked (kept to save time within a
            // state's round) go first; a walk that holds more without them stops.
            let held = |w: &Self, r: &Round| {
                w.kept_bytes()
                    + w.cache_bytes(r)
                    + layer.heap_bytes()
                    + next.heap_bytes()
                    + ended.heap_bytes()
            };
            if held(self, r) > self.limits.bytes {
                self.dice.memo.forget(self.width);
                if held(self, r) > self.limits.bytes {
                    return Err(Stop::Memory {
                        bytes: self.limits.bytes,
                        round,
                        states: layer.len().max(next.len()),
                    });
                }
            }
            // A round whose states so far say it would walk past the paths allowed stops now
            // (once it has walked a thirtieth of them: its first states, which find what the
            // rest reuse, cost the most). Counted, not timed: the same on any machine.
            if k % 64 == 63 || matches!(k, 3 | 7 | 15 | 31) {
                let done = self.paths - started;
                let rest = done as f64 * (layer.len() - k) as f64 / k as f64;
                let work = self.limits.work;
                if done > work / 30 && (self.paths as f64 + rest) > work as f64 {
                    return Err(Stop::Work {
                        work,
                        round,
                        states: layer.len(),
                    });
                }
            }
            let id = layer.ids[k] as usize;
            if self.trans.len() <= id {
                self.trans.resize(id + 1, (NONE, 0));
            }
            let known = alike && self.trans[id].0 != NONE;
            if !known {
                once.clear();
                once_sums.clear();
                let edges = (&mut once, &mut once_sums);
                if self.edges_of(round, id, r, layer.len(), edges)? && alike {
                    // Kept for the rounds to come.
                    let start = self.edges.len() as u32;
                    let base = self.edge_sums.len() as u32;
                    self.edges.extend(once.iter().map(|e| Edge {
                        sums: e.sums + base,
                        ..*e
                    }));
                    self.edge_sums.extend_from_slice(&once_sums);
                    self.trans[id] = (start, self.edges.len() as u32);
                }
            }
            let (edges, edge_sums): (&[Edge], &[f64]) = if alike && self.trans[id].0 != NONE {
                let (a, b) = self.trans[id];
                (&self.edges[a as usize..b as usize], &self.edge_sums)
            } else {
                (&once, &once_sums)
            };
            let (mass, own) = (layer.mass[k], &layer.sums[k * width..][..width]);
            for e in edges {
                let m = mass * e.prob;
                let mut noted = e.noted;
                while noted != 0 {
                    let bit = noted.trailing_zeros() as usize;
                    noted &= noted - 1;
                    expected.record_n(onsets[bit / 2][bit % 2], round as usize, m);
                }
                let deltas = &edge_sums[e.sums as usize..][..width];
                let add = |j: usize| e.prob * own[j] + mass * deltas[j];
                if e.ended {
                    ended.add(e.to, m, add);
                } else if m >= MASS_FLOOR {
                    // A state less likely is not followed (its mass is the walk's loss).
                    next.add(e.to, m, add);
                }
            }
            if next.len() > self.limits.states {
                return Err(Stop::States {
                    states: next.len(),
                    limit: self.limits.states,
                    round,
                });
            }
        }
        Ok((next, ended))
    }

    /// Every ended state's end ([`finish`]) along every path of its dice, recorded as a
    /// sampled fight is: the recorder's counts into `counts`, weighted, the system's own
    /// metrics into `expected`, and into `ended_sums` the weighted sums each ended fight
    /// gathered ([`walk`] adds what they make at the end). The probability found in all.
    fn record(
        &mut self,
        (ended, rounds): (&Layer, u32),
        expected: &mut Expected,
        counts: &mut FightCounts<f64>,
        ended_sums: &mut [f64],
    ) -> Result<f64, Stop> {
        // A round where no fight ended adds nothing: skip the tally (its histograms are as
        // long as `max_rounds`, and a long stalemate has no ending in most rounds).
        if ended.len() == 0 {
            return Ok(0.0);
        }
        let fight = self.fight;
        let bout = fight.bout();
        let mut tally = bout.layout.tally();
        let mut sides = SideRounds::new(bout.roster.sides().len());
        let mut after = sides.clone();
        let mut work = self.template.clone();
        let mut sums = Vec::new();
        let mut found = 0.0;
        let skip = bout.recorder.own();
        for k in 0..ended.len() {
            let key = self.ends.key(ended.ids[k] as usize);
            let (arena, progress, end) = read_key(key, &mut sides, true);
            let ending = end.expect("an ended state");
            for s in &mut sides.stopped {
                if *s == STOPPED_NOW {
                    *s = rounds;
                }
            }
            let (mass, own) = (ended.mass[k], &ended.sums[k * self.width..][..self.width]);
            let arena_key = self.arenas.key(arena).to_vec();
            let mut n = 0;
            loop {
                self.dice.restart();
                self.read(&arena_key, &mut work, rounds + 1);
                self.take_sums(&mut work, &mut sums);
                after.clone_from(&sides);
                let played = finish(
                    fight,
                    ending,
                    rounds,
                    progress.undead,
                    &mut self.dice,
                    &mut work,
                    &mut after,
                );
                let q = self.dice.prob();
                n += 1;
                self.tick(n, rounds, ended.len())?;
                let w = mass * q;
                let left = winners_left(fight, &played, &work);
                bout.recorder.count_as(counts, &played, &after, left, w);
                tally.clear();
                fight.outcome(&mut work, &mut tally);
                fight.flush(&mut work, &mut tally);
                expected.add(&tally, w, skip);
                found += w;
                for (t, &s) in ended_sums.iter_mut().zip(own) {
                    *t += q * s;
                }
                if !self.dice.advance() {
                    break;
                }
            }
        }
        Ok(found)
    }
}

/// The walk of `fight` within `limits`: see [`super`].
pub fn walk<F: Fight + ?Sized>(fight: &F, limits: &Limits) -> Result<Walked, Stop> {
    let clock = Instant::now();
    let bout = fight.bout();
    let mut template = fight.arena();
    // The first way the fight begins sets the arena up: its shape is every state's.
    let mut dice = Branches::new();
    fight.begin(&mut dice, &mut template, &mut Unobserved);
    if !fight.exact_state(&mut template, 1, &mut KeyWriter::default()) {
        return Err(Stop::Unsupported);
    }
    let mut width = 0;
    fight.exact_sums(&mut template, &mut |_| width += 1);
    let mut w = Walker {
        fight,
        limits,
        clock,
        dice: Branches::new(),
        work: template.clone(),
        template,
        arenas: KeySet::default(),
        settled: Vec::new(),
        live: KeySet::default(),
        ends: KeySet::default(),
        trans: Vec::new(),
        edges: Vec::new(),
        edge_sums: Vec::new(),
        places: [Vec::new(), Vec::new()],
        marks: 0,
        width,
        paths: 0,
        most_states: 0,
    };
    let mut layer = w.begin()?;
    // The fights each round ends are recorded then: they are all new (the round is in the
    // key).
    let mut expected = Expected::new(&bout.layout);
    let mut counts = bout.recorder.counts::<f64>();
    let (mut found, mut recorded) = (0.0, 0);
    // Per sum the rules only add to, its weighted sum over the fights that ended.
    let mut ended_sums = vec![0.0; width];
    let mut rounds = 0;
    let (alike, mut r) = (fight.exact_alike(), Round::default());
    for round in 1..=bout.max_rounds {
        if layer.len() == 0 {
            break;
        }
        if round <= alike {
            // A round unlike those before it: nothing walked yet.
            w.forget(&mut r);
        }
        w.most_states = w.most_states.max(layer.len());
        let next = w.round(round, &layer, &mut r, &mut expected, round >= alike);
        if next.is_err() {
            w.dice.memo.stop();
        }
        let (next, ended) = next?;
        w.done(0, std::mem::replace(&mut layer, next));
        found += w.record((&ended, round), &mut expected, &mut counts, &mut ended_sums)?;
        recorded += ended.len();
        w.done(1, ended);
        rounds = round;
        if std::env::var_os("ODDSMITH_EXACT_TRACE").is_some() {
            let memo = w.dice.memo.heap_bytes();
            eprintln!(
                "round {round}: {} states, {recorded} ended, {} paths, {} arenas, {} live, \
                 {} MiB ({} kept, {} checkpoints, {} rounds' outcomes), {:.3} s",
                layer.len(),
                w.paths,
                w.arenas.len(),
                w.live.len(),
                (w.kept_bytes() + w.cache_bytes(&r) + layer.heap_bytes()) >> 20,
                (w.kept_bytes() + layer.heap_bytes()) >> 20,
                memo >> 20,
                (w.cache_bytes(&r) - memo) >> 20,
                w.clock.elapsed().as_secs_f64()
            );
        }
    }
    w.dice.memo.stop();
    // Still fighting after the last round: a stalemate.
    let mut ended = w.layer(1);
    let mut sides = SideRounds::new(bout.roster.sides().len());
    let mut key = Vec::new();
    for k in 0..layer.len() {
        let (arena, progress, _) = read_key(w.live.key(layer.ids[k] as usize), &mut sides, false);
        let arena = w.settled(arena, bout.max_rounds + 1);
        key_of(&mut key, arena, &progress, &sides, Some(Ending::Stalemate));
        let own = &layer.sums[k * width..][..width];
        let end = w.ends.intern(&key).0 as u32;
        ended.add(end, layer.mass[k], |j| own[j]);
    }
    let last = (&ended, bout.max_rounds);
    found += w.record(last, &mut expected, &mut counts, &mut ended_sums)?;
    recorded += ended.len();
    bout.recorder.flush(&mut counts, &mut expected);
    // The fights recorded their sides' first falls and deaths as they came.
    for ids in bout.recorder.onsets() {
        for &id in ids {
            expected.clear_bucket(id, NOTED as usize);
        }
    }
    // What one more unit of each sum adds to a fight's tally: the same in every fight, since
    // the metrics read the sums linearly ([`Walk::exact_sums`]).
    if ended_sums.iter().any(|&b| b != 0.0) {
        let mut arena = w.template.clone();
        let mut unit = |j: Option<usize>| {
            let mut k = 0;
            fight.exact_sums(&mut arena, &mut |v| {
                *v = u64::from(Some(k) == j);
                k += 1;
            });
            let mut tally = bout.layout.tally();
            fight.outcome(&mut arena, &mut tally);
            fight.flush(&mut arena, &mut tally);
            tally
        };
        let none = unit(None);
        for (j, &b) in ended_sums.iter().enumerate() {
            if b != 0.0 {
                expected.add_difference(&unit(Some(j)), &none, b);
            }
        }
    }
    Ok(Walked {
        values: expected.values(&bout.layout),
        lost: (1.0 - found).max(0.0),
        rounds,
        most_states: w.most_states,
        ended: recorded,
        paths: w.paths,
        seconds: w.clock.elapsed().as_secs_f64(),
    })
}
