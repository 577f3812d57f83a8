//! A fight begun from the party's fresh states gives the fresh fight's numbers bit for bit (the
//! shipped ogre fight, as written and under the readings that change who may be attacked or
//! saved); a member carried in not up sits the fight out: it never acts, nobody attacks it,
//! not even with `attack_downed`, and it leaves as it came.

use super::super::{Member, State};
use super::{conflict, fight_of};
use crate::combat::day::Carry;
use crate::combat::{self, Ending, Observer, Rounds, SideRounds};
use crate::systems::Scenario;
use crate::systems::unbound_legends::conflict::Conflict;
use crate::systems::unbound_legends::fight::{Action, Event};
use crate::testing::{Scripted, assert_round_trip, shipped};

#[test]
fn a_fight_from_fresh_states_is_the_fresh_fight() {
    let path = shipped("ogre_in_the_mill");
    let ogre = fight_of(Scenario::load(&path).unwrap());
    assert_round_trip(&ogre, 3, 20_000, 7);
    // The readings that change whom the foes attack and how the dying are saved.
    let text = std::fs::read_to_string(&path).unwrap();
    for more in [
        "[rules]\nattack_downed = true\nreroll_ap_each_round = true\n[aftermath]\nfoes = \"finish\"\n",
        "[aftermath]\nallies = \"stabilise\"\n",
        "[aftermath]\nallies = \"leave\"\nfoes = \"tend\"\n",
    ] {
        let s = Scenario::from_text("ogre.toml", &format!("{text}\n{more}")).unwrap();
        assert_round_trip(&fight_of(s), 3, 20_000, 11);
    }
}

/// Who acted at whom.
#[derive(Default)]
struct Actions(Vec<(usize, usize)>);

impl Observer<Conflict> for Actions {
    fn see(&mut self, event: Event<'_>) {
        if let Event::Action {
            who,
            action: Action::Attack(_) | Action::FirstAid(_),
            target,
        } = event
        {
            self.0.push((who, target));
        }
    }
}

/// Ada, and Bo and Cy who would act before her and be attacked with her.
const SITTING_OUT: &str = r#"
[rules]
attack_downed = true
[[combatant]]
name = "Ada"
side = "party"
ap = 5
vitality = 2
health = 3
passive_armor = 10
attacks = [{ damage = "1d4", type = "bludgeoning" }]
[[combatant]]
name = "Bo"
side = "party"
ap = 8
vitality = 2
health = 3
passive_armor = 10
first_aid = 5
short_rest = { vitality_dice = 2, die = "d6" }
attacks = [{ damage = "1d4", type = "bludgeoning" }]
[[combatant]]
name = "Cy"
side = "party"
ap = 8
vitality = 2
health = 3
passive_armor = 10
attacks = [{ damage = "1d4", type = "bludgeoning" }]
[[combatant]]
name = "Goblin"
side = "goblins"
kind = "monster"
ap = 5
vitality = 0
health = 4
passive_armor = 10
attacks = [{ damage = "1d4", type = "bludgeoning" }]
"#;

#[test]
fn a_member_carried_in_down_or_dead_sits_the_fight_out() {
    let c = conflict(SITTING_OUT);
    let ada = State {
        vitality: 1,
        ..c.fresh(0)
    };
    let bo = State {
        vitality: 1,
        health: 0,
        vitality_dice: 1,
        clock: Some(60),
        ..c.fresh(1)
    };
    let cy = State {
        vitality: 0,
        health: 0,
        dead: true,
        ..c.fresh(2)
    };
    assert!(ada.up() && !bo.up() && !bo.dead() && cy.dead());
    // Ada acts first in the tie with the goblin (a PC, L269); the goblin's only target is
    // Ada, so it picks nobody (a pick would fail the script).
    let mut dice = Scripted::new().in_order([
        (20, 15), // Ada hits: 15 against 10
        (4, 2),   // for 2: the goblin has 2 left
        (20, 12), // the goblin hits Ada
        (4, 3),   // for 3: Vitality 1 → 0, Health 3 → 1
        (20, 15), // round 2: Ada hits
        (4, 2),   // the goblin dies
    ]);
    let mut arena = c.arena();
    let mut sides = SideRounds::new(2);
    let mut seen = Actions::default();
    let up = c.begin_from(&mut dice, &mut arena, &[ada, bo, cy], &mut seen);
    assert_eq!(up, 0b1001);
    let played = combat::play_from(&c, up, &mut dice, &mut arena, &mut sides, &mut seen);
    dice.finish();
    assert_eq!(seen.0, [(0, 3), (3, 0), (0, 3)]);
    assert_eq!(played.ending, Ending::Win(0));
    assert_eq!((played.after.down, played.after.dead), (0b0010, 0b1100));
    assert_eq!(
        c.carry(&arena, played.fate(0), 0),
        State {
            vitality: 0,
            health: 1,
            ..ada
        }
    );
    assert_eq!(c.carry(&arena, played.fate(1), 1), bo);
    assert_eq!(c.carry(&arena, played.fate(2), 2), cy);
}

#[test]
fn the_winners_finish_a_member_who_sat_out() {
    // Ada alone up falls to the goblin, who finishes the fallen (`foes = "finish"`): Bo,
    // stable at 0 Health, sat out and dies with her; Cy was dead already.
    let c = conflict(&format!("{SITTING_OUT}\n[aftermath]\nfoes = \"finish\"\n"));
    let bo = State {
        health: 0,
        ..c.fresh(1)
    };
    let mut dice = Scripted::new().in_order([
        (20, 1),  // Ada misses
        (20, 20), // the goblin crits Ada
        (4, 4),   // for 4: Vitality 2 → 0, Health 3 → 1
        (20, 1),  // round 2: Ada misses
        (20, 12), // the goblin hits
        (4, 1),   // Ada is Disabled
    ]);
    let mut arena = c.arena();
    let mut sides = SideRounds::new(2);
    let cy = State {
        health: 0,
        dead: true,
        ..c.fresh(2)
    };
    let party = [c.fresh(0), bo, cy];
    let up = c.begin_from(&mut dice, &mut arena, &party, &mut combat::Unobserved);
    let played = combat::play_from(
        &c,
        up,
        &mut dice,
        &mut arena,
        &mut sides,
        &mut combat::Unobserved,
    );
    dice.finish();
    assert_eq!(played.ending, Ending::Win(1));
    assert_eq!(played.after.dead, 0b0111);
    assert!(c.carry(&arena, played.fate(0), 0).dead && c.carry(&arena, played.fate(1), 1).dead);
    assert_eq!(c.carry(&arena, played.fate(1), 1).vitality, bo.vitality);
    assert_eq!(c.carry(&arena, played.fate(2), 2), cy);
}
