//! Every key of an `invisible-sun` scenario, declared once ([`oddsmith_scenario::keys`]): the
//! loader reads each value against these, and the reference (`docs/scenarios/invisible-sun.md`)
//! and `oddsmith new` are written from them (each shape's example for `oddsmith new` is
//! `schema/new/<shape>.toml`, its prose `schema/docs/<shape>.md`). Seed lines are cited as
//! `000:L` (`000_2810d6a557b34243.txt`).
//!
//! Every roll table takes the *venture keys* (`skill` … `successes`), declared once below and
//! listed by each table after its own keys.

use crate::systems::invisible_sun::ongoing::{MAX_INCREMENTS, MAX_ROLLS};
use crate::systems::invisible_sun::retry::MAX_TRIES;
use crate::systems::invisible_sun::{MAX_CHALLENGE, MAX_MAGIC_DICE, MAX_PART};
use oddsmith_scenario::keys::common::{self, ALLIES, CAUTIOUS_BELOW, FOES, PROTECT_BELOW, TACTICS};
use oddsmith_scenario::keys::{Form, Key, Metric, Schema, Shape, Table};

/// A PC's or NPC's `first_aid_kit` (000:177).
const FIRST_AID_KIT: Key = Key::bool("first_aid_kit")
    .default("false")
    .means("it carries a first aid kit or similar supplies: with one it may heal the same ally more than once an encounter (an assumption: who carries one is the table's)")
    .seed("000:177");

/// The seed files, for the reference's readers.
const SEEDS: &[(&str, &str)] = &[("000", "Invisible Sun (`000_2810d6a557b34243.txt`)")];

/// Most a duration or cost may be.
const MAX_AMOUNT: i64 = 1_000_000_000;

/// Lowest and highest NPC modifier (Dodge, attack modifier).
const MAX_MODIFIER: i64 = 10;

// The venture keys (000:66-76, 000:145-147), in every roll table.

const SKILL: Key = Key::int("skill", 0, MAX_PART)
    .default("0")
    .means("skill levels in play")
    .seed("000:68");
const TOOLS: Key = Key::int("tools", 0, MAX_PART)
    .default("0")
    .means("a tool's level, a simple one 1; on an attack, the weapon's level")
    .seed("000:70");
const CIRCUMSTANCES: Key = Key::int("circumstances", 0, MAX_PART)
    .default("0")
    .means("favourable circumstances, usually +1, +2 when extremely favourable")
    .seed("000:71");
const MAGIC_EFFECTS: Key = Key::int("magic_effects", 0, MAX_PART)
    .default("0")
    .means("a spell's or magical effect's level; on a spell attack, the spell's level")
    .seed("000:73");
const HIDDEN_KNOWLEDGE: Key = Key::int("hidden_knowledge", 0, MAX_PART)
    .default("0")
    .means("Hidden Knowledge points sacrificed toward the action")
    .seed("000:76");
const HELPER_SKILL: Key = Key::int("helper_skill", 0, MAX_PART)
    .absent("no helper")
    .means("one helper's skill level: the helper adds the greater of 1 and it (recommended over `help`); not with `help`")
    .seed("000:145-147");
const HELP: Key = Key::int("help", 0, MAX_PART)
    .default("0")
    .means("a helper's bonus added as written, kept so older files give the same numbers; not with `helper_skill`")
    .seed("000:145-147");
const BENE: Key = Key::other("bene", "0 or 1; up to 99 with `expansive_endeavor = true`")
    .default("0")
    .means("bene spent on the venture; in a fight, the bene wished on each roll, from the pool the roll draws on")
    .seed("000:69, 000:173");
const HINDRANCE: Key = Key::int("hindrance", 0, MAX_PART)
    .default("0")
    .means("subtracted from the venture");
const EXPANSIVE_ENDEAVOR: Key = Key::bool("expansive_endeavor")
    .default("false")
    .means("the secret that lifts the 1-bene limit and allows effect levels 2–4; a PC's own counts for each of its rolls")
    .seed("000:69, 000:79");
