//! The test kit's dice, shared by every crate's tests: scripted dice ([`Scripted`]: the faces
//! a worked example states, read back in order), dice that walk every outcome
//! ([`every_path`]: the rules' own code run once per path, for exact probabilities), and
//! scripted generators with the sampled-frequency check ([`samples`]), and hand-made reports
//! ([`reports`]: a fight's pairing of tactics with the rates a test gives). Compiled
//! into the library (it is small and dead code is dropped) so that the tests of the engine
//! and of the binary use the same kit as the dice's own.

mod paths;
pub mod reports;
pub mod samples;
mod scripted;

pub use paths::{Paths, every_path};
pub use samples::{AlwaysMax, Script, assert_samples_match};
pub use scripted::Scripted;
