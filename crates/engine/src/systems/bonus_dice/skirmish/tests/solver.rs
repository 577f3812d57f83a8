//! The brute-force exact solver of one bonus-dice duel (test support): a round-by-round
//! dynamic programme over both sides' Durability, Health, Vigor and the turn order, built
//! from the check and bonus-dice tables alone, never from the round engine.

use crate::systems::bonus_dice::check::total_table;
use crate::systems::bonus_dice::dice::{BonusDice, Burst, Table};
use oddsmith_core::dice::StepDie;
use std::collections::HashMap;

/// The duel. The hero's dice are d6s (d4s once Wounded): 1 to hit, 1 to damage with a d6
/// weapon, 1 to Dodge (5 Vigor of 10, 2 back a round), 1 for initiative; Armor Rank 1; one
/// action. The brute's are d10s (d8s Wounded): 1 to hit with a d6 weapon, two actions, so two
/// Dodges in a round leave the hero Winded; Armor Rank 2; it never Dodges and gets 1
/// Durability back a round until Wounded.
pub(super) const DUEL: &str = r#"
[run]
max_rounds = 1000
[[combatant]]
name = "hero"
side = "party"
base_die = "d6"
initiative_dice = 1
attack_dice = 1
damage_dice = 1
weapon_die = "d6"
dodge_dice = 1
armor_rank = 1
actions = 1
durability = 4
health = 5
vigor = 10
stamina = 10
[[combatant]]
name = "brute"
side = "monsters"
attack_dice = 1
weapon_die = "d6"
dodge_policy = "never"
armor_rank = 2
actions = 2
durability = 5
health = 4
vigor = 5
stamina = 0
durability_recovery = 1
"#;

const HERO: (i64, i64, i64) = (4, 5, 10); // Durability, Health, Vigor
const BRUTE: (i64, i64) = (5, 4);
const GUARD: i64 = 15;

/// A round-start state of the duel.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Duel {
    hero_first: bool,
    hd: i64,
    hh: i64,
    hv: i64,
    winded: bool,
    ever_winded: bool,
    bd: i64,
    bh: i64,
}

/// Probability-weighted sums over the ended fights.
#[derive(Debug, Default)]
pub(super) struct Sums {
    pub(super) hero_wins: f64,
    pub(super) brute_wins: f64,
    pub(super) hero_wounded: f64,
    pub(super) brute_wounded: f64,
    pub(super) ever_winded: f64,
    pub(super) rounds: f64,
    pub(super) winded_rounds: f64,
    pub(super) vigor_spent: f64,
}

/// The duel's tables, unwounded and Wounded, all from `dice.rs` and `check.rs`.
struct Tables {
    /// P(attack total > Guard), by the attacker's Wounded.
    hero_beats: [f64; 2],
    brute_beats: [f64; 2],
    /// P(brute's total > Guard and ≥ the hero's Dodge), by (brute Wounded, hero Wounded).
    brute_through_dodge: [[f64; 2]; 2],
    /// Raw damage, tabled to `CAP`, with everything above lumped at `CAP` (every value from
    /// `CAP` on takes either side from full to Shock, so the lump is exact).
    hero_damage: [Table; 2],
    brute_damage: [Table; 2],
}

const CAP: usize = 16;

fn bursting(die: StepDie) -> BonusDice {
    BonusDice::new(1, die, Burst::Recursive)
}

fn damage_table(weapon: u32, bonus: Option<StepDie>) -> Table {
    let mut t = Table::die(weapon, CAP);
    if let Some(die) = bonus {
        t = t.plus(&bursting(die).table(CAP));
    }
    let mut probs = t.probs().to_vec();
    probs[CAP] += t.tail();
    Table::from_probs(probs)
}

fn tables() -> Tables {
    let beats = |die| total_table(&bursting(die), GUARD as usize).above(GUARD);
    let through = |attack: StepDie, dodge: StepDie| {
        let a = total_table(&bursting(attack), 200);
        let d = total_table(&bursting(dodge), 200);
        // Totals above the cap (mass < 1e-15) count as always meeting the Dodge.
        let mut p = a.above(a.cap() as i64);
        for v in GUARD as usize + 1..=a.cap() {
            p += a.prob(v) * d.at_most(v as i64);
        }
        p
    };
    use StepDie::*;
    Tables {
        hero_beats: [beats(D6), beats(D4)],
        brute_beats: [beats(D10), beats(D8)],
        brute_through_dodge: [
            [through(D10, D6), through(D10, D4)],
            [through(D8, D6), through(D8, D4)],
        ],
        hero_damage: [damage_table(6, Some(D6)), damage_table(6, Some(D4))],
        brute_damage: [damage_table(6, None), damage_table(6, None)],
    }
}

/// Durability, then Health (002:51): the pools after `dealt`, and whether Health is gone.
fn take(d: i64, h: i64, dealt: i64) -> (i64, i64, bool) {
    let from_d = dealt.min(d);
    let h = h - (dealt - from_d);
    (d - from_d, h, h <= 0)
}