const MAGIC_DICE: Key = Key::int("magic_dice", 0, MAX_MAGIC_DICE)
    .default("0")
    .means("magic dice beside the mundane die, from Sortilege or a spell; a 0 on one is a flux")
    .seed("000:16-22");
const SUCCESSES: Key = Key::int("successes", 1, MAX_MAGIC_DICE + 1)
    .default("1")
    .means(
        "dice that must reach the number needed: 2 when magic opposes (a ward, a magical attack)",
    )
    .seed("000:48-54, 000:61-62");

/// The challenge of a `[check]` or of each progress roll.
const CHALLENGE: Key = Key::int("challenge", 0, MAX_CHALLENGE)
    .required()
    .means("the GM's number: a die must show challenge − venture or more")
    .seed("000:24-47");

/// An attack's damage (`[attack]`, a PC's `attack`).
const ATTACK_DAMAGE: Key = Key::int("damage", 0, MAX_PART)
    .required()
    .means("the attack's damage: light weapon 2, medium 4, heavy 6, a spell its level")
    .seed("000:174");

/// Bene for effect (`[attack]`, a PC's `attack`).
const EFFECT_LEVEL: Key = Key::other("effect_level", "0 or 1; up to 4 with `expansive_endeavor = true`")
    .default("0")
    .means("Accuracy bene for effect, declared before the roll and paid hit or miss: +2 damage per level on a hit; not with `bene`")
    .seed("000:77-103");

/// The level of the NPC a `[defense]` or `[attack]` is against.
const NPC_LEVEL: Key = Key::int("npc_level", 0, MAX_CHALLENGE)
    .required()
    .means("the NPC's level: NPCs never roll, their level is the challenge")
    .seed("000:118-119");

/// `[check]`.
pub(super) const CHECK: Table = Table {
    path: "check",
    form: Form::One,
    about: "one action roll against a challenge, with help and retries",
    keys: &[
        CHALLENGE,
        Key::int("tries", 1, MAX_TRIES as i64)
            .default("1")
            .means("attempts allowed: the roll is repeated after each failure until it succeeds")
            .seed("000:142-144"),
        Key::word("mode", &["action", "narrative"])
            .default("\"action\"")
            .means("`\"action\"`: a retry is free; `\"narrative\"`: each retry costs 1 bene that adds nothing to the venture")
            .seed("000:142-143"),
        SKILL,
        TOOLS,
        CIRCUMSTANCES,
        MAGIC_EFFECTS,
        HIDDEN_KNOWLEDGE,
        HELPER_SKILL,
        HELP,
        BENE,
        HINDRANCE,
        EXPANSIVE_ENDEAVOR,
        MAGIC_DICE,
        SUCCESSES,
    ],
};

/// `[defense]`.
pub(super) const DEFENSE: Table = Table {
    path: "defense",
    form: Form::One,
    about: "a PC's defense roll against an NPC's attack; defending costs no action",
    keys: &[
        Key::word("kind", &["dodge", "resist", "withstand"])
            .default("\"dodge\"")
            .means("Dodge (a physical attack), Resist (the mind) or Withstand (the body)")
            .seed("000:169-171"),
        NPC_LEVEL,
        Key::int("npc_modifier", -MAX_MODIFIER, MAX_MODIFIER)
            .default("0")
            .means("added to the NPC's level for this attack")
            .seed("000:119-120"),
        Key::int("scourges", 0, MAX_PART)
            .default("0")
            .means("venture −1 each: the PC's Wounds, or its Anguish on `resist`")
            .seed("000:181, 000:190"),
        Key::int("damage", 0, MAX_PART)
            .absent("`npc_level`: NPCs deal their level")
            .means("the attack's damage")
            .seed("000:174"),
        Key::int("armor", 0, MAX_PART)
            .default("0")
            .means("the PC's Armor: damage blocked per point on a failed defense; not against `resist`")
            .seed("000:182, 000:191"),
        SKILL,
        TOOLS,
        CIRCUMSTANCES,
        MAGIC_EFFECTS,
        HIDDEN_KNOWLEDGE,
        HELPER_SKILL,
        HELP,
        BENE,
        HINDRANCE,
        EXPANSIVE_ENDEAVOR,
        MAGIC_DICE,
        SUCCESSES,
    ],
};

