//! Tests of fall.
use super::*;
