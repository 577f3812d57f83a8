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
