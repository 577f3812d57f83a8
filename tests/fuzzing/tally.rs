//! The saved-tally target of `tests/fuzz.rs`. Real checkpoints and shard tallies — of a check
//! (`warded_door.toml`), a fight (`yeti.toml`) and a 68-point sweep (`warded_door_sweep.toml`),
//! complete, cut short and under `--precision` — are made once per process by the built
//! binary, then each input mutates one or two of them: numbers set to 0, −1,
//! 2³⁴, 2⁶¹, 2⁶³, 2⁶⁴, 1e308, NaN-like strings, off by one; arrays truncated, extended (now
//! and then to 100 000 entries), duplicated; keys dropped and renamed; shard fields and
//! batches swapped; strings pointed at `/dev/zero`, a folder, another scenario; bytes
//! truncated, junk, huge literals; shards dropped, given twice, swapped or taken from another
//! run. Each input goes to [`load_checkpoint`] or [`load_shards`], which do everything
//! `oddsmith resume` and `oddsmith merge` do before they run or write. It must load — its
//! counts fitting the scenario (trials, layout, summaries without NaN), a sample of resumed
//! runs going on to their trials, and an input whose mutations change nothing giving exactly
//! the uninterrupted run's counts — or be refused as user error (exit 2) with a message
//! naming one of its files.

mod edits;

use super::{Stats, run_inputs};
use edits::{mutate_bytes, mutate_value, text_of};
use oddsmith::app::{Continue, Joined, exit_code, load_checkpoint, load_shards};
use oddsmith::cli::{MergeArgs, ResumeArgs};
use oddsmith::sim::{BATCH_TRIALS, NoProgress, Pool, Start, seed::batch_rng};
use oddsmith::stats::{Layout, Tally, distributions, summarize};
use oddsmith::systems::Scenario;
use rand::RngExt;
use serde_json::{Value, json};
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// Most bytes one saved-tally input may have allocated at once.
pub const MAX_BYTES: usize = 64 << 20;
/// Seed of the runs that make the files.
const SEED: u64 = 5;
/// Trials of the check's and the fight's runs: three batches, the last one short.
const TRIALS: u64 = 2 * BATCH_TRIALS + 1000;
/// Trials per grid point of the sweep: two batches per point, the second short.
const SWEEP_TRIALS: u64 = BATCH_TRIALS + 1000;

/// What a base's files are fed to.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Checkpoint,
    Shards,
}

/// Real files of one run, and what loading them unchanged gives.
struct Base {
    name: &'static str,
    kind: Kind,
    /// The files as written (one checkpoint, or the shards by index) and parsed.
    values: Vec<Value>,
    /// A checkpoint: the tally of batches `0..end` (per grid point for a sweep); shards: the
    /// whole run's tally (per grid point).
    expected: Vec<Tally>,
    /// A single checkpoint's whole uninterrupted run, to compare a resumed run with.
    whole: Option<Tally>,
}

/// Runs the built binary with `args` in the crate's folder.
fn oddsmith(args: &[String]) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_oddsmith"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// A file the binary wrote, its output folder (a temporary's random name) made a fixed one,
/// so that input N is the same bytes in every run.
fn read(path: &Path) -> Value {
    let mut v: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    v["out"] = json!("reports/fuzzed");
    v
}

/// `trials` trials of `scenario` from batch 0 to `end` (all if `None`).
fn fresh(pool: &Pool, scenario: &Scenario, trials: u64, end: Option<u64>) -> Tally {
    let end = end.unwrap_or(trials.div_ceil(BATCH_TRIALS));
    let start = Start::fresh(0..end);
    pool.run_from(&scenario.system, trials, SEED, None, start, &NoProgress)
        .0
}

