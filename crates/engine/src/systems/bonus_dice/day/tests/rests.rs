//! Each rule between encounters with scripted dice: the gap's rounds (002:5, 002:7,
//! 002:43–46), the short rest (002:52–53), emergency aid (002:28) once and until it succeeds,
//! the medic's dice as at the rest's start (002:53), Wounded ended or not, the stabilised out
//! for the day or woken by Health (002:54, 002:76), the long rest, and the dead untouched.

use super::super::{Rests, State};
use super::day;
use crate::combat::day::{Recovery, Rest};
use crate::systems::bonus_dice::skirmish::carry::Condition;
use crate::testing::Scripted;

/// The party: Ada (Durability 12, Health 10, Vigor 15, Stamina 10: 2 Vigor a round), Brann
/// (14, 12, 12, Stamina 12: 2 a round, 1 Durability a round, two Medicine dice) and Cora
/// (10, 8, 10, Stamina 5), with `[day]` keys `keys` and `brann` more keys of Brann's.
fn rests(keys: &str, brann: &str) -> Rests {
    day(&format!(
        r#"
[day]
{keys}
[[combatant]]
name = "Ada"
side = "party"
durability = 12
health = 10
vigor = 15
stamina = 10
[[combatant]]
name = "Brann"
side = "party"
durability = 14
health = 12
vigor = 12
stamina = 12
durability_recovery = 1
{brann}
[[combatant]]
name = "Cora"
side = "party"
durability = 10
health = 8
vigor = 10
stamina = 5
[[day.encounter]]
foe = [{{ name = "Orc", durability = 5, health = 5, vigor = 5, stamina = 5 }}]
"#
    ))
    .recovery
}

const MEDIC: &str = "medicine = { bonus_dice = 2 }";

/// A living member up.
fn up(durability: i64, health: i64, vigor: i64, wounded: bool) -> State {
    State {
        durability,
        health,
        vigor,
        wounded,
        winded: vigor < 5,
        condition: Condition::Up,
        potions: 0,
    }
}

/// `rest` and `minutes` for `party` with `dice`, every scripted face used.
fn gap(r: &Rests, rest: Rest, minutes: u32, party: &mut [State], mut dice: Scripted) {
    let mut clock = Default::default();
    r.gap(rest, minutes, party, &mut clock, &mut dice);
    dice.finish();
}

#[test]
fn the_gaps_rounds_bring_vigor_and_durability_back_unless_wounded() {
    let r = rests("", MEDIC);
    let mut party = [up(4, 10, 3, false), up(0, 5, 0, true), up(2, 8, 4, false)];
    assert!(party[0].winded && party[1].winded);
    gap(&r, Rest::None, 0, &mut party, Scripted::new());
    assert_eq!(party[0], up(4, 10, 3, false), "no minutes, nothing back");
    // One minute: 4 rounds of 15 seconds (002:7), each ⌊Stamina / 5⌋ Vigor back (002:45).
    gap(&r, Rest::None, 1, &mut party, Scripted::new());
    assert_eq!(party[0], up(4, 10, 11, false), "Winded ends at 5 (002:43)");
    // Brann: 8 Vigor; Wounded, no Durability back (002:52–53).
    assert_eq!(party[1], up(0, 5, 8, true));
    assert_eq!(party[2], up(2, 8, 8, false), "Cora: 1 Vigor a round");
    // Ten minutes: full Vigor; Brann's 1 Durability a round (002:46) is Wounded's no more.
    let mut brann = [party[0], up(3, 12, 8, false), party[2]];
    gap(&r, Rest::None, 10, &mut brann, Scripted::new());
    assert_eq!(brann.map(|s| s.vigor), [15, 12, 10]);
    assert_eq!(brann[1].durability, 14, "up to its maximum");
    assert_eq!(brann[0].durability, 4, "Ada has no Durability recovery");
}

#[test]
fn a_short_rest_restores_vigor_and_durability_unless_wounded() {
    let start = [up(4, 7, 3, false), up(0, 5, 1, true), up(10, 8, 10, false)];
    let mut party = start;
    gap(
        &rests("emergency_aid = \"none\"", MEDIC),
        Rest::Short,
        0,
        &mut party,
        Scripted::new(),
    );
    assert_eq!(
        party[0],
        up(12, 7, 15, false),
        "Health does not come back (002:54)"
    );
    assert_eq!(
        party[1],
        up(0, 5, 12, true),
        "Wounded: no Durability back (002:53)"
    );
    let mut party = start;
    gap(
        &rests("emergency_aid = \"none\"\ngap_durability = \"none\"", MEDIC),
        Rest::Short,
        0,
        &mut party,
        Scripted::new(),
    );
    assert_eq!(party[0], up(4, 7, 15, false), "gap_durability = \"none\"");
}

