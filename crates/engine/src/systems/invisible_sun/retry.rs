//! A `[check]` allowed more than one try (L142–144): the same action roll again after each
//! failure, until it succeeds or the tries run out.
//!
//! In Action Mode a retry is free ("simply try again in the next round with no penalty",
//! L142); in Narrative Mode each retry costs 1 bene from the appropriate pool, and that bene
//! does not modify the venture (L143). A routine action succeeds on the first try without a
//! roll; an impossible one is not rolled and not retried, since no retry could succeed.

use super::action::{Resolution, VentureDice, joint};
use crate::systems::Trial;
use oddsmith_core::dice::Direct;
use oddsmith_core::stats::{CounterId, ExactValues, Layout, Meta, Note, RatioId, Role, Tally};
use rand::Rng;

/// Most tries a `[check]` may allow.
pub const MAX_TRIES: u32 = 1000;

/// Whether a retry costs bene (L142–143).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Action Mode: retries are free.
    Action,
    /// Narrative Mode: each retry costs 1 bene that adds nothing to the venture.
    Narrative,
}

impl Mode {
    /// The words a scenario's `mode` may take.
    pub const WORDS: [(&'static str, Mode); 2] =
        [("action", Mode::Action), ("narrative", Mode::Narrative)];
}

/// An action roll tried up to `tries` times.
#[derive(Debug, Clone)]
pub struct RetriedRoll {
    /// How each try resolves.
    pub resolution: Resolution,
    /// Magic dice beside the mundane die.
    pub magic_dice: u32,
    /// Dice that must reach the number needed.
    pub successes: u32,
    /// Tries allowed (2 or more).
    pub tries: u32,
    /// Whether retries cost bene.
    pub mode: Mode,
    dice: VentureDice,
    layout: Layout,
    ids: Ids,
}

#[derive(Debug, Clone, Copy)]
struct Ids {
    success: CounterId,
    first_try: CounterId,
    flux: CounterId,
    tries: RatioId,
    retry_bene: RatioId,
}

impl RetriedRoll {
    /// An action of `challenge` with `venture`, `magic_dice` and `successes`, tried up to
    /// `tries` times in `mode`.
    pub fn new(
        challenge: i64,
        venture: i64,
        magic_dice: u32,
        successes: u32,
        tries: u32,
        mode: Mode,
    ) -> Self {
        assert!((1..=MAX_TRIES).contains(&tries));
        let mut layout = Layout::new();
        let side_effect = |label: &str| Meta::trial(Role::SideEffect, label);
        let ids = Ids {
            success: layout.counter(
                "success",
                Meta::trial(Role::Success, "success within the tries"),
            ),
            first_try: layout.counter("first_try", side_effect("success on the first try")),
            flux: layout.counter("flux", side_effect("flux on any try")),
            tries: layout.ratio("tries", Meta::trial(Role::Distribution, "tries made")),
            retry_bene: layout.ratio(
                "retry_bene",
                Meta::trial(Role::Other, "bene spent on retries"),
            ),
        };
        Self {
            resolution: Resolution::of(challenge, venture, magic_dice, successes),
            magic_dice,
            successes,
            tries,
            mode,
            dice: VentureDice::new(magic_dice),
            layout,
            ids,
        }
    }

    /// Bene one retry costs.
    fn retry_cost(&self) -> u64 {
        u64::from(self.mode == Mode::Narrative)
    }

    /// Chances of one try: (success without flux, success with flux, failure without flux,
    /// failure with flux).
    pub fn try_chances(&self) -> [f64; 4] {
        match self.resolution {
            Resolution::Automatic => [1.0, 0.0, 0.0, 0.0],
            Resolution::Impossible => [0.0, 0.0, 1.0, 0.0],
            Resolution::Roll(needed) => {
                let total = 10f64.powi(self.magic_dice as i32 + 1);
                let mut c = [0u64; 4];
                for (s, row) in joint(needed, self.magic_dice).iter().enumerate() {
                    for (f, n) in row.iter().enumerate() {
                        let i = 2 * usize::from(s < self.successes as usize) + usize::from(f > 0);
                        c[i] += n;
                    }
                }
                c.map(|n| n as f64 / total)
            }
        }
    }
}

impl Trial for RetriedRoll {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let ids = &self.ids;
        let needed = match self.resolution {
            Resolution::Roll(n) => n,
            fixed => {
                let ok = fixed == Resolution::Automatic;
                tally.count(ids.success, ok);
                tally.count(ids.first_try, ok);
                tally.ratio(ids.tries, 1, 1);
                tally.ratio(ids.retry_bene, 0, 1);
                return;
            }
        };
        let mut flux = false;
        let mut made = 0;
        let mut success = false;
        while made < self.tries && !success {
            let (hits, fluxes) = self.dice.roll(needed, &mut Direct(rng));
            made += 1;
            flux |= fluxes > 0;
            success = hits >= self.successes;
        }
        tally.count(ids.success, success);
        tally.count(ids.first_try, success && made == 1);
        tally.count(ids.flux, flux);
        tally.ratio(ids.tries, u64::from(made), 1);
        tally.ratio(ids.retry_bene, u64::from(made - 1) * self.retry_cost(), 1);
    }

    /// Closed forms over `k` tries with p = P(success) per try: success 1 − (1−p)^k; tries
    /// Σ_{j=0}^{k−1} (1−p)^j; retry bene Σ_{j=1}^{k−1} (1−p)^j in Narrative Mode; no flux on
    /// any try Σ_{j=0}^{k−1} c^j·a + c^k, where a is success without flux and c failure
    /// without.
    fn exact(&self) -> Option<ExactValues> {
        let [a, b, c, d] = self.try_chances();
        let p = a + b;
        let q = c + d;
        let k = self.tries as i32;
        let mut exact = ExactValues::new();
        let mut tries = 0.0;
        let mut no_flux = 0.0;
        for j in 0..k {
            tries += q.powi(j);
            no_flux += c.powi(j) * a;
        }
        no_flux += c.powi(k);
        let fixed = !matches!(self.resolution, Resolution::Roll(_));
        let (tries, retries) = if fixed {
            (1.0, 0.0)
        } else {
            (tries, tries - 1.0)
        };
        exact.insert("success".into(), 1.0 - q.powi(k));
        exact.insert("first_try".into(), p);
        exact.insert("flux".into(), 1.0 - no_flux);
        exact.insert("tries.mean".into(), tries);
        exact.insert("retry_bene.mean".into(), retries * self.retry_cost() as f64);
        Some(exact)
    }

    fn notes(&self) -> Vec<Note> {
        let each = match self.resolution {
            Resolution::Roll(n) => format!(
                "each try rolls {} d10 ({} magic), {} needed on {n}+",
                self.magic_dice + 1,
                self.magic_dice,
                self.successes
            ),
            Resolution::Automatic => "routine: succeeds on the first try, no roll".into(),
            Resolution::Impossible => "impossible: not rolled, and no retry could succeed".into(),
        };
        let cost = match self.mode {
            Mode::Action => "retries are free in Action Mode (L142)",
            Mode::Narrative => "each retry costs 1 bene that adds nothing (L143)",
        };
        vec![Note::Remark(format!(
            "up to {} tries; {each}; {cost}",
            self.tries
        ))]
    }
}
