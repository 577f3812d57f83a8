//! A toy duel: each round both fighters attack at once, hitting on d20 ≤ `hit` for one die
//! of damage; down at 0 hit points. Its exact walk must equal a dynamic programme over the
//! hit points written here, to 1e-12, in every standard rate, the rounds' mean and a sum the
//! rules only add to (hits landed).

use super::super::*;
use crate::combat::{Bout, Fates, Observer, Roster};
use crate::combat::{Dying, Record, Remarks, Rounds, Walk};
use oddsmith_core::dice::Dice;
use oddsmith_core::stats::{Meta, RatioId, Role, Tally};
use std::collections::HashMap;

struct Toy {
    bout: Bout,
    hp: [i64; 2],
    hit: [i64; 2],
    die: u32,
    hits: [RatioId; 2],
}

#[derive(Debug, Clone, Default)]
struct Arena {
    hp: [i64; 2],
    /// Hits landed: only added to.
    hits: [u64; 2],
}

impl Toy {
    fn new(hp: [i64; 2], hit: [i64; 2], die: u32, rounds: u32) -> Self {
        let roster = Roster::new([("a", "a"), ("b", "b")]).unwrap();
        let mut bout = Bout::new(roster, rounds);
        let hits = ["a", "b"].map(|n| {
            bout.layout.ratio(
                format!("hits.{n}"),
                Meta::combatant(Role::Other, "hits", n, n),
            )
        });
        Self {
            bout,
            hp,
            hit,
            die,
            hits,
        }
    }
}

impl Rounds for Toy {
    type Arena = Arena;

    type Event<'a> = ();

    fn bout(&self) -> &Bout {
        &self.bout
    }

    fn begin<D: Dice, O: Observer<Self>>(&self, _: &mut D, arena: &mut Arena, _: &mut O) -> u64 {
        *arena = Arena {
            hp: self.hp,
            hits: [0; 2],
        };
        0b11
    }

    fn round<D: Dice, O: Observer<Self>>(
        &self,
        _: u32,
        _: u64,
        dice: &mut D,
        arena: &mut Arena,
        _: &mut O,
    ) -> Option<u64> {
        let mut damage = [0; 2];
        for i in 0..2 {
            let needed = self.hit[i];
            if dice.merged(|d| d.d20() <= needed) {
                damage[1 - i] = dice.d(self.die);
                arena.hits[i] += 1;
            }
        }
        for (hp, d) in arena.hp.iter_mut().zip(damage) {
            *hp -= d;
        }
        (damage != [0, 0]).then(|| u64::from(arena.hp[0] > 0) | u64::from(arena.hp[1] > 0) << 1)
    }

    fn fates(&self, arena: &Arena) -> Fates {
        Fates {
            dead: u64::from(arena.hp[0] <= 0) | u64::from(arena.hp[1] <= 0) << 1,
            ..Fates::default()
        }
    }
}

impl Record for Toy {
    fn outcome(&self, arena: &mut Arena, tally: &mut Tally) {
        for i in 0..2 {
            tally.ratio(self.hits[i], arena.hits[i], 1);
        }
    }

    fn toughness(&self, _: &Self::Arena, _: usize) -> (u64, u64) {
        (0, 0)
    }
}

impl Dying for Toy {}

impl Walk for Toy {
    fn exact_state<C: StateCodec>(&self, arena: &mut Arena, _: u32, state: &mut C) -> bool {
        state.fields(&mut arena.hp);
        true
    }

    fn exact_sums(&self, arena: &mut Arena, each: &mut dyn FnMut(&mut u64)) {
        arena.hits.iter_mut().for_each(each);
    }

    fn exact_alike(&self) -> u32 {
        1
    }
}

impl Remarks for Toy {
    fn notes(&self) -> Vec<oddsmith_core::stats::Note> {
        Vec::new()
    }
}