impl Sums {
    /// A fight ended in round `r` in state `s` (pools after the last hit).
    fn end(&mut self, s: &Duel, p: f64, r: u32, hero_won: bool) {
        if hero_won {
            self.hero_wins += p;
            self.winded_rounds += p * f64::from(u8::from(s.winded));
        } else {
            self.brute_wins += p;
        }
        self.rounds += p * f64::from(r);
        self.hero_wounded += p * f64::from(u8::from(s.hd == 0));
        self.brute_wounded += p * f64::from(u8::from(s.bd == 0));
        self.ever_winded += p * f64::from(u8::from(s.ever_winded));
    }
}

/// The hero's action: one attack, unless Winded.
fn hero_acts(t: &Tables, s: Duel, p: f64, r: u32, sums: &mut Sums, out: &mut Vec<(Duel, f64)>) {
    if s.winded {
        out.push((s, p));
        return;
    }
    let w = usize::from(s.hd == 0);
    out.push((s, p * (1.0 - t.hero_beats[w])));
    for (raw, q) in t.hero_damage[w].probs().iter().enumerate() {
        let dealt = (raw as i64 - 2).max(0);
        let (bd, bh, falls) = take(s.bd, s.bh, dealt);
        let next = Duel { bd, bh, ..s };
        let q = p * t.hero_beats[w] * q;
        if falls {
            sums.end(&next, q, r, true);
        } else {
            out.push((next, q));
        }
    }
}

/// One of the brute's two actions: an attack; the hero Dodges one that beats Guard while it has 5 Vigor
/// and is not Winded (002:18, 002:31, 002:43).
fn brute_acts(t: &Tables, s: Duel, p: f64, r: u32, sums: &mut Sums, out: &mut Vec<(Duel, f64)>) {
    let w = usize::from(s.bd == 0);
    let beats = t.brute_beats[w];
    out.push((s, p * (1.0 - beats)));
    let (after, hit) = if !s.winded && s.hv >= 5 {
        sums.vigor_spent += p * beats * 5.0;
        let hv = s.hv - 5;
        let after = Duel {
            hv,
            winded: hv == 0,
            ever_winded: s.ever_winded || hv == 0,
            ..s
        };
        let hit = t.brute_through_dodge[w][usize::from(s.hd == 0)];
        out.push((after, p * (beats - hit)));
        (after, hit)
    } else {
        (s, beats)
    };
    for (raw, q) in t.brute_damage[w].probs().iter().enumerate() {
        let dealt = (raw as i64 - 1).max(0);
        let (hd, hh, falls) = take(after.hd, after.hh, dealt);
        let next = Duel { hd, hh, ..after };
        let q = p * hit * q;
        if falls {
            sums.end(&next, q, r, false);
        } else {
            out.push((next, q));
        }
    }
}

/// Recovery (002:44–46): the hero's Vigor + 2 up to 10, Winded ends at 5; the brute's
/// Durability + 1 up to 5 unless Wounded.
fn recover(s: Duel) -> Duel {
    let hv = (s.hv + 2).min(HERO.2);
    Duel {
        hv,
        winded: s.winded && hv < 5,
        bd: if s.bd > 0 { (s.bd + 1).min(BRUTE.0) } else { 0 },
        ..s
    }
}

/// Plays the duel's distribution round by round until less than 1e-13 is left.
pub(super) fn solve() -> (Sums, f64) {
    let t = tables();
    // Initiative (002:12): d20 + 1d6 bursting against a plain d20; a tie is a coin.
    let hero = total_table(&bursting(StepDie::D6), 64);
    let (mut above, mut tie) = (0.0, 0.0);
    for b in 1..=20 {
        above += hero.above(b) / 20.0;
        tie += hero.prob(b as usize) / 20.0;
    }
    let start = |hero_first| Duel {
        hero_first,
        hd: HERO.0,
        hh: HERO.1,
        hv: HERO.2,
        winded: false,
        ever_winded: false,
        bd: BRUTE.0,
        bh: BRUTE.1,
    };
    let mut dist: HashMap<Duel, f64> = HashMap::new();
    dist.insert(start(true), above + tie / 2.0);
    dist.insert(start(false), 1.0 - above - tie / 2.0);
    let mut sums = Sums::default();
    for r in 1..=1000 {
        let mut next: HashMap<Duel, f64> = HashMap::new();
        for (&s, &p) in &dist {
            let mut cur = vec![(s, p)];
            let turns = if s.hero_first {
                [true, false, false]
            } else {
                [false, false, true]
            };
            for hero_turn in turns {
                let mut after = Vec::new();
                for (s, q) in cur {
                    if hero_turn {
                        hero_acts(&t, s, q, r, &mut sums, &mut after);
                    } else {
                        brute_acts(&t, s, q, r, &mut sums, &mut after);
                    }
                }
                cur = after;
            }
            for (s, q) in cur {
                let s = recover(s);
                sums.winded_rounds += q * f64::from(u8::from(s.winded));
                *next.entry(s).or_default() += q;
            }
        }
        dist = next;
        if dist.values().sum::<f64>() < 1e-13 {
            break;
        }
    }
    let left = dist.values().sum();
    (sums, left)
}
