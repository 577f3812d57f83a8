//! Gods & Monsters contested actions (004_803a11f5ee1b6e60.txt, "Contested actions"): two or
//! more sides roll at once, each against its own target, until one alone succeeds.
//!
//! The `[contest]` and `[[contest.side]]` keys are declared in `schema/keys.rs` and read in
//! `schema.rs`.
//!
//! Each exchange every side still in rolls d20 ≤ its target. If every side fails, a
//! resisting side still in wins (the acting side fails), otherwise it is a draw. If exactly
//! one succeeds it wins. If several succeed, the ones that failed drop out ("those who lose
//! do not get to keep trying") and the rest roll again. When every side still in cannot fail
//! (target ≥ 20), each roll is doubled (2·d20 ≤ target); with
//! `double_if_opponent_cannot_fail`, a two-side exchange is doubled as soon as either side
//! cannot fail ("Players can request a doubling of both final rolls if their opponent
//! cannot fail").

use crate::systems::Trial;
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Role, Tally,
};
use rand::Rng;

/// Most sides one contest may have.
pub const MAX_SIDES: usize = 8;

/// One side of a contest.
#[derive(Debug, Clone)]
pub struct Side {
    /// Name.
    pub name: String,
    /// Resisting (wins when every side fails) rather than acting.
    pub resisting: bool,
    /// The d20 must not exceed this.
    pub target: i64,
}

/// A contested action built from `[contest]`.
#[derive(Debug, Clone)]
pub struct Contest {
    /// The sides, in scenario order.
    pub sides: Vec<Side>,
    /// Exchanges before the contest is unresolved.
    pub max_exchanges: u32,
    /// Double both rolls when only the opponent cannot fail (two sides).
    pub double_if_opponent_cannot_fail: bool,
    layout: Layout,
    win: Vec<CounterId>,
    draw: CounterId,
    unresolved: CounterId,
    exchanges: HistogramId,
}

/// How one contest ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum End {
    Win(usize),
    Draw,
    Unresolved,
}

impl Contest {
    /// A contest between `sides` (2 to [`MAX_SIDES`]).
    pub fn new(sides: Vec<Side>, max_exchanges: u32, double_if_opponent_cannot_fail: bool) -> Self {
        assert!((2..=MAX_SIDES).contains(&sides.len()));
        let mut layout = Layout::new();
        let win = sides
            .iter()
            .map(|s| {
                let meta = Meta::side(Role::Win, "wins", &s.name);
                layout.counter(format!("win.{}", s.name), meta)
            })
            .collect();
        let draw = layout.counter("draw", Meta::trial(Role::Draw, "draw"));
        let unresolved = layout.counter("unresolved", Meta::trial(Role::Stalemate, "unresolved"));
        // Sized for the longest contest, so no trial grows it.
        let exchanges = layout.histogram(
            "exchanges",
            max_exchanges as usize + 1,
            HistogramReport::Quantiles,
            Meta::trial(Role::Rounds, "exchanges"),
        );
        Self {
            sides,
            max_exchanges,
            double_if_opponent_cannot_fail,
            layout,
            win,
            draw,
            unresolved,
            exchanges,
        }
    }

    /// Whether the sides in `mask` roll doubled this exchange.
    fn doubled(&self, mask: u32) -> bool {
        let mut in_sides = self.in_sides(mask);
        let cannot_fail = |i: usize| self.sides[i].target >= 20;
        if in_sides.clone().all(cannot_fail) {
            return true;
        }
        self.double_if_opponent_cannot_fail && mask.count_ones() == 2 && in_sides.any(cannot_fail)
    }

    fn in_sides(&self, mask: u32) -> impl Iterator<Item = usize> + Clone {
        (0..self.sides.len()).filter(move |i| mask >> i & 1 == 1)
    }

    /// Chance side `i` succeeds in an exchange (doubled or not).
    fn p_success(&self, i: usize, doubled: bool) -> f64 {
        let t = self.sides[i].target;
        let faces = if doubled { t.div_euclid(2) } else { t };
        faces.clamp(0, 20) as f64 / 20.0
    }

