//! The seed's rules replayed with scripted dice, event by event (002:13–14, 002:18, 002:36,
//! 002:43, 002:53, 002:75, 002:87).

use super::super::Skirmish;
use super::super::fight::{Arena, Event};
use super::skirmish;
use crate::combat::{self, Ending, Observer};
use crate::testing::Scripted;

/// Every event, as a line.
#[derive(Default)]
struct Trace {
    names: Vec<String>,
    lines: Vec<String>,
}

impl Trace {
    fn of(s: &Skirmish) -> Self {
        Self {
            names: s.fighters.iter().map(|f| f.name.clone()).collect(),
            lines: Vec::new(),
        }
    }
}

impl Observer<Skirmish> for Trace {
    fn see(&mut self, event: Event<'_>) {
        let line = match event {
            Event::Initiative { who, total } => format!("{} initiative {total}", self.names[who]),
            Event::RoundStart(round) => format!("round {round}"),
            Event::Attack {
                attacker,
                target,
                offhand,
                total,
                guard,
                dodge,
                hit,
            } => format!(
                "{}{} → {}: {total} vs Guard {guard}{}: {}",
                self.names[attacker],
                if offhand { " (off-hand)" } else { "" },
                self.names[target],
                dodge.map_or(String::new(), |d| format!(", Dodge {d}")),
                if hit { "hit" } else { "miss" }
            ),
            Event::Damage { target, raw, dealt } => {
                format!("{} takes {dealt} of {raw}", self.names[target])
            }
            Event::Escape { who } => format!("{} escapes", self.names[who]),
            Event::Potion { by, to, restored } => format!(
                "{} gives {} a potion: +{restored}",
                self.names[by], self.names[to]
            ),
            Event::Aid {
                by,
                to,
                stabilise,
                success,
                restored,
            } => format!(
                "{} {} {}: {}",
                self.names[by],
                if stabilise { "stabilises" } else { "aids" },
                self.names[to],
                match (success, stabilise) {
                    (false, _) => "fails".to_string(),
                    (true, true) => "stable".to_string(),
                    (true, false) => format!("+{restored} Durability"),
                }
            ),
            Event::RoundEnd { round, states } => {
                let what: Vec<String> = states
                    .iter()
                    .zip(&self.names)
                    .map(|(s, n)| {
                        let flag = if s.dead {
                            " dead"
                        } else if s.shock {
                            " Shock"
                        } else if s.winded {
                            " Winded"
                        } else {
                            ""
                        };
                        format!("{n} {}/{}/{}{flag}", s.durability, s.health, s.vigor)
                    })
                    .collect();
                format!("end {round}: {}", what.join(", "))
            }
        };
        self.lines.push(line);
    }
}

/// Dice that show the faces `d` in order, each (sides, face), and make the picks `picks`,
/// each (among how many, which).
fn scripted(d: &[(u32, i64)], picks: &[(usize, usize)]) -> Scripted {
    Scripted::new()
        .in_order(d.iter().copied())
        .picks(picks.iter().copied())
}

/// A skirmish of `rounds` rounds: an Orc (one attack die and one action, never dodging,
/// Durability and Health 30, Vigor 10, no Stamina, going for Al; `orc` adds its keys) against
/// the party's `members`, each a name and its keys beside `side = "party"` and `vigor = 10`.
fn orc_against(rounds: u32, orc: &str, members: &[(&str, &str)]) -> Skirmish {
    let mut text = format!(
        "[run]\nmax_rounds = {rounds}\n[[combatant]]\nname = \"Orc\"\nside = \"orcs\"\n\
         attack_dice = 1\nactions = 1\ndodge_policy = \"never\"\ndurability = 30\n\
         health = 30\nvigor = 10\nstamina = 0\ntarget = \"Al\"\n{orc}"
    );
    for (name, keys) in members {
        text.push_str(&format!(
            "[[combatant]]\nname = \"{name}\"\nside = \"party\"\nvigor = 10\n{keys}"
        ));
    }
    skirmish(&text)
}

