//! Skill checks (001_9a2522fe8d4a2682.txt L11–12, L25–26): the d20 plus attribute, twice the
//! skill rank, boost and modifier against a target number, met or beaten to succeed. Passive skills
//! (L31–37): 10 + the same bonuses, ±5 for a standing advantage or disadvantage; a player who
//! rolls instead must keep the roll even when it is below the passive value.

use super::d20::{D20_OUTCOMES, Edge};
use crate::systems::Trial;
use oddsmith_core::stats::{CounterId, ExactValues, Layout, Meta, Note, Role, Tally};
use rand::Rng;

/// The bonuses and edge of one roller (`attribute`, `skill_rank`, `boost`, `modifier`,
/// `advantage`, `disadvantage`, `help`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Roller {
    /// attribute + 2 × skill rank + boost + modifier (L12).
    pub bonus: i64,
    /// Which d20 is kept.
    pub edge: Edge,
    /// The skill rank alone (an attack's minor-failure band, L434).
    pub skill_rank: i64,
}

impl Roller {
    /// A roller from the keys of a check: each rank adds 2 (L12), a boost 1 (L13); `help`
    /// (a capable helper, L38–39) is one more source of advantage.
    pub fn new(
        attribute: i64,
        skill_rank: i64,
        boost: i64,
        modifier: i64,
        advantage: u32,
        disadvantage: u32,
        help: bool,
    ) -> Self {
        Self {
            bonus: attribute + 2 * skill_rank + boost + modifier,
            edge: Edge::from_counts(advantage + u32::from(help), disadvantage),
            skill_rank,
        }
    }

    /// The passive value: 10 + bonuses, ±5 for a net advantage or disadvantage (L33–34).
    pub fn passive(&self) -> i64 {
        10 + self.bonus + 5 * self.edge.sign()
    }

    /// Rolls: (kept d20, total).
    #[inline]
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> (i64, i64) {
        let d = self.edge.roll(rng);
        (d, d + self.bonus)
    }

    /// `(face, weight)` of the kept d20, weights out of [`D20_OUTCOMES`].
    pub fn faces(&self) -> impl Iterator<Item = (i64, u64)> + '_ {
        (1..=20).map(|k| (k, self.edge.weight(k)))
    }
}

/// How one check came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Outcome {
    success: bool,
    margin_10: bool,
    below_passive: bool,
}

/// A skill check against a target number.
#[derive(Debug, Clone)]
pub struct Check {
    /// Who rolls.
    pub roller: Roller,
    /// The number to meet or beat.
    pub target: i64,
    /// A natural 20 succeeds and a natural 1 fails (off by default: the seed gives natural
    /// results to attacks, L367, and death saves, L449, only).
    pub natural_rules: bool,
    layout: Layout,
    ids: [CounterId; 3],
}

impl Check {
    /// A check by `roller` against `target`.
    pub fn new(roller: Roller, target: i64, natural_rules: bool) -> Self {
        let mut layout = Layout::new();
        let side = |label: &str| Meta::trial(Role::SideEffect, label);
        let ids = [
            layout.counter("success", Meta::trial(Role::Success, "success")),
            layout.counter("margin_10_or_more", side("by 10 or more")),
            layout.counter("active_below_passive", side("rolled below passive")),
        ];
        layout.constant(
            "passive",
            roller.passive(),
            Meta::trial(Role::Other, "passive value"),
        );
        Self {
            roller,
            target,
            natural_rules,
            layout,
            ids,
        }
    }

    fn outcome(&self, d20: i64) -> Outcome {
        let total = d20 + self.roller.bonus;
        let (mut success, mut margin_10) = (total >= self.target, total >= self.target + 10);
        if self.natural_rules && d20 == 20 {
            (success, margin_10) = (true, true);
        }
        if self.natural_rules && d20 == 1 {
            (success, margin_10) = (false, false);
        }
        Outcome {
            success,
            margin_10,
            below_passive: total < self.roller.passive(),
        }
    }
}

impl Trial for Check {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    #[inline]
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let o = self.outcome(self.roller.edge.roll(rng));
        tally.count(self.ids[0], o.success);
        tally.count(self.ids[1], o.margin_10);
        tally.count(self.ids[2], o.below_passive);
    }

    fn exact(&self) -> Option<ExactValues> {
        let mut counts = [0u64; 3];
        for (d, w) in self.roller.faces() {
            let o = self.outcome(d);
            for (c, hit) in counts
                .iter_mut()
                .zip([o.success, o.margin_10, o.below_passive])
            {
                *c += w * u64::from(hit);
            }
        }
        let mut exact = ExactValues::new();
        for (name, c) in ["success", "margin_10_or_more", "active_below_passive"]
            .into_iter()
            .zip(counts)
        {
            exact.insert(name.into(), c as f64 / D20_OUTCOMES as f64);
        }
        Some(exact)
    }

    fn notes(&self) -> Vec<Note> {
        vec![Note::Remark(format!(
            "d20{} + {} against {}; passive {}",
            match self.roller.edge {
                Edge::Normal => "",
                Edge::Advantage => " (advantage: higher of two)",
                Edge::Disadvantage => " (disadvantage: lower of two)",
            },
            self.roller.bonus,
            self.target,
            self.roller.passive()
        ))]
    }
}
