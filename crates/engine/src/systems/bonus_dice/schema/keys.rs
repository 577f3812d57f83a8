//! Every key of a `bonus-dice` scenario, declared once ([`oddsmith_scenario::keys`]): the
//! loader reads each value against these, and the reference (`docs/scenarios/bonus-dice.md`)
//! and `oddsmith new` are written from them (each shape's example for `oddsmith new` is
//! `schema/new/<shape>.toml`, its prose `schema/docs/<shape>.md`). Seed lines are cited as
//! `002:L` (`002_88b8445f1f52ae9c.txt`).
//!
//! Three keys take more than one form (a number or a list, a word or a table): their ranges are
//! the constants beside them, which the loader checks by hand and a test holds to the words.

use oddsmith_scenario::keys::common::{
    self, ALLIES, CAUTIOUS_BELOW, DAY_ENCOUNTERS, DAY_GAP, DAY_PARTY, FOES, PATIENTS,
    PROTECT_BELOW, TACTICS,
};
use oddsmith_scenario::keys::{Form, Key, Metric, Schema, Shape, Table};
use std::ops::RangeInclusive;

/// The seed files, for the reference's readers.
const SEEDS: &[(&str, &str)] = &[(
    "002",
    "the bonus-dice d20 system (`002_88b8445f1f52ae9c.txt`)",
)];

/// The ladder of bonus dice (002:1–2).
pub(super) const LADDER: &[&str] = &["d4", "d6", "d8", "d10", "d12", "d20"];

/// A quality: a ladder die or its name (002:48, 002:57).
pub(super) const QUALITY: &[&str] = &[
    "d4",
    "d6",
    "d8",
    "d10",
    "d12",
    "d20",
    "feeble",
    "ordinary",
    "heroic",
    "epic",
    "legendary",
];

/// Superior Durability (002:58).
pub(super) const DURABILITY: &[&str] = &["none", "heroic", "epic", "legendary"];

/// The size categories (002:78).
pub(super) const SIZE: &[&str] = &[
    "tiny", "small", "medium", "large", "huge", "massive", "colossal",
];

/// Cover against ranged attacks (002:93–96).
pub(super) const COVER: &[&str] = &["none", "light", "partial", "full"];

/// Visibility (002:88–92).
pub(super) const VISIBILITY: &[&str] = &["normal", "reduced", "low", "zero"];

/// The Dodge policies that are one word; the other is `{ keep_vigor = N }`.
pub(super) const POLICY: &[&str] = &["when_hit", "always", "never"];

/// `armor_rank`: each rank, alone or in a list.
pub(super) const ARMOR_RANK: RangeInclusive<i64> = 0..=100;

/// `at_least`: each threshold.
pub(super) const AT_LEAST: RangeInclusive<i64> = 1..=1000;

/// `policy = { keep_vigor = N }`: N.
pub(super) const KEEP_VIGOR: RangeInclusive<i64> = 0..=1000;

/// `key` under another name (the combatant's dice counts are the dice keys renamed).
const fn renamed(key: Key, name: &'static str) -> Key {
    Key { name, ..key }
}

const BONUS_DICE: Key = Key::int("bonus_dice", 0, 20)
    .default("0")
    .means("how many bonus dice")
    .seed("002:1-2");
const BASE_DIE: Key = Key::word("base_die", LADDER)
    .default("\"d10\"")
    .means("the size of the bonus dice before Charges, Challenges and Wounded step it")
    .seed("002:1");
const CHARGES: Key = Key::int("charges", 0, 20)
    .default("0")
    .means("one step up each")
    .seed("002:2");
const CHALLENGES: Key = Key::int("challenges", 0, 20)
    .default("0")
    .means("one step down each; Charges cancel them one for one")
    .seed("002:2");
const WOUNDED: Key = Key::bool("wounded")
    .default("false")
    .means("one step down")
    .seed("002:53");
const VISIBILITY_KEY: Key = Key::word("visibility", VISIBILITY)
    .default("\"normal\"")
    .means("ranged attacks only: Guard +5, +10 or +15 (none at point blank in zero visibility)")
    .seed("002:90-92");
const SIZE_KEY: Key = Key::word("size", SIZE)
    .default("\"medium\"")
    .means("a target's Guard is +5 per size category the attacker is larger")
    .seed("002:78, 002:87");
