//! The tests of `library` (the module above, `super`).

use super::*;

#[test]
fn listings_name_every_creature_and_show_prints_its_table() {
    let all = text(None, None).unwrap();
    for lib in CATALOG.libraries() {
        let one = text(Some(lib.system), None).unwrap();
        assert!(all.contains(&one), "{}", lib.system);
        for e in lib.entries().unwrap() {
            assert!(
                one.contains(&e.name) && one.contains(&e.about),
                "{}",
                e.name
            );
            let shown = text(Some("show"), Some(&e.name)).unwrap();
            assert!(shown.contains(e.text), "{}", e.name);
        }
    }
    let yeti = text(Some("show"), Some("yeti")).unwrap();
    assert!(
        yeti.starts_with("# library/gods-and-monsters.toml, lines "),
        "{yeti}"
    );
    assert!(yeti.contains("name = \"Yeti\""), "{yeti}");
}

#[test]
fn unknown_systems_and_names_suggest_the_nearest() {
    let e = text(Some("gods-and-monster"), None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("did you mean \"gods-and-monsters\"?"), "{e}");
    let e = text(Some("show"), Some("Yetti")).unwrap_err().to_string();
    assert!(e.contains("did you mean \"Yeti\"?"), "{e}");
    assert!(text(Some("show"), None).is_err());
}

/// Every key a library creature writes is one a fighter of its system takes (declared in
/// the system's schema, or a template key), nested tables' keys included.
#[test]
fn every_key_of_every_creature_is_declared() {
    use crate::scenario::keys::common::TEMPLATE_KEYS;
    use crate::scenario::keys::{Kind, Table};
    use crate::scenario::template::FIGHTER_TABLES;
    use crate::systems::SystemKind;
    for lib in CATALOG.libraries() {
        let schema = SystemKind::from_name(lib.system).unwrap().schema();
        let tables = schema.tables();
        let fighters: Vec<&&Table> = tables
            .iter()
            .filter(|t| FIGHTER_TABLES.contains(&t.path))
            .collect();
        assert!(
            !fighters.is_empty(),
            "{}: no fighter table declared",
            lib.system
        );
        let doc = crate::scenario::Document::parse(crate::scenario::Source::from_text(
            lib.path, lib.text,
        ))
        .unwrap();
        let Some(crate::scenario::NodeValue::Array(creatures)) =
            doc.get("creature").map(|n| &n.value)
        else {
            panic!("{}: no [[creature]]", lib.path);
        };
        for creature in creatures {
            let crate::scenario::NodeValue::Table(entries) = &creature.value else {
                panic!("{}: a creature is no table", lib.path);
            };
            let name = creature
                .get("name")
                .and_then(crate::scenario::Node::as_str)
                .unwrap_or("?");
            for (key, value) in entries {
                let key = key.get_ref().as_str();
                if TEMPLATE_KEYS.key(key).is_some() {
                    continue;
                }
                let decl = fighters.iter().find_map(|t| t.key(key).map(|k| (t, k)));
                let Some((table, decl)) = decl else {
                    panic!(
                        "{}: {name}: `{key}` is not a declared fighter key",
                        lib.path
                    );
                };
                if decl.kind != Kind::Tables {
                    continue;
                }
                let path = format!("{}.{key}", table.path);
                let sub = tables.iter().find(|t| t.path == path).unwrap();
                let crate::scenario::NodeValue::Array(items) = &value.value else {
                    continue;
                };
                for item in items {
                    if let crate::scenario::NodeValue::Table(inner) = &item.value {
                        for (k, _) in inner {
                            assert!(
                                sub.key(k.get_ref()).is_some(),
                                "{}: {name}: `{key}.{}` is not declared",
                                lib.path,
                                k.get_ref()
                            );
                        }
                    }
                }
            }
        }
    }
}
