//! A one-on-one duel solved exactly by dynamic programming over both combatants' (Vitality +
//! Health, AP left), with Passive Armor and with the PC dodging whenever it can pay; the
//! fight's estimates within 4.5 standard errors of it. Then its aftermath, solved exactly from
//! the brute's AP left when the hero fell: the hero's saves rolled out alone, the brute giving
//! first aid to its prisoner (`foes = "tend"`), and the brute finishing it.

use super::super::super::saves::DeathSaves;
use super::conflict;
use crate::systems::Trial;
use crate::testing::{rows, within};
use std::collections::HashMap;

/// The duel: a PC with set AP against a monster. Neither attack type has a crit effect of
/// its own, and the fight ends when either falls, so the state is both pools and AP left.
pub(super) fn duel(dodging: bool) -> String {
    duel_with(dodging, BRUTE_AP, "")
}

/// The duel with the brute's AP set to `brute_ap` and `more` written at the file's end (an
/// `[aftermath]`, the brute's `first_aid`).
fn duel_with(dodging: bool, brute_ap: i64, more: &str) -> String {
    format!(
        r#"
[run]
max_rounds = 1000
[[combatant]]
name = "hero"
side = "party"
ap = 12
agility = 1
vitality = 6
health = 4
passive_armor = 12
armor_reduction = 2
armor_skill_rank = 1
{}
attacks = [{{ name = "mace", to_hit = 4, damage = "1d6+1", type = "bludgeoning", skill_rank = 1 }}]
[[combatant]]
name = "brute"
side = "monsters"
kind = "monster"
ap = {brute_ap}
vitality = 8
health = 4
passive_armor = 11
armor_reduction = 1
attacks = [{{ name = "club", to_hit = 3, damage = "1d8+1", type = "bludgeoning" }}]
{more}
"#,
        if dodging {
            "defend = \"dodge\"\ndefense.dodge = { bonus = 9, rank = 1 }"
        } else {
            ""
        }
    )
}

/// Expected outcomes from a state of the duel.
#[derive(Debug, Clone, Copy, Default)]
struct Out {
    hero_wins: f64,
    disabled: f64,
    instant: f64,
    rounds: f64,
    attack: f64,
    defense: f64,
    unspent: f64,
    /// AP on potions.
    other: f64,
    /// Potions drunk.
    drunk: f64,
    /// The hero Disengaged (001:334).
    fled: f64,
    /// Disabled with the brute holding `i` AP.
    disabled_ap: [f64; 16],
    /// The hero's Vitality + Health left when it wins (weighted by the win).
    hero_left: f64,
}

impl Out {
    fn add(&mut self, o: &Out, p: f64) {
        self.hero_wins += p * o.hero_wins;
        self.disabled += p * o.disabled;
        self.instant += p * o.instant;
        self.rounds += p * o.rounds;
        self.attack += p * o.attack;
        self.defense += p * o.defense;
        self.unspent += p * o.unspent;
        self.other += p * o.other;
        self.drunk += p * o.drunk;
        self.fled += p * o.fled;
        self.hero_left += p * o.hero_left;
        for (a, b) in self.disabled_ap.iter_mut().zip(o.disabled_ap) {
            *a += p * b;
        }
    }
}

/// How an attack lands, restated for the recursion (L360, L367, L422, L434, L250).
#[derive(Debug, Clone, Copy, PartialEq)]
enum Land {
    Crit,
    Hit,
    Graze,
    Minor,
    Miss { defender_crit: bool },
}

fn land(d20: i64, total: i64, defense: i64, active_rank: Option<i64>, rank: i64) -> Land {
    if d20 == 20 || (d20 != 1 && total >= defense + 10) {
        Land::Crit
    } else if d20 != 1 && total >= defense {
        match active_rank {
            Some(r) if total - defense < r => Land::Graze,
            _ => Land::Hit,
        }
    } else if d20 != 1 && total >= defense - rank {
        Land::Minor
    } else {
        Land::Miss {
            defender_crit: active_rank.is_some() && defense >= total + 10,
        }
    }
}

