//! The books' creatures, `library/<system>.toml`: every `[[creature]]` template of every file
//! loads in a fight against a plain opponent (so a key its fighter table refuses fails here),
//! and runs; the fighter made from it has exactly the template's keys, `about` left out; each
//! template has a name no other in its file has, an `about`, and a comment citing the seed
//! (or saying it is assumed) at every key; and the shipped scenarios take their creatures
//! from the library (`use`), writing none of its numbers again but the changes listed here
//! with their reasons.

use oddsmith::scenario::{Node, NodeValue};
use oddsmith::sim::{NoProgress, Pool};
use oddsmith::systems::Scenario;
use std::collections::HashSet;
use std::path::PathBuf;
use toml::{Table, Value};

/// The four systems, each with its library file.
const SYSTEMS: [&str; 4] = [
    "invisible-sun",
    "gods-and-monsters",
    "unbound-legends",
    "bonus-dice",
];

/// Trials each template's fight runs.
const TRIALS: u64 = 2000;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The text of `library/<system>.toml`.
fn library_text(system: &str) -> String {
    let path = root().join("library").join(format!("{system}.toml"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The `[[creature]]` tables of a library file, as the `toml` crate reads them.
fn templates(system: &str) -> Vec<Table> {
    let table: Table = toml::from_str(&library_text(system)).unwrap();
    assert_eq!(
        table.get("system").and_then(Value::as_str),
        Some(system),
        "library/{system}.toml: `system`"
    );
    let extra: Vec<&String> = table
        .keys()
        .filter(|k| *k != "system" && *k != "creature")
        .collect();
    assert!(
        extra.is_empty(),
        "library/{system}.toml: top-level keys besides `system` and `[[creature]]`: {extra:?}"
    );
    table["creature"]
        .as_array()
        .unwrap_or_else(|| panic!("library/{system}.toml: `creature` is not [[creature]]"))
        .iter()
        .map(|c| c.as_table().unwrap().clone())
        .collect()
}

/// The library file's text without its `system` line: its comments and `[[creature]]` tables.
fn creature_tables(system: &str) -> String {
    let line = format!("system = \"{system}\"");
    let text = library_text(system);
    assert_eq!(
        text.lines().filter(|l| *l == line).count(),
        1,
        "library/{system}.toml: one `{line}` line"
    );
    text.lines()
        .filter(|l| *l != line)
        .map(|l| format!("{l}\n"))
        .collect()
}

/// A fighter the template's fighter fights: a plain one of another side, in `table`.
fn opponent(system: &str, table: &str) -> &'static str {
    match (system, table) {
        ("invisible-sun", "pc") => "[[npc]]\nname = \"Opponent\"\nlevel = 3\n",
        ("invisible-sun", _) => "[[pc]]\nname = \"Opponent\"\nattack = { skill = 1, damage = 4 }\n",
        ("gods-and-monsters", _) => {
            "[[combatant]]\nname = \"Opponent\"\nside = \"opponents\"\nsurvival = 10\n\
             endurance = 10\nperception = 8\nwillpower = 8\nfortitude = 8\nevasion = 5\n\
             attacks = [{ name = \"club\", damage = \"d4\" }]\n"
        }
        ("unbound-legends", _) => {
            "[[combatant]]\nname = \"Opponent\"\nside = \"opponents\"\nap = 10\nvitality = 10\n\
             health = 5\npassive_armor = 10\n\
             attacks = [{ name = \"club\", to_hit = 2, damage = \"1d6\", type = \"bludgeoning\" }]\n"
        }
        ("bonus-dice", _) => {
            "[[combatant]]\nname = \"Opponent\"\nside = \"opponents\"\ndurability = 10\n\
             health = 10\nvigor = 10\nstamina = 10\nattack_dice = 1\n"
        }
        _ => panic!("no opponent for {system}"),
    }
}

/// The fighter tables a template of `system` may be meant for.
fn fighter_tables(system: &str) -> &'static [&'static str] {
    match system {
        "invisible-sun" => &["pc", "npc"],
        _ => &["combatant"],
    }
}

/// A scenario: every template of the library file, one `table` fighter that uses `name`, and
/// an opponent.
fn scenario_text(system: &str, name: &str, table: &str) -> String {
    format!(
        "name = \"library: {name}\"\nsystem = \"{system}\"\n\n[run]\ntrials = {TRIALS}\nseed = 1\n\n\
         {}\n[[{table}]]\nuse = \"{name}\"\n\n{}",
        creature_tables(system),
        opponent(system, table)
    )
}

/// A scenario node as a `toml` value.
fn value(node: &Node) -> Value {
    match &node.value {
        NodeValue::String(s) | NodeValue::Datetime(s) => Value::String(s.clone()),
        NodeValue::Integer(i, _) => Value::Integer(*i),
        NodeValue::Float(f, _) => Value::Float(*f),
        NodeValue::Boolean(b) => Value::Boolean(*b),
        NodeValue::Array(items) => Value::Array(items.iter().map(value).collect()),
        NodeValue::Table(entries) => Value::Table(
            entries
                .iter()
                .map(|(k, v)| (k.get_ref().clone(), value(v)))
                .collect(),
        ),
    }
}

#[test]
fn every_template_makes_a_fighter_with_its_keys_that_loads_and_fights() {
    let pool = Pool::new(Some(1)).unwrap();
    for system in SYSTEMS {
        let list = templates(system);
        assert!(!list.is_empty(), "library/{system}.toml has no template");
        for template in &list {
            let name = template["name"].as_str().unwrap();
            let at = format!("library/{system}.toml: \"{name}\"");
            // Exactly one fighter table takes the template.
            let loaded: Vec<(&str, Result<Scenario, String>)> = fighter_tables(system)
                .iter()
                .map(|t| {
                    let text = scenario_text(system, name, t);
                    (
                        *t,
                        Scenario::from_text("library.toml", &text).map_err(|e| e.to_string()),
                    )
                })
                .collect();
            let ok: Vec<&(&str, Result<Scenario, String>)> =
                loaded.iter().filter(|(_, s)| s.is_ok()).collect();
            assert!(
                ok.len() == 1,
                "{at}: {} fighter tables take it (one should):\n{}",
                ok.len(),
                loaded
                    .iter()
                    .map(|(t, s)| format!(
                        "  [[{t}]]: {}",
                        s.as_ref().err().map_or("loads", |e| e.as_str())
                    ))
                    .collect::<Vec<_>>()
                    .join("\n")
            );
            let (table, scenario) = ok[0];
            let scenario = scenario.as_ref().unwrap();
            if fighter_tables(system).len() > 1 {
                let about = template["about"].as_str().unwrap_or("");
                assert!(
                    about.contains(&format!("[[{table}]]")),
                    "{at}: `about` should say it is for [[{table}]]: {about:?}"
                );
            }
            // The fighter made from it: the template's keys and values, `about` left out.
            let expanded = scenario.document.expanded().unwrap();
            let fighter = expanded
                .at(&format!("{table}.{name}"))
                .unwrap_or_else(|| panic!("{at}: no fighter named after it"));
            let mut wanted = template.clone();
            wanted.remove("about");
            assert_eq!(
                value(fighter),
                Value::Table(wanted),
                "{at}: the fighter's keys"
            );
            // And it fights.
            let tally = pool.run(&scenario.system, TRIALS, 1, None, &NoProgress);
            assert_eq!(tally.trials(), TRIALS, "{at}");
        }
    }
}

#[test]
fn templates_have_unique_names_and_say_what_they_are() {
    for system in SYSTEMS {
        let mut seen = HashSet::new();
        for template in templates(system) {
            let name = template
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or_else(|| panic!("library/{system}.toml: a template without a name"));
            assert!(
                !name.trim().is_empty(),
                "library/{system}.toml: an empty name"
            );
            assert!(
                seen.insert(name.to_string()),
                "library/{system}.toml: two templates named \"{name}\""
            );
            let about = template.get("about").and_then(Value::as_str).unwrap_or("");
            assert!(
                !about.trim().is_empty() && !about.contains('\n'),
                "library/{system}.toml: \"{name}\" needs a one-line `about`"
            );
            for key in ["use", "count"] {
                assert!(
                    !template.contains_key(key),
                    "library/{system}.toml: \"{name}\" has `{key}`, which only fighters take"
                );
            }
        }
    }
}

/// Whether `comment` cites a seed line (`004:888`) or says where else the value comes from.
fn sourced(comment: &str) -> bool {
    let b = comment.as_bytes();
    let cites = (3..b.len()).any(|i| {
        b[i] == b':'
            && b[i - 3..i].iter().all(u8::is_ascii_digit)
            && b.get(i + 1).is_some_and(u8::is_ascii_digit)
    });
    cites || comment.contains("assumed") || comment.contains("a default")
}

#[test]
fn every_key_of_a_template_has_a_comment_citing_the_seed() {
    for system in SYSTEMS {
        let text = library_text(system);
        assert!(
            text.starts_with('#'),
            "library/{system}.toml should start with its `#` header"
        );
        let mut in_template = false;
        // The comment lines just above the current line.
        let mut above = String::new();
        for (n, line) in text.lines().enumerate() {
            let trimmed = line.trim_start();
            if trimmed.starts_with('#') {
                above.push_str(trimmed);
                above.push('\n');
                continue;
            }
            if trimmed.starts_with("[[") {
                in_template = trimmed.starts_with("[[creature]]");
                continue;
            }
            if in_template && !trimmed.is_empty() {
                let key = trimmed.split(['=', ' ']).next().unwrap_or("");
                let beside = line.split_once(" # ").map_or("", |(_, c)| c);
                if !["name", "about"].contains(&key) {
                    let comment = format!("{above}{beside}");
                    assert!(
                        sourced(&comment),
                        "library/{system}.toml:{}: `{key}` has no comment citing a seed line \
                         (FILE:LINE) or saying `assumed:`",
                        n + 1
                    );
                }
            }
            above.clear();
        }
    }
}

/// A shipped scenario's fighter made from a library template.
struct Shipped {
    system: &'static str,
    template: &'static str,
    scenario: &'static str,
    table: &'static str,
    fighter: &'static str,
    /// The template's keys the fighter gives other values, each with why.
    differs: &'static [(&'static str, &'static str)],
}

const YETI_FILES: [&str; 4] = [
    "yeti.toml",
    "yeti_what_if.toml",
    "yeti_survival_sweep.toml",
    "yeti_charlotte_armored.toml",
];

fn shipped() -> Vec<Shipped> {
    let at = |system: &'static str, table: &'static str| {
        move |template: &'static str, scenario: &'static str, fighter: &'static str| Shipped {
            system,
            template,
            scenario,
            table,
            fighter,
            differs: &[],
        }
    };
    let gm = at("gods-and-monsters", "combatant");
    let mut out = Vec::new();
    for file in YETI_FILES {
        out.push(gm("Yeti", file, "Yeti"));
        out.push(gm("Sam Stevens", file, "Sam Stevens"));
        out.push(gm("Toromeen", file, "Toromeen"));
        let differs: &'static [(&str, &str)] = if file == "yeti_charlotte_armored.toml" {
            &[(
                "defense",
                "that scenario's change: chain mail instead of leather (004:213, 004:216)",
            )]
        } else {
            &[]
        };
        out.push(Shipped {
            differs,
            ..gm("Charlotte Kordé", file, "Charlotte Korde")
        });
    }
    out.push(gm("Goblin", "goblin_mob.toml", "Goblin mob"));
    out.push(at("invisible-sun", "pc")(
        "Schaelee",
        "vampire_and_thrall.toml",
        "Schaelee",
    ));
    let npc = at("invisible-sun", "npc");
    out.push(npc("Vampire", "vampire_and_thrall.toml", "Vampire"));
    out.push(npc("Thrall", "vampire_and_thrall.toml", "Thrall"));
    out.push(npc("Beliggos", "beliggos.toml", "Beliggos"));
    out.push(at("unbound-legends", "combatant")(
        "Ogre",
        "ogre_in_the_mill.toml",
        "Mill Ogre",
    ));
    for file in ["grizzly_ambush.toml", "grizzly_ambush_medic.toml"] {
        out.push(at("bonus-dice", "combatant")(
            "Grizzly bear",
            file,
            "Grizzly bear",
        ));
    }
    out
}

