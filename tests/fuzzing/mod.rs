//! The fuzz harness behind `tests/fuzz.rs`: a seeded mutator over the shipped scenarios, a
//! counting allocator, a watchdog, and the checks each input must pass; [`tally`] is the
//! second target, saved tallies (checkpoints and shards), on the same runner.

pub mod tally;

use oddsmith::sim::{NoProgress, Pool, seed::batch_rng};
use oddsmith::systems::Scenario;
use rand::{Rng, RngExt};
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::ops::Range;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// An input slower than this fails the run.
pub const SLOW: Duration = Duration::from_secs(10);
/// An input still running after this aborts the process (a hang), naming the input.
pub const HANG: Duration = Duration::from_secs(60);
/// Most bytes one input may have allocated at once.
pub const MAX_BYTES: usize = 512 << 20;
/// Trials run of every input that loads.
const TRIALS: u64 = 32;

// ---- counting allocator: bytes live on this thread, and their peak since the last reset ----

struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
    static PEAK: Cell<isize> = const { Cell::new(0) };
}

fn note(delta: isize) {
    // `try_with`: the thread-locals may be gone while a thread exits.
    let _ = LIVE.try_with(|live| {
        let now = live.get() + delta;
        live.set(now);
        let _ = PEAK.try_with(|p| p.set(p.get().max(now)));
    });
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note(layout.size() as isize);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        note(-(layout.size() as isize));
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note(layout.size() as isize);
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new: usize) -> *mut u8 {
        note(new as isize - layout.size() as isize);
        unsafe { System.realloc(ptr, layout, new) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Starts measuring this thread's allocations afresh.
fn reset_peak() {
    let live = LIVE.with(Cell::get);
    PEAK.with(|p| p.set(live));
}

/// Most bytes live on this thread since [`reset_peak`], above what was live then.
fn peak_since(base: isize) -> usize {
    (PEAK.with(Cell::get) - base).max(0) as usize
}

// ---- the mutator ----

/// The shipped scenarios' names and texts, read once.
fn corpus() -> &'static [(String, String)] {
    static CORPUS: OnceLock<Vec<(String, String)>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        super::common::shipped_scenarios()
            .into_iter()
            .map(|p| {
                let name = p.file_name().unwrap().to_string_lossy().into_owned();
                (name, std::fs::read_to_string(&p).unwrap())
            })
            .collect()
    })
}

/// Values that replace a value: edges of every number type, wrong types, huge dice, unicode,
/// long and deep text.
fn hostile_value(rng: &mut impl Rng) -> String {
    const FIXED: &[&str] = &[
        "0",
        "-1",
        "1",
        "2",
        "255",
        "65536",
        "4294967296",
        "9223372036854775807",
        "-9223372036854775808",
        "9223372036854775808",
        "1e308",
        "-1e308",
        "1e-308",
        "nan",
        "-nan",
        "inf",
        "-inf",
        "0.5",
        "-0.0",
        "true",
        "\"\"",
        "\"x\"",
        "\"0\"",
        "\"-1\"",
        "[]",
        "{}",
        "[1, \"a\"]",
        "{ from = -9223372036854775808, to = 9223372036854775807 }",
        "{ from = 0, to = 1000000000000 }",
        "{ from = 5, to = 1 }",
        "{ from = 1, to = 10, step = 0 }",
        "\"1000000d1000000!\"",
        "\"1000d1000000!\"",
        "\"1001d6\"",
        "\"d1!\"",
        "\"0d6\"",
        "\"d0\"",
        "\"999999999999999999999d6\"",
        "\"2d6+9223372036854775807\"",
        "\"d6-9223372036854775807-9223372036854775807\"",
        "\"d10!+d10!+d10!+d10!+d10!+d10!+d10!+d10!\"",
        "\"ß☃𝔘\u{202e}\u{0}\"",
        "\"\\u0000\"",
        "1979-05-27T07:32:00Z",
    ];
    match rng.random_range(0..10) {
        0 => format!("\"{}\"", "x".repeat(rng.random_range(1000..200_000))),
        1 => {
            let depth = rng.random_range(10..2000);
            format!("{}{}", "[".repeat(depth), "]".repeat(depth))
        }
        2 => {
            let depth = rng.random_range(10..500);
            format!("{}1{}", "{ a = ".repeat(depth), " }".repeat(depth))
        }
        3 => {
            // Mostly short lists; now and then one past the sweep's cap of 10 000 points.
            let n = if rng.random_range(0..50) == 0 {
                12_000
            } else {
                rng.random_range(1..40)
            };
            format!("[{}]", vec!["1"; n].join(", "))
        }
        4 => rng.random::<i64>().to_string(),
        5 => format!("{}", rng.random_range(-5i64..200)),
        _ => FIXED[rng.random_range(0..FIXED.len())].to_string(),
    }
}

