//! The finished numbers of a run: one [`MetricRow`] per reported metric, and the [`Report`]
//! that carries them with what was run. Built once after the runner merges its accumulators;
//! exporters and charts read only these types.

use super::difficulty::Difficulty;
use super::role::{Meta, Role};
use serde::Serialize;

/// What a metric row is, so that output code can choose how to draw and format it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MetricKind {
    /// A probability in [0, 1] (success rate, flux rate, one bucket of a distribution).
    Rate,
    /// A mean on the metric's own scale (successes rolled, rounds).
    Mean,
    /// A quantile on the metric's own scale, by its level in percent (50: the median, 90:
    /// the 90th percentile of rounds).
    Quantile(u8),
    /// A value the scenario fixes (a passive skill total): known, not sampled.
    Constant,
}

/// One reported metric: the sampled estimate, its 95% interval and the exact value if known.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MetricRow {
    /// Metric name as shown in every output (`success`, `flux`, `successes.2`, ...).
    pub metric: String,
    /// Whether this row is a rate, a mean or a quantile.
    #[serde(skip)]
    pub kind: MetricKind,
    /// What the row means and what it is about.
    #[serde(skip)]
    pub meta: Meta,
    /// Point estimate from the sampled trials.
    pub estimate: f64,
    /// Lower end of the 95% interval (Wilson score interval for rates).
    pub ci_low: f64,
    /// Upper end of the 95% interval.
    pub ci_high: f64,
    /// Exact value where it can be computed, `None` otherwise.
    pub exact: Option<f64>,
    /// How far `exact` may be from the true value, where the system states it (0: exact to
    /// rounding); only systems whose exact values come from capped tables state one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub exact_bound: Option<f64>,
    /// Number of trials behind the estimate.
    pub trials: u64,
}

/// What a [`Distribution`]'s points mean.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DistributionKind {
    /// `rate` is the share of observations equal to `x`.
    Histogram,
    /// `rate` is the share of trials where the series was still going after step `x`
    /// (e.g. a side still fighting after round `x`).
    Survival,
}

/// One point of a distribution: value `x`, its count and rate with a 95% Wilson interval.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DistPoint {
    /// The value (or step) this point is about.
    pub x: u64,
    /// Observations counted at this point.
    pub count: u64,
    /// `count / trials`.
    pub rate: f64,
    /// Lower end of the 95% interval of `rate`.
    pub ci_low: f64,
    /// Upper end of the 95% interval of `rate`.
    pub ci_high: f64,
}

/// A whole distribution of a run (a histogram or a survival curve), for its own table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Distribution {
    /// Name (`rounds`, `successes`, `fighting.party`).
    pub name: String,
    /// How to read the points.
    pub kind: DistributionKind,
    /// What the distribution means and what it is about.
    #[serde(skip)]
    pub meta: Meta,
    /// Observations behind every rate.
    pub trials: u64,
    /// Points in increasing `x`.
    pub points: Vec<DistPoint>,
    /// For a histogram of the round something first happened (`first_death.SIDE`): which
    /// values are not rounds. `None` for every other distribution.
    #[serde(skip)]
    pub onset: Option<Onset>,
}

/// The values of an onset histogram that are not rounds: rounds run `1..after`, `after`
/// counts the trials in which it came once the fight was over (the aftermath) and
/// `after + 1` those in which it never came.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Onset {
    /// The value meaning "after the fight" (`max_rounds + 1`); `after + 1` means never.
    pub after: u64,
    /// Whether it can come after the fight (a first death can, a first fall cannot).
    pub aftermath: bool,
}

/// Everything an exporter needs to write the results of one scenario run.
#[derive(Debug, Clone, Default, Serialize)]
pub struct Report {
    /// Scenario `name`.
    pub scenario: String,
    /// Scenario `system` (e.g. `invisible-sun`).
    pub system: String,
    /// Trials run (0 for an exact-only report).
    pub trials: u64,
    /// Seed the run used.
    pub seed: u64,
    /// A fight's difficulty band for one side (`None`: no fight, or no value to read).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Box<Difficulty>>,
    /// Rows in display order.
    pub metrics: Vec<MetricRow>,
    /// Histograms and survival curves, each for its own table (empty for exact-only reports).
    pub distributions: Vec<Distribution>,
    /// Set when the run was interrupted: `trials` then counts the trials done (the first
    /// batches, so the numbers are those of a run of that many trials).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partial: Option<Partial>,
}

/// What an interrupted run or sweep did not finish.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Partial {
    /// Trials asked for (per grid point for a sweep).
    pub trials_requested: u64,
    /// A sweep's grid points not run, each as its swept values (empty for a single run).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing_points: Vec<Vec<f64>>,
}

