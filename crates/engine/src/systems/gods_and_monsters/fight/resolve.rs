//! One attack resolved: the hit's damage to verve, survival and injuries (004:599), and the
//! consciousness roll a hit calls for (605).

use super::*;

impl Conflict {
    /// Rolls one attack by `a` at `t` and lands its damage, and a shot into close combat's
    /// strays.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn resolve<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        turn: &Turn,
        (a, aim): (usize, i64),
        strike: &Strike,
        t: usize,
        called: Called,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> u64 {
        let e = &self.engine;
        let round = turn.round;
        let needed = self.needed::<K>(turn, aim, strike, t, called != Called::No);
        // 782: a shot into close combat reads its d20 again for everyone beside the target.
        let strays = K & AFAR != 0 && e.into_melee && strike.afar;
        let (hit, roll) = self.roll_under::<K, D>(a, MojoKind::Attack, needed, strays, dice, arena);
        let damage = strike.damage(hit, dice);
        observer.see(Event::Attack {
            round,
            attacker: a,
            target: t,
            roll,
            needed,
            damage: hit.then_some(damage),
        });
        // 780–784: the target's foes standing in close combat beside it, when shot into it.
        let beside = if K & AFAR != 0 && e.into_melee && strike.afar && e.close >> t & 1 == 1 {
            turn.standing & e.close & e.facts[t].foes
        } else {
            0
        };
        // A miss lands nothing: where no rule acts on it (strays, called shots, per-hit
        // consciousness), it goes on as a hit of no damage, without a branch on the d20.
        if !hit && K & (AFAR | CALLED | PER_HIT) != 0 {
            if beside != 0 {
                // 784: one random adjacent foe of the target rolls evasion + defense, or
                // takes a fresh damage roll.
                let who = Set::from(beside).draw(|n| dice.pick(n));
                let f = &self.fighters[who];
                let evaded = self.evades::<K, D>(turn, who, f.defense + f.group_bonus, dice, arena);
                let damage = (!evaded).then(|| strike.fresh(dice));
                observer.see(Event::Stray {
                    round,
                    attacker: a,
                    who,
                    damage,
                });
                if let Some(damage) = damage {
                    return self
                        .take_damage::<K, D, O>(turn, who, damage, 0, dice, arena, observer);
                }
            }
            return 0;
        }
        let direct = match called {
            _ if K & CALLED == 0 => 0,
            Called::No | Called::IntoMelee => 0,
            // 870: half the damage, rounded up, as injury points.
            Called::Killing => (damage + 1) / 2,
            // 874–878: an evasion roll (+ head protection) or one point (two from a warrior)
            // goes to injuries.
            Called::Knockout => {
                let bonus = self.fighters[t].head_protection;
                if self.evades::<K, D>(turn, t, bonus, dice, arena) {
                    0
                } else {
                    damage.min(if self.fighters[a].warrior { 2 } else { 1 })
                }
            }
        };
        let mut struck =
            self.take_damage::<K, D, O>(turn, t, damage - direct, direct, dice, arena, observer);
        if called == Called::No {
            // 782: everyone beside the target whom the same d20 would have hit rolls evasion
            // or takes the same damage.
            for who in members(beside) {
                if roll > self.needed::<K>(turn, aim, strike, who, false) {
                    continue;
                }
                let evaded = self.evades::<K, D>(turn, who, 0, dice, arena);
                observer.see(Event::Stray {
                    round,
                    attacker: a,
                    who,
                    damage: (!evaded).then_some(damage),
                });
                if !evaded {
                    struck |=
                        self.take_damage::<K, D, O>(turn, who, damage, 0, dice, arena, observer);
                }
            }
        }
        struck
    }

    /// Lands `damage` on fighter `t` (to soaking verve, then survival, then injury points)
    /// and `direct` straight on its injury points (a killing or knockout blow). Dropping to
    /// zero survival or gaining injuries calls for a consciousness roll: at the round's end
    /// ([`Conflict::end_round`] finds who from the pools), or now with `per_hit`, at the
    /// injuries now; failing it means unconscious at the end of the round.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn take_damage<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        turn: &Turn,
        t: usize,
        damage: i64,
        direct: i64,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> u64 {
        let before = arena.now[t].pool;
        let after = before - damage;
        arena.now[t].pool = after;
        let struck = u64::from(damage > 0 || direct > 0) << t;
        if K & CALLED != 0 {
            arena.more[t].direct += direct;
            arena.blows |= u64::from(direct > 0) << t;
        }
        if K & PER_HIT == 0 || self.engine.rules.consciousness_check != ConsciousnessCheck::PerHit {
            return struck;
        }
        let start = arena.now[t].survival;
        let dropped = survival_in(before, start) > 0 && survival_in(after, start) == 0;
        let gained = damage > 0 && after < 0;
        let bit = 1u64 << t;
        let out = arena.flags.unconscious | arena.falls;
        if !(dropped || gained || direct > 0) || out & bit != 0 {
            return struck;
        }
        let (ok, roll, needed) = self.consciousness::<K, D>(turn, t, dice, arena);
        observer.see(Event::Consciousness {
            round: turn.round,
            who: t,
            roll,
            needed,
        });
        arena.falls |= u64::from(!ok) << t;
        struck
    }

    /// Fighter `i`'s consciousness roll (605): d20 ≤ the better of fortitude and willpower −
    /// injuries + group bonus, −3 while surprised after round 1; mojo may turn it. (Stays
    /// conscious, the d20, what it needed.)
    #[inline(always)]
    pub(super) fn consciousness<const K: u16, D: Dice>(
        &self,
        turn: &Turn,
        i: usize,
        dice: &mut D,
        arena: &mut Arena,
    ) -> (bool, i64, i64) {
        let needed = self.engine.facts[i].best
            - self.injuries::<K>(i, arena, false)
            - 3 * i64::from(turn.late && arena.surprised >> i & 1 == 1);
        let bids = self.may_bid::<K>(i, MojoKind::Consciousness, arena);
        let (ok, roll) = survival::consciousness(dice, needed, bids, |miss| {
            self.bid::<K>(i, MojoKind::Consciousness, miss, arena)
        });
        (ok, roll, needed)
    }
}
