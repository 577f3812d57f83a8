//! Contests (001_9a2522fe8d4a2682.txt L27–30): both sides roll their checks and the higher
//! total wins; outside combat a tie keeps the status quo (L30), so the side the status quo
//! favours wins ties — or nobody does ("if two characters tie … neither character grabs it").

use super::d20::D20_OUTCOMES;
use super::roll::Roller;
use crate::systems::Trial;
use oddsmith_core::stats::{CounterId, ExactValues, Layout, Meta, Note, Role, Tally};
use rand::Rng;

/// A contest between two named rollers.
#[derive(Debug, Clone)]
pub struct Contest {
    /// The two sides: name and roller.
    pub sides: [(String, Roller); 2],
    /// The side that wins ties (the status quo), if any.
    pub status_quo: Option<usize>,
    layout: Layout,
    win: [CounterId; 2],
    tie: CounterId,
}

impl Contest {
    /// A contest; `status_quo` is the index of the side winning ties.
    pub fn new(sides: [(String, Roller); 2], status_quo: Option<usize>) -> Self {
        let mut layout = Layout::new();
        let win = [0, 1].map(|i| {
            let name = &sides[i].0;
            layout.counter(format!("win.{name}"), Meta::side(Role::Win, "wins", name))
        });
        let tie = layout.counter("tie", Meta::trial(Role::Draw, "tie"));
        Self {
            sides,
            status_quo,
            layout,
            win,
            tie,
        }
    }

    /// The winner of totals `a` and `b`, and whether they tied.
    fn winner(&self, a: i64, b: i64) -> (Option<usize>, bool) {
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => (Some(0), false),
            std::cmp::Ordering::Less => (Some(1), false),
            std::cmp::Ordering::Equal => (self.status_quo, true),
        }
    }
}

impl Trial for Contest {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    #[inline]
    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, tally: &mut Tally) {
        let (_, a) = self.sides[0].1.roll(rng);
        let (_, b) = self.sides[1].1.roll(rng);
        let (w, tie) = self.winner(a, b);
        tally.count(self.win[0], w == Some(0));
        tally.count(self.win[1], w == Some(1));
        tally.count(self.tie, tie);
    }

    fn exact(&self) -> Option<ExactValues> {
        let (mut wins, mut ties) = ([0u64; 2], 0u64);
        for (da, wa) in self.sides[0].1.faces() {
            for (db, wb) in self.sides[1].1.faces() {
                let (w, tie) = self.winner(da + self.sides[0].1.bonus, db + self.sides[1].1.bonus);
                if let Some(i) = w {
                    wins[i] += wa * wb;
                }
                ties += wa * wb * u64::from(tie);
            }
        }
        let total = (D20_OUTCOMES * D20_OUTCOMES) as f64;
        let mut exact = ExactValues::new();
        for (i, w) in wins.iter().enumerate() {
            exact.insert(format!("win.{}", self.sides[i].0), *w as f64 / total);
        }
        exact.insert("tie".into(), ties as f64 / total);
        Some(exact)
    }

    fn notes(&self) -> Vec<Note> {
        let tie = match self.status_quo {
            Some(i) => format!("ties go to {} (the status quo)", self.sides[i].0),
            None => "a tie changes nothing and nobody wins".into(),
        };
        vec![Note::Remark(format!(
            "{} d20 + {} against {} d20 + {}; {tie}",
            self.sides[0].0, self.sides[0].1.bonus, self.sides[1].0, self.sides[1].1.bonus
        ))]
    }
}
