//! Skirmish tests: a one-on-one duel (Wounded, Armor Rank, Dodge paid from Vigor, Winded,
//! recovery, random initiative) whose every reported rate and mean a round-by-round dynamic
//! programme over both sides' Durability, Health, Vigor and the turn order gives exactly,
//! estimates within 4.5 standard errors at 10⁶ fights; the seed's rules replayed with
//! scripted dice (002:13–14, 002:18, 002:36, 002:43, 002:53, 002:75, 002:87); a fight nobody
//! can win; bad input named by line and key.

use super::Skirmish;
use super::fight::{Arena, Event};
use crate::combat::{self, Ending, Observer};
use crate::dice::StepDie;
use crate::systems::bonus_dice::check::total_table;
use crate::systems::bonus_dice::dice::{BonusDice, Burst, Table};
use crate::systems::{LoadedSystem, Scenario, SystemKind, scenario_text};
use crate::testing::Scripted;
use crate::testing::{rows, within};
use std::collections::HashMap;

fn load(body: &str) -> Result<Scenario, String> {
    let text = scenario_text(SystemKind::BonusDice, body);
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

fn skirmish(body: &str) -> Skirmish {
    match load(body).unwrap_or_else(|e| panic!("{e}")).system {
        LoadedSystem::BonusDice(crate::systems::bonus_dice::Loaded::Skirmish(s)) => *s,
        _ => panic!("not a fight"),
    }
}

/// The duel. The hero's dice are d6s (d4s once Wounded): 1 to hit, 1 to damage with a d6
/// weapon, 1 to Dodge (5 Vigor of 10, 2 back a round), 1 for initiative; Armor Rank 1; one
/// action. The brute's are d10s (d8s Wounded): 1 to hit with a d6 weapon, two actions, so two
/// Dodges in a round leave the hero Winded; Armor Rank 2; it never Dodges and gets 1
/// Durability back a round until Wounded.
const DUEL: &str = r#"
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
struct Sums {
    hero_wins: f64,
    brute_wins: f64,
    hero_wounded: f64,
    brute_wounded: f64,
    ever_winded: f64,
    rounds: f64,
    winded_rounds: f64,
    vigor_spent: f64,
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
fn solve() -> (Sums, f64) {
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

#[test]
fn a_duel_matches_the_dynamic_programme() {
    let (o, left) = solve();
    assert!(left < 1e-12, "{left}");
    assert!(
        (o.hero_wins + o.brute_wins + left - 1.0).abs() < 1e-9,
        "{o:?}"
    );
    let s = skirmish(DUEL);
    let r = rows(&s, 1_000_000, 17);
    within(&r["win.party"], o.hero_wins);
    within(&r["win.monsters"], o.brute_wins);
    within(&r["shock.hero"], o.brute_wins);
    within(&r["down.brute"], o.hero_wins);
    within(&r["wounded.hero"], o.hero_wounded);
    within(&r["wounded.brute"], o.brute_wounded);
    within(&r["winded.hero"], o.ever_winded);
    within(&r["rounds.mean"], o.rounds);
    within(&r["winded_rounds.hero.mean"], o.winded_rounds);
    within(&r["vigor_spent.hero.mean"], o.vigor_spent);
    // One on one, the loser is in Shock when the fight ends: down, not dead.
    for k in [
        "death.hero",
        "death.brute",
        "stalemate",
        "draw",
        "winded.brute",
    ] {
        assert_eq!(r[k].estimate, 0.0, "{k}");
    }
    // Every feature the duel is for happens often enough to matter.
    for (what, p) in [
        ("hero wins", o.hero_wins),
        ("hero Wounded", o.hero_wounded),
        ("brute Wounded", o.brute_wounded),
        ("hero Winded", o.ever_winded),
    ] {
        assert!(p > 0.05 && p < 0.95, "{what}: {p}");
    }
}

/// Every event, as a line.
#[derive(Default)]
struct Trace {
    names: Vec<String>,
    lines: Vec<String>,
}

impl Trace {
    fn of(s: &Skirmish) -> Self {
        Self {
            names: s.fighters.iter().map(|f| f.name.clone()).collect(),
            lines: Vec::new(),
        }
    }
}

impl Observer<Skirmish> for Trace {
    fn see(&mut self, event: Event<'_>) {
        let line = match event {
            Event::Initiative { who, total } => format!("{} initiative {total}", self.names[who]),
            Event::RoundStart(round) => format!("round {round}"),
            Event::Attack {
                attacker,
                target,
                offhand,
                total,
                guard,
                dodge,
                hit,
            } => format!(
                "{}{} → {}: {total} vs Guard {guard}{}: {}",
                self.names[attacker],
                if offhand { " (off-hand)" } else { "" },
                self.names[target],
                dodge.map_or(String::new(), |d| format!(", Dodge {d}")),
                if hit { "hit" } else { "miss" }
            ),
            Event::Damage { target, raw, dealt } => {
                format!("{} takes {dealt} of {raw}", self.names[target])
            }
            Event::RoundEnd { round, states } => {
                let what: Vec<String> = states
                    .iter()
                    .zip(&self.names)
                    .map(|(s, n)| {
                        let flag = if s.dead {
                            " dead"
                        } else if s.shock {
                            " Shock"
                        } else if s.winded {
                            " Winded"
                        } else {
                            ""
                        };
                        format!("{n} {}/{}/{}{flag}", s.durability, s.health, s.vigor)
                    })
                    .collect();
                format!("end {round}: {}", what.join(", "))
            }
        };
        self.lines.push(line);
    }
}

/// Dice that show the faces `d` in order, each (sides, face), and make the picks `picks`,
/// each (among how many, which).
fn scripted(d: &[(u32, i64)], picks: &[(usize, usize)]) -> Scripted {
    Scripted::new()
        .in_order(d.iter().copied())
        .picks(picks.iter().copied())
}

fn replay(s: &Skirmish, dice: &mut Scripted) -> (Ending, u32, Vec<String>, Arena) {
    let mut trace = Trace::of(s);
    let (ending, rounds, arena, _) = combat::replay(s, dice, &mut trace);
    dice.finish();
    (ending, rounds, trace.lines, arena)
}

#[test]
fn a_dodge_tie_goes_to_the_attacker_and_winded_lasts_until_5_vigor() {
    let s = skirmish(
        r#"
[run]
max_rounds = 4
[[combatant]]
name = "Orc"
side = "orcs"
attack_dice = 1
actions = 1
dodge_policy = "never"
durability = 30
health = 30
vigor = 10
stamina = 0
[[combatant]]
name = "Ada"
side = "party"
actions = 0
dodge_dice = 1
durability = 30
health = 30
vigor = 5
stamina = 10
"#,
    );
    let mut dice = scripted(
        &[
            (20, 15), // Orc's initiative
            (20, 5),  // Ada's
            (20, 10), // round 1: 10 + 7 beats Guard 15
            (10, 7),
            (20, 12), // Ada Dodges with her last 5 Vigor: 12 + 5 ties
            (10, 5),
            (8, 6), // the sword
            (20, 15),
            (10, 3),
            (8, 4),
            (20, 18),
            (10, 2),
            (8, 1),
            (20, 14), // round 4: 18; Ada Dodges again, and is Winded again
            (10, 4),
            (20, 16),
            (10, 3),
        ],
        &[],
    );
    let (ending, rounds, lines, arena) = replay(&s, &mut dice);
    let expected = [
        "Orc initiative 15",
        "Ada initiative 5",
        "round 1",
        // 002:18: a tie goes to the attacker.
        "Orc → Ada: 17 vs Guard 15, Dodge 17: hit",
        "Ada takes 6 of 6",
        // 002:43: out of Vigor, Winded; 2 back a round (002:45) is not yet 5.
        "end 1: Orc 30/30/10, Ada 24/30/2 Winded",
        "round 2",
        "Orc → Ada: 18 vs Guard 15: hit",
        "Ada takes 4 of 4",
        "end 2: Orc 30/30/10, Ada 20/30/4 Winded",
        "round 3",
        "Orc → Ada: 20 vs Guard 15: hit",
        "Ada takes 1 of 1",
        // Back to 5 (her most): no longer Winded.
        "end 3: Orc 30/30/10, Ada 19/30/5",
        "round 4",
        "Orc → Ada: 18 vs Guard 15, Dodge 19: miss",
        "end 4: Orc 30/30/10, Ada 19/30/2 Winded",
    ];
    assert_eq!(lines, expected);
    assert_eq!((ending, rounds), (Ending::Stalemate, 4));
    let ada = arena.states[1];
    assert!(ada.ever_winded && ada.winded && !ada.wounded);
    assert_eq!((ada.winded_rounds, ada.vigor_spent), (3, 10));
}

const WOUNDING: &str = r#"
[run]
max_rounds = 1
[[combatant]]
name = "Orc"
side = "orcs"
actions = 1
weapon_dice = 2
dodge_policy = "never"
durability = 30
health = 30
vigor = 10
stamina = 0
[[combatant]]
name = "Ada"
side = "party"
actions = 1
attack_dice = 1
damage_dice = 1
dodge_dice = 1
durability = 3
health = 20
vigor = 10
stamina = 10
"#;

#[test]
fn wounded_steps_every_bonus_die_down_a_step() {
    let s = skirmish(WOUNDING);
    let mut dice = scripted(
        &[
            (20, 9), // initiative: the Orc first
            (20, 2),
            (20, 19), // 19 beats Guard 15
            (20, 3),  // Ada's Dodge, unwounded: d20 + d10
            (10, 4),
            (8, 2), // 2d8 sword: 5, through Durability 3 into Health
            (8, 3),
            // 002:53: Wounded, Ada's d10s are d8s: to hit and to damage.
            (20, 14),
            (8, 8), // the d8 bursts (002:55)
            (8, 6),
            (8, 2), // the sword
            (8, 7), // the damage die, Wounded too
        ],
        &[],
    );
    let (_, _, lines, arena) = replay(&s, &mut dice);
    assert_eq!(
        lines[3..],
        [
            "Orc → Ada: 19 vs Guard 15, Dodge 7: hit",
            "Ada takes 5 of 5",
            "Ada → Orc: 28 vs Guard 15: hit",
            "Orc takes 9 of 9",
            "end 1: Orc 21/30/10, Ada 0/18/7",
        ]
    );
    assert!(arena.states[1].wounded);
    // `[rules] overflow_to_health = false`: the hit that empties Durability stops there.
    let s = skirmish(&format!("[rules]\noverflow_to_health = false\n{WOUNDING}"));
    let mut dice = scripted(
        &[
            (20, 9),
            (20, 2),
            (20, 19),
            (20, 3),
            (10, 4),
            (8, 2),
            (8, 3),
            (20, 1),
            (8, 1),
        ],
        &[],
    );
    let (_, _, lines, _) = replay(&s, &mut dice);
    assert_eq!(lines.last().unwrap(), "end 1: Orc 30/30/10, Ada 0/20/7");
}

const SHOCK: &str = r#"
[run]
max_rounds = 4
[[combatant]]
name = "Bear"
side = "bear"
actions = 1
target = "Ada"
dodge_policy = "never"
durability = 100
health = 100
vigor = 10
stamina = 0
[[combatant]]
name = "Ada"
side = "party"
actions = 0
dodge_policy = "never"
armor_rank = 2
durability = 0
health = 3
vigor = 10
stamina = 2
[[combatant]]
name = "Brann"
side = "party"
actions = 0
durability = 100
health = 100
vigor = 10
stamina = 10
"#;

#[test]
fn shock_counts_down_stamina_rounds_and_damage_kills() {
    // 002:75: in Shock in round 1 with Stamina 2, Ada dies in round 3's Recovery phase.
    let s = skirmish(SHOCK);
    let init = [(20, 12), (20, 5), (20, 3)];
    let mut d = init.to_vec();
    d.extend([
        (20, 19), // 19 beats Guard 15; Ada began at Durability 0, Wounded
        (8, 5),   // 5 − Armor Rank 2 = 3: Health 0
        (20, 1),  // round 2: Ada is down; the named target falls back on Brann
        (20, 2),
        (20, 3),
    ]);
    let (ending, rounds, lines, arena) = replay(&s, &mut scripted(&d, &[]));
    assert_eq!(
        lines[4..],
        [
            "Bear → Ada: 19 vs Guard 15: hit",
            "Ada takes 3 of 5",
            "end 1: Bear 100/100/10, Ada 0/0/10 Shock, Brann 100/100/10",
            "round 2",
            "Bear → Brann: 1 vs Guard 15: miss",
            "end 2: Bear 100/100/10, Ada 0/0/10 Shock, Brann 100/100/10",
            "round 3",
            "Bear → Brann: 2 vs Guard 15: miss",
            "end 3: Bear 100/100/10, Ada 0/0/10 dead, Brann 100/100/10",
            "round 4",
            "Bear → Brann: 3 vs Guard 15: miss",
            "end 4: Bear 100/100/10, Ada 0/0/10 dead, Brann 100/100/10",
        ]
    );
    assert_eq!((ending, rounds), (Ending::Stalemate, 4));
    assert!(arena.states[1].dead && arena.states[1].fell && arena.states[1].wounded);

    // finish_downed: a hit that armor stops does nothing; the next one that gets through
    // kills (002:75).
    let s = skirmish(&SHOCK.replace("target = \"Ada\"", "finish_downed = true"));
    let mut d = init.to_vec();
    d.extend([
        (20, 19),
        (8, 5),
        (20, 16), // round 2: Ada in Shock keeps Guard 15 and cannot Dodge
        (8, 2),   // 2 − 2 = 0
        (20, 17), // round 3
        (8, 3),   // 1 gets through: dead
        (20, 4),  // round 4: only Brann is left to attack
    ]);
    let picks = [(2, 0), (2, 0), (2, 0)];
    let (_, _, lines, arena) = replay(&s, &mut scripted(&d, &picks));
    assert_eq!(
        lines[7..],
        [
            "round 2",
            "Bear → Ada: 16 vs Guard 15: hit",
            "Ada takes 0 of 2",
            "end 2: Bear 100/100/10, Ada 0/0/10 Shock, Brann 100/100/10",
            "round 3",
            "Bear → Ada: 17 vs Guard 15: hit",
            "Ada takes 1 of 3",
            "end 3: Bear 100/100/10, Ada 0/0/10 dead, Brann 100/100/10",
            "round 4",
            "Bear → Brann: 4 vs Guard 15: miss",
            "end 4: Bear 100/100/10, Ada 0/0/10 dead, Brann 100/100/10",
        ]
    );
    assert!(arena.states[1].dead);
}

#[test]
fn an_ambush_gives_an_extra_action_and_halves_guard_from_behind() {
    let s = skirmish(
        r#"
[run]
max_rounds = 2
[encounter]
ambush = "beasts"
ambush_from_behind = true
[[combatant]]
name = "Bear"
side = "beasts"
size = "large"
durability = 50
health = 50
vigor = 10
stamina = 0
[[combatant]]
name = "Wolf"
side = "beasts"
actions = 1
durability = 50
health = 50
vigor = 10
stamina = 0
[[combatant]]
name = "Ada"
side = "party"
dodge_policy = "never"
durability = 50
health = 50
vigor = 10
stamina = 0
"#,
    );
    let d: Vec<(u32, i64)> = [12, 12, 5, 8, 3, 10, 7, 2, 15, 15, 20, 19, 4, 3]
        .iter()
        .map(|&v| (20, v))
        .collect();
    // The tie at 12 is shuffled: the Wolf first. Ada picks among two foes.
    let picks = [(2, 0), (2, 0), (2, 1), (2, 1)];
    let (ending, _, lines, _) = replay(&s, &mut scripted(&d, &picks));
    let expected = [
        "Bear initiative 12",
        "Wolf initiative 12",
        "Ada initiative 5",
        "round 1",
        // 002:14: one more action (2 for the Wolf's 1); 002:36: Guard 15 from behind is 8.
        "Wolf → Ada: 8 vs Guard 8: miss",
        "Wolf → Ada: 3 vs Guard 8: miss",
        // 002:87: a large Bear against medium Ada: 15 + 5 = 20, halved to 10; 3 actions.
        "Bear → Ada: 10 vs Guard 10: miss",
        "Bear → Ada: 7 vs Guard 10: miss",
        "Bear → Ada: 2 vs Guard 10: miss",
        // 002:13: ambushed, Ada has 1 action.
        "Ada → Bear: 15 vs Guard 15: miss",
        "end 1: Bear 50/50/10, Wolf 50/50/10, Ada 50/50/10",
        "round 2",
        "Wolf → Ada: 15 vs Guard 15: miss",
        "Bear → Ada: 20 vs Guard 20: miss",
        "Bear → Ada: 19 vs Guard 20: miss",
        "Ada → Wolf: 4 vs Guard 15: miss",
        "Ada → Wolf: 3 vs Guard 15: miss",
        "end 2: Bear 50/50/10, Wolf 50/50/10, Ada 50/50/10",
    ];
    assert_eq!(lines, expected);
    assert_eq!(ending, Ending::Stalemate);
}

#[test]
fn offhand_attacks_pay_8_vigor_and_defend_makes_a_dodge_cost_3() {
    let s = skirmish(
        r#"
[run]
max_rounds = 1
[[combatant]]
name = "Ada"
side = "party"
attack_dice = 1
offhand = { weapon_dice = 1, weapon_die = "d4" }
dodge_policy = "never"
durability = 50
health = 50
vigor = 17
stamina = 0
[[combatant]]
name = "Orc"
side = "orcs"
defend = true
dodge_dice = 1
durability = 50
health = 50
vigor = 5
stamina = 0
"#,
    );
    let d = [
        (20, 3), // initiative: the Orc first
        (20, 10),
        (20, 1), // the Orc's one attack (the other action is Defend)
        // Ada: sword d20 + d10; off-hand d20 + d6 (2 Challenges, 002:21), for 8 Vigor.
        (20, 2),
        (10, 1),
        (20, 2),
        (6, 1),
        (20, 3),
        (10, 1),
        // 9 − 8 = 1 ≥ keep_vigor 1: a second off-hand; the Orc Dodges for 3 (002:22).
        (20, 15),
        (6, 4),
        (20, 19),
        (10, 2),
    ];
    let (_, _, lines, arena) = replay(&s, &mut scripted(&d, &[]));
    assert_eq!(
        lines[3..],
        [
            "Orc → Ada: 1 vs Guard 15: miss",
            "Ada → Orc: 3 vs Guard 15: miss",
            "Ada (off-hand) → Orc: 3 vs Guard 15: miss",
            "Ada → Orc: 4 vs Guard 15: miss",
            "Ada (off-hand) → Orc: 19 vs Guard 15, Dodge 21: miss",
            "end 1: Ada 50/50/1, Orc 50/50/2",
        ]
    );
    assert_eq!(arena.states[0].vigor_spent, 16);
    assert_eq!(arena.states[1].vigor_spent, 3);
}

#[test]
fn a_fight_nobody_can_hurt_is_a_stalemate_at_100_rounds() {
    // a has no weapon; b's ordinary d8 cannot harm a's Heroic Durability (002:58).
    let s = skirmish(
        r#"
[[combatant]]
name = "a"
side = "x"
weapon_dice = 0
durability_quality = "heroic"
durability = 1
health = 1
vigor = 10
stamina = 10
[[combatant]]
name = "b"
side = "y"
durability = 1
health = 1
vigor = 10
stamina = 10
"#,
    );
    assert_eq!(s.bout.max_rounds, 100);
    let r = rows(&s, 2_000, 1);
    assert_eq!(r["stalemate"].estimate, 1.0);
    assert_eq!(r["rounds.mean"].estimate, 100.0);
    assert_eq!(r["down.a"].estimate, 0.0);
}

#[test]
fn the_shipped_grizzly_fight_loads_as_written() {
    let text = std::fs::read_to_string(crate::testing::shipped("grizzly_ambush")).unwrap();
    let s = match Scenario::from_text("grizzly_ambush.toml", &text)
        .unwrap()
        .system
    {
        LoadedSystem::BonusDice(crate::systems::bonus_dice::Loaded::Skirmish(s)) => *s,
        _ => panic!("not a fight"),
    };
    assert_eq!(s.encounter.ambush, Some(1));
    assert_eq!(s.bout.max_rounds, 100);
    // Ada's Guard against the large bear: 15 + 2 + 5 (002:87); the bear's against her: 15.
    assert_eq!((s.pair(2, 0).guard, s.pair(0, 2).guard), (22, 15));
    // Brann's heroic weapon is d10s; the bear's two claws are d8s; Vigor back: ⌊Stamina/5⌋.
    assert_eq!(s.fighters[1].main.damage[0].weapon.die, StepDie::D10);
    assert_eq!(s.fighters[2].main.damage[0].weapon.count, 2);
    assert_eq!(s.fighters[2].vigor_recovery, 4);
    let off = s.fighters[0].offhand.unwrap();
    assert_eq!(off.strike.attack[0].die, StepDie::D6);
    assert_eq!(off.keep_vigor, 1);
}

#[test]
fn bad_fights_name_line_and_key() {
    let body = |s: &str| {
        format!(
            "{s}\n[[combatant]]\nname = \"a\"\nside = \"x\"\ndurability = 5\nhealth = 5\n\
             vigor = 5\nstamina = 5\n[[combatant]]\nname = \"b\"\nside = \"y\"\ndurability = 5\n\
             health = 5\nvigor = 5\nstamina = 5\n"
        )
    };
    load(&body("")).unwrap();
    for (edit, expected) in [
        (
            ("side = \"y\"", "side = \"x\""),
            "`combatant.side`: every combatant is on side \"x\"; a fight needs at least two sides",
        ),
        (
            (
                "stamina = 5\n[[",
                "stamina = 5\ndodge_policy = \"sometimes\"\n[[",
            ),
            "`combatant.a.dodge_policy`: allowed: \"when_hit\", \"always\", \"never\" or { keep_vigor = N }",
        ),
        (
            ("stamina = 5\n[[", "stamina = 5\ncover = \"bush\"\n[["),
            "`combatant.a.cover`: \"bush\" is not allowed; allowed: \"none\", \"light\", \"partial\", \"full\"",
        ),
        (
            ("stamina = 5\n[[", "stamina = 5\nsize = \"giant\"\n[["),
            "`combatant.a.size`: \"giant\" is not allowed; allowed: \"tiny\", \"small\", \"medium\"",
        ),
        (
            (
                "stamina = 5\n[[",
                "stamina = 5\nweapon_die = \"mythic\"\n[[",
            ),
            "`combatant.a.weapon_die`: \"mythic\" is not allowed; allowed: \"d4\"",
        ),
        (
            ("stamina = 5\n[[", "stamina = 5\narmor_quality = \"d7\"\n[["),
            "`combatant.a.armor_quality`: \"d7\" is not allowed",
        ),
        (
            (
                "stamina = 5\n[[",
                "stamina = 5\noffhand = { weapon_die = \"d3\" }\n[[",
            ),
            "`combatant.a.offhand.weapon_die`: \"d3\" is not allowed",
        ),
        (
            ("stamina = 5\n[[", "stamina = 5\ntarget = \"c\"\n[["),
            "`combatant.target`: \"c\" names nobody",
        ),
        (("durability = 5\nhealth", "health"), "durability"),
        (("vigor = 5\nstamina = 5\n[[", "vigor = 5\n[["), "stamina"),
        (
            ("health = 5\nvigor", "health = 0\nvigor"),
            "`combatant.a.health`: 0 is out of range",
        ),
    ] {
        let text = body("").replacen(edit.0, edit.1, 1);
        let err = load(&text).unwrap_err();
        assert!(
            err.contains(expected) && err.starts_with("t.scenario:"),
            "{}\n{err}\nexpected: {expected}",
            edit.1
        );
    }
    for (head, expected) in [
        (
            "[encounter]\nambush = \"z\"",
            "`encounter.ambush`: \"z\" is no side; allowed: \"none\" or a side (\"x\", \"y\")",
        ),
        (
            "[encounter]\nvisibility = \"murky\"",
            "`encounter.visibility`: \"murky\" is not allowed",
        ),
        (
            "[run]\nmax_rounds = 200000",
            "`run.max_rounds`: 200000 is out of range",
        ),
        (
            "[check]\nvs = 10",
            "a scenario describes one thing: use only one of [check], [attack], [damage] or \
             [[combatant]]",
        ),
        (
            "[damage]\nweapon_dice = 1",
            "a scenario describes one thing",
        ),
    ] {
        let err = load(&body(head)).unwrap_err();
        assert!(
            err.contains(expected) && err.starts_with("t.scenario:"),
            "{head}\n{err}\nexpected: {expected}"
        );
    }
    // Rolls still have no rounds, and [encounter] belongs to a fight.
    let err = load("[run]\nmax_rounds = 5\n[check]\nvs = 10\n").unwrap_err();
    assert!(err.contains("`run.max_rounds`"), "{err}");
    let err = load("[encounter]\nambush = \"x\"\n[check]\nvs = 10\n").unwrap_err();
    assert!(err.contains("`encounter`"), "{err}");
}
