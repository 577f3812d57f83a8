//! The designer's workbench on adventuring days: the rest before an encounter moves
//! `day.survived` the right way in every shipped day; `compare`, a sweep, `tune` and
//! `--precision` run on a day as on any scenario, and a day's sweep table shows the day's
//! own rates, not every encounter's. (Checkpoints and shards of every shipped scenario, days
//! included, are tested in `tallyfiles.rs`.)

mod common;

use common::*;
use serde_json::Value;

/// The estimate of `name` in `run --json`'s output, with its number of trials.
fn rate(report: &Value, name: &str) -> (f64, f64) {
    let row = metric(report, name);
    (
        row["estimate"].as_f64().expect("an estimate"),
        row["trials"].as_f64().expect("trials"),
    )
}

/// `day.survived` of `day` with the rest before `encounter` set to `rest`, 200 000 days.
fn survived(day: &str, encounter: &str, rest: &str) -> (f64, f64) {
    let set = format!("day.encounter.{encounter}.rest={rest}");
    let out = oddsmith(&[
        "run", day, "--trials", "200000", "--json", "--quiet", "--set", &set,
    ]);
    rate(&json_of(&out), "day.survived")
}

#[test]
fn a_rest_before_an_encounter_raises_day_survived_in_every_shipped_day() {
    // (day, the encounter the rest comes before, the rest that recovers most there)
    let days = [
        (
            "scenarios/ridge_trail_day.toml",
            "The grizzly's den",
            "short",
        ),
        (
            "scenarios/road_to_the_mill.toml",
            "Ogre in the mill",
            "short",
        ),
        (
            "scenarios/schaelee_day.toml",
            "The vampire and its thrall",
            "short",
        ),
        ("scenarios/yeti_day.toml", "The Yeti", "long"),
    ];
    for (day, encounter, rest) in days {
        let (none, n) = survived(day, encounter, "none");
        let (rested, _) = survived(day, encounter, rest);
        // Both from the same seed; the unpaired standard error of the difference is an
        // upper bound on the paired one.
        let se = ((none * (1.0 - none) + rested * (1.0 - rested)) / n).sqrt();
        assert!(
            rested - none > 4.5 * se,
            "{day}: rest {rest} {rested:.4} against none {none:.4} (SE {se:.5})"
        );
    }
}

#[test]
fn compare_pairs_two_days() {
    let dir = tempfile::tempdir().unwrap();
    let shipped = std::fs::read_to_string("scenarios/ridge_trail_day.toml").unwrap();
    let rested = "rest = \"short\"";
    assert!(shipped.contains(rested));
    let none = dir.path().join("no_rest.toml");
    std::fs::write(&none, shipped.replacen(rested, "rest = \"none\"", 1)).unwrap();
    let out = oddsmith(&[
        "compare",
        none.to_str().unwrap(),
        "scenarios/ridge_trail_day.toml",
        "--trials",
        "100000",
        "--json",
        "--quiet",
        "--out",
        dir.path().join("cmp").to_str().unwrap(),
    ]);
    let report = json_of(&out);
    let row = |name: &str| metric(&report, name);
    // The short rest helps: the whole paired interval of B − A lies above 0.
    let survived = row("day.survived");
    assert!(survived["ci_low"].as_f64().unwrap() > 0.0, "{survived}");
    // The first encounter comes before the rest: the same random numbers play it alike.
    let first = row("encounter.1.win.party");
    assert_eq!(first["difference"].as_f64().unwrap(), 0.0, "{first}");
}

#[test]
fn a_sweep_of_a_day_tables_the_days_rates() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = std::fs::read_to_string("scenarios/ridge_trail_day.toml").unwrap();
    text.push_str("\n[sweep]\n\"combatant.Brann.health\" = [4, 20]\n");
    let file = dir.path().join("ridge_sweep.toml");
    std::fs::write(&file, text).unwrap();
    let out_dir = dir.path().join("out");
    let args = [
        "run",
        file.to_str().unwrap(),
        "--trials",
        "50000",
        "--quiet",
        "--out",
        out_dir.to_str().unwrap(),
    ];
    let table = oddsmith(&args);
    assert!(table.status.success(), "{}", stderr(&table));
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains("day.survived"), "{text}");
    // The day's own rates head the table; each encounter's are in sweep.csv.
    assert!(!text.contains("encounter.1.win.party"), "{text}");
    let csv = std::fs::read_to_string(out_dir.join("sweep.csv")).unwrap();
    assert!(csv.contains("encounter.1.win.party"));
    let json = json_of(&oddsmith(&[&args[..], &["--json"]].concat()));
    let at = |k: usize| rate(&json["points"][k], "day.survived");
    let ((weak, n), (strong, _)) = (at(0), at(1));
    let se = ((weak * (1.0 - weak) + strong * (1.0 - strong)) / n).sqrt();
    assert!(
        strong - weak > 4.5 * se,
        "health 4: {weak}, health 20: {strong}"
    );
}

