//! 95% confidence intervals: the Wilson score interval for rates and a normal interval for
//! means, with the critical value taken from statrs' standard normal.

use statrs::distribution::{ContinuousCDF, Normal};
use std::sync::OnceLock;

/// Two-sided 95% critical value of the standard normal (≈ 1.959964).
pub fn z95() -> f64 {
    static Z: OnceLock<f64> = OnceLock::new();
    *Z.get_or_init(|| {
        Normal::new(0.0, 1.0)
            .expect("standard normal parameters are valid")
            .inverse_cdf(0.975)
    })
}

/// Wilson score 95% interval for `hits` successes in `n` trials; `(0, 1)` when `n == 0`.
pub fn wilson_interval(hits: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = z95();
    let n_f = n as f64;
    let p = hits as f64 / n_f;
    let z2 = z * z;
    let denom = 1.0 + z2 / n_f;
    let centre = (p + z2 / (2.0 * n_f)) / denom;
    let half = z * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Normal-approximation 95% interval for a mean from `n` observations with the given sum and
/// sum of squares. Returns `(mean, low, high)`.
pub fn mean_interval(sum: f64, sum_sq: f64, n: u64) -> (f64, f64, f64) {
    if n == 0 {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    let n_f = n as f64;
    let mean = sum / n_f;
    let var = if n > 1 {
        ((sum_sq - n_f * mean * mean) / (n_f - 1.0)).max(0.0)
    } else {
        0.0
    };
    let half = z95() * (var / n_f).sqrt();
    (mean, mean - half, mean + half)
}

/// Delta-method 95% interval for a pooled ratio R = Σx / Σy over `n` trials, each giving
/// one pair `(x, y)`: Var(R) ≈ Σ(x − R·y)² / ((n − 1) · n · ȳ²). Returns `(R, low, high)`;
/// all NaN when Σy is 0.
pub fn ratio_interval(sums: &super::RatioSums, n: u64) -> (f64, f64, f64) {
    if n == 0 || sums.y == 0 {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    let (x, y) = (sums.x as f64, sums.y as f64);
    let r = x / y;
    let n_f = n as f64;
    let ybar = y / n_f;
    // Σ(x − R·y)² = Σx² − 2R·Σxy + R²·Σy².
    let ss = (sums.xx as f64 - 2.0 * r * sums.xy as f64 + r * r * sums.yy as f64).max(0.0);
    let var = if n > 1 {
        ss / ((n_f - 1.0) * n_f * ybar * ybar)
    } else {
        0.0
    };
    let half = z95() * var.sqrt();
    (r, r - half, r + half)
}

#[cfg(test)]
mod tests;
