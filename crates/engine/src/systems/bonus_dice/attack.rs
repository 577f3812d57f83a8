//! Attacks against Guard (002:17–18, 002:20, 002:31): d20 + bonus dice, higher than the
//! target's Guard to hit; the target may Dodge, rolling d20 + its own bonus dice, and avoids the
//! hit only by scoring higher — a tie goes to the attacker (002:18). A Dodge costs 5 Vigor, 3
//! while defending (002:22, 002:31), and only when the Vigor is there; at 0 Vigor the target is
//! Winded and takes no reactions (002:43).
//!
//! Guard is 15 + bonuses (002:17), +5 per size category the attacker is larger (002:78, 002:87);
//! ranged attacks add cover (002:94–96, as written: light +10, partial +3 with +5 Armor Rank,
//! full +5 with +10 Armor Rank) and visibility (002:90–92: +5/+10/+15, zero visibility none at
//! point blank) and take a Challenge against a prone target (002:39). From behind an unaware
//! target, Guard is halved, rounding up (002:36).
//!
//! [`AttackRoll`] is the `[attack]` scenario: one attack, or `attacks = N` at one defender with
//! no recovery between; every rate and mean is exact ([`AttackRoll::exact`]).

use super::check::total_table;
use super::damage::{Armor, Damage, DamageMetrics, TAIL, quantiles};
use super::dice::{BonusDice, Table};
use super::rules::{BehindHalves, Rules};
use crate::systems::Trial;
use oddsmith_core::dice::{Dice, Direct};
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Note, RatioId, Role, Tally,
};
use rand::Rng;

use super::check::Visibility;

/// Size categories (002:78), smallest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Size {
    /// tiny
    Tiny,
    /// small
    Small,
    /// medium (humans)
    Medium,
    /// large (a grizzly bear)
    Large,
    /// huge
    Huge,
    /// massive (a blue whale)
    Massive,
    /// colossal
    Colossal,
}

impl Size {
    /// The words a scenario uses.
    pub const WORDS: [(&'static str, Size); 7] = [
        ("tiny", Size::Tiny),
        ("small", Size::Small),
        ("medium", Size::Medium),
        ("large", Size::Large),
        ("huge", Size::Huge),
        ("massive", Size::Massive),
        ("colossal", Size::Colossal),
    ];
}

/// Cover against ranged attacks (002:93–96).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cover {
    /// None.
    None,
    /// +10 Guard, no stopping power (002:94).
    Light,
    /// +3 Guard, +5 Armor Rank (002:95).
    Partial,
    /// +5 Guard, +10 Armor Rank (002:96).
    Full,
}

impl Cover {
    /// The words a scenario uses.
    pub const WORDS: [(&'static str, Cover); 4] = [
        ("none", Cover::None),
        ("light", Cover::Light),
        ("partial", Cover::Partial),
        ("full", Cover::Full),
    ];

    /// (Guard bonus, Armor Rank bonus), as written.
    pub fn bonuses(self) -> (i64, i64) {
        match self {
            Cover::None => (0, 0),
            Cover::Light => (10, 0),
            Cover::Partial => (3, 5),
            Cover::Full => (5, 10),
        }
    }
}

/// The attacker's side of the Guard sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Approach {
    /// The attacker's size.
    pub size: Size,
    /// A ranged attack (cover, visibility and prone apply).
    pub ranged: bool,
    /// Under 3 meters: no zero-visibility penalty (002:92).
    pub point_blank: bool,
    /// From behind a target unaware of it (002:36).
    pub behind_unaware: bool,
    /// The visibility.
    pub visibility: Visibility,
}

/// The defender's side of the Guard sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Defender {
    /// Guard bonuses from armor and abilities (002:17).
    pub guard_bonus: i64,
    /// The defender's size.
    pub size: Size,
    /// Cover (ranged attacks only).
    pub cover: Cover,
    /// Knocked down (ranged attacks take a Challenge, 002:39).
    pub prone: bool,
}

/// The Guard an attack must beat, and what the situation adds to the attack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guard {
    /// The number to beat.
    pub value: i64,
    /// Challenges the situation puts on the attack roll (a prone target at range).
    pub challenges: u32,
    /// Armor Rank from cover.
    pub cover_armor: i64,
}

