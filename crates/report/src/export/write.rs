//! The one way oddsmith writes a file. Every output — CSV, JSON, charts, HTML, Markdown, the
//! manifest — is written to a temporary file in its own folder and renamed into place, so a
//! reader (or a `kill -9` at any moment) sees the old file or the new one, never half of one.
//!
//! A [`Staged`] set writes several files that belong together: each goes to its temporary
//! first, and only when all are complete are they renamed into place; on an error, or if the
//! set is dropped uncommitted, the temporaries are removed and nothing new is left behind.

use oddsmith_core::error::OutputError;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Files are staged under names starting with this; they are never results.
pub const TEMP_PREFIX: &str = ".tmp-";

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> OutputError + '_ {
    move |source| OutputError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// A temporary path beside `path`, unique per process and call. The extension stays last:
/// some writers (charts) pick the format from it.
fn temp_for(path: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    path.with_file_name(format!("{TEMP_PREFIX}{}-{n}-{name}", std::process::id()))
}

/// Writes `bytes` to `path` atomically (creating its folder).
pub fn write_file(path: &Path, bytes: &[u8]) -> Result<PathBuf, OutputError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut set = Staged::new(dir)?;
    set.bytes(&file_name(path), bytes)?;
    Ok(set.commit()?.remove(0))
}

/// Writes `bytes` to `path` atomically, as [`write_file`] does, but never over anything
/// already there: `Ok(None)`, and nothing written, when `path` exists. The complete
/// temporary is hard-linked into place (which fails rather than replace), or on a file
/// system without hard links renamed after one more look.
pub fn write_new_file(path: &Path, bytes: &[u8]) -> Result<Option<PathBuf>, OutputError> {
    let dir = path.parent().unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    if path.symlink_metadata().is_ok() {
        return Ok(None);
    }
    let tmp = temp_for(path);
    let placed = std::fs::write(&tmp, bytes)
        .map_err(io(&tmp))
        .and_then(|()| match std::fs::hard_link(&tmp, path) {
            Ok(()) => Ok(true),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(false),
            Err(_) if path.symlink_metadata().is_ok() => Ok(false),
            Err(_) => std::fs::rename(&tmp, path).map(|()| true).map_err(io(path)),
        });
    let _ = std::fs::remove_file(&tmp);
    Ok(placed?.then(|| path.to_path_buf()))
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned())
}

/// Files written together into one folder, moved into place all at once.
#[derive(Debug)]
pub struct Staged {
    dir: PathBuf,
    /// (temporary, final) paths of the files written so far.
    files: Vec<(PathBuf, PathBuf)>,
}

impl Staged {
    /// A set of files for `dir` (created if needed).
    pub fn new(dir: &Path) -> Result<Self, OutputError> {
        std::fs::create_dir_all(dir).map_err(io(dir))?;
        Ok(Self {
            dir: dir.to_path_buf(),
            files: Vec::new(),
        })
    }

    /// The folder the files go to.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Writes the file `name` by calling `write` with the temporary path to fill.
    pub fn with_path(
        &mut self,
        name: &str,
        write: impl FnOnce(&Path) -> Result<(), OutputError>,
    ) -> Result<(), OutputError> {
        let path = self.dir.join(name);
        let tmp = temp_for(&path);
        self.files.push((tmp.clone(), path));
        write(&tmp)
    }

    /// Writes `bytes` as the file `name`.
    pub fn bytes(&mut self, name: &str, bytes: &[u8]) -> Result<(), OutputError> {
        self.with_path(name, |tmp| std::fs::write(tmp, bytes).map_err(io(tmp)))
    }

    /// Writes `text` as the file `name`.
    pub fn text(&mut self, name: &str, text: &str) -> Result<(), OutputError> {
        self.bytes(name, text.as_bytes())
    }

    /// Moves every file into place; returns their paths in the order written.
    pub fn commit(mut self) -> Result<Vec<PathBuf>, OutputError> {
        let files = std::mem::take(&mut self.files);
        let mut done = Vec::with_capacity(files.len());
        for (i, (tmp, path)) in files.iter().enumerate() {
            if let Err(e) = std::fs::rename(tmp, path) {
                // Leave no temporary behind for the files not yet moved.
                self.files = files[i..].to_vec();
                return Err(io(path)(e));
            }
            done.push(path.clone());
        }
        Ok(done)
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        for (tmp, _) in &self.files {
            let _ = std::fs::remove_file(tmp);
        }
    }
}

impl crate::plot::ChartFiles for Staged {
    fn draw_file(
        &mut self,
        name: &str,
        draw: &mut dyn FnMut(&Path) -> Result<(), String>,
    ) -> Result<(), OutputError> {
        self.with_path(name, |tmp| {
            draw(tmp).map_err(|message| OutputError::Chart {
                path: tmp.with_file_name(name),
                message,
            })
        })
    }
}

#[cfg(test)]
mod tests;