/// The bases, made once per process in a folder that is removed once they are read.
fn corpus() -> &'static [Base] {
    static CORPUS: OnceLock<Vec<Base>> = OnceLock::new();
    CORPUS.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let d = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
        let run = |scenario: &str, trials: u64, extra: &[String]| {
            let mut args: Vec<String> = ["run", scenario, "--quiet", "--json", "--seed"]
                .map(String::from)
                .to_vec();
            args.push(SEED.to_string());
            // 0: the trials a `--precision` run caps itself at.
            if trials > 0 {
                args.extend(["--trials".into(), trials.to_string()]);
            }
            args.extend(extra.iter().cloned());
            oddsmith(&args);
        };
        let shards = |scenario: &str, trials: u64, name: &str| -> Vec<Value> {
            (0..3)
                .map(|i| {
                    let out = d(&format!("{name}{i}"));
                    run(
                        scenario,
                        trials,
                        &[
                            "--shard".into(),
                            format!("{i}/3"),
                            "--out".into(),
                            out.clone(),
                        ],
                    );
                    read(&Path::new(&out).join("tally.json"))
                })
                .collect()
        };
        let checkpoint = |scenario: &str, trials: u64, name: &str, extra: &[&str]| -> Value {
            let mut args = vec![
                "--checkpoint".into(),
                d(&format!("{name}.ckpt")),
                "--out".into(),
                d(name),
            ];
            args.extend(extra.iter().map(|s| s.to_string()));
            run(scenario, trials, &args);
            read(Path::new(&d(&format!("{name}.ckpt"))))
        };
        let pool = Pool::new(None).unwrap();
        let (door, yeti, sweep) = (
            "scenarios/warded_door.toml",
            "scenarios/yeti.toml",
            "scenarios/warded_door_sweep.toml",
        );
        let load = |p: &str| Scenario::load(Path::new(p)).unwrap();
        let (door_s, yeti_s) = (load(door), load(yeti));
        let points: Vec<Scenario> = load(sweep)
            .sweep_points()
            .unwrap()
            .unwrap()
            .into_iter()
            .map(|p| p.scenario)
            .collect();
        let door_whole = fresh(&pool, &door_s, TRIALS, None);
        let yeti_whole = fresh(&pool, &yeti_s, TRIALS, None);
        let sweep_whole: Vec<Tally> = points
            .iter()
            .map(|p| fresh(&pool, p, SWEEP_TRIALS, None))
            .collect();
        let mut bases = Vec::new();
        // A check: a complete checkpoint, a `--precision` one, three shards.
        let complete = checkpoint(door, TRIALS, "door", &[]);
        bases.push(Base {
            name: "check checkpoint (complete)",
            kind: Kind::Checkpoint,
            values: vec![complete],
            expected: vec![door_whole.clone()],
            whole: Some(door_whole.clone()),
        });
        let precise = checkpoint(door, 0, "precise", &["--precision", "0.01"]);
        let end = precise["end"].as_u64().unwrap();
        let trials = precise["trials"].as_u64().unwrap();
        bases.push(Base {
            name: "check checkpoint (--precision)",
            kind: Kind::Checkpoint,
            expected: vec![fresh(&pool, &door_s, trials, Some(end))],
            values: vec![precise],
            whole: None,
        });
        bases.push(Base {
            name: "check shards",
            kind: Kind::Shards,
            values: shards(door, TRIALS, "door_shard"),
            expected: vec![door_whole],
            whole: None,
        });
        // A fight: a checkpoint cut after 2 of its 3 batches (a complete run of 2 batches'
        // checkpoint with the trials of the longer run: the same file, as batches depend on
        // the seed and their index only), three shards.
        let mut cut = checkpoint(yeti, 2 * BATCH_TRIALS, "yeti", &[]);
        cut["trials"] = json!(TRIALS);
        bases.push(Base {
            name: "fight checkpoint (cut after 2 of 3 batches)",
            kind: Kind::Checkpoint,
            values: vec![cut],
            expected: vec![fresh(&pool, &yeti_s, TRIALS, Some(2))],
            whole: Some(yeti_whole.clone()),
        });
        bases.push(Base {
            name: "fight shards",
            kind: Kind::Shards,
            values: shards(yeti, TRIALS, "yeti_shard"),
            expected: vec![yeti_whole],
            whole: None,
        });
        // A sweep: a complete checkpoint; one cut in grid point 40 (points 0–39 finished,
        // 40 with its first batch, taken from a run of one batch per point); three shards.
        let complete = checkpoint(sweep, SWEEP_TRIALS, "sweep", &[]);
        let one = checkpoint(sweep, BATCH_TRIALS, "sweep_one", &[]);
        let mut cut = complete.clone();
        let mut pieces: Vec<Value> = complete["points"].as_array().unwrap()[..40].to_vec();
        let mut piece = one["points"][40].clone();
        piece["finished"] = json!(false);
        pieces.push(piece);
        cut["points"] = json!(pieces);
        let cut_expected = (0..41)
            .map(|p| {
                let end = if p < 40 { None } else { Some(1) };
                fresh(&pool, &points[p], SWEEP_TRIALS, end)
            })
            .collect();
        bases.push(Base {
            name: "sweep checkpoint (complete)",
            kind: Kind::Checkpoint,
            values: vec![complete],
            expected: sweep_whole.clone(),
            whole: None,
        });
        bases.push(Base {
            name: "sweep checkpoint (cut in grid point 40)",
            kind: Kind::Checkpoint,
            values: vec![cut],
            expected: cut_expected,
            whole: None,
        });
        bases.push(Base {
            name: "sweep shards",
            kind: Kind::Shards,
            values: shards(sweep, SWEEP_TRIALS, "sweep_shard"),
            expected: sweep_whole,
            whole: None,
        });
        bases
    })
}

