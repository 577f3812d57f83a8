//! The edits the saved-tally target makes: to a file's JSON (values set to hostile numbers
//! and strings, arrays truncated, extended and doubled, keys dropped and renamed, shard fields,
//! batches and grid points swapped) and to its bytes (truncated, junk, raw literals no JSON
//! number type holds, lines duplicated and deleted, a byte-order mark).

use rand::{Rng, RngExt};
use serde_json::{Value, json};

/// One step of a path into a JSON value.
#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Index(usize),
}

/// Every node's path, parents before children.
fn paths(v: &Value, at: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(at.clone());
    match v {
        Value::Object(m) => {
            for (k, child) in m {
                at.push(Step::Key(k.clone()));
                paths(child, at, out);
                at.pop();
            }
        }
        Value::Array(a) => {
            for (i, child) in a.iter().enumerate() {
                at.push(Step::Index(i));
                paths(child, at, out);
                at.pop();
            }
        }
        _ => {}
    }
}

fn node<'a>(v: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(v, |v, s| match s {
        Step::Key(k) => v.get_mut(k.as_str()),
        Step::Index(i) => v.get_mut(*i),
    })
}

/// The paths the run's meaning hangs on: every number and string outside the count lists.
fn key_paths(v: &Value) -> Vec<Vec<Step>> {
    let mut all = Vec::new();
    paths(v, &mut Vec::new(), &mut all);
    let counts = ["counter_names", "counters", "histograms", "ratios"];
    all.into_iter()
        .filter(|p| {
            !p.is_empty()
                && !p
                    .iter()
                    .any(|s| matches!(s, Step::Key(k) if counts.contains(&k.as_str())))
        })
        .collect()
}

/// Values that replace a value: edges of every number type, wrong types, strings that look
/// like numbers, ratio sums at 2¹²⁸ and past it.
fn hostile(rng: &mut impl Rng, old: &Value) -> Value {
    let n = old.as_u64().unwrap_or(1);
    match rng.random_range(0..36) {
        0 => json!(0),
        1 => json!(-1),
        2 => json!(1),
        3 => json!(1u64 << 34),
        4 => json!(1u64 << 61),
        5 => json!(1u64 << 63),
        6 => json!(u64::MAX),
        7 => json!(1e308),
        8 => json!(-1e308),
        9 => json!(0.5),
        10 => json!(-0.0),
        11 => json!("NaN"),
        12 => json!("inf"),
        13 => json!("-1"),
        14 => json!(""),
        15 => Value::Null,
        16 => json!(true),
        17 => json!([]),
        18 => json!({}),
        19 => json!(n.wrapping_add(1)),
        20 => json!(n.wrapping_sub(1)),
        21 => json!(n.wrapping_mul(2)),
        22 => json!(n / 2),
        23 => json!(u128::MAX.to_string()),
        24 => json!("340282366920938463463374607431768211456"),
        25 => json!("1e3"),
        26 => json!(1u64 << 53),
        27 => json!((1u64 << 53) + 1),
        28 => json!(1_000_000),
        29 => json!(1_000_001),
        30 => json!(10_000),
        31 => json!(10_001),
        32 => json!(rng.random::<u64>()),
        33 => json!(rng.random_range(0..200u64)),
        34 => json!([0, 1u64 << 61]),
        _ => json!(old.as_array().map_or(0, Vec::len)),
    }
}

/// Strings for the string fields: devices, folders, other scenarios, other formats.
fn hostile_string(rng: &mut impl Rng) -> Value {
    const FIXED: &[&str] = &[
        "/dev/zero",
        "/dev/null",
        "",
        "scenarios",
        "scenarios/yeti.toml",
        "scenarios/warded_door.toml",
        "scenarios/warded_door_sweep.toml",
        "./scenarios/warded_door.toml",
        "no/such/file.toml",
        "Cargo.toml",
        "0000000000000000",
        "checkpoint",
        "shard",
        "oddsmith-tally-2",
        "ß☃𝔘\u{202e}\u{0}",
    ];
    json!(FIXED[rng.random_range(0..FIXED.len())])
}

/// A number below `n`.
fn below(rng: &mut impl Rng, n: usize) -> usize {
    rng.random_range(0..n)
}

