//! Each system's own reports through the command line: the ogre's falls and AP, Invisible
//! Sun's Wounds and exact duels, the hazards' exact values; and their bad input.

use super::*;

#[test]
fn the_ogre_fight_reports_falls_and_ap_and_bad_ogres_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let out = oddsmith(&[
        "run",
        "scenarios/ogre_in_the_mill.toml",
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        dir.path().to_str().unwrap(),
    ]);
    let json = json_of(&out);
    assert_eq!(json["system"], "unbound-legends");
    for who in ["Brann", "Vessa", "Aldo"] {
        for kind in ["death", "disabled", "death_instant", "incapacitated"] {
            let m = metric(&json, &format!("{kind}.{who}"));
            assert!(m["ci_low"].as_f64().unwrap() <= m["ci_high"].as_f64().unwrap());
        }
    }
    for who in ["Brann", "Vessa", "Aldo", "Mill Ogre"] {
        for kind in ["ap_attack", "ap_defense", "ap_other", "ap_unspent"] {
            let m = metric(&json, &format!("{kind}.{who}.mean"));
            assert!(m["estimate"].as_f64().unwrap() >= 0.0);
        }
    }
    for edit in [
        (
            "skill_rank = 1 }",
            "skill_rank = 5 }",
            "`combatant.Brann.attacks.skill_rank`: 5 is out of range",
        ),
        (
            "armor = \"light\"",
            "armor = \"mail\"",
            "\"mail\" is not allowed",
        ),
        (
            "health = 6",
            "health = 0",
            "`combatant.Brann.health`: 0 is out of range",
        ),
    ] {
        assert_bad_edit(dir.path(), "ogre_in_the_mill.toml", "bad_ogre.toml", edit);
    }
}

#[test]
fn invisible_sun_conflicts_report_wounds_and_exact_duels_and_bad_ones_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let runs = tempfile::tempdir().unwrap();
    let run = |file: &str| {
        json_of(&oddsmith(&[
            "run",
            file,
            "--trials",
            "40000",
            "--json",
            "--quiet",
            "--out",
            runs.path().to_str().unwrap(),
        ]))
    };
    let json = run("scenarios/vampire_and_thrall.toml");
    for name in [
        "win.pcs",
        "death.Schaelee",
        "down.Thrall",
        "out.Schaelee",
        "flux.Schaelee",
        "wounds.Schaelee.3",
        "wounds.Vampire.mean",
        "physicality_spent.Schaelee.2",
        "rounds.p90",
    ] {
        let m = metric(&json, name);
        assert!(m["ci_low"].as_f64().unwrap() <= m["ci_high"].as_f64().unwrap());
        // The exact walk may reach this fight too: where it gives a value, the estimate
        // lies within 4.5 standard errors of it (2.3 half-widths of the 95% interval).
        if let Some(exact) = m["exact"].as_f64() {
            let half = (m["ci_high"].as_f64().unwrap() - m["ci_low"].as_f64().unwrap()) / 2.0;
            let est = m["estimate"].as_f64().unwrap();
            assert!((est - exact).abs() <= 2.3 * half + 1e-9, "{name}: {m}");
        }
    }
    // One PC against one NPC: exact values beside the estimates, and they agree.
    let json = run("scenarios/beliggos.toml");
    for name in [
        "win.pcs",
        "stalemate",
        "death.Vislae",
        "down.Beliggos",
        "wounds.Beliggos.4",
        "physicality_spent.Vislae.3",
    ] {
        let m = metric(&json, name);
        let (est, exact) = (
            m["estimate"].as_f64().unwrap(),
            m["exact"].as_f64().unwrap(),
        );
        let se = (exact * (1.0 - exact) / 40000.0).sqrt();
        assert!(
            (est - exact).abs() <= 4.5 * se + 1e-12,
            "{name}: {est} vs {exact}"
        );
    }
    let m = metric(&json, "rounds.mean");
    let (est, exact) = (
        m["estimate"].as_f64().unwrap(),
        m["exact"].as_f64().unwrap(),
    );
    let se = (m["ci_high"].as_f64().unwrap() - m["ci_low"].as_f64().unwrap()) / (2.0 * 1.96);
    assert!(
        (est - exact).abs() <= 4.5 * se,
        "rounds.mean: {est} vs {exact}"
    );
    for edit in [
        (
            "use = \"Schaelee\"",
            "use = \"Schaelee\"\nattack = { skill = 1, tools = 1, damage = 4, effect_level = 2 }",
            "`pc.Schaelee.attack.effect_level`: effect level 2 needs Expansive Endeavor (L79)",
        ),
        (
            "use = \"Schaelee\"",
            "use = \"Schaelee\"\nattack = { skill = 1, tools = 1, damage = 4, bene = 1, effect_level = 1 }",
            "not both (L77)",
        ),
        (
            "use = \"Schaelee\"",
            "use = \"Schaelee\"\ndodge = { skill = 1, magic_dice = 1, bene = 1, help = 1, helper_skill = 2 }",
            "`pc.Schaelee.dodge.helper_skill`",
        ),
        (
            "use = \"Vampire\"",
            "use = \"Vampire\"\nlevel = 18",
            "`npc.Vampire.level`: 18 is out of range",
        ),
        (
            "order = \"pcs_first\"",
            "order = \"whoever\"",
            "`conflict.order`: \"whoever\" is not allowed",
        ),
        (
            "use = \"Vampire\"",
            "use = \"Vampire\"\nattack_defense = \"parry\"",
            "`npc.Vampire.attack_defense`: \"parry\" is not allowed",
        ),
        (
            "use = \"Schaelee\"",
            "use = \"Schaelee\"\nnegate = \"maybe\"",
            "`pc.Schaelee.negate`: \"maybe\" is not allowed",
        ),
        (
            "use = \"Thrall\"",
            "use = \"Thrall\"\nname = \"Vampire\"",
            "`npc.name`: \"Vampire\" is used twice",
        ),
        (
            "[conflict]",
            "[check]\nchallenge = 3\n[conflict]",
            "a scenario describes one thing",
        ),
    ] {
        assert_bad_edit(
            dir.path(),
            "vampire_and_thrall.toml",
            "bad_vampire.toml",
            edit,
        );
    }
}

