//! What a saved tally must hold before `resume` or `merge` uses it. A checkpoint or a shard's
//! `tally.json` is checked when it is read, before any number in it sizes, indexes or is
//! added to anything: only the keys the writer writes (all of them), `trials` as `--trials`
//! allows, `precision` as `--precision` allows, `shard` `[I, N]` as `--shard I/N` allows,
//! `grid_points` at most a sweep's cap, batches `start..end` inside the run and inside the
//! shard's share, and counts that batches `start..end` can hold: `trials_done` exactly their
//! trials, no counter above it, every histogram adding up to it (each trial records one
//! value), ratio sums that whole numbers below 2⁶⁴ can give. A file that fails is refused
//! with its path, the key and what is allowed ([`TallyFileError::Invalid`]); whether it fits
//! its scenario (same text, same metrics) is checked once the scenario is loaded.

use super::tally_file::{Counts, FORMAT, SavedTally};
use oddsmith_core::batch::BATCH_TRIALS;
use oddsmith_core::error::TallyFileError;
use oddsmith_core::stats::RatioSums;
use oddsmith_scenario::{MAX_TRIALS, sweep::MAX_POINTS};
use serde::de::IgnoredAny;
use std::collections::BTreeMap;
use std::ops::Range;
use std::path::Path;

/// Largest saved tally read (1 GiB); reading one takes memory of a few times its size.
pub const MAX_FILE_BYTES: u64 = 1 << 30;

/// Most shards a run is split into: the N of `--shard I/N` and of a shard's `"shard": [I, N]`.
pub const MAX_SHARDS: u64 = 1_000_000;

/// The keys every saved tally has, as the writer writes them.
const KEYS: &[&str] = &[
    "format",
    "kind",
    "scenario_path",
    "scenario_hash",
    "seed",
    "trials",
    "precision",
    "out",
    "shard",
    "start",
    "end",
    "trials_done",
    "counter_names",
    "counters",
    "histograms",
    "ratios",
];

/// The keys a saved tally has only when the run had them (`sets`: its `--set` arguments).
const OPTIONAL_KEYS: &[&str] = &["sets"];

/// The keys only a sweep's tally has (both or neither).
const SWEEP_KEYS: &[&str] = &["grid_points", "points"];

/// The keys of each entry of a sweep's `points`.
const POINT_KEYS: &[&str] = &[
    "point",
    "start",
    "end",
    "finished",
    "trials_done",
    "counter_names",
    "counters",
    "histograms",
    "ratios",
];

/// The work units shard `i` of `n` holds of `total`: a contiguous share. A single run's
/// units are its batches; a sweep's are grid point × batches per point + batch.
pub fn shard_units(total: u64, i: u64, n: u64) -> Range<u64> {
    let at = |k: u64| (u128::from(total) * u128::from(k) / u128::from(n)) as u64;
    at(i)..at(i + 1)
}

/// Trials in batches `batches` of a run of `trials` trials (the last batch may be short).
pub fn trials_in(trials: u64, batches: &Range<u64>) -> u64 {
    let at = |b: u64| b.saturating_mul(BATCH_TRIALS).min(trials);
    at(batches.end).saturating_sub(at(batches.start))
}

fn invalid(path: &Path, key: impl Into<String>, message: String) -> TallyFileError {
    TallyFileError::Invalid {
        path: path.to_path_buf(),
        key: key.into(),
        message,
    }
}

/// Checks that `text` has exactly the keys the writer writes: none unknown (a renamed key),
/// none missing (a key dropped would otherwise read as `null` or empty and change the run).
pub(super) fn check_keys(text: &str, path: &Path) -> Result<(), TallyFileError> {
    let unreadable = |e: serde_json::Error| TallyFileError::Unreadable {
        path: path.to_path_buf(),
        message: e.to_string(),
    };
    let top: BTreeMap<String, IgnoredAny> = serde_json::from_str(text).map_err(unreadable)?;
    let sweep = SWEEP_KEYS.iter().filter(|k| top.contains_key(**k)).count();
    let known =
        |k: &str| KEYS.contains(&k) || SWEEP_KEYS.contains(&k) || OPTIONAL_KEYS.contains(&k);
    if let Some(k) = top.keys().find(|k| !known(k)) {
        return Err(invalid(
            path,
            k.as_str(),
            format!(
                "is not a key of a saved tally; its keys: {}",
                KEYS.join(", ")
            ),
        ));
    }
    if let Some(k) = KEYS.iter().find(|k| !top.contains_key(**k)) {
        return Err(invalid(path, *k, "is missing".into()));
    }
    if sweep == 1 {
        return Err(invalid(
            path,
            "grid_points",
            "and `points` come together (a sweep's tally has both)".into(),
        ));
    }
    if sweep == 0 {
        return Ok(());
    }
    #[derive(serde::Deserialize)]
    struct Points {
        points: Vec<BTreeMap<String, IgnoredAny>>,
    }
    let points: Points = serde_json::from_str(text).map_err(unreadable)?;
    for (i, keys) in points.points.iter().enumerate() {
        if let Some(k) = keys.keys().find(|k| !POINT_KEYS.contains(&k.as_str())) {
            return Err(invalid(
                path,
                format!("points[{i}].{k}"),
                format!(
                    "is not a key of a grid point; its keys: {}",
                    POINT_KEYS.join(", ")
                ),
            ));
        }
        if let Some(k) = POINT_KEYS.iter().find(|k| !keys.contains_key(**k)) {
            return Err(invalid(
                path,
                format!("points[{i}].{k}"),
                "is missing".into(),
            ));
        }
    }
    Ok(())
}

