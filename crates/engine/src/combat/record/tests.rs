//! The tests of `record` (the module above, `super`).

use super::*;

/// Per side of two: the round it stopped, its first down and its first death.
fn marks(stopped: [u32; 2], first_down: [u32; 2], first_death: [u32; 2]) -> SideRounds {
    SideRounds {
        stopped: stopped.to_vec(),
        first_down: first_down.to_vec(),
        first_death: first_death.to_vec(),
    }
}

fn played(ending: Ending, rounds: u32, end: Fates, after: Fates) -> Played {
    Played {
        ending,
        rounds,
        end,
        after,
        arrived_dead: 0,
    }
}

#[test]
fn every_standard_metric_follows_the_states() {
    let roster = Roster::new([("a", "party"), ("b", "party"), ("y", "yeti")]).unwrap();
    let mut layout = Layout::new();
    let rec = FightRecorder::declare(&mut layout, &roster, 5);
    let names: Vec<&str> = layout.counter_names().collect();
    let expected = [
        "win.party",
        "win.yeti",
        "draw",
        "stalemate",
        "any_death.party",
        "any_death.yeti",
        "all_down.party",
        "all_down.yeti",
        "all_dead.party",
        "all_dead.yeti",
        "pyrrhic.party",
        "pyrrhic.yeti",
        "death.a",
        "death.b",
        "death.y",
        "dying.a",
        "dying.b",
        "dying.y",
        "saved.a",
        "saved.b",
        "saved.y",
        "dead_in_fight.a",
        "dead_in_fight.b",
        "dead_in_fight.y",
        "fled.a",
        "fled.b",
        "fled.y",
        "down.a",
        "down.b",
        "down.y",
    ];
    assert_eq!(names, expected);
    let mut t = layout.tally();
    // The yeti wins: b is dead in the fight, a dying and dies after it: the party is all
    // down and all dead.
    let end = Fates {
        dead: 0b010,
        dying: 0b001,
        ..Fates::default()
    };
    rec.record(
        &mut t,
        &played(Ending::Win(1), 3, end, end.left_alone()),
        &marks([3, 6], [2, 7], [3, 7]),
        (9, 9),
    );
    // The party wins with a dying a who is saved; the yeti fled.
    let end = Fates {
        dying: 0b001,
        fled: 0b100,
        ..Fates::default()
    };
    let after = Fates {
        down: 0b001,
        fled: 0b100,
        ..Fates::default()
    };
    let rounds = marks([6, 2], [2, 2], [7, 7]);
    rec.record(
        &mut t,
        &played(Ending::Win(0), 2, end, after),
        &rounds,
        (3, 10),
    );
    // The party wins; b dies in the fight (a pyrrhic win), the yeti is down.
    let end = Fates {
        dead: 0b010,
        down: 0b100,
        ..Fates::default()
    };
    let rounds = marks([6, 4], [4, 7], [4, 7]);
    rec.record(
        &mut t,
        &played(Ending::Win(0), 4, end, end),
        &rounds,
        (1, 10),
    );
    let c = |name: &str| {
        let i = layout.counter_names().position(|n| n == name).unwrap();
        t.counters()[i]
    };
    let all = |prefix: &str| ["a", "b", "y"].map(|n| c(&format!("{prefix}.{n}")));
    assert_eq!((c("win.party"), c("win.yeti")), (2, 1));
    assert_eq!((c("any_death.party"), c("any_death.yeti")), (2, 0));
    assert_eq!((c("all_down.party"), c("all_down.yeti")), (1, 2));
    assert_eq!((c("all_dead.party"), c("all_dead.yeti")), (1, 0));
    assert_eq!((c("pyrrhic.party"), c("pyrrhic.yeti")), (1, 0));
    assert_eq!(all("death"), [1, 2, 0]);
    assert_eq!(all("dying"), [2, 0, 0]);
    assert_eq!(all("saved"), [1, 0, 0]);
    assert_eq!(all("dead_in_fight"), [0, 2, 0]);
    assert_eq!(all("fled"), [0, 0, 1]);
    // Down is not standing and still in the fight: y fled once and was down once.
    assert_eq!(all("down"), [2, 2, 1]);
    // Two wins of the party with one of it not standing each; the yeti's win counts
    // nothing for the party.
    let won = t.ratios()[0];
    assert_eq!((won.x, won.y), (2, 2));
    // The party's toughness left over its wins: 4 of 20; the yeti's win counts for it.
    let left = t.ratios()[2];
    assert_eq!((left.x, left.y, left.xy), (4, 20, 3 * 10 + 10));
    assert_eq!((t.ratios()[3].x, t.ratios()[3].y), (9, 9));
    // The party's first deaths: round 3, never, round 4 (buckets 1–5, after 6, never 7).
    let first_death = &t.histograms_slice()[6];
    assert_eq!(first_death.counts()[3..8], [1, 1, 0, 0, 1]);
}

/// Counting a batch and adding it once gives the tally that recording each fight gives.
#[test]
fn counting_a_batch_adds_what_recording_each_fight_adds() {
    use rand::SeedableRng;
    let roster = Roster::new([("a", "x"), ("b", "y"), ("c", "x"), ("d", "z"), ("e", "y")]).unwrap();
    let mut layout = Layout::new();
    let rec = FightRecorder::declare(&mut layout, &roster, 7);
    let (mut one, mut batch) = (layout.tally(), layout.tally());
    let mut counts = rec.counts();
    let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
    let mut draw = |n: u32| oddsmith_core::dice::uniform_below(&mut rng, n);
    for fight in 0..4000 {
        let ending = match draw(5) {
            s @ 0..3 => Ending::Win(s as usize),
            3 => Ending::Draw,
            _ => Ending::Stalemate,
        };
        let rounds = 1 + draw(7);
        let mut mark = || (0..3).map(|_| 1 + draw(8)).collect::<Vec<u32>>();
        let side_rounds = SideRounds {
            stopped: mark(),
            first_down: mark(),
            first_death: mark(),
        };
        // Each combatant's state at the end, and whether the dying die after it.
        let mut end = Fates::default();
        let mut saved = 0;
        for i in 0..5 {
            let bit = 1u64 << i;
            match draw(6) {
                0 => end.dead |= bit,
                1 => end.dying |= bit,
                2 => end.fled |= bit,
                3 => end.down |= bit,
                4 if draw(2) == 0 => {
                    end.dying |= bit;
                    saved |= bit;
                }
                _ => {}
            }
        }
        let after = Fates {
            dead: end.dead | (end.dying & !saved),
            dying: 0,
            down: end.down | saved,
            ..end
        };
        let p = played(ending, rounds, end, after);
        let left = (u64::from(draw(10)), 10);
        rec.record(&mut one, &p, &side_rounds, left);
        rec.count(&mut counts, &p, &side_rounds, left);
        if fight % 300 == 0 {
            rec.flush(&mut counts, &mut batch);
        }
    }
    rec.flush(&mut counts, &mut batch);
    assert_eq!(one, batch);
    assert!(
        one.counters().iter().all(|&n| n > 0),
        "every counter was exercised"
    );
}