/// The Guard for `approach` against `defender` under `rules`.
pub fn guard(approach: &Approach, defender: &Defender, rules: &Rules) -> Guard {
    let base = 15 + defender.guard_bonus;
    let size = 5 * (approach.size as i64 - defender.size as i64).max(0);
    let (cover, cover_armor) = if approach.ranged {
        defender.cover.bonuses()
    } else {
        (0, 0)
    };
    let visibility =
        if !approach.ranged || (approach.visibility == Visibility::Zero && approach.point_blank) {
            0
        } else {
            approach.visibility.penalty()
        };
    let halve = |g: i64| (g + 1).div_euclid(2);
    let value = match (approach.behind_unaware, rules.behind_halves) {
        (false, _) => base + size + cover + visibility,
        (true, BehindHalves::Total) => halve(base + size + cover + visibility),
        (true, BehindHalves::Base) => halve(base) + size + cover + visibility,
    };
    Guard {
        value,
        challenges: u32::from(approach.ranged && defender.prone),
        cover_armor,
    }
}

/// When the target Dodges.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DodgePolicy {
    /// After the roll, only against a total that beats Guard.
    WhenHit,
    /// Against every attack.
    Always,
    /// Never.
    Never,
    /// As `WhenHit`, while at least this much Vigor would be left.
    KeepVigor(i64),
}

impl DodgePolicy {
    /// The policy words (a table `{ keep_vigor = N }` is the fourth form).
    pub const WORDS: [(&'static str, DodgePolicy); 3] = [
        ("when_hit", DodgePolicy::WhenHit),
        ("always", DodgePolicy::Always),
        ("never", DodgePolicy::Never),
    ];

    /// Whether to Dodge a total that beats Guard or not (`beats`), with `vigor` left and a
    /// Dodge costing `cost`.
    #[inline]
    pub fn dodges(self, beats: bool, vigor: i64, cost: i64) -> bool {
        vigor >= cost
            && match self {
                DodgePolicy::WhenHit => beats,
                DodgePolicy::Always => true,
                DodgePolicy::Never => false,
                DodgePolicy::KeepVigor(k) => beats && vigor - cost >= k,
            }
    }
}

/// The Vigor a Dodge costs: 5, or 3 while defending (002:22, 002:31).
pub fn dodge_cost(defending: bool) -> i64 {
    if defending { 3 } else { 5 }
}

/// The target's Dodge reaction.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Dodge {
    /// d20 + these (Speed, 002:31), stepped.
    pub dice: BonusDice,
    /// When it is used.
    pub policy: DodgePolicy,
    /// Vigor at the start.
    pub vigor: i64,
    /// Defending: Dodges cost 3.
    pub defending: bool,
}

/// The `[attack]` scenario.
#[derive(Debug, Clone)]
pub struct AttackRoll {
    /// The attack's bonus dice, stepped (situation Challenges included).
    pub dice: BonusDice,
    /// The Guard and what the situation adds.
    pub guard: Guard,
    /// The Dodge, if the target reacts.
    pub dodge: Option<Dodge>,
    /// Damage on a hit, if any, and the target's protection.
    pub damage: Option<(Damage, Armor)>,
    /// `damage_ge.X` thresholds.
    pub at_least: Vec<i64>,
    /// Attacks in a row at the same target.
    pub attacks: u32,
    layout: Layout,
    ids: Ids,
}

/// What an `[attack]` counts.
#[derive(Debug, Clone)]
enum Ids {
    One {
        hit: CounterId,
        without_dodge: CounterId,
        dodge: Option<[CounterId; 3]>,
        damage: Option<DamageMetrics>,
    },
    Many {
        hits: HistogramId,
        winded: Option<(CounterId, RatioId)>,
        damage: Option<HistogramId>,
    },
}

/// How one attack came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swing {
    /// The total beat Guard.
    pub beats: bool,
    /// The target Dodged.
    pub dodged: bool,
    /// The attack hit.
    pub hit: bool,
    /// The total met or beat the Dodge (ties to the attacker, 002:18).
    pub dodge_total_beaten: bool,
}

