//! Every key of a `unbound-legends` scenario, declared once ([`oddsmith_scenario::keys`]): the
//! loader reads each value against these, and the reference
//! (`docs/scenarios/unbound-legends.md`) and `oddsmith new` are written from them (each shape's
//! example for `oddsmith new` is `schema/new/<shape>.toml`, its prose
//! `schema/docs/<shape>.md`). Seed lines are cited as `001:L` (`001_9a2522fe8d4a2682.txt`).
//!
//! `[check]` is one table for three shapes (a skill check, an attack roll, death saves: its
//! `roll` says which), and `[rules]` one table for every shape that reads it, so each is
//! declared once and listed under each shape.

use oddsmith_scenario::keys::common::{
    self, CAUTIOUS_BELOW, DAY_ENCOUNTERS, DAY_GAP, DAY_PARTY, FOES, PATIENTS, PROTECT_BELOW,
    TACTICS,
};
use oddsmith_scenario::keys::{Form, Key, Metric, Schema, Shape, Table};

/// The seed files, for the reference's readers.
const SEEDS: &[(&str, &str)] = &[("001", "Unbound Legends (`001_9a2522fe8d4a2682.txt`)")];

/// What a `[check]` rolls.
pub(super) const ROLLS: &[&str] = &["skill", "attack", "death_saves"];

/// The active defenses of `[check.defense] kind` (the words of
/// [`DefenseKind::WORDS`](super::super::attack::DefenseKind::WORDS)).
pub(super) const DEFENSE_KINDS: &[&str] = &["dodge", "dodge2", "block", "parry"];

/// The damage types (L396–405).
pub(super) const DAMAGE_TYPES: &[&str] = &super::super::fighter::DAMAGE_TYPES;

/// The damage sources (L408–414).
pub(super) const DAMAGE_SOURCES: &[&str] = &super::super::fighter::DAMAGE_SOURCES;

/// What `resist` and `vulnerable` take: the damage types, then the sources (a test holds it
/// to the two lists).
pub(super) const DAMAGE_KINDS: &[&str] = &[
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
    "null",
    "arcane",
    "divine",
    "primal",
    "demonic",
    "infernal",
    "eldritch",
];

// The roll keys of `[check]`, `[[contest.side]]` and `[[group.member]]`.

const ATTRIBUTE: Key = Key::int("attribute", -50, 50)
    .default("0")
    .means("the attribute added to the d20")
    .seed("001:25");
const SKILL_RANK: Key = Key::int("skill_rank", 0, 4)
    .default("0")
    .means("skill ranks, +2 each; for an attack also the attacker's minor-failure band")
    .seed("001:9-11, 001:434");
const BOOST: Key = Key::int("boost", 0, 2)
    .default("0")
    .means("skill boosts, +1 each")
    .seed("001:12-13");
const MODIFIER: Key = Key::int("modifier", -50, 50)
    .default("0")
    .means("anything else added to the roll; for death saves, Endurance boosts")
    .seed("001:18");
const ADVANTAGE: Key = Key::int("advantage", 0, 20)
    .default("0")
    .means("sources of advantage: two d20s, the higher kept; any advantage cancels any disadvantage, several count once (read as 5e: the seed never defines them)")
    .seed("001:38");
const DISADVANTAGE: Key = Key::int("disadvantage", 0, 20)
    .default("0")
    .means("sources of disadvantage: two d20s, the lower kept")
    .seed("001:38");
const HELP: Key = Key::bool("help")
    .default("false")
    .means("a capable helper: one more source of advantage")
    .seed("001:38-39");

/// The `name` of a contest side or group member.
const ENTRY_NAME: Key = Key::text("name")
    .required()
    .means("who rolls; unique, not empty");

