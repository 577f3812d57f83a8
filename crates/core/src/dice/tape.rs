//! Common random numbers for paired runs: a [`Tape`] of what one trial of scenario A drew,
//! and its replay for the same trial of scenario B, so that B rolls A's dice as far as it
//! rolls alike and each trial's difference is the change, not noise.
//!
//! A records at one of two levels, whichever it draws through:
//!
//! - **generator outputs** ([`Tape::recording`]): a system that reads its generator
//!   directly (a check, an attack) draws through a generator that passes every output on
//!   and writes it down; B reads the same outputs back in order ([`Tape::replaying`]).
//! - **dice** ([`Tape::recording_dice`]): a fight or a day keeps its packed dice streams
//!   running from trial to trial, so one trial's faces come partly from draws made in the
//!   trial before. A's [`Dice`] are wrapped instead and every face is written down with
//!   what was asked for (a d20, 2d6, a pick among 3); B gets those faces while it asks for
//!   the same things in the same order ([`Tape::replaying_dice`]).
//!
//! Either way A's own numbers are untouched: a recorded batch gives exactly the numbers of
//! an unrecorded one. At B's first request that differs from A's (another die, another
//! count) or goes past A's last, B's replay stops for that trial and the rest of its trial
//! draws from a fallback generator of its own. B's draws stay exactly as random as its
//! own would be (each replayed value is a fresh uniform draw of what B asked for, chosen by
//! nothing B saw before), and B only ever gets draws A made in the same trial, so
//! different trials stay independent: the paired interval of the per-trial differences
//! holds.

use super::DiceExpr;
use super::packed::PackedDice;
use super::roller::{Among, Dice, DiceSet};
use super::stream::PlainDice;
use super::term::Term;
use rand::{Rng, TryRng};
use std::convert::Infallible;

/// What one trial of A drew, for B to replay: cleared before each trial.
#[derive(Debug, Default)]
pub struct Tape {
    /// Generator outputs, in order.
    draws: Vec<Draw>,
    /// The bytes of the [`Draw::Bytes`] outputs, one after another.
    bytes: Vec<u8>,
    /// Dice faces, in order.
    faces: Vec<Face>,
    /// The dice terms of the [`Face::Sum`] faces, one after another.
    terms: Vec<Term>,
}

/// One generator output.
#[derive(Debug, Clone, Copy)]
enum Draw {
    U32(u32),
    U64(u64),
    /// `len` bytes, the next ones of [`Tape::bytes`].
    Bytes(usize),
}

/// One face (or roll) and what was asked for.
#[derive(Debug, Clone, Copy)]
enum Face {
    /// One die of `sides` faces (a d20 is one of 20).
    Die { sides: u32, face: i64 },
    /// One roll of the dice `terms` (a range of [`Tape::terms`]), without the constant.
    Sum { terms: (usize, usize), dice: i64 },
    /// A choice among `n`.
    Pick { n: usize, pick: usize },
    /// Packed dice and the draw they gave.
    Packed { dice: PackedDice, drawn: u64 },
}

impl Tape {
    /// Forgets what the last trial drew.
    pub fn clear(&mut self) {
        self.draws.clear();
        self.bytes.clear();
        self.faces.clear();
        self.terms.clear();
    }

    /// `rng`, its outputs written down on this tape.
    pub fn recording<'a, R: Rng + ?Sized>(&'a mut self, rng: &'a mut R) -> Recording<'a, R> {
        Recording { tape: self, rng }
    }

    /// A generator that gives this tape's outputs back in order while the kind asked for
    /// matches, then `fallback`'s.
    pub fn replaying<'a, R: Rng + ?Sized>(&'a self, fallback: &'a mut R) -> Replaying<'a, R> {
        Replaying {
            tape: self,
            next: 0,
            byte: 0,
            live: true,
            fallback,
        }
    }

    /// `dice`, every face they give written down on this tape.
    pub fn recording_dice<'a, D: Dice>(&'a mut self, dice: &'a mut D) -> RecordingDice<'a, D> {
        RecordingDice { tape: self, dice }
    }

    /// Dice that give this tape's faces back in order while what is asked for matches,
    /// then `fallback`'s.
    pub fn replaying_dice<D: Dice>(&self, fallback: D) -> ReplayingDice<'_, D> {
        ReplayingDice {
            tape: self,
            next: 0,
            live: true,
            fallback,
        }
    }

    /// Writes down one roll of `expr` that gave `dice` (its constant left out).
    fn sum(&mut self, expr: &DiceExpr, dice: i64) {
        let start = self.terms.len();
        self.terms.extend_from_slice(expr.terms());
        self.faces.push(Face::Sum {
            terms: (start, self.terms.len()),
            dice,
        });
    }
}

