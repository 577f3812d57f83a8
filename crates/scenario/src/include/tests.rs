//! The tests of `include` (the module above, `super`).

use crate::catalog::{Catalog, System};
use crate::keys::Schema;
use crate::library::Library;
use crate::{Document, Node, NodeValue};
use std::path::Path;

/// A system's library as a registry hands it in: a few templates.
const LIBRARY: &str = "system = \"gods-and-monsters\"\n\n\
                       [[creature]]\nname = \"Yeti\"\nabout = \"a yeti\"\nsurvival = 20\n\n\
                       [[creature]]\nname = \"Sam Stevens\"\nabout = \"Sam\"\nsurvival = 6\n\n\
                       [[creature]]\nname = \"Goblin\"\nabout = \"a goblin\"\nsurvival = 3\n";

/// The systems as the caller hands them in: one, with a library.
const CATALOG: Catalog = Catalog {
    header: &crate::keys::common::header(&crate::keys::common::header_keys(&["gods-and-monsters"])),
    systems: &[System {
        name: "gods-and-monsters",
        schema: &Schema {
            title: "",
            seeds: &[],
            shapes: &[],
        },
        library: Library {
            system: "gods-and-monsters",
            path: "library/gods-and-monsters.toml",
            text: LIBRARY,
        },
    }],
};

fn read(path: &Path) -> Result<Document, oddsmith_core::error::ScenarioError> {
    Document::read(path, &CATALOG)
}

fn write(dir: &Path, name: &str, text: &str) {
    let path = dir.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn names(d: &Document, key: &str) -> Vec<String> {
    match d.get(key).map(|n| &n.value) {
        Some(NodeValue::Array(items)) => items
            .iter()
            .filter_map(|i| i.get("name").or_else(|| i.get("use")))
            .filter_map(Node::as_str)
            .map(str::to_string)
            .collect(),
        _ => Vec::new(),
    }
}

const PARTY: &str = "system = \"gods-and-monsters\"\n\n[[combatant]]\nname = \"Sam\"\n\
                     survival = 6\n\n[[creature]]\nname = \"Wolf\"\nsurvival = 3\n";

#[test]
fn includes_come_first_once_each_and_errors_name_their_file_and_the_include() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "party.toml", PARTY);
    write(
        dir.path(),
        "more/extra.toml",
        "system = \"gods-and-monsters\"\ninclude = [\"../party.toml\"]\n\n[[combatant]]\n\
         name = \"Ann\"\n",
    );
    let main = "name = \"m\"\nsystem = \"gods-and-monsters\"\n\
                include = [\"party.toml\", \"more/extra.toml\"]\n\n[[combatant]]\n\
                use = \"Wolf\"\n";
    write(dir.path(), "main.toml", main);
    let d = read(&dir.path().join("main.toml")).unwrap();
    // party.toml once (named twice), its fighters first, then extra's, then the file's.
    assert_eq!(names(&d, "combatant"), ["Sam", "Ann", "Wolf"]);
    assert_eq!(names(&d, "creature"), ["Wolf"]);
    assert!(d.get("include").is_none());
    // A key from an included file points at that file's line, and names the include.
    let survival = d.at("combatant.Sam.survival").unwrap();
    let e = d.invalid(survival.span.clone(), "combatant.Sam.survival", "bad");
    let e = e.to_string();
    let party = dir.path().join("party.toml");
    assert!(e.starts_with(&format!("{}:5:12: ", party.display())), "{e}");
    assert!(
        e.ends_with(&format!(
            "5 | survival = 6\n               ^\n(included by {}:3:12)",
            dir.path().join("main.toml").display()
        )),
        "{e}"
    );
    // The template used from an include is the include's; the key reads through it.
    assert_eq!(
        d.at("combatant.Wolf.survival").unwrap().as_integer(),
        Some(3)
    );
    // Nothing is unused in the file's own templates (the included one does not count).
    assert!(d.unused_templates().is_empty());
}

