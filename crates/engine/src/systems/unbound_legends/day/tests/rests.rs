//! Each rule between fights with scripted dice (001_9a2522fe8d4a2682.txt L447–454,
//! L609–614): a short rest spends a Vitality Die after each roll until Vitality is full, each
//! die + Endurance at least 1, and never gives Health; `spend_vitality_dice`; the long rest's
//! Vitality, Health + Strength and dice, only from 1 Health and once in 24 hours; the 1d4
//! hours of one stable at 0 Health counted over the gaps; Incapacitated until a rest. Then how
//! each way of being stabilised leaves a fight: by its own saves at 1 Health, up (or
//! Incapacitated), by first aid at 0 Health and out.

use super::super::{Clock, Keeper, Member, Rests, Spend, State};
use super::conflict;
use crate::combat::day::{Carry, FightStage, Recovery, Rest, Stage};
use crate::systems::unbound_legends::fighter::ShortRest;
use crate::testing::Scripted;

/// Vitality 10, Health 5, `dice` d6 Vitality Dice with `endurance`, Strength 2, level 1.
fn keeper(dice: u32, endurance: i64) -> Keeper {
    Keeper {
        vitality: 10,
        health: 5,
        short_rest: Some(ShortRest {
            vitality_dice: dice,
            die: 6,
            endurance,
        }),
        strength: 2,
        regain: 1,
    }
}

/// One gap of `rest` and `minutes` for `s`, with `dice`; every scripted die used.
fn gap(rests: &Rests, rest: Rest, minutes: u32, s: State, dice: Scripted) -> State {
    gap_on(rests, rest, minutes, s, dice, &mut Clock::default())
}

fn gap_on(
    rests: &Rests,
    rest: Rest,
    minutes: u32,
    s: State,
    mut dice: Scripted,
    clock: &mut Clock,
) -> State {
    let mut party = [s];
    rests.gap(rest, minutes, &mut party, clock, &mut dice);
    dice.finish();
    party[0]
}

fn rests(k: Keeper, spend: Spend) -> Rests {
    Rests::new(vec![k], vec!["Ada".into()], spend, 60)
}

fn hurt(vitality: i64, health: i64, dice: u32) -> State {
    State {
        vitality,
        health,
        vitality_dice: dice,
        ..State::default()
    }
}

#[test]
fn a_short_rest_spends_a_vitality_die_after_each_roll_until_full() {
    // L610: 3 + (4 + 1) = 8, then 8 + (1 + 1) = 10: full, so the third die stays.
    let r = rests(keeper(3, 1), Spend::UntilFull);
    let s = gap(
        &r,
        Rest::Short,
        10,
        hurt(3, 2, 3),
        Scripted::new().faces(6, [4, 1]),
    );
    assert_eq!(s, hurt(10, 2, 1), "Health never comes back on a short rest");
    // Each die gives at least 1 (Endurance −3: a 1 gives 1), and the dice may run out.
    let r = rests(keeper(2, -3), Spend::UntilFull);
    let s = gap(
        &r,
        Rest::Short,
        10,
        hurt(3, 2, 2),
        Scripted::new().faces(6, [1, 6]),
    );
    assert_eq!(s, hurt(7, 2, 0));
    // No dice, no Vitality.
    let bare = Keeper {
        short_rest: None,
        ..keeper(0, 0)
    };
    let s = gap(
        &rests(bare, Spend::UntilFull),
        Rest::Short,
        10,
        hurt(3, 2, 0),
        Scripted::new(),
    );
    assert_eq!(s, hurt(3, 2, 0));
    // No rest, no dice.
    let s = gap(
        &rests(keeper(3, 1), Spend::UntilFull),
        Rest::None,
        10,
        hurt(3, 2, 3),
        Scripted::new(),
    );
    assert_eq!(s, hurt(3, 2, 3));
}

#[test]
fn spend_vitality_dice_none_or_a_number() {
    let s = gap(
        &rests(keeper(3, 1), Spend::Nothing),
        Rest::Short,
        10,
        hurt(3, 2, 3),
        Scripted::new(),
    );
    assert_eq!(s, hurt(3, 2, 3));
    let one = rests(keeper(3, 1), Spend::UpTo(1));
    let s = gap(
        &one,
        Rest::Short,
        10,
        hurt(3, 2, 3),
        Scripted::new().faces(6, [2]),
    );
    assert_eq!(s, hurt(6, 2, 2));
    // Never a die at full Vitality.
    let s = gap(&one, Rest::Short, 10, hurt(10, 2, 3), Scripted::new());
    assert_eq!(s, hurt(10, 2, 3));
}

