//! Who acts next in an Action-Point fight, what at, and at whom (001_9a2522fe8d4a2682.txt
//! L267–269, L453): what each combatant needs of the turn order, worked out once when the
//! scenario loads ([`Pace`]); its turn key, AP first and then the L269 tie order, so that
//! the next actor is the largest key ([`largest`]); its action (first aid or an attack);
//! its target under its policy, a random foe by a table of the set bits of small masks; and
//! everyone's AP dice, rolled together ([`ApDice`]).

use super::super::conflict::Conflict;
use super::super::fighter::{ApSource, Fighter, Kind};
use super::{
    Action, Arena, BREATHER_AP, DISENGAGE_AP, FIRST_AID_AP, FULL_POTION_AP, HELP_AP,
    QUICK_POTION_AP, TRIAGE_AP, swing,
};
use crate::combat::set::{everyone, members};
use crate::combat::{MAX_FIGHTERS, Move, Offers, Profile, Set, Sight, Tactic, Targeting};
use oddsmith_core::dice::{Dice, DiceSet};

/// A combatant's place in the turn order.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Turn {
    /// The AP it needs to act now (`i64::MAX` when it is not up); it depends only on the
    /// masks, not on the AP held.
    pub(super) at: i64,
    /// Its [`Pace::tag`], copied here when the fight begins.
    pub(super) tag: u64,
}

impl Turn {
    /// The key for `ap` held (≥ 0): AP first, then the L269 rank; the index in the low bits
    /// of the tag breaks no tie (ranks are distinct) but names the winner. Never 0 while it
    /// can act.
    #[inline]
    pub(super) fn key(&self, ap: i64) -> u64 {
        // A mask rather than a branch: who can act changes from one payment to the next.
        let open = u64::from(ap >= self.at).wrapping_neg();
        (((ap as u64) << KEY_SHIFT) + self.tag) & open
    }
}

/// What the turn order needs of a combatant, worked out once when the scenario loads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pace {
    /// AP needed for its cheapest attack with the reserve kept (`i64::MAX` without attacks).
    pub(super) needs: i64,
    /// Its allies, itself included, as a mask.
    pub(super) allies: u64,
    /// AP kept back from actions.
    pub(super) reserve: i64,
    /// Gives first aid.
    pub(super) first_aid: bool,
    /// Its allies when it gives first aid, else 0: first aid is open only while one of them
    /// is dying.
    pub(super) aided: u64,
    /// Has one attack and no other move to choose (no `triage` under a profile that heals,
    /// not `cautious`, no `helps`): whenever it can act and gives no first aid, it makes that attack.
    pub(super) lone: bool,
    /// Attacks a random standing foe (`Targeting::Random`).
    pub(super) random: bool,
    /// Bit `ap`: holding `ap` AP (under 128), it makes its declared defense.
    pub(super) defends: u128,
    /// Its allies who give first aid, as a mask.
    pub(super) aiders: u64,
    /// Everyone on other sides, as a mask.
    pub(super) foes: u64,
    /// Its AP less the dice ([`ApDice`]): all of it when set, else 5 + Agility + Dexterity
    /// or Cunning and the dice's constants (L267).
    pub(super) ap_base: i64,
    /// The low bits of its turn key ([`Turn::key`]): `(rank << 6 | index) + 1`, where `rank`
    /// is its place in the tie order of L269 among everyone (higher goes first): Agility,
    /// then Dexterity or Cunning, then PCs, then file order.
    pub(super) tag: u64,
}

/// Bits of a turn key below the AP ([`Turn::key`]): the rank, then the index, six bits each
/// (at most 64 combatants).
const KEY_SHIFT: u32 = 12;

impl Pace {
    /// The AP it needs to act: `i64::MAX` when it is not `up`; first aid (L453) is open while
    /// an ally is `dying`.
    #[inline]
    pub(super) fn act_at(&self, up: bool, dying: u64) -> i64 {
        match (up, self.first_aid && dying & self.allies != 0) {
            (false, _) => i64::MAX,
            (true, false) => self.needs,
            (true, true) => self.needs.min(self.reserve + FIRST_AID_AP),
        }
    }
}

