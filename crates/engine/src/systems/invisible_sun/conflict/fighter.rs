//! The combatants of an Invisible Sun conflict and the rules of one exchange, shared by the
//! round engine ([`super::fight`]) and the exact programme ([`super::exact`]) so both play the
//! same game: which bene a roll spends ([`plan`]), the challenge an NPC presents, what a hit
//! does to a damage track ([`Track::take`]).
//!
//! Seed lines are 000_2810d6a557b34243.txt's (`L184`).

use crate::combat::Targeting;
use crate::systems::invisible_sun::action::{Resolution, VentureDice};
use crate::systems::invisible_sun::venture::Venture;

/// The Accuracy pool: bene on attacks and for effect (L173, L77).
pub const ACCURACY: usize = 0;
/// The Movement pool: bene on Dodge rolls (L169).
pub const MOVEMENT: usize = 1;
/// The Intellect pool: bene on Resist rolls (L170) and to negate Anguish (L191).
pub const INTELLECT: usize = 2;
/// The Physicality pool: bene on Withstand rolls (L171) and to negate Wounds (L183).
pub const PHYSICALITY: usize = 3;

/// Injuries that make one Wound or one Anguish for a PC (L180, L190).
pub const PC_INJURIES_PER_WOUND: i64 = 3;
/// Wounds that kill a PC, and Anguish that puts one out (L180–181, L190).
pub const PC_WOUNDS_TO_DIE: i64 = 3;
/// Most bene for effect on one action, even with Expansive Endeavor (L79).
pub const MAX_EFFECT_LEVEL: i64 = 4;

/// Which side acts first in every round (the seed gives no order; L160: everyone acts once).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// The PCs in file order, then the NPCs.
    PcsFirst,
    /// The NPCs in file order, then the PCs (an ambush).
    NpcsFirst,
}

impl Order {
    /// The words of `[conflict] order`.
    pub const WORDS: [(&'static str, Order); 2] = [
        ("pcs_first", Order::PcsFirst),
        ("npcs_first", Order::NpcsFirst),
    ];
}

/// The defense roll an NPC's attack calls for (L168–171).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Defense {
    /// A physical attack: Injuries become Wounds, Armor counts, Movement bene.
    Dodge,
    /// A mental attack: Injuries become Anguish, no Armor (L190–191), Intellect bene.
    Resist,
    /// An attack on the body: Injuries become Wounds, Armor counts, Physicality bene.
    Withstand,
}

impl Defense {
    /// The words a scenario uses.
    pub const WORDS: [(&'static str, Defense); 3] = [
        ("dodge", Defense::Dodge),
        ("withstand", Defense::Withstand),
        ("resist", Defense::Resist),
    ];

    /// The index of this defense's roll table in [`Pc::defense`].
    #[inline]
    pub fn index(self) -> usize {
        match self {
            Defense::Dodge => 0,
            Defense::Resist => 1,
            Defense::Withstand => 2,
        }
    }

    /// The pool its roll's bene come from (L169–171).
    #[inline]
    pub fn pool(self) -> usize {
        match self {
            Defense::Dodge => MOVEMENT,
            Defense::Resist => INTELLECT,
            Defense::Withstand => PHYSICALITY,
        }
    }

    /// Whether its damage is mental: Anguish, not Wounds, and no Armor (L190–191).
    #[inline]
    pub fn mental(self) -> bool {
        self == Defense::Resist
    }
}

/// When a PC spends Physicality (or Intellect) bene to negate a Wound (or an Anguish) as a hit
/// lands (L183, L191).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Negate {
    /// One bene per Wound the hit brings, while the pool lasts (one per hit without Expansive
    /// Endeavor).
    Greedy,
    /// Only when the hit would kill (or put out), and only as many as keep the PC in the
    /// fight; nothing when that many cannot be spent.
    LethalOnly,
    /// Never.
    Never,
}

