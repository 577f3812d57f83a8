//! Value stability: every shipped scenario, run with a fixed seed and trial count, gives the
//! numbers recorded in `tests/golden/<stem>.json` to the bit. The golden files were written
//! by the release before the rule-system seam was reworked; a metric added since
//! (`any_death.<side>`, `all_down.<side>`) may appear beside them, nothing else may change.
//!
//! Bless mode: `ODDSMITH_BLESS=1 cargo test --release --test golden` writes every scenario's
//! numbers to its golden file and prints what changed, for a change of draws that has been
//! shown to leave every metric within 4.5 standard errors (`docs/ARCHITECTURE.md`, "When the
//! numbers a seed gives change", says how).

mod common;

use common::{oddsmith, shipped_scenarios};
use serde_json::Value;
use std::path::Path;

/// Metrics added after the golden files were recorded.
const NEW_METRICS: [&str; 2] = ["any_death.", "all_down."];

/// Differences between `golden` and `now` at `path`: every golden value must be present and
/// equal; lists of named entries (`metric`, `name`) are matched by name.
fn differences(golden: &Value, now: &Value, path: &str, out: &mut Vec<String>) {
    match (golden, now) {
        (Value::Object(g), Value::Object(n)) => {
            for (k, gv) in g {
                match n.get(k) {
                    Some(nv) => differences(gv, nv, &format!("{path}.{k}"), out),
                    None => out.push(format!("{path}.{k} is missing")),
                }
            }
        }
        (Value::Array(g), Value::Array(n)) => {
            let key = ["metric", "name"]
                .into_iter()
                .find(|k| g.first().is_some_and(|x| x.get(k).is_some()));
            let Some(key) = key else {
                if g.len() != n.len() {
                    out.push(format!("{path}: {} items, now {}", g.len(), n.len()));
                }
                for (i, (gv, nv)) in g.iter().zip(n).enumerate() {
                    differences(gv, nv, &format!("{path}[{i}]"), out);
                }
                return;
            };
            for gv in g {
                let name = gv[key].as_str().unwrap_or_default();
                match n.iter().find(|x| x[key] == gv[key]) {
                    Some(nv) => differences(gv, nv, &format!("{path}[{name}]"), out),
                    None => out.push(format!("{path}[{name}] is missing")),
                }
            }
            for nv in n {
                let name = nv[key].as_str().unwrap_or_default();
                let known = g.iter().any(|x| x[key] == nv[key]);
                if !known && !NEW_METRICS.iter().any(|p| name.starts_with(p)) {
                    out.push(format!("{path}[{name}] is new"));
                }
            }
        }
        _ if golden == now => {}
        _ => out.push(format!("{path}: {golden} before, {now} now")),
    }
}

/// The run of `scenario` the golden files record: its JSON as printed, and parsed.
fn golden_run(scenario: &Path, out: &Path) -> (String, Value) {
    let stem = scenario.file_stem().unwrap().to_str().unwrap();
    let out = oddsmith(&[
        "run",
        scenario.to_str().unwrap(),
        "--trials",
        "70000",
        "--seed",
        "7",
        "--json",
        "--quiet",
        "--out",
        out.join(stem).to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{stem}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let value = serde_json::from_str(&text).unwrap();
    (text, value)
}

#[test]
fn every_shipped_scenario_gives_its_golden_numbers() {
    let bless = std::env::var_os("ODDSMITH_BLESS").is_some_and(|v| v == "1");
    let dir = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    for scenario in shipped_scenarios() {
        let stem = scenario.file_stem().unwrap().to_str().unwrap().to_string();
        let golden_path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden")
            .join(format!("{stem}.json"));
        let (text, now) = golden_run(&scenario, dir.path());
        let golden: Option<Value> = std::fs::read_to_string(&golden_path)
            .ok()
            .map(|text| serde_json::from_str(&text).expect("a golden file is JSON"));
        let mut diffs = Vec::new();
        match &golden {
            Some(golden) => differences(golden, &now, &stem, &mut diffs),
            None => diffs.push(format!("{stem} has no golden file")),
        }
        if bless {
            if !diffs.is_empty() {
                std::fs::write(&golden_path, text).unwrap();
                println!("blessed {}:", golden_path.display());
                for d in &diffs {
                    println!("  {d}");
                }
            }
            continue;
        }
        match golden {
            None => failures.push(format!(
                "{stem}: no golden file {}; record one with \
                 `ODDSMITH_BLESS=1 cargo test --release --test golden`",
                golden_path.display()
            )),
            Some(_) if !diffs.is_empty() => failures.push(format!(
                "{stem}: {} differences:\n{}",
                diffs.len(),
                diffs.join("\n")
            )),
            Some(_) => {}
        }
    }
    assert!(
        failures.is_empty(),
        "{}\n(after a change of draws shown to keep every metric within 4.5 standard errors, \
         `ODDSMITH_BLESS=1 cargo test --release --test golden` rewrites the files)",
        failures.join("\n\n")
    );
}

#[test]
fn the_comparison_itself_notices_changes() {
    let golden: Value = serde_json::json!({
        "trials": 10,
        "metrics": [{"metric": "success", "estimate": 0.5}, {"metric": "flux", "estimate": 0.1}]
    });
    let mut now = golden.clone();
    now["metrics"][0]["estimate"] = serde_json::json!(0.5000000000000001);
    now["metrics"].as_array_mut().unwrap().remove(1);
    now["metrics"]
        .as_array_mut()
        .unwrap()
        .push(serde_json::json!({"metric": "any_death.party", "estimate": 0.2}));
    let mut diffs = Vec::new();
    differences(&golden, &now, "t", &mut diffs);
    assert_eq!(
        diffs,
        [
            "t.metrics[success].estimate: 0.5 before, 0.5000000000000001 now",
            "t.metrics[flux] is missing"
        ]
    );
}
