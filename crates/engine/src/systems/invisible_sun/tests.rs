//! Invisible Sun beyond one roll: retries, defense and attack rolls against an NPC and
//! ongoing actions, each against hand-derived closed forms, sampled within 4.5 standard
//! errors of exact, and read from scenario text with bad input refused.

use super::Loaded;
use super::ongoing::OngoingAction;
use crate::systems::{Dispatch, LoadedSystem, RuleSystem, Scenario, Trial, Visit};
use crate::testing::{rows, within};
use oddsmith_core::stats::ExactValues;

fn load(body: &str) -> Result<Loaded, String> {
    let text = format!("name = \"t\"\nsystem = \"invisible-sun\"\n{body}");
    match Scenario::from_text("t.scenario", &text)
        .map_err(|e| e.to_string())?
        .system
    {
        LoadedSystem::InvisibleSun(l) => Ok(l),
        _ => unreachable!(),
    }
}

/// The exact values of a loaded shape.
struct Exact;
impl Visit for Exact {
    type Output = ExactValues;
    fn visit<S: RuleSystem>(self, s: &S) -> ExactValues {
        s.exact().expect("every roll shape has exact values")
    }
}

/// Every exact rate and mean of a loaded shape against a seeded run; quantiles within one
/// step of their sampled interval.
struct Sampled(u64, u64);
impl Visit for Sampled {
    type Output = usize;
    fn visit<S: RuleSystem>(self, s: &S) -> usize {
        let exact = s.exact().expect("exact values");
        let rows = rows(s, self.0, self.1);
        let mut checked = 0;
        for (name, row) in &rows {
            let Some(&e) = exact.get(name) else { continue };
            if [".median", ".p90", ".p99"]
                .iter()
                .any(|q| name.ends_with(q))
            {
                assert!(
                    row.ci_low - 1.0 <= e && e <= row.ci_high + 1.0,
                    "{name}: {} [{}, {}] vs exact {e}",
                    row.estimate,
                    row.ci_low,
                    row.ci_high
                );
            } else {
                within(row, e);
            }
            checked += 1;
        }
        checked
    }
}

fn exact(body: &str) -> ExactValues {
    load(body).unwrap().dispatch(Exact)
}

fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-12, "{a} vs {b}");
}

#[test]
fn two_success_dodge_with_one_magic_die_is_p_squared() {
    // Level 5 + 1 against venture 2: needed 4, p = 0.6 per die; both dice must succeed.
    let e = exact(
        "[defense]\nnpc_level = 5\nnpc_modifier = 1\nskill = 2\nmagic_dice = 1\nsuccesses = 2\n\
         armor = 2\n",
    );
    close(e["success"], 0.36);
    // A failure takes 5 − 2 = 3 Injuries.
    close(e["injuries.mean"], 0.64 * 3.0);
    // Without a magic die a magical attack cannot be avoided (L51–52, L62).
    let e = exact("[defense]\nnpc_level = 1\nskill = 5\nsuccesses = 2\n");
    close(e["success"], 0.0);
    close(e["injuries.mean"], 1.0);
}

#[test]
fn resist_ignores_armor_and_scourges_cost_venture() {
    // L191: Armor does not protect against mental damage. Needed 6 − (3 − 2) = 5: p = 0.5.
    let e =
        exact("[defense]\nkind = \"resist\"\nnpc_level = 6\nskill = 3\nscourges = 2\narmor = 4\n");
    close(e["success"], 0.5);
    close(e["injuries.mean"], 3.0);
    let e = exact(
        "[defense]\nkind = \"withstand\"\nnpc_level = 6\nskill = 3\nscourges = 2\narmor = 4\n",
    );
    close(e["injuries.mean"], 1.0);
}

#[test]
fn bene_for_effect_adds_two_damage_a_level() {
    // Level 4 + Dodge 1 against skill 1 + tools 1: needed 3, p = 0.7. Effect level 3 with
    // Expansive Endeavor: 4 + 6 − Armor 1 = 9 on a hit (L94).
    let e = exact(
        "[attack]\nnpc_level = 4\nskill = 1\ntools = 1\ndamage = 4\nnpc_armor = 1\n\
         effect_level = 3\nexpansive_endeavor = true\n",
    );
    close(e["success"], 0.7);
    close(e["damage.mean"], 0.7 * 9.0);
    // No effect, Armor above the damage: nothing gets through.
    let e = exact("[attack]\nnpc_level = 4\ndamage = 2\nnpc_armor = 3\n");
    close(e["damage.mean"], 0.0);
}

