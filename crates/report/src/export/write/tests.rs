//! The tests of `write` (the module above, `super`).

use super::*;

#[test]
fn files_appear_only_when_the_set_commits() {
    let dir = tempfile::tempdir().unwrap();
    let mut set = Staged::new(dir.path()).unwrap();
    set.text("a.csv", "x\n1\n").unwrap();
    set.text("b.json", "{}\n").unwrap();
    assert!(!dir.path().join("a.csv").exists());
    let written = set.commit().unwrap();
    assert_eq!(written.len(), 2);
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.csv")).unwrap(),
        "x\n1\n"
    );
    let names: Vec<_> = std::fs::read_dir(dir.path()).unwrap().flatten().collect();
    assert_eq!(names.len(), 2, "no temporaries left");
}

#[test]
fn a_new_file_is_never_written_over() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sub").join("n.toml");
    assert_eq!(write_new_file(&path, b"one").unwrap(), Some(path.clone()));
    assert_eq!(write_new_file(&path, b"two").unwrap(), None);
    assert_eq!(std::fs::read(&path).unwrap(), b"one");
    let names: Vec<_> = std::fs::read_dir(path.parent().unwrap()).unwrap().collect();
    assert_eq!(names.len(), 1, "no temporaries left");
}

#[test]
fn a_failed_set_leaves_nothing_new() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.csv"), "old\n").unwrap();
    {
        let mut set = Staged::new(dir.path()).unwrap();
        set.text("a.csv", "new\n").unwrap();
        let failed = set.with_path("b.png", |tmp| {
            Err(OutputError::Chart {
                path: tmp.to_path_buf(),
                message: "no".into(),
            })
        });
        assert!(failed.is_err());
    }
    assert_eq!(
        std::fs::read_to_string(dir.path().join("a.csv")).unwrap(),
        "old\n"
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    let path = write_file(&dir.path().join("c.txt"), b"c").unwrap();
    assert_eq!(std::fs::read(path).unwrap(), b"c");
}
