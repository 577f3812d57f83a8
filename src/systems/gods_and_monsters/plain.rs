//! The loop for a plain conflict ([`super::fight::Field::plain`]): one in which nobody calls
//! a shot, shoots into close combat, reloads, bids mojo or attacks the fallen, everyone is in
//! close combat, the unconscious stay out for the fight and consciousness is rolled at the
//! round's end (004_803a11f5ee1b6e60.txt 746–878 under the default `[conflict]` readings).
//! Most conflicts are plain, the Yeti among them; they are played here rather than in
//! [`super::fight::Battle`], whose state is built for every rule.
//!
//! The rules are the round engine's, applied in the same order and drawing the same dice in
//! the same order from the same [`Dice`], so a plain conflict gives exactly the numbers
//! [`super::fight::Battle`] gives for it, fight by fight (a test plays both side by side).
//! What differs is the shape: the combatants' facts are resolved once into a compact table
//! when the scenario loads; during a fight each combatant's state is one pool of survival and
//! soaking verve less the damage taken ([`Now`]), and who is surprised, unconscious, dying,
//! dead, fled, hurt this round or standing is a bit mask each, so choosing a foe is a pick
//! among the set bits of a word and the end of a round visits only the combatants something
//! happened to (a round that hurt nobody, gave nobody injuries and brought nobody to a flight
//! threshold skips it, and the count of sides still fighting, altogether). Where a branch would follow the dice, a mask replaces it: an attack's damage
//! is drawn with its d20 and kept on a hit ([`Dice::DAMAGE_WITH_EVERY_ATTACK`]).

use super::conflict::{Fighter, Targeting};
use super::fight::Battle;
use super::rules::DeathContest;
use super::survival;
use crate::combat::MAX_FIGHTERS;
use crate::dice::DiceExpr;
use crate::dice::stream::PlainDice;
use crate::dice::{Among, Dice};

/// A combatant's facts, as the plain loop reads them.
#[derive(Debug, Clone, Copy)]
struct Plain {
    /// Bit mask of its foes (everyone not on its side).
    foes: u64,
    /// Survival and verve that soaks combat damage (0 where fighting is not archetypal) at
    /// the start: its pool ([`Now::pool`]) before any damage.
    pool: i64,
    /// Survival at the start.
    survival: i64,
    /// Injury points at the start.
    injuries: i64,
    /// The better of willpower and fortitude, plus the group bonus: the consciousness and
    /// snap-out rolls before penalties.
    best: i64,
    /// Endurance plus the group bonus: the death contest's resistance before penalties.
    endurance: i64,
    /// Endurance alone: dying with endurance − injuries ≤ 0 is death (615).
    endurance_left: i64,
    /// Flees at the end of a round when conscious with survival at or below this
    /// (`i64::MIN`: never; so also for a threshold below 0, which survival never reaches).
    flee_at: i64,
    /// Whom its attacks go for.
    target: Targeting,
}

impl Default for Plain {
    fn default() -> Self {
        Self {
            foes: 0,
            pool: 0,
            survival: 0,
            injuries: 0,
            best: 0,
            endurance: 0,
            endurance_left: 0,
            flee_at: i64::MIN,
            target: Targeting::Random,
        }
    }
}

impl Plain {
    /// Injury points with `pool` left: the start's, and what damage took past the pool.
    #[inline(always)]
    fn injuries(&self, pool: i64) -> i64 {
        self.injuries + (-pool).max(0)
    }

    /// Whether survival with `pool` left is at or below the flight threshold. Verve soaks
    /// damage first, so survival is what is left of the pool up to the start's survival, at
    /// least 0; the floor at 0 is left out, since a threshold is 0 or more (or never), so
    /// that nothing here branches on the pool.
    #[inline(always)]
    fn at_flight(&self, pool: i64) -> bool {
        pool.min(self.survival) <= self.flee_at
    }
}

/// One attack: its numbers to hit and its damage.
#[derive(Debug, Clone)]
struct Strike {
    /// Per target, the static part of the number to hit ([`super::fight::to_hit`]).
    to_hit: [i32; MAX_FIGHTERS],
    damage: DiceExpr,
    plain: Option<PlainDice>,
    /// The damage's plain dice when they have a stream of their own
    /// ([`PlainDice::streamed`]): then a roller may draw them with every attack
    /// ([`Dice::DAMAGE_WITH_EVERY_ATTACK`]), and a hit is not a branch. Derivable from
    /// `plain`, but kept: deriving it at each attack made the Yeti fight 8% slower.
    streamed: Option<PlainDice>,
}

