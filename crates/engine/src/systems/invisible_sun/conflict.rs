//! Invisible Sun conflicts: `[[pc]]` against `[[npc]]` tables on sides `pcs` and `npcs`, fought
//! round by round to Wounds, Anguish and death (000_2810d6a557b34243.txt, cited `L184`). The
//! combatants and the rules of one exchange are in [`fighter`], its rounds in [`fight`], a
//! fight begun from the PCs' carried states (a day of encounters) in `carry`. Exact values
//! come from the exact walk of these same rounds ([`crate::combat::exact`]).
//!
//! Every roll is the action roll of [`crate::systems::invisible_sun::action`]: NPCs never roll
//! (L118); a PC's attack is a roll against the NPC's level + Dodge (L120), its defense a roll
//! against the NPC's level + attack modifier (L118, L168–171). Every key, with its range and
//! what leaving it out means, is declared in `schema/keys.rs`. Readings where the seed leaves
//! a choice:
//!
//! - Each round everyone acts once (L160); `[conflict] order` says which side goes first (the
//!   seed gives no order). One down before its turn does not act; the fight ends the moment a
//!   side is all down, or at `[run] max_rounds` as a stalemate.
//! - A PC's `wound_penalty` is venture lost per Wound on attack, Dodge and Withstand rolls,
//!   per Anguish on Resist (L181 gives scourges in the Certes pools; the seed never lists
//!   which rolls those are). An NPC's `wound_penalty` lowers its level per Wound for every
//!   challenge it presents, never its damage (L121–122); left out it is none, as L197 gives
//!   NPCs only an Injury-to-Wound ratio and a Wound count.
//! - Damage less Armor becomes Injuries; every `injuries_per_wound` Injuries, those already
//!   there included, make a Wound (L179–180, L184); dead at `wounds_to_die` (PCs 3, L181).
//!   Mental damage (an NPC whose attack is resisted) ignores Armor and becomes Anguish by
//!   threes on its own track; 3 Anguish puts a PC out, down but not dead (L190–191).
//! - Physicality bene negate Wounds as a hit lands, Intellect bene Anguish (L183, L191), as
//!   `negate` says; a negated Wound takes its Injuries with it (L184).
//! - A roll table's `bene` is the bene the PC wishes to spend on each roll, from Accuracy,
//!   Movement, Intellect or Physicality by roll (L169–173): what the pool holds, up to the
//!   wish, and only the bene that raise the chance of success. `effect_level` L spends L
//!   Accuracy on each attack that can hit, while the pool holds L, for +2L damage on a hit
//!   (L77–81, L89, L94, L103); at level 4, `effect = "frighten"` chooses the foe frightened
//!   off instead of the +8 (L102): the NPC it hits flees the fight, alive. Sortilege (magic
//!   dice) costs nothing here.
//!
//! Metrics: the shared fight metrics of [`FightRecorder`] and, per combatant,
//! `wounds.<name>.K` and `.mean` (Wounds at the end, the dead at their limit); per PC,
//! `out.<name>` (3 Anguish), `flux.<name>` (some magic die showed 0 on one of its rolls) and
//! `physicality_spent.<name>.K` and `.mean` (on Withstand rolls and negating Wounds).

mod carry;
pub mod fight;
pub mod fighter;
#[cfg(test)]
mod tests;

use crate::combat::day::Carry;
use crate::combat::exact::StateCodec;
use crate::combat::set::everyone;
use crate::combat::{Bout, Fates, Observer, Roster, toughness};
use crate::combat::{Dying, Record, Remarks, Rounds, Walk};
use fight::{Arena, Event};
use fighter::{Npc, Order, PC_INJURIES_PER_WOUND, PC_WOUNDS_TO_DIE, PHYSICALITY, Pc};
use oddsmith_core::dice::Dice;
use oddsmith_core::stats::{CounterId, HistogramId, HistogramReport, Meta, Note, Role, Tally};

/// The ids of one PC's own metrics.
#[derive(Debug, Clone, Copy)]
struct PcIds {
    out: CounterId,
    flux: CounterId,
    wounds: HistogramId,
    physicality_spent: HistogramId,
}

