//! What the exact walk adds up: each ended path's tally (the same recorder and system
//! metrics a sampled fight fills) times its probability, in `f64` ([`Expected`]), and from
//! it the exact value of every metric by the name its report row has ([`Expected::values`]),
//! as [`oddsmith_core::stats::summarize`] names and reads them.

use crate::combat::Sink;
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, RatioId, Tally,
};
use std::ops::Range;

/// The expected tally of one fight: each counter, histogram bucket and ratio sum as a
/// probability-weighted sum over the walk's ended paths.
#[derive(Debug, Clone)]
pub struct Expected {
    counters: Vec<f64>,
    histograms: Vec<Vec<f64>>,
    /// (Σx, Σy) of each ratio.
    ratios: Vec<(f64, f64)>,
}

impl Expected {
    /// Nothing yet, for `layout`'s metrics.
    pub fn new(layout: &Layout) -> Self {
        let t = layout.tally();
        Self {
            counters: vec![0.0; t.counters().len()],
            // As many buckets as the layout declares, so that a value never reached has its
            // row (of 0).
            histograms: (t.histograms_slice().iter())
                .map(|h| vec![0.0; h.counts().len()])
                .collect(),
            ratios: vec![(0.0, 0.0); t.ratios().len()],
        }
    }

    /// Adds `w` times `tally`, but for the metrics of `skip` (numbers of counters,
    /// histograms and ratios in the layout that the tally leaves at 0).
    pub fn add(&mut self, tally: &Tally, w: f64, skip: &[Range<usize>; 3]) {
        let [c, h, r] = skip;
        for (k, (a, &n)) in self.counters.iter_mut().zip(tally.counters()).enumerate() {
            if n != 0 && !c.contains(&k) {
                *a += w * n as f64;
            }
        }
        let histograms = self.histograms.iter_mut().zip(tally.histograms_slice());
        for (_, (a, hist)) in histograms.enumerate().filter(|(k, _)| !h.contains(k)) {
            for (v, &n) in hist.counts().iter().enumerate() {
                if n != 0 {
                    if a.len() <= v {
                        a.resize(v + 1, 0.0);
                    }
                    a[v] += w * n as f64;
                }
            }
        }
        let ratios = self.ratios.iter_mut().zip(tally.ratios()).enumerate();
        for (_, (a, sums)) in ratios.filter(|(k, _)| !r.contains(k)) {
            a.0 += w * sums.x as f64;
            a.1 += w * sums.y as f64;
        }
    }

    /// Adds `w` times (`more` − `less`): what one more unit of a sum the rules only add to
    /// changes in the tally.
    pub fn add_difference(&mut self, more: &Tally, less: &Tally, w: f64) {
        let diff = |a: u128, b: u128| a as f64 - b as f64;
        for ((a, &m), &l) in self
            .counters
            .iter_mut()
            .zip(more.counters())
            .zip(less.counters())
        {
            *a += w * diff(m.into(), l.into());
        }
        let pairs = more.histograms_slice().iter().zip(less.histograms_slice());
        for (a, (m, l)) in self.histograms.iter_mut().zip(pairs) {
            let len = m.counts().len().max(l.counts().len());
            if a.len() < len {
                a.resize(len, 0.0);
            }
            for (v, a) in a.iter_mut().enumerate().take(len) {
                let at =
                    |h: &oddsmith_core::stats::Histogram| h.counts().get(v).copied().unwrap_or(0);
                *a += w * diff(at(m).into(), at(l).into());
            }
        }
        for ((a, m), l) in self.ratios.iter_mut().zip(more.ratios()).zip(less.ratios()) {
            a.0 += w * diff(m.x, l.x);
            a.1 += w * diff(m.y, l.y);
        }
    }

    /// Forgets what bucket `value` of histogram `id` holds.
    pub fn clear_bucket(&mut self, id: HistogramId, value: usize) {
        if let Some(b) = self.histograms[id.0].get_mut(value) {
            *b = 0.0;
        }
    }