// ---- inputs ----

/// Input `n` of the saved-tally run seeded `seed`: which base, its files' bytes (for shards,
/// one per folder given, in order), and whether its mutations left the meaning unchanged.
pub struct Input {
    pub base: usize,
    pub files: Vec<Vec<u8>>,
    pub benign: bool,
    pub what: Vec<String>,
}

pub fn mutate(seed: u64, n: u64) -> Input {
    let mut rng = batch_rng(seed, n);
    let bases = corpus();
    let b = rng.random_range(0..bases.len());
    let base = &bases[b];
    let mut values = base.values.clone();
    let mut what = Vec::new();
    // One in ten: only rewritten (key order, compact or pretty): the meaning is unchanged.
    let benign = rng.random_range(0..10) == 0;
    if !benign {
        let times = rng.random_range(1..=3);
        for _ in 0..times {
            let f = rng.random_range(0..values.len());
            if base.kind == Kind::Shards && rng.random_range(0..6) == 0 {
                // The set of shards: one dropped, given twice, two swapped, one from
                // another run, a checkpoint given as a shard.
                let other = bases
                    .iter()
                    .filter(|o| !std::ptr::eq(*o, base))
                    .nth(rng.random_range(0..bases.len() - 1))
                    .unwrap();
                match rng.random_range(0..5) {
                    0 if values.len() > 1 => {
                        values.remove(f);
                        what.push(format!("shard {f} dropped"));
                    }
                    1 => {
                        let copy = values[f].clone();
                        values.push(copy);
                        what.push(format!("shard {f} given twice"));
                    }
                    2 => {
                        let g = rng.random_range(0..values.len());
                        values.swap(f, g);
                        what.push(format!("shards {f} and {g} swapped"));
                    }
                    _ => {
                        values[f] = other.values[rng.random_range(0..other.values.len())].clone();
                        what.push(format!("shard {f} from {}", other.name));
                    }
                }
                continue;
            }
            if base.kind == Kind::Checkpoint && rng.random_range(0..12) == 0 {
                // Another run's file: a shard given as a checkpoint, another checkpoint.
                let other = &bases[rng.random_range(0..bases.len())];
                values[0] = other.values[rng.random_range(0..other.values.len())].clone();
                what.push(format!("a file of {}", other.name));
                continue;
            }
            mutate_value(&mut rng, &mut values[f]);
            what.push(format!("file {f} mutated"));
        }
    }
    let mut files: Vec<Vec<u8>> = values.iter().map(|v| text_of(&mut rng, v)).collect();
    if !benign && rng.random_range(0..4) == 0 {
        let f = rng.random_range(0..files.len());
        mutate_bytes(&mut rng, &mut files[f]);
        what.push(format!("file {f} bytes"));
    }
    Input {
        base: b,
        files,
        benign,
        what,
    }
}