impl AttackRoll {
    /// `attacks` attacks of `dice` against `guard`.
    pub fn new(
        dice: BonusDice,
        guard: Guard,
        dodge: Option<Dodge>,
        damage: Option<(Damage, Armor)>,
        at_least: Vec<i64>,
        attacks: u32,
    ) -> Self {
        let mut layout = Layout::new();
        let side = |label: &str| Meta::trial(Role::SideEffect, label);
        let ids = if attacks == 1 {
            Ids::One {
                hit: layout.counter("hit", Meta::trial(Role::Success, "hit")),
                without_dodge: layout.counter("hit_without_dodge", side("beats Guard")),
                dodge: dodge.map(|_| {
                    [
                        layout.counter("dodge_used", side("dodged")),
                        layout.counter("dodge_saved", side("Dodge saved")),
                        layout.counter("dodge_failed", side("Dodge failed")),
                    ]
                }),
                damage: damage
                    .as_ref()
                    .map(|_| DamageMetrics::declare(&mut layout, &at_least)),
            }
        } else {
            Ids::Many {
                hits: layout.histogram(
                    "hits",
                    attacks as usize + 1,
                    HistogramReport::Buckets,
                    Meta::trial(Role::Other, "hits"),
                ),
                winded: dodge.map(|_| {
                    (
                        layout.counter("winded", side("Winded")),
                        layout.ratio("vigor_spent", Meta::trial(Role::Other, "Vigor spent")),
                    )
                }),
                damage: damage.as_ref().map(|_| {
                    layout.histogram(
                        "damage",
                        64,
                        HistogramReport::Quantiles,
                        Meta::trial(Role::Other, "damage"),
                    )
                }),
            }
        };
        Self {
            dice,
            guard,
            dodge,
            damage,
            at_least,
            attacks,
            layout,
            ids,
        }
    }

    /// One attack, the target having `vigor` left.
    #[inline]
    pub fn swing<D: Dice + ?Sized>(&self, dice: &mut D, vigor: &mut i64) -> Swing {
        let total = dice.d(20) + self.dice.roll(dice).0;
        let beats = total > self.guard.value;
        let mut s = Swing {
            beats,
            dodged: false,
            hit: beats,
            dodge_total_beaten: false,
        };
        if let Some(d) = &self.dodge {
            let cost = dodge_cost(d.defending);
            if d.policy.dodges(beats, *vigor, cost) {
                *vigor -= cost;
                let against = dice.d(20) + d.dice.roll(dice).0;
                s.dodged = true;
                // 002:18: a tie goes to the attacker.
                s.dodge_total_beaten = total >= against;
                s.hit = beats && s.dodge_total_beaten;
            }
        }
        s
    }

    /// Per attack: P(beats Guard), P(beats Guard and meets the Dodge), P(meets the Dodge),
    /// and the bound on what the tables neglect.
    fn chances(&self) -> Chances {
        let g = self.guard.value.max(0) as usize;
        let a = total_table(&self.dice, g);
        let beats = a.above(self.guard.value);
        let Some(d) = &self.dodge else {
            return Chances {
                beats,
                beats_and_meets: beats,
                meets: 1.0,
                bound: 0.0,
            };
        };
        let dt = total_table(&d.dice, a.cap());
        let cap = a.cap().min(dt.cap());
        let (mut both, mut meets) = (0.0, 0.0);
        let mut d_at_most = 0.0;
        for v in 0..=cap {
            d_at_most += dt.prob(v);
            let pa = a.prob(v);
            meets += pa * d_at_most;
            if v as i64 > self.guard.value {
                both += pa * d_at_most;
            }
        }
        // Totals above the cap beat Guard and, but for P(D > cap), meet the Dodge.
        let a_tail = a.above(cap as i64);
        both += a_tail;
        meets += a_tail;
        Chances {
            beats,
            beats_and_meets: both,
            meets,
            bound: a_tail * dt.above(cap as i64),
        }
    }
}

/// One attack's exact chances.
#[derive(Debug, Clone, Copy)]
struct Chances {
    beats: f64,
    beats_and_meets: f64,
    meets: f64,
    bound: f64,
}

