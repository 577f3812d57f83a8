//! The Action-Point fight of Unbound Legends (001_9a2522fe8d4a2682.txt L261–269, L302,
//! L329–330, L360–367, L390–456), generic over where the dice come from ([`Dice`]) and
//! who watches ([`Observer`]), so the same code runs millions of seeded fights and replays a
//! traced round with scripted dice.
//!
//! A round: the dying make their death saves (L446), everyone's AP is reset (L268), then
//! again and again the standing combatant with the most AP that can pay for the action it
//! wants (keeping `reserve_ap`) takes ONE action and pays (L268); ties go to higher Agility,
//! then Dexterity or Cunning, then PCs (L269), then file order. The round ends when nobody
//! can act. Defenses are paid from the same AP (L330). The fight ends as soon as at most one
//! side has anyone standing, or after `max_rounds` as a stalemate; then comes the shared
//! aftermath ([`crate::combat::aftermath`]), where `[aftermath]` says who tends whom.
//!
//! Here the rounds and the bookkeeping; who acts next, with what and at whom is in
//! `fight/order.rs`, attacks and damage in `fight/swing.rs`; the start from a day's carried
//! states (a fresh fight is the same code with none) and what a party member carries out of
//! a fight in `fight/carry.rs`.

use super::attack::{DefenseKind, Hit};
use super::damage::Dealt;
use crate::combat::set::members;

use super::conflict::Conflict;
use super::saves::save;
use crate::combat::aftermath::least_by;
use crate::combat::exact::StateCodec;
use crate::combat::{MAX_FIGHTERS, Observer};
use oddsmith_core::dice::Dice;

/// What a combatant does with its turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// First aid on a dying ally (8 AP, L453).
    FirstAid(usize),
    /// Triage on a hurt ally (8 AP, 001:143).
    Triage(usize),
    /// Disengage: a careful move out of the fight (4 AP, 001:334).
    Disengage,
    /// A breather (8 AP): a Vitality Die back to Vitality when its next turn begins
    /// (001:322).
    Breather,
    /// A potion of healing for this combatant: its own (3 AP quickly, 6 AP all of it for
    /// the dice's maximum) or given to another (6 AP), 001:318.
    Potion(usize),
    /// Help (6 AP, 001:310): advantage on this ally's next attack roll, made before the
    /// helper's next turn begins.
    Help(usize),
    /// Its attack number `k` (index into its attacks).
    Attack(usize),
}

/// How one death save came out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveResult {
    /// Marks after it: (successes, failures).
    Marks(u32, u32),
    /// Stabilised (a natural 20 or a third success).
    Stable,
    /// A third failure.
    Dead,
}

/// What a fight's [`Observer`] is told.
#[derive(Debug, Clone, Copy)]
pub enum Event<'a> {
    /// Round `round` begins: saves are made and AP reset.
    RoundStart {
        /// Which round.
        round: u32,
        /// Everyone's state.
        states: &'a [State],
    },
    /// `who` rolled `d20` for a death save.
    DeathSave {
        /// Who.
        who: usize,
        /// The d20.
        d20: i64,
        /// How it came out.
        result: SaveResult,
    },
    /// `who` takes `action` at `target`.
    Action {
        /// Who.
        who: usize,
        /// What.
        action: Action,
        /// At whom.
        target: usize,
    },
    /// `who` pays for a defense of `kind`.
    Defend {
        /// Who.
        who: usize,
        /// Which defense.
        kind: DefenseKind,
    },
    /// An attack rolled `d20` (total `total`) against `defense`.
    Attack {
        /// Who attacked.
        attacker: usize,
        /// Whom.
        target: usize,
        /// The d20.
        d20: i64,
        /// With bonuses.
        total: i64,
        /// The defense to beat.
        defense: i64,
        /// How it hit.
        hit: Hit,
    },
    /// First aid rolled `d20`.
    FirstAid {
        /// Who gave it.
        who: usize,
        /// To whom.
        target: usize,
        /// The d20.
        d20: i64,
        /// Whether it stabilised.
        stabilised: bool,
    },
    /// Triage rolled `d20` and healed `healed` Health (001:143).
    Triage {
        /// Who gave it.
        who: usize,
        /// To whom.
        target: usize,
        /// The d20.
        d20: i64,
        /// Health healed.
        healed: i64,
    },
    /// `target` took `dealt`.
    Damage {
        /// Who.
        target: usize,
        /// What it took.
        dealt: Dealt,
    },
    /// The round is over.
    RoundEnd {
        /// Which round.
        round: u32,
        /// Everyone's state.
        states: &'a [State],
    },
}

