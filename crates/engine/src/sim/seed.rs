//! Seeding: each batch gets its own xoshiro256++ generator whose 256-bit state is derived
//! from (scenario seed, batch index) by SplitMix64 finalizers, so batches are independent
//! streams and any batch can be replayed alone.

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// The generator every batch uses.
pub type BatchRng = Xoshiro256PlusPlus;

/// SplitMix64's output function: a bijective 64-bit mixer.
#[inline]
pub fn mix64(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The generator for batch `index` of a run seeded with `seed`.
pub fn batch_rng(seed: u64, index: u64) -> BatchRng {
    const GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
    // Four consecutive SplitMix64 outputs from a state that depends on both inputs; the
    // index goes through its own mixer first so (seed, index) pairs never share a state.
    let mut state = mix64(seed) ^ mix64(index.wrapping_add(GAMMA)).rotate_left(17);
    let mut bytes = [0u8; 32];
    for chunk in bytes.chunks_exact_mut(8) {
        state = state.wrapping_add(GAMMA);
        chunk.copy_from_slice(&mix64(state).to_le_bytes());
    }
    Xoshiro256PlusPlus::from_seed(bytes)
}

#[cfg(test)]
mod tests;
