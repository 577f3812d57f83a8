//! Tests of chase.
use super::*;
