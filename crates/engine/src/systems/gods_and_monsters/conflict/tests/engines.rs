//! Every instantiation of the engine ([`super::super::super::fight::rule::KINDS`]) that holds a
//! conflict's rules plays it alike, fight by fight: random conflicts with each rule on its own
//! (and none), played from the same seeded dice by the smallest instantiation and by every
//! larger one, must agree on every fight's ending, length, each side's last round and
//! everyone's end state. A rule compiled in must read the scenario's facts, so an engine
//! with more rules than a conflict uses cannot tell it apart; any difference is reported with
//! the fight it happened in.

use super::super::super::fight::rule;
use super::super::super::rules::{
    AttackDowned, ConflictRules, ConsciousnessCheck, Cover, DeathContest, MojoOn, UnconsciousFor,
};
use super::super::*;
use super::duelist;
use crate::combat::{self, Rounds, SideRounds, Unobserved};
use oddsmith_core::dice::{Dice, Direct, FightDice, uniform_below};
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// A uniform draw from `lo..=hi`.
pub(super) fn between(rng: &mut Xoshiro256PlusPlus, lo: i64, hi: i64) -> i64 {
    lo + i64::from(uniform_below(rng, (hi - lo + 1) as u32))
}

/// A random conflict: two or three sides, two to seven combatants with every plain key
/// varied (targeting, units, flight, starting injuries, the dying stopping, verve, surprise,
/// several attacks of mixed dice), both death contest readings, and the rules of `rules`
/// ([`rule`] flags) drawn where they apply.
pub(super) fn random_conflict(rng: &mut Xoshiro256PlusPlus, rules: u16) -> Conflict {
    let on = |flag: u16| rules & flag != 0;
    let sides = between(rng, 2, 3) as usize;
    let n = between(rng, 2, 7) as usize;
    let dice = ["d6", "2d4+1", "d8-2", "d5", "d12+3", "3d3"];
    let mut fighters: Vec<Fighter> = (0..n)
        .map(|i| {
            let side = if i < sides {
                i
            } else {
                between(rng, 0, sides as i64 - 1) as usize
            };
            let mut f = duelist(&format!("f{i}"), side, between(rng, 1, 12), 0, 0, "d6");
            f.close_combat = !on(rule::AFAR) || between(rng, 0, 2) != 0;
            f.attacks = (0..between(rng, 0, 2))
                .map(|_| {
                    let d = dice[between(rng, 0, dice.len() as i64 - 1) as usize];
                    let mut a = Attack::melee(d.parse().unwrap(), between(rng, -1, 2));
                    a.ranged = on(rule::AFAR) && between(rng, 0, 1) == 1;
                    if on(rule::RELOAD) {
                        let fire_actions = between(rng, 1, 3) as u8;
                        let loaded = between(rng, 0, 2) != 0;
                        a = a.readied(fire_actions, f.close_combat, loaded);
                    }
                    a
                })
                .collect();
            f.verve = between(rng, 0, 8);
            f.verve_in_combat = between(rng, 0, 1) == 1;
            f.warrior = between(rng, 0, 1) == 1;
            f.endurance = between(rng, 4, 16);
            f.perception = between(rng, 2, 14);
            f.willpower = between(rng, 0, 14);
            f.fortitude = between(rng, 0, 14);
            f.evasion = Some(between(rng, 0, 12));
            f.head_protection = between(rng, 0, 3);
            f.attack = between(rng, -2, 6);
            f.defense = between(rng, -1, 6);
            f.injuries = between(rng, 0, 2);
            f.surprises = between(rng, 0, 4) == 0;
            f.aware = between(rng, 0, 3) == 0;
            f.asleep = between(rng, 0, 5) == 0;
            f.flee_at_survival = (between(rng, 0, 2) == 0).then(|| between(rng, 0, 4));
            f.fights_while_dying = between(rng, 0, 2) != 0;
            f.group_bonus = between(rng, 0, 4).max(2) - 2;
            f.group_size = between(rng, 1, 4);
            f.cover = Cover::WORDS[between(rng, 0, 3) as usize].1;
            f.target = match between(rng, 0, 3) {
                0 => Targeting::Random,
                1 => Targeting::Focus,
                2 => Targeting::Weakest,
                _ => Targeting::Named(between(rng, 0, n as i64 - 1) as usize),
            };
            if on(rule::MOJO) && between(rng, 0, 1) == 1 {
                f.mojo = between(rng, 1, 30);
                f.mojo_on = MojoOn(between(rng, 0, 63) as u8);
                f.mojo_reserve = between(rng, 0, 8);
            }
            if on(rule::DOWNED) {
                f.attack_downed = AttackDowned::WORDS[between(rng, 0, 2) as usize].1;
            }
            if on(rule::CALLED) {
                f.killing_blows = between(rng, 0, 1) == 1;
                f.knockout_blows = between(rng, 0, 1) == 1;
                f.called_shots_into_melee = between(rng, 0, 1) == 1;
            }
            f
        })
        .collect();
    // A named foe must be a foe.
    for i in 0..n {
        if let Targeting::Named(t) = fighters[i].target
            && fighters[t].side == fighters[i].side
        {
            fighters[i].target = Targeting::Random;
        }
    }
    let rules = ConflictRules {
        death_contest: if between(rng, 0, 1) == 0 {
            DeathContest::Single
        } else {
            DeathContest::Contest
        },
        surprised_are_unaware: between(rng, 0, 1) == 1,
        consciousness_check: if on(rule::PER_HIT) {
            ConsciousnessCheck::PerHit
        } else {
            ConsciousnessCheck::EndOfRound
        },
        unconscious_for: if on(rule::WAKING) {
            UnconsciousFor::Injuries
        } else {
            UnconsciousFor::Fight
        },
    };
    let names = (0..sides).map(|s| format!("s{s}")).collect();
    Conflict::new(fighters, names, between(rng, 1, 30) as u32, rules)
}

