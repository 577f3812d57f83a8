//! Attack rolls (001_9a2522fe8d4a2682.txt L360–367, L422, L434) against a Passive Armor or
//! an active defense (L247–260), resolved in this order:
//!
//! 1. a natural 20 is a critical hit, a natural 1 a miss (L367);
//! 2. a total at least `crit_margin` over the defense is a critical hit (L422);
//! 3. a total that meets the defense hits — ties go to the attacker (L360) — except that
//!    against an active defense of rank r, a total 0…r−1 above it is the defender's minor
//!    failure (L250, L254, L259);
//! 4. a total within the attacker's minor-failure band below the defense is a minor failure:
//!    half damage (L434): `skill_rank` wide, or `skill_rank − 1` wide when read as L434
//!    literally ("at your first rank, … if you meet the target number");
//! 5. anything else misses; a miss (a natural 1 too) is the defender's critical success when
//!    an active defense beats the total by `crit_margin` or more.

use super::d20::D20_OUTCOMES;
use super::roll::Roller;
use crate::systems::Trial;
use oddsmith_core::dice::uniform_below;
use oddsmith_core::stats::{CounterId, ExactValues, Layout, Meta, Note, Role, Tally};
use rand::Rng;

use super::d20::Edge;

/// How wide the attacker's minor-failure band is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MinorBand {
    /// `skill_rank` points below the defense (rank 1: one under).
    Rank,
    /// `skill_rank − 1` points (rank 1: only meeting it, which already hits; L434 literally).
    RankMinus1,
}

/// The table-wide readings attacks use (`[rules]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AttackRules {
    /// Points over the defense that make a critical (L422).
    pub crit_margin: i64,
    /// The minor-failure band.
    pub minor_band: MinorBand,
}

impl Default for AttackRules {
    fn default() -> Self {
        Self {
            crit_margin: 10,
            minor_band: MinorBand::Rank,
        }
    }
}

/// The active defenses (L249–260).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefenseKind {
    /// 1d6, 2 AP.
    Dodge,
    /// 2d6, 4 AP ("twice the Action Points to roll 2d6", L249).
    Dodge2,
    /// 1d8, 3 AP.
    Block,
    /// 1d20, the weapon's AP − 2.
    Parry,
}

impl DefenseKind {
    /// The words a scenario uses.
    pub const WORDS: [(&'static str, DefenseKind); 4] = [
        ("dodge", DefenseKind::Dodge),
        ("dodge2", DefenseKind::Dodge2),
        ("block", DefenseKind::Block),
        ("parry", DefenseKind::Parry),
    ];

    /// The dice rolled: sides of each die.
    pub fn dice(self) -> &'static [u32] {
        match self {
            DefenseKind::Dodge => &[6],
            DefenseKind::Dodge2 => &[6, 6],
            DefenseKind::Block => &[8],
            DefenseKind::Parry => &[20],
        }
    }
}

/// An active defense: `bonus` + dice, with its rank and edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defense {
    /// Which defense.
    pub kind: DefenseKind,
    /// Everything of L251, L255 or L260 but the dice.
    pub bonus: i64,
    /// Its rank: the defender's minor-failure band.
    pub rank: i64,
    /// Advantage rolls the dice twice and keeps the better total (disadvantage the worse).
    pub edge: Edge,
}

impl Defense {
    /// Rolls the defense value.
    #[inline]
    pub fn roll<R: Rng + ?Sized>(&self, rng: &mut R) -> i64 {
        let once = |rng: &mut R| -> i64 {
            self.kind
                .dice()
                .iter()
                .map(|&s| i64::from(uniform_below(rng, s)) + 1)
                .sum()
        };
        let a = once(rng);
        self.bonus
            + match self.edge {
                Edge::Normal => a,
                Edge::Advantage => a.max(once(rng)),
                Edge::Disadvantage => a.min(once(rng)),
            }
    }

    /// `(value, weight)` of every defense value; weights sum to [`Defense::outcomes`].
    pub fn distribution(&self) -> Vec<(i64, u64)> {
        let mut sums: Vec<u64> = vec![1];
        for &s in self.kind.dice() {
            let mut next = vec![0u64; sums.len() + s as usize];
            for (v, &w) in sums.iter().enumerate() {
                for f in 1..=s as usize {
                    next[v + f] += w;
                }
            }
            sums = next;
        }
        let total: u64 = sums.iter().sum();
        let below = |v: usize| sums[..v].iter().sum::<u64>();
        let kept: Vec<u64> = match self.edge {
            Edge::Normal => sums.iter().map(|w| w * total).collect(),
            // P(max = v) = F(v)² − F(v−1)², in counts over total².
            Edge::Advantage => (0..sums.len())
                .map(|v| (below(v) + sums[v]).pow(2) - below(v).pow(2))
                .collect(),
            Edge::Disadvantage => (0..sums.len())
                .map(|v| {
                    let above = total - below(v);
                    above.pow(2) - (above - sums[v]).pow(2)
                })
                .collect(),
        };
        kept.into_iter()
            .enumerate()
            .filter(|(_, w)| *w > 0)
            .map(|(v, w)| (self.bonus + v as i64, w))
            .collect()
    }

    /// The denominator of [`Defense::distribution`]'s weights.
    pub fn outcomes(&self) -> u64 {
        let combos: u64 = self.kind.dice().iter().map(|&s| u64::from(s)).product();
        combos * combos
    }
}