/// An Invisible Sun conflict.
#[derive(Debug, Clone)]
pub struct Conflict {
    /// The PCs, in file order (roster indices `0..pcs.len()`).
    pub pcs: Vec<Pc>,
    /// The NPCs, in file order (roster indices after the PCs).
    pub npcs: Vec<Npc>,
    /// Names and sides (`pcs`, then `npcs`), the round limit and the metrics.
    pub bout: Bout,
    /// Which side acts first.
    pub order: Order,
    /// `[aftermath] anguish_out = "dead"`: 3 Anguish counts as death, not as out (000:190:
    /// "catatonia, madness, utter suggestibility, or even death, depending on
    /// circumstances").
    pub anguish_kills: bool,
    /// Roster indices in turn order.
    turns: Vec<usize>,
    /// Who chooses a move each turn besides attacking ([`crate::combat::Profile::chooses_moves`]),
    /// by bit.
    moves: u64,
    pc_ids: Vec<PcIds>,
    npc_wounds: Vec<HistogramId>,
}

impl Conflict {
    /// A fight of `pcs` against `npcs`; `roster` lists the PCs (side `pcs`) then the NPCs
    /// (side `npcs`).
    pub fn new(
        pcs: Vec<Pc>,
        npcs: Vec<Npc>,
        roster: Roster,
        order: Order,
        max_rounds: u32,
    ) -> Self {
        assert_eq!(roster.len(), pcs.len() + npcs.len());
        let mut bout = Bout::new(roster, max_rounds);
        let layout = &mut bout.layout;
        let sides = bout.roster.sides().to_vec();
        let meta =
            |role, label: &str, name: &str, side: &str| Meta::combatant(role, label, name, side);
        let pc_ids = pcs
            .iter()
            .map(|pc| {
                let n = &pc.name;
                let side = &sides[0];
                PcIds {
                    out: layout.counter(
                        format!("out.{n}"),
                        meta(Role::Outcome, "out (3 Anguish)", n, side),
                    ),
                    flux: layout
                        .counter(format!("flux.{n}"), meta(Role::SideEffect, "flux", n, side)),
                    wounds: layout.histogram(
                        format!("wounds.{n}"),
                        PC_WOUNDS_TO_DIE as usize + 1,
                        HistogramReport::Buckets,
                        Meta::trial(Role::Distribution, format!("Wounds of {n}")),
                    ),
                    physicality_spent: layout.histogram(
                        format!("physicality_spent.{n}"),
                        pc.pools[PHYSICALITY] as usize + 1,
                        HistogramReport::Buckets,
                        Meta::trial(Role::Distribution, format!("Physicality spent by {n}")),
                    ),
                }
            })
            .collect();
        let npc_wounds = npcs
            .iter()
            .map(|npc| {
                layout.histogram(
                    format!("wounds.{}", npc.name),
                    npc.wounds_to_die as usize + 1,
                    HistogramReport::Buckets,
                    Meta::trial(Role::Distribution, format!("Wounds of {}", npc.name)),
                )
            })
            .collect();
        let plays = pcs
            .iter()
            .map(|c| c.plays)
            .chain(npcs.iter().map(|n| n.plays));
        let moves = plays
            .enumerate()
            .fold(0, |m, (i, p)| m | u64::from(p.profile.chooses_moves()) << i);
        Self {
            turns: fight::turns(pcs.len(), npcs.len(), order),
            moves,
            pcs,
            npcs,
            bout,
            order,
            anguish_kills: false,
            pc_ids,
            npc_wounds,
        }
    }
}

impl Rounds for Conflict {
    type Arena = Arena;

    type Event<'a> = Event<'a>;

    fn bout(&self) -> &Bout {
        &self.bout
    }

    /// The PCs fresh ([`Carry::fresh`]), through the code a day's fight begins by
    /// ([`Carry::begin_from`]).
    fn begin<D: Dice, O: Observer<Self>>(&self, _: &mut D, arena: &mut Arena, _: &mut O) -> u64 {
        self.setup(arena, |k| self.fresh(k))
    }

    #[inline(always)]
    fn round<D: Dice, O: Observer<Self>>(
        &self,
        round: u32,
        _up: u64,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<u64> {
        self.play_round(round, dice, arena, observer)
    }

    /// No dying state: the last Wound kills (000:180–181); 3 Anguish is out, alive, or dead
    /// with `anguish_out = "dead"` (000:190).
    #[inline(always)]
    fn fates(&self, arena: &Arena) -> Fates {
        let mut fates = Fates::default();
        for (i, s) in arena.states.iter().enumerate() {
            let dead = s.dead || (s.out && self.anguish_kills);
            fates.dead |= u64::from(dead) << i;
            fates.down |= u64::from(s.out && !dead) << i;
            fates.fled |= u64::from(s.fled) << i;
        }
        fates
    }

    /// Everyone not standing is dead, out or frightened off: no pass over everyone's state.
    #[inline(always)]
    fn out(&self, arena: &Arena) -> u64 {
        everyone(arena.states.len()) & !arena.up()
    }
}

impl Record for Conflict {
    /// Wounds and Injuries left before death (000:179–181).
    #[inline]
    fn toughness(&self, arena: &Arena, i: usize) -> (u64, u64) {
        let (per, limit) = match self.pcs.len() {
            p if i < p => (PC_INJURIES_PER_WOUND, PC_WOUNDS_TO_DIE),
            p => (
                self.npcs[i - p].injuries_per_wound,
                self.npcs[i - p].wounds_to_die,
            ),
        };
        let body = &arena.states[i].body;
        toughness(
            per * limit - (body.marks * per + body.injuries),
            per * limit,
        )
    }