/// Applies one structural mutation to `v`.
pub(super) fn mutate_value(rng: &mut impl Rng, v: &mut Value) {
    let mut all = Vec::new();
    paths(v, &mut Vec::new(), &mut all);
    let keyed = key_paths(v);
    match below(rng, 14) {
        0..=3 => {
            // A value the run hangs on (now and then any value).
            let path = if below(rng, 3) > 0 && !keyed.is_empty() {
                keyed[below(rng, keyed.len())].clone()
            } else {
                all[below(rng, all.len())].clone()
            };
            let replacement = if below(rng, 4) == 0 {
                hostile_string(rng)
            } else {
                let old = node(v, &path).cloned().unwrap_or(Value::Null);
                hostile(rng, &old)
            };
            if let Some(n) = node(v, &path) {
                *n = replacement;
            }
        }
        4..=6 => {
            // An array truncated, extended or doubled.
            let arrays: Vec<_> = all
                .iter()
                .filter(|p| node(v, p).is_some_and(|n| n.is_array()))
                .cloned()
                .collect();
            if arrays.is_empty() {
                return;
            }
            let path = arrays[below(rng, arrays.len())].clone();
            let what = below(rng, 5);
            let long = below(rng, 50) == 0;
            let extra = hostile(rng, &Value::Null);
            let Some(Value::Array(a)) = node(v, &path) else {
                return;
            };
            match what {
                0 | 1 => {
                    let keep = if a.is_empty() { 0 } else { below(rng, a.len()) };
                    a.truncate(keep);
                }
                2 => {
                    // Now and then to 100 000 entries (numbers or strings: an input stays
                    // a few MB).
                    let fill = a.last().cloned().unwrap_or(json!(0));
                    let scalar = !fill.is_array() && !fill.is_object();
                    let to = if long && scalar {
                        100_000
                    } else {
                        a.len() + 1 + below(rng, 4)
                    };
                    a.resize(to, fill);
                }
                3 => {
                    let copy = a.clone();
                    a.extend(copy);
                }
                _ => a.push(extra),
            }
        }
        7 => {
            // A key dropped.
            let keys: Vec<_> = all
                .iter()
                .filter(|p| matches!(p.last(), Some(Step::Key(_))))
                .cloned()
                .collect();
            if let Some(path) = keys.get(below(rng, keys.len().max(1))) {
                let (last, parent) = path.split_last().unwrap();
                if let (Step::Key(k), Some(Value::Object(m))) = (last, node(v, parent)) {
                    m.remove(k);
                }
            }
        }
        8 => {
            // A key renamed: to another key of the file, or a near miss.
            let keys: Vec<_> = all
                .iter()
                .filter(|p| matches!(p.last(), Some(Step::Key(_))))
                .cloned()
                .collect();
            let names = [
                "trials",
                "start",
                "end",
                "shard",
                "points",
                "point",
                "trials_don",
                "Trials",
            ];
            let to = names[below(rng, names.len())];
            if let Some(path) = keys.get(below(rng, keys.len().max(1))) {
                let (last, parent) = path.split_last().unwrap();
                if let (Step::Key(k), Some(Value::Object(m))) = (last, node(v, parent))
                    && let Some(x) = m.remove(k)
                {
                    m.insert(to.to_string(), x);
                }
            }
        }
        9 if v.is_object() => {
            // Shard fields and batches swapped or set to the known bad pairs.
            let which = below(rng, 6);
            let points = v["points"].as_array().map_or(0, Vec::len);
            match which {
                0 => {
                    if let Some(s) = v["shard"].as_array_mut() {
                        s.reverse();
                    }
                }
                1 => v["shard"] = json!([0, 1u64 << 61]),
                2 => v["shard"] = json!([0, 1u64 << 34]),
                3 => {
                    let (s, e) = (v["start"].clone(), v["end"].clone());
                    (v["start"], v["end"]) = (e, s);
                }
                4 if points > 1 => {
                    let (i, j) = (below(rng, points), below(rng, points));
                    v["points"].as_array_mut().unwrap().swap(i, j);
                }
                _ if points > 1 => {
                    // Two pieces' grid point numbers swapped.
                    let (i, j) = (below(rng, points), below(rng, points));
                    let pieces = v["points"].as_array_mut().unwrap();
                    let a = pieces[i].get("point").cloned();
                    let b = pieces[j].get("point").cloned();
                    if let (Some(a), Some(b)) = (a, b) {
                        pieces[i]["point"] = b;
                        pieces[j]["point"] = a;
                    }
                }
                _ => v["shard"] = json!([3, 3]),
            }
        }
        10 => {
            // A piece of a sweep duplicated.
            let points = v["points"].as_array().map_or(0, Vec::len);
            if points > 0 {
                let i = below(rng, points);
                let copy = v["points"][i].clone();
                v["points"].as_array_mut().unwrap().insert(i, copy);
            }
        }
        11 => {
            // A whole subtree replaced.
            let path = all[below(rng, all.len())].clone();
            let replacement = hostile(rng, &Value::Null);
            if let Some(n) = node(v, &path) {
                *n = replacement;
            }
        }
        _ => {
            // A count moved between two slots (the totals stay right, the layout does not).
            let counters: Vec<_> = all
                .iter()
                .filter(|p| {
                    p.iter()
                        .any(|s| matches!(s, Step::Key(k) if k == "counters" || k == "histograms"))
                        && node(v, p).is_some_and(|n| n.is_u64())
                })
                .cloned()
                .collect();
            if counters.len() > 1 {
                let (a, b) = (
                    counters[below(rng, counters.len())].clone(),
                    counters[below(rng, counters.len())].clone(),
                );
                let x = node(v, &a).cloned().unwrap();
                let y = node(v, &b).cloned().unwrap();
                *node(v, &a).unwrap() = y;
                *node(v, &b).unwrap() = x;
            }
        }
    }
}

