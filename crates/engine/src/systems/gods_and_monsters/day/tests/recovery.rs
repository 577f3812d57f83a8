//! Each recovery rule and each hazard of a day with scripted dice: a night's health roll
//! (the book's Toromeen, 004:569), both readings of `night`, waking by the minutes and by a
//! roll, verve from a hazard (004:593), hazards rolled with each member's current scores.

use super::*;
use crate::combat::day::{Day, Recovery, Rest};
use crate::testing::Scripted;

/// The party of the Yeti example at the levels the book gives (004:882: Sam a first-level
/// thief and warrior, Charlotte and Toromeen second level), Toromeen's health and evasion
/// the library's; Sam's and Charlotte's health assumed.
const PARTY: &str = r#"
[[combatant]]
use = "Sam Stevens"
level = 2
health = 9
evasion = 6
[[combatant]]
use = "Charlotte Kordé"
level = 2
health = 10
evasion = 7
[[combatant]]
use = "Toromeen"
level = 2
"#;

/// A day of `encounters` for [`PARTY`], with `day` keys.
fn day(day: &str, encounters: &str) -> Day<Stage, Rules> {
    match loaded(&format!("[day]\n{day}\n{PARTY}\n{encounters}")) {
        Loaded::Day(d) => *d,
        other => panic!("not a day: {other:?}"),
    }
}

const TWO_FIGHTS: &str = r#"
[[day.encounter]]
name = "Yeti"
foes = ["Yeti"]
[[day.encounter]]
name = "Second Yeti"
foes = ["Yeti"]
rest = "long"
"#;

const TOROMEEN: usize = 2;

#[test]
fn a_night_restores_level_survival_on_a_health_roll_as_toromeen_s() {
    // 004:569: Toromeen ends the fight with 2 survival and no verve; resting that night,
    // Tony rolls his health (11, no injuries), succeeds, and his survival rises by two, to
    // 4; his verve is back to 17 in the morning (004:593). Sam and Charlotte, unhurt, roll
    // too (a success and a failure: nothing to restore).
    let d = day("", TWO_FIGHTS);
    let mut party: Vec<State> = (0..3).map(|k| d.recovery.fresh(k)).collect();
    party[TOROMEEN].survival = 2;
    party[TOROMEEN].verve = 0;
    let mut dice = Scripted::new().d20s([1, 20, 11]);
    d.recovery
        .gap(Rest::Long, 10, &mut party, &mut (), &mut dice);
    dice.finish();
    assert_eq!(party[TOROMEEN].survival, 4);
    assert_eq!(party[TOROMEEN].verve, 17);
    assert_eq!(party[0], d.recovery.fresh(0));
    assert_eq!(party[1], d.recovery.fresh(1));
    // A failed roll gives 1 survival: 2 → 3 (004:565, "only one survival point").
    party[TOROMEEN].survival = 2;
    let mut dice = Scripted::new().d20s([1, 1, 12]);
    d.recovery
        .gap(Rest::Long, 10, &mut party, &mut (), &mut dice);
    dice.finish();
    assert_eq!(party[TOROMEEN].survival, 3);
    // Never above the maximum (004:571): 6 + 2 is 7.
    party[TOROMEEN].survival = 6;
    let mut dice = Scripted::new().d20s([1, 1, 1]);
    d.recovery
        .gap(Rest::Long, 10, &mut party, &mut (), &mut dice);
    assert_eq!(party[TOROMEEN].survival, 7);
}

#[test]
fn a_night_removes_an_injury_first_or_restores_survival_first_as_night_says() {
    // Toromeen at 0 survival with 2 injuries: the roll is health 11 − 2 = 9.
    let hurt = |d: &Day<Stage, Rules>| {
        let mut party: Vec<State> = (0..3).map(|k| d.recovery.fresh(k)).collect();
        party[TOROMEEN].survival = 0;
        party[TOROMEEN].injuries = 2;
        party
    };
    let night = |d: &Day<Stage, Rules>, roll: i64| {
        let mut party = hurt(d);
        let mut dice = Scripted::new().d20s([1, 1, roll]);
        d.recovery
            .gap(Rest::Long, 0, &mut party, &mut (), &mut dice);
        dice.finish();
        (party[TOROMEEN].survival, party[TOROMEEN].injuries)
    };
    let first = day("", TWO_FIGHTS);
    assert_eq!(
        first.recovery.night,
        super::super::recovery::Night::InjuryFirst
    );
    assert_eq!(night(&first, 9), (0, 1));
    assert_eq!(night(&first, 10), (1, 2));
    let survival = day("night = \"survival_first\"", TWO_FIGHTS);
    assert_eq!(night(&survival, 9), (2, 2));
    assert_eq!(night(&survival, 10), (1, 2));
}

