//! The tests of `hint` (the module above, `super`).

use super::*;

#[test]
fn the_nearest_allowed_word_is_suggested_when_close() {
    let keys = ["survival", "attack", "armor", "endurance", "level"];
    assert_eq!(nearest("survivl", keys), Some("survival"));
    assert_eq!(nearest("atack", keys), Some("attack"));
    assert_eq!(nearest("armour", keys), Some("armor"));
    assert_eq!(nearest("lvel", keys), Some("level"));
    // A swap of two letters is one edit.
    assert_eq!(nearest("levle", keys), Some("level"));
    assert_eq!(nearest("Survival", keys), Some("survival"));
    // Nothing close, or the word itself.
    assert_eq!(nearest("colour", keys), None);
    assert_eq!(nearest("hp", keys), None);
    assert_eq!(nearest("d7", ["d4", "d6", "d8"]), None);
    assert_eq!(nearest("D6", ["d4", "d6", "d8"]), Some("d6"));
    assert_eq!(nearest("attack", keys), None);
    assert_eq!(distance("kitten", "sitting"), 3);
    assert_eq!(distance("", "abc"), 3);
}

#[test]
fn reader_messages_are_put_in_the_users_words() {
    assert_eq!(
        humanize("unknown field `survivl`, expected one of `name`, `survival`, `attack`"),
        "unknown field `survivl` (did you mean `survival`?), expected one of `name`, \
         `survival`, `attack`"
    );
    assert_eq!(
        humanize("unknown field `xyzzy`, expected `challenge`"),
        "unknown field `xyzzy`, expected `challenge`"
    );
    assert_eq!(
        humanize("unknown variant `d21`, expected one of `d4`, `d20`"),
        "unknown variant `d21` (did you mean `d20`?), expected one of `d4`, `d20`"
    );
    assert_eq!(
        humanize("invalid type: string \"ten\", expected i64"),
        "expected an integer, found the string \"ten\""
    );
    assert_eq!(
        humanize("invalid type: floating point `1.5`, expected i64"),
        "expected an integer, found the number 1.5"
    );
    assert_eq!(
        humanize("invalid value: integer `-1`, expected u32"),
        "expected an integer of 0 or more, found the integer -1"
    );
    assert_eq!(
        humanize("invalid type: integer `3`, expected a boolean"),
        "expected true or false, found the integer 3"
    );
    assert_eq!(
        humanize("invalid type: string \"x\", expected struct CombatantSpec"),
        "expected a table, found the string \"x\""
    );
    assert_eq!(
        humanize("invalid type: map, expected a sequence"),
        "expected a list (`[…]`), found a table"
    );
    assert_eq!(humanize("missing field `name`"), "missing key `name`");
    assert_eq!(humanize("  duplicate key  "), "duplicate key");
}
