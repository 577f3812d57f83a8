//! `oddsmith tune`: the value of an integer field whose rate is closest to a target, and
//! where the rate crosses it. A value whose rate has an exact value is not sampled; the
//! others run from the same seed (common random numbers), so the rate moves smoothly with
//! the field, each with the same trials or, with `--precision`, until its rate's 95%
//! half-width is small enough. The walk ([`search`]) keeps within the key's declared range
//! and `--from`/`--to`, and ends a direction on a plateau. An interrupt stops the search
//! after the running batches: the value cut short is dropped, the values finished are
//! printed, and no answer is claimed.

mod search;
#[cfg(test)]
mod tests;

use super::Plan;
use super::interrupt::{self, Watched};
use super::run::{exact_report, print_results};
use crate::cli::TuneArgs;
use crate::error::UsageError;
use crate::export::tune::{render_tune, tried_line};
use crate::scenario::tune;
use crate::sim::NoProgress;
use crate::stats::tune::{Tried, TuneReport, crossing};
use crate::stats::{ExactValues, MetricKind, Tally, summarize};
use crate::systems::{CATALOG, Scenario, SystemKind};
use anyhow::Result;
use search::{Found, Limit, Probe, Walk};
use std::collections::BTreeMap;

/// Batches a value sampled under `--precision` runs before its first check (65 536
/// trials), then doubling: a rate needs far fewer trials than a whole run's every rate.
const FIRST_ROUND_BATCHES: u64 = 1;

/// What to search: from the command line, else the file's `[tune]` table.
#[derive(Debug, Clone)]
struct Goal {
    vary: String,
    metric: String,
    target: f64,
    from: Option<i64>,
    to: Option<i64>,
}

fn goal(args: &TuneArgs, base: &Scenario) -> Result<Goal> {
    let file = tune::read(&base.document)?;
    let missing = |what: &str| {
        UsageError(format!(
            "give --{what}, or `{what}` in a [tune] table of {}",
            base.source().path.display()
        ))
    };
    Ok(Goal {
        vary: args
            .vary
            .clone()
            .or_else(|| file.vary.clone())
            .ok_or_else(|| missing("vary"))?,
        metric: args
            .metric
            .clone()
            .or_else(|| file.metric.clone())
            .ok_or_else(|| missing("metric"))?,
        target: args
            .target
            .or(file.target)
            .ok_or_else(|| missing("target"))?,
        from: args.from.or(file.from),
        to: args.to.or(file.to),
    })
}

/// The values the walk may try: `--from`/`--to` within the key's declared range.
fn limits(goal: &Goal, base: &Scenario) -> Result<(Limit, Limit)> {
    let declared = SystemKind::from_name(&base.system_name)
        .and_then(|k| tune::declared_range(&CATALOG, k.schema(), &base.document, &goal.vary));
    let range = declared.map(|(a, b)| format!("{}'s declared range, {a} to {b}", goal.vary));
    let end = |given: Option<i64>, flag: &str, bound: Option<i64>, beyond: i64, lower: bool| {
        let inside = |g: i64, b: i64| if lower { g >= b } else { g <= b };
        match (given, bound) {
            (Some(g), Some(b)) if !inside(g, b) => Limit {
                value: b,
                by: range.clone().unwrap_or_default(),
            },
            (Some(g), _) => Limit {
                value: g,
                by: format!("{flag} {g}"),
            },
            (None, Some(b)) => Limit {
                value: b,
                by: range.clone().unwrap_or_default(),
            },
            (None, None) => Limit {
                value: beyond,
                by: "the largest integer".into(),
            },
        }
    };
    let low = end(goal.from, "--from", declared.map(|r| r.0), i64::MIN, true);
    let high = end(goal.to, "--to", declared.map(|r| r.1), i64::MAX, false);
    if low.value > high.value {
        return Err(UsageError(format!(
            "--vary {}: no value to try from {} ({}) to {} ({})",
            goal.vary, low.value, low.by, high.value, high.by
        ))
        .into());
    }
    Ok((low, high))
}

/// Finds the rate at each value: exact where the scenario has it, else sampled.
struct Prober<'a> {
    base: &'a Scenario,
    goal: &'a Goal,
    plan: &'a Plan,
    /// Whether a value has been sampled (even one an interrupt cut short).
    sampled: std::cell::Cell<bool>,
}

