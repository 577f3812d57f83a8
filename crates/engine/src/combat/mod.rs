//! What every fight shares, whatever its rules: the one fight driver ([`Fight`], whose
//! blanket implementation makes every system's fight a rule system: the round loop, the
//! ending, the dice and the recording, once), the [`Roster`] (combatants, sides, names
//! turned into indices when the scenario loads), sets of combatants ([`Set`]: who is standing, a side, the foes),
//! [`Targeting`] policies, the one vocabulary of how a fight leaves each combatant
//! ([`Fates`]: dead, dying, fled, down, standing; one combatant's, aftermath included:
//! [`Fate`]), and the [`FightRecorder`] the driver
//! reports each fight to. The recorder declares the standard fight metrics with their roles —
//! `win.<side>`, `draw`, `stalemate`, `any_death`, `all_down`, `all_dead` and `pyrrhic` per
//! side, `death`, `dying`, `saved`, `dead_in_fight`, `fled` and `down` per combatant, the
//! `rounds` histogram, the per-side `fighting.<side>` survival curves and `deaths.<side>` —
//! so every system's fights get the same tables, charts and report sections.
//!
//! A day of encounters ([`day`]) plays fights one after another through the same driver, the
//! party's states carried from each to the next, each member's [`Fate`] handed to the
//! system as the driver settled it.
//!
//! The trial loop stays allocation-free and name-free: combatant sets are 64-bit masks, read
//! and built through [`Set`] (everyone of a fight, each member in order), never by hand.

pub mod aftermath;
pub mod day;
pub mod decide;
pub mod exact;
mod fate;
mod fight;
pub mod load;
mod record;
mod roster;
pub mod set;
mod target;
mod warn;

pub use aftermath::Dying;
pub use decide::{Action, Below, Move, Offers, Profile, Sight, Tactic};
pub use exact::Walk;
pub use fate::{Allies, Care, Fate, Fates, Foes, Patients};
pub use fight::{
    Bout, Fight, Observer, Played, Progress, Rounds, Scratch, SideRounds, Unobserved, fight_once,
    fights, finish, flush, play, play_from, replay, toughness, winners_left,
};
pub use record::{Ending, FIGHT_METRICS, FightCounts, FightRecorder, Record, Sink, Weight};
pub use roster::{MAX_FIGHTERS, Roster, RosterError};
pub use set::{Set, everyone, members};
pub use target::Targeting;
pub use warn::{Remarks, harmless_sides};
