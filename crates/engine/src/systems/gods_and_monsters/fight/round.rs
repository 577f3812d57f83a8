//! A Gods & Monsters round from its start: the fight begun (fresh, or from a day's carried
//! states), the rules' rolls with mojo bids, and the round itself — waking, snapping out of
//! surprise, the crowd's cover — before the attacks ([`super::attack`]) and the end of the
//! round ([`super::end`]).

use super::*;

impl Conflict {
    /// Fighter `i`'s injury points now, or when the round began (`then`): the start's, the
    /// damage past the pool and the blows straight to injuries.
    #[inline(always)]
    pub(super) fn injuries<const K: u16>(&self, i: usize, arena: &Arena, then: bool) -> i64 {
        injuries::<K>(&arena.now[i], &arena.more[i], then)
    }

    /// Fighter `i`'s survival (and verve, where it takes combat damage) left and at the
    /// start.
    pub(in crate::systems::gods_and_monsters) fn pool_left(
        &self,
        i: usize,
        arena: &Arena,
    ) -> (u64, u64) {
        crate::combat::toughness(arena.now[i].pool, self.engine.facts[i].pool)
    }

    /// Fighter `i`'s injury points now, whichever instantiation played the fight.
    pub(in crate::systems::gods_and_monsters) fn injuries_now(
        &self,
        i: usize,
        arena: &Arena,
    ) -> i64 {
        if self.engine.kind & CALLED != 0 {
            self.injuries::<{ rule::ALL }>(i, arena, false)
        } else {
            self.injuries::<0>(i, arena, false)
        }
    }

    /// After fighter `i`'s failed roll of `kind` that missed by `miss`: bids exactly the miss
    /// if the pool, less the reserve (not for death), covers it (976–978). Whether the roll
    /// now succeeds.
    #[inline(always)]
    pub(super) fn bid<const K: u16>(
        &self,
        i: usize,
        kind: MojoKind,
        miss: i64,
        arena: &mut Arena,
    ) -> bool {
        if K & MOJO == 0 {
            return false;
        }
        let f = &self.fighters[i];
        let m = &mut arena.more[i];
        if !f.mojo_on.has(kind) || m.mojo <= 0 {
            return false;
        }
        let reserve = if kind == MojoKind::Death {
            0
        } else {
            f.mojo_reserve
        };
        let covered = m.mojo - reserve >= miss;
        if covered {
            m.mojo -= miss;
            m.spent += miss;
        }
        covered
    }

    /// Whether fighter `i` may bid mojo on a failed roll of `kind` now (976).
    #[inline(always)]
    pub(super) fn may_bid<const K: u16>(&self, i: usize, kind: MojoKind, arena: &Arena) -> bool {
        K & MOJO != 0 && self.fighters[i].mojo_on.has(kind) && arena.more[i].mojo > 0
    }

    /// Fighter `i`'s roll of d20 ≤ `needed` of `kind`, turned by mojo where it can be:
    /// (succeeded, the d20). `faces`: the caller reads the d20 beyond making it or not (a
    /// shot's strays); else only a bid does ([`survival::d20_under`]).
    #[inline(always)]
    pub(super) fn roll_under<const K: u16, D: Dice>(
        &self,
        i: usize,
        kind: MojoKind,
        needed: i64,
        faces: bool,
        dice: &mut D,
        arena: &mut Arena,
    ) -> (bool, i64) {
        let roll = if faces {
            dice.d20()
        } else {
            survival::d20_under(dice, needed, self.may_bid::<K>(i, kind, arena))
        };
        let ok = roll <= needed || self.bid::<K>(i, kind, roll - needed, arena);
        (ok, roll)
    }

