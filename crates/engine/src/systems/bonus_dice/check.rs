//! A check against a Victory Sum (002:1): the d20 Action Die plus bursting bonus dice, more than
//! the VS to succeed (or at least it, per `[rules] success_on`). Visibility adds to the VS
//! (002:90–92). Exact values from the total's table: every rate, the mean in closed form, and
//! the quantiles.

use super::damage::{TAIL, burst_words, quantiles};
use super::dice::{BonusDice, Table, table_with_tail};
use super::rules::SuccessOn;
use crate::systems::Trial;
use oddsmith_core::dice::{Dice, Direct};
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Note, Role, Tally,
};
use rand::Rng;

/// Visibility (002:88–92): the VS penalty of each level.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Visibility {
    /// No change (002:89).
    Normal,
    /// +5 VS (002:90).
    Reduced,
    /// +10 VS (002:91).
    Low,
    /// +15 VS (002:92).
    Zero,
}

impl Visibility {
    /// The words a scenario uses.
    pub const WORDS: [(&'static str, Visibility); 4] = [
        ("normal", Visibility::Normal),
        ("reduced", Visibility::Reduced),
        ("low", Visibility::Low),
        ("zero", Visibility::Zero),
    ];

    /// The VS penalty.
    pub fn penalty(self) -> i64 {
        match self {
            Visibility::Normal => 0,
            Visibility::Reduced => 5,
            Visibility::Low => 10,
            Visibility::Zero => 15,
        }
    }
}

/// The distribution of d20 + `dice`, tabled to at least `need` with at most [`TAIL`] left.
pub fn total_table(dice: &BonusDice, need: usize) -> Table {
    table_with_tail(need + 1, TAIL, |cap| {
        Table::die(20, cap).plus(&dice.table(cap))
    })
}

/// A check: d20 + bonus dice against a VS.
#[derive(Debug, Clone)]
pub struct Check {
    /// The bonus dice, already stepped.
    pub dice: BonusDice,
    /// The Victory Sum, visibility included.
    pub vs: i64,
    /// Higher than the VS, or at least it.
    pub success_on: SuccessOn,
    layout: Layout,
    success: CounterId,
    any_burst: CounterId,
    total: HistogramId,
}

impl Check {
    /// A check of `dice` against `vs`.
    pub fn new(dice: BonusDice, vs: i64, success_on: SuccessOn) -> Self {
        let mut layout = Layout::new();
        let success = layout.counter("success", Meta::trial(Role::Success, "success"));
        let any_burst = layout.counter("any_burst", Meta::trial(Role::SideEffect, "a die burst"));
        let total = layout.histogram(
            "total",
            64,
            HistogramReport::Quantiles,
            Meta::trial(Role::Other, "total"),
        );
        Self {
            dice,
            vs,
            success_on,
            layout,
            success,
            any_burst,
            total,
        }
    }

    /// The highest total that fails.
    fn fails_up_to(&self) -> i64 {
        match self.success_on {
            SuccessOn::Higher => self.vs,
            SuccessOn::Meet => self.vs - 1,
        }
    }
}

impl Trial for Check {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    #[inline]
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let mut dice = Direct(rng);
        let d20 = dice.d(20);
        let (bonus, burst) = self.dice.roll(&mut dice);
        let total = d20 + bonus;
        tally.count(self.success, total > self.fails_up_to());
        tally.count(self.any_burst, burst);
        tally.record(self.total, total as usize);
    }

    fn exact(&self) -> Option<ExactValues> {
        let t = total_table(&self.dice, self.vs.max(0) as usize);
        let mut exact = ExactValues::new();
        exact.insert("success".into(), t.above(self.fails_up_to()));
        exact.insert("any_burst".into(), self.dice.p_any_burst());
        exact.insert("total.mean".into(), 10.5 + self.dice.mean());
        quantiles(&mut exact, "total", &t);
        Some(exact)
    }

    fn exact_bounds(&self) -> Option<ExactValues> {
        Some(ExactValues::new())
    }

    fn notes(&self) -> Vec<Note> {
        let t = total_table(&self.dice, self.vs.max(0) as usize);
        vec![
            Note::Remark(format!(
                "d20 + {}{} ({}) against VS {}: success on a total {} {}",
                self.dice.count,
                self.dice.die,
                burst_words(self.dice.burst),
                self.vs,
                match self.success_on {
                    SuccessOn::Higher => "above",
                    SuccessOn::Meet => "of at least",
                },
                self.vs
            )),
            Note::Remark(table_note(&t)),
        ]
    }
}

/// What the exact values rest on: the cap of the table and the mass above it.
pub fn table_note(t: &Table) -> String {
    format!(
        "exact values: totals tabled to {} (mass above it {:.1e}); every rate and quantile below \
         the cap is exact and the means are closed forms, so exact_bound is 0",
        t.cap(),
        t.tail()
    )
}
