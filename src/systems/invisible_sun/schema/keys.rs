//! Every key of a `invisible-sun` scenario, declared once ([`crate::scenario::keys`]): the loader
//! reads each value against these, and the reference (`docs/scenarios/invisible-sun.md`) and
//! `oddsmith new` are written from them.

use crate::scenario::keys::common::{ALLIES, FOES};
use crate::scenario::keys::{Form, Key, Schema, Table};

/// The seed files, for the reference's readers.
const SEEDS: &[(&str, &str)] = &[("000", "Invisible Sun (`000_2810d6a557b34243.txt`)")];

/// `[aftermath]` of a conflict.
pub(super) const AFTERMATH: Table = Table {
    path: "aftermath",
    form: Form::One,
    about: "after the fight: who tends whom, and whether 3 Anguish is death",
    keys: &[
        ALLIES,
        FOES,
        Key::word("anguish_out", &["out", "dead"])
            .default("\"out\"")
            .means("3 Anguish is out, alive (down), or death")
            .seed("000:190"),
    ],
};

/// Every shape of a `invisible-sun` scenario.
pub const SCHEMA: Schema = Schema {
    system: "invisible-sun",
    title: "Invisible Sun",
    seeds: SEEDS,
    shapes: &[],
};
