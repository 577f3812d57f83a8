//! `oddsmith new`: every system and shape it lists writes a scenario that validates and runs;
//! the listing covers every system of the registry; a bad system or shape exits 2 with the
//! nearest allowed name; a file that exists is never written over.

mod common;

use common::*;
use std::path::Path;

/// The (system, shape) pairs `oddsmith new` lists, from its `  oddsmith new SYSTEM SHAPE`
/// lines.
fn listed() -> Vec<(String, String)> {
    let out = oddsmith(&["new"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    let pairs: Vec<(String, String)> = text
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("oddsmith new "))
        .filter_map(|rest| {
            let mut words = rest.split_whitespace();
            Some((words.next()?.to_string(), words.next()?.to_string()))
        })
        .filter(|(system, _)| system != "SYSTEM")
        .collect();
    assert!(pairs.len() >= 4, "{text}");
    pairs
}

#[test]
fn every_listed_shape_validates_and_runs() {
    let dir = tempfile::tempdir().unwrap();
    for (system, shape) in listed() {
        let file = dir.path().join(format!("{system}-{shape}.toml"));
        let f = file.to_str().unwrap();
        let new = oddsmith(&["new", &system, &shape, f]);
        assert!(new.status.success(), "{system} {shape}: {}", stderr(&new));
        assert!(
            stderr(&new).contains(&format!("oddsmith run {f}")),
            "{}",
            stderr(&new)
        );
        // Without FILE the same text goes to stdout.
        let printed = oddsmith(&["new", &system, &shape]);
        assert!(printed.status.success());
        assert_eq!(printed.stdout, std::fs::read(&file).unwrap());
        let v = oddsmith(&["validate", f]);
        assert!(v.status.success(), "{system} {shape}: {}", stderr(&v));
        assert!(
            !stderr(&v).contains("warning"),
            "{system} {shape}: {}",
            stderr(&v)
        );
        let out = dir.path().join(format!("out-{system}-{shape}"));
        let run = oddsmith(&[
            "run",
            f,
            "--trials",
            "2000",
            "--out",
            out.to_str().unwrap(),
            "--quiet",
        ]);
        assert!(run.status.success(), "{system} {shape}: {}", stderr(&run));
    }
}

#[test]
fn the_listing_covers_every_system_of_the_registry() {
    let pairs = listed();
    for (name, _) in oddsmith::systems::SystemKind::ALL {
        assert!(pairs.iter().any(|(s, _)| s == name), "{name} is not listed");
        assert!(
            pairs.iter().any(|(s, shape)| s == name && shape == "fight"),
            "{name} has no fight"
        );
        // `oddsmith new SYSTEM` lists that system's shapes and no other's.
        let one = oddsmith(&["new", name]);
        assert!(one.status.success());
        let text = String::from_utf8(one.stdout).unwrap();
        let mine = pairs.iter().filter(|(s, _)| s == name).count();
        assert_eq!(text.matches("  oddsmith new ").count(), mine, "{text}");
    }
    let out = oddsmith(&["new"]);
    assert!(String::from_utf8_lossy(&out.stdout).contains("oddsmith new SYSTEM SHAPE [FILE]"));
}

#[test]
fn a_bad_system_or_shape_exits_2_with_the_nearest_name() {
    let out = oddsmith(&["new", "gods-and-monster", "fight"]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(e.contains("(did you mean \"gods-and-monsters\"?)"), "{e}");
    assert!(e.contains("\"unbound-legends\""), "{e}");
    let out = oddsmith(&["new", "unbound-legends", "fihgt"]);
    assert_eq!(out.status.code(), Some(2));
    let e = stderr(&out);
    assert!(e.contains("(did you mean `fight`?)"), "{e}");
    assert!(e.contains("death-saves"), "{e}");
    assert!(out.stdout.is_empty());
}

#[test]
fn an_existing_file_is_never_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.toml");
    std::fs::write(&file, "my own scenario\n").unwrap();
    let out = oddsmith(&["new", "bonus-dice", "check", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("exists"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "my own scenario\n");
    let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
    assert_eq!(left.len(), 1, "no temporary left behind");
    // A file in a folder that does not exist yet is written, folder and all.
    let nested = dir.path().join("new").join("f.toml");
    let out = oddsmith(&["new", "bonus-dice", "fight", nested.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(Path::new(&nested).is_file());
}

/// `oddsmith docs` writes every system's reference, the files committed under
/// `docs/scenarios/` byte for byte; `oddsmith docs SYSTEM` prints one; a system it does not
/// know exits 2 with the nearest.
#[test]
fn docs_writes_the_committed_reference() {
    let dir = tempfile::tempdir().unwrap();
    let out = oddsmith(&["docs", "--out", dir.path().to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/scenarios");
    let mut written = 0;
    for entry in std::fs::read_dir(dir.path()).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_owned();
        let committed = std::fs::read_to_string(root.join(&name)).unwrap_or_default();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            committed,
            "{name:?}: run `cargo run --release -- docs` and commit docs/scenarios"
        );
        written += 1;
    }
    assert_eq!(written, 4, "one file per rule system");
    let one = oddsmith(&["docs", "gods-and-monsters"]);
    assert!(one.status.success(), "{}", stderr(&one));
    let text = String::from_utf8(one.stdout).unwrap();
    // The fight keys a game master looks for first are within one screen of the top.
    let at = text.find("### `[[combatant]]`").expect("the fight's table");
    assert!(text[..at].lines().count() < 40, "{}", &text[..at]);
    let bad = oddsmith(&["docs", "gods-and-monster"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        stderr(&bad).contains("did you mean \"gods-and-monsters\""),
        "{}",
        stderr(&bad)
    );
}
