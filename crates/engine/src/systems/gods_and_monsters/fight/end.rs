//! The end of a Gods & Monsters round: consciousness rolled (762), the time to die
//! (613–615), flight (924, 946), and who can act when the round is over.

use super::*;

impl Conflict {
    /// The round's end (762, 605–617): consciousness for everyone hurt, then, in scenario
    /// order, falling unconscious, the death contest for those who gained injuries beyond
    /// their survival and verve, death for the dying whose endurance − injuries is spent, and
    /// flight for those at their threshold (conscious, not yet fled). Who can act, or `None`
    /// when nothing changed. Nobody else's condition can change: injuries, and so death,
    /// change only with injuries gained, and survival only for those struck, so only they
    /// (and the woken, and in round 1 those at their threshold from the start) can reach a
    /// flight threshold.
    #[inline(always)]
    pub(super) fn end_round<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        turn: &Turn,
        struck: u64,
        woken: u64,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> Option<u64> {
        let e = &self.engine;
        // Those who made their last effort this round are done (619); those already dead.
        let made = if K & MOJO != 0 {
            std::mem::take(&mut arena.last)
        } else {
            0
        };
        let dead_before = arena.flags.dead;
        // Who this round hurt: gaining injuries (the pool fell below 0, or a blow went
        // straight to injuries), or dropping to 0 survival (it fell to 0, where there was
        // survival).
        let (mut hurt, mut gained) = (0u64, 0u64);
        let mut reach = if turn.late { 0 } else { arena.flee_at_start };
        for i in members(struck) {
            let f = &e.facts[i];
            let (pool, start) = (arena.now[i].pool, arena.now[i].survival);
            let floor = (arena.has_survival >> i & 1) as i64;
            gained |= u64::from(pool < 0) << i;
            hurt |= u64::from(pool < floor) << i;
            reach |= u64::from(f.at_flight(pool, start)) << i;
            arena.now[i].then = pool;
            if K & CALLED != 0 {
                arena.more[i].direct_then = arena.more[i].direct;
            }
        }
        if K & CALLED != 0 {
            gained |= arena.blows;
            hurt |= arena.blows;
        }
        // Those unconscious when hit do not roll; with `per_hit` they rolled as hit.
        if K & DOWNED != 0 {
            hurt &= !arena.flags.unconscious;
        }
        if K & PER_HIT != 0 && e.rules.consciousness_check == ConsciousnessCheck::PerHit {
            hurt = 0;
        }
        if K & WAKING != 0 {
            reach |= woken;
        }
        let fleeing = reach & e.flee & !arena.flags.fled;
        let falls = if K & PER_HIT != 0 { arena.falls } else { 0 };
        // Someone dying whose time runs out at this round's end (615).
        let due = turn.round >= arena.next_death;
        if hurt | gained | fleeing | falls | woken | made == 0 && !due {
            return None;
        }
        let surprised = if turn.late { arena.surprised } else { 0 };
        let penalty = |i: usize| 3 * (surprised >> i & 1) as i64;
        let mut falls = falls;
        let mut left = members(hurt);
        while let Some(i) = left.next() {
            let (ok, roll, needed) = self.consciousness::<K, D>(turn, i, dice, arena);
            observer.see(Event::Consciousness {
                round: turn.round,
                who: i,
                roll,
                needed,
            });
            falls |= u64::from(!ok) << i;
            let site = 1 | u64::from(due) << 8;
            self.checkpoint(
                (turn.round, site),
                [left.rest(), falls, gained, fleeing],
                dice,
                arena,
            );
        }
        // 615: once the dying go unconscious, the minutes left become hours.
        let fainting = falls & arena.flags.dying & !arena.flags.unconscious & !arena.flags.dead;
        if fainting != 0 {
            self.faint_while_dying(turn.round, fainting, arena);
        }
        arena.flags.unconscious |= falls;
        if K & WAKING != 0 {
            for i in members(falls) {
                arena.more[i].out_since = turn.round;
            }
        }
        let mut left = members(gained | fleeing);
        while let Some(i) = left.next() {
            let bit = 1u64 << i;
            let f = &e.facts[i];
            let pool = arena.now[i].pool;
            let injuries = self.injuries::<K>(i, arena, false);
            // A time to die: injuries gained this round exceed survival and soaking verve
            // (the pool, at least 0), if not dying yet. The injuries act (d20 ≤ injuries);
            // the combatant resists with endurance − injuries, +2 while unconscious.
            if gained & bit != 0 && arena.flags.dying & bit == 0 && injuries > pool.max(0) {
                let conscious = arena.flags.unconscious & bit == 0;
                let endurance = f.endurance - injuries + 2 * i64::from(!conscious) - penalty(i);
                let mode = e.rules.death_contest;
                let dying = if K & MOJO != 0 {
                    let bids = self.may_bid::<K>(i, MojoKind::Death, arena);
                    let out =
                        survival::death_contest(dice, injuries, endurance, mode, bids, |miss| {
                            self.bid::<K>(i, MojoKind::Death, miss, arena)
                        });
                    arena.flags.saved |= u64::from(out.saved) << i;
                    out.dying
                } else if mode == DeathContest::Single {
                    // One exchange, both d20s always rolled ([`survival::death_contest`]):
                    // dying when the injuries' roll succeeds and the endurance roll fails,
                    // without a branch on either.
                    let acts = dice.merged(|d| d.d20() <= injuries);
                    let resists = dice.merged(|d| d.d20() <= endurance);
                    acts & !resists
                } else {
                    survival::death_contest(dice, injuries, endurance, mode, false, |_| false).dying
                };
                arena.flags.dying |= u64::from(dying) << i;
                if dying {
                    // 615: death comes after endurance − injuries minutes (six rounds each),
                    // hours once unconscious.
                    let minutes = (f.endurance_left - injuries).max(0) as u32;
                    let rounds = if conscious { 6 } else { 360 };
                    let at = turn.round.saturating_add(minutes.saturating_mul(rounds));
                    arena.dies_at[i] = at;
                    arena.next_death = arena.next_death.min(at);
                }
            }
            // 615: death comes after endurance − injuries minutes; none left, it comes now.
            if arena.flags.dying & bit != 0 && f.endurance_left - injuries <= 0 {
                arena.flags.dead |= bit;
            }
            let out = arena.flags.unconscious | arena.flags.fled | arena.flags.dead;
            if out & bit == 0 && f.at_flight(pool, arena.now[i].survival) {
                arena.flags.fled |= bit;
            }
            let site = 2 | u64::from(due) << 8;
            self.checkpoint(
                (turn.round, site),
                [left.rest(), gained, fleeing, 0],
                dice,
                arena,
            );
        }
        if due {
            self.time_runs_out(turn.round, arena);
        }
        if K & MOJO != 0 && e.last_effort != 0 {
            // 619: one whose time ran out makes one heroic last effort, conscious, the round
            // after; its side fights on for it.
            let doomed = arena.flags.dead & !dead_before & e.last_effort;
            arena.last = doomed & !arena.flags.unconscious & !arena.flags.fled & !arena.absent;
        }
        if K & MOJO != 0 {
            return Some(e.able(&arena.flags) | arena.last);
        }
        Some(e.able(&arena.flags))
    }

    /// The dying in `fainting` go unconscious at the end of `round`: the minutes they had
    /// left become hours (615).
    #[cold]
    pub(super) fn faint_while_dying(&self, round: u32, fainting: u64, arena: &mut Arena) {
        for i in members(fainting) {
            let at = &mut arena.dies_at[i];
            *at = round.saturating_add(at.saturating_sub(round).saturating_mul(60));
        }
        self.next_death(arena);
    }

    /// The dying whose time ran out by the end of `round` die (615).
    #[cold]
    pub(super) fn time_runs_out(&self, round: u32, arena: &mut Arena) {
        for i in members(arena.flags.dying & !arena.flags.dead) {
            arena.flags.dead |= u64::from(arena.dies_at[i] <= round) << i;
        }
        self.next_death(arena);
    }

    /// `next_death` again, from the dying not dead.
    pub(super) fn next_death(&self, arena: &mut Arena) {
        arena.next_death = u32::MAX;
        for i in members(arena.flags.dying & !arena.flags.dead) {
            arena.next_death = arena.next_death.min(arena.dies_at[i]);
        }
    }
}