#[test]
fn a_long_rest_gives_all_vitality_health_and_half_the_level_in_dice() {
    // L612–613: Vitality 10, Health 2 + Strength 2, one die back (half of level 1, at least 1).
    let r = rests(keeper(3, 1), Spend::UntilFull);
    let s = gap(&r, Rest::Long, 10, hurt(0, 2, 0), Scripted::new());
    assert_eq!(s, hurt(10, 4, 1));
    // Level 6 gives back 3, no more than were spent; Health no more than its maximum.
    let r = rests(
        Keeper {
            regain: 3,
            ..keeper(3, 1)
        },
        Spend::UntilFull,
    );
    let s = gap(&r, Rest::Long, 10, hurt(0, 4, 1), Scripted::new());
    assert_eq!(s, hurt(10, 5, 3));
}

#[test]
fn a_long_rest_needs_1_health_at_its_start_and_gives_once_in_24_hours() {
    let r = rests(keeper(3, 1), Spend::UntilFull);
    // L614: stable at 0 Health, it gets nothing of the rest; its 1d4 hours (3) run out in
    // the rest's 8, so it ends the rest at 1 Health, up.
    let stable = hurt(0, 0, 0);
    assert!(!stable.up());
    let s = gap(&r, Rest::Long, 0, stable, Scripted::new().faces(4, [3]));
    assert_eq!(s, hurt(0, 1, 0));
    assert!(s.up());
    // A second long rest 8 hours and 10 minutes after the first began gives nothing; one a
    // day after it does.
    let mut clock = Clock::default();
    let s = gap_on(
        &r,
        Rest::Long,
        10,
        hurt(0, 2, 0),
        Scripted::new(),
        &mut clock,
    );
    assert_eq!(s, hurt(10, 4, 1));
    let s = gap_on(
        &r,
        Rest::Long,
        1000,
        hurt(0, 2, 0),
        Scripted::new(),
        &mut clock,
    );
    assert_eq!(s, hurt(0, 2, 0));
    let s = gap_on(
        &r,
        Rest::Long,
        0,
        hurt(0, 2, 0),
        Scripted::new(),
        &mut clock,
    );
    assert_eq!(s, hurt(10, 4, 1));
}

#[test]
fn one_stable_at_0_health_is_out_for_1d4_hours_counted_over_the_gaps() {
    // L454: rolled at the first gap (2 hours), then counted down: 60 + 30 minutes leave 30,
    // and a short rest's 60 minutes bring back 1 Health.
    let r = rests(keeper(0, 0), Spend::UntilFull);
    let s = gap(
        &r,
        Rest::None,
        60,
        hurt(0, 0, 0),
        Scripted::new().faces(4, [2]),
    );
    assert_eq!((s.clock, s.up()), (Some(60), false));
    let s = gap(&r, Rest::None, 30, s, Scripted::new());
    assert_eq!((s.clock, s.up()), (Some(30), false));
    let s = gap(&r, Rest::Short, 0, s, Scripted::new());
    assert_eq!(s, hurt(0, 1, 0));
    assert!(s.up());
    // The dead stay as they are.
    let dead = State {
        dead: true,
        ..hurt(0, 0, 2)
    };
    assert_eq!(gap(&r, Rest::Long, 600, dead, Scripted::new()), dead);
}

#[test]
fn incapacitated_waits_for_the_next_rest() {
    // L448: a short or long rest is needed; time alone does not do it.
    let r = rests(keeper(0, 0), Spend::UntilFull);
    let out = State {
        incapacitated: true,
        ..hurt(0, 1, 0)
    };
    assert!(!out.up());
    let s = gap(&r, Rest::None, 600, out, Scripted::new());
    assert_eq!(s, out);
    for rest in [Rest::Short, Rest::Long] {
        let s = gap(&r, rest, 0, out, Scripted::new());
        assert!(s.up() && !s.incapacitated, "{rest:?}");
    }
}

/// Ada (Vitality 0, Health 1 as she comes in) alone against a goblin.
const ALONE: &str = r#"
[[combatant]]
name = "Ada"
side = "party"
ap = 5
vitality = 3
health = 4
passive_armor = 10
short_rest = { vitality_dice = 2, die = "d6" }
attacks = [{ damage = "1d4", type = "bludgeoning" }]
[[combatant]]
name = "Goblin"
side = "goblins"
kind = "monster"
ap = 5
vitality = 0
health = 1
passive_armor = 10
attacks = [{ damage = "1d4", type = "bludgeoning" }]
"#;

