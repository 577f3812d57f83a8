//! A medic who protects, against an independent exact calculation: the brute fells the
//! victim (one hit puts it in Shock) and then cannot be hurt nor hurt anyone who matters; the
//! medic tries to stabilise the victim once a round (one action, `medicine_actions = 1`,
//! 002:76) until it is stable or the countdown of 002:75 kills it in the Recovery phase of
//! the round it fell + its Stamina. So the medic has Stamina tries, one more when its
//! initiative put it after the brute (it then tries in the round of the fall too); both roll
//! a bare d20 for initiative, ties shuffled, so that is a half. Each try succeeds with the
//! chance of d20 + its bonus die above 20, from the dice table alone.

use super::skirmish;
use crate::systems::bonus_dice::check::total_table;
use crate::testing::{rows, within};

const STAMINA: i32 = 3;

fn fight(tactics: &str) -> String {
    format!(
        r#"
[run]
max_rounds = 30
[[combatant]]
name = "brute"
side = "monsters"
attack_dice = 6
actions = 2
dodge_policy = "never"
durability = 100000
health = 100000
vigor = 10
stamina = 0
target = "victim"
[[combatant]]
name = "medic"
side = "party"
actions = 1
dodge_policy = "never"
durability = 100000
health = 100000
vigor = 10
stamina = 10
medicine = {{ bonus_dice = 1, base_die = "d4" }}
tactics = "{tactics}"
[[combatant]]
name = "victim"
side = "party"
actions = 0
dodge_policy = "never"
durability = 0
health = 1
vigor = 10
stamina = {STAMINA}
"#
    )
}

#[test]
fn a_protecting_medic_stabilises_the_fallen_as_often_as_its_tries_allow() {
    let s = skirmish(&fight("protect"));
    let medicine = s.fighters[1].medicine.expect("the medic has medicine")[0];
    let p = total_table(&medicine, 20).above(20);
    assert!(p > 0.05 && p < 0.2, "{p}");
    let dead = 0.5 * (1.0 - p).powi(STAMINA) + 0.5 * (1.0 - p).powi(STAMINA + 1);
    let r = rows(&s, 1_000_000, 41);
    within(&r["death.victim"], dead);
    within(&r["shock.victim"], 1.0);
    // By the book the medic only fights: the victim dies in Shock every time.
    let book = rows(&skirmish(&fight("by_the_book")), 100_000, 42);
    within(&book["death.victim"], 1.0);
}
