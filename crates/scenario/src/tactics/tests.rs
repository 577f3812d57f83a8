//! The tests of `tactics` (the module above, `super`): the table read, and each bad word,
//! key or list named with its line.

use super::*;
use crate::source::Source;

fn table(text: &str) -> Result<Option<TacticsTable>, String> {
    let doc = Document::parse(Source::from_text("t.toml", text)).unwrap();
    read(&doc).map_err(|e| e.to_string())
}

#[test]
fn sides_and_range_are_read_in_order() {
    let t = table("[tactics]\nsides = { yeti = \"ruthless\", party = \"spread\" }\nrange = [\"random\", \"by_the_book\"]\n")
        .unwrap()
        .unwrap();
    let sides: Vec<(&str, &str)> = (t.sides.iter())
        .map(|(s, p)| (s.get_ref().as_str(), p.get_ref().as_str()))
        .collect();
    assert_eq!(sides, [("party", "spread"), ("yeti", "ruthless")]);
    assert_eq!(t.range.unwrap(), ["random", "by_the_book"]);
    assert!(table("name = \"x\"\n").unwrap().is_none());
}

#[test]
fn bad_words_keys_and_lists_name_their_line() {
    for (text, expected) in [
        (
            "[tactics]\nsides = { yeti = \"nasty\" }\n",
            "t.toml:2:18: `tactics.sides.yeti`: \"nasty\" is no tactic profile; allowed: \"by_the_book\", \"protect\", \"cautious\", \"ruthless\", \"spread\", \"random\"",
        ),
        (
            "[tactics]\nrange = [\"ruthless\", \"ruthless\"]\n",
            "t.toml:2:22: `tactics.range`: \"ruthless\" is listed twice",
        ),
        (
            "[tactics]\nrange = []\n",
            "`tactics.range`: the list is empty",
        ),
        ("[tactics]\nrage = []\n", "unknown field `rage`"),
    ] {
        let err = table(text).unwrap_err();
        assert!(err.contains(expected), "{text}\n{err}");
    }
}