#[test]
fn the_unconscious_wake_once_a_minute_an_injury_has_passed_in_the_gaps() {
    let d = day("", TWO_FIGHTS);
    let mut party: Vec<State> = (0..3).map(|k| d.recovery.fresh(k)).collect();
    party[0] = State {
        survival: 0,
        injuries: 5,
        unconscious: true,
        ..party[0]
    };
    let mut dice = Scripted::new();
    d.recovery
        .gap(Rest::None, 3, &mut party, &mut (), &mut dice);
    assert!(party[0].unconscious && party[0].out_minutes == 3);
    d.recovery
        .gap(Rest::None, 2, &mut party, &mut (), &mut dice);
    assert!(!party[0].unconscious && party[0].out_minutes == 0);
    dice.finish();
    // With `wake = "roll"`: once the minutes have passed, the better of fortitude and
    // willpower (5) − 5 injuries: a 1 fails (0), no roll before, …
    let d = day("wake = \"roll\"", TWO_FIGHTS);
    party[0].unconscious = true;
    let mut dice = Scripted::new();
    d.recovery
        .gap(Rest::None, 4, &mut party, &mut (), &mut dice);
    assert!(party[0].unconscious);
    dice.finish();
    let mut dice = Scripted::new().d20s([1]);
    d.recovery
        .gap(Rest::None, 4, &mut party, &mut (), &mut dice);
    assert!(party[0].unconscious);
    dice.finish();
    // … and with 2 injuries left, 5 − 2 = 3: a 3 wakes her.
    party[0].injuries = 2;
    let mut dice = Scripted::new().d20s([3]);
    d.recovery
        .gap(Rest::None, 0, &mut party, &mut (), &mut dice);
    assert!(!party[0].unconscious);
    dice.finish();
}

#[test]
fn the_dead_get_nothing_back() {
    let d = day("", TWO_FIGHTS);
    let mut party: Vec<State> = (0..3).map(|k| d.recovery.fresh(k)).collect();
    let dead = State {
        survival: 0,
        verve: 0,
        injuries: 12,
        dead: true,
        ..party[TOROMEEN]
    };
    party[TOROMEEN] = dead;
    let mut dice = Scripted::new().d20s([1, 1]);
    d.recovery
        .gap(Rest::Long, 60, &mut party, &mut (), &mut dice);
    dice.finish();
    assert_eq!(party[TOROMEEN], dead);
}

/// The hazard of encounter `n` of `d`.
fn hazard(d: &Day<Stage, Rules>, n: usize) -> &hazard::HazardStage {
    match &d.encounters[n].stage {
        Stage::Hazard(h) => h,
        Stage::Fight(_) => panic!("a fight"),
    }
}

#[test]
fn a_hazard_gives_the_living_their_level_in_verve_as_it_begins() {
    // 004:593: everyone, taking part or not, regains up to their level in verve.
    let d = day(
        "",
        "[[day.encounter]]\nkind = \"jump\"\n[day.encounter.jump]\nscore = 10\ndistance = 1\n",
    );
    let h = hazard(&d, 0);
    let mut party: Vec<State> = (0..3).map(|k| d.recovery.fresh(k)).collect();
    party[0].verve = 3; // Sam, up: jumps
    party[1].verve = 13; // Charlotte, unconscious: 14 at most
    party[1].unconscious = true;
    party[2].verve = 1; // Toromeen, dead: nothing
    party[2].dead = true;
    let mut tally = h.layout().tally();
    // Sam's jump: 1 foot, a snap, 10 + 8 = 18: a 5 makes it.
    let mut dice = Scripted::new().d20s([5]);
    assert!(h.play(&mut party, &mut dice, &mut tally));
    dice.finish();
    assert_eq!([party[0].verve, party[1].verve, party[2].verve], [5, 14, 1]);
    // Without verve from scenes, nothing.
    let d = day(
        "verve_from_scenes = false",
        "[[day.encounter]]\nkind = \"jump\"\n[day.encounter.jump]\nscore = 10\ndistance = 1\n",
    );
    let mut dice = Scripted::new().d20s([5, 5, 5]);
    let mut fresh: Vec<State> = (0..3).map(|k| d.recovery.fresh(k)).collect();
    fresh[0].verve = 3;
    let h = hazard(&d, 0);
    h.play(&mut fresh, &mut dice, &mut h.layout().tally());
    assert_eq!(fresh[0].verve, 3);
}

