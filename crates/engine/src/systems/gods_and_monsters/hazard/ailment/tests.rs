//! Ailments: hand-computed chances, every path of the dice against the exact walk, sampled
//! estimates within 4.5 standard errors, and the seed's examples replayed with scripted dice
//! (food poisoning, 003:13; sleep gas, 003:14).

use super::*;
use crate::systems::gods_and_monsters::hazard::{mean, quantile};
use crate::testing::Scripted;
use crate::testing::every_path;
use crate::testing::{rows, within};

fn nature(effect: &str) -> Nature {
    Nature {
        effect: effect.parse().unwrap(),
        strength: 0,
        chronic: false,
        inescapable: false,
        exposure_times: 1,
        max_action_times: 100,
        effect_injures: true,
    }
}

fn victim(reaction: i64) -> Victim {
    Victim {
        reaction,
        health: reaction,
        accepted: false,
        injuries: 0,
    }
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-12
}

#[test]
fn food_poisoning_failing_three_throw_offs_gives_four_effects() {
    // 003:13, 21: chronic, strength 3, 1 injury per action time. Health 12: the exposure
    // roll needs 12 − 3 = 9 (20 fails); the j-th throw-off needs 12 − (3 − j) − injuries:
    // 9, 9, 9 after one, two, three injuries (20s fail); then 12 − (3 − 4) − 4 = 9, a 1
    // throws it off.
    let food = Nature {
        strength: 3,
        chronic: true,
        ..nature("1")
    };
    let a = Ailment::new(food, victim(12), "1 hour".into());
    assert_eq!(a.exposure_target(1, 0), 9);
    assert_eq!(
        (1..=4)
            .map(|j| a.throw_off_target(j, j as i64))
            .collect::<Vec<_>>(),
        [9, 9, 9, 9]
    );
    // The effect "1" rolls no dice.
    let mut dice = Scripted::new().d20s([20, 20, 20, 20, 1]);
    let out = a.resolve(&mut dice);
    assert_eq!(
        out,
        Outcome {
            times: 4,
            total: 4,
            lingering: false
        }
    );
    dice.finish();
}

#[test]
fn sleep_gas_failing_three_of_five_rounds_gives_three_effects() {
    // 003:14, 27: inescapable, five rounds, three failed reactions: three 2d10 effects
    // ("6d10 minutes"). Evasion 10, strength 0: 11+ fails.
    let gas = Nature {
        inescapable: true,
        exposure_times: 5,
        effect_injures: false,
        ..nature("2d10")
    };
    let a = Ailment::new(gas, victim(10), "1 round".into());
    // Three 2d10 effects: 7, 12, 3.
    let mut dice = Scripted::new()
        .d20s([15, 3, 11, 10, 20])
        .faces(10, [3, 4, 6, 6, 1, 2]);
    let out = a.resolve(&mut dice);
    assert_eq!((out.times, out.total, out.lingering), (3, 22, false));
    dice.finish();
}

#[test]
fn exact_values_by_hand() {
    // One exposure: affected when d20 > 8 − 1 = 7.
    let a = Ailment::new(
        Nature {
            strength: 1,
            ..nature("d6")
        },
        victim(8),
        "2 rounds".into(),
    );
    let e = a.exact().unwrap();
    assert!(close(e["affected"], 0.65));
    assert!(close(e["times_affected.mean"], 0.65));
    assert!(close(e["effect_total.mean"], 0.65 * 3.5));
    assert_eq!(e["effect_total.median"], 2.0); // 0.35 + 0.65·2/6 = 0.567 at 2
    assert_eq!(e["lingering"], 0.0);
    // Chronic, effect 1 (not an injury), strength 0, health 10, three action times in all:
    // takes hold with 0.5; throw-offs need 11 then 12 (0.55, 0.6); still held after that.
    let cold = Nature {
        chronic: true,
        effect_injures: false,
        max_action_times: 3,
        ..nature("1")
    };
    let e = Ailment::new(cold, victim(10), "1 day".into())
        .exact()
        .unwrap();
    let times = [0.5, 0.5 * 0.55, 0.5 * 0.45 * 0.6, 0.5 * 0.45 * 0.4];
    assert!(close(e["lingering"], times[3]));
    assert!(close(e["times_affected.mean"], mean(&times)));
    assert!(close(e["effect_total.mean"], mean(&times)));
    assert_eq!(e["times_affected.p90"], quantile(&times, 0.9) as f64);
    // Accepted: −4 on the health roll.
    let drunk = Victim {
        accepted: true,
        ..victim(14)
    };
    let e = Ailment::new(nature("d2"), drunk, "20 min".into())
        .exact()
        .unwrap();
    assert!(close(e["affected"], 0.5));
}