    /// A fight whose first `party.len()` combatants start from their carried states (none:
    /// a fresh fight), the others fresh: everyone's pool as at its start, mojo and readiness
    /// as at the start, surprise rolled (perception, or surprised, in scenario order) by
    /// those up. A member carried in down or dead sits the fight out ([`Arena::absent`]).
    /// Who can act. With `party` empty or every state the fighter's fresh one, the same
    /// fight, dice for dice.
    #[inline(always)]
    pub(in crate::systems::gods_and_monsters) fn begin_from_with<const K: u16, D: Dice>(
        &self,
        dice: &mut D,
        arena: &mut Arena,
        party: &[Carried],
    ) -> u64 {
        let e = &self.engine;
        for i in members(e.all) {
            let f = &e.facts[i];
            arena.now[i] = Now {
                pool: f.pool,
                then: f.pool,
                survival: f.survival,
                injuries: f.injuries,
                focus: NOBODY,
            };
            if K & (CALLED | MOJO | WAKING) != 0 {
                arena.more[i] = More {
                    mojo: self.fighters[i].mojo,
                    ..More::default()
                };
            }
        }
        arena.flags = Flags::default();
        arena.next_death = u32::MAX;
        arena.last = 0;
        arena.has_survival = e.has_survival;
        arena.flee_at_start = e.flee_at_start;
        arena.absent = 0;
        arena.carried_in = party.len();
        if !party.is_empty() {
            self.carry_in::<K>(arena, party);
        }
        let mut surprised = 0u64;
        for &(i, needed) in &e.surprise {
            if arena.absent >> i & 1 == 1 {
                continue;
            }
            // 004:601: the injury penalty is the injuries it starts with.
            let needed = needed + e.facts[i].injuries - arena.now[i].injuries;
            let (ok, _) =
                self.roll_under::<K, D>(i, MojoKind::Surprise, needed, false, dice, arena);
            surprised |= u64::from(!ok) << i;
        }
        arena.surprised = surprised;
        if K & RELOAD != 0 {
            arena.ready_in.clear();
            arena
                .ready_in
                .extend((self.fighters.iter().flat_map(|f| &f.attacks)).map(|a| a.first_ready));
        }
        e.all & !arena.absent
    }

    /// The first `party.len()` combatants' values from their carried states: survival,
    /// verve (where it soaks combat damage), injuries and mojo; one down or dead sits out.
    #[cold]
    pub(super) fn carry_in<const K: u16>(&self, arena: &mut Arena, party: &[Carried]) {
        let e = &self.engine;
        for (i, s) in party.iter().enumerate() {
            let f = &self.fighters[i];
            let pool = s.survival + if f.verve_in_combat { s.verve } else { 0 };
            arena.now[i] = Now {
                pool,
                then: pool,
                survival: s.survival,
                injuries: s.injuries,
                focus: NOBODY,
            };
            if K & (CALLED | MOJO | WAKING) != 0 {
                arena.more[i].mojo = s.mojo;
            }
            let bit = 1u64 << i;
            arena.has_survival = arena.has_survival & !bit | u64::from(s.survival > 0) << i;
            let at_flight = e.flee >> i & 1 == 1 && e.facts[i].at_flight(pool, s.survival);
            arena.flee_at_start = arena.flee_at_start & !bit | u64::from(at_flight) << i;
            arena.carried[i] = *s;
            if s.dead {
                arena.flags.dead |= bit;
                arena.absent |= bit;
            } else if s.unconscious {
                arena.flags.unconscious |= bit;
                arena.absent |= bit;
            }
        }
    }