/// Where AP went, by kind: the index into [`State::ap_by_kind`].
pub const AP_ATTACK: usize = 0;
/// AP paid for defenses.
pub const AP_DEFENSE: usize = 1;
/// AP paid for other actions (first aid).
pub const AP_OTHER: usize = 2;
/// AP left when the round ended (or held by one who went down).
pub const AP_UNSPENT: usize = 3;

/// A combatant's condition during a fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct State {
    /// Vitality left.
    pub vitality: i64,
    /// Health left.
    pub health: i64,
    /// AP left this round.
    pub ap: i64,
    /// AP this combatant resets to (rolled once, or each round).
    pub full_ap: i64,
    /// Can act, defend and be attacked.
    pub up: bool,
    /// At 0 Health making death saves.
    pub dying: bool,
    /// Dead.
    pub dead: bool,
    /// Death-save successes.
    pub successes: u32,
    /// Death-save failures.
    pub failures: u32,
    /// Ever had two failures (L447).
    pub incapacitated: bool,
    /// Ever Disabled: reached 0 Health and survived the blow (L444).
    pub disabled: bool,
    /// Died outright (L442, L450).
    pub instant_death: bool,
    /// Its own saves stabilised it (a third success or a natural 20: at 1 Health, L447,
    /// L449) since it last went down; first aid leaves it at 0 Health (L453–454).
    pub saved_self: bool,
    /// AP by kind over the fight, in rounds this combatant began able to act.
    pub ap_by_kind: [u64; 4],
    /// Rounds this combatant began able to act.
    pub rounds_active: u64,
    /// The foe it keeps attacking (`Targeting::Focus`).
    focus: Option<usize>,
    /// Disengaged: out of the fight, alive (001:334).
    pub fled: bool,
    /// Potions of healing left (001:318).
    pub potions: u32,
    /// Vitality Dice left (001:610), for a breather.
    pub vitality_dice: u32,
    /// Took a breather: spends a Vitality Die when its next turn begins (001:322).
    pub breathing: bool,
    /// The ally it Helped (a bit), whose advantage ends when its own next turn begins
    /// (001:310); 0 when none.
    pub helps: u64,
}

/// Per-batch buffers, reused by every fight.
#[derive(Debug, Clone)]
pub struct Arena {
    /// Everyone's state, in scenario order.
    pub states: Vec<State>,
    /// Bit `i`: combatant `i` is up (kept with every change, [`Battle::restatus`]).
    up: u64,
    /// Bit `i`: combatant `i` is dying.
    dying: u64,
    /// Bit `i`: combatant `i` is dead.
    dead: u64,
    /// Bit `i`: combatant `i` disengaged out of the fight.
    pub(super) fled: u64,
    /// Bit `i`: combatant `i` began this round able to act.
    active: u64,
    /// Bit `i`: combatant `i`'s next attack roll is at advantage, from a Help (001:310).
    helped: u64,
    /// Bit `i`: combatant `i`, a party member carried in not up, sits the fight out: it
    /// never acts and is never attacked ([`super::day`]).
    absent: u64,
    /// The party's states the fight began from (empty for a fresh fight), by index.
    carried: Vec<super::day::State>,
    /// Someone's `up`, `dying` or `dead` changed since the fight was last checked for an end.
    stale: bool,
    /// Per combatant, by index: its turn key ([`Turn::key`]) while it holds the AP to act,
    /// else 0 (always 0 when it is not up); kept up to date with every payment
    /// ([`Battle::pay`]), fall and rise ([`Battle::restatus`]) and AP reset. Apart from the
    /// rest of [`Turn`], so that finding the largest is a plain scan.
    keys: [u64; MAX_FIGHTERS],
    /// Per combatant, by index: where it stands in the turn order. Fixed arrays, so that an
    /// index taken from a mask needs no bounds check.
    turns: [Turn; MAX_FIGHTERS],
}

impl Arena {
    /// Who is dead, by bit (`i`: combatant `i`), once a fight is over.
    pub fn dead(&self) -> u64 {
        self.dead
    }

    /// Who is dying (not yet stable), by bit.
    pub fn dying(&self) -> u64 {
        self.dying
    }

    /// Who is up, by bit, once a fight is over.
    pub fn up(&self) -> u64 {
        self.up
    }
}