fn replay(s: &Skirmish, dice: &mut Scripted) -> (Ending, u32, Vec<String>, Arena) {
    let mut trace = Trace::of(s);
    let (ending, rounds, arena, _) = combat::replay(s, dice, &mut trace);
    dice.finish();
    (ending, rounds, trace.lines, arena)
}

#[test]
fn a_dodge_tie_goes_to_the_attacker_and_winded_lasts_until_5_vigor() {
    let s = skirmish(
        r#"
[run]
max_rounds = 4
[[combatant]]
name = "Orc"
side = "orcs"
attack_dice = 1
actions = 1
dodge_policy = "never"
durability = 30
health = 30
vigor = 10
stamina = 0
[[combatant]]
name = "Ada"
side = "party"
actions = 0
dodge_dice = 1
durability = 30
health = 30
vigor = 5
stamina = 10
"#,
    );
    let mut dice = scripted(
        &[
            (20, 15), // Orc's initiative
            (20, 5),  // Ada's
            (20, 10), // round 1: 10 + 7 beats Guard 15
            (10, 7),
            (20, 12), // Ada Dodges with her last 5 Vigor: 12 + 5 ties
            (10, 5),
            (8, 6), // the sword
            (20, 15),
            (10, 3),
            (8, 4),
            (20, 18),
            (10, 2),
            (8, 1),
            (20, 14), // round 4: 18; Ada Dodges again, and is Winded again
            (10, 4),
            (20, 16),
            (10, 3),
        ],
        &[],
    );
    let (ending, rounds, lines, arena) = replay(&s, &mut dice);
    let expected = [
        "Orc initiative 15",
        "Ada initiative 5",
        "round 1",
        // 002:18: a tie goes to the attacker.
        "Orc → Ada: 17 vs Guard 15, Dodge 17: hit",
        "Ada takes 6 of 6",
        // 002:43: out of Vigor, Winded; 2 back a round (002:45) is not yet 5.
        "end 1: Orc 30/30/10, Ada 24/30/2 Winded",
        "round 2",
        "Orc → Ada: 18 vs Guard 15: hit",
        "Ada takes 4 of 4",
        "end 2: Orc 30/30/10, Ada 20/30/4 Winded",
        "round 3",
        "Orc → Ada: 20 vs Guard 15: hit",
        "Ada takes 1 of 1",
        // Back to 5 (her most): no longer Winded.
        "end 3: Orc 30/30/10, Ada 19/30/5",
        "round 4",
        "Orc → Ada: 18 vs Guard 15, Dodge 19: miss",
        "end 4: Orc 30/30/10, Ada 19/30/2 Winded",
    ];
    assert_eq!(lines, expected);
    assert_eq!((ending, rounds), (Ending::Stalemate, 4));
    let ada = arena.states[1];
    assert!(ada.ever_winded && ada.winded && !ada.wounded);
    assert_eq!((ada.winded_rounds, ada.vigor_spent), (3, 10));
}

const WOUNDING: &str = r#"
[run]
max_rounds = 1
[[combatant]]
name = "Orc"
side = "orcs"
actions = 1
weapon_dice = 2
dodge_policy = "never"
durability = 30
health = 30
vigor = 10
stamina = 0
[[combatant]]
name = "Ada"
side = "party"
actions = 1
attack_dice = 1
damage_dice = 1
dodge_dice = 1
durability = 3
health = 20
vigor = 10
stamina = 10
"#;

