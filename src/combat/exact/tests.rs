//! The walk's own tests: a toy duel against a dynamic programme written here, and the
//! limits.

mod toy;
