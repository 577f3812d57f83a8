//! The tests of `note` (the module above, `super`).

use super::*;

#[test]
fn a_note_keeps_its_words_and_its_kind_shows_in_a_line_only() {
    let a = Note::Aftermath("allies tended, foes left".into());
    assert_eq!(a.text(), "allies tended, foes left");
    assert_eq!(a.to_string(), "aftermath: allies tended, foes left");
    let r = Note::Remark("aftermath: a remark that only looks like one".into());
    assert_eq!(r.to_string(), r.text());
}
