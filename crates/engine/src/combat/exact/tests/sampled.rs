//! Per system, a duel and a fight of three whose exact walks finish, and a million sampled
//! fights of each: every rate and mean within 4.5 standard errors of its exact value (the
//! rates from the exact variance, the means from their own interval). The duels and the small
//! fights of two against one are `benches/fights/`'s, timed by `cargo bench --bench exact`.

use super::super::Limits;
use crate::systems::{RuleSystem, Scenario, Visit};
use crate::testing::{rows, shipped, within};
use oddsmith_core::stats::MetricKind;

/// Walks the fight, samples it, and compares every rate and mean.
struct Agree {
    seed: u64,
}

impl Visit for Agree {
    type Output = usize;
    fn visit<S: RuleSystem>(self, s: &S) -> usize {
        // Fights of three walk in seconds with gigabytes: past the limits a run allows.
        let limits = Limits {
            work: u64::MAX,
            bytes: 4 << 30,
            ..Limits::DEFAULT
        };
        let exact = s
            .exact_with(&limits)
            .unwrap_or_else(|why| panic!("{why}"))
            .expect("a fight walks");
        let trials = if cfg!(debug_assertions) {
            50_000
        } else {
            1_000_000
        };
        let rows = rows(s, trials, self.seed);
        let mut checked = 0;
        for (name, row) in &rows {
            if !matches!(row.kind, MetricKind::Rate | MetricKind::Mean) || row.trials == 0 {
                continue;
            }
            let e = *exact.get(name).unwrap_or_else(|| panic!("no exact {name}"));
            within(row, e);
            checked += 1;
        }
        checked
    }
}

fn agree(text: &str, seed: u64) {
    let scenario = Scenario::from_text("three.toml", text).unwrap_or_else(|e| panic!("{e}"));
    let checked = scenario.system.visit(Agree { seed });
    assert!(checked > 30, "{checked} rows checked");
}

/// A fight of `benches/fights/`.
fn bench_fight(name: &str) -> String {
    let path = crate::testing::repo()
        .join("benches/fights")
        .join(name)
        .with_extension("toml");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn a_duel_in_every_system_agrees_with_sampling() {
    for (name, seed) in [("gm_duel", 351), ("ul_duel", 352), ("bd_duel", 353)] {
        agree(&bench_fight(name), seed);
    }
    let beliggos = std::fs::read_to_string(shipped("beliggos")).unwrap();
    agree(&beliggos, 354);
}

#[test]
fn the_small_fights_of_two_against_one_walk_within_the_default_limits() {
    // Within the default states, paths and memory; the time is the bench's to measure (a
    // test beside others on a busy machine must not fail for it).
    for name in ["gm_two_on_one", "ul_two_on_one", "bd_two_on_one"] {
        let scenario = Scenario::from_text(name, &bench_fight(name)).unwrap();
        let walked = scenario.system.visit(Walks);
        assert!(walked.is_ok(), "{name}: {walked:?}");
    }
    let thrall = std::fs::read_to_string(shipped("vampire_and_thrall")).unwrap();
    let scenario = Scenario::from_text("vampire_and_thrall", &thrall).unwrap();
    assert!(scenario.system.visit(Walks).is_ok());
    // The book's two goblins against a survival-10 orc, to 100 rounds, are past them: the
    // walk says why.
    let gm = Scenario::from_text("gm", &bench_fight("gm_goblins_and_orc")).unwrap();
    let stop = gm.system.visit(Walks).unwrap_err();
    assert!(stop.starts_with("too large for exact values: "), "{stop}");
    assert!(stop.ends_with("over 256 MiB"), "{stop}");
}

/// Whether a fight walks within the default limits, but for the time (why not, if not).
struct Walks;

impl Visit for Walks {
    type Output = Result<(), String>;
    fn visit<S: RuleSystem>(self, s: &S) -> Result<(), String> {
        let limits = Limits {
            work: u64::MAX,
            ..Limits::DEFAULT
        };
        match s.exact_with(&limits) {
            Ok(Some(_)) => Ok(()),
            Ok(None) => Err("no exact values".into()),
            Err(stop) => Err(stop.to_string()),
        }
    }
}

#[test]
fn two_goblins_against_an_orc_agree_with_sampling() {
    // And against a third goblin, the bench's (dying goblins lie out the fight: their time
    // to die is in every state, and in an ended one only where the end reads it).
    agree(&bench_fight("gm_two_on_one"), 345);
    agree(
        r#"
name = "goblins and an orc"
system = "gods-and-monsters"
[run]
max_rounds = 12
[[combatant]]
use = "Goblin"
name = "Goblin A"
side = "goblins"
fights_while_dying = false
[[combatant]]
use = "Goblin"
name = "Goblin B"
side = "goblins"
fights_while_dying = false
[[combatant]]
use = "Orc"
fights_while_dying = false
"#,
        341,
    );
}

#[test]
fn two_wolves_against_vessa_agree_with_sampling() {
    let wolf = |n: &str| {
        format!(
            "[[combatant]]\nname = \"Wolf {n}\"\nside = \"wolves\"\nkind = \"monster\"\n\
             ap = 10\nvitality = 6\nhealth = 4\npassive_armor = 11\n\
             attacks = [{{ name = \"bite\", to_hit = 4, damage = \"1d6+1\", type = \"piercing\" }}]\n"
        )
    };
    let text = format!(
        "name = \"wolves and Vessa\"\nsystem = \"unbound-legends\"\n[run]\nmax_rounds = 100\n\
         {}{}\
         [[combatant]]\nname = \"Vessa\"\nside = \"party\"\nagility = 2\nap = 12\n\
         vitality = 10\nhealth = 4\npassive_armor = 11\narmor_reduction = 2\n\
         armor = \"light\"\ndefend = \"dodge\"\n\
         attacks = [{{ name = \"rapier\", to_hit = 5, damage = \"1d6+1\", type = \"piercing\", skill_rank = 1 }}]\n\
         defense.dodge = {{ bonus = 14, rank = 1 }}\n",
        wolf("A"),
        wolf("B")
    );
    agree(&text, 342);
}

#[test]
fn a_hero_against_two_brutes_agrees_with_sampling() {
    let brute = |n: &str| {
        format!(
            "[[combatant]]\nname = \"brute {n}\"\nside = \"monsters\"\nattack_dice = 1\n\
             weapon_die = \"d6\"\ndodge_policy = \"never\"\narmor_rank = 2\nactions = 1\n\
             durability = 4\nhealth = 3\nvigor = 5\nstamina = 0\n"
        )
    };
    let text = format!(
        "name = \"hero and two brutes\"\nsystem = \"bonus-dice\"\n[run]\nmax_rounds = 1000\n\
         [[combatant]]\nname = \"hero\"\nside = \"party\"\nbase_die = \"d6\"\n\
         initiative_dice = 1\nattack_dice = 1\ndamage_dice = 1\nweapon_die = \"d6\"\n\
         dodge_dice = 1\narmor_rank = 1\nactions = 1\ndurability = 4\nhealth = 5\n\
         vigor = 10\nstamina = 10\n{}{}",
        brute("A"),
        brute("B")
    );
    agree(&text, 343);
}

#[test]
fn schaelee_against_the_vampire_and_its_thrall_agrees_with_sampling() {
    let text = std::fs::read_to_string(shipped("vampire_and_thrall")).unwrap();
    agree(&text, 344);
}
