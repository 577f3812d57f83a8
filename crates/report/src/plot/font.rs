//! The chart font: DejaVu Sans, embedded in the binary (`assets/fonts/`, Bitstream Vera
//! licence) and registered with plotters' ab_glyph text backend once, so charts render the
//! same on a machine without any system fonts.

use plotters::style::FontStyle;
use std::sync::OnceLock;

/// The TrueType font charts are drawn with.
pub const FONT: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/assets/fonts/DejaVuSans.ttf"
));

/// The family name charts ask for.
pub const FAMILY: &str = "sans-serif";

/// Registers the embedded font for every style charts use; later calls do nothing.
pub fn ensure_registered() -> Result<(), String> {
    static DONE: OnceLock<Result<(), String>> = OnceLock::new();
    DONE.get_or_init(|| {
        for style in [FontStyle::Normal, FontStyle::Bold] {
            plotters::style::register_font(FAMILY, style, FONT)
                .map_err(|_| "the embedded chart font could not be read".to_string())?;
        }
        Ok(())
    })
    .clone()
}
