//! Chases (`[chase]`) by 003_2f5399e0a98f81be.txt (28–31): an agility contest between a
//! quarry and a pursuer, each side's target built as in `[check]` (a group by the group
//! effort rules, 003:31, 004:1383–1390), the side with the greater movement gaining
//! floor(difference / 3) (003:30).
//!
//! Each exchange both roll: the quarry succeeding and the pursuer failing is an escape, the
//! reverse a capture (003:29); both failing or both succeeding, the chase goes on — unlike a
//! `[contest]`, where both failing ends it (004:724). When neither side can fail both rolls
//! are doubled (004:728), or as soon as either cannot with
//! `double_if_opponent_cannot_fail` (004:730). After `max_exchanges` it is unresolved.

use super::insert_quantiles;
use crate::systems::Trial;
use crate::systems::gods_and_monsters::survival::chance;
use oddsmith_core::dice::{Dice, FightDice};
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Role, Tally,
};
use rand::Rng;

/// How a chase ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// The quarry got away.
    Escaped,
    /// The pursuer caught up.
    Caught,
    /// `max_exchanges` came first.
    Unresolved,
}

/// A chase built from `[chase]`.
#[derive(Debug, Clone)]
pub struct Chase {
    /// The quarry's target (movement bonus included).
    pub quarry: i64,
    /// The pursuer's target (movement bonus included).
    pub pursuer: i64,
    /// Exchanges before the chase is unresolved.
    pub max_exchanges: u32,
    /// Both rolls are doubled.
    pub doubled: bool,
    /// Both rolls are doubled as soon as either side cannot fail (004:730).
    pub double_if_opponent_cannot_fail: bool,
    layout: Layout,
    escaped: CounterId,
    caught: CounterId,
    unresolved: CounterId,
    exchanges: HistogramId,
}

/// The bonus the faster side gains: one per full three points of movement (003:30).
pub fn movement_bonus(own: i64, other: i64) -> i64 {
    (own - other).max(0) / 3
}

impl Chase {
    /// A chase between a quarry needing d20 ≤ `quarry` and a pursuer needing d20 ≤
    /// `pursuer`.
    pub fn new(
        quarry: i64,
        pursuer: i64,
        max_exchanges: u32,
        double_if_opponent_cannot_fail: bool,
    ) -> Self {
        let (q, p) = (quarry >= 20, pursuer >= 20);
        let doubled = (q && p) || (double_if_opponent_cannot_fail && (q || p));
        let mut layout = Layout::new();
        let escaped = layout.counter("escaped", Meta::side(Role::Win, "escapes", "quarry"));
        let caught = layout.counter("caught", Meta::side(Role::Win, "catches", "pursuer"));
        let unresolved = layout.counter("unresolved", Meta::trial(Role::Stalemate, "unresolved"));
        let exchanges = layout.histogram(
            "exchanges",
            max_exchanges as usize + 1,
            HistogramReport::Quantiles,
            Meta::trial(Role::Rounds, "exchanges"),
        );
        Self {
            quarry,
            pursuer,
            max_exchanges,
            doubled,
            double_if_opponent_cannot_fail,
            layout,
            escaped,
            caught,
            unresolved,
            exchanges,
        }
    }

    /// The chances that the quarry and the pursuer succeed in one exchange.
    pub fn chances(&self) -> (f64, f64) {
        let faces = |t: i64| if self.doubled { t.div_euclid(2) } else { t };
        (chance(faces(self.quarry)), chance(faces(self.pursuer)))
    }

    /// One chase with `dice`'s d20s; returns how it ended and the exchanges played.
    pub fn resolve<D: Dice>(&self, dice: &mut D) -> (End, u32) {
        self.resolve_with(self.quarry, dice)
    }

    /// One chase with the quarry needing d20 ≤ `quarry` (a day's member as it is now), with
    /// `dice`'s d20s; returns how it ended and the exchanges played.
    pub fn resolve_with<D: Dice>(&self, quarry: i64, dice: &mut D) -> (End, u32) {
        let (q, p) = (quarry >= 20, self.pursuer >= 20);
        let doubled = (q && p) || (self.double_if_opponent_cannot_fail && (q || p));
        let factor = if doubled { 2 } else { 1 };
        for exchange in 1..=self.max_exchanges {
            let quarry = factor * dice.d20() <= quarry;
            let pursuer = factor * dice.d20() <= self.pursuer;
            match (quarry, pursuer) {
                (true, false) => return (End::Escaped, exchange),
                (false, true) => return (End::Caught, exchange),
                _ => {}
            }
        }
        (End::Unresolved, self.max_exchanges)
    }
}

impl Trial for Chase {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let (end, exchanges) = self.resolve(&mut FightDice::new(rng));
        tally.count(self.escaped, end == End::Escaped);
        tally.count(self.caught, end == End::Caught);
        tally.count(self.unresolved, end == End::Unresolved);
        tally.record(self.exchanges, exchanges as usize);
    }

    /// Exact in closed form: per exchange the quarry escapes with a = q(1 − p), is caught
    /// with b = p(1 − q), and the chase goes on with c = 1 − a − b, so over n exchanges it
    /// escapes with a(1 − cⁿ)/(1 − c), is unresolved with cⁿ, and ends at exchange k < n
    /// with c^(k−1)(a + b).
    fn exact(&self) -> Option<ExactValues> {
        let (q, p) = self.chances();
        let (a, b) = (q * (1.0 - p), p * (1.0 - q));
        let c = 1.0 - a - b;
        let n = self.max_exchanges;
        let unresolved = c.powi(n as i32);
        let reach = if a + b > 0.0 {
            (1.0 - unresolved) / (a + b)
        } else {
            f64::from(n)
        };
        let mut ends = vec![0.0; n as usize + 1];
        let mut going = 1.0;
        for slot in ends.iter_mut().take(n as usize).skip(1) {
            *slot = going * (a + b);
            going *= c;
        }
        ends[n as usize] = going;
        let mut exact = ExactValues::new();
        exact.insert("escaped".into(), a * reach);
        exact.insert("caught".into(), b * reach);
        exact.insert("unresolved".into(), unresolved);
        insert_quantiles(&mut exact, "exchanges", &ends);
        Some(exact)
    }
}

#[cfg(test)]
mod tests;