impl Prober<'_> {
    fn probe(&self, value: i64) -> Result<Probe> {
        if interrupt::requested() {
            return Ok(Probe::Interrupted);
        }
        let s = match self.base.with_integer(&self.goal.vary, value) {
            Ok(s) => s,
            Err(why) => return Ok(Probe::Refused(why)),
        };
        let exact = s.system.exact();
        let tried = match exact.as_ref().and_then(|e| e.get(&self.goal.metric)) {
            Some(&p) => Tried::exact(value, p),
            None => match self.sample(&s, value, exact.as_ref()) {
                Probe::Rate(t) => t,
                other => return Ok(other),
            },
        };
        if !self.plan.quiet {
            let line = tried_line(
                &self.goal.vary,
                &self.goal.metric,
                &tried,
                self.plan.precision,
            );
            eprintln!("  {line}");
        }
        Ok(Probe::Rate(tried))
    }

    /// The sampled rate at `value` (scenario `s`), unless an interrupt cut it short or the
    /// scenario has no such rate there.
    fn sample(&self, s: &Scenario, value: i64, exact: Option<&ExactValues>) -> Probe {
        self.sampled.set(true);
        // Every value runs from the base file's seed and trials.
        let cap = self.plan.trials(self.base);
        let seed = self.plan.seed(self.base);
        let layout = s.system.layout();
        let metric = &self.goal.metric;
        let half = |t: &Tally| {
            summarize(&layout, t, None)
                .iter()
                .find(|r| &r.metric == metric)
                .map_or(f64::INFINITY, |r| (r.ci_high - r.ci_low) / 2.0)
        };
        let watched = Watched {
            bar: &NoProgress,
            checkpoint: None,
        };
        let pool = &self.plan.pool;
        let (tally, enough) = match self.plan.precision {
            None => (pool.run(&s.system, cap, seed, None, &watched), false),
            Some(p) => {
                let enough = |t: &Tally| half(t) <= p;
                let t =
                    pool.run_until(&s.system, cap, seed, FIRST_ROUND_BATCHES, &enough, &watched);
                let done = enough(&t);
                (t, done)
            }
        };
        if tally.trials() < cap && !enough && interrupt::requested() {
            return Probe::Interrupted;
        }
        let Some(row) = summarize(&layout, &tally, exact)
            .into_iter()
            .find(|r| &r.metric == metric)
        else {
            return Probe::Refused(format!("the scenario has no rate {metric} there"));
        };
        Probe::Rate(Tried {
            value,
            estimate: row.estimate,
            ci_low: row.ci_low,
            ci_high: row.ci_high,
            exact: row.exact,
            trials: row.trials,
        })
    }
}

/// Runs the search and prints what it found.
pub fn tune(args: &TuneArgs) -> Result<()> {
    let base = Scenario::load_with(&args.scenario, &args.set.sets)?;
    let plan = Plan::for_tune(args)?;
    let goal = goal(args, &base)?;
    if !(0.0..=1.0).contains(&goal.target) {
        return Err(UsageError(format!(
            "--target {} must be a rate from 0 to 1",
            goal.target
        ))
        .into());
    }
    let rates: Vec<String> = exact_report(&plan, &base)
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
    let Some(start) = base.integer_at(&goal.vary).or(goal.from) else {
        return Err(UsageError(format!(
            "--vary {}: no integer at that path in {} (give --from to start elsewhere)",
            goal.vary,
            args.scenario.display()
        ))
        .into());
    };
    let (low, high) = limits(&goal, &base)?;
    let start = start.clamp(low.value, high.value);
    let prober = Prober {
        base: &base,
        goal: &goal,
        plan: &plan,
        sampled: false.into(),
    };
    let mut probe = |v: i64| prober.probe(v);
    let (found, tried) = match prober.probe(start)? {
        Probe::Rate(first) => {
            let mut walk = Walk {
                target: goal.target,
                field: &goal.vary,
                low,
                high,
                probe: &mut probe,
                tried: BTreeMap::new(),
            };
            let found = walk.run(first)?;
            (found, walk.tried)
        }
        Probe::Refused(why) => {
            return Err(UsageError(format!("--vary {} = {start}: {why}", goal.vary)).into());
        }
        Probe::Interrupted => (Found::Interrupted, BTreeMap::new()),
    };
    let tried: Vec<Tried> = tried.into_values().collect();
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
    let partial = matches!(found, Found::Interrupted);
    let (best, bracket, stops) = match found {
        Found::Bracket(lo, hi) => (closest(&[&lo, &hi]), Some((lo, hi)), Vec::new()),
        Found::NotReached(stops) => (closest(&tried.iter().collect::<Vec<_>>()), None, stops),
        Found::Interrupted => (None, None, Vec::new()),
    };
    let sampled = prober.sampled.get();
    let report = TuneReport {
        scenario: base.name.clone(),
        field: goal.vary.clone(),
        metric: goal.metric.clone(),
        target,
        trials: if sampled { plan.trials(&base) } else { 0 },
        seed: plan.seed(&base),
        sampled,
        precision: plan.precision.filter(|_| sampled),
        crossing: bracket
            .as_ref()
            .and_then(|(lo, hi)| crossing(lo, hi, target)),
        best,
        bracket,
        stops,
        partial,
        tried,
    };
    print_results(plan.json, &report, || render_tune(&report));
    Ok(())
}