/// Raw literals JSON numbers cannot hold, or that serde must refuse for a `u64`.
const RAW: &[&str] = &[
    "18446744073709551616",
    "99999999999999999999999999999999999999999",
    "1e999",
    "-1e999",
    "NaN",
    "Infinity",
    "-0",
    "00",
    "1.0",
    "0x10",
    "9007199254740993",
    "2305843009213693952",
    "17179869184",
    "[",
    "{}",
    "\"",
];

/// Applies one mutation to the bytes of a file.
pub(super) fn mutate_bytes(rng: &mut impl Rng, bytes: &mut Vec<u8>) {
    if bytes.is_empty() {
        return;
    }
    let at = rng.random_range(0..bytes.len());
    match rng.random_range(0..7) {
        0 => bytes.truncate(at),
        1 => {
            let junk: Vec<u8> = (0..rng.random_range(1..20))
                .map(|_| rng.random::<u8>())
                .collect();
            bytes.splice(at..at, junk);
        }
        2 | 3 => {
            // A number replaced by a raw literal.
            let digits: Vec<usize> = (0..bytes.len())
                .filter(|&i| {
                    bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_digit())
                })
                .collect();
            if digits.is_empty() {
                return;
            }
            let start = digits[rng.random_range(0..digits.len())];
            let end = (start..bytes.len())
                .find(|&i| !bytes[i].is_ascii_digit())
                .unwrap_or(bytes.len());
            let raw = RAW[rng.random_range(0..RAW.len())];
            bytes.splice(start..end, raw.bytes());
        }
        4 => {
            // A line duplicated (a duplicate key, or an extra element).
            let start = bytes[..at]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let end = bytes[at..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |i| at + i + 1);
            let line = bytes[start..end].to_vec();
            bytes.splice(start..start, line);
        }
        5 => {
            // A line deleted.
            let start = bytes[..at]
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let end = bytes[at..]
                .iter()
                .position(|&b| b == b'\n')
                .map_or(bytes.len(), |i| at + i + 1);
            bytes.drain(start..end);
        }
        _ => {
            bytes.splice(0..0, "\u{feff}".bytes());
        }
    }
}

pub(super) fn text_of(rng: &mut impl Rng, v: &Value) -> Vec<u8> {
    if rng.random_range(0..2) == 0 {
        serde_json::to_vec_pretty(v).unwrap()
    } else {
        serde_json::to_vec(v).unwrap()
    }
}
