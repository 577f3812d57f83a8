//! Mergeable accumulators: plain `u64` counters indexed by metric number and integer
//! histograms. A rule system declares what it counts in a [`Layout`] once, when the scenario
//! loads; the trial loop then only adds to numbered slots, never looks up a name.

use super::role::Meta;

/// Index of a counter in a [`Tally`] (resolved when the scenario loads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CounterId(pub usize);

/// Index of a histogram in a [`Tally`] (resolved when the scenario loads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HistogramId(pub usize);

/// Index of a ratio in a [`Tally`] (resolved when the scenario loads).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RatioId(pub usize);

/// The sums behind a pooled ratio Σx / Σy over trials (e.g. AP spent per round fought):
/// each trial adds one pair `(x, y)`; the sums of squares and products give the
/// delta-method interval. Integer sums, so merging is exact in any order; 128 bits, so sums
/// of large per-trial values (a cost in coins over 10⁹ trials) cannot overflow.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RatioSums {
    /// Σx.
    pub x: u128,
    /// Σy.
    pub y: u128,
    /// Σx².
    pub xx: u128,
    /// Σy².
    pub yy: u128,
    /// Σxy.
    pub xy: u128,
}

impl RatioSums {
    /// Adds one trial's pair.
    #[inline]
    pub fn add(&mut self, x: u64, y: u64) {
        let (x, y) = (u128::from(x), u128::from(y));
        self.x += x;
        self.y += y;
        self.xx += x * x;
        self.yy += y * y;
        self.xy += x * y;
    }

    /// Adds `n` trials that each gave the pair `(x, y)`.
    pub fn add_n(&mut self, x: u64, y: u64, n: u64) {
        let (x, y, n) = (u128::from(x), u128::from(y), u128::from(n));
        self.x += x * n;
        self.y += y * n;
        self.xx += x * x * n;
        self.yy += y * y * n;
        self.xy += x * y * n;
    }

    fn merge(&mut self, o: &RatioSums) {
        self.x += o.x;
        self.y += o.y;
        self.xx += o.xx;
        self.yy += o.yy;
        self.xy += o.xy;
    }
}

/// [`RatioSums`] gathered in a hot loop (a batch of fights): pairs below 2¹⁶ add to 64-bit
/// sums, which cannot overflow within 2³² of them (they are moved to the 128-bit sums then),
/// larger pairs to the 128-bit sums; [`BatchRatioSums::take`] gives the sum of both.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct BatchRatioSums {
    /// Σx, Σy, Σx², Σy², Σxy of the small pairs, and how many there were.
    narrow: [u64; 6],
    wide: RatioSums,
}

impl BatchRatioSums {
    /// Adds one trial's pair.
    #[inline(always)]
    pub fn add(&mut self, x: u64, y: u64) {
        if (x | y) >> 16 != 0 {
            self.wide.add(x, y);
            return;
        }
        let n = &mut self.narrow;
        n[0] += x;
        n[1] += y;
        n[2] += x * x;
        n[3] += y * y;
        n[4] += x * y;
        n[5] += 1;
        if n[5] == 1 << 32 {
            self.spill();
        }
    }

    /// Moves the 64-bit sums to the 128-bit ones.
    fn spill(&mut self) {
        let [x, y, xx, yy, xy, _] = std::mem::take(&mut self.narrow).map(u128::from);
        self.wide.merge(&RatioSums { x, y, xx, yy, xy });
    }

    /// Everything added since the last take, which leaves these sums empty.
    pub fn take(&mut self) -> RatioSums {
        self.spill();
        std::mem::take(&mut self.wide)
    }
}