/// The shipped scenarios take their creatures from the library instead of repeating its
/// numbers: the fighter `use`s the template, and the only template keys it writes again are
/// the listed changes (a fight's own keys, `side`, `target`, `surprises`, … are the
/// scenario's).
#[test]
fn shipped_scenarios_use_the_library_for_its_creatures() {
    for s in shipped() {
        let template = templates(s.system)
            .into_iter()
            .find(|t| t["name"].as_str() == Some(s.template))
            .unwrap_or_else(|| panic!("library/{}.toml: no \"{}\"", s.system, s.template));
        let path = root().join("scenarios").join(s.scenario);
        let file: Table = toml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(file["system"].as_str(), Some(s.system), "{}", s.scenario);
        let fighter = file[s.table]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f.as_table().unwrap())
            .find(|f| {
                f.get("name")
                    .or_else(|| f.get("use"))
                    .and_then(Value::as_str)
                    == Some(s.fighter)
            })
            .unwrap_or_else(|| panic!("{}: no [[{}]] \"{}\"", s.scenario, s.table, s.fighter));
        let at = format!("\"{}\" ({})", s.fighter, s.scenario);
        assert_eq!(
            fighter.get("use").and_then(Value::as_str),
            Some(s.template),
            "{at} is made from the library's \"{}\"",
            s.template
        );
        for (key, wanted) in &template {
            if ["name", "about", "side"].contains(&key.as_str()) {
                continue;
            }
            let listed = s.differs.iter().any(|(k, _)| k == key);
            match fighter.get(key) {
                Some(got) => {
                    assert!(
                        listed,
                        "{at} writes `{key}` again: {got} (the library's {wanted})"
                    );
                    assert_ne!(
                        got, wanted,
                        "{at}: `{key}` is listed as a change; it agrees"
                    );
                }
                None => assert!(!listed, "{at}: `{key}` is listed as a change; not written"),
            }
        }
    }
}
