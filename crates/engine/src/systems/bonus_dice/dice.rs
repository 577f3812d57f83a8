//! The roll every action makes (002_88b8445f1f52ae9c.txt, cited `002:N`): a d20 Action Die,
//! never stepped or burst (002:1), plus bonus dice of one size on the ladder
//! d4–d6–d8–d10–d12–d20 (002:1–2), each bursting on its maximum (002:55).
//!
//! - [`bonus_die`]: the size after Charges, Challenges and Wounded (002:2, 002:53), one clamp.
//! - [`BonusDice::roll`]: samples the dice with **no cap** on bursts: a burst chain stops only
//!   when a die shows less than its maximum, which it does with probability 1.
//! - [`Table`]: exact distributions up to a cap. A bursting dS shows `S·n + r` with probability
//!   `S^−(n+1)` for `0 < r < S` (never a multiple of S), and every die shows at least 1, so the
//!   probability of each total up to the cap is exact; only the mass above the cap is not
//!   tabled, and [`Table::tail`] says how much that is.

use oddsmith_core::dice::{Dice, StepDie};

/// How bonus dice burst (`[rules] burst`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Burst {
    /// A die on its maximum adds another, which may burst again (002:55, the default).
    Recursive,
    /// A die on its maximum adds one more die, which does not burst.
    Once,
    /// Dice never add dice (a maximum still counts as a burst for `any_burst` and critical
    /// hits: it is the event 002:55 names).
    None,
}

impl Burst {
    /// The words a scenario uses.
    pub const WORDS: [(&'static str, Burst); 3] = [
        ("recursive", Burst::Recursive),
        ("once", Burst::Once),
        ("none", Burst::None),
    ];
}

/// Where being Wounded takes its step (`[rules] wounded_step`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WoundedStep {
    /// One more Challenge in the net, then one clamp (002:2, 002:53; the default).
    InNet,
    /// Charges and Challenges net and clamp first; then Wounded steps down, clamped again.
    AfterClamp,
}

impl WoundedStep {
    /// The words a scenario uses.
    pub const WORDS: [(&'static str, WoundedStep); 2] = [
        ("in_net", WoundedStep::InNet),
        ("after_clamp", WoundedStep::AfterClamp),
    ];
}

/// The size of the bonus dice: `base` moved by Charges − Challenges (they cancel one for one,
/// 002:2), one step down if Wounded (002:53), clamped at d4 and d20 (002:1–2).
pub fn bonus_die(
    base: StepDie,
    charges: u32,
    challenges: u32,
    wounded: bool,
    rule: WoundedStep,
) -> StepDie {
    let net = i64::from(charges) - i64::from(challenges);
    let w = i64::from(wounded);
    match rule {
        WoundedStep::InNet => base.step((net - w) as i32).die(),
        WoundedStep::AfterClamp => base.step(net as i32).die().step(-(w as i32)).die(),
    }
}

/// A number of bonus dice of one size, and how they burst.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BonusDice {
    /// How many (0–20).
    pub count: u32,
    /// Their size after stepping.
    pub die: StepDie,
    /// The burst reading.
    pub burst: Burst,
}

impl BonusDice {
    /// `count` dice of size `die`.
    pub fn new(count: u32, die: StepDie, burst: Burst) -> Self {
        Self { count, die, burst }
    }

    /// Rolls the dice: (their sum, whether any die burst — showed its maximum). The exact
    /// walk branches on their table ([`BonusDice::joint`]) instead of on each die.
    #[inline]
    pub fn roll<D: Dice + ?Sized>(&self, dice: &mut D) -> (i64, bool) {
        let (total, burst) = dice.tabled_by(
            self.key(),
            || self.joint(),
            |d| {
                let (total, burst) = self.draw(d);
                (total as i32, burst)
            },
            |v| *v,
        );
        (i64::from(total), burst)
    }

    /// The d20 of an action and these dice (002:1): the total. The exact walk branches on its
    /// table, once per class of totals where the rules read it only through `class`.
    #[inline]
    pub fn check_by<D: Dice + ?Sized, C: PartialEq>(
        &self,
        dice: &mut D,
        class: impl Fn(i64) -> C,
    ) -> i64 {
        let total = dice.tabled_by(
            self.key() | 1 << 20,
            || self.check_table(),
            |d| (d.d(20) + self.draw(d).0) as i32,
            |&t| class(t.into()),
        );
        i64::from(total)
    }

    /// [`BonusDice::check_by`], every total its own class.
    #[inline]
    pub fn check<D: Dice + ?Sized>(&self, dice: &mut D) -> i64 {
        self.check_by(dice, |t| t)
    }

    /// What names these dice's distribution among a fight's rolls (for the exact walk): 18
    /// bits.
    pub fn key(&self) -> u64 {
        let burst = match self.burst {
            Burst::Recursive => 0,
            Burst::Once => 1,
            Burst::None => 2,
        };
        u64::from(self.count) | u64::from(self.die.sides()) << 8 | burst << 16
    }

