//! The rounds of a skirmish (002:5–12, 002:17–22, 002:42–46, 002:51–54, 002:75), played by
//! the shared driver ([`crate::combat::Fight`]), generic over where the dice come from
//! ([`Dice`]) and who watches ([`Observer`]), so the same code runs millions of seeded fights
//! and replays the seed's examples with scripted dice.
//!
//! Before round 1 everyone rolls initiative once, d20 + bonus dice, in file order; the order is
//! highest first, each tie broken by a uniform shuffle of the tied. Each round, in that order,
//! everyone not dead, in Shock or Winded takes its turn: its Defend (if any) from the last turn
//! ends, it makes its Attack actions (each followed by the off-hand attack when it has one and
//! can pay), then Defends with its last action if it defends. After each attack the fight ends
//! if at most one side has anyone standing (the round stops; the driver ends the fight). Then
//! the Recovery phase. Dice are drawn in this
//! order: attack d20, attack bonus dice, the Dodge's d20 and bonus dice when it Dodges, then
//! weapon dice and damage bonus dice on a hit.

use super::carry::{Condition, State as Carried};
use super::{OFFHAND_VIGOR, Skirmish, Strike, WINDED_UNTIL, medicine_check};
use crate::combat::aftermath::least_by;
use crate::combat::day::{Carry, Member};
use crate::combat::exact::{StateCodec, at_round};
use crate::combat::set::members;
use crate::combat::{Move, Observer, Offers, Profile, Set, Sight, Tactic};
use crate::systems::bonus_dice::attack::dodge_cost;
use oddsmith_core::dice::Dice;

/// Actions emergency aid takes (002:28).
const AID_ACTIONS: u32 = 2;

/// Vigor a reaction costs, taking an opening among them (002:29, 002:32).
const OPENING_VIGOR: i64 = 5;

/// What a combatant's move did to its turn ([`Skirmish::moved`]).
enum Step {
    /// Nothing: it attacks.
    Fight,
    /// It spent this many actions.
    Spent(u32),
    /// It is out of the fight (escaped, or fell to an opening), its turn over; who stands
    /// if that decided the fight.
    Gone(Option<u64>),
}

/// The Dodge's total of an attack the target did not Dodge (for [`Dice::merged_by`]).
const NO_DODGE: i32 = i32::MIN;

/// What a fight's [`Observer`] is told.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// `who` rolled `total` for initiative.
    Initiative {
        /// Who.
        who: usize,
        /// d20 + initiative bonus dice.
        total: i64,
    },
    /// Round `0` begins.
    RoundStart(u32),
    /// `attacker` attacked `target` (`offhand`: its off-hand attack), rolling `total` against
    /// `guard`; `dodge` is the Dodge's total when it Dodged; `hit` whether it hit.
    Attack {
        /// Who attacked.
        attacker: usize,
        /// Whom.
        target: usize,
        /// With its off-hand attack.
        offhand: bool,
        /// d20 + attack bonus dice.
        total: i64,
        /// Guard to beat.
        guard: i64,
        /// The Dodge's total, when it Dodged.
        dodge: Option<i64>,
        /// Whether it hit.
        hit: bool,
    },
    /// `target` took `dealt` after armor (`raw` before it).
    Damage {
        /// Who.
        target: usize,
        /// Damage rolled.
        raw: i64,
        /// After armor.
        dealt: i64,
    },
    /// `by` tried Medicine on ally `to` (002:28, 002:76): `stabilise` one in Shock, or
    /// emergency aid to one standing; `success`, and the Durability it restored.
    Aid {
        /// The medic.
        by: usize,
        /// The ally.
        to: usize,
        /// Stabilising one in Shock (else emergency aid).
        stabilise: bool,
        /// Whether the check succeeded.
        success: bool,
        /// Durability restored.
        restored: i64,
    },
    /// `by` used a potion on `to` (002:27), restoring `restored` Health and Durability.
    Potion {
        /// Who used it.
        by: usize,
        /// On whom.
        to: usize,
        /// Health and Durability restored.
        restored: i64,
    },
    /// `who` Escaped, the openings taken (002:23).
    Escape {
        /// Who.
        who: usize,
    },
    /// The round is over, Recovery included.
    RoundEnd {
        /// Which round.
        round: u32,
        /// Everyone's state.
        states: &'a [State],
    },
}

