//! Unbound Legends fights: a one-on-one duel solved exactly by dynamic programming over both
//! combatants' (Vitality + Health, AP left), once with Passive Armor and once with the PC
//! dodging whenever it can pay, estimates within 4.5 standard errors ([`dp`]); rounds traced
//! with scripted dice (order, a Dodge, the reset, a death save, a parry, first aid:
//! [`replay`]); the AP accounting; a fight nobody can win; bad input named by line and key.

mod dp;
mod replay;

use super::Conflict;
use crate::systems::{LoadedSystem, Scenario, SystemKind, scenario_text};
use crate::testing::{rows, within};
use dp::duel;
use replay::TRACED;

pub(super) fn load(body: &str) -> Result<Scenario, String> {
    let text = scenario_text(SystemKind::UnboundLegends, body);
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

fn fight_of(s: Scenario) -> Conflict {
    match s.system {
        LoadedSystem::UnboundLegends(super::super::Loaded::Conflict(c)) => *c,
        _ => panic!("not a fight"),
    }
}

pub(super) fn conflict(body: &str) -> Conflict {
    fight_of(load(body).unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn ap_by_kind_adds_up_to_the_ap_of_each_round() {
    // Set AP and no Dodge: the four means add up to the AP exactly.
    let kinds = ["ap_attack", "ap_defense", "ap_other", "ap_unspent"];
    let r = rows(&conflict(&duel(false)), 20_000, 5);
    let sum: f64 = kinds
        .iter()
        .map(|k| r[&format!("{k}.hero.mean")].estimate)
        .sum();
    assert!((sum - 12.0).abs() < 1e-9, "{sum}");
    // The ogre fight: the monster's set AP is 14.
    let ogre = Scenario::load(&crate::testing::shipped("ogre_in_the_mill")).unwrap();
    let r = rows(&fight_of(ogre), 20_000, 6);
    let sum: f64 = kinds
        .iter()
        .map(|k| r[&format!("{k}.Mill Ogre.mean")].estimate)
        .sum();
    assert!((sum - 14.0).abs() < 1e-9, "{sum}");
}

#[test]
fn a_fight_nobody_can_win_is_a_stalemate() {
    let body = r#"
[run]
max_rounds = 7
[[combatant]]
name = "a"
side = "x"
ap = 4
vitality = 1
health = 1
passive_armor = 10
attacks = [{ damage = "1d4", type = "bludgeoning" }]
[[combatant]]
name = "b"
side = "y"
ap = 20
vitality = 1
health = 1
passive_armor = 10
"#;
    let r = rows(&conflict(body), 1_000, 1);
    assert_eq!(r["stalemate"].estimate, 1.0);
    assert_eq!(r["rounds.mean"].estimate, 7.0);
    assert_eq!(r["ap_unspent.b.mean"].estimate, 20.0);
}

#[test]
fn bad_fights_name_line_and_key() {
    load(TRACED).unwrap();
    for (from, to, expected) in [
        (
            "skill_rank = 1 }",
            "skill_rank = 5 }",
            "`combatant.Vessa.attacks.skill_rank`: 5 is out of range; allowed: an integer from 0 to 4",
        ),
        (
            "side = \"goblins\"",
            "side = \"party\"",
            "`combatant.side`: every combatant is on side \"party\"; a fight needs at least two sides",
        ),
        (
            "ap = 6\n",
            "ap = 6\nvitality_die = \"d8\"\n",
            "`combatant.Aldo.ap`: give either a set `ap`",
        ),
        (
            "ap = 6\n",
            "",
            "`combatant.Aldo.ap`: \"Aldo\" needs its Action Points",
        ),
        (
            "defense.dodge = { bonus = 10, rank = 1 }",
            "",
            "`combatant.Vessa.defend`: defend = \"dodge\" needs its entry: defense.dodge",
        ),
        (
            "\"piercing\"",
            "\"stabbing\"",
            "`combatant.Vessa.attacks.type`: \"stabbing\" is not a damage type; allowed (L396–405): \"acid\"",
        ),
        (
            "armor = \"light\"",
            "armor = \"leather\"",
            "`combatant.Vessa.armor`: \"leather\" is not allowed; allowed: \"none\", \"unarmored\", \
             \"light\", \"medium\", \"heavy\"",
        ),
        (
            "kind = \"monster\"",
            "kind = \"beast\"",
            "`combatant.Goblin.kind`: \"beast\" is not allowed; allowed: \"pc\", \"villain\", \"monster\"",
        ),
        (
            "ap = 10\n",
            "ap = 10\ntarget = \"Gandalf\"\n",
            "`combatant.target`: \"Gandalf\" names nobody; allowed: \"random\", \"weakest\", \
             \"focus\" or a foe's name (\"Vessa\", \"Aldo\")",
        ),
        (
            "health = 3\npassive_armor = 12\nattacks = [{ name = \"mace\"",
            "health = 0\npassive_armor = 12\nattacks = [{ name = \"mace\"",
            "`combatant.Aldo.health`: 0 is out of range; allowed: an integer from 1 to 100000",
        ),
        (
            "vitality = 4",
            "vitality = 4\nresist = [\"holy\"]",
            "`combatant.Goblin.resist`: \"holy\" is neither a damage type nor a source",
        ),
    ] {
        assert!(TRACED.contains(from), "{from}");
        let err = load(&TRACED.replacen(from, to, 1)).unwrap_err();
        assert!(
            err.contains(expected) && err.starts_with("t.scenario:"),
            "{to}\n{err}\nexpected: {expected}"
        );
    }
    let err = load("[run]\nmax_rounds = 5\n[check]\ntarget = 10\n").unwrap_err();
    assert!(err.contains("`run.max_rounds`"), "{err}");
    for (more, expected) in [
        (
            "[aftermath]\nallies = \"heal\"\n",
            "`aftermath.allies`: \"heal\" is not allowed; allowed: \"tend\", \"leave\", \
             \"stabilise\"",
        ),
        (
            "[aftermath]\nfoes = \"eat\"\n",
            "`aftermath.foes`: \"eat\" is not allowed; allowed: \"leave\", \"tend\", \"finish\"",
        ),
        ("[aftermath]\nanguish_out = \"dead\"\n", "anguish_out"),
        (
            "[rules]\nwinners_stabilise = true\n",
            "`rules.winners_stabilise`: moved to [aftermath]: write allies = \"stabilise\" there",
        ),
    ] {
        let err = load(&format!("{TRACED}\n{more}")).unwrap_err();
        assert!(err.contains(expected), "{more}\n{err}");
    }
    let err = load("[check]\ntarget = 10\n[aftermath]\nfoes = \"tend\"\n").unwrap_err();
    assert!(
        err.contains("`aftermath`: [aftermath] belongs to a fight"),
        "{err}"
    );
}

/// The fights under each `allies` choice: the fighting is the same (its rates agree within
/// 4.5 SE), only the aftermath differs. Without `first_aid` tending is leaving, the same
/// numbers from the same seed; with it (Aldo gives first aid in the fight too), and with free
/// stabilisation, fewer of the party die.
/// (Exact values: `dp::the_duels_aftermath_matches_the_recursion`.)
#[test]
fn the_allies_choice_changes_only_the_aftermath() {
    type Rows = std::collections::HashMap<String, oddsmith_core::stats::MetricRow>;
    let run = |allies: &str, first_aid: bool| {
        let mut body = TRACED.replacen("ap = 6\n", "ap = 16\n", 1);
        if first_aid {
            body = body.replacen("ap = 16\n", "ap = 16\nfirst_aid = 3\n", 1);
        }
        rows(
            &conflict(&format!("{body}\n[aftermath]\nallies = \"{allies}\"\n")),
            100_000,
            7,
        )
    };
    let same_fight = |a: &Rows, b: &Rows| {
        for key in ["dying.Vessa", "dead_in_fight.Vessa", "win.party"] {
            within(&a[key], b[key].estimate);
        }
    };
    let (leave, tend) = (run("leave", true), run("tend", true));
    let (bare_leave, bare_tend, free) = (
        run("leave", false),
        run("tend", false),
        run("stabilise", false),
    );
    same_fight(&tend, &leave);
    same_fight(&bare_tend, &bare_leave);
    same_fight(&free, &bare_leave);
    // `a` below `b` by more than 4.5 standard errors of the difference.
    let below = |a: &oddsmith_core::stats::MetricRow, b: &oddsmith_core::stats::MetricRow| {
        let se = |r: &oddsmith_core::stats::MetricRow| (r.ci_high - r.ci_low) / (2.0 * 1.96);
        let margin = 4.5 * (se(a).powi(2) + se(b).powi(2)).sqrt();
        assert!(
            a.estimate < b.estimate - margin,
            "{} {} vs {}",
            a.metric,
            a.estimate,
            b.estimate
        );
    };
    fn saved(r: &Rows) -> &oddsmith_core::stats::MetricRow {
        &r["saved.Vessa"]
    }
    assert_eq!(
        bare_tend["death.Vessa"].estimate,
        bare_leave["death.Vessa"].estimate
    );
    below(saved(&leave), saved(&tend));
    below(saved(&bare_leave), saved(&free));
    below(&free["death.Vessa"], &bare_leave["death.Vessa"]);
}
