//! Falls and failed climbs (`[fall]`, `[fall.climb]`): the falling table of
//! 003_2f5399e0a98f81be.txt (36–50), damage to verve, survival and injuries
//! (004_803a11f5ee1b6e60.txt 585, 595, 599), then the consciousness roll and the death
//! contest shared with conflicts ([`crate::systems::gods_and_monsters::survival`]).
//!
//! - Dice: d6 under 10 ft, else 2 + floor(log₂(height / 10)) d6, at most 7 (10–19 → 2d6,
//!   20–39 → 3d6, …, 320+ → 7d6; the table's "20-39: no effect" settles the 20-ft edge of
//!   003:50 against "twenty feet or less").
//! - Evasion (d20 ≤ evasion − injuries) is rolled only under 20 ft (003:49): under 10 ft a
//!   success negates the fall, at 10–19 ft it halves the damage ([`RoundHalf`]) and negates the
//!   injury points (003:50). Otherwise one point per die is an injury point (003:50); the rest
//!   goes to verve first for an archetypal fall (004:585, a thief failing Climb Walls), then
//!   survival, and any excess to injuries (004:599). With `verve_spares_injuries` (004:595,
//!   667), an archetypal fall whose whole damage fits in verve costs verve only.
//! - Consciousness (004:605): if survival dropped to 0 or injuries were gained, d20 ≤ the
//!   better of fortitude and willpower − the injury total, or unconscious.
//! - The death contest (004:613–617): when injuries were gained and the injury total exceeds
//!   the survival left (+ the verve left for an archetypal fall, 004:591, 613), the injuries
//!   (d20 ≤ total) against endurance − total, +2 unconscious (617), + `death_bonus` (a falling
//!   field bonus, 617). `faint_for_death_roll`: a conscious character faints for the +2.
//! - A climb (004:673–694) is one roll less the obstacle penalty floor(log₂(height / 10))
//!   (004:690) and the injuries, with a mojo bid as in `[check]`; on a failure a uniform
//!   d(ceil(height / 10)) picks the ten feet where it happened (004:694), and a fall from
//!   section k is a fall of 10·(k − 1) feet.

use super::{add_at, insert_buckets, insert_quantiles};
use crate::systems::gods_and_monsters::rules::DeathContest;
use crate::systems::gods_and_monsters::survival::{
    chance, consciousness, death_chance, death_contest,
};
use crate::systems::{Taped, Trial};
use oddsmith_core::dice::DiceExpr;
use oddsmith_core::dice::{Dice, FightDice, Tape};
use oddsmith_core::stats::{
    CounterId, ExactValues, HistogramId, HistogramReport, Layout, Meta, Role, Tally,
};
use rand::Rng;

/// The most d6 a fall deals (003:47).
pub const MAX_DICE: u32 = 7;

/// The d6 a fall of `height` feet deals: 1 under 10 ft, 2 at 10–19, then one more per
/// doubling of the height, at most [`MAX_DICE`] (003:39–47).
pub fn fall_dice(height: u64) -> u32 {
    match height / 10 {
        0 => 1,
        1 => 2,
        tens => (2 + tens.ilog2()).min(MAX_DICE),
    }
}

/// How a halved fall's odd damage rounds (003:49 does not say).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundHalf {
    /// 7 → 3.
    Down,
    /// 7 → 4.
    Up,
}

impl RoundHalf {
    /// The words `round_half` may take.
    pub const WORDS: [(&'static str, Self); 2] = [("down", Self::Down), ("up", Self::Up)];

    fn halve(self, damage: i64) -> i64 {
        match self {
            Self::Down => damage / 2,
            Self::Up => (damage + 1) / 2,
        }
    }
}

/// The falling character.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Faller {
    /// Survival points.
    pub survival: i64,
    /// Verve points (spent first on an archetypal fall).
    pub verve: i64,
    /// The fall is archetypal (a thief failing to climb, 004:585).
    pub archetypal: bool,
    /// Endurance (the death roll).
    pub endurance: i64,
    /// Evasion (falls under 20 ft).
    pub evasion: i64,
    /// Fortitude and willpower: the better one is the consciousness roll.
    pub fortitude: i64,
    /// See `fortitude`.
    pub willpower: i64,
    /// Injury points before the fall (a penalty on every roll).
    pub injuries: i64,
}

/// The Guide's readings for a fall.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FallRules {
    /// Rounding of halved damage.
    pub round_half: RoundHalf,
    /// An archetypal fall whose whole damage fits in verve leaves no injuries (004:595, 667).
    pub verve_spares_injuries: bool,
    /// A bonus on the death roll (a falling field bonus, 004:617).
    pub death_bonus: i64,
    /// One death roll, or a contest rolled again while both succeed.
    pub death_contest: DeathContest,
    /// A conscious character facing the death contest faints for the +2 (004:617).
    pub faint_for_death_roll: bool,
}

