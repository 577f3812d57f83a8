//! `oddsmith tune`: the value of an integer field whose rate is closest to a target. Every
//! value tried runs from the same seed (common random numbers), so the rate moves smoothly
//! with the field. The search assumes the rate moves one way as the field grows: it steps
//! outward from the scenario's value (1, 2, 4, ... away, or within `--from`/`--to`) until the
//! target lies between two values, then halves that bracket down to two neighbours, and
//! reports both with their intervals.

use super::run_scenario;
use crate::cli::TuneArgs;
use crate::error::UsageError;
use crate::scenario::Scenario;
use crate::scenario::sweep::{integer_at, variant};
use crate::sim::NoProgress;
use crate::stats::{MetricKind, MetricRow};
use anyhow::Result;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write;

/// Most outward steps before giving up on bracketing (2^40 away).
const MAX_STEPS: u32 = 40;

/// One value tried.
#[derive(Debug, Clone, Serialize)]
struct Tried {
    value: i64,
    estimate: f64,
    ci_low: f64,
    ci_high: f64,
    exact: Option<f64>,
}

#[derive(Debug, Serialize)]
struct TuneReport {
    scenario: String,
    field: String,
    metric: String,
    target: f64,
    trials: u64,
    seed: u64,
    /// The value whose rate is closest to the target.
    best: Option<Tried>,
    /// The neighbours the target lies between, when it was bracketed.
    bracket: Option<(Tried, Tried)>,
    /// Every value tried, in increasing order.
    tried: Vec<Tried>,
}

/// What to search: from the command line, else the file's `[tune]` table.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Goal {
    vary: String,
    metric: String,
    target: f64,
    from: Option<i64>,
    to: Option<i64>,
}

#[derive(Debug, Deserialize)]
struct TuneOnly {
    tune: Option<TuneSpec>,
}

/// `[tune]` as written: every key optional, so the command line can fill in the rest.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TuneSpec {
    vary: Option<String>,
    metric: Option<String>,
    target: Option<f64>,
    from: Option<i64>,
    to: Option<i64>,
}

fn goal(args: &TuneArgs, base: &Scenario) -> Result<Goal> {
    let file = base.source.parse::<TuneOnly>()?.tune;
    let from_file = |f: fn(&TuneSpec) -> Option<String>| file.as_ref().and_then(f);
    let missing = |what: &str| {
        UsageError(format!(
            "give --{what}, or `{what}` in a [tune] table of {}",
            base.source.path.display()
        ))
    };
    Ok(Goal {
        vary: args
            .vary
            .clone()
            .or_else(|| from_file(|t| t.vary.clone()))
            .ok_or_else(|| missing("vary"))?,
        metric: args
            .metric
            .clone()
            .or_else(|| from_file(|t| t.metric.clone()))
            .ok_or_else(|| missing("metric"))?,
        target: args
            .target
            .or_else(|| file.as_ref().and_then(|t| t.target))
            .ok_or_else(|| missing("target"))?,
        from: args.from.or_else(|| file.as_ref().and_then(|t| t.from)),
        to: args.to.or_else(|| file.as_ref().and_then(|t| t.to)),
    })
}

struct Search<'a> {
    base: &'a Scenario,
    goal: &'a Goal,
    args: &'a TuneArgs,
    trials: u64,
    seed: u64,
    cache: BTreeMap<i64, Option<Tried>>,
}

impl Search<'_> {
    /// The metric at `value`, or `None` where the scenario rejects the value.
    fn eval(&mut self, value: i64) -> Result<Option<Tried>> {
        if let Some(hit) = self.cache.get(&value) {
            return Ok(hit.clone());
        }
        let in_range =
            self.goal.from.is_none_or(|f| value >= f) && self.goal.to.is_none_or(|t| value <= t);
        let tried = match variant(&self.base.source, &self.goal.vary, value) {
            Ok(s) if in_range => {
                let r = run_scenario(
                    &s,
                    self.trials,
                    self.seed,
                    self.args.common.threads,
                    None,
                    &NoProgress,
                )?;
                let row: &MetricRow = r
                    .metrics
                    .iter()
                    .find(|m| m.metric == self.goal.metric)
                    .expect("checked before the search");
                if !self.args.common.quiet {
                    eprintln!(
                        "  {} = {value}: {} {:.6} [{:.6}, {:.6}]",
                        self.goal.vary, self.goal.metric, row.estimate, row.ci_low, row.ci_high
                    );
                }
                Some(Tried {
                    value,
                    estimate: row.estimate,
                    ci_low: row.ci_low,
                    ci_high: row.ci_high,
                    exact: row.exact,
                })
            }
            _ => None,
        };
        self.cache.insert(value, tried.clone());
        Ok(tried)
    }

    fn above(&self, t: &Tried) -> bool {
        t.estimate >= self.goal.target
    }

    /// Steps outward from `start` until two values straddle the target.
    fn bracket(&mut self, start: Tried) -> Result<Option<(Tried, Tried)>> {
        let side = self.above(&start);
        let mut last = [start.clone(), start.clone()];
        let mut alive = [true, true];
        for k in 0..MAX_STEPS {
            for (d, dir) in [1i64, -1].into_iter().enumerate() {
                if !alive[d] {
                    continue;
                }
                let Some(v) = start.value.checked_add(dir * (1i64 << k)) else {
                    alive[d] = false;
                    continue;
                };
                match self.eval(v)? {
                    None => alive[d] = false,
                    Some(t) if self.above(&t) != side => {
                        let (a, b) = (last[d].clone(), t);
                        return Ok(Some(if a.value < b.value { (a, b) } else { (b, a) }));
                    }
                    Some(t) => last[d] = t,
                }
            }
            if !alive.iter().any(|&a| a) {
                break;
            }
        }
        Ok(None)
    }

    /// Halves the bracket `(lo, hi)` until the values are neighbours.
    fn narrow(&mut self, (mut lo, mut hi): (Tried, Tried)) -> Result<(Tried, Tried)> {
        let lo_side = self.above(&lo);
        while hi.value - lo.value > 1 {
            let mid = lo.value + (hi.value - lo.value) / 2;
            match self.eval(mid)? {
                Some(t) if self.above(&t) == lo_side => lo = t,
                Some(t) => hi = t,
                None => break,
            }
        }
        Ok((lo, hi))
    }
}