    /// Rolls the dice one by one: (their sum, whether any die burst).
    #[inline]
    fn draw<D: Dice + ?Sized>(&self, dice: &mut D) -> (i64, bool) {
        let s = self.die.sides();
        let top = i64::from(s);
        let (mut total, mut burst) = (0, false);
        for _ in 0..self.count {
            let mut v = dice.d(s);
            total += v;
            if v == top {
                burst = true;
                match self.burst {
                    Burst::Recursive => {
                        while v == top {
                            v = dice.d(s);
                            total += v;
                        }
                    }
                    Burst::Once => total += dice.d(s),
                    Burst::None => {}
                }
            }
        }
        (total, burst)
    }

    /// The exact distribution of (sum, whether any die burst), each pair with its
    /// probability, sums past a cap left out: under 1e-15 of the mass (bursts of a chance of
    /// `S^−n` each are followed until `count·S^−n` is that small).
    pub fn joint(&self) -> Vec<((i32, bool), f64)> {
        let s = self.die.sides() as usize;
        let sf = s as f64;
        // Bursts deep enough that the rest is below 1e-15 of the mass.
        let deep = ((1e15 * f64::from(self.count.max(1))).ln() / sf.ln()).ceil() as usize + 1;
        let cap = s * (deep + 1);
        // One die: [no burst, burst] by value.
        let mut one = vec![[0.0; 2]; cap + 1];
        match self.burst {
            Burst::Recursive => {
                let mut weight = 1.0 / sf;
                for n in 0..=deep {
                    for r in 1..s {
                        if let Some(p) = one.get_mut(n * s + r) {
                            p[usize::from(n > 0)] = weight;
                        }
                    }
                    weight /= sf;
                }
            }
            Burst::Once => {
                for row in &mut one[1..s] {
                    row[0] = 1.0 / sf;
                }
                for r in 1..=s {
                    one[s + r][1] = 1.0 / (sf * sf);
                }
            }
            Burst::None => {
                for row in &mut one[1..s] {
                    row[0] = 1.0 / sf;
                }
                one[s][1] = 1.0 / sf;
            }
        }
        let mut sum = vec![[0.0; 2]; cap + 1];
        sum[0][0] = 1.0;
        for _ in 0..self.count {
            let mut next = vec![[0.0; 2]; cap + 1];
            for (i, a) in sum.iter().enumerate() {
                if a == &[0.0, 0.0] {
                    continue;
                }
                for (out, b) in next[i..].iter_mut().zip(&one) {
                    out[0] += a[0] * b[0];
                    out[1] += a[1] * (b[0] + b[1]) + a[0] * b[1];
                }
            }
            sum = next;
        }
        let mut out = Vec::new();
        for (v, p) in sum.iter().enumerate() {
            for (burst, &p) in p.iter().enumerate() {
                if p > 0.0 {
                    out.push(((v as i32, burst == 1), p));
                }
            }
        }
        out
    }

    /// The exact distribution of a d20 plus these dice ([`BonusDice::check`]), as
    /// [`BonusDice::joint`] cuts it.
    fn check_table(&self) -> Vec<(i32, f64)> {
        let mut by_total: Vec<f64> = Vec::new();
        for ((total, _), p) in self.joint() {
            for d20 in 1..=20 {
                let v = (total + d20) as usize;
                if by_total.len() <= v {
                    by_total.resize(v + 1, 0.0);
                }
                by_total[v] += p / 20.0;
            }
        }
        (by_total.into_iter().enumerate())
            .filter(|&(_, p)| p > 0.0)
            .map(|(v, p)| (v as i32, p))
            .collect()
    }

    /// The exact mean: `count × S(S+1)/(2(S−1))` for recursive bursts, `count × (S+1)/2 ×
    /// (1 + 1/S)` for one burst, `count × (S+1)/2` for none.
    pub fn mean(&self) -> f64 {
        let s = f64::from(self.die.sides());
        let one = match self.burst {
            Burst::Recursive => s * (s + 1.0) / (2.0 * (s - 1.0)),
            Burst::Once => (s + 1.0) / 2.0 * (1.0 + 1.0 / s),
            Burst::None => (s + 1.0) / 2.0,
        };
        f64::from(self.count) * one
    }

    /// The chance that at least one die bursts: `1 − ((S−1)/S)^count`.
    pub fn p_any_burst(&self) -> f64 {
        let s = f64::from(self.die.sides());
        1.0 - ((s - 1.0) / s).powi(self.count as i32)
    }