impl Trial for AttackRoll {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    #[inline]
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let mut dice = Direct(rng);
        let start = self.dodge.map_or(0, |d| d.vigor);
        let mut vigor = start;
        let hurt = |dice: &mut Direct<R>| {
            self.damage.as_ref().map(|(dmg, armor)| {
                let (raw, crit) = dmg.roll(dice);
                (dmg.through(raw, armor), crit)
            })
        };
        match &self.ids {
            Ids::One {
                hit,
                without_dodge,
                dodge,
                damage,
            } => {
                let s = self.swing(&mut dice, &mut vigor);
                tally.count(*hit, s.hit);
                tally.count(*without_dodge, s.beats);
                if let Some([used, saved, failed]) = dodge {
                    tally.count(*used, s.dodged);
                    tally.count(*saved, s.dodged && s.beats && !s.dodge_total_beaten);
                    tally.count(*failed, s.dodged && s.dodge_total_beaten);
                }
                if let Some(m) = damage {
                    let dealt = if s.hit { hurt(&mut dice) } else { None };
                    m.record(tally, dealt);
                }
            }
            Ids::Many {
                hits,
                winded,
                damage,
            } => {
                let (mut n, mut sum) = (0usize, 0i64);
                for _ in 0..self.attacks {
                    if self.swing(&mut dice, &mut vigor).hit {
                        n += 1;
                        if let Some((d, _)) = hurt(&mut dice) {
                            sum += d;
                        }
                    }
                }
                tally.record(*hits, n);
                if let Some((w, spent)) = winded {
                    tally.count(*w, vigor == 0);
                    tally.ratio(*spent, (start - vigor) as u64, 1);
                }
                if let Some(h) = damage {
                    tally.record(*h, sum as usize);
                }
            }
        }
    }

    fn exact(&self) -> Option<ExactValues> {
        Some(self.exact_and_bounds().0)
    }

    fn exact_bounds(&self) -> Option<ExactValues> {
        Some(self.exact_and_bounds().1)
    }

    fn notes(&self) -> Vec<Note> {
        let mut notes = vec![Note::Remark(format!(
            "d20 + {}{} ({}) against Guard {}{}",
            self.dice.count,
            self.dice.die,
            super::damage::burst_words(self.dice.burst),
            self.guard.value,
            match &self.dodge {
                None => String::new(),
                Some(d) => format!(
                    "; Dodge d20 + {}{}, {} Vigor each from {}",
                    d.dice.count,
                    d.dice.die,
                    dodge_cost(d.defending),
                    d.vigor
                ),
            }
        ))];
        if let Some((d, a)) = &self.damage {
            notes.push(Note::Remark(super::damage::describe(d, a)));
        }
        let (_, bounds) = self.exact_and_bounds();
        let worst = bounds.values().copied().fold(0.0, f64::max);
        let worst = if worst == 0.0 {
            "0".to_string()
        } else {
            format!("{worst:.1e}")
        };
        notes.push(Note::Remark(format!(
            "exact values: tables leave at most {TAIL:.0e} of a roll's mass untabled; a Dodge \
             neglects P(attack above the cap) × P(Dodge above the cap); largest exact_bound \
             {worst}"
        )));
        notes
    }
}