/// Checks every number of `saved` (read from `path`) against the others and the stated
/// limits; see the module header.
pub(super) fn check(saved: &SavedTally, path: &Path) -> Result<(), TallyFileError> {
    let bad = |key: &str, message: String| invalid(path, key, message);
    if saved.format != FORMAT {
        return Err(TallyFileError::Unreadable {
            path: path.to_path_buf(),
            message: format!("format \"{}\" is not \"{FORMAT}\"", saved.format),
        });
    }
    let shard = match (saved.kind.as_str(), saved.shard) {
        ("checkpoint", None) => None,
        ("shard", Some(s)) => Some(s),
        ("checkpoint", Some(_)) => {
            return Err(bad("shard", "is set, but a checkpoint is no shard".into()));
        }
        ("shard", None) => {
            return Err(bad(
                "shard",
                "is null; a shard's tally says which shard it is, [I, N]".into(),
            ));
        }
        (kind, _) => {
            return Err(bad(
                "kind",
                format!("is \"{kind}\"; allowed: \"checkpoint\" or \"shard\""),
            ));
        }
    };
    if saved.scenario_path.is_empty() {
        return Err(bad(
            "scenario_path",
            "is empty; it names the scenario file of the run".into(),
        ));
    }
    if saved.out.as_deref() == Some("") {
        return Err(bad(
            "out",
            "is empty; it names the run's output folder".into(),
        ));
    }
    let trials = saved.trials;
    if !(1..=MAX_TRIALS).contains(&trials) {
        return Err(bad(
            "trials",
            format!("is {trials}; allowed: 1 to {MAX_TRIALS} (2^53), as for --trials"),
        ));
    }
    if let Some(p) = saved.precision {
        if shard.is_some() {
            return Err(bad(
                "precision",
                format!("is {p:?}, but shards run without --precision (it must be null)"),
            ));
        }
        if !(p > 0.0 && p <= 0.5) {
            return Err(bad(
                "precision",
                format!("is {p:?}; allowed: above 0 and at most 0.5, as for --precision"),
            ));
        }
    }
    if let Some([i, n]) = shard
        && (!(1..=MAX_SHARDS).contains(&n) || i >= n)
    {
        return Err(bad(
            "shard",
            format!(
                "is [{i}, {n}]; allowed: [I, N] with N from 1 to {MAX_SHARDS} (as for \
                 --shard I/N) and I from 0 to N−1"
            ),
        ));
    }
    if let Some(g) = saved.grid_points
        && !(1..=MAX_POINTS as u64).contains(&g)
    {
        return Err(bad(
            "grid_points",
            format!("is {g}; allowed: 1 to {MAX_POINTS}, the most grid points a sweep has"),
        ));
    }
    let per = trials.div_ceil(BATCH_TRIALS);
    let total = per * saved.grid_points.unwrap_or(1);
    let units = match saved.grid_points {
        Some(g) => format!("{g} grid points × {per} batches = {total} work units"),
        None => format!("{total} batches"),
    };
    let (start, end) = (saved.start, saved.end);
    if start > end {
        return Err(bad(
            "start",
            format!("is {start}, after `end` {end}: the batches are backwards"),
        ));
    }
    if end > total {
        return Err(bad(
            "end",
            format!("is {end}, past the run's end: {trials} trials are {units}"),
        ));
    }
    match shard {
        None if start != 0 => {
            return Err(bad(
                "start",
                format!("is {start}; a checkpoint holds the batches from 0"),
            ));
        }
        Some([i, n]) => {
            let want = shard_units(total, i, n);
            if start != want.start || end > want.end {
                return Err(bad(
                    "end",
                    format!(
                        "and `start` hold units {start}..{end}, outside shard {i}/{n}'s share \
                         {}..{} of the run's {units}",
                        want.start, want.end
                    ),
                ));
            }
        }
        None => {}
    }
    let counts = |at: String, c: &Counts, batches: Range<u64>| {
        let want = trials_in(trials, &batches);
        c.check(
            want,
            &format!("batches {batches:?} of a run of {trials} trials"),
        )
        .map_err(|(key, message)| {
            let key = if at.is_empty() {
                key
            } else {
                format!("{at}.{key}")
            };
            invalid(path, key, message)
        })
    };
    let Some(g) = saved.grid_points else {
        return counts(String::new(), &saved.counts, start..end);
    };
    if saved.counts != Counts::default() {
        return Err(bad(
            "counters",
            "and the other counts of a sweep's tally are per grid point, under `points`; the \
             top level holds none (trials_done 0, empty lists)"
                .into(),
        ));
    }
    let mut before = None;
    for (k, p) in saved.points.iter().enumerate() {
        let at = format!("points[{k}]");
        let key = |name: &str| format!("{at}.{name}");
        if p.point >= g {
            return Err(invalid(
                path,
                key("point"),
                format!("is {}; the sweep has grid points 0 to {}", p.point, g - 1),
            ));
        }
        if before.is_some_and(|b| b >= p.point) {
            return Err(invalid(
                path,
                key("point"),
                format!(
                    "is {} after {}: each grid point is listed once, in order",
                    p.point,
                    before.unwrap_or_default()
                ),
            ));
        }
        before = Some(p.point);
        if p.start > p.end {
            return Err(invalid(
                path,
                key("start"),
                format!(
                    "is {}, after `end` {}: the batches are backwards",
                    p.start, p.end
                ),
            ));
        }
        if p.end > per {
            return Err(invalid(
                path,
                key("end"),
                format!(
                    "is {}; a grid point of {trials} trials has {per} batches",
                    p.end
                ),
            ));
        }
        if shard.is_none() && p.start != 0 {
            return Err(invalid(
                path,
                key("start"),
                format!(
                    "is {}; a checkpoint holds each grid point's batches from 0",
                    p.start
                ),
            ));
        }
        let whole = p.start == 0 && (p.end == per || saved.precision.is_some());
        if p.finished && !whole {
            return Err(invalid(
                path,
                key("finished"),
                format!(
                    "is true, but batches {}..{} are not all {per} of the point",
                    p.start, p.end
                ),
            ));
        }
        counts(at, &p.counts, p.start..p.end)?;
    }
    Ok(())
}

