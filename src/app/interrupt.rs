//! Interrupts and checkpoints. The first Ctrl-C (SIGINT) or SIGTERM asks the runner to stop
//! handing out batches: the running ones finish, and the command writes every output from
//! the batches done (always the first ones), marked partial, then exits with code 130. A
//! second one exits at once (code 130); the atomic writer leaves no torn file either way.
//!
//! [`Watched`] is the runner's [`Progress`] for a command: it passes progress to the bar,
//! says when an interrupt came, and saves a checkpoint of the merged batches every few
//! seconds (for a sweep: the finished grid points and the batches done of the one running).

use crate::export::tally_file::{self, Counts, PointTally, SavedTally};
use crate::sim::Progress;
use crate::stats::{Layout, Tally};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// Interrupts received so far.
static INTERRUPTS: AtomicU32 = AtomicU32::new(0);

/// How often a checkpoint is saved while a run goes on.
pub const CHECKPOINT_EVERY: Duration = Duration::from_secs(5);

/// Installs the Ctrl-C / SIGTERM handler (once per process; later calls do nothing).
pub fn install() {
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTS.fetch_add(1, Ordering::SeqCst) >= 1 {
            eprintln!("interrupted again: exiting now");
            std::process::exit(130);
        }
        eprintln!(
            "interrupted: finishing the running batches, then writing what is done \
             (interrupt again to exit at once)"
        );
    });
}

/// Whether an interrupt has come.
pub fn requested() -> bool {
    INTERRUPTS.load(Ordering::SeqCst) > 0
}

/// Saves a run's merged batches to a checkpoint file every [`CHECKPOINT_EVERY`].
pub struct Checkpointer {
    /// The checkpoint file.
    pub path: PathBuf,
    /// Everything but the running counts (filled at each save); a sweep's finished grid
    /// points are in its `points`.
    pub header: SavedTally,
    /// The layout of the run (or grid point) in progress.
    pub layout: Layout,
    /// The sweep's grid point in progress, if any.
    point: Option<u64>,
    /// When the last save happened.
    last: Mutex<Instant>,
    /// The first save error, reported when the run ends.
    failed: Mutex<Option<crate::error::OutputError>>,
}

impl Checkpointer {
    /// A saver to `path` for the run `header` describes.
    pub fn new(path: PathBuf, header: SavedTally, layout: Layout) -> Self {
        Self {
            path,
            header,
            layout,
            point: None,
            last: Mutex::new(Instant::now()),
            failed: Mutex::new(None),
        }
    }

    /// Saves batches `0..end` of the run (or grid point) in progress, merged in `tally`.
    pub fn save(&self, tally: &Tally, end: u64) -> Result<(), crate::error::OutputError> {
        let mut saved = self.header.clone();
        match self.point {
            Some(point) => saved.points.push(PointTally {
                point,
                start: 0,
                end,
                finished: false,
                counts: Counts::of(&self.layout, tally),
            }),
            None => saved = SavedTally { end, ..saved }.with_tally(&self.layout, tally),
        }
        tally_file::write(&saved, &self.path).map(|_| ())
    }

    /// Saves the sweep's finished grid points alone (none in progress).
    pub fn save_points(&self) -> Result<(), crate::error::OutputError> {
        tally_file::write(&self.header, &self.path).map(|_| ())
    }

    /// The sweep's grid point `point` (of `layout`) is starting.
    pub fn start_point(&mut self, point: u64, layout: Layout) {
        self.point = Some(point);
        self.layout = layout;
    }

    /// The sweep's grid point in progress finished with `tally`, batches `0..end`.
    pub fn finish_point(&mut self, tally: &Tally, end: u64) {
        if let Some(point) = self.point.take() {
            self.header.points.push(PointTally {
                point,
                start: 0,
                end,
                finished: true,
                counts: Counts::of(&self.layout, tally),
            });
        }
    }

    /// The first save error, if any.
    pub fn take_error(&self) -> Option<crate::error::OutputError> {
        self.failed.lock().unwrap_or_else(|e| e.into_inner()).take()
    }
}

/// The runner's view of a command: progress to `bar`, interrupts, and checkpoints.
pub struct Watched<'a> {
    /// Where progress goes.
    pub bar: &'a dyn Progress,
    /// The checkpoint saver, if the run keeps one.
    pub checkpoint: Option<&'a Checkpointer>,
}

impl Progress for Watched<'_> {
    fn advance(&self, trials: u64) {
        self.bar.advance(trials);
    }

    fn stop_requested(&self) -> bool {
        requested()
    }

    fn prefix(&self, tally: &Tally, end: u64) {
        let Some(c) = self.checkpoint else {
            return;
        };
        let mut last = c.last.lock().unwrap_or_else(|e| e.into_inner());
        if last.elapsed() < CHECKPOINT_EVERY {
            return;
        }
        *last = Instant::now();
        if let Err(e) = c.save(tally, end) {
            c.failed
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
        }
    }
}
