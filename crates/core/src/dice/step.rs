//! Step dice: the chain d4 → d6 → d8 → d10 → d12 → d20, along which a bonus moves a die up
//! and a penalty moves it down.
//!
//! Moving past either end clamps: [`StepDie::step_up`] and [`StepDie::step_down`] stop at d20
//! and d4 and return the die; [`StepDie::step`] says whether it clamped ([`Stepped`]); and
//! [`StepDie::checked_step_up`] / [`StepDie::checked_step_down`] give `None` instead.

use super::Die;
use std::fmt;

/// One die of the step chain d4–d6–d8–d10–d12–d20, ordered smallest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum StepDie {
    /// d4, the bottom of the chain.
    D4,
    /// d6
    D6,
    /// d8
    D8,
    /// d10
    D10,
    /// d12
    D12,
    /// d20, the top of the chain.
    D20,
}

/// Where a [`StepDie::step`] landed: on the die it aimed for, or clamped at an end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stepped {
    /// The move fit in the chain; the die it reached.
    Exact(StepDie),
    /// The move ran past d4 or d20; the end it stopped at.
    Clamped(StepDie),
}

impl Stepped {
    /// The die reached, clamped or not.
    pub fn die(self) -> StepDie {
        match self {
            Stepped::Exact(d) | Stepped::Clamped(d) => d,
        }
    }

    /// Whether the move stopped at an end of the chain short of its target.
    pub fn was_clamped(self) -> bool {
        matches!(self, Stepped::Clamped(_))
    }
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
    pub const fn sides(self) -> u32 {
        match self {
            StepDie::D4 => 4,
            StepDie::D6 => 6,
            StepDie::D8 => 8,
            StepDie::D10 => 10,
            StepDie::D12 => 12,
            StepDie::D20 => 20,
        }
    }

    /// The step die with `sides` faces, if it is on the chain.
    pub fn from_sides(sides: u32) -> Option<Self> {
        Self::CHAIN.into_iter().find(|d| d.sides() == sides)
    }

    /// Position on the chain: 0 for d4 up to 5 for d20.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `n` steps along the chain (negative: down), clamped at d4 and d20; the result says
    /// whether it clamped. `StepDie::D10.step(4) == Stepped::Clamped(StepDie::D20)`.
    pub fn step(self, n: i32) -> Stepped {
        let target = self.index() as i64 + i64::from(n);
        let last = Self::CHAIN.len() as i64 - 1;
        let landed = Self::CHAIN[target.clamp(0, last) as usize];
        if (0..=last).contains(&target) {
            Stepped::Exact(landed)
        } else {
            Stepped::Clamped(landed)
        }
    }

    /// `n` steps up, stopping at d20: `StepDie::D8.step_up(1) == StepDie::D10`,
    /// `StepDie::D12.step_up(3) == StepDie::D20`.
    pub fn step_up(self, n: u32) -> Self {
        self.step(i32::try_from(n).unwrap_or(i32::MAX)).die()
    }

    /// `n` steps down, stopping at d4: `StepDie::D6.step_down(2) == StepDie::D4`.
    pub fn step_down(self, n: u32) -> Self {
        self.step(i32::try_from(n).map_or(i32::MIN, |n| -n)).die()
    }

    /// `n` steps up, or `None` if that passes d20.
    pub fn checked_step_up(self, n: u32) -> Option<Self> {
        match self.step(i32::try_from(n).ok()?) {
            Stepped::Exact(d) => Some(d),
            Stepped::Clamped(_) => None,
        }
    }

    /// `n` steps down, or `None` if that passes d4.
    pub fn checked_step_down(self, n: u32) -> Option<Self> {
        match self.step(-i32::try_from(n).ok()?) {
            Stepped::Exact(d) => Some(d),
            Stepped::Clamped(_) => None,
        }
    }

    /// The die itself (faces 1..=N, not exploding).
    pub const fn die(self) -> Die {
        Die::d(self.sides())
    }
}

impl fmt::Display for StepDie {
    /// `d4`, `d6`, … `d20`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d{}", self.sides())
    }
}

#[cfg(test)]
mod tests;
