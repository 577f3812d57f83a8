//! How bad is a fight for one side: a difficulty band (trivial, easy, medium, hard, deadly)
//! from the side's two rates that matter most, `any_death` (someone of it dead once the fight
//! and its aftermath are over) and `all_down` (nobody of it standing at the end). Each rate
//! gets a band from its own thresholds; the side's band is the worse of the two. The
//! thresholds are oddsmith's convention, not a rule of any rule system, and a scenario may set
//! its own (`[difficulty]`).
//!
//! A band is read from the exact value where a row has one, else from the estimate; the 95%
//! intervals then say whether the band is borderline: the band could be worse if either
//! rate's upper end reaches a worse band, and better only if both rates' lower ends fall
//! into better bands (the band is the worse of the two).

use super::role::{About, Role};
use super::summary::{MetricKind, MetricRow};
use super::tally::Layout;
use serde::Serialize;

/// How many thresholds a rate's bands have: where easy, medium, hard and deadly begin.
pub const THRESHOLDS: usize = 4;

/// The default `any_death` thresholds: easy from 1%, medium from 5%, hard from 15%, deadly
/// from 35%.
pub const ANY_DEATH: [f64; THRESHOLDS] = [0.01, 0.05, 0.15, 0.35];

/// The default `all_down` thresholds: easy from 0.1%, medium from 1%, hard from 5%, deadly
/// from 15%.
pub const ALL_DOWN: [f64; THRESHOLDS] = [0.001, 0.01, 0.05, 0.15];

/// A difficulty band, from the mildest to the worst.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Band {
    /// Below the first threshold.
    Trivial,
    /// From the first threshold.
    Easy,
    /// From the second threshold.
    Medium,
    /// From the third threshold.
    Hard,
    /// From the fourth threshold.
    Deadly,
}

impl Band {
    /// Every band, mildest first.
    pub const ALL: [Band; THRESHOLDS + 1] = [
        Band::Trivial,
        Band::Easy,
        Band::Medium,
        Band::Hard,
        Band::Deadly,
    ];

    /// The band a rate of `value` falls in: the number of `thresholds` at or below it
    /// (0: trivial … 4: deadly). A value on a threshold is in the band that threshold begins.
    pub fn of(value: f64, thresholds: &[f64; THRESHOLDS]) -> Band {
        Band::ALL[thresholds.iter().filter(|&&t| t <= value).count()]
    }

    /// The band's name as every output writes it (`medium`).
    pub fn name(self) -> &'static str {
        match self {
            Band::Trivial => "trivial",
            Band::Easy => "easy",
            Band::Medium => "medium",
            Band::Hard => "hard",
            Band::Deadly => "deadly",
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// The next milder band, if any.
    pub fn milder(self) -> Option<Band> {
        self.index().checked_sub(1).map(|i| Band::ALL[i])
    }

    /// The next worse band, if any.
    pub fn worse(self) -> Option<Band> {
        Band::ALL.get(self.index() + 1).copied()
    }
}

/// Which of a side's rates a band comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// `any_death.SIDE`: someone of the side is dead after the aftermath.
    AnyDeath,
    /// `all_down.SIDE`: nobody of the side was standing at the end.
    AllDown,
}

impl Basis {
    /// The name outputs use (`any_death`), as in the metric names and `[difficulty]` keys.
    pub fn name(self) -> &'static str {
        match self {
            Basis::AnyDeath => "any_death",
            Basis::AllDown => "all_down",
        }
    }

    fn role(self) -> Role {
        match self {
            Basis::AnyDeath => Role::AnyDeath,
            Basis::AllDown => Role::AllDown,
        }
    }
}

/// The thresholds of both rates' bands: each four probabilities in 0–1, strictly increasing,
/// where easy, medium, hard and deadly begin.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Thresholds {
    /// For `any_death.SIDE`.
    pub any_death: [f64; THRESHOLDS],
    /// For `all_down.SIDE`.
    pub all_down: [f64; THRESHOLDS],
}

