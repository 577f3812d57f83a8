//! Attacks of an Action-Point fight (001_9a2522fe8d4a2682.txt L247–260, L360–367,
//! L386, L390–456): whether the target makes its declared defense and pays for it (L330),
//! the attack roll against that defense or the Passive Armor, a Parry's counterattack
//! (L259, L386), and the damage taken: Vitality, then Health (L436), then death-save
//! failures or death (L440–456).
//!
//! Against a Passive Armor the result and the damage steps come from the tables of
//! [`Strikes`](super::super::strike::Strikes); against an active defense [`resolve`] and
//! [`deal`] run as they are.

use super::super::attack::{DefenseKind, Hit, resolve};
use super::super::conflict::Conflict;
use super::super::d20::Edge;
use super::super::damage::{Blow, Dealt, deal};
use super::super::fighter::{ActiveDefense, DefendWhen, Fighter, InstantDeath, Kind};
use super::{AP_ATTACK, AP_DEFENSE, Arena, Event, State, die};
use crate::combat::{MAX_FIGHTERS, Observer};
use oddsmith_core::dice::Dice;

impl Conflict {
    /// Whether `t` makes its declared defense `d` now: from its [`Pace`](super::Pace)'s
    /// table while it holds under 128 AP (the spare rule divides).
    #[inline]
    fn defends(&self, t: usize, d: &ActiveDefense, arena: &Arena) -> bool {
        let ap = arena.states[t].ap;
        match u32::try_from(ap) {
            Ok(bit @ 0..128) => self.paces[t].defends >> bit & 1 == 1,
            _ => makes_defense(&self.fighters[t], d, ap),
        }
    }

    fn roll_defense<Ro: Dice>(d: &ActiveDefense, roller: &mut Ro) -> i64 {
        let mut once = || d.kind.dice().iter().map(|&s| roller.d(s)).sum::<i64>();
        let a = once();
        d.bonus
            + match d.edge {
                Edge::Normal => a,
                Edge::Advantage => a.max(once()),
                Edge::Disadvantage => a.min(once()),
            }
    }

    /// The d20 of `a`'s attack roll at advantage from a Help, which it uses up (001:310):
    /// two d20s, the higher kept; `class` is what the roll decides (the exact walk's
    /// branches).
    #[cold]
    fn helped_d20<Ro: Dice, C: PartialEq>(
        a: usize,
        roller: &mut Ro,
        arena: &mut Arena,
        class: impl Fn(i64) -> C,
    ) -> i64 {
        arena.helped &= !(1 << a);
        roller.merged_by(|r| attack_d20(r, true), |&d20| class(d20))
    }

    /// `a` attacks `t` with its attack `k`; a Parry's crit answers with a counterattack, which
    /// can be parried and answered in turn (L259, L386).
    pub(super) fn strike<Ro: Dice, Ob: Observer<Conflict>>(
        &self,
        a: usize,
        t: usize,
        k: usize,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        let (mut a, mut t, mut k, mut counter) = (a, t, k, false);
        while self.swing(a, t, k, counter, roller, arena, observer) {
            (a, t, k, counter) = (t, a, 0, true);
        }
    }