impl Strike {
    /// The damage this attack deals, `hit` or not (0 on a miss). Damage empties the pool:
    /// soaking verve, then survival, then injuries.
    #[inline(always)]
    fn damage<Ro: Dice>(&self, hit: bool, roller: &mut Ro) -> i64 {
        match self.streamed {
            // Drawn hit or miss and kept on a hit: no branch on the d20.
            Some(dice) if Ro::DAMAGE_WITH_EVERY_ATTACK => {
                roller.roll_streamed(&self.damage, dice).max(0) & -i64::from(hit)
            }
            _ if hit => roller.roll_plain(&self.damage, self.plain).max(0),
            _ => 0,
        }
    }

    /// Rolls this attack at `t` with `bonus` on the number to hit and lands its damage:
    /// `t`'s bit if it took any.
    #[inline(always)]
    fn land<Ro: Dice>(
        &self,
        t: usize,
        bonus: i64,
        roller: &mut Ro,
        now: &mut [Now; MAX_FIGHTERS],
    ) -> u64 {
        let hit = roller.d20() <= i64::from(self.to_hit[t]) + bonus;
        let damage = self.damage(hit, roller);
        now[t].pool -= damage;
        u64::from(damage > 0) << t
    }
}

/// Foes to pick among: those of `of`, in scenario order, `among` of them. Kept across a
/// fight's rounds and rebuilt only when the foes change.
#[derive(Debug, Clone, Copy)]
struct Picks {
    of: u64,
    list: [u8; MAX_FIGHTERS],
    among: Among,
}

impl Picks {
    /// The foes of `foes` (more than one) in scenario order.
    #[inline(always)]
    fn of(&mut self, foes: u64) -> &Self {
        if self.of != foes {
            // Counted bit by bit: a population count is slow on a processor without its
            // instruction.
            let (mut left, mut n) = (foes, 0usize);
            while left != 0 {
                self.list[n % MAX_FIGHTERS] = lowest(left) as u8;
                left &= left - 1;
                n += 1;
            }
            self.of = foes;
            self.among = Among::new(n);
        }
        self
    }

    /// A uniform pick among the foes listed.
    #[inline(always)]
    fn pick<Ro: Dice>(&self, roller: &mut Ro) -> usize {
        usize::from(self.list[roller.pick_among(self.among) % MAX_FIGHTERS])
    }
}

impl Default for Picks {
    fn default() -> Self {
        Self {
            of: 0,
            list: [0; MAX_FIGHTERS],
            among: Among::new(1),
        }
    }
}

/// A combatant's state during a fight, beside the masks of [`Flags`].
///
/// Damage in a plain conflict goes to soaking verve, then survival, then injuries, and
/// nothing restores any of them; so one number, the pool of survival and soaking verve less
/// the damage taken, says all three (survival is what is left of it up to the start's
/// survival, as [`Plain::at_flight`] reads it; [`Plain::injuries`]; verve is the rest), and
/// survival + verve − injuries, by which the weakest foe is chosen, is the pool
/// less the start's injuries.
#[derive(Debug, Clone, Copy, Default)]
struct Now {
    /// The pool now: below 0, the damage that went to injuries.
    pool: i64,
    /// The pool when the round began: the injury penalty on its attacks for the whole
    /// round comes from it, since everything in a round happens at once.
    then: i64,
    /// The foe it keeps attacking (`focus`), or [`NOBODY`].
    focus: u8,
}

/// No foe remembered.
const NOBODY: u8 = u8::MAX;

/// The lowest fighter in `mask` (not empty), as an index the compiler knows is in range.
#[inline(always)]
fn lowest(mask: u64) -> usize {
    (mask.trailing_zeros() & (MAX_FIGHTERS as u32 - 1)) as usize
}

/// Who is in which condition at the end of a fight, as bit masks (bit `i`: fighter `i`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Flags {
    /// Unconscious.
    pub unconscious: u64,
    /// Ran from the fight.
    pub fled: u64,
    /// Lost a death contest.
    pub dying: u64,
    /// Died within the fight (615).
    pub dead: u64,
}

/// Per-batch buffers of the plain loop, and the masks of the fight being played.
#[derive(Debug, Clone)]
pub struct PlainArena {
    now: Box<[Now; MAX_FIGHTERS]>,
    /// Who is still surprised.
    surprised: u64,
    /// Who is in which condition.
    pub flags: Flags,
    /// The foes last picked among.
    picks: Picks,
}

impl Default for PlainArena {
    fn default() -> Self {
        Self {
            now: Box::new([Now::default(); MAX_FIGHTERS]),
            surprised: 0,
            flags: Flags::default(),
            picks: Picks::default(),
        }
    }
}