/// `[check]`: a skill check, an attack roll or death saves.
pub(super) const CHECK: Table = Table {
    path: "check",
    form: Form::One,
    about: "one roll: a skill check, an attack roll or death saves (`roll` says which)",
    keys: &[
        Key::word("roll", ROLLS)
            .default("\"skill\"")
            .means("what is rolled: a skill check, an attack roll, or death saves (which take `modifier` alone)"),
        Key::int("target", 1, 100)
            .required_unless("the roll is an attack with a `[check.defense]`, or death saves (which take none)")
            .means("the number to meet or beat; for an attack, the Passive Armor")
            .seed("001:25-26, 001:360"),
        ATTRIBUTE,
        SKILL_RANK,
        BOOST,
        MODIFIER,
        ADVANTAGE,
        DISADVANTAGE,
        HELP,
        Key::other("defense", "the `[check.defense]` table")
            .absent("the attack meets `target`, the Passive Armor")
            .means("attacks only: an active defense declared before the roll, instead of `target`")
            .seed("001:247"),
    ],
};

/// `[check.defense]`: the active defense an attack roll meets.
pub(super) const CHECK_DEFENSE: Table = Table {
    path: "check.defense",
    form: Form::One,
    about: "the active defense an attack meets instead of a Passive Armor",
    keys: &[
        Key::word("kind", DEFENSE_KINDS)
            .required()
            .means("Dodge (1d6), Dodge with 2d6, Block (1d8) or Parry (1d20)")
            .seed("001:249-260"),
        Key::int("bonus", -50, 50)
            .default("0")
            .means("everything of the defense roll but the dice")
            .seed("001:251, 001:255, 001:260"),
        Key::int("rank", 0, 4)
            .default("0")
            .means("the defender's rank: a hit by less than it is the defender's minor failure")
            .seed("001:250, 001:254, 001:259"),
        Key::int("advantage", 0, 20)
            .default("0")
            .means("the defense dice rolled twice, the better total kept"),
        Key::int("disadvantage", 0, 20)
            .default("0")
            .means("the defense dice rolled twice, the worse total kept"),
    ],
};

/// `[rules]`: the table-wide readings.
pub(super) const RULES: Table = Table {
    path: "rules",
    form: Form::One,
    about: "the table-wide readings (each read by the rolls it names)",
    keys: &[
        Key::bool("natural_rules_on_checks")
            .default("false")
            .means("skill checks: a natural 20 succeeds (and counts for the margin) and a natural 1 fails, as on attacks and death saves")
            .seed("001:367, 001:449"),
        Key::int("crit_margin", 1, 100)
            .default("10")
            .means("attacks and fights: a total this far over the defense is a critical hit, and a miss an active defense beats by this much the defender's critical")
            .seed("001:422"),
        Key::word("minor_failure_width", &["rank", "rank_minus_1"])
            .default("\"rank\"")
            .means("attacks and fights: the attacker's minor-failure band is `skill_rank` wide, or `skill_rank` − 1 (L434 read literally: no band at rank 1)")
            .seed("001:434"),
        Key::bool("reroll_ap_each_round")
            .default("false")
            .means("fights: roll Action Points again each round (the variant)")
            .seed("001:270-271"),
        Key::word("instant_death", &["both", "overflow", "off"])
            .default("\"both\"")
            .means("fights: death outright when the damage left after Health reaches 0 is at least the Health maximum and when damage at 0 Health is at least the Vitality maximum; the first alone; or neither")
            .seed("001:442, 001:450"),
        Key::bool("stabilised_rejoins")
            .default("true")
            .means("fights: one its own saves stabilise rejoins with 1 Health, unless Incapacitated")
            .seed("001:447-449"),
        Key::bool("attack_downed")
            .default("false")
            .means("fights: foes attack the downed (Disabled, not yet dead) too"),
        Key::refused(
            "winners_stabilise",
            "gone: write `[aftermath] allies = \"stabilise\"` for the free stabilisation it gave",
        ),
    ],
};

