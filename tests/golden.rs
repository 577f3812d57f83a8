//! Value stability: every shipped scenario, run with a fixed seed and trial count, gives the
//! numbers recorded in `tests/golden/<stem>.json` to the bit. The golden files were written
//! by the release before the rule-system seam was reworked; a metric added since
//! (`any_death.<side>`, `all_down.<side>`) may appear beside them, nothing else may change.

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

#[test]
fn every_shipped_scenario_gives_its_golden_numbers() {
    let dir = tempfile::tempdir().unwrap();
    for scenario in shipped_scenarios() {
        let stem = scenario.file_stem().unwrap().to_str().unwrap().to_string();
        let golden_path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/golden")
            .join(format!("{stem}.json"));
        let golden: Value =
            serde_json::from_str(&std::fs::read_to_string(&golden_path).unwrap()).unwrap();
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
            dir.path().join(&stem).to_str().unwrap(),
        ]);
        assert!(
            out.status.success(),
            "{stem}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let now: Value = serde_json::from_slice(&out.stdout).unwrap();
        let mut diffs = Vec::new();
        differences(&golden, &now, &stem, &mut diffs);
        assert!(
            diffs.is_empty(),
            "{} differences:\n{}",
            diffs.len(),
            diffs.join("\n")
        );
    }
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
