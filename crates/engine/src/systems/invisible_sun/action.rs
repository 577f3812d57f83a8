//! The Invisible Sun action roll (000_2810d6a557b34243.txt), the one roll under every other
//! shape of this system.
//!
//! The venture is the sum of its parts (skill, tools, circumstances, magical effects, hidden
//! knowledge, help, bene) minus any hindrance. The number needed is the challenge minus the
//! venture: 0 or less succeeds automatically and 10 or more is impossible, and neither rolls
//! a die (L12). Otherwise one mundane die plus the magic dice are rolled, all d10s numbered
//! 0–9; a die succeeds when it shows at least the number needed, and the action succeeds when
//! at least `successes` dice do. A 0 on a magic die is a magical flux; a 0 on the mundane die
//! is only a failure (L20). A challenge 0 is routine and never rolled (L44). An action needing
//! more successes than it has dice cannot succeed and is not rolled ("without magic, you can't
//! break down the door, ever", L19).
//!
//! [`Resolution::of`], [`VentureDice`] and [`joint`] are the pieces the other shapes reuse;
//! [`ActionRoll`] is the `[check]` scenario.

use super::MAX_MAGIC_DICE;
use crate::systems::RuleSystem;
use oddsmith_core::dice::Dice;
use oddsmith_core::dice::packed::PackedDice;
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Note, RatioId, Role, Tally,
};
use rand::Rng;

/// How a check resolves before any die is rolled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resolution {
    /// Routine (challenge 0 or needed ≤ 0): succeeds, no dice rolled.
    Automatic,
    /// Impossible (needed ≥ 10, or more successes required than dice): fails, no dice rolled.
    Impossible,
    /// Dice are rolled; each die succeeds on this number or more (1–9).
    Roll(u8),
}

impl Resolution {
    /// How an action of `challenge` (0–17) resolves for `venture`, rolling `magic_dice` magic
    /// dice beside the mundane die and needing `successes` dice to succeed.
    pub fn of(challenge: i64, venture: i64, magic_dice: u32, successes: u32) -> Self {
        let needed = challenge - venture;
        if successes > magic_dice + 1 {
            Resolution::Impossible
        } else if challenge <= 0 || needed <= 0 {
            Resolution::Automatic
        } else if needed >= 10 {
            Resolution::Impossible
        } else {
            Resolution::Roll(needed as u8)
        }
    }

    /// The exact chance of success when `magic_dice` magic dice are rolled and `successes` are
    /// needed.
    pub fn p_success(self, magic_dice: u32, successes: u32) -> f64 {
        match self {
            Resolution::Automatic => 1.0,
            Resolution::Impossible => 0.0,
            Resolution::Roll(needed) => {
                let joint = joint(needed, magic_dice);
                let hits: u64 = joint.iter().skip(successes as usize).flatten().sum();
                hits as f64 / 10f64.powi(magic_dice as i32 + 1)
            }
        }
    }
}

/// Exact joint distribution of (dice succeeding, magic dice showing flux) when one mundane and
/// `magic_dice` magic d10s (0–9) are rolled against `needed` (1–9), as face-combination counts
/// out of `10^dice`: `joint[s][f]`. Integer counts keep every exact probability one correctly
/// rounded division away.
pub fn joint(needed: u8, magic_dice: u32) -> Vec<Vec<u64>> {
    let dice = magic_dice as usize + 1;
    let hit = u64::from(10 - needed);
    let miss = u64::from(needed) - 1; // faces 1..needed; a 0 never reaches needed ≥ 1
    let mut joint = vec![vec![0u64; dice + 1]; dice + 1];
    // The mundane die: hit or miss; its 0 is a plain miss, never a flux.
    joint[1][0] = hit;
    joint[0][0] = 10 - hit;
    for _ in 0..magic_dice {
        let mut next = vec![vec![0u64; dice + 1]; dice + 1];
        for s in 0..dice {
            for f in 0..dice {
                let n = joint[s][f];
                next[s + 1][f] += n * hit;
                next[s][f + 1] += n; // the one flux face, 0
                next[s][f] += n * miss;
            }
        }
        joint = next;
    }
    joint
}

/// One mundane die and some magic dice, rolled together from one draw.
#[derive(Debug, Clone, Copy)]
pub struct VentureDice {
    dice: PackedDice,
    magic_dice: u32,
}

impl VentureDice {
    /// The mundane die and `magic_dice` (0–9) magic dice.
    pub fn new(magic_dice: u32) -> Self {
        assert!(i64::from(magic_dice) <= MAX_MAGIC_DICE);
        Self {
            dice: PackedDice::new(10, magic_dice + 1).expect("at most ten d10s fit one draw"),
            magic_dice,
        }
    }