/// Every path of `a`'s dice, run through `resolve`, against `exact()`.
fn paths_agree_with_exact(a: &Ailment) {
    let e = a.exact().unwrap();
    let (mut times, mut total) = (Vec::new(), Vec::new());
    let mut lingering = 0.0;
    every_path(
        |r| a.resolve(r),
        |o, p| {
            super::add_at(&mut times, o.times as usize, p);
            super::add_at(&mut total, o.total as usize, p);
            lingering += p * f64::from(u8::from(o.lingering));
        },
    );
    assert!((e["affected"] - (1.0 - times[0])).abs() < 1e-12);
    assert!((e["lingering"] - lingering).abs() < 1e-12);
    for (name, dist) in [("times_affected", &times), ("effect_total", &total)] {
        assert!((e[&format!("{name}.mean")] - mean(dist)).abs() < 1e-9);
        for (label, q) in [("median", 0.5), ("p90", 0.9), ("p99", 0.99)] {
            assert_eq!(e[&format!("{name}.{label}")], quantile(dist, q) as f64);
        }
    }
}

#[test]
fn every_path_of_the_dice_agrees_with_the_walk() {
    // Chronic with injuring d3 effects: the injuries change the throw-off target.
    paths_agree_with_exact(&Ailment::new(
        Nature {
            strength: 2,
            chronic: true,
            max_action_times: 4,
            ..nature("d3")
        },
        victim(11),
        "t".into(),
    ));
    // Chronic and inescapable: the strength grows during the exposure, then fades.
    paths_agree_with_exact(&Ailment::new(
        Nature {
            strength: 1,
            chronic: true,
            inescapable: true,
            exposure_times: 3,
            max_action_times: 5,
            ..nature("d2")
        },
        Victim {
            injuries: 1,
            ..victim(12)
        },
        "t".into(),
    ));
    // An effect that does not injure: the total is a mixture of n-fold sums.
    paths_agree_with_exact(&Ailment::new(
        Nature {
            inescapable: true,
            exposure_times: 3,
            effect_injures: false,
            ..nature("2d4")
        },
        victim(9),
        "t".into(),
    ));
    // Inescapable, not chronic: every exposure time is rolled.
    paths_agree_with_exact(&Ailment::new(
        Nature {
            inescapable: true,
            exposure_times: 4,
            ..nature("d2+1")
        },
        victim(13),
        "t".into(),
    ));
}

#[test]
fn sampled_ailments_agree_with_exact() {
    let food = Nature {
        strength: 3,
        chronic: true,
        ..nature("1")
    };
    let gas = Nature {
        inescapable: true,
        exposure_times: 5,
        effect_injures: false,
        ..nature("2d10")
    };
    let stuck = Nature {
        strength: 2,
        chronic: true,
        inescapable: true,
        exposure_times: 4,
        max_action_times: 12,
        ..nature("d4")
    };
    for a in [
        Ailment::new(nature("d6"), victim(8), "t".into()),
        Ailment::new(food, victim(12), "t".into()),
        Ailment::new(gas, victim(10), "t".into()),
        Ailment::new(stuck, victim(15), "t".into()),
    ] {
        let e = a.exact().unwrap();
        for (name, row) in &rows(&crate::systems::Alone(&a), 300_000, 17) {
            within(row, e[name]);
        }
    }
}