impl Default for Thresholds {
    fn default() -> Self {
        Self {
            any_death: ANY_DEATH,
            all_down: ALL_DOWN,
        }
    }
}

impl Thresholds {
    /// The thresholds of `basis`.
    pub fn of(&self, basis: Basis) -> &[f64; THRESHOLDS] {
        match basis {
            Basis::AnyDeath => &self.any_death,
            Basis::AllDown => &self.all_down,
        }
    }

    /// Where `band` of `basis` begins and ends: `(None, Some(t))` for trivial (below t),
    /// `(Some(t), None)` for deadly (from t).
    pub fn bounds(&self, basis: Basis, band: Band) -> (Option<f64>, Option<f64>) {
        let t = self.of(basis);
        let i = band.index();
        (i.checked_sub(1).map(|j| t[j]), t.get(i).copied())
    }
}

/// A scenario's choice for its band: the side it is for, the thresholds, and the sides it
/// could name (a fight's sides, in the order of the roster).
#[derive(Debug, Clone, PartialEq)]
pub struct Setting {
    /// The side the band is for: `[difficulty] side`, else [`default_side`].
    pub side: String,
    /// Every side of the fight.
    pub sides: Vec<String>,
    /// The thresholds.
    pub thresholds: Thresholds,
}

impl Setting {
    /// The band of the side `side` (the setting's own when `None`) from `rows`.
    pub fn judge(&self, side: Option<&str>, rows: &[MetricRow]) -> Option<Difficulty> {
        judge(side.unwrap_or(&self.side), &self.thresholds, rows)
    }

    /// The sides, quoted, for messages: `"party", "yeti"`.
    pub fn allowed_sides(&self) -> String {
        self.sides
            .iter()
            .map(|s| format!("\"{s}\""))
            .collect::<Vec<_>>()
            .join(", ")
    }
}

/// The sides of a fight's `layout`: those with both an `any_death` and an `all_down` rate, in
/// the order declared (empty when the layout is no fight's).
pub fn sides(layout: &Layout) -> Vec<String> {
    let of = |role: Role| -> Vec<String> {
        layout
            .counters()
            .filter(|(_, m)| m.role == role)
            .filter_map(|(_, m)| match &m.about {
                About::Side(s) => Some(s.clone()),
                _ => None,
            })
            .collect()
    };
    let all_down = of(Role::AllDown);
    of(Role::AnyDeath)
        .into_iter()
        .filter(|s| all_down.contains(s))
        .collect()
}

/// The side a band is for when the scenario does not say: the side called `party`, else
/// the one called `pcs`, else the first.
pub fn default_side(sides: &[String]) -> Option<&str> {
    ["party", "pcs"]
        .iter()
        .find_map(|name| sides.iter().find(|s| s == name))
        .or(sides.first())
        .map(String::as_str)
}

/// One rate as the band reads it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reading {
    /// The row's metric name (`any_death.party`).
    pub metric: String,
    /// The value read: the exact value where the row has one, else the estimate.
    pub value: f64,
    /// Lower end of its 95% interval (the value itself when exact).
    pub ci_low: f64,
    /// Upper end of its 95% interval (the value itself when exact).
    pub ci_high: f64,
    /// Whether `value` is the exact value.
    pub exact: bool,
    /// The band of `value` by this rate's thresholds.
    pub band: Band,
}

impl Reading {
    /// The reading of the rate with `basis`'s role about `side` in `rows`; `None` when there
    /// is no such row or it has no value (nothing sampled, no exact value).
    fn of(rows: &[MetricRow], basis: Basis, side: &str, thresholds: &Thresholds) -> Option<Self> {
        let row = rows.iter().find(|r| {
            r.meta.role == basis.role()
                && r.kind == MetricKind::Rate
                && matches!(&r.meta.about, About::Side(s) if s == side)
        })?;
        let (value, ci_low, ci_high, exact) = match row.exact {
            Some(e) => (e, e, e, true),
            None if row.estimate.is_nan() => return None,
            None => (row.estimate, row.ci_low, row.ci_high, false),
        };
        Some(Self {
            metric: row.metric.clone(),
            value,
            ci_low,
            ci_high,
            exact,
            band: Band::of(value, thresholds.of(basis)),
        })
    }
}

