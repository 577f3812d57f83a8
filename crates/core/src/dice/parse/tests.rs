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
        (
            "d0",
            E::ZeroSides {
                input: input("d0"),
                position: 2,
            },
        ),
        (
            "0d6",
            E::ZeroDice {
                input: input("0d6"),
                position: 1,
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
            E::UnknownDie {
                input: input("abc"),
                position: 1,
                name: input("abc"),
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
            E::UnknownDie {
                input: input("d8+4y"),
                position: 5,
                name: input("y"),
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
                position: 1,
                count: input("1001"),
            },
        ),
        (
            "99999999999999999999999d6",
            E::TooManyDice {
                input: input("99999999999999999999999d6"),
                position: 1,
                count: input("99999999999999999999999"),
            },
        ),
        (
            "600d6+600d6",
            E::TooManyDiceInAll {
                input: input("600d6+600d6"),
                position: 7,
                total: 1200,
            },
        ),
        (
            "d2000000",
            E::TooManySides {
                input: input("d2000000"),
                position: 2,
                sides: input("2000000"),
            },
        ),
        (
            "d99999999999999999999999",
            E::TooManySides {
                input: input("d99999999999999999999999"),
                position: 2,
                sides: input("99999999999999999999999"),
            },
        ),
        (
            "1000000001",
            E::ConstantTooLarge {
                input: input("1000000001"),
                position: 1,
                value: input("1000000001"),
            },
        ),
        (
            "99999999999999999999999",
            E::ConstantTooLarge {
                input: input("99999999999999999999999"),
                position: 1,
                value: input("99999999999999999999999"),
            },
        ),
        (
            "-600000000 - 600000000",
            E::ConstantTooLarge {
                input: input("-600000000 - 600000000"),
                position: 14,
                value: input("-1200000000"),
            },
        ),
        (
            "d1!",
            E::CannotExplode {
                input: input("d1!"),
                position: 3,
            },
        ),
    ] {
        assert_eq!(err(text), expected, "{text:?}");
    }
}

#[test]
fn messages_say_what_was_wrong_where_and_what_is_allowed() {
    for (text, message) in [
        (
            "2d",
            "\"2d\": expected a number of sides after 'd' at character 3 (e.g. \"2d6\", \"d8+4\")",
        ),
        (
            "",
            "\"\": the dice expression is empty; write terms joined by '+' or '-', each a whole number or [count]d<sides> (e.g. \"d8\", \"2d6+3\", \"4d6kh3\", \"d10!\")",
        ),
        (
            "2d6+",
            "\"2d6+\": expected a number or a die at character 5, found the end (e.g. \"2d6+3\", \"d8 + d4\")",
        ),
        (
            "2d6+?",
            "\"2d6+?\": expected a number or a die at character 5, found '?' (e.g. \"2d6+3\", \"d8 + d4\")",
        ),
        (
            "2d6 x",
            "\"2d6 x\": unexpected 'x' at character 5; expected '+', '-' or the end (e.g. \"2d6 + 3\", \"4d6kh3\", \"6d10>=7\")",
        ),
        (
            "3 suns",
            "\"3 suns\": unexpected 's' at character 3; expected '+', '-' or the end (e.g. \"2d6 + 3\", \"4d6kh3\", \"6d10>=7\")",
        ),
        (
            "2moon",
            "\"2moon\": unknown die \"moon\" at character 2; a die is d<sides> or one of sun (Invisible Sun's d10 numbered 0–9), feeble (the bonus-dice ladder's d4), ordinary (the bonus-dice ladder's d8), heroic (the bonus-dice ladder's d10), epic (the bonus-dice ladder's d12), legendary (the bonus-dice ladder's d20)",
        ),
        (
            "d0",
            "\"d0\": a die needs at least 1 side, at character 2 (e.g. \"d6\", \"2d8\")",
        ),
        (
            "0d6",
            "\"0d6\": a term rolls 0 dice at character 1; roll 1 to 1000 (e.g. \"d6\", \"2d6\")",
        ),
        (
            "1001d6",
            "\"1001d6\": 1001 dice in one term at character 1; at most 1000 (e.g. \"10d6\")",
        ),
        (
            "600d6+600d6",
            "\"600d6+600d6\": 1200 dice in all by character 7; at most 1000 in one expression (e.g. \"500d6 + 500d6\")",
        ),
        (
            "d2000000",
            "\"d2000000\": a die with 2000000 sides at character 2; at most 1000000 (e.g. \"d100\", \"d1000\")",
        ),
        (
            "d6+2000000000",
            "\"d6+2000000000\": the number 2000000000 at character 4 is out of range; constants total at most 1000000000 in size (e.g. \"d20+5\")",
        ),
        (
            "d1!",
            "\"d1!\": a one-sided die cannot explode, at character 3; '!' needs at least 2 sides (e.g. \"d6!\", \"d10!\")",
        ),
        (
            "d6!0",
            "\"d6!0\": explode at most 0 times, at character 4; the limit is 1 to 64 (e.g. \"d6!3\"; \"d6!\" for no limit of its own)",
        ),
        (
            "4d6kh",
            "\"4d6kh\": expected a number after 'kh' at character 6 (e.g. \"4d6kh3\", \"4d6dl1\", \"6d10>=7\")",
        ),
        (
            "6d10 >= x",
            "\"6d10 >= x\": expected a number after '>=' at character 9 (e.g. \"4d6kh3\", \"4d6dl1\", \"6d10>=7\")",
        ),
        (
            "4d6kh5",
            "\"4d6kh5\": keep 5 of 4 dice at character 6; keep 1 to 4 (e.g. \"4d6kh3\", \"2d20kl1\", \"4d6dl1\")",
        ),
        (
            "4d6dl4",
            "\"4d6dl4\": drop 4 of 4 dice at character 6; drop 0 to 3 (e.g. \"4d6kh3\", \"2d20kl1\", \"4d6dl1\")",
        ),
    ] {
        let e = err(text);
        assert_eq!(e.to_string(), message);
        let at = format!("character {}", e.position());
        assert!(text.is_empty() || message.contains(&at), "{text:?}: {at}");
    }
}