/// `[attack]`.
pub(super) const ATTACK: Table = Table {
    path: "attack",
    form: Form::One,
    about: "a PC's attack roll against an NPC",
    keys: &[
        NPC_LEVEL,
        Key::int("npc_dodge", -MAX_MODIFIER, MAX_MODIFIER)
            .default("1")
            .means("the NPC's Dodge, added to its level: \"most NPCs … have at least +1\"")
            .seed("000:120"),
        Key::int("npc_armor", 0, MAX_PART)
            .default("0")
            .means("the NPC's Armor: damage blocked per point on a hit")
            .seed("000:182"),
        ATTACK_DAMAGE,
        EFFECT_LEVEL,
        SKILL,
        TOOLS,
        CIRCUMSTANCES,
        MAGIC_EFFECTS,
        HIDDEN_KNOWLEDGE,
        HELPER_SKILL,
        HELP,
        BENE,
        HINDRANCE,
        EXPANSIVE_ENDEAVOR,
        MAGIC_DICE,
        SUCCESSES,
    ],
};

/// `[ongoing]`.
pub(super) const ONGOING: Table = Table {
    path: "ongoing",
    form: Form::One,
    about: "an ongoing action: one progress roll per increment until enough succeed",
    keys: &[
        Key::int("challenge", 0, MAX_CHALLENGE)
            .required()
            .means("each progress roll's challenge")
            .seed("000:140"),
        Key::int("rolls_needed", 1, MAX_ROLLS)
            .required()
            .means("successful progress rolls needed, n: \"usually three to five\"")
            .seed("000:138"),
        Key::int("lowest_duration", 1, MAX_AMOUNT)
            .absent("`rolls_needed`: one per increment")
            .means("the lowest estimate of the whole project's time, in `duration_unit`s")
            .seed("000:138-139"),
        Key::other(
            "duration_unit",
            "a word of 1 to 40 characters (\"week\", \"day\")",
        )
        .default("\"increment\"")
        .means("what `lowest_duration` counts"),
        Key::int("total_cost", 0, MAX_AMOUNT)
            .default("0")
            .means("the cost of the lowest estimate")
            .seed("000:141"),
        Key::int("max_increments", 1, MAX_INCREMENTS)
            .default("100")
            .means("an unfinished project stops here, not completed"),
        Key::other("within", "a list of integers from 1 to `max_increments`")
            .absent("every K from `rolls_needed` to twice it, up to `max_increments`")
            .means("the K of the `done_within.K` rows"),
        SKILL,
        TOOLS,
        CIRCUMSTANCES,
        MAGIC_EFFECTS,
        HIDDEN_KNOWLEDGE,
        HELPER_SKILL,
        HELP,
        BENE,
        HINDRANCE,
        EXPANSIVE_ENDEAVOR,
        MAGIC_DICE,
        SUCCESSES,
    ],
};

/// Whom a PC or NPC attacks.
const TARGET: Key = Key::other("target", "\"random\", \"weakest\", \"focus\" or a foe's name")
    .default("\"random\"")
    .means("whom it attacks: a random foe, the one with the fewest Injuries left to kill, all on one foe, or a named one while it stands (then as `\"random\"`)");

/// `[conflict]`.
pub(super) const CONFLICT: Table = Table {
    path: "conflict",
    form: Form::One,
    about: "the GM's choices for a fight",
    keys: &[Key::word("order", &["pcs_first", "npcs_first"])
        .default("\"pcs_first\"")
        .means("each round one side acts in file order, then the other: the PCs first, or the NPCs (an ambush); the seed gives no order")
        .seed("000:160")],
};

