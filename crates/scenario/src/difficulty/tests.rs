//! The tests of `difficulty` (the module above, `super`).

use super::*;
use crate::Source;

fn table(body: &str) -> Result<Option<DifficultyTable>, String> {
    let text = format!("name = \"t\"\n{body}");
    let doc = Document::parse(Source::from_text("d.toml", &text)).unwrap();
    read(&doc).map_err(|e| e.to_string())
}

#[test]
fn every_key_is_optional() {
    assert!(table("").unwrap().is_none());
    let t = table("[difficulty]\n").unwrap().unwrap();
    assert!(t.side.is_none() && t.any_death.is_none() && t.all_down.is_none());
    let t = table("[difficulty]\nside = \"pcs\"\nall_down = [0, 0.5, 0.75, 1]\n")
        .unwrap()
        .unwrap();
    assert_eq!(t.side.unwrap().into_inner(), "pcs");
    assert_eq!(t.all_down, Some([0.0, 0.5, 0.75, 1.0]));
    assert_eq!(t.any_death, None);
}

#[test]
fn bad_lists_and_keys_name_the_line_and_what_is_allowed() {
    for (body, expected) in [
        (
            "[difficulty]\nany_death = [0.01, 0.05, 0.05, 0.35]\n",
            "d.toml:3:26: `difficulty.any_death`: 0.05 does not rise above the value \
             before it (0.05); allowed: 4 rates from 0 to 1, strictly increasing",
        ),
        (
            "[difficulty]\nall_down = [0.001, 0.01, 0.05, 1.5]\n",
            "d.toml:3:32: `difficulty.all_down`: 1.5 is outside 0–1; allowed:",
        ),
        (
            "[difficulty]\nall_down = [-0.1, 0.01, 0.05, 0.5]\n",
            "d.toml:3:13: `difficulty.all_down`: -0.1 is outside 0–1",
        ),
        (
            "[difficulty]\nany_death = [0.01, 0.05, 0.15]\n",
            "d.toml:3:13: `difficulty.any_death`: 3 values; allowed: 4 rates",
        ),
        (
            "[difficulty]\nany_death = [0.3, 0.2, 0.1, 0.05]\n",
            "`difficulty.any_death`: 0.2 does not rise above the value before it (0.3)",
        ),
        (
            "[difficulty]\nsides = \"party\"\n",
            "d.toml:3:1: `difficulty.sides`: unknown field `sides` (did you mean `side`?), expected one of \
             `side`, `any_death`, `all_down`",
        ),
        (
            "[difficulty]\nany_death = \"high\"\n",
            "d.toml:3:13: `difficulty.any_death`: expected a list (`[…]`), found the string \"high\"",
        ),
    ] {
        let e = table(body).unwrap_err();
        assert!(e.starts_with(expected) || e.contains(expected), "{e}");
    }
}
