//! The tests of `manifest` (the module above, `super`).

use super::*;
use std::time::Duration;

#[test]
fn dates_are_civil_utc() {
    assert_eq!(rfc3339(UNIX_EPOCH), "1970-01-01T00:00:00Z");
    // 2026-11-22 15:30:35 UTC.
    let t = UNIX_EPOCH + Duration::from_secs(1_795_361_435);
    assert_eq!(rfc3339(t), "2026-11-22T15:30:35Z");
    // A leap day.
    let t = UNIX_EPOCH + Duration::from_secs(951_782_400);
    assert_eq!(rfc3339(t), "2000-02-29T00:00:00Z");
}

#[test]
fn absolute_paths_become_relative() {
    fn p(s: &str) -> &Path {
        Path::new(s)
    }
    assert_eq!(
        relative_to(p("/home/me/doors/door.toml"), p("/home/me/reports/door")),
        Some(PathBuf::from("../../doors/door.toml"))
    );
    assert_eq!(
        relative_to(p("/a/b/c.toml"), p("/a/b")),
        Some(PathBuf::from("c.toml"))
    );
    assert_eq!(
        relative_to(p("/srv/x.toml"), p("/srv/./out/door")),
        Some(PathBuf::from("../../x.toml"))
    );
    // Only the root in common: no way up that spells out the machine's folders.
    assert_eq!(relative_to(p("/home/me/x.toml"), p("/srv/out")), None);
    // As given when relative; under the working folder, relative to it.
    assert_eq!(
        shown_path(p("scenarios/yeti.toml"), p("/tmp")),
        "scenarios/yeti.toml"
    );
    let cwd = std::env::current_dir().unwrap();
    let inside = cwd.join("scenarios").join("yeti.toml");
    assert_eq!(shown_path(&inside, p("/tmp/out")), "scenarios/yeti.toml");
    let outside = tempfile::tempdir().unwrap();
    let file = outside.path().join("door.toml");
    std::fs::write(&file, "").unwrap();
    let shown = shown_path(&file, &outside.path().join("reports").join("door"));
    assert_eq!(shown, "../../door.toml");
}

#[test]
fn hash_is_fnv1a() {
    assert_eq!(fnv1a_hex(b""), "cbf29ce484222325");
    assert_eq!(fnv1a_hex(b"a"), "af63dc4c8601ec8c");
}
