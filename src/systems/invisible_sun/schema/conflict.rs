//! `[[pc]]`, `[[npc]]` and `[conflict]`: a fight.

use crate::error::ScenarioError;
use crate::scenario::{Document, Spanned};
use crate::systems::invisible_sun::Loaded;

/// Reads a conflict.
pub(super) fn load(
    doc: &Document,
    _max_rounds: Option<Spanned<u64>>,
) -> Result<Loaded, ScenarioError> {
    Err(doc.invalid(0..0, "pc", "conflicts are not read yet"))
}
