//! Damage (002:48–58): the weapon's Damage Value in dice of its quality (never stepped, and
//! not bursting unless `weapon_dice_burst`), plus Strength or Skill bonus dice (002:49–50),
//! which burst — a burst is a critical hit (002:55) — less the highest Armor Rank (002:56),
//! never below 0. A heroic-or-better weapon ignores armor three or more ladder steps below it
//! (002:57); Superior Durability takes nothing from a weapon below its rank (002:58).
//!
//! [`DamageRoll`] is the `[damage]` scenario (one hit's damage) and the piece `[attack]` and
//! fights use.

use super::dice::{BonusDice, Burst, Table, table_with_tail};
use crate::systems::Trial;
use oddsmith_core::dice::Dice;
use oddsmith_core::dice::StepDie;
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Note, Role, Tally,
};
use rand::Rng;

/// The mass an exact table may leave untabled.
pub const TAIL: f64 = 1e-15;

/// Quality names a scenario may use for a die (002:48, 002:57–58): the seed sizes only
/// ordinary (d8) and heroic (d10); the others continue the ladder.
pub const QUALITIES: [(&str, StepDie); 5] = [
    ("feeble", StepDie::D4),
    ("ordinary", StepDie::D8),
    ("heroic", StepDie::D10),
    ("epic", StepDie::D12),
    ("legendary", StepDie::D20),
];

/// What protects the one who is hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Armor {
    /// The highest Armor Rank worn (002:56).
    pub rank: i64,
    /// The armor's quality, a ladder die.
    pub quality: StepDie,
    /// Superior Durability (002:58), if any: `Some(D10)` for Heroic and so on.
    pub durability: Option<StepDie>,
    /// Armor Rank from cover against this attack (002:95–96), added after the quality rule.
    pub cover: i64,
}

impl Armor {
    /// No armor at all.
    pub const NONE: Armor = Armor {
        rank: 0,
        quality: StepDie::D8,
        durability: None,
        cover: 0,
    };

    /// What a weapon of `weapon` quality loses to this armor, or `None` when the target's
    /// Superior Durability makes it immune (002:58).
    pub fn reduction(&self, weapon: StepDie) -> Option<i64> {
        if self.durability.is_some_and(|d| weapon < d) {
            return None;
        }
        // 002:57: "Beginning at heroic, weapons ignore armor of three steps lower".
        let ignored = weapon >= StepDie::D10 && weapon.index() >= self.quality.index() + 3;
        Some(if ignored { 0 } else { self.rank } + self.cover)
    }
}

/// One hit's damage roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Damage {
    /// The weapon's Damage Value (dice count) and quality die.
    pub weapon: BonusDice,
    /// The bonus dice, stepped as the roll's Charges, Challenges and Wounded say.
    pub bonus: BonusDice,
}

impl Damage {
    /// Weapon dice (bursting per `weapon_burst`, else plain) and bonus dice.
    pub fn new(
        weapon_dice: u32,
        weapon_die: StepDie,
        weapon_burst: Option<Burst>,
        bonus: BonusDice,
    ) -> Self {
        Self {
            weapon: BonusDice::new(weapon_dice, weapon_die, weapon_burst.unwrap_or(Burst::None)),
            bonus,
        }
    }

    /// Whether the weapon dice burst.
    fn weapon_bursts(&self) -> bool {
        self.weapon.burst != Burst::None
    }

    /// Rolls the damage before armor: (points, whether a bonus die burst: a critical hit).
    #[inline]
    pub fn roll<D: Dice + ?Sized>(&self, dice: &mut D) -> (i64, bool) {
        self.roll_by(dice, |v| v)
    }

    /// [`Damage::roll`], where the rules read the roll only through `class`: the exact walk
    /// branches once per class of its table ([`Damage::joint`]).
    #[inline]
    pub fn roll_by<D: Dice + ?Sized, C: PartialEq>(
        &self,
        dice: &mut D,
        class: impl Fn((i64, bool)) -> C,
    ) -> (i64, bool) {
        let key = self.weapon.key() | self.bonus.key() << 24 | 2 << 48;
        let (raw, crit) = dice.tabled_by(
            key,
            || self.joint(),
            |d| {
                let (raw, crit) = self.draw(d);
                (raw as i32, crit)
            },
            |&(raw, crit)| class((raw.into(), crit)),
        );
        (i64::from(raw), crit)
    }