impl Default for FallRules {
    fn default() -> Self {
        Self {
            round_half: RoundHalf::Down,
            verve_spares_injuries: true,
            death_bonus: 0,
            death_contest: DeathContest::Single,
            faint_for_death_roll: false,
        }
    }
}

/// A climb whose failure is the fall.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Climb {
    /// The wall's height in feet.
    pub height: u64,
    /// The climb roll's target, every modifier applied (obstacle, injuries).
    pub target: i64,
    /// Mojo to bid on a failed archetypal climb.
    pub mojo: u64,
}

impl Climb {
    /// Ten-foot sections of the wall: the die that picks where a failure happened.
    pub fn sections(&self) -> u64 {
        self.height.div_ceil(10)
    }

    /// The mojo a climb roll of `roll` costs: 0 when it succeeds outright, the miss when the
    /// mojo covers it (004:976), `None` when it fails.
    fn bid(&self, roll: i64) -> Option<u64> {
        let miss = (roll - self.target).max(0);
        (miss <= self.mojo as i64).then_some(miss as u64)
    }
}

/// Where the fall starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Start {
    /// A fall of this many feet.
    Height(u64),
    /// A climb that may fail.
    Climb(Climb),
}

/// Where the damage of one fall went (everything but the dice of the two rolls after it).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Landing {
    /// Injury points gained.
    pub gained: i64,
    /// The injury total after the fall.
    pub injuries: i64,
    /// Survival dropped to 0 or injuries were gained: roll to stay conscious.
    pub consciousness_roll: bool,
    /// The injury total exceeds what is left: the death contest follows.
    pub death_contest: bool,
    /// Survival left.
    pub survival: i64,
    /// Verve left.
    pub verve: i64,
}

/// What one fall (or climb) did to its character, for a day that carries the character on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Hurt {
    /// The trial's outcome.
    pub outcome: Outcome,
    /// Survival left.
    pub survival: i64,
    /// Verve left.
    pub verve: i64,
    /// The injury total.
    pub injuries: i64,
    /// Mojo bid on the climb.
    pub mojo_spent: u64,
}

/// What one trial gave.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Outcome {
    /// The climb succeeded.
    pub climbed: bool,
    /// Dice of the fall (0: no fall).
    pub dice: u32,
    /// The evasion roll succeeded.
    pub evaded: bool,
    /// Damage after halving.
    pub damage: i64,
    /// Injury points gained.
    pub gained: i64,
    /// Unconscious (failed the roll, or fainted for the death roll).
    pub unconscious: bool,
    /// A death contest was rolled.
    pub death_contest: bool,
    /// The injuries won it.
    pub death: bool,
}

/// A fall or climb built from `[fall]`.
#[derive(Debug, Clone)]
pub struct Fall {
    /// The character.
    pub faller: Faller,
    /// The readings.
    pub rules: FallRules,
    /// A height or a climb.
    pub start: Start,
    /// `dice[n]` is n d6.
    dice: Vec<DiceExpr>,
    /// Rows of the `injuries_gained` and `fall_dice` histograms.
    rows: (usize, usize),
    layout: Layout,
    ids: Ids,
}

#[derive(Debug, Clone, Copy)]
struct Ids {
    climbed: Option<CounterId>,
    fell: CounterId,
    evaded: CounterId,
    unconscious: CounterId,
    death_contest: CounterId,
    death: CounterId,
    damage: HistogramId,
    injuries: HistogramId,
    dice: HistogramId,
}