#[test]
fn tune_finds_the_health_that_gets_a_party_through_half_its_days() {
    let out = oddsmith(&[
        "tune",
        "scenarios/ridge_trail_day.toml",
        "--vary",
        "combatant.Brann.health",
        "--metric",
        "day.survived",
        "--target",
        "0.5",
        "--trials",
        "50000",
        "--json",
        "--quiet",
    ]);
    let report = json_of(&out);
    let bracket = report["bracket"].as_array().expect("a bracket");
    assert_eq!(bracket.len(), 2, "{report}");
    let (low, high) = (&bracket[0], &bracket[1]);
    assert_eq!(
        high["value"].as_i64().unwrap(),
        low["value"].as_i64().unwrap() + 1
    );
    // More health, more days survived: the target lies between the two.
    assert!(low["estimate"].as_f64().unwrap() <= 0.5, "{report}");
    assert!(high["estimate"].as_f64().unwrap() >= 0.5, "{report}");
}

#[test]
fn precision_runs_a_day_until_its_rates_are_narrow_enough() {
    let out = oddsmith(&[
        "run",
        "scenarios/ridge_trail_day.toml",
        "--precision",
        "0.01",
        "--json",
        "--quiet",
    ]);
    let report = json_of(&out);
    for name in ["day.survived", "day.cleared", "fell_at.2"] {
        let row = metric(&report, name);
        let half = (row["ci_high"].as_f64().unwrap() - row["ci_low"].as_f64().unwrap()) / 2.0;
        assert!(half <= 0.01, "{name}: {row}");
    }
}

/// Per-encounter deaths mean what they say, in every shipped day: a member's
/// `encounter.N.died.NAME` (it died in encounter N, its fight or its aftermath) adds up over
/// the encounters to the day's `death.NAME`, to the day; the party's
/// `encounter.N.any_died.SIDE` adds up to at least the day's `any_death.SIDE` (two may die in
/// two encounters) and is at most the cumulative `encounter.N.any_death.SIDE`; and an
/// encounter's `dead_in_fight.NAME` counts only deaths in it (at most `died.NAME`: a member
/// killed earlier, sitting it out, is no death of its fight, nor its first death).
#[test]
fn per_encounter_deaths_add_up_to_the_days() {
    for day in [
        "scenarios/yeti_day.toml",
        "scenarios/ridge_trail_day.toml",
        "scenarios/road_to_the_mill.toml",
        "scenarios/schaelee_day.toml",
    ] {
        let out = oddsmith(&[
            "run",
            day,
            "--trials",
            "100000",
            "--json",
            "--quiet",
            "--out",
            &std::env::temp_dir()
                .join("oddsmith-days-died")
                .display()
                .to_string(),
        ]);
        let json = json_of(&out);
        let rows = json["metrics"].as_array().unwrap();
        let value = |name: &str| {
            rows.iter()
                .find(|m| m["metric"] == name)
                .map(|m| m["estimate"].as_f64().unwrap())
        };
        let encounters = (1..)
            .take_while(|n| value(&format!("encounter.{n}.reached")).is_some())
            .count();
        let members: Vec<String> = rows
            .iter()
            .filter_map(|m| {
                m["metric"]
                    .as_str()?
                    .strip_prefix("encounter.1.died.")
                    .map(String::from)
            })
            .collect();
        assert!(!members.is_empty(), "{day}");
        for name in &members {
            let died: f64 = (1..=encounters)
                .map(|n| value(&format!("encounter.{n}.died.{name}")).unwrap())
                .sum();
            let death = value(&format!("death.{name}")).unwrap();
            assert!(
                (died - death).abs() < 1e-9,
                "{day}: {name} died {died}, death {death}"
            );
            for n in 1..=encounters {
                if let Some(in_fight) = value(&format!("encounter.{n}.dead_in_fight.{name}")) {
                    let here = value(&format!("encounter.{n}.died.{name}")).unwrap();
                    assert!(
                        in_fight <= here + 1e-12,
                        "{day}: encounter {n}, {name}: dead in fight {in_fight}, died {here}"
                    );
                }
            }
        }
        let any = rows
            .iter()
            .find(|m| {
                m["metric"]
                    .as_str()
                    .is_some_and(|s| s.starts_with("encounter.1.any_died."))
            })
            .and_then(|m| m["metric"].as_str())
            .map(|s| s.trim_start_matches("encounter.1.any_died.").to_string())
            .unwrap();
        let any_died: Vec<f64> = (1..=encounters)
            .map(|n| value(&format!("encounter.{n}.any_died.{any}")).unwrap())
            .collect();
        let day_any = value(&format!("any_death.{any}")).unwrap();
        assert!(
            any_died.iter().sum::<f64>() >= day_any - 1e-12,
            "{day}: {any_died:?} against {day_any}"
        );
        for (n, here) in any_died.iter().enumerate() {
            // The days whose first death on the party came in encounter N's rounds: no more
            // than the members' deaths in those rounds add up to (one killed earlier is no
            // first death here).
            let tail = |t: &str| value(&format!("encounter.{}.first_death.{any}.{t}", n + 1));
            if let (Some(after), Some(never)) = (tail("after"), tail("never")) {
                let in_rounds = 1.0 - after - never;
                let in_fight: f64 = (members.iter())
                    .filter_map(|m| value(&format!("encounter.{}.dead_in_fight.{m}", n + 1)))
                    .sum();
                assert!(
                    in_rounds <= in_fight + 1e-9,
                    "{day}: encounter {}: first death in its rounds {in_rounds}, deaths in them \
                     {in_fight}",
                    n + 1
                );
            }
            if let Some(by_then) = value(&format!("encounter.{}.any_death.{any}", n + 1)) {
                assert!(
                    *here <= by_then + 1e-12,
                    "{day}: encounter {}: {here} > {by_then}",
                    n + 1
                );
            }
        }
    }
}
