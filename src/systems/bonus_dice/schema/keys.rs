//! Every key of a `bonus-dice` scenario, declared once ([`crate::scenario::keys`]): the loader
//! reads each value against these, and the reference (`docs/scenarios/bonus-dice.md`) and
//! `oddsmith new` are written from them.

use crate::scenario::keys::common::{ALLIES, FOES, PATIENTS};
use crate::scenario::keys::{Form, Key, Schema, Table};

/// The seed files, for the reference's readers.
const SEEDS: &[(&str, &str)] = &[(
    "002",
    "the bonus-dice d20 system (`002_88b8445f1f52ae9c.txt`)",
)];

/// `[aftermath]` of a skirmish.
pub(super) const AFTERMATH: Table = Table {
    path: "aftermath",
    form: Form::One,
    about: "after the fight: who tends whom, and how long a Medicine try takes",
    keys: &[
        ALLIES,
        FOES,
        PATIENTS,
        Key::int("medicine_actions", 1, 20)
            .default("1")
            .means("actions one Medicine try takes")
            .seed("002:76"),
    ],
};

/// Every shape of a `bonus-dice` scenario.
pub const SCHEMA: Schema = Schema {
    system: "bonus-dice",
    title: "The bonus-dice d20 system",
    seeds: SEEDS,
    shapes: &[],
};
