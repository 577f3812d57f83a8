//! The two rolls that follow a hurt in Gods & Monsters (004_803a11f5ee1b6e60.txt), shared by
//! conflicts ([`super::fight`]) and every other hazard that deals damage: the consciousness
//! roll (605) and the death contest (613–617, 724–728). Each takes its target numbers from the
//! caller, who knows the penalties in play, and a bid that may turn a failed roll (976–978).

use super::rules::{DeathContest, MAX_DEATH_EXCHANGES};
use oddsmith_core::dice::Dice;

/// The consciousness roll (605): d20 ≤ `needed` (the better of fortitude and willpower less
/// the injury total, and whatever bonuses or penalties apply). A failed roll is offered to
/// `bid` with the miss (`bids`: whether a bid can turn one at all); returns (stays
/// conscious, the d20).
pub fn consciousness<D: Dice>(
    dice: &mut D,
    needed: i64,
    bids: bool,
    bid: impl FnOnce(i64) -> bool,
) -> (bool, i64) {
    let roll = d20_under(dice, needed, bids);
    (roll <= needed || bid(roll - needed), roll)
}

/// A d20 against `needed` whose face the rules read only as making it or not, unless a bid
/// may turn a miss (`bids`: then each miss is read by how much): the exact walk branches once
/// for every face that makes it and once for each miss it tells apart ([`Dice::merged_by`]).
#[inline(always)]
pub fn d20_under<D: Dice + ?Sized>(dice: &mut D, needed: i64, bids: bool) -> i64 {
    dice.merged_by(
        |d| d.d20(),
        |&r| {
            if bids && r > needed {
                r
            } else {
                i64::from(r <= needed) - 1
            }
        },
    )
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
/// after [`MAX_DEATH_EXCHANGES`] the character lives. `bids`: whether a bid can turn a lost
/// endurance roll at all.
pub fn death_contest<D: Dice>(
    dice: &mut D,
    injuries: i64,
    endurance: i64,
    mode: DeathContest,
    bids: bool,
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
        let injuries_hit = dice.merged(|d| factor * d.d20() <= injuries);
        let roll = factor
            * dice.merged_by(
                |d| d.d20(),
                |&r| match factor * r {
                    roll if bids && roll > endurance => roll,
                    roll => i64::from(roll <= endurance) - 1,
                },
            );
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

/// The chance that a d20 comes up at most `needed` (0 below 1, 1 from 20).
pub fn chance(needed: i64) -> f64 {
    needed.clamp(0, 20) as f64 / 20.0
}

/// The exact chance that [`death_contest`] ends with the character dying, for the same
/// `injuries`, `endurance` and `mode`, with no bid: per exchange the injuries succeed with
/// p = P(d20 ≤ injuries) and the character with q = P(d20 ≤ endurance) (both halved in
/// faces when the rolls are doubled, 728); dying is p(1 − q) each exchange, and both
/// succeeding (pq) goes on to the next with [`DeathContest::Contest`], so the chance is
/// p(1 − q)·(1 − (pq)ⁿ)/(1 − pq) over n exchanges.
pub fn death_chance(injuries: i64, endurance: i64, mode: DeathContest) -> f64 {
    let (exchanges, doubled) = match mode {
        DeathContest::Single => (1, false),
        DeathContest::Contest => (MAX_DEATH_EXCHANGES, injuries >= 20 && endurance >= 20),
    };
    let faces = |target: i64| {
        if doubled {
            target.div_euclid(2)
        } else {
            target
        }
    };
    let (p, q) = (chance(faces(injuries)), chance(faces(endurance)));
    let (dies, goes_on) = (p * (1.0 - q), p * q);
    if goes_on >= 1.0 {
        return 0.0;
    }
    dies * (1.0 - goes_on.powi(exchanges as i32)) / (1.0 - goes_on)
}

#[cfg(test)]
mod tests;