impl Default for Arena {
    fn default() -> Self {
        Self {
            states: Vec::new(),
            up: 0,
            dying: 0,
            dead: 0,
            active: 0,
            helped: 0,
            absent: 0,
            fled: 0,
            carried: Vec::new(),
            stale: false,
            keys: [0; MAX_FIGHTERS],
            turns: [Turn::default(); MAX_FIGHTERS],
        }
    }
}

/// AP that first aid costs (L453).
pub const FIRST_AID_AP: i64 = 8;

/// AP that Triage on a hurt ally costs, its target number, and the points over it per
/// Health healed (001:143).
pub const TRIAGE_AP: i64 = 8;
const TRIAGE_TN: i64 = 10;
const TRIAGE_PER: i64 = 5;

/// AP that drinking a potion quickly costs, and drinking all of it or giving it to another
/// (001:318).
pub const QUICK_POTION_AP: i64 = 3;
pub const FULL_POTION_AP: i64 = 6;

/// AP that the Help action costs (001:310).
pub const HELP_AP: i64 = 6;

/// AP that a breather costs (001:322).
pub const BREATHER_AP: i64 = 8;

/// AP that Disengage costs: a move (3 AP, 001:335) and 1 more to move carefully, so that no
/// foe may counterattack (001:334).
pub const DISENGAGE_AP: i64 = 4;

impl Conflict {
    /// One round: death saves and AP reset, then one action at a time until nobody can act;
    /// stops the moment a fall decides the fight. Who is up at its end.
    pub(super) fn play_round<Ro: Dice, Ob: Observer<Conflict>>(
        &self,
        round: u32,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) -> u64 {
        self.start_round(round, roller, arena, observer);
        while let Some(who) = self.next_actor(arena) {
            // 001:310: a Help ends when its helper's next turn begins.
            if arena.helped != 0 {
                arena.helped &= !std::mem::take(&mut arena.states[who].helps);
            }
            let Some(action) = self.wanted(who, arena, roller) else {
                break;
            };
            self.act(who, action, roller, arena, observer);
            // Only a fall (or a rise) can decide the fight.
            if arena.stale {
                arena.stale = false;
                if self.bout.decided(arena.up) {
                    break;
                }
            }
            // The rest of the round reads only the arena: everyone's AP now, who began it
            // able to act, and the fight's state (the exact walk's checkpoint).
            roller.checkpoint(|key, sums| {
                self.exact_fields(arena, key);
                for s in &mut arena.states {
                    key.field(&mut s.ap);
                }
                key.field(&mut arena.active);
                self.exact_sums(arena, &mut |v| sums.push(*v));
            });
        }
        self.close_round(round, arena, observer);
        arena.up
    }

    /// Combatant `i`'s `up`, `dying` or `dead` changed: its bits in the masks, and what it and
    /// its allies who give first aid need to act.
    fn restatus(&self, i: usize, arena: &mut Arena) {
        let s = &arena.states[i];
        let set = |mask: u64, on: bool| mask & !(1 << i) | u64::from(on) << i;
        arena.up = set(arena.up, s.up);
        arena.dying = set(arena.dying, s.dying);
        arena.dead = set(arena.dead, s.dead);
        arena.stale = true;
        for j in members(1 << i | self.paces[i].aiders) {
            let at = self.paces[j].act_at(arena.up >> j & 1 == 1, arena.dying);
            arena.turns[j % MAX_FIGHTERS].at = at;
            self.rekey(j, arena);
        }
    }

    /// Combatant `i`'s turn key from its AP and what it needs to act.
    #[inline]
    fn rekey(&self, i: usize, arena: &mut Arena) {
        let i = i % MAX_FIGHTERS;
        arena.keys[i] = arena.turns[i].key(arena.states[i].ap);
    }

    /// `i` pays `cost` AP (≥ 0) for an action or defense of kind `kind` (`AP_ATTACK`, …).
    #[inline]
    fn pay(&self, i: usize, cost: i64, kind: usize, arena: &mut Arena) {
        let s = &mut arena.states[i];
        s.ap -= cost;
        s.ap_by_kind[kind] += cost as u64;
        self.rekey(i, arena);
    }

    /// Everyone's AP for a round: [`Pace::ap_base`] and the dice, all rolled at once.
    fn roll_ap<Ro: Dice>(&self, roller: &mut Ro, arena: &mut Arena) {
        for (s, p) in arena.states.iter_mut().zip(&self.paces) {
            s.full_ap = p.ap_base;
        }
        let (states, owner) = (&mut arena.states, &self.ap_dice.owner);
        roller.roll_set(&self.ap_dice.set, |k, dice| {
            states[owner[k]].full_ap += dice
        });
    }

