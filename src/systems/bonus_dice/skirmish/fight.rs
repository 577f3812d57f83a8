//! The round engine of a skirmish (002:5–12, 002:17–22, 002:42–46, 002:51–54, 002:75),
//! generic over where the dice come from ([`Dice`]) and who watches ([`Observer`]), so the
//! same code runs millions of seeded fights and replays the seed's examples with scripted dice.
//!
//! Before round 1 everyone rolls initiative once, d20 + bonus dice, in file order; the order is
//! highest first, each tie broken by a uniform shuffle of the tied. Each round, in that order,
//! everyone not dead, in Shock or Winded takes its turn: its Defend (if any) from the last turn
//! ends, it makes its Attack actions (each followed by the off-hand attack when it has one and
//! can pay), then Defends with its last action if it defends. After each attack the fight ends
//! if at most one side has anyone standing. Then the Recovery phase. Dice are drawn in this
//! order: attack d20, attack bonus dice, the Dodge's d20 and bonus dice when it Dodges, then
//! weapon dice and damage bonus dice on a hit.

use super::{OFFHAND_VIGOR, Skirmish, Strike, WINDED_UNTIL};
use crate::combat::{Ending, Standing};
use crate::dice::Dice;
use crate::systems::bonus_dice::attack::dodge_cost;

/// Watches a fight; every method defaults to nothing, so the seeded runner pays nothing.
pub trait Observer {
    /// `who` rolled `total` for initiative.
    fn initiative(&mut self, _who: usize, _total: i64) {}
    /// Round `round` begins.
    fn round_start(&mut self, _round: u32) {}
    /// `attacker` attacked `target` (`offhand`: its off-hand attack), rolling `total` against
    /// `guard`; `dodge` is the Dodge's total when it Dodged; `hit` whether it hit.
    #[allow(clippy::too_many_arguments)]
    fn attack(
        &mut self,
        _attacker: usize,
        _target: usize,
        _offhand: bool,
        _total: i64,
        _guard: i64,
        _dodge: Option<i64>,
        _hit: bool,
    ) {
    }
    /// `target` took `dealt` after armor (`raw` before it).
    fn damage(&mut self, _target: usize, _raw: i64, _dealt: i64) {}
    /// The round is over, Recovery included.
    fn round_end(&mut self, _round: u32, _states: &[State]) {}
}

/// The observer that watches nothing.
pub struct Unobserved;
impl Observer for Unobserved {}

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
    /// Winded now (002:43).
    pub winded: bool,
    /// Winded at some point.
    pub ever_winded: bool,
    /// Defending: Dodges cost 3 until its next turn (002:22).
    pub defending: bool,
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
    /// Neither dead nor in Shock (a Winded combatant stands).
    #[inline]
    pub fn standing(&self) -> bool {
        !self.dead && !self.shock
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
    /// Per side: the round it stopped fighting (`max_rounds + 1` if it never did).
    pub side_down: Vec<u32>,
}

