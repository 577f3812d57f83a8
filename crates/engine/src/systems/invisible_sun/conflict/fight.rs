//! The rounds of an Invisible Sun conflict, played by the shared driver
//! ([`crate::combat::Fight`]), generic over where the dice come from ([`Dice`]) and who
//! watches ([`Observer`]), so the same code runs millions of seeded fights and replays L184
//! with scripted dice.
//!
//! Each round everyone standing acts once (L160), one side in file order and then the other
//! ([`Order`]). A PC attacks the NPC its `target` picks; an NPC attacks a PC, who rolls the
//! defense the NPC's attack calls for — defending costs no action (L168) and NPCs never roll
//! (L118). A combatant down before its turn does not act; the fight ends the moment a side is
//! all down, or after `max_rounds` as a stalemate. Dice are drawn in this order: the pick of a
//! target when there is a choice, then the roll's dice (all of them from one draw) when the
//! roll is neither routine nor impossible.

use super::Conflict;
use super::fighter::{
    ACCURACY, Negate, Order, PC_INJURIES_PER_WOUND, PC_WOUNDS_TO_DIE, PHYSICALITY, Pc, Plan, Track,
};
use crate::combat::day::Member;
use crate::combat::exact::StateCodec;
use crate::combat::set::members;
use crate::combat::{Move, Observer, Offers, Profile, Set, Sight, Tactic};
use crate::systems::invisible_sun::action::{Resolution, VentureDice};
use crate::systems::invisible_sun::day::State as Carried;
use oddsmith_core::dice::Dice;

/// Which roll a PC made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RollKind {
    /// Its attack.
    Attack,
    /// Its defense against an NPC's attack.
    Defense,
}

/// What a fight's [`Observer`] is told.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Event<'a> {
    /// PC `pc` rolled (`kind`) against NPC `npc` (roster indices) in `round`: `plan` says how
    /// it resolved and the bene it spent, `effect` the Accuracy spent for effect, `success`
    /// whether it hit or avoided the attack.
    Roll {
        /// Which round.
        round: u32,
        /// The PC.
        pc: usize,
        /// The NPC.
        npc: usize,
        /// Attack or defense.
        kind: RollKind,
        /// How it resolved and the bene spent.
        plan: Plan,
        /// Accuracy spent for effect.
        effect: i64,
        /// Whether it hit or avoided the attack.
        success: bool,
    },
    /// `by` aided ally `to` in `round`, healing 1 Injury (L177).
    Aid {
        /// Which round.
        round: u32,
        /// The helper.
        by: usize,
        /// The ally helped.
        to: usize,
    },
    /// `who` recovered in `round`: a PC spent Physicality on its Injuries (L198), an
    /// important NPC took its recovery action (L130–135); `state` is its state after.
    Recover {
        /// Which round.
        round: u32,
        /// Who.
        who: usize,
        /// Its state after.
        state: &'a State,
    },
    /// `who` took `injuries`; `state` is its state after.
    Hurt {
        /// Who.
        who: usize,
        /// Injuries taken.
        injuries: i64,
        /// Its state after.
        state: &'a State,
    },
}

/// A combatant's condition during a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Wounds and Injuries (L179–181).
    pub body: Track,
    /// Anguish and the mental Injuries toward the next (L190); PCs only.
    pub mind: Track,
    /// Bene left, by pool (PCs only).
    pub pools: [i64; 4],
    /// Physicality bene spent (on Withstand rolls and negating Wounds).
    pub physicality_spent: i64,
    /// Dead: Wounds reached the limit.
    pub dead: bool,
    /// Out: 3 Anguish (L190); down, not dead.
    pub out: bool,
    /// Frightened off: fled the fight, alive (L102).
    pub fled: bool,
    /// Rolled a flux on some magic die.
    pub flux: bool,
    /// The foe it keeps attacking (`Targeting::Focus`).
    focus: Option<usize>,
    /// The allies it has healed this encounter, by bit: without a first aid kit, once each
    /// (L177).
    healed: u64,
    /// An important NPC's recovery action is spent (once an encounter, L135).
    recovered: bool,
}

