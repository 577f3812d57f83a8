//! Conflict tests: the seed's Yeti example replayed with scripted dice, a 1-vs-1 fight whose
//! exact outcome probabilities come from dynamic programming over both combatants' points,
//! and scenario validation.

mod engines;
mod exact;
mod range;
mod rules;

use super::super::fight::{Event, State};
use super::super::rules::{AttackDowned, ConflictRules, Cover, MojoOn};
use super::*;
use crate::combat::{self, Ending, Observer};
use crate::sim;
use crate::systems::RuleSystem;
use crate::systems::Scenario;
use crate::testing::Scripted;
use oddsmith_core::stats::summarize;

#[derive(Default)]
pub(super) struct Log {
    pub(super) attacks: Vec<(u32, usize, usize, i64, i64, Option<i64>)>,
    pub(super) consciousness: Vec<(u32, usize, i64, i64)>,
    pub(super) strays: Vec<(u32, usize, usize, Option<i64>)>,
    pub(super) rounds: Vec<Vec<State>>,
}

impl Observer<Conflict> for Log {
    fn see(&mut self, event: Event<'_>) {
        match event {
            Event::Attack {
                round,
                attacker,
                target,
                roll,
                needed,
                damage,
            } => self
                .attacks
                .push((round, attacker, target, roll, needed, damage)),
            Event::Stray {
                round,
                attacker,
                who,
                damage,
            } => self.strays.push((round, attacker, who, damage)),
            Event::Consciousness {
                round,
                who,
                roll,
                needed,
            } => self.consciousness.push((round, who, roll, needed)),
            Event::RoundEnd { states, .. } => self.rounds.push(states.to_vec()),
        }
    }
}

fn yeti() -> Conflict {
    let path = crate::testing::shipped("yeti");
    match Scenario::load(&path).unwrap().system {
        crate::systems::LoadedSystem::GodsAndMonsters(super::super::Loaded::Conflict(c)) => *c,
        other => panic!("the shipped yeti loaded as {other:?}"),
    }
}

const SAM: usize = 0;
const CHARLOTTE: usize = 1;
const TOROMEEN: usize = 2;
const YETI: usize = 3;

#[test]
fn yeti_example_replays_as_written() {
    let conflict = yeti();
    assert_eq!(conflict.fighters[YETI].endurance, 12, "10 + level 4 / 2");
    // Dice in the order the engine asks for them: surprise (Sam, Charlotte, Toromeen), then
    // each round snap-out rolls and attacks in scenario order (Sam, Charlotte, Toromeen, Yeti).
    let mut script = Scripted::new()
        .d20s([
            2, 18, 4, // surprise: Sam 2 ≤ 6, Charlotte 18 > 9 (surprised), Toromeen 4 ≤ 4
            4, 17, 9, 5, // round 1: Sam hits, Toromeen misses, Yeti claws hit twice
            6, 14, 3, 13, 18,
            20, // round 2: Charlotte snaps out; Sam, Charlotte, Toromeen, claws
            17, 10, 16, 11, 14, // round 3
            18, 13, 6, 2, 16,
            3, // round 4: Toromeen hits, claws; at the round's end the Yeti's consciousness roll 3
        ])
        // Sam's long sword 7 (round 1), Toromeen's battleaxe 8 (round 4).
        .faces(8, [7, 8])
        // The claws: 1 and 6 (round 1), 4 (round 3), 5 (round 4).
        .faces(6, [1, 6, 4, 5])
        // Charlotte's dagger 1 (round 2).
        .faces(4, [1])
        // The Yeti's claws all go for Sam (the first of the three standing).
        .picks([(3, 0); 8]);
    let mut log = Log::default();
    let (ending, rounds, _, _) = combat::replay(&conflict, &mut script, &mut log);
    assert_eq!((ending, rounds), (Ending::Win(0), 4));
    script.finish();

    let hits = |round: u32| -> Vec<(usize, usize, i64, i64, Option<i64>)> {
        log.attacks
            .iter()
            .filter(|a| a.0 == round)
            .map(|&(_, a, t, roll, needed, d)| (a, t, roll, needed, d))
            .collect()
    };
    // Round 1: Sam needs 9 (11 + 1 − 3), rolls 4, d8 for 7; Toromeen needs 12, rolls 17;
    // Charlotte is surprised; the Yeti needs 11 (11 + 4 − 4) and claws Sam for 1 and 6.
    assert_eq!(
        hits(1),
        [
            (SAM, YETI, 4, 9, Some(7)),
            (TOROMEEN, YETI, 17, 12, None),
            (YETI, SAM, 9, 11, Some(1)),
            (YETI, SAM, 5, 11, Some(6)),
        ]
    );
    let r1 = &log.rounds[0];
    assert_eq!(r1[YETI].survival, 13);
    assert_eq!((r1[SAM].verve, r1[SAM].survival), (8, 6));
    assert!(r1[CHARLOTTE].surprised);
    // Round 2: Charlotte snaps out (6 ≤ willpower 9) and pokes for 1; everything else misses.
    let r2 = &log.rounds[1];
    assert!(!r2[CHARLOTTE].surprised);
    assert_eq!(
        hits(2),
        [
            (SAM, YETI, 14, 9, None),
            (CHARLOTTE, YETI, 3, 9, Some(1)),
            (TOROMEEN, YETI, 13, 12, None),
            (YETI, SAM, 18, 11, None),
            (YETI, SAM, 20, 11, None),
        ]
    );
    assert_eq!(r2[YETI].survival, 12);
    // Round 3: only the first claw lands, for 4: Sam has 4 verve.
    assert_eq!(hits(3).iter().filter(|h| h.4.is_some()).count(), 1);
    assert_eq!(log.rounds[2][SAM].verve, 4);
    // Round 4: the battleaxe does 8 + 4 = 12 and the Yeti drops to zero; a claw does 5 to Sam:
    // 4 verve, 1 survival; after both claws (946, 762) the Yeti rolls 3 against
    // fortitude/willpower 6 and stays conscious.
    assert_eq!(hits(4)[2], (TOROMEEN, YETI, 6, 12, Some(12)));
    assert_eq!(hits(4)[3], (YETI, SAM, 2, 11, Some(5)));
    assert_eq!(log.consciousness, [(4, YETI, 3, 6)]);
    let end = &log.rounds[3];
    assert_eq!(end[YETI].survival, 0);
    assert!(end[YETI].conscious && end[YETI].fled && !end[YETI].dying);
    assert_eq!(
        (end[SAM].verve, end[SAM].survival, end[SAM].injuries),
        (0, 5, 0)
    );
    assert_eq!(end[TOROMEEN].verve, 17);
    assert_eq!(log.rounds.len(), 4);
}

