//! The carried-state round trip every system's fight must pass: the fight begun from the
//! party's fresh states ([`Carry::begin_from`] with [`Carry::fresh`]) gives the same tally,
//! bit for bit, as the fight begun fresh ([`crate::combat::Rounds::begin`]).

use crate::combat::day::Carry;
use crate::combat::{Scratch, Unobserved, fights};
use crate::sim;
use crate::systems::RuleSystem;
use oddsmith_core::stats::{Layout, Tally};
use rand::Rng;

/// `fight` with its first `party` combatants begun from their fresh states.
struct FromFresh<'a, F> {
    fight: &'a F,
    party: usize,
}

impl<F: Carry> RuleSystem for FromFresh<'_, F> {
    type Scratch = Scratch<F::Arena>;

    fn layout(&self) -> &Layout {
        &self.fight.bout().layout
    }

    fn scratch(&self) -> Self::Scratch {
        Scratch::of(self.fight)
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, scratch: &mut Self::Scratch, tally: &mut Tally) {
        self.batch(rng, 1, scratch, tally);
    }

    fn batch<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        trials: u64,
        scratch: &mut Self::Scratch,
        tally: &mut Tally,
    ) {
        let party: Vec<F::State> = (0..self.party).map(|i| self.fight.fresh(i)).collect();
        fights(self.fight, rng, trials, scratch, tally, |dice, arena| {
            self.fight.begin_from(dice, arena, &party, &mut Unobserved)
        });
    }
}

/// `fight` run `trials` times from `seed` begun fresh, and begun from the fresh states of
/// its first `party` combatants, give the same tally.
pub fn assert_round_trip<F: Carry>(fight: &F, party: usize, trials: u64, seed: u64) {
    let fresh = sim::run(fight, trials, seed, &sim::NoProgress);
    let carried = sim::run(&FromFresh { fight, party }, trials, seed, &sim::NoProgress);
    assert_eq!(
        fresh, carried,
        "a fight begun from fresh carried states differs"
    );
}
