//! A fight's state as a short string of bytes, for the exact walk to merge equal states by:
//! a system lists every part of its arena that the rest of a fight reads, once, in
//! [`crate::combat::Fight::exact_state`], through a [`StateCodec`] that either writes each
//! number into a key ([`KeyWriter`]) or reads it back into an arena ([`KeyReader`]). Numbers
//! are zigzag varints, so the small numbers of a fight take a byte each.

use std::hash::{BuildHasherDefault, Hasher};

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
        let v = value.to_i64();
        let mut z = ((v << 1) ^ (v >> 63)) as u64;
        while z >= 0x80 {
            self.bytes.push(z as u8 | 0x80);
            z >>= 7;
        }
        self.bytes.push(z as u8);
    }
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

/// A map keyed by states.
pub type KeyMap<V> = std::collections::HashMap<Box<[u8]>, V, BuildHasherDefault<KeyHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_come_back_as_written() {
        let mut w = KeyWriter::default();
        let mut values = [0i64, 1, -1, 63, -64, 64, 1 << 40, i64::MIN, i64::MAX];
        w.fields(&mut values);
        let (mut mask, mut flag, mut who) = (u64::MAX, true, Some(3usize));
        w.field(&mut mask);
        w.field(&mut flag);
        w.field(&mut who);
        let mut none: Option<usize> = None;
        w.field(&mut none);
        // Small numbers take a byte each.
        assert_eq!(w.bytes[..5], [0, 2, 1, 126, 127]);
        let mut r = KeyReader::new(&w.bytes);
        let mut back = [7i64; 9];
        r.fields(&mut back);
        assert_eq!(back, values);
        let (mut m, mut f, mut o, mut n) = (0u64, false, None, Some(1usize));
        r.field(&mut m);
        r.field(&mut f);
        r.field(&mut o);
        r.field(&mut n);
        assert_eq!((m, f, o, n), (u64::MAX, true, Some(3), None));
        assert_eq!(r.read(), w.bytes.len());
    }
}
