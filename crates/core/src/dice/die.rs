//! One die as a distribution: a dN with faces 1..=N, a die numbered from 0 (the d10 numbered
//! 0–9 of Invisible Sun is `Die::zero_based(10)`), and the exploding ("bursting") variant of
//! either, which adds another roll every time it shows its highest face.
//!
//! Sampling is exactly unbiased ([`uniform_below`]) and never allocates. An exploding chain is
//! capped at [`MAX_EXPLOSIONS`] extra rolls so sampling always terminates; the capped sampler
//! differs from the unbounded die only when the first roll and all [`MAX_EXPLOSIONS`] extra
//! rolls show the highest face, probability `sides^-(MAX_EXPLOSIONS+1)` ≤ 2⁻⁶⁵ ≈ 2.7·10⁻²⁰.
//! The exact table ([`Die::pmf`]) follows an exploding die through
//! [`Die::pmf_depth`] explosions and drops at most [`PMF_TAIL`] of the mass.
//!
//! A die may also explode at most a stated number of times ([`Die::exploding_at_most`], the
//! `d6!3` of a dice expression): the chain stops after that many extra rolls whatever they
//! show, a rule of the die rather than a safety cap, and its table is complete (nothing
//! dropped) whenever the limit is within [`Die::pmf_depth`].

use super::{Pmf, uniform_below};
use rand::Rng;

/// Most extra rolls one exploding roll makes; the chain stops there even on another highest
/// face. Reaching the cap has probability `sides^-(MAX_EXPLOSIONS+1)` ≤ 2⁻⁶⁵.
pub const MAX_EXPLOSIONS: u32 = 64;

/// Most probability mass [`Die::pmf`] drops from an exploding die's table (the chance of more
/// explosions than the table follows).
pub const PMF_TAIL: f64 = 1e-15;

/// One die: how many faces, whether they start at 0 or 1, and whether it explodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Die {
    /// Number of faces (≥ 1).
    sides: u32,
    /// Faces are `0..sides` instead of `1..=sides`.
    zero_based: bool,
    /// On the highest face, roll again and add (only when `sides ≥ 2`).
    exploding: bool,
    /// Most extra rolls one roll makes when it explodes: [`MAX_EXPLOSIONS`] unless limited
    /// (1–[`MAX_EXPLOSIONS`]).
    limit: u8,
}

impl Die {
    /// A dN with faces `1..=sides`.
    ///
    /// # Panics
    /// If `sides` is 0.
    pub const fn d(sides: u32) -> Self {
        assert!(sides >= 1, "a die needs at least one side");
        Self {
            sides,
            zero_based: false,
            exploding: false,
            limit: MAX_EXPLOSIONS as u8,
        }
    }

    /// A die with faces `0..sides`, like Invisible Sun's d10 numbered 0–9
    /// (`Die::zero_based(10)`).
    ///
    /// # Panics
    /// If `sides` is 0.
    pub const fn zero_based(sides: u32) -> Self {
        assert!(sides >= 1, "a die needs at least one side");
        Self {
            sides,
            zero_based: true,
            exploding: false,
            limit: MAX_EXPLOSIONS as u8,
        }
    }

    /// The same die, exploding: on its highest face another roll is added, again and again
    /// (at most [`MAX_EXPLOSIONS`] times). A one-sided die would never stop, so it stays as
    /// it is ([`Die::is_exploding`] is false).
    pub const fn exploding(self) -> Self {
        Self {
            exploding: self.sides >= 2,
            limit: MAX_EXPLOSIONS as u8,
            ..self
        }
    }

    /// The same die, exploding at most `times` times per roll (clamped to
    /// 1–[`MAX_EXPLOSIONS`]): the last extra roll counts whatever it shows. A one-sided die
    /// stays as it is.
    pub const fn exploding_at_most(self, times: u32) -> Self {
        let times = if times < 1 {
            1
        } else if times > MAX_EXPLOSIONS {
            MAX_EXPLOSIONS
        } else {
            times
        };
        Self {
            exploding: self.sides >= 2,
            limit: times as u8,
            ..self
        }
    }

    /// Most extra rolls one roll makes when it explodes ([`MAX_EXPLOSIONS`] unless limited).
    pub const fn explosion_limit(&self) -> u32 {
        self.limit as u32
    }

    /// Whether the explosions are limited below [`MAX_EXPLOSIONS`] (`d6!3`).
    pub const fn is_limited(&self) -> bool {
        self.exploding && (self.limit as u32) < MAX_EXPLOSIONS
    }

    /// Number of faces.
    pub const fn sides(&self) -> u32 {
        self.sides
    }

    /// Whether the faces are numbered from 0.
    pub const fn is_zero_based(&self) -> bool {
        self.zero_based
    }

    /// Whether it explodes on its highest face.
    pub const fn is_exploding(&self) -> bool {
        self.exploding
    }

    /// Lowest face: 0 or 1.
    pub const fn min_face(&self) -> i64 {
        if self.zero_based { 0 } else { 1 }
    }

