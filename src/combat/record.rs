//! The fight outcome recorder: declares the standard fight metrics in a [`Layout`] and adds
//! fights' outcomes to a [`Tally`], from masks and per-side round numbers only: one at a time
//! ([`FightRecorder::record`]), or counted by outcome over a batch in [`FightCounts`] and
//! added once at its end ([`FightRecorder::count`], [`FightRecorder::flush`]: what the fight
//! driver does), which costs a fight a few increments.

use super::roster::Roster;
use crate::stats::{CounterId, HistogramId, HistogramReport, Layout, Meta, Role, Tally};

/// How a fight ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Only this side still had someone standing.
    Win(usize),
    /// Every side went down in the same round.
    Draw,
    /// The round limit came with two or more sides still fighting.
    Stalemate,
}

/// The counters and histograms of the standard fight metrics, by side and combatant index.
#[derive(Debug, Clone)]
pub struct FightRecorder {
    win: Vec<CounterId>,
    draw: CounterId,
    stalemate: CounterId,
    any_death: Vec<CounterId>,
    all_down: Vec<CounterId>,
    death: Vec<CounterId>,
    down: Vec<CounterId>,
    rounds: HistogramId,
    fighting: Vec<HistogramId>,
    side_masks: Vec<u64>,
    /// Buckets of a side's `fighting` histogram: `max_rounds + 2`.
    row: usize,
}

impl FightRecorder {
    /// Declares the standard metrics of a fight of `roster` with a limit of `max_rounds`:
    /// `win.<side>`, `draw`, `stalemate`, `any_death.<side>`, `all_down.<side>`,
    /// `death.<name>`, `down.<name>` (rates), `rounds` (mean and quantiles, and its histogram)
    /// and `fighting.<side>` (survival curves). A system declares its own metrics after these.
    pub fn declare(layout: &mut Layout, roster: &Roster, max_rounds: u32) -> Self {
        let sides = roster.sides();
        let per_side = |layout: &mut Layout, prefix: &str, role: Role, label: &str| {
            sides
                .iter()
                .map(|s| layout.counter(format!("{prefix}.{s}"), Meta::side(role, label, s)))
                .collect::<Vec<_>>()
        };
        let win = per_side(layout, "win", Role::Win, "wins");
        let draw = layout.counter("draw", Meta::trial(Role::Draw, "draw"));
        let stalemate = layout.counter("stalemate", Meta::trial(Role::Stalemate, "stalemate"));
        let any_death = per_side(layout, "any_death", Role::AnyDeath, "someone dies");
        let all_down = per_side(layout, "all_down", Role::AllDown, "everyone down");
        let per_combatant = |layout: &mut Layout, prefix: &str, role: Role| {
            roster
                .names()
                .iter()
                .enumerate()
                .map(|(i, n)| {
                    let meta = Meta::combatant(role, prefix, n, roster.side_name(i));
                    layout.counter(format!("{prefix}.{n}"), meta)
                })
                .collect::<Vec<_>>()
        };
        let death = per_combatant(layout, "death", Role::Death);
        let down = per_combatant(layout, "down", Role::Down);
        // Sized for the longest fight, so no trial grows them.
        let rounds = layout.histogram(
            "rounds",
            max_rounds as usize + 1,
            HistogramReport::Quantiles,
            Meta::trial(Role::Rounds, "rounds"),
        );
        let fighting = sides
            .iter()
            .map(|s| {
                layout.histogram(
                    format!("fighting.{s}"),
                    max_rounds as usize + 2,
                    HistogramReport::Survival,
                    Meta::side(Role::StillFighting, "still fighting", s),
                )
            })
            .collect();
        Self {
            win,
            draw,
            stalemate,
            any_death,
            all_down,
            death,
            down,
            rounds,
            fighting,
            side_masks: roster.side_masks().to_vec(),
            row: max_rounds as usize + 2,
        }
    }

    /// Adds one fight: how it ended after `rounds` rounds, the round each side stopped
    /// fighting (`side_down[s]`, beyond the limit if it never did), who died (`dead`, a mask)
    /// and who was down at the end (`down`, a mask that includes the dead).
    #[inline]
    pub fn record(
        &self,
        tally: &mut Tally,
        ending: Ending,
        rounds: u32,
        side_down: &[u32],
        dead: u64,
        down: u64,
    ) {
        match ending {
            Ending::Win(side) => tally.count(self.win[side], true),
            Ending::Draw => tally.count(self.draw, true),
            Ending::Stalemate => tally.count(self.stalemate, true),
        }
        tally.record(self.rounds, rounds as usize);
        for (s, (&h, &mask)) in self.fighting.iter().zip(&self.side_masks).enumerate() {
            tally.record(h, side_down[s] as usize);
            tally.count(self.any_death[s], dead & mask != 0);
            tally.count(self.all_down[s], mask & !down == 0);
        }
        for (i, (&d, &o)) in self.death.iter().zip(&self.down).enumerate() {
            tally.count(d, dead >> i & 1 == 1);
            tally.count(o, down >> i & 1 == 1);
        }
    }
}

/// A batch's fights counted by outcome, for [`FightRecorder::flush`] to add to a tally.
#[derive(Debug, Clone, Default)]
pub struct FightCounts {
    /// Fights by ending: a side's win at its index, then draws, then stalemates.
    endings: Vec<u64>,
    /// Fights by rounds.
    rounds: Vec<u64>,
    /// Per side, a row of fights by the round it stopped fighting.
    fighting: Vec<u64>,
    /// Per side, fights by someone of it dying (bit 0) and all of it down (bit 1).
    sides: Vec<[u64; 4]>,
    /// Per combatant, fights by it dying (bit 0) and being down (bit 1).
    combatants: Vec<[u64; 4]>,
}

