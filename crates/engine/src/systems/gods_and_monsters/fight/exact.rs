//! What the arena says of a fight: everyone's state for an observer and what a day carries,
//! and the exact walk's fields and checkpoints ([`crate::combat::Walk`]).

use super::*;

impl Conflict {
    /// A point of a round where the rest of it reads only `site` (0: after an attacker's
    /// attacks in a plain round, 1: after a consciousness roll at its end, 2: after a death
    /// contest; 256 more where someone's time to die runs out), the round's `locals` there (who was struck, who is still to attack or
    /// roll, …), the blows and falls so far and the fight's state: the exact walk's
    /// checkpoint.
    #[inline(always)]
    pub(super) fn checkpoint<D: Dice>(
        &self,
        (now, site): (u32, u64),
        locals: [u64; 4],
        dice: &mut D,
        arena: &mut Arena,
    ) {
        dice.checkpoint(|key, _| {
            for mut v in [site, arena.blows, arena.falls].into_iter().chain(locals) {
                key.field(&mut v);
            }
            self.exact_fields(arena, now, key);
        });
    }

    /// Everyone's state in `arena` into its list of states.
    pub(super) fn fill_states(&self, arena: &mut Arena) {
        let states = self.states(arena);
        arena.states = states;
    }

    /// Everyone's state in `arena`, as an observer sees it.
    pub fn states(&self, arena: &Arena) -> Vec<State> {
        let flags = &arena.flags;
        (0..self.fighters.len())
            .map(|i| {
                let more = &arena.more[i];
                let left = self.left_in(i, arena);
                let bit = |mask: u64| mask >> i & 1 == 1;
                State {
                    survival: left.survival,
                    verve: left.verve,
                    injuries: left.injuries,
                    surprised: bit(arena.surprised),
                    conscious: !bit(flags.unconscious),
                    fled: bit(flags.fled),
                    dying: bit(flags.dying),
                    dead: bit(flags.dead),
                    mojo: more.mojo,
                    mojo_spent: more.spent,
                    mojo_saved: bit(flags.saved),
                }
            })
            .collect()
    }

    /// Fighter `i`'s values in `arena` as the rounds left them (survival, verve, injuries,
    /// mojo; unconscious and dead as its flags say), before the aftermath.
    pub(in crate::systems::gods_and_monsters) fn left_in(
        &self,
        i: usize,
        arena: &Arena,
    ) -> Carried {
        let (now, more, f) = (&arena.now[i], &arena.more[i], &self.fighters[i]);
        let carried = (i < arena.carried_in).then(|| arena.carried[i]);
        let bit = |mask: u64| mask >> i & 1 == 1;
        let kept = self.engine.kind & (CALLED | MOJO | WAKING) != 0;
        Carried {
            survival: survival_in(now.pool, now.survival),
            verve: if f.verve_in_combat {
                (now.pool - now.survival).max(0)
            } else {
                carried.map_or(f.verve, |c| c.verve)
            },
            injuries: now.injuries
                + if self.engine.kind & CALLED != 0 {
                    more.direct
                } else {
                    0
                }
                + (-now.pool).max(0),
            mojo: match carried {
                _ if kept => more.mojo,
                Some(c) => c.mojo,
                None => f.mojo,
            },
            unconscious: bit(arena.flags.unconscious),
            out_minutes: carried.map_or(0, |c| c.out_minutes),
            dead: bit(arena.flags.dead),
        }
    }

    /// Every part of `arena` the rest of a fight reads, for the exact walk
    /// ([`crate::combat::Walk::exact_state`]): each fighter's pool (and when the round
    /// began) and readiness, mojo and blows where the rules kept keep them, the round it fell
    /// and the dying's time to die (relative to `round`; its remembered foe where it keeps
    /// one), the flags; the soonest time to die is found from them. The start's survival and
    /// injuries, who has survival, who sits out and whose flight threshold is reached at the
    /// start are set when the fight begins and never change; the foes last picked among, the
    /// round's plan, blows and falls are the round's own; a fresh fight carries nothing in.
    pub(in crate::systems::gods_and_monsters) fn exact_fields<C: StateCodec>(
        &self,
        arena: &mut Arena,
        round: u32,
        state: &mut C,
    ) {
        // What the rules beyond a plain conflict keep (blows, mojo, the time out cold).
        let more_kept = self.engine.kind & (CALLED | MOJO | WAKING) != 0;
        let most = if self.aftermath.rest {
            u32::MAX
        } else {
            self.bout.max_rounds + 1
        };
        // The flags first: they say whose time to die is kept.
        let f = &mut arena.flags;
        for mask in [
            &mut arena.surprised,
            &mut f.unconscious,
            &mut f.fled,
            &mut f.dying,
            &mut f.dead,
            &mut f.saved,
        ] {
            state.field(mask);
        }
        if self.engine.last_effort != 0 {
            state.field(&mut arena.last);
        }
        let f = &arena.flags;
        let dying = f.dying & !f.dead;
        for i in 0..self.fighters.len() {
            let (now, more) = (&mut arena.now[i], &mut arena.more[i]);
            state.field(&mut now.pool);
            state.field(&mut now.then);
            if self.engine.facts[i].target == Targeting::Focus {
                state.field(&mut now.focus);
            }
            if more_kept {
                for v in [
                    &mut more.direct,
                    &mut more.direct_then,
                    &mut more.mojo,
                    &mut more.spent,
                ] {
                    state.field(v);
                }
            }
            if self.engine.kind & WAKING != 0 {
                at_round(state, &mut more.out_since, round);
            }
            // The time to die, read for the dying not dead only (it stays as it was once
            // they die): within the fight, and by a resting aftermath; with no rest, one
            // further off than the round limit is as good as never.
            if dying >> i & 1 == 1 {
                at_round_within(state, &mut arena.dies_at[i], round, most);
            } else {
                arena.dies_at[i] = u32::MAX;
            }
        }
        state.fields(&mut arena.ready_in);
        // The soonest time to die follows from the rest (one left stale by a death that came
        // at once is found again: it only ever made the round look for deaths due).
        self.next_death(arena);
    }

    /// An ended fight's `arena` with what its end does not read set to one value
    /// ([`crate::combat::Walk::exact_settle`]). The end reads the flags, the mojo spent
    /// ([`crate::combat::Record::outcome`]), the pools held to 0…full of the winners
    /// ([`Self::pool_left`]), and of the dying their injuries and, when they rest, their time
    /// left ([`Conflict::heal`], 004:615); not the round's bookkeeping (the pool when the
    /// round began, readiness, foes kept, who is surprised, mojo left, the time out cold) nor
    /// the injuries of anyone else — a fallen fighter's pool below 0 is one of those.
    pub(in crate::systems::gods_and_monsters) fn exact_settle(&self, arena: &mut Arena) {
        let dying = arena.flags.dying & !arena.flags.dead;
        for i in 0..self.fighters.len() {
            let (now, more) = (&mut arena.now[i], &mut arena.more[i]);
            now.then = 0;
            now.focus = NOBODY;
            (more.direct_then, more.mojo, more.out_since) = (0, 0, u32::MAX);
            if dying >> i & 1 == 0 {
                now.pool = now.pool.max(0);
                more.direct = 0;
            }
            if !self.aftermath.rest {
                arena.dies_at[i] = u32::MAX;
            }
        }
        arena.surprised = 0;
        arena.ready_in.fill(0);
    }

    /// Mojo fighter `i` spent in the fight in `arena`.
    pub(in crate::systems::gods_and_monsters) fn mojo_spent(&self, i: usize, arena: &Arena) -> i64 {
        arena.more[i].spent
    }
}