impl Negate {
    /// The words a scenario uses.
    pub const WORDS: [(&'static str, Negate); 3] = [
        ("greedy", Negate::Greedy),
        ("lethal_only", Negate::LethalOnly),
        ("never", Negate::Never),
    ];
}

/// One of a PC's roll tables: its venture and its dice.
#[derive(Debug, Clone, Copy)]
pub struct RollTable {
    /// The venture as written; its `bene` is the bene the PC wishes to spend per roll.
    pub venture: Venture,
    /// Its mundane and magic dice, rolled from one draw.
    pub dice: VentureDice,
}

impl RollTable {
    /// A roll table of `venture`.
    pub fn new(venture: Venture) -> Self {
        Self {
            venture,
            dice: VentureDice::new(venture.magic_dice),
        }
    }
}

/// A player character resolved from a `[[pc]]` table.
#[derive(Debug, Clone)]
pub struct Pc {
    /// Name.
    pub name: String,
    /// Armor: damage points blocked per physical hit (L182).
    pub armor: i64,
    /// Bene at the start, by pool ([`ACCURACY`], [`MOVEMENT`], [`INTELLECT`], [`PHYSICALITY`]).
    pub pools: [i64; 4],
    /// Venture lost per Wound on attack, Dodge and Withstand, per Anguish on Resist (L181).
    pub wound_penalty: i64,
    /// When it negates Wounds and Anguish.
    pub negate: Negate,
    /// Expansive Endeavor: more than 1 bene on a roll, for effect, or to negate (L69, L79, L183).
    pub expansive: bool,
    /// Whom it attacks.
    pub target: Targeting,
    /// How it plays its turns: its tactic profile and thresholds (`target` above is the
    /// targeting the profile plays with).
    pub plays: crate::combat::load::Plays,
    /// Carries a first aid kit: may heal the same ally more than once an encounter (L177).
    pub first_aid_kit: bool,
    /// Its attack roll.
    pub attack: RollTable,
    /// Its weapon's or spell's damage (L174).
    pub damage: i64,
    /// Bene for effect on every attack that can hit: +2 damage each on a hit (L77–81).
    pub effect_level: i64,
    /// At effect level 4, frightens the NPC it hits off instead of +8 damage (L102).
    pub frighten: bool,
    /// Dodge, Resist and Withstand roll tables, by [`Defense::index`].
    pub defense: [RollTable; 3],
}

/// A non-player character resolved from an `[[npc]]` table. NPCs never roll (L118).
#[derive(Debug, Clone)]
pub struct Npc {
    /// Name.
    pub name: String,
    /// Level, 0–17: its challenge (L119).
    pub level: i64,
    /// Dodge defense added to its level against attacks (L120).
    pub dodge: i64,
    /// Armor (L182).
    pub armor: i64,
    /// Damage of its attack (its level by default, L174).
    pub damage: i64,
    /// Added to its level for the challenge of defending against its attack.
    pub attack_modifier: i64,
    /// The defense its attack calls for.
    pub defense: Defense,
    /// Successes the defense roll needs (2: a magical attack, L51–52).
    pub successes: u32,
    /// Injuries that make one of its Wounds (L197).
    pub injuries_per_wound: i64,
    /// Wounds that kill it (L197).
    pub wounds_to_die: i64,
    /// Level lost per Wound for every challenge it presents, not its damage (L121–122).
    pub wound_penalty: i64,
    /// Whom it attacks.
    pub target: Targeting,
    /// How it plays its turns: its tactic profile and thresholds (`target` above is the
    /// targeting the profile plays with).
    pub plays: crate::combat::load::Plays,
    /// Carries a first aid kit: may heal the same ally more than once an encounter (L177).
    pub first_aid_kit: bool,
    /// An important NPC: one recovery action an encounter (L130–135).
    pub important: bool,
}

impl Npc {
    /// The challenge of hitting it with `wounds` Wounds (L119–120, L122).
    #[inline]
    pub fn to_hit(&self, wounds: i64) -> i64 {
        self.level - self.wound_penalty * wounds + self.dodge
    }

    /// The challenge of defending against its attack with `wounds` Wounds.
    #[inline]
    pub fn to_defend(&self, wounds: i64) -> i64 {
        self.level - self.wound_penalty * wounds + self.attack_modifier
    }
}

/// How a PC's roll goes before the dice: its resolution and the bene it spends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Plan {
    /// Routine, impossible, or the number needed.
    pub resolution: Resolution,
    /// Bene spent on the venture.
    pub bene: i64,
}

/// The roll of `venture` (base, magic dice) needing `successes` against `challenge`, lowered
/// by `penalty` (scourges from Wounds or Anguish), when the PC wishes to spend `venture.bene`
/// and its pool holds `pool`: it spends what the pool has, up to the wish (L69, L169–173), and
/// only the bene that raise the chance of success — none on a routine or a hopeless roll,
/// just enough to make a roll routine.
#[inline]
pub fn plan(challenge: i64, venture: &Venture, successes: u32, penalty: i64, pool: i64) -> Plan {
    let (dice, own) = (venture.magic_dice, venture.base - penalty);
    let most = venture.bene.min(pool).max(0);
    let bene = match Resolution::of(challenge, own + most, dice, successes) {
        Resolution::Roll(_) => most,
        Resolution::Impossible => 0,
        Resolution::Automatic if challenge <= 0 => 0,
        Resolution::Automatic => most.min((challenge - own).max(0)),
    };
    Plan {
        resolution: Resolution::of(challenge, own + bene, dice, successes),
        bene,
    }
}

