//! Charts: files are written complete, in both formats, with the text and shapes in them,
//! and the bitmap is a real picture rather than a blank canvas.

use super::rates::RateChart;
use super::*;
use oddsmith_core::stats::{MetricKind, MetricRow};
use std::path::PathBuf;

mod fights;
mod recorded;
mod sweeps;
mod variants;

/// Draws straight into a folder (the output code's writer does it through temporaries).
struct Folder(PathBuf);

impl ChartFiles for Folder {
    fn draw_file(
        &mut self,
        name: &str,
        draw: &mut dyn FnMut(&Path) -> Result<(), String>,
    ) -> Result<(), OutputError> {
        let path = self.0.join(name);
        draw(&path).map_err(|message| OutputError::Chart { path, message })
    }
}

fn report() -> Report {
    let row = |metric: &str, estimate: f64, exact: Option<f64>| MetricRow {
        metric: metric.into(),
        kind: MetricKind::Rate,
        meta: oddsmith_core::stats::Meta::default(),
        estimate,
        ci_low: estimate - 0.01,
        ci_high: estimate + 0.01,
        exact,
        exact_bound: None,
        trials: 10_000,
    };
    Report {
        scenario: "Chart test".into(),
        system: "a-system".into(),
        trials: 10_000,
        seed: 3,
        difficulty: None,
        metrics: vec![
            row("success", 0.49, Some(0.49)),
            row("flux", 0.1, Some(0.1)),
            row("fled.Charlotte Korde", 0.52, None),
        ],
        distributions: Vec::new(),
        partial: None,
    }
}

#[test]
fn rate_chart_writes_png_and_svg_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    render_all(&report(), &mut Folder(dir.path().to_path_buf())).unwrap();
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 2);
    let png = std::fs::read(dir.path().join("rates.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    assert!(png.len() > 5_000, "{} bytes", png.len());
    let svg = std::fs::read_to_string(dir.path().join("rates.svg")).unwrap();
    assert!(svg.contains("<svg"));
    for text in [
        "success",
        "flux",
        "fled.Charlotte Korde",
        "Chart test",
        "10000 trials",
        "seed 3",
        "95% interval",
        "exact",
    ] {
        assert!(svg.contains(text), "{text} missing from the SVG");
    }
    assert!(svg.contains("<rect"));
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["rates.png", "rates.svg"]);
}

/// Draws `report`'s rate chart into an RGB buffer through the same drawing function.
fn rate_bitmap(report: &Report) -> (u32, u32, Vec<u8>) {
    font::ensure_registered().unwrap();
    let chart = RateChart;
    let (w, h) = chart.size(report);
    let mut buf = vec![0u8; (w * h * 3) as usize];
    {
        let area = BitMapBackend::with_buffer(&mut buf, (w, h)).into_drawing_area();
        chart.draw(report, &area).unwrap();
        area.present().unwrap();
    }
    (w, h, buf)
}

/// Draws `report`'s rate chart as an SVG string.
fn rate_svg(report: &Report) -> String {
    chart_svg(&RateChart, report)
}

/// Draws `chart` for `data` (a report, a sweep) as an SVG string.
fn chart_svg<C: Chart>(chart: &C, data: &C::Data) -> String {
    font::ensure_registered().unwrap();
    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, chart.size(data)).into_drawing_area();
        chart.draw(data, &area).unwrap();
        area.present().unwrap();
    }
    svg
}

/// The text elements of an SVG (plotters writes each text on its own line).
fn svg_texts(svg: &str) -> Vec<&str> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            t.split_once('>')
                .and_then(|(_, rest)| rest.split_once("</text>"))
        })
        .map(|(text, _)| text.trim())
        .collect()
}

/// The text elements of an SVG with the `y` of each.
fn svg_texts_at(svg: &str) -> Vec<(f64, &str)> {
    svg.split("<text")
        .skip(1)
        .filter_map(|t| {
            let (attrs, rest) = t.split_once('>')?;
            let y = attrs
                .split_once(" y=\"")?
                .1
                .split_once('"')?
                .0
                .parse()
                .ok()?;
            Some((y, rest.split_once("</text>")?.0.trim()))
        })
        .collect()
}

#[test]
fn bitmap_has_bars_whiskers_text_and_exact_marks() {
    let (w, h, buf) = rate_bitmap(&report());
    let pixels: Vec<[u8; 3]> = buf.chunks_exact(3).map(|p| [p[0], p[1], p[2]]).collect();
    assert_eq!(pixels.len(), (w * h) as usize);
    let near = |p: &[u8; 3], c: [u8; 3]| p.iter().zip(c).all(|(&a, b)| a.abs_diff(b) <= 6);
    let count = |c: [u8; 3]| pixels.iter().filter(|p| near(p, c)).count();
    assert!(
        count([255, 255, 255]) > pixels.len() / 2,
        "mostly white background"
    );
    // The bar colour (70, 130, 180) at 80% over white: three bars about 19 px high.
    let bars = count([107, 155, 195]);
    assert!(bars > 3 * 15 * 100, "bars drawn ({bars} bar pixels)");
    assert!(count([200, 30, 30]) > 40, "exact marks drawn");
    let dark = pixels
        .iter()
        .filter(|p| p[0] < 60 && p[1] < 60 && p[2] < 60)
        .count();
    assert!(
        dark > 500,
        "text, axes and whiskers drawn ({dark} dark pixels)"
    );
    let mut distinct: Vec<[u8; 3]> = pixels.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert!(distinct.len() > 10, "{} colours", distinct.len());
    // The bars (wider than the legend's swatch) sit below the title and legend.
    let bar_rows = (0..h as usize)
        .filter(|&y| {
            pixels[y * w as usize..(y + 1) * w as usize]
                .iter()
                .filter(|p| near(p, [107, 155, 195]))
                .count()
                > 100
        })
        .collect::<Vec<_>>();
    assert!(bar_rows[0] > 90, "bars below the title and legend");
}