/// How a histogram is reported once the run is over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HistogramReport {
    /// One rate row per value (`name.0`, `name.1`, ...) plus the mean (`name.mean`).
    Buckets,
    /// Summary rows: `name.mean`, `name.median`, `name.p90`, `name.p99`.
    Quantiles,
    /// No summary rows; a survival curve: the share of trials whose recorded value exceeds
    /// each step `k` (record the step at which something stopped).
    Survival,
    /// When something first happened: rounds `1..after`, then `after` (it came once the
    /// fight was over) and `after + 1` (never). Summary rows: `name.median` and `name.p10`
    /// of the round over the trials in which it came within the fight, and the rates
    /// `name.after` and `name.never` over all trials.
    Onset {
        /// The bucket of "after the fight".
        after: usize,
        /// Whether it can come after the fight (a first death can, a first fall cannot):
        /// without, no `name.after` row.
        aftermath: bool,
    },
}

/// What a rule system counts: named counters (each reported as a rate over all trials) and
/// named histograms of small non-negative integers, each with its [`Meta`] (role, subject,
/// label) so output code never reads meaning out of a name.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Layout {
    counters: Vec<(String, Meta)>,
    histograms: Vec<(String, usize, HistogramReport, Meta)>,
    /// Values known when the scenario loads (a passive skill): reported, never sampled.
    constants: Vec<(String, i64, Meta)>,
    /// Pooled ratios, reported as `<name>.mean`.
    ratios: Vec<(String, Meta)>,
}

impl Layout {
    /// An empty layout.
    pub fn new() -> Self {
        Self::default()
    }

    /// Declares a counter reported as the rate `name`; returns its index.
    pub fn counter(&mut self, name: impl Into<String>, meta: Meta) -> CounterId {
        self.counters.push((name.into(), meta));
        CounterId(self.counters.len() - 1)
    }

    /// Declares a histogram over values `0..buckets` (it grows if a larger value arrives).
    pub fn histogram(
        &mut self,
        name: impl Into<String>,
        buckets: usize,
        report: HistogramReport,
        meta: Meta,
    ) -> HistogramId {
        self.histograms.push((name.into(), buckets, report, meta));
        HistogramId(self.histograms.len() - 1)
    }

    /// Declares a value the scenario fixes (e.g. a passive skill total), reported beside the
    /// sampled metrics with itself as its exact value and a zero-width interval.
    pub fn constant(&mut self, name: impl Into<String>, value: i64, meta: Meta) {
        self.constants.push((name.into(), value, meta));
    }

    /// Declares a pooled ratio Σx / Σy (a mean per round, per attack, …), reported as the
    /// mean `<name>.mean` with a delta-method interval; returns its index.
    pub fn ratio(&mut self, name: impl Into<String>, meta: Meta) -> RatioId {
        self.ratios.push((name.into(), meta));
        RatioId(self.ratios.len() - 1)
    }

    /// Ratio names and roles in declaration order.
    pub fn ratios(&self) -> impl Iterator<Item = (&str, &Meta)> {
        self.ratios.iter().map(|(n, m)| (n.as_str(), m))
    }

    /// The fixed values, in declaration order.
    pub fn constants(&self) -> impl Iterator<Item = (&str, i64, &Meta)> {
        self.constants.iter().map(|(n, v, m)| (n.as_str(), *v, m))
    }

    /// Counter names in declaration order.
    pub fn counter_names(&self) -> impl Iterator<Item = &str> {
        self.counters.iter().map(|(n, _)| n.as_str())
    }

    /// Counter names and roles in declaration order.
    pub fn counters(&self) -> impl Iterator<Item = (&str, &Meta)> {
        self.counters.iter().map(|(n, m)| (n.as_str(), m))
    }

    /// Histogram names, report styles and roles in declaration order.
    pub fn histograms(&self) -> impl Iterator<Item = (&str, HistogramReport, &Meta)> {
        self.histograms
            .iter()
            .map(|(n, _, r, m)| (n.as_str(), *r, m))
    }

