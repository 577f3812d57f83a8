//! Rounds traced with scripted dice, event by event: the order by AP, a Dodge, the reset, a
//! death save (L268–269, L249, L446); a parry's crit, the counter and first aid (L258–259,
//! L386, L453).

use super::super::super::fight::{Arena, Event};
use super::super::Conflict;
use super::conflict;
use crate::combat::{self, Ending, Observer};
use crate::testing::Scripted;

#[derive(Default)]
struct Trace {
    lines: Vec<String>,
}

impl Observer<Conflict> for Trace {
    fn see(&mut self, event: Event<'_>) {
        let line = match event {
            Event::RoundStart { round, states } => {
                let ap: Vec<i64> = states.iter().map(|s| s.ap).collect();
                format!("round {round}: AP {ap:?}")
            }
            Event::DeathSave { who, d20, result } => format!("{who} saves {d20}: {result:?}"),
            Event::Action {
                who,
                action,
                target,
            } => format!("{who} {action:?} at {target}"),
            Event::Defend { who, kind } => format!("{who} {kind:?}"),
            Event::Attack {
                d20,
                total,
                defense,
                hit,
                ..
            } => format!("{d20} → {total} vs {defense}: {hit:?}"),
            Event::FirstAid {
                who,
                d20,
                stabilised,
                ..
            } => format!("{who} first aid {d20}: {stabilised}"),
            Event::Triage {
                who, d20, healed, ..
            } => format!("{who} triage {d20}: +{healed} Health"),
            Event::Damage { target, dealt } => format!("{target} takes {}", dealt.total()),
            Event::RoundEnd { round, states } => {
                let ap: Vec<i64> = states.iter().map(|s| s.ap).collect();
                format!("end {round}: AP {ap:?}")
            }
        };
        self.lines.push(line);
    }
}

pub(super) const TRACED: &str = r#"
[[combatant]]
name = "Vessa"
side = "party"
vitality_die = "d8"
agility = 2
vitality = 3
health = 6
passive_armor = 11
armor_reduction = 2
armor = "light"
defend = "dodge"
defense.dodge = { bonus = 10, rank = 1 }
attacks = [{ name = "rapier", to_hit = 5, damage = "1d6+1", type = "piercing", skill_rank = 1 }]
[[combatant]]
name = "Aldo"
side = "party"
ap = 6
vitality = 5
health = 3
passive_armor = 12
attacks = [{ name = "mace", to_hit = 3, damage = "1d6+1", type = "bludgeoning" }]
[[combatant]]
name = "Goblin"
side = "goblins"
kind = "monster"
ap = 10
vitality = 4
health = 3
passive_armor = 12
attacks = [{ name = "scimitar", to_hit = 4, damage = "1d6+2", type = "slashing" }]
"#;

