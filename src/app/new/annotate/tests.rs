//! The tests of `annotate` (the module above, `super`).

use super::*;

#[test]
fn key_lines_are_split_from_their_notes() {
    let k = key_line("survival = 6      # (assumed)").unwrap();
    assert_eq!(
        (k.code, k.key, k.note),
        ("survival = 6", "survival", Some("(assumed)"))
    );
    let k = key_line("# level = 1").unwrap();
    assert_eq!((k.code, k.key, k.note), ("# level = 1", "level", None));
    let k = key_line("name = \"a # b\"  # who").unwrap();
    assert_eq!((k.code, k.note), ("name = \"a # b\"", Some("who")));
    assert!(key_line("# Answers: how often").is_none());
    assert!(key_line("[[combatant]]").is_none());
    assert_eq!(opened("[[contest.side]]   # two"), Some("contest.side"));
    assert_eq!(opened("[run]"), Some("run"));
    assert_eq!(opened("x = 1"), None);
    assert_eq!(opened("# [tune]      # oddsmith tune FILE"), Some("tune"));
    assert_eq!(opened("# Every [[combatant]] takes"), None);
}

#[test]
fn long_comments_wrap_at_the_comment_column() {
    let mut out = String::new();
    with_comment(&mut out, "x = 1", &"word ".repeat(40));
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines.len() > 1);
    assert!(lines.iter().all(|l| l.chars().count() <= WIDTH), "{out}");
    assert!(lines[1].starts_with(&" ".repeat(COMMENT_AT)), "{out}");
    assert_eq!(lines[0].find('#'), lines[1].find('#'));
}