/// What the defender opposes the attack with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Against {
    /// A fixed number: the Passive Armor (L360).
    Passive(i64),
    /// An active defense roll.
    Active(Defense),
}

/// An attack's result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hit {
    /// A critical hit.
    Crit,
    /// A hit.
    Hit,
    /// A hit the active defense softened (the defender's minor failure).
    DefenderMinorFailure,
    /// The attacker's minor failure: half damage.
    MinorFailure,
    /// A miss.
    Miss,
}

/// Resolves an attack whose kept d20 is `d20` and total `total` against `defense` (an
/// active defense of rank `active_rank`, or a passive one when `None`). Returns the result
/// and whether it is the defender's critical success.
#[inline]
pub fn resolve(
    d20: i64,
    total: i64,
    defense: i64,
    active_rank: Option<i64>,
    attacker_rank: i64,
    rules: &AttackRules,
) -> (Hit, bool) {
    let hit = if d20 == 20 {
        Hit::Crit
    } else if d20 == 1 {
        Hit::Miss
    } else if total >= defense + rules.crit_margin {
        Hit::Crit
    } else if total >= defense {
        match active_rank {
            Some(r) if total - defense < r => Hit::DefenderMinorFailure,
            _ => Hit::Hit,
        }
    } else {
        let band = match rules.minor_band {
            MinorBand::Rank => attacker_rank,
            MinorBand::RankMinus1 => attacker_rank - 1,
        }
        .max(0);
        if total >= defense - band {
            Hit::MinorFailure
        } else {
            Hit::Miss
        }
    };
    let defender_crit =
        hit == Hit::Miss && active_rank.is_some() && defense >= total + rules.crit_margin;
    (hit, defender_crit)
}

/// The metrics of an attack, in layout order.
const NAMES: [&str; 7] = [
    "crit",
    "hit",
    "defender_minor_failure",
    "minor_failure",
    "miss",
    "hit_or_crit",
    "defender_crit",
];

/// Which of [`NAMES`] a result counts in.
fn counts(hit: Hit, defender_crit: bool) -> [bool; 7] {
    [
        hit == Hit::Crit,
        hit == Hit::Hit,
        hit == Hit::DefenderMinorFailure,
        hit == Hit::MinorFailure,
        hit == Hit::Miss,
        matches!(hit, Hit::Crit | Hit::Hit | Hit::DefenderMinorFailure),
        defender_crit,
    ]
}

/// One attack roll, as a scenario (`[check] roll = "attack"`).
#[derive(Debug, Clone)]
pub struct AttackRoll {
    /// Who attacks.
    pub roller: Roller,
    /// Against what.
    pub against: Against,
    /// Table readings.
    pub rules: AttackRules,
    layout: Layout,
    ids: Vec<CounterId>,
}

impl AttackRoll {
    /// An attack by `roller` against `against`.
    pub fn new(roller: Roller, against: Against, rules: AttackRules) -> Self {
        let mut layout = Layout::new();
        let ids = NAMES
            .iter()
            .map(|&n| {
                let role = if n == "hit_or_crit" {
                    Role::Success
                } else {
                    Role::SideEffect
                };
                layout.counter(n, Meta::trial(role, n.replace('_', " ")))
            })
            .collect();
        Self {
            roller,
            against,
            rules,
            layout,
            ids,
        }
    }

    fn resolve_total(&self, d20: i64, defense: i64) -> (Hit, bool) {
        let rank = match self.against {
            Against::Passive(_) => None,
            Against::Active(d) => Some(d.rank),
        };
        resolve(
            d20,
            d20 + self.roller.bonus,
            defense,
            rank,
            self.roller.skill_rank,
            &self.rules,
        )
    }
}

impl Trial for AttackRoll {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    #[inline]
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let d20 = self.roller.edge.roll(rng);
        let defense = match self.against {
            Against::Passive(v) => v,
            Against::Active(d) => d.roll(rng),
        };
        let (hit, defender_crit) = self.resolve_total(d20, defense);
        for (&id, c) in self.ids.iter().zip(counts(hit, defender_crit)) {
            tally.count(id, c);
        }
    }

    fn exact(&self) -> Option<ExactValues> {
        let (defenses, total) = match self.against {
            Against::Passive(v) => (vec![(v, 1)], D20_OUTCOMES),
            Against::Active(d) => (d.distribution(), D20_OUTCOMES * d.outcomes()),
        };
        let mut sums = [0u64; 7];
        for (d20, w) in self.roller.faces() {
            for &(defense, v) in &defenses {
                let (hit, dc) = self.resolve_total(d20, defense);
                for (s, c) in sums.iter_mut().zip(counts(hit, dc)) {
                    *s += w * v * u64::from(c);
                }
            }
        }
        Some(
            NAMES
                .iter()
                .zip(sums)
                .map(|(n, s)| (n.to_string(), s as f64 / total as f64))
                .collect(),
        )
    }

    fn notes(&self) -> Vec<Note> {
        let against = match self.against {
            Against::Passive(v) => format!("Passive Armor {v}"),
            Against::Active(d) => format!(
                "{:?} {} + {} (rank {})",
                d.kind,
                d.bonus,
                d.kind
                    .dice()
                    .iter()
                    .map(|s| format!("d{s}"))
                    .collect::<Vec<_>>()
                    .join("+"),
                d.rank
            ),
        };
        vec![Note::Remark(format!(
            "d20 + {} against {against}; critical at {} over",
            self.roller.bonus, self.rules.crit_margin
        ))]
    }
}
