//! Gods & Monsters ability and reaction rolls (004_803a11f5ee1b6e60.txt, "Abilities and
//! reactions", "Difficulty adjustments", "Careful attempts", "Mojo", "Group Effort"): roll
//! d20 at or under a score after modifiers; on a failed archetypal roll, bid mojo.
//!
//! `[check]` keys (defaults in brackets):
//! - `score` (0–40) — the ability or reaction; or `group_scores = [..]`, the members' final
//!   scores, whose median is used (and whose count is the default `group_size`).
//! - `bonus`, `penalty` [0] (0–40): field bonuses, skills and other modifiers.
//! - `difficulty` ["normal"]: `"easy"` +2, `"very easy"` +4, `"a snap"` +8, `"incredibly
//!   easy"` +16; `"difficult"` 0 (the table names it without a number), `"very difficult"`
//!   −2, `"extremely difficult"` −4, `"nearly impossible"` −8, `"practically impossible"` −16.
//! - `obstacle_size` [1] (1–10⁹, integer or float): multiples of the no-penalty size; the
//!   penalty is floor(log₂ size): 2–3 → 1, 4–7 → 2, ..., 1024 → 10.
//! - `careful` [0] (0–2): the careful-attempt bonus.
//! - `injuries` [0] (0–99): injury points, a penalty.
//! - `group_size` [1]: group effort bonus floor(log₂ size).
//! - `archetypal` [false], `mojo` [0] (0–1000): after a failed archetypal roll the player
//!   bids the mojo; exactly what the roll missed by is spent (the rest is kept) if the pool
//!   covers it, else nothing. Each mojo spent earns 50 experience.
//!
//! The roll succeeds on d20 ≤ target, target = score + bonus − penalty + difficulty −
//! obstacle penalty + careful − injuries + group bonus (rounded down when a median makes it
//! fractional).

use super::group::{group_bonus, median};
use crate::error::ScenarioError;
use crate::scenario::{RunSettings, Source, int_in_range};
use crate::stats::{CounterId, ExactValues, HistogramId, HistogramReport, Layout, Tally};
use crate::systems::RuleSystem;
use rand::Rng;
use serde::Deserialize;
use toml::Spanned;

/// Experience per mojo spent on an archetypal roll.
pub const EXPERIENCE_PER_MOJO: u64 = 50;

/// The difficulty words and their modifiers.
pub const DIFFICULTIES: [(&str, i64); 10] = [
    ("normal", 0),
    ("easy", 2),
    ("very easy", 4),
    ("a snap", 8),
    ("incredibly easy", 16),
    ("difficult", 0),
    ("very difficult", -2),
    ("extremely difficult", -4),
    ("nearly impossible", -8),
    ("practically impossible", -16),
];

/// The roll keys of `[check]` and of each `[[contest.side]]` (`name` and `role` are for
/// sides only).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RollSpec {
    pub(super) name: Option<Spanned<String>>,
    pub(super) role: Option<Spanned<String>>,
    score: Option<Spanned<i64>>,
    group_scores: Option<Spanned<Vec<f64>>>,
    bonus: Option<Spanned<i64>>,
    penalty: Option<Spanned<i64>>,
    difficulty: Option<Spanned<String>>,
    obstacle_size: Option<Spanned<f64>>,
    careful: Option<Spanned<i64>>,
    injuries: Option<Spanned<i64>>,
    group_size: Option<Spanned<i64>>,
    archetypal: Option<bool>,
    pub(super) mojo: Option<Spanned<i64>>,
}

/// The penalty for an obstacle `size` times the no-penalty size: floor(log₂ size).
pub fn obstacle_penalty(size: f64) -> i64 {
    if size < 2.0 {
        0
    } else {
        size.log2().floor() as i64
    }
}

