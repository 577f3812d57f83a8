//! Engine benchmarks, per core (everything runs on one thread): the warded-door check through
//! the real scenario path beside a plain hand-written loop doing the same dice with
//! rand_xoshiro, so the engine's overhead is a visible ratio; Yeti fights and Unbound
//! Legends' ogre fight through the scenario path, with their ratio; single dice rolls. The
//! bonus-dice grizzly ambush is timed beside them, with its ratio to the Yeti's, and the
//! bonus-dice check `stabilise_under_fire` (d20 + 3 bursting d8, no cap) beside a hand-written
//! loop of the same dice. The Invisible Sun conflict `vampire_and_thrall` is timed beside the
//! Yeti too, with its ratio, and the Yeti beside a hand-written 1-vs-1 fight loop; so is the
//! Gods & Monsters hazard `thief_climb_fall` (a climb and the fall where it fails; the target
//! is at least 5× the Yeti's rate). The Yeti is also timed beside a hand-written loop of the
//! same fight ([`yeti_hand`], held to the engine's results by `tests/yeti_hand.rs`), with the
//! engine/hand-written ratio (issue 16's target: at least 0.4). Each shipped day is timed
//! beside its fights run separately, with the day/fights ratio (target: at least 0.7).

#[allow(dead_code)] // the bench times the loop; tests/yeti_hand.rs reads every count
mod yeti_hand;

use criterion::{Criterion, Throughput, criterion_group};
use oddsmith::dice::packed::PackedDice;
use oddsmith::sim::{self, seed::batch_rng};
use oddsmith::stats::Tally;
use oddsmith::systems::{RuleSystem, Scenario, Visit};
use rand::{Rng, RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

const TRIALS: u64 = sim::BATCH_TRIALS;

fn shipped(name: &str) -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scenarios")
        .join(name);
    Scenario::load(&path).expect("the shipped scenario loads")
}

fn warded_door() -> Scenario {
    shipped("warded_door.toml")
}

/// `batches` batches of `len` trials through the runner's batch function.
struct Batches {
    batches: u64,
    len: u64,
}

impl Visit for Batches {
    type Output = Tally;
    fn visit<S: RuleSystem>(self, s: &S) -> Tally {
        (0..self.batches)
            .map(|b| sim::run_batch(s, 2026, b, self.len))
            .reduce(Tally::merge)
            .expect("at least one batch")
    }
}

/// The engine path: the loaded scenario's system through the runner's batch function.
fn engine_batches(scenario: &Scenario, batches: u64, len: u64) -> Tally {
    scenario.system.visit(Batches { batches, len })
}

/// The same check written by hand: challenge 6 − venture 3 → 3 needed, one mundane and one
/// magic d10 (0–9), two successes needed, flux on a magic 0.
fn hand_loop(trials: u64, seed: u64) -> [u64; 5] {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut c = [0u64; 5];
    for _ in 0..trials {
        let mundane: u32 = rng.random_range(0..10);
        let magic: u32 = rng.random_range(0..10);
        let hits = u32::from(mundane >= 3) + u32::from(magic >= 3);
        let flux = magic == 0;
        let success = hits >= 2;
        c[0] += u64::from(success);
        c[1] += u64::from(flux);
        c[2] += u64::from(success && flux);
        c[3] += u64::from(hits);
        c[4] += 1;
    }
    c
}

fn bench_check(c: &mut Criterion) {
    let scenario = warded_door();
    let mut group = c.benchmark_group("warded_door");
    group.throughput(Throughput::Elements(TRIALS));
    group.bench_function("engine", |b| {
        b.iter(|| engine_batches(&scenario, 1, TRIALS))
    });
    group.bench_function("hand_written", |b| {
        b.iter(|| hand_loop(black_box(TRIALS), 7))
    });
    group.finish();
}

/// The stabilise-under-fire check by hand: d20 + three d8 that burst on an 8 with no cap,
/// above 20 succeeds; counts successes, bursts and the total's sum.
fn stabilise_hand_loop(trials: u64, seed: u64) -> [u64; 3] {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut c = [0u64; 3];
    for _ in 0..trials {
        let mut total: u64 = rng.random_range(1..=20);
        let mut burst = false;
        for _ in 0..3 {
            loop {
                let v: u64 = rng.random_range(1..=8);
                total += v;
                if v < 8 {
                    break;
                }
                burst = true;
            }
        }
        c[0] += u64::from(total > 20);
        c[1] += u64::from(burst);
        c[2] += total;
    }
    c
}

fn bench_bonus_check(c: &mut Criterion) {
    let scenario = shipped("stabilise_under_fire.toml");
    let mut group = c.benchmark_group("stabilise_under_fire");
    group.throughput(Throughput::Elements(TRIALS));
    group.bench_function("engine", |b| {
        b.iter(|| engine_batches(&scenario, 1, TRIALS))
    });
    group.bench_function("hand_written", |b| {
        b.iter(|| stabilise_hand_loop(black_box(TRIALS), 7))
    });
    group.finish();
}