/// A plain conflict, resolved for the plain loop when the scenario loads.
#[derive(Debug, Clone)]
pub struct PlainLoop {
    /// Combatants in scenario order, the rest unused.
    fighters: Box<[Plain; MAX_FIGHTERS]>,
    /// Per combatant, its attacks in a round, each made 1 + its group bonus times (all of
    /// them once, then again).
    attacks: Box<[Vec<Strike>; MAX_FIGHTERS]>,
    /// Everyone.
    all: u64,
    /// Those with survival at the start: dropping to 0 survival hurts them (762).
    has_survival: u64,
    /// Those who fight on after losing the death contest.
    fight_dying: u64,
    /// Those with a flight threshold.
    flee: u64,
    /// Those with a flight threshold already reached at the start: they run at the end of
    /// round 1 if conscious.
    flee_at_start: u64,
    /// Those who roll perception for surprise, and what they need.
    surprise: Vec<(usize, i64)>,
    /// +4 to hit a combatant still surprised in round 1 (866).
    surprised_are_unaware: bool,
    death_contest: DeathContest,
}

impl PlainLoop {
    /// The plain loop of `battle`, whose field must be plain.
    pub fn new(battle: &Battle<'_>) -> Self {
        debug_assert!(battle.field.plain);
        let fighters: &[Fighter] = battle.fighters;
        let roster = battle.roster;
        let n = fighters.len();
        let all = roster.side_masks().iter().fold(0, |m, s| m | s);
        let mut attacks: Box<[Vec<Strike>; MAX_FIGHTERS]> =
            Box::new(std::array::from_fn(|_| Vec::new()));
        let mut plain = Box::new([Plain::default(); MAX_FIGHTERS]);
        for ((p, f), attacks) in plain.iter_mut().zip(fighters).zip(attacks.iter_mut()) {
            let volleys = 1 + usize::try_from(f.group_bonus).expect("a group bonus is ≥ 0");
            attacks.extend(
                f.attacks
                    .iter()
                    .cycle()
                    .take(volleys * f.attacks.len())
                    .map(|a| {
                        let mut to_hit = [0; MAX_FIGHTERS];
                        for (v, &needed) in to_hit.iter_mut().zip(&battle.to_hit[a.slot * n..][..n])
                        {
                            *v = i32::try_from(needed)
                                .expect("scenario numbers are checked to be small when they load");
                        }
                        Strike {
                            to_hit,
                            damage: a.damage.clone(),
                            plain: a.plain,
                            streamed: a.plain.filter(PlainDice::streamed),
                        }
                    }),
            );
            *p = Plain {
                foes: all & !roster.side_mask(f.side),
                pool: f.survival + if f.verve_in_combat { f.verve } else { 0 },
                survival: f.survival,
                injuries: f.injuries,
                best: f.willpower.max(f.fortitude) + f.group_bonus,
                endurance: f.endurance + f.group_bonus,
                endurance_left: f.endurance,
                flee_at: (f.flee_at_survival.filter(|&at| at >= 0)).unwrap_or(i64::MIN),
                target: f.target,
            };
        }
        let mask = |keep: &dyn Fn(&Fighter) -> bool| {
            (fighters.iter().enumerate()).fold(0u64, |m, (i, f)| m | u64::from(keep(f)) << i)
        };
        let surprise = (fighters.iter().zip(battle.rolls_surprise).enumerate())
            .filter(|(_, (_, rolls))| **rolls)
            .map(|(i, (f, _))| {
                let needed =
                    f.perception + 4 * i64::from(f.aware) - 6 * i64::from(f.asleep) - f.injuries
                        + f.group_bonus;
                (i, needed)
            })
            .collect();
        Self {
            fighters: plain,
            attacks,
            all,
            has_survival: mask(&|f| f.survival > 0),
            fight_dying: mask(&|f| f.fights_while_dying),
            flee: mask(&|f| f.flee_at_survival.is_some()),
            flee_at_start: mask(&|f| f.flee_at_survival.is_some_and(|at| f.survival <= at)),
            surprise,
            surprised_are_unaware: battle.rules.surprised_are_unaware,
            death_contest: battle.rules.death_contest,
        }
    }