#[test]
fn a_traced_round_orders_by_ap_pays_dodges_resets_and_saves() {
    let c = conflict(TRACED);
    // Every die in the order the fight rolls it.
    let mut dice = Scripted::new()
        .in_order([
            (4, 3),   // Vessa's AP: 5 + d4 + d8 + Agility 2 = 5 + 3 + 5 + 2 = 15 (L267)
            (8, 5),   //
            (20, 10), // Vessa hits the Goblin: 15 against 12
            (6, 4),   // for 1d6+1 = 5
            (20, 2),  // Vessa misses
            (6, 3),   // Vessa dodges: 10 + 3
            (20, 15), // the Goblin hits: 19 against 13
            (6, 4),   // for 1d6+2 = 6
            (20, 1),  // Aldo misses
            (6, 1),   // Vessa dodges: 10 + 1
            (20, 12), // the Goblin hits: 16 against 11
            (6, 5),   // for 7
            (20, 12), // round 2: Vessa's death save succeeds
            (20, 20), // the Goblin crits Aldo
            (6, 6),   // for 8
            (20, 20), // after the fight Vessa rolls a 20: stable
        ])
        .picks([(2, 0), (2, 0)]);
    let mut trace = Trace::default();
    let (ending, rounds, arena, _) = combat::replay(&c, &mut dice, &mut trace);
    let expected = [
        "round 1: AP [15, 6, 10]",
        // Most AP first (L268).
        "0 Attack(0) at 2",
        "10 → 15 vs 12: Hit",
        "2 takes 5",
        // Vessa 10 and the Goblin 10 tie: higher Agility goes first (L269).
        "0 Attack(0) at 2",
        "2 → 7 vs 12: Miss",
        "2 Attack(0) at 0",
        // Vessa pays 2 AP for a Dodge (L249) and fails: light armor uses Agility 2 (L231).
        "0 Dodge",
        "15 → 19 vs 13: Hit",
        "0 takes 4",
        "1 Attack(0) at 2",
        "1 → 4 vs 12: Miss",
        "2 Attack(0) at 0",
        "0 Dodge",
        "12 → 16 vs 11: Hit",
        // 7 − 2: Vitality is gone, Health 5 → 0, nothing left over: Disabled (L444).
        "0 takes 5",
        // Nobody can pay for anything: Vessa holds 1, Aldo 1, the Goblin 0.
        "end 1: AP [1, 1, 0]",
        "0 saves 12: Marks(1, 0)",
        // AP reset (L268); Vessa is down and does not act.
        "round 2: AP [15, 6, 10]",
        "2 Attack(0) at 1",
        "20 → 24 vs 12: Crit",
        // A slashing crit adds the dice maximum (L425): 6 + 2 + 6 = 14 against Vitality 5 +
        // Health 3: 6 left over ≥ Health maximum 3, instant death (L442).
        "1 takes 14",
        "end 2: AP [15, 6, 5]",
    ];
    assert_eq!(trace.lines, expected);
    assert_eq!((ending, rounds), (Ending::Win(1), 2));
    dice.finish();
    let [v, a, g] = [0, 1, 2].map(|i| arena.states[i]);
    assert!(v.disabled && !v.dead && !v.dying && !v.incapacitated);
    assert!(a.dead && a.instant_death && !a.disabled);
    assert!(!g.dead && g.health == 2);
    // AP by kind: attack, defense, other, unspent; each round sums to the AP.
    assert_eq!((v.ap_by_kind, v.rounds_active), ([10, 4, 0, 1], 1));
    assert_eq!((a.ap_by_kind, a.rounds_active), ([5, 0, 0, 7], 2));
    assert_eq!((g.ap_by_kind, g.rounds_active), ([15, 0, 0, 5], 2));
}

const PARRY_AND_FIRST_AID: &str = r#"
[[combatant]]
name = "Mira"
side = "party"
ap = 12
vitality = 3
health = 5
passive_armor = 10
defend = "parry"
defense.parry = { bonus = 5, rank = 1 }
attacks = [{ name = "sword", damage = "1d8", type = "slashing" }]
[[combatant]]
name = "Tom"
side = "party"
ap = 9
vitality = 0
health = 2
passive_armor = 10
first_aid = 2
attacks = [{ name = "club", damage = "1d4", type = "bludgeoning" }]
[[combatant]]
name = "Orc"
side = "orcs"
kind = "monster"
ap = 10
vitality = 10
health = 5
passive_armor = 10
attacks = [{ name = "axe", to_hit = 5, damage = "1d10", type = "bludgeoning" }]
"#;

