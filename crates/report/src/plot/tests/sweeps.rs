//! Sweep charts: whole-number ticks on an integer key and round ones on any other, the line
//! chart's legend beside the plot and never over a line, heatmap cells that show the exact
//! value where one is known (and say so), and a caption for every sweep chart.

use super::*;
use crate::plot::heatmap::Heatmap;
use crate::plot::sweep::SweepLines;
use oddsmith_core::stats::{MetricKind, MetricRow, SweepResult};

/// A rate row: `estimate` ± 0.01, its exact value when given.
fn rate(metric: &str, estimate: f64, exact: Option<f64>) -> MetricRow {
    MetricRow {
        metric: metric.into(),
        kind: MetricKind::Rate,
        meta: oddsmith_core::stats::Meta::default(),
        estimate,
        ci_low: (estimate - 0.01).max(0.0),
        ci_high: (estimate + 0.01).min(1.0),
        exact,
        exact_bound: None,
        trials: 4000,
    }
}

/// A sweep over `fields` with a point per value combination, two rates at each: `success`
/// (near 100% at the start, where an upper-right legend box would sit) and `flux`.
fn sweep(fields: &[&str], values: &[Vec<f64>], exact: bool) -> SweepReport {
    let points = values
        .iter()
        .enumerate()
        .map(|(i, v)| {
            let s = 0.99 - 0.1 * i as f64;
            SweepResult {
                values: v.clone(),
                difficulty: None,
                metrics: vec![
                    rate("success", s + 0.004, exact.then_some(s)),
                    rate("flux", 0.1, exact.then_some(0.1)),
                ],
            }
        })
        .collect();
    SweepReport {
        words: Vec::new(),
        scenario: "Sweep test".into(),
        system: "a-system".into(),
        trials: 4000,
        seed: 9,
        fields: fields.iter().map(|f| f.to_string()).collect(),
        points,
        partial: None,
    }
}

/// The texts of `chart` drawn for `sweep`.
fn texts_of<C: Chart<Data = SweepReport>>(chart: &C, sweep: &SweepReport) -> Vec<String> {
    svg_texts(&chart_svg(chart, sweep))
        .into_iter()
        .map(String::from)
        .collect()
}

/// The number-only texts of an SVG that are not percentages: the swept field's ticks.
fn x_ticks(svg: &str) -> Vec<String> {
    svg_texts(svg)
        .into_iter()
        .filter(|t| t.parse::<f64>().is_ok())
        .map(String::from)
        .collect()
}

#[test]
fn an_integer_key_gets_whole_number_ticks() {
    let magic = sweep(
        &["check.magic_dice"],
        &[vec![0.0], vec![1.0], vec![2.0], vec![3.0]],
        true,
    );
    let ticks = x_ticks(&chart_svg(&SweepLines, &magic));
    assert_eq!(ticks, ["0", "1", "2", "3"], "no -0.5, 0.5 on magic dice");
    // A wide integer key: round whole steps only.
    let values: Vec<Vec<f64>> = (10..=40).step_by(5).map(|v| vec![f64::from(v)]).collect();
    let survival = sweep(&["combatant.Yeti.survival"], &values, false);
    let ticks = x_ticks(&chart_svg(&SweepLines, &survival));
    assert_eq!(ticks, ["10", "15", "20", "25", "30", "35", "40"]);
}

#[test]
fn a_fractional_key_gets_round_ticks() {
    let values = vec![vec![0.5], vec![1.0], vec![1.5]];
    let ticks = x_ticks(&chart_svg(
        &SweepLines,
        &sweep(&["run.ratio"], &values, false),
    ));
    assert!(ticks.contains(&"0.5".to_string()) && ticks.contains(&"1.5".to_string()));
    assert!(
        ticks.iter().all(|t| t.len() <= 4),
        "short labels, no float noise: {ticks:?}"
    );
}

/// The x of every point of the SVG's polylines (the rate lines).
fn line_xs(svg: &str) -> Vec<f64> {
    svg.split("<polyline")
        .skip(1)
        .filter_map(|p| p.split_once("points=\"").map(|(_, rest)| rest))
        .filter_map(|rest| rest.split_once('"').map(|(pts, _)| pts))
        .flat_map(|pts| pts.split_whitespace())
        .filter_map(|xy| xy.split_once(',')?.0.parse().ok())
        .collect()
}

/// The x of the text element that reads `text`.
fn text_x(svg: &str, text: &str) -> Option<f64> {
    svg.split("<text").skip(1).find_map(|t| {
        let (attrs, rest) = t.split_once('>')?;
        (rest.split_once("</text>")?.0.trim() == text)
            .then(|| attrs.split_once(" x=\"")?.1.split_once('"')?.0.parse().ok())?
    })
}

#[test]
fn the_legend_is_beside_the_plot_not_over_it() {
    let values: Vec<Vec<f64>> = (1..=6).map(|v| vec![f64::from(v)]).collect();
    let s = sweep(&["check.challenge"], &values, true);
    let svg = chart_svg(&SweepLines, &s);
    let right = line_xs(&svg).into_iter().fold(f64::MIN, f64::max);
    assert!(right > 500.0, "the lines span the plot ({right})");
    for entry in ["success", "flux", "exact value"] {
        let x = text_x(&svg, entry).unwrap_or_else(|| panic!("legend entry {entry:?} missing"));
        assert!(
            x > right,
            "{entry:?} at x = {x}, over the lines (they end at {right})"
        );
    }
}

