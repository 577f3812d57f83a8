//! Contests: closed forms for two sides, the doubling rule, sampled estimates within 4.5
//! standard errors of the exact dynamic programme, and validation messages.

use super::*;
use crate::sim;
use crate::systems::Scenario;

fn side(name: &str, resisting: bool, target: i64) -> Side {
    Side {
        name: name.into(),
        resisting,
        target,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn one_exchange_closed_form() {
    // Acting p = 0.7, resisting q = 0.6, one exchange: the actor wins on p(1−q); the
    // resister wins on (1−p)q and when both fail; both succeeding is unresolved.
    let c = Contest::new(vec![side("a", false, 14), side("r", true, 12)], 1, false);
    let e = c.exact().unwrap();
    assert!(close(e["win.a"], 0.7 * 0.4));
    assert!(close(e["win.r"], 0.3 * 0.6 + 0.3 * 0.4));
    assert!(close(e["unresolved"], 0.7 * 0.6));
    assert_eq!(e["draw"], 0.0);
}

#[test]
fn many_exchanges_closed_form() {
    // Two acting sides (same goal): both failing is a draw. With k exchanges the chance
    // of reaching exchange j is (pq)^(j−1).
    let (p, q) = (0.7f64, 0.6f64);
    let k = 5;
    let c = Contest::new(vec![side("a", false, 14), side("b", false, 12)], k, false);
    let e = c.exact().unwrap();
    let reach: f64 = (0..k).map(|j| (p * q).powi(j as i32)).sum();
    assert!(close(e["win.a"], p * (1.0 - q) * reach));
    assert!(close(e["win.b"], (1.0 - p) * q * reach));
    assert!(close(e["draw"], (1.0 - p) * (1.0 - q) * reach));
    assert!(close(e["unresolved"], (p * q).powi(k as i32)));
    assert!(close(
        e["win.a"] + e["win.b"] + e["draw"] + e["unresolved"],
        1.0
    ));
}

#[test]
fn sides_that_cannot_fail_double_their_rolls() {
    // Targets 24 and 30 cannot fail: rolls are doubled, so 2·d20 ≤ 24 (12 faces) and
    // 2·d20 ≤ 30 (15 faces).
    let c = Contest::new(vec![side("a", false, 24), side("b", true, 30)], 1, false);
    let e = c.exact().unwrap();
    assert!(close(e["win.a"], 0.6 * 0.25));
    assert!(close(e["win.b"], 0.4 * 0.75 + 0.4 * 0.25));
    // Only one cannot fail: no doubling unless asked for.
    let plain = Contest::new(vec![side("a", false, 10), side("b", true, 30)], 1, false);
    assert!(close(plain.exact().unwrap()["win.a"], 0.0));
    let asked = Contest::new(vec![side("a", false, 10), side("b", true, 30)], 1, true);
    assert!(close(asked.exact().unwrap()["win.a"], 0.25 * 0.25));
}

#[test]
fn sampled_contests_match_exact() {
    let n = if cfg!(debug_assertions) {
        200_000
    } else {
        2_000_000
    };
    let contests = [
        Contest::new(vec![side("a", false, 14), side("r", true, 12)], 10, false),
        Contest::new(vec![side("a", false, 14), side("b", false, 12)], 3, false),
        Contest::new(
            vec![
                side("a", false, 15),
                side("b", false, 13),
                side("c", true, 11),
            ],
            4,
            false,
        ),
        Contest::new(vec![side("a", false, 24), side("b", false, 10)], 6, true),
    ];
    for (i, c) in contests.iter().enumerate() {
        let tally = sim::run(
            &crate::systems::Alone(c),
            n,
            60 + i as u64,
            &sim::NoProgress,
        );
        let exact = c.exact().unwrap();
        let total: f64 = exact
            .iter()
            .filter(|(k, _)| !k.starts_with("exchanges"))
            .map(|(_, v)| v)
            .sum();
        assert!(close(total, 1.0), "endings sum to {total}");
        for row in oddsmith_core::stats::summarize(c.layout(), &tally, Some(&exact)) {
            let ex = row.exact.unwrap();
            if row.metric == "exchanges.mean" {
                let se = f64::from(c.max_exchanges) / 2.0 / (n as f64).sqrt();
                assert!((row.estimate - ex).abs() <= 4.5 * se, "{}", row.metric);
            } else if row.metric.starts_with("exchanges") {
                assert!(
                    row.ci_low <= ex && ex <= row.ci_high,
                    "{}: {row:?} vs {ex}",
                    row.metric
                );
            } else {
                let se = (ex * (1.0 - ex) / n as f64).sqrt();
                assert!(
                    (row.estimate - ex).abs() <= 4.5 * se,
                    "contest {i} {}: {} vs {ex}",
                    row.metric,
                    row.estimate
                );
            }
        }
    }
}

fn load(body: &str) -> Result<Scenario, String> {
    let text = format!("name = \"t\"\nsystem = \"gods-and-monsters\"\n[contest]\n{body}");
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

#[test]
fn bad_contests_name_line_and_key() {
    let a = "[[contest.side]]\nname = \"a\"\nscore = 10\n";
    assert!(
        load(&format!(
            "{a}[[contest.side]]\nname = \"b\"\nrole = \"resisting\"\nscore = 9\n"
        ))
        .is_ok()
    );
    for (body, expected) in [
        (
            a.to_string(),
            "a contest needs 2 to 8 [[contest.side]] tables",
        ),
        (
            format!("{a}{a}"),
            "t.scenario:8:8: `contest.side.name`: \"a\" is used twice",
        ),
        (
            format!("{a}[[contest.side]]\nname = \"b\"\nrole = \"defending\"\nscore = 9\n"),
            "t.scenario:9:8: `contest.side.role`: \"defending\" is not allowed; allowed: \"acting\", \"resisting\"",
        ),
        (
            format!("max_exchanges = 0\n{a}[[contest.side]]\nname = \"b\"\nscore = 9\n"),
            "t.scenario:4:17: `contest.max_exchanges`: 0 is out of range",
        ),
        (
            format!("{a}[[contest.side]]\nname = \"b\"\nscore = 9\ndifficulty = \"meh\"\n"),
            "`contest.side.difficulty`: \"meh\" is not allowed",
        ),
        (
            format!("{a}[[contest.side]]\nname = \"b\"\nscore = 9\nmojo = 2\n"),
            "t.scenario:10:1: `contest.side.mojo`: unknown field `mojo`",
        ),
    ] {
        let err = load(&body).unwrap_err();
        assert!(
            err.contains(expected),
            "{body:?}:\n{err}\nexpected: {expected}"
        );
    }
}
