//! Output files are written atomically: a run killed at any moment leaves every result file
//! in the output folder whole (the one from before, or the new one), never half of one.

mod common;

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Whether `path` holds a complete file of its kind.
fn whole(path: &Path) -> Result<(), String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let ext = path.extension().map_or("", |e| e.to_str().unwrap());
    match ext {
        "json" => serde_json::from_slice::<serde_json::Value>(&bytes)
            .map(|_| ())
            .map_err(|e| format!("{name}: {e}")),
        "csv" => {
            let text = String::from_utf8(bytes).map_err(|e| e.to_string())?;
            let mut lines = text.lines();
            let header = lines.next().ok_or(format!("{name}: empty"))?;
            let columns = header.split(',').count();
            if !text.ends_with('\n') {
                return Err(format!("{name}: no final newline"));
            }
            // Metric names hold no commas in the shipped fight, so every row has the
            // header's columns.
            match lines.find(|l| l.split(',').count() != columns) {
                Some(l) => Err(format!("{name}: short row {l:?}")),
                None => Ok(()),
            }
        }
        "png" if bytes.ends_with(&[0xAE, 0x42, 0x60, 0x82]) => Ok(()),
        "svg"
            if String::from_utf8_lossy(&bytes)
                .trim_end()
                .ends_with("</svg>") =>
        {
            Ok(())
        }
        "png" | "svg" => Err(format!("{name}: truncated image")),
        _ => Ok(()),
    }
}

#[test]
fn a_killed_run_never_leaves_a_truncated_file() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("out");
    // Delays spread over a run's whole life (start, fights, tables, charts, manifest), from
    // a fixed sequence so a failure can be repeated.
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut killed = 0;
    for _ in 0..60 {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1);
        let delay = Duration::from_micros((state >> 33) % 120_000);
        let mut child = Command::new(env!("CARGO_BIN_EXE_oddsmith"))
            .args([
                "run",
                "scenarios/yeti.toml",
                "--trials",
                "30000",
                "--quiet",
                "--out",
            ])
            .arg(&out)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let start = Instant::now();
        while start.elapsed() < delay {
            if child.try_wait().unwrap().is_some() {
                break;
            }
            std::thread::sleep(Duration::from_micros(200));
        }
        if child.try_wait().unwrap().is_none() {
            child.kill().unwrap(); // SIGKILL on Unix
            killed += 1;
        }
        child.wait().unwrap();
        let Ok(entries) = std::fs::read_dir(&out) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            if name.starts_with('.') {
                continue; // a temporary: never a result
            }
            if let Err(e) = whole(&entry.path()) {
                panic!("after a kill at {delay:?}: {e}");
            }
        }
    }
    assert!(
        killed >= 10,
        "only {killed} runs were killed before they ended"
    );
    // A last run to the end leaves a complete, finished folder.
    let done = common::oddsmith(&[
        "run",
        "scenarios/yeti.toml",
        "--trials",
        "30000",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(done.status.success());
    let manifest = std::fs::read_to_string(out.join("manifest.json")).unwrap();
    assert!(manifest.contains("\"finished\": true"), "{manifest}");
}