/// `[[pc]]`.
pub(super) const PC: Table = Table {
    path: "pc",
    form: Form::Many,
    about: "a player character, on side `pcs`; at least one",
    keys: &[
        Key::text("name").required().means("who it is; unique among PCs and NPCs"),
        Key::int("armor", 0, MAX_PART)
            .default("0")
            .means("damage blocked per physical hit; not against mental damage")
            .seed("000:182, 000:191"),
        Key::int("accuracy", 0, MAX_PART)
            .default("0")
            .means("bene in the Accuracy pool at the start: attacks and bene for effect")
            .seed("000:173"),
        Key::int("movement", 0, MAX_PART)
            .default("0")
            .means("bene in the Movement pool at the start: Dodge rolls")
            .seed("000:169"),
        Key::int("intellect", 0, MAX_PART)
            .default("0")
            .means("bene in the Intellect pool at the start: Resist rolls, negating Anguish")
            .seed("000:170, 000:191"),
        Key::int("physicality", 0, MAX_PART)
            .default("0")
            .means("bene in the Physicality pool at the start: Withstand rolls, negating Wounds")
            .seed("000:171, 000:183"),
        Key::int("wound_penalty", 0, 10)
            .default("1")
            .means("venture lost per Wound on attack, Dodge and Withstand rolls, per Anguish on Resist rolls (\"−1 on all her Certes actions\")")
            .seed("000:181, 000:184"),
        Key::word("negate", &["greedy", "lethal_only", "never"])
            .default("\"greedy\"")
            .means("Physicality bene negating Wounds, Intellect bene Anguish, as a hit lands: one per mark the hit brings while the pool lasts; only when the hit would kill (put out), just enough to stay in; or never")
            .seed("000:183, 000:191"),
        Key::bool("expansive_endeavor")
            .default("false")
            .means("the secret: more than 1 bene on a roll, effect levels 2–4, several negations on one hit")
            .seed("000:69, 000:79, 000:183"),
        TARGET,
        TACTICS,
        PROTECT_BELOW,
        CAUTIOUS_BELOW,
        FIRST_AID_KIT,
        Key::other("attack", "a table: `attack = { … }` (keys below)")
            .required()
            .means("its attack roll")
            .seed("000:172-174"),
        Key::other("dodge", "a table: `dodge = { … }` (keys below)")
            .absent("every key at its default")
            .means("its Dodge roll, against an NPC whose `attack_defense` is `\"dodge\"`")
            .seed("000:169"),
        Key::other("resist", "a table: `resist = { … }`, the keys of `dodge`")
            .absent("every key at its default")
            .means("its Resist roll, against a mental attack")
            .seed("000:170"),
        Key::other("withstand", "a table: `withstand = { … }`, the keys of `dodge`")
            .absent("every key at its default")
            .means("its Withstand roll, against an attack on the body")
            .seed("000:171"),
    ],
};

/// A PC's `attack`.
pub(super) const PC_ATTACK: Table = Table {
    path: "pc.attack",
    form: Form::Under,
    about: "a PC's attack roll in its `[[pc]]` (or `attack.KEY = …`): its damage, bene for effect and the venture keys; a weapon's level is `tools`, a spell's `magic_effects`",
    keys: &[
        ATTACK_DAMAGE,
        EFFECT_LEVEL,
        Key::word("effect", &["damage", "frighten"])
            .default("\"damage\"")
            .means("at effect level 4, the effect it chooses: +8 damage, or the NPC it hits frightened off, fleeing the fight (out, alive), with the attack's own damage")
            .seed("000:102-103"),
        SKILL,
        TOOLS,
        CIRCUMSTANCES,
        MAGIC_EFFECTS,
        HIDDEN_KNOWLEDGE,
        HELPER_SKILL,
        HELP,
        BENE,
        HINDRANCE,
        EXPANSIVE_ENDEAVOR,
        MAGIC_DICE,
        SUCCESSES,
    ],
};

/// The keys of a PC's `dodge`, `resist` and `withstand`: the venture keys, the successes
/// needed coming from the NPC's attack.
const PC_DEFENSE_KEYS: &[Key] = &[
    SKILL,
    TOOLS,
    CIRCUMSTANCES,
    MAGIC_EFFECTS,
    HIDDEN_KNOWLEDGE,
    HELPER_SKILL,
    HELP,
    BENE,
    HINDRANCE,
    EXPANSIVE_ENDEAVOR,
    MAGIC_DICE,
    Key::refused(
        "successes",
        "the successes a defense needs come from the attacking NPC's `attack_successes` (2 for a magical attack; 000:51-52)",
    ),
];

