//! L184 replayed with scripted dice: the shipped `vampire_and_thrall.toml`, the vampire and
//! its thrall first (the example opens with their attacks). After the vampire's 5: 0 Wounds,
//! 1 Injury, 1 Physicality bene left; after the maul's 6: 1 Wound, 0 Injuries, 0 bene; her next
//! attack and Dodge at −1.

use super::super::Conflict;
use super::super::fight::{Event, RollKind, State};
use super::super::fighter::{ACCURACY, MOVEMENT, PHYSICALITY, Plan, Track};
use super::conflict;
use crate::combat::{self, Ending, Observer};
use crate::systems::invisible_sun::action::Resolution;
use crate::testing::Scripted;

/// What happened, in order.
#[derive(Debug, Default)]
struct Log {
    /// (round, kind, NPC index, plan, effect, success).
    rolls: Vec<(u32, RollKind, usize, Plan, i64, bool)>,
    /// (who, injuries, state after).
    hurts: Vec<(usize, i64, State)>,
}

impl Observer<Conflict> for Log {
    fn see(&mut self, event: Event<'_>) {
        match event {
            Event::Roll {
                round,
                npc,
                kind,
                plan,
                effect,
                success,
                ..
            } => self.rolls.push((round, kind, npc, plan, effect, success)),
            Event::Hurt {
                who,
                injuries,
                state,
            } => self.hurts.push((who, injuries, *state)),
            Event::Aid { .. } | Event::Recover { .. } => {}
        }
    }
}

const VAMPIRE: usize = 1;
const THRALL: usize = 2;

#[test]
fn schaelee_against_the_vampire_and_its_thrall_as_l184_tells_it() {
    let text = std::fs::read_to_string(crate::testing::shipped("vampire_and_thrall")).unwrap();
    let body = text
        .replacen("order = \"pcs_first\"", "order = \"npcs_first\"", 1)
        .replacen("max_rounds = 20", "max_rounds = 2", 1);
    let body = &body[body.find("[run]").unwrap()..];
    let c = conflict(body);
    let script = [
        // Round 1. The vampire: her Dodge (skill 1 + 1 Movement bene against level 5, 3
        // needed, mundane and Sortilege die) fails.
        vec![2, 1],
        // The thrall: no Movement left, 4 − 1 = 3 needed; fails.
        vec![1, 2],
        // Her attack on the thrall (skill 1 + tools 1 against 4 + Dodge 1), wounded: misses.
        vec![3],
        // Round 2. The vampire again: her Dodge at −1 (a Sortilege 0: a flux) succeeds.
        vec![9, 0],
        // The thrall: succeeds.
        vec![9, 9],
        // Her attack, still at −1: hits.
        vec![8],
    ];
    // The d10s of each roll (numbered 0–9), mundane die first.
    let mut dice = Scripted::new().faces(10, script.into_iter().flatten());
    let mut log = Log::default();
    let (ending, rounds, arena, _) = combat::replay(&c, &mut dice, &mut log);
    dice.finish();
    assert_eq!((ending, rounds), (Ending::Stalemate, 2));

    let roll = |needed: u8, bene: i64| Plan {
        resolution: Resolution::Roll(needed),
        bene,
    };
    let rolls: Vec<_> = log
        .rolls
        .iter()
        .map(|&(r, k, n, p, _, s)| (r, k, n, p, s))
        .collect();
    assert_eq!(
        rolls,
        [
            (1, RollKind::Defense, VAMPIRE, roll(3, 1), false),
            (1, RollKind::Defense, THRALL, roll(3, 0), false),
            (1, RollKind::Attack, THRALL, roll(4, 0), false),
            (2, RollKind::Defense, VAMPIRE, roll(5, 0), true),
            (2, RollKind::Defense, THRALL, roll(4, 0), true),
            (2, RollKind::Attack, THRALL, roll(4, 0), true),
        ]
    );
    // Unhurt she would need 5 − (2 − 0) = 3 to hit the thrall and 5 − 1 = 4 to Dodge the
    // vampire without bene: both are one worse, the −1 of her one Wound (L184).
    let hit_unhurt = 4 + 1 - 2;
    let dodge_unhurt = 5 - 1;
    assert_eq!(rolls[2].3.resolution, Resolution::Roll(hit_unhurt + 1));
    assert_eq!(rolls[3].3.resolution, Resolution::Roll(dodge_unhurt + 1));
    // Bene for effect is paid on both attacks, hit or miss (L77–81): 2 Accuracy, then none.
    assert_eq!(log.rolls[2].4, 1);
    assert_eq!(log.rolls[5].4, 1);

    // The vampire's 5 less Armor 1: a Wound negated and an Injury (L184).
    let (who, injuries, after_vampire) = log.hurts[0];
    assert_eq!((who, injuries), (0, 4));
    assert_eq!(
        after_vampire.body,
        Track {
            marks: 0,
            injuries: 1
        }
    );
    assert_eq!(after_vampire.pools[PHYSICALITY], 1);
    assert_eq!(after_vampire.pools[MOVEMENT], 0);
    // The maul's 6 less 1: 2 Wounds with the Injury, one negated: 1 Wound, no Injuries, no
    // Physicality left.
    let (who, injuries, after_maul) = log.hurts[1];
    assert_eq!((who, injuries), (0, 5));
    assert_eq!(
        after_maul.body,
        Track {
            marks: 1,
            injuries: 0
        }
    );
    assert_eq!(after_maul.pools[PHYSICALITY], 0);
    assert_eq!(after_maul.physicality_spent, 2);
    // Her hit in round 2: 4 + 2 for effect = 6 Injuries, 2 of the thrall's Wounds.
    let (who, injuries, thrall) = log.hurts[2];
    assert_eq!((who, injuries), (THRALL, 6));
    assert_eq!(
        thrall.body,
        Track {
            marks: 2,
            injuries: 0
        }
    );
    let schaelee = &arena.states[0];
    assert_eq!(schaelee.pools[ACCURACY], 0);
    assert!(schaelee.flux && !schaelee.dead);
}