impl Fall {
    /// A fall of `faller` from `start` under `rules`.
    pub fn new(faller: Faller, rules: FallRules, start: Start) -> Self {
        let dice = (0..=MAX_DICE)
            .map(|n| {
                format!("{}d6", n.max(1))
                    .parse()
                    .expect("a plain dice expression")
            })
            .collect();
        let most = match start {
            Start::Height(h) => fall_dice(h),
            Start::Climb(c) => fall_dice(10 * (c.sections() - 1)),
        };
        let mut layout = Layout::new();
        let m = |role, label: &str| Meta::trial(role, label);
        let climbed = match start {
            Start::Climb(_) => Some(layout.counter("climbed", m(Role::Success, "climbed"))),
            Start::Height(_) => None,
        };
        let side = Role::SideEffect;
        let fell = layout.counter("fell", m(side, "fell"));
        let evaded = layout.counter("evaded", m(side, "evaded"));
        let unconscious = layout.counter("unconscious", m(side, "unconscious"));
        let death_contest = layout.counter("death_contest", m(side, "death contest"));
        let death = layout.counter("death", m(side, "death"));
        let dist = Role::Distribution;
        let top = 6 * most as usize;
        let mut fall = Self {
            faller,
            rules,
            start,
            dice,
            rows: (0, most as usize + 1),
            ids: Ids {
                climbed,
                fell,
                evaded,
                unconscious,
                death_contest,
                death,
                damage: layout.histogram(
                    "damage",
                    top + 1,
                    HistogramReport::Quantiles,
                    m(dist, "damage"),
                ),
                injuries: HistogramId(0),
                dice: HistogramId(0),
            },
            layout,
        };
        // A row for every injury count the largest fall can give (landing is monotone in
        // the damage and the dice).
        fall.rows.0 = fall.land(6 * i64::from(most), i64::from(most)).gained as usize + 1;
        fall.ids.injuries = fall.layout.histogram(
            "injuries_gained",
            fall.rows.0,
            HistogramReport::Buckets,
            m(dist, "injuries gained"),
        );
        fall.ids.dice = fall.layout.histogram(
            "fall_dice",
            most as usize + 1,
            HistogramReport::Buckets,
            m(dist, "fall dice"),
        );
        fall
    }

    /// Where `damage` goes, `dice_injuries` of it straight to injury points.
    pub fn land(&self, damage: i64, dice_injuries: i64) -> Landing {
        self.land_on(&self.faller, damage, dice_injuries)
    }

    /// Where `damage` lands on `f`, `dice_injuries` of it straight to injury points.
    pub fn land_on(&self, f: &Faller, damage: i64, dice_injuries: i64) -> Landing {
        let (mut verve, mut survival, mut gained) = (f.verve, f.survival, 0);
        if f.archetypal && self.rules.verve_spares_injuries && damage <= verve {
            // 004:595, 667: all of it comes out of verve.
            verve -= damage;
        } else {
            gained = dice_injuries;
            let mut rest = damage - dice_injuries;
            if f.archetypal {
                let v = rest.min(verve);
                verve -= v;
                rest -= v;
            }
            let s = rest.min(survival);
            survival -= s;
            gained += rest - s;
        }
        let injuries = f.injuries + gained;
        let left = survival + if f.archetypal { verve } else { 0 };
        Landing {
            gained,
            injuries,
            consciousness_roll: (f.survival > 0 && survival == 0) || gained > 0,
            death_contest: gained > 0 && injuries > left,
            survival,
            verve,
        }
    }

    /// The consciousness roll's target after `landing` (004:605).
    fn awake_target(&self, landing: &Landing) -> i64 {
        Self::awake_target_of(&self.faller, landing)
    }

    /// `f`'s consciousness roll's target after `landing` (004:605).
    fn awake_target_of(f: &Faller, landing: &Landing) -> i64 {
        f.fortitude.max(f.willpower) - landing.injuries
    }

    /// The death roll's target after `landing` (004:613, 617).
    fn endurance_target(&self, landing: &Landing, unconscious: bool) -> i64 {
        self.endurance_target_of(&self.faller, landing, unconscious)
    }

    /// `f`'s death roll's target after `landing` (004:613, 617).
    fn endurance_target_of(&self, f: &Faller, landing: &Landing, unconscious: bool) -> i64 {
        f.endurance - landing.injuries + 2 * i64::from(unconscious) + self.rules.death_bonus
    }

    /// Whether a fall of `dice` d6 gets an evasion roll (under 20 ft, 003:49).
    fn evasion_roll(dice: u32) -> bool {
        dice <= 2
    }

    /// One trial with `roller`'s dice.
    pub fn resolve<Ro: Dice>(&self, roller: &mut Ro) -> Outcome {
        self.resolve_for(&self.faller, self.start, roller).outcome
    }

