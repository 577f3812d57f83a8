//! The dice of the exact walk ([`Branches`]): instead of drawing a face they follow a path
//! through the tree of every draw a piece of the rules makes. A path is a list of choices,
//! one per draw; following it again gives the same faces (the rules are deterministic for
//! given faces), a draw past its end opens a new choice at its first outcome, and
//! [`Branches::advance`] moves on to the next path like an odometer: the last choice with an
//! outcome left takes its next one, and every choice after it is dropped. Each choice keeps
//! the probability of the path up to it, so a path's probability is its last choice's.
//!
//! What a choice is among: the faces of a die, a uniform pick, the totals of a dice
//! expression with their exact probabilities ([`DiceExpr::pmf`]; an exploding die's table is
//! cut at [`oddsmith_core::dice::PMF_TAIL`], and the mass past it is the walk's stated loss), or the
//! distinct values (or classes of values, [`Dice::merged_by`]) of a [`Dice::merged`] draw,
//! found by walking the draw's own dice first.
//! A path whose probability falls below [`FLOOR`] (a burst chain, a contest that goes on
//! while both succeed) stops branching: each further draw takes one outcome, in turn, and the
//! mass of the others is dropped (the walk reports what was dropped in all).

use super::memo::Memo;
use super::state::KeyHasher;
use oddsmith_core::dice::packed::PackedDice;
use oddsmith_core::dice::{Dice, DiceExpr, Merge};
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// Tables known by key and width: where each begins and how long it is.
type Known = HashMap<(u64, u32), (u32, u32), BuildHasherDefault<KeyHasher>>;

/// Merged draws walked so far, by key and width: their classes' values and probabilities.
type Keyed = HashMap<(u64, u32), Vec<(u64, f64)>, BuildHasherDefault<KeyHasher>>;

/// A path less likely than this (within one state's round) stops branching.
pub const FLOOR: f64 = 1e-16;

/// Where a choice's outcomes are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Table {
    /// `n` equally likely outcomes, `0..n`.
    Uniform,
    /// A dice expression's totals: [`Branches::pmf_values`] from this index.
    Pmf(u32),
    /// A merged draw's values: [`Branches::merged_values`] from this index.
    Merged(u32),
}

/// One draw of a path.
#[derive(Debug, Clone, Copy)]
struct Choice {
    table: Table,
    /// Outcomes it has.
    n: u32,
    /// The outcome this path takes.
    taken: u32,
    /// The last outcome to take: `n − 1`, or `taken` where the path stopped branching.
    last: u32,
    /// The probability of the path up to this choice, this choice's outcome included.
    prob: f64,
}

/// Dice that follow one path of draws at a time (see the module header).
#[derive(Debug, Default)]
pub struct Branches {
    path: Vec<Choice>,
    /// The next draw's place in `path`.
    at: usize,
    /// Every dice expression's table met so far, by address: the expression (to check the
    /// address still holds it), where its table begins and how long it is.
    pmfs: HashMap<usize, (DiceExpr, u32, u32), BuildHasherDefault<KeyHasher>>,
    pmf_values: Vec<i64>,
    pmf_probs: Vec<f64>,
    /// Every table of a [`Dice::tabled_by`] roll met so far, by its key and its values'
    /// width: where it begins and how long it is in `fixed_values` and `fixed_probs`.
    fixed: Known,
    /// Every [`Dice::merged_as`] draw walked so far, by its key and its values' width: its
    /// classes' values and probabilities.
    keyed: Keyed,
    fixed_values: Vec<u64>,
    fixed_probs: Vec<f64>,
    /// The values and probabilities of the merged draws on the path, in path order.
    merged_values: Vec<u64>,
    merged_probs: Vec<f64>,
    /// Choices made without branching so far (which outcome the next one takes).
    forced: u32,
    /// Spare paths for merged draws within merged draws.
    spare: Vec<Vec<Choice>>,
    /// Merged draws being walked within the path (their checkpoints are none of the path's).
    inner: u32,
    /// The checkpoints of a state's round.
    pub memo: Memo,
}

impl Branches {
    /// Dice at the start of the first path.
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts following the current path from its first draw.
    #[inline]
    pub fn restart(&mut self) {
        self.at = 0;
        self.memo.restart();
    }

    /// The probability of the path just followed.
    #[inline]
    pub fn prob(&self) -> f64 {
        self.path[..self.at].last().map_or(1.0, |c| c.prob)
    }

