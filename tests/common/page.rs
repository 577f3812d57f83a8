//! Looking at what a report shows, as a reader would: headless Chromium (its DOM and a
//! screenshot of a page), PNG pictures decoded and measured (rows with ink, colours), and
//! the files a page links.

use std::path::{Path, PathBuf};
use std::process::Command;

pub fn chromium() -> Option<PathBuf> {
    let candidates = [
        std::env::var("CHROMIUM").unwrap_or_default(),
        "/usr/bin/chromium".into(),
        "/usr/bin/chromium-browser".into(),
    ];
    candidates
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// Chromium, or `None` (with a note) where it is not installed and not required.
pub fn browser() -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        assert!(
            std::env::var_os("ODDSMITH_REQUIRE_BROWSER").is_none(),
            "Chromium is required here but not installed (apt-get install chromium)"
        );
        eprintln!("note: Chromium not found; checked the report files but not their rendering");
    }
    found
}

/// Runs headless Chromium on `page` with `extra` arguments; returns stdout.
pub fn headless(browser: &Path, profile: &Path, page: &Path, extra: &[&str]) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// What a picture holds: its size, the rows with ink (a pixel unlike the background, the
/// top-left pixel's colour) and its distinct colours.
#[derive(Debug)]
pub struct Picture {
    /// Width in pixels.
    pub width: u32,
    /// Height in pixels.
    pub height: u32,
    /// Rows with a pixel unlike the background.
    pub ink_rows: usize,
    /// Distinct colours (of every other pixel of every other row).
    pub colours: usize,
}

/// Decodes the PNG file `path`.
pub fn picture(path: &Path) -> Picture {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder
        .read_info()
        .unwrap_or_else(|e| panic!("{}: not a PNG: {e}", path.display()));
    let mut buf = vec![0; reader.output_buffer_size()];
    let frame = reader
        .next_frame(&mut buf)
        .unwrap_or_else(|e| panic!("{}: broken PNG: {e}", path.display()));
    let channels = frame.color_type.samples();
    let (w, h) = (frame.width as usize, frame.height as usize);
    let px = |x: usize, y: usize| -> [u8; 3] {
        let at = (y * w + x) * channels;
        if channels < 3 {
            [buf[at]; 3]
        } else {
            [buf[at], buf[at + 1], buf[at + 2]]
        }
    };
    let background = px(0, 0);
    let ink_rows = (0..h)
        .filter(|&y| {
            (0..w).any(|x| {
                px(x, y)
                    .iter()
                    .zip(background)
                    .any(|(&a, b)| a.abs_diff(b) > 40)
            })
        })
        .count();
    let mut colours: Vec<[u8; 3]> = (0..h)
        .step_by(2)
        .flat_map(|y| (0..w).step_by(2).map(move |x| (x, y)))
        .map(|(x, y)| px(x, y))
        .collect();
    colours.sort_unstable();
    colours.dedup();
    Picture {
        width: frame.width,
        height: frame.height,
        ink_rows,
        colours: colours.len(),
    }
}

/// Fails unless the chart file `path` is a real chart: ink in most of its rows (title,
/// plot, axes) and more than a handful of colours.
pub fn assert_chart_picture(path: &Path) {
    let p = picture(path);
    assert!(
        p.width >= 400 && p.height >= 300,
        "{}: {p:?}",
        path.display()
    );
    assert!(
        p.ink_rows * 2 > p.height as usize && p.colours >= 32,
        "{}: a blank or broken chart: {p:?}",
        path.display()
    );
}

/// The files `page` (HTML or Markdown) links to in its own folder: `href="…"` and `](…)`.
pub fn linked_files(page: &str) -> Vec<String> {
    let mut links: Vec<String> = page
        .split("href=\"")
        .skip(1)
        .chain(page.split("](").skip(1))
        .filter_map(|rest| rest.split(['"', ')']).next())
        .filter(|l| !l.contains(':') && !l.starts_with('#'))
        .map(String::from)
        .collect();
    links.sort();
    links.dedup();
    links
}

/// Every file `page` (in `folder`) links to exists; each PNG is a picture, each SVG a chart.
pub fn assert_links_load(folder: &Path, page: &str, what: &str) {
    let links = linked_files(page);
    assert!(!links.is_empty(), "{what}: no links");
    for link in links {
        let path = folder.join(&link);
        assert!(path.is_file(), "{what}: {link} is missing");
        if link.ends_with(".png") {
            assert_chart_picture(&path);
        } else if link.ends_with(".svg") {
            let svg = std::fs::read_to_string(&path).unwrap();
            assert!(
                svg.contains("<svg") && svg.contains("<text") && svg.matches("<rect").count() >= 3,
                "{what}: {link} is no chart"
            );
        }
    }
}