#[test]
fn a_fall_lands_on_each_member_as_it_is_now() {
    // A 30-foot fall: 3d6, one point a die to injuries (003:50), the rest to survival (not
    // archetypal: verve is spared). Sam at 2 survival: 3 + 4 + 5 = 12 → 3 injuries, 2 from
    // survival (now 0), 7 more injuries: 10; consciousness at 5 − 10 (she fails on 1), the
    // death contest: injuries 10 act (a 4 succeeds) against endurance 12 − 10 + 2 (a 20
    // fails): dead. Charlotte, fresh (5 survival): 1 + 1 + 1 → 3 injuries, survival 5;
    // consciousness at 9 − 3 = 6 (a 6 holds); injuries 3 do not exceed her 5 survival: no
    // contest. Toromeen, unconscious, does not fall.
    let d = day(
        "verve_from_scenes = false",
        "[[day.encounter]]\nname = \"Crevasse\"\nkind = \"fall\"\n[day.encounter.fall]\nheight = 30\n",
    );
    let h = hazard(&d, 0);
    let mut party: Vec<State> = (0..3).map(|k| d.recovery.fresh(k)).collect();
    party[0].survival = 2;
    party[2].unconscious = true;
    let toromeen = party[2];
    let mut dice = Scripted::new()
        .faces(6, [3, 4, 5, 1, 1, 1])
        .d20s([1, 4, 20, 6]);
    let mut tally = h.layout().tally();
    assert!(h.play(&mut party, &mut dice, &mut tally));
    dice.finish();
    assert!(party[0].dead);
    assert_eq!((party[0].survival, party[0].injuries), (0, 10));
    assert_eq!(
        (party[1].survival, party[1].injuries, party[1].unconscious),
        (5, 3, false)
    );
    assert_eq!(party[2], toromeen);
}

#[test]
fn a_march_and_an_ailment_add_injuries_with_the_injuries_already_there_as_a_penalty() {
    // Two pushes (health, −2 a push after the first, 003:105): Toromeen (health 11) with 3
    // injuries needs 8, then 11 − 2 − 3 − 1 = 5 after a failure: 9 fails, 5 holds.
    let d = day(
        "verve_from_scenes = false",
        "[[day.encounter]]\nkind = \"march\"\n[day.encounter.march]\nperiods = 2\n",
    );
    let h = hazard(&d, 0);
    let mut party: Vec<State> = (0..3).map(|k| d.recovery.fresh(k)).collect();
    party[0].unconscious = true;
    party[1].unconscious = true;
    party[TOROMEEN].injuries = 3;
    let mut dice = Scripted::new().d20s([9, 5]);
    h.play(&mut party, &mut dice, &mut h.layout().tally());
    dice.finish();
    assert_eq!(party[TOROMEEN].injuries, 4);
    // A poison resisted with evasion (Toromeen's own 5) at −2 strength − 4 injuries: a 20
    // fails, its d4 effect (3) is injury points.
    let d = day(
        "verve_from_scenes = false",
        "[[day.encounter]]\nkind = \"ailment\"\n[day.encounter.ailment]\neffect = \"d4\"\nstrength = 2\n",
    );
    let h = hazard(&d, 0);
    let mut dice = Scripted::new().d20s([20]).faces(4, [3]);
    h.play(&mut party, &mut dice, &mut h.layout().tally());
    dice.finish();
    assert_eq!(party[TOROMEEN].injuries, 7);
}

#[test]
fn a_climb_bids_the_member_s_own_mojo() {
    // A 20-foot wall (obstacle 1), climb 12 archetypal, the table allowing 5 mojo: Sam
    // (mojo 3 left, 1 injury) needs 12 − 1 − 1 = 10; a 13 misses by 3, bought with her 3.
    let d = day(
        "verve_from_scenes = false",
        r#"[[day.encounter]]
kind = "fall"
[day.encounter.fall]
archetypal = true
[day.encounter.fall.climb]
height = 20
score = 12
mojo = 5
"#,
    );
    let h = hazard(&d, 0);
    let mut party: Vec<State> = (0..3).map(|k| d.recovery.fresh(k)).collect();
    party[0].mojo = 3;
    party[0].injuries = 1;
    party[1].unconscious = true;
    party[2].unconscious = true;
    let mut dice = Scripted::new().d20s([13]);
    h.play(&mut party, &mut dice, &mut h.layout().tally());
    dice.finish();
    assert_eq!(party[0].mojo, 0);
    assert_eq!(party[0].injuries, 1);
}
