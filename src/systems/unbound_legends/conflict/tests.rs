//! Tests of Unbound Legends fights.
