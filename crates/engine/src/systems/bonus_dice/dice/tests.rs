//! Ladder clamps, burst tables against closed forms and enumeration, and sampled bursts.

use super::*;
use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;

#[test]
fn every_ladder_clamp() {
    use StepDie::*;
    let w = WoundedStep::InNet;
    assert_eq!(bonus_die(D10, 0, 0, false, w), D10);
    assert_eq!(bonus_die(D10, 0, 0, true, w), D8); // 002:53: d10 → d8
    assert_eq!(bonus_die(D10, 1, 0, false, w), D12);
    assert_eq!(bonus_die(D10, 2, 0, false, w), D20); // 002:2: d12 → d20
    assert_eq!(bonus_die(D10, 3, 0, false, w), D20); // clamped at d20
    assert_eq!(bonus_die(D10, 0, 3, false, w), D4);
    assert_eq!(bonus_die(D10, 0, 4, false, w), D4); // clamped at d4 (002:1)
    assert_eq!(bonus_die(D10, 2, 2, false, w), D10); // they cancel (002:2)
    assert_eq!(bonus_die(D4, 0, 0, true, w), D4);
    assert_eq!(bonus_die(D20, 20, 0, true, w), D20);
    // One clamp: +3 and Wounded is +2 in the net; after the clamp it is d20 then d12.
    assert_eq!(bonus_die(D12, 3, 0, true, w), D20);
    assert_eq!(bonus_die(D12, 3, 0, true, WoundedStep::AfterClamp), D12);
    // Down past d4, then Wounded: the net clamps at d4 either way.
    assert_eq!(bonus_die(D6, 0, 5, true, WoundedStep::AfterClamp), D4);
    assert_eq!(bonus_die(D6, 2, 0, true, WoundedStep::AfterClamp), D8);
    assert_eq!(bonus_die(D6, 2, 0, true, w), D8);
}

fn close(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol
}

#[test]
fn bursting_tables_match_closed_forms() {
    for die in StepDie::CHAIN {
        let s = f64::from(die.sides());
        let b = BonusDice::new(1, die, Burst::Recursive);
        let t = table_with_tail(64, 1e-15, |c| b.table(c));
        // The mean S(S+1)/(2(S−1)).
        assert!(close(
            t.partial_mean(),
            s * (s + 1.0) / (2.0 * (s - 1.0)),
            1e-9
        ));
        assert!(close(b.mean(), s * (s + 1.0) / (2.0 * (s - 1.0)), 1e-12));
        // S·n + r with probability S^−(n+1); multiples of S never show.
        assert!(close(t.prob(die.sides() as usize), 0.0, 0.0));
        assert!(close(t.prob(die.sides() as usize + 1), s.powi(-2), 1e-15));
        assert!(close(
            t.prob(2 * die.sides() as usize + 1),
            s.powi(-3),
            1e-15
        ));
        // P(X > S·n) = S^−n.
        assert!(close(t.above(die.sides() as i64), 1.0 / s, 1e-14));
        assert!(close(t.above(2 * die.sides() as i64), 1.0 / (s * s), 1e-14));
    }
}

/// Every outcome of `count` dice with one burst or none, by enumeration.
fn enumerate(count: u32, s: u32, burst: Burst) -> Vec<f64> {
    let one: Vec<(usize, f64)> = match burst {
        Burst::None => (1..=s).map(|v| (v as usize, 1.0 / f64::from(s))).collect(),
        _ => {
            let mut o: Vec<(usize, f64)> =
                (1..s).map(|v| (v as usize, 1.0 / f64::from(s))).collect();
            for r in 1..=s {
                o.push(((s + r) as usize, 1.0 / f64::from(s * s)));
            }
            o
        }
    };
    let mut dist = vec![(0usize, 1.0)];
    for _ in 0..count {
        let mut next = Vec::new();
        for &(a, p) in &dist {
            for &(b, q) in &one {
                next.push((a + b, p * q));
            }
        }
        dist = next;
    }
    let mut probs = vec![0.0; 2 * s as usize * count as usize + 1];
    for (v, p) in dist {
        probs[v] += p;
    }
    probs
}

#[test]
fn once_and_none_match_enumeration() {
    for burst in [Burst::Once, Burst::None] {
        for (count, die) in [(1, StepDie::D4), (2, StepDie::D6), (3, StepDie::D4)] {
            let b = BonusDice::new(count, die, burst);
            let want = enumerate(count, die.sides(), burst);
            let t = b.table(want.len() - 1);
            for (v, &p) in want.iter().enumerate() {
                assert!(close(t.prob(v), p, 1e-15), "{burst:?} {count}{die} at {v}");
            }
            assert!(t.tail() < 1e-14);
            assert!(close(t.partial_mean(), b.mean(), 1e-12));
            let mean: f64 = want.iter().enumerate().map(|(v, p)| v as f64 * p).sum();
            assert!(close(mean, b.mean(), 1e-12));
        }
    }
}

#[test]
fn sampled_bursts_follow_the_table_uncapped() {
    // d4s burst a quarter of the time: chains of 20 and more happen, and are kept.
    let b = BonusDice::new(3, StepDie::D4, Burst::Recursive);
    let t = table_with_tail(64, 1e-15, |c| b.table(c));
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut dice = oddsmith_core::dice::FightDice::new(&mut rng);
    let n = 400_000u64;
    let mut counts = vec![0u64; 200];
    let mut bursts = 0u64;
    for _ in 0..n {
        let (v, burst) = b.roll(&mut dice);
        counts[(v as usize).min(199)] += 1;
        bursts += u64::from(burst);
    }
    for (v, &c) in counts.iter().enumerate().take(40) {
        let p = t.prob(v);
        let se = (p * (1.0 - p) / n as f64).sqrt().max(1e-9);
        assert!(
            (c as f64 / n as f64 - p).abs() <= 4.5 * se,
            "value {v}: {c} vs {p}"
        );
    }
    let p = b.p_any_burst();
    let se = (p * (1.0 - p) / n as f64).sqrt();
    assert!((bursts as f64 / n as f64 - p).abs() <= 4.5 * se);
}