/// `[contest]`.
pub(super) const CONTEST: Table = Table {
    path: "contest",
    form: Form::One,
    about: "two sides roll; the higher total wins",
    keys: &[
        Key::other("status_quo", "\"none\" or a side's name")
            .default("\"none\"")
            .means("who wins a tie: the status quo holds, so the side it favours, or nobody")
            .seed("001:30"),
        Key::tables("side")
            .required()
            .means("exactly two sides, each a `[[contest.side]]` table (below)")
            .seed("001:29"),
    ],
};

/// `[[contest.side]]`.
pub(super) const SIDE: Table = Table {
    path: "contest.side",
    form: Form::Many,
    about: "one side of a contest: a name and the roll keys",
    keys: &[
        ENTRY_NAME,
        ATTRIBUTE,
        SKILL_RANK,
        BOOST,
        MODIFIER,
        ADVANTAGE,
        DISADVANTAGE,
        HELP,
    ],
};

/// `[group]`.
pub(super) const GROUP: Table = Table {
    path: "group",
    form: Form::One,
    about: "everyone in the group rolls against the same target",
    keys: &[
        Key::int("target", 1, 100)
            .required()
            .means("the number each member must meet or beat")
            .seed("001:25-26"),
        Key::other("required", "\"half\" or a count from 1 to the number of members")
            .default("\"half\"")
            .means("how many members must succeed: at least half (rounded up), or as many as the Narrator requires")
            .seed("001:42"),
        Key::tables("member")
            .required()
            .means("1 to 32 members, each a `[[group.member]]` table (below)")
            .seed("001:42"),
    ],
};

/// `[[group.member]]`.
pub(super) const MEMBER: Table = Table {
    path: "group.member",
    form: Form::Many,
    about: "one member of a group roll: a name and the roll keys",
    keys: &[
        ENTRY_NAME,
        ATTRIBUTE,
        SKILL_RANK,
        BOOST,
        MODIFIER,
        ADVANTAGE,
        DISADVANTAGE,
        HELP,
    ],
};