    /// How an exchange where the sides in `winners` (a subset of `mask`) succeeded ends:
    /// `None` when several succeeded and roll again.
    fn settle(&self, mask: u32, winners: u32) -> Option<End> {
        match winners.count_ones() {
            0 => Some(
                self.in_sides(mask)
                    .find(|&i| self.sides[i].resisting)
                    .map_or(End::Draw, End::Win),
            ),
            1 => Some(End::Win(winners.trailing_zeros() as usize)),
            _ => None,
        }
    }
}

impl Trial for Contest {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let mut mask = (1u32 << self.sides.len()) - 1;
        let mut exchange = 0;
        let end = loop {
            exchange += 1;
            let doubled = self.doubled(mask);
            let mut winners = 0u32;
            for i in self.in_sides(mask) {
                let roll = 1 + i64::from(oddsmith_core::dice::uniform_below(rng, 20));
                let roll = if doubled { 2 * roll } else { roll };
                winners |= u32::from(roll <= self.sides[i].target) << i;
            }
            if let Some(end) = self.settle(mask, winners) {
                break end;
            }
            if exchange == self.max_exchanges {
                break End::Unresolved;
            }
            mask = winners;
        };
        match end {
            End::Win(i) => tally.count(self.win[i], true),
            End::Draw => tally.count(self.draw, true),
            End::Unresolved => tally.count(self.unresolved, true),
        }
        tally.record(self.exchanges, exchange as usize);
    }

    /// Exact by dynamic programming over which sides are still in, exchange by exchange,
    /// enumerating every pattern of successes.
    fn exact(&self) -> Option<ExactValues> {
        let n = self.sides.len();
        let full = (1usize << n) - 1;
        let mut state = vec![0.0; full + 1];
        state[full] = 1.0;
        let mut win = vec![0.0; n];
        let (mut draw, mut unresolved) = (0.0, 0.0);
        let mut ends_at = vec![0.0; self.max_exchanges as usize + 1];
        let last = self.max_exchanges as usize;
        for (exchange, ends) in ends_at.iter_mut().enumerate().skip(1) {
            let mut next = vec![0.0; full + 1];
            for (mask, &p_mask) in state.iter().enumerate() {
                if p_mask == 0.0 {
                    continue;
                }
                let doubled = self.doubled(mask as u32);
                // Every subset of `mask` is a pattern of successes.
                let mut winners = mask;
                loop {
                    let mut p = p_mask;
                    for i in self.in_sides(mask as u32) {
                        let ps = self.p_success(i, doubled);
                        p *= if winners >> i & 1 == 1 { ps } else { 1.0 - ps };
                    }
                    match self.settle(mask as u32, winners as u32) {
                        Some(End::Win(i)) => win[i] += p,
                        Some(_) => draw += p,
                        None if exchange == last => unresolved += p,
                        None => next[winners] += p,
                    }
                    let settled = self.settle(mask as u32, winners as u32).is_some();
                    if settled || exchange == last {
                        *ends += p;
                    }
                    if winners == 0 {
                        break;
                    }
                    winners = (winners - 1) & mask;
                }
            }
            state = next;
        }
        let mut exact = ExactValues::new();
        for (side, p) in self.sides.iter().zip(&win) {
            exact.insert(format!("win.{}", side.name), *p);
        }
        exact.insert("draw".into(), draw);
        exact.insert("unresolved".into(), unresolved);
        let mean = ends_at.iter().enumerate().map(|(k, p)| k as f64 * p).sum();
        exact.insert("exchanges.mean".into(), mean);
        for (label, q) in [("median", 0.5), ("p90", 0.9), ("p99", 0.99)] {
            let mut cumulative = 0.0;
            let k = ends_at
                .iter()
                .position(|p| {
                    cumulative += p;
                    cumulative >= q - 1e-12
                })
                .unwrap_or(0);
            exact.insert(format!("exchanges.{label}"), k as f64);
        }
        Some(exact)
    }
}

#[cfg(test)]
mod tests;
