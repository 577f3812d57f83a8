//! The two rolls that follow a hurt in Gods & Monsters (004_803a11f5ee1b6e60.txt), shared by
//! conflicts ([`super::fight`]) and every other hazard that deals damage: the consciousness
//! roll (605) and the death contest (613–617, 724–728). Each takes its target numbers from the
//! caller, who knows the penalties in play, and a bid that may turn a failed roll (976–978).

use super::fight::Roller;
use super::rules::{DeathContest, MAX_DEATH_EXCHANGES};

/// The consciousness roll (605): d20 ≤ `needed` (the better of fortitude and willpower less
/// the injury total, and whatever bonuses or penalties apply). A failed roll is offered to
/// `bid` with the miss; returns (stays conscious, the d20).
pub fn consciousness<Ro: Roller>(
    roller: &mut Ro,
    needed: i64,
    bid: impl FnOnce(i64) -> bool,
) -> (bool, i64) {
    let roll = roller.d20();
    (roll <= needed || bid(roll - needed), roll)
}

/// How a death contest ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeathOutcome {
    /// The injuries won: the character is dying (617).
    pub dying: bool,
    /// A bid turned a lost endurance roll into a success at least once.
    pub saved: bool,
}

/// A time to die (613, 617): the injuries act (d20 ≤ `injuries`) and the character resists
/// (d20 ≤ `endurance`, the caller's endurance − injuries with its bonuses, +2 while
/// unconscious). Dying if the injuries' roll succeeds and the endurance roll fails; a lost
/// endurance roll facing a successful injuries' roll is offered to `bid` with the miss. Both
/// succeeding ends it with [`DeathContest::Single`] and rolls again with
/// [`DeathContest::Contest`] (724), both rolls doubled when neither side can fail (728);
/// after [`MAX_DEATH_EXCHANGES`] the character lives.
pub fn death_contest<Ro: Roller>(
    roller: &mut Ro,
    injuries: i64,
    endurance: i64,
    mode: DeathContest,
    mut bid: impl FnMut(i64) -> bool,
) -> DeathOutcome {
    let exchanges = match mode {
        DeathContest::Single => 1,
        DeathContest::Contest => MAX_DEATH_EXCHANGES,
    };
    let doubled = mode == DeathContest::Contest && injuries >= 20 && endurance >= 20;
    let factor = if doubled { 2 } else { 1 };
    let mut saved = false;
    for _ in 0..exchanges {
        let injuries_hit = factor * roller.d20() <= injuries;
        let roll = factor * roller.d20();
        let endured = roll <= endurance || {
            let turned = injuries_hit && bid(roll - endurance);
            saved |= turned;
            turned
        };
        if !injuries_hit {
            return DeathOutcome {
                dying: false,
                saved,
            };
        }
        if !endured {
            return DeathOutcome { dying: true, saved };
        }
    }
    DeathOutcome {
        dying: false,
        saved,
    }
}
