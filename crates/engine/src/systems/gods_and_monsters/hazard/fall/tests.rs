//! Falls: the falling table, hand-computed chances, every path of the dice against the exact
//! enumeration, sampled estimates within 4.5 standard errors, and the seed's examples replayed
//! with scripted dice (an 80-foot climb's d8, Toromeen's death contest).

use super::*;
use crate::testing::Scripted;
use crate::testing::every_path;
use crate::testing::{rows, within};

fn faller() -> Faller {
    Faller {
        survival: 10,
        verve: 0,
        archetypal: false,
        endurance: 12,
        evasion: 12,
        fortitude: 10,
        willpower: 8,
        injuries: 0,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn the_falling_table() {
    // 003:39-47, and 20 ft is "20-39: 3d6".
    for (height, dice) in [
        (0, 1),
        (9, 1),
        (10, 2),
        (19, 2),
        (20, 3),
        (39, 3),
        (40, 4),
        (79, 4),
        (80, 5),
        (159, 5),
        (160, 6),
        (319, 6),
        (320, 7),
        (450, 7),
        (100_000, 7),
    ] {
        assert_eq!(fall_dice(height), dice, "{height} ft");
    }
}

#[test]
fn a_short_fall_by_hand() {
    // 5 ft: evasion 12 negates with 0.6. Otherwise d6, one point an injury point (003:50)
    // and the rest from 10 survival: one injury, a roll at max(10, 8) − 1 = 9 (fail 0.55);
    // 1 injury never exceeds the survival left, so no death contest.
    let f = Fall::new(faller(), FallRules::default(), Start::Height(5));
    let e = f.exact().unwrap();
    assert!(close(e["fell"], 1.0));
    assert!(close(e["evaded"], 0.6));
    assert!(close(e["injuries_gained.1"], 0.4));
    assert!(close(e["unconscious"], 0.4 * 0.55));
    assert_eq!(e["death_contest"], 0.0);
    assert!(close(e["damage.mean"], 0.4 * 3.5));
    assert_eq!(e["damage.median"], 0.0);
    assert_eq!(e["damage.p90"], 5.0);
    assert!(close(e["fall_dice.1"], 1.0));
    assert!(!e.contains_key("climbed"));
}

#[test]
fn damage_goes_to_verve_survival_then_injuries() {
    let arch = Faller {
        survival: 3,
        verve: 5,
        archetypal: true,
        ..faller()
    };
    let f = Fall::new(arch, FallRules::default(), Start::Height(30));
    // All of it fits in verve: no injuries (004:595).
    assert_eq!(f.land(5, 3).gained, 0);
    // 12 from 3d6: 3 injury points, 9 more: 5 verve, 3 survival, 1 injury.
    let l = f.land(12, 3);
    assert_eq!((l.gained, l.injuries), (4, 4));
    assert!(l.consciousness_roll && l.death_contest);
    // 8 from 3d6: 3 injury points, 5 from verve; 3 injuries do not exceed 3 survival.
    let l = f.land(8, 3);
    assert_eq!(l.gained, 3);
    assert!(l.consciousness_roll && !l.death_contest);
    // Without the reading, even 5 costs its 3 injury points.
    let strict = FallRules {
        verve_spares_injuries: false,
        ..FallRules::default()
    };
    assert_eq!(
        Fall::new(arch, strict, Start::Height(30)).land(5, 3).gained,
        3
    );
    // Not archetypal: verve is not used, and does not count against the injuries.
    let plain = Fall::new(
        Faller {
            archetypal: false,
            ..arch
        },
        FallRules::default(),
        Start::Height(30),
    );
    let l = plain.land(8, 3);
    assert_eq!((l.gained, l.injuries), (5, 5));
    assert!(l.death_contest);
}

/// Every path of `f`'s dice, run through `resolve`, against `exact()`.
fn paths_agree_with_exact(f: &Fall) {
    let e = f.exact().unwrap();
    let mut by_path = ExactValues::new();
    let mut dist = |name: String, p: f64| *by_path.entry(name).or_insert(0.0) += p;
    let mut total = 0.0;
    every_path(
        |r| f.resolve(r),
        |o, p| {
            total += p;
            dist("climbed".into(), p * f64::from(u8::from(o.climbed)));
            dist("fell".into(), p * f64::from(u8::from(o.dice > 0)));
            dist("evaded".into(), p * f64::from(u8::from(o.evaded)));
            dist("unconscious".into(), p * f64::from(u8::from(o.unconscious)));
            dist(
                "death_contest".into(),
                p * f64::from(u8::from(o.death_contest)),
            );
            dist("death".into(), p * f64::from(u8::from(o.death)));
            dist(format!("injuries_gained.{}", o.gained), p);
            dist(format!("fall_dice.{}", o.dice), p);
            dist("damage.mean".into(), p * o.damage as f64);
            dist("injuries_gained.mean".into(), p * o.gained as f64);
            dist("fall_dice.mean".into(), p * f64::from(o.dice));
        },
    );
    // Millions of small terms: summation leaves errors near 1e-11.
    assert!((total - 1.0).abs() < 1e-9, "total {total}");
    for (name, p) in &by_path {
        if name == "climbed" && !matches!(f.start, Start::Climb(_)) {
            continue;
        }
        assert!(
            (e[name] - p).abs() < 1e-9,
            "{name}: exact {} vs paths {p}",
            e[name]
        );
    }
}

#[test]
fn every_path_of_the_dice_agrees_with_the_enumeration() {
    let thief = Faller {
        survival: 2,
        verve: 3,
        archetypal: true,
        endurance: 9,
        evasion: 11,
        fortitude: 7,
        willpower: 9,
        injuries: 1,
    };
    let climb = Start::Climb(Climb {
        height: 30,
        target: 12,
        mojo: 1,
    });
    paths_agree_with_exact(&Fall::new(thief, FallRules::default(), climb));
    let up = FallRules {
        round_half: RoundHalf::Up,
        death_bonus: 2,
        faint_for_death_roll: true,
        ..FallRules::default()
    };
    let frail = Faller {
        survival: 4,
        ..faller()
    };
    paths_agree_with_exact(&Fall::new(frail, up, Start::Height(15)));
    paths_agree_with_exact(&Fall::new(frail, FallRules::default(), Start::Height(25)));
    paths_agree_with_exact(&Fall::new(faller(), FallRules::default(), Start::Height(8)));
}

#[test]
fn sampled_falls_agree_with_exact() {
    let thief = Faller {
        survival: 7,
        verve: 9,
        archetypal: true,
        endurance: 12,
        evasion: 10,
        fortitude: 8,
        willpower: 10,
        injuries: 0,
    };
    let contest = FallRules {
        death_contest: DeathContest::Contest,
        ..FallRules::default()
    };
    for f in [
        Fall::new(
            thief,
            FallRules::default(),
            Start::Climb(Climb {
                height: 80,
                target: 12,
                mojo: 2,
            }),
        ),
        Fall::new(faller(), contest, Start::Height(1000)),
        Fall::new(
            Faller {
                survival: 3,
                injuries: 2,
                ..faller()
            },
            contest,
            Start::Climb(Climb {
                height: 200,
                target: 9,
                mojo: 0,
            }),
        ),
    ] {
        let e = f.exact().unwrap();
        for (name, row) in &rows(&crate::systems::Alone(&f), 300_000, 13) {
            within(row, e[name]);
        }
    }
}

#[test]
fn a_failed_80_foot_climb_rolls_a_d8_for_the_section() {
    // 004:694: "if a thief fails to climb an 80-foot wall, a d8 might be used". The climb
    // (target 12, no mojo) fails on 15; the d8 shows 6: the fall is from 50 ft, 4d6 (003:42),
    // no evasion roll. 14 damage: 4 injury points, 10 more from 9 verve and 7 survival.
    let thief = Faller {
        survival: 7,
        verve: 9,
        archetypal: true,
        ..faller()
    };
    let climb = Start::Climb(Climb {
        height: 80,
        target: 12,
        mojo: 0,
    });
    let f = Fall::new(thief, FallRules::default(), climb);
    // The climb, then the consciousness roll at 10 − 4 = 6; the d8 for the section shows 6
    // (the sixth of eight); 4d6 show 14.
    let mut dice = Scripted::new()
        .d20s([15, 6])
        .faces(6, [2, 3, 4, 5])
        .picks([(8, 5)]);
    let out = f.resolve(&mut dice);
    assert_eq!(
        out,
        Outcome {
            climbed: false,
            dice: 4,
            evaded: false,
            damage: 14,
            gained: 4,
            unconscious: false,
            death_contest: false,
            death: false,
        }
    );
    dice.finish();
    // With 2 mojo the same 14 is bought off (a miss of 2), and nothing else is rolled.
    let bought = Fall::new(
        thief,
        FallRules::default(),
        Start::Climb(Climb {
            height: 80,
            target: 12,
            mojo: 2,
        }),
    );
    let mut dice = Scripted::new().d20s([14]);
    assert!(bought.resolve(&mut dice).climbed);
}

#[test]
fn toromeen_s_rolls_replay_through_a_fall() {
    // 004:633-637 through the shared survival rolls: 4 survival, 6 damage (a 10-19 ft fall,
    // evaded: 12 on 2d6 halved, no injury points), so 0 survival and 2 injuries. Fortitude 11
    // − 2 = 9: Tony rolls 6, conscious. 2 > 0: the Guide rolls 1 (≤ 2), Tony 20 against
    // endurance 15 − 2 = 13: dying.
    let toromeen = Faller {
        survival: 4,
        verve: 0,
        archetypal: false,
        endurance: 15,
        evasion: 12,
        fortitude: 11,
        willpower: 9,
        injuries: 0,
    };
    let f = Fall::new(toromeen, FallRules::default(), Start::Height(15));
    let mut dice = Scripted::new().d20s([5, 6, 1, 20]).faces(6, [6, 6]);
    let out = f.resolve(&mut dice);
    assert!(out.evaded && !out.unconscious && out.death_contest && out.death);
    assert_eq!((out.damage, out.gained), (6, 2));
    dice.finish();
}
