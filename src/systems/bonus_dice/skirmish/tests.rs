//! Skirmish tests.