#[test]
fn emergency_aid_restores_1d10_durability_and_ends_wounded() {
    let start = [up(0, 6, 15, true), up(0, 9, 12, true), up(10, 8, 10, false)];
    // Brann is Wounded at the rest's start: his Medicine dice are d8s (002:53).
    let dice = || {
        Scripted::new().in_order([
            (20, 15), // on Ada: 15 + 3 + 4 beats 20 (002:28)
            (8, 3),
            (8, 4),
            (10, 7),  // 1d10 Durability back
            (20, 10), // on himself: 10 + 2 + 1, a failure
            (8, 2),
            (8, 1),
        ])
    };
    let mut party = start;
    gap(&rests("", MEDIC), Rest::Short, 0, &mut party, dice());
    assert_eq!(party[0], up(7, 6, 15, false), "Wounded ends");
    assert_eq!(party[1], up(0, 9, 12, true));
    assert_eq!(
        party[2],
        up(10, 8, 10, false),
        "Cora is not Wounded: no check"
    );
    let mut party = start;
    let r = rests("wounded_ends = \"never\"", MEDIC);
    gap(&r, Rest::Short, 0, &mut party, dice());
    assert_eq!(party[0], up(7, 6, 15, true), "wounded_ends = \"never\"");
    // 1d10 at most to the maximum: Cora, Wounded at 0 of 10, gets 10 of a 10.
    let mut party = [
        up(12, 6, 15, false),
        up(5, 9, 12, false),
        up(0, 8, 10, true),
    ];
    let dice = Scripted::new().in_order([(20, 19), (10, 1), (10, 1), (10, 10)]);
    gap(&rests("", MEDIC), Rest::Short, 0, &mut party, dice);
    assert_eq!(party[2], up(10, 8, 10, false));
    assert_eq!(
        party[1].durability, 14,
        "the rest, not the aid, filled Brann's"
    );
}

#[test]
fn the_medic_keeps_its_dice_as_at_the_rests_start() {
    // Brann, Wounded, heals himself and then checks Cora: still with d8s.
    let mut party = [up(5, 6, 15, false), up(0, 9, 12, true), up(0, 8, 10, true)];
    let dice = Scripted::new().in_order([
        (20, 18), // on himself: 18 + 2 + 1
        (8, 2),
        (8, 1),
        (10, 5),
        (20, 19), // on Cora, with the d8s of a Wounded medic: 19 + 1 + 1
        (8, 1),
        (8, 1),
        (10, 4),
    ]);
    gap(&rests("", MEDIC), Rest::Short, 0, &mut party, dice);
    assert_eq!(party[1], up(5, 9, 12, false));
    assert_eq!(party[2], up(4, 8, 10, false));
}

#[test]
fn until_success_checks_each_until_one_succeeds() {
    let start = [
        up(0, 6, 15, true),
        up(14, 12, 12, false),
        up(10, 8, 10, false),
    ];
    let mut party = start;
    // Brann unwounded: d10s.
    let dice = Scripted::new().in_order([
        (20, 1),
        (10, 1),
        (10, 1),
        (20, 2),
        (10, 1),
        (10, 1),
        (20, 19), // the third check succeeds
        (10, 1),
        (10, 1),
        (10, 3),
    ]);
    let r = rests("emergency_aid = \"until_success\"", MEDIC);
    gap(&r, Rest::Short, 0, &mut party, dice);
    assert_eq!(party[0], up(3, 6, 15, false));
    // A medic that cannot beat 20 (no dice) checks once with "once", never "until_success".
    let none = "medicine = { bonus_dice = 0 }";
    let mut party = start;
    let r = rests("emergency_aid = \"until_success\"", none);
    gap(&r, Rest::Short, 0, &mut party, Scripted::new());
    assert_eq!(party[0], up(0, 6, 15, true));
    let mut party = start;
    let dice = Scripted::new().in_order([(20, 20)]);
    gap(&rests("", none), Rest::Short, 0, &mut party, dice);
    assert_eq!(party[0], up(0, 6, 15, true), "20 does not beat 20");
    // "meet": 20 meets it.
    let mut party = start;
    let dice = Scripted::new().in_order([(20, 20), (10, 6)]);
    let r = rests("", none);
    let r = Rests {
        success_on: crate::systems::bonus_dice::rules::SuccessOn::Meet,
        ..r
    };
    gap(&r, Rest::Short, 0, &mut party, dice);
    assert_eq!(party[0], up(6, 6, 15, false));
}