/// Notes, per side, the round its first member fell (dead or out) and died, from the events
/// as they happen (a hurt follows the roll of its round).
#[derive(Debug, Default)]
struct Firsts {
    round: u32,
    /// Side of each combatant.
    side: Vec<usize>,
    first_down: Vec<Option<u32>>,
    first_death: Vec<Option<u32>>,
}

impl Observer<Conflict> for Firsts {
    fn see(&mut self, event: Event<'_>) {
        match event {
            Event::Roll { round, .. } => self.round = round,
            Event::Aid { .. } | Event::Recover { .. } => {}
            Event::Hurt { who, state, .. } => {
                let s = self.side[who];
                if state.dead || state.out {
                    self.first_down[s].get_or_insert(self.round);
                }
                if state.dead {
                    self.first_death[s].get_or_insert(self.round);
                }
            }
        }
    }
}

#[test]
fn a_sides_first_fall_and_death_are_the_rounds_they_came_in() {
    use rand::SeedableRng;
    let text = std::fs::read_to_string(crate::testing::shipped("vampire_and_thrall")).unwrap();
    let c = conflict(&text[text.find("[run]").unwrap()..]);
    let roster = &combat::Rounds::bout(&c).roster;
    let sides: Vec<usize> = (0..roster.len())
        .map(|i| (0..roster.sides().len()).find(|&s| roster.side_masks()[s] >> i & 1 == 1))
        .map(Option::unwrap)
        .collect();
    let never = combat::Rounds::bout(&c).max_rounds + 2;
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(29);
    let mut dice = oddsmith_core::dice::FightDice::new(&mut rng);
    let mut arena = combat::Rounds::arena(&c);
    let mut marks = combat::SideRounds::new(sides.len());
    // The thrall falls first in many fights while the vampire fights on: the side's first fall
    // and death are then that round, not the round the fight ended.
    let mut earlier = 0;
    for _ in 0..2_000 {
        let mut seen = Firsts {
            side: sides.clone(),
            first_down: vec![None; 2],
            first_death: vec![None; 2],
            ..Firsts::default()
        };
        let played = combat::play(&c, &mut dice, &mut arena, &mut marks, &mut seen);
        for s in 0..2 {
            assert_eq!(marks.first_down[s], seen.first_down[s].unwrap_or(never));
            assert_eq!(marks.first_death[s], seen.first_death[s].unwrap_or(never));
            earlier += usize::from(seen.first_death[s].is_some_and(|r| r < played.rounds));
        }
    }
    assert!(
        earlier > 100,
        "{earlier} first deaths before the last round"
    );
}