/// A PC's `dodge`.
pub(super) const PC_DODGE: Table = Table {
    path: "pc.dodge",
    form: Form::Under,
    about: "a PC's Dodge roll in its `[[pc]]`: the venture keys",
    keys: PC_DEFENSE_KEYS,
};

/// A PC's `resist`.
pub(super) const PC_RESIST: Table = Table {
    path: "pc.resist",
    form: Form::Under,
    about: "a PC's Resist roll: the keys of `dodge`",
    keys: PC_DEFENSE_KEYS,
};

/// A PC's `withstand`.
pub(super) const PC_WITHSTAND: Table = Table {
    path: "pc.withstand",
    form: Form::Under,
    about: "a PC's Withstand roll: the keys of `dodge`",
    keys: PC_DEFENSE_KEYS,
};

/// `[[npc]]`.
pub(super) const NPC: Table = Table {
    path: "npc",
    form: Form::Many,
    about: "a non-player character, on side `npcs`; at least one. NPCs never roll",
    keys: &[
        Key::text("name").required().means("who it is; unique among PCs and NPCs"),
        Key::int("level", 0, MAX_CHALLENGE)
            .required()
            .means("its level: the challenge it presents")
            .seed("000:119"),
        Key::int("dodge", -MAX_MODIFIER, MAX_MODIFIER)
            .default("1")
            .means("added to its level against attacks: most aware NPCs have at least +1")
            .seed("000:120"),
        Key::int("armor", 0, MAX_PART)
            .default("0")
            .means("damage blocked per hit")
            .seed("000:182"),
        Key::int("damage", 0, MAX_PART)
            .absent("`level`: NPCs deal their level")
            .means("its attack's damage")
            .seed("000:174"),
        Key::int("attack_modifier", -MAX_MODIFIER, MAX_MODIFIER)
            .default("0")
            .means("added to its level for the challenge of defending against it")
            .seed("000:119"),
        Key::word("attack_defense", &["dodge", "withstand", "resist"])
            .default("\"dodge\"")
            .means("the defense its attack calls for; `\"resist\"` is a mental attack: Anguish, no Armor")
            .seed("000:169-171, 000:190-191"),
        Key::int("attack_successes", 1, MAX_MAGIC_DICE + 1)
            .default("1")
            .means("successes the defense needs: 2 for a magical attack, which without a magic die cannot be avoided")
            .seed("000:51-52"),
        Key::int("injuries_per_wound", 1, 10)
            .default("3")
            .means("Injuries that make one of its Wounds")
            .seed("000:180, 000:197"),
        Key::int("wounds_to_die", 1, 20)
            .default("3")
            .means("Wounds that kill it")
            .seed("000:180, 000:197"),
        Key::int("wound_penalty", 0, 10)
            .default("0")
            .means("level lost per Wound for every challenge it presents, never its damage; 0 because the seed gives NPCs only an Injury/Wound count, and −1 per Wound would take a 10-Wound beliggos to level 0")
            .seed("000:121-122, 000:197"),
        TARGET,
        TACTICS,
        PROTECT_BELOW,
        CAUTIOUS_BELOW,
        FIRST_AID_KIT,
        Key::bool("important")
            .default("false")
            .means("an important NPC: once an encounter it may take a recovery action, healing 1 Wound, else all its Injuries (under `tactics = \"cautious\"` below `cautious_below`, or at random under `\"random\"`; an assumption: which NPCs are important is the GM's)")
            .seed("000:130-135"),
    ],
};

/// `[aftermath]` of a conflict.
pub(super) const AFTERMATH: Table = Table {
    path: "aftermath",
    form: Form::One,
    about: "after the fight: who tends whom, and whether 3 Anguish is death",
    keys: &[
        ALLIES,
        FOES,
        Key::word("anguish_out", &["out", "dead"])
            .default("\"out\"")
            .means("3 Anguish is out, alive (down), or death")
            .seed("000:190"),
    ],
};