    /// Round `round`, `up` able to act when it begins; who can act at its end, or `None`
    /// where its end has nothing to do (nobody hurt, gaining injuries, reaching a flight
    /// threshold, falling unconscious or waking), so nobody's condition changed.
    #[inline(always)]
    pub(in crate::systems::gods_and_monsters) fn round_with<
        const K: u16,
        D: Dice,
        O: Observer<Conflict>,
    >(
        &self,
        round: u32,
        up: u64,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<u64> {
        dice.round_begins();
        let e = &self.engine;
        let late = round >= 2;
        // Those making a last effort act, but are dead: nobody's target (619).
        let mut standing = if K & MOJO != 0 { up & !arena.last } else { up };
        let mut woken = 0u64;
        if K & WAKING != 0 && e.rules.unconscious_for == UnconsciousFor::Injuries {
            // 605: out for a minute (six rounds) per injury point; 758: out two or more
            // rounds, no longer surprised.
            for i in members(arena.flags.unconscious & !arena.flags.dead & !arena.absent) {
                let missed = round - arena.more[i].out_since - 1;
                let out_for = i64::from(ROUNDS_PER_MINUTE) * self.injuries::<K>(i, arena, false);
                if i64::from(missed) >= out_for {
                    woken |= 1 << i;
                    arena.surprised &= !(u64::from(missed >= 2) << i);
                }
            }
            if woken != 0 {
                arena.flags.unconscious &= !woken;
                standing = e.able(&arena.flags);
            }
        }
        let downed = if K & DOWNED != 0 {
            arena.flags.unconscious & !arena.flags.dead & !arena.flags.fled & !arena.absent
        } else {
            0
        };
        // Snap out of surprise from round 2, in scenario order: the better of willpower and
        // fortitude.
        if late {
            for i in members(standing & arena.surprised) {
                let needed = e.facts[i].best - self.injuries::<K>(i, arena, false);
                let (snaps, _) =
                    self.roll_under::<K, D>(i, MojoKind::SnapOut, needed, false, dice, arena);
                arena.surprised &= !(u64::from(snaps) << i);
            }
        }
        // +2 to hit the surprised after round 1 (806, 852), +4 the unaware (866).
        let (exposed, exposure) = if late {
            (arena.surprised, 2)
        } else if e.rules.surprised_are_unaware {
            (arena.surprised, 4)
        } else {
            (0, 0)
        };
        let mut turn = Turn {
            round,
            late,
            standing,
            downed,
            exposed,
            exposure,
            calls: 0,
            crowd: Cover::None,
            leading: 0,
            led: 0,
        };
        if K & AFAR != 0 && e.leaders != 0 {
            self.lead::<K, D>(&mut turn, dice, arena);
        }
        if K & AFAR != 0 && e.into_melee {
            // 780: the combatants standing in close combat, a unit as its size.
            let mut crowd = 0;
            for i in members(standing & e.close) {
                crowd += self.fighters[i].group_size;
            }
            turn.crowd = Cover::of_crowd(crowd);
        }
        arena.blows = 0;
        arena.falls = 0;
        let struck = self.attack::<K, D, O>(&mut turn, dice, arena, observer);
        let settled = self.end_round::<K, D, O>(&turn, struck, woken, dice, arena, observer);
        if O::WATCHING {
            self.fill_states(arena);
            observer.see(Event::RoundEnd {
                round,
                states: &arena.states,
            });
        }
        settled
    }

    /// The leaders of this round (822): each warrior who `leads` and could act chooses
    /// through its profile ([`crate::combat::Profile::choose`]) between fighting and leading,
    /// offered where a companion it covers stands; one who leads makes no attack and rolls
    /// perception (d20 ≤ perception − injuries): on a success up to `level` of its companions
    /// who are not warriors and have cover, the first standing in scenario order, use cover
    /// as warriors do this round.
    #[cold]
    fn lead<const K: u16, D: Dice>(&self, turn: &mut Turn, dice: &mut D, arena: &mut Arena) {
        let e = &self.engine;
        let able = if turn.late {
            turn.standing
        } else {
            turn.standing & !arena.surprised
        };
        for i in members(e.leaders & able) {
            let f = &e.facts[i];
            let covered = Set::from(e.coverable[i] & turn.standing)
                .iter()
                .take(usize::try_from(self.fighters[i].level.unwrap_or(0)).unwrap_or(0))
                .fold(0u64, |m, j| m | 1 << j);
            let offers = Offers {
                fight: turn.standing & f.foes != 0,
                support: Set::from(covered & covered.wrapping_neg()),
                ..Offers::default()
            };
            let plays = self.fighters[i].plays.profile;
            if let Move::Support(_) = plays.choose(offers, |_| 0, |n| dice.pick(n)) {
                turn.leading |= 1 << i;
                let needed = self.fighters[i].perception - self.injuries::<K>(i, arena, false);
                let roll = survival::d20_under(dice, needed, false);
                turn.led |= covered & (u64::from(roll <= needed)).wrapping_neg();
            }
        }
    }
}
