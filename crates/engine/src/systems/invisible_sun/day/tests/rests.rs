//! Each rule between encounters, with scripted dice (none is rolled): the day's two rests and
//! a third that only passes time, what a rest heals, the night, a PC out from Anguish
//! rejoining, aid, and the aftermath's verdict carried on.

use super::super::{Aid, Clock, Refresh, RestUse, Rests, State};
use super::{conflict, counter};
use crate::combat::day::{FightStage, Member, Recovery, Rest, Stage};
use crate::systems::invisible_sun::conflict::fighter::Track;
use crate::testing::{Scripted, shipped};

/// The rules for PCs whose pools start at `maxima`, over a day of three short rests and a
/// night.
fn rests(maxima: &[[i64; 4]], rest_use: RestUse, refresh: Refresh, aid: Aid) -> Rests {
    let encounters: Vec<(String, Rest)> = [Rest::None, Rest::Short, Rest::Short, Rest::Short]
        .iter()
        .enumerate()
        .map(|(n, r)| (format!("E{}", n + 1), *r))
        .collect();
    Rests::new(maxima.to_vec(), rest_use, refresh, aid, &encounters)
}

/// A PC with `wounds`, `anguish`, `injuries` and `pools`.
fn pc(wounds: i64, anguish: i64, injuries: i64, pools: [i64; 4]) -> State {
    State {
        body: Track {
            marks: wounds,
            injuries,
        },
        mind: Track {
            marks: anguish,
            injuries: 0,
        },
        pools,
        dead: wounds >= 3,
        out: anguish >= 3 && wounds < 3,
    }
}

/// One gap with dice that have no face: the rules between encounters roll nothing.
fn gap(r: &Rests, rest: Rest, party: &mut [State], clock: &mut Clock) {
    let mut dice = Scripted::new();
    r.gap(rest, 10, party, clock, &mut dice);
    dice.finish();
}

/// 000:184's Schaelee left with a Wound by the thrall's maul (scripted), healed by the
/// day's ten-minute rest; the one-hour rest heals the next; a third short rest only passes
/// time; the notes say which rest each is.
#[test]
fn the_ten_minute_rest_heals_the_wound_the_maul_left() {
    let body = std::fs::read_to_string(shipped("vampire_and_thrall")).unwrap();
    let body = &body[body.find("[run]").unwrap()..];
    let body = body.replacen("order = \"pcs_first\"", "order = \"npcs_first\"", 1);
    let stage = FightStage::new(conflict(&body.replacen(
        "max_rounds = 20",
        "max_rounds = 1",
        1,
    )));
    let mut party = [State::fresh(&stage.fight.pcs[0])];
    let mut arena = stage.arena();
    let mut tally = stage.layout().tally();
    // As 000:184: the vampire's 5 (her Dodge fails: 2 and 1 against 3), a Wound negated and
    // an Injury; the maul's 6 (1 and 2 against 3), 2 Wounds, one negated; she misses (3).
    let mut dice = Scripted::new().faces(10, [2, 1, 1, 2, 3]);
    stage.play(&mut party, &mut dice, &mut arena, &mut tally);
    dice.finish();
    let hurt = pc(1, 0, 0, [1, 0, 0, 0]);
    assert_eq!(
        party[0], hurt,
        "1 Wound, no Injuries, no Physicality (000:184)"
    );
    let r = rests(
        &[stage.fight.pcs[0].pools],
        RestUse::WoundFirst,
        Refresh::Full,
        Aid::OneInjury,
    );
    let mut clock = Clock::default();
    gap(&r, Rest::Short, &mut party, &mut clock);
    assert_eq!(party[0], pc(0, 0, 0, [1, 0, 0, 0]), "the Wound healed");
    assert_eq!(clock.rests_used, 1);
    // The one-hour rest: no Wound nor Anguish, so the pools.
    gap(&r, Rest::Short, &mut party, &mut clock);
    assert_eq!(party[0], pc(0, 0, 0, [2, 1, 0, 2]), "the pools refilled");
    // A third: both rests are used.
    party[0] = hurt;
    gap(&r, Rest::Short, &mut party, &mut clock);
    assert_eq!((party[0], clock.rests_used), (hurt, 2), "only time passes");
    let notes: Vec<String> = r.notes().iter().map(ToString::to_string).collect();
    let notes = notes.join("\n");
    for said in [
        "encounter 2 (E2): before it, the day's ten-minute rest (000:199)",
        "encounter 3 (E3): before it, the day's one-hour rest",
        "encounter 4 (E4): before it, a short rest with both of the day's rests used",
        "it only passes time",
    ] {
        assert!(notes.contains(said), "{said}\n{notes}");
    }
}