/// (win a, win b, draw, stalemate, mean rounds, mean hits of a, of b) by dynamic programming.
fn dp(t: &Toy) -> [f64; 7] {
    let p = t.hit.map(|h| h.clamp(0, 20) as f64 / 20.0);
    let die = i64::from(t.die);
    let mut mass: HashMap<[i64; 2], f64> = HashMap::from([(t.hp, 1.0)]);
    let mut out = [0.0; 7];
    // The expected hits landed (a probability-weighted sum over the fights still going).
    let mut hits = [0.0; 2];
    for round in 1..=t.bout.max_rounds {
        let mut next: HashMap<[i64; 2], f64> = HashMap::new();
        for (&hp, &m) in &mass {
            // Each fighter: a miss, or a hit of each face.
            let swings = |i: usize| {
                let mut v = vec![(0, 1.0 - p[i])];
                v.extend((1..=die).map(|d| (d, p[i] / die as f64)));
                v
            };
            for &(da, pa) in &swings(0) {
                for &(db, pb) in &swings(1) {
                    let q = m * pa * pb;
                    hits[0] += q * f64::from(u8::from(da > 0));
                    hits[1] += q * f64::from(u8::from(db > 0));
                    let now = [hp[0] - db, hp[1] - da];
                    let slot = match (now[0] > 0, now[1] > 0) {
                        (true, false) => 0,
                        (false, true) => 1,
                        (false, false) => 2,
                        (true, true) => {
                            *next.entry(now).or_default() += q;
                            continue;
                        }
                    };
                    out[slot] += q;
                    out[4] += q * f64::from(round);
                }
            }
        }
        mass = next;
    }
    let left: f64 = mass.values().sum();
    out[3] = left;
    out[4] += left * f64::from(t.bout.max_rounds);
    out[5] = hits[0];
    out[6] = hits[1];
    out
}

#[test]
fn a_toy_duel_walks_to_its_dynamic_programme() {
    for (hp, hit, die, rounds) in [
        ([6, 8], [11, 9], 6, 12),
        ([3, 3], [20, 20], 4, 5),
        ([10, 7], [8, 13], 8, 3),
    ] {
        let toy = Toy::new(hp, hit, die, rounds);
        let walked = walk(&toy, &Limits::DEFAULT).expect("a small walk");
        let e = &walked.values;
        let want = dp(&toy);
        for (name, v) in [
            "win.a",
            "win.b",
            "draw",
            "stalemate",
            "rounds.mean",
            "hits.a.mean",
            "hits.b.mean",
        ]
        .iter()
        .zip(want)
        {
            let got = e[*name];
            assert!(
                (got - v).abs() < 1e-12,
                "{hp:?} {hit:?}: {name} walked {got}, DP {v}"
            );
        }
        assert!(walked.lost < 1e-12, "{}", walked.lost);
        // Everyone dead is the win's other side: b's death is a's win or a draw.
        assert!((e["death.b"] - want[0] - want[2]).abs() < 1e-12);
    }
}

#[test]
fn a_fight_too_large_stops_with_the_reason() {
    let toy = Toy::new([60, 60], [10, 10], 6, 100);
    let stop = walk(&toy, &Limits::of(50)).unwrap_err();
    assert!(matches!(stop, Stop::States { limit: 50, .. }), "{stop:?}");
    let line = stop.to_string();
    assert!(line.starts_with("too large for exact values: "), "{line}");
    assert!(line.contains("states by round"), "{line}");
}

#[test]
fn each_limit_stops_the_walk_with_its_own_reason() {
    let toy = Toy::new([60, 60], [10, 10], 6, 100);
    // Paths: a round of two attacks has more than one path of dice.
    let paths = Limits {
        paths: 1,
        ..Limits::DEFAULT
    };
    let stop = walk(&toy, &paths).unwrap_err();
    assert!(matches!(stop, Stop::Paths { limit: 1, .. }), "{stop:?}");
    assert!(stop.to_string().contains("paths of dice"), "{stop}");
    // Memory: a few kilobytes hold no more than a round or two.
    let bytes = Limits {
        bytes: 4 << 10,
        ..Limits::DEFAULT
    };
    let stop = walk(&toy, &bytes).unwrap_err();
    assert!(matches!(stop, Stop::Memory { bytes: 4096, .. }), "{stop:?}");
    assert!(stop.to_string().contains("over 0 MiB"), "{stop}");
    // Work: no path at all.
    let work = Limits {
        work: 0,
        ..Limits::DEFAULT
    };
    let stop = walk(&toy, &work).unwrap_err();
    assert!(matches!(stop, Stop::Work { .. }), "{stop:?}");
    assert!(
        stop.to_string().contains("over 0 paths of dice in all"),
        "{stop}"
    );
    // Within the default limits the same fight walks.
    assert!(walk(&toy, &Limits::DEFAULT).is_ok());
}