    /// Highest face: `sides − 1` or `sides`.
    pub const fn max_face(&self) -> i64 {
        self.min_face() + self.sides as i64 - 1
    }

    /// Smallest possible result (the lowest face).
    pub const fn min(&self) -> i64 {
        self.min_face()
    }

    /// Largest possible result: the highest face, or for an exploding die the highest face
    /// on the first roll and on every extra roll up to its limit ([`MAX_EXPLOSIONS`]).
    pub const fn max(&self) -> i64 {
        if self.exploding {
            self.max_face() * (self.limit as i64 + 1)
        } else {
            self.max_face()
        }
    }

    /// Exact mean: the mean face, times `(1 − s^−(L+1)) / (1 − 1/s)` for an exploding die
    /// with limit `L` (roll `j` happens with chance `s^−j`). For the unlimited die the
    /// factor is `1 / (1 − 1/s)` to within 2⁻⁶⁵, below `f64` precision.
    pub fn mean(&self) -> f64 {
        let sides = f64::from(self.sides);
        let face = self.min_face() as f64 + (sides - 1.0) / 2.0;
        if self.exploding {
            let reach = sides.powi(-(i32::from(self.limit) + 1));
            face * (1.0 - reach) / (1.0 - 1.0 / sides)
        } else {
            face
        }
    }

    /// One roll (with its explosions). Exactly unbiased, no allocation.
    #[inline]
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> i64 {
        let roll = self.min_face() + i64::from(uniform_below(rng, self.sides));
        if self.exploding && roll == self.max_face() {
            self.explode(rng, roll)
        } else {
            roll
        }
    }

    /// Keeps rolling after a highest-face `first` roll, at most its limit
    /// ([`MAX_EXPLOSIONS`]) times.
    #[cold]
    fn explode<R: Rng + ?Sized>(&self, rng: &mut R, first: i64) -> i64 {
        let mut total = first;
        for _ in 0..self.limit {
            let roll = self.min_face() + i64::from(uniform_below(rng, self.sides));
            total += roll;
            if roll != self.max_face() {
                break;
            }
        }
        total
    }

    /// Explosions [`Die::pmf`] follows: the fewest `d` with `sides^-(d+1)` ≤ [`PMF_TAIL`]
    /// (49 for a d2, 19 for a d6, 11 for a d20, 2 for a d1 000 000), at most the die's
    /// limit (a limited die, `d6!3`, is followed to its limit: all of it); 0 for a die that
    /// does not explode.
    pub fn pmf_depth(&self) -> u32 {
        if !self.exploding {
            return 0;
        }
        let limit = u32::from(self.limit);
        let (p, mut tail, mut depth) = (1.0 / f64::from(self.sides), 1.0, 0);
        loop {
            tail *= p;
            if tail <= PMF_TAIL || depth == limit {
                return depth;
            }
            depth += 1;
        }
    }

    /// Mass [`Die::pmf_to_depth`] drops at `depth`: `sides^-(depth+1)` for an exploding die
    /// (the chance that the first `depth + 1` rolls all show the highest face), else 0; 0
    /// too at or past a limited die's limit, where nothing is dropped.
    pub fn truncated_mass(&self, depth: u32) -> f64 {
        if self.is_limited() && depth >= u32::from(self.limit) {
            0.0
        } else if self.exploding {
            let rolls = i32::try_from(depth).map_or(i32::MAX, |d| d.saturating_add(1));
            f64::from(self.sides).powi(-rolls)
        } else {
            0.0
        }
    }

    /// Exact distribution, an exploding die followed through at most `depth` explosions:
    /// results needing more are dropped, so the table sums to `1 −`
    /// [`Die::truncated_mass`]`(depth)`. The table has about `(depth + 1) · sides` entries.
    /// A limited die followed to its limit drops nothing: its last roll counts any face.
    pub fn pmf_to_depth(&self, depth: u32) -> Pmf {
        let (lo, top) = (self.min_face(), self.max_face());
        if !self.exploding {
            return Pmf::uniform(lo, top);
        }
        let last_full = self.is_limited() && depth >= u32::from(self.limit);
        let depth = if last_full {
            u32::from(self.limit)
        } else {
            depth
        };
        // k explosions (each the highest face), then a face below the highest (any face
        // after the last explosion a limited die allows).
        let p = 1.0 / f64::from(self.sides);
        let highest = i64::from(depth) * top + top - i64::from(!last_full);
        let mut probs = vec![0.0; (highest - lo + 1) as usize];
        let mut reach = p;
        for k in 0..=i64::from(depth) {
            let start = (k * top) as usize;
            let faces = (top - lo) as usize + usize::from(last_full && k == i64::from(depth));
            probs[start..start + faces].fill(reach);
            reach *= p;
        }
        Pmf::new(lo, probs)
    }

    /// Exact distribution: uniform over the faces, or for an exploding die the table to
    /// [`Die::pmf_depth`] explosions, summing to 1 within [`PMF_TAIL`].
    pub fn pmf(&self) -> Pmf {
        self.pmf_to_depth(self.pmf_depth())
    }
}

#[cfg(test)]
mod tests;