impl Skirmish {
    /// Plays one fight; leaves everyone's final state in `arena` and returns how it ended and
    /// after how many rounds.
    pub fn fight<D: Dice + ?Sized, O: Observer>(
        &self,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> (Ending, u32) {
        self.setup(dice, arena, observer);
        for round in 1..=self.max_rounds {
            observer.round_start(round);
            for k in 0..arena.order.len() {
                let i = arena.order[k];
                if let Some(ending) = self.turn(i, round, dice, arena, observer) {
                    for s in arena.states.iter_mut() {
                        s.winded_rounds += u64::from(s.winded && s.standing());
                    }
                    return (ending, round);
                }
            }
            self.recover(round, arena);
            observer.round_end(round, &arena.states);
        }
        (Ending::Stalemate, self.max_rounds)
    }

    /// Fresh states, initiative and the turn order.
    fn setup<D: Dice + ?Sized, O: Observer>(
        &self,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) {
        arena.states.clear();
        arena.order.clear();
        arena.side_down.clear();
        arena
            .side_down
            .resize(self.roster.sides().len(), self.max_rounds + 1);
        for (i, f) in self.fighters.iter().enumerate() {
            // 002:12: the Action Die plus bonus dice, once.
            let initiative = dice.d(20) + f.initiative.roll(dice).0;
            observer.initiative(i, initiative);
            arena.states.push(State {
                durability: f.durability,
                health: f.health,
                vigor: f.vigor,
                wounded: f.durability == 0,
                winded: f.vigor == 0,
                ever_winded: f.vigor == 0,
                initiative,
                ..State::default()
            });
            arena.order.push(i);
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

    /// Combatant `i`'s turn; the ending if the fight is decided during it.
    fn turn<D: Dice + ?Sized, O: Observer>(
        &self,
        i: usize,
        round: u32,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<Ending> {
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
        for _ in 0..attacks {
            if arena.states[i].winded {
                return None;
            }
            let t = self.choose_target(i, dice, arena)?;
            if let Some(e) = self.strike(i, t, &f.main, false, round, dice, arena, observer) {
                return Some(e);
            }
            if let Some(off) = &f.offhand {
                let (me, foe) = (&arena.states[i], &arena.states[t]);
                let valid = foe.standing() || (f.finish_downed && !foe.dead);
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
            mask |= u64::from(s.standing() || (finish && !s.dead)) << i;
        }
        let states = &arena.states;
        let mut focus = states[a].focus;
        let t = self.fighters[a].target.choose(
            &self.roster,
            self.fighters[a].side,
            Standing(mask),
            &mut focus,
            |i| states[i].durability + states[i].health,
            |n| dice.pick(n),
        );
        arena.states[a].focus = focus;
        t
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
        s.standing() && !s.winded && !surprised
    }

    /// `a` attacks `t` with `strike`; the ending if the fight is decided by it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn strike<D: Dice + ?Sized, O: Observer>(
        &self,
        a: usize,
        t: usize,
        strike: &Strike,
        offhand: bool,
        round: u32,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<Ending> {
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
        let total = dice.d(20) + strike.attack[wa].roll(dice).0;
        let beats = total > guard;
        let mut hit = beats;
        let mut dodge = None;
        if self.can_react(t, round, arena) {
            let tf = &self.fighters[t];
            let ts = &mut arena.states[t];
            let cost = dodge_cost(ts.defending);
            if tf.dodge_policy.dodges(beats, ts.vigor, cost) {
                ts.pay(cost);
                let against = dice.d(20) + tf.dodge[usize::from(ts.wounded)].roll(dice).0;
                // 002:18: a tie goes to the attacker.
                hit = beats && total >= against;
                dodge = Some(against);
            }
        }
        observer.attack(a, t, offhand, total, guard, dodge, hit);
        if !hit {
            return None;
        }
        let damage = &strike.damage[wa];
        let raw = damage.roll(dice).0;
        let dealt = damage.through(raw, &pair.armor);
        observer.damage(t, raw, dealt);
        if self.hurt(t, dealt, round, arena) {
            self.note_falls(round, arena);
            return self.decided(arena);
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
        true
    }

    /// Sides with nobody standing note the round they stopped fighting.
    fn note_falls(&self, round: u32, arena: &mut Arena) {
        for (side, &mask) in self.roster.side_masks().iter().enumerate() {
            let up = arena
                .states
                .iter()
                .enumerate()
                .any(|(i, s)| mask >> i & 1 == 1 && s.standing());
            if !up && arena.side_down[side] > self.max_rounds {
                arena.side_down[side] = round;
            }
        }
    }

    /// The ending once at most one side has anyone standing.
    fn decided(&self, arena: &Arena) -> Option<Ending> {
        let mut up = 0u64;
        for (i, s) in arena.states.iter().enumerate() {
            up |= u64::from(s.standing()) << i;
        }
        let mut sides = self
            .roster
            .side_masks()
            .iter()
            .enumerate()
            .filter(|(_, m)| *m & up != 0);
        match (sides.next(), sides.next()) {
            (None, _) => Some(Ending::Draw),
            (Some((s, _)), None) => Some(Ending::Win(s)),
            _ => None,
        }
    }

    /// The Recovery phase (002:10, 002:44–46) and Shock countdowns (002:75).
    fn recover(&self, round: u32, arena: &mut Arena) {
        for (f, s) in self.fighters.iter().zip(arena.states.iter_mut()) {
            if s.dead {
                continue;
            }
            if s.shock {
                if round >= s.dies_in {
                    s.shock = false;
                    s.dead = true;
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