#[test]
fn helper_skill_adds_the_greater_of_one_and_the_skill() {
    // L145–146: challenge 6, skill 1; a helper of skill 0 or 1 adds 1, of skill 3 adds 3.
    for (helper, p) in [(0, 0.6), (1, 0.6), (3, 0.8)] {
        let e = exact(&format!(
            "[check]\nchallenge = 6\nskill = 1\nhelper_skill = {helper}\n"
        ));
        close(e["success"], p);
    }
    let e = exact("[check]\nchallenge = 9\nskill = 1\nhelper_skill = 3\n");
    close(e["success"], 0.5);
}

#[test]
fn tries_follow_their_closed_forms() {
    // Needed 6 on one die: p = 0.4. Within k tries 1 − 0.6^k; retry bene Σ_{j=1}^{k−1} 0.6^j
    // in Narrative Mode, none in Action Mode.
    for k in [2, 3, 7] {
        for (mode, paid) in [("action", 0.0), ("narrative", 1.0)] {
            let e = exact(&format!(
                "[check]\nchallenge = 6\ntries = {k}\nmode = \"{mode}\"\n"
            ));
            close(e["success"], 1.0 - 0.6f64.powi(k));
            close(e["first_try"], 0.4);
            let retries: f64 = (1..k).map(|j| 0.6f64.powi(j)).sum();
            close(e["tries.mean"], 1.0 + retries);
            close(e["retry_bene.mean"], paid * retries);
            close(e["flux"], 0.0);
        }
    }
    // One magic die, needed 5, two tries: no flux on either try is a + c·a + c².
    let e = exact("[check]\nchallenge = 5\nmagic_dice = 1\ntries = 2\n");
    // Per try: success 1 − 0.5² = 0.75; flux 0.1 (always a failed magic die); success with
    // flux = mundane hit and magic 0 = 0.05; failure with flux 0.05; failure without 0.2.
    let (a, c) = (0.70, 0.20);
    close(e["flux"], 1.0 - (a + c * a + c * c));
    close(e["success"], 1.0 - 0.25f64.powi(2));
}

#[test]
fn one_try_is_todays_action_roll() {
    // `tries = 1` (or none) keeps the one-roll shape and its metrics.
    assert!(matches!(
        load("[check]\nchallenge = 6\ntries = 1\nmode = \"narrative\"\n").unwrap(),
        Loaded::Check(_)
    ));
    assert!(matches!(
        load("[check]\nchallenge = 6\ntries = 2\n").unwrap(),
        Loaded::Retry(_)
    ));
}

fn ongoing(body: &str) -> OngoingAction {
    match load(&format!("[ongoing]\n{body}")).unwrap() {
        Loaded::Ongoing(o) => *o,
        _ => unreachable!(),
    }
}

#[test]
fn ongoing_increments_are_a_capped_negative_binomial() {
    // Needed 7 − 2 = 5: p = 0.5. P(n + f increments) = C(n+f−1, f)·pⁿ·(1−p)^f.
    let o = ongoing("challenge = 7\nskill = 2\nrolls_needed = 4\nmax_increments = 10\n");
    let (taken, done_at) = o.increment_chances();
    let binom =
        |n: u64, k: u64| -> f64 { (0..k).map(|i| (n - i) as f64 / (i + 1) as f64).product() };
    for f in 0..=6u64 {
        close(
            done_at[4 + f as usize],
            binom(3 + f, f) * 0.5f64.powi(4 + f as i32),
        );
    }
    // Unfinished after 10 increments: fewer than 4 successes in 10 rolls.
    let unfinished: f64 = (0..4).map(|s| binom(10, s) * 0.5f64.powi(10)).sum();
    close(taken[10], done_at[10] + unfinished);
    close(taken.iter().sum::<f64>(), 1.0);
    let e = o.exact().unwrap();
    close(e["completed"], 1.0 - unfinished);
    // Each increment lasts lowest_duration / n = 1 increment by default: time = increments.
    close(e["time.mean"], e["increments.mean"]);
    close(e["over_budget"], 1.0 - 0.5f64.powi(4));
    close(e["done_within.4"], 0.5f64.powi(4));
    close(e["cost.mean"], 0.0);
}

#[test]
fn ongoing_flux_and_cost() {
    // Needed 5 with one magic die, one success: per roll success 0.75, flux 0.1 (a failed
    // magic die); one roll needed: the project rolls once per increment until it succeeds.
    let o = ongoing(
        "challenge = 5\nmagic_dice = 1\nrolls_needed = 1\nlowest_duration = 3\n\
         total_cost = 10\nmax_increments = 1000\n",
    );
    let e = o.exact().unwrap();
    // Increments geometric with p = 0.75: mean 4/3.
    close(e["increments.mean"], 4.0 / 3.0);
    close(e["time.mean"], 4.0);
    close(e["cost.mean"], 40.0 / 3.0);
    close(e["fluxes.mean"], 0.1 * 4.0 / 3.0);
    // No flux: the first success comes flux-free (0.70) after flux-free failures (0.20 each).
    close(e["flux"], 1.0 - 0.70 / (1.0 - 0.20));
}

