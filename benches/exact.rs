//! The exact walk of small fights ([`oddsmith::combat::exact`]), one per system and then
//! two against one: a Gods & Monsters duel of two survival-10 orcs, the Unbound Legends duel
//! with set AP, the bonus-dice duel with a Dodge paid from Vigor, the Invisible Sun PC against
//! the beliggos (`scenarios/beliggos.toml`) — each to finish in under 2 seconds — and two
//! against one in each system. `EXACT_STATS=1 cargo bench --bench exact` prints each walk's
//! time once instead of timing it with criterion.

use criterion::{Criterion, criterion_group};
use oddsmith::combat::exact::Limits;
use oddsmith::systems::Scenario;
use std::hint::black_box;
use std::path::Path;
use std::time::Instant;

/// The fights: (name, scenario text).
fn fights() -> Vec<(&'static str, String)> {
    let shipped = |name: &str| {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("scenarios")
            .join(name);
        std::fs::read_to_string(path).expect("the shipped scenario")
    };
    vec![
        ("gm_duel", GM_DUEL.to_string()),
        ("ul_duel", UL_DUEL.to_string()),
        ("bd_duel", BD_DUEL.to_string()),
        ("is_duel", shipped("beliggos.toml")),
        ("gm_two_on_one", GM_TWO_ON_ONE.to_string()),
        ("ul_two_on_one", UL_TWO_ON_ONE.to_string()),
        ("bd_two_on_one", BD_TWO_ON_ONE.to_string()),
        ("is_two_on_one", shipped("vampire_and_thrall.toml")),
    ]
}

/// Two orcs of the book (004) at survival 10, to the death or 100 rounds.
const GM_DUEL: &str = r#"
name = "orc duel"
system = "gods-and-monsters"
[run]
max_rounds = 100
[[combatant]]
use = "Orc"
name = "Orc A"
side = "a"
survival = 10
[[combatant]]
use = "Orc"
name = "Orc B"
side = "b"
survival = 10
"#;

/// Two goblins of the book (004) against an orc at survival 10, none fighting on while
/// dying.
const GM_TWO_ON_ONE: &str = r#"
name = "goblins and an orc"
system = "gods-and-monsters"
[run]
max_rounds = 100
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
survival = 10
fights_while_dying = false
"#;

/// A PC with set AP against a monster (the duel of the Unbound Legends DP test).
const UL_DUEL: &str = r#"
name = "hero and brute"
system = "unbound-legends"
[run]
max_rounds = 1000
[[combatant]]
name = "hero"
side = "party"
ap = 12
agility = 1
vitality = 6
health = 4
passive_armor = 12
armor_reduction = 2
armor_skill_rank = 1
defend = "dodge"
defense.dodge = { bonus = 9, rank = 1 }
attacks = [{ name = "mace", to_hit = 4, damage = "1d6+1", type = "bludgeoning", skill_rank = 1 }]
[[combatant]]
name = "brute"
side = "monsters"
kind = "monster"
ap = 14
vitality = 8
health = 4
passive_armor = 11
armor_reduction = 1
attacks = [{ name = "club", to_hit = 3, damage = "1d8+1", type = "bludgeoning" }]
"#;

/// Two wolves of `scenarios/road_to_the_mill.toml` against Vessa of the ogre fight.
const UL_TWO_ON_ONE: &str = r#"
name = "wolves and Vessa"
system = "unbound-legends"
[run]
max_rounds = 100
[[combatant]]
name = "Wolf A"
side = "wolves"
kind = "monster"
ap = 10
vitality = 6
health = 4
passive_armor = 11
attacks = [{ name = "bite", to_hit = 4, damage = "1d6+1", type = "piercing" }]
[[combatant]]
name = "Wolf B"
side = "wolves"
kind = "monster"
ap = 10
vitality = 6
health = 4
passive_armor = 11
attacks = [{ name = "bite", to_hit = 4, damage = "1d6+1", type = "piercing" }]
[[combatant]]
name = "Vessa"
side = "party"
agility = 2
ap = 12
vitality = 10
health = 4
passive_armor = 11
armor_reduction = 2
armor = "light"
defend = "dodge"
attacks = [{ name = "rapier", to_hit = 5, damage = "1d6+1", type = "piercing", skill_rank = 1 }]
defense.dodge = { bonus = 14, rank = 1 }
"#;