const WEAPON_DICE: Key = Key::int("weapon_dice", 0, 20)
    .default("1")
    .means("the weapon's Damage Value: how many dice; never stepped, and bursting only with `[rules] weapon_dice_burst`")
    .seed("002:48");
const WEAPON_DIE: Key = Key::word("weapon_die", QUALITY)
    .default("\"d8\"")
    .means("the weapon's quality: a ladder die or feeble d4, ordinary d8, heroic d10, epic d12, legendary d20")
    .seed("002:48, 002:57");
const ARMOR_RANK_KEY: Key = Key::other(
    "armor_rank",
    "an integer from 0 to 100, or a list of them (the highest counts)",
)
.default("0")
.means("subtracted from the damage of each hit, never below 0")
.seed("002:56");
const ARMOR_QUALITY: Key = Key::word("armor_quality", QUALITY)
    .default("\"d8\"")
    .means("as `weapon_die`: a heroic-or-better weapon three or more ladder steps above ignores the armor")
    .seed("002:57");
const DURABILITY_QUALITY: Key = Key::word("durability_quality", DURABILITY)
    .default("\"none\"")
    .means("Superior Durability: no damage from a weapon below its rank")
    .seed("002:58");
const AT_LEAST_KEY: Key = Key::other("at_least", "a list of integers from 1 to 1000")
    .default("[]")
    .means("damage thresholds: a `damage_ge.X` metric for each X");
const POLICY_WORDS: &str =
    "\"when_hit\", \"always\", \"never\" or { keep_vigor = N } (N from 0 to 1000)";
const GUARD_BONUS: Key = Key::int("guard_bonus", 0, 100)
    .default("0")
    .means("Guard is 15 + this")
    .seed("002:17");
const COVER_KEY: Key = Key::word("cover", COVER)
    .default("\"none\"")
    .means("against ranged attacks: light +10 Guard; partial +3 and Armor Rank +5; full +5 and Armor Rank +10")
    .seed("002:93-96");

/// `[check]`.
pub(super) const CHECK: Table = Table {
    path: "check",
    form: Form::One,
    about: "a roll of d20 + bonus dice against a Victory Sum",
    keys: &[
        Key::int("vs", 0, 1000)
            .required()
            .means("the Victory Sum: the total must be above it (`[rules] success_on`)")
            .seed("002:1, 002:76"),
        BONUS_DICE,
        BASE_DIE,
        CHARGES,
        CHALLENGES,
        WOUNDED,
        Key::word("visibility", VISIBILITY)
            .default("\"normal\"")
            .means("\"reduced\", \"low\", \"zero\": the VS +5, +10, +15")
            .seed("002:90-92"),
    ],
};

/// `[attack]`.
pub(super) const ATTACK: Table = Table {
    path: "attack",
    form: Form::One,
    about: "the attacker: d20 + bonus dice against the target's Guard",
    keys: &[
        BONUS_DICE.means("the attacker's bonus dice: Agility for weapons and hand to hand").seed("002:17"),
        BASE_DIE,
        CHARGES.means("one step up each; damage takes them too (`[rules] damage_charges`)").seed("002:2-3"),
        CHALLENGES.means("one step down each, on the attack roll only"),
        WOUNDED.means("one step down, on the attack and its damage"),
        SIZE_KEY.means("the attacker's size: the target's Guard is +5 per size category it is larger"),
        Key::bool("offhand")
            .default("false")
            .means("an off-hand attack: two Challenges to hit and to damage")
            .seed("002:21"),
        Key::bool("ranged")
            .default("false")
            .means("a ranged attack: the target's cover and the visibility count")
            .seed("002:88-96"),
        Key::bool("point_blank")
            .default("false")
            .means("a ranged attack at point blank: zero visibility adds nothing")
            .seed("002:92"),
        Key::bool("from_behind_unaware")
            .default("false")
            .means("from behind an unaware target: Guard halved, rounding up (`[rules] behind_halves`)")
            .seed("002:36"),
        VISIBILITY_KEY,
        Key::int("attacks", 1, 20)
            .default("1")
            .means("attacks in a row at the same defender, with no recovery between"),
        Key::other("target", "the table `[attack.target]`")
            .absent("a medium target with Guard 15 and no armor")
            .means("the defender"),
        Key::other("dodge", "the table `[attack.dodge]`")
            .absent("the target never reacts")
            .means("the defender's Dodge")
            .seed("002:18, 002:31"),
        Key::other("damage", "the table `[attack.damage]`")
            .absent("no damage is rolled")
            .means("the damage of a hit"),
    ],
};

