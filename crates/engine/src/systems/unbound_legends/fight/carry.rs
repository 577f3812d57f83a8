//! A fight's start and end as a day carries them (001_9a2522fe8d4a2682.txt L436–456): the
//! arena set up from the party's carried states ([`Conflict::setup_from`], which a fresh fight
//! runs too, with no party: one piece of code, the same dice), and a party member's state
//! once the fight and its aftermath are over ([`Conflict::carried`]): its Vitality, Health
//! and Incapacitated as the fight left them, dead as the driver settled it ([`Fate`]).
//!
//! A member carried in not up (dead, stable at 0 Health, Incapacitated) sits the fight out: it
//! is neither up nor dying, so it never acts, makes no save and gets no first aid; it is
//! never attacked (not even with `attack_downed`); its AP dice are rolled all the same, so
//! that a fight from fresh states rolls what a fresh fight rolls.

use super::super::conflict::Conflict;
use super::super::day;
use super::{Arena, State};
use crate::combat::Fate;
use crate::combat::set::everyone;
use oddsmith_core::dice::Dice;

impl Conflict {
    /// Everyone up and fresh, but combatant `k < party.len()` from `party[k]` (sitting out
    /// when it is not up), with everyone's AP rolled; who is up.
    pub(in super::super) fn setup_from<Ro: Dice>(
        &self,
        roller: &mut Ro,
        arena: &mut Arena,
        party: &[day::State],
    ) -> u64 {
        // The same lengths fight after fight: overwritten in place.
        let n = self.fighters.len();
        arena.states.resize(n, State::default());
        arena.carried.clear();
        arena.carried.extend_from_slice(party);
        let (mut absent, mut dead) = (0u64, 0u64);
        for (i, (s, f)) in arena.states.iter_mut().zip(&self.fighters).enumerate() {
            *s = State {
                vitality: f.vitality,
                health: f.health,
                up: true,
                potions: f.potions.as_ref().map_or(0, |p| p.count),
                vitality_dice: f.short_rest.map_or(0, |r| r.vitality_dice),
                ..State::default()
            };
            if let Some(c) = party.get(i) {
                (s.vitality, s.health, s.potions) = (c.vitality, c.health, c.potions);
                s.vitality_dice = c.vitality_dice;
                if !day::Member::up(c) {
                    (s.up, s.dead) = (false, c.dead);
                    absent |= 1 << i;
                    dead |= u64::from(c.dead) << i;
                }
            }
        }
        // Everyone else starts up; the keys are set when the round begins.
        (arena.up, arena.dying, arena.dead) = (everyone(n) & !absent, 0, dead);
        (arena.fled, arena.helped) = (0, 0);
        arena.absent = absent;
        arena.stale = false;
        for (i, (turn, p)) in arena.turns.iter_mut().zip(&self.paces).enumerate() {
            (turn.at, turn.tag) = (p.act_at(absent >> i & 1 == 0, 0), p.tag);
        }
        self.roll_ap(roller, arena);
        arena.up
    }

    /// Combatant `i`'s state once the fight and its aftermath are over (the dead as at
    /// death), dead as `fate` says: killed in the rounds, by its third failed save, finished
    /// by the winners (`[aftermath] foes = "finish"`), or still dying when the aftermath gave
    /// up.
    pub(in super::super) fn carried(&self, arena: &Arena, fate: Fate, i: usize) -> day::State {
        let mut c = arena
            .carried
            .get(i)
            .copied()
            .unwrap_or_else(|| self.fresh_state(i));
        if arena.absent >> i & 1 != 0 {
            // It sat the fight out: as it came, unless the winners finished it.
            c.dead |= fate.dead;
            return c;
        }
        let s = &arena.states[i];
        c.vitality = s.vitality;
        c.health = s.health;
        c.potions = s.potions;
        c.vitality_dice = s.vitality_dice;
        c.clock = None;
        if fate.dead {
            (c.dead, c.incapacitated) = (true, s.incapacitated);
        } else if s.up || s.fled {
            // Standing, or gone out of the fight on its feet (001:334).
            c.incapacitated = false;
        } else {
            // Stable: by its own saves at 1 Health (L447, L449), up unless Incapacitated
            // (L447–448); by first aid or for free at 0 Health, out until it regains 1
            // Health (L454).
            c.health = s.health.max(i64::from(s.saved_self));
            c.incapacitated = s.incapacitated;
        }
        c
    }

    /// Combatant `i` at the start of a fresh fight.
    pub(in super::super) fn fresh_state(&self, i: usize) -> day::State {
        let f = &self.fighters[i];
        day::State {
            vitality: f.vitality,
            health: f.health,
            vitality_dice: f.short_rest.map_or(0, |r| r.vitality_dice),
            potions: f.potions.as_ref().map_or(0, |p| p.count),
            clock: None,
            dead: false,
            incapacitated: false,
        }
    }
}