impl RollSpec {
    /// The number a d20 must not exceed, checked and with every modifier applied. `key` is
    /// the table's dotted path for messages (`check`, `contest.side`).
    pub fn target(&self, source: &Source, key: &str) -> Result<i64, ScenarioError> {
        let k = |name: &str| format!("{key}.{name}");
        let (score, default_group) = match (&self.score, &self.group_scores) {
            (Some(s), None) => (
                int_in_range(source, Some(s), &k("score"), 0, 40, 0)? as f64,
                1,
            ),
            (None, Some(g)) => match median(g.get_ref()) {
                Some(m) if g.get_ref().iter().all(|v| (0.0..=40.0).contains(v)) => {
                    (m, g.get_ref().len() as i64)
                }
                _ => {
                    return Err(source.invalid(
                        g.span(),
                        k("group_scores"),
                        "give one or more scores, each from 0 to 40",
                    ));
                }
            },
            (Some(s), Some(_)) => {
                return Err(source.invalid(
                    s.span(),
                    k("score"),
                    "give either `score` or `group_scores`, not both",
                ));
            }
            (None, None) => {
                return Err(source.invalid(
                    0..0,
                    k("score"),
                    "missing: give the ability or reaction `score` (0–40) or `group_scores`",
                ));
            }
        };
        let difficulty = match &self.difficulty {
            None => 0,
            Some(d) => {
                let word = d.get_ref().trim().to_lowercase();
                DIFFICULTIES
                    .iter()
                    .find(|(w, _)| *w == word)
                    .map(|(_, m)| *m)
                    .ok_or_else(|| {
                        let allowed: Vec<String> = DIFFICULTIES
                            .iter()
                            .map(|(w, _)| format!("\"{w}\""))
                            .collect();
                        source.invalid(
                            d.span(),
                            k("difficulty"),
                            format!(
                                "unknown difficulty \"{}\"; allowed: {}",
                                d.get_ref(),
                                allowed.join(", ")
                            ),
                        )
                    })?
            }
        };
        let obstacle = match &self.obstacle_size {
            None => 0,
            Some(o) if *o.get_ref() >= 1.0 && *o.get_ref() <= 1e9 => obstacle_penalty(*o.get_ref()),
            Some(o) => {
                return Err(source.invalid(
                    o.span(),
                    k("obstacle_size"),
                    format!(
                        "{} is out of range; allowed: a size from 1 to 1e9",
                        o.get_ref()
                    ),
                ));
            }
        };
        let group = int_in_range(
            source,
            self.group_size.as_ref(),
            &k("group_size"),
            1,
            1 << 20,
            default_group,
        )?;
        let total = score
            + (int_in_range(source, self.bonus.as_ref(), &k("bonus"), 0, 40, 0)?
                - int_in_range(source, self.penalty.as_ref(), &k("penalty"), 0, 40, 0)?
                + difficulty
                - obstacle
                + int_in_range(source, self.careful.as_ref(), &k("careful"), 0, 2, 0)?
                - int_in_range(source, self.injuries.as_ref(), &k("injuries"), 0, 99, 0)?
                + group_bonus(group as u64)) as f64;
        Ok(total.floor() as i64)
    }

    /// The mojo pool, checked against `archetypal`.
    pub fn mojo(&self, source: &Source, key: &str) -> Result<u64, ScenarioError> {
        let mojo = int_in_range(
            source,
            self.mojo.as_ref(),
            &format!("{key}.mojo"),
            0,
            1000,
            0,
        )?;
        match &self.mojo {
            Some(m) if mojo > 0 && !self.archetypal.unwrap_or(false) => Err(source.invalid(
                m.span(),
                format!("{key}.mojo"),
                "mojo may be bid only on archetypal rolls; add `archetypal = true` or remove mojo",
            )),
            _ => Ok(mojo as u64),
        }
    }
}

#[derive(Debug, Deserialize)]
struct File {
    check: RollSpec,
}

/// A Gods & Monsters roll built from `[check]`.
#[derive(Debug, Clone)]
pub struct RollCheck {
    /// The d20 must not exceed this.
    pub target: i64,
    /// Mojo available for a bid (0 for a roll that is not archetypal).
    pub mojo: u64,
    layout: Layout,
    ids: Ids,
}

#[derive(Debug, Clone, Copy)]
struct Ids {
    success: CounterId,
    success_unaided: CounterId,
    mojo_used: CounterId,
    mojo_spent: HistogramId,
    experience: HistogramId,
}

