//! The charts of a GM's page from fights added to the shared recorder: the combatant chart's
//! segments are exactly the fights by how each combatant ended them, the round axes stop at
//! the round by which 99% of fights are over, the first-death chart labels its "after" and
//! "never" columns, and the survival chart is titled for what it shows.

use super::*;
use oddsmith_core::stats::{DistPoint, Distribution, DistributionKind, Layout, Meta, Role};
use oddsmith_engine::combat::{Ending, Fates, FightRecorder, Played, Roster, SideRounds};

/// Four fights of a, b (party) against y, z (foes), five rounds at most (bits: a 1, b 2,
/// y 4, z 8):
///
/// 1. the party wins in round 2: a dead in the fight, y down, z fled;
/// 2. the foes win in round 3: a dying and dies after, b down;
/// 3. the party wins in round 1: a dying and saved, y dying and dies after, z down and
///    finished;
/// 4. a stalemate after round 5, everyone standing.
fn recorded() -> Report {
    let roster = Roster::new([("a", "party"), ("b", "party"), ("y", "foes"), ("z", "foes")])
        .expect("a roster");
    let mut layout = Layout::new();
    let rec = FightRecorder::declare(&mut layout, &roster, 5);
    let mut t = layout.tally();
    let fates = |dead, dying, fled, down| Fates {
        dead,
        dying,
        fled,
        down,
    };
    // Per side (party, foes): stopped, first down, first death (6: after, 7: never).
    let fights = [
        (
            Ending::Win(0),
            2,
            fates(1, 0, 8, 4),
            fates(1, 0, 8, 4),
            [[6, 2], [1, 1], [1, 7]],
        ),
        (
            Ending::Win(1),
            3,
            fates(0, 1, 0, 2),
            fates(1, 0, 0, 2),
            [[3, 6], [2, 7], [6, 7]],
        ),
        (
            Ending::Win(0),
            1,
            fates(0, 5, 0, 8),
            fates(12, 0, 0, 1),
            [[6, 1], [1, 1], [7, 6]],
        ),
        (
            Ending::Stalemate,
            5,
            Fates::default(),
            Fates::default(),
            [[6, 6], [7, 7], [7, 7]],
        ),
    ];
    for (ending, rounds, end, after, [stopped, down, death]) in fights {
        t.add_trials(1);
        let played = Played {
            ending,
            rounds,
            end,
            after,
            arrived_dead: 0,
        };
        let sides = SideRounds {
            stopped: stopped.to_vec(),
            first_down: down.to_vec(),
            first_death: death.to_vec(),
        };
        rec.record(&mut t, &played, &sides, (1, 2));
    }
    Report {
        scenario: "Recorded".into(),
        system: "a-fight-system".into(),
        trials: 4,
        seed: 1,
        metrics: oddsmith_core::stats::summarize(&layout, &t, None),
        distributions: oddsmith_core::stats::distributions(&layout, &t),
        ..Report::default()
    }
}

#[test]
fn combatant_segments_are_the_fights_by_how_each_ended() {
    let r = recorded();
    let shares: Vec<(&str, [f64; 5])> = combatants::fates(&r)
        .iter()
        .map(|f| (f.name, f.shares))
        .collect();
    // dead, dying then saved, down and alive, fled, standing: quarters of the four fights.
    let q = |k: [u8; 5]| k.map(|k| f64::from(k) / 4.0);
    assert_eq!(
        shares,
        [
            ("a", q([2, 1, 0, 0, 1])),
            ("b", q([0, 0, 1, 0, 3])),
            ("y", q([1, 0, 1, 0, 2])),
            ("z", q([1, 0, 0, 1, 2])),
        ]
    );
    for (name, s) in &shares {
        assert_eq!(s.iter().sum::<f64>(), 1.0, "{name}");
    }
    // The dead segment's whisker is the interval of `death`.
    let a = &combatants::fates(&r)[0];
    assert_eq!(a.death.metric, "death.a");
    assert!(a.death.ci_low < 0.5 && a.death.ci_high > 0.5);
}

#[test]
fn the_cutoff_is_the_round_by_which_99_percent_of_fights_are_over() {
    let histogram = |counts: &[u64]| Distribution {
        name: "rounds".into(),
        kind: DistributionKind::Histogram,
        meta: Meta::trial(Role::Rounds, "rounds"),
        trials: counts.iter().sum(),
        points: (0..)
            .zip(counts)
            .map(|(x, &count)| DistPoint {
                x,
                count,
                rate: 0.0,
                ci_low: 0.0,
                ci_high: 0.0,
            })
            .collect(),
        onset: None,
    };
    use distribution::cutoff;
    // 99 of 100 over by round 3.
    assert_eq!(cutoff(&histogram(&[0, 50, 30, 19, 1])), Some(3));
    // 98 of 100 by round 3: round 4.
    assert_eq!(cutoff(&histogram(&[0, 50, 30, 18, 2])), Some(4));
    // Exactly 99% (198 of 200) counts as over.
    assert_eq!(cutoff(&histogram(&[0, 100, 97, 1, 2])), Some(3));
    // Every fight in round 1; none at all.
    assert_eq!(cutoff(&histogram(&[0, 7])), Some(1));
    assert_eq!(cutoff(&histogram(&[0, 0, 0])), None);
    // The four recorded fights took 2, 3, 1 and 5 rounds, the limit: with 1% of fights or
    // more at the limit, the cut is where 99% of the others are over.
    let r = recorded();
    let cut = distribution::round_cutoff(&r).unwrap();
    assert_eq!((cut.round, cut.limit), (3, Some((5, 0.25))));
    assert_eq!(
        cut.note(),
        "99% of the fights ending before the round limit are over by round 3; 25% reach round 5"
    );
    let hist = distribution::HistogramChart {
        name: "rounds".into(),
    };
    let texts = svg_texts(&chart_svg(&hist, &r)).join("|");
    assert!(texts.contains("|1|2|3|limit|"), "{texts}");
    assert!(
        texts.contains("rounds the fight took (limit: round 5)"),
        "{texts}"
    );
}