    /// Rolls every die against `needed` (1–9): (dice succeeding, magic dice showing 0).
    #[inline]
    pub fn roll<D: Dice + ?Sized>(&self, needed: u8, dice: &mut D) -> (u32, u32) {
        self.roll_by(needed, dice, |v| v)
    }

    /// [`VentureDice::roll`], where the rules read the roll only through `class`: the exact
    /// walk branches once per class of its table ([`VentureDice::table`]).
    #[inline]
    pub fn roll_by<D: Dice + ?Sized, C: PartialEq>(
        &self,
        needed: u8,
        dice: &mut D,
        class: impl Fn((u32, u32)) -> C,
    ) -> (u32, u32) {
        let key = u64::from(self.magic_dice) | u64::from(needed) << 8 | 3 << 48;
        dice.tabled_by(
            key,
            || self.table(needed),
            |d| self.draw(needed, d),
            |&v| class(v),
        )
    }

    /// The exact distribution of (dice succeeding, magic dice showing 0) against `needed`:
    /// each die succeeds on `10 − needed` of its ten faces, a magic die shows 0 on one.
    pub fn table(&self, needed: u8) -> Vec<((u32, u32), f64)> {
        let n = self.magic_dice as usize + 1;
        let hit = f64::from(10 - u32::from(needed).min(10)) / 10.0;
        // by[hits][fluxes]
        let mut by = vec![vec![0.0; n + 1]; n + 1];
        by[1][0] = hit;
        by[0][0] = 1.0 - hit;
        for _ in 0..self.magic_dice {
            let mut next = vec![vec![0.0; n + 1]; n + 1];
            for h in 0..n {
                for f in 0..n {
                    let p = by[h][f];
                    if p == 0.0 {
                        continue;
                    }
                    next[h + 1][f] += p * hit;
                    next[h][f + 1] += p * 0.1;
                    next[h][f] += p * (0.9 - hit);
                }
            }
            by = next;
        }
        let mut out = Vec::new();
        for (h, row) in by.iter().enumerate() {
            for (f, &p) in row.iter().enumerate() {
                if p > 0.0 {
                    out.push(((h as u32, f as u32), p));
                }
            }
        }
        out
    }

    /// Rolls the dice from one draw.
    #[inline]
    fn draw<D: Dice + ?Sized>(&self, needed: u8, dice: &mut D) -> (u32, u32) {
        let needed = u64::from(needed);
        // All at once: the mundane die is the lowest digit, the magic dice the next ones.
        let mut faces = dice.packed(&self.dice);
        let mut hits = u32::from(faces % 10 >= needed);
        let mut fluxes = 0;
        for _ in 0..self.magic_dice {
            faces /= 10;
            let face = faces % 10;
            hits += u32::from(face >= needed);
            fluxes += u32::from(face == 0);
        }
        (hits, fluxes)
    }
}

/// An Invisible Sun action roll built from a scenario's `[check]`.
#[derive(Debug, Clone)]
pub struct ActionRoll {
    /// Challenge, 0–17.
    pub challenge: i64,
    /// Venture: sum of parts minus hindrance (may be negative).
    pub venture: i64,
    /// Magic dice rolled beside the mundane die.
    pub magic_dice: u32,
    /// Dice that must reach the number needed.
    pub successes: u32,
    /// How the check resolves.
    pub resolution: Resolution,
    dice: PackedDice,
    /// For up to [`TABLE_DICE`] dice: the outcome cell of every combined face value.
    table: Option<Vec<u16>>,
    layout: Layout,
    ids: Ids,
    payoff: Option<Payoff>,
}

/// A fixed amount that follows one outcome of the roll (a defense's Injuries on failure, an
/// attack's damage on a hit), reported as the mean per roll `<name>.mean`.
#[derive(Debug, Clone, Copy)]
struct Payoff {
    on_success: bool,
    amount: u64,
    id: RatioId,
    name: &'static str,
}

/// Checks with at most this many dice look their outcome up in a table of `10^dice` cells.
pub const TABLE_DICE: u32 = 4;

/// Per-batch counts of each outcome cell `hits · (dice + 1) + fluxes`, turned into metrics
/// when the batch ends, so a trial adds to one counter.
#[derive(Debug, Clone, Default)]
pub struct Outcomes {
    cells: Vec<u64>,
}

#[derive(Debug, Clone, Copy)]
struct Ids {
    success: CounterId,
    flux: CounterId,
    multi_flux: CounterId,
    success_with_flux: CounterId,
    successes: Option<HistogramId>,
}