#[test]
fn a_parry_crit_counters_and_first_aid_stabilises() {
    let c = conflict(PARRY_AND_FIRST_AID);
    // Every die in the order the fight rolls it.
    let mut dice = Scripted::new()
        .in_order([
            (20, 2),  // Mira misses
            (20, 19), // Mira parries: 5 + 19
            (20, 3),  // the Orc's 8 is 16 short: the parry crits
            (20, 15), // Mira's counterattack hits
            (8, 6),   // for 1d8 = 6
            (20, 1),  // Tom misses
            (20, 20), // the Orc crits Mira, who cannot pay for a parry
            (10, 10), // for 1d10 = 10
            (20, 5),  // round 2: Mira fails a death save
            (20, 2),  // the Orc misses Tom
            (20, 8),  // Tom's first aid: 8 + 2 ≥ 10
            (20, 2),  // the Orc misses Tom
            (20, 20), // round 3: the Orc crits Tom
            (10, 10), // for 10
        ])
        .picks([(2, 0), (2, 0)]);
    let mut trace = Trace::default();
    let (ending, rounds, arena, _) = combat::replay(&c, &mut dice, &mut trace);
    let expected = [
        "round 1: AP [12, 9, 10]",
        // Mira and the Orc tie on AP, Agility and Dexterity: the PC goes first (L269).
        "0 Attack(0) at 2",
        "2 → 2 vs 10: Miss",
        "2 Attack(0) at 0",
        // A parry costs the weapon's AP − 2 = 3 (L258).
        "0 Parry",
        "3 → 8 vs 24: Miss",
        // The crit opens a counterattack for 5 − 1 AP, weapon dice only (L259, L386).
        "15 → 15 vs 10: Hit",
        "2 takes 6",
        "1 Attack(0) at 2",
        "1 → 1 vs 10: Miss",
        "2 Attack(0) at 0",
        "20 → 25 vs 10: Crit",
        // 10 against Vitality 3 and Health 5: 2 left over < 5, Disabled.
        "0 takes 10",
        "end 1: AP [0, 4, 0]",
        "0 saves 5: Marks(0, 1)",
        "round 2: AP [12, 9, 10]",
        "2 Attack(0) at 1",
        "2 → 7 vs 10: Miss",
        // 8 AP and a dying ally: first aid (L453) stabilises her at 0 Health.
        "1 FirstAid(0) at 0",
        "1 first aid 8: true",
        "2 Attack(0) at 1",
        "2 → 7 vs 10: Miss",
        "end 2: AP [12, 1, 0]",
        // Stable, Mira makes no more saves (L454).
        "round 3: AP [12, 9, 10]",
        "2 Attack(0) at 1",
        "20 → 25 vs 10: Crit",
        "1 takes 10",
        "end 3: AP [12, 9, 5]",
    ];
    assert_eq!(trace.lines, expected);
    assert_eq!((ending, rounds), (Ending::Win(1), 3));
    dice.finish();
    let [m, t, o] = [0, 1, 2].map(|i| arena.states[i]);
    assert!(m.disabled && !m.dying && !m.dead && !m.up && m.health == 0);
    assert!(t.dead && t.instant_death);
    assert_eq!((o.vitality, o.health), (4, 5));
    assert_eq!((m.ap_by_kind, m.rounds_active), ([9, 3, 0, 0], 1));
    assert_eq!((t.ap_by_kind, t.rounds_active), ([5, 0, 8, 14], 3));
    assert_eq!((o.ap_by_kind, o.rounds_active), ([25, 0, 0, 5], 3));
}

/// `c` played with dice that show the faces `d` in order, each (sides, face), every one of
/// them used: the trace and the arena at the end.
fn played(c: &Conflict, d: &[(u32, i64)]) -> (Trace, Arena) {
    let mut dice = Scripted::new().in_order(d.iter().copied());
    let mut trace = Trace::default();
    let (_, _, arena, _) = combat::replay(c, &mut dice, &mut trace);
    dice.finish();
    (trace, arena)
}

/// Mira (Vitality 4, Health 6) and Bran of the party against a Goblin that goes for Bran,
/// for `rounds` rounds: `mira` is her AP and further keys, `bran` his AP, Vitality, Health
/// and further keys.
fn mira_and_bran(rounds: u32, mira: (i64, &str), bran: (i64, i64, i64, &str)) -> Conflict {
    conflict(&format!(
        r#"
[run]
max_rounds = {rounds}
[[combatant]]
name = "Mira"
side = "party"
ap = {}
vitality = 4
health = 6
passive_armor = 12
{}
attacks = [{{ name = "staff", to_hit = 0, damage = "1d6", type = "bludgeoning" }}]
[[combatant]]
name = "Bran"
side = "party"
ap = {}
vitality = {}
health = {}
passive_armor = 12
{}
attacks = [{{ name = "club", to_hit = 0, damage = "1d6", type = "bludgeoning" }}]
[[combatant]]
name = "Goblin"
side = "goblins"
kind = "monster"
ap = 10
vitality = 4
health = 30
passive_armor = 12
target = "Bran"
attacks = [{{ name = "scimitar", to_hit = 4, damage = "1d6+2", type = "slashing" }}]
"#,
        mira.0, mira.1, bran.0, bran.1, bran.2, bran.3
    ))
}