/// A combatant's condition during a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Durability left.
    pub durability: i64,
    /// Health left.
    pub health: i64,
    /// Vigor left.
    pub vigor: i64,
    /// Wounded: Durability reached 0 (002:53).
    pub wounded: bool,
    /// In Shock now (002:75).
    pub shock: bool,
    /// Fell into Shock during the fight.
    pub fell: bool,
    /// Dead.
    pub dead: bool,
    /// Stabilised: unconscious until it recovers 1 Health (002:76). One carried into a day's
    /// fight so sits it out (one saved from Shock in the aftermath is carried so,
    /// [`super::carry`]).
    pub stable: bool,
    /// Winded now (002:43).
    pub winded: bool,
    /// Winded at some point.
    pub ever_winded: bool,
    /// Defending: Dodges cost 3 until its next turn (002:22).
    pub defending: bool,
    /// Escaped the fight (002:23): out of it, alive.
    pub fled: bool,
    /// Potions of healing left (002:27).
    pub potions: u32,
    /// The round in whose Recovery phase it dies, while in Shock.
    pub dies_in: u32,
    /// Its initiative total.
    pub initiative: i64,
    /// Rounds ended Winded.
    pub winded_rounds: u64,
    /// Vigor paid for Dodges and off-hand attacks.
    pub vigor_spent: u64,
    /// The foe it keeps attacking (`Targeting::Focus`).
    focus: Option<usize>,
}

impl State {
    /// Neither dead, in Shock nor stabilised (a Winded combatant stands).
    #[inline]
    pub fn standing(&self) -> bool {
        !self.dead && !self.shock && !self.stable && !self.fled
    }

    /// Whether a foe with `finish_downed` may attack it: standing, or in Shock.
    #[inline]
    fn attackable(&self, finish_downed: bool) -> bool {
        self.standing() || (finish_downed && self.shock)
    }

    /// Pays `cost` Vigor; Winded at 0 (002:43).
    #[inline]
    fn pay(&mut self, cost: i64) {
        self.vigor -= cost;
        self.vigor_spent += cost as u64;
        if self.vigor <= 0 {
            self.winded = true;
            self.ever_winded = true;
        }
    }
}

/// Per-batch buffers, reused by every fight so a trial allocates nothing.
#[derive(Debug, Clone, Default)]
pub struct Arena {
    /// Everyone's state, in scenario order.
    pub states: Vec<State>,
    /// The turn order: indices, highest initiative first.
    pub order: Vec<usize>,
    /// The last round whose Recovery phase ran (a fight decided mid-round skips it).
    pub recovered: u32,
    /// Who is in Shock ([`State::shock`]), by bit: the dying, for [`crate::combat::Fates`]
    /// without a pass over everyone.
    pub shocked: u64,
    /// Who is dead ([`State::dead`]), by bit.
    pub dead: u64,
    /// Who is stabilised ([`State::stable`]), by bit: down.
    pub stable: u64,
    /// Who escaped ([`State::fled`]), by bit.
    pub fled: u64,
    /// The one Escaping now, whose own turn it is: it cannot Dodge the openings it creates
    /// (002:30).
    escaping: Option<usize>,
}