#[test]
fn wounded_steps_every_bonus_die_down_a_step() {
    let s = skirmish(WOUNDING);
    let mut dice = scripted(
        &[
            (20, 9), // initiative: the Orc first
            (20, 2),
            (20, 19), // 19 beats Guard 15
            (20, 3),  // Ada's Dodge, unwounded: d20 + d10
            (10, 4),
            (8, 2), // 2d8 sword: 5, through Durability 3 into Health
            (8, 3),
            // 002:53: Wounded, Ada's d10s are d8s: to hit and to damage.
            (20, 14),
            (8, 8), // the d8 bursts (002:55)
            (8, 6),
            (8, 2), // the sword
            (8, 7), // the damage die, Wounded too
        ],
        &[],
    );
    let (_, _, lines, arena) = replay(&s, &mut dice);
    assert_eq!(
        lines[3..],
        [
            "Orc → Ada: 19 vs Guard 15, Dodge 7: hit",
            "Ada takes 5 of 5",
            "Ada → Orc: 28 vs Guard 15: hit",
            "Orc takes 9 of 9",
            "end 1: Orc 21/30/10, Ada 0/18/7",
        ]
    );
    assert!(arena.states[1].wounded);
    // `[rules] overflow_to_health = false`: the hit that empties Durability stops there.
    let s = skirmish(&format!("[rules]\noverflow_to_health = false\n{WOUNDING}"));
    let mut dice = scripted(
        &[
            (20, 9),
            (20, 2),
            (20, 19),
            (20, 3),
            (10, 4),
            (8, 2),
            (8, 3),
            (20, 1),
            (8, 1),
        ],
        &[],
    );
    let (_, _, lines, _) = replay(&s, &mut dice);
    assert_eq!(lines.last().unwrap(), "end 1: Orc 30/30/10, Ada 0/20/7");
}

const SHOCK: &str = r#"
[run]
max_rounds = 4
[[combatant]]
name = "Bear"
side = "bear"
actions = 1
target = "Ada"
dodge_policy = "never"
durability = 100
health = 100
vigor = 10
stamina = 0
[[combatant]]
name = "Ada"
side = "party"
actions = 0
dodge_policy = "never"
armor_rank = 2
durability = 0
health = 3
vigor = 10
stamina = 2
[[combatant]]
name = "Brann"
side = "party"
actions = 0
durability = 100
health = 100
vigor = 10
stamina = 10
"#;

#[test]
fn shock_counts_down_stamina_rounds_and_damage_kills() {
    // 002:75: in Shock in round 1 with Stamina 2, Ada dies in round 3's Recovery phase.
    let s = skirmish(SHOCK);
    let init = [(20, 12), (20, 5), (20, 3)];
    let mut d = init.to_vec();
    d.extend([
        (20, 19), // 19 beats Guard 15; Ada began at Durability 0, Wounded
        (8, 5),   // 5 − Armor Rank 2 = 3: Health 0
        (20, 1),  // round 2: Ada is down; the named target falls back on Brann
        (20, 2),
        (20, 3),
    ]);
    let (ending, rounds, lines, arena) = replay(&s, &mut scripted(&d, &[]));
    assert_eq!(
        lines[4..],
        [
            "Bear → Ada: 19 vs Guard 15: hit",
            "Ada takes 3 of 5",
            "end 1: Bear 100/100/10, Ada 0/0/10 Shock, Brann 100/100/10",
            "round 2",
            "Bear → Brann: 1 vs Guard 15: miss",
            "end 2: Bear 100/100/10, Ada 0/0/10 Shock, Brann 100/100/10",
            "round 3",
            "Bear → Brann: 2 vs Guard 15: miss",
            "end 3: Bear 100/100/10, Ada 0/0/10 dead, Brann 100/100/10",
            "round 4",
            "Bear → Brann: 3 vs Guard 15: miss",
            "end 4: Bear 100/100/10, Ada 0/0/10 dead, Brann 100/100/10",
        ]
    );
    assert_eq!((ending, rounds), (Ending::Stalemate, 4));
    assert!(arena.states[1].dead && arena.states[1].fell && arena.states[1].wounded);

    // finish_downed: a hit that armor stops does nothing; the next one that gets through
    // kills (002:75).
    let s = skirmish(&SHOCK.replace("target = \"Ada\"", "finish_downed = true"));
    let mut d = init.to_vec();
    d.extend([
        (20, 19),
        (8, 5),
        (20, 16), // round 2: Ada in Shock keeps Guard 15 and cannot Dodge
        (8, 2),   // 2 − 2 = 0
        (20, 17), // round 3
        (8, 3),   // 1 gets through: dead
        (20, 4),  // round 4: only Brann is left to attack
    ]);
    let picks = [(2, 0), (2, 0), (2, 0)];
    let (_, _, lines, arena) = replay(&s, &mut scripted(&d, &picks));
    assert_eq!(
        lines[7..],
        [
            "round 2",
            "Bear → Ada: 16 vs Guard 15: hit",
            "Ada takes 0 of 2",
            "end 2: Bear 100/100/10, Ada 0/0/10 Shock, Brann 100/100/10",
            "round 3",
            "Bear → Ada: 17 vs Guard 15: hit",
            "Ada takes 1 of 3",
            "end 3: Bear 100/100/10, Ada 0/0/10 dead, Brann 100/100/10",
            "round 4",
            "Bear → Brann: 4 vs Guard 15: miss",
            "end 4: Bear 100/100/10, Ada 0/0/10 dead, Brann 100/100/10",
        ]
    );
    assert!(arena.states[1].dead);
}

