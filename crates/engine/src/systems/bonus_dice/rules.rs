//! The table-wide readings of the bonus-dice system (`[rules]`), each where the seed
//! (002_88b8445f1f52ae9c.txt) leaves a choice. Their words, seed lines and what leaving each
//! out means are declared in `schema/keys.rs` (`RULES`); when left out, each takes the reading
//! the text supports best.

use super::dice::{Burst, WoundedStep};

/// When a check's total succeeds against its Victory Sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SuccessOn {
    /// Total > VS, as attacks must "roll higher" (002:17; the default).
    Higher,
    /// Total ≥ VS.
    Meet,
}

impl SuccessOn {
    /// The words `[rules] success_on` takes.
    pub const WORDS: [(&'static str, SuccessOn); 2] =
        [("higher", SuccessOn::Higher), ("meet", SuccessOn::Meet)];
}

/// What an attack's Charges do to its damage roll (002:3).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DamageCharges {
    /// Effect rolls "benefit from the effects of a charge" (002:3; the default).
    Inherit,
    /// Only the damage roll's own Charges count.
    None,
}

impl DamageCharges {
    /// The words `[rules] damage_charges` takes.
    pub const WORDS: [(&'static str, DamageCharges); 2] = [
        ("inherit", DamageCharges::Inherit),
        ("none", DamageCharges::None),
    ];
}

/// What "from behind, unaware" halves (002:36).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BehindHalves {
    /// The whole Guard, after size, cover and visibility (the default).
    Total,
    /// The Guard of 15 + bonuses; size, cover and visibility are added after.
    Base,
}

impl BehindHalves {
    /// The words `[rules] behind_halves` takes.
    pub const WORDS: [(&'static str, BehindHalves); 2] =
        [("total", BehindHalves::Total), ("base", BehindHalves::Base)];
}

/// All the readings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// How bonus dice burst (002:55).
    pub burst: Burst,
    /// Where being Wounded steps the dice (002:2, 002:53).
    pub wounded_step: WoundedStep,
    /// When a check succeeds.
    pub success_on: SuccessOn,
    /// Whether weapon dice burst too (002:55 says "Bonus Dice"; off by default).
    pub weapon_dice_burst: bool,
    /// Whether the attack's Charges carry to damage.
    pub damage_charges: DamageCharges,
    /// What "from behind" halves.
    pub behind_halves: BehindHalves,
    /// Whether damage beyond Durability goes on into Health in the same hit (002:51).
    pub overflow_to_health: bool,
}

impl Default for Rules {
    fn default() -> Self {
        Self {
            burst: Burst::Recursive,
            wounded_step: WoundedStep::InNet,
            success_on: SuccessOn::Higher,
            weapon_dice_burst: false,
            damage_charges: DamageCharges::Inherit,
            behind_halves: BehindHalves::Total,
            overflow_to_health: true,
        }
    }
}
