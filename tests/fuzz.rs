//! Fuzzed scenario loading: a mutation harness over the shipped scenarios. Each input is a
//! shipped file with one to four mutations — lines deleted or duplicated, keys swapped or
//! renamed, values replaced by 0, −1, 2⁶³, 1e308, NaN, strings, unicode, very long names,
//! huge dice, deep tables, absurd sweep ranges, a truncated file — fed to the loader the way
//! the CLI feeds it. Every input must load or be refused with a message that names a line; a
//! loaded one also gives its sweep points, variants, layout, exact values and a few trials.
//! No input may panic, take more than [`SLOW`] (a watchdog aborts after [`HANG`]), or have
//! more than [`MAX_BYTES`] allocated at once (a counting allocator watches).
//!
//! `cargo test --release --test fuzz` runs a seeded slice of [`CI_INPUTS`] inputs. The long
//! run is `ODDSMITH_FUZZ_INPUTS=10000000 cargo test --release --test fuzz fuzz_long_run --
//! --ignored --nocapture`; `ODDSMITH_FUZZ_ONE=N` replays input N alone and prints it.
//!
//! The second target is the saved tallies `oddsmith resume` and `oddsmith merge` read
//! ([`fuzzing::tally`]): real checkpoints and shard tallies of a check, a fight and a sweep,
//! mutated, fed to the same loaders; each must load with counts that fit (an unchanged one
//! with exactly the run's counts) or be refused with exit code 2 naming its file, with no
//! panic, no input over [`SLOW`], and at most [`fuzzing::tally::MAX_BYTES`] allocated at
//! once. The slice is [`CI_TALLY_INPUTS`] inputs; the long run is
//! `ODDSMITH_FUZZ_TALLY_INPUTS=1000000 cargo test --release --test fuzz fuzz_tally_long_run --
//! --ignored --nocapture`; `ODDSMITH_FUZZ_TALLY_ONE=N` replays input N.

mod common;
mod fuzzing;

use fuzzing::{Failure, MAX_BYTES, SLOW, Stats, mutate, run_slice};

/// Inputs in the slice CI runs.
const CI_INPUTS: u64 = 3_000;
/// Saved-tally inputs in the slice CI runs.
const CI_TALLY_INPUTS: u64 = 4_000;
/// Seed of every fuzz run (input N is always the same text).
const FUZZ_SEED: u64 = 14;

#[test]
fn fuzzed_scenarios_load_or_are_refused_with_a_message() {
    let stats = run_slice(FUZZ_SEED, 0..CI_INPUTS, threads());
    report(&stats);
    assert!(
        stats.loaded > CI_INPUTS / 20,
        "too few inputs load: {stats:?}"
    );
    assert!(
        stats.refused > CI_INPUTS / 5,
        "too few inputs refused: {stats:?}"
    );
}

/// The long run: `ODDSMITH_FUZZ_INPUTS` inputs (default 10⁷), in release, on every core.
#[test]
#[ignore = "long: run by hand with --ignored (see the module header)"]
fn fuzz_long_run() {
    let count = std::env::var("ODDSMITH_FUZZ_INPUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000_000u64);
    let stats = run_slice(FUZZ_SEED, 0..count, threads());
    report(&stats);
}

/// Replays one input (`ODDSMITH_FUZZ_ONE=N`), printing its text first.
#[test]
fn replay_one_input() {
    let Some(n) = std::env::var("ODDSMITH_FUZZ_ONE")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
    else {
        return;
    };
    let (file, text) = mutate(FUZZ_SEED, n);
    println!("input {n}, from {file}:\n{text}");
    let stats = run_slice(FUZZ_SEED, n..n + 1, 1);
    report(&stats);
}

#[test]
fn fuzzed_saved_tallies_load_or_are_refused_naming_the_file() {
    let stats = fuzzing::tally::run_slice(FUZZ_SEED, 0..CI_TALLY_INPUTS, threads());
    report_tally(&stats);
    assert!(
        stats.loaded > CI_TALLY_INPUTS / 10,
        "too few inputs load: {stats:?}"
    );
    assert!(
        stats.refused > CI_TALLY_INPUTS / 2,
        "too few inputs refused: {stats:?}"
    );
}

/// The saved-tally long run: `ODDSMITH_FUZZ_TALLY_INPUTS` inputs (default 10⁶).
#[test]
#[ignore = "long: run by hand with --ignored (see the module header)"]
fn fuzz_tally_long_run() {
    let count = std::env::var("ODDSMITH_FUZZ_TALLY_INPUTS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1_000_000u64);
    let stats = fuzzing::tally::run_slice(FUZZ_SEED, 0..count, threads());
    report_tally(&stats);
}

/// Replays one saved-tally input (`ODDSMITH_FUZZ_TALLY_ONE=N`), printing it first.
#[test]
fn replay_one_tally_input() {
    let Some(n) = std::env::var("ODDSMITH_FUZZ_TALLY_ONE")
        .ok()
        .and_then(|s| s.parse::<u64>().ok())
    else {
        return;
    };
    println!("input {n}, {}", fuzzing::tally::describe(FUZZ_SEED, n));
    let stats = fuzzing::tally::run_slice(FUZZ_SEED, n..n + 1, 1);
    report_tally(&stats);
}

fn report_tally(stats: &Stats) {
    eprintln!(
        "fuzz (saved tallies): {} inputs, {} loaded, {} refused; slowest {:.3} s (input {}), \
         most memory at once {} KiB (input {})",
        stats.inputs,
        stats.loaded,
        stats.refused,
        stats.slowest.as_secs_f64(),
        stats.slowest_input,
        stats.peak_bytes / 1024,
        stats.peak_input
    );
    if let Some(Failure { input, what }) = &stats.failure {
        panic!(
            "saved-tally input {input} (replay with ODDSMITH_FUZZ_TALLY_ONE={input}): {what}\n{}",
            fuzzing::tally::describe(FUZZ_SEED, *input)
        );
    }
    assert!(
        stats.peak_bytes < fuzzing::tally::MAX_BYTES,
        "saved-tally input {} had {} bytes allocated at once",
        stats.peak_input,
        stats.peak_bytes
    );
    assert!(stats.slowest <= SLOW);
}

fn threads() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

fn report(stats: &Stats) {
    eprintln!(
        "fuzz: {} inputs, {} loaded, {} refused; slowest {:.3} s (input {}), most memory at \
         once {} KiB (input {})",
        stats.inputs,
        stats.loaded,
        stats.refused,
        stats.slowest.as_secs_f64(),
        stats.slowest_input,
        stats.peak_bytes / 1024,
        stats.peak_input
    );
    if let Some(Failure { input, what }) = &stats.failure {
        let (file, text) = mutate(FUZZ_SEED, *input);
        panic!(
            "input {input} (from {file}; replay with ODDSMITH_FUZZ_ONE={input}): {what}\n--- \
             text (first 3000 characters) ---\n{}",
            text.chars().take(3000).collect::<String>()
        );
    }
    assert!(
        stats.peak_bytes < MAX_BYTES,
        "input {} had {} bytes allocated at once",
        stats.peak_input,
        stats.peak_bytes
    );
}