/// Plays `stage` once with `party` and `dice` (every die used): whether the party won.
fn play(
    stage: &FightStage<crate::systems::unbound_legends::conflict::Conflict>,
    party: &mut [State],
    mut dice: Scripted,
) -> bool {
    let mut arena = stage.arena();
    let mut tally = stage.layout().tally();
    let won = stage.play(party, &mut dice, &mut arena, &mut tally);
    dice.finish();
    won
}

#[test]
fn its_own_saves_leave_it_at_1_health_and_up_unless_incapacitated() {
    let stage = FightStage::new(conflict(ALONE));
    let weak = State {
        vitality: 0,
        health: 1,
        ..stage.fight.fresh(0)
    };
    let falls = [
        (20, 1),  // Ada misses
        (20, 12), // the goblin hits
        (4, 1),   // Ada is Disabled: the fight is lost
    ];
    // A natural 20 after the fight: stable at 1 Health (L449), and up.
    let mut party = [weak];
    let dice = Scripted::new().in_order(falls.into_iter().chain([(20, 20)]));
    assert!(!play(&stage, &mut party, dice));
    assert_eq!(party[0], State { health: 1, ..weak });
    assert!(party[0].up());
    // Two failures, then three successes: stable at 1 Health but Incapacitated (L447), out
    // until the next rest (L448).
    let mut party = [weak];
    let saves = [(20, 5), (20, 5), (20, 15), (20, 15), (20, 15)];
    let dice = Scripted::new().in_order(falls.into_iter().chain(saves));
    assert!(!play(&stage, &mut party, dice));
    let out = party[0];
    assert_eq!((out.health, out.incapacitated, out.up()), (1, true, false));
    let r = rests(Keeper::of(&stage.fight.fighters[0]), Spend::UntilFull);
    assert_eq!(gap(&r, Rest::None, 600, out, Scripted::new()), out);
    let s = gap(&r, Rest::Short, 0, out, Scripted::new().faces(6, [3]));
    assert_eq!(
        (s.vitality, s.health, s.vitality_dice, s.up()),
        (3, 1, 1, true)
    );
}

#[test]
fn first_aid_leaves_it_at_0_health_and_out() {
    // Bo (10 AP, Medicine +5) stabilises Ada in the fight (L453) and wins it.
    let body = ALONE.replacen(
        "[[combatant]]\nname = \"Goblin\"",
        "[[combatant]]\nname = \"Bo\"\nside = \"party\"\nap = 10\nvitality = 3\nhealth = 4\n\
         passive_armor = 10\nfirst_aid = 5\nattacks = [{ damage = \"1d4\", type = \"bludgeoning\" }]\n\
         [[combatant]]\nname = \"Goblin\"",
        1,
    );
    let stage = FightStage::new(conflict(&body));
    let weak = State {
        vitality: 0,
        health: 1,
        ..stage.fight.fresh(0)
    };
    let mut party = [weak, stage.fight.fresh(1)];
    let dice = Scripted::new()
        .in_order([
            (20, 1),  // round 1: Bo (10 AP) misses
            (20, 1),  // Ada and Bo at 5 AP: Ada (earlier in the file) misses
            (20, 1),  // Bo misses
            (20, 12), // the goblin hits Ada (picked)
            (4, 1),   // Ada is Disabled
            (20, 12), // round 2: Ada's death save succeeds
            (20, 5),  // Bo's first aid: 5 + 5 = 10, stable
            (20, 1),  // the goblin misses Bo
            (20, 15), // round 3: Bo hits
            (4, 1),   // the goblin dies
        ])
        .picks([(2, 0)]);
    assert!(play(&stage, &mut party, dice));
    let ada = party[0];
    assert_eq!(
        (ada.health, ada.dead, ada.incapacitated, ada.up()),
        (0, false, false, false)
    );
    assert_eq!(party[1], stage.fight.fresh(1));
    // Out for 1d4 hours (L454): 4 hours, and 3 pass.
    let r = Rests::new(
        stage.fight.fighters[..2].iter().map(Keeper::of).collect(),
        vec!["Ada".into(), "Bo".into()],
        Spend::UntilFull,
        60,
    );
    let mut dice = Scripted::new().faces(4, [4]).faces(6, [2, 1]);
    r.gap(
        Rest::Short,
        120,
        &mut party,
        &mut Clock::default(),
        &mut dice,
    );
    dice.finish();
    assert_eq!(
        (party[0].vitality, party[0].health, party[0].clock),
        (3, 0, Some(60))
    );
    let mut dice = Scripted::new();
    r.gap(Rest::None, 60, &mut party, &mut Clock::default(), &mut dice);
    assert!(party[0].up() && party[0].health == 1);
}