    /// One trial for the character `f` from `start` (the scenario's, or a climb's target
    /// and mojo as a day's member has them), with `roller`'s dice: what it did to `f`.
    pub fn resolve_for<Ro: Dice>(&self, f: &Faller, start: Start, roller: &mut Ro) -> Hurt {
        let unhurt = Hurt {
            survival: f.survival,
            verve: f.verve,
            injuries: f.injuries,
            ..Hurt::default()
        };
        let (dice, mojo_spent) = match start {
            Start::Height(h) => (fall_dice(h), 0),
            Start::Climb(c) => match c.bid(roller.d20()) {
                Some(spent) => {
                    return Hurt {
                        outcome: Outcome {
                            climbed: true,
                            ..Outcome::default()
                        },
                        mojo_spent: spent,
                        ..unhurt
                    };
                }
                None => (fall_dice(10 * roller.pick(c.sections() as usize) as u64), 0),
            },
        };
        Hurt {
            mojo_spent,
            ..self.fall(f, roller, dice, unhurt)
        }
    }

    /// A fall of `dice` d6 on `f`, who is `unhurt` before it.
    fn fall<Ro: Dice>(&self, f: &Faller, roller: &mut Ro, dice: u32, unhurt: Hurt) -> Hurt {
        let evaded = Self::evasion_roll(dice) && roller.d20() <= f.evasion - f.injuries;
        let mut out = Outcome {
            dice,
            evaded,
            ..Outcome::default()
        };
        if evaded && dice == 1 {
            return Hurt {
                outcome: out,
                ..unhurt
            };
        }
        let rolled = roller.roll(&self.dice[dice as usize]);
        let landing = if evaded {
            out.damage = self.rules.round_half.halve(rolled);
            self.land_on(f, out.damage, 0)
        } else {
            out.damage = rolled;
            self.land_on(f, rolled, i64::from(dice))
        };
        out.gained = landing.gained;
        if landing.consciousness_roll {
            let needed = Self::awake_target_of(f, &landing);
            out.unconscious = !consciousness(roller, needed, false, |_| false).0;
        }
        if landing.death_contest {
            out.death_contest = true;
            out.unconscious |= self.rules.faint_for_death_roll;
            let endurance = self.endurance_target_of(f, &landing, out.unconscious);
            let mode = self.rules.death_contest;
            out.death =
                death_contest(roller, landing.injuries, endurance, mode, false, |_| false).dying;
        }
        Hurt {
            outcome: out,
            survival: landing.survival,
            verve: landing.verve,
            injuries: landing.injuries,
            mojo_spent: 0,
        }
    }

    /// The exact chances of one fall of `dice` d6, each weighted by `weight`, added to `acc`.
    fn exact_fall(&self, dice: u32, weight: f64, acc: &mut Exact) {
        let f = &self.faller;
        let evade = if Self::evasion_roll(dice) {
            chance(f.evasion - f.injuries)
        } else {
            0.0
        };
        add_at(&mut acc.dice, dice as usize, weight);
        acc.fell += weight;
        acc.evaded += weight * evade;
        let pmf = self.dice[dice as usize].pmf();
        if dice == 1 {
            acc.land(self, 0, 0, weight * evade);
        } else {
            for (rolled, p) in pmf.iter() {
                let halved = self.rules.round_half.halve(rolled);
                acc.land(self, halved, 0, weight * evade * p);
            }
        }
        for (rolled, p) in pmf.iter() {
            acc.land(self, rolled, i64::from(dice), weight * (1.0 - evade) * p);
        }
    }
}

/// Exact chances as they add up over every way a trial can go.
#[derive(Debug, Default)]
struct Exact {
    fell: f64,
    evaded: f64,
    unconscious: f64,
    death_contest: f64,
    death: f64,
    damage: Vec<f64>,
    injuries: Vec<f64>,
    dice: Vec<f64>,
}

impl Exact {
    /// `damage` landing with `dice_injuries` of it as injury points, with chance `p`.
    fn land(&mut self, fall: &Fall, damage: i64, dice_injuries: i64, p: f64) {
        let landing = fall.land(damage, dice_injuries);
        add_at(&mut self.damage, damage as usize, p);
        add_at(&mut self.injuries, landing.gained as usize, p);
        let out = if landing.consciousness_roll {
            1.0 - chance(fall.awake_target(&landing))
        } else {
            0.0
        };
        if !landing.death_contest {
            self.unconscious += p * out;
            return;
        }
        self.death_contest += p;
        let mode = fall.rules.death_contest;
        let dies = |unconscious| {
            death_chance(
                landing.injuries,
                fall.endurance_target(&landing, unconscious),
                mode,
            )
        };
        if fall.rules.faint_for_death_roll {
            self.unconscious += p;
            self.death += p * dies(true);
        } else {
            self.unconscious += p * out;
            self.death += p * (out * dies(true) + (1.0 - out) * dies(false));
        }
    }
}