/// A 1-vs-1 fight written by hand, the floor a fight engine is measured against: 24 points
/// hitting on 10 (d20 ≤ 10) for d8+4 against 20 points clawing twice on 10 for d6, blows
/// landing at once each round, until one is at 0. Counts the first one's wins, the second
/// one's, and the rounds.
fn duel_hand_loop(fights: u64, seed: u64) -> [u64; 3] {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(seed);
    let mut c = [0u64; 3];
    for _ in 0..fights {
        let (mut hero, mut beast) = (24i64, 20i64);
        while hero > 0 && beast > 0 {
            if rng.random_range(1..=20u32) <= 10 {
                beast -= i64::from(rng.random_range(1..=8u32)) + 4;
            }
            for _ in 0..2 {
                if rng.random_range(1..=20u32) <= 10 {
                    hero -= i64::from(rng.random_range(1..=6u32));
                }
            }
            c[2] += 1;
        }
        c[0] += u64::from(hero > 0);
        c[1] += u64::from(beast > 0);
    }
    c
}

const FIGHTS: u64 = 4096;

fn bench_fights(c: &mut Criterion) {
    for (name, file) in [
        ("yeti", "yeti.toml"),
        ("ogre", "ogre_in_the_mill.toml"),
        ("grizzly", "grizzly_ambush.toml"),
        ("vampire", "vampire_and_thrall.toml"),
        ("goblin_mob", "goblin_mob.toml"),
        ("beliggos", "beliggos.toml"),
    ] {
        let scenario = shipped(file);
        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(FIGHTS));
        group.bench_function("engine", |b| {
            b.iter(|| engine_batches(&scenario, 1, FIGHTS))
        });
        if name == "yeti" {
            group.bench_function("hand_written", |b| {
                b.iter(|| yeti_hand::yeti_hand_loop(black_box(FIGHTS), 7))
            });
        }
        group.finish();
    }
}

/// Fights per second on one core: `batches` batches of the scenario's fights.
fn fights_per_second(scenario: &Scenario, batches: u64) -> f64 {
    let t = Instant::now();
    black_box(engine_batches(scenario, batches, TRIALS));
    (batches * TRIALS) as f64 / t.elapsed().as_secs_f64()
}

fn bench_hazards(c: &mut Criterion) {
    let scenario = shipped("thief_climb_fall.toml");
    let mut group = c.benchmark_group("thief_climb_fall");
    group.throughput(Throughput::Elements(TRIALS));
    group.bench_function("engine", |b| {
        b.iter(|| engine_batches(&scenario, 1, TRIALS))
    });
    group.finish();
}

fn bench_dice(c: &mut Criterion) {
    let mut group = c.benchmark_group("d10");
    group.throughput(Throughput::Elements(1));
    let mut rng = batch_rng(1, 0);
    let one = PackedDice::new(10, 1).unwrap();
    group.bench_function("packed_1", |b| b.iter(|| one.draw(&mut rng)));
    group.bench_function("random_range", |b| b.iter(|| rng.random_range(0..10u32)));
    let four = PackedDice::new(10, 4).unwrap();
    group.throughput(Throughput::Elements(4));
    group.bench_function("packed_4", |b| b.iter(|| four.draw(&mut rng)));
    group.finish();
    black_box(rng.next_u64());
}