    /// Moves on to the next path; false when every path has been followed (the dice are then
    /// at the start of the first path again, for another piece of the rules). The path just
    /// followed must have drawn every choice it holds.
    pub fn advance(&mut self) -> bool {
        assert_eq!(
            self.at,
            self.path.len(),
            "the rules drew fewer dice along a path than before: they must be deterministic \
             for given faces"
        );
        while let Some(c) = self.path.last_mut() {
            if c.taken < c.last {
                c.taken += 1;
                let before = self.path.len() - 1;
                let p = self.before(before) * self.outcome_prob(&self.path[before]);
                self.path[before].prob = p;
                self.at = 0;
                if self.inner == 0 {
                    self.memo.close_past(before);
                }
                return true;
            }
            let c = self.path.pop().expect("a choice");
            if let Table::Merged(start) = c.table {
                self.merged_values.truncate(start as usize);
                self.merged_probs.truncate(start as usize);
            }
        }
        self.at = 0;
        if self.inner == 0 {
            self.memo.close_all();
        }
        false
    }

    /// The probability of the path before choice `k`.
    #[inline]
    fn before(&self, k: usize) -> f64 {
        if k == 0 { 1.0 } else { self.path[k - 1].prob }
    }

    /// The probability of `c`'s outcome taken.
    #[inline]
    fn outcome_prob(&self, c: &Choice) -> f64 {
        match c.table {
            Table::Uniform => 1.0 / f64::from(c.n),
            Table::Pmf(start) => self.pmf_probs[(start + c.taken) as usize],
            Table::Merged(start) => self.merged_probs[(start + c.taken) as usize],
        }
    }

    /// The next draw among `n` outcomes of `table`: the outcome this path takes.
    #[inline]
    fn choose(&mut self, table: Table, n: u32) -> u32 {
        if let Some(c) = self.path.get(self.at) {
            debug_assert_eq!((c.table, c.n), (table, n), "a path draws alike each time");
            self.at += 1;
            return c.taken;
        }
        let before = self.before(self.at);
        let mut c = Choice {
            table,
            n,
            taken: 0,
            last: n - 1,
            prob: 0.0,
        };
        if (before < FLOOR || (self.inner == 0 && self.memo.is_cut())) && n > 1 {
            c.taken = self.forced % n;
            c.last = c.taken;
            self.forced = self.forced.wrapping_add(1);
        }
        c.prob = before * self.outcome_prob(&c);
        self.path.push(c);
        self.at += 1;
        c.taken
    }

    /// The exact table of `dice` (its outcomes of probability above 0).
    fn pmf(&mut self, dice: &DiceExpr) -> (u32, u32) {
        let key = dice as *const DiceExpr as usize;
        if let Some((known, start, len)) = self.pmfs.get(&key)
            && known == dice
        {
            return (*start, *len);
        }
        let start = self.pmf_values.len() as u32;
        for (v, p) in dice.pmf().iter().filter(|&(_, p)| p > 0.0) {
            self.pmf_values.push(v);
            self.pmf_probs.push(p);
        }
        let len = self.pmf_values.len() as u32 - start;
        self.pmfs.insert(key, (dice.clone(), start, len));
        (start, len)
    }
}

impl Branches {
    /// The value of a merged draw this path made before, if it did.
    #[inline]
    fn replay<T: Merge>(&mut self) -> Option<T> {
        let c = self.path.get(self.at)?;
        let Table::Merged(start) = c.table else {
            panic!("a path draws alike each time");
        };
        self.at += 1;
        Some(T::from_bits(self.merged_values[(start + c.taken) as usize]))
    }

    /// A merged draw's value where the walk does not branch on it: the path's own choice
    /// replayed, or any value (`draw`'s) on a path that is thrown away.
    fn settled<T: Merge>(&mut self, draw: impl FnOnce(&mut Self) -> T) -> Option<T> {
        if let Some(value) = self.replay() {
            return Some(value);
        }
        // The path is thrown away: any value will do.
        (self.inner == 0 && self.memo.is_cut()).then(|| draw(self))
    }

    /// A new choice among the classes `seen` (each with a value and its probability).
    fn choose_class<T: Merge, C>(&mut self, seen: &[(C, u64, f64)]) -> T {
        let start = self.merged_values.len() as u32;
        for &(_, bits, p) in seen {
            self.merged_values.push(bits);
            self.merged_probs.push(p);
        }
        let k = self.choose(Table::Merged(start), seen.len() as u32);
        T::from_bits(seen[k as usize].1)
    }
}

impl Dice for Branches {
    fn checkpoint(&mut self, state: impl FnOnce(&mut Vec<u8>, &mut Vec<u64>)) {
        if self.inner == 0 {
            let (depth, prob) = (self.at, self.before(self.at));
            self.memo.checkpoint(depth, prob, state);
        }
    }

