//! The exact walk of small fights ([`oddsmith::combat::exact`]), one per system and then
//! two against one (the files in `benches/fights/`): a Gods & Monsters duel of two
//! survival-10 orcs, the Unbound Legends duel with set AP, the bonus-dice duel with a Dodge
//! paid from Vigor, the Invisible Sun PC against the beliggos (`scenarios/beliggos.toml`) —
//! each to finish in under 2 seconds — and two against one in each system with small numbers.
//! `EXACT_STATS=1 cargo bench --bench exact` walks each once without the time and memory
//! limits and prints its time instead of timing it with criterion (`EXACT_ONLY=NAME` one of
//! them, `EXACT_FILE=PATH` a scenario of one's own beside them); it also walks the book's two
//! goblins against a survival-10 orc to 100 rounds (`gm_goblins_and_orc`), past the default
//! limits, which criterion does not time.

use criterion::{Criterion, criterion_group};
use oddsmith::combat::exact::Limits;
use oddsmith::systems::Scenario;
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

/// The fights criterion times: (name, scenario text), from `benches/fights/` and
/// `scenarios/`; with `past`, also the fights past the default limits.
fn fights(past: bool) -> Vec<(&'static str, String)> {
    let read = |path: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    };
    [
        ("gm_duel", "benches/fights/gm_duel.toml"),
        ("ul_duel", "benches/fights/ul_duel.toml"),
        ("bd_duel", "benches/fights/bd_duel.toml"),
        ("is_duel", "scenarios/beliggos.toml"),
        ("gm_two_on_one", "benches/fights/gm_two_on_one.toml"),
        ("ul_two_on_one", "benches/fights/ul_two_on_one.toml"),
        ("bd_two_on_one", "benches/fights/bd_two_on_one.toml"),
        ("is_two_on_one", "scenarios/vampire_and_thrall.toml"),
    ]
    .into_iter()
    .chain(past.then_some((
        "gm_goblins_and_orc",
        "benches/fights/gm_goblins_and_orc.toml",
    )))
    .map(|(name, path)| (name, read(path)))
    .collect()
}

fn load(name: &str, text: &str) -> Scenario {
    Scenario::from_text(name, text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn bench_exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact");
    group.sample_size(10);
    for (name, text) in fights(false) {
        let scenario = load(name, &text);
        group.bench_function(name, |b| {
            b.iter(|| black_box(scenario.system.exact_with(&Limits::DEFAULT)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_exact);

fn main() {
    if std::env::var_os("EXACT_STATS").is_some() {
        let limits = Limits {
            work: u64::MAX,
            bytes: 8 << 30,
            ..Limits::DEFAULT
        };
        let only = std::env::var("EXACT_ONLY").ok();
        let mut fights = fights(true);
        // `EXACT_FILE=path`: a scenario of one's own, walked beside them.
        if let Ok(path) = std::env::var("EXACT_FILE") {
            let text = std::fs::read_to_string(&path).expect("EXACT_FILE is readable");
            fights.push(("file", text));
        }
        for (name, text) in fights {
            if only.as_deref().is_some_and(|o| o != name) {
                continue;
            }
            let scenario = load(name, &text);
            let t = Instant::now();
            let walked = scenario.system.exact_with(&limits);
            let seconds = t.elapsed().as_secs_f64();
            match walked {
                Ok(Some(e)) => println!(
                    "{name}: {seconds:.3} s; stalemate {:.3e}, rounds {:.3}",
                    e["stalemate"], e["rounds.mean"]
                ),
                Ok(None) => println!("{name}: no exact walk"),
                Err(why) => println!("{name}: {seconds:.3} s: {why}"),
            }
        }
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