    /// Every metric's exact value by its report row's name: a counter's rate, a ratio's
    /// `.mean`, a histogram's rows as its report says (buckets and mean; mean and quantiles;
    /// an onset's quantiles within the fight and its `.after` and `.never`). A rate off
    /// [0, 1] by rounding alone is held to it.
    pub fn values(&self, layout: &Layout) -> ExactValues {
        let mut e = ExactValues::new();
        for ((name, _), &v) in layout.counters().zip(&self.counters) {
            e.insert(name.to_string(), rate(v));
        }
        for ((name, _), &(x, y)) in layout.ratios().zip(&self.ratios) {
            if y > 0.0 {
                e.insert(format!("{name}.mean"), x / y);
            }
        }
        for ((name, report, _), h) in layout.histograms().zip(&self.histograms) {
            let total: f64 = h.iter().sum();
            if total <= 0.0 {
                continue;
            }
            let mean = h.iter().enumerate().map(|(v, c)| v as f64 * c).sum::<f64>() / total;
            match report {
                HistogramReport::Buckets => {
                    for (v, c) in h.iter().enumerate() {
                        e.insert(format!("{name}.{v}"), rate(c / total));
                    }
                    e.insert(format!("{name}.mean"), mean);
                }
                HistogramReport::Quantiles => {
                    e.insert(format!("{name}.mean"), mean);
                    for (label, q) in [("median", 0.5), ("p90", 0.9), ("p99", 0.99)] {
                        e.insert(format!("{name}.{label}"), quantile(h, q));
                    }
                }
                HistogramReport::Onset { after, aftermath } => {
                    let within = &h[..after.min(h.len())];
                    if within.iter().sum::<f64>() > 0.0 {
                        for (label, q) in [("median", 0.5), ("p10", 0.1)] {
                            e.insert(format!("{name}.{label}"), quantile(within, q));
                        }
                    }
                    let at = |k: usize| h.get(k).copied().unwrap_or(0.0) / total;
                    if aftermath {
                        e.insert(format!("{name}.after"), rate(at(after)));
                    }
                    e.insert(format!("{name}.never"), rate(at(after + 1)));
                }
                HistogramReport::Survival => {}
            }
        }
        e
    }
}

/// The recorder's counts of the walk's ended paths, each weighted by its probability.
impl Sink<f64> for Expected {
    fn add(&mut self, id: CounterId, n: f64) {
        self.counters[id.0] += n;
    }

    fn record_n(&mut self, id: HistogramId, value: usize, n: f64) {
        let h = &mut self.histograms[id.0];
        if h.len() <= value {
            h.resize(value + 1, 0.0);
        }
        h[value] += n;
    }

    fn ratio_n(&mut self, id: RatioId, x: u64, y: u64, n: f64) {
        let r = &mut self.ratios[id.0];
        r.0 += n * x as f64;
        r.1 += n * y as f64;
    }

    fn won(&mut self, id: RatioId, won: &mut (f64, f64)) {
        let r = &mut self.ratios[id.0];
        r.0 += won.0;
        r.1 += won.1;
        *won = (0.0, 0.0);
    }
}

/// A rate held to [0, 1] where rounding alone put it off.
fn rate(v: f64) -> f64 {
    v.clamp(0.0, 1.0)
}

/// The smallest value whose cumulative share reaches `q` (a share short of it by rounding
/// alone, 1e-12, counts as reaching it): the limit of the sampled quantile.
fn quantile(h: &[f64], q: f64) -> f64 {
    let total: f64 = h.iter().sum();
    let mut seen = 0.0;
    for (v, c) in h.iter().enumerate() {
        seen += c;
        if seen / total >= q - 1e-12 {
            return v as f64;
        }
    }
    h.len().saturating_sub(1) as f64
}
