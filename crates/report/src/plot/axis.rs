//! Axis helpers shared by the charts: probabilities written as percentages (`20%`, `0.5%`),
//! whole-number ticks for counts such as rounds, round-number ticks over any span (whole
//! numbers only on an integer axis), the end of a rate axis, and [`Ticked`], an `f64` axis
//! whose ticks the chart chooses.

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use std::ops::Range;

/// A linear `f64` axis over `range` with the ticks (and labels) at `ticks` and light mesh
/// lines at `light`; the chart labels them with its own formatter.
#[derive(Debug, Clone)]
pub(crate) struct Ticked {
    /// The values the axis spans.
    pub range: Range<f64>,
    /// Where the ticks and their labels go.
    pub ticks: Vec<f64>,
    /// Where the light mesh lines go.
    pub light: Vec<f64>,
}

impl Ranged for Ticked {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let span = self.range.end - self.range.start;
        let t = if span > 0.0 {
            (value - self.range.start) / span
        } else {
            0.0
        };
        limit.0 + (f64::from(limit.1 - limit.0) * t + 1e-3).floor() as i32
    }

    fn key_points<H: KeyPointHint>(&self, hint: H) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            self.light.clone()
        } else {
            self.ticks.clone()
        }
    }

    fn range(&self) -> Range<f64> {
        self.range.clone()
    }
}

/// A probability as a percentage tick label: `0.2` → `20%`, `0.005` → `0.5%`, `0.0125` →
/// `1.25%`; at most three decimals, trailing zeros dropped.
pub(crate) fn percent(v: f64) -> String {
    let p = v * 100.0;
    if !p.is_finite() {
        return String::new();
    }
    if p.abs() < 5e-4 {
        return "0%".into();
    }
    let s = format!("{p:.3}");
    format!("{}%", s.trim_end_matches('0').trim_end_matches('.'))
}

/// A whole-number tick label: `3`.
pub(crate) fn whole(v: f64) -> String {
    format!("{v:.0}")
}

/// The whole numbers from 0 to `end`, at most `max` of them, spaced by 1, 2 or 5 × 10^k.
pub(crate) fn whole_ticks(end: f64, max: usize) -> Vec<f64> {
    let end = end.max(0.0).floor();
    let max = max.max(2) as f64;
    let mut step = 1.0f64;
    'search: loop {
        for m in [1.0, 2.0, 5.0] {
            if (end / (step * m)).floor() + 1.0 <= max {
                step *= m;
                break 'search;
            }
        }
        step *= 10.0;
    }
    let count = (end / step).floor() as usize;
    (0..=count).map(|i| i as f64 * step).collect()
}

/// Ticks over `range`, at most `max` of them, at the multiples of a step of 1, 2 or 5 ×
/// 10^k that fall inside it; on a `whole` axis (an integer key) the step is at least 1, so
/// every tick is a whole number. Returns the ticks and the decimals their labels need.
pub(crate) fn nice_ticks(range: &Range<f64>, max: usize, whole: bool) -> (Vec<f64>, usize) {
    let (lo, hi) = (range.start.min(range.end), range.start.max(range.end));
    if !(lo.is_finite() && hi.is_finite()) {
        return (Vec::new(), 0);
    }
    let max = max.max(2) as i64;
    let span = (hi - lo).max(1e-9);
    // The step is m × 10^e; a tick k × m / 10^-e is then the correctly rounded decimal
    // (`1.05`, not `1.0500000000000003`).
    let mut e = ((span / max as f64).log10().floor() as i32 - 1).clamp(-12, 300);
    if whole {
        e = e.max(0);
    }
    loop {
        for m in [1i64, 2, 5] {
            let tick = |k: i64| {
                if e >= 0 {
                    (k * m) as f64 * 10f64.powi(e)
                } else {
                    (k * m) as f64 / 10f64.powi(-e)
                }
            };
            let s = tick(1);
            let (first, last) = (
                (lo / s - 1e-9).ceil() as i64,
                (hi / s + 1e-9).floor() as i64,
            );
            if last - first < max {
                let ticks = (first..=last).map(|k| tick(k) + 0.0).collect();
                return (ticks, (-e).max(0) as usize);
            }
        }
        e += 1;
    }
}

/// The end of a rate axis: a little past the largest of `values`, rounded up to a readable
/// step, at least 1% and at most 100%.
pub(crate) fn rate_axis_end(values: impl IntoIterator<Item = f64>) -> f64 {
    let top = values
        .into_iter()
        .filter(|v| v.is_finite())
        .fold(0.0f64, f64::max);
    let padded = (top * 1.1).max(0.01);
    let step = 10f64.powf(padded.log10().floor()) / 2.0;
    ((padded / step).ceil() * step).min(1.0)
}

#[cfg(test)]
mod tests;
