//! The registry is the one list of systems: the `system` key's words, the libraries and
//! every shape's `oddsmith new` example come from its lines ([`CATALOG`]), and each library
//! file is its system's.

use super::*;
use oddsmith_scenario::keys::Kind;
use oddsmith_scenario::{Node, Source};

#[test]
fn the_catalog_the_system_key_and_the_libraries_are_the_registrys() {
    let names: Vec<&str> = SystemKind::ALL.iter().map(|(n, _)| *n).collect();
    assert_eq!(SystemKind::NAMES, names.as_slice());
    assert_eq!(CATALOG.names().collect::<Vec<_>>(), names);
    let words = CATALOG.header.key("system").map(|k| k.kind);
    assert_eq!(words, Some(Kind::Word(SystemKind::NAMES)));
    for (name, kind) in SystemKind::ALL {
        let listed = kind.listed();
        assert_eq!((listed.name, kind.name()), (*name, *name));
        assert!(std::ptr::eq(listed.schema, kind.schema()), "{name}");
        assert_eq!(listed.library.system, *name);
        assert_eq!(listed.library.path, format!("library/{name}.toml"));
        assert_eq!(SystemKind::from_name(name), Some(*kind));
        for shape in kind.schema().shapes {
            assert!(!shape.example.is_empty(), "{name} {}", shape.name);
        }
    }
    assert_eq!(
        SystemKind::allowed(),
        "\"invisible-sun\", \"gods-and-monsters\", \"unbound-legends\", \"bonus-dice\""
    );
}

#[test]
fn every_library_parses_names_its_system_and_describes_each_template() {
    for lib in CATALOG.libraries() {
        let doc = Document::parse(Source::from_text(lib.path, lib.text)).unwrap();
        assert_eq!(doc.get("system").and_then(Node::as_str), Some(lib.system));
        let entries = lib.entries().unwrap();
        for (k, e) in entries.iter().enumerate() {
            assert!(
                !e.about.is_empty(),
                "{}: {} has no `about`",
                lib.path,
                e.name
            );
            assert!(e.text.contains(&format!("name = \"{}\"", e.name)));
            assert!(
                entries[..k].iter().all(|o| o.name != e.name),
                "{}: two templates named {}",
                lib.path,
                e.name
            );
            let line = lib.text.lines().nth(e.first_line - 1).unwrap();
            assert!(e.text.starts_with(line), "{}: {}", lib.path, e.name);
        }
    }
}