// ---- running inputs ----

/// A worker's folder: the checkpoint file and the shard folders it writes inputs into.
pub struct Worker {
    dir: tempfile::TempDir,
}

impl Worker {
    fn checkpoint(&self) -> PathBuf {
        self.dir.path().join("input.ckpt")
    }

    fn shard(&self, i: usize) -> PathBuf {
        self.dir.path().join(format!("s{i}"))
    }
}

/// Writes input `n` into the worker's folder.
fn write(worker: &Worker, input: &Input) -> Vec<PathBuf> {
    match corpus()[input.base].kind {
        Kind::Checkpoint => {
            std::fs::write(worker.checkpoint(), &input.files[0]).unwrap();
            vec![worker.checkpoint()]
        }
        Kind::Shards => input
            .files
            .iter()
            .enumerate()
            .map(|(i, bytes)| {
                let dir = worker.shard(i);
                std::fs::create_dir_all(&dir).unwrap();
                std::fs::write(dir.join("tally.json"), bytes).unwrap();
                dir
            })
            .collect(),
    }
}

/// A refusal must be a user error (exit 2) naming one of the input's files.
fn refused(e: &anyhow::Error, paths: &[PathBuf]) -> Result<bool, String> {
    let message = format!("{e:#}");
    let code = exit_code(e);
    if code != 2 {
        return Err(format!("refused with exit code {code}: {message}"));
    }
    if !paths
        .iter()
        .any(|p| message.contains(&*p.to_string_lossy()))
    {
        return Err(format!("a refusal naming none of its files: {message}"));
    }
    Ok(false)
}

/// The tally must fit `layout`, hold `trials` trials and summarize without NaN.
fn sound(layout: &Layout, tally: &Tally, trials: u64, what: &str) -> Result<(), String> {
    if !tally.fits(layout) {
        return Err(format!("{what}: the tally does not fit the layout"));
    }
    if tally.trials() != trials {
        return Err(format!("{what}: {} trials, not {trials}", tally.trials()));
    }
    let rows = summarize(layout, tally, None);
    let _ = distributions(layout, tally);
    if let Some(r) = rows.iter().find(|r| r.estimate.is_nan() && r.trials > 0) {
        return Err(format!("{what}: metric {} is NaN", r.metric));
    }
    Ok(())
}

fn trials_in(trials: u64, batches: Range<u64>) -> u64 {
    oddsmith::export::tally_check::trials_in(trials, &batches)
}

