//! The chain's order, each kind of step, and clamping at both ends.

use super::*;

#[test]
fn steps_walk_the_chain() {
    assert_eq!(StepDie::D8.step_up(1), StepDie::D10);
    assert_eq!(StepDie::D4.step_up(2), StepDie::D8);
    assert_eq!(StepDie::D12.step_up(1), StepDie::D20);
    assert_eq!(StepDie::D10.step_down(1), StepDie::D8);
    assert_eq!(StepDie::D20.step_down(5), StepDie::D4);
    assert_eq!(StepDie::D6.step_up(0), StepDie::D6);
    for (i, d) in StepDie::CHAIN.into_iter().enumerate() {
        assert_eq!(d.index(), i);
        assert_eq!(StepDie::from_sides(d.sides()), Some(d));
        if i + 1 < StepDie::CHAIN.len() {
            assert_eq!(d.step_up(1), StepDie::CHAIN[i + 1]);
            assert_eq!(d.step_up(1).step_down(1), d);
            assert!(d < d.step_up(1));
        }
    }
    assert_eq!(StepDie::CHAIN.map(StepDie::sides), [4, 6, 8, 10, 12, 20]);
}

#[test]
fn steps_clamp_at_both_ends() {
    assert_eq!(StepDie::D20.step_up(3), StepDie::D20);
    assert_eq!(StepDie::D12.step_up(u32::MAX), StepDie::D20);
    assert_eq!(StepDie::D6.step_down(1), StepDie::D4);
    assert_eq!(StepDie::D4.step_down(2), StepDie::D4);
    assert_eq!(StepDie::D8.step_down(u32::MAX), StepDie::D4);
    assert_eq!(StepDie::D10.step(-2), Stepped::Exact(StepDie::D6));
    assert_eq!(StepDie::D10.step(4), Stepped::Clamped(StepDie::D20));
    assert_eq!(StepDie::D6.step(i32::MIN), Stepped::Clamped(StepDie::D4));
    assert_eq!(StepDie::D6.step(i32::MAX).die(), StepDie::D20);
    assert!(StepDie::D4.step(-1).was_clamped());
    assert!(!StepDie::D4.step(5).was_clamped());
    assert_eq!(StepDie::D12.checked_step_up(1), Some(StepDie::D20));
    assert_eq!(StepDie::D12.checked_step_up(2), None);
    assert_eq!(StepDie::D6.checked_step_down(1), Some(StepDie::D4));
    assert_eq!(StepDie::D6.checked_step_down(2), None);
    assert_eq!(StepDie::D6.checked_step_down(u32::MAX), None);
}

#[test]
fn step_dice_are_plain_dice() {
    assert_eq!(StepDie::from_sides(7), None);
    assert_eq!(StepDie::D20.die(), Die::d(20));
    assert_eq!(StepDie::D20.die().max_face(), 20);
    assert_eq!(StepDie::D10.to_string(), "d10");
}