    /// `a` attacks `t` with its attack `k` (a counterattack: for 1 AP less, weapon dice only,
    /// L386). True when `t` counterattacks `a` next (the attack missed, so nothing else is
    /// left to do).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn swing<Ro: Dice, Ob: Observer<Conflict>>(
        &self,
        a: usize,
        t: usize,
        k: usize,
        counter: bool,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) -> bool {
        let attack = &self.fighters[a].attacks[k];
        let cost = attack.ap - i64::from(counter);
        self.pay(a, cost, AP_ATTACK, arena);
        let target = &self.fighters[t];
        let flat = if counter { 0 } else { attack.damage.constant() };
        match &target.defend {
            Some(d) if arena.states[t].up && self.defends(t, d, arena) => {
                self.pay(t, d.cost, AP_DEFENSE, arena);
                observer.see(Event::Defend {
                    who: t,
                    kind: d.kind,
                });
                self.against_defense(a, t, k, flat, d, roller, arena, observer)
            }
            _ => {
                // Against the Passive Armor: the result and damage steps are tables.
                let p = self.strikes.passive(a, k, t);
                // Its face matters only as the result it gives (the exact walk's branches).
                let d20 = if arena.helped >> a & 1 == 0 {
                    roller.merged_by(|r| r.d20(), |&d20| p.hit(d20))
                } else {
                    Self::helped_d20(a, roller, arena, |d20| p.hit(d20))
                };
                let hit = p.hit(d20);
                let total = d20 + attack.to_hit;
                observer.see(Event::Attack {
                    attacker: a,
                    target: t,
                    d20,
                    total,
                    defense: target.passive_armor,
                    hit,
                });
                if hit != Hit::Miss {
                    let dice =
                        roller.roll_plain(&attack.damage, attack.plain) - attack.damage.constant();
                    let dealt = p.deal(dice, flat, hit);
                    observer.see(Event::Damage { target: t, dealt });
                    self.take(t, dealt, hit == Hit::Crit, arena);
                }
                false
            }
        }
    }

    /// [`Conflict::swing`] once `t` pays for its active defense `d`; `flat` is the damage's flat
    /// terms (0 for a counterattack).
    #[allow(clippy::too_many_arguments)]
    #[inline(never)]
    fn against_defense<Ro: Dice, Ob: Observer<Conflict>>(
        &self,
        a: usize,
        t: usize,
        k: usize,
        flat: i64,
        d: &ActiveDefense,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) -> bool {
        let attack = &self.fighters[a].attacks[k];
        let target = &self.fighters[t];
        let result = |value: i64, d20: i64| {
            resolve(
                d20,
                d20 + attack.to_hit,
                value,
                Some(d.rank),
                attack.skill_rank,
                &self.rules.attack,
            )
        };
        // The defense's roll, then the d20: they matter only as the result they give (the
        // exact walk's branches), which depends on nothing but the attack and the defense.
        let helped = arena.helped >> a & 1;
        arena.helped &= !(helped << a);
        let key = ((a * MAX_FIGHTERS + t) * 256 + k) * 2 + helped as usize;
        let (value, d20) = roller.merged_as(
            key as u64,
            |r| {
                let value = Self::roll_defense(d, r) as i32;
                (value, attack_d20(r, helped == 1) as i32)
            },
            |&(value, d20)| result(value.into(), d20.into()),
        );
        let (value, d20) = (i64::from(value), i64::from(d20));
        let total = d20 + attack.to_hit;
        let (hit, defender_crit) = result(value, d20);
        observer.see(Event::Attack {
            attacker: a,
            target: t,
            d20,
            total,
            defense: value,
            hit,
        });
        if defender_crit {
            match d.kind {
                // L250: gains back 1 AP.
                DefenseKind::Dodge | DefenseKind::Dodge2 => {
                    arena.states[t].ap += 1;
                    self.rekey(t, arena);
                }
                // L254: Unbalanced, which the seed does not define.
                DefenseKind::Block => {}
                // L259, L386: an immediate counterattack with the first attack, 1 AP less
                // (a defender's crit is a miss: nothing else of this attack is left).
                DefenseKind::Parry => {
                    if let Some(first) = target.attacks.first()
                        && arena.states[t].ap >= first.ap - 1
                    {
                        return true;
                    }
                }
            }
        }
        if hit == Hit::Miss {
            return false;
        }
        let dice = roller.roll_plain(&attack.damage, attack.plain) - attack.damage.constant();
        let parry_roll = match target.attacks.first() {
            Some(w) if d.kind == DefenseKind::Parry && hit == Hit::DefenderMinorFailure => {
                roller.roll_plain(&w.damage, w.plain) - w.damage.constant()
            }
            _ => 0,
        };
        let dealt = deal(
            attack,
            Blow { dice, flat, hit },
            target,
            Some(d),
            parry_roll,
        );
        observer.see(Event::Damage { target: t, dealt });
        self.take(t, dealt, hit == Hit::Crit, arena);
        false
    }

    /// Damage to `t`: Vitality, then Health (L436); at 0 Health a death-save failure, two on
    /// a crit, or instant death (L450).
    #[inline]
    fn take(&self, t: usize, dealt: Dealt, crit: bool, arena: &mut Arena) {
        // Most blows leave their target above 0 Health: only Vitality and Health change.
        let s = &mut arena.states[t];
        let from_vitality = dealt.to_pool.min(s.vitality);
        let rest = dealt.to_pool - from_vitality + dealt.to_health;
        if !s.dead && rest < s.health {
            s.vitality -= from_vitality;
            s.health -= rest;
            return;
        }
        self.fall(t, dealt, crit, arena);
    }

    /// [`Conflict::take`] for a blow that takes `t` to 0 Health or finds it there.
    #[inline(never)]
    fn fall(&self, t: usize, dealt: Dealt, crit: bool, arena: &mut Arena) {
        let status = |s: &State| (s.up, s.dying, s.dead);
        let before = status(&arena.states[t]);
        self.damage_state(t, dealt, crit, arena);
        if status(&arena.states[t]) != before {
            self.restatus(t, arena);
        }
    }

    fn damage_state(&self, t: usize, dealt: Dealt, crit: bool, arena: &mut Arena) {
        let f = &self.fighters[t];
        let s = &mut arena.states[t];
        if s.dead {
            return;
        }
        if s.health > 0 {
            let from_vitality = dealt.to_pool.min(s.vitality);
            s.vitality -= from_vitality;
            let rest = dealt.to_pool - from_vitality + dealt.to_health;
            if rest < s.health {
                s.health -= rest;
                return;
            }
            let leftover = rest - s.health;
            s.health = 0;
            s.up = false;
            if f.kind == Kind::Monster {
                die(s, false);
            } else if self.rules.instant_death != InstantDeath::Off && leftover >= f.health {
                die(s, true);
            } else {
                // L444: Disabled.
                s.disabled = true;
                s.dying = true;
                s.saved_self = false;
                (s.successes, s.failures) = (0, 0);
            }
        } else if dealt.total() > 0 {
            if self.rules.instant_death == InstantDeath::Both && dealt.total() >= f.vitality {
                die(s, true);
                return;
            }
            s.dying = true;
            s.saved_self = false;
            s.failures += 1 + u32::from(crit);
            s.incapacitated |= s.failures >= 2;
            if s.failures >= 3 {
                die(s, false);
            }
        }
    }
}

/// Whether `f`, holding `ap`, makes its declared defense `d` (L330: paid from its AP): when
/// it can pay, and under `spare` only when paying leaves it as many swings of its first
/// attack this round.
pub(super) fn makes_defense(f: &Fighter, d: &ActiveDefense, ap: i64) -> bool {
    if ap < d.cost {
        return false;
    }
    match (f.defend_when, f.attacks.first()) {
        (DefendWhen::Affordable, _) | (DefendWhen::Spare, None) => true,
        (DefendWhen::Spare, Some(first)) => {
            let swings = |left: i64| (left - f.reserve_ap).max(0) / first.ap.max(1);
            swings(ap - d.cost) == swings(ap)
        }
    }
}

/// An attack roll's d20: with a Help pending (`helped`), two d20s and the higher kept
/// (001:310).
#[inline(always)]
fn attack_d20<Ro: Dice>(roller: &mut Ro, helped: bool) -> i64 {
    let d20 = roller.d20();
    if helped { d20.max(roller.d20()) } else { d20 }
}
