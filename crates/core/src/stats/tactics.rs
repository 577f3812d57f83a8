//! Difficulty across tactics: one fight played under each pairing of tactic profiles (the
//! profile of the side its difficulty band is for, and that of every other side), every
//! pairing on the same seed (common random numbers, as a sweep's grid points are), and the
//! range of the band across them ([`TacticsReport::range`]).

use super::difficulty::Difficulty;
use super::summary::Report;
use serde::Serialize;

/// The pairings of one fight and what each gave.
#[derive(Debug, Clone, Serialize)]
pub struct TacticsReport {
    /// Scenario `name`.
    pub scenario: String,
    /// Scenario `system`.
    pub system: String,
    /// Trials of each pairing.
    pub trials: u64,
    /// The seed every pairing ran from.
    pub seed: u64,
    /// The side the difficulty band is for.
    pub side: String,
    /// The profiles played, in order (each side takes each of them).
    pub profiles: Vec<String>,
    /// One per pairing played, the side's own profile varying slowest.
    pub pairings: Vec<TacticsPairing>,
    /// Pairings an interrupt left unplayed, as `[ours, theirs]`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub missing: Vec<[String; 2]>,
}

/// One pairing: its two profiles and the fight's report under them.
#[derive(Debug, Clone, Serialize)]
pub struct TacticsPairing {
    /// The profile of the side the band is for.
    pub ours: String,
    /// The profile of every other side.
    pub theirs: String,
    /// The run under this pairing.
    pub report: Report,
}

impl TacticsPairing {
    /// The band of the side, if the run could read one.
    pub fn difficulty(&self) -> Option<&Difficulty> {
        self.report.difficulty.as_deref()
    }

    /// How hard it went for the side: its band, then its `any_death` value (exact where
    /// known), then its `all_down` value, for ordering pairings.
    fn severity(&self) -> Option<(super::difficulty::Band, f64, f64)> {
        let d = self.difficulty()?;
        Some((d.band, d.any_death.value, d.all_down.value))
    }
}

impl TacticsReport {
    /// The mildest and the worst pairing for the side (by band, then by the `any_death`
    /// rate, then `all_down`; the first such in play order); `None` when no pairing has a
    /// band.
    pub fn range(&self) -> Option<(&TacticsPairing, &TacticsPairing)> {
        let rated: Vec<_> = (self.pairings.iter())
            .filter_map(|p| p.severity().map(|s| (p, s)))
            .collect();
        let order = |a: &(_, f64, f64), b: &(_, f64, f64)| {
            (a.0, a.1, a.2)
                .partial_cmp(&(b.0, b.1, b.2))
                .unwrap_or(std::cmp::Ordering::Equal)
        };
        let mut mildest = rated.first()?;
        let mut worst = mildest;
        for r in &rated {
            if order(&r.1, &mildest.1).is_lt() {
                mildest = r;
            }
            if order(&r.1, &worst.1).is_gt() {
                worst = r;
            }
        }
        Some((mildest.0, worst.0))
    }
}

#[cfg(test)]
mod tests;