    /// Death saves, then AP reset (rolled again under the L270 variant).
    fn start_round<Ro: Dice, Ob: Observer<Conflict>>(
        &self,
        round: u32,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        // In file order; a save changes only its maker's marks.
        for i in members(arena.dying) {
            self.death_save(i, roller, arena, observer);
        }
        // A breather's Vitality Die, as the turn after it begins (001:322: the next round,
        // a reading of ours); one down by then has lost it.
        for (s, f) in arena.states.iter_mut().zip(&self.fighters) {
            if !std::mem::take(&mut s.breathing) || !s.up {
                continue;
            }
            let Some(rest) = f.short_rest else { continue };
            let room = f.vitality - s.vitality;
            let back = roller.merged_by(|r| r.d(rest.die), |v| (*v).min(room));
            s.vitality += back.min(room);
            s.vitality_dice -= 1;
        }
        // A rejoining combatant cannot end the fight: its side was fighting already.
        arena.stale = false;
        arena.active = arena.up;
        if self.rules.reroll_ap_each_round && round > 1 {
            self.roll_ap(roller, arena);
        }
        let turns = arena.turns.iter().zip(&mut arena.keys);
        for (s, (turn, key)) in arena.states.iter_mut().zip(turns) {
            s.ap = s.full_ap;
            s.rounds_active += u64::from(s.up);
            *key = turn.key(s.ap);
        }
        observer.see(Event::RoundStart {
            round,
            states: &arena.states,
        });
    }

    /// One death save (L446–449); a stabilised combatant rejoins with 1 Health, 0 Vitality
    /// and its AP unless it ever had two failures.
    fn death_save<Ro: Dice, Ob: Observer<Conflict>>(
        &self,
        i: usize,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        let bonus = self.fighters[i].death_save_bonus;
        let (successes, failures) = (arena.states[i].successes, arena.states[i].failures);
        let mark = |d20: &i64| save(*d20, bonus, successes, failures);
        let d20 = roller.merged_by(|r| r.d20(), mark);
        let s = &mut arena.states[i];
        let result = match mark(&d20) {
            None => SaveResult::Stable,
            Some((_, f)) if f >= 3 => SaveResult::Dead,
            Some((su, _)) if su >= 3 => SaveResult::Stable,
            Some((su, f)) => SaveResult::Marks(su, f),
        };
        match result {
            SaveResult::Marks(su, f) => {
                (s.successes, s.failures) = (su, f);
                s.incapacitated |= f >= 2;
            }
            SaveResult::Dead => {
                s.incapacitated = true;
                die(s, false);
            }
            SaveResult::Stable => {
                (s.successes, s.failures) = (0, 0);
                s.dying = false;
                s.health = 1;
                s.saved_self = true;
                if self.rules.stabilised_rejoins && !s.incapacitated {
                    s.up = true;
                    s.vitality = 0;
                }
            }
        }
        if !matches!(result, SaveResult::Marks(..)) {
            self.restatus(i, arena);
        }
        observer.see(Event::DeathSave {
            who: i,
            d20,
            result,
        });
    }

