//! The README's "Write your first scenario", run as written: every file it shows is written
//! to an empty folder outside the repository, every `oddsmith` command it shows runs there
//! and succeeds (a run with few trials, its files in the folder), the output it quotes is what
//! `oddsmith run goblins.toml` prints, and what the walk-through promises holds: the
//! five-line encounter reports `Goblin 1`–`Goblin 3`, the library lists the Yeti and
//! `use = "Yeti"` works away from the repository, and each `--set` changes what it names.

mod common;

use common::docs::{blocks, named_file, words};
use common::metric;
use std::path::Path;
use std::process::{Command, Output};

/// The walk-through: the README from its heading to the next section.
fn walkthrough() -> String {
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md")).unwrap();
    let start = readme
        .find("\n## Write your first scenario\n")
        .expect("the README has the walk-through");
    let rest = &readme[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |e| e + 3);
    rest[..end].to_string()
}

fn oddsmith_in(dir: &Path, args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oddsmith"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

#[test]
fn the_readme_walkthrough_runs_as_written() {
    let text = walkthrough();
    let dir = tempfile::tempdir().unwrap();
    let dir = dir.path();
    let mut files = Vec::new();
    let mut commands = Vec::new();
    let mut quoted = None;
    for block in blocks(&text) {
        let body = block.body.clone();
        match block.lang.as_str() {
            "toml" => {
                let name = named_file(&block).expect("a TOML block follows the name of its file");
                std::fs::write(dir.join(&name), &body).unwrap();
                files.push(name);
            }
            "sh" => commands.extend(
                body.lines()
                    .filter(|l| l.starts_with("oddsmith "))
                    .map(|l| words(l)[1..].to_vec()),
            ),
            "" => quoted = Some(body),
            other => panic!("a block in {other}"),
        }
    }
    assert_eq!(files, ["party.toml", "goblins.toml", "yeti.toml"]);
    let goblins = std::fs::read_to_string(dir.join("goblins.toml")).unwrap();
    assert_eq!(goblins.lines().count(), 5, "the encounter is five lines");
    assert!(commands.len() >= 9, "{commands:?}");
    let mut runs = Vec::new();
    for (k, args) in commands.iter().enumerate() {
        let mut args = args.clone();
        if args[0] == "run" {
            let out = dir.join(format!("out{k}"));
            args.extend(["--trials", "3000", "--json", "--quiet", "--out"].map(String::from));
            args.push(out.to_str().unwrap().to_string());
        }
        let out = oddsmith_in(dir, &args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "oddsmith {args:?}: {stderr}");
        assert!(!stderr.contains("warning"), "oddsmith {args:?}: {stderr}");
        if args[0] == "run" {
            runs.push((
                args,
                serde_json::from_slice::<serde_json::Value>(&out.stdout).unwrap(),
            ));
        } else if args[0] == "library" && args.len() == 2 {
            let listing = String::from_utf8_lossy(&out.stdout);
            assert!(listing.contains("\n  Yeti "), "{listing}");
            assert!(listing.contains("\n  Goblin "), "{listing}");
        }
    }
    let run_of = |file: &str, set: Option<&str>| {
        runs.iter()
            .find(|(a, _)| {
                a[1] == file
                    && a.iter()
                        .position(|w| w == "--set")
                        .map(|i| a[i + 1].as_str())
                        == set
            })
            .map(|(_, json)| json)
            .unwrap_or_else(|| panic!("the walk-through runs {file} with {set:?}"))
    };
    let dies = |json: &serde_json::Value, who: &str| {
        metric(json, &format!("death.{who}"))["estimate"]
            .as_f64()
            .unwrap()
    };
    // Three goblins, numbered, beside the included party; five with the `--set`.
    let three = run_of("goblins.toml", None);
    assert_eq!(three["scenario"], "goblins");
    for who in ["Brenna", "Toromeen", "Goblin 1", "Goblin 2", "Goblin 3"] {
        dies(three, who);
    }
    assert!(
        three["metrics"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["metric"] != "death.Goblin 4")
    );
    dies(
        run_of("goblins.toml", Some("combatant.Goblin.count=5")),
        "Goblin 5",
    );
    // A tougher second goblin makes the fight longer.
    let tough = run_of("goblins.toml", Some("combatant.Goblin 2.survival=12"));
    let rounds =
        |json: &serde_json::Value| metric(json, "rounds.mean")["estimate"].as_f64().unwrap();
    assert!(
        rounds(tough) > rounds(three) + 0.5,
        "{} vs {}",
        rounds(tough),
        rounds(three)
    );
    // The library's Yeti, away from the repository; tougher with the `--set`.
    let yeti = run_of("yeti.toml", None);
    let tougher = run_of("yeti.toml", Some("creature.Yeti.survival=40"));
    assert!(
        rounds(tougher) > rounds(yeti) + 0.5,
        "{} vs {}",
        rounds(tougher),
        rounds(yeti)
    );
    dies(yeti, "Yeti");
    // The output the README quotes is the run's own.
    let quoted = quoted.expect("the walk-through quotes an output");
    let out = oddsmith_in(
        dir,
        &["run", "goblins.toml", "--quiet", "--out", "printed"].map(String::from),
    );
    assert!(out.status.success());
    let printed = String::from_utf8_lossy(&out.stdout);
    for line in quoted.lines().filter(|l| *l != "…") {
        assert!(
            printed.contains(line),
            "the README quotes {line:?}; the run prints:\n{printed}"
        );
    }
}