/// `[[combatant]]`.
pub(super) const COMBATANT: Table = Table {
    path: "combatant",
    form: Form::Many,
    about: "one combatant; at least two sides",
    keys: &[
        Key::text("name").required().means("who it is; unique"),
        Key::text("side").required().means("the side it fights on; at least two sides"),
        Key::word("kind", &["pc", "villain", "monster"])
            .default("\"pc\"")
            .means("how it falls: a monster dies at 0 Health; PCs act first in a tie")
            .seed("001:269, 001:440-456"),
        Key::int("ap", 0, 1000)
            .required_unless("`vitality_die` is given")
            .means("set Action Points (monsters, NPCs); give `ap` or `vitality_die`, not both")
            .seed("001:267"),
        Key::other("vitality_die", "a die such as \"d10\" (not exploding)")
            .required_unless("`ap` is given")
            .means("rolled AP: 5 + `action_die` + `vitality_die` + `agility` + `dex_or_cunning`, rolled once and kept")
            .seed("001:267-268"),
        Key::other("action_die", "a die such as \"d4\" (not exploding)")
            .default("\"d4\"")
            .means("the Action Die of rolled AP; only with `vitality_die`")
            .seed("001:267"),
        Key::int("agility", -50, 50)
            .default("0")
            .means("rolled AP and the first tie-break; light armor's reduction after a failed Dodge")
            .seed("001:231, 001:267-269"),
        Key::int("dex_or_cunning", -50, 50)
            .default("0")
            .means("rolled AP and the next tie-break")
            .seed("001:267-269"),
        Key::int("vitality", 0, 100_000)
            .required()
            .means("the Vitality maximum, which damage takes first")
            .seed("001:436"),
        Key::int("health", 1, 100_000)
            .required()
            .means("the Health maximum, which damage takes once Vitality is gone")
            .seed("001:436"),
        Key::int("passive_armor", -50, 200)
            .required()
            .means("the number to hit it without an active defense")
            .seed("001:360"),
        Key::int("armor_reduction", 0, 200)
            .default("0")
            .means("Armor Reduction, the armor skill rank included: taken off each hit's damage")
            .seed("001:227"),
        Key::int("armor_skill_rank", 0, 4)
            .default("0")
            .means("left out of the reduction after a failed active defense")
            .seed("001:247"),
        Key::word("armor", &["none", "unarmored", "light", "medium", "heavy"])
            .default("\"none\"")
            .means("the armor's own rule: unarmored keeps the whole reduction, light uses `agility` after a failed Dodge, heavy keeps the rank after a failed Block (medium's rules change values the scenario gives whole)")
            .seed("001:229-235"),
        Key::word("defend", &["passive", "dodge", "dodge2", "block", "parry"])
            .default("\"passive\"")
            .means("the defense declared against every attack: none, Dodge (2 AP), Dodge with 2d6 (4 AP), Block (3 AP) or Parry (the first attack's AP − 2); it needs its `defense` entry")
            .seed("001:247-258, 001:330"),
        Key::word("defend_when", &["affordable", "spare"])
            .default("\"affordable\"")
            .means("defend whenever it can pay, or only when it costs no attack this round"),
        Key::int("reserve_ap", 0, 1000)
            .default("0")
            .means("AP kept back from actions (for defenses)"),
        Key::other("defense", "a table of `dodge`, `block` and `parry` entries (below)")
            .absent("no entries: only `defend = \"passive\"` works")
            .means("the entry a `defend` reads (`\"dodge2\"` reads `dodge`)")
            .seed("001:249-260"),
        Key::tables("attacks")
            .default("[]")
            .means("its attacks, the first it can pay for used each action (keys below)")
            .seed("001:302"),
        Key::int("first_aid", -50, 50)
            .absent("it cannot give first aid")
            .means("its Medicine bonus: first aid is 8 AP and d20 + it ≥ 10 on a dying ally")
            .seed("001:453"),
        Key::int("triage", -50, 50)
            .absent("it cannot use Triage in the fight")
            .means("its Triage bonus, with a Healer's Kit or Medpack (an assumption: that it carries one): under `tactics = \"protect\"` (or `\"random\"`) it spends 8 AP on a hurt ally below its `protect_below`, d20 + it against 10, 1 Health per 5 over; offered only when its AP would pay for an attack too")
            .seed("001:143"),
        Key::bool("helps")
            .default("false")
            .means("takes the Help action (6 AP) instead of attacking, whenever it could attack, for the standing ally next in the turn order (most AP left) with no help pending, where that ally acts before the helper's own next turn: the ally's next attack roll is at advantage (two d20s, the higher kept), and the help ends when the helper's next turn begins")
            .seed("001:310"),
        Key::other("target", "\"random\", \"weakest\", \"focus\" or a foe's name")
            .default("\"random\"")
            .means("whom it attacks: a random foe, the one with least Vitality + Health, all on one foe, or a named one"),
        TACTICS,
        PROTECT_BELOW,
        CAUTIOUS_BELOW,
        Key::words("resist", DAMAGE_KINDS)
            .default("[]")
            .means("damage types and sources it halves (rounded down)")
            .seed("001:417-420"),
        Key::words("vulnerable", DAMAGE_KINDS)
            .default("[]")
            .means("damage types and sources it doubles")
            .seed("001:417-420"),
        Key::int("death_save_bonus", -50, 50)
            .default("0")
            .means("Endurance boosts: added to its death saves")
            .seed("001:18"),
        Key::other("potions", "the table `potions = { … }` below")
            .absent("no potions")
            .means("its potions of healing, drunk in the fight under `tactics = \"cautious\"` (or `\"random\"`) and given to a dying ally under `\"protect\"`")
            .seed("001:318, 001:437"),
        Key::other("short_rest", "the table `short_rest = { … }` below")
            .absent("no Vitality Dice: a short rest gives it no Vitality back")
            .means("days only: its Vitality Dice, spent in a short rest for Vitality")
            .seed("001:610"),
        Key::int("strength", -50, 50)
            .default("0")
            .means("days only: Strength, the Health a long rest gives back")
            .seed("001:612"),
        Key::int("level", 1, 20)
            .default("1")
            .means("days only: a long rest gives back spent Vitality Dice up to half the level (rounded down), at least 1")
            .seed("001:612"),
    ],
};