fn pick(rng: &mut impl Rng, v: &[String]) -> Option<String> {
    (!v.is_empty()).then(|| v[rng.random_range(0..v.len())].clone())
}

/// Input `n` of the run seeded `seed`: the shipped file it came from and its text.
pub fn mutate(seed: u64, n: u64) -> (String, String) {
    let mut rng = batch_rng(seed, n);
    let files = corpus();
    let (name, text) = &files[rng.random_range(0..files.len())];
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let keys: Vec<String> = lines
        .iter()
        .filter_map(|l| l.split_once('=').map(|(k, _)| k.trim().to_string()))
        .filter(|k| !k.is_empty() && !k.starts_with('['))
        .collect();
    let sections: Vec<String> = lines
        .iter()
        .filter(|l| l.starts_with('['))
        .map(|l| l.trim_matches(|c| c == '[' || c == ']').to_string())
        .collect();
    for _ in 0..rng.random_range(1..=4) {
        if lines.is_empty() {
            lines.push(String::new());
        }
        let at = rng.random_range(0..lines.len());
        match rng.random_range(0..12) {
            0 => {
                lines.remove(at);
            }
            1 => {
                let l = lines[at].clone();
                lines.insert(at, l);
            }
            2 => {
                // Swap the keys of two lines.
                let other = rng.random_range(0..lines.len());
                if let (Some((ka, va)), Some((kb, vb))) = (
                    lines[at].clone().split_once('='),
                    lines[other].clone().split_once('='),
                ) {
                    lines[at] = format!("{kb}={va}");
                    lines[other] = format!("{ka}={vb}");
                }
            }
            3 => {
                // Rename a key to another key of the file.
                if let (Some((_, v)), Some(k)) =
                    (lines[at].clone().split_once('='), pick(&mut rng, &keys))
                {
                    lines[at] = format!("{k} ={v}");
                }
            }
            4..=6 => {
                // Replace a value.
                if let Some((k, _)) = lines[at].clone().split_once('=') {
                    lines[at] = format!("{k}= {}", hostile_value(&mut rng));
                }
            }
            7 => {
                // Add a key of the file to a section of the file, with a hostile value.
                if let Some(k) = pick(&mut rng, &keys) {
                    lines.insert(at, format!("{k} = {}", hostile_value(&mut rng)));
                }
            }
            8 => {
                // Sweep a field (a section's key, or a made-up path) over a hostile range.
                let path = match (pick(&mut rng, &sections), pick(&mut rng, &keys)) {
                    (Some(s), Some(k)) if !k.contains('"') => format!("{s}.{k}"),
                    _ => "check.challenge".into(),
                };
                lines.push("[sweep]".into());
                lines.push(format!("\"{path}\" = {}", hostile_value(&mut rng)));
            }
            9 => {
                // A variant or a [run] table with hostile values.
                let key = ["trials", "seed", "max_rounds"][rng.random_range(0..3)];
                lines.push("[run]".into());
                lines.push(format!("{key} = {}", hostile_value(&mut rng)));
            }
            10 => {
                // Truncate the file at a random byte (on a character boundary).
                let mut all = lines.join("\n");
                let mut cut = rng.random_range(0..=all.len());
                while !all.is_char_boundary(cut) {
                    cut -= 1;
                }
                all.truncate(cut);
                lines = all.lines().map(str::to_string).collect();
            }
            _ => {
                // Random printable garbage in a line.
                let junk: String = (0..rng.random_range(1..20))
                    .map(|_| char::from(rng.random_range(b' '..=b'~')))
                    .collect();
                let pos = lines[at].len();
                let mut cut = rng.random_range(0..=pos);
                while !lines[at].is_char_boundary(cut) {
                    cut -= 1;
                }
                lines[at].insert_str(cut, &junk);
            }
        }
    }
    (name.clone(), lines.join("\n") + "\n")
}

// ---- running inputs ----

