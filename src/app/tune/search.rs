//! The walk of a target search, over any way of finding the rate at a value (sampled or
//! exact; the tests use made-up rates). It assumes the rate moves one way as the field
//! grows. From the start it steps outward both ways, 1, 2, 4, … away, each step kept within
//! the values allowed, until two values straddle the target; then it halves that bracket
//! down to two neighbours. Each direction ends on its own:
//!
//! - **limit**: its last value is the end of the values allowed (the key's declared range,
//!   `--from`/`--to`), so the next step would leave them;
//! - **refused**: the scenario refuses the next value (a range that depends on other keys);
//! - **plateau**: the rate came no nearer the target over [`PLATEAU_STEPS`] values in a
//!   row. Each value is compared with the *anchor*, the last value at which the rate had
//!   moved toward the target (at first the start): a value is *still* when its rate is no
//!   nearer the target than the anchor's by more than the noise, √(h₁² + h₂²) from the two
//!   rates' 95% half-widths h (the noise of a difference of two independent estimates; the
//!   same random numbers make the true noise smaller), or [`EXACT_NOISE`] (rounding) when
//!   both rates are exact. A value that is nearer by more becomes the anchor. Measuring from
//!   the anchor, not step by step, lets a slow trend add up over the growing steps. Exact
//!   still values count only once the rate has moved toward the target that way: an exact
//!   rate can be flat from the start (every roll succeeds) and move further on, and trying
//!   more exact values samples nothing.

use crate::stats::tune::{Stop, StopReason, Tried};
use anyhow::Result;
use std::collections::BTreeMap;

/// Still values in a row that end a direction on a plateau.
pub const PLATEAU_STEPS: usize = 4;

/// How far two exact rates may differ and still count as equal (rounding).
pub const EXACT_NOISE: f64 = 1e-12;

/// The rate at one value.
pub enum Probe {
    /// Its rate.
    Rate(Tried),
    /// The scenario refuses the value, with why.
    Refused(String),
    /// An interrupt cut it short: the search ends with no answer.
    Interrupted,
}

/// One end of the values the walk may try.
#[derive(Debug, Clone)]
pub struct Limit {
    /// The value.
    pub value: i64,
    /// What sets it, in words (`check.challenge's declared range, 0 to 17`, `--to 30`).
    pub by: String,
}

/// How a search ended.
#[derive(Debug)]
pub enum Found {
    /// The target lies between these two values (neighbours unless a value between them
    /// was refused), the lower first.
    Bracket(Tried, Tried),
    /// Neither direction reached it: how each ended.
    NotReached(Vec<Stop>),
    /// An interrupt ended it.
    Interrupted,
}

/// A search in progress: the rate at each value tried.
pub struct Walk<'a> {
    /// The rate aimed at.
    pub target: f64,
    /// The field, by path (for messages).
    pub field: &'a str,
    /// The lowest value allowed.
    pub low: Limit,
    /// The highest value allowed.
    pub high: Limit,
    /// Finds the rate at a value.
    pub probe: &'a mut dyn FnMut(i64) -> Result<Probe>,
    /// Every value tried with its rate.
    pub tried: BTreeMap<i64, Tried>,
}

/// One direction's walk.
struct Side {
    dir: i64,
    /// The last value tried this way.
    last: Tried,
    /// Steps taken (the next is 2^step away from the start).
    step: u32,
    /// The last value at which the rate had moved toward the target (at first the start).
    anchor: Tried,
    /// The still values since the anchor.
    still: Vec<i64>,
    /// Whether the rate has moved toward the target this way.
    moved: bool,
    stop: Option<Stop>,
}