/// `potions = { … }` of a combatant: its potions of healing.
pub(super) const POTIONS: Table = Table {
    path: "combatant.potions",
    form: Form::Under,
    about: "on a combatant (or `potions.KEY = …`): potions of healing it carries into the fight (001:318, 001:437); a day carries what is left",
    keys: &[
        Key::int("count", 0, 100)
            .required()
            .means("how many it carries")
            .seed("001:318"),
        Key::dice("heal")
            .required()
            .means("what one heals, e.g. \"2d4+2\": Health first, up to its full, then Vitality (an assumption: the seed's potion of healing \"can remove damage\" and gives no dice; damage goes to Vitality first, L436, so it comes off Health first)")
            .seed("001:437"),
        Key::word("drink", &["quick", "full"])
            .default("\"quick\"")
            .means("drinking its own: quickly, 3 AP for the rolled dice, or all of it, 6 AP for their maximum; giving one to a dying ally always takes 6 AP, for the rolled dice")
            .seed("001:318"),
    ],
};

/// `short_rest = { … }` of a combatant: its Vitality Dice.
pub(super) const SHORT_REST: Table = Table {
    path: "combatant.short_rest",
    form: Form::Under,
    about: "on a combatant (or `short_rest.KEY = …`): the Vitality Dice a short rest of a day spends, each die + Endurance back to Vitality (001:610)",
    keys: &[
        Key::int("vitality_dice", 0, 100)
            .required()
            .means("how many Vitality Dice it has when the day begins (the most it can hold)")
            .seed("001:610, 001:612"),
        Key::other("die", "a single die such as \"d6\"")
            .absent("the combatant's `vitality_die`; required without one (a set `ap`)")
            .means("the Vitality Die")
            .seed("001:267, 001:610"),
        Key::int("endurance", -50, 50)
            .default("0")
            .means("Endurance, added to each die rolled; each die gives at least 1 Vitality")
            .seed("001:610"),
    ],
};

/// `attacks = [{ … }]` of a combatant.
pub(super) const ATTACKS: Table = Table {
    path: "combatant.attacks",
    form: Form::Inline,
    about: "one attack of a combatant; each action uses the first it can pay for",
    keys: &[
        Key::text("name").absent("none").means("a label"),
        Key::int("to_hit", -50, 100)
            .default("0")
            .means("the whole bonus to hit: attribute, twice the skill rank, boosts")
            .seed("001:362-364"),
        Key::dice("damage")
            .required()
            .means("the damage dice and flat terms")
            .seed("001:390"),
        Key::word("type", DAMAGE_TYPES)
            .required()
            .means("the damage type: piercing, slashing and poison have rules of their own")
            .seed("001:396-405, 001:422-425"),
        Key::word("source", DAMAGE_SOURCES)
            .default("\"null\"")
            .means("the damage source, for resistance and vulnerability")
            .seed("001:408-414"),
        Key::int("skill_rank", 0, 4)
            .default("0")
            .means("the attacker's minor-failure band only (its bonus is in `to_hit`)")
            .seed("001:434"),
        Key::int("ap", 1, 1000)
            .default("5")
            .means("Action Points it costs")
            .seed("001:302"),
    ],
};