impl Counts {
    /// Checks that these counts can be batches holding `want` trials (`what` says which, for
    /// the message); on failure the key (relative to the counts) and what is wrong.
    fn check(&self, want: u64, what: &str) -> Result<(), (String, String)> {
        let held = self.trials_done;
        if held != want {
            return Err((
                "trials_done".into(),
                format!("is {held}; {what} hold {want}"),
            ));
        }
        if self.counters.len() != self.counter_names.len() {
            return Err((
                "counters".into(),
                format!(
                    "has {} values for the {} names of `counter_names`",
                    self.counters.len(),
                    self.counter_names.len()
                ),
            ));
        }
        if let Some((k, c)) = self.counters.iter().enumerate().find(|(_, c)| **c > held) {
            return Err((
                format!("counters[{k}]"),
                format!("is {c}, more than the {held} trials held (a counter counts trials)"),
            ));
        }
        for (k, h) in self.histograms.iter().enumerate() {
            let sum = h.iter().try_fold(0u64, |s, &c| s.checked_add(c));
            if sum != Some(held) {
                let sum = sum.map_or_else(|| "more than 2^64".into(), |s| s.to_string());
                return Err((
                    format!("histograms[{k}]"),
                    format!(
                        "adds up to {sum}, not the {held} trials held (each trial records one \
                         value)"
                    ),
                ));
            }
        }
        for (k, r) in self.ratios.iter().enumerate() {
            ratio_sums(r, held).map_err(|(j, m)| {
                let at = j.map_or_else(|| format!("ratios[{k}]"), |j| format!("ratios[{k}][{j}]"));
                (at, m)
            })?;
        }
        Ok(())
    }
}

/// The ratio sums `[Σx, Σy, Σx², Σy², Σxy]` written as decimal strings, if `held` trials of
/// whole numbers below 2⁶⁴ can give them; else which one (`None`: their combination) and why.
pub(super) fn ratio_sums(r: &[String; 5], held: u64) -> Result<RatioSums, (Option<usize>, String)> {
    let mut v = [0u128; 5];
    for (j, (s, out)) in r.iter().zip(&mut v).enumerate() {
        let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        *out = s.parse().ok().filter(|_| digits).ok_or_else(|| {
            (
                Some(j),
                format!("is \"{s}\"; a ratio sum is a whole number from 0 to 2^128−1, in digits"),
            )
        })?;
    }
    let [x, y, xx, yy, xy] = v;
    // Each trial adds x, y < 2^64: Σx ≤ n·(2^64−1); Σx² ≤ (Σx)² and ≤ max x · Σx; Σxy ≤
    // Σx·Σy, ≤ max y · Σx and ≤ max x · Σy (a product past 2^128 bounds nothing).
    let m = u128::from(u64::MAX);
    let cap = |a: u128, b: u128| a.saturating_mul(b);
    let n = u128::from(held);
    let fits = x <= n * m
        && y <= n * m
        && xx <= cap(x, x).min(cap(x, m))
        && yy <= cap(y, y).min(cap(y, m))
        && xy <= cap(x, y).min(cap(x, m)).min(cap(y, m));
    if !fits {
        return Err((
            None,
            format!(
                "[Σx, Σy, Σx², Σy², Σxy] = [{x}, {y}, {xx}, {yy}, {xy}] cannot come from {held} \
                 trials of whole numbers below 2^64"
            ),
        ));
    }
    Ok(RatioSums { x, y, xx, yy, xy })
}
