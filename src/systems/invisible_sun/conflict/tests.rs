//! Conflict tests.
