//! Dice primitives every rule system uses: single dice ([`Die`]: dN faces 1..=N, or a d10
//! numbered 0–9), exploding ("bursting") dice, the step-die chain d4–d6–d8–d10–d12–d20
//! ([`StepDie`]), dice expressions such as `"2d6+3"` parsed once into a [`DiceExpr`], exact
//! distributions ([`Pmf`]), and several small dice from one 64-bit draw ([`packed`]).
//!
//! Dice are distributions: `sample(&self, rng)` with any `Rng`, exactly unbiased (Lemire's
//! multiply-shift with rejection, never a bare modulo).

pub mod expr;
pub mod packed;
pub mod pmf;

pub use expr::{DiceExpr, DiceExprError};
pub use pmf::Pmf;

use rand::Rng;

/// Most explosions one exploding roll follows; the chance of reaching it on a dN is
/// `N^-MAX_EXPLOSIONS`, below 10⁻¹⁹ for every die with 2 or more faces.
pub const MAX_EXPLOSIONS: u32 = 64;

/// A uniform integer in `0..n` (`n ≥ 1`) from 32-bit draws: Lemire's nearly divisionless
/// multiply-shift with rejection, exactly uniform.
#[inline]
pub fn uniform_below<R: Rng + ?Sized>(rng: &mut R, n: u32) -> u32 {
    debug_assert!(n >= 1);
    let mut m = u64::from(rng.next_u32()) * u64::from(n);
    if (m as u32) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u32) < threshold {
            m = u64::from(rng.next_u32()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// One die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Die {
    sides: u32,
    zero_based: bool,
    exploding: bool,
}

impl Die {
    /// A dN with faces 1..=N (`sides ≥ 1`).
    pub const fn d(sides: u32) -> Self {
        assert!(sides >= 1);
        Self {
            sides,
            zero_based: false,
            exploding: false,
        }
    }

    /// A die numbered 0..N−1, like Invisible Sun's d10 numbered 0–9.
    pub const fn zero_based(sides: u32) -> Self {
        assert!(sides >= 1);
        Self {
            sides,
            zero_based: true,
            exploding: false,
        }
    }

    /// The same die, exploding: on its highest face another roll is added, again and again
    /// (at most [`MAX_EXPLOSIONS`] times). A one-sided die cannot explode.
    pub const fn exploding(self) -> Self {
        Self {
            exploding: self.sides >= 2,
            ..self
        }
    }

    /// Faces.
    pub fn sides(&self) -> u32 {
        self.sides
    }

    /// Whether it explodes on its highest face.
    pub fn is_exploding(&self) -> bool {
        self.exploding
    }

    /// Lowest face.
    pub fn min_face(&self) -> i64 {
        if self.zero_based { 0 } else { 1 }
    }

    /// Highest face.
    pub fn max_face(&self) -> i64 {
        self.min_face() + i64::from(self.sides) - 1
    }

    /// One roll.
    #[inline]
    pub fn sample<R: Rng + ?Sized>(&self, rng: &mut R) -> i64 {
        let roll = self.min_face() + i64::from(uniform_below(rng, self.sides));
        if self.exploding && roll == self.max_face() {
            self.explode(rng, roll)
        } else {
            roll
        }
    }

    /// Keeps rolling after a maximal `first` roll, up to [`MAX_EXPLOSIONS`] times.
    #[cold]
    fn explode<R: Rng + ?Sized>(&self, rng: &mut R, first: i64) -> i64 {
        let mut total = first;
        for _ in 0..MAX_EXPLOSIONS {
            let roll = self.min_face() + i64::from(uniform_below(rng, self.sides));
            total += roll;
            if roll != self.max_face() {
                break;
            }
        }
        total
    }

    /// Exact distribution; an exploding die is followed through `depth` explosions and the
    /// mass beyond (`sides^-(depth+1)`) is dropped, so the result sums to `1 − sides^-(depth+1)`.
    pub fn pmf_to_depth(&self, depth: u32) -> Pmf {
        let p = 1.0 / f64::from(self.sides);
        let single = Pmf::uniform(self.min_face(), self.max_face());
        if !self.exploding {
            return single;
        }
        // Roll k explosions (each the maximum), then a non-maximal face.
        let mut out = Pmf::zero();
        let below_max = Pmf::uniform(self.min_face(), self.max_face() - 1)
            .scaled((f64::from(self.sides) - 1.0) / f64::from(self.sides));
        let mut reach = 1.0;
        for k in 0..=depth {
            out = out.added(
                &below_max
                    .clone()
                    .shifted(i64::from(k) * self.max_face())
                    .scaled(reach),
            );
            reach *= p;
        }
        out
    }

    /// Exact distribution (exploding dice to depth 12: lost mass below `sides^-13`).
    pub fn pmf(&self) -> Pmf {
        self.pmf_to_depth(12)
    }
}

/// The step-die chain of the bonus-dice system: d4, d6, d8, d10, d12, d20.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum StepDie {
    /// d4
    D4,
    /// d6
    D6,
    /// d8
    D8,
    /// d10
    D10,
    /// d12
    D12,
    /// d20
    D20,
}

impl StepDie {
    /// The chain, smallest first.
    pub const CHAIN: [StepDie; 6] = [
        StepDie::D4,
        StepDie::D6,
        StepDie::D8,
        StepDie::D10,
        StepDie::D12,
        StepDie::D20,
    ];

    /// Faces of this die.
    pub fn sides(self) -> u32 {
        [4, 6, 8, 10, 12, 20][self as usize]
    }

    /// The step die with `sides` faces, if it is on the chain.
    pub fn from_sides(sides: u32) -> Option<Self> {
        Self::CHAIN.into_iter().find(|d| d.sides() == sides)
    }

    /// `n` steps along the chain (negative: down). Returns the die and whether the move was
    /// clamped at d4 or d20.
    pub fn step(self, n: i32) -> (Self, bool) {
        let target = self as i32 + n;
        let clamped = target.clamp(0, 5);
        (Self::CHAIN[clamped as usize], clamped != target)
    }

    /// `n` steps up, stopping at d20.
    pub fn step_up(self, n: u32) -> Self {
        self.step(n.min(5) as i32).0
    }

    /// `n` steps down, stopping at d4.
    pub fn step_down(self, n: u32) -> Self {
        self.step(-(n.min(5) as i32)).0
    }

    /// The die itself.
    pub fn die(self) -> Die {
        Die::d(self.sides())
    }
}

#[cfg(test)]
mod tests;