#[test]
fn a_rest_heals_a_wound_else_an_anguish_else_the_pools() {
    let most = [[3, 2, 2, 3]];
    let r = rests(&most, RestUse::WoundFirst, Refresh::Full, Aid::None);
    let cases = [
        // A Wound first, Injuries and pools untouched; Anguish waits.
        (pc(2, 1, 2, [0, 0, 1, 0]), pc(1, 1, 2, [0, 0, 1, 0])),
        // No Wound: an Anguish.
        (pc(0, 2, 1, [0, 0, 1, 0]), pc(0, 1, 1, [0, 0, 1, 0])),
        // Neither: the pools, full.
        (pc(0, 0, 2, [0, 1, 2, 0]), pc(0, 0, 2, [3, 2, 2, 3])),
    ];
    for (before, after) in cases {
        let mut party = [before];
        gap(&r, Rest::Short, &mut party, &mut Clock::default());
        assert_eq!(party[0], after, "{before:?}");
    }
    // `pool_refresh = 2`: two bene back to each pool, never above its maximum.
    let r = rests(&most, RestUse::WoundFirst, Refresh::By(2), Aid::None);
    let mut party = [pc(0, 0, 0, [0, 1, 2, 0])];
    gap(&r, Rest::Short, &mut party, &mut Clock::default());
    assert_eq!(party[0], pc(0, 0, 0, [2, 2, 2, 2]));
    // `rest_use = "pools"`: the pools whatever the harm.
    let r = rests(&most, RestUse::Pools, Refresh::Full, Aid::None);
    let mut party = [pc(2, 1, 0, [0, 0, 0, 0])];
    gap(&r, Rest::Short, &mut party, &mut Clock::default());
    assert_eq!(party[0], pc(2, 1, 0, [3, 2, 2, 3]));
    // The dead do not rest.
    let dead = pc(3, 0, 1, [0, 0, 0, 0]);
    let mut party = [dead];
    gap(&r, Rest::Long, &mut party, &mut Clock::default());
    assert_eq!(party[0], dead);
}

#[test]
fn a_night_heals_one_wound_refills_the_pools_and_gives_the_rests_back() {
    let r = rests(&[[1, 1, 1, 2]], RestUse::Pools, Refresh::By(1), Aid::None);
    let mut party = [pc(2, 1, 1, [0, 0, 0, 0])];
    let mut clock = Clock { rests_used: 2 };
    gap(&r, Rest::Long, &mut party, &mut clock);
    assert_eq!(party[0], pc(1, 1, 1, [1, 1, 1, 2]));
    assert_eq!(clock.rests_used, 0);
    // Then the ten-minute rest is there again.
    gap(&r, Rest::Short, &mut party, &mut clock);
    assert_eq!(clock.rests_used, 1);
    // No Wound: an Anguish.
    let mut party = [pc(0, 2, 0, [0, 0, 0, 0])];
    gap(&r, Rest::Long, &mut party, &mut Clock::default());
    assert_eq!(party[0], pc(0, 1, 0, [1, 1, 1, 2]));
}

