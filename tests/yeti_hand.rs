//! The bench's hand-written Yeti loop (`benches/yeti_hand/mod.rs`) is the engine's Yeti fight:
//! on the same number of fights, every counter the engine reports for `scenarios/yeti.toml`
//! (wins, draw, stalemate, deaths, downs, unconscious, fled, dead, any death, all down), the
//! share of fights lasting each number of rounds and the mean number of rounds agree within
//! 4.5 standard errors of their difference. So the engine/hand-written ratio the bench
//! prints compares the same fight.

#[path = "../benches/yeti_hand/mod.rs"]
mod yeti_hand;

use oddsmith::sim::{self, NoProgress};
use oddsmith::systems::{RuleSystem, Scenario, Visit};
use std::path::{Path, PathBuf};
use yeti_hand::{MAX_ROUNDS, NAMES, YetiCounts, yeti_hand_loop};

/// Fights on each side: enough that a 4.5-SE band is about ±0.0015 on a rate near 0.5.
const FIGHTS: u64 = if cfg!(debug_assertions) {
    200_000
} else {
    2_000_000
};

/// Standard errors of the difference allowed (a correct pair fails about once in 150 000).
const K: f64 = 4.5;

/// The engine's counters by name and its `rounds` histogram.
struct EngineCounts {
    trials: u64,
    counters: Vec<(String, u64)>,
    rounds: Vec<u64>,
}

struct Run(u64);

impl Visit for Run {
    type Output = EngineCounts;
    fn visit<S: RuleSystem>(self, s: &S) -> EngineCounts {
        let tally = sim::run(s, self.0, 2026, &NoProgress);
        let layout = s.layout();
        let counters = layout
            .counter_names()
            .zip(tally.counters())
            .map(|(n, &c)| (n.to_string(), c))
            .collect();
        let rounds = layout
            .histograms()
            .zip(tally.histograms_slice())
            .find(|((name, _, _), _)| *name == "rounds")
            .map(|(_, h)| h.counts().to_vec())
            .expect("a fight reports its rounds");
        EngineCounts {
            trials: tally.trials(),
            counters,
            rounds,
        }
    }
}

fn engine(path: &Path, fights: u64) -> EngineCounts {
    let scenario = Scenario::load(path).expect("the scenario loads");
    scenario.system.visit(Run(fights))
}

fn shipped_yeti() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/yeti.toml")
}

/// The hand loop's count for the engine's counter `name`; `None` for a name it does not know.
fn hand_count(h: &YetiCounts, name: &str) -> Option<u64> {
    let per = |prefix: &str, counts: &[u64; 4]| {
        let who = name.strip_prefix(prefix)?.strip_prefix('.')?;
        NAMES.iter().position(|n| *n == who).map(|i| counts[i])
    };
    let fled = [0, 0, 0, h.fled_yeti];
    let dying: [u64; 4] = std::array::from_fn(|i| h.death[i] - h.dead[i]);
    // `down` is not standing and still in the fight: the loop's not standing less the fled.
    let down: [u64; 4] = std::array::from_fn(|i| h.down[i] - fled[i]);
    Some(match name {
        "win.party" => h.win_party,
        "win.yeti" => h.win_yeti,
        "draw" => h.draw,
        "stalemate" => h.stalemate,
        "any_death.party" => h.any_death_party,
        "any_death.yeti" => h.death[3],
        "all_down.party" => h.all_down_party,
        "all_down.yeti" => h.down[3],
        "all_dead.party" => h.all_dead_party,
        "all_dead.yeti" => h.death[3],
        "pyrrhic.party" => h.pyrrhic[0],
        "pyrrhic.yeti" => h.pyrrhic[1],
        _ => per("death", &h.death)
            .or_else(|| per("down", &down))
            .or_else(|| per("unconscious", &h.unconscious))
            .or_else(|| per("fled", &fled))
            .or_else(|| per("dead_in_fight", &h.dead))
            .or_else(|| per("dying", &dying))
            .or_else(|| per("saved", &[0; 4]))?,
    })
}

/// How many standard errors of their difference two rates are apart (0 when both are
/// certain and equal, infinite when certain and different).
fn rate_z(a: u64, b: u64, n: u64) -> f64 {
    let n = n as f64;
    let (p, q) = (a as f64 / n, b as f64 / n);
    let se = (p * (1.0 - p) / n + q * (1.0 - q) / n).sqrt();
    if se == 0.0 {
        if a == b { 0.0 } else { f64::INFINITY }
    } else {
        (p - q).abs() / se
    }
}

/// Mean and sample variance of a histogram of round counts.
fn mean_var(hist: &[u64]) -> (f64, f64) {
    let n = hist.iter().sum::<u64>() as f64;
    let sum: f64 = hist
        .iter()
        .enumerate()
        .map(|(r, &c)| r as f64 * c as f64)
        .sum();
    let sq: f64 = hist
        .iter()
        .enumerate()
        .map(|(r, &c)| (r * r) as f64 * c as f64)
        .sum();
    let mean = sum / n;
    (mean, (sq - n * mean * mean) / (n - 1.0))
}

