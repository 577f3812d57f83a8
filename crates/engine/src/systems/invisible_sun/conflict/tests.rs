//! Conflict tests: the exact walk against an independent programme ([`dp`]) and the
//! hand-written model it replaced ([`reference`]) for one PC against one NPC — both orders,
//! Expansive Endeavor, an NPC's wound penalty, a resisted magical attack, a near-stalemate —
//! and sampled estimates within 4.5 standard errors of exact; the
//! L184 example replayed with scripted dice ([`replay`]); a fight nobody can hurt; the
//! programme's limits; bad input named by line and key.

mod dp;
mod reference;
mod replay;

use super::Conflict;
use crate::systems::RuleSystem;
use crate::systems::{LoadedSystem, Scenario, SystemKind, scenario_text};
use crate::testing::{rows, within};
use dp::Duel;

fn load(body: &str) -> Result<Scenario, String> {
    let text = scenario_text(SystemKind::InvisibleSun, body);
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

pub(super) fn conflict(body: &str) -> Conflict {
    match load(body).unwrap_or_else(|e| panic!("{e}")).system {
        LoadedSystem::InvisibleSun(crate::systems::invisible_sun::Loaded::Conflict(c)) => *c,
        _ => panic!("not a conflict"),
    }
}

/// Schaelee's numbers from the shipped scenario against one level 5 vampire.
fn schaelee() -> Duel {
    Duel {
        pcs_first: true,
        max_rounds: 30,
        armor: 1,
        pools: [2, 1, 0, 2],
        wound_penalty: 1,
        negate: "greedy",
        expansive: false,
        attack_base: 2,
        attack_dice: 0,
        attack_bene: 0,
        damage: 4,
        effect: 1,
        defense_base: 1,
        defense_dice: 1,
        defense_bene: 1,
        level: 5,
        dodge: 1,
        npc_armor: 0,
        npc_damage: 5,
        attack_modifier: 0,
        defense: "dodge",
        successes: 1,
        injuries_per_wound: 3,
        wounds_to_die: 3,
        npc_wound_penalty: 0,
        cautious: None,
        npc_recovers: None,
    }
}

/// The duels the exact programme is checked on.
fn duels() -> Vec<(&'static str, Duel)> {
    let base = schaelee();
    vec![
        ("pcs first", base.clone()),
        (
            "npcs first",
            Duel {
                pcs_first: false,
                ..base.clone()
            },
        ),
        (
            // Expansive Endeavor: 2 bene on each Withstand from the pool that also negates
            // Wounds, several at a time; effect level 2; a tougher NPC with armor.
            "expansive, withstand",
            Duel {
                expansive: true,
                pools: [5, 0, 0, 5],
                attack_base: 1,
                attack_dice: 1,
                damage: 3,
                effect: 2,
                defense: "withstand",
                defense_base: 1,
                defense_dice: 0,
                defense_bene: 2,
                level: 6,
                npc_armor: 1,
                npc_damage: 7,
                injuries_per_wound: 4,
                wounds_to_die: 4,
                ..base.clone()
            },
        ),
        (
            // An NPC weakened by its Wounds (L121–122), a magical mind attack resisted with
            // two successes and Intellect, Anguish negated only when it would put her out,
            // Accuracy bene on the attack.
            "npc wound penalty, resist",
            Duel {
                pools: [3, 0, 3, 0],
                negate: "lethal_only",
                attack_bene: 1,
                effect: 0,
                defense: "resist",
                defense_base: 2,
                defense_dice: 2,
                defense_bene: 1,
                level: 6,
                npc_damage: 4,
                successes: 2,
                injuries_per_wound: 2,
                wounds_to_die: 5,
                npc_wound_penalty: 1,
                ..base.clone()
            },
        ),
        (
            // Hardly anyone hits and a hit is a scratch: about a quarter of fights reach the limit.
            "near stalemate",
            Duel {
                pcs_first: false,
                max_rounds: 12,
                armor: 2,
                pools: [0, 0, 0, 0],
                negate: "never",
                attack_base: 0,
                damage: 5,
                effect: 0,
                defense_base: 0,
                defense_dice: 0,
                defense_bene: 0,
                level: 7,
                npc_damage: 3,
                attack_modifier: -3,
                dodge: 1,
                ..base
            },
        ),
    ]
}

#[test]
fn the_exact_programme_agrees_with_an_independent_one_and_with_sampling() {
    for (label, duel) in duels() {
        let c = conflict(&duel.scenario());
        let exact = c
            .exact()
            .unwrap_or_else(|| panic!("{label}: no exact values"));
        let theirs = dp::solve(&duel);
        for (k, v) in &theirs {
            let mine = exact
                .get(k)
                .unwrap_or_else(|| panic!("{label}: no exact {k}"));
            assert!((mine - v).abs() < 1e-9, "{label}: {k} {mine} vs {v}");
        }
        // The hand-written model the walk replaced gives the same values to 1e-9.
        let hand = reference::solve(&c).expect("the reference covers one PC against one NPC");
        for (k, v) in &hand {
            let mine = exact[k];
            assert!(
                (mine - v).abs() < 1e-9,
                "{label}: {k} walked {mine}, hand {v}"
            );
        }
        let exact: std::collections::BTreeMap<String, f64> =
            hand.keys().map(|k| (k.clone(), exact[k])).collect();
        for (k, v) in &exact {
            let foe_dead = theirs["death.Foe"];
            let theirs_k = match k.as_str() {
                "draw" => 0.0,
                "down.Foe" | "any_death.npcs" | "all_down.npcs" => foe_dead,
                "any_death.pcs" => theirs["death.Ana"],
                "all_down.pcs" => theirs["down.Ana"],
                _ => theirs.get(k).copied().unwrap_or(0.0),
            };
            assert!(
                (v - theirs_k).abs() < 1e-9,
                "{label}: {k} {v} vs {theirs_k}"
            );
        }
        let total: f64 = ["win.pcs", "win.npcs", "stalemate"]
            .iter()
            .map(|k| exact[*k])
            .sum();
        assert!(
            (total - 1.0).abs() < 1e-12,
            "{label}: outcomes sum to {total}"
        );
        let rows = rows(&c, 400_000, 11);
        for (k, v) in &exact {
            within(&rows[k], *v);
        }
    }
    // The near-stalemate reaches its limit often enough to be checked.
    let (_, near) = duels().pop().unwrap();
    let stalemate = dp::solve(&near)["stalemate"];
    assert!(stalemate > 0.1 && stalemate < 0.5, "{stalemate}");
}

/// A duel where both sides recover (tactics `cautious`): Ana spends Physicality on her
/// Injuries below 0.8 of her health (L198), the important vampire takes its one recovery
/// action below 0.7 of its (L130–135). The exact walk against the independent programme,
/// which plays the same choices from its own state, and sampling against both.
#[test]
fn a_duel_where_both_recover_is_walked_exactly() {
    for (label, duel) in [
        (
            "both recover",
            Duel {
                pools: [2, 1, 0, 4],
                negate: "never",
                cautious: Some(0.8),
                npc_recovers: Some(0.7),
                ..schaelee()
            },
        ),
        (
            "npcs first, only the vampire",
            Duel {
                pcs_first: false,
                npc_recovers: Some(0.9),
                level: 6,
                wounds_to_die: 4,
                ..schaelee()
            },
        ),
    ] {
        let c = conflict(&duel.scenario());
        let exact = c.exact().unwrap_or_else(|| panic!("{label}: no exact"));
        let theirs = dp::solve(&duel);
        for (k, v) in &theirs {
            let mine = exact.get(k).unwrap_or_else(|| panic!("{label}: no {k}"));
            assert!((mine - v).abs() < 1e-9, "{label}: {k} {mine} vs {v}");
        }
        // Recovering matters: the same duel by the book is another fight.
        let plain = dp::solve(&Duel {
            cautious: None,
            npc_recovers: None,
            ..duel.clone()
        });
        assert!(
            (plain["win.pcs"] - theirs["win.pcs"]).abs() > 0.005,
            "{label}: {} vs {}",
            plain["win.pcs"],
            theirs["win.pcs"]
        );
        let rows = rows(&c, 400_000, 12);
        for k in [
            "win.pcs",
            "death.Ana",
            "wounds.Foe.mean",
            "physicality_spent.Ana.mean",
        ] {
            if let (Some(row), Some(v)) = (rows.get(k), exact.get(k)) {
                within(row, *v);
            }
        }
    }
}

/// The mind-attack duel (Ana can only be put out, by 3 Anguish) under two aftermath choices
/// that make that death: `anguish_out = "dead"`, and `foes = "finish"` (the NPC kills her
/// once she is out). Exact values from the programme, checked against the independent one
/// (death = its deaths + its outs) and against sampling.
#[test]
fn anguish_kills_under_either_aftermath_choice() {
    let (label, duel) = duels().swap_remove(3);
    assert_eq!(label, "npc wound penalty, resist");
    let theirs = dp::solve(&duel);
    assert!(theirs["out.Ana"] > 0.01, "{theirs:?}");
    for (seed, aftermath) in [(21, "anguish_out = \"dead\""), (22, "foes = \"finish\"")] {
        let c = conflict(&format!("{}[aftermath]\n{aftermath}\n", duel.scenario()));
        let exact = c.exact().expect("exact values");
        let dead = theirs["death.Ana"] + theirs["out.Ana"];
        assert!((exact["death.Ana"] - dead).abs() < 1e-9, "{aftermath}");
        assert!((exact["any_death.pcs"] - dead).abs() < 1e-9, "{aftermath}");
        assert!((exact["out.Ana"] - theirs["out.Ana"]).abs() < 1e-9);
        let rows = rows(&c, 400_000, seed);
        for k in [
            "death.Ana",
            "any_death.pcs",
            "out.Ana",
            "down.Ana",
            "win.npcs",
        ] {
            within(&rows[k], exact[k]);
        }
    }
}

#[test]
fn exact_values_have_the_hand_derived_first_round() {
    // One round only, PCs first: she hits the vampire (challenge 6 − 2 = 4 needed, 60%) for
    // 4 + 2 (effect) = 6 Injuries, 2 Wounds; it hits back when her Dodge fails (5 − 2 = 3
    // needed on two dice: 9% fail), 4 Injuries: a Wound she negates, and an Injury.
    let d = Duel {
        max_rounds: 1,
        ..schaelee()
    };
    let e = conflict(&d.scenario()).exact().unwrap();
    assert!((e["wounds.Foe.2"] - 0.6).abs() < 1e-12);
    assert!((e["physicality_spent.Ana.1"] - 0.09).abs() < 1e-12);
    assert!((e["stalemate"] - 1.0).abs() < 1e-12);
    assert!((e["rounds.mean"] - 1.0).abs() < 1e-12);
}

#[test]
fn a_fight_nobody_can_hurt_is_a_stalemate_at_the_limit() {
    let body = "[run]\nmax_rounds = 7\n\
        [[pc]]\nname = \"A\"\narmor = 9\nattack = { skill = 9, damage = 1 }\n\
        [[npc]]\nname = \"B\"\nlevel = 3\narmor = 2\n\
        [[npc]]\nname = \"C\"\nlevel = 9\narmor = 5\n";
    let c = conflict(body);
    let e = c.exact().expect("two NPCs walk too");
    assert!((e["stalemate"] - 1.0).abs() < 1e-12 && (e["rounds.mean"] - 7.0).abs() < 1e-12);
    let rows = rows(&c, 2000, 3);
    assert_eq!(rows["stalemate"].estimate, 1.0);
    assert_eq!(rows["rounds.mean"].estimate, 7.0);
    assert_eq!(rows["wounds.A.0"].estimate, 1.0);
    let one = conflict(&body[..body.find("[[npc]]\nname = \"C\"").unwrap()]);
    let e = one.exact().unwrap();
    assert!((e["stalemate"] - 1.0).abs() < 1e-12 && (e["rounds.mean"] - 7.0).abs() < 1e-12);
}

#[test]
fn past_its_limits_the_walk_gives_way_with_the_reason() {
    let body = "[[pc]]\nname = \"A\"\naccuracy = 99\nmovement = 99\nphysicality = 99\n\
        attack = { skill = 1, damage = 3, bene = 1 }\ndodge = { bene = 1 }\n\
        [[npc]]\nname = \"B\"\nlevel = 5\ninjuries_per_wound = 10\nwounds_to_die = 20\n";
    let c = conflict(body);
    let why = RuleSystem::exact_with(&c, &crate::combat::exact::Limits::of(20)).unwrap_err();
    assert!(why.starts_with("too large for exact values: "), "{why}");
    assert!(why.contains("--exact-limit"), "{why}");
}

#[test]
fn bad_conflicts_name_the_key_and_what_is_allowed() {
    let pc = "[[pc]]\nname = \"A\"\n";
    let npc = "[[npc]]\nname = \"B\"\nlevel = 4\n";
    let attack = "attack = { skill = 1, damage = 4 }\n";
    let cases: Vec<(String, &str)> = vec![
        (
            format!("{pc}attack = {{ damage = 4, bene = 1, effect_level = 1 }}\n{npc}"),
            "`pc.A.attack.effect_level`: bene go on the venture or on the effect, not both (L77)",
        ),
        (
            format!("{pc}attack = {{ damage = 4, effect_level = 2 }}\n{npc}"),
            "effect level 2 needs Expansive Endeavor (L79)",
        ),
        (
            format!(
                "{pc}expansive_endeavor = true\nattack = {{ damage = 4, effect_level = 5 }}\n{npc}"
            ),
            "`pc.A.attack.effect_level`: 5 is out of range; allowed: 0 or 1; up to 4 with `expansive_endeavor = true`",
        ),
        (
            format!("{pc}{attack}dodge = {{ help = 1, helper_skill = 2 }}\n{npc}"),
            "`pc.A.dodge.helper_skill`",
        ),
        (
            format!("{pc}{attack}dodge = {{ successes = 2 }}\n{npc}"),
            "attack_successes",
        ),
        (
            format!("[aftermath]\nanguish_out = \"mad\"\n{pc}{attack}{npc}"),
            "`aftermath.anguish_out`: \"mad\" is not allowed; allowed: \"out\", \"dead\"",
        ),
        (
            format!("[aftermath]\nheal_injuries = 2\n{pc}{attack}{npc}"),
            "unknown field `heal_injuries`, expected one of `allies`, `foes`, `anguish_out`",
        ),
        (
            "[check]\nchallenge = 3\n[aftermath]\nfoes = \"finish\"\n".to_string(),
            "`aftermath`: [aftermath] belongs to a fight",
        ),
        (
            format!("{pc}{attack}[[npc]]\nname = \"B\"\nlevel = 18\n"),
            "`npc.B.level`: 18 is out of range; allowed: an integer from 0 to 17",
        ),
        (
            format!("{pc}{attack}[[npc]]\nname = \"B\"\n"),
            "`npc.B.level`: missing",
        ),
        (
            format!("{pc}{attack}negate = \"sometimes\"\n{npc}"),
            "`pc.A.negate`: \"sometimes\" is not allowed; allowed: \"greedy\", \"lethal_only\", \"never\"",
        ),
        (
            format!("[conflict]\norder = \"ambush\"\n{pc}{attack}{npc}"),
            "`conflict.order`: \"ambush\" is not allowed; allowed: \"pcs_first\", \"npcs_first\"",
        ),
        (
            format!("{pc}{attack}{npc}attack_defense = \"parry\"\n"),
            "`npc.B.attack_defense`: \"parry\" is not allowed; allowed: \"dodge\", \"withstand\", \"resist\"",
        ),
        (format!("{pc}{attack}"), "there is no [[npc]]"),
        (npc.to_string(), "there is no [[pc]]"),
        (
            format!("{pc}{attack}[[npc]]\nname = \"A\"\nlevel = 4\n"),
            "`npc.name`: \"A\" is used twice",
        ),
        (
            format!("{pc}{npc}"),
            "`pc.A.attack`: \"A\" needs its attack",
        ),
        (
            format!("{pc}attack = {{ skill = 1 }}\n{npc}"),
            "`pc.A.attack.damage`: missing",
        ),
        (
            format!("{pc}{attack}target = \"Z\"\n{npc}"),
            "`pc.A.target`: \"Z\" names nobody; allowed: \"random\", \"weakest\", \"focus\" or a foe's name (\"B\")",
        ),
        (
            format!("{pc}{attack}{npc}injuries_per_wound = 0\n"),
            "`npc.B.injuries_per_wound`: 0 is out of range; allowed: an integer from 1 to 10",
        ),
        (
            format!("{pc}{attack}{npc}wounds_to_die = 21\n"),
            "`npc.B.wounds_to_die`: 21 is out of range; allowed: an integer from 1 to 20",
        ),
        (
            format!("[check]\nchallenge = 3\n{pc}{attack}{npc}"),
            "a scenario describes one thing",
        ),
        (
            format!("[run]\nmax_rounds = 0\n{pc}{attack}{npc}"),
            "`run.max_rounds`: 0 is out of range; allowed: an integer from 1 to 100000",
        ),
    ];
    for (body, expected) in cases {
        let err = load(&body).err().unwrap_or_else(|| panic!("loads: {body}"));
        assert!(err.contains(expected), "{err}\n  expected: {expected}");
        assert!(err.contains("t.scenario:"), "names the file: {err}");
    }
}

/// Two PCs against an NPC nobody can hit and nobody can dodge (every roll settled without
/// dice), which strikes Bo for 2 each round after the PCs act: a fight played by hand.
fn hand_fight(ana: &str, bo: &str, rounds: u32) -> std::collections::BTreeMap<String, f64> {
    let body = format!(
        "[run]\nmax_rounds = {rounds}\n\
         [[pc]]\nname = \"Ana\"\nnegate = \"never\"\nattack = {{ damage = 2 }}\n{ana}\n\
         [[pc]]\nname = \"Bo\"\nnegate = \"never\"\nattack = {{ damage = 2 }}\n{bo}\n\
         [[npc]]\nname = \"Wall\"\nlevel = 10\ndodge = 5\nattack_modifier = 5\ndamage = 2\n\
         target = \"Bo\"\n"
    );
    conflict(&body)
        .exact()
        .expect("a fight without dice is walked")
}

#[test]
fn aid_heals_one_injury_once_an_ally_without_a_kit() {
    // By the book Bo takes 2 Injuries a round: 10 by round 5, dead at the 9th (L180–181).
    let book = hand_fight("", "", 5);
    assert_eq!(book["wounds.Bo.3"], 1.0);
    // Ana protects (any Injury): round 2 she heals 1 of Bo's 2 (L177); then Bo's Injuries
    // are 0 (round 3: she fights) or hers to heal no more without a kit: dead in round 5.
    let once = hand_fight("tactics = \"protect\"\nprotect_below = 1.0", "", 5);
    assert_eq!(once["wounds.Bo.3"], 1.0);
    // With a first aid kit she heals again in round 4 (1W 2I → 1W 1I, then the blow makes
    // 2W 0I) and round 5 finds him with no Injury: alive at 2 Wounds and 2 Injuries.
    let kit = hand_fight(
        "tactics = \"protect\"\nprotect_below = 1.0\nfirst_aid_kit = true",
        "",
        5,
    );
    assert_eq!(kit["wounds.Bo.2"], 1.0);
    // protect_below 0.5, the same kit: she heals only below 4.5 Injuries left of 9. Bo is
    // at 7 (round 2), 5 (round 3), 3 with no Injury to heal (round 4), then 1 with 2
    // Injuries (round 5): healed to 2W 1I, the blow kills him.
    let half = hand_fight(
        "tactics = \"protect\"\nprotect_below = 0.5\nfirst_aid_kit = true",
        "",
        5,
    );
    assert_eq!(half["wounds.Bo.3"], 1.0);
}

#[test]
fn a_cautious_pc_spends_physicality_on_its_injuries() {
    // Bo, cautious at any hurt, acts before the blow: round 2 he spends 2 Physicality on his
    // 2 Injuries (L198), round 3 his last on 1 of 2, round 4 he has none left to spend.
    let spent = hand_fight(
        "",
        "physicality = 3\ntactics = \"cautious\"\ncautious_below = 1.0",
        4,
    );
    assert_eq!(spent["physicality_spent.Bo.3"], 1.0);
    // Injuries: 2, 0+2, 1+2 = 1W 0I, 1W 2I: one Wound after four rounds (by the book: 8
    // Injuries, 2 Wounds).
    assert_eq!(spent["wounds.Bo.1"], 1.0);
    assert_eq!(hand_fight("", "", 4)["wounds.Bo.2"], 1.0);
}

#[test]
fn a_level_4_effect_frightens_the_foe_off_or_deals_8_more() {
    // 000:102–103: at effect level 4 (4 Accuracy bene, Expansive Endeavor) a hit either adds
    // 8 damage or frightens the foe off. Ana cannot miss a level-0 NPC: 2 + 8 is 3 Wounds
    // and death; frightened, it takes her 2 and flees, alive.
    let fight = |effect: &str| {
        let body = format!(
            "[[pc]]\nname = \"Ana\"\naccuracy = 4\nexpansive_endeavor = true\n\
             attack = {{ damage = 2, skill = 3, effect_level = 4, effect = \"{effect}\" }}\n\
             [[npc]]\nname = \"Foe\"\nlevel = 0\n"
        );
        conflict(&body)
            .exact()
            .expect("a fight without dice is walked")
    };
    let near = |got: f64, want: f64| assert!((got - want).abs() < 1e-12, "{got} vs {want}");
    let damage = fight("damage");
    near(damage["death.Foe"], 1.0);
    near(damage["fled.Foe"], 0.0);
    let frighten = fight("frighten");
    near(frighten["death.Foe"], 0.0);
    near(frighten["fled.Foe"], 1.0);
    near(frighten["win.pcs"], 1.0);
    near(frighten["wounds.Foe.0"], 1.0);
    // Frightening is a level-4 effect only.
    let err = load(
        "[[pc]]\nname = \"Ana\"\nattack = { damage = 2, effect_level = 1, effect = \"frighten\" }\n\
         [[npc]]\nname = \"Foe\"\nlevel = 0\n",
    )
    .unwrap_err();
    assert!(err.contains("an effect of level 4 (000:102)"), "{err}");
}