#[test]
fn no_medic_up_no_aid() {
    let start = [up(0, 6, 15, true), up(0, 0, 12, true), up(0, 8, 10, true)];
    for (keys, brann) in [("", ""), ("emergency_aid = \"none\"", MEDIC)] {
        let mut party = start;
        gap(
            &rests(keys, brann),
            Rest::Short,
            0,
            &mut party,
            Scripted::new(),
        );
        assert!(party.iter().all(|s| s.wounded), "{keys} {brann}");
    }
    // Brann stabilised: the medic is not up.
    let mut party = start;
    party[1].condition = Condition::Stable;
    gap(
        &rests("", MEDIC),
        Rest::Short,
        0,
        &mut party,
        Scripted::new(),
    );
    assert!(party.iter().all(|s| s.wounded));
    assert_eq!(party[1].condition, Condition::Stable);
}

#[test]
fn a_stabilised_member_is_out_until_it_recovers_1_health() {
    let stable = State {
        durability: 0,
        health: 0,
        vigor: 0,
        wounded: true,
        winded: true,
        condition: Condition::Stable,
        potions: 0,
    };
    let start = [stable, up(14, 5, 12, false), up(10, 8, 10, false)];
    // No Health within the day (002:54): a short rest, aid and hours change nothing.
    let mut party = start;
    let r = rests("", MEDIC);
    let mut clock = Default::default();
    let mut dice = Scripted::new();
    r.gap(Rest::Short, 600, &mut party, &mut clock, &mut dice);
    r.gap(Rest::Short, 600, &mut party, &mut clock, &mut dice);
    dice.finish();
    assert_eq!(party[0].condition, Condition::Stable);
    assert_eq!((party[0].health, party[0].durability), (0, 0));
    assert_eq!(party[1].health, 5);
    // 48 Health a day: 1 every 30 minutes of the day's gaps; at 1 it wakes (002:76).
    let mut party = start;
    let r = rests("health_per_day = 48", MEDIC);
    let mut clock = Default::default();
    r.gap(Rest::None, 29, &mut party, &mut clock, &mut Scripted::new());
    assert_eq!(party[0].condition, Condition::Stable);
    r.gap(Rest::None, 1, &mut party, &mut clock, &mut Scripted::new());
    assert_eq!(party[0].condition, Condition::Up);
    assert_eq!((party[0].health, party[1].health), (1, 6));
    assert!(party[0].wounded, "still Wounded, at 0 Durability");
}

#[test]
fn a_long_rest_restores_its_health_then_rests_short() {
    let stable = State {
        durability: 0,
        health: 0,
        vigor: 2,
        wounded: true,
        winded: true,
        condition: Condition::Stable,
        potions: 0,
    };
    let mut party = [stable, up(14, 5, 12, false), up(10, 8, 10, false)];
    // Ada wakes at 3 Health, then Brann's aid reaches her.
    let dice = Scripted::new().in_order([(20, 19), (10, 1), (10, 1), (10, 6)]);
    gap(
        &rests("long_rest = { health = 3 }", MEDIC),
        Rest::Long,
        0,
        &mut party,
        dice,
    );
    assert_eq!(party[0], up(6, 3, 15, false));
    assert_eq!(party[1], up(14, 8, 12, false));
    assert_eq!(party[2], up(10, 8, 10, false), "up to its maximum");
}

#[test]
fn the_dead_keep_their_values() {
    let dead = State {
        durability: 0,
        health: 0,
        vigor: 3,
        wounded: true,
        winded: true,
        condition: Condition::Dead,
        potions: 0,
    };
    let mut party = [dead, up(14, 12, 12, false), up(10, 8, 10, false)];
    let r = rests("health_per_day = 1440\nlong_rest = { health = 5 }", MEDIC);
    gap(&r, Rest::Long, 60, &mut party, Scripted::new());
    assert_eq!(party[0], dead);
}