    /// Each histogram's declared number of buckets, in declaration order: a tally's histogram
    /// starts with that many and grows only to hold a larger value.
    pub fn histogram_buckets(&self) -> impl Iterator<Item = usize> + '_ {
        self.histograms.iter().map(|(_, n, _, _)| *n)
    }

    /// Declares every metric of `inner` again here, each named `prefix` + its name with its
    /// meaning kept as one of encounter `n` ([`Meta::within`]): the metrics of one encounter
    /// of a day. Returns where `inner`'s slots begin, for [`Tally::add_nested`].
    pub fn nest(&mut self, prefix: &str, n: u32, inner: &Layout) -> Nested {
        let at = Nested {
            counters: self.counters.len(),
            histograms: self.histograms.len(),
            ratios: self.ratios.len(),
        };
        for (name, meta) in &inner.counters {
            self.counters
                .push((format!("{prefix}{name}"), meta.within(n)));
        }
        for (name, buckets, report, meta) in &inner.histograms {
            self.histograms
                .push((format!("{prefix}{name}"), *buckets, *report, meta.within(n)));
        }
        for (name, value, meta) in &inner.constants {
            self.constants
                .push((format!("{prefix}{name}"), *value, meta.within(n)));
        }
        for (name, meta) in &inner.ratios {
            self.ratios
                .push((format!("{prefix}{name}"), meta.within(n)));
        }
        at
    }

    /// A zeroed tally with this layout's slots.
    pub fn tally(&self) -> Tally {
        Tally {
            trials: 0,
            counts: vec![0; self.counters.len()],
            histograms: self
                .histograms
                .iter()
                .map(|(_, n, _, _)| Histogram::with_buckets(*n))
                .collect(),
            ratios: vec![RatioSums::default(); self.ratios.len()],
        }
    }
}

/// Where the slots of a layout declared again inside another ([`Layout::nest`]) begin.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Nested {
    counters: usize,
    histograms: usize,
    ratios: usize,
}

/// Counts of values `0, 1, 2, ...`; grows on demand, merges by adding.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Histogram {
    counts: Vec<u64>,
}

impl Histogram {
    /// A histogram of `counts` (index = value).
    pub fn from_counts(counts: Vec<u64>) -> Self {
        Self { counts }
    }

    /// A histogram with `n` zeroed buckets.
    pub fn with_buckets(n: usize) -> Self {
        Self { counts: vec![0; n] }
    }

    /// Adds one observation of `value`.
    #[inline]
    pub fn record(&mut self, value: usize) {
        if value >= self.counts.len() {
            self.counts.resize(value + 1, 0);
        }
        self.counts[value] += 1;
    }

    /// Count per value, index = value.
    pub fn counts(&self) -> &[u64] {
        &self.counts
    }

    /// Total observations.
    pub fn total(&self) -> u64 {
        self.counts.iter().sum()
    }

    /// Adds `other`'s counts into `self`.
    pub fn merge(&mut self, other: &Histogram) {
        if other.counts.len() > self.counts.len() {
            self.counts.resize(other.counts.len(), 0);
        }
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
    }
}

/// The accumulator one batch fills and the runner merges: trial count, counters, histograms.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    trials: u64,
    counts: Vec<u64>,
    histograms: Vec<Histogram>,
    ratios: Vec<RatioSums>,
}

impl Tally {
    /// Every count back to 0, in place (the slots kept).
    pub fn clear(&mut self) {
        self.trials = 0;
        self.counts.fill(0);
        for h in &mut self.histograms {
            h.counts.fill(0);
        }
        self.ratios.fill(RatioSums::default());
    }

    /// Notes that one more trial was run.
    #[inline]
    pub fn add_trials(&mut self, n: u64) {
        self.trials += n;
    }

    /// Adds 1 to counter `id` when `hit` is true (branch-free).
    #[inline]
    pub fn count(&mut self, id: CounterId, hit: bool) {
        self.counts[id.0] += u64::from(hit);
    }

    /// Adds `n` to counter `id`.
    #[inline]
    pub fn add(&mut self, id: CounterId, n: u64) {
        self.counts[id.0] += n;
    }