    /// A fresh fight: everyone's pool full, surprise rolled (perception or surprised, in
    /// scenario order). Who can act (everyone).
    #[inline(always)]
    pub fn begin<Ro: Dice>(&self, roller: &mut Ro, arena: &mut PlainArena) -> u64 {
        let now = &mut *arena.now;
        let mut left = self.all;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let pool = self.fighters[i].pool;
            now[i] = Now {
                pool,
                then: pool,
                focus: NOBODY,
            };
        }
        let mut surprised = 0u64;
        for &(i, needed) in &self.surprise {
            surprised |= u64::from(roller.d20() > needed) << i;
        }
        arena.surprised = surprised;
        arena.flags = Flags::default();
        self.all
    }

    /// One round, `standing` those who can act when it begins ([`PlainLoop::able`]);
    /// returns who can act at its end, or `None` where its end has nothing to do (nobody
    /// hurt, gaining injuries or reaching a flight threshold), so nobody's condition changed.
    #[inline(always)]
    pub fn round<Ro: Dice>(
        &self,
        round: u32,
        standing: u64,
        roller: &mut Ro,
        arena: &mut PlainArena,
    ) -> Option<u64> {
        let PlainArena {
            now,
            surprised,
            flags,
            picks,
        } = arena;
        self.play_round(round, standing, roller, now, (surprised, flags, picks))
    }

    /// Who can act: conscious, not fled, not dead, and not dying unless it fights on.
    #[inline(always)]
    fn able(&self, flags: &Flags) -> u64 {
        self.all
            & !(flags.unconscious | flags.fled | flags.dead | (flags.dying & !self.fight_dying))
    }

    /// [`PlainLoop::round`] on the arena's parts.
    #[inline(always)]
    fn play_round<Ro: Dice>(
        &self,
        round: u32,
        standing: u64,
        roller: &mut Ro,
        now: &mut [Now; MAX_FIGHTERS],
        (surprised, flags, picks): (&mut u64, &mut Flags, &mut Picks),
    ) -> Option<u64> {
        roller.round_begins();
        let late = round >= 2;
        // Snap out of surprise from round 2, in scenario order: the better of willpower and
        // fortitude.
        if late {
            let mut left = standing & *surprised;
            while left != 0 {
                let i = lowest(left);
                left &= left - 1;
                let f = &self.fighters[i];
                let snaps = roller.d20() <= f.best - f.injuries(now[i].pool);
                *surprised &= !(u64::from(snaps) << i);
            }
        }
        // +2 to hit the surprised after round 1 (806, 852), +4 the unaware (866).
        let (exposed, exposure) = if late {
            (*surprised, 2)
        } else if self.surprised_are_unaware {
            (*surprised, 4)
        } else {
            (0, 0)
        };
        let exposure_of = |t: usize| exposure & -((exposed >> t & 1) as i64);
        // Everyone standing attacks at once; the surprised do not act in round 1.
        let mut acting = if late {
            standing
        } else {
            standing & !*surprised
        };
        let mut struck = 0u64;
        while acting != 0 {
            let a = lowest(acting);
            acting &= acting - 1;
            let f = &self.fighters[a];
            let foes = standing & f.foes;
            if foes == 0 {
                continue;
            }
            // −injuries when the round began, −3 while surprised.
            let aim = -f.injuries(now[a].then) - 3 * (*surprised >> a & 1) as i64;
            let attacks = &self.attacks[a];
            if foes & (foes - 1) == 0 {
                // A lone foe is every attack's target, whatever the policy: nothing is drawn
                // for it, and whom one keeps attacking no longer matters, since those
                // standing only ever get fewer.
                let t = lowest(foes);
                let bonus = aim + exposure_of(t);
                let mut damage = 0;
                for attack in attacks {
                    let hit = roller.d20() <= i64::from(attack.to_hit[t]) + bonus;
                    damage += attack.damage(hit, roller);
                }
                now[t].pool -= damage;
                struck |= u64::from(damage > 0) << t;
                continue;
            }
            match f.target {
                // A uniform pick among the foes for every attack: the common policy, with
                // nothing to remember.
                Targeting::Random => {
                    let picks = picks.of(foes);
                    for attack in attacks {
                        let t = picks.pick(roller);
                        struck |= attack.land(t, aim + exposure_of(t), roller, now);
                    }
                }
                target => {
                    for attack in attacks {
                        let t = self.choose(a, target, foes, picks, roller, now);
                        struck |= attack.land(t, aim + exposure_of(t), roller, now);
                    }
                }
            }
        }
        // Who this round hurt: gaining injuries (the pool fell below 0), or dropping to 0
        // survival (it fell to 0, where there was survival), means a consciousness roll at
        // the round's end (762); what the next round begins with. Survival changes only
        // for those struck, so only they can newly reach a flight threshold (or those
        // already at it when the fight began, at the end of round 1).
        let (mut hurt, mut gained) = (0u64, 0u64);
        let mut reach = if late { 0 } else { self.flee_at_start };
        let mut left = struck;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let f = &self.fighters[i];
            let pool = now[i].pool;
            let floor = (self.has_survival >> i & 1) as i64;
            gained |= u64::from(pool < 0) << i;
            hurt |= u64::from(pool < floor) << i;
            reach |= u64::from(f.at_flight(pool)) << i;
            now[i].then = pool;
        }
        let fleeing = reach & self.flee & !flags.fled;
        if hurt | gained | fleeing == 0 {
            return None;
        }
        Some(self.end_round(
            round,
            roller,
            now,
            *surprised,
            (hurt, gained, fleeing),
            flags,
        ))
    }

    /// The foe for one attack by `a` among `foes` (standing when the round began, more than
    /// one), as [`Targeting::choose`] picks it; a uniform pick is among `picks` of `foes`.
    #[inline(always)]
    fn choose<Ro: Dice>(
        &self,
        a: usize,
        target: Targeting,
        foes: u64,
        picks: &mut Picks,
        roller: &mut Ro,
        now: &mut [Now; MAX_FIGHTERS],
    ) -> usize {
        match target {
            Targeting::Named(t) if foes >> t & 1 == 1 => return t,
            Targeting::Focus => {
                let t = now[a].focus;
                if t != NOBODY && foes >> t & 1 == 1 {
                    return usize::from(t);
                }
            }
            Targeting::Weakest => {
                // Survival + verve − injuries when the round began: the pool then, less the
                // start's injuries.
                let weakness = |i: usize| now[i].then - self.fighters[i].injuries;
                let mut left = foes;
                let mut best = lowest(left);
                while left != 0 {
                    let i = lowest(left);
                    left &= left - 1;
                    if weakness(i) < weakness(best) {
                        best = i;
                    }
                }
                return best;
            }
            _ => {}
        }
        let t = picks.of(foes).pick(roller);
        now[a].focus = t as u8;
        t
    }

    /// The round's end (762, 605–617): consciousness for everyone `hurt`, then, in scenario
    /// order, falling unconscious, the death contest for those who `gained` injuries, death
    /// for the dying whose endurance − injuries is spent, and flight for those `fleeing`
    /// (at or below their threshold, not yet fled). Returns who can act. Nobody else's
    /// condition can change: injuries, and so death, change only with injuries gained, and
    /// survival only for those struck.
    #[inline(always)]
    fn end_round<Ro: Dice>(
        &self,
        round: u32,
        roller: &mut Ro,
        now: &mut [Now; MAX_FIGHTERS],
        surprised: u64,
        (hurt, gained, fleeing): (u64, u64, u64),
        flags: &mut Flags,
    ) -> u64 {
        let late = round >= 2;
        let penalty = |i: usize| 3 * i64::from(late && surprised >> i & 1 == 1);
        let mut falls = 0u64;
        let mut left = hurt;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let f = &self.fighters[i];
            let needed = f.best - f.injuries(now[i].pool) - penalty(i);
            let (ok, _) = survival::consciousness(roller, needed, |_| false);
            falls |= u64::from(!ok) << i;
        }
        flags.unconscious |= falls;
        let mut left = gained | fleeing;
        while left != 0 {
            let i = lowest(left);
            left &= left - 1;
            let bit = 1u64 << i;
            let f = &self.fighters[i];
            let pool = now[i].pool;
            let injuries = f.injuries(pool);
            // Injuries gained leave more injuries than survival and verve (none of either is
            // left): the death contest, if not dying yet.
            if gained & bit != 0 && flags.dying & bit == 0 {
                let conscious = flags.unconscious & bit == 0;
                let endurance = f.endurance - injuries + 2 * i64::from(!conscious) - penalty(i);
                let dying = match self.death_contest {
                    // One exchange, both d20s always rolled ([`survival::death_contest`]):
                    // dying when the injuries' roll succeeds and the endurance roll fails,
                    // without a branch on either.
                    DeathContest::Single => {
                        let acts = roller.d20() <= injuries;
                        let resists = roller.d20() <= endurance;
                        acts & !resists
                    }
                    contest => {
                        survival::death_contest(roller, injuries, endurance, contest, |_| false)
                            .dying
                    }
                };
                flags.dying |= u64::from(dying) << i;
            }
            if flags.dying & bit != 0 && f.endurance_left - injuries <= 0 {
                flags.dead |= bit;
            }
            let out = flags.unconscious | flags.fled | flags.dead;
            if out & bit == 0 && f.at_flight(pool) {
                flags.fled |= bit;
            }
        }
        self.able(flags)
    }
}