#[test]
fn an_ambush_gives_an_extra_action_and_halves_guard_from_behind() {
    let s = skirmish(
        r#"
[run]
max_rounds = 2
[encounter]
ambush = "beasts"
ambush_from_behind = true
[[combatant]]
name = "Bear"
side = "beasts"
size = "large"
durability = 50
health = 50
vigor = 10
stamina = 0
[[combatant]]
name = "Wolf"
side = "beasts"
actions = 1
durability = 50
health = 50
vigor = 10
stamina = 0
[[combatant]]
name = "Ada"
side = "party"
dodge_policy = "never"
durability = 50
health = 50
vigor = 10
stamina = 0
"#,
    );
    let d: Vec<(u32, i64)> = [12, 12, 5, 8, 3, 10, 7, 2, 15, 15, 20, 19, 4, 3]
        .iter()
        .map(|&v| (20, v))
        .collect();
    // The tie at 12 is shuffled: the Wolf first. Ada picks among two foes.
    let picks = [(2, 0), (2, 0), (2, 1), (2, 1)];
    let (ending, _, lines, _) = replay(&s, &mut scripted(&d, &picks));
    let expected = [
        "Bear initiative 12",
        "Wolf initiative 12",
        "Ada initiative 5",
        "round 1",
        // 002:14: one more action (2 for the Wolf's 1); 002:36: Guard 15 from behind is 8.
        "Wolf → Ada: 8 vs Guard 8: miss",
        "Wolf → Ada: 3 vs Guard 8: miss",
        // 002:87: a large Bear against medium Ada: 15 + 5 = 20, halved to 10; 3 actions.
        "Bear → Ada: 10 vs Guard 10: miss",
        "Bear → Ada: 7 vs Guard 10: miss",
        "Bear → Ada: 2 vs Guard 10: miss",
        // 002:13: ambushed, Ada has 1 action.
        "Ada → Bear: 15 vs Guard 15: miss",
        "end 1: Bear 50/50/10, Wolf 50/50/10, Ada 50/50/10",
        "round 2",
        "Wolf → Ada: 15 vs Guard 15: miss",
        "Bear → Ada: 20 vs Guard 20: miss",
        "Bear → Ada: 19 vs Guard 20: miss",
        "Ada → Wolf: 4 vs Guard 15: miss",
        "Ada → Wolf: 3 vs Guard 15: miss",
        "end 2: Bear 50/50/10, Wolf 50/50/10, Ada 50/50/10",
    ];
    assert_eq!(lines, expected);
    assert_eq!(ending, Ending::Stalemate);
}