/// `[attack.target]`.
pub(super) const TARGET: Table = Table {
    path: "attack.target",
    form: Form::One,
    about: "the defender: its Guard and armor",
    keys: &[
        GUARD_BONUS,
        SIZE_KEY.means("the defender's size"),
        COVER_KEY,
        Key::bool("prone")
            .default("false")
            .means("one Challenge on the attack roll")
            .seed("002:39"),
        ARMOR_RANK_KEY,
        ARMOR_QUALITY,
        DURABILITY_QUALITY,
    ],
};

/// `[attack.dodge]`.
pub(super) const DODGE: Table = Table {
    path: "attack.dodge",
    form: Form::One,
    about: "the defender's Dodge: d20 + its Speed dice, paid from Vigor; a tie goes to the attacker",
    keys: &[
        BONUS_DICE.means("its Speed bonus dice").seed("002:31"),
        BASE_DIE,
        CHARGES,
        CHALLENGES,
        WOUNDED,
        Key::other("policy", POLICY_WORDS)
            .default("\"when_hit\"")
            .means("when it Dodges: only against a total that beats Guard; always; never; or as when_hit while N Vigor would be left"),
        Key::int("vigor", 0, 1000)
            .default("5")
            .means("its Vigor: a Dodge costs 5 (3 defending) and needs that much; at 0 it is Winded")
            .seed("002:31, 002:43"),
        Key::bool("defending")
            .default("false")
            .means("it took the Defend action: Dodges cost 3")
            .seed("002:22, 002:31"),
    ],
};

/// `[attack.damage]`.
pub(super) const ATTACK_DAMAGE: Table = Table {
    path: "attack.damage",
    form: Form::One,
    about: "the damage of a hit, through the target's armor; the attack's `base_die` and Wounded carry over",
    keys: &[
        WEAPON_DICE,
        WEAPON_DIE,
        BONUS_DICE.means("Strength (or Skill) bonus dice").seed("002:49-50"),
        CHARGES
            .means("the damage roll's own Charges, besides the attack's (`[rules] damage_charges`)")
            .seed("002:3"),
        CHALLENGES
            .means("the damage roll's own Challenges; of the attack's, only the off-hand's two carry over")
            .seed("002:3, 002:21"),
        AT_LEAST_KEY,
    ],
};

/// `[damage]`.
pub(super) const DAMAGE: Table = Table {
    path: "damage",
    form: Form::One,
    about: "one hit's damage: the weapon dice and bonus dice, less Armor Rank",
    keys: &[
        WEAPON_DICE,
        WEAPON_DIE,
        BONUS_DICE
            .means("Strength or Skill bonus dice; they burst: a critical hit")
            .seed("002:49-50, 002:55"),
        BASE_DIE,
        CHARGES,
        CHALLENGES,
        WOUNDED,
        ARMOR_RANK_KEY,
        ARMOR_QUALITY,
        DURABILITY_QUALITY,
        AT_LEAST_KEY,
    ],
};

/// `[rules]`.
pub(super) const RULES: Table = Table {
    path: "rules",
    form: Form::One,
    about: "table-wide readings, where the seed leaves a choice (every shape takes them; each is read where it matters)",
    keys: &[
        Key::word("burst", &["recursive", "once", "none"])
            .default("\"recursive\"")
            .means("a burst die may burst again (\"All Bonus Dice burst\"); \"once\": the added die does not; \"none\": no die is added, though a maximum still counts for `any_burst` and `critical`")
            .seed("002:55"),
        Key::word("wounded_step", &["in_net", "after_clamp"])
            .default("\"in_net\"")
            .means("Wounded is one more Challenge in the net, then one clamp; \"after_clamp\": the net clamps first, then Wounded steps down")
            .seed("002:2, 002:53"),
        Key::word("success_on", &["higher", "meet"])
            .default("\"higher\"")
            .means("checks: a total above the VS, as attacks must \"roll higher\"; \"meet\": at least the VS")
            .seed("002:17"),
        Key::bool("weapon_dice_burst")
            .default("false")
            .means("weapon dice burst too (002:55 bursts \"Bonus Dice\")")
            .seed("002:55"),
        Key::word("damage_charges", &["inherit", "none"])
            .default("\"inherit\"")
            .means("damage takes the attack's Charges (effect rolls \"benefit from the effects of a charge\"); \"none\": only its own")
            .seed("002:3"),
        Key::word("behind_halves", &["total", "base"])
            .default("\"total\"")
            .means("from behind halves the whole Guard, after size, cover and visibility; \"base\": 15 + `guard_bonus` only")
            .seed("002:36"),
        Key::bool("overflow_to_health")
            .default("true")
            .means("fights: damage past Durability goes on into Health in the same hit; false: the rest of the hit is lost")
            .seed("002:51"),
    ],
};