impl ActionRoll {
    /// A check with the given challenge (0–17 as a GM sets it; an NPC's level and modifiers
    /// may take it outside), venture, magic dice (0–9) and successes required (1–10).
    pub fn new(challenge: i64, venture: i64, magic_dice: u32, successes: u32) -> Self {
        assert!(i64::from(magic_dice) <= MAX_MAGIC_DICE && successes >= 1);
        let resolution = Resolution::of(challenge, venture, magic_dice, successes);
        let mut layout = Layout::new();
        let side_effect = |label: &str| Meta::trial(Role::SideEffect, label);
        let ids = Ids {
            success: layout.counter("success", Meta::trial(Role::Success, "success")),
            flux: layout.counter("flux", side_effect("flux")),
            multi_flux: layout.counter("multi_flux", side_effect("two or more fluxes")),
            success_with_flux: layout
                .counter("success_with_flux", side_effect("success with flux")),
            successes: matches!(resolution, Resolution::Roll(_)).then(|| {
                layout.histogram(
                    "successes",
                    magic_dice as usize + 2,
                    HistogramReport::Buckets,
                    Meta::trial(Role::Distribution, "dice succeeding"),
                )
            }),
        };
        let dice = PackedDice::new(10, magic_dice + 1).expect("at most ten d10s fit one draw");
        let mut roll = Self {
            challenge,
            venture,
            magic_dice,
            successes,
            resolution,
            dice,
            table: None,
            layout,
            ids,
            payoff: None,
        };
        if let Resolution::Roll(needed) = resolution
            && magic_dice < TABLE_DICE
        {
            let size = 10u64.pow(magic_dice + 1);
            roll.table = Some(
                (0..size)
                    .map(|faces| roll.cell(faces, u64::from(needed)) as u16)
                    .collect(),
            );
        }
        roll
    }

    /// Adds `amount` per roll that succeeds (`on_success`) or fails, reported as `<name>.mean`
    /// (the mean per roll) with the exact value P(outcome) × amount.
    pub fn with_payoff(
        mut self,
        name: &'static str,
        label: &str,
        on_success: bool,
        amount: u64,
    ) -> Self {
        let id = self
            .layout
            .ratio(name, Meta::trial(Role::Distribution, label));
        self.payoff = Some(Payoff {
            on_success,
            amount,
            id,
            name,
        });
        self
    }

    /// Counts the payoff of `n` rolls of which `successes` succeeded.
    fn count_payoff(&self, successes: u64, n: u64, tally: &mut Tally) {
        if let Some(p) = self.payoff {
            let paid = if p.on_success {
                successes
            } else {
                n - successes
            };
            tally.ratio_n(p.id, p.amount, 1, paid);
            tally.ratio_n(p.id, 0, 1, n - paid);
        }
    }

    /// The outcome cell of the dice `faces` (base-10 digits, mundane die first).
    #[inline]
    fn cell(&self, mut faces: u64, needed: u64) -> usize {
        let mut hits = usize::from(faces % 10 >= needed);
        let mut fluxes = 0usize;
        for _ in 0..self.magic_dice {
            faces /= 10;
            let face = faces % 10;
            hits += usize::from(face >= needed);
            fluxes += usize::from(face == 0);
        }
        hits * (self.magic_dice as usize + 2) + fluxes
    }
}

impl ActionRoll {
    /// Rolls one check: its outcome cell `hits · (dice + 1) + fluxes`, or `None` when it is
    /// settled without dice (routine or impossible).
    #[inline]
    fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<usize> {
        let needed = match self.resolution {
            Resolution::Roll(n) => u64::from(n),
            Resolution::Automatic | Resolution::Impossible => return None,
        };
        let faces = self.dice.draw(rng);
        Some(match &self.table {
            Some(table) => usize::from(table[faces as usize]),
            None => self.cell(faces, needed),
        })
    }

    /// Adds `n` checks that ended in outcome `cell` to `tally`.
    #[inline]
    fn count_cell(&self, cell: usize, n: u64, tally: &mut Tally) {
        let ids = &self.ids;
        let side = self.magic_dice as usize + 2;
        let (hits, fluxes) = (cell / side, cell % side);
        let success = hits >= self.successes as usize;
        tally.add(ids.success, n * u64::from(success));
        tally.add(ids.flux, n * u64::from(fluxes >= 1));
        tally.add(ids.multi_flux, n * u64::from(fluxes >= 2));
        tally.add(ids.success_with_flux, n * u64::from(success && fluxes >= 1));
        self.count_payoff(n * u64::from(success), n, tally);
        if let Some(h) = ids.successes
            && n > 0
        {
            tally.record_n(h, hits, n);
        }
    }

