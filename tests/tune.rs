//! Target searches (`oddsmith tune`) through the CLI: exact rates searched without sampling,
//! the bracketing values and the interpolated crossing, the stops (a plateau on a fight
//! metric, the end of a key's declared range), `--precision` choosing each value's trials,
//! and bad input.

mod common;

use common::*;
use serde_json::Value;

fn tune(args: &[&str]) -> Value {
    let mut all = vec!["tune"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--json", "--quiet"]);
    json_of(&oddsmith(&all))
}

/// The door's search for 60% over its challenge, then `extra`.
fn door<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "scenarios/warded_door.toml",
        "--vary",
        "check.challenge",
        "--metric",
        "success",
        "--target",
        "0.6",
    ];
    args.extend_from_slice(extra);
    args
}

/// `oddsmith tune ARGS` exits 2 saying `says`.
fn refused(args: &[&str], says: &str) {
    let mut all = vec!["tune"];
    all.extend_from_slice(args);
    let out = oddsmith(&all);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
    assert!(
        stderr(&out).contains(says),
        "{}\n  wanted: {says}",
        stderr(&out)
    );
}

fn values(json: &Value) -> Vec<i64> {
    json["tried"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["value"].as_i64().unwrap())
        .collect()
}

/// The door's success at `challenge`: venture 3 (skill, tools, bene), and both dice (0–9)
/// must show challenge − 3 or more, each with chance (10 − need)/10.
fn door_success(challenge: i64) -> f64 {
    let need = (challenge - 3).clamp(0, 10);
    let one = (10 - need) as f64 / 10.0;
    one * one
}

#[test]
fn the_door_is_searched_from_exact_values_without_sampling() {
    let args = door(&[]);
    let json = tune(&args);
    let (lo, hi) = (&json["bracket"][0], &json["bracket"][1]);
    assert_eq!(
        (lo["value"].as_i64(), hi["value"].as_i64()),
        (Some(5), Some(6))
    );
    for t in json["tried"].as_array().unwrap() {
        let c = t["value"].as_i64().unwrap();
        let p = door_success(c);
        for field in ["estimate", "ci_low", "ci_high", "exact"] {
            assert!((t[field].as_f64().unwrap() - p).abs() < 1e-12, "{c}: {t}");
        }
        assert_eq!(t["trials"], 0, "{t}");
        // The same as `run --exact` at that challenge.
        let set = format!("check.challenge={c}");
        let run = json_of(&oddsmith(&[
            "run",
            "scenarios/warded_door.toml",
            "--exact",
            "--set",
            &set,
            "--json",
            "--quiet",
        ]));
        assert_eq!(metric(&run, "success")["exact"], t["exact"], "{c}");
    }
    assert_eq!(json["best"]["value"], 5);
    assert_eq!(json["sampled"], false);
    assert_eq!(json["trials"], 0);
    // 0.64 at 5, 0.49 at 6: the line meets 0.6 at 5 + 0.04 / 0.15.
    let crossing = json["crossing"].as_f64().unwrap();
    assert!((crossing - (5.0 + 0.04 / 0.15)).abs() < 1e-9, "{crossing}");
    assert!(json.get("stops").is_none(), "{json}");
    // Nothing sampled: trials and seed change nothing but the seed reported (a billion
    // trials per value would take minutes if they ran).
    let without_seed = |mut j: Value| {
        j.as_object_mut().unwrap().remove("seed");
        j
    };
    for extra in [&["--trials", "7"][..], &["--trials", "1e9", "--seed", "99"]] {
        let mut more = args.clone();
        more.extend_from_slice(extra);
        assert_eq!(
            without_seed(tune(&more)),
            without_seed(json.clone()),
            "{extra:?}"
        );
    }
    let mut words = vec!["tune"];
    words.extend_from_slice(&args);
    let text = oddsmith(&words);
    let out = String::from_utf8_lossy(&text.stdout);
    for says in [
        "exact values: no sampling",
        "  check.challenge = 5: success 64.00% (exact)\n",
        "  check.challenge = 6: success 49.00% (exact)\n",
        "crossing: check.challenge ≈ 5.27, interpolated linearly",
    ] {
        assert!(out.contains(says), "{out}\n  wanted: {says}");
    }
}