/// `[[combatant]]`.
pub(super) const COMBATANT: Table = Table {
    path: "combatant",
    form: Form::Many,
    about: "one combatant; at least two sides",
    keys: &[
        Key::text("name").required().means("who it is; unique"),
        Key::text("side")
            .required()
            .means("the side it fights on; at least two sides"),
        Key::int("durability", 0, 100_000)
            .required()
            .means("damage taken first; at 0 it is Wounded: its bonus dice step down and Durability no longer recovers")
            .seed("002:51-53"),
        Key::int("health", 1, 100_000)
            .required()
            .means("damage once Wounded; at 0, Shock")
            .seed("002:54, 002:75"),
        Key::int("vigor", 0, 100_000)
            .required()
            .means("paid for Dodges (5, or 3 defending) and off-hand attacks (8); at 0 Winded: no actions or reactions until back at 5")
            .seed("002:42-43"),
        Key::int("stamina", 0, 1000)
            .required()
            .means("rounds in Shock before death; Vigor back each round ⌊Stamina / 5⌋")
            .seed("002:45, 002:75"),
        renamed(BONUS_DICE, "attack_dice")
            .means("bonus dice to hit: Agility")
            .seed("002:17"),
        renamed(BONUS_DICE, "damage_dice")
            .means("bonus dice to damage: Strength")
            .seed("002:49"),
        renamed(BONUS_DICE, "dodge_dice")
            .means("bonus dice to Dodge: Speed")
            .seed("002:31"),
        Key::other("dodge_policy", POLICY_WORDS)
            .default("\"when_hit\"")
            .means("when it Dodges: only against a total that beats its Guard; always; never; or as when_hit while N Vigor would be left")
            .seed("002:18, 002:31"),
        SIZE_KEY,
        BASE_DIE.means("the size of all its bonus dice before Charges, Challenges and Wounded step them"),
        CHARGES.means("one step up each, on every roll it makes; damage takes them per `[rules] damage_charges`"),
        CHALLENGES.means("one step down each, on its attack rolls only"),
        Key::bool("ranged")
            .default("false")
            .means("it attacks at range: its targets' cover and the visibility count")
            .seed("002:88-96"),
        WEAPON_DICE,
        WEAPON_DIE,
        GUARD_BONUS,
        ARMOR_RANK_KEY,
        ARMOR_QUALITY,
        DURABILITY_QUALITY,
        COVER_KEY,
        Key::int("actions", 0, 20)
            .default("2")
            .means("actions a turn")
            .seed("002:19"),
        renamed(BONUS_DICE, "initiative_dice")
            .means("bursting bonus dice added to its initiative d20, rolled once")
            .seed("002:12"),
        Key::bool("defend")
            .default("false")
            .means("it spends the turn's last action on Defend: Dodges cost 3 until its next turn")
            .seed("002:22"),
        Key::int("vigor_recovery", 0, 100_000)
            .absent("⌊`stamina` / 5⌋")
            .means("Vigor back each Recovery phase, up to its start")
            .seed("002:45"),
        Key::int("durability_recovery", 0, 100_000)
            .default("0")
            .means("Durability back each Recovery phase, up to its start, unless Wounded")
            .seed("002:46, 002:52"),
        Key::other("offhand", "the table `offhand = { … }` below")
            .absent("no off-hand attack")
            .means("an off-hand attack with each Attack action")
            .seed("002:21"),
        Key::other("target", "\"random\", \"weakest\", \"focus\" or a foe's name")
            .default("\"random\"")
            .means("whom it attacks: a random standing foe; the one with least Durability + Health left; a random one, then the same while it stands; or the named one"),
        TACTICS,
        PROTECT_BELOW,
        CAUTIOUS_BELOW,
        Key::bool("finish_downed")
            .default("false")
            .means("it attacks foes in Shock too (any damage kills them)")
            .seed("002:75"),
        Key::other("medicine", "the table `medicine = { … }` below")
            .absent("it cannot try Medicine")
            .means("after the fight, it can try the Medicine check VS 20 that stabilises one in Shock")
            .seed("002:76"),
        Key::other("potions", "the table `potions = { … }` below")
            .absent("no potions")
            .means("its potions of healing, used in the fight under `tactics = \"cautious\"` (its own), `\"protect\"` (an ally in Shock) or `\"random\"`")
            .seed("002:27"),
    ],
};

