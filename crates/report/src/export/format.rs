//! How numbers read for people: rates as percentages with the interval in the same unit
//! (`5.50% [5.40, 5.60]`), "1 in N" beside rates under 5%, "not seen in N trials (< X% at
//! 95%)" where nothing happened, means and quantiles on their own scale. `--json` and the CSV
//! files keep raw probabilities; only tables, headlines and pages use these.

use oddsmith_core::stats::{MetricKind, MetricRow};

/// Rates below this also read as "1 in N".
pub const ONE_IN_BELOW: f64 = 0.05;

/// Decimals for a percentage: two from 1% up, else enough for three significant figures
/// (at most six); close to 100%, enough that what is left to 100% does not round away
/// (99.996% is not 100.00%).
fn percent_decimals(percent: f64) -> usize {
    let p = percent.abs();
    let left = 100.0 - p;
    // What is left below a millionth of a percent is rounding, not a rate: 100.00%.
    if p > 99.0 && left > 0.5e-6 {
        ((-left.log10()).ceil() as usize).clamp(2, 6)
    } else if p >= 1.0 || p == 0.0 {
        2
    } else {
        ((-p.log10()).ceil() as usize + 2).min(6)
    }
}

/// `x` with `decimals` decimals, never `-0.00`: a value that rounds to zero has no sign.
fn fixed(x: f64, decimals: usize) -> String {
    let s = format!("{x:.decimals$}");
    match s.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => s,
    }
}

/// Decimals for a percentage `estimate` shown beside a spread (an interval's width or
/// half-width, in percent): the estimate's own, more while the spread would round to 0.
fn decimals_beside(estimate: f64, spread: f64) -> usize {
    let mut d = percent_decimals(estimate);
    while d < 6 && spread > 0.0 && spread < 10f64.powi(-(d as i32)) {
        d += 1;
    }
    d
}

/// `p` (a probability) as a percentage number without the sign: `0.055` → `5.50`.
pub fn percent_number(p: f64) -> String {
    let percent = p * 100.0;
    fixed(percent, percent_decimals(percent))
}

/// `p` as a percentage: `0.055` → `5.50%`.
pub fn percent(p: f64) -> String {
    format!("{}%", percent_number(p))
}

/// `n` with a comma between thousands: `1150` → `1,150`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// "1 in N" for a rate under 5% (N = 1/p to two significant figures), else `None`.
pub fn one_in(p: f64) -> Option<String> {
    if !(p > 0.0 && p < ONE_IN_BELOW) {
        return None;
    }
    let n = 1.0 / p;
    if n >= 1e15 {
        // Beyond what a u64 of people-readable digits should spell out.
        return Some(format!("1 in {n:.1e}"));
    }
    let magnitude = 10f64.powi(n.log10().floor() as i32 - 1).max(1.0);
    let rounded = (n / magnitude).round() * magnitude;
    Some(format!("1 in {}", thousands(rounded as u64)))
}

/// The interval of a rate in percent, same decimals as its estimate: `[5.40, 5.60]`.
pub fn percent_interval(estimate: f64, low: f64, high: f64) -> String {
    let d = decimals_beside(estimate * 100.0, (high - low) * 100.0);
    format!("[{}, {}]", fixed(low * 100.0, d), fixed(high * 100.0, d))
}

/// A rate with the half-width of its 95% interval, in percent and with the decimals `run`
/// gives the estimate: `49.04% ±0.10`; `not seen` where nothing was.
pub fn percent_pm(p: f64, low: f64, high: f64) -> String {
    if p == 0.0 && low <= 0.0 {
        return "not seen".into();
    }
    let half = (high - low) / 2.0 * 100.0;
    let d = decimals_beside(p * 100.0, half);
    format!("{}% ±{}", fixed(p * 100.0, d), fixed(half, d))
}

/// Decimals for percentage points beside a half-width of `half` points: at least `least`,
/// more until the half-width's first significant digit shows (at most 6).
pub fn points_decimals(half: f64, least: usize) -> usize {
    let mut d = least;
    while d < 6 && half > 0.0 && half < 10f64.powi(-(d as i32)) {
        d += 1;
    }
    d
}

/// A difference in percentage points with its sign, for tables: `+29.41`, `-1.60`, `0.00`.
pub fn points(d: f64, decimals: usize) -> String {
    let s = fixed(d, decimals);
    if s.starts_with('-') || s.chars().all(|c| c == '0' || c == '.') {
        s
    } else {
        format!("+{s}")
    }
}

/// A difference in percentage points with its sign, for sentences (a true minus sign):
/// `+29.4`, `−4.0`.
pub fn points_in_words(d: f64, decimals: usize) -> String {
    points(d, decimals).replacen('-', "−", 1)
}

/// A threshold as a percentage without trailing zeros: `0.35` → `35%`, `0.001` → `0.1%`.
pub fn threshold(p: f64) -> String {
    let s = format!("{:.6}", p * 100.0);
    format!("{}%", s.trim_end_matches('0').trim_end_matches('.'))
}

/// Whether a rate row counted nothing in a real sample.
pub fn not_seen(row: &MetricRow) -> bool {
    row.kind == MetricKind::Rate && row.trials > 0 && row.estimate == 0.0
}