/// Plays `fights` fights of `a` with `dice_a` and of `b` with `dice_b` (alike) and asserts
/// they agree fight by fight.
fn agree<D: Dice>(
    (a, mut dice_a): (&Conflict, D),
    (b, mut dice_b): (&Conflict, D),
    fights: u64,
    what: &str,
) {
    let (mut arena_a, mut arena_b) = (a.arena(), b.arena());
    let sides = a.bout.roster.sides().len();
    let (mut down_a, mut down_b) = (SideRounds::new(sides), SideRounds::new(sides));
    for fight in 0..fights {
        let want = combat::play(a, &mut dice_a, &mut arena_a, &mut down_a, &mut Unobserved);
        let got = combat::play(b, &mut dice_b, &mut arena_b, &mut down_b, &mut Unobserved);
        assert_eq!(
            (got, &down_b, b.states(&arena_b.fight)),
            (want, &down_a, a.states(&arena_a.fight)),
            "{what}: fight {fight} differs"
        );
    }
}

#[test]
fn every_instantiation_that_holds_a_conflicts_rules_plays_it_alike() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    let mut compared = 0;
    for k in 0..240u64 {
        // Every rule on its own (and none): a conflict with a rule plays as `ALL`, the only
        // instantiation that holds it, so the comparisons are of the plain conflicts (plain
        // and ALL, fight by fight).
        let rules = [0, rule::AFAR, rule::RELOAD, rule::MOJO, rule::DOWNED]
            .into_iter()
            .chain([rule::WAKING, rule::PER_HIT, rule::CALLED | rule::DOWNED])
            .nth(k as usize % 8)
            .unwrap();
        let conflict = random_conflict(&mut rng, rules);
        for kind in rule::KINDS {
            if conflict.kind() & !kind != 0 || kind == conflict.kind() {
                continue;
            }
            let wider = conflict.with_kind(kind);
            let what = format!("conflict {k} as {kind:#b}: {:?}", conflict.fighters);
            let rngs = || {
                (
                    Xoshiro256PlusPlus::seed_from_u64(k),
                    Xoshiro256PlusPlus::seed_from_u64(k),
                )
            };
            let (mut x, mut y) = rngs();
            let (a, b) = (FightDice::new(&mut x), FightDice::new(&mut y));
            agree((&conflict, a), (&wider, b), 300, &what);
            let (mut x, mut y) = rngs();
            agree(
                (&conflict, Direct(&mut x)),
                (&wider, Direct(&mut y)),
                100,
                &what,
            );
            compared += 1;
        }
    }
    // Every eighth is drawn plain, and a rule's conflict is plain when no fighter drew it.
    assert!(compared >= 30, "only {compared} comparisons");
}
