//! The carried state of a day's fight ([`super::super::carry`]): begun from fresh states, the
//! shipped fights and the duel of [`super::solver`] are the same fights, dice for dice; a
//! member carried in stabilised or dead sits the fight out (no initiative, no turn, never
//! attacked, even by a foe that finishes the downed) and keeps its state; a wipe's dead are
//! dead in the carried state, whether the aftermath or the winners killed them.

use super::super::Skirmish;
use super::super::carry::{Condition, State};
use super::super::fight::Event;
use super::skirmish;
use super::solver::DUEL;
use crate::combat::day::{Carry, Member};
use crate::combat::{self, Ending, Observer, Rounds, SideRounds};
use crate::systems::{LoadedSystem, Scenario};
use crate::testing::{Scripted, assert_round_trip, shipped};

fn shipped_fight(stem: &str) -> Skirmish {
    let text = std::fs::read_to_string(shipped(stem)).unwrap();
    match Scenario::from_text(&format!("{stem}.toml"), &text)
        .unwrap()
        .system
    {
        LoadedSystem::BonusDice(crate::systems::bonus_dice::Loaded::Skirmish(s)) => *s,
        _ => panic!("{stem} is not a fight"),
    }
}

#[test]
fn fights_begun_from_fresh_carried_states_are_the_same_fights() {
    for (stem, party, seed) in [("grizzly_ambush", 2, 5), ("grizzly_ambush_medic", 2, 6)] {
        let s = shipped_fight(stem);
        assert_eq!(s.bout.roster.side_of(0), s.bout.roster.side_of(party - 1));
        assert_round_trip(&s, party, 20_000, seed);
    }
    assert_round_trip(&skirmish(DUEL), 1, 20_000, 7);
}

/// Who rolled initiative, and every attack as (attacker, target).
#[derive(Default)]
struct Seen {
    initiative: Vec<usize>,
    attacks: Vec<(usize, usize)>,
}

impl Observer<Skirmish> for Seen {
    fn see(&mut self, event: Event<'_>) {
        match event {
            Event::Initiative { who, .. } => self.initiative.push(who),
            Event::Attack {
                attacker, target, ..
            } => self.attacks.push((attacker, target)),
            _ => {}
        }
    }
}

/// `a` (carried in) and `b` of the party against an orc with two attacks a round that
/// finishes the downed; `aftermath` is the `[aftermath]` table.
fn fight(max_rounds: u32, b_health: i64, aftermath: &str) -> Skirmish {
    skirmish(&format!(
        r#"
[run]
max_rounds = {max_rounds}
{aftermath}
[[combatant]]
name = "a"
side = "party"
durability = 10
health = 10
vigor = 10
stamina = 10
[[combatant]]
name = "b"
side = "party"
actions = 1
dodge_policy = "never"
durability = {b_health}
health = {b_health}
vigor = 10
stamina = 10
[[combatant]]
name = "orc"
side = "orcs"
actions = 2
finish_downed = true
dodge_policy = "never"
durability = 50
health = 50
vigor = 10
stamina = 0
"#
    ))
}

/// Plays `s` from `party` with `dice`: the ending, what was seen and the carried states.
fn play(s: &Skirmish, party: &[State], dice: &mut Scripted) -> (Ending, Seen, Vec<State>) {
    let mut arena = s.arena();
    let mut seen = Seen::default();
    let mut sides = SideRounds::new(2);
    let up = s.begin_from(dice, &mut arena, party, &mut seen);
    let played = combat::play_from(s, up, dice, &mut arena, &mut sides, &mut seen);
    dice.finish();
    let fates = played.after;
    let carried: Vec<State> = (0..party.len())
        .map(|k| s.carry(&arena, played.fate(k), k))
        .collect();
    for (k, c) in carried.iter().enumerate() {
        assert_eq!(
            c.dead(),
            fates.dead >> k & 1 == 1,
            "{k}: dead as the fates say"
        );
        assert_eq!(
            !c.up(),
            fates.out() >> k & 1 == 1,
            "{k}: down as the fates say"
        );
    }
    (played.ending, seen, carried)
}

