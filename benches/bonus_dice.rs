//! Bonus-dice check benchmark, per core (one thread): `scenarios/stabilise_under_fire.toml`
//! (d20 + 3 bursting d8, no cap, against VS 20) through the real scenario path beside a plain
//! hand-written rand_xoshiro loop rolling the same dice, and their ratio (the target is at
//! least 0.5).

use criterion::{Criterion, Throughput, criterion_group};
use oddsmith::sim;
use oddsmith::stats::Tally;
use oddsmith::systems::{RuleSystem, Scenario, Visit};
use rand::{RngExt, SeedableRng};
use rand_xoshiro::Xoshiro256PlusPlus;
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

const TRIALS: u64 = sim::BATCH_TRIALS;

fn stabilise() -> Scenario {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/stabilise_under_fire.toml");
    Scenario::load(&path).expect("the shipped scenario loads")
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

/// The same check by hand: d20 + three d8 that burst on an 8 with no cap, above 20 succeeds;
/// counts successes, bursts and the total's sum.
fn hand_loop(trials: u64, seed: u64) -> [u64; 3] {
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

fn bench_check(c: &mut Criterion) {
    let scenario = stabilise();
    let mut group = c.benchmark_group("stabilise_under_fire");
    group.throughput(Throughput::Elements(TRIALS));
    group.bench_function("engine", |b| {
        b.iter(|| {
            scenario.system.visit(Batches {
                batches: 1,
                len: TRIALS,
            })
        })
    });
    group.bench_function("hand_written", |b| {
        b.iter(|| hand_loop(black_box(TRIALS), 7))
    });
    group.finish();
}

/// Prints the engine / hand-written ratio from one longer timed run of each.
fn ratio() {
    let scenario = stabilise();
    let batches = 200;
    let trials = batches * TRIALS;
    let t = Instant::now();
    black_box(scenario.system.visit(Batches {
        batches,
        len: TRIALS,
    }));
    let engine = trials as f64 / t.elapsed().as_secs_f64();
    let t = Instant::now();
    black_box(hand_loop(trials, 7));
    let hand = trials as f64 / t.elapsed().as_secs_f64();
    println!(
        "stabilise_under_fire per core: engine {:.1} M checks/s, hand-written {:.1} M checks/s, \
         ratio {:.2}",
        engine / 1e6,
        hand / 1e6,
        engine / hand
    );
}

criterion_group!(benches, bench_check);

fn main() {
    benches();
    ratio();
    Criterion::default().configure_from_args().final_summary();
}
