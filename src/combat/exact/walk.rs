//! The walk itself: the fight's own code run along every path of its dice ([`Branches`]),
//! round by round, the states it reaches merged by value. See [`super`] for the whole.

use super::dice::Branches;
use super::state::{KeyMap, KeyReader, KeyWriter, StateCodec};
use super::values::Expected;
use super::{Limits, Stop, Walked};
use crate::combat::fight::{Progress, finish, winners_left};
use crate::combat::{Ending, Fight, SideRounds, Unobserved};
use crate::stats::Tally;
use std::rc::Rc;
use std::time::Instant;

/// States reached, each with its probability and the probability-weighted sums of the
/// numbers the rules only add to ([`Fight::exact_sums`]), in the order first reached.
struct Layer {
    index: KeyMap<u32>,
    keys: Vec<Rc<[u8]>>,
    mass: Vec<f64>,
    /// `sums` numbers per state.
    sums: Vec<f64>,
    width: usize,
}

impl Layer {
    fn new(width: usize) -> Self {
        Self {
            index: KeyMap::default(),
            keys: Vec::new(),
            mass: Vec::new(),
            sums: Vec::new(),
            width,
        }
    }

    fn len(&self) -> usize {
        self.keys.len()
    }

    /// Adds `mass` and `sums` (already weighted) to the state `key`; `scale` times
    /// `old_sums` plus `mass_for` times `deltas` is what is added to its sums.
    fn add(&mut self, key: &[u8], mass: f64, sums: impl Fn(usize) -> f64) {
        let k = match self.index.get(key) {
            Some(&k) => k as usize,
            None => {
                let k = self.keys.len();
                let rc: Rc<[u8]> = Rc::from(key);
                self.index.insert(Box::from(key), k as u32);
                self.keys.push(rc);
                self.mass.push(0.0);
                self.sums.resize(self.sums.len() + self.width, 0.0);
                k
            }
        };
        self.mass[k] += mass;
        for (j, s) in self.sums[k * self.width..][..self.width]
            .iter_mut()
            .enumerate()
        {
            *s += sums(j);
        }
    }
}

/// How one path of a state's round left it: the arena after it (as a key), what
/// [`Fight::round`] returned, who was out of the fight and dead then, its probability and the
/// probability-weighted sums added in it.
struct Outcome {
    arena: Box<[u8]>,
    played: Option<u64>,
    out: u64,
    dead: u64,
    prob: f64,
    /// Where its weighted sums begin in the round's list.
    sums: usize,
}

/// What the walk carries from round to round.
struct Walker<'f, F: Fight + ?Sized> {
    fight: &'f F,
    limits: &'f Limits,
    clock: Instant,
    dice: Branches,
    /// An arena as a fight sets it up, to read states into.
    template: F::Arena,
    width: usize,
    paths: u64,
    most_states: usize,
}

/// The key of a state: the arena's length (two bytes), the arena, then what the driver keeps.
fn key_of(
    arena: &[u8],
    progress: &Progress,
    sides: &SideRounds,
    end: Option<(Ending, u32)>,
) -> Vec<u8> {
    let mut w = KeyWriter {
        bytes: Vec::with_capacity(arena.len() + 32),
    };
    let len = u16::try_from(arena.len()).expect("a fight's state takes under 64 KiB");
    w.bytes.extend_from_slice(&len.to_le_bytes());
    w.bytes.extend_from_slice(arena);
    let mut p = *progress;
    for v in [
        &mut p.up,
        &mut p.undowned,
        &mut p.undead,
        &mut p.seen_out,
        &mut p.seen_dead,
    ] {
        w.field(v);
    }
    let mut s = sides.clone();
    w.fields(&mut s.stopped);
    w.fields(&mut s.first_down);
    w.fields(&mut s.first_death);
    if let Some((ending, rounds)) = end {
        let mut code: i64 = match ending {
            Ending::Win(s) => s as i64,
            Ending::Draw => -1,
            Ending::Stalemate => -2,
        };
        let mut rounds = rounds;
        w.field(&mut code);
        w.field(&mut rounds);
    }
    w.bytes
}

/// A state's key read back: the arena's bytes, the driver's progress and sides, and the
/// ending of an ended one.
fn read_key<'k>(
    key: &'k [u8],
    sides: &mut SideRounds,
    ended: bool,
) -> (&'k [u8], Progress, Option<(Ending, u32)>) {
    let len = usize::from(u16::from_le_bytes([key[0], key[1]]));
    let (arena, rest) = key[2..].split_at(len);
    let mut r = KeyReader::new(rest);
    let mut p = Progress {
        up: 0,
        undowned: 0,
        undead: 0,
        seen_out: 0,
        seen_dead: 0,
    };
    for v in [
        &mut p.up,
        &mut p.undowned,
        &mut p.undead,
        &mut p.seen_out,
        &mut p.seen_dead,
    ] {
        r.field(v);
    }
    r.fields(&mut sides.stopped);
    r.fields(&mut sides.first_down);
    r.fields(&mut sides.first_death);
    let end = ended.then(|| {
        let (mut code, mut rounds) = (0i64, 0u32);
        r.field(&mut code);
        r.field(&mut rounds);
        let ending = match code {
            -1 => Ending::Draw,
            -2 => Ending::Stalemate,
            s => Ending::Win(s as usize),
        };
        (ending, rounds)
    });
    (arena, p, end)
}