#[test]
fn sampled_estimates_agree_with_exact() {
    let cases = [
        "[check]\nchallenge = 8\nskill = 2\nmagic_dice = 2\nsuccesses = 2\ntries = 4\n\
         mode = \"narrative\"\n",
        "[check]\nchallenge = 6\nhelper_skill = 2\nmagic_dice = 1\ntries = 3\n",
        "[defense]\nkind = \"dodge\"\nnpc_level = 5\nskill = 1\nmagic_dice = 1\nsuccesses = 2\n\
         armor = 1\nbene = 1\n",
        "[defense]\nkind = \"resist\"\nnpc_level = 7\nnpc_modifier = 2\nskill = 3\nscourges = 1\n\
         magic_dice = 2\nsuccesses = 2\n",
        "[attack]\nnpc_level = 5\nnpc_dodge = 2\nskill = 2\ntools = 2\ndamage = 6\n\
         npc_armor = 2\neffect_level = 2\nexpansive_endeavor = true\nmagic_dice = 1\n",
        "[ongoing]\nchallenge = 7\nskill = 1\ntools = 1\nrolls_needed = 4\nlowest_duration = 8\n\
         duration_unit = \"week\"\ntotal_cost = 400\nwithin = [4, 6, 8, 12]\n",
        "[ongoing]\nchallenge = 9\nskill = 1\nmagic_dice = 2\nrolls_needed = 5\n\
         max_increments = 12\ntotal_cost = 7\n",
    ];
    for (i, body) in cases.iter().enumerate() {
        let checked = load(body)
            .unwrap()
            .dispatch(Sampled(300_000, 40 + i as u64));
        assert!(checked >= 5, "{body}: only {checked} metrics compared");
    }
}

#[test]
fn bad_input_names_line_key_and_what_is_allowed() {
    let cases = [
        (
            "[attack]\nnpc_level = 4\ndamage = 4\nbene = 1\neffect_level = 1\n",
            "t.scenario:7:16: `attack.effect_level`: bene can go on the venture or for effect",
        ),
        (
            "[attack]\nnpc_level = 4\ndamage = 4\neffect_level = 2\n",
            "t.scenario:6:16: `attack.effect_level`: effect level 2 needs the Expansive Endeavor",
        ),
        (
            "[attack]\nnpc_level = 4\ndamage = 4\neffect_level = 5\nexpansive_endeavor = true\n",
            "`attack.effect_level`: 5 is out of range; allowed: 0 or 1; up to 4 with `expansive_endeavor = true`",
        ),
        (
            "[check]\nchallenge = 4\nhelp = 1\nhelper_skill = 2\n",
            "t.scenario:6:16: `check.helper_skill`: `help` and `helper_skill` both describe",
        ),
        (
            "[defense]\nnpc_level = 18\n",
            "t.scenario:4:13: `defense.npc_level`: 18 is out of range; allowed: an integer from 0 to 17",
        ),
        (
            "[defense]\nskill = 1\n",
            "t.scenario:3:1: `defense.npc_level`: missing",
        ),
        (
            "[defense]\nnpc_level = 3\nkind = \"parry\"\n",
            "`defense.kind`: \"parry\" is not allowed; allowed: \"dodge\", \"resist\", \"withstand\"",
        ),
        ("[attack]\nnpc_level = 3\n", "`attack.damage`: missing"),
        (
            "[check]\nchallenge = 4\nmode = \"slow\"\n",
            "`check.mode`: \"slow\" is not allowed; allowed: \"action\", \"narrative\"",
        ),
        (
            "[check]\nchallenge = 4\ntries = 0\n",
            "`check.tries`: 0 is out of range",
        ),
        (
            "[ongoing]\nchallenge = 4\nrolls_needed = 3\nwithin = [2, 0]\n",
            "`ongoing.within`: 0 is out of range",
        ),
        (
            "[ongoing]\nchallenge = 4\n",
            "`ongoing.rolls_needed`: missing",
        ),
        (
            "[check]\nchallenge = 4\n[attack]\nnpc_level = 3\ndamage = 2\n",
            "t.scenario:5:1: `attack`: a scenario describes one thing, and this one already has `check`",
        ),
        (
            "[run]\nmax_rounds = 5\n[check]\nchallenge = 4\n",
            "`run.max_rounds`: an invisible-sun roll has no rounds",
        ),
        (
            "[defense]\nnpc_level = 3\nwounds = 1\n",
            "unknown field `wounds`",
        ),
    ];
    for (body, expected) in cases {
        let err = load(body).unwrap_err();
        assert!(
            err.contains(expected),
            "for {body:?}:\n{err}\nexpected: {expected}"
        );
    }
}