impl MetricRow {
    /// A rate that is not one value of a distribution (`success`, `win.party`, not
    /// `successes.2`) nor one encounter's of a day (`encounter.2.win.party`: the day's own
    /// rates head a day): the rows sweep tables and charts draw.
    pub fn is_headline(&self) -> bool {
        self.kind == MetricKind::Rate
            && self.meta.role != Role::Distribution
            && self.meta.encounter.is_none()
    }
}

/// One grid point of a sweep: the swept fields' values and the metrics there.
#[derive(Debug, Clone, Serialize)]
pub struct SweepResult {
    /// Values of the swept fields, in the sweep's field order.
    pub values: Vec<f64>,
    /// A fight's difficulty band at this point.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    /// Metric rows at this point.
    pub metrics: Vec<MetricRow>,
}

/// The results of a sweep: every grid point, all run from the same seed.
#[derive(Debug, Clone, Serialize)]
pub struct SweepReport {
    /// Scenario `name`.
    pub scenario: String,
    /// Scenario `system`.
    pub system: String,
    /// Trials per grid point.
    pub trials: u64,
    /// Seed of every grid point.
    pub seed: u64,
    /// Swept field paths (`check.challenge`).
    pub fields: Vec<String>,
    /// For a sweep over words: each field's words, in order (empty for a field of numbers),
    /// a point's value of such a field being its word's place (0, 1, …); empty, and left out
    /// of the JSON, when every field is a number.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub words: Vec<Vec<String>>,
    /// Grid points, first field slowest (only those finished, when interrupted).
    pub points: Vec<SweepResult>,
    /// Set when the sweep was interrupted: the grid points left out.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub partial: Option<Partial>,
}

impl SweepReport {
    /// The value `v` of field `field` as written: its word for a field of words, else the
    /// number.
    pub fn value_text(&self, field: usize, v: f64) -> String {
        match self.words.get(field).filter(|w| !w.is_empty()) {
            Some(words) => words
                .get(v as usize)
                .cloned()
                .unwrap_or_else(|| fmt_value(v)),
            None => fmt_value(v),
        }
    }

    /// Whether field `field` sweeps words.
    pub fn field_is_words(&self, field: usize) -> bool {
        self.words.get(field).is_some_and(|w| !w.is_empty())
    }

    /// Short column names for the fields: the last part of each path, or the whole path
    /// where two would clash.
    pub fn field_labels(&self) -> Vec<String> {
        let last = |p: &str| p.rsplit('.').next().unwrap_or(p).to_string();
        self.fields
            .iter()
            .map(|p| {
                let clash = self.fields.iter().filter(|q| last(q) == last(p)).count() > 1;
                if clash { p.clone() } else { last(p) }
            })
            .collect()
    }

    /// Names of the headline rates, in report order.
    pub fn headline_metrics(&self) -> Vec<String> {
        self.points
            .first()
            .map(|p| {
                p.metrics
                    .iter()
                    .filter(|r| r.is_headline())
                    .map(|r| r.metric.clone())
                    .collect()
            })
            .unwrap_or_default()
    }

    /// The distinct values of field `i`, in first-seen order.
    pub fn field_values(&self, i: usize) -> Vec<f64> {
        let mut seen: Vec<f64> = Vec::new();
        for p in &self.points {
            if !seen.contains(&p.values[i]) {
                seen.push(p.values[i]);
            }
        }
        seen
    }

    /// Whether every value of field `i` is a whole number.
    pub fn field_is_integer(&self, i: usize) -> bool {
        self.points.iter().all(|p| p.values[i].fract() == 0.0)
    }
}

/// A swept value as written: whole numbers without a decimal point.
pub fn fmt_value(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else {
        format!("{v}")
    }
}

/// The one file-name-safe form of user text in an output's name (a metric name with a side's
/// name in it, a variant's label, a scenario's folder and file): ASCII letters, digits, `.`
/// and `-` kept, anything else `_`, and a leading `.` made `_`, so that no name is hidden,
/// empty, or a step out of its folder (`..`).
pub fn file_part(text: &str) -> String {
    let mut safe: String = text
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '.' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    if safe.is_empty() || safe.starts_with('.') {
        safe.replace_range(..safe.len().min(1), "_");
    }
    safe
}

#[cfg(test)]
mod tests {
    use super::file_part;

    #[test]
    fn a_file_part_never_leaves_its_folder_nor_hides() {
        assert_eq!(file_part("deaths.party"), "deaths.party");
        assert_eq!(file_part("deaths.the party"), "deaths.the_party");
        assert_eq!(file_part("../../escape"), "_._.._escape");
        assert_eq!(file_part(".."), "_.");
        assert_eq!(file_part(".hidden"), "_hidden");
        assert_eq!(file_part(""), "_");
        assert_eq!(file_part("a/b\\c\u{7}é"), "a_b_c__");
    }
}
