//! The attacks of a Gods & Monsters round: who attacks, each attack's foe, the roll to hit
//! (004:766–768) with its aim and exposure, called shots (806–808, 852–878), reloading
//! (788–790) and reach (772, 780–784).

use super::*;

impl Conflict {
    /// Attacker `a`'s aim this round: −injuries when the round began, −3 while surprised.
    #[inline(always)]
    pub(super) fn aim<const K: u16>(&self, a: usize, arena: &Arena) -> i64 {
        -self.injuries::<K>(a, arena, true) - 3 * (arena.surprised >> a & 1) as i64
    }

    /// Fighter `t`'s exposure this round: +2 while surprised after round 1, +4 while unaware
    /// in round 1, +10 while unconscious (852, not with the +4), +2 while making a called
    /// shot (806).
    #[inline(always)]
    pub(super) fn exposure<const K: u16>(&self, t: usize, turn: &Turn) -> i64 {
        let mut exposure = turn.exposure & -((turn.exposed >> t & 1) as i64);
        if K & DOWNED != 0 {
            exposure += 10 & -((turn.downed >> t & 1) as i64);
        }
        if K & CALLED != 0 {
            exposure += 2 & -((turn.calls >> t & 1) as i64);
        }
        exposure
    }

    /// The attacks of a round: each attacker in scenario order readies what it must
    /// (788–790) and picks a foe for every ready attack among those it reaches (772),
    /// standing or (with `attack_downed`) unconscious; a called shot is declared before
    /// anything resolves (852–878) and resolved first (808).
    ///
    /// One routine for every kind `K`. Compiled without called shots, reach, reloading and
    /// attacks on the fallen (`plain`: everyone in close combat, every attack ready), the
    /// rules those need fold away; each attack is resolved as its foe is picked (picks read
    /// only what held when the round began, so this is the same as planning them all first);
    /// a lone foe is every attack's target with nothing drawn; and the exact walk may resume
    /// after each attacker (a checkpoint: with reloads or a plan of called shots pending, the
    /// round's state is more than the arena holds).
    #[inline(always)]
    pub(super) fn attack<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        turn: &mut Turn,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> u64 {
        let plain = K & (CALLED | AFAR | RELOAD | DOWNED) == 0;
        let e = &self.engine;
        let mut struck = 0u64;
        let plan = K & CALLED != 0 && e.called_shots;
        if plan {
            arena.plan.clear();
        }
        // Everyone standing attacks, and those making a last effort (619), but not leaders
        // leading (822); the surprised do not act in round 1.
        let mut who = turn.standing;
        if K & MOJO != 0 {
            who |= arena.last;
        }
        if K & AFAR != 0 {
            who &= !turn.leading;
        }
        let mut acting = members(if turn.late {
            who
        } else {
            who & !arena.surprised
        });
        while let Some(a) = acting.next() {
            if K & MOJO != 0 && arena.last >> a & 1 == 1 {
                struck |= self.last_effort::<K, D, O>(turn, a, dice, arena, observer);
                continue;
            }
            let attacker = &self.fighters[a];
            let f = &e.facts[a];
            let strikes = &e.strikes[a];
            if plain {
                let turn = &*turn;
                let foes = turn.standing & f.foes;
                if foes == 0 {
                    continue;
                }
                let aim = self.aim::<K>(a, arena);
                if foes & (foes - 1) == 0 {
                    // A lone foe is every attack's target, whatever the policy: nothing is
                    // drawn for it (remembered, since with waking those standing may grow
                    // again).
                    let t = lowest(foes);
                    if K & WAKING != 0 {
                        arena.now[a].focus = t as u8;
                    }
                    struck |= self.strike_lone::<K, D, O>(turn, (a, aim), t, dice, arena, observer);
                    self.checkpoint(
                        (turn.round, 0),
                        [struck, acting.rest(), turn.standing, 0],
                        dice,
                        arena,
                    );
                    continue;
                }
            }
            let aim = self.aim::<K>(a, arena);
            // Bit k: attack k is ready to fire this round.
            let mut ready = u64::MAX;
            if K & RELOAD != 0 {
                for (k, attack) in attacker.attacks.iter().enumerate() {
                    let wait = &mut arena.ready_in[attack.slot];
                    if *wait > 0 {
                        *wait -= 1;
                        ready &= !(1 << k);
                    }
                }
            }
            let mut fired = 0u64;
            for (s, strike) in strikes.iter().enumerate() {
                if K & RELOAD != 0 && ready >> strike.k & 1 == 0 {
                    continue;
                }
                // Everyone is within reach where nobody stands afar.
                let reach = if K & AFAR != 0 {
                    strike.reach
                } else {
                    u64::MAX
                };
                let (standing, downed) =
                    (turn.standing & reach & f.foes, turn.downed & reach & f.foes);
                let candidates = match attacker.attack_downed {
                    _ if K & DOWNED == 0 => standing,
                    AttackDowned::Never => standing,
                    AttackDowned::Also => standing | downed,
                    AttackDowned::First if downed != 0 => downed,
                    AttackDowned::First => standing,
                };
                if candidates == 0 {
                    continue;
                }
                let t = self.choose::<K, D>((a, s), candidates, dice, arena);
                fired |= 1 << strike.k;
                let called = if K & CALLED == 0 {
                    Called::No
                } else if arena.flags.unconscious >> t & 1 == 1 && attacker.killing_blows {
                    Called::Killing
                } else if arena.surprised >> t & 1 == 1 && attacker.knockout_blows {
                    Called::Knockout
                } else if attacker.called_shots_into_melee && strike.afar && e.close >> t & 1 == 1 {
                    Called::IntoMelee
                } else {
                    Called::No
                };
                turn.calls |= u64::from(called != Called::No) << a;
                if plan {
                    arena.plan.push(Planned {
                        attacker: a as u8,
                        strike: s as u16,
                        target: t as u8,
                        called,
                    });
                } else {
                    struck |= self.resolve::<K, D, O>(
                        turn,
                        (a, aim),
                        strike,
                        t,
                        called,
                        dice,
                        arena,
                        observer,
                    );
                }
            }
            if K & RELOAD != 0 {
                for (k, attack) in attacker.attacks.iter().enumerate() {
                    if fired >> k & 1 == 1 {
                        arena.ready_in[attack.slot] = attack.reload;
                    }
                }
            }
            if plain {
                self.checkpoint(
                    (turn.round, 0),
                    [struck, acting.rest(), turn.standing, 0],
                    dice,
                    arena,
                );
            }
        }
        if plan {
            // 808: called shots are handled first in a round.
            for called_first in [true, false] {
                for p in 0..arena.plan.len() {
                    let planned = arena.plan[p];
                    if (planned.called != Called::No) == called_first {
                        let a = usize::from(planned.attacker);
                        let strike = &e.strikes[a][usize::from(planned.strike)];
                        let t = usize::from(planned.target);
                        let aim = self.aim::<K>(a, arena);
                        struck |= self.resolve::<K, D, O>(
                            turn,
                            (a, aim),
                            strike,
                            t,
                            planned.called,
                            dice,
                            arena,
                            observer,
                        );
                    }
                }
            }
        }
        struck
    }