/// `defense` of a combatant: its active defense entries.
pub(super) const DEFENSE: Table = Table {
    path: "combatant.defense",
    form: Form::Under,
    about: "a combatant's active defense entries (also written `defense.block = { … }`)",
    keys: &[
        Key::other("dodge", "a table (below)")
            .absent("none; `defend = \"dodge\"` or `\"dodge2\"` needs it")
            .means("the Dodge: 1d6, or 2d6 for `\"dodge2\"`")
            .seed("001:249-251"),
        Key::other("block", "a table (below)")
            .absent("none; `defend = \"block\"` needs it")
            .means("the Block: 1d8")
            .seed("001:253-255"),
        Key::other("parry", "a table (below)")
            .absent("none; `defend = \"parry\"` needs it")
            .means("the Parry: 1d20 with the first attack's weapon")
            .seed("001:257-260"),
    ],
};

/// The keys every defense entry takes.
const ENTRY_BONUS: Key = Key::int("bonus", -50, 100)
    .default("0")
    .means("everything of the defense roll but the dice")
    .seed("001:251, 001:255, 001:260");
const ENTRY_RANK: Key = Key::int("rank", 0, 4)
    .default("0")
    .means("the defender's rank: a hit by less than it is the defender's minor failure")
    .seed("001:250, 001:254, 001:259");
const ENTRY_ADVANTAGE: Key = Key::int("advantage", 0, 20)
    .default("0")
    .means("the defense dice rolled twice, the better total kept");
const ENTRY_DISADVANTAGE: Key = Key::int("disadvantage", 0, 20)
    .default("0")
    .means("the defense dice rolled twice, the worse total kept");

/// `defense.dodge` of a combatant.
pub(super) const DODGE: Table = Table {
    path: "combatant.defense.dodge",
    form: Form::Under,
    about: "the Dodge entry (for `\"dodge\"` and `\"dodge2\"`)",
    keys: &[ENTRY_BONUS, ENTRY_RANK, ENTRY_ADVANTAGE, ENTRY_DISADVANTAGE],
};

/// `defense.block` of a combatant.
pub(super) const BLOCK: Table = Table {
    path: "combatant.defense.block",
    form: Form::Under,
    about: "the Block entry",
    keys: &[
        ENTRY_BONUS,
        ENTRY_RANK,
        ENTRY_ADVANTAGE,
        ENTRY_DISADVANTAGE,
        Key::int("strength", -50, 50)
            .default("0")
            .means("Strength, added to the armor reduction after the Block's minor failure")
            .seed("001:254"),
    ],
};

/// `defense.parry` of a combatant.
pub(super) const PARRY: Table = Table {
    path: "combatant.defense.parry",
    form: Form::Under,
    about: "the Parry entry (it needs an attack: the first one's weapon parries)",
    keys: &[
        ENTRY_BONUS,
        ENTRY_RANK,
        ENTRY_ADVANTAGE,
        ENTRY_DISADVANTAGE,
        Key::int("ap", 0, 1000)
            .absent("the first attack's AP − 2, at least 0")
            .means("Action Points a Parry costs")
            .seed("001:258"),
    ],
};

/// `[aftermath]` of a fight.
pub(super) const AFTERMATH: Table = Table {
    path: "aftermath",
    form: Form::One,
    about: "after the fight: who tends whom",
    keys: &[
        Key::word("allies", &["tend", "leave", "stabilise"])
            .default("\"tend\"")
            .means("what the standing do for their own dying: first aid, nothing, or every dying ally of a side with someone standing is stable at once, without a roll")
            .seed("001:440-453"),
        FOES,
        PATIENTS,
    ],
};

/// `[day]`: an adventuring day.
pub(super) const DAY: Table = Table {
    path: "day",
    form: Form::One,
    about: "makes the scenario an adventuring day: the party (the `[[combatant]]` tables) through the `[[day.encounter]]` fights in order, with the rests between them",
    keys: &[
        DAY_PARTY,
        DAY_GAP,
        DAY_ENCOUNTERS,
        Key::other(
            "spend_vitality_dice",
            "\"until_full\", \"none\" or a number of dice from 1 to 100",
        )
        .default("\"until_full\"")
        .means("how many Vitality Dice each member spends in a short rest, deciding after each roll: while below its Vitality maximum with dice left, none, or at most this many (none once Vitality is full)")
        .seed("001:610"),
        Key::int("short_rest_minutes", 30, 60)
            .default("60")
            .means("how long a short rest lasts (30 minutes to an hour): it counts toward the 1d4 hours after which one stable at 0 Health regains 1 Health")
            .seed("001:609, 001:454"),
    ],
};