/// Round-start pools and potions (h0, b0, p0), then pools, AP and potions left (h, ah, b,
/// ab, p).
type Key = (i64, i64, i64, i64, i64, i64, i64, i64);

struct Dp {
    dodging: bool,
    brute_ap: i64,
    /// The hero's potion (the sides of its one die, healing Health first then Vitality,
    /// which in the pool is the pool) and the `cautious_below` under which it drinks one,
    /// quickly (3 AP, 001:318), on a turn it could attack (its AP reach 5) while hurt.
    potion: Option<(i64, f64)>,
    memo: HashMap<Key, (Out, f64)>,
    rounds: HashMap<(i64, i64, i64), Out>,
}

const HERO_AP: i64 = 12;
const BRUTE_AP: i64 = 11;
const HERO_POOL: i64 = 10;
const HERO_HEALTH: i64 = 4;
const BRUTE_POOL: i64 = 12;

impl Dp {
    /// From the start of a round with pools (h, b) and `p` potions.
    fn round(&mut self, h: i64, b: i64, p: i64) -> Out {
        if let Some(o) = self.rounds.get(&(h, b, p)) {
            return *o;
        }
        let (known, same) = self.within((h, b, p), h, HERO_AP, b, self.brute_ap, p);
        let mut o = Out {
            rounds: 1.0,
            ..Out::default()
        };
        o.add(&known, 1.0);
        // O = known + same · O: a round may end with both pools as they were.
        let mut solved = Out::default();
        solved.add(&o, 1.0 / (1.0 - same));
        self.rounds.insert((h, b, p), solved);
        solved
    }

    /// Within a round that began at pools (h0, b0): the known part of the outcome and the
    /// probability of ending the round with the pools unchanged (solved for in `round`).
    fn within(
        &mut self,
        start: (i64, i64, i64),
        h: i64,
        ah: i64,
        b: i64,
        ab: i64,
        pots: i64,
    ) -> (Out, f64) {
        let (h0, b0, p0) = start;
        let key = (h0, b0, p0, h, ah, b, ab, pots);
        if let Some(v) = self.memo.get(&key) {
            return *v;
        }
        let (hero_can, brute_can) = (ah >= 5, ab >= 5);
        let mut out = Out::default();
        let mut same = 0.0;
        if !hero_can && !brute_can {
            out.unspent = ah as f64;
            if (h, b, pots) == (h0, b0, p0) {
                same = 1.0;
            } else {
                let next = self.round(h, b, pots);
                out.add(&next, 1.0);
            }
        } else if hero_can
            && (!brute_can || ah >= ab)
            && let Some((sides, below)) = self.potion
            && pots > 0
            && h < HERO_POOL
            && (h as f64) < below * HERO_POOL as f64
        {
            // The hero drinks quickly: 3 AP, a die of Health then Vitality back.
            out.other += 3.0;
            out.drunk += 1.0;
            let p = 1.0 / sides as f64;
            for face in 1..=sides {
                let h2 = (h + face).min(HERO_POOL);
                let (o, s) = self.within(start, h2, ah - 3, b, ab, pots - 1);
                out.add(&o, p);
                same += p * s;
            }
        } else if hero_can
            && (!brute_can || ah >= ab)
            && let Some((_, below)) = self.potion
            && (h as f64) < below * HERO_POOL as f64
        {
            // Out of potions and still low: it Disengages, 4 AP, and the fight is over.
            let gone = Out {
                fled: 1.0,
                other: 4.0,
                unspent: (ah - 4) as f64,
                ..Out::default()
            };
            out.add(&gone, 1.0);
        } else if hero_can && (!brute_can || ah >= ab) {
            // The hero swings (ties: higher Agility, L269): d20 + 4 against Passive Armor 11;
            // 1d6+1 less armor 1.
            out.attack += 5.0;
            let p = 1.0 / 120.0;
            for d20 in 1..=20 {
                let how = land(d20, d20 + 4, 11, None, 1);
                for die in 1..=6 {
                    let raw = die + 1;
                    let dmg = match how {
                        Land::Miss { .. } => 0,
                        Land::Minor => (raw / 2 - 1).max(0),
                        _ => (raw - 1).max(0),
                    };
                    let b2 = b - dmg;
                    if b2 <= 0 {
                        let win = Out {
                            hero_wins: 1.0,
                            hero_left: h as f64,
                            unspent: (ah - 5) as f64,
                            ..Out::default()
                        };
                        out.add(&win, p);
                    } else {
                        let (o, s) = self.within(start, h, ah - 5, b2, ab, pots);
                        out.add(&o, p);
                        same += p * s;
                    }
                }
            }
        } else {
            // The brute swings: d20 + 3 against Passive Armor 12, or 9 + 1d6 when the hero
            // dodges (2 AP); 1d8+1 less armor 2, or 1 after a failed Dodge.
            let dodge = self.dodging && ah >= 2;
            let ah = if dodge { ah - 2 } else { ah };
            if dodge {
                out.defense += 2.0;
            }
            let defenses: Vec<i64> = if dodge { (10..=15).collect() } else { vec![12] };
            let p = 1.0 / (20.0 * 8.0 * defenses.len() as f64);
            for &defense in &defenses {
                for d20 in 1..=20 {
                    let how = land(d20, d20 + 3, defense, dodge.then_some(1), 0);
                    for die in 1..=8 {
                        let raw = die + 1;
                        let (dmg, ah2) = match how {
                            Land::Miss { defender_crit } => (0, ah + i64::from(defender_crit)),
                            Land::Minor => ((raw / 2 - 2).max(0), ah),
                            Land::Graze => ((raw / 2 - 1).max(0), ah),
                            Land::Crit | Land::Hit => {
                                ((raw - if dodge { 1 } else { 2 }).max(0), ah)
                            }
                        };
                        let h2 = h - dmg;
                        if h2 <= 0 {
                            // Leftover damage ≥ the Health maximum kills outright (L442).
                            let instant = -h2 >= HERO_HEALTH;
                            let mut disabled_ap = [0.0; 16];
                            disabled_ap[(ab - 5) as usize] = f64::from(u8::from(!instant));
                            let loss = Out {
                                disabled_ap,
                                instant: f64::from(u8::from(instant)),
                                disabled: f64::from(u8::from(!instant)),
                                unspent: ah2 as f64,
                                ..Out::default()
                            };
                            out.add(&loss, p);
                        } else {
                            let (o, s) = self.within(start, h2, ah2, b, ab - 5, pots);
                            out.add(&o, p);
                            same += p * s;
                        }
                    }
                }
            }
        }
        self.memo.insert(key, (out, same));
        (out, same)
    }
}

