//! Gods & Monsters hazards: what the world does to a character outside a conflict, each a
//! scenario kind of its own — falls and failed climbs ([`fall`], 003_2f5399e0a98f81be.txt
//! 36–50, 004_803a11f5ee1b6e60.txt 673–694), ailments ([`ailment`], 003:5–27), jumps
//! ([`jump`], 003:73–83), chases ([`chase`], 003:28–31) and forced marches ([`march`],
//! 003:104–112).
//!
//! Every roll is d20 ≤ a target, as in `[check]`, and injury points (the starting ones and
//! any gained during the hazard) are a penalty on every later roll (004:601). Falls share the
//! consciousness roll and death contest with conflicts ([`super::survival`]); the other kinds
//! roll neither. Each kind reports exact values beside its estimates; this module holds the
//! helpers that turn an exact distribution into the rows a histogram reports.

pub mod ailment;
pub mod chase;
pub mod fall;
pub mod jump;
pub mod march;

use oddsmith_core::stats::ExactValues;

/// The quantiles a `Quantiles` histogram reports, by row suffix.
const QUANTILES: [(&str, f64); 3] = [("median", 0.5), ("p90", 0.9), ("p99", 0.99)];

/// The mean of a distribution over 0, 1, 2, … (`dist[k]` = P(value = k)).
pub fn mean(dist: &[f64]) -> f64 {
    dist.iter().enumerate().map(|(k, p)| k as f64 * p).sum()
}

/// The smallest value whose cumulative probability reaches `q` (within 1e-9), the last value
/// if none does.
pub fn quantile(dist: &[f64], q: f64) -> usize {
    let mut cumulative = 0.0;
    dist.iter()
        .position(|p| {
            cumulative += p;
            cumulative >= q - 1e-9
        })
        .unwrap_or(dist.len().saturating_sub(1))
}

/// Inserts the exact rows of a quantile histogram `name`: `.mean`, `.median`, `.p90`, `.p99`.
pub fn insert_quantiles(exact: &mut ExactValues, name: &str, dist: &[f64]) {
    exact.insert(format!("{name}.mean"), mean(dist));
    for (label, q) in QUANTILES {
        exact.insert(format!("{name}.{label}"), quantile(dist, q) as f64);
    }
}

/// Inserts the exact rows of a bucket histogram `name`: `.K` for each value and `.mean`.
pub fn insert_buckets(exact: &mut ExactValues, name: &str, dist: &[f64]) {
    for (k, p) in dist.iter().enumerate() {
        exact.insert(format!("{name}.{k}"), *p);
    }
    exact.insert(format!("{name}.mean"), mean(dist));
}

/// Adds `p` at `value` of `dist`, growing it as needed.
pub fn add_at(dist: &mut Vec<f64>, value: usize, p: f64) {
    if dist.len() <= value {
        dist.resize(value + 1, 0.0);
    }
    dist[value] += p;
}

#[cfg(test)]
mod tests;