/// Out at 3 Anguish, up again once a rest brings it to 2: at once without a Wound; with one,
/// the first rest heals the Wound (`wound_first`) and the second the Anguish.
#[test]
fn a_pc_out_from_anguish_rejoins_once_a_rest_brings_it_to_two() {
    let r = rests(
        &[[0, 0, 0, 0]],
        RestUse::WoundFirst,
        Refresh::Full,
        Aid::None,
    );
    let mut party = [pc(0, 3, 0, [0; 4])];
    assert!(!party[0].up());
    gap(&r, Rest::Short, &mut party, &mut Clock::default());
    assert!(party[0].up());
    assert_eq!(party[0].mind.marks, 2);
    let mut party = [pc(1, 3, 0, [0; 4])];
    let mut clock = Clock::default();
    gap(&r, Rest::Short, &mut party, &mut clock);
    assert_eq!((party[0].body.marks, party[0].up()), (0, false));
    gap(&r, Rest::Short, &mut party, &mut clock);
    assert!(party[0].up());
    // A night brings it back too; no rest (only time) does not.
    let mut party = [pc(0, 3, 0, [0; 4])];
    gap(&r, Rest::None, &mut party, &mut Clock::default());
    assert!(!party[0].up());
    gap(&r, Rest::Long, &mut party, &mut Clock::default());
    assert!(party[0].up());
}

/// 000:177: each other PC up heals 1 Injury of each living PC; a kit, all of them; never a
/// Wound; the dead and the out do not help, the dead are not helped.
#[test]
fn aid_heals_injuries_one_per_helper_or_all_with_a_kit() {
    let most = [[0; 4]; 4];
    let party = [
        pc(1, 0, 2, [0; 4]), // Ana: a Wound and 2 Injuries
        pc(0, 0, 2, [0; 4]), // Bo: 2 Injuries
        pc(0, 3, 2, [0; 4]), // Cy: out, 2 Injuries
        pc(3, 0, 2, [0; 4]), // Di: dead
    ];
    let healed = |aid, party: &[State]| {
        let r = rests(
            &most[..party.len()],
            RestUse::WoundFirst,
            Refresh::Full,
            aid,
        );
        let mut party = party.to_vec();
        gap(&r, Rest::None, &mut party, &mut Clock::default());
        party
            .iter()
            .map(|s| (s.body.marks, s.body.injuries))
            .collect::<Vec<_>>()
    };
    // Ana and Bo help each other (1 each); both help Cy (2); Di is dead.
    assert_eq!(
        healed(Aid::OneInjury, &party),
        [(1, 1), (0, 1), (0, 0), (3, 2)]
    );
    assert_eq!(healed(Aid::Kit, &party), [(1, 0), (0, 0), (0, 0), (3, 2)]);
    assert_eq!(healed(Aid::None, &party), [(1, 2), (0, 2), (0, 2), (3, 2)]);
    // Alone, or with only the out and the dead beside her, nobody helps Ana.
    assert_eq!(healed(Aid::Kit, &party[..1]), [(1, 2)]);
    let alone = [party[0], party[2], party[3]];
    assert_eq!(healed(Aid::Kit, &alone), [(1, 2), (0, 0), (3, 2)]);
}

/// 3 Anguish carried on as death with `anguish_out = "dead"` (000:190), and with
/// `[aftermath] foes = "finish"` once the NPC won, as the fight reports it.
#[test]
fn a_pc_out_is_carried_dead_where_the_aftermath_says_so() {
    let body = "[[pc]]\nname = \"Ana\"\nattack = { damage = 1 }\n\
        [[npc]]\nname = \"Wraith\"\nlevel = 3\ndamage = 9\nattack_defense = \"resist\"\n";
    for (aftermath, dead) in [
        ("", false),
        ("[aftermath]\nanguish_out = \"dead\"\n", true),
        ("[aftermath]\nfoes = \"finish\"\n", true),
    ] {
        let stage = FightStage::new(conflict(&format!("{body}{aftermath}")));
        let mut party = [State::fresh(&stage.fight.pcs[0])];
        let mut arena = stage.arena();
        let mut tally = stage.layout().tally();
        // She misses (a 0); her Resist fails (a 0): 9 mental Injuries, 3 Anguish, out.
        let mut dice = Scripted::new().faces(10, [0, 0]);
        let won = stage.play(&mut party, &mut dice, &mut arena, &mut tally);
        dice.finish();
        stage.flush(&mut arena, &mut tally);
        assert!(!won);
        assert_eq!((party[0].out, party[0].dead), (true, dead), "{aftermath}");
        let reported = counter(stage.layout(), &tally, "death.Ana");
        assert_eq!(reported, u64::from(dead), "{aftermath}");
    }
}