#[test]
fn offhand_attacks_pay_8_vigor_and_defend_makes_a_dodge_cost_3() {
    let s = skirmish(
        r#"
[run]
max_rounds = 1
[[combatant]]
name = "Ada"
side = "party"
attack_dice = 1
offhand = { weapon_dice = 1, weapon_die = "d4" }
dodge_policy = "never"
durability = 50
health = 50
vigor = 17
stamina = 0
[[combatant]]
name = "Orc"
side = "orcs"
defend = true
dodge_dice = 1
durability = 50
health = 50
vigor = 5
stamina = 0
"#,
    );
    let d = [
        (20, 3), // initiative: the Orc first
        (20, 10),
        (20, 1), // the Orc's one attack (the other action is Defend)
        // Ada: sword d20 + d10; off-hand d20 + d6 (2 Challenges, 002:21), for 8 Vigor.
        (20, 2),
        (10, 1),
        (20, 2),
        (6, 1),
        (20, 3),
        (10, 1),
        // 9 − 8 = 1 ≥ keep_vigor 1: a second off-hand; the Orc Dodges for 3 (002:22).
        (20, 15),
        (6, 4),
        (20, 19),
        (10, 2),
    ];
    let (_, _, lines, arena) = replay(&s, &mut scripted(&d, &[]));
    assert_eq!(
        lines[3..],
        [
            "Orc → Ada: 1 vs Guard 15: miss",
            "Ada → Orc: 3 vs Guard 15: miss",
            "Ada (off-hand) → Orc: 3 vs Guard 15: miss",
            "Ada → Orc: 4 vs Guard 15: miss",
            "Ada (off-hand) → Orc: 19 vs Guard 15, Dodge 21: miss",
            "end 1: Ada 50/50/1, Orc 50/50/2",
        ]
    );
    assert_eq!(arena.states[0].vigor_spent, 16);
    assert_eq!(arena.states[1].vigor_spent, 3);
}

#[test]
fn emergency_aid_takes_two_actions_and_restores_a_d10_of_durability() {
    // 002:28: two actions, a Medicine (treatment) check VS 20, 1d10 Durability back. Mo
    // protects anyone hurt; the Orc strikes Al first.
    let s = orc_against(
        2,
        "",
        &[
            (
                "Mo",
                "actions = 3\ndodge_policy = \"never\"\ndurability = 10\nhealth = 10\n\
                 stamina = 10\nmedicine = { bonus_dice = 1, base_die = \"d4\" }\n\
                 tactics = \"protect\"\nprotect_below = 1.0\n",
            ),
            (
                "Al",
                "actions = 0\ndodge_policy = \"never\"\ndurability = 10\nhealth = 10\n\
                 stamina = 10\n",
            ),
        ],
    );
    let mut dice = scripted(
        &[
            (20, 15), // initiative: Orc, Mo, Al
            (20, 10),
            (20, 5),
            (20, 10), // round 1: the Orc hits Al, 17 against Guard 15, for 6
            (10, 7),
            (8, 6),
            (20, 18), // Mo's first two actions: 18 + 3 beats 20; the d10 (a pick) gives 5
            (4, 3),
            (20, 12), // Mo's third action: Al is hurt still, but one action cannot aid:
            // Mo attacks the Orc (no attack dice) and misses
            (20, 2), // round 2: the Orc misses Al
            (10, 1),
            (20, 17), // Mo aids again: 17 + 4 (bursting) + 1 = 22 beats 20; +1 of 1 lost
            (4, 4),
            (4, 1),
            (20, 1), // and attacks, missing
        ],
        &[(10, 4), (10, 9)],
    );
    let (_, _, lines, arena) = replay(&s, &mut dice);
    let aid: Vec<&String> = lines.iter().filter(|l| l.contains("aids")).collect();
    assert_eq!(
        aid,
        ["Mo aids Al: +5 Durability", "Mo aids Al: +1 Durability"],
        "{lines:#?}"
    );
    // Al: 10 − 6 + 5 = 9, then topped up to 10 (a d10 of 10 restores only what was lost).
    assert_eq!(arena.states[2].durability, 10, "{lines:#?}");
}