/// `offhand = { … }` of a combatant.
pub(super) const OFFHAND: Table = Table {
    path: "combatant.offhand",
    form: Form::Under,
    about: "on a combatant (or `offhand.KEY = …`): an off-hand attack with each Attack action at the same foe, for 8 Vigor, with two Challenges to hit and to damage (002:21)",
    keys: &[
        WEAPON_DICE
            .means("the off-hand weapon's Damage Value; unarmed, 1 feeble die")
            .seed("002:48, 002:73"),
        WEAPON_DIE
            .default("\"d4\"")
            .means("the off-hand weapon's quality; unarmed, feeble (d4)")
            .seed("002:48, 002:73"),
        Key::int("keep_vigor", 0, 100_000)
            .default("1")
            .means("it attacks with the off-hand only while Vigor − 8 is at least this"),
    ],
};

/// `medicine = { … }` of a combatant.
pub(super) const MEDICINE: Table = Table {
    path: "combatant.medicine",
    form: Form::Under,
    about: "on a combatant: after the fight, Medicine checks VS 20 that stabilise one in Shock (002:76)",
    keys: &[
        BONUS_DICE
            .required()
            .means("its Medicine bonus dice; they burst, and step down while it is Wounded")
            .seed("002:76"),
        BASE_DIE.means("the size of its Medicine dice before Wounded steps them"),
    ],
};

/// `potions = { … }` of a combatant: potions of healing it carries.
pub(super) const POTIONS: Table = Table {
    path: "combatant.potions",
    form: Form::Under,
    about: "on a combatant: potions of healing it carries into the fight, one action each to use (002:27); a day carries what is left",
    keys: &[
        Key::int("count", 0, 100)
            .required()
            .means("how many it carries")
            .seed("002:27"),
        Key::dice("heal")
            .required()
            .means("what one restores, e.g. \"2d6\": Health first, up to its full, then Durability (an assumption: the seed names the potion, not its effect); one in Shock given Health is out of it, up again")
            .seed("002:27, 002:51, 002:75-76"),
    ],
};

/// `[encounter]`.
pub(super) const ENCOUNTER: Table = Table {
    path: "encounter",
    form: Form::One,
    about: "how the fight starts",
    keys: &[
        Key::other("ambush", "\"none\" or a side")
            .default("\"none\"")
            .means("the side that ambushes: in round 1 it takes one more action, everyone else at most `ambushed_actions`")
            .seed("002:13-14"),
        Key::int("ambushed_actions", 0, 20)
            .default("1")
            .means("the most actions the ambushed take in round 1")
            .seed("002:13"),
        Key::bool("ambushed_can_react")
            .default("true")
            .means("false: the ambushed take no Dodge in round 1"),
        Key::bool("ambush_from_behind")
            .default("false")
            .means("the ambushers' round-1 attacks halve Guard")
            .seed("002:36"),
        Key::word("openings", &["every_foe", "none"])
            .default("\"every_foe\"")
            .means("who is adjacent to one who Escapes (under `tactics = \"cautious\"`) and may take the opening it creates, a main attack for 5 Vigor it cannot Dodge (its own turn): every standing foe that can pay, or nobody (an assumption: the file has no map)")
            .seed("002:23, 002:30, 002:32"),
        VISIBILITY_KEY.means("for ranged attacks, as in `[attack]`"),
    ],
};

