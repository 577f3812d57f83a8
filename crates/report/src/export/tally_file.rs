//! Saved tallies: a checkpoint (`--checkpoint FILE`) or a shard's `tally.json` (`--shard
//! I/N`). Both hold the exact integer counts of a run's batches `start..end` — counters,
//! histograms, ratio sums (as decimal strings: they are 128-bit) — with what identifies the
//! run: the scenario file's path and FNV-1a hash, seed, trials, precision. A sweep's tally
//! (`grid_points` set) holds its counts per grid point instead, one [`PointTally`] for each
//! piece of a point it has. Written through the one atomic writer, so a reader sees the old
//! file or the new one; read back through [`read`], which refuses a file that
//! [`tally_check`] finds wrong before any of its numbers is used.

use super::tally_check::{self, MAX_FILE_BYTES};
use oddsmith_core::error::{OutputError, TallyFileError};
use oddsmith_core::stats::{Layout, Tally};
use serde::{Deserialize, Serialize};
use std::io::Read;
use std::path::{Path, PathBuf};

/// The `format` every saved tally carries.
pub const FORMAT: &str = "oddsmith-tally-1";

/// A run's batches `start..end`, exactly, and the run they belong to.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SavedTally {
    /// [`FORMAT`].
    pub format: String,
    /// `"checkpoint"` or `"shard"`.
    pub kind: String,
    /// Scenario file as given when the run started.
    pub scenario_path: String,
    /// FNV-1a hash of the scenario file's bytes, in hex.
    pub scenario_hash: String,
    /// The `--set PATH=VALUE` arguments the run applied to the file (reapplied on resume
    /// and merge; shards of one run have the same).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<String>,
    /// Seed of the run.
    pub seed: u64,
    /// Trials of the whole run (of every shard together).
    pub trials: u64,
    /// `--precision` of the run, if any.
    pub precision: Option<f64>,
    /// The output folder the run writes to (a checkpoint resumes into it).
    pub out: Option<String>,
    /// `[I, N]` for shard I of N.
    pub shard: Option<[u64; 2]>,
    /// First batch held (a sweep's shard: first work unit, `point × batches per point +
    /// batch`; a sweep's checkpoint: 0).
    pub start: u64,
    /// One past the last batch (or work unit) held; `start..end` are all held.
    pub end: u64,
    /// The counts of a single run (empty for a sweep).
    #[serde(flatten)]
    pub counts: Counts,
    /// A sweep's number of grid points; `None` for a single run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grid_points: Option<u64>,
    /// A sweep's counts, one entry per piece of a grid point held, by point then batch.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub points: Vec<PointTally>,
}

/// Batches `start..end` of one grid point of a sweep, exactly.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct PointTally {
    /// The grid point's index (first swept field slowest).
    pub point: u64,
    /// First batch held.
    pub start: u64,
    /// One past the last batch held.
    pub end: u64,
    /// The point is done: every batch it needs is in (a checkpoint's finished points).
    pub finished: bool,
    /// The counts.
    #[serde(flatten)]
    pub counts: Counts,
}

/// Exact integer counts of some batches of one scenario.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq)]
pub struct Counts {
    /// Trials held.
    pub trials_done: u64,
    /// Counter names in layout order (checked when read back).
    pub counter_names: Vec<String>,
    /// Counter values.
    pub counters: Vec<u64>,
    /// Histogram counts, index = value.
    pub histograms: Vec<Vec<u64>>,
    /// Ratio sums `[Σx, Σy, Σx², Σy², Σxy]` as decimal strings.
    pub ratios: Vec<[String; 5]>,
}

impl SavedTally {
    /// Fills the counts from `tally` (of `layout`).
    pub fn with_tally(mut self, layout: &Layout, tally: &Tally) -> Self {
        self.counts = Counts::of(layout, tally);
        self
    }

    /// The counts as a tally of `layout`, or why they do not fit it.
    pub fn tally(&self, layout: &Layout, path: &Path) -> Result<Tally, TallyFileError> {
        self.counts.tally(layout, path, "")
    }
}