    /// This system's own metrics go to `tally`.
    #[inline(always)]
    fn outcome(&self, arena: &mut Arena, tally: &mut Tally) {
        let p = self.pcs.len();
        for (s, ids) in arena.states[..p].iter().zip(&self.pc_ids) {
            tally.count(ids.out, s.out);
            tally.count(ids.flux, s.flux);
            tally.record(ids.wounds, s.body.marks as usize);
            tally.record(ids.physicality_spent, s.physicality_spent as usize);
        }
        for (s, &id) in arena.states[p..].iter().zip(&self.npc_wounds) {
            tally.record(id, s.body.marks as usize);
        }
    }
}

impl Dying for Conflict {}

impl Walk for Conflict {
    fn exact_state<C: StateCodec>(&self, arena: &mut Arena, _: u32, state: &mut C) -> bool {
        self.exact_fields(arena, state);
        true
    }

    /// Every round is alike: the round's number only names it to an observer.
    fn exact_alike(&self) -> u32 {
        1
    }
}

impl Remarks for Conflict {
    /// A PC's attack: its damage and the most effect bonus, less the NPC's Armor (L77–81,
    /// L182); an NPC's: its damage less the PC's Armor, unbounded here when mental (Anguish
    /// is another track, L190–191). Between two of a side, nothing.
    fn most_per_hit(&self, i: usize, j: usize) -> Option<u64> {
        let p = self.pcs.len();
        match (i < p, j < p) {
            (true, false) => {
                let (pc, npc) = (&self.pcs[i], &self.npcs[j - p]);
                Some((pc.damage + 2 * pc.effect_level - npc.armor).max(0) as u64)
            }
            (false, true) => {
                let (npc, pc) = (&self.npcs[i - p], &self.pcs[j]);
                (!npc.defense.mental()).then(|| pc.injuries_from(npc) as u64)
            }
            _ => Some(0),
        }
    }

    /// Everyone acts once a round (L160).
    fn most_hits_per_round(&self, _i: usize) -> Option<u64> {
        Some(1)
    }

    /// The Injuries that kill: Injuries per Wound times the Wounds to die (L179–181).
    fn damage_to_down(&self, j: usize) -> Option<u64> {
        let p = self.pcs.len();
        let (per, limit) = if j < p {
            (PC_INJURIES_PER_WOUND, PC_WOUNDS_TO_DIE)
        } else {
            (
                self.npcs[j - p].injuries_per_wound,
                self.npcs[j - p].wounds_to_die,
            )
        };
        Some((per * limit).max(0) as u64)
    }

    fn notes(&self) -> Vec<Note> {
        let mut notes = vec![Note::Remark(
            self.bout.roster.describe(self.bout.max_rounds),
        )];
        notes.push(Note::Remark(
            match self.order {
                Order::PcsFirst => "each round the PCs act first, in file order, then the NPCs",
                Order::NpcsFirst => "each round the NPCs act first (an ambush), then the PCs",
            }
            .to_string(),
        ));
        notes.push(Note::Aftermath(format!(
            "{}; 3 Anguish is {}",
            self.bout.care.describe(),
            if self.anguish_kills {
                "death"
            } else {
                "out, alive"
            }
        )));
        for pc in &self.pcs {
            for npc in &self.npcs {
                let a = &pc.attack.venture;
                let d = &pc.defense[npc.defense.index()].venture;
                notes.push(Note::Remark(format!(
                    "unhurt, {} hits {} at challenge {} − venture {} and defends ({:?}) at \
                     challenge {} − venture {}, {} success(es) needed; bene on top while the \
                     pools last",
                    pc.name,
                    npc.name,
                    npc.to_hit(0),
                    a.base,
                    npc.defense,
                    npc.to_defend(0),
                    d.base,
                    npc.successes
                )));
            }
        }
        notes
    }
}