/// The [`Pace`] of each of `fighters`.
pub fn paces(fighters: &[Fighter]) -> Vec<Pace> {
    let allies = |side: usize| {
        fighters
            .iter()
            .enumerate()
            .filter(|(_, f)| f.side == side)
            .fold(0u64, |m, (i, _)| m | 1 << i)
    };
    let aiders = |side: usize| {
        fighters
            .iter()
            .enumerate()
            .filter(|(_, f)| f.side == side && f.first_aid.is_some())
            .fold(0u64, |m, (i, _)| m | 1 << i)
    };
    let mut order: Vec<usize> = (0..fighters.len()).collect();
    let tie = |i: usize| {
        let f = &fighters[i];
        (
            f.agility,
            f.dex_or_cunning,
            f.kind == Kind::Pc,
            std::cmp::Reverse(i),
        )
    };
    order.sort_by_key(|&i| tie(i));
    let mut rank = vec![0u64; fighters.len()];
    for (r, &i) in order.iter().enumerate() {
        rank[i] = r as u64;
    }
    fighters
        .iter()
        .zip(rank)
        .enumerate()
        .map(|(i, (f, rank))| Pace {
            needs: f
                .attacks
                .iter()
                .map(|a| a.ap + f.reserve_ap)
                .min()
                .unwrap_or(i64::MAX),
            allies: allies(f.side),
            aiders: aiders(f.side),
            foes: !allies(f.side) & everyone(fighters.len()),
            reserve: f.reserve_ap,
            first_aid: f.first_aid.is_some(),
            aided: if f.first_aid.is_some() {
                allies(f.side)
            } else {
                0
            },
            lone: f.attacks.len() == 1
                && !(f.plays.profile.chooses_moves()
                    && (f.triage.is_some() || f.potions.is_some()))
                && f.plays.profile != Profile::Cautious
                && !f.helps,
            random: f.target == Targeting::Random,
            defends: f.defend.map_or(0, |d| {
                (0..128).fold(0, |m, ap| {
                    m | u128::from(swing::makes_defense(f, &d, ap)) << ap
                })
            }),
            ap_base: match &f.ap {
                ApSource::Fixed(n) => *n,
                ApSource::Rolled {
                    action_die,
                    vitality_die,
                    flat,
                } => flat + action_die.constant() + vitality_die.constant(),
            },
            tag: (rank << 6 | i as u64) + 1,
        })
        .collect()
}

/// Everyone's AP dice (L267), in file order, each combatant's action die then its Vitality
/// die: rolled together when a fight begins (and each round under the L270 variant).
#[derive(Debug, Clone)]
pub struct ApDice {
    /// The rolls.
    pub(super) set: DiceSet,
    /// Whose AP each roll is.
    pub(super) owner: Vec<usize>,
}

impl ApDice {
    /// The AP dice of `fighters`.
    pub fn new(fighters: &[Fighter]) -> Self {
        let (rolls, owner) = fighters
            .iter()
            .enumerate()
            .flat_map(|(i, f)| match &f.ap {
                ApSource::Fixed(_) => Vec::new(),
                ApSource::Rolled {
                    action_die,
                    vitality_die,
                    ..
                } => vec![(action_die.clone(), i), (vitality_die.clone(), i)],
            })
            .unzip();
        Self {
            set: DiceSet::new(rolls),
            owner,
        }
    }
}

/// For each mask of eight bits: how many bits are set, and by `k` the index of the set bit
/// after skipping `k` of them.
pub(super) const BITS: [(u8, [u8; 8]); 256] = {
    let mut bits = [(0, [0; 8]); 256];
    let mut mask = 0;
    while mask < 256 {
        let (mut n, mut i) = (0, 0);
        while i < 8 {
            if mask >> i & 1 == 1 {
                bits[mask].1[n] = i as u8;
                n += 1;
            }
            i += 1;
        }
        bits[mask].0 = n as u8;
        mask += 1;
    }
    bits
};

