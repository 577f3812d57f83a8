//! The variants chart: a bar per column (base, then each variant) in its own colour for each
//! headline rate, whiskers, exact ticks and the columns named in the legend; a real picture.

use super::*;
use crate::plot::variants::VariantChart;
use oddsmith_core::stats::compare::{
    CompareReport, VariantResult, VariantsReport, paired_difference,
};
use oddsmith_core::stats::{Meta, Role};

fn variants() -> VariantsReport {
    let n = 10_000;
    let success = MetricRow {
        metric: "success".into(),
        kind: MetricKind::Rate,
        meta: Meta::trial(Role::Success, "success"),
        estimate: 0.49,
        ci_low: 0.48,
        ci_high: 0.50,
        exact: Some(0.49),
        exact_bound: None,
        trials: n,
    };
    let base = Report {
        scenario: "Variants test".into(),
        system: "a-system".into(),
        trials: n,
        seed: 5,
        difficulty: None,
        metrics: vec![success],
        distributions: Vec::new(),
        partial: None,
    };
    // Two variants: 78% (exact 78.4%) and 36% (no exact value).
    let variant = |label: &str, a_only, b_only, exact| VariantResult {
        label: label.into(),
        report: base.clone(),
        compare: CompareReport {
            a: "base".into(),
            b: label.into(),
            trials: n,
            seed: 5,
            metrics: vec![
                paired_difference("success", a_only, b_only, 4_900 - a_only, n)
                    .with_exact(Some(0.49), exact),
            ],
            partial: None,
        },
    };
    VariantsReport {
        scenario: base.scenario.clone(),
        system: base.system.clone(),
        trials: n,
        seed: 5,
        variants: vec![
            variant("two_dice", 0, 2_900, Some(0.784)),
            variant("harder", 1_300, 0, None),
        ],
        base,
    }
}

#[test]
fn variants_chart_draws_a_bar_per_column_with_whiskers_and_exact_ticks() {
    let v = variants();
    let chart = VariantChart;
    assert!(chart.applies(&v));
    font::ensure_registered().unwrap();
    let (w, h) = chart.size(&v);
    let mut buf = vec![0u8; (w * h * 3) as usize];
    {
        let area = BitMapBackend::with_buffer(&mut buf, (w, h)).into_drawing_area();
        chart.draw(&v, &area).unwrap();
        area.present().unwrap();
    }
    let pixels: Vec<[u8; 3]> = buf.chunks_exact(3).map(|p| [p[0], p[1], p[2]]).collect();
    let near = |p: &[u8; 3], c: [u8; 3]| p.iter().zip(c).all(|(&a, b)| a.abs_diff(b) <= 6);
    let count = |c: [u8; 3]| pixels.iter().filter(|p| near(p, c)).count();
    assert!(count([255, 255, 255]) > pixels.len() / 2, "mostly white");
    // The palette's first three colours at 80% over white: the base, two_dice, harder. The
    // bars' lengths follow their rates (49%, 78%, 36%).
    let (base, two, harder) = (
        count([76, 146, 195]),
        count([222, 82, 83]),
        count([86, 179, 86]),
    );
    assert!(
        base > 1_500 && two > base && harder > 800 && harder < base,
        "{base} {two} {harder}"
    );
    assert!(count([200, 30, 30]) > 20, "exact ticks drawn");
    let dark = pixels.iter().filter(|p| p.iter().all(|&c| c < 60)).count();
    assert!(dark > 500, "text, axes and whiskers ({dark} dark pixels)");

    let mut svg = String::new();
    {
        let area = SVGBackend::with_string(&mut svg, (w, h)).into_drawing_area();
        chart.draw(&v, &area).unwrap();
        area.present().unwrap();
    }
    let texts = svg_texts(&svg);
    for text in [
        "Variants test",
        "a-system · the base and 2 variants · 10000 paired trials · seed 5",
        "base",
        "two_dice",
        "harder",
        "95% interval",
        "exact",
        "success",
        "49%",
        "78%",
        "36%",
    ] {
        assert!(texts.contains(&text), "{text} missing: {texts:?}");
    }
}