impl Counts {
    /// The counts of `tally` (of `layout`).
    pub fn of(layout: &Layout, tally: &Tally) -> Self {
        Self {
            trials_done: tally.trials(),
            counter_names: layout.counter_names().map(str::to_string).collect(),
            counters: tally.counters().to_vec(),
            histograms: tally
                .histograms_slice()
                .iter()
                .map(|h| h.counts().to_vec())
                .collect(),
            ratios: tally
                .ratios()
                .iter()
                .map(|r| [r.x, r.y, r.xx, r.yy, r.xy].map(|v| v.to_string()))
                .collect(),
        }
    }

    /// The counts as a tally of `layout` (`path` names the file in errors, `at` the counts'
    /// place in it: `""` or `points[3]`), or why they do not fit it. The counts passed
    /// [`read`]'s checks.
    pub fn tally(&self, layout: &Layout, path: &Path, at: &str) -> Result<Tally, TallyFileError> {
        let bad = |key: &str, message: String| TallyFileError::Invalid {
            path: path.to_path_buf(),
            key: if at.is_empty() {
                key.to_string()
            } else {
                format!("{at}.{key}")
            },
            message,
        };
        if !layout
            .counter_names()
            .eq(self.counter_names.iter().map(String::as_str))
        {
            return Err(bad(
                "counter_names",
                "are not the scenario's metrics (saved by another oddsmith version?)".into(),
            ));
        }
        let lengths = [
            (
                "histograms",
                self.histograms.len(),
                layout.histograms().count(),
            ),
            ("ratios", self.ratios.len(), layout.ratios().count()),
        ];
        if let Some((key, held, want)) = lengths.into_iter().find(|(_, h, w)| h != w) {
            return Err(bad(
                key,
                format!(
                    "has {held} entries; the scenario has {want} (saved by another oddsmith \
                     version?)"
                ),
            ));
        }
        // A run's histogram has the declared buckets, or more only up to its largest value.
        for (k, (h, declared)) in self
            .histograms
            .iter()
            .zip(layout.histogram_buckets())
            .enumerate()
        {
            let longer = h.len() > declared && h.last() == Some(&0);
            if h.len() < declared || longer {
                return Err(bad(
                    &format!("histograms[{k}]"),
                    format!(
                        "has {} values; a run of the scenario leaves {declared}, or more only up \
                         to its largest value (the last one not 0)",
                        h.len()
                    ),
                ));
            }
        }
        let ratios = self
            .ratios
            .iter()
            .map(|r| tally_check::ratio_sums(r, self.trials_done))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|(_, message)| bad("ratios", message))?;
        let tally = Tally::from_parts(
            self.trials_done,
            self.counters.clone(),
            self.histograms.clone(),
            ratios,
        );
        debug_assert!(tally.fits(layout), "names and lengths checked");
        Ok(tally)
    }
}

/// Writes `saved` to `path` atomically; returns the path.
pub fn write(saved: &SavedTally, path: &Path) -> Result<PathBuf, OutputError> {
    let text = serde_json::to_string_pretty(saved).expect("a saved tally always serializes");
    super::write::write_file(path, (text + "\n").as_bytes())
}

/// Reads a saved tally and checks it (see [`tally_check`]): a file that is not a regular
/// file, is over [`MAX_FILE_BYTES`], is not the format or holds a value out of range is
/// refused, naming the file and the key.
pub fn read(path: &Path) -> Result<SavedTally, TallyFileError> {
    let bad = |message: String| TallyFileError::Unreadable {
        path: path.to_path_buf(),
        message,
    };
    let file = std::fs::File::open(path).map_err(|e| bad(e.to_string()))?;
    let meta = file.metadata().map_err(|e| bad(e.to_string()))?;
    if !meta.is_file() {
        return Err(bad("it is not a regular file".into()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(bad(format!(
            "it is {} bytes; a saved tally is at most {MAX_FILE_BYTES} (1 GiB)",
            meta.len()
        )));
    }
    let mut text = String::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| bad(e.to_string()))?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(bad(format!(
            "it grew past {MAX_FILE_BYTES} bytes (1 GiB) while read"
        )));
    }
    parse(&text, path)
}

/// A saved tally from its text (`path` names it in errors), checked as [`read`] checks it.
pub fn parse(text: &str, path: &Path) -> Result<SavedTally, TallyFileError> {
    tally_check::check_keys(text, path)?;
    let saved: SavedTally = serde_json::from_str(text).map_err(|e| TallyFileError::Unreadable {
        path: path.to_path_buf(),
        message: e.to_string(),
    })?;
    tally_check::check(&saved, path)?;
    Ok(saved)
}