#[test]
fn hazards_report_every_metric_with_its_exact_value() {
    let dir = tempfile::tempdir().unwrap();
    for (file, metrics) in [
        (
            "thief_climb_fall.toml",
            &[
                "climbed",
                "fell",
                "evaded",
                "damage.mean",
                "damage.median",
                "damage.p90",
                "damage.p99",
                "injuries_gained.0",
                "injuries_gained.mean",
                "unconscious",
                "death_contest",
                "death",
                "fall_dice.0",
                "fall_dice.4",
            ][..],
        ),
        (
            "shadow_spider_bite.toml",
            &[
                "affected",
                "times_affected.mean",
                "times_affected.median",
                "times_affected.p90",
                "times_affected.p99",
                "effect_total.mean",
                "effect_total.median",
                "effect_total.p90",
                "effect_total.p99",
                "lingering",
            ][..],
        ),
        (
            "goblins_chase_thief.toml",
            &[
                "escaped",
                "caught",
                "unresolved",
                "exchanges.mean",
                "exchanges.median",
                "exchanges.p90",
                "exchanges.p99",
            ][..],
        ),
    ] {
        let out = oddsmith(&[
            "run",
            &format!("scenarios/{file}"),
            "--trials",
            "20000",
            "--json",
            "--quiet",
            "--out",
            dir.path().join(file).to_str().unwrap(),
        ]);
        let json = json_of(&out);
        for name in metrics {
            let m = metric(&json, name);
            assert!(
                m["exact"].is_number(),
                "{file}: {name} has no exact value: {m}"
            );
        }
        for m in json["metrics"].as_array().unwrap() {
            assert!(m["exact"].is_number(), "{file}: {m}");
        }
    }
    // A sweep over the fall's height, exact at every point.
    let path = dir.path().join("heights.toml");
    std::fs::write(
        &path,
        "name = \"falls\"\nsystem = \"gods-and-monsters\"\n[fall]\nheight = 10\nsurvival = 7\n\
         endurance = 12\nevasion = 10\nfortitude = 8\nwillpower = 10\n\
         [sweep]\n\"fall.height\" = [5, 15, 30, 200, 5000]\n",
    )
    .unwrap();
    let out = oddsmith(&[
        "run",
        path.to_str().unwrap(),
        "--exact",
        "--json",
        "--quiet",
        "--out",
        dir.path().join("heights").to_str().unwrap(),
    ]);
    let json = json_of(&out);
    let points = json["points"].as_array().unwrap();
    assert_eq!(points.len(), 5);
    let mut deaths = Vec::new();
    for p in points {
        for m in p["metrics"].as_array().unwrap() {
            assert!(m["exact"].is_number(), "{m}");
        }
        let death = p["metrics"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["metric"] == "death")
            .unwrap();
        deaths.push(death["exact"].as_f64().unwrap());
    }
    assert!(deaths.windows(2).all(|w| w[0] <= w[1]), "{deaths:?}");
}