/// A 1-vs-1 fighter: no surprise, consciousness rolls that always fail (fortitude and
/// willpower 0), so a fighter is down exactly when its points run out.
pub(super) fn duelist(
    name: &str,
    side: usize,
    survival: i64,
    verve: i64,
    attack: i64,
    damage: &str,
) -> Fighter {
    Fighter {
        name: name.into(),
        side,
        survival,
        verve,
        verve_in_combat: verve > 0,
        endurance: 10,
        perception: 10,
        willpower: 0,
        fortitude: 0,
        attack,
        defense: 0,
        attacks: vec![Attack::melee(damage.parse().unwrap(), 0)],
        injuries: 0,
        surprises: false,
        aware: false,
        asleep: false,
        target: Targeting::Random,
        plays: crate::combat::load::Plays::by_the_book(Targeting::Random),
        flee_at_survival: None,
        fights_while_dying: true,
        last_effort: false,
        leads: false,
        group_bonus: 0,
        mojo: 0,
        mojo_on: MojoOn::DEATH,
        mojo_reserve: 0,
        attack_downed: AttackDowned::Never,
        knockout_blows: false,
        killing_blows: false,
        evasion: None,
        head_protection: 0,
        warrior: false,
        group_size: 1,
        cover: Cover::None,
        close_combat: true,
        called_shots_into_melee: false,
        health: None,
        level: None,
    }
}

/// Exact (win A, win B, draw, stalemate) by dynamic programming over both fighters' remaining
/// points: each round both attack at once (hit with probability `needed/20`, uniform damage
/// die), and a fighter whose points reach 0 is down at the end of the round.
fn duel_exact(a: (i64, i64, u32), b: (i64, i64, u32), rounds: u32) -> [f64; 4] {
    let (pool_a, need_a, die_a) = a;
    let (pool_b, need_b, die_b) = b;
    let dist = |need: i64, die: u32| -> Vec<(i64, f64)> {
        let p = need.clamp(0, 20) as f64 / 20.0;
        let mut d = vec![(0, 1.0 - p)];
        d.extend((1..=die as i64).map(|k| (k, p / f64::from(die))));
        d
    };
    let (da, db) = (dist(need_a, die_a), dist(need_b, die_b));
    let idx = |x: i64, y: i64| (x * (pool_b + 1) + y) as usize;
    let mut mass = vec![0.0; ((pool_a + 1) * (pool_b + 1)) as usize];
    mass[idx(pool_a, pool_b)] = 1.0;
    let mut out = [0.0; 4];
    for _ in 0..rounds {
        let mut next = vec![0.0; mass.len()];
        for x in 1..=pool_a {
            for y in 1..=pool_b {
                let m = mass[idx(x, y)];
                if m == 0.0 {
                    continue;
                }
                for &(hit_b, pa) in &da {
                    for &(hit_a, pb) in &db {
                        let (nx, ny) = ((x - hit_a).max(0), (y - hit_b).max(0));
                        let p = m * pa * pb;
                        match (nx == 0, ny == 0) {
                            (false, true) => out[0] += p,
                            (true, false) => out[1] += p,
                            (true, true) => out[2] += p,
                            (false, false) => next[idx(nx, ny)] += p,
                        }
                    }
                }
            }
        }
        mass = next;
    }
    out[3] = mass.iter().sum();
    out
}

