//! The tests of `day` (the module above, `super`).

use super::*;
use crate::testing::{rows, within};

/// A member with hit points; dead at 0.
#[derive(Debug, Clone, Copy)]
struct Hp(u8);

impl Member for Hp {
    fn up(&self) -> bool {
        self.0 > 0
    }
    fn dead(&self) -> bool {
        self.0 == 0
    }
}

/// A trap: each member who is up loses a hit point on a 1 on a d2; passed when someone
/// is still up.
struct Trap {
    layout: Layout,
    hurt: CounterId,
    hurts: HistogramId,
}

impl Trap {
    fn new() -> Self {
        let mut layout = Layout::new();
        let hurt = layout.counter("hurt", Meta::trial(Role::Other, "hurt"));
        let meta = Meta::trial(Role::Other, "members hurt");
        let hurts = layout.histogram("hurts", 2, HistogramReport::Buckets, meta);
        Self {
            layout,
            hurt,
            hurts,
        }
    }
}

impl Stage for Trap {
    type State = Hp;
    type Arena = ();
    fn layout(&self) -> &Layout {
        &self.layout
    }
    fn arena(&self) {}
    fn play<D: Dice>(&self, party: &mut [Hp], dice: &mut D, _: &mut (), t: &mut Tally) -> bool {
        let mut hurt = 0;
        for m in party.iter_mut().filter(|m| m.up()) {
            if dice.d(2) == 1 {
                m.0 -= 1;
                hurt += 1;
            }
        }
        t.count(self.hurt, hurt > 0);
        t.record(self.hurts, hurt);
        party.iter().any(Member::up)
    }
    fn flush(&self, _: &mut (), _: &mut Tally) {}
}

/// Starts at `start`; a short rest gives one back to the living, up to `start`.
struct Rests {
    start: u8,
    left: Vec<oddsmith_core::stats::RatioId>,
}

impl Recovery for Rests {
    type State = Hp;
    type Clock = ();
    fn fresh(&self, _: usize) -> Hp {
        Hp(self.start)
    }
    fn gap<D: Dice>(&self, rest: Rest, _: u32, party: &mut [Hp], _: &mut (), _: &mut D) {
        for m in party.iter_mut().filter(|m| m.up() && rest == Rest::Short) {
            m.0 = (m.0 + 1).min(self.start);
        }
    }
    fn declare(&mut self, layout: &mut Layout, names: &[String], side: &str) {
        self.left = names
            .iter()
            .map(|n| {
                let meta = Meta::combatant(Role::Other, "hp left", n, side);
                layout.ratio(format!("hp_left.{n}"), meta)
            })
            .collect();
    }
    fn record(&self, party: &[Hp], tally: &mut Tally) {
        for (m, &id) in party.iter().zip(&self.left) {
            tally.ratio(id, u64::from(m.0), 1);
        }
    }
}

fn day(start: u8, rest: Rest) -> Day<Trap, Rests> {
    let encounter = |name: &str| Encounter {
        name: name.into(),
        rest,
        gap_minutes: 10,
        stage: Trap::new(),
    };
    Day::new(
        vec!["Ada".into()],
        "party".into(),
        vec![encounter("Pit"), encounter("Darts"), encounter("Blades")],
        Rests {
            start,
            left: Vec::new(),
        },
    )
}

#[test]
fn a_day_stops_where_the_party_falls_and_counts_each_encounter_over_all_days() {
    // One hit point: each trap kills with 1/2, and the day stops there.
    let r = rows(&day(1, Rest::None), 200_000, 3);
    within(&r["day.survived"], 0.125);
    within(&r["day.cleared"], 0.125);
    within(&r["death.Ada"], 0.875);
    within(&r["down.Ada"], 0.875);
    within(&r["any_death.party"], 0.875);
    within(&r["all_down.party"], 0.875);
    within(&r["fell_at.1"], 0.5);
    within(&r["fell_at.2"], 0.25);
    within(&r["fell_at.3"], 0.125);
    within(&r["fell_at.none"], 0.125);
    within(&r["encounter.1.reached"], 1.0);
    within(&r["encounter.2.reached"], 0.5);
    within(&r["encounter.3.reached"], 0.25);
    within(&r["encounter.3.hurt"], 0.125);
    within(&r["encounter.3.hurts.mean"], 0.125);
    within(&r["encounter.3.hurts.0"], 0.875);
    within(&r["encounters_won.0"], 0.5);
    within(&r["encounters_won.3"], 0.125);
    within(&r["hp_left.Ada.mean"], 0.125);
    assert_eq!(r["encounter.2.hurt"].meta.role, Role::Other);
    let inner = r["encounter.2.hurt"].meta.encounter.as_deref().unwrap();
    assert_eq!(inner.0, 2);
    // Every histogram holds a value per day, reached or not.
    let tally = crate::sim::run(&day(1, Rest::None), 1000, 3, &crate::sim::NoProgress);
    assert!(tally.histograms_slice().iter().all(|h| h.total() == 1000));
}

#[test]
fn the_gap_before_each_later_encounter_is_the_recovery_s() {
    // Two hit points: without rests Ada dies when two of the three traps hurt her (each
    // 1/2): 1/2. With a short rest before each later trap she is back to 2 and never
    // dies.
    let none = rows(&day(2, Rest::None), 200_000, 5);
    within(&none["death.Ada"], 0.5);
    let short = rows(&day(2, Rest::Short), 200_000, 5);
    within(&short["death.Ada"], 0.0);
    within(&short["day.survived"], 1.0);
    // Left: 2 unless the last trap hurt her.
    within(&short["hp_left.Ada.mean"], 1.5);
}