impl Skirmish {
    /// One round: everyone's turn in initiative order, then Recovery; stops the moment the
    /// fight is decided. Who stands at its end (Winded stands).
    pub(super) fn play_round<D: Dice + ?Sized, O: Observer<Skirmish>>(
        &self,
        round: u32,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> u64 {
        observer.see(Event::RoundStart(round));
        for k in 0..arena.order.len() {
            let i = arena.order[k];
            if let Some(up) = self.turn(i, round, dice, arena, observer) {
                for s in arena.states.iter_mut() {
                    s.winded_rounds += u64::from(s.winded && s.standing());
                }
                return up;
            }
            // The rest of the round reads only whose turn is next and the fight's state (the
            // exact walk's checkpoint).
            self.checkpoint(round, (0, k), dice, arena);
        }
        self.recover(round, arena);
        observer.see(Event::RoundEnd {
            round,
            states: &arena.states,
        });
        standing(arena)
    }

    /// The states at the start, initiative and the turn order; everyone who stands.
    /// Combatant `i < party.len()` starts from `party[i]` (a day's carried state), everyone
    /// else fresh ([`Skirmish::fresh`]). One not up sits the fight out: it rolls no
    /// initiative, takes no turn, is never attacked, and keeps its state (dead, or
    /// stabilised: down). With every carried state fresh, the same dice as a fresh fight.
    pub(super) fn setup<D: Dice + ?Sized, O: Observer<Skirmish>>(
        &self,
        dice: &mut D,
        arena: &mut Arena,
        party: &[Carried],
        observer: &mut O,
    ) -> u64 {
        arena.states.clear();
        arena.order.clear();
        arena.recovered = 0;
        (arena.shocked, arena.dead, arena.stable, arena.fled) = (0, 0, 0, 0);
        arena.escaping = None;
        for (i, f) in self.fighters.iter().enumerate() {
            let c = party.get(i).copied().unwrap_or_else(|| self.fresh(i));
            let mut s = State {
                durability: c.durability,
                health: c.health,
                vigor: c.vigor,
                wounded: c.wounded,
                winded: c.winded,
                ever_winded: c.winded,
                dead: c.condition == Condition::Dead,
                stable: c.condition == Condition::Stable,
                potions: c.potions,
                ..State::default()
            };
            arena.dead |= u64::from(s.dead) << i;
            arena.stable |= u64::from(s.stable) << i;
            if c.up() {
                // 002:12: the Action Die plus bonus dice, once; a Wound steps them (002:53).
                let total = f.initiative[usize::from(c.wounded)].check(dice);
                observer.see(Event::Initiative { who: i, total });
                s.initiative = total;
                arena.order.push(i);
            }
            arena.states.push(s);
        }
        // Highest first (insertion sort: stable, no allocation); then shuffle each tie.
        let states = &arena.states;
        let order = &mut arena.order;
        for k in 1..order.len() {
            let mut j = k;
            while j > 0 && states[order[j - 1]].initiative < states[order[j]].initiative {
                order.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut start = 0;
        while start < order.len() {
            let at = states[order[start]].initiative;
            let mut end = start + 1;
            while end < order.len() && states[order[end]].initiative == at {
                end += 1;
            }
            // Fisher–Yates over the tied run.
            for k in (start + 1..end).rev() {
                let j = start + dice.pick(k - start + 1);
                order.swap(k, j);
            }
            start = end;
        }
        standing(arena)
    }

    /// How many actions combatant `i` has in `round` (002:13–14, 002:19).
    #[inline]
    fn actions(&self, i: usize, round: u32) -> u32 {
        let f = &self.fighters[i];
        match self.encounter.ambush {
            Some(side) if round == 1 && side == f.side => f.actions + 1,
            Some(_) if round == 1 => f.actions.min(self.encounter.ambushed_actions),
            _ => f.actions,
        }
    }

    /// Combatant `i`'s turn; who stands if the fight is decided during it.
    fn turn<D: Dice + ?Sized, O: Observer<Skirmish>>(
        &self,
        i: usize,
        round: u32,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<u64> {
        let f = &self.fighters[i];
        let s = &mut arena.states[i];
        s.defending = false;
        if !s.standing() || s.winded {
            return None;
        }
        let actions = self.actions(i, round);
        let attacks = if f.defend {
            actions.saturating_sub(1)
        } else {
            actions
        };
        let mut n = 0;
        while n < attacks {
            if n > 0 {
                // Between actions: the rest of the turn reads whose turn it is, how many
                // actions are spent and the fight's state.
                self.checkpoint(round, (1 + i, n as usize), dice, arena);
            }
            if arena.states[i].winded {
                return None;
            }
            if self.moves >> i & 1 == 1 {
                match self.moved(i, attacks - n, round, dice, arena, observer) {
                    Step::Fight => {}
                    Step::Spent(cost) => {
                        n += cost;
                        continue;
                    }
                    Step::Gone(decided) => return decided,
                }
            }
            n += 1;
            let t = self.choose_target(i, dice, arena)?;
            if let Some(e) = self.strike(i, t, &f.main, false, round, dice, arena, observer) {
                return Some(e);
            }
            if let Some(off) = &f.offhand {
                let (me, foe) = (&arena.states[i], &arena.states[t]);
                let valid = foe.attackable(f.finish_downed);
                if valid && !me.winded && me.vigor - OFFHAND_VIGOR >= off.keep_vigor {
                    arena.states[i].pay(OFFHAND_VIGOR);
                    if let Some(e) =
                        self.strike(i, t, &off.strike, true, round, dice, arena, observer)
                    {
                        return Some(e);
                    }
                }
            }
        }
        let s = &mut arena.states[i];
        s.defending = f.defend && actions > 0 && !s.winded;
        None
    }

    /// Combatant `i`'s move with `left` actions of its turn to spend, when its profile
    /// chooses one ([`Profile::choose`]) among those the rules offer a medic (a combatant
    /// with `medicine`): stabilise an ally in Shock, `[aftermath] medicine_actions` actions
    /// for a Medicine check VS 20 (002:76), which leaves it down and unconscious; emergency
    /// aid to another standing ally, 2 actions for a Medicine (treatment) check VS 20 that
    /// restores 1d10 Durability up to its full (002:28). Flight (Escape, 002:23) and items
    /// (002:27) are not offered yet.
    ///
    /// Below its `cautious_below` a `cautious` combatant Escapes instead (002:23), one
    /// action: each foe `[encounter] openings` makes adjacent, standing, not Winded and with
    /// 5 Vigor, takes the opening (002:32), its main attack for 5 Vigor, which the one
    /// escaping cannot Dodge, its own turn (002:30); standing after them, it is gone.
    #[inline(never)]
    fn moved<D: Dice + ?Sized, O: Observer<Skirmish>>(
        &self,
        i: usize,
        left: u32,
        round: u32,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Step {
        let f = &self.fighters[i];
        let plays = f.plays;
        let me = &arena.states[i];
        let hurt_me = me.health < f.health || me.durability < f.durability;
        let potion = me.potions > 0;
        let random = plays.profile == Profile::Random;
        // Below its `cautious_below`, a cautious one recovers (its own potion, one action,
        // 002:27), else Escapes (002:23); a random one may drink whenever hurt.
        let low = plays.profile == Profile::Cautious
            && (plays.cautious_below).holds(me.durability + me.health, f.durability + f.health);
        let tend_cost = self.aftermath.medicine_actions;
        let allies = self.bout.roster.side_mask(f.side) & !(1 << i);
        let states = &arena.states;
        let mut hurt = 0u64;
        if f.medicine.is_some() && left >= AID_ACTIONS {
            for j in members(allies) {
                let (s, g) = (&states[j], &self.fighters[j]);
                let low = random
                    || plays
                        .protect_below
                        .holds(s.durability + s.health, g.durability + g.health);
                hurt |= u64::from(s.standing() && s.durability < g.durability && low) << j;
            }
        }
        // Stabilising is the medic's book action only after the fight (`[aftermath]`):
        // in it, only a profile that tends is offered it.
        let tends = matches!(plays.profile, Profile::Protect | Profile::Random);
        let fallen = if tends && ((f.medicine.is_some() && left >= tend_cost) || potion) {
            arena.shocked & allies
        } else {
            0
        };
        let mut foes = 0u64;
        for (j, s) in states.iter().enumerate() {
            foes |= u64::from(s.attackable(f.finish_downed)) << j;
        }
        let offers = Offers {
            fight: !self.bout.roster.foes_of(f.side, Set::from(foes)).is_empty(),
            fallen: Set::from(fallen),
            hurt: Set::from(hurt),
            recover: (random || low) && potion && hurt_me,
            flee: low,
            support: Set::EMPTY,
        };
        // The fallen nearest death first, then the standing with least left (002:75, 002:51).
        let need = |j: usize| {
            let s = &states[j];
            if s.shock {
                i64::from(s.dies_in)
            } else {
                s.durability + s.health
            }
        };
        let (to, stabilise, cost) = match plays.profile.choose(offers, need, |n| dice.pick(n)) {
            // A potion brings one in Shock back up; a medic without one stabilises.
            Move::Tend(t) if potion => {
                self.potion(i, t, dice, arena, observer);
                return Step::Spent(1);
            }
            Move::Recover => {
                self.potion(i, i, dice, arena, observer);
                return Step::Spent(1);
            }
            Move::Flee => return Step::Gone(self.escape(i, round, dice, arena, observer)),
            Move::Tend(t) => (t, true, tend_cost),
            Move::Heal(t) => (t, false, AID_ACTIONS),
            Move::Fight | Move::Support(_) => return Step::Fight,
        };
        let medicine = f.medicine.expect("only a medic is offered Medicine");
        let bonus = &medicine[usize::from(arena.states[i].wounded)];
        let success = medicine_check(bonus, self.success_on, dice);
        let mut restored = 0;
        if success && stabilise {
            let s = &mut arena.states[to];
            (s.shock, s.stable) = (false, true);
            arena.shocked &= !(1 << to);
            arena.stable |= 1 << to;
        } else if success {
            let full = self.fighters[to].durability;
            let s = &mut arena.states[to];
            let rolled = 1 + dice.pick(10) as i64;
            restored = rolled.min(full - s.durability);
            s.durability += restored;
        }
        observer.see(Event::Aid {
            by: i,
            to,
            stabilise,
            success,
            restored,
        });
        Step::Spent(cost)
    }

    /// `by` uses a potion of healing on `to` (itself or an ally), one action (002:27): its
    /// dice back to Health, up to its full, then to Durability; one in Shock given Health is
    /// out of it and up again (002:75–76, a reading of ours).
    fn potion<D: Dice + ?Sized, O: Observer<Skirmish>>(
        &self,
        by: usize,
        to: usize,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) {
        let heal = &self.fighters[by]
            .potions
            .as_ref()
            .expect("one with potions")
            .heal;
        arena.states[by].potions -= 1;
        let g = &self.fighters[to];
        let s = &arena.states[to];
        let room = (g.health - s.health, g.durability - s.durability);
        // The roll matters only as what it restores (the exact walk's branches).
        let restores = |v: &i64| {
            let health = (*v).clamp(0, room.0);
            (health, (*v - health).clamp(0, room.1))
        };
        let rolled = dice.merged_by(|d| d.roll(heal), restores);
        let (health, durability) = restores(&rolled);
        let s = &mut arena.states[to];
        s.health += health;
        s.durability += durability;
        if s.shock && s.health > 0 {
            s.shock = false;
            arena.shocked &= !(1 << to);
        }
        observer.see(Event::Potion {
            by,
            to,
            restored: health + durability,
        });
    }

    /// `i` Escapes (002:23): the openings (002:32), then gone if it stands. Who stands if
    /// the fight is decided by it.
    fn escape<D: Dice + ?Sized, O: Observer<Skirmish>>(
        &self,
        i: usize,
        round: u32,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<u64> {
        arena.escaping = Some(i);
        if self.encounter.openings {
            let foes = self
                .bout
                .roster
                .foes_of(self.fighters[i].side, Set::everyone(self.fighters.len()));
            for j in foes.iter() {
                let s = &arena.states[j];
                if !s.standing() || s.winded || s.vigor < OPENING_VIGOR {
                    continue;
                }
                arena.states[j].pay(OPENING_VIGOR);
                let main = &self.fighters[j].main;
                if let Some(up) = self.strike(j, i, main, false, round, dice, arena, observer) {
                    arena.escaping = None;
                    return Some(up);
                }
                if !arena.states[i].standing() {
                    break;
                }
            }
        }
        arena.escaping = None;
        let s = &mut arena.states[i];
        if !s.standing() {
            return None;
        }
        s.fled = true;
        arena.fled |= 1 << i;
        observer.see(Event::Escape { who: i });
        let up = standing(arena);
        self.bout.decided(up).then_some(up)
    }

    /// The foe `a` attacks, if any: standing foes, or foes in Shock too for `finish_downed`.
    #[inline]
    fn choose_target<D: Dice + ?Sized>(
        &self,
        a: usize,
        dice: &mut D,
        arena: &mut Arena,
    ) -> Option<usize> {
        let finish = self.fighters[a].finish_downed;
        let mut mask = 0u64;
        for (i, s) in arena.states.iter().enumerate() {
            mask |= u64::from(s.attackable(finish)) << i;
        }
        let states = &arena.states;
        let mut focus = states[a].focus;
        let sight = Sight {
            roster: &self.bout.roster,
            me: a,
            // Every attack chooses as the turn's first: `spread` shares foes by member here.
            nth: 0,
            side: self.fighters[a].side,
            among: Set::from(mask),
            weakness: |i: usize| states[i].durability + states[i].health,
        };
        let action = Tactic::Attack(self.fighters[a].target)
            .decide(sight, &mut focus, |foes| foes.draw(|n| dice.pick(n)));
        arena.states[a].focus = focus;
        action.target()
    }

    /// Whether `t` may Dodge now: standing, not Winded, and not ambushed in round 1 when the
    /// ambushed cannot react.
    #[inline]
    fn can_react(&self, t: usize, round: u32, arena: &Arena) -> bool {
        let s = &arena.states[t];
        let surprised = round == 1
            && !self.encounter.ambushed_can_react
            && self
                .encounter
                .ambush
                .is_some_and(|side| side != self.fighters[t].side);
        s.standing() && !s.winded && !surprised && arena.escaping != Some(t)
    }

    /// `a` attacks `t` with `strike`; who stands if the fight is decided by it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn strike<D: Dice + ?Sized, O: Observer<Skirmish>>(
        &self,
        a: usize,
        t: usize,
        strike: &Strike,
        offhand: bool,
        round: u32,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<u64> {
        let wa = usize::from(arena.states[a].wounded);
        let pair = self.pair(a, t);
        let behind = round == 1
            && self.encounter.ambush_from_behind
            && self.encounter.ambush == Some(self.fighters[a].side);
        let guard = if behind {
            pair.guard_behind
        } else {
            pair.guard
        };
        let (tf, ts) = (&self.fighters[t], &arena.states[t]);
        let (can_react, cost) = (self.can_react(t, round, arena), dodge_cost(ts.defending));
        let dodges = |beats: bool| can_react && tf.dodge_policy.dodges(beats, ts.vigor, cost);
        let (attack, dodge_dice) = (&strike.attack[wa], &tf.dodge[usize::from(ts.wounded)]);
        // The attack's total, and the Dodge's where the target Dodges (paid from its Vigor
        // once both are rolled): they matter only as whether it Dodged and whether the attack
        // hit, which the exact walk branches on. They depend on nothing but the dice, the
        // Guard and whether the target Dodges a beating total and one that does not.
        let key = attack.key()
            | dodge_dice.key() << 18
            | (guard as u16 as u64) << 36
            | u64::from(dodges(true)) << 52
            | u64::from(dodges(false)) << 53;
        let (total, against) = dice.merged_as(
            key,
            |d| {
                let total = attack.check_by(d, |t| (t > guard).then_some(t));
                if !dodges(total > guard) {
                    return (total as i32, NO_DODGE);
                }
                // 002:18: a tie goes to the attacker.
                let against = dodge_dice.check_by(d, |a| a <= total);
                (total as i32, against as i32)
            },
            |&(total, against)| {
                let dodged = against != NO_DODGE;
                (
                    dodged,
                    total > guard as i32 && (!dodged || total >= against),
                )
            },
        );
        let (total, beats) = (i64::from(total), i64::from(total) > guard);
        let dodge = (against != NO_DODGE).then_some(i64::from(against));
        if dodge.is_some() {
            arena.states[t].pay(cost);
        }
        let hit = beats && dodge.is_none_or(|against| total >= against);
        observer.see(Event::Attack {
            attacker: a,
            target: t,
            offhand,
            total,
            guard,
            dodge,
            hit,
        });
        if !hit {
            return None;
        }
        let damage = &strike.damage[wa];
        // The roll matters only as what gets through the armor (the exact walk's branches).
        let raw = damage
            .roll_by(dice, |(raw, _)| damage.through(raw, &pair.armor))
            .0;
        let dealt = damage.through(raw, &pair.armor);
        observer.see(Event::Damage {
            target: t,
            raw,
            dealt,
        });
        if self.hurt(t, dealt, round, arena) {
            let up = standing(arena);
            return self.bout.decided(up).then_some(up);
        }
        None
    }

    /// `dealt` to `t`: Durability, then Health (002:51); Shock at 0 Health, death from damage
    /// in Shock (002:75). Whether `t` fell or died.
    #[inline]
    fn hurt(&self, t: usize, dealt: i64, round: u32, arena: &mut Arena) -> bool {
        if dealt <= 0 {
            return false;
        }
        let s = &mut arena.states[t];
        if s.dead {
            return false;
        }
        if s.shock {
            s.shock = false;
            s.dead = true;
            arena.shocked &= !(1 << t);
            arena.dead |= 1 << t;
            return true;
        }
        let from_durability = dealt.min(s.durability);
        s.durability -= from_durability;
        let mut rest = dealt - from_durability;
        if s.durability == 0 && !s.wounded {
            s.wounded = true;
            if !self.overflow_to_health {
                rest = 0;
            }
        }
        if rest <= 0 {
            return false;
        }
        s.health -= rest;
        if s.health > 0 {
            return false;
        }
        s.health = 0;
        s.shock = true;
        s.fell = true;
        s.winded = false;
        s.dies_in = round + self.fighters[t].stamina as u32;
        arena.shocked |= 1 << t;
        true
    }

    /// The Recovery phase (002:10, 002:44–46) and Shock countdowns (002:75).
    fn recover(&self, round: u32, arena: &mut Arena) {
        arena.recovered = round;
        for (i, (f, s)) in self
            .fighters
            .iter()
            .zip(arena.states.iter_mut())
            .enumerate()
        {
            if s.dead || s.stable || s.fled {
                continue;
            }
            if s.shock {
                if round >= s.dies_in {
                    s.shock = false;
                    s.dead = true;
                    arena.shocked &= !(1 << i);
                    arena.dead |= 1 << i;
                }
                continue;
            }
            s.vigor = (s.vigor + f.vigor_recovery).min(f.vigor);
            if s.winded && s.vigor >= WINDED_UNTIL {
                s.winded = false;
            }
            if !s.wounded {
                s.durability = (s.durability + f.durability_recovery).min(f.durability);
            }
            s.winded_rounds += u64::from(s.winded);
        }
    }
}

impl Skirmish {
    /// The Medicine tries `tender` makes in an aftermath round (see [`Skirmish::treat`]):
    /// none in the round the fight ended (the tenders have acted), then ⌊actions /
    /// `medicine_actions`⌋ a round for one with `medicine`.
    #[inline]
    pub(super) fn medicine_tries(&self, tender: usize, first: bool) -> u32 {
        let f = &self.fighters[tender];
        match f.medicine {
            Some(_) if !first => f.actions / self.aftermath.medicine_actions,
            _ => 0,
        }
    }

    /// Of `patients`, the one whose Stamina runs out first (then scenario order), a reading
    /// of ours.
    #[inline]
    pub(super) fn soonest(&self, patients: u64, arena: &Arena) -> usize {
        least_by(patients, |q| arena.states[q].dies_in)
    }

    /// One Medicine try of `tender` on one in Shock: a check VS 20 under `[rules]
    /// success_on`, its bonus dice bursting and stepped down while the medic is Wounded
    /// (002:76, 002:53). Success stabilises: down, unconscious until it recovers Health
    /// (002:76). Tries come before the round's Recovery phase ([`Skirmish::recover_dying`]).
    #[inline]
    pub(super) fn treat_shock<D: Dice + ?Sized>(
        &self,
        tender: usize,
        dice: &mut D,
        arena: &Arena,
    ) -> bool {
        let medicine = self.fighters[tender].medicine.expect("a medic");
        let bonus = &medicine[usize::from(arena.states[tender].wounded)];
        medicine_check(bonus, self.success_on, dice)
    }

    /// The Recovery phase of aftermath round `round` for `dying` (those in Shock nobody
    /// stabilised): the countdown of 002:75 runs on, so one who fell in round r dies in the
    /// Recovery phase of round r + Stamina — also in the round the fight ended (`first`),
    /// unless its Recovery phase had come.
    #[inline]
    pub(super) fn recover_dying(&self, round: u32, first: bool, dying: u64, arena: &Arena) -> u64 {
        if first && arena.recovered >= round {
            return 0;
        }
        let mut died = 0;
        for p in members(dying) {
            died |= u64::from(arena.states[p].dies_in <= round) << p;
        }
        died
    }
}

impl Skirmish {
    /// A point of a round where the rest of it reads only `site` (0: between turns, else
    /// 1 + the combatant whose turn it is), `at` (the next turn's place in the order, or the
    /// turn's next attack) and the fight's state (the exact walk's checkpoint).
    #[inline(always)]
    fn checkpoint<D: Dice + ?Sized>(
        &self,
        now: u32,
        (site, at): (usize, usize),
        dice: &mut D,
        arena: &mut Arena,
    ) {
        dice.checkpoint(|key, sums| {
            key.field(&mut { site });
            key.field(&mut { at });
            self.exact_fields(arena, now, key);
            self.exact_sums(arena, &mut |v| sums.push(*v));
        });
    }

    /// Every part of `arena` the rest of a fight reads, for the exact walk
    /// ([`crate::combat::Walk::exact_state`]): each combatant's Durability, Health, Vigor
    /// and conditions, its Shock countdown and Defend (its remembered foe where it keeps
    /// one), the turn order, the last Recovery phase and the masks. The initiative totals
    /// gave the order and are read no more.
    pub(super) fn exact_fields<C: StateCodec>(&self, arena: &mut Arena, now: u32, state: &mut C) {
        for (s, f) in arena.states.iter_mut().zip(&self.fighters) {
            for v in [&mut s.durability, &mut s.health, &mut s.vigor] {
                state.field(v);
            }
            for flag in [
                &mut s.wounded,
                &mut s.shock,
                &mut s.fell,
                &mut s.dead,
                &mut s.stable,
                &mut s.winded,
                &mut s.ever_winded,
                &mut s.defending,
                &mut s.fled,
            ] {
                state.field(flag);
            }
            if f.potions.is_some() {
                state.field(&mut s.potions);
            }
            // The round it dies in, while in Shock (relative to this one).
            let mut dies = if s.shock { s.dies_in } else { u32::MAX };
            at_round(state, &mut dies, now);
            s.dies_in = if dies == u32::MAX { 0 } else { dies };
            if f.target == crate::combat::Targeting::Focus {
                state.field(&mut s.focus);
            }
        }
        state.fields(&mut arena.order);
        at_round(state, &mut arena.recovered, now);
        for mask in [
            &mut arena.shocked,
            &mut arena.dead,
            &mut arena.stable,
            &mut arena.fled,
        ] {
            state.field(mask);
        }
    }

    /// The numbers of `arena` only added to: rounds Winded and Vigor spent.
    pub(super) fn exact_sums(&self, arena: &mut Arena, each: &mut dyn FnMut(&mut u64)) {
        for s in &mut arena.states {
            each(&mut s.winded_rounds);
            each(&mut s.vigor_spent);
        }
    }
}

/// Who stands (a mask; Winded stands).
#[inline]
pub(super) fn standing(arena: &Arena) -> u64 {
    let mut up = 0u64;
    for (i, s) in arena.states.iter().enumerate() {
        up |= u64::from(s.standing()) << i;
    }
    up
}