/// `[aftermath]` of a skirmish.
pub(super) const AFTERMATH: Table = Table {
    path: "aftermath",
    form: Form::One,
    about: "after the fight: who tends whom, and how long a Medicine try takes",
    keys: &[
        ALLIES,
        FOES,
        PATIENTS,
        Key::int("medicine_actions", 1, 20)
            .default("1")
            .means("actions one Medicine try takes")
            .seed("002:76"),
    ],
};

/// `[day] long_rest = { health = N }`: N.
pub(super) const LONG_REST_HEALTH: RangeInclusive<i64> = 0..=100_000;

/// `[day]`: an adventuring day of skirmishes and the rests between them.
pub(super) const DAY: Table = Table {
    path: "day",
    form: Form::One,
    about: "an adventuring day: the party (the `[[combatant]]` tables) through the `[[day.encounter]]` fights in order, carried from one to the next, with the rests between them",
    keys: &[
        DAY_PARTY,
        DAY_GAP,
        DAY_ENCOUNTERS,
        Key::word("gap_durability", &["full_unless_wounded", "none"])
            .default("\"full_unless_wounded\"")
            .means("what a short rest does for Durability: back to full unless Wounded (\"Durability recovers quickly unless you are wounded\"); \"none\": only each round's `durability_recovery`")
            .seed("002:52-53"),
        Key::word("emergency_aid", &["once", "until_success", "none"])
            .default("\"once\"")
            .means("after a short rest's recovery, the first party member up with `medicine` (its dice as at the rest's start) makes a Medicine check VS 20 on each Wounded member up, itself included, in order; a success restores 1d10 Durability. \"until_success\": it checks each until one succeeds; \"none\": no aid")
            .seed("002:28"),
        Key::word("wounded_ends", &["durability_restored", "never"])
            .default("\"durability_restored\"")
            .means("Durability restored by emergency aid ends Wounded (Wounded is Durability at 0); \"never\": Wounded lasts the day")
            .seed("002:28, 002:51-53"),
        Key::int("health_per_day", 0, 100_000)
            .default("0")
            .means("Health back to each member per 24 hours of the day's gaps (\"Your Health recovers very slowly\"); a stabilised member wakes at 1")
            .seed("002:54, 002:76"),
        Key::other("long_rest", "the table `long_rest = { health = N }`, N from 0 to 100000")
            .absent("no long rest: an encounter's `rest = \"long\"` is refused (the seed gives no night)")
            .means("what a night restores: N Health to each member (up to its maximum; a stabilised member at 1 or more wakes), then all a short rest does"),
    ],
};

/// What a check reports.
const CHECK_METRICS: &[Metric] = &[
    Metric {
        name: "success",
        meaning: "the total beat the VS (see `[rules] success_on`)",
    },
    Metric {
        name: "any_burst",
        meaning: "some bonus die showed its maximum",
    },
    Metric {
        name: "total.mean, total.median, total.p90, total.p99",
        meaning: "the total: d20 + the bonus dice, bursts included",
    },
];

/// What an attack reports.
const ATTACK_METRICS: &[Metric] = &[
    Metric {
        name: "hit",
        meaning: "one attack: it hit (above Guard, and at least the Dodge when the target Dodged)",
    },
    Metric {
        name: "hit_without_dodge",
        meaning: "one attack: the total beat Guard",
    },
    Metric {
        name: "dodge_used, dodge_saved, dodge_failed",
        meaning: "one attack with `[attack.dodge]`: the target Dodged; the Dodge beat a total above Guard; it Dodged and the total met the Dodge",
    },
    Metric {
        name: "critical",
        meaning: "one attack with damage: a hit on which a damage bonus die burst",
    },
    Metric {
        name: "no_damage",
        meaning: "one attack with damage: a hit for 0",
    },
    Metric {
        name: "damage.mean, damage.median, damage.p90, damage.p99",
        meaning: "with damage: the damage (0 on a miss); with `attacks` above 1, the sum over the hits",
    },
    Metric {
        name: "damage_ge.X",
        meaning: "one attack: the damage was at least X, for each X of `at_least`",
    },
    Metric {
        name: "hits.K, hits.mean",
        meaning: "`attacks` above 1: how many hit (K = 0 … `attacks`)",
    },
    Metric {
        name: "winded",
        meaning: "`attacks` above 1, with a Dodge: the target's Vigor was 0 at the end",
    },
    Metric {
        name: "vigor_spent.mean",
        meaning: "`attacks` above 1, with a Dodge: the Vigor the target paid for Dodges",
    },
];