impl<'f, F: Fight + ?Sized> Walker<'f, F> {
    /// The arena's state as a key.
    fn encode(&self, arena: &mut F::Arena) -> Box<[u8]> {
        let mut w = KeyWriter::default();
        self.fight.exact_state(arena, &mut w);
        w.bytes.into_boxed_slice()
    }

    /// `arena` set to the state `key`.
    fn decode(&self, key: &[u8], arena: &mut F::Arena) {
        arena.clone_from(&self.template);
        let mut r = KeyReader::new(key);
        self.fight.exact_state(arena, &mut r);
        debug_assert_eq!(r.read(), key.len(), "a state reads back as it was written");
    }

    /// The sums the rules only add to in `arena`, into `out`; then zero in the arena.
    fn take_sums(&self, arena: &mut F::Arena, out: &mut Vec<f64>) {
        out.clear();
        self.fight.exact_sums(arena, &mut |v| {
            out.push(*v as f64);
            *v = 0;
        });
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
        if self.paths % 4096 == 0 && self.clock.elapsed().as_secs_f64() > self.limits.seconds {
            return Err(Stop::Time {
                seconds: self.limits.seconds,
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
        let mut layer = Layer::new(self.width);
        let mut sides = SideRounds::new(bout.roster.sides().len());
        let mut arena = fight.arena();
        let mut sums = Vec::new();
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
            let key = key_of(&self.encode(&mut arena), &progress, &sides, None);
            layer.add(&key, q, |j| q * sums[j]);
            if !self.dice.advance() {
                return Ok(layer);
            }
        }
    }

    /// Every path of round `round` from the state `dynamic` (an arena's key and who can
    /// act): its outcomes, merged by what they leave, into `outcomes` and `weighted`.
    fn round_paths(
        &mut self,
        round: u32,
        arena_key: &[u8],
        up: u64,
        states: usize,
        outcomes: &mut Vec<Outcome>,
        weighted: &mut Vec<f64>,
    ) -> Result<(), Stop> {
        let fight = self.fight;
        let mut base = self.template.clone();
        self.decode(arena_key, &mut base);
        let mut work = base.clone();
        let mut merged: KeyMap<usize> = KeyMap::default();
        let mut sums = Vec::new();
        let mut n = 0;
        loop {
            self.dice.restart();
            work.clone_from(&base);
            self.take_sums(&mut work, &mut sums);
            let played = fight.round(round, up, &mut self.dice, &mut work, &mut Unobserved);
            let q = self.dice.prob();
            n += 1;
            self.tick(n, round, states)?;
            let (out, dead) = (fight.out(&work), fight.dead(&work));
            self.take_sums(&mut work, &mut sums);
            let arena = self.encode(&mut work);
            let mut tag = arena.to_vec();
            for v in [played.map_or(0, |u| u.wrapping_add(1)), out, dead] {
                tag.extend_from_slice(&v.to_le_bytes());
            }
            let k = *merged.entry(tag.into_boxed_slice()).or_insert_with(|| {
                outcomes.push(Outcome {
                    arena,
                    played,
                    out,
                    dead,
                    prob: 0.0,
                    sums: weighted.len(),
                });
                weighted.resize(weighted.len() + self.width, 0.0);
                outcomes.len() - 1
            });
            let o = &mut outcomes[k];
            o.prob += q;
            for (w, s) in weighted[o.sums..][..self.width].iter_mut().zip(&sums) {
                *w += q * s;
            }
            if !self.dice.advance() {
                return Ok(());
            }
        }
    }

    /// Round `round` from every state of `layer`: the states still fighting after it, and
    /// those whose fight it ended added to `ended`.
    fn round(&mut self, round: u32, layer: &Layer, ended: &mut Layer) -> Result<Layer, Stop> {
        let bout = self.fight.bout();
        let mut next = Layer::new(self.width);
        // Each state's round, once per arena and who can act.
        let mut cache: KeyMap<(usize, usize)> = KeyMap::default();
        let mut outcomes: Vec<Outcome> = Vec::new();
        let mut weighted: Vec<f64> = Vec::new();
        let mut sides = SideRounds::new(bout.roster.sides().len());
        let mut after = sides.clone();
        for (k, key) in layer.keys.iter().enumerate() {
            let (arena, progress, _) = read_key(key, &mut sides, false);
            let mut dynamic = arena.to_vec();
            dynamic.extend_from_slice(&progress.up.to_le_bytes());
            let range = match cache.get(dynamic.as_slice()) {
                Some(&r) => r,
                None => {
                    let start = outcomes.len();
                    self.round_paths(
                        round,
                        arena,
                        progress.up,
                        layer.len(),
                        &mut outcomes,
                        &mut weighted,
                    )?;
                    let r = (start, outcomes.len());
                    cache.insert(dynamic.into_boxed_slice(), r);
                    r
                }
            };
            let (mass, own) = (layer.mass[k], &layer.sums[k * self.width..][..self.width]);
            for o in &outcomes[range.0..range.1] {
                let mut p = progress;
                after.clone_from(&sides);
                let end = p.after_round(bout, round, o.played, || o.out, || o.dead, &mut after);
                let m = mass * o.prob;
                let deltas = &weighted[o.sums..][..self.width];
                let add = |j: usize| o.prob * own[j] + mass * deltas[j];
                match end {
                    Some(ending) => {
                        let key = key_of(&o.arena, &p, &after, Some((ending, round)));
                        ended.add(&key, m, add);
                    }
                    None => {
                        let key = key_of(&o.arena, &p, &after, None);
                        next.add(&key, m, add);
                        if next.len() > self.limits.states {
                            return Err(Stop::States {
                                states: next.len(),
                                limit: self.limits.states,
                                round,
                            });
                        }
                    }
                }
            }
        }
        Ok(next)
    }

    /// Every ended state's end ([`finish`]) along every path of its dice, recorded as a
    /// sampled fight is, into `expected`; the probability found in all.
    fn record(&mut self, ended: &Layer, expected: &mut Expected) -> Result<f64, Stop> {
        let fight = self.fight;
        let bout = fight.bout();
        let zero = bout.layout.tally();
        let (mut tally, mut more): (Tally, Tally) = (zero.clone(), zero.clone());
        let mut counts = bout.recorder.counts();
        let mut sides = SideRounds::new(bout.roster.sides().len());
        let mut after = sides.clone();
        let mut base = self.template.clone();
        let mut work = base.clone();
        let mut sums = Vec::new();
        let mut found = 0.0;
        for (k, key) in ended.keys.iter().enumerate() {
            let (arena, progress, end) = read_key(key, &mut sides, true);
            let (ending, rounds) = end.expect("an ended state");
            self.decode(arena, &mut base);
            let (mass, own) = (ended.mass[k], &ended.sums[k * self.width..][..self.width]);
            let mut n = 0;
            loop {
                self.dice.restart();
                work.clone_from(&base);
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
                // The sums the end added, as the arena holds them now.
                let mut added = Vec::new();
                fight.exact_sums(&mut work, &mut |v| added.push(*v));
                let mut record = |work: &mut F::Arena, tally: &mut Tally| {
                    tally.clone_from(&zero);
                    fight.outcome(work, tally);
                    let left = winners_left(fight, &played, work);
                    bout.recorder.count(&mut counts, &played, &after, left);
                    bout.recorder.flush(&mut counts, tally);
                    fight.flush(work, tally);
                };
                record(&mut work, &mut tally);
                expected.add(&tally, mass * q);
                found += mass * q;
                // The sums gathered before the end: what one more unit of each changes,
                // times its weighted sum.
                for (j, &s) in own.iter().enumerate() {
                    if s == 0.0 {
                        continue;
                    }
                    let mut unit = added.clone();
                    unit[j] += 1;
                    let mut it = unit.iter();
                    fight.exact_sums(&mut work, &mut |v| *v = *it.next().expect("as many"));
                    record(&mut work, &mut more);
                    expected.add_difference(&more, &tally, q * s);
                    let mut it = added.iter();
                    fight.exact_sums(&mut work, &mut |v| *v = *it.next().expect("as many"));
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
    if !fight.exact_state(&mut template, &mut KeyWriter::default()) {
        return Err(Stop::Unsupported);
    }
    let mut width = 0;
    fight.exact_sums(&mut template, &mut |_| width += 1);
    let mut w = Walker {
        fight,
        limits,
        clock,
        dice: Branches::new(),
        template,
        width,
        paths: 0,
        most_states: 0,
    };
    let mut layer = w.begin()?;
    let mut ended = Layer::new(width);
    let mut rounds = 0;
    for round in 1..=bout.max_rounds {
        if layer.len() == 0 {
            break;
        }
        w.most_states = w.most_states.max(layer.len());
        layer = w.round(round, &layer, &mut ended)?;
        rounds = round;
    }
    // Still fighting after the last round: a stalemate.
    let mut sides = SideRounds::new(bout.roster.sides().len());
    for (k, key) in layer.keys.iter().enumerate() {
        let (arena, progress, _) = read_key(key, &mut sides, false);
        let key = key_of(
            arena,
            &progress,
            &sides,
            Some((Ending::Stalemate, bout.max_rounds)),
        );
        let own = &layer.sums[k * width..][..width];
        ended.add(&key, layer.mass[k], |j| own[j]);
    }
    let mut expected = Expected::new(&bout.layout);
    let found = w.record(&ended, &mut expected)?;
    Ok(Walked {
        values: expected.values(&bout.layout),
        lost: (1.0 - found).max(0.0),
        rounds,
        most_states: w.most_states,
        ended: ended.len(),
        paths: w.paths,
        seconds: w.clock.elapsed().as_secs_f64(),
    })
}