/// What a slice of inputs did.
#[derive(Debug, Default, Clone)]
pub struct Stats {
    /// Inputs tried.
    pub inputs: u64,
    /// Inputs that loaded.
    pub loaded: u64,
    /// Inputs refused with a message.
    pub refused: u64,
    /// The slowest input's time, and which it was.
    pub slowest: Duration,
    pub slowest_input: u64,
    /// The most bytes any input had allocated at once, and which it was.
    pub peak_bytes: usize,
    pub peak_input: u64,
    /// The first input that broke a rule.
    pub failure: Option<Failure>,
}

/// An input that broke a rule.
#[derive(Debug, Clone)]
pub struct Failure {
    pub input: u64,
    pub what: String,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.inputs += o.inputs;
        self.loaded += o.loaded;
        self.refused += o.refused;
        if o.slowest > self.slowest {
            (self.slowest, self.slowest_input) = (o.slowest, o.slowest_input);
        }
        if o.peak_bytes > self.peak_bytes {
            (self.peak_bytes, self.peak_input) = (o.peak_bytes, o.peak_input);
        }
        if self.failure.is_none() {
            self.failure.clone_from(&o.failure);
        }
    }
}

/// Whether a refusal names the line: of the input, or of a library template the input
/// `use`s (and then the input's line of that `use`).
fn names_a_line(message: &str) -> bool {
    message.starts_with("fuzz.toml:")
        || (message.starts_with("library/") && message.contains("for the `use` at fuzz.toml:"))
}

/// Loads input text the way the CLI does, then uses what loaded; `Ok(true)` if it loaded.
fn check(text: &str, pool: &Pool) -> Result<bool, String> {
    let scenario = match Scenario::from_text("fuzz.toml", text) {
        Ok(s) => s,
        Err(e) => {
            let message = e.to_string();
            return if names_a_line(&message) && message.len() > 12 {
                Ok(false)
            } else {
                Err(format!("a refusal without a line: {message}"))
            };
        }
    };
    let refused = |e: oddsmith::error::ScenarioError| -> Result<bool, String> {
        let message = e.to_string();
        if names_a_line(&message) {
            Ok(false)
        } else {
            Err(format!("a refusal without a line: {message}"))
        }
    };
    if let Err(e) = scenario.sweep_points() {
        return refused(e);
    }
    if let Err(e) = scenario.variants() {
        return refused(e);
    }
    let layout = scenario.system.layout();
    let exact = scenario.system.exact();
    let _ = scenario.system.exact_bounds();
    let _ = scenario.system.notes();
    let tally = pool.run(
        &scenario.system,
        TRIALS,
        scenario.run.seed,
        None,
        &NoProgress,
    );
    if tally.trials() != TRIALS {
        return Err(format!("{} trials run of {TRIALS}", tally.trials()));
    }
    let rows = oddsmith::stats::summarize(&layout, &tally, exact.as_ref());
    let _ = oddsmith::stats::distributions(&layout, &tally);
    if let Some(r) = rows.iter().find(|r| r.estimate.is_nan() && r.trials > 0) {
        return Err(format!("metric {} is NaN after {TRIALS} trials", r.metric));
    }
    Ok(true)
}

/// Runs inputs `range` of the run seeded `seed` on `threads` threads.
pub fn run_slice(seed: u64, range: Range<u64>, threads: usize) -> Stats {
    run_inputs(
        range,
        threads,
        "ODDSMITH_FUZZ_ONE",
        |_| Pool::new(Some(1)).unwrap(),
        |_, n| mutate(seed, n).1,
        |pool, text| check(&text, pool),
    )
}