    /// Records `value` in histogram `id`.
    #[inline]
    pub fn record(&mut self, id: HistogramId, value: usize) {
        self.histograms[id.0].record(value);
    }

    /// Records `n` observations of `value` in histogram `id`.
    pub fn record_n(&mut self, id: HistogramId, value: usize, n: u64) {
        let h = &mut self.histograms[id.0];
        if value >= h.counts.len() {
            h.counts.resize(value + 1, 0);
        }
        h.counts[value] += n;
    }

    /// Adds one trial's pair `(x, y)` to ratio `id`.
    #[inline]
    pub fn ratio(&mut self, id: RatioId, x: u64, y: u64) {
        self.ratios[id.0].add(x, y);
    }

    /// Adds trials summed elsewhere (`sums`) to ratio `id`.
    pub fn ratio_sums(&mut self, id: RatioId, sums: &RatioSums) {
        self.ratios[id.0].merge(sums);
    }

    /// Adds `n` trials that each gave the pair `(x, y)` to ratio `id`.
    pub fn ratio_n(&mut self, id: RatioId, x: u64, y: u64, n: u64) {
        self.ratios[id.0].add_n(x, y, n);
    }

    /// All ratio sums in layout order.
    pub fn ratios(&self) -> &[RatioSums] {
        &self.ratios
    }

    /// Trials accumulated.
    pub fn trials(&self) -> u64 {
        self.trials
    }

    /// Current value of counter `id`.
    pub fn counter(&self, id: CounterId) -> u64 {
        self.counts[id.0]
    }

    /// All counters in layout order.
    pub fn counters(&self) -> &[u64] {
        &self.counts
    }

    /// Histogram `id`.
    pub fn histogram(&self, id: HistogramId) -> &Histogram {
        &self.histograms[id.0]
    }

    /// All histograms in layout order.
    pub fn histograms_slice(&self) -> &[Histogram] {
        &self.histograms
    }

    /// A tally from saved parts (a checkpoint or a shard's `tally.json`).
    pub fn from_parts(
        trials: u64,
        counts: Vec<u64>,
        histograms: Vec<Vec<u64>>,
        ratios: Vec<RatioSums>,
    ) -> Tally {
        Tally {
            trials,
            counts,
            histograms: histograms
                .into_iter()
                .map(|counts| Histogram { counts })
                .collect(),
            ratios,
        }
    }

    /// Whether this tally has `layout`'s slots (a saved tally read back must).
    pub fn fits(&self, layout: &Layout) -> bool {
        self.counts.len() == layout.counters.len()
            && self.histograms.len() == layout.histograms.len()
            && self.ratios.len() == layout.ratios.len()
    }

    /// Adds `inner` (a tally of the layout nested at `at`, [`Layout::nest`]) into its slots
    /// here, and empties it; the trial count is this tally's own.
    pub fn add_nested(&mut self, at: Nested, inner: &mut Tally) {
        for (a, b) in self.counts[at.counters..].iter_mut().zip(&mut inner.counts) {
            *a += std::mem::take(b);
        }
        for (a, b) in self.histograms[at.histograms..]
            .iter_mut()
            .zip(&mut inner.histograms)
        {
            a.merge(b);
            b.counts.iter_mut().for_each(|c| *c = 0);
        }
        for (a, b) in self.ratios[at.ratios..].iter_mut().zip(&mut inner.ratios) {
            a.merge(&std::mem::take(b));
        }
    }

    /// Adds `other` (a tally of the same layout) into `self`.
    pub fn merge(mut self, other: Tally) -> Tally {
        self.trials += other.trials;
        for (a, b) in self.counts.iter_mut().zip(&other.counts) {
            *a += b;
        }
        for (a, b) in self.histograms.iter_mut().zip(&other.histograms) {
            a.merge(b);
        }
        for (a, b) in self.ratios.iter_mut().zip(&other.ratios) {
            a.merge(b);
        }
        self
    }
}

#[cfg(test)]
mod tests;
