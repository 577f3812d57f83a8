//! Every way a roll, a hazard or a short fight can go, for tests: dice ([`Dice`]) that walk
//! the tree of their draws depth first (each face of each die, each pick, each total a dice
//! expression can roll), so the rules' own code, run once per path, gives exact
//! probabilities to check analytic ones against.

use crate::dice::packed::PackedDice;
use crate::dice::{Dice, DiceExpr};
use std::collections::HashMap;

/// Dice that follow the current path and open new branches at their first choice.
#[derive(Default)]
pub struct Paths {
    /// (choice taken, choices there) at each random draw of the path.
    choices: Vec<(usize, usize)>,
    at: usize,
    p: f64,
    pmfs: HashMap<String, Vec<(i64, f64)>>,
}

impl Paths {
    fn next(&mut self, n: usize) -> usize {
        if self.at == self.choices.len() {
            self.choices.push((0, n));
        }
        let (c, m) = self.choices[self.at];
        assert_eq!(
            m, n,
            "a path must draw the same dice each time it is followed"
        );
        self.at += 1;
        c
    }

    /// Moves on to the next path; false when every path has been followed.
    fn advance(&mut self) -> bool {
        self.choices.truncate(self.at);
        while let Some((c, m)) = self.choices.pop() {
            if c + 1 < m {
                self.choices.push((c + 1, m));
                return true;
            }
        }
        false
    }
}

impl Dice for Paths {
    fn d(&mut self, sides: u32) -> i64 {
        self.p /= f64::from(sides);
        self.next(sides as usize) as i64 + 1
    }

    fn roll(&mut self, dice: &DiceExpr) -> i64 {
        let key = dice.as_str();
        if !self.pmfs.contains_key(key) {
            let pmf = dice.pmf().iter().filter(|(_, p)| *p > 0.0).collect();
            self.pmfs.insert(key.to_string(), pmf);
        }
        let n = self.pmfs[key].len();
        let c = self.next(n);
        let (value, p) = self.pmfs[key][c];
        self.p *= p;
        value
    }

    fn pick(&mut self, n: usize) -> usize {
        self.p /= n as f64;
        self.next(n)
    }

    fn packed(&mut self, dice: &PackedDice) -> u64 {
        let mut value = 0u64;
        let mut weight = 1u64;
        for _ in 0..dice.count() {
            value += self.pick(dice.sides() as usize) as u64 * weight;
            weight = weight.wrapping_mul(dice.sides());
        }
        value
    }
}

/// Runs `trial` once along every path of its dice and hands each result to `visit` with the
/// path's probability.
pub fn every_path<T>(mut trial: impl FnMut(&mut Paths) -> T, mut visit: impl FnMut(T, f64)) {
    let mut paths = Paths::default();
    loop {
        paths.at = 0;
        paths.p = 1.0;
        let out = trial(&mut paths);
        visit(out, paths.p);
        if !paths.advance() {
            return;
        }
    }
}

#[test]
fn two_d20s_make_400_paths_that_sum_to_one() {
    let (mut n, mut total, mut both_low) = (0, 0.0, 0.0);
    every_path(
        |r| (r.d20(), r.d20()),
        |(a, b), p| {
            n += 1;
            total += p;
            if a <= 5 && b <= 5 {
                both_low += p;
            }
        },
    );
    assert_eq!(n, 400);
    assert!((total - 1.0).abs() < 1e-12);
    assert!((both_low - 0.0625).abs() < 1e-12);
}