/// Runs inputs `range` on `threads` threads: each worker makes its state with `state`, then
/// for each input `n` builds it with `make` (not measured) and tries it with `check`, which
/// gives `Ok(true)` (loaded), `Ok(false)` (refused as it should be) or what went wrong. Its
/// time and the bytes it allocates at once are measured; a panic is caught and reported;
/// `replay` names the variable that replays one input.
pub fn run_inputs<S, I>(
    range: Range<u64>,
    threads: usize,
    replay: &str,
    state: impl Fn(usize) -> S + Sync,
    make: impl Fn(&mut S, u64) -> I + Sync,
    check: impl Fn(&mut S, I) -> Result<bool, String> + Sync,
) -> Stats {
    // Quiet panics: a caught one is reported with its input instead.
    std::panic::set_hook(Box::new(|_| {}));
    let next = AtomicU64::new(range.start);
    let failed = AtomicBool::new(false);
    let total = Mutex::new(Stats::default());
    let started = Instant::now();
    let done = AtomicU64::new(0);
    // Per worker: the input it is on and when it started it (for the watchdog).
    let current: Vec<(AtomicU64, AtomicU64)> = (0..threads)
        .map(|_| (AtomicU64::new(u64::MAX), AtomicU64::new(0)))
        .collect();
    let finished = AtomicBool::new(false);
    std::thread::scope(|scope| {
        let watch = (&current, &finished, &done);
        scope.spawn(move || {
            watchdog(
                watch.0,
                watch.1,
                started,
                watch.2,
                range.end - range.start,
                replay,
            )
        });
        let workers: Vec<_> = (0..threads)
            .map(|w| {
                let (next, failed, total, current, done) =
                    (&next, &failed, &total, &current, &done);
                let (state, make, check) = (&state, &make, &check);
                scope.spawn(move || {
                    let mut own = state(w);
                    let mut stats = Stats::default();
                    loop {
                        let n = next.fetch_add(1, Ordering::Relaxed);
                        if n >= range.end || failed.load(Ordering::Relaxed) {
                            break;
                        }
                        let input = match catch_unwind(AssertUnwindSafe(|| make(&mut own, n))) {
                            Ok(input) => input,
                            Err(_) => {
                                let what = "the harness panicked making it".to_string();
                                stats.failure.get_or_insert(Failure { input: n, what });
                                failed.store(true, Ordering::Relaxed);
                                break;
                            }
                        };
                        current[w]
                            .1
                            .store(started.elapsed().as_millis() as u64, Ordering::Relaxed);
                        current[w].0.store(n, Ordering::Relaxed);
                        let base = LIVE.with(Cell::get);
                        reset_peak();
                        let t = Instant::now();
                        let result = catch_unwind(AssertUnwindSafe(|| check(&mut own, input)));
                        let took = t.elapsed();
                        let peak = peak_since(base);
                        current[w].0.store(u64::MAX, Ordering::Relaxed);
                        stats.inputs += 1;
                        if took > stats.slowest {
                            (stats.slowest, stats.slowest_input) = (took, n);
                        }
                        if peak > stats.peak_bytes {
                            (stats.peak_bytes, stats.peak_input) = (peak, n);
                        }
                        let what = match result {
                            Ok(Ok(true)) => {
                                stats.loaded += 1;
                                None
                            }
                            Ok(Ok(false)) => {
                                stats.refused += 1;
                                None
                            }
                            Ok(Err(what)) => Some(what),
                            Err(panic) => Some(format!(
                                "panicked: {}",
                                panic
                                    .downcast_ref::<String>()
                                    .cloned()
                                    .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                                    .unwrap_or_default()
                            )),
                        };
                        let what = what.or_else(|| {
                            (took > SLOW).then(|| format!("took {:.1} s", took.as_secs_f64()))
                        });
                        if let Some(what) = what {
                            stats.failure.get_or_insert(Failure { input: n, what });
                            failed.store(true, Ordering::Relaxed);
                        }
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    total.lock().unwrap().add(&stats);
                })
            })
            .collect();
        for w in workers {
            w.join().unwrap();
        }
        finished.store(true, Ordering::Relaxed);
    });
    let _ = std::panic::take_hook();
    total.into_inner().unwrap()
}

/// Aborts the process when a worker has spent more than [`HANG`] on one input; prints
/// progress every minute on long runs.
fn watchdog(
    current: &[(AtomicU64, AtomicU64)],
    finished: &AtomicBool,
    started: Instant,
    done: &AtomicU64,
    total: u64,
    replay: &str,
) {
    let mut last_report = Instant::now();
    while !finished.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(100));
        let now = started.elapsed().as_millis() as u64;
        for (input, since) in current {
            let n = input.load(Ordering::Relaxed);
            let since = since.load(Ordering::Relaxed);
            if n != u64::MAX && now.saturating_sub(since) > HANG.as_millis() as u64 {
                eprintln!(
                    "fuzz: input {n} has run for over {HANG:?}: a hang (replay with {replay}={n})"
                );
                std::process::abort();
            }
        }
        if total > 100_000 && last_report.elapsed() > Duration::from_secs(60) {
            last_report = Instant::now();
            eprintln!(
                "fuzz: {} of {total} inputs after {:.0} s",
                done.load(Ordering::Relaxed),
                started.elapsed().as_secs_f64()
            );
        }
    }
}
