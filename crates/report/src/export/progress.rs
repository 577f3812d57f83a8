//! The progress bar: an indicatif bar on stderr behind the runner's [`Progress`] trait. It
//! stays hidden for short runs, when stderr is not a terminal, and with `--quiet`.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use oddsmith_core::batch::Progress;
use std::io::IsTerminal;
use std::time::Duration;

/// A trial counter drawn as a bar on stderr once a run has lasted about a second.
pub struct TrialBar {
    bar: ProgressBar,
}

impl TrialBar {
    /// A bar for `total` trials; hidden when `quiet` or stderr is not a terminal.
    pub fn new(total: u64, quiet: bool) -> Self {
        let visible = !quiet && std::io::stderr().is_terminal();
        let bar = ProgressBar::with_draw_target(Some(total), ProgressDrawTarget::hidden());
        bar.set_style(
            ProgressStyle::with_template(
                "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len} trials ({per_sec}, eta {eta})",
            )
            .expect("the template is valid")
            .progress_chars("=> "),
        );
        // The bar starts hidden and is shown after a second, so short runs never draw one.
        if visible {
            let shown = bar.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_secs(1));
                if !shown.is_finished() {
                    shown.set_draw_target(ProgressDrawTarget::stderr_with_hz(5));
                }
            });
        }
        Self { bar }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Progress for TrialBar {
    fn advance(&self, trials: u64) {
        self.bar.inc(trials);
    }
}
