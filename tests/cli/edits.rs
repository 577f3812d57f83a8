//! `--set` edits, the warnings a fight that runs but makes little sense gets, and counted
//! templates.

use super::*;

/// Issue 30, item 4: `--set PATH=VALUE` changes one key through the sweep's tree edit; the
/// exact value follows it; a bad path or value exits 2 naming the argument; the manifest,
/// the report and a shard's tally record it, and shards run with it merge to the numbers
/// of one run with it.
#[test]
fn set_changes_one_key_and_is_recorded_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let exact = |extra: &[&str]| {
        let mut args = vec!["run", "scenarios/warded_door.toml", "--exact", "--json"];
        args.extend_from_slice(extra);
        metric(&json_of(&oddsmith(&args)), "success")["exact"]
            .as_f64()
            .unwrap()
    };
    // Challenge 6 − venture 3: each of 2 dice succeeds on 3+ of 0–9 (7 in 10), both needed;
    // challenge 7: on 4+ (6 in 10).
    assert!((exact(&[]) - 0.49).abs() < 1e-12);
    assert!((exact(&["--set", "check.challenge=7"]) - 0.36).abs() < 1e-12);
    // Later sets win; a set applies to every command that loads a scenario.
    let both = ["--set", "check.challenge=9", "--set", "check.challenge=7"];
    assert!((exact(&both) - 0.36).abs() < 1e-12);
    let v = oddsmith(&[
        "validate",
        "scenarios/warded_door.toml",
        "--set",
        "check.challenge=7",
    ]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    for (args, says) in [
        (
            vec![
                "run",
                "scenarios/warded_door.toml",
                "--set",
                "chek.challenge=7",
            ],
            "--set chek.challenge=7: the scenario has no `chek` (did you mean `check`?)",
        ),
        (
            vec![
                "run",
                "scenarios/warded_door.toml",
                "--set",
                "check.challenge",
            ],
            "--set check.challenge: write it as PATH=VALUE",
        ),
        (
            vec![
                "validate",
                "scenarios/yeti.toml",
                "--set",
                "combatant.Yti.survival=3",
            ],
            "no `combatant` is named \"Yti\"",
        ),
        (
            vec![
                "run",
                "scenarios/yeti.toml",
                "--set",
                "combatant.Yeti.survival=ten",
            ],
            "yeti.toml:22:1: expected an integer, found the string \"ten\" (with --set \
             combatant.Yeti.survival=ten)",
        ),
        (
            vec![
                "tune",
                "scenarios/warded_door.toml",
                "--set",
                "check.challenge=99",
            ],
            "(with --set check.challenge=99)",
        ),
    ] {
        let out = oddsmith(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains(says),
            "{args:?}: {stderr}\n  wanted: {says}"
        );
    }
    // Recorded: manifest, report page, text output; shards carry it and merge as one run.
    let one = dir.path().join("one");
    let set = ["--set", "check.challenge=7"];
    let run = |out: &Path, extra: &[&str]| {
        let mut args = vec![
            "run",
            "scenarios/warded_door.toml",
            "--trials",
            "300000",
            "--json",
            "--quiet",
            "--out",
            out.to_str().unwrap(),
        ];
        args.extend_from_slice(&set);
        args.extend_from_slice(extra);
        oddsmith(&args)
    };
    let whole = json_of(&run(&one, &[]));
    let manifest = json_file(&one.join("manifest.json"));
    assert_eq!(manifest["sets"], serde_json::json!(["check.challenge=7"]));
    let shards: Vec<PathBuf> = (0..2).map(|i| dir.path().join(format!("s{i}"))).collect();
    for (i, s) in shards.iter().enumerate() {
        let shard = format!("{i}/2");
        let out = run(s, &["--shard", &shard]);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(
            json_file(&s.join("tally.json"))["sets"],
            serde_json::json!(["check.challenge=7"])
        );
    }
    let merged = json_of(&oddsmith(&[
        "merge",
        shards[0].to_str().unwrap(),
        shards[1].to_str().unwrap(),
        "--json",
        "--quiet",
        "--out",
        dir.path().join("merged").to_str().unwrap(),
    ]));
    assert_eq!(merged["metrics"], whole["metrics"]);
    // A shard of the file without the set is another run.
    let plain = dir.path().join("plain");
    let out = oddsmith(&[
        "run",
        "scenarios/warded_door.toml",
        "--trials",
        "300000",
        "--quiet",
        "--shard",
        "1/2",
        "--out",
        plain.to_str().unwrap(),
    ]);
    assert!(out.status.success());
    let out = oddsmith(&[
        "merge",
        shards[0].to_str().unwrap(),
        plain.to_str().unwrap(),
        "--quiet",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("not shards of one run"), "{stderr}");
    // The report page says what was set.
    let reports = dir.path().join("reports");
    let out = oddsmith(&[
        "report",
        "scenarios/warded_door.toml",
        "--trials",
        "20000",
        "--quiet",
        "--set",
        "check.challenge=7",
        "--out",
        reports.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let page = std::fs::read_to_string(reports.join("warded_door/index.html")).unwrap();
    assert!(page.contains("Run with --set check.challenge=7"), "{page}");
    assert!(page.contains("set: check.challenge=7"));
}

/// Issue 30, item 7: what runs but makes little sense is warned about on stderr by
/// `validate` and `run` (exit 0, `--quiet` too): a side none of whose members has an attack,
/// and a Gods & Monsters combatant given both `endurance` and `level`.
#[test]
fn a_side_that_cannot_hurt_anyone_and_an_ignored_key_are_warned_about() {
    let dir = tempfile::tempdir().unwrap();
    let yeti = std::fs::read_to_string("scenarios/yeti.toml").unwrap();
    // The shipped Yeti's claws come from the library: a fighter's `attacks = []` takes them
    // away; Charlotte's endurance 10 comes from there too.
    let body = yeti
        .replacen("use = \"Yeti\"\n", "use = \"Yeti\"\nattacks = []\n", 1)
        .replacen(
            "name = \"Charlotte Korde\"",
            "level = 6\nname = \"Charlotte Korde\"",
            1,
        );
    assert!(body.contains("attacks = []") && body.contains("level = 6"));
    let path = dir.path().join("harmless.toml");
    std::fs::write(&path, &body).unwrap();
    let p = path.to_str().unwrap();
    let out_dir = dir.path().join("out");
    for args in [
        vec!["validate", p],
        vec![
            "run",
            p,
            "--trials",
            "2000",
            "--quiet",
            "--out",
            out_dir.to_str().unwrap(),
        ],
    ] {
        let out = oddsmith(&args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.success(), "{args:?}: {stderr}");
        assert!(
            stderr.contains("side \"yeti\" cannot hurt anyone: none of its members has an attack"),
            "{args:?}: {stderr}"
        );
        assert!(
            stderr.contains(
                "`combatant.Charlotte Korde.level`: both `endurance` (10) and `level` (6) are \
                 given; `endurance` counts"
            ),
            "{args:?}: {stderr}"
        );
    }
    // And it runs: the party never loses.
    let json = json_of(&oddsmith(&[
        "run",
        p,
        "--trials",
        "2000",
        "--json",
        "--quiet",
        "--out",
        out_dir.to_str().unwrap(),
    ]));
    let win_yeti = metric(&json, "win.yeti")["estimate"].as_f64().unwrap();
    assert_eq!(win_yeti, 0.0);
    // The shipped scenarios warn about nothing.
    for path in shipped_scenarios() {
        let out = oddsmith(&["validate", path.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!stderr.contains("warning"), "{}: {stderr}", path.display());
    }
}

/// Issue 30, item 7: a side whose hits never get through its foes' armor, and a fight no side
/// can win before `max_rounds` (Invisible Sun, where damage and toughness are fixed numbers),
/// are warned about; the shipped fights are not.
#[test]
fn armor_nothing_gets_through_and_a_fight_too_short_to_win_are_warned_about() {
    let warned = |sets: &[&str]| {
        let mut args = vec!["validate", "scenarios/vampire_and_thrall.toml"];
        for s in sets {
            args.extend(["--set", s]);
        }
        let out = oddsmith(&args);
        assert!(out.status.success(), "{sets:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert_eq!(warned(&[]), "");
    let e = warned(&["pc.Schaelee.armor=6"]);
    assert!(
        e.contains(
            "side \"npcs\" cannot hurt anyone: no hit of its members does more damage than its \
             foes' armor stops"
        ),
        "{e}"
    );
    // Armor 5 stops the vampire's 5 but not the thrall's 6.
    assert_eq!(warned(&["pc.Schaelee.armor=5"]), "");
    // Schaelee's 4 damage + 2 for effect level 1, less the vampire's armor 0, in one round;
    // 3 Injuries a Wound, 3 Wounds to die: 9. The npcs deal 4 + 5 a round against 9.
    let e = warned(&["run.max_rounds=1"]);
    assert_eq!(e, "", "the npcs can kill her in one round");
    let e = warned(&["run.max_rounds=1", "npc.Thrall.damage=4"]);
    assert!(
        e.contains(
            "no side can win within max_rounds = 1 (side \"pcs\" deals Vampire at most 6 damage \
             in 1 round and it takes 9; side \"npcs\" deals Schaelee at most 7 damage in 1 \
             round and it takes 9)"
        ),
        "{e}"
    );
    assert_eq!(warned(&["run.max_rounds=2", "npc.Thrall.damage=4"]), "");
    // Unbound Legends: a 1d4+1 fist (5 at most) against the ogre's armor reduction.
    let fists = |armor: &str| {
        let fist = "[{ name = \"fist\", to_hit = 1, damage = \"1d4+1\", type = \"bludgeoning\" }]";
        let mut args = vec![
            "validate".to_string(),
            "scenarios/ogre_in_the_mill.toml".to_string(),
        ];
        for who in ["Brann", "Vessa", "Aldo"] {
            args.extend([
                "--set".to_string(),
                format!("combatant.{who}.attacks={fist}"),
            ]);
        }
        args.extend([
            "--set".to_string(),
            format!("combatant.Mill Ogre.armor_reduction={armor}"),
        ]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = oddsmith(&args);
        assert!(out.status.success());
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    assert!(fists("5").contains("side \"party\" cannot hurt anyone: no hit"));
    assert_eq!(fists("4"), "");
}

/// Issue 30, item 2: a `[[creature]]` template used with `count` makes numbered fighters
/// that report, take `target` and sweep by their names; a sweep of the template's key
/// changes every one of them; an unused template is warned about.
#[test]
fn a_counted_template_makes_fighters_that_report_target_and_sweep_by_name() {
    let dir = tempfile::tempdir().unwrap();
    let yeti = std::fs::read_to_string("scenarios/yeti.toml").unwrap();
    // The shipped Yeti comes from the library: two of it.
    let two = yeti
        .replacen("use = \"Yeti\"\n", "use = \"Yeti\"\ncount = 2\n", 1)
        .replacen(
            "use = \"Sam Stevens\"",
            "use = \"Sam Stevens\"\ntarget = \"Yeti 2\"",
            1,
        );
    assert!(two.contains("count = 2") && two.contains("Yeti 2"));
    let path = dir.path().join("two_yetis.toml");
    std::fs::write(&path, &two).unwrap();
    let p = path.to_str().unwrap();
    let v = oddsmith(&["validate", p]);
    assert!(v.status.success(), "{}", String::from_utf8_lossy(&v.stderr));
    assert!(!String::from_utf8_lossy(&v.stderr).contains("warning"));
    let out = dir.path().join("out");
    let json = json_of(&oddsmith(&[
        "run",
        p,
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]));
    let rate = |name: &str| metric(&json, name)["estimate"].as_f64().unwrap();
    // Two Yetis, the same numbers; Sam goes for the second, so it falls more often.
    assert!(rate("down.Yeti 2") > rate("down.Yeti 1"));
    assert!(
        json["metrics"]
            .as_array()
            .unwrap()
            .iter()
            .all(|m| m["metric"] != "down.Yeti")
    );
    // A sweep of the template's survival reaches both; one of a single copy by its name.
    let sweep = format!("{two}\n[sweep]\n\"creature.Yeti.survival\" = [5, 60]\n");
    let sweep_path = dir.path().join("sweep.toml");
    std::fs::write(&sweep_path, &sweep).unwrap();
    let json = json_of(&oddsmith(&[
        "run",
        sweep_path.to_str().unwrap(),
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        dir.path().join("sw").to_str().unwrap(),
    ]));
    let at_point = |k: usize, name: &str| {
        metric(&json["points"][k], name)["estimate"]
            .as_f64()
            .unwrap()
    };
    for yeti in ["win.party", "down.Yeti 1"] {
        assert!(at_point(0, yeti) > at_point(1, yeti), "{yeti}");
    }
    let json = json_of(&oddsmith(&[
        "run",
        p,
        "--set",
        "combatant.Yeti 1.survival=1",
        "--trials",
        "20000",
        "--json",
        "--quiet",
        "--out",
        dir.path().join("one").to_str().unwrap(),
    ]));
    let down = |name: &str| metric(&json, name)["estimate"].as_f64().unwrap();
    assert!(down("down.Yeti 1") > down("down.Yeti 2"));
    // A template nobody uses is warned about.
    let unused = format!("{two}\n[[creature]]\nname = \"Spare\"\nsurvival = 3\n");
    std::fs::write(&path, &unused).unwrap();
    let v = oddsmith(&["validate", p]);
    let stderr = String::from_utf8_lossy(&v.stderr);
    assert!(v.status.success(), "{stderr}");
    assert!(
        stderr.contains("`[[creature]]` template \"Spare\" is defined and never used"),
        "{stderr}"
    );
}

/// `--set` may write a table the system declares and the file leaves out: the Yeti's fight
/// with `--set aftermath.heal_injuries=4` is the fight of the file with that table written;
/// a key the table does not declare is refused by name.
#[test]
fn set_writes_a_declared_table_the_file_leaves_out() {
    let dir = tempfile::tempdir().unwrap();
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/yeti.toml"))
            .unwrap();
    assert!(
        !text.contains("[aftermath]"),
        "the shipped Yeti leaves it out"
    );
    let with = dir.path().join("with.toml");
    std::fs::write(&with, format!("{text}\n[aftermath]\nheal_injuries = 4\n")).unwrap();
    let json = |file: &str, set: &[&str]| {
        let mut args = vec![
            "run", file, "--trials", "20000", "--json", "--quiet", "--out",
        ];
        let out = dir.path().join("out");
        args.push(out.to_str().unwrap());
        args.extend(set);
        let mut v = json_of(&oddsmith(&args));
        v["scenario"] = Value::Null;
        v
    };
    let set = json(
        "scenarios/yeti.toml",
        &["--set", "aftermath.heal_injuries=4"],
    );
    let written = json(with.to_str().unwrap(), &[]);
    assert_eq!(set["metrics"], written["metrics"]);
    // And it counts: healing after the fight saves some of the dying.
    assert_ne!(set["metrics"], json("scenarios/yeti.toml", &[])["metrics"]);
    let out = oddsmith(&[
        "validate",
        "scenarios/yeti.toml",
        "--set",
        "aftermath.heal_injurie=4",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("did you mean `heal_injuries`?"),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}