#[test]
fn heatmap_cells_show_the_exact_value_where_known_and_say_so() {
    let grid: Vec<Vec<f64>> = (1..=3)
        .flat_map(|a| (0..=1).map(move |b| vec![f64::from(a), f64::from(b)]))
        .collect();
    let chart = Heatmap {
        metric: "success".into(),
    };
    // Exact everywhere: the cells read the exact 99.0%, not the estimate 99.4%.
    let exact = sweep(&["check.challenge", "check.magic_dice"], &grid, true);
    let texts = texts_of(&chart, &exact);
    assert!(
        texts.contains(&"99.0%".into()) && !texts.contains(&"99.4%".into()),
        "{texts:?}"
    );
    assert!(
        texts
            .iter()
            .any(|t| t.contains("every cell an exact value")),
        "{texts:?}"
    );
    assert!(chart.caption(&exact).contains("exact value"));
    // Sampled only: the estimates, and the subtitle says so.
    let sampled = sweep(&["check.challenge", "check.magic_dice"], &grid, false);
    let texts = texts_of(&chart, &sampled);
    assert!(texts.contains(&"99.4%".into()), "{texts:?}");
    assert!(
        texts
            .iter()
            .any(|t| t.contains("sampled estimates: 4000 trials per cell"))
    );
    // Mixed: the exact cells are marked.
    let mut mixed = exact.clone();
    mixed.points[1].metrics[0].exact = None;
    let texts = texts_of(&chart, &mixed);
    assert!(texts.contains(&"99.0%*".into()), "{texts:?}");
    assert!(
        texts
            .iter()
            .any(|t| t.contains("exact values (*) where known"))
    );
}

#[test]
fn small_rates_never_read_as_zero_or_one() {
    use crate::plot::heatmap::cell_text;
    assert_eq!(cell_text(0.0), "0.0%");
    assert_eq!(cell_text(0.0001), "<0.1%");
    assert_eq!(cell_text(0.9999), ">99.9%");
    assert_eq!(cell_text(1.0), "100.0%");
    assert_eq!(cell_text(0.523), "52.3%");
}

#[test]
fn every_sweep_chart_has_a_caption_that_says_what_it_shows() {
    let one = sweep(&["check.magic_dice"], &[vec![0.0], vec![1.0]], true);
    let two = sweep(
        &["check.challenge", "check.magic_dice"],
        &[vec![1.0, 0.0], vec![1.0, 1.0]],
        false,
    );
    let notes: Vec<ChartNote> = sweep_charts(&one)
        .into_iter()
        .chain(sweep_charts(&two))
        .collect();
    let stems: Vec<&str> = notes.iter().map(|n| n.stem.as_str()).collect();
    assert_eq!(stems, ["sweep", "heatmap_success", "heatmap_flux"]);
    for n in &notes {
        assert!(
            !n.caption.contains(".svg") && n.caption.split(' ').count() > 8,
            "{n:?}"
        );
    }
    assert!(
        notes[0]
            .caption
            .contains("check.magic_dice goes from 0 to 1"),
        "{:?}",
        notes[0]
    );
    assert!(
        notes[1].caption.contains("estimate from 4000 trials"),
        "{:?}",
        notes[1]
    );
}

/// A sweep over words: the chart's axis and the heatmap's rows name the words, in the order
/// written, and the index's headline names the lowest and the highest by their words.
#[test]
fn a_sweep_over_words_names_its_words() {
    let words = ["by_the_book", "ruthless", "spread"];
    let mut s = sweep(&["tactics"], &[vec![0.0], vec![1.0], vec![2.0]], false);
    s.words = vec![words.iter().map(|w| w.to_string()).collect()];
    let texts = texts_of(&SweepLines, &s);
    for w in words {
        assert!(texts.iter().any(|t| t == w), "{w}: {texts:?}");
    }
    assert!(x_ticks(&chart_svg(&SweepLines, &s)).is_empty());
    // Categories: dots on their intervals, no line joining one word to the next.
    let svg = chart_svg(&SweepLines, &s);
    assert!(svg.contains("<circle"), "dots");
    assert!(!svg.contains("<polygon"), "no band between words");
    assert!(
        SweepLines.caption(&s).contains(
            "as tactics goes from by_the_book to spread: each dot a rate's estimate on its 95% \
             interval"
        ),
        "{}",
        SweepLines.caption(&s)
    );
    let headline = crate::export::index_page::sweep_headline(&s);
    assert_eq!(
        headline,
        "Across 3 tactics, success ranges from 79.40% (tactics spread) to 99.40% (tactics \
         by_the_book)."
    );
    let mut two = sweep(
        &["tactics", "survival"],
        &[vec![0.0, 10.0], vec![1.0, 10.0]],
        false,
    );
    two.words = vec![vec!["by_the_book".into(), "ruthless".into()], Vec::new()];
    let heat = texts_of(
        &Heatmap {
            metric: "success".into(),
        },
        &two,
    );
    assert!(heat.iter().any(|t| t == "ruthless"), "{heat:?}");
    assert!(heat.iter().any(|t| t == "10"), "{heat:?}");
}