#[test]
fn triage_spends_8_ap_and_heals_1_health_per_5_over_10() {
    // 001:143. Mira protects anyone hurt; the Goblin goes for Bran.
    let c = mira_and_bran(
        1,
        (13, "triage = 2\ntactics = \"protect\"\nprotect_below = 1.0"),
        (6, 0, 8, ""),
    );
    let (trace, arena) = played(
        &c,
        &[
            (20, 1),  // Mira (13 AP): nobody hurt, she attacks and misses
            (20, 15), // the Goblin (10): 19 against 12
            (6, 4),   // for 6: Bran's Health 8 → 2
            (20, 19), // Mira (8 AP, Triage's price): 19 + 2 = 21, 11 over 10: 2 Health
            (20, 1),  // the Goblin (5) misses
            (20, 1),  // Bran (6) misses
        ],
    );
    let triage: Vec<&String> = trace
        .lines
        .iter()
        .filter(|l| l.contains("triage"))
        .collect();
    assert_eq!(triage, ["0 triage 19: +2 Health"], "{:#?}", trace.lines);
    assert_eq!(arena.states[1].health, 4, "{:#?}", trace.lines);
    assert_eq!(arena.states[0].ap, 0, "{:#?}", trace.lines);
}

#[test]
fn a_cautious_fighter_disengages_for_4_ap_and_is_out_alive() {
    // 001:334–335: a careful move out of reach, 3 AP and 1 more, no counterattack. Bran,
    // cautious below 0.9 of his Vitality + Health, is hit to 2 of 8 and goes.
    let c = mira_and_bran(
        1,
        (3, ""),
        (9, 0, 8, "tactics = \"cautious\"\ncautious_below = 0.9"),
    );
    let (trace, arena) = played(
        &c,
        &[
            (20, 15), // the Goblin (10 AP): 19 against 12
            (6, 4),   // for 6: Bran's Health 8 → 2
            (20, 1),  // the Goblin (5) at Mira, the one left up, misses
        ],
    );
    assert!(
        trace.lines.contains(&"1 Disengage at 1".to_string()),
        "{:#?}",
        trace.lines
    );
    assert!(
        arena.states[1].fled && !arena.states[1].up,
        "{:#?}",
        trace.lines
    );
    assert_eq!(arena.states[1].ap, 5, "{:#?}", trace.lines);
}

#[test]
fn a_protector_gives_a_dying_ally_a_potion_and_it_rises() {
    // 001:318: giving a potion to an unconscious creature takes 6 AP; Health back, it is up
    // again and makes no more saves (L453–454).
    let c = mira_and_bran(
        1,
        (
            13,
            "tactics = \"protect\"\npotions = { count = 1, heal = \"1d4\" }",
        ),
        (6, 0, 5, ""),
    );
    let (trace, arena) = played(
        &c,
        &[
            (20, 1),  // Mira (13 AP): nobody down, she attacks and misses
            (20, 15), // the Goblin (10): 19 against 12
            (6, 4),   // for 6: Bran's Health 5 → −1, Disabled, dying
            (4, 3),   // Mira (8): a potion for Bran, 6 AP: 3 Health, up
            (20, 1),  // Bran (6) attacks and misses
            (20, 1),  // the Goblin (5) misses Bran
        ],
    );
    assert!(
        trace.lines.contains(&"0 Potion(1) at 1".to_string()),
        "{:#?}",
        trace.lines
    );
    let bran = &arena.states[1];
    assert!(bran.up && !bran.dying, "{:#?}", trace.lines);
    assert_eq!((bran.health, arena.states[0].potions), (3, 0));
    assert_eq!(arena.states[0].ap, 2, "{:#?}", trace.lines);
}

