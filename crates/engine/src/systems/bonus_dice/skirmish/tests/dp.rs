//! The duel of [`super::solver`] sampled: every reported rate and mean within 4.5 standard
//! errors of the exact value at 10⁶ fights.

use super::skirmish;
use super::solver::{DUEL, solve};
use crate::testing::{rows, within};

#[test]
fn a_duel_matches_the_dynamic_programme() {
    let (o, left) = solve();
    assert!(left < 1e-12, "{left}");
    assert!(
        (o.hero_wins + o.brute_wins + left - 1.0).abs() < 1e-9,
        "{o:?}"
    );
    let s = skirmish(DUEL);
    // The exact walk ([`crate::combat::exact`]) equals the programme to 1e-9.
    let e = crate::combat::exact::exact_values(&s, &crate::combat::exact::Limits::DEFAULT)
        .unwrap_or_else(|stop| panic!("{stop}"));
    for (metric, want) in [
        ("win.party", o.hero_wins),
        ("win.monsters", o.brute_wins),
        ("shock.hero", o.brute_wins),
        ("down.brute", o.hero_wins),
        ("dying.hero", o.brute_wins),
        ("death.hero", o.brute_wins),
        ("death.brute", o.hero_wins),
        ("wounded.hero", o.hero_wounded),
        ("wounded.brute", o.brute_wounded),
        ("winded.hero", o.ever_winded),
        ("rounds.mean", o.rounds),
        ("winded_rounds.hero.mean", o.winded_rounds),
        ("vigor_spent.hero.mean", o.vigor_spent),
        ("stalemate", left),
    ] {
        let got = e[metric];
        assert!(
            (got - want).abs() < 1e-9,
            "{metric}: walked {got}, programme {want}"
        );
    }
    let r = rows(&s, 1_000_000, 17);
    within(&r["win.party"], o.hero_wins);
    within(&r["win.monsters"], o.brute_wins);
    within(&r["shock.hero"], o.brute_wins);
    within(&r["down.brute"], o.hero_wins);
    // One on one, the loser is in Shock when the fight ends: dying, and nobody can stabilise
    // it (no `medicine`), so it dies in the aftermath (002:75).
    within(&r["dying.hero"], o.brute_wins);
    within(&r["death.hero"], o.brute_wins);
    within(&r["death.brute"], o.hero_wins);
    within(&r["pyrrhic.party"], 0.0);
    within(&r["wounded.hero"], o.hero_wounded);
    within(&r["wounded.brute"], o.brute_wounded);
    within(&r["winded.hero"], o.ever_winded);
    within(&r["rounds.mean"], o.rounds);
    within(&r["winded_rounds.hero.mean"], o.winded_rounds);
    within(&r["vigor_spent.hero.mean"], o.vigor_spent);
    for k in [
        "saved.hero",
        "dead_in_fight.hero",
        "stalemate",
        "draw",
        "winded.brute",
    ] {
        assert_eq!(r[k].estimate, 0.0, "{k}");
    }
    // Every feature the duel is for happens often enough to matter.
    for (what, p) in [
        ("hero wins", o.hero_wins),
        ("hero Wounded", o.hero_wounded),
        ("brute Wounded", o.brute_wounded),
        ("hero Winded", o.ever_winded),
    ] {
        assert!(p > 0.05 && p < 0.95, "{what}: {p}");
    }
}