    fn act<Ro: Dice, Ob: Observer<Conflict>>(
        &self,
        who: usize,
        action: Action,
        roller: &mut Ro,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        match action {
            Action::FirstAid(t) => {
                self.take_action(who, action, t, FIRST_AID_AP, arena, observer);
                let bonus = self.fighters[who].first_aid.unwrap_or(0);
                let d20 = roller.merged_by(|r| r.d20(), |&d20| d20 + bonus >= 10);
                let stabilised = d20 + bonus >= 10;
                if stabilised {
                    // L453–454: no more saves, but down at 0 Health.
                    let s = &mut arena.states[t];
                    s.dying = false;
                    (s.successes, s.failures) = (0, 0);
                    self.restatus(t, arena);
                }
                observer.see(Event::FirstAid {
                    who,
                    target: t,
                    d20,
                    stabilised,
                });
            }
            Action::Triage(t) => {
                self.take_action(who, action, t, TRIAGE_AP, arena, observer);
                let bonus = self.fighters[who].triage.unwrap_or(0);
                let room = self.fighters[t].health - arena.states[t].health;
                // The roll matters only as the Health it heals (the exact walk's branches).
                let healed = |d20: &i64| ((d20 + bonus - TRIAGE_TN) / TRIAGE_PER).clamp(0, room);
                let d20 = roller.merged_by(|r| r.d20(), healed);
                let healed = healed(&d20);
                arena.states[t].health += healed;
                observer.see(Event::Triage {
                    who,
                    target: t,
                    d20,
                    healed,
                });
            }
            Action::Potion(t) => {
                let potions = self.fighters[who]
                    .potions
                    .as_ref()
                    .expect("one with potions");
                let full = t == who && potions.full;
                let cost = if t == who && !potions.full {
                    QUICK_POTION_AP
                } else {
                    FULL_POTION_AP
                };
                self.take_action(who, action, t, cost, arena, observer);
                arena.states[who].potions -= 1;
                let g = &self.fighters[t];
                let s = &arena.states[t];
                let room = (g.health - s.health.max(0), g.vitality - s.vitality);
                // Health first, then Vitality (the roll matters only as what it restores).
                let restores = |v: &i64| {
                    let health = (*v).clamp(0, room.0);
                    (health, (*v - health).clamp(0, room.1))
                };
                let rolled = if full {
                    potions.heal.max()
                } else {
                    roller.merged_by(|r| r.roll(&potions.heal), restores)
                };
                let (health, vitality) = restores(&rolled);
                let s = &mut arena.states[t];
                s.health = s.health.max(0) + health;
                s.vitality += vitality;
                // One dying and healed is up again: no more saves (L453–454), unless
                // Incapacitated (L447–448).
                if s.dying && s.health >= 1 {
                    s.dying = false;
                    (s.successes, s.failures) = (0, 0);
                    s.up = !s.incapacitated;
                    self.restatus(t, arena);
                }
            }
            Action::Help(t) => {
                self.take_action(who, action, t, HELP_AP, arena, observer);
                arena.helped |= 1 << t;
                arena.states[who].helps = 1 << t;
            }
            Action::Breather => {
                self.take_action(who, action, who, BREATHER_AP, arena, observer);
                arena.states[who].breathing = true;
            }
            Action::Disengage => {
                self.take_action(who, action, who, DISENGAGE_AP, arena, observer);
                let s = &mut arena.states[who];
                (s.up, s.fled) = (false, true);
                arena.fled |= 1 << who;
                self.restatus(who, arena);
            }
            Action::Attack(k) => {
                let Some(t) = self.choose_target(who, roller, arena) else {
                    return;
                };
                observer.see(Event::Action {
                    who,
                    action,
                    target: t,
                });
                self.strike(who, t, k, roller, arena, observer);
            }
        }
    }

    /// `who` takes `action` at `target` for `cost` AP (of the other kinds than attacks and
    /// defenses): told, then paid.
    fn take_action<Ob: Observer<Conflict>>(
        &self,
        who: usize,
        action: Action,
        target: usize,
        cost: i64,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        observer.see(Event::Action {
            who,
            action,
            target,
        });
        self.pay(who, cost, AP_OTHER, arena);
    }

    /// AP still held is unspent.
    fn close_round<Ob: Observer<Conflict>>(
        &self,
        round: u32,
        arena: &mut Arena,
        observer: &mut Ob,
    ) {
        for i in members(arena.active) {
            let s = &mut arena.states[i];
            s.ap_by_kind[AP_UNSPENT] += s.ap.max(0) as u64;
        }
        observer.see(Event::RoundEnd {
            round,
            states: &arena.states,
        });
    }

    /// The first-aid tries `tender` makes in an aftermath round, 8 AP each (L453): with the
    /// AP it has left in the round the fight ended (`first`), then with its full AP (that of
    /// its last round, where AP is rolled each round). None without `first_aid`.
    #[inline]
    pub(super) fn first_aid_tries(&self, tender: usize, first: bool, arena: &Arena) -> u32 {
        if self.fighters[tender].first_aid.is_none() {
            return 0;
        }
        let s = &arena.states[tender];
        let ap = if first { s.ap } else { s.full_ap };
        (ap.max(0) / FIRST_AID_AP) as u32
    }

    /// Of `patients`, the one with the most failed saves, nearest to death (then scenario
    /// order), a reading of ours.
    #[inline]
    pub(super) fn most_failures(&self, patients: u64, arena: &Arena) -> usize {
        least_by(patients, |q| std::cmp::Reverse(arena.states[q].failures))
    }