/// `[day]`: an adventuring day. The party is the `[[pc]]` tables (no `party` key: the
/// planner refuses one); the recovery keys are Invisible Sun's (`crate::systems::invisible_sun::day`).
pub(super) const DAY: Table = Table {
    path: "day",
    form: Form::One,
    about: "an adventuring day: the `[[pc]]` tables carried through the `[[day.encounter]]` conflicts in order, with aid and the day's rests between them",
    keys: &[
        common::DAY_GAP,
        common::DAY_ENCOUNTERS,
        Key::word("rest_use", &["wound_first", "pools"])
            .default("\"wound_first\"")
            .means("what each of the day's rests does for each PC: heals one Wound, else one Anguish, else refreshes its pools; or refreshes its pools whatever its harm (\"normally used to restore stat pools\")")
            .seed("000:199"),
        Key::other("pool_refresh", "\"full\" or an integer from 0 to 99")
            .default("\"full\"")
            .means("bene a rest gives back to each of a PC's pools, never above what it started the day with; a night always refills them")
            .seed("000:199"),
        Key::word("aid", &["one_injury", "kit", "none"])
            .default("\"one_injury\"")
            .means("before each encounter after the first, each other PC up heals 1 Injury of each living PC; `\"kit\"`: with a first aid kit, all of its Injuries; `\"none\"`: nobody. Never a Wound")
            .seed("000:177, 000:198-199"),
    ],
};

/// The metrics of one action roll (`[check]`, `[defense]`, `[attack]`).
const ROLL_METRICS: [Metric; 4] = [
    Metric {
        name: "flux",
        meaning: "at least one magic die shows 0",
    },
    Metric {
        name: "multi_flux",
        meaning: "two or more magic dice show 0",
    },
    Metric {
        name: "success_with_flux",
        meaning: "succeeds with at least one flux",
    },
    Metric {
        name: "successes.K, successes.mean",
        meaning: "exactly K dice reach the number needed (only when dice are rolled); the mean number that do",
    },
];

/// `[check]`'s metrics.
const CHECK_METRICS: &[Metric] = &[
    Metric {
        name: "success",
        meaning: "the action succeeds (with `tries` > 1: within the tries)",
    },
    ROLL_METRICS[0],
    ROLL_METRICS[1],
    ROLL_METRICS[2],
    ROLL_METRICS[3],
    Metric {
        name: "first_try",
        meaning: "with `tries` > 1: succeeds on the first try",
    },
    Metric {
        name: "tries.mean",
        meaning: "with `tries` > 1: tries made",
    },
    Metric {
        name: "retry_bene.mean",
        meaning: "with `tries` > 1: bene spent on retries (Narrative Mode)",
    },
];

/// `[defense]`'s metrics.
const DEFENSE_METRICS: &[Metric] = &[
    Metric {
        name: "success",
        meaning: "the defense avoids the attack",
    },
    ROLL_METRICS[0],
    ROLL_METRICS[1],
    ROLL_METRICS[2],
    ROLL_METRICS[3],
    Metric {
        name: "injuries.mean",
        meaning: "Injuries taken: P(failed defense) × max(0, damage − armor)",
    },
];

/// `[attack]`'s metrics.
const ATTACK_METRICS: &[Metric] = &[
    Metric {
        name: "success",
        meaning: "the attack hits",
    },
    ROLL_METRICS[0],
    ROLL_METRICS[1],
    ROLL_METRICS[2],
    ROLL_METRICS[3],
    Metric {
        name: "damage.mean",
        meaning: "damage dealt: P(hit) × max(0, damage + 2 × effect_level − npc_armor)",
    },
];

/// `[ongoing]`'s metrics.
const ONGOING_METRICS: &[Metric] = &[
    Metric {
        name: "completed",
        meaning: "n successes within `max_increments`",
    },
    Metric {
        name: "done_within.K",
        meaning: "completed within K increments",
    },
    Metric {
        name: "increments.mean, .median, .p90, .p99",
        meaning: "increments taken (`max_increments` when unfinished); histogram in `increments_histogram.csv`",
    },
    Metric {
        name: "time.mean",
        meaning: "time taken, in `duration_unit`s",
    },
    Metric {
        name: "cost.mean",
        meaning: "money spent",
    },
    Metric {
        name: "over_budget",
        meaning: "more than n increments",
    },
    Metric {
        name: "flux, fluxes.mean",
        meaning: "a flux on any progress roll; fluxes rolled",
    },
];