/// A generator whose outputs are written down on a [`Tape`] (see [`Tape::recording`]).
pub struct Recording<'a, R: Rng + ?Sized> {
    tape: &'a mut Tape,
    rng: &'a mut R,
}

impl<R: Rng + ?Sized> TryRng for Recording<'_, R> {
    type Error = Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        let x = self.rng.next_u32();
        self.tape.draws.push(Draw::U32(x));
        Ok(x)
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let x = self.rng.next_u64();
        self.tape.draws.push(Draw::U64(x));
        Ok(x)
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        self.rng.fill_bytes(dst);
        self.tape.bytes.extend_from_slice(dst);
        self.tape.draws.push(Draw::Bytes(dst.len()));
        Ok(())
    }
}

/// A generator replaying a [`Tape`] (see [`Tape::replaying`]).
pub struct Replaying<'a, R: Rng + ?Sized> {
    tape: &'a Tape,
    /// The next draw to give back.
    next: usize,
    /// Where the next [`Draw::Bytes`] starts in [`Tape::bytes`].
    byte: usize,
    /// Whether it still replays (false from the first mismatch on).
    live: bool,
    fallback: &'a mut R,
}

impl<R: Rng + ?Sized> Replaying<'_, R> {
    /// The next draw if it is the kind `wanted` accepts; else the replay stops.
    fn take<T>(&mut self, wanted: impl FnOnce(Draw) -> Option<T>) -> Option<T> {
        if !self.live {
            return None;
        }
        let got = self.tape.draws.get(self.next).copied().and_then(wanted);
        match got {
            Some(_) => self.next += 1,
            None => self.live = false,
        }
        got
    }
}

impl<R: Rng + ?Sized> TryRng for Replaying<'_, R> {
    type Error = Infallible;

    #[inline]
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        let x = self.take(|d| match d {
            Draw::U32(x) => Some(x),
            _ => None,
        });
        Ok(x.unwrap_or_else(|| self.fallback.next_u32()))
    }

    #[inline]
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        let x = self.take(|d| match d {
            Draw::U64(x) => Some(x),
            _ => None,
        });
        Ok(x.unwrap_or_else(|| self.fallback.next_u64()))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        let len = dst.len();
        match self.take(|d| matches!(d, Draw::Bytes(n) if n == len).then_some(())) {
            Some(()) => {
                dst.copy_from_slice(&self.tape.bytes[self.byte..self.byte + len]);
                self.byte += len;
            }
            None => self.fallback.fill_bytes(dst),
        }
        Ok(())
    }
}

/// Dice whose faces are written down on a [`Tape`] (see [`Tape::recording_dice`]): every
/// call goes to the dice inside unchanged, so their numbers are those of the dice alone.
pub struct RecordingDice<'a, D: Dice> {
    tape: &'a mut Tape,
    dice: &'a mut D,
}

impl<D: Dice> Dice for RecordingDice<'_, D> {
    const DAMAGE_WITH_EVERY_ATTACK: bool = D::DAMAGE_WITH_EVERY_ATTACK;

    fn d(&mut self, sides: u32) -> i64 {
        let face = self.dice.d(sides);
        self.tape.faces.push(Face::Die { sides, face });
        face
    }

    fn d20(&mut self) -> i64 {
        let face = self.dice.d20();
        self.tape.faces.push(Face::Die { sides: 20, face });
        face
    }

    fn roll(&mut self, dice: &DiceExpr) -> i64 {
        let total = self.dice.roll(dice);
        self.tape.sum(dice, total - dice.constant());
        total
    }

    fn roll_plain(&mut self, dice: &DiceExpr, plain: Option<PlainDice>) -> i64 {
        let total = self.dice.roll_plain(dice, plain);
        self.tape.sum(dice, total - dice.constant());
        total
    }

    fn roll_streamed(&mut self, dice: &DiceExpr, plain: PlainDice) -> i64 {
        let total = self.dice.roll_streamed(dice, plain);
        self.tape.sum(dice, total - dice.constant());
        total
    }

    fn pick(&mut self, n: usize) -> usize {
        let pick = self.dice.pick(n);
        self.tape.faces.push(Face::Pick { n, pick });
        pick
    }

    fn pick_among(&mut self, among: Among) -> usize {
        let pick = self.dice.pick_among(among);
        self.tape.faces.push(Face::Pick { n: among.n(), pick });
        pick
    }

    fn packed(&mut self, dice: &PackedDice) -> u64 {
        let drawn = self.dice.packed(dice);
        self.tape.faces.push(Face::Packed { dice: *dice, drawn });
        drawn
    }

    fn roll_set(&mut self, set: &DiceSet, mut total: impl FnMut(usize, i64)) {
        let tape = &mut *self.tape;
        self.dice.roll_set(set, |k, dice| {
            tape.sum(set.roll(k).0, dice);
            total(k, dice);
        });
    }

    fn round_begins(&mut self) {
        self.dice.round_begins();
    }
}