#[test]
fn escaping_gives_every_foe_an_opening_it_cannot_dodge() {
    // 002:23, 002:30, 002:32: Al, cautious below 0.8 of his Durability + Health, is hit to
    // 14 of 20 and Escapes on his turn; the Orc pays 5 Vigor for the opening, which hits and
    // which Al (who Dodges a hit whenever he can) cannot Dodge on his own turn: 2 more, and
    // standing, he is gone.
    let s = orc_against(
        2,
        "vigor_recovery = 0\n",
        &[
            (
                "Al",
                "actions = 1\ndodge_dice = 1\ndurability = 10\nhealth = 10\nstamina = 10\n\
                 tactics = \"cautious\"\ncautious_below = 0.8\n",
            ),
            (
                "Mo",
                "actions = 1\ndodge_policy = \"never\"\ndurability = 10\nhealth = 10\n\
                 stamina = 10\n",
            ),
        ],
    );
    let mut dice = scripted(
        &[
            (20, 15), // initiative: Orc, Al, Mo
            (20, 10),
            (20, 5),
            (20, 10), // round 1: the Orc's 17 beats Guard 15
            (10, 7),
            (20, 3), // Al Dodges (5 Vigor): 3 + 1 fails
            (10, 1),
            (8, 6),   // 6 Durability: 14 of 20 left, below 0.8
            (20, 15), // Al Escapes: the Orc's opening, 15 + 4 beats Guard 15, no Dodge
            (10, 4),
            (8, 2),
            (20, 1), // Mo attacks and misses
            (20, 2), // round 2: the Orc at Mo (5 Vigor left: no more openings needed)
            (10, 1),
            (20, 1), // Mo misses
        ],
        &[],
    );
    let (_, _, lines, arena) = replay(&s, &mut dice);
    assert!(lines.contains(&"Al escapes".to_string()), "{lines:#?}");
    assert_eq!(arena.fled, 0b010, "{lines:#?}");
    assert_eq!(arena.states[1].durability, 2, "{lines:#?}");
    // Vigor: the Orc paid 5 for the opening; Al 5 for his Dodge.
    assert_eq!(
        (arena.states[0].vigor, arena.states[1].vigor),
        (5, 5),
        "{lines:#?}"
    );
}

#[test]
fn a_potion_is_one_action_and_brings_one_in_shock_back_up() {
    // 002:27: using an item is one action; a potion restores Health first, then Durability
    // (our reading), and one in Shock given Health is up again (002:75–76).
    let s = orc_against(
        1,
        "",
        &[
            (
                "Al",
                "actions = 1\ndodge_policy = \"never\"\ndurability = 0\nhealth = 1\n\
                 stamina = 3\n",
            ),
            (
                "Mo",
                "actions = 1\ndodge_policy = \"never\"\ndurability = 10\nhealth = 10\n\
                 stamina = 10\ntactics = \"protect\"\npotions = { count = 1, heal = \"1d6\" }\n",
            ),
        ],
    );
    let mut dice = scripted(
        &[
            (20, 15), // initiative: Orc, Al, Mo
            (20, 10),
            (20, 5),
            (20, 10), // the Orc hits Al, 17 against Guard 15, for 3: Shock
            (10, 7),
            (8, 3),
            (6, 5), // Mo's action: the potion for Al, 5 rolled, 1 Health of room
        ],
        &[],
    );
    let (_, _, lines, arena) = replay(&s, &mut dice);
    assert!(
        lines.contains(&"Mo gives Al a potion: +1".to_string()),
        "{lines:#?}"
    );
    assert_eq!(arena.shocked, 0, "{lines:#?}");
    assert!(arena.states[1].standing() && arena.states[1].fell);
    assert_eq!((arena.states[1].health, arena.states[2].potions), (1, 0));
}