/// The duel's outcome from the start, the brute with `brute_ap` AP.
fn solve(dodging: bool, brute_ap: i64) -> Out {
    solve_with(dodging, brute_ap, None, 0)
}

/// [`solve`] with the hero carrying `potions` potions it drinks as `potion` says.
fn solve_with(dodging: bool, brute_ap: i64, potion: Option<(i64, f64)>, potions: i64) -> Out {
    let mut dp = Dp {
        dodging,
        brute_ap,
        potion,
        memo: HashMap::new(),
        rounds: HashMap::new(),
    };
    // Fewer potions and smaller pools first, so every round a round leads to is solved
    // before it (a potion drunk leads to a larger pool, with one fewer).
    for p in 0..=potions {
        for h in 1..=HERO_POOL {
            for b in 1..=BRUTE_POOL {
                dp.round(h, b, p);
            }
        }
    }
    dp.round(HERO_POOL, BRUTE_POOL, potions)
}

/// The exact walk's `metric` ([`crate::combat::exact`]) equals `want` to 1e-9.
fn walked(e: &oddsmith_core::stats::ExactValues, metric: &str, want: f64) {
    let got = e[metric];
    assert!(
        (got - want).abs() < 1e-9,
        "{metric}: walked {got}, recursion {want}"
    );
}