#[test]
fn a_member_carried_in_down_or_dead_sits_the_fight_out() {
    let s = fight(1, 20, "");
    for condition in [Condition::Stable, Condition::Dead] {
        let a = State {
            durability: 0,
            health: 0,
            vigor: 4,
            wounded: true,
            winded: false,
            condition,
            potions: 0,
        };
        let party = [a, s.fresh(1)];
        let mut dice = Scripted::new().in_order([
            (20, 5),  // b's initiative (a rolls none)
            (20, 15), // the orc's
            (20, 18), // the orc's first attack, at b (the only foe it may attack): a hit
            (8, 4),
            (20, 3),  // its second: a miss
            (20, 16), // b hits the orc
            (8, 2),
        ]);
        let (ending, seen, carried) = play(&s, &party, &mut dice);
        assert_eq!(ending, Ending::Stalemate, "{condition:?}");
        assert_eq!(seen.initiative, [1, 2]);
        assert_eq!(seen.attacks, [(2, 1), (2, 1), (1, 2)]);
        // a keeps its state (no Vigor back: it took no Recovery phase); b took 4.
        assert_eq!(carried[0], a, "{condition:?}");
        assert_eq!(
            carried[1],
            State {
                durability: 16,
                ..s.fresh(1)
            }
        );
    }
}

#[test]
fn a_wipe_is_dead_in_the_carried_state_whoever_kills_it() {
    let stable = State {
        durability: 0,
        health: 0,
        vigor: 4,
        wounded: true,
        winded: false,
        condition: Condition::Stable,
        potions: 0,
    };
    for (aftermath, a_after) in [
        // Left to die: b dies when its Shock runs out (nobody can tend it); a stays stable.
        ("", Condition::Stable),
        // Finished: the orc kills both the fallen, and no aftermath runs.
        ("[aftermath]\nfoes = \"finish\"\n", Condition::Dead),
    ] {
        let s = fight(10, 2, aftermath);
        let party = [stable, s.fresh(1)];
        let mut dice = Scripted::new().in_order([
            (20, 5),  // b's initiative
            (20, 15), // the orc's
            (20, 18), // a hit for 8: b's 2 Durability, then 2 Health, into Shock
            (8, 8),
        ]);
        let (ending, _, carried) = play(&s, &party, &mut dice);
        assert_eq!(ending, Ending::Win(1), "{aftermath}");
        assert_eq!(carried[0].condition, a_after, "{aftermath}");
        assert_eq!(carried[1].condition, Condition::Dead, "{aftermath}");
        assert_eq!((carried[1].durability, carried[1].health), (0, 0));
    }
}

#[test]
fn one_saved_from_shock_is_carried_stabilised() {
    // b's Shock lasts 10 rounds; a stands and stabilises it with its first Medicine try, in
    // the round after the fight (002:76).
    let s = skirmish(&fight_text_with_medic());
    let party = [s.fresh(0), s.fresh(1)];
    let mut dice = Scripted::new()
        .in_order([
            (20, 5),  // a's initiative
            (20, 1),  // b's
            (20, 15), // the orc's
            (20, 18), // the orc picks b and hits it for 8: Shock
            (8, 8),
            (20, 2),  // its second attack, at a: a miss
            (20, 20), // a hits the orc for 8: Shock, and the fight is over
            (8, 8),
            // The orc's Stamina 0 runs out at once; in the next round a's first Medicine check,
            // 19 + 2, beats 20.
            (20, 19),
            (10, 2),
        ])
        .picks([(2, 1)]);
    let (ending, _, carried) = play(&s, &party, &mut dice);
    assert_eq!(ending, Ending::Win(0));
    assert_eq!(carried[1].condition, Condition::Stable);
    assert!(!carried[1].up() && !carried[1].dead());
    assert_eq!(carried[0].condition, Condition::Up);
}

/// The fight of [`fight`] with `a` able to act and to stabilise (one Medicine die), the orc
/// with no armor to spare: a hit for 8 and one more kill it.
fn fight_text_with_medic() -> String {
    r#"
[run]
max_rounds = 10
[[combatant]]
name = "a"
side = "party"
actions = 2
dodge_policy = "never"
medicine = { bonus_dice = 1 }
durability = 10
health = 10
vigor = 10
stamina = 10
[[combatant]]
name = "b"
side = "party"
actions = 1
dodge_policy = "never"
durability = 2
health = 2
vigor = 10
stamina = 10
[[combatant]]
name = "orc"
side = "orcs"
actions = 2
dodge_policy = "never"
durability = 4
health = 4
vigor = 10
stamina = 0
"#
    .to_string()
}
