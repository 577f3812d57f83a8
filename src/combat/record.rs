//! The fight outcome recorder: declares the standard fight metrics in a [`Layout`] and adds
//! one fight's outcome to a [`Tally`], from masks and per-side round numbers only.

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
}