/// The largest of the first `n` keys. The keys past `n` are 0, so up to eight combatants
/// this is a fixed tree of four or eight (a loop over `n` vectorises badly).
#[inline]
pub(super) fn largest(keys: &[u64; MAX_FIGHTERS], n: usize) -> u64 {
    let quad = |i: usize| keys[i].max(keys[i + 1]).max(keys[i + 2].max(keys[i + 3]));
    match n {
        0..=4 => quad(0),
        5..=8 => quad(0).max(quad(4)),
        _ => keys.iter().take(n).fold(0, |best, &k| best.max(k)),
    }
}

impl Conflict {
    /// The action combatant `i` wants and can pay for, if any.
    #[inline]
    pub(super) fn wanted<Ro: Dice>(
        &self,
        i: usize,
        arena: &Arena,
        roller: &mut Ro,
    ) -> Option<Action> {
        // One test for the rare first aid, then (the same branch for everyone) its key says
        // it can pay for its cheapest attack, the only one.
        let p = &self.paces[i];
        if p.aided & arena.dying == 0 && p.lone {
            return Some(Action::Attack(0));
        }
        self.chosen(i, arena, roller)
    }

    /// [`Conflict::wanted`] with a choice to make, by its profile ([`Profile::choose`]):
    /// first aid on a dying ally (8 AP, L453) where it gives first aid, Triage on a hurt one
    /// (8 AP, 001:143) where it has `triage` and its profile heals, Disengage out of the
    /// fight (4 AP, 001:334) under `cautious` below its `cautious_below`, Help for an ally
    /// (6 AP, 001:310) where it `helps`, or among attacks.
    /// Triage and Disengage are offered only when it could act anyway (its AP reach its
    /// cheapest attack), so the turn order is the book's.
    #[inline(never)]
    fn chosen<Ro: Dice>(&self, i: usize, arena: &Arena, roller: &mut Ro) -> Option<Action> {
        let f = &self.fighters[i];
        let s = &arena.states[i];
        let spare = s.ap - f.reserve_ap;
        let p = &self.paces[i];
        let states = &arena.states;
        // Where it could act anyway (its AP reach its cheapest attack), so the turn order is
        // the book's.
        let could = spare >= p.needs - p.reserve;
        let profile = f.plays.profile;
        // A potion for a dying ally (6 AP), under a profile that tends with it.
        let potion = s.potions > 0
            && spare >= FULL_POTION_AP
            && could
            && matches!(profile, Profile::Protect | Profile::Random);
        let fallen = if (f.first_aid.is_some() && spare >= FIRST_AID_AP) || potion {
            arena.dying & p.allies
        } else {
            0
        };
        // Its own potion: below its `cautious_below` (`cautious`) or whenever hurt (`random`).
        let drink = f.potions.as_ref().map_or(i64::MAX, |d| {
            if d.full {
                FULL_POTION_AP
            } else {
                QUICK_POTION_AP
            }
        });
        let hurt_me = s.health < f.health || s.vitality < f.vitality;
        let low = match profile {
            Profile::Cautious => {
                (f.plays.cautious_below).holds(s.vitality + s.health, f.vitality + f.health)
            }
            Profile::Random => true,
            _ => false,
        };
        let potion_in_hand = s.potions > 0 && spare >= drink;
        // A breather (8 AP, 001:322) where it has a Vitality Die and Vitality to gain.
        let breather = f.short_rest.is_some()
            && s.vitality_dice > 0
            && !s.breathing
            && s.vitality < f.vitality
            && spare >= BREATHER_AP;
        let recover = (potion_in_hand || breather) && could && hurt_me && low;
        let mut hurt = 0u64;
        if f.triage.is_some() && spare >= TRIAGE_AP && spare >= p.needs - p.reserve {
            let random = f.plays.profile == Profile::Random;
            for j in members(arena.up & p.allies & !(1 << i)) {
                let (t, g) = (&states[j], &self.fighters[j]);
                let low = random
                    || (f.plays.protect_below).holds(t.vitality + t.health, g.vitality + g.health);
                hurt |= u64::from(t.health < g.health && low) << j;
            }
        }
        // Disengage (001:334): a careful move out of reach, below its `cautious_below`.
        let flee = profile == Profile::Cautious && spare >= DISENGAGE_AP && could && low;
        // Help (001:310) for the standing ally next in the turn order (the largest key: the
        // most AP left, then L269) with no help pending, where that ally acts before the
        // helper's own next turn (its key beats the helper's once Help is paid), so the
        // advantage can be used.
        let mut support = 0u64;
        if f.helps && spare >= HELP_AP && could {
            let allies = arena.up & p.allies & !(1 << i) & !arena.helped;
            let after = arena.turns[i % MAX_FIGHTERS].key(s.ap - HELP_AP);
            let next = members(allies)
                .map(|j| (arena.keys[j % MAX_FIGHTERS], j))
                .filter(|&(key, _)| key > after)
                .max()
                .map(|(_, j)| j);
            support = next.map_or(0, |j| 1 << j);
        }
        let offers = Offers {
            fight: f.attacks.iter().any(|a| a.ap <= spare),
            fallen: Set::from(fallen),
            hurt: Set::from(hurt),
            recover,
            flee,
            support: Set::from(support),
        };
        // The dying with most failed saves first (L447); the hurt with least left.
        let need = |j: usize| {
            let t = &states[j];
            if t.dying {
                -i64::from(t.failures)
            } else {
                t.vitality + t.health
            }
        };
        match f.plays.profile.choose(offers, need, |n| roller.pick(n)) {
            Move::Tend(t) if potion => Some(Action::Potion(t)),
            Move::Tend(t) => Some(Action::FirstAid(t)),
            Move::Recover if potion_in_hand => Some(Action::Potion(i)),
            Move::Recover => Some(Action::Breather),
            Move::Heal(t) => Some(Action::Triage(t)),
            Move::Flee => Some(Action::Disengage),
            Move::Support(t) => Some(Action::Help(t)),
            Move::Fight => f
                .attacks
                .iter()
                .position(|a| a.ap <= spare)
                .map(Action::Attack),
        }
    }