/// Dice replaying a [`Tape`]'s faces (see [`Tape::replaying_dice`]).
pub struct ReplayingDice<'a, D: Dice> {
    tape: &'a Tape,
    /// The next face to give back.
    next: usize,
    /// Whether it still replays (false from the first mismatch on).
    live: bool,
    fallback: D,
}

impl<D: Dice> ReplayingDice<'_, D> {
    /// The next face if `wanted` accepts it; else the replay stops.
    fn take<T>(&mut self, wanted: impl FnOnce(Face, &Tape) -> Option<T>) -> Option<T> {
        if !self.live {
            return None;
        }
        let got = (self.tape.faces.get(self.next).copied()).and_then(|f| wanted(f, self.tape));
        match got {
            Some(_) => self.next += 1,
            None => self.live = false,
        }
        got
    }

    /// The next face if it is a die of `sides`.
    fn die(&mut self, sides: u32) -> Option<i64> {
        self.take(|f, _| match f {
            Face::Die { sides: s, face } if s == sides => Some(face),
            _ => None,
        })
    }

    /// The next face if it is a roll of the same dice as `expr` (its constant left out).
    fn sum(&mut self, expr: &DiceExpr) -> Option<i64> {
        self.take(|f, tape| match f {
            Face::Sum { terms, dice } if tape.terms[terms.0..terms.1] == *expr.terms() => {
                Some(dice)
            }
            _ => None,
        })
    }

    /// The next face if it is a choice among `n`.
    fn choice(&mut self, n: usize) -> Option<usize> {
        self.take(|f, _| match f {
            Face::Pick { n: m, pick } if m == n => Some(pick),
            _ => None,
        })
    }
}

impl<D: Dice> Dice for ReplayingDice<'_, D> {
    const DAMAGE_WITH_EVERY_ATTACK: bool = D::DAMAGE_WITH_EVERY_ATTACK;

    fn d(&mut self, sides: u32) -> i64 {
        self.die(sides).unwrap_or_else(|| self.fallback.d(sides))
    }

    fn d20(&mut self) -> i64 {
        self.die(20).unwrap_or_else(|| self.fallback.d20())
    }

    fn roll(&mut self, dice: &DiceExpr) -> i64 {
        match self.sum(dice) {
            Some(v) => v + dice.constant(),
            None => self.fallback.roll(dice),
        }
    }

    fn roll_plain(&mut self, dice: &DiceExpr, plain: Option<PlainDice>) -> i64 {
        match self.sum(dice) {
            Some(v) => v + dice.constant(),
            None => self.fallback.roll_plain(dice, plain),
        }
    }

    fn roll_streamed(&mut self, dice: &DiceExpr, plain: PlainDice) -> i64 {
        match self.sum(dice) {
            Some(v) => v + dice.constant(),
            None => self.fallback.roll_streamed(dice, plain),
        }
    }

    fn pick(&mut self, n: usize) -> usize {
        self.choice(n).unwrap_or_else(|| self.fallback.pick(n))
    }

    fn pick_among(&mut self, among: Among) -> usize {
        (self.choice(among.n())).unwrap_or_else(|| self.fallback.pick_among(among))
    }

    fn packed(&mut self, dice: &PackedDice) -> u64 {
        let replayed = self.take(|f, _| match f {
            Face::Packed { dice: d, drawn } if d == *dice => Some(drawn),
            _ => None,
        });
        replayed.unwrap_or_else(|| self.fallback.packed(dice))
    }

    /// Each roll from the tape while they match; from the first that does not, the rest
    /// from the fallback dice, each as [`Dice::roll_plain`] less its constant.
    fn roll_set(&mut self, set: &DiceSet, mut total: impl FnMut(usize, i64)) {
        for k in 0..set.len() {
            let (dice, plain) = set.roll(k);
            match self.sum(dice) {
                Some(v) => total(k, v),
                None if k == 0 => return self.fallback.roll_set(set, total),
                None => total(k, self.fallback.roll_plain(dice, plain) - dice.constant()),
            }
        }
    }

    /// Passed on once the replay has stopped: a fresh d20 draw for the fallback dice.
    fn round_begins(&mut self) {
        if !self.live {
            self.fallback.round_begins();
        }
    }
}

#[cfg(test)]
mod tests;