#[test]
fn svg_names_every_rate_and_explains_the_marks() {
    let svg = rate_svg(&report());
    let texts = svg_texts(&svg);
    for text in [
        "Chart test",
        "a-system · 10000 trials · seed 3",
        "sampled estimate",
        "95% interval",
        "exact value",
        "success",
        "flux",
        "fled.Charlotte Korde",
        "probability (%)",
    ] {
        assert_eq!(
            texts.iter().filter(|t| **t == text).count(),
            1,
            "{text:?} once in {texts:?}"
        );
    }
    // Value rows are not rates: not drawn.
    let mut r = report();
    r.metrics[1].kind = MetricKind::Mean;
    assert!(!svg_texts(&rate_svg(&r)).contains(&"flux"));
}

#[test]
fn exact_legend_only_when_some_rate_has_an_exact_value() {
    let mut r = report();
    for m in &mut r.metrics {
        m.exact = None;
    }
    let svg = rate_svg(&r);
    assert!(!svg.contains("exact value"));
    let (_, _, buf) = rate_bitmap(&r);
    let red = buf
        .chunks_exact(3)
        .filter(|p| p[0] > 180 && p[1] < 60 && p[2] < 60)
        .count();
    assert_eq!(red, 0, "no exact marks");
}

#[test]
fn one_row_and_many_rows_get_one_label_per_row() {
    for n in [1usize, 2, 7, 30, 31, 75] {
        let mut r = report();
        let base = r.metrics[0].clone();
        r.metrics = (0..n)
            .map(|i| MetricRow {
                metric: format!("m.{i}"),
                estimate: (i as f64 + 0.5) / (n as f64 + 1.0),
                ..base.clone()
            })
            .collect();
        let svg = rate_svg(&r);
        let texts = svg_texts(&svg);
        for i in 0..n {
            let name = format!("m.{i}");
            assert_eq!(
                texts.iter().filter(|t| **t == name).count(),
                1,
                "{name} with {n} rows"
            );
        }
        let (_, h) = RateChart.size(&r);
        assert!(h >= 170 + 18 * n as u32, "{n} rows in {h} px");
    }
}

#[test]
fn long_names_are_shortened_to_fit() {
    let mut r = report();
    let long = format!("fled.{}", "Very Long Name ".repeat(20));
    r.metrics[2].metric = long.clone();
    let svg = rate_svg(&r);
    let texts = svg_texts(&svg);
    assert!(!texts.contains(&long.trim()));
    let short = texts
        .iter()
        .find(|t| t.starts_with("fled.") && t.contains('…'))
        .expect("a shortened label");
    assert!(short.chars().count() < long.chars().count());
}

#[test]
fn fights_get_histogram_survival_and_combatant_charts() {
    use oddsmith_core::stats::{DistPoint, Distribution, DistributionKind, Meta, Role};
    let point = |x: u64, rate: f64| DistPoint {
        x,
        count: (rate * 1000.0) as u64,
        rate,
        ci_low: rate - 0.01,
        ci_high: (rate + 0.01).min(1.0),
    };
    let mut r = report();
    r.metrics[2].metric = "out at the end: Charlotte Korde".into();
    r.metrics[2].meta = Meta::combatant(Role::Down, "down", "Charlotte Korde", "party");
    r.metrics[1].metric = "killed: Charlotte Korde".into();
    r.metrics[1].meta = Meta::combatant(Role::Death, "death", "Charlotte Korde", "party");
    r.distributions = vec![
        Distribution {
            name: "rounds".into(),
            kind: DistributionKind::Histogram,
            meta: Meta::trial(Role::Rounds, "rounds"),
            trials: 1000,
            points: vec![point(0, 0.0), point(1, 0.2), point(2, 0.5), point(3, 0.3)],
            onset: None,
        },
        Distribution {
            name: "party still up".into(),
            kind: DistributionKind::Survival,
            meta: Meta::side(Role::StillFighting, "still fighting", "party"),
            trials: 1000,
            points: vec![point(0, 1.0), point(1, 0.9), point(2, 0.9), point(3, 0.9)],
            onset: None,
        },
    ];
    let dir = tempfile::tempdir().unwrap();
    render_all(&r, &mut Folder(dir.path().to_path_buf())).unwrap();
    for f in ["rates", "rounds_histogram", "survival_curve", "combatants"] {
        for ext in ["png", "svg"] {
            let path = dir.path().join(format!("{f}.{ext}"));
            assert!(
                std::fs::metadata(&path).unwrap().len() > 1000,
                "{}",
                path.display()
            );
        }
    }
    let svg = std::fs::read_to_string(dir.path().join("combatants.svg")).unwrap();
    assert!(svg.contains("Charlotte Korde") && svg.contains("down, alive"));
    let svg = std::fs::read_to_string(dir.path().join("survival_curve.svg")).unwrap();
    assert!(
        svg.contains("party") && svg.contains("<polyline"),
        "a line per side"
    );
}