/// A side's difficulty band, how it was decided, and whether its intervals reach another.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Difficulty {
    /// The side it is for.
    pub side: String,
    /// The worse of the two rates' bands.
    pub band: Band,
    /// The rate whose band it is (`any_death` when both give the same band).
    pub by: Basis,
    /// The neighbouring bands the 95% intervals reach, milder first (`None`: neither): the
    /// worse one when either rate's upper end reaches it, the milder one when both rates'
    /// lower ends fall below `band`.
    pub borderline: Option<Vec<Band>>,
    /// The mildest and the worst band within the 95% intervals.
    pub range: [Band; 2],
    /// The `any_death` rate as read.
    pub any_death: Reading,
    /// The `all_down` rate as read.
    pub all_down: Reading,
    /// The thresholds used.
    pub thresholds: Thresholds,
}

/// The band of `side` from the `any_death` and `all_down` rows about it in `rows` with
/// `thresholds`; `None` when either row is missing or has no value.
pub fn judge(side: &str, thresholds: &Thresholds, rows: &[MetricRow]) -> Option<Difficulty> {
    let any_death = Reading::of(rows, Basis::AnyDeath, side, thresholds)?;
    let all_down = Reading::of(rows, Basis::AllDown, side, thresholds)?;
    let (band, by) = if any_death.band >= all_down.band {
        (any_death.band, Basis::AnyDeath)
    } else {
        (all_down.band, Basis::AllDown)
    };
    let at = |end: fn(&Reading) -> f64| {
        Band::of(end(&any_death), &thresholds.any_death)
            .max(Band::of(end(&all_down), &thresholds.all_down))
    };
    let mildest = at(|r| r.ci_low).min(band);
    let worst = at(|r| r.ci_high).max(band);
    let neighbours: Vec<Band> = [
        band.milder().filter(|_| mildest < band),
        band.worse().filter(|_| worst > band),
    ]
    .into_iter()
    .flatten()
    .collect();
    Some(Difficulty {
        side: side.to_string(),
        band,
        by,
        borderline: (!neighbours.is_empty()).then_some(neighbours),
        range: [mildest, worst],
        any_death,
        all_down,
        thresholds: *thresholds,
    })
}

impl Difficulty {
    /// The band in words: `medium`, `medium, borderline hard`, `medium, borderline easy or
    /// hard`.
    pub fn label(&self) -> String {
        match self.borderline_words() {
            Some(words) => format!("{}, borderline {words}", self.band.name()),
            None => self.band.name().to_string(),
        }
    }

    /// The neighbouring bands reached, in words (`hard`, `easy or hard`), if any.
    pub fn borderline_words(&self) -> Option<String> {
        self.borderline.as_ref().map(|b| {
            b.iter()
                .map(|band| band.name())
                .collect::<Vec<_>>()
                .join(" or ")
        })
    }

    /// The reading of `basis`.
    pub fn reading(&self, basis: Basis) -> &Reading {
        match basis {
            Basis::AnyDeath => &self.any_death,
            Basis::AllDown => &self.all_down,
        }
    }

    /// The readings that say why the band is what it is: the deciding rate's, and the other's
    /// when it gives the same band or its upper end reaches a worse one.
    pub fn reasons(&self) -> Vec<(Basis, &Reading)> {
        let other = match self.by {
            Basis::AnyDeath => Basis::AllDown,
            Basis::AllDown => Basis::AnyDeath,
        };
        let o = self.reading(other);
        let reaches = Band::of(o.ci_high, self.thresholds.of(other)) > self.band;
        let mut out = vec![(self.by, self.reading(self.by))];
        if o.band == self.band || reaches {
            out.push((other, o));
        }
        out
    }
}

#[cfg(test)]
mod tests;