/// The hero Dodging from its Vigor against a two-action brute (the bonus-dice DP duel).
const BD_DUEL: &str = r#"
name = "hero and brute"
system = "bonus-dice"
[run]
max_rounds = 1000
[[combatant]]
name = "hero"
side = "party"
base_die = "d6"
initiative_dice = 1
attack_dice = 1
damage_dice = 1
weapon_die = "d6"
dodge_dice = 1
armor_rank = 1
actions = 1
durability = 4
health = 5
vigor = 10
stamina = 10
[[combatant]]
name = "brute"
side = "monsters"
attack_dice = 1
weapon_die = "d6"
dodge_policy = "never"
armor_rank = 2
actions = 2
durability = 5
health = 4
vigor = 5
stamina = 0
durability_recovery = 1
"#;

/// Two of the duel's brutes, one action each, against its hero.
const BD_TWO_ON_ONE: &str = r#"
name = "hero and two brutes"
system = "bonus-dice"
[run]
max_rounds = 1000
[[combatant]]
name = "hero"
side = "party"
base_die = "d6"
initiative_dice = 1
attack_dice = 1
damage_dice = 1
weapon_die = "d6"
dodge_dice = 1
armor_rank = 1
actions = 1
durability = 4
health = 5
vigor = 10
stamina = 10
[[combatant]]
name = "brute A"
side = "monsters"
attack_dice = 1
weapon_die = "d6"
dodge_policy = "never"
armor_rank = 2
actions = 1
durability = 4
health = 3
vigor = 5
stamina = 0
[[combatant]]
name = "brute B"
side = "monsters"
attack_dice = 1
weapon_die = "d6"
dodge_policy = "never"
armor_rank = 2
actions = 1
durability = 4
health = 3
vigor = 5
stamina = 0
"#;

fn load(name: &str, text: &str) -> Scenario {
    Scenario::from_text(name, text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

fn bench_exact(c: &mut Criterion) {
    let mut group = c.benchmark_group("exact");
    group.sample_size(10);
    for (name, text) in fights() {
        let scenario = load(name, &text);
        group.bench_function(name, |b| {
            b.iter(|| black_box(scenario.system.exact_with(&Limits::DEFAULT)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_exact);

fn main() {
    if std::env::var_os("EXACT_STATS").is_some() {
        let limits = Limits {
            seconds: 60.0,
            ..Limits::DEFAULT
        };
        let only = std::env::var("EXACT_ONLY").ok();
        let mut fights = fights();
        // `EXACT_FILE=path`: a scenario of one's own, walked beside them.
        if let Ok(path) = std::env::var("EXACT_FILE") {
            let text = std::fs::read_to_string(&path).expect("EXACT_FILE is readable");
            fights.push(("file", text));
        }
        for (name, text) in fights {
            if only.as_deref().is_some_and(|o| o != name) {
                continue;
            }
            let scenario = load(name, &text);
            let t = Instant::now();
            let walked = scenario.system.exact_with(&limits);
            let seconds = t.elapsed().as_secs_f64();
            match walked {
                Ok(Some(e)) => println!(
                    "{name}: {seconds:.3} s; stalemate {:.3e}, rounds {:.3}",
                    e["stalemate"], e["rounds.mean"]
                ),
                Ok(None) => println!("{name}: no exact walk"),
                Err(why) => println!("{name}: {seconds:.3} s: {why}"),
            }
        }
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