/// Per-batch buffers, reused by every fight so a trial allocates nothing.
#[derive(Debug, Clone, Default)]
pub struct Arena {
    /// Everyone's state: the PCs, then the NPCs (roster order).
    pub states: Vec<State>,
    /// Bit `i`: combatant `i` stands.
    up: u64,
}

impl Arena {
    /// Who stands, by bit: everyone else is dead or out.
    #[inline(always)]
    pub fn up(&self) -> u64 {
        self.up
    }
}

impl Conflict {
    /// One round: everyone standing acts once, in turn order; stops the moment a side is all
    /// down, and returns who stands then. `None` when the round ran to its end with everyone
    /// standing who stood when it began (nobody's condition changed: the fallen never rise
    /// nor die later within the fight).
    #[inline(always)]
    pub(super) fn play_round<D: Dice + ?Sized, O: Observer<Conflict>>(
        &self,
        round: u32,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<u64> {
        let stood = arena.up;
        for (k, &i) in self.turns.iter().enumerate() {
            if arena.up >> i & 1 == 0 {
                continue;
            }
            let hurt = if self.moves >> i & 1 == 1 && self.moved(i, round, dice, arena, observer) {
                None
            } else if i < self.pcs.len() {
                self.pc_turn(i, round, dice, arena, observer)
            } else {
                self.npc_turn(i, round, dice, arena, observer)
            };
            // Only the side of the one hurt can have gone down.
            if let Some(side) = hurt
                && arena.up & self.bout.roster.side_mask(side) == 0
            {
                return Some(arena.up);
            }
            // The rest of the round reads only whose turn is next and the fight's state (the
            // exact walk's checkpoint).
            dice.checkpoint(|key, _| {
                key.field(&mut { k });
                self.exact_fields(arena, key);
            });
        }
        (arena.up != stood).then_some(arena.up)
    }

    /// Every PC `k` from `pc(k)` (its carried state; [`Conflict::fresh`] for a fresh
    /// fight), every NPC fresh; who stands: everyone but the PCs that are not up, who sit the
    /// fight out (never act, are never attacked: every turn and every choice of a target
    /// looks at `up` only) and keep their state. No dice: a fresh fight and one begun from
    /// fresh states are the same fight, dice for dice.
    #[inline]
    pub(super) fn setup(&self, arena: &mut Arena, pc: impl Fn(usize) -> Carried) -> u64 {
        let (p, n) = (self.pcs.len(), self.pcs.len() + self.npcs.len());
        arena.states.clear();
        let mut up = if n == 64 { u64::MAX } else { (1 << n) - 1 };
        for k in 0..p {
            let c = pc(k);
            up &= !(u64::from(!c.up()) << k);
            arena.states.push(State {
                body: c.body,
                mind: c.mind,
                pools: c.pools,
                dead: c.dead,
                out: c.out,
                ..State::default()
            });
        }
        arena.states.resize(n, State::default());
        arena.up = up;
        up
    }

    /// Combatant `i`'s move, when its profile chooses one ([`Profile::choose`]) among those
    /// the rules offer it now: heal 1 Injury of another standing ally (L177: once per ally
    /// an encounter without a first aid kit; nobody fallen here can be woken, as the dead and
    /// the 3-Anguish out do not rise, L181, L190), a PC's Physicality bene spent on its
    /// Injuries one for one (L198), an important NPC's recovery action (L130–135: 1 Wound,
    /// else all its Injuries; once an encounter). The seed gives no way out of a conflict,
    /// so nobody flees. Whether it took a move other than fighting (its turn is spent).
    #[inline(never)]
    fn moved<D: Dice + ?Sized, O: Observer<Conflict>>(
        &self,
        i: usize,
        round: u32,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> bool {
        let p = self.pcs.len();
        let (plays, kit) = if i < p {
            (self.pcs[i].plays, self.pcs[i].first_aid_kit)
        } else {
            let n = &self.npcs[i - p];
            (n.plays, n.first_aid_kit)
        };
        let side = usize::from(i >= p);
        let roster = &self.bout.roster;
        let states = &arena.states;
        let me = &states[i];
        let random = plays.profile == Profile::Random;
        let mut hurt = 0u64;
        for j in members(roster.side_mask(side) & arena.up & !(1 << i)) {
            let s = &states[j];
            let injured = s.body.injuries > 0 || s.mind.injuries > 0;
            let may = kit || me.healed >> j & 1 == 0;
            let (left, full) = self.health(j, s);
            let low = random || plays.protect_below.holds(left, full);
            hurt |= u64::from(injured && may && low) << j;
        }
        let (left, full) = self.health(i, me);
        let low = random || plays.cautious_below.holds(left, full);
        let recover = low
            && if i < p {
                me.pools[PHYSICALITY] > 0 && me.body.injuries > 0
            } else {
                self.npcs[i - p].important
                    && !me.recovered
                    && (me.body.marks > 0 || me.body.injuries > 0)
            };
        let offers = Offers {
            fight: !roster.foes_of(side, Set::from(arena.up)).is_empty(),
            fallen: Set::default(),
            hurt: Set::from(hurt),
            recover,
            flee: false,
            support: Set::EMPTY,
        };
        let need = |j: usize| self.weakness(j, p, &states[j]);
        match plays.profile.choose(offers, need, |n| dice.pick(n)) {
            Move::Heal(j) => {
                let s = &mut arena.states[j];
                // Wounds loom on the body track first (L180); a mind's Injuries are Injuries
                // too (L190).
                if s.body.injuries > 0 {
                    s.body.injuries -= 1;
                } else {
                    s.mind.injuries -= 1;
                }
                arena.states[i].healed |= 1 << j;
                observer.see(Event::Aid {
                    round,
                    by: i,
                    to: j,
                });
            }
            Move::Recover => {
                let s = &mut arena.states[i];
                if i < p {
                    let spent = s.pools[PHYSICALITY].min(s.body.injuries);
                    s.pools[PHYSICALITY] -= spent;
                    s.physicality_spent += spent;
                    s.body.injuries -= spent;
                } else {
                    s.recovered = true;
                    if s.body.marks > 0 {
                        s.body.marks -= 1;
                    } else {
                        s.body.injuries = 0;
                    }
                }
                observer.see(Event::Recover {
                    round,
                    who: i,
                    state: &arena.states[i],
                });
            }
            Move::Fight | Move::Tend(_) | Move::Flee | Move::Support(_) => return false,
        }
        true
    }

    /// Combatant `t`'s health by this system's measure: the Injuries that would still take
    /// it down ([`Self::weakness`]) and the same when unhurt.
    #[inline]
    fn health(&self, t: usize, s: &State) -> (i64, i64) {
        let p = self.pcs.len();
        let full = if t < p {
            PC_INJURIES_PER_WOUND * PC_WOUNDS_TO_DIE
        } else {
            let n = &self.npcs[t - p];
            n.injuries_per_wound * n.wounds_to_die
        };
        (self.weakness(t, p, s), full)
    }

    /// PC `i` attacks; returns the side of a foe it hurt.
    #[inline(always)]
    fn pc_turn<D: Dice + ?Sized, O: Observer<Conflict>>(
        &self,
        i: usize,
        round: u32,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<usize> {
        let pc = &self.pcs[i];
        let p = self.pcs.len();
        let t = self.choose(i, 0, dice, arena)?;
        let npc = &self.npcs[t - p];
        let foe = arena.states[t].body;
        let me = &mut arena.states[i];
        let swing = pc.swing(npc, foe.marks, me.body.marks, me.pools[ACCURACY]);
        me.pools[ACCURACY] -= swing.plan.bene + swing.effect;
        let hit = roll(
            &pc.attack.dice,
            pc.attack.venture.successes,
            swing.plan,
            dice,
            me,
        );
        observer.see(Event::Roll {
            round,
            pc: i,
            npc: t,
            kind: RollKind::Attack,
            plan: swing.plan,
            effect: swing.effect,
            success: hit,
        });
        if !hit {
            return None;
        }
        let s = &mut arena.states[t];
        s.body.take(
            swing.injuries,
            npc.injuries_per_wound,
            npc.wounds_to_die,
            Negate::Never,
            0,
            0,
        );
        if s.body.marks >= npc.wounds_to_die {
            s.dead = true;
            arena.up &= !(1 << t);
        } else if swing.frightens {
            // L102: the foe surrenders or flees.
            s.fled = true;
            arena.up &= !(1 << t);
        }
        observer.see(Event::Hurt {
            who: t,
            injuries: swing.injuries,
            state: &arena.states[t],
        });
        Some(1)
    }

    /// NPC `i` attacks; returns the side of a foe it hurt.
    #[inline(always)]
    fn npc_turn<D: Dice + ?Sized, O: Observer<Conflict>>(
        &self,
        i: usize,
        round: u32,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<usize> {
        let npc = &self.npcs[i - self.pcs.len()];
        let wounds = arena.states[i].body.marks;
        let t = self.choose(i, 1, dice, arena)?;
        let pc = &self.pcs[t];
        let kind = npc.defense;
        let me = &mut arena.states[t];
        let track = if kind.mental() { me.mind } else { me.body };
        let pool = kind.pool();
        let plan = pc.guard(npc, wounds, track.marks, me.pools[pool]);
        me.pools[pool] -= plan.bene;
        if pool == PHYSICALITY {
            me.physicality_spent += plan.bene;
        }
        let table = &pc.defense[kind.index()];
        let avoided = roll(&table.dice, npc.successes, plan, dice, me);
        observer.see(Event::Roll {
            round,
            pc: t,
            npc: i,
            kind: RollKind::Defense,
            plan,
            effect: 0,
            success: avoided,
        });
        if avoided {
            return None;
        }
        let injuries = pc.injuries_from(npc);
        let neg = Pc::negation_pool(kind);
        let (track, limit_hit) = if kind.mental() {
            (&mut me.mind, &mut me.out)
        } else {
            (&mut me.body, &mut me.dead)
        };
        let spent = pc.hurt(track, injuries, me.pools[neg]);
        *limit_hit = track.marks >= PC_WOUNDS_TO_DIE;
        me.pools[neg] -= spent;
        if neg == PHYSICALITY {
            me.physicality_spent += spent;
        }
        if me.dead || me.out {
            arena.up &= !(1 << t);
        }
        observer.see(Event::Hurt {
            who: t,
            injuries,
            state: &arena.states[t],
        });
        Some(0)
    }

    /// The foe combatant `i` (on `side`) attacks, by its targeting policy among those standing.
    /// A lone foe needs no policy: that case, the common one, is inlined into the turn.
    #[inline(always)]
    fn choose<D: Dice + ?Sized>(
        &self,
        i: usize,
        side: usize,
        dice: &mut D,
        arena: &mut Arena,
    ) -> Option<usize> {
        let foes = self.bout.roster.foes_of(side, Set::from(arena.up));
        if foes.len() == 1 {
            return foes.first();
        }
        self.choose_among(i, side, dice, arena)
    }

    /// [`Self::choose`] among two foes or more (or none).
    #[inline(never)]
    fn choose_among<D: Dice + ?Sized>(
        &self,
        i: usize,
        side: usize,
        dice: &mut D,
        arena: &mut Arena,
    ) -> Option<usize> {
        let standing = Set::from(arena.up);
        let target = if side == 0 {
            self.pcs[i].target
        } else {
            self.npcs[i - self.pcs.len()].target
        };
        let (states, p) = (&arena.states, self.pcs.len());
        let mut focus = arena.states[i].focus;
        let weakness = |t: usize| self.weakness(t, p, &states[t]);
        let sight = Sight {
            roster: &self.bout.roster,
            me: i,
            // Every attack chooses as the turn's first: `spread` shares foes by member here.
            nth: 0,
            side,
            among: standing,
            weakness,
        };
        let action =
            Tactic::Attack(target).decide(sight, &mut focus, |foes| foes.draw(|n| dice.pick(n)));
        arena.states[i].focus = focus;
        action.target()
    }

    /// How weak combatant `t` is, for `target = "weakest"`: the Injuries that would still take
    /// it down, Armor and bene aside.
    fn weakness(&self, t: usize, p: usize, s: &State) -> i64 {
        let left =
            |track: &Track, per: i64, limit: i64| (limit - track.marks) * per - track.injuries;
        if t < p {
            let (per, limit) = (PC_INJURIES_PER_WOUND, PC_WOUNDS_TO_DIE);
            left(&s.body, per, limit).min(left(&s.mind, per, limit))
        } else {
            let n = &self.npcs[t - p];
            left(&s.body, n.injuries_per_wound, n.wounds_to_die)
        }
    }
}

impl Conflict {
    /// Every part of `arena` the rest of a fight reads, for the exact walk
    /// ([`crate::combat::Walk::exact_state`]): each combatant's tracks, pools, Physicality
    /// spent, whether it is dead or out and has rolled a flux (its remembered foe where it
    /// keeps one), and who is up.
    pub(super) fn exact_fields<C: StateCodec>(&self, arena: &mut Arena, state: &mut C) {
        let p = self.pcs.len();
        for (i, s) in arena.states.iter_mut().enumerate() {
            for v in [
                &mut s.body.marks,
                &mut s.body.injuries,
                &mut s.mind.marks,
                &mut s.mind.injuries,
                &mut s.physicality_spent,
            ] {
                state.field(v);
            }
            state.fields(&mut s.pools);
            for flag in [&mut s.dead, &mut s.out, &mut s.flux, &mut s.fled] {
                state.field(flag);
            }
            let target = if i < p {
                self.pcs[i].target
            } else {
                self.npcs[i - p].target
            };
            if target == crate::combat::Targeting::Focus {
                state.field(&mut s.focus);
            }
            // What the moves remember (only where someone chooses them).
            if self.moves != 0 {
                state.field(&mut s.healed);
                state.field(&mut s.recovered);
            }
        }
        state.field(&mut arena.up);
    }
}

/// The turn order: roster indices of the side that acts first, then the other's.
pub fn turns(pcs: usize, npcs: usize, order: Order) -> Vec<usize> {
    let (first, second) = match order {
        Order::PcsFirst => (0..pcs, pcs..pcs + npcs),
        Order::NpcsFirst => (pcs..pcs + npcs, 0..pcs),
    };
    first.chain(second).collect()
}

/// Rolls a planned roll needing `successes`; a flux marks `me`. Routine and impossible rolls
/// draw nothing.
#[inline(always)]
fn roll<D: Dice + ?Sized>(
    dice_of: &VentureDice,
    successes: u32,
    plan: Plan,
    dice: &mut D,
    me: &mut State,
) -> bool {
    match plan.resolution {
        Resolution::Automatic => true,
        Resolution::Impossible => false,
        Resolution::Roll(needed) => {
            // The roll matters only as success and flux (the exact walk's branches).
            let (hits, fluxes) = dice_of.roll_by(needed, dice, |(hits, fluxes)| {
                (hits >= successes, fluxes > 0)
            });
            me.flux |= fluxes > 0;
            hits >= successes
        }
    }
}
