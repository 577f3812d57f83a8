//! The tests of `damage` (the module above, `super`).

use super::super::d20::Edge;
use super::super::fighter::{ApSource, DefendWhen, Kind, kind_bit};
use super::*;
use crate::combat::Targeting;

fn fighter(armor: Armor) -> Fighter {
    Fighter {
        name: "t".into(),
        side: 0,
        kind: Kind::Pc,
        ap: ApSource::Fixed(10),
        agility: 1,
        dex_or_cunning: 0,
        vitality: 10,
        health: 5,
        passive_armor: 12,
        armor_reduction: 5,
        armor_skill_rank: 2,
        armor,
        defend: None,
        defend_when: DefendWhen::Affordable,
        reserve_ap: 0,
        attacks: Vec::new(),
        first_aid: None,
        triage: None,
        helps: false,
        potions: None,
        target: Targeting::Random,
        plays: crate::combat::load::Plays::by_the_book(Targeting::Random),
        resist: 0,
        vulnerable: 0,
        death_save_bonus: 0,
        short_rest: None,
        strength: 0,
        level: 1,
    }
}

fn attack(damage: &str, kind: &str, special: Special) -> Attack {
    Attack::new(
        0,
        damage.parse().unwrap(),
        kind_bit(kind).unwrap() | kind_bit("null").unwrap(),
        special,
        1,
        5,
    )
}

fn active(kind: DefenseKind) -> ActiveDefense {
    ActiveDefense {
        kind,
        cost: 2,
        bonus: 0,
        rank: 1,
        edge: Edge::Normal,
        strength: 3,
    }
}

fn blow(dice: i64, flat: i64, hit: Hit) -> Blow {
    Blow { dice, flat, hit }
}

/// L419: 25 bludgeoning against 5 armor and resistance: reduced by 5, then halved: 10.
#[test]
fn resistance_after_armor_as_in_l419() {
    let mut t = fighter(Armor::None);
    t.resist = kind_bit("bludgeoning").unwrap();
    let club = attack("25", "bludgeoning", Special::Plain);
    let dealt = deal(&club, blow(0, 25, Hit::Hit), &t, None, 0);
    assert_eq!(
        dealt,
        Dealt {
            to_pool: 10,
            to_health: 0
        }
    );
    // Vulnerability after resistance (L419–420): (25 − 5) / 2 × 2.
    t.vulnerable = kind_bit("null").unwrap();
    assert_eq!(deal(&club, blow(0, 25, Hit::Hit), &t, None, 0).to_pool, 20);
}

#[test]
fn each_step_of_the_pipeline() {
    let t = fighter(Armor::None);
    let sword = attack("1d8+2", "slashing", Special::Slashing);
    // A slashing crit adds the dice maximum: 5 + 2 + 8 − 5 armor.
    let d = deal(&sword, blow(5, 2, Hit::Crit), &t, None, 0);
    assert_eq!(d.to_pool, 10);
    // Minor failure halves down before armor: (5 + 2)/2 = 3, − 5 → 0.
    assert_eq!(
        deal(&sword, blow(5, 2, Hit::MinorFailure), &t, None, 0).to_pool,
        0
    );
    // A failed Dodge leaves out the armor skill rank: 7 − (5 − 2).
    let dodge = active(DefenseKind::Dodge);
    assert_eq!(
        deal(&sword, blow(5, 2, Hit::Hit), &t, Some(&dodge), 0).to_pool,
        4
    );
    // A graze halves, and the defense failed: 3 − 3.
    let graze = blow(5, 2, Hit::DefenderMinorFailure);
    assert_eq!(deal(&sword, graze, &t, Some(&dodge), 0).to_pool, 0);
    // The attacker's minor failure against an active defense: the defense held, full armor.
    let big = blow(20, 2, Hit::MinorFailure);
    assert_eq!(deal(&sword, big, &t, Some(&dodge), 0).to_pool, 11 - 5);
    // Light armor after a failed Dodge uses Agility (1): 7 − 1.
    let light = fighter(Armor::Light);
    assert_eq!(
        deal(&sword, blow(5, 2, Hit::Hit), &light, Some(&dodge), 0).to_pool,
        6
    );
    // Unarmored keeps everything; heavy keeps the rank after a failed Block only.
    let block = active(DefenseKind::Block);
    let unarmored = fighter(Armor::Unarmored);
    assert_eq!(
        deal(&sword, blow(5, 2, Hit::Hit), &unarmored, Some(&block), 0).to_pool,
        2
    );
    let heavy = fighter(Armor::Heavy);
    assert_eq!(
        deal(&sword, blow(5, 2, Hit::Hit), &heavy, Some(&block), 0).to_pool,
        2
    );
    assert_eq!(
        deal(&sword, blow(5, 2, Hit::Hit), &heavy, Some(&dodge), 0).to_pool,
        4
    );
    // A Block's minor failure adds Strength (3): 7 − (3 + 3).
    let soft = blow(5, 2, Hit::DefenderMinorFailure);
    assert_eq!(deal(&sword, soft, &t, Some(&block), 0).to_pool, 1);
    // A Parry's minor failure subtracts the parrier's dice roll before armor: 7 − 4 − 3.
    let parry = active(DefenseKind::Parry);
    let soft = blow(5, 2, Hit::DefenderMinorFailure);
    assert_eq!(deal(&sword, soft, &t, Some(&parry), 4).to_pool, 0);
    assert_eq!(
        deal(
            &sword,
            blow(9, 2, Hit::DefenderMinorFailure),
            &t,
            Some(&parry),
            4
        )
        .to_pool,
        4
    );
}

#[test]
fn piercing_crits_skip_armor_and_poison_goes_to_health() {
    let t = fighter(Armor::None);
    let spear = attack("2d6+1", "piercing", Special::Piercing);
    let d = deal(&spear, blow(7, 1, Hit::Crit), &t, None, 0);
    assert_eq!(
        d,
        Dealt {
            to_pool: 8,
            to_health: 2
        }
    );
    // Not on a plain hit.
    let d = deal(&spear, blow(7, 1, Hit::Hit), &t, None, 0);
    assert_eq!(
        d,
        Dealt {
            to_pool: 3,
            to_health: 0
        }
    );
    let sting = attack("1d6+4", "poison", Special::Poison);
    let d = deal(&sting, blow(6, 4, Hit::Hit), &t, None, 0);
    assert_eq!(
        d,
        Dealt {
            to_pool: 0,
            to_health: 5
        }
    );
}