const DAY_METRICS: &[Metric] = &[
    Metric {
        name: "health_left.NAME.mean",
        meaning: "NAME's Health at the end of the day (the dead as at death, 0); Health comes back only with a long rest (001:612)",
    },
    Metric {
        name: "vitality_left.NAME.mean",
        meaning: "NAME's Vitality at the end of the day (the dead as at death)",
    },
    Metric {
        name: "vitality_dice_left.NAME.mean",
        meaning: "NAME's Vitality Dice not yet spent at the end of the day (001:610, 001:612)",
    },
];

const CHECK_METRICS: &[Metric] = &[
    Metric {
        name: "success",
        meaning: "the total met or beat the target",
    },
    Metric {
        name: "margin_10_or_more",
        meaning: "the total met the target + 10",
    },
    Metric {
        name: "passive",
        meaning: "the passive value, shown as a value: 10 + the bonuses, ±5 for a net advantage or disadvantage (001:33-34)",
    },
    Metric {
        name: "active_below_passive",
        meaning: "the roll came out below the passive value, yet must be kept (001:36-37)",
    },
];

const ATTACK_METRICS: &[Metric] = &[
    Metric {
        name: "crit",
        meaning: "a critical hit: a natural 20, or a total at least `crit_margin` over the defense",
    },
    Metric {
        name: "hit",
        meaning: "a hit that is no critical",
    },
    Metric {
        name: "defender_minor_failure",
        meaning: "a hit by less than the active defense's rank: the defender's minor failure",
    },
    Metric {
        name: "minor_failure",
        meaning: "the attacker's minor failure: half damage",
    },
    Metric {
        name: "miss",
        meaning: "a miss; `crit`, `hit`, `defender_minor_failure`, `minor_failure` and `miss` sum to 1",
    },
    Metric {
        name: "hit_or_crit",
        meaning: "`crit`, `hit` and `defender_minor_failure` together",
    },
    Metric {
        name: "defender_crit",
        meaning: "a miss an active defense beat by `crit_margin` or more: the defender's critical",
    },
];

const SAVES_METRICS: &[Metric] = &[
    Metric {
        name: "death",
        meaning: "three failures",
    },
    Metric {
        name: "stable",
        meaning: "three successes or a natural 20",
    },
    Metric {
        name: "stable_natural_20",
        meaning: "stable by a natural 20",
    },
    Metric {
        name: "incapacitated",
        meaning: "two failures reached (001:447)",
    },
    Metric {
        name: "saves.K, saves.mean",
        meaning: "how many saves were rolled (K from 1 to 5), and their mean",
    },
];

const CONTEST_METRICS: &[Metric] = &[
    Metric {
        name: "win.NAME",
        meaning: "side NAME won (a tie counts when NAME is the status quo)",
    },
    Metric {
        name: "tie",
        meaning: "the totals tied",
    },
];

const GROUP_METRICS: &[Metric] = &[
    Metric {
        name: "group_success",
        meaning: "at least `required` members succeeded",
    },
    Metric {
        name: "successes.K, successes.mean",
        meaning: "how many members succeeded (K from 0 to the members), and the mean",
    },
    Metric {
        name: "success.NAME",
        meaning: "member NAME succeeded",
    },
];