    /// The exact distribution of (points before armor, critical hit), as
    /// [`BonusDice::joint`] cuts each part.
    pub fn joint(&self) -> Vec<((i32, bool), f64)> {
        let weapon = if self.weapon_bursts() {
            self.weapon
        } else {
            BonusDice::new(self.weapon.count, self.weapon.die, Burst::None)
        };
        let mut out: Vec<((i32, bool), f64)> = Vec::new();
        for ((w, _), p) in weapon.joint() {
            for ((b, crit), q) in self.bonus.joint() {
                let v = (w + b, crit);
                match out.iter_mut().find(|(k, _)| *k == v) {
                    Some((_, r)) => *r += p * q,
                    None => out.push((v, p * q)),
                }
            }
        }
        out
    }

    /// Rolls the dice one by one: weapon dice, then bonus dice.
    #[inline]
    fn draw<D: Dice + ?Sized>(&self, dice: &mut D) -> (i64, bool) {
        let w = if self.weapon_bursts() {
            self.weapon.roll(dice).0
        } else {
            let s = self.weapon.die.sides();
            (0..self.weapon.count).map(|_| dice.d(s)).sum()
        };
        let (b, crit) = self.bonus.roll(dice);
        (w + b, crit)
    }

    /// The damage that gets through `armor`: raw − its reduction, at least 0 (002:56).
    #[inline]
    pub fn through(&self, raw: i64, armor: &Armor) -> i64 {
        match armor.reduction(self.weapon.die) {
            Some(r) => (raw - r).max(0),
            None => 0,
        }
    }

    /// The exact mean before armor.
    pub fn raw_mean(&self) -> f64 {
        self.weapon.mean() + self.bonus.mean()
    }

    /// The distribution before armor, up to `cap`.
    pub fn raw_table(&self, cap: usize) -> Table {
        self.weapon.table(cap).plus(&self.bonus.table(cap))
    }

    /// The distribution through `armor`, with at most [`TAIL`] untabled, covering `need`.
    pub fn table(&self, armor: &Armor, need: usize) -> Table {
        match armor.reduction(self.weapon.die) {
            None => Table::point(0, need.max(1)),
            Some(r) => {
                let r = r.max(0) as usize;
                table_with_tail(need + r + 1, TAIL, |cap| self.raw_table(cap)).minus_floor(r)
            }
        }
    }

    /// The exact mean through `armor`: E[raw] − r + E[max(0, r − raw)], the last term from
    /// the values below r, all tabled.
    pub fn mean(&self, armor: &Armor) -> f64 {
        match armor.reduction(self.weapon.die) {
            None => 0.0,
            Some(r) if r <= 0 => self.raw_mean() - r as f64,
            Some(r) => {
                let t = self.raw_table(r as usize + 1);
                let short: f64 = (0..r as usize)
                    .map(|v| t.prob(v) * (r - v as i64) as f64)
                    .sum();
                self.raw_mean() - r as f64 + short
            }
        }
    }
}

/// The metrics of damage: `critical`, `no_damage`, the `damage` histogram and `damage_ge.X`.
#[derive(Debug, Clone)]
pub struct DamageMetrics {
    critical: CounterId,
    no_damage: CounterId,
    damage: HistogramId,
    at_least: Vec<(i64, CounterId)>,
}

impl DamageMetrics {
    /// Declares them in `layout`.
    pub fn declare(layout: &mut Layout, at_least: &[i64]) -> Self {
        let side = |label: &str| Meta::trial(Role::SideEffect, label);
        Self {
            critical: layout.counter("critical", side("critical hit")),
            no_damage: layout.counter("no_damage", side("hit for no damage")),
            damage: layout.histogram(
                "damage",
                64,
                HistogramReport::Quantiles,
                Meta::trial(Role::Other, "damage"),
            ),
            at_least: at_least
                .iter()
                .map(|&x| {
                    let m = Meta::trial(Role::Other, format!("damage ≥ {x}"));
                    (x, layout.counter(format!("damage_ge.{x}"), m))
                })
                .collect(),
        }
    }

