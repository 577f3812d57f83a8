//! Bonus-dice rolls: the seed's worked numbers replayed with scripted dice, exact values
//! against sums written out independently, sampled estimates within 4.5 standard errors of
//! exact for many configurations, and bad input named by line and key.

use super::Loaded;
use super::attack::{Approach, Cover, Defender, Size, guard};
use super::check::{Visibility, total_table};
use super::dice::{BonusDice, Burst};
use super::rules::{BehindHalves, Rules};
use crate::sim;
use crate::systems::{Alone, LoadedSystem, Scenario, SystemKind, Trial, scenario_text};
use crate::testing::Scripted;
use oddsmith_core::dice::StepDie;
use oddsmith_core::stats::{ExactValues, MetricKind, summarize};

fn load(body: &str) -> Result<Loaded, String> {
    let text = scenario_text(SystemKind::BonusDice, body);
    let s = Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())?;
    match s.system {
        LoadedSystem::BonusDice(l) => Ok(l),
        other => panic!("not a bonus-dice scenario: {other:?}"),
    }
}

/// Every reported row of `s` sampled `n` times lies within 4.5 standard errors of its exact
/// value (rates: √(p(1−p)/n); means and quantiles: their own interval's standard error, at
/// least one unit for quantiles, which move in whole steps).
fn sampled_matches_exact<S: Trial>(s: &S, n: u64, seed: u64) {
    let exact: ExactValues = s.exact().expect("exact values");
    let tally = sim::run(&Alone(s), n, seed, &sim::NoProgress);
    assert_eq!(tally.trials(), n);
    for row in summarize(s.layout(), &tally, Some(&exact)) {
        let Some(e) = row.exact else {
            panic!("{} has no exact value", row.metric)
        };
        let se = match row.kind {
            MetricKind::Rate => (e * (1.0 - e) / n as f64).sqrt(),
            MetricKind::Quantile(_) => ((row.ci_high - row.ci_low) / (2.0 * 1.96)).max(1.0),
            _ => (row.ci_high - row.ci_low) / (2.0 * 1.96),
        };
        assert!(
            (row.estimate - e).abs() <= 4.5 * se + 1e-12,
            "{}: {} vs exact {e} (se {se})",
            row.metric,
            row.estimate
        );
    }
}

fn sampled_matches_exact_loaded(l: &Loaded, n: u64, seed: u64) {
    match l {
        Loaded::Check(s) => sampled_matches_exact(s, n, seed),
        Loaded::Attack(s) => sampled_matches_exact(s.as_ref(), n, seed),
        Loaded::Damage(s) => sampled_matches_exact(s, n, seed),
        Loaded::Skirmish(_) | Loaded::Day(_) => {
            panic!("fights are tested in skirmish/tests.rs, days in day/tests.rs")
        }
    }
}

