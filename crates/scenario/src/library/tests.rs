//! The tests of `library` (the module above, `super`).

use super::*;

#[test]
fn chunks_take_the_comments_above_each_table() {
    let text = "system = \"x\"\n\n# A\n[[creature]]\nname = \"A\"\n\n# B\n# more\n\
                [[creature]]\nname = \"B\"\n";
    let c = chunks(text);
    assert_eq!(c.len(), 2);
    assert_eq!(&text[c[0].1.clone()], "# A\n[[creature]]\nname = \"A\"\n");
    assert_eq!(c[0].0, 3);
    assert_eq!(
        &text[c[1].1.clone()],
        "# B\n# more\n[[creature]]\nname = \"B\"\n"
    );
    assert_eq!(c[1].0, 7);
}

#[test]
fn every_library_parses_names_its_system_and_describes_each_template() {
    for lib in LIBRARIES {
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