    #[inline]
    fn d(&mut self, sides: u32) -> i64 {
        i64::from(self.choose(Table::Uniform, sides)) + 1
    }

    fn roll(&mut self, dice: &DiceExpr) -> i64 {
        let (start, len) = self.pmf(dice);
        let k = self.choose(Table::Pmf(start), len);
        self.pmf_values[(start + k) as usize]
    }

    #[inline]
    fn pick(&mut self, n: usize) -> usize {
        self.choose(Table::Uniform, u32::try_from(n).expect("a pick among few")) as usize
    }

    fn packed(&mut self, dice: &PackedDice) -> u64 {
        let n = (dice.sides())
            .checked_pow(dice.count())
            .and_then(|n| u32::try_from(n).ok())
            .expect("packed dice with few enough faces to walk");
        u64::from(self.choose(Table::Uniform, n))
    }

    fn merged_by<T: Merge, C: PartialEq>(
        &mut self,
        draw: impl Fn(&mut Self) -> T,
        class: impl Fn(&T) -> C,
    ) -> T {
        if let Some(value) = self.settled(&draw) {
            return value;
        }
        // Walk the draw's own dice as a path of their own.
        let outer = std::mem::replace(&mut self.path, self.spare.pop().unwrap_or_default());
        let at = std::mem::replace(&mut self.at, 0);
        self.inner += 1;
        // Each class with its first value and its probability.
        let mut seen: Vec<(C, u64, f64)> = Vec::new();
        loop {
            let value = draw(self);
            add_class(&mut seen, class(&value), value.to_bits(), self.prob());
            if !self.advance() {
                break;
            }
        }
        self.inner -= 1;
        let inner = std::mem::replace(&mut self.path, outer);
        self.spare.push(inner);
        self.at = at;
        self.choose_class(&seen)
    }

    fn merged_as<T: Merge, C: PartialEq>(
        &mut self,
        key: u64,
        draw: impl Fn(&mut Self) -> T,
        class: impl Fn(&T) -> C,
    ) -> T {
        if let Some(value) = self.settled(&draw) {
            return value;
        }
        if let Some(known) = self.keyed.get(&(key, T::BITS)) {
            let seen: Vec<((), u64, f64)> = known.iter().map(|&(b, p)| ((), b, p)).collect();
            return self.choose_class(&seen);
        }
        // Walked once, as a merged draw: its first choice is the classes found.
        let value = self.merged_by(draw, class);
        let c = self.path[self.at - 1];
        let Table::Merged(start) = c.table else {
            unreachable!("a merged draw's choice");
        };
        let (start, n) = (start as usize, c.n as usize);
        let known = (self.merged_values[start..start + n].iter().copied())
            .zip(self.merged_probs[start..start + n].iter().copied())
            .collect();
        self.keyed.insert((key, T::BITS), known);
        value
    }

    fn tabled_by<T: Merge, C: PartialEq>(
        &mut self,
        key: u64,
        table: impl FnOnce() -> Vec<(T, f64)>,
        draw: impl FnOnce(&mut Self) -> T,
        class: impl Fn(&T) -> C,
    ) -> T {
        if let Some(value) = self.settled(draw) {
            return value;
        }
        let (start, len) = match self.fixed.get(&(key, T::BITS)) {
            Some(&known) => known,
            None => {
                let start = self.fixed_values.len() as u32;
                for (v, p) in table().into_iter().filter(|&(_, p)| p > 0.0) {
                    self.fixed_values.push(v.to_bits());
                    self.fixed_probs.push(p);
                }
                let len = self.fixed_values.len() as u32 - start;
                self.fixed.insert((key, T::BITS), (start, len));
                (start, len)
            }
        };
        let mut seen: Vec<(C, u64, f64)> = Vec::new();
        let (start, len) = (start as usize, len as usize);
        for (&bits, &p) in self.fixed_values[start..][..len]
            .iter()
            .zip(&self.fixed_probs[start..])
        {
            add_class(&mut seen, class(&T::from_bits(bits)), bits, p);
        }
        self.choose_class(&seen)
    }
}

/// Adds probability `p` to class `c` in `seen`, or `c` with its first value's `bits`.
fn add_class<C: PartialEq>(seen: &mut Vec<(C, u64, f64)>, c: C, bits: u64, p: f64) {
    match seen.iter_mut().find(|(k, ..)| *k == c) {
        Some((.., q)) => *q += p,
        None => seen.push((c, bits, p)),
    }
}