    /// One first-aid try of `tender` on `patient` after the fight: d20 + `first_aid` ≥ 10
    /// stabilises (L453–454: no more saves, down at 0 Health).
    #[inline]
    pub(super) fn first_aid<Ro: Dice>(
        &self,
        tender: usize,
        patient: usize,
        roller: &mut Ro,
        arena: &mut Arena,
    ) -> bool {
        let bonus = self.fighters[tender].first_aid.unwrap_or(0);
        let stabilised = roller.merged(|r| r.d20() + bonus >= 10);
        if stabilised {
            let s = &mut arena.states[patient];
            s.dying = false;
            (s.successes, s.failures) = (0, 0);
        }
        stabilised
    }

    /// A round of death saves after the fight for `dying` (L446–449): each rolls one; three
    /// successes or a natural 20 stabilise, three failures kill. (Who died, who is stable.)
    #[inline]
    pub(super) fn saves_round<Ro: Dice>(
        &self,
        dying: u64,
        roller: &mut Ro,
        arena: &mut Arena,
    ) -> (u64, u64) {
        let (mut died, mut stable) = (0, 0);
        for i in members(dying) {
            let bonus = self.fighters[i].death_save_bonus;
            let s = &mut arena.states[i];
            let (successes, failures) = (s.successes, s.failures);
            let mark = |d20: &i64| save(*d20, bonus, successes, failures);
            match mark(&roller.merged_by(|r| r.d20(), mark)) {
                None => stable |= 1 << i,
                Some((_, f)) if f >= 3 => {
                    s.incapacitated = true;
                    die(s, false);
                    died |= 1 << i;
                }
                Some((ok, f)) => {
                    (s.successes, s.failures) = (ok, f);
                    s.incapacitated |= f >= 2;
                    stable |= u64::from(ok >= 3) << i;
                }
            }
            if stable >> i & 1 != 0 {
                // Its Health stays 0 here, so the fight's numbers are as they were; the day
                // carries it on at 1 (L447, L449).
                s.dying = false;
                s.saved_self = true;
                (s.successes, s.failures) = (0, 0);
            }
        }
        (died, stable)
    }
}

impl Conflict {
    /// Every part of `arena` the rest of a fight reads, for the exact walk
    /// ([`crate::combat::Walk::exact_state`]): each combatant's Vitality, Health, AP, death
    /// saves and marks of how it fell (its AP left only where it gives first aid after the
    /// fight, its remembered foe only where it keeps one), the masks, and what each needs to
    /// act. The turn keys are set again each round; a fresh fight carries nothing in.
    pub(super) fn exact_fields<C: StateCodec>(&self, arena: &mut Arena, state: &mut C) {
        for (i, s) in arena.states.iter_mut().enumerate() {
            let f = &self.fighters[i];
            state.field(&mut s.vitality);
            state.field(&mut s.health);
            if f.first_aid.is_some() {
                state.field(&mut s.ap);
            }
            state.field(&mut s.full_ap);
            state.field(&mut s.up);
            state.field(&mut s.dying);
            state.field(&mut s.dead);
            state.field(&mut s.successes);
            state.field(&mut s.failures);
            state.field(&mut s.incapacitated);
            state.field(&mut s.disabled);
            state.field(&mut s.instant_death);
            state.field(&mut s.saved_self);
            if f.potions.is_some() {
                state.field(&mut s.potions);
            }
            if f.short_rest.is_some() {
                state.field(&mut s.vitality_dice);
                state.field(&mut s.breathing);
            }
            if f.target == crate::combat::Targeting::Focus {
                state.field(&mut s.focus);
            }
            if f.helps {
                state.field(&mut s.helps);
            }
            state.field(&mut arena.turns[i % MAX_FIGHTERS].at);
        }
        for mask in [
            &mut arena.up,
            &mut arena.dying,
            &mut arena.dead,
            &mut arena.absent,
            &mut arena.fled,
            &mut arena.helped,
        ] {
            state.field(mask);
        }
    }

    /// The numbers of `arena` only added to: AP by kind and rounds active.
    pub(super) fn exact_sums(&self, arena: &mut Arena, each: &mut dyn FnMut(&mut u64)) {
        for s in &mut arena.states {
            s.ap_by_kind.iter_mut().for_each(&mut *each);
            each(&mut s.rounds_active);
        }
    }
}

fn die(s: &mut State, instant: bool) {
    s.up = false;
    s.dying = false;
    s.dead = true;
    s.instant_death = instant;
}

mod carry;
mod order;
mod swing;

use order::Turn;
pub use order::{ApDice, Pace, paces};
