//! `manifest.json`: what was run, written into every output folder — scenario path and
//! content hash, seed, trials, threads, oddsmith version, start and end time, and whether the
//! run finished. It is written with `finished: false` when a run starts and rewritten with
//! `finished: true` after every other file is in place, so a killed run is recognisable; an
//! interrupted run that wrote what it had finished says `partial: true` and the trials done.
//! It lists the files the run wrote (`files`), so that the folder holds one run: the next run
//! into it removes those of them it does not write again ([`remove_stale`]), and never a file
//! it did not write.
//! Paths in it, as in every output, are relative ([`shown_path`]): no output names the
//! folders of the machine it was made on.

use oddsmith_core::error::OutputError;
use serde::Serialize;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The record of one run.
#[derive(Debug, Clone, Serialize)]
pub struct Manifest {
    /// Scenario file as given, or relative where it was given absolute ([`shown_path`]).
    pub scenario_path: String,
    /// FNV-1a 64-bit hash of the scenario file's bytes, in hex.
    pub scenario_hash: String,
    /// Scenario `name`.
    pub scenario: String,
    /// The `--set PATH=VALUE` arguments applied to the file, in order.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sets: Vec<String>,
    /// Seed.
    pub seed: u64,
    /// Trials requested.
    pub trials: u64,
    /// Worker threads used.
    pub threads: usize,
    /// oddsmith's version.
    pub oddsmith_version: String,
    /// Start, UTC, RFC 3339.
    pub started: String,
    /// End, UTC, RFC 3339 (`null` until finished).
    pub ended: Option<String>,
    /// Whether the run completed and all files were written.
    pub finished: bool,
    /// Whether the run was interrupted: its files then hold the first `trials_done` trials.
    pub partial: bool,
    /// Trials done (per grid point for a sweep); `null` until the run ends.
    pub trials_done: Option<u64>,
    /// The files of the folder this run wrote, by name relative to it (`manifest.json`
    /// aside), sorted; while it runs, those the folder's last run wrote, so that a run killed
    /// before its end still names them for the next run to remove.
    pub files: Vec<String>,
}

/// The files `dir`'s last run wrote, as its `manifest.json` lists them (none where there is
/// no manifest, or one without the list).
pub fn previous_files(dir: &Path) -> Vec<String> {
    read(dir).map(|m| files_of(&m)).unwrap_or_default()
}

/// `dir`'s `manifest.json` as JSON, if it reads.
fn read(dir: &Path) -> Option<serde_json::Value> {
    let text = std::fs::read_to_string(dir.join("manifest.json")).ok()?;
    serde_json::from_str(&text).ok()
}