    /// The heroic last effort of `a`, dead as its time ran out at the last round's end (619):
    /// its first attack, at a foe its policy picks among those standing that it reaches,
    /// at +level with no injury penalty (−3 while surprised). Who was struck.
    #[cold]
    fn last_effort<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        turn: &Turn,
        a: usize,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> u64 {
        let e = &self.engine;
        let Some(strike) = e.strikes[a].first() else {
            return 0;
        };
        let reach = if K & AFAR != 0 {
            strike.reach
        } else {
            u64::MAX
        };
        let candidates = turn.standing & reach & e.facts[a].foes;
        if candidates == 0 {
            return 0;
        }
        let t = self.choose::<K, D>((a, 0), candidates, dice, arena);
        let level = self.fighters[a].level.unwrap_or(0);
        let aim = level - 3 * (arena.surprised >> a & 1) as i64;
        self.resolve::<K, D, O>(turn, (a, aim), strike, t, Called::No, dice, arena, observer)
    }

    /// Every attack of attacker `a` (with its `aim`) at its lone foe `t`, in a plain round:
    /// each resolved in turn, or, where neither per-hit rules nor mojo are compiled in, the
    /// rolls made in order and their damage taken at once (the same numbers). Who was struck.
    #[inline(always)]
    fn strike_lone<const K: u16, D: Dice, O: Observer<Conflict>>(
        &self,
        turn: &Turn,
        (a, aim): (usize, i64),
        t: usize,
        dice: &mut D,
        arena: &mut Arena,
        observer: &mut O,
    ) -> u64 {
        let strikes = &self.engine.strikes[a];
        if K & (PER_HIT | MOJO) != 0 {
            let mut struck = 0;
            for strike in strikes {
                struck |= self.resolve::<K, D, O>(
                    turn,
                    (a, aim),
                    strike,
                    t,
                    Called::No,
                    dice,
                    arena,
                    observer,
                );
            }
            return struck;
        }
        let bonus = aim + self.exposure::<K>(t, turn);
        let mut damage = 0;
        for strike in strikes {
            let needed = i64::from(strike.to_hit[t]) + bonus;
            let roll = survival::d20_under(dice, needed, false);
            let hit = roll <= needed;
            let dealt = strike.damage(hit, dice);
            observer.see(Event::Attack {
                round: turn.round,
                attacker: a,
                target: t,
                roll,
                needed,
                damage: hit.then_some(dealt),
            });
            damage += dealt;
        }
        arena.now[t].pool -= damage;
        u64::from(damage > 0) << t
    }

