//! `oddsmith tune`: the value of an integer field whose rate is closest to a target. Every
//! value tried runs from the same seed (common random numbers), so the rate moves smoothly
//! with the field. The search assumes the rate moves one way as the field grows: it steps
//! outward from the scenario's value (1, 2, 4, ... away, or within `--from`/`--to`) until the
//! target lies between two values, then halves that bracket down to two neighbours, and
//! reports both with their intervals. An interrupt stops the search after the running
//! batches: the value cut short is dropped, the values finished are printed, and no answer
//! is claimed.

use super::Plan;
use super::run::{exact_report, print_results, run_scenario};
use crate::cli::TuneArgs;
use crate::error::UsageError;
use crate::export::table::render_tune;
use crate::scenario::tune;
use crate::sim::NoProgress;
use crate::stats::tune::{Tried, TuneReport};
use crate::stats::{MetricKind, MetricRow};
use crate::systems::Scenario;
use anyhow::Result;
use std::collections::BTreeMap;

/// Most outward steps before giving up on bracketing (2^40 away).
const MAX_STEPS: u32 = 40;

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

struct Search<'a> {
    base: &'a Scenario,
    goal: &'a Goal,
    plan: &'a Plan,
    cache: BTreeMap<i64, Option<Tried>>,
    /// An interrupt cut a value short: every later value counts as not allowed, which ends
    /// the search.
    stopped: bool,
}

impl Search<'_> {
    /// The metric at `value`, or `None` where the scenario rejects the value.
    fn eval(&mut self, value: i64) -> Result<Option<Tried>> {
        if let Some(hit) = self.cache.get(&value) {
            return Ok(hit.clone());
        }
        if self.stopped {
            return Ok(None);
        }
        let in_range =
            self.goal.from.is_none_or(|f| value >= f) && self.goal.to.is_none_or(|t| value <= t);
        let tried = match self.base.with_integer(&self.goal.vary, value) {
            Ok(mut s) if in_range => {
                // Every value runs from the base file's seed and trials.
                s.run = self.base.run;
                let r = run_scenario(self.plan, &s, &NoProgress);
                if r.partial.is_some() {
                    self.stopped = true;
                    return Ok(None);
                }
                let row: &MetricRow = r
                    .metrics
                    .iter()
                    .find(|m| m.metric == self.goal.metric)
                    .expect("checked before the search");
                if !self.plan.quiet {
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
    let start = start.clamp(goal.from.unwrap_or(i64::MIN), goal.to.unwrap_or(i64::MAX));
    let mut search = Search {
        base: &base,
        goal: &goal,
        plan: &plan,
        cache: BTreeMap::new(),
        stopped: false,
    };
    let first = search.eval(start)?;
    if first.is_none() && !search.stopped {
        let why = base
            .with_integer(&goal.vary, start)
            .err()
            .unwrap_or_default();
        return Err(UsageError(format!("--vary {} = {start}: {why}", goal.vary)).into());
    }
    let bracket = match first.map(|f| search.bracket(f)).transpose()?.flatten() {
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
        _ if search.stopped => None,
        Some((lo, hi)) => closest(&[lo, hi]),
        None => closest(&tried.iter().collect::<Vec<_>>()),
    };
    let bracket = bracket.filter(|_| !search.stopped);
    let report = TuneReport {
        scenario: base.name.clone(),
        field: goal.vary.clone(),
        metric: goal.metric.clone(),
        target,
        trials: plan.trials(&base),
        seed: plan.seed(&base),
        best,
        bracket,
        tried,
        partial: search.stopped,
    };
    print_results(plan.json, &report, || render_tune(&report));
    Ok(())
}