impl RollCheck {
    /// Reads `[check]` from `source`.
    pub fn from_source(source: &Source, run: &RunSettings) -> Result<Self, ScenarioError> {
        if run.max_rounds.is_some() {
            return Err(source.invalid(
                0..0,
                "run.max_rounds",
                "a single roll has no rounds; remove max_rounds",
            ));
        }
        let file: File = source.parse()?;
        let c = &file.check;
        for (field, what) in [(&c.name, "name"), (&c.role, "role")] {
            if let Some(f) = field {
                return Err(source.invalid(
                    f.span(),
                    format!("check.{what}"),
                    "`name` and `role` belong to contest sides, not to a [check]",
                ));
            }
        }
        Ok(Self::new(
            c.target(source, "check")?,
            c.mojo(source, "check")?,
        ))
    }

    /// A roll needing d20 ≤ `target`, with `mojo` to bid on a failure.
    pub fn new(target: i64, mojo: u64) -> Self {
        // The dearest bid turns a natural 20: sized up front, the report's rows do not
        // depend on which rolls a sample happened to see, and no trial grows a histogram.
        let most = if target >= 20 {
            0
        } else {
            ((20 - target) as u64).min(mojo)
        } as usize;
        let mut layout = Layout::new();
        let ids = Ids {
            success: layout.counter("success"),
            success_unaided: layout.counter("success_unaided"),
            mojo_used: layout.counter("mojo_used"),
            mojo_spent: layout.histogram("mojo_spent", most + 1, HistogramReport::Buckets),
            experience: layout.histogram(
                "experience",
                most * EXPERIENCE_PER_MOJO as usize + 1,
                HistogramReport::Quantiles,
            ),
        };
        Self {
            target,
            mojo,
            layout,
            ids,
        }
    }

    /// The mojo a failed `roll` costs to turn, if the pool covers it.
    fn bid(&self, roll: i64) -> Option<u64> {
        let need = (roll - self.target) as u64;
        (need <= self.mojo).then_some(need)
    }
}

impl RuleSystem for RollCheck {
    type Scratch = ();

    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn scratch(&self) {}

    #[inline]
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, _: &mut (), tally: &mut Tally) {
        let roll = 1 + i64::from(crate::dice::uniform_below(rng, 20));
        let unaided = roll <= self.target;
        let spent = if unaided { None } else { self.bid(roll) };
        let ids = &self.ids;
        tally.count(ids.success, unaided || spent.is_some());
        tally.count(ids.success_unaided, unaided);
        tally.count(ids.mojo_used, spent.is_some());
        let spent = spent.unwrap_or(0);
        tally.record(ids.mojo_spent, spent as usize);
        tally.record(ids.experience, (spent * EXPERIENCE_PER_MOJO) as usize);
    }

    fn exact(&self) -> Option<ExactValues> {
        let mut spent = vec![0u64; 1];
        let (mut success, mut unaided, mut used) = (0u64, 0u64, 0u64);
        for roll in 1..=20 {
            if roll <= self.target {
                unaided += 1;
                success += 1;
                spent[0] += 1;
            } else if let Some(cost) = self.bid(roll) {
                success += 1;
                used += 1;
                let cost = cost as usize;
                if spent.len() <= cost {
                    spent.resize(cost + 1, 0);
                }
                spent[cost] += 1;
            } else {
                spent[0] += 1;
            }
        }
        let p = |n: u64| n as f64 / 20.0;
        let mut exact = ExactValues::new();
        exact.insert("success".into(), p(success));
        exact.insert("success_unaided".into(), p(unaided));
        exact.insert("mojo_used".into(), p(used));
        let mean: f64 = spent
            .iter()
            .enumerate()
            .map(|(k, &n)| k as f64 * p(n))
            .sum();
        for (k, &n) in spent.iter().enumerate() {
            exact.insert(format!("mojo_spent.{k}"), p(n));
        }
        exact.insert("mojo_spent.mean".into(), mean);
        exact.insert("experience.mean".into(), mean * EXPERIENCE_PER_MOJO as f64);
        for (label, q) in [("median", 0.5), ("p90", 0.9), ("p99", 0.99)] {
            // The smallest amount whose cumulative probability reaches q.
            let mut cumulative = 0u64;
            let k = spent
                .iter()
                .position(|&n| {
                    cumulative += n;
                    cumulative as f64 >= q * 20.0
                })
                .unwrap_or(0);
            exact.insert(
                format!("experience.{label}"),
                (k as u64 * EXPERIENCE_PER_MOJO) as f64,
            );
        }
        Some(exact)
    }
}

#[cfg(test)]
mod tests;