impl AttackRoll {
    /// Exact values, and each one's bound.
    fn exact_and_bounds(&self) -> (ExactValues, ExactValues) {
        let c = self.chances();
        let mut exact = ExactValues::new();
        let mut bounds = ExactValues::new();
        let n = f64::from(self.attacks);
        let b = n * c.bound;
        let dmg_mean = self.damage.as_ref().map(|(d, a)| d.mean(a));
        if self.attacks == 1 {
            exact.insert(
                "hit".into(),
                c.beats_and_meets_or_beats(self.dodge.as_ref()),
            );
            exact.insert("hit_without_dodge".into(), c.beats);
            if let Some(d) = &self.dodge {
                let cost = dodge_cost(d.defending);
                let (used, saved, failed) = match d.policy {
                    p if !p.dodges(true, d.vigor, cost) => (0.0, 0.0, 0.0),
                    DodgePolicy::Always => (1.0, c.beats - c.beats_and_meets, c.meets),
                    _ => (c.beats, c.beats - c.beats_and_meets, c.beats_and_meets),
                };
                exact.insert("dodge_used".into(), used);
                exact.insert("dodge_saved".into(), saved);
                exact.insert("dodge_failed".into(), failed);
                for k in ["hit", "dodge_saved", "dodge_failed"] {
                    bounds.insert(k.into(), b);
                }
            }
            if let (Some((d, a)), Some(mean)) = (&self.damage, dmg_mean) {
                let p_hit = exact["hit"];
                let m = DamageMetrics::declare(&mut Layout::new(), &self.at_least);
                m.exact(&mut exact, p_hit, d, a, &self.at_least);
                for k in exact.keys() {
                    if k.starts_with("damage") || k == "critical" || k == "no_damage" {
                        bounds.insert(k.clone(), if k == "damage.mean" { b * mean } else { b });
                    }
                }
            }
            return (exact, bounds);
        }
        // Several attacks: a walk over (Vigor left, hits so far).
        let hits = self.hits_by_vigor(&c);
        let mut p_hits = vec![0.0; self.attacks as usize + 1];
        let (mut winded, mut spent) = (0.0, 0.0);
        let start = self.dodge.map_or(0, |d| d.vigor);
        for (v, row) in hits.iter().enumerate() {
            for (k, p) in row.iter().enumerate() {
                p_hits[k] += p;
                if v == 0 {
                    winded += p;
                }
                spent += p * (start - v as i64) as f64;
            }
        }
        let mut mean = 0.0;
        for (k, p) in p_hits.iter().enumerate() {
            exact.insert(format!("hits.{k}"), *p);
            bounds.insert(format!("hits.{k}"), b);
            mean += k as f64 * p;
        }
        exact.insert("hits.mean".into(), mean);
        bounds.insert("hits.mean".into(), n * b);
        if self.dodge.is_some() {
            exact.insert("winded".into(), winded);
            exact.insert("vigor_spent.mean".into(), spent);
            bounds.insert("winded".into(), b);
            bounds.insert("vigor_spent.mean".into(), b * start as f64);
        }
        if let (Some((d, a)), Some(m)) = (&self.damage, dmg_mean) {
            exact.insert("damage.mean".into(), mean * m);
            bounds.insert("damage.mean".into(), n * b * m);
            // Tabled far enough that the sum of every hit stays below the cap.
            let one = d.table(a, d.table(a, 0).cap() * self.attacks as usize);
            let mut total = Table::point(0, one.cap());
            let mut sum = vec![0.0; one.cap() + 1];
            for p in &p_hits {
                for (s, q) in sum.iter_mut().zip(total.probs()) {
                    *s += p * q;
                }
                total = total.plus(&one);
            }
            let t = Table::from_probs(sum);
            quantiles(&mut exact, "damage", &t);
            for q in ["median", "p90", "p99"] {
                bounds.insert(format!("damage.{q}"), 0.0);
            }
            // A quantile whose cumulative probability sits within the bound of its level is
            // not certain: drop it.
            for (label, level) in [("median", 0.5), ("p90", 0.9), ("p99", 0.99)] {
                let key = format!("damage.{label}");
                if let Some(&v) = exact.get(&key) {
                    let at = t.at_most(v as i64);
                    let below = t.at_most(v as i64 - 1);
                    if (at - level).abs() <= b || (below - level).abs() <= b {
                        exact.remove(&key);
                        bounds.remove(&key);
                    }
                }
            }
        }
        (exact, bounds)
    }

    /// P(Vigor left = v, hits = k) after every attack.
    fn hits_by_vigor(&self, c: &Chances) -> Vec<Vec<f64>> {
        let n = self.attacks as usize;
        let start = self.dodge.map_or(0, |d| d.vigor).max(0) as usize;
        let mut cur = vec![vec![0.0; n + 1]; start + 1];
        cur[start][0] = 1.0;
        for _ in 0..n {
            let mut next = vec![vec![0.0; n + 1]; start + 1];
            for (v, row) in cur.iter().enumerate() {
                for (k, &p) in row.iter().enumerate() {
                    if p == 0.0 {
                        continue;
                    }
                    let vi = v as i64;
                    match &self.dodge {
                        Some(d) if d.policy.dodges(true, vi, dodge_cost(d.defending)) => {
                            let after = (vi - dodge_cost(d.defending)) as usize;
                            let always = d.policy == DodgePolicy::Always;
                            // Beats Guard: dodged; hit when it also meets the Dodge.
                            next[after][k + 1] += p * c.beats_and_meets;
                            next[after][k] += p * (c.beats - c.beats_and_meets);
                            // Below Guard: a miss, dodged only under "always".
                            let miss = if always { after } else { v };
                            next[miss][k] += p * (1.0 - c.beats);
                        }
                        _ => {
                            next[v][k + 1] += p * c.beats;
                            next[v][k] += p * (1.0 - c.beats);
                        }
                    }
                }
            }
            cur = next;
        }
        cur
    }
}

impl Chances {
    /// P(hit) for one attack: meets the Dodge too when the target dodges.
    fn beats_and_meets_or_beats(&self, dodge: Option<&Dodge>) -> f64 {
        match dodge {
            Some(d) if d.policy.dodges(true, d.vigor, dodge_cost(d.defending)) => {
                self.beats_and_meets
            }
            _ => self.beats,
        }
    }
}