/// Runs the search and prints what it found.
pub fn tune(args: TuneArgs) -> Result<()> {
    super::check_counts(args.common.trials, args.common.threads)?;
    let base = Scenario::load(&args.scenario)?;
    let goal = goal(&args, &base)?;
    if !(0.0..=1.0).contains(&goal.target) {
        return Err(UsageError(format!(
            "--target {} must be a rate from 0 to 1",
            goal.target
        ))
        .into());
    }
    let rates: Vec<String> = super::exact_report(&base)
        .metrics
        .iter()
        .filter(|m| m.kind == MetricKind::Rate)
        .map(|m| m.metric.clone())
        .collect();
    if !rates.contains(&goal.metric) {
        return Err(UsageError(format!(
            "--metric {}: no such rate in {}; rates: {}",
            goal.metric,
            args.scenario.display(),
            rates.join(", ")
        ))
        .into());
    }
    let Some(start) = integer_at(&base.source, &goal.vary).or(goal.from) else {
        return Err(UsageError(format!(
            "--vary {}: no integer at that path in {} (give --from to start elsewhere)",
            goal.vary,
            args.scenario.display()
        ))
        .into());
    };
    let start = start.clamp(goal.from.unwrap_or(i64::MIN), goal.to.unwrap_or(i64::MAX));
    let mut search = Search {
        base: &base,
        goal: &goal,
        trials: args.common.trials.unwrap_or(base.run.trials).max(1),
        seed: args.common.seed.unwrap_or(base.run.seed),
        args: &args,
        cache: BTreeMap::new(),
    };
    let Some(first) = search.eval(start)? else {
        let why = variant(&base.source, &goal.vary, start)
            .err()
            .unwrap_or_default();
        return Err(UsageError(format!("--vary {} = {start}: {why}", goal.vary)).into());
    };
    let bracket = match search.bracket(first)? {
        Some(b) => Some(search.narrow(b)?),
        None => None,
    };
    let tried: Vec<Tried> = search.cache.values().flatten().cloned().collect();
    let target = goal.target;
    let closest = |ts: &[&Tried]| {
        ts.iter()
            .min_by(|a, b| {
                (a.estimate - target)
                    .abs()
                    .total_cmp(&(b.estimate - target).abs())
            })
            .map(|t| (*t).clone())
    };
    let best = match &bracket {
        Some((lo, hi)) => closest(&[lo, hi]),
        None => closest(&tried.iter().collect::<Vec<_>>()),
    };
    let report = TuneReport {
        scenario: base.name.clone(),
        field: goal.vary.clone(),
        metric: goal.metric.clone(),
        target,
        trials: search.trials,
        seed: search.seed,
        best,
        bracket,
        tried,
    };
    super::print_results(args.common.json, &report, || render(&report));
    Ok(())
}

fn render(r: &TuneReport) -> String {
    let mut out = String::new();
    let row = |t: &Tried| {
        format!(
            "{} = {}: {} {:.6} [{:.6}, {:.6}]{}",
            r.field,
            t.value,
            r.metric,
            t.estimate,
            t.ci_low,
            t.ci_high,
            t.exact
                .map(|e| format!(" exact {e:.6}"))
                .unwrap_or_default()
        )
    };
    let _ = writeln!(
        out,
        "{}: {} closest to {} over {} ({} trials per value, seed {})",
        r.scenario, r.metric, r.target, r.field, r.trials, r.seed
    );
    match (&r.best, &r.bracket) {
        (Some(best), Some((lo, hi))) => {
            let _ = writeln!(out, "closest: {}", row(best));
            let _ = writeln!(out, "the target lies between\n  {}\n  {}", row(lo), row(hi));
        }
        (Some(best), None) => {
            let _ = writeln!(
                out,
                "the target was not reached in the values the scenario allows; closest: {}",
                row(best)
            );
        }
        _ => {}
    }
    out
}