/// One compared quantity: name, engine count, hand count, z.
type Row = (String, u64, u64, f64);

/// Every counter and every round's share, compared; and the rounds means with their z.
fn compare(e: &EngineCounts, h: &YetiCounts) -> (Vec<Row>, (f64, f64, f64)) {
    assert_eq!((e.trials, h.fights), (FIGHTS, FIGHTS));
    assert_eq!(
        e.rounds.len(),
        MAX_ROUNDS + 1,
        "the engine's rounds run 0..=100"
    );
    let mut rows: Vec<Row> = Vec::new();
    for (name, count) in &e.counters {
        let hand = hand_count(h, name).unwrap_or_else(|| panic!("the hand loop lacks {name}"));
        rows.push((name.clone(), *count, hand, rate_z(*count, hand, FIGHTS)));
    }
    for r in 1..=MAX_ROUNDS {
        let (a, b) = (e.rounds[r], h.rounds[r]);
        if a + b > 0 {
            rows.push((format!("rounds.{r}"), a, b, rate_z(a, b, FIGHTS)));
        }
    }
    assert_eq!(
        (e.rounds[0], h.rounds[0]),
        (0, 0),
        "every fight has a round"
    );
    let ((em, ev), (hm, hv)) = (mean_var(&e.rounds), mean_var(&h.rounds));
    let n = FIGHTS as f64;
    let z = (em - hm).abs() / (ev / n + hv / n).sqrt();
    (rows, (em, hm, z))
}

/// The largest z of a comparison.
fn worst(rows: &[Row], rounds_z: f64) -> f64 {
    rows.iter().map(|r| r.3).fold(rounds_z, f64::max)
}

#[test]
fn the_hand_written_loop_is_the_engines_yeti_fight() {
    let h = yeti_hand_loop(FIGHTS, 7);
    let n = FIGHTS as f64;
    let e = engine(&shipped_yeti(), FIGHTS);
    let (rows, (em, hm, rounds_z)) = compare(&e, &h);
    for (name, a, b, z) in &rows {
        let (p, q) = (*a as f64 / n, *b as f64 / n);
        eprintln!("{name:28} engine {p:.5}  hand {q:.5}  z {z:.2}");
    }
    eprintln!("rounds.mean                  engine {em:.4}  hand {hm:.4}  z {rounds_z:.2}");
    eprintln!(
        "{FIGHTS} fights each; largest z {:.2}",
        worst(&rows, rounds_z)
    );
    assert!((h.rounds_sum() as f64 / n - hm).abs() < 1e-9);
    assert!(h.rounds_sum_sq() as f64 / n > hm * hm, "rounds vary");

    let bad: Vec<_> = rows.iter().filter(|r| r.3 > K).collect();
    assert!(bad.is_empty(), "rates more than {K} SE apart: {bad:?}");
    assert!(rounds_z <= K, "rounds.mean: {em} vs {hm}, z {rounds_z}");

    // The comparison has teeth: these outcomes are uncertain enough (between 1% and 99%) for
    // a 4.5-SE band of a few thousandths to pin them down, and the rare ways a fight ends (the
    // Yeti winning, a draw, a death within the fight) come up at least once in 10 000 fights,
    // tens of times even in the shorter debug run.
    let rate = |name: &str| rows.iter().find(|r| r.0 == name).map(|r| r.1 as f64 / n);
    for name in [
        "unconscious.Charlotte Korde",
        "unconscious.Yeti",
        "fled.Yeti",
        "death.Charlotte Korde",
        "death.Yeti",
        "dead_in_fight.Yeti",
        "down.Sam Stevens",
        "rounds.3",
    ] {
        let p = rate(name).unwrap();
        assert!((0.01..0.99).contains(&p), "{name} = {p}");
    }
    for name in [
        "win.yeti",
        "draw",
        "dead_in_fight.Charlotte Korde",
        "death.Toromeen",
    ] {
        assert!(rate(name).unwrap() >= 1e-4, "{name} is too rare to check");
    }
    assert!(
        em > 2.0,
        "fights last more than two rounds on average: {em}"
    );
}

/// The same comparison catches a fight one point of defense away: the engine on the Yeti
/// with Charlotte's defense 2 instead of 1 (the claws need 13 at her, not 14) is more than
/// 4.5 standard errors from the hand loop.
#[test]
fn a_slightly_different_fight_fails_the_comparison() {
    let text = std::fs::read_to_string(shipped_yeti()).unwrap();
    let changed = text.replacen(
        "name = \"Charlotte Korde\"",
        "defense = 2\nname = \"Charlotte Korde\"",
        1,
    );
    assert_ne!(
        text, changed,
        "Charlotte's defense line is in the shipped Yeti"
    );
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("yeti_charlotte_defense_2.toml");
    std::fs::write(&path, changed).unwrap();
    let (rows, (_, _, rounds_z)) = compare(&engine(&path, FIGHTS), &yeti_hand_loop(FIGHTS, 7));
    let z = worst(&rows, rounds_z);
    eprintln!("Charlotte at defense 2: largest z {z:.2}");
    assert!(
        z > 2.0 * K,
        "a different fight went unnoticed: largest z {z}"
    );
}
