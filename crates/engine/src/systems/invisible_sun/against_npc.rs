//! One roll against an NPC: a PC's defense (`[defense]`, L118–120, L168–171) or a PC's attack
//! (`[attack]`, L70, L120, L172–174, L182). NPCs never roll (L118): the NPC's level and
//! modifiers make the challenge, and the PC rolls today's action roll against it.

use super::action::ActionRoll;

/// The most bene a character may spend for effect, and the highest effect level (L79).
pub const MAX_EFFECT_LEVEL: i64 = 4;

/// Which defense a PC rolls (L169–171).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DefenseKind {
    /// Against a physical attack; bene from Movement (L169).
    Dodge,
    /// Against an effect on the mind; bene from Intellect; armor does not apply (L170, L191).
    Resist,
    /// Against an effect on the body; bene from Physicality (L171).
    Withstand,
}

impl DefenseKind {
    /// The words a scenario's `kind` may take.
    pub const WORDS: [(&'static str, DefenseKind); 3] = [
        ("dodge", DefenseKind::Dodge),
        ("resist", DefenseKind::Resist),
        ("withstand", DefenseKind::Withstand),
    ];

    /// Whether Armor reduces the damage of an attack this defense answers: not mental damage
    /// (L191).
    pub fn armor_applies(self) -> bool {
        self != DefenseKind::Resist
    }
}

/// Damage that gets through Armor, point for point (L182).
pub fn through_armor(damage: i64, armor: i64) -> u64 {
    (damage - armor).max(0) as u64
}

/// The extra damage bene for effect at `level` buys on a hit: +2, +4, +6, +8 (L81, L89, L94,
/// L103).
pub fn effect_damage(level: i64) -> i64 {
    2 * level
}

/// A defense roll: the NPC's level and modifier make the challenge (L119–120); each scourge
/// costs the venture 1 (L121, L181); a failure takes the damage less armor as Injuries
/// (`injuries.mean`).
pub struct Defense {
    /// Which defense.
    pub kind: DefenseKind,
    /// The attacking NPC's level (0–17).
    pub npc_level: i64,
    /// Its modifier for this attack (−10…10).
    pub npc_modifier: i64,
    /// Scourges on the PC's pool: its Wounds, or its Anguish on resist.
    pub scourges: i64,
    /// Damage of the attack (by default the NPC's level, L174).
    pub damage: i64,
    /// The PC's Armor (ignored on resist).
    pub armor: i64,
}

impl Defense {
    /// The roll, with a venture of `venture` before scourges.
    pub fn roll(&self, venture: i64, magic_dice: u32, successes: u32) -> ActionRoll {
        let armor = if self.kind.armor_applies() {
            self.armor
        } else {
            0
        };
        ActionRoll::new(
            self.npc_level + self.npc_modifier,
            venture - self.scourges,
            magic_dice,
            successes,
        )
        .with_payoff(
            "injuries",
            "Injuries taken",
            false,
            through_armor(self.damage, armor),
        )
    }
}

/// A PC's attack on an NPC: the challenge is its level plus its Dodge (L120); a hit deals the
/// weapon's damage plus the effect's, less the NPC's Armor (`damage.mean`).
pub struct Attack {
    /// The NPC's level (0–17).
    pub npc_level: i64,
    /// Its Dodge defense (L120: most aware NPCs have at least +1).
    pub npc_dodge: i64,
    /// Its Armor.
    pub npc_armor: i64,
    /// The attack's damage: light 2, medium 4, heavy 6, a spell its level (L174).
    pub damage: i64,
    /// Bene spent for effect, declared before the roll and paid either way (L77–79).
    pub effect_level: i64,
}

impl Attack {
    /// The roll, with `venture` (a weapon's level counts as `tools`, L70).
    pub fn roll(&self, venture: i64, magic_dice: u32, successes: u32) -> ActionRoll {
        ActionRoll::new(
            self.npc_level + self.npc_dodge,
            venture,
            magic_dice,
            successes,
        )
        .with_payoff(
            "damage",
            "damage dealt",
            true,
            through_armor(
                self.damage + effect_damage(self.effect_level),
                self.npc_armor,
            ),
        )
    }
}
