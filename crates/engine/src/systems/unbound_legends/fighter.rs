//! A combatant of an Unbound Legends fight, resolved from its `[[combatant]]` table: Action
//! Points (L267), Vitality and Health (L435–436), armor (L227–235), the declared defense
//! (L247–260), attacks (L302, L360–364), damage types and sources (L393–414), and which
//! dying rules apply (L440–456), and what rests give it back between the fights of a day
//! (its Vitality Dice, Strength and level, L610–612). Plain data; the fight itself is in
//! [`super::fight`], the day in [`super::day`].

use super::attack::{AttackRules, DefenseKind};
use super::d20::Edge;
use crate::combat::Targeting;
use oddsmith_core::dice::DiceExpr;
use oddsmith_core::dice::stream::PlainDice;

/// The damage types of L396–405, in bit order of a [`Kinds`] mask.
pub const DAMAGE_TYPES: [&str; 10] = [
    "acid",
    "bludgeoning",
    "cold",
    "fire",
    "lightning",
    "necrotic",
    "piercing",
    "poison",
    "psychic",
    "slashing",
];

/// The damage sources of L408–414, in bit order after the types.
pub const DAMAGE_SOURCES: [&str; 7] = [
    "null", "arcane", "divine", "primal", "demonic", "infernal", "eldritch",
];

/// A set of damage types and sources as bits: type `i` is bit `i`, source `j` is bit
/// `DAMAGE_TYPES.len() + j`.
pub type Kinds = u32;

/// The bit of a damage type or source word, if it is one.
pub fn kind_bit(word: &str) -> Option<Kinds> {
    DAMAGE_TYPES
        .iter()
        .chain(DAMAGE_SOURCES.iter())
        .position(|w| *w == word)
        .map(|i| 1 << i)
}

/// A damage type with rules of its own in the fight.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    /// No rule of its own here (L423, L426–432 come later).
    Plain,
    /// A crit skips armor and deals 1 Health damage per die (L424).
    Piercing,
    /// A crit adds the dice maximum (L425).
    Slashing,
    /// Goes straight to Health (L403).
    Poison,
}

/// One attack a combatant can make.
#[derive(Debug, Clone)]
pub struct Attack {
    /// Its whole bonus to hit (L362–364).
    pub to_hit: i64,
    /// Damage dice and flat terms (L390–391).
    pub damage: DiceExpr,
    /// Its type and source bits (resistance and vulnerability, L417–420).
    pub kinds: Kinds,
    /// What its type does on its own.
    pub special: Special,
    /// The attacker's skill rank with it: the minor-failure band (L434).
    pub skill_rank: i64,
    /// Its AP cost (L302: 5 unless stated).
    pub ap: i64,
    /// The highest the dice alone can roll (a slashing crit adds it, L425).
    pub dice_max: i64,
    /// How many dice it rolls (a piercing crit deals this to Health, L424).
    pub dice_count: i64,
    /// The damage as plain dice, when it is (rolled faster, the same numbers).
    pub plain: Option<PlainDice>,
}

impl Attack {
    /// An attack; the dice maximum and count are read off `damage`.
    pub fn new(
        to_hit: i64,
        damage: DiceExpr,
        kinds: Kinds,
        special: Special,
        skill_rank: i64,
        ap: i64,
    ) -> Self {
        Self {
            to_hit,
            dice_max: damage.max() - damage.constant(),
            dice_count: i64::from(damage.dice_count()),
            plain: PlainDice::of(&damage),
            damage,
            kinds,
            special,
            skill_rank,
            ap,
        }
    }
}

/// Where a combatant's Action Points come from (L267).
#[derive(Debug, Clone)]
pub enum ApSource {
    /// A set number (monsters and NPCs).
    Fixed(i64),
    /// 5 + action die + Vitality die + Agility + Dexterity or Cunning.
    Rolled {
        /// The Action Dice (d4 at first level).
        action_die: DiceExpr,
        /// The Vitality Die.
        vitality_die: DiceExpr,
        /// 5 + Agility + Dexterity or Cunning.
        flat: i64,
    },
}

/// What the armor does after a failed active defense (L229–235).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Armor {
    /// No armor skill rule: the rank is left out.
    None,
    /// Always the full reduction (L229).
    Unarmored,
    /// Agility instead after a failed Dodge (L231).
    Light,
    /// No rule of its own here (L233 changes dodge and passive values, which the scenario
    /// gives whole).
    Medium,
    /// Keeps the rank after a failed Block (L235).
    Heavy,
}

impl Armor {
    /// The words a scenario uses.
    pub const WORDS: [(&'static str, Armor); 5] = [
        ("none", Armor::None),
        ("unarmored", Armor::Unarmored),
        ("light", Armor::Light),
        ("medium", Armor::Medium),
        ("heavy", Armor::Heavy),
    ];
}

/// How a combatant falls (L440–456).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A player character: Disabled at 0 Health, death saves, first to act in a tie (L269).
    Pc,
    /// A mighty villain: Disabled and death saves like a PC (L456), acts after PCs in a tie.
    Villain,
    /// Dies at 0 Health (L456).
    Monster,
}

impl Kind {
    /// The words a scenario uses.
    pub const WORDS: [(&'static str, Kind); 3] = [
        ("pc", Kind::Pc),
        ("villain", Kind::Villain),
        ("monster", Kind::Monster),
    ];
}

/// When a combatant makes its declared defense.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefendWhen {
    /// Whenever it can pay.
    Affordable,
    /// Only when paying costs no attack this round: ⌊(AP − cost − reserve)/a⌋ =
    /// ⌊(AP − reserve)/a⌋ for the first attack's cost a.
    Spare,
}