    /// The foe for attack `nth` (from 0) of `a`'s round among `candidates` (not empty), as
    /// [`Targeting::choose`] picks it: a named foe while it is a candidate, the remembered one
    /// for `focus`, the weakest (the fewest survival + verve − injuries when the round
    /// began, the first such in scenario order), else a uniform pick (remembered).
    #[inline(always)]
    pub(super) fn choose<const K: u16, D: Dice>(
        &self,
        (a, nth): (usize, usize),
        candidates: u64,
        dice: &mut D,
        arena: &mut Arena,
    ) -> usize {
        // A random attacker, the common policy: the choice the decision seam makes, read off
        // the round's cached list of the candidates without asking it (it cannot differ:
        // a lone candidate, else a uniform pick, remembered).
        if self.engine.facts[a].target == Targeting::Random {
            let t = if candidates & (candidates - 1) == 0 {
                lowest(candidates)
            } else {
                arena.picks.of(candidates).pick(dice)
            };
            arena.now[a].focus = t as u8;
            return t;
        }
        // The decision seam: the combatant's policy among `candidates` (its foes standing,
        // or with `attack_downed` the fallen too); a uniform pick is read off the round's
        // cached list of them ([`Picks`]). The arena lends its parts apart, so that the
        // weakness reads the pools while the pick updates the list.
        let Arena {
            now, more, picks, ..
        } = arena;
        let remembered = now[a].focus;
        let mut focus = (remembered != NOBODY).then_some(usize::from(remembered));
        let sight = Sight {
            roster: &self.bout.roster,
            me: a,
            nth,
            side: self.fighters[a].side,
            among: Set::from(candidates),
            // Survival + verve − injuries when the round began.
            weakness: |i: usize| now[i].then.max(0) - injuries::<K>(&now[i], &more[i], true),
        };
        let tactic = Tactic::Attack(self.engine.facts[a].target);
        let action = tactic.decide(sight, &mut focus, |foes| picks.of(foes.bits()).pick(dice));
        now[a].focus = focus.map_or(NOBODY, |t| t as u8);
        action.target().unwrap_or_else(|| lowest(candidates))
    }

    /// What a d20 must not exceed for `strike` to hit fighter `t`: the table's 11 + attack
    /// bonuses − defense (with the target's cover against a ranged attack, 815–820), the
    /// crowd's cover when shot into close combat if better (780), the attacker's `aim` and the
    /// target's exposure this round, −3 for a called shot (806).
    #[inline(always)]
    pub(super) fn needed<const K: u16>(
        &self,
        turn: &Turn,
        aim: i64,
        strike: &Strike,
        t: usize,
        called: bool,
    ) -> i64 {
        let mut needed =
            i64::from(strike.to_hit[t]) + aim + self.exposure::<K>(t, turn) - 3 * i64::from(called);
        // 822: one a leader covers uses its cover as a warrior does: one more (weak +1
        // against 0, strong +2 against +1, full +3 against +2).
        if K & AFAR != 0 && strike.ranged {
            needed -= (turn.led >> t & 1) as i64;
        }
        if K & AFAR != 0 && strike.afar && self.engine.close >> t & 1 == 1 {
            let target = &self.fighters[t];
            if turn.crowd > target.cover {
                needed -= turn.crowd.defense(target.warrior) - target.cover.defense(target.warrior);
            }
        }
        needed
    }

    /// Fighter `t`'s evasion roll with `bonus` (874, 782–784): d20 ≤ evasion + bonus −
    /// injuries + group bonus, −3 while surprised after round 1; mojo may turn it.
    #[inline(always)]
    pub(super) fn evades<const K: u16, D: Dice>(
        &self,
        turn: &Turn,
        t: usize,
        bonus: i64,
        dice: &mut D,
        arena: &mut Arena,
    ) -> bool {
        let f = &self.fighters[t];
        let needed = f.evasion.unwrap_or(0) + bonus - self.injuries::<K>(t, arena, false)
            + f.group_bonus
            - 3 * i64::from(turn.late && arena.surprised >> t & 1 == 1);
        self.roll_under::<K, D>(t, MojoKind::Evasion, needed, false, dice, arena)
            .0
    }
}