impl FightRecorder {
    /// Empty counts for a batch of this recorder's fights.
    pub fn counts(&self) -> FightCounts {
        let sides = self.side_masks.len();
        FightCounts {
            endings: vec![0; sides + 2],
            rounds: vec![0; self.row - 1],
            fighting: vec![0; sides * self.row],
            sides: vec![[0; 4]; sides],
            combatants: vec![[0; 4]; self.death.len()],
        }
    }

    /// Counts one fight in `counts`, as [`FightRecorder::record`] adds it to a tally.
    #[inline]
    pub fn count(
        &self,
        counts: &mut FightCounts,
        ending: Ending,
        rounds: u32,
        side_down: &[u32],
        dead: u64,
        down: u64,
    ) {
        let sides = self.side_masks.len();
        let ending = match ending {
            Ending::Win(side) => side,
            Ending::Draw => sides,
            Ending::Stalemate => sides + 1,
        };
        counts.endings[ending] += 1;
        counts.rounds[rounds as usize] += 1;
        for (s, ((&mask, &round), codes)) in (self.side_masks.iter().zip(side_down))
            .zip(&mut counts.sides)
            .enumerate()
        {
            counts.fighting[s * self.row + round as usize] += 1;
            let code = usize::from(dead & mask != 0) | usize::from(mask & !down == 0) << 1;
            codes[code] += 1;
        }
        for (i, codes) in counts.combatants.iter_mut().enumerate() {
            codes[(dead >> i & 1 | (down >> i & 1) << 1) as usize] += 1;
        }
    }

    /// Adds the fights in `counts` to `tally` and clears them.
    pub fn flush(&self, counts: &mut FightCounts, tally: &mut Tally) {
        let sides = self.side_masks.len();
        for (e, n) in counts.endings.iter_mut().enumerate() {
            let n = std::mem::take(n);
            match e {
                _ if e < sides => tally.add(self.win[e], n),
                _ if e == sides => tally.add(self.draw, n),
                _ => tally.add(self.stalemate, n),
            }
        }
        let histogram = |tally: &mut Tally, id: HistogramId, row: &mut [u64]| {
            for (value, n) in row.iter_mut().enumerate() {
                if *n > 0 {
                    tally.record_n(id, value, std::mem::take(n));
                }
            }
        };
        histogram(tally, self.rounds, &mut counts.rounds);
        for (s, row) in counts.fighting.chunks_exact_mut(self.row).enumerate() {
            histogram(tally, self.fighting[s], row);
        }
        let flags = |codes: &mut [u64; 4]| {
            let c = std::mem::take(codes);
            (c[1] + c[3], c[2] + c[3])
        };
        for (s, codes) in counts.sides.iter_mut().enumerate() {
            let (any_death, all_down) = flags(codes);
            tally.add(self.any_death[s], any_death);
            tally.add(self.all_down[s], all_down);
        }
        for (i, codes) in counts.combatants.iter_mut().enumerate() {
            let (death, down) = flags(codes);
            tally.add(self.death[i], death);
            tally.add(self.down[i], down);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn any_death_and_all_down_follow_the_masks() {
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
            "death.a",
            "death.b",
            "death.y",
            "down.a",
            "down.b",
            "down.y",
        ];
        assert_eq!(names, expected);
        let mut t = layout.tally();
        // b dies, a is down: the party is wiped out and someone in it died.
        rec.record(&mut t, Ending::Win(1), 3, &[3, 6], 0b010, 0b011);
        // Nobody dies; the yeti is down.
        rec.record(&mut t, Ending::Win(0), 2, &[7, 2], 0, 0b100);
        let c = |name: &str| {
            let i = layout.counter_names().position(|n| n == name).unwrap();
            t.counters()[i]
        };
        assert_eq!((c("win.party"), c("win.yeti")), (1, 1));
        assert_eq!((c("any_death.party"), c("any_death.yeti")), (1, 0));
        assert_eq!((c("all_down.party"), c("all_down.yeti")), (1, 1));
        assert_eq!((c("death.b"), c("down.a"), c("down.y")), (1, 1, 1));
    }

    /// Counting a batch and adding it once gives the tally that recording each fight gives.
    #[test]
    fn counting_a_batch_adds_what_recording_each_fight_adds() {
        use rand::SeedableRng;
        let roster =
            Roster::new([("a", "x"), ("b", "y"), ("c", "x"), ("d", "z"), ("e", "y")]).unwrap();
        let mut layout = Layout::new();
        let rec = FightRecorder::declare(&mut layout, &roster, 7);
        let (mut one, mut batch) = (layout.tally(), layout.tally());
        let mut counts = rec.counts();
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(5);
        let mut draw = |n: u32| crate::dice::uniform_below(&mut rng, n);
        for fight in 0..2000 {
            let ending = match draw(5) {
                s @ 0..3 => Ending::Win(s as usize),
                3 => Ending::Draw,
                _ => Ending::Stalemate,
            };
            let rounds = 1 + draw(7);
            let side_down: Vec<u32> = (0..3).map(|_| 1 + draw(8)).collect();
            let (dead, down) = (u64::from(draw(32)), u64::from(draw(32)));
            let down = down | dead;
            rec.record(&mut one, ending, rounds, &side_down, dead, down);
            rec.count(&mut counts, ending, rounds, &side_down, dead, down);
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
}