/// A value on its own scale (means, quantiles): up to four decimals, trailing zeros cut.
pub fn plain(v: f64) -> String {
    if v.is_nan() {
        return "-".into();
    }
    if v.fract() == 0.0 && v.abs() < 1e15 {
        return format!("{v:.0}");
    }
    let s = format!("{v:.4}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// A sampled row's value and interval in its own unit: (`5.50%`, `[5.40, 5.60]`), (`3.400`,
/// `[3.390, 3.410]`), (`4`, `[4, 5]`); a fixed value has no interval.
pub fn parts(row: &MetricRow) -> (String, String) {
    let value = |v: f64| match row.kind {
        MetricKind::Rate => percent(v),
        MetricKind::Mean => fixed(v, 3),
        MetricKind::Quantile(_) | MetricKind::Constant => plain(v),
    };
    let interval = match row.kind {
        MetricKind::Rate => percent_interval(row.estimate, row.ci_low, row.ci_high),
        MetricKind::Constant => String::new(),
        MetricKind::Mean | MetricKind::Quantile(_) => {
            format!("[{}, {}]", value(row.ci_low), value(row.ci_high))
        }
    };
    (value(row.estimate), interval)
}

/// One row's estimate as people read it: `5.50% [5.40, 5.60] (1 in 18)`, `not seen in
/// 200,000 trials (< 0.0018% at 95%)`, `3.410 [3.400, 3.420]` for a mean.
pub fn estimate(row: &MetricRow) -> String {
    if row.estimate.is_nan() {
        return "-".into();
    }
    if not_seen(row) {
        return format!(
            "not seen in {} trials (< {} at 95%)",
            thousands(row.trials),
            percent(row.ci_high)
        );
    }
    let (value, interval) = parts(row);
    let mut s = if interval.is_empty() {
        value
    } else {
        format!("{value} {interval}")
    };
    if let Some(odds) = one_in(row.estimate).filter(|_| row.kind == MetricKind::Rate) {
        s.push_str(&format!(" ({odds})"));
    }
    s
}

/// The short form of a rate nothing was seen for, for table cells: `not seen (< 0.00192%)`.
pub fn not_seen_short(row: &MetricRow) -> String {
    format!("not seen (< {})", percent(row.ci_high))
}

/// An exact value in its unit, without odds: `49.00%`, `1.400`, `20`.
pub fn exact_value(row: &MetricRow) -> Option<String> {
    let e = row.exact?;
    Some(match row.kind {
        MetricKind::Rate => percent(e),
        MetricKind::Mean => format!("{e:.3}"),
        MetricKind::Quantile(_) | MetricKind::Constant => plain(e),
    })
}

/// An exact value as people read it: `49.00%` (with "1 in N" when rare), or the plain value.
pub fn exact(row: &MetricRow) -> Option<String> {
    let value = exact_value(row)?;
    Some(
        match one_in(row.exact?).filter(|_| row.kind == MetricKind::Rate) {
            Some(odds) => format!("{value} ({odds})"),
            None => value,
        },
    )
}

/// `side` with `verb` (written for one: `wins`, `gets`) agreeing with it: a side named in the
/// plural (`monsters`, `bandits`, `pcs`: ending in one `s`) takes the plural (`monsters
/// win`), any other the singular (`party wins`, `Yeti wins`, `boss wins`).
pub fn agreeing(side: &str, verb: &str) -> String {
    let lower = side.to_lowercase();
    let plural = lower.ends_with('s') && !["ss", "us", "is"].iter().any(|e| lower.ends_with(e));
    match verb.strip_suffix('s') {
        Some(stem) if plural => format!("{side} {stem}"),
        _ => format!("{side} {verb}"),
    }
}

/// A count of things in words, singular for one: `1 round`, `4 rounds` (`unit` written in the
/// plural).
pub fn count_of(n: f64, unit: &str) -> String {
    if n == 1.0 {
        format!("1 {}", unit.strip_suffix('s').unwrap_or(unit))
    } else {
        format!("{} {unit}", plain(n))
    }
}

/// A number in a sentence with its precision: `99.91% (±0.02)`, `49.00% (exact)`; a mean or
/// quantile as its plain value.
pub fn in_words(row: &MetricRow) -> String {
    match (row.kind, row.exact) {
        (MetricKind::Rate, Some(e)) if row.trials == 0 || row.estimate.is_nan() => {
            format!("{} (exact)", percent(e))
        }
        (MetricKind::Rate, _) if not_seen(row) => {
            format!(
                "never in {} trials (< {} at 95%)",
                thousands(row.trials),
                percent(row.ci_high)
            )
        }
        (MetricKind::Rate, exact) => {
            let half = (row.ci_high - row.ci_low) / 2.0 * 100.0;
            let d = decimals_beside(row.estimate * 100.0, half);
            let precision = match exact {
                Some(e) => format!("±{half:.d$}; exact {}", percent(e)),
                None => format!("±{half:.d$}"),
            };
            format!("{:.d$}% ({precision})", row.estimate * 100.0)
        }
        (_, Some(e)) if row.trials == 0 => plain(e),
        _ => plain(row.estimate),
    }
}

#[cfg(test)]
mod tests;