#[test]
fn cycles_other_systems_other_keys_and_missing_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let refused = |main: &str, wanted: &str| {
        write(d, "main.toml", main);
        let e = read(&d.join("main.toml")).unwrap_err().to_string();
        assert!(e.contains(wanted), "{e}\n  wanted: {wanted}");
    };
    write(
        d,
        "a.toml",
        "system = \"gods-and-monsters\"\ninclude = [\"b.toml\"]\n",
    );
    write(
        d,
        "b.toml",
        "system = \"gods-and-monsters\"\ninclude = [\"a.toml\"]\n",
    );
    let a = d.join("a.toml").display().to_string();
    let b = d.join("b.toml").display().to_string();
    refused(
        "system = \"gods-and-monsters\"\ninclude = [\"a.toml\"]\n",
        &format!("an include cycle: {a} → {b} → {a}"),
    );
    refused(
        "system = \"gods-and-monsters\"\ninclude = [\"main.toml\"]\n",
        "an include cycle",
    );
    write(d, "ul.toml", "system = \"unbound-legends\"\n");
    refused(
        "system = \"gods-and-monsters\"\ninclude = [\"ul.toml\"]\n",
        "this file is for \"unbound-legends\" and the scenario for \"gods-and-monsters\"",
    );
    write(
        d,
        "run.toml",
        "system = \"gods-and-monsters\"\n[run]\ntrials = 5\n",
    );
    refused(
        "system = \"gods-and-monsters\"\ninclude = [\"run.toml\"]\n",
        "`run`: an included file brings in fighter tables and `[[creature]]` templates only",
    );
    write(d, "nosys.toml", "[[combatant]]\nname = \"x\"\n");
    refused(
        "system = \"gods-and-monsters\"\ninclude = [\"nosys.toml\"]\n",
        "an included file names its rule system",
    );
    refused(
        "system = \"gods-and-monsters\"\ninclude = [\"gone.toml\"]\n",
        "main.toml:2:12: `include`: cannot read",
    );
    refused(
        "system = \"gods-and-monsters\"\ninclude = 3\n",
        "expected a list of file paths",
    );
    write(
        d,
        "broken.toml",
        "system = \"gods-and-monsters\"\n[[combatant]\n",
    );
    refused(
        "system = \"gods-and-monsters\"\ninclude = [\"broken.toml\"]\n",
        "broken.toml:2:",
    );
}

#[test]
fn a_use_no_file_defines_comes_from_the_library_and_edits_reach_it() {
    let text = "name = \"m\"\nsystem = \"gods-and-monsters\"\n\n[[combatant]]\n\
                use = \"Yeti\"\ncount = 2\n\n[[combatant]]\nuse = \"Sam Stevens\"\n";
    let d = crate::Document::parse(crate::Source::from_text("m.toml", text))
        .unwrap()
        .assembled(&CATALOG)
        .unwrap();
    assert_eq!(names(&d, "creature"), ["Yeti", "Sam Stevens"]);
    assert_eq!(
        d.at("creature.Yeti.survival").unwrap().as_integer(),
        Some(20)
    );
    let e = d
        .invalid(
            d.at("creature.Yeti.survival").unwrap().span.clone(),
            "k",
            "m",
        )
        .to_string();
    assert!(
        e.starts_with("library/gods-and-monsters.toml (built into oddsmith):"),
        "{e}"
    );
    assert!(
        e.ends_with("(the library's template, for the `use` at m.toml:5:7)"),
        "{e}"
    );
    // `library/<system>.toml` names the built-in library where no such file is.
    let dir = tempfile::tempdir().unwrap();
    write(
        dir.path(),
        "lib.toml",
        "name = \"m\"\nsystem = \"gods-and-monsters\"\n\
         include = [\"library/gods-and-monsters.toml\"]\n",
    );
    let d = read(&dir.path().join("lib.toml")).unwrap();
    assert!(names(&d, "creature").contains(&"Goblin".to_string()));
}
