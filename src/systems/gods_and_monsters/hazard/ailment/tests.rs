//! Tests of ailment.
use super::*;
