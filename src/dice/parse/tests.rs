//! Parsing: every accepted form and every error, with the message each error prints.

use super::*;

fn err(input: &str) -> DiceExprError {
    match parse(input) {
        Ok(e) => panic!("{input:?} parsed as {e:?}"),
        Err(e) => e,
    }
}

#[test]
fn accepts_the_documented_forms() {
    for (text, min, max) in [
        ("2d6+3", 5, 15),
        ("d8+4", 5, 12),
        ("d4", 1, 4),
        ("3", 3, 3),
        ("1d20-2", -1, 18),
        ("2d6 + 1d4 + 2", 5, 18),
        ("\t2D6+ 1d4 +2\n", 5, 18),
        ("d1", 1, 1),
        ("-3", -3, -3),
        ("+ d6", 1, 6),
        ("- 2d6 + 20", 8, 18),
        ("007d6", 7, 42),
        ("1000d1000000", 1000, 1_000_000_000),
        ("500d6 + 500d6", 1000, 6000),
        ("1000000000", MAX_CONSTANT, MAX_CONSTANT),
        ("-1000000000", -MAX_CONSTANT, -MAX_CONSTANT),
        ("600000000 + 400000000 - 5", 999_999_995, 999_999_995),
    ] {
        let e = parse(text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!((e.min(), e.max()), (min, max), "{text:?}");
    }
    let e = parse("d10!").unwrap();
    assert!(e.is_exploding());
    assert_eq!((e.min(), e.max()), (1, 650));
    let e = parse("1000d1000000!").unwrap();
    assert_eq!(e.max(), 1000 * 1_000_000 * 65);
}

#[test]
fn each_error_names_the_problem() {
    use DiceExprError as E;
    let input = |s: &str| s.to_string();
    for (text, expected) in [
        ("", E::Empty { input: input("") }),
        (
            "   ",
            E::Empty {
                input: input("   "),
            },
        ),
        (
            "2d",
            E::MissingSides {
                input: input("2d"),
                position: 3,
            },
        ),
        (
            "d+4",
            E::MissingSides {
                input: input("d+4"),
                position: 2,
            },
        ),
        (
            "2 d6",
            E::Unexpected {
                input: input("2 d6"),
                position: 3,
                found: 'd',
            },
        ),
        ("d0", E::ZeroSides { input: input("d0") }),
        (
            "0d6",
            E::ZeroDice {
                input: input("0d6"),
            },
        ),
        (
            "2d6+",
            E::ExpectedTerm {
                input: input("2d6+"),
                position: 5,
                found: None,
            },
        ),
        (
            "+",
            E::ExpectedTerm {
                input: input("+"),
                position: 2,
                found: None,
            },
        ),
        (
            "2d6+-3",
            E::ExpectedTerm {
                input: input("2d6+-3"),
                position: 5,
                found: Some('-'),
            },
        ),
        (
            "abc",
            E::ExpectedTerm {
                input: input("abc"),
                position: 1,
                found: Some('a'),
            },
        ),
        (
            "2d6 x",
            E::Unexpected {
                input: input("2d6 x"),
                position: 5,
                found: 'x',
            },
        ),
        (
            "d8+4y",
            E::Unexpected {
                input: input("d8+4y"),
                position: 5,
                found: 'y',
            },
        ),
        (
            "d6!!",
            E::Unexpected {
                input: input("d6!!"),
                position: 4,
                found: '!',
            },
        ),
        (
            "2d6*2",
            E::Unexpected {
                input: input("2d6*2"),
                position: 4,
                found: '*',
            },
        ),
        (
            "d6 ⅓",
            E::Unexpected {
                input: input("d6 ⅓"),
                position: 4,
                found: '⅓',
            },
        ),
        (
            "1001d6",
            E::TooManyDice {
                input: input("1001d6"),
                count: input("1001"),
            },
        ),
        (
            "99999999999999999999999d6",
            E::TooManyDice {
                input: input("99999999999999999999999d6"),
                count: input("99999999999999999999999"),
            },
        ),
        (
            "600d6+600d6",
            E::TooManyDiceInAll {
                input: input("600d6+600d6"),
                total: 1200,
            },
        ),
        (
            "d2000000",
            E::TooManySides {
                input: input("d2000000"),
                sides: input("2000000"),
            },
        ),
        (
            "d99999999999999999999999",
            E::TooManySides {
                input: input("d99999999999999999999999"),
                sides: input("99999999999999999999999"),
            },
        ),
        (
            "1000000001",
            E::ConstantTooLarge {
                input: input("1000000001"),
                value: input("1000000001"),
            },
        ),
        (
            "99999999999999999999999",
            E::ConstantTooLarge {
                input: input("99999999999999999999999"),
                value: input("99999999999999999999999"),
            },
        ),
        (
            "-600000000 - 600000000",
            E::ConstantTooLarge {
                input: input("-600000000 - 600000000"),
                value: input("-1200000000"),
            },
        ),
        (
            "d1!",
            E::CannotExplode {
                input: input("d1!"),
            },
        ),
    ] {
        assert_eq!(err(text), expected, "{text:?}");
    }
}

#[test]
fn messages_say_what_was_wrong_and_what_is_allowed() {
    for (text, message) in [
        (
            "2d",
            "\"2d\": expected a number of sides after 'd' (e.g. \"2d6\", \"d8+4\")",
        ),
        (
            "",
            "\"\": the dice expression is empty; write terms joined by '+' or '-', each a whole number or [count]d<sides>[!] (e.g. \"d8\", \"2d6+3\", \"d10!\")",
        ),
        (
            "2d6+",
            "\"2d6+\": expected a number or a die at character 5, found the end (e.g. \"2d6+3\", \"d8 + d4\")",
        ),
        (
            "abc",
            "\"abc\": expected a number or a die at character 1, found 'a' (e.g. \"2d6+3\", \"d8 + d4\")",
        ),
        (
            "2d6 x",
            "\"2d6 x\": unexpected 'x' at character 5; expected '+', '-' or the end (e.g. \"2d6 + 3\", \"d8-1\")",
        ),
        (
            "d0",
            "\"d0\": a die needs at least 1 side (e.g. \"d6\", \"2d8\")",
        ),
        (
            "0d6",
            "\"0d6\": a term rolls 0 dice; roll 1 to 1000 (e.g. \"d6\", \"2d6\")",
        ),
        (
            "1001d6",
            "\"1001d6\": 1001 dice in one term; at most 1000 (e.g. \"10d6\")",
        ),
        (
            "600d6+600d6",
            "\"600d6+600d6\": 1200 dice in all; at most 1000 in one expression (e.g. \"500d6 + 500d6\")",
        ),
        (
            "d2000000",
            "\"d2000000\": a die with 2000000 sides; at most 1000000 (e.g. \"d100\", \"d1000\")",
        ),
        (
            "d6+2000000000",
            "\"d6+2000000000\": the constant 2000000000 is out of range; constants total at most 1000000000 in size (e.g. \"d20+5\")",
        ),
        (
            "d1!",
            "\"d1!\": a one-sided die cannot explode; '!' needs at least 2 sides (e.g. \"d6!\", \"d10!\")",
        ),
    ] {
        assert_eq!(err(text).to_string(), message);
    }
}