    /// The standing combatant with the most AP that can act, ties by L269 then file order.
    #[inline]
    pub(super) fn next_actor(&self, arena: &Arena) -> Option<usize> {
        let best = largest(&arena.keys, self.fighters.len());
        Some((best.checked_sub(1)? & 63) as usize)
    }

    pub(super) fn choose_target<Ro: Dice>(
        &self,
        a: usize,
        roller: &mut Ro,
        arena: &mut Arena,
    ) -> Option<usize> {
        let all = everyone(self.fighters.len());
        // Who sits the fight out is never attacked (it is never up either).
        let targets = if self.rules.attack_downed {
            all & !arena.dead & !arena.absent & !arena.fled
        } else {
            arena.up
        };
        // No choice to make under any policy, so the decision is not asked (the answer
        // cannot differ): the one foe left, or none. (The focus matters only to
        // `Targeting::Focus`, which would remember this foe too.)
        let foes = targets & self.paces[a].foes;
        if foes & foes.wrapping_sub(1) == 0 {
            let t = (foes != 0).then_some(foes.trailing_zeros() as usize);
            arena.states[a].focus = t.or(arena.states[a].focus);
            return t;
        }
        // A random foe among up to eight: the choice `Tactic::decide` makes, by table (its
        // loop over the skipped foes ends where no branch predicts it). Only `Focus` reads
        // the focus, so it is left alone.
        if self.paces[a].random
            && let Some((n, nth)) = BITS.get(foes as usize)
        {
            return Some(usize::from(nth[roller.pick(usize::from(*n)) % 8]));
        }
        let states = &arena.states;
        let mut focus = states[a].focus;
        let sight = Sight {
            roster: &self.bout.roster,
            me: a,
            // Every attack chooses as the turn's first: `spread` shares foes by member here.
            nth: 0,
            side: self.fighters[a].side,
            among: Set::from(targets),
            weakness: |i: usize| states[i].vitality + states[i].health,
        };
        let action = Tactic::Attack(self.fighters[a].target)
            .decide(sight, &mut focus, |foes| foes.draw(|n| roller.pick(n)));
        arena.states[a].focus = focus;
        action.target()
    }
}
