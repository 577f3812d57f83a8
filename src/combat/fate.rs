//! One vocabulary for how a fight leaves each combatant, the same in every system: at the
//! fight's end each combatant is in exactly one of five states — `dead`, `dying` (dies unless
//! someone acts in time), `fled`, `down` (out of the fight, alive, not dying: unconscious,
//! stabilised, out) or standing. Each system maps its own terms onto these in its
//! [`crate::combat::Fight::fates`], citing the seed:
//!
//! - Invisible Sun has no dying state: the last Wound kills (000:180–181), 3 Anguish is out
//!   (000:190), so down.
//! - Unbound Legends: Disabled, Unconscious and Incapacitated are dying until stable
//!   (001:440–449).
//! - Bonus dice: Shock is dying (002:54, 75).
//! - Gods & Monsters: a lost death contest is dying (004:613–615); unconscious is down; a
//!   dying combatant whose endurance − injuries is spent is dead.
//!
//! After the round loop comes the aftermath ([`crate::combat::Fight::aftermath`]): time runs
//! on until nobody is dying. A system with nothing that can save the dying leaves them to die:
//! untended, Shock kills after Stamina rounds (002:75), a lost death contest after endurance −
//! injuries minutes unless the injuries are healed (004:615), so [`Fates::left_alone`].

/// Everyone's state as masks, a bit per combatant in at most one of them (none: standing).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Fates {
    /// Dead.
    pub dead: u64,
    /// Dying: dies unless someone acts in time.
    pub dying: u64,
    /// Fled the fight.
    pub fled: u64,
    /// Out of the fight, alive, not dying: unconscious, stabilised, out.
    pub down: u64,
}

impl Fates {
    /// Everyone not standing.
    #[inline(always)]
    pub fn out(&self) -> u64 {
        self.dead | self.dying | self.fled | self.down
    }

    /// The aftermath where nobody can save the dying: they die.
    #[inline(always)]
    pub fn left_alone(self) -> Self {
        Self {
            dead: self.dead | self.dying,
            dying: 0,
            ..self
        }
    }

    /// Combatant `i`'s state: 0 standing, 1 down, 2 fled, 3 dying, 4 dead.
    #[inline(always)]
    pub fn state(&self, i: usize) -> usize {
        let bit = |m: u64| (m >> i & 1) as usize;
        // The masks are disjoint, so at most one term is not zero.
        bit(self.down) + 2 * bit(self.fled) + 3 * bit(self.dying) + 4 * bit(self.dead)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_state_reads_back_and_the_untended_dying_die() {
        let f = Fates {
            dead: 0b10000,
            dying: 0b01000,
            fled: 0b00100,
            down: 0b00010,
        };
        assert_eq!(
            (0..5).map(|i| f.state(i)).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4]
        );
        assert_eq!(f.out(), 0b11110);
        let after = f.left_alone();
        assert_eq!(
            (after.dead, after.dying, after.fled, after.down),
            (0b11000, 0, 0b100, 0b10)
        );
    }
}
