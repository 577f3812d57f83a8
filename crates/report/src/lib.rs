//! oddsmith's output side: everything a run's numbers become. [`export`] writes the terminal
//! table, JSON, CSV (Polars), Markdown and HTML reports, saved tallies and the progress bar,
//! every file through one atomic writer; [`plot`] draws the charts (plotters). Polars and
//! plotters appear only in this crate. It reads metrics by the role their layout gives them
//! (`oddsmith_core::stats`) and knows no rule system and no fight.

pub mod export;
pub mod plot;
