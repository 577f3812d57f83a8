//! A fight's state as a short string of bytes, for the exact walk to merge equal states by:
//! a system lists every part of its arena that the rest of a fight reads, once, in
//! [`crate::combat::Walk::exact_state`], through a [`StateCodec`] that either writes each
//! number into a key ([`KeyWriter`]) or reads it back into an arena ([`KeyReader`]). Numbers
//! are zigzag varints, so the small numbers of a fight take a byte each.

use std::hash::Hasher;

/// One number of a fight's state: anything that turns into an `i64` and back.
pub trait Field: Copy {
    /// As an `i64`.
    fn to_i64(self) -> i64;
    /// Back from [`Field::to_i64`].
    fn from_i64(v: i64) -> Self;
}

macro_rules! field_int {
    ($($t:ty),*) => {$(
        impl Field for $t {
            #[inline(always)]
            fn to_i64(self) -> i64 {
                self as i64
            }
            #[inline(always)]
            fn from_i64(v: i64) -> Self {
                v as $t
            }
        }
    )*};
}

field_int!(i8, i16, i32, i64, u8, u16, u32, u64, usize);

impl Field for bool {
    #[inline(always)]
    fn to_i64(self) -> i64 {
        i64::from(self)
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        v != 0
    }
}

impl Field for Option<usize> {
    #[inline(always)]
    fn to_i64(self) -> i64 {
        self.map_or(-1, |v| v as i64)
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        usize::try_from(v).ok()
    }
}

/// A round number `value` (`u32::MAX`: never) of a state, written relative to `now`, the
/// round being played, so that states a round apart that are otherwise alike have one key.
#[inline]
pub fn at_round<C: StateCodec>(state: &mut C, value: &mut u32, now: u32) {
    at_round_within(state, value, now, u32::MAX);
}

/// [`at_round`] for a round that matters only if it comes less than `most` rounds after
/// `now`: one `most` or more rounds off is never, and read back as never (so that a state
/// with one far off does not count it down to a new state every round).
#[inline]
pub fn at_round_within<C: StateCodec>(state: &mut C, value: &mut u32, now: u32, most: u32) {
    const NEVER: i64 = 1 << 40;
    let mut rel = match *value {
        u32::MAX => NEVER,
        v if i64::from(v) - i64::from(now) >= i64::from(most) => NEVER,
        v => i64::from(v) - i64::from(now),
    };
    state.field(&mut rel);
    *value = match rel {
        NEVER => u32::MAX,
        r => (r + i64::from(now)) as u32,
    };
}

/// Writes a fight's state into a key, or reads a key back into the state: each part of the
/// state passed to [`StateCodec::field`] in the same order both ways.
pub trait StateCodec {
    /// One number of the state: written from `value`, or read into it.
    fn field<T: Field>(&mut self, value: &mut T);

    /// Each number of `values`, in order.
    #[inline]
    fn fields<T: Field>(&mut self, values: &mut [T]) {
        for v in values {
            self.field(v);
        }
    }
}

/// Writes the state into a key.
#[derive(Debug, Default)]
pub struct KeyWriter {
    /// The key so far.
    pub bytes: Vec<u8>,
}

impl StateCodec for KeyWriter {
    #[inline]
    fn field<T: Field>(&mut self, value: &mut T) {
        write(&mut self.bytes, value.to_i64());
    }
}

/// Writes the state onto the end of the bytes (for [`oddsmith_core::dice::Dice::checkpoint`]).
impl StateCodec for Vec<u8> {
    #[inline]
    fn field<T: Field>(&mut self, value: &mut T) {
        write(self, value.to_i64());
    }
}

/// Appends `v` as a zigzag varint.
#[inline]
fn write(bytes: &mut Vec<u8>, v: i64) {
    let mut z = ((v << 1) ^ (v >> 63)) as u64;
    while z >= 0x80 {
        bytes.push(z as u8 | 0x80);
        z >>= 7;
    }
    bytes.push(z as u8);
}

/// Reads a key back into the state.
#[derive(Debug)]
pub struct KeyReader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> KeyReader<'a> {
    /// Reads `bytes` from the start.
    pub fn new(bytes: &'a [u8]) -> Self {
        Self { bytes, at: 0 }
    }

    /// How many bytes it has read.
    pub fn read(&self) -> usize {
        self.at
    }
}

