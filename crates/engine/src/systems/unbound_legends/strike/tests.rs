//! The tests of `strike` (the module above, `super`).

use super::super::attack::MinorBand;
use super::super::damage::{Blow, deal};
use super::super::fighter::{ApSource, Armor, DefendWhen, Kind, kind_bit};
use super::*;
use crate::combat::Targeting;

fn target(armor_reduction: i64, resist: &str, vulnerable: &str) -> Fighter {
    let bits = |w: &str| {
        if w.is_empty() {
            0
        } else {
            kind_bit(w).unwrap()
        }
    };
    Fighter {
        name: "t".into(),
        side: 1,
        kind: Kind::Pc,
        ap: ApSource::Fixed(10),
        agility: 1,
        dex_or_cunning: 0,
        vitality: 10,
        health: 5,
        passive_armor: 13,
        armor_reduction,
        armor_skill_rank: 1,
        armor: Armor::None,
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
        resist: bits(resist),
        vulnerable: bits(vulnerable),
        death_save_bonus: 0,
        short_rest: None,
        strength: 0,
        level: 1,
    }
}

#[test]
fn passive_tables_match_resolve_and_deal() {
    let specials = [
        ("slashing", Special::Slashing),
        ("piercing", Special::Piercing),
        ("poison", Special::Poison),
        ("bludgeoning", Special::Plain),
    ];
    let targets = [
        target(3, "", ""),
        target(0, "slashing", ""),
        target(2, "", "piercing"),
        target(-1, "poison", "poison"),
        target(5, "bludgeoning", "slashing"),
    ];
    let bands = [MinorBand::Rank, MinorBand::RankMinus1];
    for (word, special) in specials {
        for (damage, to_hit, rank) in [("2d6+3", 5, 1), ("1d8-2", 0, 3), ("3d4", 12, 0)] {
            let attack = Attack::new(
                to_hit,
                damage.parse().unwrap(),
                kind_bit(word).unwrap(),
                special,
                rank,
                5,
            );
            for t in &targets {
                for (margin, band) in [(10, bands[0]), (8, bands[1])] {
                    let rules = AttackRules {
                        crit_margin: margin,
                        minor_band: band,
                    };
                    let p = Passive::new(&attack, t, &rules);
                    for d20 in 1..=20 {
                        let total = d20 + to_hit;
                        let hit = resolve(d20, total, t.passive_armor, None, rank, &rules).0;
                        assert_eq!(p.hit(d20), hit);
                        if hit == Hit::Miss {
                            continue;
                        }
                        for dice in 0..=14 {
                            for flat in [-4, 0, 3] {
                                let blow = Blow { dice, flat, hit };
                                let want = deal(&attack, blow, t, None, 0);
                                assert_eq!(p.deal(dice, flat, hit), want, "{word} {hit:?}");
                            }
                        }
                    }
                }
            }
        }
    }
}
