//! Generators and a check for the dice's own tests, and any test that samples a table:
//! a generator that always shows the highest face ([`AlwaysMax`]), one that replays 32-bit
//! draws ([`Script`]), and the sampled-frequency check ([`assert_samples_match`]: every
//! value within 4.5 standard errors of `n·p`).

use crate::dice::Pmf;
use rand::TryRng;
use std::convert::Infallible;

/// A generator whose every draw is all ones, so every die shows its highest face.
pub struct AlwaysMax;

impl TryRng for AlwaysMax {
    type Error = Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        Ok(u32::MAX)
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        Ok(u64::MAX)
    }
    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        dst.fill(0xff);
        Ok(())
    }
}

/// A generator that replays a script of 32-bit draws and counts them.
pub struct Script {
    /// The draws, in order.
    pub draws: Vec<u32>,
    /// How many have been taken.
    pub taken: usize,
}

impl TryRng for Script {
    type Error = Infallible;
    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        self.taken += 1;
        Ok(self.draws[self.taken - 1])
    }
    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        unimplemented!("the dice draw 32 bits at a time")
    }
    fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Infallible> {
        unimplemented!("the dice draw 32 bits at a time")
    }
}

/// Least expected count of a checked bucket: rarer neighbouring values are pooled so
/// the normal approximation behind "4.5 standard errors" holds.
const MIN_EXPECTED: f64 = 100.0;

/// Draws `n` samples and checks them against the exact table: no value below the table
/// or with probability 0 appears, and every bucket's count is within 4.5 standard errors
/// of `n·p`. A bucket is one value, or a run of neighbouring values pooled until their
/// expected count reaches [`MIN_EXPECTED`]; values beyond a truncated table's end (mass
/// `1 − total`) join the last bucket.
pub fn assert_samples_match(pmf: &Pmf, mut draw: impl FnMut() -> i64, n: u64) {
    let mut counts = vec![0u64; pmf.probs().len()];
    let mut beyond = 0u64;
    for _ in 0..n {
        let v = draw();
        assert!(
            v >= pmf.min(),
            "value {v} below the table's minimum {}",
            pmf.min()
        );
        match counts.get_mut((v - pmf.min()) as usize) {
            Some(c) => *c += 1,
            None => beyond += 1,
        }
    }
    if (1.0 - pmf.total()).abs() < 1e-12 {
        assert_eq!(beyond, 0, "values above the table's maximum {}", pmf.max());
    }
    // (first value, last value, count, probability) of each bucket.
    let mut buckets: Vec<(i64, i64, u64, f64)> = Vec::new();
    let mut open: Option<(i64, i64, u64, f64)> = None;
    for ((v, p), &c) in pmf.iter().zip(&counts) {
        if p == 0.0 {
            assert_eq!(c, 0, "impossible value {v} appeared");
            continue;
        }
        let b = open.get_or_insert((v, v, 0, 0.0));
        b.1 = v;
        b.2 += c;
        b.3 += p;
        if n as f64 * b.3 >= MIN_EXPECTED {
            buckets.extend(open.take());
        }
    }
    let rest = open.unwrap_or((pmf.max() + 1, pmf.max() + 1, 0, 0.0));
    let last = buckets.last_mut().expect("some value is likely");
    last.1 = rest.1;
    last.2 += rest.2 + beyond;
    last.3 += rest.3 + (1.0 - pmf.total()).max(0.0);
    for (lo, hi, c, p) in buckets {
        let expected = n as f64 * p;
        let sd = (expected * (1.0 - p)).sqrt();
        assert!(
            (c as f64 - expected).abs() <= 4.5 * sd,
            "values {lo}..={hi}: counted {c}, expected {expected:.1} ± {sd:.1}"
        );
    }
}