impl StateCodec for KeyReader<'_> {
    #[inline]
    fn field<T: Field>(&mut self, value: &mut T) {
        let (mut z, mut shift) = (0u64, 0);
        loop {
            let b = self.bytes[self.at];
            self.at += 1;
            z |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                break;
            }
            shift += 7;
        }
        *value = T::from_i64((z >> 1) as i64 ^ -((z & 1) as i64));
    }
}

/// A fast hash for keys of bytes (FxHash's multiply-rotate, eight bytes at a time): the
/// walk's maps hash millions of short keys, which the standard SipHash would make the
/// slowest part.
#[derive(Debug, Default, Clone, Copy)]
pub struct KeyHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl KeyHasher {
    #[inline(always)]
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("eight bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last));
        }
    }

    #[inline]
    fn write_u64(&mut self, v: u64) {
        self.add(v);
    }

    #[inline]
    fn write_usize(&mut self, v: usize) {
        self.add(v as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// The bytes a vector holds on the heap.
pub fn heap<T>(v: &Vec<T>) -> usize {
    v.capacity() * std::mem::size_of::<T>()
}

#[cfg(test)]
mod tests;

/// Keys of bytes, each numbered in the order first seen: one buffer holds them all and an
/// open-addressing table finds them by hash, so that a new key costs no allocation of its
/// own (the walk meets millions).
#[derive(Debug, Default, Clone)]
pub struct KeySet {
    bytes: Vec<u8>,
    /// Where each key begins in `bytes`; the last entry is the end.
    starts: Vec<usize>,
    /// Per slot, 1 + a key's number (or 0 for none) and the high half of its hash, to tell
    /// most keys apart without reading them; a power of two long.
    slots: Vec<(u32, u32)>,
    /// Each key's hash.
    hashes: Vec<u64>,
}

impl KeySet {
    /// How many keys.
    pub fn len(&self) -> usize {
        self.hashes.len()
    }

    /// Key number `k`.
    #[inline]
    pub fn key(&self, k: usize) -> &[u8] {
        &self.bytes[self.starts[k]..self.starts[k + 1]]
    }

    /// The bytes it holds on the heap.
    pub fn heap_bytes(&self) -> usize {
        self.bytes.capacity() + heap(&self.starts) + heap(&self.slots) + heap(&self.hashes)
    }

    /// Forgets every key, keeping the room.
    pub fn clear(&mut self) {
        self.bytes.clear();
        self.starts.clear();
        self.hashes.clear();
        self.slots.iter_mut().for_each(|s| *s = (0, 0));
    }

    fn hash(key: &[u8]) -> u64 {
        let mut h = KeyHasher::default();
        h.write(key);
        // Every bit into the low ones the table indexes by (MurmurHash3's finalizer).
        let mut x = h.finish();
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
        x ^ (x >> 33)
    }

    /// The slot of `key` (of hash `h`): where it is, or the empty slot where it would go.
    #[inline]
    fn slot(&self, key: &[u8], h: u64) -> usize {
        let mask = self.slots.len() - 1;
        let (mut i, high) = (h as usize & mask, (h >> 32) as u32);
        loop {
            match self.slots[i] {
                (0, _) => return i,
                (s, tag) if tag == high && self.key(s as usize - 1) == key => return i,
                _ => {}
            }
            i = (i + 1) & mask;
        }
    }

    /// The number of `key`, if it was seen.
    #[inline]
    pub fn get(&self, key: &[u8]) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        match self.slots[self.slot(key, Self::hash(key))] {
            (0, _) => None,
            (s, _) => Some(s as usize - 1),
        }
    }

    /// The number of `key`, and whether it is new (numbered now).
    #[inline]
    pub fn intern(&mut self, key: &[u8]) -> (usize, bool) {
        if (self.len() + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let h = Self::hash(key);
        let i = self.slot(key, h);
        if self.slots[i].0 != 0 {
            return (self.slots[i].0 as usize - 1, false);
        }
        let k = self.len();
        if self.starts.is_empty() {
            self.starts.push(0);
        }
        self.bytes.extend_from_slice(key);
        self.starts.push(self.bytes.len());
        self.hashes.push(h);
        self.slots[i] = (k as u32 + 1, (h >> 32) as u32);
        (k, true)
    }

    /// Twice the slots (at least 64), every key placed again.
    fn grow(&mut self) {
        let n = (self.slots.len() * 2).max(64);
        self.slots = vec![(0, 0); n];
        let mask = n - 1;
        for (k, &h) in self.hashes.iter().enumerate() {
            let mut i = h as usize & mask;
            while self.slots[i].0 != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = (k as u32 + 1, (h >> 32) as u32);
        }
    }
}