/// What a damage roll reports.
const DAMAGE_METRICS: &[Metric] = &[
    Metric {
        name: "critical",
        meaning: "a damage bonus die burst",
    },
    Metric {
        name: "no_damage",
        meaning: "the hit did 0",
    },
    Metric {
        name: "damage.mean, damage.median, damage.p90, damage.p99",
        meaning: "the damage after armor",
    },
    Metric {
        name: "damage_ge.X",
        meaning: "the damage was at least X, for each X of `at_least`",
    },
];

/// A skirmish's own metrics (the shared fight metrics come with every fight).
const FIGHT_METRICS: &[Metric] = &[
    Metric {
        name: "wounded.NAME",
        meaning: "NAME's Durability reached 0 (or began at 0)",
    },
    Metric {
        name: "shock.NAME",
        meaning: "NAME's Health reached 0 and it fell into Shock",
    },
    Metric {
        name: "winded.NAME",
        meaning: "NAME's Vigor reached 0",
    },
    Metric {
        name: "winded_rounds.NAME.mean",
        meaning: "rounds NAME ended Winded, per fight",
    },
    Metric {
        name: "vigor_spent.NAME.mean",
        meaning: "Vigor NAME paid for Dodges and off-hand attacks, per fight",
    },
];

/// A day's own metrics: the resources left (the shared day metrics come with every day).
const DAY_METRICS: &[Metric] = &[
    Metric {
        name: "health_left.NAME.mean",
        meaning: "NAME's Health at the end of the day (the dead as at death)",
    },
    Metric {
        name: "durability_left.NAME.mean",
        meaning: "NAME's Durability at the end of the day (the dead as at death)",
    },
    Metric {
        name: "wounded_at_end.NAME",
        meaning: "NAME is Wounded at the end of the day",
    },
];

/// Every shape of a `bonus-dice` scenario.
pub const SCHEMA: Schema = Schema {
    title: "Bonus-dice d20",
    seeds: SEEDS,
    shapes: &[
        Shape {
            name: "check",
            title: "Checks",
            about: "a roll of d20 + bonus dice against a Victory Sum: the book's Medicine check VS 20",
            tables: &[&CHECK, &RULES],
            metrics: CHECK_METRICS,
            fight: false,
            prose: include_str!("docs/check.md"),
            example: include_str!("new/check.toml"),
        },
        Shape {
            name: "attack",
            title: "Attacks",
            about: "an attack against Guard, the defender's Dodge paid from Vigor, and the damage through armor",
            tables: &[&ATTACK, &TARGET, &DODGE, &ATTACK_DAMAGE, &RULES],
            metrics: ATTACK_METRICS,
            fight: false,
            prose: include_str!("docs/attack.md"),
            example: include_str!("new/attack.toml"),
        },
        Shape {
            name: "damage",
            title: "Damage",
            about: "the damage of one hit through Armor Rank",
            tables: &[&DAMAGE, &RULES],
            metrics: DAMAGE_METRICS,
            fight: false,
            prose: include_str!("docs/damage.md"),
            example: include_str!("new/damage.toml"),
        },
        Shape {
            name: "fight",
            title: "Skirmishes",
            about: "a fight of any number of combatants on two or more sides, to Shock and death",
            tables: &[
                &COMBATANT, &OFFHAND, &MEDICINE, &POTIONS, &ENCOUNTER, &AFTERMATH, &RULES,
            ],
            metrics: FIGHT_METRICS,
            fight: true,
            prose: include_str!("docs/fight.md"),
            example: include_str!("new/fight.toml"),
        },
        Shape {
            name: "day",
            title: "Adventuring days",
            about: "the party through several skirmishes in a row, carried from one to the next, with short rests and emergency aid between them",
            tables: &[&DAY, &common::ENCOUNTER, &AFTERMATH],
            metrics: DAY_METRICS,
            fight: true,
            prose: include_str!("docs/day.md"),
            example: include_str!("new/day.toml"),
        },
    ],
};

#[cfg(test)]
mod tests;
