//! The plain loop ([`super::super::super::plain`]) against the round engine: both play the same
//! conflicts from the same seeded dice, fight by fight, and must agree on every fight's
//! ending, length, each side's last round and everyone's condition. Since the plain loop
//! draws the same dice in the same order, any difference in a rule shows as a mismatch, and
//! the first one is reported with the fight it happened in.

use super::super::super::plain::Flags;
use super::super::super::rules::{ConflictRules, DeathContest};
use super::super::*;
use super::duelist;
use crate::combat::{self, Fight, Unobserved};
use crate::dice::FightDice;
use crate::dice::uniform_below;
use crate::systems::Scenario;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

/// Plays `fights` fights of `conflict` in both loops and asserts they agree fight by fight.
fn agree(conflict: &Conflict, fights: u64, seed: u64, what: &str) {
    assert!(conflict.plain.is_some(), "{what}: not a plain conflict");
    let engine_conflict = conflict.round_engine();
    let (mut rng_a, mut rng_b) = (
        Xoshiro256PlusPlus::seed_from_u64(seed),
        Xoshiro256PlusPlus::seed_from_u64(seed),
    );
    let (mut engine, mut fast) = (FightDice::new(&mut rng_a), FightDice::new(&mut rng_b));
    let (mut arena, mut plain_arena) = (engine_conflict.arena(), conflict.arena());
    let sides = conflict.bout.roster.sides().len();
    let (mut down, mut plain_down) = (vec![0; sides], vec![0; sides]);
    let mut tally = conflict.bout.layout.tally();
    for fight in 0..fights {
        let want = combat::play(
            &engine_conflict,
            &mut engine,
            &mut arena,
            &mut down,
            &mut Unobserved,
        );
        let want_fallen = engine_conflict.outcome(&mut arena, &mut tally);
        let mut flags = Flags::default();
        for (i, s) in arena.battle.states.iter().enumerate() {
            flags.unconscious |= u64::from(!s.conscious) << i;
            flags.fled |= u64::from(s.fled) << i;
            flags.dying |= u64::from(s.dying) << i;
            flags.dead |= u64::from(s.dead) << i;
        }
        let got = combat::play(
            conflict,
            &mut fast,
            &mut plain_arena,
            &mut plain_down,
            &mut Unobserved,
        );
        let got_fallen = conflict.outcome(&mut plain_arena, &mut tally);
        assert_eq!(
            (got, got_fallen, plain_arena.plain.flags, &plain_down),
            (want, want_fallen, flags, &down),
            "{what}: fight {fight} differs"
        );
    }
}

fn shipped(name: &str) -> Conflict {
    match Scenario::load(&crate::testing::shipped(name))
        .unwrap()
        .system
    {
        crate::systems::LoadedSystem::GodsAndMonsters(super::super::super::Loaded::Conflict(c)) => {
            *c
        }
        other => panic!("{name} loaded as {other:?}"),
    }
}

#[test]
fn shipped_plain_conflicts_play_the_same_in_both_loops() {
    for name in ["yeti", "yeti_charlotte_armored"] {
        agree(&shipped(name), 20_000, 11, name);
    }
    // The goblin mob calls shots, shoots into the melee and reloads: not plain.
    assert!(shipped("goblin_mob").plain.is_none());
}

/// A uniform draw from `lo..=hi`.
fn between(rng: &mut Xoshiro256PlusPlus, lo: i64, hi: i64) -> i64 {
    lo + i64::from(uniform_below(rng, (hi - lo + 1) as u32))
}

/// A random plain conflict: two or three sides, two to seven combatants with every plain key
/// varied (targeting, units, flight, starting injuries, the dying stopping, verve, surprise,
/// several attacks of mixed dice), and both death contest readings.
fn random_conflict(rng: &mut Xoshiro256PlusPlus) -> Conflict {
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
            let mut attacks = Vec::new();
            for _ in 0..between(rng, 0, 2) {
                let d = dice[between(rng, 0, dice.len() as i64 - 1) as usize];
                attacks.push(Attack::melee(d.parse().unwrap(), between(rng, -1, 2)));
            }
            let mut f = duelist(&format!("f{i}"), side, between(rng, 1, 12), 0, 0, "d6");
            f.attacks = attacks;
            f.verve = between(rng, 0, 8);
            f.verve_in_combat = between(rng, 0, 1) == 1;
            f.endurance = between(rng, 4, 16);
            f.perception = between(rng, 2, 14);
            f.willpower = between(rng, 0, 14);
            f.fortitude = between(rng, 0, 14);
            f.attack = between(rng, -2, 6);
            f.defense = between(rng, -1, 6);
            f.injuries = between(rng, 0, 2);
            f.surprises = between(rng, 0, 4) == 0;
            f.aware = between(rng, 0, 3) == 0;
            f.asleep = between(rng, 0, 5) == 0;
            f.flee_at_survival = (between(rng, 0, 2) == 0).then(|| between(rng, 0, 4));
            f.fights_while_dying = between(rng, 0, 2) != 0;
            f.group_bonus = between(rng, 0, 4).max(2) - 2;
            f.target = match between(rng, 0, 3) {
                0 => Targeting::Random,
                1 => Targeting::Focus,
                2 => Targeting::Weakest,
                _ => Targeting::Named(between(rng, 0, n as i64 - 1) as usize),
            };
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
        ..ConflictRules::default()
    };
    let names = (0..sides).map(|s| format!("s{s}")).collect();
    Conflict::new(fighters, names, between(rng, 1, 30) as u32, rules)
}

#[test]
fn random_plain_conflicts_play_the_same_in_both_loops() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(2026);
    for k in 0..300 {
        let conflict = random_conflict(&mut rng);
        agree(
            &conflict,
            400,
            k,
            &format!("random conflict {k}: {:?}", conflict.fighters),
        );
    }
}