/// Feeds input `n` (already written to `paths`) to the loader `resume` or `merge` uses.
fn check(n: u64, input: &Input, paths: &[PathBuf]) -> Result<bool, String> {
    let base = &corpus()[input.base];
    let unchanged = |ok: bool, what: &str| {
        if input.benign && !ok {
            Err(format!("an unchanged file loads to other counts: {what}"))
        } else {
            Ok(())
        }
    };
    match base.kind {
        Kind::Checkpoint => {
            let args = ResumeArgs {
                checkpoint: paths[0].clone(),
                out: None,
                threads: Some(1),
                json: false,
                quiet: true,
                difficulty: None,
            };
            let r = match load_checkpoint(&args) {
                Ok(r) => r,
                Err(e) if input.benign => return Err(format!("an unchanged file refused: {e:#}")),
                Err(e) => return refused(&e, paths),
            };
            let trials = r.saved.trials;
            match r.from {
                Continue::Single { tally, end } => {
                    if end > trials.div_ceil(BATCH_TRIALS) {
                        return Err(format!("loaded with batch {end} past the run's end"));
                    }
                    let layout = r.scenario.system.layout();
                    sound(&layout, &tally, trials_in(trials, 0..end), "checkpoint")?;
                    unchanged(tally == base.expected[0], "the checkpoint")?;
                    // Now and then (always when unchanged), the rest of the run.
                    let left = trials.div_ceil(BATCH_TRIALS) - end;
                    let go_on = input.benign || left <= 1 || n.is_multiple_of(16);
                    if go_on && left <= 3 && r.saved.precision.is_none() {
                        let start = Start {
                            batches: end..trials.div_ceil(BATCH_TRIALS),
                            tally: Some(tally),
                        };
                        let (whole, _) = r.plan.pool.run_from(
                            &r.scenario.system,
                            trials,
                            r.saved.seed,
                            None,
                            start,
                            &NoProgress,
                        );
                        sound(&layout, &whole, trials, "resumed run")?;
                        if let Some(expected) = &base.whole {
                            unchanged(&whole == expected, "the resumed run")?;
                        }
                    }
                }
                Continue::Sweep { points, done } => {
                    if input.benign && done.len() != base.expected.len() {
                        return Err("an unchanged sweep checkpoint lost grid points".into());
                    }
                    for d in &done {
                        if d.end > trials.div_ceil(BATCH_TRIALS) {
                            return Err(format!("grid point {} past its end", d.point));
                        }
                        let point = &points
                            .get(d.point as usize)
                            .ok_or("a grid point past the sweep")?
                            .scenario;
                        let held = trials_in(trials, 0..d.end);
                        sound(&point.system.layout(), &d.tally, held, "grid point")?;
                        let same = base.expected.get(d.point as usize) == Some(&d.tally);
                        unchanged(same, "a grid point")?;
                    }
                }
            }
            Ok(true)
        }
        Kind::Shards => {
            let args = MergeArgs {
                dirs: paths.to_vec(),
                out: None,
                json: false,
                quiet: true,
                difficulty: None,
            };
            let m = match load_shards(&args) {
                Ok(m) => m,
                Err(e) if input.benign => return Err(format!("unchanged shards refused: {e:#}")),
                Err(e) => return refused(&e, paths),
            };
            let trials = m.first.trials;
            match m.joined {
                Joined::Single(tally) => {
                    sound(&m.scenario.system.layout(), &tally, trials, "merged")?;
                    unchanged(tally == base.expected[0], "the merged run")?;
                }
                Joined::Sweep { points, tallies } => {
                    for (p, t) in points.iter().zip(&tallies) {
                        let t = t.as_ref().ok_or("a grid point missing from a merge")?;
                        sound(&p.scenario.system.layout(), t, trials, "merged grid point")?;
                    }
                    let same = tallies.iter().flatten().eq(base.expected.iter());
                    unchanged(same, "the merged sweep")?;
                }
            }
            Ok(true)
        }
    }
}

/// Runs saved-tally inputs `range` of the run seeded `seed` on `threads` threads.
pub fn run_slice(seed: u64, range: Range<u64>, threads: usize) -> Stats {
    corpus();
    run_inputs(
        range,
        threads,
        "ODDSMITH_FUZZ_TALLY_ONE",
        |_| Worker {
            dir: tempfile::tempdir().unwrap(),
        },
        |worker, n| {
            let input = mutate(seed, n);
            let paths = write(worker, &input);
            (n, input, paths)
        },
        |_, (n, input, paths)| check(n, &input, &paths),
    )
}

/// Input `n` as text, for a replay.
pub fn describe(seed: u64, n: u64) -> String {
    let input = mutate(seed, n);
    let base = &corpus()[input.base];
    let mut out = format!(
        "from {} ({}){}\n",
        base.name,
        input.what.join(", "),
        if input.benign { ", unchanged" } else { "" }
    );
    for (i, f) in input.files.iter().enumerate() {
        let text = String::from_utf8_lossy(f);
        out += &format!(
            "--- file {i}, {} bytes (the first 3000 characters) ---\n{}\n",
            f.len(),
            text.chars().take(3000).collect::<String>()
        );
    }
    out
}