#[test]
fn first_death_chart_has_a_column_per_round_then_after_and_never() {
    let r = recorded();
    let charts = onset::charts(&r);
    let stems: Vec<String> = charts.iter().map(Chart::stem).collect();
    assert_eq!(stems, ["first_death", "first_down"], "deaths first");
    let svg = chart_svg(&charts[0], &r);
    let texts = svg_texts(&svg);
    let once = |text: &str| texts.iter().filter(|t| **t == text).count() == 1;
    for text in [
        "Recorded: round of the first death on each side",
        "party",
        "foes",
        "after",
        "never",
        "1",
        "3",
    ] {
        assert!(once(text), "{text:?} once in {texts:?}");
    }
    // Rounds stop at the cut (no first death came later): nothing past round 3.
    for t in &texts {
        if let Ok(v) = t.parse::<u64>() {
            assert!((1..=3).contains(&v), "{t} on the round axis");
        }
        assert!(!t.starts_with("&gt;"), "no later column: {t}");
    }
    // The tail columns carry their rates: the party's first death came after the fight in
    // one fight of four, never in two; the foes' after in one, never in three.
    let count = |text: &str| texts.iter().filter(|t| **t == text).count();
    assert_eq!(count("25%"), 2, "{texts:?}");
    assert!(count("50%") >= 1 && count("75%") >= 1, "{texts:?}");
    // A first fall cannot come after the fight: no "after" column there.
    let texts_down = svg_texts(&chart_svg(&charts[1], &r)).join("|");
    assert!(texts_down.contains("|never|") && !texts_down.contains("|after|"));
}

#[test]
fn rounds_past_the_cutoff_go_in_one_column() {
    let mut r = recorded();
    // 200 fights: 150 in round 1, 48 in round 2, 2 in round 5: 99% are over by round 2.
    let d = r
        .distributions
        .iter_mut()
        .find(|d| d.meta.role == Role::Rounds)
        .unwrap();
    for p in &mut d.points {
        p.count = match p.x {
            1 => 150,
            2 => 48,
            5 => 2,
            _ => 0,
        };
        p.rate = p.count as f64 / 200.0;
    }
    d.trials = 200;
    assert_eq!(distribution::round_cutoff(&r).map(|c| c.round), Some(2));
    let hist = distribution::HistogramChart {
        name: "rounds".into(),
    };
    let texts = svg_texts(&chart_svg(&hist, &r)).join("|");
    assert!(texts.contains("|1|2|&gt; 2|"), "{texts}");
    assert!(
        texts.contains("99% of fights are over by round 2"),
        "{texts}"
    );
    assert!(
        texts.split('|').any(|t| t == "1%"),
        "the later fights' share written: {texts}"
    );
    // The survival chart stops there too, and says what it shows.
    let svg = chart_svg(&distribution::SurvivalChart, &r);
    let texts = svg_texts(&svg);
    assert!(
        texts.contains(&"Recorded: chance each side still has someone standing after round k"),
        "{texts:?}"
    );
    let rounds: Vec<u64> = texts.iter().filter_map(|t| t.parse().ok()).collect();
    assert_eq!(rounds.iter().max(), Some(&2), "{texts:?}");
    // No first death came after round 2: the first-death chart has no "> 2" column; with
    // the party's first death in round 4 instead of 1, it has, its rates written (SVG text
    // escapes `>`).
    let texts = svg_texts(&chart_svg(&onset::charts(&r)[0], &r)).join("|");
    assert!(texts.contains("|1|2|after: in the aftermath|"), "{texts}");
    let d = r
        .distributions
        .iter_mut()
        .find(|d| d.name == "first_death.party")
        .unwrap();
    (d.points[1].count, d.points[4].count) = (0, 1);
    let texts = svg_texts(&chart_svg(&onset::charts(&r)[0], &r)).join("|");
    assert!(
        texts.contains("|1|2|&gt; 2|25%|0%|after: in the aftermath|"),
        "{texts}"
    );
    assert!(texts.contains("later in the fight"), "{texts}");
}

#[test]
fn a_fight_gets_the_gms_charts_in_page_order_with_captions() {
    let r = recorded();
    let dir = tempfile::tempdir().unwrap();
    render_all(&r, &mut Folder(dir.path().to_path_buf())).unwrap();
    let mut files: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let stems = [
        "combatants",
        "survival_curve",
        "rounds_histogram",
        "first_death",
        "first_down",
        "rates",
        "deaths.party_histogram",
        "deaths.foes_histogram",
    ];
    let mut expected: Vec<String> = stems
        .iter()
        .flat_map(|s| [format!("{s}.png"), format!("{s}.svg")])
        .collect();
    expected.sort();
    assert_eq!(files, expected);
    let notes = report_charts(&r);
    let order: Vec<&str> = notes.iter().map(|n| n.stem.as_str()).collect();
    assert_eq!(order, stems);
    let caption = |stem: &str| &notes.iter().find(|n| n.stem == stem).unwrap().caption;
    assert!(caption("combatants").contains("add up to 100%"));
    assert!(caption("survival_curve").contains("still has someone standing after round k"));
    assert!(caption("first_death").contains("“after”") && caption("first_death").contains("never"));
    let rounds = caption("rounds_histogram");
    assert!(
        rounds.contains("over by round 3; 25% reach round 5"),
        "{rounds}"
    );
}