impl Walk<'_> {
    fn above(&self, t: &Tried) -> bool {
        t.estimate >= self.target
    }

    /// The rate at `value`, tried once.
    fn rate(&mut self, value: i64) -> Result<Probe> {
        if let Some(t) = self.tried.get(&value) {
            return Ok(Probe::Rate(t.clone()));
        }
        let probe = (self.probe)(value)?;
        if let Probe::Rate(t) = &probe {
            self.tried.insert(value, t.clone());
        }
        Ok(probe)
    }

    /// Searches outward from `start` (within the limits), then narrows the bracket.
    pub fn run(&mut self, start: Tried) -> Result<Found> {
        self.tried.insert(start.value, start.clone());
        let side = self.above(&start);
        let toward = if self.target > start.estimate {
            1.0
        } else {
            -1.0
        };
        let mut sides = [1, -1].map(|dir| Side {
            dir,
            last: start.clone(),
            step: 0,
            anchor: start.clone(),
            still: Vec::new(),
            moved: false,
            stop: None,
        });
        while sides.iter().any(|s| s.stop.is_none()) {
            for s in sides.iter_mut().filter(|s| s.stop.is_none()) {
                let limit = if s.dir > 0 { &self.high } else { &self.low };
                let away = if s.step >= 62 { i64::MAX } else { 1 << s.step };
                let next = start.value.saturating_add(s.dir * away);
                let next = if s.dir > 0 {
                    next.min(limit.value)
                } else {
                    next.max(limit.value)
                };
                if next == s.last.value {
                    s.stop = Some(self.stop(s, next, StopReason::Limit, &limit.by));
                    continue;
                }
                let t = match self.rate(next)? {
                    Probe::Interrupted => return Ok(Found::Interrupted),
                    Probe::Refused(why) => {
                        s.stop = Some(self.stop(s, next, StopReason::Refused, &why));
                        continue;
                    }
                    Probe::Rate(t) => t,
                };
                if self.above(&t) != side {
                    let (a, b) = if s.last.value < t.value {
                        (s.last.clone(), t)
                    } else {
                        (t, s.last.clone())
                    };
                    return self.narrow(a, b);
                }
                let gain = (t.estimate - s.anchor.estimate) * toward;
                let both_exact = t.is_exact() && s.anchor.is_exact();
                let noise = if both_exact {
                    EXACT_NOISE
                } else {
                    t.half_width().hypot(s.anchor.half_width())
                };
                if gain > noise {
                    s.moved = true;
                    s.anchor = t.clone();
                    s.still.clear();
                } else if s.moved || !both_exact {
                    s.still.push(t.value);
                } else {
                    s.anchor = t.clone();
                }
                s.last = t;
                s.step += 1;
                if s.still.len() >= PLATEAU_STEPS {
                    s.stop = Some(self.stop(s, s.last.value, StopReason::Plateau, ""));
                }
            }
        }
        Ok(Found::NotReached(
            sides.into_iter().filter_map(|s| s.stop).collect(),
        ))
    }

    /// How `side` ended at `value`, with its message (`detail`: what set the limit, or why
    /// the scenario refused).
    fn stop(&self, side: &Side, value: i64, reason: StopReason, detail: &str) -> Stop {
        let field = self.field;
        let message = match reason {
            StopReason::Limit => {
                let end = if side.dir > 0 { "highest" } else { "lowest" };
                format!("{field} = {value} is the {end} value allowed ({detail})")
            }
            StopReason::Refused => format!("{field} = {value} is refused: {detail}"),
            StopReason::Plateau => {
                let values: Vec<String> = std::iter::once(side.anchor.value)
                    .chain(side.still.iter().copied())
                    .map(|v| v.to_string())
                    .collect();
                let (within, hint) = if side.last.is_exact() {
                    ("exactly as near as", "")
                } else {
                    (
                        "within the sampling noise of",
                        "; more trials or --precision would show a slower trend",
                    )
                };
                format!(
                    "a plateau: over {field} {} the rate came no nearer the target ({} values \
                     in a row {within} its rate at {}{hint})",
                    values.join(" → "),
                    side.still.len(),
                    side.anchor.value
                )
            }
        };
        Stop {
            direction: if side.dir > 0 { "up" } else { "down" },
            reason,
            value,
            message,
        }
    }

    /// Halves the bracket `(lo, hi)` until the values are neighbours (or a value between
    /// them is refused).
    fn narrow(&mut self, mut lo: Tried, mut hi: Tried) -> Result<Found> {
        let lo_side = self.above(&lo);
        while hi.value - lo.value > 1 {
            let mid = lo.value + (hi.value - lo.value) / 2;
            match self.rate(mid)? {
                Probe::Rate(t) if self.above(&t) == lo_side => lo = t,
                Probe::Rate(t) => hi = t,
                Probe::Refused(_) => break,
                Probe::Interrupted => return Ok(Found::Interrupted),
            }
        }
        Ok(Found::Bracket(lo, hi))
    }
}