/// A declared active defense with its entry (`defense.<kind>`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActiveDefense {
    /// Which defense.
    pub kind: DefenseKind,
    /// Its AP cost: 2, 4, 3, or the parry's (L249, L253, L258).
    pub cost: i64,
    /// Everything of L251, L255 or L260 but the dice.
    pub bonus: i64,
    /// The defense's rank: the defender's minor-failure band.
    pub rank: i64,
    /// Advantage or disadvantage on the dice.
    pub edge: Edge,
    /// Strength added to armor on a Block's minor failure (L254).
    pub strength: i64,
}

/// A combatant, resolved.
#[derive(Debug, Clone)]
pub struct Fighter {
    /// Name.
    pub name: String,
    /// Side index (the roster's).
    pub side: usize,
    /// How it falls.
    pub kind: Kind,
    /// Its Action Points.
    pub ap: ApSource,
    /// Agility: the first tie-break (L269), and a light armor's reduction after a failed Dodge.
    pub agility: i64,
    /// Dexterity or Cunning: the second tie-break.
    pub dex_or_cunning: i64,
    /// Vitality maximum.
    pub vitality: i64,
    /// Health maximum (≥ 1).
    pub health: i64,
    /// The number to hit when it does not defend actively (L360).
    pub passive_armor: i64,
    /// Armor Reduction, armor skill rank included (L227).
    pub armor_reduction: i64,
    /// The armor skill rank left out after a failed active defense (L247).
    pub armor_skill_rank: i64,
    /// The armor's own rule.
    pub armor: Armor,
    /// The defense it declares against every attack, if any (else Passive Armor).
    pub defend: Option<ActiveDefense>,
    /// When it defends.
    pub defend_when: DefendWhen,
    /// AP it keeps back from actions (for defenses).
    pub reserve_ap: i64,
    /// Attacks in order of preference; the first is the one `spare` and Parry refer to.
    pub attacks: Vec<Attack>,
    /// Medicine bonus for first aid (L453), if it gives first aid.
    pub first_aid: Option<i64>,
    /// Its Triage bonus, if it can use Triage with a Healer's Kit on a hurt ally in the
    /// fight (001:143), under a profile that heals.
    pub triage: Option<i64>,
    /// Takes the Help action (6 AP, 001:310) for an ally instead of attacking where it
    /// could act: advantage on that ally's next attack roll before its own next turn.
    pub helps: bool,
    /// Whom it attacks.
    pub target: Targeting,
    /// How it plays its turns: its tactic profile and thresholds (`target` above is the
    /// targeting the profile plays with).
    pub plays: crate::combat::load::Plays,
    /// Damage types and sources it resists (halved, L418).
    pub resist: Kinds,
    /// Damage types and sources it is vulnerable to (doubled, L418).
    pub vulnerable: Kinds,
    /// Added to its death saves (Endurance boosts, L18).
    pub death_save_bonus: i64,
    /// Its Vitality Dice for short rests (L610), if it has any.
    pub short_rest: Option<ShortRest>,
    /// Its potions of healing, if any.
    pub potions: Option<Potions>,
    /// Strength: the Health a long rest gives back (L612).
    pub strength: i64,
    /// Level: a long rest gives back spent Vitality Dice up to half of it, at least 1 (L612).
    pub level: i64,
}

/// A combatant's Vitality Dice (`short_rest = { … }`): what a short rest can give back
/// (L610).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShortRest {
    /// How many it has when the day begins (its maximum).
    pub vitality_dice: u32,
    /// The die's faces (a d6: 6).
    pub die: u32,
    /// Endurance, added to each die (the die and it together give at least 1).
    pub endurance: i64,
}

/// Potions of healing a combatant carries (001:318, 001:437).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Potions {
    /// How many it carries into a fresh fight (a day carries what is left).
    pub count: u32,
    /// What one heals: Health first, up to its full, then Vitality.
    pub heal: DiceExpr,
    /// Drinks its own all at once (6 AP, the dice's maximum) rather than quickly (3 AP).
    pub full: bool,
}

/// When a blow at 0 Health or past it kills outright.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InstantDeath {
    /// Both L442 (leftover ≥ Health maximum) and L450 (damage at 0 Health ≥ Vitality maximum).
    Both,
    /// L442 only.
    Overflow,
    /// Neither.
    Off,
}

impl InstantDeath {
    /// The words a scenario uses.
    pub const WORDS: [(&'static str, InstantDeath); 3] = [
        ("both", InstantDeath::Both),
        ("overflow", InstantDeath::Overflow),
        ("off", InstantDeath::Off),
    ];
}

/// The table readings of a fight (`[rules]`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FightRules {
    /// How attacks resolve: the crit margin (L422) and the minor-failure band (L434).
    pub attack: AttackRules,
    /// Roll AP again each round (the variant of L270–271).
    pub reroll_ap_each_round: bool,
    /// Which instant-death rules apply.
    pub instant_death: InstantDeath,
    /// A combatant its saves stabilise rejoins with 1 Health, 0 Vitality and its AP, unless
    /// it ever had two failures (Incapacitated, L447–448).
    pub stabilised_rejoins: bool,
    /// Foes attack combatants who are down but alive.
    pub attack_downed: bool,
}

impl Default for FightRules {
    fn default() -> Self {
        Self {
            attack: AttackRules::default(),
            reroll_ap_each_round: false,
            instant_death: InstantDeath::Both,
            stabilised_rejoins: true,
            attack_downed: false,
        }
    }
}