/// A damage track: Wounds (or Anguish) and the Injuries toward the next one (L179–180).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Track {
    /// Wounds (or Anguish); at the limit, dead (or out).
    pub marks: i64,
    /// Injuries not yet a Wound.
    pub injuries: i64,
}

impl Track {
    /// Takes `damage` Injuries (after Armor): every `per` Injuries, the ones already there
    /// included, make a mark and the rest carry over (L180, L184). The PC may negate marks the
    /// hit brings as they land (`negate`, at most `most` on one hit, from `pool`; L183, L191):
    /// each negated mark takes its Injuries with it (L184: 1 Injury + 5 damage = 2 Wounds, one
    /// negated, leaves 1 Wound and no Injuries). Marks stop at `limit`. Returns the bene spent.
    #[inline]
    pub fn take(
        &mut self,
        damage: i64,
        per: i64,
        limit: i64,
        negate: Negate,
        most: i64,
        pool: i64,
    ) -> i64 {
        let total = self.injuries + damage;
        let new = total / per;
        self.injuries = total % per;
        let can = most.min(pool);
        let spent = match negate {
            _ if new == 0 => 0,
            Negate::Never => 0,
            Negate::Greedy => new.min(can),
            Negate::LethalOnly => {
                let need = (self.marks + new - (limit - 1)).max(0);
                if need <= can { need } else { 0 }
            }
        };
        self.marks = (self.marks + new - spent).min(limit);
        spent
    }
}

/// A PC's attack on an NPC, worked out before the dice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Swing {
    /// The roll and the Accuracy bene spent on it.
    pub plan: Plan,
    /// Accuracy spent for effect (0 or the effect level).
    pub effect: i64,
    /// Injuries the NPC takes on a hit (after its Armor).
    pub injuries: i64,
    /// A hit frightens the NPC off (L102).
    pub frightens: bool,
}

impl Pc {
    /// Its attack on `npc` (with `npc_wounds`) while it has `wounds` Wounds and `accuracy`
    /// bene. Bene for effect (L77–81) is declared before the roll and paid either way, on an
    /// attack that can hit, while the pool holds the whole level; it adds 2 damage per level
    /// on a hit. Damage less Armor becomes Injuries (L182).
    #[inline]
    pub fn swing(&self, npc: &Npc, npc_wounds: i64, wounds: i64, accuracy: i64) -> Swing {
        let challenge = npc.to_hit(npc_wounds);
        let v = &self.attack.venture;
        let plan = plan(
            challenge,
            v,
            v.successes,
            self.wound_penalty * wounds,
            accuracy,
        );
        let effect = if self.effect_level > 0
            && plan.resolution != Resolution::Impossible
            && accuracy - plan.bene >= self.effect_level
        {
            self.effect_level
        } else {
            0
        };
        // L102: at level 4 the effect is the foe frightened off, or +8 damage.
        let frightens = self.frighten && effect == MAX_EFFECT_LEVEL;
        let bonus = if frightens { 0 } else { 2 * effect };
        Swing {
            plan,
            effect,
            injuries: (self.damage + bonus - npc.armor).max(0),
            frightens,
        }
    }

    /// Its defense roll against `npc` (with `npc_wounds`) while its Wounds (Anguish against a
    /// Resist) are `marks` and the defense's pool holds `pool`.
    #[inline]
    pub fn guard(&self, npc: &Npc, npc_wounds: i64, marks: i64, pool: i64) -> Plan {
        let v = &self.defense[npc.defense.index()].venture;
        plan(
            npc.to_defend(npc_wounds),
            v,
            npc.successes,
            self.wound_penalty * marks,
            pool,
        )
    }

    /// The Injuries `npc`'s attack deals it: Armor does not stop mental damage (L191).
    #[inline]
    pub fn injuries_from(&self, npc: &Npc) -> i64 {
        if npc.defense.mental() {
            npc.damage
        } else {
            (npc.damage - self.armor).max(0)
        }
    }

    /// Most marks it may negate on one hit: one, or any number with Expansive Endeavor (L183).
    #[inline]
    pub fn negate_most(&self) -> i64 {
        if self.expansive { i64::MAX } else { 1 }
    }

    /// Takes `injuries` on `track` (Wounds, or Anguish when `mental`), negating from `pool`;
    /// returns the bene spent.
    #[inline]
    pub fn hurt(&self, track: &mut Track, injuries: i64, pool: i64) -> i64 {
        track.take(
            injuries,
            PC_INJURIES_PER_WOUND,
            PC_WOUNDS_TO_DIE,
            self.negate,
            self.negate_most(),
            pool,
        )
    }

    /// The pool that negates the marks of `defense`'s damage (L183, L191).
    #[inline]
    pub fn negation_pool(defense: Defense) -> usize {
        if defense.mental() {
            INTELLECT
        } else {
            PHYSICALITY
        }
    }
}

#[cfg(test)]
mod tests;
