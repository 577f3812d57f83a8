//! Every key of a `unbound-legends` scenario, declared once ([`crate::scenario::keys`]): the loader
//! reads each value against these, and the reference (`docs/scenarios/unbound-legends.md`) and
//! `oddsmith new` are written from them.

use crate::scenario::keys::common::{FOES, PATIENTS};
use crate::scenario::keys::{Form, Key, Schema, Table};

/// The seed files, for the reference's readers.
const SEEDS: &[(&str, &str)] = &[("001", "Unbound Legends (`001_9a2522fe8d4a2682.txt`)")];

/// `[aftermath]` of a fight.
pub(super) const AFTERMATH: Table = Table {
    path: "aftermath",
    form: Form::One,
    about: "after the fight: who tends whom",
    keys: &[
        Key::word("allies", &["tend", "leave", "stabilise"])
            .default("\"tend\"")
            .means("what the standing do for their own dying: first aid, nothing, or every dying ally of a side with someone standing is stable at once, without a roll")
            .seed("001:440-453"),
        FOES,
        PATIENTS,
    ],
};

/// Every shape of a `unbound-legends` scenario.
pub const SCHEMA: Schema = Schema {
    system: "unbound-legends",
    title: "Unbound Legends",
    seeds: SEEDS,
    shapes: &[],
};