fn duel_matches_recursion(dodging: bool, seed: u64) {
    let o = solve(dodging, BRUTE_AP);
    let saves = DeathSaves::new(0).exact().unwrap();
    let c = conflict(&duel(dodging));
    let e = crate::combat::exact::exact_values(&c, &crate::combat::exact::Limits::DEFAULT)
        .unwrap_or_else(|stop| panic!("{stop}"));
    for (metric, want) in [
        ("win.party", o.hero_wins),
        ("win.monsters", o.disabled + o.instant),
        ("disabled.hero", o.disabled),
        ("death_instant.hero", o.instant),
        ("death.hero", o.instant + o.disabled * saves["death"]),
        ("incapacitated.hero", o.disabled * saves["incapacitated"]),
        ("death.brute", o.hero_wins),
        (
            "won_left.party.mean",
            o.hero_left / (HERO_POOL as f64 * o.hero_wins),
        ),
        ("rounds.mean", o.rounds),
        ("ap_attack.hero.mean", o.attack / o.rounds),
        ("ap_defense.hero.mean", o.defense / o.rounds),
        ("ap_unspent.hero.mean", o.unspent / o.rounds),
        ("ap_other.hero.mean", 0.0),
        ("stalemate", 0.0),
    ] {
        walked(&e, metric, want);
    }
    let r = rows(&c, 400_000, seed);
    assert!(
        (o.hero_wins + o.disabled + o.instant - 1.0).abs() < 1e-9,
        "{o:?}"
    );
    within(&r["win.party"], o.hero_wins);
    within(&r["win.monsters"], o.disabled + o.instant);
    within(&r["disabled.hero"], o.disabled);
    within(&r["death_instant.hero"], o.instant);
    // Disabled and beaten, the hero rolls its saves out from no marks.
    within(&r["death.hero"], o.instant + o.disabled * saves["death"]);
    within(
        &r["incapacitated.hero"],
        o.disabled * saves["incapacitated"],
    );
    within(&r["death.brute"], o.hero_wins);
    // Over the hero's wins, the share of its Vitality + Health (10) left.
    within(
        &r["won_left.party.mean"],
        o.hero_left / (HERO_POOL as f64 * o.hero_wins),
    );
    within(&r["won_down.party.mean"], 0.0);
    within(&r["rounds.mean"], o.rounds);
    // The hero begins every round of the fight able to act: AP per round = E[AP] / E[rounds].
    within(&r["ap_attack.hero.mean"], o.attack / o.rounds);
    within(&r["ap_defense.hero.mean"], o.defense / o.rounds);
    within(&r["ap_unspent.hero.mean"], o.unspent / o.rounds);
    assert_eq!(r["ap_other.hero.mean"].estimate, 0.0);
    assert_eq!(r["stalemate"].estimate, 0.0);
    assert_eq!(o.defense > 0.0, dodging);
}

#[test]
fn a_duel_with_passive_armor_matches_the_recursion() {
    duel_matches_recursion(false, 91);
}

#[test]
fn a_duel_with_the_pc_dodging_matches_the_recursion() {
    duel_matches_recursion(true, 92);
}

/// Whether a hero Disabled with (`successes`, `failures`) marks dies, `tries` first-aid tries
/// (each stabilising with probability `q`) coming before each of its saves: `first` before
/// the first save, `later` before each after it (L446–449, L453).
fn dies(successes: u32, failures: u32, first: u32, later: u32, q: f64) -> f64 {
    let untreated = (1.0 - q).powi(first as i32);
    let next = |s, f| dies(s, f, later, later, q);
    // A save on d20: 20 stabilises, 1 is two failures, 10–19 a success, 2–9 a failure.
    let mut p = 0.0;
    for (weight, s, f) in [
        (1.0, successes, failures + 2),
        (10.0, successes + 1, failures),
        (8.0, successes, failures + 1),
    ] {
        p += weight / 20.0
            * if f >= 3 {
                1.0
            } else if s >= 3 {
                0.0
            } else {
                next(s, f)
            };
    }
    untreated * p
}