    /// One die's distribution up to `cap`.
    fn one(&self, cap: usize) -> Table {
        let s = self.die.sides() as usize;
        let sf = s as f64;
        let mut probs = vec![0.0; cap + 1];
        match self.burst {
            Burst::Recursive => {
                // S·n + r, 0 < r < S, with probability S^−(n+1).
                let mut weight = 1.0 / sf;
                for n in 0.. {
                    if n * s + 1 > cap {
                        break;
                    }
                    for r in 1..s {
                        if let Some(p) = probs.get_mut(n * s + r) {
                            *p = weight;
                        }
                    }
                    weight /= sf;
                }
            }
            Burst::Once => {
                for v in 1..s {
                    if let Some(p) = probs.get_mut(v) {
                        *p = 1.0 / sf;
                    }
                }
                for r in 1..=s {
                    if let Some(p) = probs.get_mut(s + r) {
                        *p = 1.0 / (sf * sf);
                    }
                }
            }
            Burst::None => {
                for v in 1..=s {
                    if let Some(p) = probs.get_mut(v) {
                        *p = 1.0 / sf;
                    }
                }
            }
        }
        Table { probs }
    }

    /// The sum's distribution up to `cap` (exact at every value up to it).
    pub fn table(&self, cap: usize) -> Table {
        let one = self.one(cap);
        let mut sum = Table::point(0, cap);
        for _ in 0..self.count {
            sum = sum.plus(&one);
        }
        sum
    }
}

/// A distribution of non-negative integers tabled exactly up to a cap: `probs[v]` is
/// `P(X = v)` for `v ≤ cap`; the rest of the mass lies above the cap.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    probs: Vec<f64>,
}

impl Table {
    /// Certainly `v` (which must not exceed `cap`).
    pub fn point(v: usize, cap: usize) -> Self {
        let mut probs = vec![0.0; cap + 1];
        probs[v] = 1.0;
        Self { probs }
    }

    /// Uniform over `1..=sides`, up to `cap`.
    pub fn die(sides: u32, cap: usize) -> Self {
        let mut probs = vec![0.0; cap + 1];
        for p in probs.iter_mut().skip(1).take(sides as usize) {
            *p = 1.0 / f64::from(sides);
        }
        Self { probs }
    }

    /// From probabilities of `0..=cap`.
    pub fn from_probs(probs: Vec<f64>) -> Self {
        Self { probs }
    }

    /// The largest tabled value.
    pub fn cap(&self) -> usize {
        self.probs.len() - 1
    }

    /// `P(X = v)` (0 above the cap: not tabled).
    pub fn prob(&self, v: usize) -> f64 {
        self.probs.get(v).copied().unwrap_or(0.0)
    }

    /// Probabilities of `0..=cap`.
    pub fn probs(&self) -> &[f64] {
        &self.probs
    }

    /// `P(X ≤ v)`, exact for `v ≤ cap`.
    pub fn at_most(&self, v: i64) -> f64 {
        if v < 0 {
            return 0.0;
        }
        let end = (v as usize).min(self.cap());
        self.probs[..=end].iter().sum()
    }

    /// `P(X > v)` = 1 − `P(X ≤ v)`, exact for `v ≤ cap`.
    pub fn above(&self, v: i64) -> f64 {
        (1.0 - self.at_most(v)).max(0.0)
    }

    /// The mass above the cap, not tabled.
    pub fn tail(&self) -> f64 {
        (1.0 - self.probs.iter().sum::<f64>()).max(0.0)
    }

    /// The distribution of `X + Y` for independent `X ~ self`, `Y ~ other`, up to the smaller
    /// cap (exact there: both are ≥ 0).
    pub fn plus(&self, other: &Table) -> Table {
        let cap = self.cap().min(other.cap());
        let mut probs = vec![0.0; cap + 1];
        for (i, &a) in self.probs.iter().enumerate().take(cap + 1) {
            if a == 0.0 {
                continue;
            }
            for (out, &b) in probs[i..].iter_mut().zip(&other.probs) {
                *out += a * b;
            }
        }
        Table { probs }
    }

    /// The distribution of `max(0, X − k)`: values `k` and below go to 0.
    pub fn minus_floor(&self, k: usize) -> Table {
        let mut probs = vec![0.0; self.probs.len()];
        for (v, &p) in self.probs.iter().enumerate() {
            probs[v.saturating_sub(k)] += p;
        }
        Table { probs }
    }

    /// The smallest value whose cumulative probability reaches `level`, if it lies within
    /// the cap.
    pub fn quantile(&self, level: f64) -> Option<usize> {
        let mut seen = 0.0;
        for (v, &p) in self.probs.iter().enumerate() {
            seen += p;
            if seen >= level - 1e-12 {
                return Some(v);
            }
        }
        None
    }

    /// `Σ v·P(X = v)` over the tabled values.
    pub fn partial_mean(&self) -> f64 {
        self.probs
            .iter()
            .enumerate()
            .map(|(v, p)| v as f64 * p)
            .sum()
    }
}

/// The first cap, doubling from `start`, at which `build(cap)` leaves at most `tail` of the
/// mass untabled (a bursting chain's mass falls geometrically, so this ends quickly).
pub fn table_with_tail(start: usize, tail: f64, build: impl Fn(usize) -> Table) -> Table {
    let mut cap = start.max(64);
    loop {
        let t = build(cap);
        if t.tail() <= tail || cap >= 1 << 16 {
            return t;
        }
        cap *= 2;
    }
}

#[cfg(test)]
mod tests;