    /// Checks settled without dice: `n` successes when routine, nothing when impossible.
    fn count_unrolled(&self, n: u64, tally: &mut Tally) {
        let automatic = self.resolution == Resolution::Automatic;
        if automatic {
            tally.add(self.ids.success, n);
        }
        self.count_payoff(n * u64::from(automatic), n, tally);
    }
}

impl RuleSystem for ActionRoll {
    type Scratch = Outcomes;

    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn scratch(&self) -> Outcomes {
        let side = self.magic_dice as usize + 2;
        Outcomes {
            cells: vec![0; side * side],
        }
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, _: &mut Outcomes, tally: &mut Tally) {
        match self.roll(rng) {
            Some(cell) => self.count_cell(cell, 1, tally),
            None => self.count_unrolled(1, tally),
        }
    }

    /// Counts each trial's outcome cell in `out`, and turns the cells into metrics once at
    /// the end: a trial adds to one counter.
    fn batch<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        trials: u64,
        out: &mut Outcomes,
        tally: &mut Tally,
    ) {
        if !matches!(self.resolution, Resolution::Roll(_)) {
            return self.count_unrolled(trials, tally);
        }
        for _ in 0..trials {
            if let Some(cell) = self.roll(rng) {
                out.cells[cell] += 1;
            }
        }
        for (cell, n) in out.cells.iter_mut().enumerate() {
            self.count_cell(cell, *n, tally);
            *n = 0;
        }
    }

    fn exact(&self) -> Option<ExactValues> {
        let mut exact = self.exact_roll();
        if let Some(p) = self.payoff {
            let success = exact["success"];
            let share = if p.on_success { success } else { 1.0 - success };
            exact.insert(format!("{}.mean", p.name), share * p.amount as f64);
        }
        Some(exact)
    }

    fn notes(&self) -> Vec<Note> {
        let dice = self.magic_dice + 1;
        let base = format!(
            "challenge {} − venture {} = {} needed",
            self.challenge,
            self.venture,
            self.challenge - self.venture
        );
        let mut notes = vec![Note::Remark(match self.resolution {
            Resolution::Roll(n) => format!(
                "{base}: rolling {dice} d10 (0–9), {} magic; each die succeeds on {n}+, {} needed",
                self.magic_dice, self.successes
            ),
            Resolution::Automatic => format!("{base}: routine, succeeds without a roll (no flux)"),
            Resolution::Impossible if self.successes > dice => format!(
                "{base}: {} successes needed but only {dice} dice, so it cannot succeed and is not rolled",
                self.successes
            ),
            Resolution::Impossible => format!("{base}: impossible, fails without a roll"),
        })];
        if let Some(p) = self.payoff {
            let on = if p.on_success { "success" } else { "failure" };
            notes.push(Note::Remark(format!(
                "{}: {} on each {on}",
                p.name, p.amount
            )));
        }
        notes
    }
}

impl ActionRoll {
    /// Exact values of the roll's own metrics (without any payoff).
    fn exact_roll(&self) -> ExactValues {
        let mut exact = ExactValues::new();
        let needed = match self.resolution {
            Resolution::Roll(n) => n,
            fixed => {
                let p = if fixed == Resolution::Automatic {
                    1.0
                } else {
                    0.0
                };
                for (name, v) in [
                    ("success", p),
                    ("flux", 0.0),
                    ("multi_flux", 0.0),
                    ("success_with_flux", 0.0),
                ] {
                    exact.insert(name.into(), v);
                }
                return exact;
            }
        };
        let joint = joint(needed, self.magic_dice);
        let total = 10f64.powi(self.magic_dice as i32 + 1);
        let need = self.successes as usize;
        let prob = |keep: &dyn Fn(usize, usize) -> bool| -> f64 {
            let mut count = 0u64;
            for (s, row) in joint.iter().enumerate() {
                for (f, n) in row.iter().enumerate() {
                    if keep(s, f) {
                        count += n;
                    }
                }
            }
            count as f64 / total
        };
        exact.insert("success".into(), prob(&|s, _| s >= need));
        exact.insert("flux".into(), prob(&|_, f| f >= 1));
        exact.insert("multi_flux".into(), prob(&|_, f| f >= 2));
        exact.insert(
            "success_with_flux".into(),
            prob(&|s, f| s >= need && f >= 1),
        );
        let mut weighted = 0u64;
        for (s, row) in joint.iter().enumerate() {
            let count: u64 = row.iter().sum();
            exact.insert(format!("successes.{s}"), count as f64 / total);
            weighted += s as u64 * count;
        }
        exact.insert("successes.mean".into(), weighted as f64 / total);
        exact
    }
}

#[cfg(test)]
mod tests;
