//! `oddsmith docs`: the scenario reference, written from the key declarations
//! ([`crate::scenario::reference`]) — every system's file into a folder
//! (`docs/scenarios/<system>.md` by default), or one system's to stdout.

use crate::error::UsageError;
use crate::export::write::write_file;
use crate::scenario::hint::did_you_mean_value;
use crate::scenario::reference::markdown;
use crate::systems::{CATALOG, SystemKind};
use anyhow::Result;
use std::path::Path;

/// What `oddsmith docs [SYSTEM] [--out DIR]` does.
pub fn docs(system: Option<&str>, out: &Path) -> Result<()> {
    if let Some(name) = system {
        let Some(kind) = SystemKind::from_name(name) else {
            return Err(UsageError(format!(
                "\"{name}\" is not a rule system{}; allowed: {}",
                did_you_mean_value(name, SystemKind::ALL.iter().map(|(n, _)| *n)),
                SystemKind::allowed()
            ))
            .into());
        };
        return super::print(&format!("{}\n", markdown(&CATALOG, kind.listed())));
    }
    for system in CATALOG.systems {
        let path = out.join(format!("{}.md", system.name));
        write_file(
            &path,
            format!("{}\n", markdown(&CATALOG, system)).as_bytes(),
        )?;
        super::print(&format!("wrote {}\n", path.display()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