/// Prints the engine / hand-written throughput ratio from one longer timed run of each.
fn ratio() {
    let scenario = warded_door();
    let batches = 400;
    let trials = batches * TRIALS;
    let t = Instant::now();
    black_box(engine_batches(&scenario, batches, TRIALS));
    let engine = trials as f64 / t.elapsed().as_secs_f64();
    let t = Instant::now();
    black_box(hand_loop(trials, 7));
    let hand = trials as f64 / t.elapsed().as_secs_f64();
    println!(
        "warded_door per core: engine {:.1} M checks/s, hand-written {:.1} M checks/s, ratio {:.2}",
        engine / 1e6,
        hand / 1e6,
        engine / hand
    );
    let yeti = fights_per_second(&shipped("yeti.toml"), 20);
    println!("yeti per core: {:.2} M fights/s", yeti / 1e6);
    // The same Yeti fight written by hand, on as many fights: the target is a ratio of at
    // least 0.4 (issue 16).
    let fights = 20 * TRIALS;
    let t = Instant::now();
    black_box(yeti_hand::yeti_hand_loop(black_box(fights), 7));
    let yeti_hand = fights as f64 / t.elapsed().as_secs_f64();
    println!(
        "yeti per core: engine {:.2} M fights/s, hand-written {:.2} M fights/s, \
         engine/hand-written ratio {:.3}",
        yeti / 1e6,
        yeti_hand / 1e6,
        yeti / yeti_hand
    );
    // The Yeti through the engine against a hand-written 1-vs-1 loop: about 0.17 before the
    // book's conflict rules landed; the target is to stay at least 0.9 × that.
    let fights = 20 * TRIALS;
    let t = Instant::now();
    black_box(duel_hand_loop(fights, 7));
    let duel = fights as f64 / t.elapsed().as_secs_f64();
    println!(
        "hand-written 1-vs-1 per core: {:.2} M fights/s, yeti/hand ratio {:.3}",
        duel / 1e6,
        yeti / duel
    );
    // Unbound Legends' ogre fight against the Yeti's: the target is a ratio of at least 0.5.
    let ogre = fights_per_second(&shipped("ogre_in_the_mill.toml"), 20);
    println!(
        "ogre per core: {:.2} M fights/s, ogre/yeti ratio {:.2}",
        ogre / 1e6,
        ogre / yeti
    );
    // The bonus-dice grizzly ambush against the Yeti's: the target is a ratio of at least 0.5.
    let grizzly = fights_per_second(&shipped("grizzly_ambush.toml"), 20);
    println!(
        "grizzly per core: {:.2} M fights/s, grizzly/yeti ratio {:.2}",
        grizzly / 1e6,
        grizzly / yeti
    );
    // The Invisible Sun conflict against the Yeti's: the target is a ratio of at least 0.5.
    let vampire = fights_per_second(&shipped("vampire_and_thrall.toml"), 20);
    println!(
        "vampire per core: {:.2} M fights/s, vampire/yeti ratio {:.2}",
        vampire / 1e6,
        vampire / yeti
    );
    // The fights with no ratio target, for before/after tables: Gods & Monsters' goblin mob
    // (called shots, shots into the melee, reloading) and Invisible Sun's Beliggos.
    for (name, file) in [
        ("goblin_mob", "goblin_mob.toml"),
        ("beliggos", "beliggos.toml"),
    ] {
        let fights = fights_per_second(&shipped(file), 20);
        println!(
            "{name} per core: {:.2} M fights/s, {name}/yeti ratio {:.2}",
            fights / 1e6,
            fights / yeti
        );
    }
    // A Gods & Monsters climb and fall against the Yeti's fights: the target is at least 5.
    let thief = fights_per_second(&shipped("thief_climb_fall.toml"), 100);
    println!(
        "thief_climb_fall per core: {:.2} M trials/s, thief_climb_fall/yeti ratio {:.2}",
        thief / 1e6,
        thief / yeti
    );
    // The bonus-dice check against its hand-written loop: the target is at least 0.5.
    let scenario = shipped("stabilise_under_fire.toml");
    let batches = 200;
    let trials = batches * TRIALS;
    let t = Instant::now();
    black_box(engine_batches(&scenario, batches, TRIALS));
    let engine = trials as f64 / t.elapsed().as_secs_f64();
    let t = Instant::now();
    black_box(stabilise_hand_loop(trials, 7));
    let hand = trials as f64 / t.elapsed().as_secs_f64();
    println!(
        "stabilise_under_fire per core: engine {:.1} M checks/s, hand-written {:.1} M checks/s, \
         ratio {:.2}",
        engine / 1e6,
        hand / 1e6,
        engine / hand
    );
}

criterion_group!(
    benches,
    bench_check,
    bench_bonus_check,
    bench_fights,
    bench_hazards,
    bench_dice
);

/// Each shipped day (a scenario with a `[day]` table) beside its encounters run on their own
/// from a fresh start: the day's rate against the rate its encounters imply run one after
/// another, 1 / Σ 1/rateᵢ. A fight runs as its fight scenario; a hazard, which is no
/// scenario of its own for a whole party, as the day with that encounter alone
/// ([`Scenario::encounter_runs`]). The target is a ratio of at least 0.7. The ratio with the
/// fights alone in the sum (the hazards taken as free) is printed beside it.
fn days() {
    let mut files: Vec<_> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios"))
            .expect("the shipped scenarios")
            .flatten()
            .map(|e| e.path())
            .filter(|p| std::fs::read_to_string(p).is_ok_and(|t| t.contains("\n[day]")))
            .collect();
    files.sort();
    for path in files {
        let day = Scenario::load(&path).expect("the shipped day loads");
        let runs = day.encounter_runs().expect("its encounters load");
        // Each rate the best of five runs taken in turn, so that a busy machine slows the day
        // and its encounters alike and the fastest run of each is the one least disturbed.
        let mut rates = vec![0.0f64; runs.len() + 1];
        for _ in 0..5 {
            for (r, s) in rates.iter_mut().zip(std::iter::once(&day).chain(&runs)) {
                *r = r.max(fights_per_second(s, 10));
            }
        }
        let rate = rates[0];
        let (mut per_day, mut per_day_fights) = (0.0, 0.0);
        for (run, r) in runs.iter().zip(&rates[1..]) {
            let cost = 1.0 / r;
            per_day += cost;
            if !run.is_day() {
                per_day_fights += cost;
            }
        }
        let implied = 1.0 / per_day;
        println!(
            "{} per core: {:.3} M days/s; its {} encounters one after another {:.3} M/s; \
             day/encounters ratio {:.2} (fights alone {:.2})",
            path.file_stem().unwrap_or_default().to_string_lossy(),
            rate / 1e6,
            runs.len(),
            implied / 1e6,
            rate / implied,
            rate * per_day_fights
        );
    }
}

fn main() {
    benches();
    ratio();
    days();
    Criterion::default().configure_from_args().final_summary();
}
