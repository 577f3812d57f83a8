//! The walk's own tests: a toy duel against a dynamic programme written here, and the
//! limits ([`toy`]); per system, a fight of three walked and sampled ([`sampled`]).

mod sampled;
mod toy;
