//! Charts: files are written complete, in both formats, with the text and shapes in them,
//! and the bitmap is a real picture rather than a blank canvas.

use super::rates::RateChart;
use super::*;
use crate::stats::{MetricKind, MetricRow};

fn report() -> Report {
    let row = |metric: &str, estimate: f64, exact: Option<f64>| MetricRow {
        metric: metric.into(),
        kind: MetricKind::Rate,
        estimate,
        ci_low: estimate - 0.01,
        ci_high: estimate + 0.01,
        exact,
        trials: 10_000,
    };
    Report {
        scenario: "Chart test".into(),
        system: "invisible-sun".into(),
        trials: 10_000,
        seed: 3,
        metrics: vec![
            row("success", 0.49, Some(0.49)),
            row("flux", 0.1, Some(0.1)),
            row("fled.Charlotte Korde", 0.52, None),
        ],
        distributions: Vec::new(),
    }
}

#[test]
fn rate_chart_writes_png_and_svg_and_nothing_else() {
    let dir = tempfile::tempdir().unwrap();
    let written = render_all(&report(), dir.path()).unwrap();
    assert_eq!(written.len(), 2);
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

#[test]
fn bitmap_has_bars_text_and_exact_marks() {
    font::ensure_registered().unwrap();
    let chart = RateChart;
    let r = report();
    let (w, h) = chart.size(&r);
    let mut buf = vec![0u8; (w * h * 3) as usize];
    {
        let area = BitMapBackend::with_buffer(&mut buf, (w, h)).into_drawing_area();
        chart.draw(&r, &area).unwrap();
        area.present().unwrap();
    }
    let pixels: Vec<[u8; 3]> = buf.chunks_exact(3).map(|p| [p[0], p[1], p[2]]).collect();
    let count = |c: [u8; 3]| pixels.iter().filter(|&&p| p == c).count();
    assert!(
        count([255, 255, 255]) > pixels.len() / 2,
        "mostly white background"
    );
    assert!(
        count([70, 130, 180]) > 1000 || pixels.iter().any(|p| p[2] > 150 && p[0] < 120),
        "bars drawn"
    );
    assert!(count([200, 30, 30]) > 20, "exact marks drawn");
    let dark = pixels
        .iter()
        .filter(|p| p[0] < 60 && p[1] < 60 && p[2] < 60)
        .count();
    assert!(dark > 500, "text and axes drawn ({dark} dark pixels)");
}

#[test]
fn fights_get_histogram_survival_and_combatant_charts() {
    use crate::stats::{DistPoint, Distribution, DistributionKind};
    let point = |x: u64, rate: f64| DistPoint {
        x,
        count: (rate * 1000.0) as u64,
        rate,
        ci_low: rate - 0.01,
        ci_high: (rate + 0.01).min(1.0),
    };
    let mut r = report();
    r.metrics[2].metric = "down.Charlotte Korde".into();
    r.metrics[1].metric = "death.Charlotte Korde".into();
    r.distributions = vec![
        Distribution {
            name: "rounds".into(),
            kind: DistributionKind::Histogram,
            trials: 1000,
            points: vec![point(0, 0.0), point(1, 0.2), point(2, 0.5), point(3, 0.3)],
        },
        Distribution {
            name: "fighting.party".into(),
            kind: DistributionKind::Survival,
            trials: 1000,
            points: vec![point(0, 1.0), point(1, 0.9), point(2, 0.9), point(3, 0.9)],
        },
    ];
    let dir = tempfile::tempdir().unwrap();
    render_all(&r, dir.path()).unwrap();
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
    assert!(svg.contains("Charlotte Korde: death") && svg.contains("Charlotte Korde: down"));
    let svg = std::fs::read_to_string(dir.path().join("survival_curve.svg")).unwrap();
    assert!(
        svg.contains("party") && svg.contains("<polyline"),
        "a line per side"
    );
}
