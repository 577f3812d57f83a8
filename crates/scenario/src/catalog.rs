//! The rule systems a scenario may name, as data the caller hands in: this crate knows no
//! rule system. The engine's registry builds the one [`Catalog`] (`systems::CATALOG`): each
//! system with its `system =` name, its key declarations and its built-in library, and the
//! top level's keys, whose `system` takes those names ([`header_keys`]). The loader
//! ([`Document::read`](crate::Document::read): a `use` from the library, `include =
//! ["library/<system>.toml"]`), the reference ([`crate::reference`]) and the key lookups of
//! `oddsmith new` and `tune` ([`crate::keys::common::table_at`]) read it.
//!
//! [`header_keys`]: crate::keys::common::header_keys

use super::keys::{Schema, Table};
use super::library::Library;

/// Every rule system a scenario may name, and the top level's keys.
#[derive(Debug, Clone, Copy)]
pub struct Catalog {
    /// The top level (`name`, `system`, `description`, `include`), `system` taking the names
    /// of [`Catalog::systems`].
    pub header: &'static Table,
    /// Every system, in the registry's order.
    pub systems: &'static [System],
}

/// One rule system as the registry lists it.
#[derive(Debug, Clone, Copy)]
pub struct System {
    /// The name a scenario's `system =` gives it.
    pub name: &'static str,
    /// Every key it reads, declared once.
    pub schema: &'static Schema,
    /// Its built-in library (`library/<name>.toml`).
    pub library: Library,
}

impl Catalog {
    /// The system a scenario's `system =` names.
    pub fn get(&self, name: &str) -> Option<&'static System> {
        self.systems.iter().find(|s| s.name == name)
    }

    /// Every system's name, in order.
    pub fn names(&self) -> impl Iterator<Item = &'static str> + use<> {
        self.systems.iter().map(|s| s.name)
    }

    /// Every system's built-in library, in order.
    pub fn libraries(&self) -> impl Iterator<Item = &'static Library> + use<> {
        self.systems.iter().map(|s| &s.library)
    }

    /// The library of `system`, if it is one of the catalog's.
    pub fn library(&self, system: &str) -> Option<&'static Library> {
        self.get(system).map(|s| &s.library)
    }

    /// The names allowed in `system =`, quoted, for error messages: `"a", "b"`.
    pub fn allowed(&self) -> String {
        self.names()
            .map(|n| format!("\"{n}\""))
            .collect::<Vec<_>>()
            .join(", ")
    }
}