#[test]
fn new_forms_refuse_what_they_cannot_mean() {
    use DiceExprError as E;
    // Where each error points.
    for (text, position) in [
        ("4d6kh3kl1", 7),
        ("4d6kh3!", 7),
        ("6d10>=7kh1", 8),
        ("d6!65", 4),
        ("d6!99999999999999999999", 4),
        ("4d6k0", 5),
        ("2d6>=99999999999", 6),
        ("d1!3", 3),
        ("d6 > ", 6),
        ("xyz + d6", 1),
        ("d6 + 2sunny", 7),
        ("2d6 >= 3 >= 2", 10),
        ("d6>=-1", 5),
    ] {
        let e = err(text);
        assert_eq!(e.position(), position, "{text:?}: {e}");
    }
    assert!(matches!(err("4d6kh0"), E::BadKeep { verb: "keep", .. }));
    assert!(matches!(err("d6!65"), E::BadLimit { .. }));
    assert!(matches!(err("2d6>"), E::MissingNumber { .. }));
}

#[test]
fn accepts_keep_drop_count_limits_and_names() {
    let parsed = |s: &str| parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
    for (text, min, max) in [
        ("4d6kh3", 3, 18),
        ("4d6k3", 3, 18),
        ("4D6KH3", 3, 18),
        ("4d6dl1", 3, 18),
        ("4d6d1", 3, 18),
        ("2d20kl1", 1, 20),
        ("2d20dh1", 1, 20),
        ("4d6dl0", 4, 24),
        ("6d10>=7", 0, 6),
        ("6d10 >= 7", 0, 6),
        ("6d10>6", 0, 6),
        ("3d6<=2", 0, 3),
        ("3d6 < 3", 0, 3),
        ("- 3d6<3 + 1", -2, 1),
        ("d6!3", 1, 24),
        ("2d6!1kh1", 1, 12),
        ("3sun", 0, 27),
        ("3SUN>=6", 0, 3),
        ("4sunkh2", 0, 18),
        ("sun!", 0, 9 * 65),
        ("2heroic!", 2, 2 * 10 * 65),
        ("feeble + ordinary + epic + legendary", 4, 44),
        (
            "d20 + 2d8! - 4d6kh3 + 6d10>=7 + 2",
            -13,
            20 + 2 * 8 * 65 - 3 + 6 + 2,
        ),
    ] {
        let e = parsed(text);
        assert_eq!((e.min(), e.max()), (min, max), "{text:?}");
    }
    let same = |a: &str, b: &str| assert_eq!(parsed(a), parsed(b), "{a} = {b}");
    same("4d6kh3", "4d6dl1");
    same("4d6k3", "4d6d1");
    same("2d20kl1", "2d20dh1");
    same("6d10>6", "6d10>=7");
    same("3d6<3", "3d6<=2");
    same("2heroic!", "2d10!");
    same("feeble", "d4");
    same("d6!64", "d6!");
    assert_ne!(parsed("d6!3"), parsed("d6!"));
    assert_ne!(parsed("3sun"), parsed("3d10"));
    assert_ne!(
        parsed("4d6kh4"),
        parsed("4d6"),
        "the same numbers, another way"
    );
    assert!(parsed("d6!3").is_exploding() && !parsed("4d6kh3").is_exploding());
    assert!(parsed("2d6+3").is_sum() && !parsed("2d6kh1").is_sum() && !parsed("d6>=3").is_sum());
    assert_eq!(parsed("4d6kh3 + 6d10>=7").dice_count(), 10);
}
