//! Sets of combatants: who is on a side, alive, standing, dying, a foe. A fight has at most
//! 64 combatants ([`super::MAX_FIGHTERS`]), so a set is one 64-bit mask, bit `i` for
//! combatant `i`; [`Set`] names the operations every system needs — everyone of `n`, each
//! member in order, the lowest — so that no rule loops over bits by hand and the edge cases
//! (nobody, all 64) are handled here once. The fight driver's signatures carry masks as
//! `u64`; a `Set` is a free wrapper around one (`Set::from(mask)`, [`Set::bits`]).

/// A set of combatants, by index.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Set(u64);

impl Set {
    /// Nobody.
    pub const EMPTY: Set = Set(0);

    /// Everyone of a fight of `n` combatants: `0..n` (nobody for 0, all 64 bits for 64).
    #[inline(always)]
    pub const fn everyone(n: usize) -> Set {
        debug_assert!(n <= 64, "at most 64 combatants");
        if n == 0 {
            Set(0)
        } else {
            Set(u64::MAX >> (64 - n))
        }
    }

    /// The mask, bit `i` for combatant `i`.
    #[inline(always)]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// Whether nobody is in it.
    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// How many are in it.
    #[inline(always)]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether combatant `i` is in it.
    #[inline(always)]
    pub const fn contains(self, i: usize) -> bool {
        self.0 >> i & 1 == 1
    }

    /// The member with the lowest index, if any.
    #[inline(always)]
    pub const fn first(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as usize)
        }
    }

    /// The members of this set not in `other`.
    #[inline(always)]
    pub const fn without(self, other: Set) -> Set {
        Set(self.0 & !other.0)
    }

    /// Whether it has two members or more (no population count: it is slow where the
    /// processor lacks one).
    #[inline(always)]
    pub const fn has_several(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The `k`-th member in index order (from 0), if there are more than `k`.
    #[inline(always)]
    pub fn nth(self, k: usize) -> Option<usize> {
        let mut left = self.0;
        for _ in 0..k {
            left &= left.wrapping_sub(1);
        }
        Set(left).first()
    }

    /// The member a uniform draw picks (the set is not empty): a lone member without a draw,
    /// else the `k`-th in index order for `k = draw(n)`, a uniform draw from `0..n` (`n` the
    /// members).
    #[inline(always)]
    pub fn draw(self, draw: impl FnOnce(usize) -> usize) -> usize {
        debug_assert!(!self.is_empty(), "a draw needs a member");
        if !self.has_several() {
            return (self.0.trailing_zeros() & 63) as usize;
        }
        self.nth(draw(self.len()))
            .expect("a draw from 0..n picks one of n members")
    }

    /// The members in index order.
    #[inline(always)]
    pub const fn iter(self) -> Members {
        Members(self.0)
    }
}

impl From<u64> for Set {
    #[inline(always)]
    fn from(mask: u64) -> Set {
        Set(mask)
    }
}

impl From<Set> for u64 {
    #[inline(always)]
    fn from(set: Set) -> u64 {
        set.0
    }
}

impl IntoIterator for Set {
    type Item = usize;
    type IntoIter = Members;

    #[inline(always)]
    fn into_iter(self) -> Members {
        Members(self.0)
    }
}

/// The members of a [`Set`], lowest index first.
#[derive(Debug, Clone)]
pub struct Members(u64);

impl Members {
    /// The members not handed out yet: what a loop still has to visit.
    #[inline(always)]
    pub const fn rest(&self) -> u64 {
        self.0
    }
}

impl Iterator for Members {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        // `& 63` changes nothing (the mask is not 0) but tells the compiler the index is
        // below 64, so arrays of `MAX_FIGHTERS` are indexed without a bounds check.
        let i = (self.0.trailing_zeros() & 63) as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }

    #[inline(always)]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Members {}

/// The members of `mask` in index order: `for i in members(mask)`.
#[inline(always)]
pub fn members(mask: u64) -> Members {
    Members(mask)
}

/// Everyone of a fight of `n` combatants, as a mask (see [`Set::everyone`]).
#[inline(always)]
pub const fn everyone(n: usize) -> u64 {
    Set::everyone(n).bits()
}

#[cfg(test)]
mod tests;
