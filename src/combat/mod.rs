//! What every fight shares, whatever its rules: the one fight driver ([`Fight`], whose
//! blanket implementation makes every system's fight a rule system: the round loop, the
//! ending, the dice and the recording, once), the [`Roster`] (combatants, sides, names
//! turned into indices when the scenario loads), who is standing ([`Standing`] masks),
//! [`Targeting`] policies, and the [`FightRecorder`] the driver reports each [`Ending`] to. The recorder declares the standard fight metrics with their roles —
//! `win.<side>`, `draw`, `stalemate`, `any_death.<side>`, `all_down.<side>`, `death.<name>`,
//! `down.<name>`, the `rounds` histogram and the per-side `fighting.<side>` survival curves —
//! so every system's fights get the same tables, charts and report sections.
//!
//! The trial loop stays allocation-free and name-free: combatant sets are 64-bit masks.

mod fight;
pub mod load;
mod record;
mod roster;
mod target;

pub use fight::{Bout, Fallen, Fight, Observer, Scratch, Unobserved, play, play_from, replay};
pub use record::{Ending, FightCounts, FightRecorder};
pub use roster::{MAX_FIGHTERS, Roster, RosterError, Standing};
pub use target::Targeting;
