//! The Guide's choices for a conflict, read from `[conflict]` (004_803a11f5ee1b6e60.txt), and
//! the kinds of roll a combatant may bid mojo on (976–978).

/// When a combatant who dropped to 0 survival or gained injuries rolls to stay conscious.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ConsciousnessCheck {
    /// Once, at the end of the round, after every attack (762: "After both sides act, check
    /// for unconsciousness and death"; the Yeti rolls after both claws, 944–946).
    EndOfRound,
    /// After each hit that calls for it, at the injuries then (605's "immediate" roll).
    PerHit,
}

/// How a death contest ends when both sides succeed (613, 724).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeathContest {
    /// One exchange: dying only if the injuries' roll succeeds and the endurance roll fails.
    Single,
    /// Both succeeding roll again (724), doubled when neither can fail (728); after
    /// [`MAX_DEATH_EXCHANGES`] the combatant lives.
    Contest,
}

/// Exchanges of a death contest before the combatant is taken to live.
pub const MAX_DEATH_EXCHANGES: u32 = 1000;

/// How long a combatant who failed a consciousness roll stays out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnconsciousFor {
    /// The rest of the fight (as the Yeti example treats a failed roll at 0 injuries, 946).
    Fight,
    /// A minute (six ten-second rounds, 748) per injury point (605): back at the start of the
    /// first round after missing 6 × its current injuries rounds.
    Injuries,
}

/// Rounds in a minute (003_2f5399e0a98f81be.txt line 123; rounds are ten seconds, 748).
pub const ROUNDS_PER_MINUTE: u32 = 6;

/// The `[conflict]` readings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConflictRules {
    /// When consciousness is rolled.
    pub consciousness_check: ConsciousnessCheck,
    /// How a death contest ends.
    pub death_contest: DeathContest,
    /// A combatant still surprised in round 1 is also unaware: +4 to hit it (866).
    pub surprised_are_unaware: bool,
    /// How long the unconscious stay out.
    pub unconscious_for: UnconsciousFor,
}

impl Default for ConflictRules {
    fn default() -> Self {
        Self {
            consciousness_check: ConsciousnessCheck::EndOfRound,
            death_contest: DeathContest::Single,
            surprised_are_unaware: false,
            unconscious_for: UnconsciousFor::Fight,
        }
    }
}

impl ConsciousnessCheck {
    /// The words `consciousness_check` may take.
    pub const WORDS: [(&'static str, Self); 2] = [
        ("end_of_round", Self::EndOfRound),
        ("per_hit", Self::PerHit),
    ];
}

impl DeathContest {
    /// The words `death_contest` may take.
    pub const WORDS: [(&'static str, Self); 2] =
        [("single", Self::Single), ("contest", Self::Contest)];
}

impl UnconsciousFor {
    /// The words `unconscious_for` may take.
    pub const WORDS: [(&'static str, Self); 2] =
        [("fight", Self::Fight), ("injuries", Self::Injuries)];
}

/// A kind of roll mojo may be bid on (976–978).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MojoKind {
    /// The endurance roll of a death contest (archetypal for every PC, 617).
    Death,
    /// A roll to stay conscious.
    Consciousness,
    /// An attack roll (warriors, 426–431).
    Attack,
    /// An evasion roll (thieves).
    Evasion,
    /// The perception roll against surprise (monks).
    Surprise,
    /// The roll to snap out of surprise.
    SnapOut,
}

impl MojoKind {
    /// The words `mojo_on` may list.
    pub const WORDS: [(&'static str, Self); 6] = [
        ("death", Self::Death),
        ("consciousness", Self::Consciousness),
        ("attack", Self::Attack),
        ("evasion", Self::Evasion),
        ("surprise", Self::Surprise),
        ("snap_out", Self::SnapOut),
    ];

    /// This kind's bit in a [`MojoOn`] set.
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The kinds of roll a combatant bids mojo on, as a bit set.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MojoOn(pub u8);

impl MojoOn {
    /// Death rolls only: the default.
    pub const DEATH: MojoOn = MojoOn(MojoKind::Death.bit());

    /// Whether `kind` is in the set.
    pub fn has(self, kind: MojoKind) -> bool {
        self.0 & kind.bit() != 0
    }
}

/// Whether a combatant attacks foes who are down (unconscious but alive).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackDowned {
    /// Only foes still standing.
    Never,
    /// The unconscious are targets too.
    Also,
    /// The unconscious before the standing.
    First,
}

impl AttackDowned {
    /// The words `attack_downed` may take.
    pub const WORDS: [(&'static str, Self); 3] = [
        ("never", Self::Never),
        ("also", Self::Also),
        ("first", Self::First),
    ];
}

/// Cover against ranged attacks (815–820), weakest first so the better of two is the larger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default)]
pub enum Cover {
    /// In the open.
    #[default]
    None,
    /// Protects a significant portion of the body.
    Weak,
    /// Protects most of it.
    Strong,
    /// Blocks all of it.
    Full,
}

impl Cover {
    /// The words `cover` may take.
    pub const WORDS: [(&'static str, Self); 4] = [
        ("none", Self::None),
        ("weak", Self::Weak),
        ("strong", Self::Strong),
        ("full", Self::Full),
    ];

    /// The defense bonus it gives (815–817): warriors +1/+2/+3, everyone else 0/+1/+2.
    pub const fn defense(self, warrior: bool) -> i64 {
        let level = self as i64;
        if warrior || level == 0 {
            level
        } else {
            level - 1
        }
    }

    /// The cover a crowd in close combat gives against a shot fired into it (780): strong
    /// with three to five combatants standing there, full with six or more.
    pub const fn of_crowd(standing: i64) -> Self {
        match standing {
            i64::MIN..=2 => Self::None,
            3..=5 => Self::Strong,
            _ => Self::Full,
        }
    }
}