#[test]
fn duel_matches_dynamic_programming() {
    // A: 6 survival + 3 verve, hits on 11 + 2 − 0 = 13, d4. B: 8 survival, hits on 11, d6.
    // With a 4-round limit all four endings have real probability.
    let conflict = Conflict::new(
        vec![
            duelist("A", 0, 6, 3, 2, "d4"),
            duelist("B", 1, 8, 0, 0, "d6"),
        ],
        vec!["a".into(), "b".into()],
        4,
        ConflictRules::default(),
    );
    let exact = duel_exact((9, 13, 4), (8, 11, 6), 4);
    assert!((exact.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    assert!(exact.iter().all(|&p| p > 0.01), "{exact:?}");
    let n = if cfg!(debug_assertions) {
        200_000
    } else {
        2_000_000
    };
    let tally = sim::run(&conflict, n, 77, &sim::NoProgress);
    let rows = summarize(conflict.layout(), &tally, None);
    for (metric, p) in ["win.a", "win.b", "draw", "stalemate"].iter().zip(exact) {
        let row = rows.iter().find(|r| r.metric == *metric).unwrap();
        let se = (p * (1.0 - p) / n as f64).sqrt();
        assert!(
            (row.estimate - p).abs() <= 4.5 * se,
            "{metric}: sampled {} vs exact {p} (4.5 se = {})",
            row.estimate,
            4.5 * se
        );
    }
}

#[test]
fn a_fight_nobody_can_win_is_a_stalemate_at_the_limit() {
    // Attacks need d20 ≤ 11 − 40: nobody ever hits.
    let mut a = duelist("A", 0, 5, 0, -20, "d4");
    let mut b = duelist("B", 1, 5, 0, -20, "d4");
    a.defense = 20;
    b.defense = 20;
    let conflict = Conflict::new(
        vec![a, b],
        vec!["a".into(), "b".into()],
        7,
        ConflictRules::default(),
    );
    let tally = sim::run(&conflict, 1000, 1, &sim::NoProgress);
    let rows = summarize(conflict.layout(), &tally, None);
    let get = |m: &str| rows.iter().find(|r| r.metric == m).unwrap().estimate;
    assert_eq!(get("stalemate"), 1.0);
    assert_eq!(get("rounds.median"), 7.0);
}

fn load(body: &str) -> Result<Scenario, String> {
    let text = format!("name = \"t\"\nsystem = \"gods-and-monsters\"\n{body}");
    Scenario::from_text("t.scenario", &text).map_err(|e| e.to_string())
}

const ONE: &str = "[[combatant]]\nname = \"A\"\nside = \"a\"\nsurvival = 5\nendurance = 10\nperception = 5\nwillpower = 5\nfortitude = 5\nattacks = [{ damage = \"d6\" }]\n";

#[test]
fn bad_fights_are_rejected_with_line_and_key() {
    let two = |extra: &str, b: &str| {
        format!(
            "{ONE}{extra}[[combatant]]\nname = \"B\"\nside = \"b\"\nendurance = 10\nperception = 5\nwillpower = 5\nfortitude = 5\n{b}"
        )
    };
    assert!(load(&two("", "survival = 4\n")).is_ok());
    let cases = [
        (
            ONE.to_string(),
            "t.scenario:5:8: `combatant.side`: every combatant is on side \"a\"; a fight needs at least two sides",
        ),
        (
            two("", "survival = -3\n"),
            "t.scenario:19:12: `combatant.B.survival`: -3 is out of range; allowed: an integer from 1 to 10000",
        ),
        (
            two("", "survival = 4\nattacks = [{ damage = \"2d\" }]\n"),
            "t.scenario:20:23: `combatant.attacks.damage`:",
        ),
        (
            two("", "survival = 4\ntarget = \"Nobody\"\n"),
            "t.scenario:20:10: `combatant.target`: \"Nobody\" names nobody; allowed: \"random\", \"weakest\", \"focus\" or a foe's name (\"A\")",
        ),
        (
            two("", "survival = 4\nstrength = 4\n"),
            "`combatant.strength`: unknown field `strength`",
        ),
        (
            two("", "survival = 4\nmojo_on = [\"death\", \"luck\"]\n"),
            "t.scenario:20:21: `combatant.B.mojo_on`: \"luck\" is not allowed; allowed: \"death\", \"consciousness\", \"attack\", \"evasion\", \"surprise\", \"snap_out\"",
        ),
        (
            two("", "survival = 4\nmojo = 1001\n"),
            "`combatant.B.mojo`: 1001 is out of range; allowed: an integer from 0 to 1000",
        ),
        (
            format!(
                "[conflict]\nconsciousness_check = \"never\"\n{}",
                two("", "survival = 4\n")
            ),
            "t.scenario:4:23: `conflict.consciousness_check`: \"never\" is not allowed; allowed: \"end_of_round\", \"per_hit\"",
        ),
        (
            format!(
                "[conflict]\ndeath_contest = \"duel\"\n{}",
                two("", "survival = 4\n")
            ),
            "`conflict.death_contest`: \"duel\" is not allowed; allowed: \"single\", \"contest\"",
        ),
        (
            format!(
                "[conflict]\nunconscious_for = \"ever\"\n{}",
                two("", "survival = 4\n")
            ),
            "`conflict.unconscious_for`: \"ever\" is not allowed; allowed: \"fight\", \"injuries\"",
        ),
        (
            format!(
                "[aftermath]\nheal_injuries = -1\n{}",
                two("", "survival = 4\n")
            ),
            "t.scenario:4:17: `aftermath.heal_injuries`: -1 is out of range; allowed: an integer from 0 to 1000",
        ),
        (
            format!(
                "[aftermath]\nrest = true\n{}",
                two("", "survival = 4\nhealth = 9\n")
            ),
            "t.scenario:4:8: `aftermath.rest`: rest = true rolls each dying combatant's nightly health (004:565); give \"A\" its `health` (an integer from 0 to 40), or remove rest",
        ),
        (
            format!(
                "[aftermath]\nallies = \"heal\"\n{}",
                two("", "survival = 4\n")
            ),
            "`aftermath.allies`: \"heal\" is not allowed; allowed: \"tend\", \"leave\"",
        ),
        (
            format!(
                "[aftermath]\nanguish_out = \"dead\"\n{}",
                two("", "survival = 4\n")
            ),
            "unknown field `anguish_out`, expected one of `allies`, `foes`, `heal_injuries`, `rest`",
        ),
        (
            two("", "survival = 4\nmedicine = { bonus_dice = 1 }\n"),
            "`combatant.medicine`: unknown field `medicine`",
        ),
        (
            two("", "survival = 4\ncover = \"wall\"\n"),
            "t.scenario:20:9: `combatant.B.cover`: \"wall\" is not allowed; allowed: \"none\", \"weak\", \"strong\", \"full\"",
        ),
        (
            two(
                "",
                "survival = 4\nattacks = [{ damage = \"d8\", ranged = true, fire_actions = 11 }]\n",
            ),
            "`combatant.B.attacks.fire_actions`: 11 is out of range; allowed: an integer from 1 to 10",
        ),
        (
            two(
                "",
                "survival = 4\nclose_combat = false\nattacks = [{ damage = \"d8\", ranged = true }]\n",
            ),
            "`combatant.A.evasion`: missing: \"B\" shoots from out of close combat, so \"A\", in close combat, rolls evasion against strays (782–784); give `evasion` (an integer from 0 to 40)",
        ),
        (
            format!("[conflict]\nmorale = true\n{}", two("", "survival = 4\n")),
            "`conflict.morale`: unknown field `morale`",
        ),
        (
            two("", "survival = 4\nattack_downed = \"sometimes\"\n"),
            "`combatant.B.attack_downed`: \"sometimes\" is not allowed; allowed: \"never\", \"also\", \"first\"",
        ),
        (
            two("", "survival = 4\nknockout_blows = true\n"),
            "t.scenario:4:8: `combatant.A.evasion`: missing: \"B\" deals knockout blows, so \"A\" rolls evasion against them (874)",
        ),
        (
            "[conflict]\nconsciousness_check = \"per_hit\"\n[check]\nscore = 10\n".to_string(),
            "t.scenario:3:1: `conflict`: [conflict] holds the Guide's choices for a fight; it needs [[combatant]] tables",
        ),
    ];
    for (body, expected) in cases {
        let err = load(&body).unwrap_err();
        assert!(err.contains(expected), "got:\n{err}\nexpected: {expected}");
    }
}