#[test]
fn a_breather_gives_a_vitality_die_back_when_the_next_round_begins() {
    // 001:322: 8 AP, then a Vitality Die spent as the next turn begins. Bran, cautious below
    // 0.9, is hit to 6 of 12 and takes a breather; round 2 begins with his d6 (5, his 4
    // Vitality lost the cap); still low, with no die left, he Disengages.
    let c = mira_and_bran(
        2,
        (3, ""),
        (
            9,
            4,
            8,
            "tactics = \"cautious\"\ncautious_below = 0.9\n\
             short_rest = { vitality_dice = 1, die = \"d6\" }",
        ),
    );
    let (trace, arena) = played(
        &c,
        &[
            (20, 15), // the Goblin (10 AP): 19 against 12
            (6, 4),   // for 6: Bran's Vitality 4 → 0, Health 8 → 6
            (20, 1),  // Bran (9) breathes; the Goblin (5) misses him
            (6, 5),   // round 2: Bran's Vitality Die, 5: Vitality back to its 4
            (20, 1),  // the Goblin (10) misses Bran, who (9) Disengages
            (20, 1),  // the Goblin (5) misses Mira
        ],
    );
    let bran: Vec<&String> = (trace.lines.iter())
        .filter(|l| l.starts_with("1 B") || l.starts_with("1 D"))
        .collect();
    assert_eq!(
        bran,
        ["1 Breather at 1", "1 Disengage at 1"],
        "{:#?}",
        trace.lines
    );
    let s = &arena.states[1];
    assert_eq!((s.vitality, s.health, s.vitality_dice), (4, 6, 0));
    assert!(s.fled);
}

#[test]
fn help_spends_6_ap_and_the_helped_ally_attacks_at_advantage() {
    // 001:310: Mira (13 AP) Helps Bran (9), who acts before her next turn (her 7 left); the
    // Goblin (10) misses; Bran's attack rolls two d20s and keeps the higher; the help is
    // used up, so Mira, with no ally left to act before her, attacks with one d20.
    let c = mira_and_bran(1, (13, "helps = true"), (9, 4, 8, ""));
    let (trace, arena) = played(
        &c,
        &[
            (20, 1),  // the Goblin (10) misses Bran
            (20, 3),  // Bran (9), helped: 3 …
            (20, 17), // … and 17, the higher kept: 17 against 12
            (6, 5),   // for 5: the Goblin's Vitality 4 → 0, Health 30 → 29
            (20, 2),  // Mira (7) attacks alone and misses
            (20, 1),  // the Goblin (5) misses Bran
        ],
    );
    assert!(
        trace.lines.contains(&"0 Help(1) at 1".to_string()),
        "{:#?}",
        trace.lines
    );
    assert!(
        trace.lines.contains(&"17 → 17 vs 12: Hit".to_string()),
        "{:#?}",
        trace.lines
    );
    let goblin = &arena.states[2];
    assert_eq!(
        (goblin.vitality, goblin.health),
        (0, 29),
        "{:#?}",
        trace.lines
    );
    assert_eq!(arena.states[0].ap, 2, "{:#?}", trace.lines);
}

#[test]
fn help_is_not_given_where_the_helper_would_act_again_first() {
    // 001:310: the advantage lasts until the helper's next turn. Mira with 20 AP would act
    // again (14) before Bran (9), so she attacks instead.
    let c = mira_and_bran(1, (20, "helps = true"), (9, 4, 8, ""));
    let (trace, _) = played(
        &c,
        &[
            (20, 1), // Mira (20) attacks and misses
            (20, 1), // Mira (15) again, ahead of Bran's 9 even at 9 (L269, file order); misses
            // Mira (10, ahead of the Goblin's 10 as a PC) now has 4 left after Help: Help Bran
            (20, 1), // the Goblin (10) misses Bran
            (20, 3), // Bran (9), helped: 3 …
            (20, 2), // … and 2: 3 against 12 misses
            (20, 1), // the Goblin (5) misses Bran; nobody else can pay 5
        ],
    );
    let helps: Vec<&String> = (trace.lines.iter())
        .filter(|l| l.starts_with("0 "))
        .collect();
    assert_eq!(
        helps,
        ["0 Attack(0) at 2", "0 Attack(0) at 2", "0 Help(1) at 1"],
        "{:#?}",
        trace.lines
    );
}