fn exact(l: &Loaded) -> ExactValues {
    match l {
        Loaded::Check(s) => s.exact(),
        Loaded::Attack(s) => s.exact(),
        Loaded::Damage(s) => s.exact(),
        Loaded::Skirmish(_) | Loaded::Day(_) => None,
    }
    .expect("exact values")
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

fn approach() -> Approach {
    Approach {
        size: Size::Medium,
        ranged: false,
        point_blank: false,
        behind_unaware: false,
        visibility: Visibility::Normal,
    }
}

fn defender() -> Defender {
    Defender {
        guard_bonus: 0,
        size: Size::Medium,
        cover: Cover::None,
        prone: false,
    }
}

#[test]
fn guard_follows_the_seeds_examples() {
    let rules = Rules::default();
    assert_eq!(guard(&approach(), &defender(), &rules).value, 15); // 002:17
    // 002:36: "a surprise attack from behind must beat a Guard of 8, rather than 15".
    let behind = Approach {
        behind_unaware: true,
        ..approach()
    };
    assert_eq!(guard(&behind, &defender(), &rules).value, 8);
    // 002:87: a mouse's Guard is +10 against a human; a human's +20 against a colossus.
    let mouse = Defender {
        size: Size::Tiny,
        ..defender()
    };
    assert_eq!(guard(&approach(), &mouse, &rules).value, 25);
    let colossus = Approach {
        size: Size::Colossal,
        ..approach()
    };
    assert_eq!(guard(&colossus, &defender(), &rules).value, 35);
    // The smaller attacker gains nothing against the larger target.
    assert_eq!(
        guard(
            &approach(),
            &Defender {
                size: Size::Huge,
                ..defender()
            },
            &rules
        )
        .value,
        15
    );
    // Behind halves the total, or only the base when read so: ⌈(15 + 10)/2⌉ = 13; 8 + 10.
    let colossus_behind = Approach {
        size: Size::Huge,
        behind_unaware: true,
        ..approach()
    };
    assert_eq!(guard(&colossus_behind, &defender(), &rules).value, 13);
    let base = Rules {
        behind_halves: BehindHalves::Base,
        ..rules
    };
    assert_eq!(guard(&colossus_behind, &defender(), &base).value, 18);
    // Ranged: cover as written (002:94–96), visibility (002:90–92), prone (002:39).
    let ranged = Approach {
        ranged: true,
        visibility: Visibility::Low,
        ..approach()
    };
    for (cover, g, ar) in [
        (Cover::None, 25, 0),
        (Cover::Light, 35, 0),
        (Cover::Partial, 28, 5),
        (Cover::Full, 30, 10),
    ] {
        let d = Defender {
            cover,
            prone: true,
            ..defender()
        };
        let got = guard(&ranged, &d, &rules);
        assert_eq!((got.value, got.cover_armor, got.challenges), (g, ar, 1));
        // In melee, cover, visibility and prone count for nothing.
        let melee = guard(&approach(), &d, &rules);
        assert_eq!(
            (melee.value, melee.cover_armor, melee.challenges),
            (15, 0, 0)
        );
    }
    let zero = |point_blank| Approach {
        ranged: true,
        point_blank,
        visibility: Visibility::Zero,
        ..approach()
    };
    assert_eq!(guard(&zero(false), &defender(), &rules).value, 30);
    assert_eq!(guard(&zero(true), &defender(), &rules).value, 15);
}

#[test]
fn scripted_bursts_chain_without_a_cap() {
    // A d8 showing 8, 8, 8, 3 bursts three times: 27; the next die shows 5.
    let dice = BonusDice::new(2, StepDie::D8, Burst::Recursive);
    assert_eq!(
        dice.roll(&mut Scripted::new().faces(8, [8, 8, 8, 3, 5])),
        (32, true)
    );
    // Forty bursts in a row are kept (the shared exploding die would stop at 64 rolls).
    let mut long = vec![4; 200];
    long.push(1);
    let d4 = BonusDice::new(1, StepDie::D4, Burst::Recursive);
    assert_eq!(d4.roll(&mut Scripted::new().faces(4, long)), (801, true));
    // Once: the added die does not burst again; none: a maximum adds nothing.
    let once = BonusDice::new(1, StepDie::D8, Burst::Once);
    assert_eq!(once.roll(&mut Scripted::new().faces(8, [8, 8])), (16, true));
    let none = BonusDice::new(1, StepDie::D8, Burst::None);
    assert_eq!(none.roll(&mut Scripted::new().faces(8, [8])), (8, true));
    assert_eq!(none.roll(&mut Scripted::new().faces(8, [7])), (7, false));
}

#[test]
fn a_dodge_tie_goes_to_the_attacker() {
    // 002:18: d20 15 + nothing against Guard 14; the Dodge shows 15 too: the strike hits.
    let l =
        load("[attack]\n[attack.target]\nguard_bonus = 0\n[attack.dodge]\nvigor = 10\n").unwrap();
    let Loaded::Attack(a) = l else { panic!() };
    let a = super::attack::AttackRoll::new(
        a.dice,
        super::attack::Guard {
            value: 14,
            ..a.guard
        },
        a.dodge,
        None,
        Vec::new(),
        1,
    );
    let mut vigor = 10;
    let s = a.swing(&mut Scripted::new().d20s([15, 15]), &mut vigor);
    assert!(s.beats && s.dodged && s.hit && s.dodge_total_beaten);
    assert_eq!(vigor, 5);
    // One higher dodges it; another 5 Vigor leaves the target Winded at 0 (002:43).
    let s = a.swing(&mut Scripted::new().d20s([15, 16]), &mut vigor);
    assert!(s.beats && s.dodged && !s.hit);
    assert_eq!(vigor, 0);
    // At 0 Vigor no Dodge: the next total over Guard hits with no Dodge die rolled.
    let s = a.swing(&mut Scripted::new().d20s([15]), &mut vigor);
    assert!(s.hit && !s.dodged);
}

#[test]
fn wounded_steps_every_bonus_die_of_the_roll() {
    // 002:53: Wounded, the d10 bonus dice roll as d8s (a scripted 9 would be refused).
    let l = load("[check]\nvs = 20\nbonus_dice = 2\nwounded = true\n").unwrap();
    let Loaded::Check(c) = &l else { panic!() };
    assert_eq!(c.dice.die, StepDie::D8);
    assert_eq!(
        c.dice.roll(&mut Scripted::new().faces(8, [8, 2, 7])),
        (17, true)
    );
    // A Charge cancels the Wound's step (one net), and the d12 clamps to d20 (002:2).
    let l = load("[check]\nvs = 20\nbonus_dice = 1\ncharges = 3\nwounded = true\n").unwrap();
    let Loaded::Check(c) = &l else { panic!() };
    assert_eq!(c.dice.die, StepDie::D20);
}

#[test]
fn a_dodge_is_the_double_sum() {
    // P(hit) = Σ_a Σ_d P(A = a) P(D = d) [a > Guard] [a ≥ d], written out over wide tables.
    let l = load(
        "[attack]\nbonus_dice = 2\nsize = \"large\"\n[attack.target]\nguard_bonus = 2\n\
         [attack.dodge]\nbonus_dice = 1\nvigor = 15\n",
    )
    .unwrap();
    let Loaded::Attack(a) = &l else { panic!() };
    let at = total_table(&a.dice, 600);
    let dt = total_table(&a.dodge.unwrap().dice, 600);
    let mut hit = 0.0;
    for (x, pa) in at.probs().iter().enumerate() {
        for (y, pd) in dt.probs().iter().enumerate() {
            if x as i64 > a.guard.value && x >= y {
                hit += pa * pd;
            }
        }
    }
    let e = exact(&l);
    assert!((e["hit"] - hit).abs() < 1e-12, "{} vs {hit}", e["hit"]);
    assert!(close(e["hit_without_dodge"], at.above(22)));
    assert!(close(e["dodge_saved"], e["hit_without_dodge"] - e["hit"]));
}

#[test]
fn exact_values_of_small_rolls() {
    // d20 alone against VS 10: above it 10/20; meeting it 11/20.
    let e = exact(&load("[check]\nvs = 10\n").unwrap());
    assert!(close(e["success"], 0.5) && close(e["any_burst"], 0.0));
    assert!(close(e["total.mean"], 10.5) && e["total.median"] == 10.0);
    let meet = "[rules]\nsuccess_on = \"meet\"\n[check]\nvs = 10\n";
    assert!(close(exact(&load(meet).unwrap())["success"], 0.55));
    // Visibility adds to the VS: low +10, so 20 is beyond a bare d20.
    let low = "[check]\nvs = 10\nvisibility = \"low\"\n";
    assert!(close(exact(&load(low).unwrap())["success"], 0.0));
    // One d4 (three Challenges): P(d20 + d4 > 22) by hand. The d4 bursts a quarter of the
    // time: d4 values 1–3 with 1/4 each, 5–7 with 1/16, … (never a multiple of 4).
    let e = exact(&load("[check]\nvs = 22\nbonus_dice = 1\nchallenges = 3\n").unwrap());
    let d4 = |v: i64| -> f64 {
        if v < 1 || v % 4 == 0 {
            0.0
        } else {
            0.25f64.powi((v / 4 + 1) as i32)
        }
    };
    let mut p = 0.0;
    for a in 1..=20 {
        for b in 1..200 {
            if a + b > 22 {
                p += d4(b) / 20.0;
            }
        }
    }
    assert!((e["success"] - p).abs() < 1e-12);
    assert!(close(e["any_burst"], 0.25));
    assert!(close(e["total.mean"], 10.5 + 4.0 * 5.0 / 6.0));
    // Damage: 1d8 weapon, no bonus dice, Armor Rank 3: max(0, d8 − 3) has mean 15/8.
    let e = exact(&load("[damage]\narmor_rank = [1, 3]\nat_least = [5]\n").unwrap());
    assert!(close(e["damage.mean"], 15.0 / 8.0));
    assert!(close(e["no_damage"], 3.0 / 8.0) && close(e["damage_ge.5"], 1.0 / 8.0));
    assert!(close(e["critical"], 0.0));
    // 002:57: a legendary weapon ignores ordinary armor; a heroic one does not.
    let e = exact(&load("[damage]\nweapon_die = \"legendary\"\narmor_rank = 30\n").unwrap());
    assert!(close(e["damage.mean"], 10.5));
    let e = exact(&load("[damage]\nweapon_die = \"heroic\"\narmor_rank = 30\n").unwrap());
    assert!(close(e["damage.mean"], 0.0) && close(e["no_damage"], 1.0));
    // 002:57: heroic ignores feeble armor (three steps down).
    let e = exact(
        &load("[damage]\nweapon_die = \"heroic\"\narmor_rank = 30\narmor_quality = \"feeble\"\n")
            .unwrap(),
    );
    assert!(close(e["damage.mean"], 5.5));
    // 002:58: Epic Durability takes nothing from a heroic weapon.
    let e = exact(
        &load("[damage]\nweapon_die = \"heroic\"\nbonus_dice = 3\ndurability_quality = \"epic\"\n")
            .unwrap(),
    );
    assert!(close(e["damage.mean"], 0.0) && close(e["no_damage"], 1.0));
}

#[test]
fn several_attacks_walk_the_vigor() {
    // Guard 15 against a bare d20: beats it 1/4. The target (no dice) Dodges at 5 Vigor
    // each with 10: the first two totals over Guard are dodged.
    let l = load(
        "[attack]\nattacks = 3\n[attack.dodge]\nvigor = 10\n[attack.damage]\nweapon_dice = 0\n\
         bonus_dice = 0\n",
    )
    .unwrap();
    let e = exact(&l);
    // Against a d20 Dodge, a total t > 15 meets it with probability t/20.
    let q: f64 = (16..=20).map(|t| f64::from(t) / 400.0).sum();
    let miss = 0.75;
    // Three attacks, Vigor for two Dodges: the third total over Guard is undodged only
    // when two Dodges came before it.
    let mut p0 = 0.0;
    // hits = 0: every over-Guard total is dodged away (at most two of them).
    let saved = 0.25 - q;
    p0 += miss * miss * miss;
    p0 += 3.0 * saved * miss * miss;
    p0 += 3.0 * saved * saved * miss;
    assert!((e["hits.0"] - p0).abs() < 1e-12, "{} vs {p0}", e["hits.0"]);
    assert!(close(e["damage.mean"], 0.0));
    assert!(e["hits.mean"] > 0.0 && e["winded"] > 0.0);
}

#[test]
fn estimates_agree_with_exact_values() {
    for (i, body) in [
        "[check]\nvs = 20\nbonus_dice = 3\nchallenges = 1\n",
        "[rules]\nsuccess_on = \"meet\"\nburst = \"once\"\n[check]\nvs = 30\nbonus_dice = 5\n\
         challenges = 3\nwounded = true\n",
        "[rules]\nburst = \"none\"\nwounded_step = \"after_clamp\"\n[check]\nvs = 25\n\
         bonus_dice = 2\ncharges = 2\nwounded = true\nvisibility = \"reduced\"\n",
        "[check]\nvs = 40\nbonus_dice = 4\nbase_die = \"d4\"\n",
        "[attack]\nbonus_dice = 2\nsize = \"large\"\n[attack.target]\nguard_bonus = 2\n\
         armor_rank = 2\n[attack.dodge]\nbonus_dice = 1\nvigor = 15\n[attack.damage]\n\
         weapon_dice = 2\nbonus_dice = 2\nat_least = [12, 22]\n",
        "[attack]\nbonus_dice = 3\nranged = true\noffhand = true\n[attack.target]\n\
         cover = \"partial\"\nprone = true\narmor_rank = 1\n[attack.dodge]\nbonus_dice = 2\n\
         policy = \"always\"\ndefending = true\nvigor = 3\n[attack.damage]\nbonus_dice = 1\n\
         at_least = [3]\n",
        "[attack]\nattacks = 5\nbonus_dice = 2\n[attack.target]\nguard_bonus = 3\n\
         [attack.dodge]\nbonus_dice = 2\nvigor = 17\npolicy = { keep_vigor = 4 }\n\
         [attack.damage]\nweapon_dice = 1\nweapon_die = \"heroic\"\nbonus_dice = 2\n",
        "[rules]\nweapon_dice_burst = true\n[damage]\nweapon_dice = 2\nweapon_die = \"d6\"\n\
         bonus_dice = 2\ncharges = 1\narmor_rank = 4\nat_least = [1, 10, 30]\n",
        "[damage]\nweapon_dice = 3\nweapon_die = \"epic\"\nbonus_dice = 1\nwounded = true\n\
         armor_rank = 6\narmor_quality = \"d6\"\n",
    ]
    .iter()
    .enumerate()
    {
        let l = load(body).unwrap_or_else(|e| panic!("{body}: {e}"));
        sampled_matches_exact_loaded(&l, 1_000_000, 11 + i as u64);
    }
}

#[test]
fn bad_input_names_line_and_key() {
    for (body, expected) in [
        (
            "[check]\nvs = 20\nbase_die = \"d7\"\n",
            "t.scenario:5:12: `check.base_die`: \"d7\" is not allowed; allowed: \"d4\", \"d6\", \
             \"d8\", \"d10\", \"d12\", \"d20\"",
        ),
        (
            "[check]\nvs = 20\nbonus_dice = 21\n",
            "`check.bonus_dice`: 21 is out of range; allowed: an integer from 0 to 20",
        ),
        ("[check]\nbonus_dice = 2\n", "`check.vs`: missing"),
        (
            "[check]\nvs = 5\nvisibility = \"foggy\"\n",
            "`check.visibility`: \"foggy\" is not allowed",
        ),
        (
            "[attack]\n[attack.dodge]\npolicy = \"sometimes\"\n",
            "`attack.dodge.policy`: allowed: \"when_hit\", \"always\", \"never\" or { keep_vigor = N }",
        ),
        (
            "[attack]\n[attack.target]\ncover = \"hedge\"\n",
            "`attack.target.cover`: \"hedge\" is not allowed",
        ),
        (
            "[attack]\nsize = \"giant\"\n",
            "`attack.size`: \"giant\" is not allowed",
        ),
        (
            "[damage]\nweapon_die = \"mythic\"\n",
            "\"feeble\", \"ordinary\", \"heroic\", \"epic\", \"legendary\"",
        ),
        (
            "[damage]\ndurability_quality = \"ordinary\"\n",
            "allowed: \"none\", \"heroic\", \"epic\", \"legendary\"",
        ),
        (
            "[damage]\narmor_rank = \"3\"\n",
            "`damage.armor_rank`: allowed: an integer",
        ),
        (
            "[damage]\nat_least = [0]\n",
            "`damage.at_least`: 0 is out of range",
        ),
        (
            "[check]\nvs = 5\n[damage]\n",
            "`damage`: a scenario describes one thing",
        ),
        (
            "[rules]\nburst = \"twice\"\n[check]\nvs = 5\n",
            "`rules.burst`",
        ),
        (
            "[run]\nmax_rounds = 3\n[check]\nvs = 5\n",
            "`run.max_rounds`",
        ),
        ("[check]\nvs = 5\nluck = 2\n", "unknown field `luck`"),
        ("", "needs one of [check]"),
    ] {
        match load(body) {
            Ok(_) => panic!("accepted:\n{body}"),
            Err(e) => assert!(e.contains(expected), "{body}\n→ {e}\nwanted: {expected}"),
        }
    }
}