/// The `files` a manifest lists.
fn files_of(manifest: &serde_json::Value) -> Vec<String> {
    manifest["files"]
        .as_array()
        .map(|files| {
            files
                .iter()
                .filter_map(|f| f.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// The names of `written` relative to `dir` (those outside it left out, `manifest.json`
/// too), sorted and without repeats.
pub fn names_in(dir: &Path, written: &[PathBuf]) -> Vec<String> {
    let mut names: Vec<String> = written
        .iter()
        .filter_map(|p| p.strip_prefix(dir).ok())
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .filter(|n| n != "manifest.json")
        .collect();
    names.sort();
    names.dedup();
    names
}

/// Removes from `dir` each file of `previous` (the last run's, [`previous_files`]) that is
/// not in `kept`: only a name inside the folder (relative, no `..`, not the manifest), only a
/// plain file (not a link or folder). Returns the paths removed.
pub fn remove_stale(dir: &Path, previous: &[String], kept: &[String]) -> Vec<PathBuf> {
    let mut removed = Vec::new();
    for name in previous {
        if kept.contains(name) || !inside(name) {
            continue;
        }
        let path = dir.join(name);
        let plain = std::fs::symlink_metadata(&path).is_ok_and(|m| m.file_type().is_file());
        if plain && std::fs::remove_file(&path).is_ok() {
            removed.push(path);
        }
    }
    removed
}

/// Whether `name` names a file inside a folder: relative, every part a plain name, not the
/// manifest itself.
fn inside(name: &str) -> bool {
    let path = Path::new(name);
    name != "manifest.json"
        && !name.is_empty()
        && path
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
}

/// Adds `written` to the files `dir`'s manifest lists (files a command writes beside its run,
/// such as a report's pages): the next run into the folder removes them too if it does not
/// write them again.
pub fn add_files(dir: &Path, written: &[PathBuf]) -> Result<(), OutputError> {
    let Some(mut value) = read(dir) else {
        return Ok(());
    };
    let mut files = files_of(&value);
    files.extend(names_in(dir, written));
    files.sort();
    files.dedup();
    value["files"] = serde_json::json!(files);
    let text = serde_json::to_string_pretty(&value).expect("a manifest always serializes");
    super::write::write_file(&dir.join("manifest.json"), (text + "\n").as_bytes()).map(|_| ())
}

/// How the scenario file `path` is named in an output written into `folder`: as given when
/// it is relative (to the folder the command ran in); when given absolute, relative to the
/// folder the command ran in if it lies under it, else relative to `folder` when the two
/// share a folder (`../../other/door.toml`), else its file name — never the machine's
/// absolute path.
pub fn shown_path(path: &Path, folder: &Path) -> String {
    if path.is_relative() {
        return path.display().to_string();
    }
    let cwd = std::env::current_dir()
        .map(|d| real(&d))
        .unwrap_or_default();
    let path = real(path);
    if let Ok(rest) = path.strip_prefix(&cwd)
        && !cwd.as_os_str().is_empty()
    {
        return rest.display().to_string();
    }
    let folder = real(&cwd.join(folder));
    relative_to(&path, &folder).map_or_else(
        || {
            path.file_name()
                .map_or_else(String::new, |n| n.to_string_lossy().into_owned())
        },
        |p| p.display().to_string(),
    )
}

/// `path` with its links resolved, as far as it exists (an output folder may not yet).
fn real(path: &Path) -> PathBuf {
    let mut missing = Vec::new();
    let mut at = path;
    loop {
        if let Ok(found) = std::fs::canonicalize(at) {
            return missing.iter().rev().fold(found, |p, part| p.join(part));
        }
        match (at.parent(), at.file_name()) {
            (Some(parent), Some(name)) => {
                missing.push(name.to_os_string());
                at = parent;
            }
            _ => return path.to_path_buf(),
        }
    }
}

/// `path` relative to the folder `base`, both absolute: `..` for each of `base`'s folders
/// past their common start, then the rest of `path`; `None` when they share no folder but
/// the root (the way up would spell out the machine's folders).
fn relative_to(path: &Path, base: &Path) -> Option<PathBuf> {
    use std::path::Component;
    fn parts(p: &Path) -> Vec<Component<'_>> {
        p.components()
            .filter(|c| !matches!(c, Component::CurDir))
            .collect()
    }
    let (path, base) = (parts(path), parts(base));
    let common = path.iter().zip(&base).take_while(|(a, b)| a == b).count();
    if !path[..common]
        .iter()
        .any(|c| matches!(c, Component::Normal(_)))
    {
        return None;
    }
    let mut out = PathBuf::new();
    for _ in common..base.len() {
        out.push("..");
    }
    for c in &path[common..] {
        out.push(c.as_os_str());
    }
    Some(out)
}

/// FNV-1a over `bytes`, as 16 hex digits.
pub fn fnv1a_hex(bytes: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// `time` as `YYYY-MM-DDThh:mm:ssZ`.
pub fn rfc3339(time: SystemTime) -> String {
    let secs = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let (days, rem) = ((secs / 86_400) as i64, secs % 86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        rem / 3600,
        rem / 60 % 60,
        rem % 60
    )
}

/// Writes `manifest` as `dir/manifest.json` (atomically); returns its path.
pub fn write(manifest: &Manifest, dir: &Path) -> Result<PathBuf, OutputError> {
    let text = serde_json::to_string_pretty(manifest).expect("a manifest always serializes");
    super::write::write_file(&dir.join("manifest.json"), (text + "\n").as_bytes())
}

#[cfg(test)]
mod tests;