    /// Records one trial: `Some((damage, critical))` for a hit, `None` for a miss.
    #[inline]
    pub fn record(&self, tally: &mut Tally, hit: Option<(i64, bool)>) {
        let (dealt, crit) = hit.unwrap_or((0, false));
        tally.count(self.critical, crit);
        tally.count(self.no_damage, hit.is_some() && dealt == 0);
        tally.record(self.damage, dealt as usize);
        for &(x, id) in &self.at_least {
            tally.count(id, dealt >= x);
        }
    }

    /// The exact values, given the chance of a hit and one hit's damage.
    pub fn exact(
        &self,
        exact: &mut ExactValues,
        p_hit: f64,
        damage: &Damage,
        armor: &Armor,
        at_least: &[i64],
    ) {
        let need = at_least.iter().copied().max().unwrap_or(0).max(0) as usize;
        let t = damage.table(armor, need);
        exact.insert("critical".into(), p_hit * damage.bonus.p_any_burst());
        exact.insert("no_damage".into(), p_hit * t.prob(0));
        exact.insert("damage.mean".into(), p_hit * damage.mean(armor));
        let overall = mixed(&t, p_hit);
        quantiles(exact, "damage", &overall);
        for &x in at_least {
            exact.insert(format!("damage_ge.{x}"), p_hit * t.above(x - 1));
        }
    }
}

/// `t` with probability `p`, else 0.
pub fn mixed(t: &Table, p: f64) -> Table {
    let mut probs: Vec<f64> = t.probs().iter().map(|q| q * p).collect();
    probs[0] += 1.0 - p;
    Table::from_probs(probs)
}

/// `name.median`, `name.p90`, `name.p99` of `t`, where they lie within its cap.
pub fn quantiles(exact: &mut ExactValues, name: &str, t: &Table) {
    for (label, q) in [("median", 0.5), ("p90", 0.9), ("p99", 0.99)] {
        if let Some(v) = t.quantile(q) {
            exact.insert(format!("{name}.{label}"), v as f64);
        }
    }
}

/// The `[damage]` scenario: the damage of one hit through armor.
#[derive(Debug, Clone)]
pub struct DamageRoll {
    /// The roll.
    pub damage: Damage,
    /// The target's protection.
    pub armor: Armor,
    /// Thresholds reported as `damage_ge.X`.
    pub at_least: Vec<i64>,
    layout: Layout,
    metrics: DamageMetrics,
}

impl DamageRoll {
    /// One hit of `damage` against `armor`.
    pub fn new(damage: Damage, armor: Armor, at_least: Vec<i64>) -> Self {
        let mut layout = Layout::new();
        let metrics = DamageMetrics::declare(&mut layout, &at_least);
        Self {
            damage,
            armor,
            at_least,
            layout,
            metrics,
        }
    }
}

impl Trial for DamageRoll {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    #[inline]
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let (raw, crit) = self.damage.roll(&mut oddsmith_core::dice::Direct(rng));
        let dealt = self.damage.through(raw, &self.armor);
        self.metrics.record(tally, Some((dealt, crit)));
    }

    fn exact(&self) -> Option<ExactValues> {
        let mut exact = ExactValues::new();
        self.metrics
            .exact(&mut exact, 1.0, &self.damage, &self.armor, &self.at_least);
        Some(exact)
    }

    fn exact_bounds(&self) -> Option<ExactValues> {
        Some(ExactValues::new())
    }

    fn notes(&self) -> Vec<Note> {
        vec![Note::Remark(describe(&self.damage, &self.armor))]
    }
}

/// "2d8 + 2d10 (bursting) − Armor Rank 2", in words.
pub fn describe(damage: &Damage, armor: &Armor) -> String {
    let w = damage.weapon;
    let b = damage.bonus;
    let mut s = format!(
        "damage {}{}{}",
        w.count,
        w.die,
        if w.burst == Burst::None {
            ""
        } else {
            " (bursting)"
        }
    );
    if b.count > 0 {
        s += &format!(
            " + {}{} bonus dice ({})",
            b.count,
            b.die,
            burst_words(b.burst)
        );
    }
    match armor.reduction(w.die) {
        None => s += "; the target's Superior Durability makes it immune to this weapon",
        Some(0) => {}
        Some(r) => s += &format!(" − Armor Rank {r}"),
    }
    s
}

/// How bonus dice burst, in words.
pub fn burst_words(b: Burst) -> &'static str {
    match b {
        Burst::Recursive => "bursting, no cap",
        Burst::Once => "bursting once",
        Burst::None => "not bursting",
    }
}