/// The fight's own metrics (the shared fight metrics come with every fight).
const FIGHT_METRICS: &[Metric] = &[
    Metric {
        name: "disabled.NAME",
        meaning: "PCs and villains: NAME reached 0 Health and survived the blow (001:444)",
    },
    Metric {
        name: "death_instant.NAME",
        meaning: "PCs and villains: NAME died outright (001:442, 001:450)",
    },
    Metric {
        name: "incapacitated.NAME",
        meaning: "PCs and villains: NAME reached two death-save failures, saves after the fight included (001:447)",
    },
    Metric {
        name: "ap_attack.NAME.mean",
        meaning: "AP NAME spent attacking per round it began able to act, pooled over fights (Σ AP / Σ rounds, delta-method interval)",
    },
    Metric {
        name: "ap_defense.NAME.mean",
        meaning: "AP NAME spent on active defenses per such round",
    },
    Metric {
        name: "ap_other.NAME.mean",
        meaning: "AP NAME spent on first aid per such round",
    },
    Metric {
        name: "ap_unspent.NAME.mean",
        meaning: "AP NAME left unspent per such round (AP held by one who went down included); each round the AP plus any a Dodge's crit gave back equals the four together",
    },
];

/// Every shape of a `unbound-legends` scenario.
pub const SCHEMA: Schema = Schema {
    title: "Unbound Legends",
    seeds: SEEDS,
    shapes: &[
        Shape {
            name: "check",
            title: "Skill checks",
            about: "a skill check: d20 + attribute + 2 × skill rank + boosts + modifier against a target number",
            tables: &[&CHECK, &RULES],
            metrics: CHECK_METRICS,
            fight: false,
            prose: include_str!("docs/check.md"),
            example: include_str!("new/check.toml"),
        },
        Shape {
            name: "attack",
            title: "Attack rolls",
            about: "an attack roll (`roll = \"attack\"`) against a Passive Armor or an active defense",
            tables: &[&CHECK, &CHECK_DEFENSE, &RULES],
            metrics: ATTACK_METRICS,
            fight: false,
            prose: include_str!("docs/attack.md"),
            example: include_str!("new/attack.toml"),
        },
        Shape {
            name: "death-saves",
            title: "Death saves",
            about: "death saves from 0 Health (`roll = \"death_saves\"`): stable or dead",
            tables: &[&CHECK],
            metrics: SAVES_METRICS,
            fight: false,
            prose: include_str!("docs/death-saves.md"),
            example: include_str!("new/death-saves.toml"),
        },
        Shape {
            name: "contest",
            title: "Contests",
            about: "two sides roll against each other; a tie keeps the status quo",
            tables: &[&CONTEST, &SIDE],
            metrics: CONTEST_METRICS,
            fight: false,
            prose: include_str!("docs/contest.md"),
            example: include_str!("new/contest.toml"),
        },
        Shape {
            name: "group",
            title: "Group rolls",
            about: "a group roll: how often at least half the group (or as many as required) succeeds",
            tables: &[&GROUP, &MEMBER],
            metrics: GROUP_METRICS,
            fight: false,
            prose: include_str!("docs/group.md"),
            example: include_str!("new/group.toml"),
        },
        Shape {
            name: "fight",
            title: "Fights",
            about: "an Action-Point fight of any number of combatants on two or more sides",
            tables: &[
                &COMBATANT,
                &ATTACKS,
                &DEFENSE,
                &DODGE,
                &BLOCK,
                &PARRY,
                &SHORT_REST,
                &POTIONS,
                &RULES,
                &AFTERMATH,
            ],
            metrics: FIGHT_METRICS,
            fight: true,
            prose: include_str!("docs/fight.md"),
            example: include_str!("new/fight.toml"),
        },
        Shape {
            name: "day",
            title: "Adventuring days",
            about: "a party through several fights in a row: Vitality, Health, Vitality Dice and conditions carried, with short and long rests between them",
            tables: &[&DAY, &common::ENCOUNTER, &AFTERMATH],
            metrics: DAY_METRICS,
            fight: true,
            prose: include_str!("docs/day.md"),
            example: include_str!("new/day.toml"),
        },
    ],
};