/// A conflict's own metrics (the shared fight metrics come with every fight).
const FIGHT_METRICS: &[Metric] = &[
    Metric {
        name: "out.NAME",
        meaning: "a PC put out by 3 Anguish (down, not dead)",
    },
    Metric {
        name: "wounds.NAME.K, wounds.NAME.mean",
        meaning: "Wounds at the end (the dead at their limit), every combatant",
    },
    Metric {
        name: "physicality_spent.NAME.K, physicality_spent.NAME.mean",
        meaning: "a PC's Physicality spent over the fight, on Withstand rolls and negating Wounds",
    },
    Metric {
        name: "flux.NAME",
        meaning: "a PC rolled a flux (a magic die showing 0) on one of its rolls",
    },
];

/// A day's own metrics: the resources at the day's end (the shared day metrics come with
/// every day).
const DAY_METRICS: &[Metric] = &[
    Metric {
        name: "wounds.NAME.K, wounds.NAME.mean",
        meaning: "a PC's Wounds at the end of the day (the dead at 3, as at death)",
    },
    Metric {
        name: "anguish.NAME.K, anguish.NAME.mean",
        meaning: "a PC's Anguish at the end of the day (3: out)",
    },
    Metric {
        name: "injuries.NAME.mean",
        meaning: "a PC's Injuries (not yet a Wound) at the end of the day",
    },
    Metric {
        name: "physicality_left.NAME.mean",
        meaning: "a PC's Physicality bene left at the end of the day",
    },
    Metric {
        name: "accuracy_left.NAME.mean, movement_left.NAME.mean, intellect_left.NAME.mean",
        meaning: "a PC's other pools left at the end of the day",
    },
];

/// Every shape of an `invisible-sun` scenario.
pub const SCHEMA: Schema = Schema {
    title: "Invisible Sun",
    seeds: SEEDS,
    shapes: &[
        Shape {
            name: "check",
            title: "Action rolls",
            about: "one action roll against a challenge: magic dice, flux, help, retries",
            tables: &[&CHECK],
            metrics: CHECK_METRICS,
            fight: false,
            prose: include_str!("docs/check.md"),
            example: include_str!("new/check.toml"),
        },
        Shape {
            name: "defense",
            title: "Defense rolls",
            about: "a PC's Dodge, Resist or Withstand against an NPC's attack",
            tables: &[&DEFENSE],
            metrics: DEFENSE_METRICS,
            fight: false,
            prose: include_str!("docs/defense.md"),
            example: include_str!("new/defense.toml"),
        },
        Shape {
            name: "attack",
            title: "Attack rolls",
            about: "a PC's attack on an NPC: hits, damage, bene for effect",
            tables: &[&ATTACK],
            metrics: ATTACK_METRICS,
            fight: false,
            prose: include_str!("docs/attack.md"),
            example: include_str!("new/attack.toml"),
        },
        Shape {
            name: "ongoing",
            title: "Ongoing actions",
            about: "an ongoing action of progress rolls: increments, time, cost",
            tables: &[&ONGOING],
            metrics: ONGOING_METRICS,
            fight: false,
            prose: include_str!("docs/ongoing.md"),
            example: include_str!("new/ongoing.toml"),
        },
        Shape {
            name: "fight",
            title: "Conflicts",
            about: "a conflict of `[[pc]]` against `[[npc]]` tables, to Wounds and death: the vampire and its thrall against Schaelee",
            tables: &[
                &PC,
                &PC_ATTACK,
                &PC_DODGE,
                &PC_RESIST,
                &PC_WITHSTAND,
                &NPC,
                &CONFLICT,
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
            about: "an adventuring day: the `[[pc]]` tables through several conflicts in a row, with aid and the day's ten-minute and one-hour rests between them",
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