#[test]
fn a_fight_metric_that_never_moves_ends_on_a_plateau_in_a_few_values() {
    // Stalemates (100 rounds) never happen with this Yeti, however tough: the search stops
    // after four still values each way instead of walking toward survival 10 000.
    let started = std::time::Instant::now();
    let args = [
        "tune",
        "scenarios/yeti.toml",
        "--vary",
        "combatant.Yeti.survival",
        "--metric",
        "stalemate",
        "--target",
        "0.5",
        "--trials",
        "20000",
    ];
    let mut json_args = args.to_vec();
    json_args.extend_from_slice(&["--json", "--quiet"]);
    let json = json_of(&oddsmith(&json_args));
    assert!(
        json["bracket"].is_null() && json["crossing"].is_null(),
        "{json}"
    );
    assert_eq!(values(&json), vec![12, 16, 18, 19, 20, 21, 22, 24, 28]);
    let stops = json["stops"].as_array().unwrap();
    let reasons: Vec<(&str, &str, i64)> = stops
        .iter()
        .map(|s| {
            (
                s["direction"].as_str().unwrap(),
                s["reason"].as_str().unwrap(),
                s["value"].as_i64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        reasons,
        vec![("up", "plateau", 28), ("down", "plateau", 12)]
    );
    assert_eq!(json["sampled"], true);
    assert_eq!(json["trials"], 20000);
    let out = oddsmith(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(
            "the target was not reached:\n  up: a plateau: over combatant.Yeti.survival 20 → 21 \
             → 22 → 24 → 28 the rate came no nearer the target (4 values in a row within the \
             sampling noise of its rate at 20"
        ),
        "{text}"
    );
    assert!(
        text.contains("closest: combatant.Yeti.survival = "),
        "{text}"
    );
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
}

#[test]
fn the_walk_stops_at_the_end_of_the_keys_declared_range() {
    // More magic dice help, but nine (the most a check may roll) give 99.986%: short of
    // 99.99%. Up from the door's one, the walk tries 2, 3, 5 and 9; the next step, 17, would
    // leave the range.
    let dice = |extra: &[&str]| {
        let mut args = vec![
            "scenarios/warded_door.toml",
            "--vary",
            "check.magic_dice",
            "--metric",
            "success",
            "--target",
            "0.9999",
        ];
        args.extend_from_slice(extra);
        tune(&args)
    };
    let json = dice(&[]);
    assert!(json["bracket"].is_null(), "{json}");
    assert_eq!(json["best"]["value"], 9);
    assert_eq!(values(&json), vec![0, 1, 2, 3, 5, 9]);
    let up = &json["stops"][0];
    assert_eq!(
        (up["direction"].as_str(), up["reason"].as_str()),
        (Some("up"), Some("limit"))
    );
    assert_eq!(
        up["message"],
        "check.magic_dice = 9 is the highest value allowed (check.magic_dice's declared range, \
         0 to 9)"
    );
    assert_eq!(json["stops"][1]["reason"], "limit");
    // --from/--to narrow the range, and say so.
    let narrowed = dice(&["--to", "4"]);
    assert_eq!(
        narrowed["stops"][0]["message"],
        "check.magic_dice = 4 is the highest value allowed (--to 4)"
    );
    assert_eq!(narrowed["best"]["value"], 4);
    // No value left to try is bad input.
    refused(
        &door(&["--from", "30"]),
        "--vary check.challenge: no value to try from 30 (--from 30) to 17 (check.challenge's \
         declared range, 0 to 17)",
    );
}

#[test]
fn precision_decides_each_sampled_values_trials() {
    let search = |extra: &[&str]| {
        let mut args = vec![
            "scenarios/yeti.toml",
            "--vary",
            "combatant.Yeti.survival",
            "--metric",
            "death.Charlotte Korde",
            "--target",
            "0.10",
        ];
        args.extend_from_slice(extra);
        tune(&args)
    };
    let tried = |json: &Value| -> Vec<(u64, f64)> {
        json["tried"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| {
                let half = (t["ci_high"].as_f64().unwrap() - t["ci_low"].as_f64().unwrap()) / 2.0;
                (t["trials"].as_u64().unwrap(), half)
            })
            .collect()
    };
    // ±1 point: the first round (one batch of 65 536 trials) is enough for every value.
    let coarse = search(&["--precision", "0.01"]);
    assert_eq!(coarse["precision"], 0.01);
    assert!(
        tried(&coarse)
            .iter()
            .all(|&(n, h)| n == 65_536 && h <= 0.01),
        "{coarse}"
    );
    // ±0.2 points: near 10%, p(1 − p)(1.96 / 0.002)² ≈ 86 000 trials: two batches there.
    let fine = search(&["--precision", "0.002", "--threads", "2"]);
    let fine_tried = tried(&fine);
    assert!(
        fine_tried
            .iter()
            .all(|&(n, h)| n % 65_536 == 0 && h <= 0.002),
        "{fine}"
    );
    assert!(fine_tried.iter().any(|&(n, _)| n > 65_536), "{fine}");
    assert_eq!(
        fine["bracket"][1]["estimate"].as_f64().map(|e| e >= 0.10),
        Some(true)
    );
    // Same seed, same search at any thread count.
    assert_eq!(search(&["--precision", "0.002", "--threads", "3"]), fine);
    // --trials caps each value.
    let capped = search(&["--precision", "0.002", "--trials", "70000"]);
    assert_eq!(capped["trials"], 70_000);
    let capped_tried = tried(&capped);
    assert!(capped_tried.iter().all(|&(n, _)| n <= 70_000), "{capped}");
    assert!(capped_tried.iter().any(|&(n, _)| n == 70_000), "{capped}");
    // Bad precision is bad input.
    refused(&door(&["--precision", "0"]), "--precision 0 is not allowed");
}

#[test]
fn a_metric_that_is_no_rate_is_bad_input() {
    let mut args = door(&[]);
    args[4] = "luck";
    refused(&args, "--metric luck: no such rate");
}
