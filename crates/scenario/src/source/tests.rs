//! The tests of `source` (the module above, `super`).

use super::*;

#[test]
fn only_regular_files_are_read() {
    let e = Source::read(Path::new("/dev/zero"))
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("/dev/zero: cannot read the scenario file: it is not a regular file"),
        "{e}"
    );
    let dir = std::env::temp_dir();
    let e = Source::read(&dir).unwrap_err().to_string();
    assert!(e.contains("not a regular file"), "{e}");
}

#[test]
fn line_and_column_are_one_based() {
    let s = Source::from_text("x.toml", "a = 1\n[check]\nchallenge = 18\n");
    let off = s.text.find("18").unwrap();
    assert_eq!(s.line_col(off), (3, 13));
    assert_eq!(s.line_col(0), (1, 1));
}

#[test]
fn schema_errors_name_line_and_key() {
    #[derive(serde::Deserialize, Debug)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Check {
        challenge: i64,
    }
    #[derive(serde::Deserialize, Debug)]
    #[allow(dead_code)]
    struct Doc {
        check: Check,
    }
    let s = Source::from_text("x.toml", "[check]\nchalenge = 3\n");
    let doc = super::super::Document::parse(s).unwrap();
    let msg = doc.read_as::<Doc>().unwrap_err().to_string();
    assert!(
        msg.starts_with("x.toml:2:1: `check.chalenge`: unknown field"),
        "{msg}"
    );
    assert!(msg.contains("expected `challenge`"), "{msg}");
}
