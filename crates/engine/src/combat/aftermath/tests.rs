//! The tests of `aftermath` (the module above, `super`).

use super::*;
use crate::combat::{Bout, Observer, Patients, Roster};
use crate::combat::{Record, Remarks, Walk};
use crate::testing::Scripted;
use oddsmith_core::stats::Tally;

/// A fight of a medic (0) and two dying allies (1, 2) against a fallen foe (3): the medic
/// makes one try a round, each saves its patient; the untended die at the round's end.
/// Its own measure of urgency puts the ally last in scenario order (2) first.
struct Ward {
    bout: Bout,
}

impl Ward {
    fn new(patients: Patients) -> Self {
        let roster = Roster::new([
            ("medic", "party"),
            ("ally 1", "party"),
            ("ally 2", "party"),
            ("foe", "foes"),
        ])
        .unwrap();
        let mut bout = Bout::new(roster, 10);
        bout.care.patients = patients;
        Self { bout }
    }
}

impl Rounds for Ward {
    type Arena = Vec<usize>;

    type Event<'a> = ();

    fn bout(&self) -> &Bout {
        &self.bout
    }

    fn begin<D: Dice, O: Observer<Self>>(&self, _: &mut D, _: &mut Vec<usize>, _: &mut O) -> u64 {
        0b0001
    }

    fn round<D: Dice, O: Observer<Self>>(
        &self,
        _: u32,
        up: u64,
        _: &mut D,
        _: &mut Vec<usize>,
        _: &mut O,
    ) -> Option<u64> {
        Some(up)
    }

    fn fates(&self, _: &Vec<usize>) -> Fates {
        Fates {
            dying: 0b0110,
            down: 0b1000,
            ..Fates::default()
        }
    }
}

impl Record for Ward {
    fn outcome(&self, _: &mut Vec<usize>, _: &mut Tally) {}

    fn toughness(&self, _: &Vec<usize>, _: usize) -> (u64, u64) {
        (0, 0)
    }
}

impl Dying for Ward {
    fn tries(&self, tender: usize, _: bool, _: &Vec<usize>) -> u32 {
        u32::from(tender == 0)
    }

    fn triage(&self, patients: u64, _: &Vec<usize>) -> usize {
        63 - patients.leading_zeros() as usize
    }

    fn treat<D: Dice>(
        &self,
        _: usize,
        patient: usize,
        _: &mut D,
        treated: &mut Vec<usize>,
    ) -> bool {
        treated.push(patient);
        true
    }
}

impl Walk for Ward {}

impl Remarks for Ward {
    fn notes(&self) -> Vec<oddsmith_core::stats::Note> {
        Vec::new()
    }
}

#[test]
fn the_patients_choice_picks_whom_a_lone_medic_saves() {
    for (patients, saved, lost) in [(Patients::MostUrgent, 2, 1), (Patients::InOrder, 1, 2)] {
        let ward = Ward::new(patients);
        let mut treated = Vec::new();
        let start = ward.fates(&treated);
        let end = rounds(
            &ward,
            Ending::Win(0),
            3,
            start,
            &mut Scripted::new(),
            &mut treated,
        );
        assert_eq!(treated, [saved], "{patients:?}");
        assert_eq!(end.dead, 1 << lost, "{patients:?}");
        assert_eq!(end.down, 0b1000 | 1 << saved, "{patients:?}");
        assert_eq!(end.dying, 0);
    }
}