impl Fall {
    /// Adds one resolved fall (or climb) to `tally`.
    #[inline(always)]
    fn count(&self, out: Outcome, tally: &mut Tally) {
        let ids = &self.ids;
        if let Some(climbed) = ids.climbed {
            tally.count(climbed, out.climbed);
        }
        tally.count(ids.fell, out.dice > 0);
        tally.count(ids.evaded, out.evaded);
        tally.count(ids.unconscious, out.unconscious);
        tally.count(ids.death_contest, out.death_contest);
        tally.count(ids.death, out.death);
        tally.record(ids.damage, out.damage as usize);
        tally.record(ids.injuries, out.gained as usize);
        tally.record(ids.dice, out.dice as usize);
    }
}

impl Trial for Fall {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        self.count(self.resolve(&mut FightDice::new(rng)), tally);
    }

    /// One roller for the whole batch, so its packed d20 stream runs on from trial to trial.
    fn batch<R: Rng + ?Sized>(&self, rng: &mut R, trials: u64, tally: &mut Tally) {
        let mut roller = FightDice::new(rng);
        for _ in 0..trials {
            self.count(self.resolve(&mut roller), tally);
        }
    }

    /// The batch's roller as [`Trial::batch`]'s, its faces recorded fall by fall.
    fn batch_taped<R: Rng + ?Sized>(
        &self,
        rng: &mut R,
        trials: u64,
        tally: &mut Tally,
        taped: Taped<'_>,
    ) {
        let mut roller = FightDice::new(rng);
        taped.each(trials, tally, |tape, tally| {
            self.count(self.resolve(&mut tape.recording_dice(&mut roller)), tally);
        });
    }

    fn trial_replayed<R: Rng + ?Sized>(&self, tape: &Tape, fallback: &mut R, tally: &mut Tally) {
        let fell = self.resolve(&mut tape.replaying_dice(FightDice::new(fallback)));
        self.count(fell, tally);
    }

    /// Exact by enumeration: the climb roll, the section (grouped by its dice), the evasion
    /// roll, every damage total, and the closed forms of the two rolls after it.
    fn exact(&self) -> Option<ExactValues> {
        let mut acc = Exact::default();
        let mut exact = ExactValues::new();
        match self.start {
            Start::Height(h) => self.exact_fall(fall_dice(h), 1.0, &mut acc),
            Start::Climb(c) => {
                let climbed = chance(c.target.saturating_add(c.mojo as i64));
                exact.insert("climbed".into(), climbed);
                let sections = c.sections();
                let mut per_dice = [0u64; MAX_DICE as usize + 1];
                // Sections 1 and 2 are 1d6 and 2d6; then each dice count spans a doubling.
                for k in 0..sections.min(64) {
                    per_dice[fall_dice(10 * k) as usize] += 1;
                }
                per_dice[MAX_DICE as usize] += sections.saturating_sub(64);
                for (dice, &n) in per_dice.iter().enumerate().skip(1) {
                    if n > 0 {
                        let w = (1.0 - climbed) * n as f64 / sections as f64;
                        self.exact_fall(dice as u32, w, &mut acc);
                    }
                }
                add_at(&mut acc.damage, 0, climbed);
                add_at(&mut acc.injuries, 0, climbed);
                add_at(&mut acc.dice, 0, climbed);
            }
        }
        exact.insert("fell".into(), acc.fell);
        exact.insert("evaded".into(), acc.evaded);
        exact.insert("unconscious".into(), acc.unconscious);
        exact.insert("death_contest".into(), acc.death_contest);
        exact.insert("death".into(), acc.death);
        insert_quantiles(&mut exact, "damage", &acc.damage);
        // A row for every value the histograms report, possible or not.
        add_at(&mut acc.injuries, self.rows.0 - 1, 0.0);
        add_at(&mut acc.dice, self.rows.1 - 1, 0.0);
        insert_buckets(&mut exact, "injuries_gained", &acc.injuries);
        insert_buckets(&mut exact, "fall_dice", &acc.dice);
        Some(exact)
    }
}

#[cfg(test)]
mod tests;
