//! A roll table's venture, as the rules add it up (L66–76, L145–146): the parts that are fixed
//! when the roll is declared, the bene that may go on top, and the dice.

use super::action::Resolution;

/// What a roll table brings to an action: everything but the challenge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Venture {
    /// Skill, tools, circumstances, magical effects, hidden knowledge and help, less any
    /// hindrance (bene not included).
    pub base: i64,
    /// Bene spent on the venture (at most 1 without Expansive Endeavor, L69).
    pub bene: i64,
    /// Magic dice beside the mundane die (0–9).
    pub magic_dice: u32,
    /// Dice that must reach the number needed (1–10; 2 against magic, L48–52).
    pub successes: u32,
    /// The Expansive Endeavor secret: more than 1 bene on the venture or for effect (L69, L79).
    pub expansive: bool,
}

impl Default for Venture {
    fn default() -> Self {
        Self {
            base: 0,
            bene: 0,
            magic_dice: 0,
            successes: 1,
            expansive: false,
        }
    }
}

impl Venture {
    /// The venture with its bene.
    pub fn total(&self) -> i64 {
        self.base + self.bene
    }

    /// How the action resolves against `challenge` with the venture lowered by `penalty`
    /// (scourges, Wounds) and raised by `bene` spent on it.
    pub fn resolution(&self, challenge: i64, penalty: i64, bene: i64) -> Resolution {
        Resolution::of(
            challenge,
            self.base + bene - penalty,
            self.magic_dice,
            self.successes,
        )
    }

    /// The exact chance of success against `challenge` with `penalty` and `bene`.
    pub fn p_success(&self, challenge: i64, penalty: i64, bene: i64) -> f64 {
        self.resolution(challenge, penalty, bene)
            .p_success(self.magic_dice, self.successes)
    }
}

/// What a helper adds to the venture (L145–146): their skill level when it is greater than 1,
/// else 1.
pub fn helper_bonus(helper_skill: i64) -> i64 {
    helper_skill.max(1)
}