/// The aftermath of the duel (brute with 13 AP, so 0 or 1 first-aid tries with what it has
/// left when the hero falls and one a round after it), exact against 10⁶ fights.
#[test]
fn the_duels_aftermath_matches_the_recursion() {
    let o = solve(false, 13);
    let saves = DeathSaves::new(0).exact().unwrap();
    let disabled: f64 = o.disabled_ap.iter().sum();
    assert!((disabled - o.disabled).abs() < 1e-12);
    // first_aid = 2: d20 + 2 ≥ 10 on 8 or more.
    let q = 13.0 / 20.0;
    let tended: f64 = (o.disabled_ap.iter().enumerate())
        .map(|(ap, p)| p * dies(0, 0, ap as u32 / 8, 1, q))
        .sum();
    for (seed, aftermath, death) in [
        (93, "", o.disabled * saves["death"]),
        (94, "foes = \"tend\"", tended),
        (95, "foes = \"finish\"", o.disabled),
    ] {
        let more = format!("first_aid = 2\n[aftermath]\n{aftermath}\n");
        let c = conflict(&duel_with(false, 13, &more));
        let e = crate::combat::exact::exact_values(&c, &crate::combat::exact::Limits::DEFAULT)
            .unwrap_or_else(|stop| panic!("{stop}"));
        for (metric, want) in [
            ("disabled.hero", o.disabled),
            ("dying.hero", o.disabled),
            ("death.hero", o.instant + death),
            ("saved.hero", o.disabled - death),
            ("dead_in_fight.hero", o.instant),
            ("first_death.party.after", death),
            ("first_death.party.never", 1.0 - o.instant - death),
        ] {
            walked(&e, metric, want);
        }
        let r = rows(&c, 1_000_000, seed);
        within(&r["disabled.hero"], o.disabled);
        within(&r["dying.hero"], o.disabled);
        within(&r["death.hero"], o.instant + death);
        within(&r["any_death.party"], o.instant + death);
        within(&r["saved.hero"], o.disabled - death);
        within(&r["dead_in_fight.hero"], o.instant);
        // The party's first death: in the fight (instant), after it, or never.
        within(&r["first_death.party.after"], death);
        within(&r["first_death.party.never"], 1.0 - o.instant - death);
        within(&r["won_down.monsters.mean"], 0.0);
    }
}

/// A hero who carries two potions of healing (1d4) and, `cautious` below 0.6 of its
/// Vitality + Health, drinks one quickly on a turn it could attack (001:318), and with none
/// left Disengages (001:334): the exact walk against the recursion, which plays the same
/// choices from its own state, and sampling.
#[test]
fn a_hero_who_drinks_its_potions_matches_the_recursion() {
    let o = solve_with(false, BRUTE_AP, Some((4, 0.6)), 2);
    let plain = solve(false, BRUTE_AP);
    // It drinks more than once in two fights, and that moves the fight.
    assert!(o.drunk > 0.5, "{o:?}");
    assert!(
        (o.hero_wins - plain.hero_wins).abs() > 0.005,
        "{o:?} {plain:?}"
    );
    let more = "tactics = \"cautious\"\ncautious_below = 0.6\n\
                potions = { count = 2, heal = \"1d4\" }\n";
    let text = duel(false).replacen(
        "attacks = [{ name = \"mace\"",
        &format!("{more}attacks = [{{ name = \"mace\""),
        1,
    );
    let c = conflict(&text);
    let e = crate::combat::exact::exact_values(&c, &crate::combat::exact::Limits::DEFAULT)
        .unwrap_or_else(|stop| panic!("{stop}"));
    assert!((o.hero_wins + o.disabled + o.instant + o.fled - 1.0).abs() < 1e-9);
    for (metric, want) in [
        ("win.party", o.hero_wins),
        ("win.monsters", o.disabled + o.instant + o.fled),
        ("disabled.hero", o.disabled),
        ("death_instant.hero", o.instant),
        ("fled.hero", o.fled),
        ("rounds.mean", o.rounds),
        ("ap_attack.hero.mean", o.attack / o.rounds),
        ("ap_other.hero.mean", o.other / o.rounds),
        ("ap_unspent.hero.mean", o.unspent / o.rounds),
    ] {
        walked(&e, metric, want);
    }
    let r = rows(&c, 400_000, 96);
    within(&r["win.party"], o.hero_wins);
    within(&r["disabled.hero"], o.disabled);
    within(&r["fled.hero"], o.fled);
    within(&r["ap_other.hero.mean"], o.other / o.rounds);
}
