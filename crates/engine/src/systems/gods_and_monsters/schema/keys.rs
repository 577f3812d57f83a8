//! Every key of a `gods-and-monsters` scenario, declared once ([`oddsmith_scenario::keys`]):
//! the loader reads each value against these, and the reference
//! (`docs/scenarios/gods-and-monsters.md`) and `oddsmith new` are written from them (each
//! shape's example for `oddsmith new` is `schema/new/<shape>.toml`, its prose
//! `schema/docs/<shape>.md`). Seed lines are cited as `003:L` (`003_2f5399e0a98f81be.txt`) and
//! `004:L` (`004_803a11f5ee1b6e60.txt`).

pub(super) mod day;
mod hazards;
mod rolls;
#[cfg(test)]
mod tests;

pub(super) use hazards::{
    AILMENT, CHASE, CHASE_PURSUER, CHASE_QUARRY, DIRECTIONS, FALL, FALL_CLIMB, JUMP, MARCH,
};
pub(super) use rolls::{CHECK, CONTEST, CONTEST_SIDE, ROLES};

use oddsmith_scenario::keys::common::{ALLIES, CAUTIOUS_BELOW, FOES, PROTECT_BELOW, TACTICS};
use oddsmith_scenario::keys::{Form, Key, Metric, Schema, Shape, Table};

/// The seed files, for the reference's readers.
const SEEDS: &[(&str, &str)] = &[
    (
        "003",
        "Gods & Monsters, actions and consequences (`003_2f5399e0a98f81be.txt`)",
    ),
    (
        "004",
        "Gods & Monsters, core rules (`004_803a11f5ee1b6e60.txt`)",
    ),
];

/// The mojo kinds `mojo_on` takes.
pub(super) const MOJO_KINDS: &[&str] = &[
    "death",
    "consciousness",
    "attack",
    "evasion",
    "surprise",
    "snap_out",
];

/// `[[combatant]]`.
pub(super) const COMBATANT: Table = Table {
    path: "combatant",
    form: Form::Many,
    about: "one combatant (or a unit fighting as one); at least two sides",
    keys: &[
        Key::text("name").required().means("who it is; unique"),
        Key::text("side").required().means("the side it fights on; at least two sides"),
        Key::int("survival", 1, 10_000).required().means("survival points").seed("004:885"),
        Key::int("verve", 0, 10_000).default("0").means("verve points").seed("004:885"),
        Key::bool("verve_in_combat")
            .default("false")
            .means("fighting is archetypal (warriors), so damage takes verve first")
            .seed("004:583"),
        Key::int("endurance", 1, 40)
            .required_unless("`level` is given")
            .means("the death roll")
            .seed("004:613-615"),
        Key::int("level", 0, 40)
            .absent("`endurance` must be given")
            .means("instead of `endurance`: endurance is then 10 + level/2; with both, `endurance` counts; in a day, what a night restores in survival and a hazard in verve")
            .seed("004:627, 004:565, 004:593"),
        Key::int("perception", 0, 40).required().means("the surprise roll").seed("004:752, 004:885"),
        Key::int("willpower", 0, 40)
            .required()
            .means("the better of willpower and fortitude is the consciousness and snap-out roll")
            .seed("004:605, 004:756"),
        Key::int("fortitude", 0, 40)
            .required()
            .means("the better of willpower and fortitude is the consciousness and snap-out roll")
            .seed("004:605, 004:756"),
        Key::int("attack", -20, 40)
            .default("0")
            .means("Fighting Art + attack bonuses: a hit is d20 ≤ 11 + attack − the target's defense")
            .seed("004:766-768, 004:902"),
        Key::int("defense", -20, 40)
            .default("0")
            .means("armor, shield, agility")
            .seed("004:885, 004:908"),
        Key::tables("attacks")
            .default("[]")
            .means("the attacks rolled each round they are ready, at most 16 (keys below)")
            .seed("004:908"),
        Key::int("injuries", 0, 1000)
            .default("0")
            .means("injury points at the start; a penalty on rolls")
            .seed("004:601"),
        Key::bool("surprises")
            .default("false")
            .means("this combatant starts the fight: the other sides roll perception or are surprised")
            .seed("004:750-758"),
        Key::bool("aware").default("false").means("+4 on the surprise roll").seed("004:752"),
        Key::bool("asleep").default("false").means("−6 on the surprise roll").seed("004:752"),
        Key::other("target", "\"random\", \"weakest\", \"focus\" or a foe's name")
            .default("\"random\"")
            .means("whom it attacks: a random foe, the one with least survival, all on one foe, or a named one"),
        TACTICS,
        PROTECT_BELOW,
        CAUTIOUS_BELOW,
        Key::int("flee_at_survival", 0, 10_000)
            .absent("never flees")
            .means("runs at the end of a round with survival at or below this while conscious")
            .seed("004:924, 004:946"),
        Key::bool("fights_while_dying")
            .default("true")
            .means("a dying combatant fights on until its minutes pass")
            .seed("004:615"),
        Key::bool("last_effort")
            .default("false")
            .means("when its time to die runs out in the fight (endurance − injuries minutes, none left: at once), it makes one heroic last effort before it dies: if conscious, one more attack the round after, its first, at +`level` with no injury penalty (its side fights on for it); it is dead all the same")
            .seed("004:619"),
        Key::bool("leads")
            .default("false")
            .means("a warrior (needs `warrior` and `level`) who leads instead of fighting: each round it could attack, it rolls perception (d20 ≤ perception − injuries) and on a success up to `level` companions who are not warriors and have cover, the first standing in scenario order, use cover as warriors do that round (+1 defense against ranged attacks); it makes no attack that round")
            .seed("004:822"),
        Key::int("group_size", 1, 1 << 20)
            .default("1")
            .means("a unit fighting as one: +floor(log2 n) to attack, defense and rolls, survival × (1 + bonus), 1 + bonus attacks a round")
            .seed("004:1381-1392"),
        Key::int("mojo", 0, 1000)
            .default("0")
            .means("the mojo pool for the fight: 12 at first level plus strength, 10 + level more each level")
            .seed("004:330, 004:491, 004:976"),
        Key::words("mojo_on", MOJO_KINDS)
            .default("[\"death\"]")
            .means("the archetypal rolls a failed one of which is bought with mojo: it bids exactly what the roll missed by")
            .seed("004:617, 004:976-978"),
        Key::int("mojo_reserve", 0, 1000)
            .default("0")
            .means("mojo kept back from every bid but a death bid"),
        Key::word("attack_downed", &["never", "also", "first"])
            .default("\"never\"")
            .means("whether unconscious foes are targets: never, also, or before the standing"),
        Key::bool("knockout_blows")
            .default("false")
            .means("attacks on surprised foes are knockout blows (called shots; evasion or injuries)")
            .seed("004:874-878"),
        Key::bool("killing_blows")
            .default("false")
            .means("attacks on unconscious foes are killing blows: half the damage on injuries")
            .seed("004:870"),
        Key::int("evasion", 0, 40)
            .absent("none; required when a foe deals knockout blows, or when someone out of close combat shoots into it")
            .means("the evasion roll against knockout blows and stray shots")
            .seed("004:782-784, 004:874"),
        Key::int("head_protection", 0, 40)
            .default("0")
            .means("1 for any head protection plus its defense bonus, added to evasion against knockout blows")
            .seed("004:874"),
        Key::bool("warrior")
            .absent("as `verve_in_combat`")
            .means("a warrior's knockout puts 2 points on injuries, and warriors use cover better")
            .seed("004:815, 004:878"),
        Key::word("cover", &["none", "weak", "strong", "full"])
            .default("\"none\"")
            .means("defense against ranged attacks: warriors +1/+2/+3, others 0/+1/+2")
            .seed("004:815-820"),
        Key::bool("close_combat")
            .default("true")
            .means("in reach of melee; false: out of it, shooting from afar")
            .seed("004:772"),
        Key::bool("called_shots_into_melee")
            .default("false")
            .means("its shots into close combat are called shots: −3 to hit, −2 defense, and a hit strikes the target alone")
            .seed("004:782"),
        Key::int("health", 0, 40)
            .absent("none")
            .means("the nightly health roll, for `[aftermath] rest` and a day's nights; in a day also the march's and a health-resisted ailment's")
            .seed("004:565"),
    ],
};

/// `attacks = [{ … }]` of a combatant.
pub(super) const ATTACKS: Table = Table {
    path: "combatant.attacks",
    form: Form::Inline,
    about: "one attack of a combatant, rolled each round it is ready",
    keys: &[
        Key::text("name").absent("none").means("a label"),
        Key::dice("damage").required().means("the damage of a hit, never below 0").seed("004:774-776"),
        Key::int("bonus", -40, 40).default("0").means("added to hit"),
        Key::bool("ranged")
            .default("false")
            .means("a missile or thrown weapon: reaches any foe")
            .seed("004:772"),
        Key::int("fire_actions", 1, 10)
            .default("1")
            .means("actions to fire: it fires, then readies n − 1 rounds (n − 2 out of close combat); crossbow 2, heavy crossbow and arquebus 3")
            .seed("004:147-187, 004:788-790"),
        Key::bool("loaded")
            .default("true")
            .means("false: it readies before it first fires"),
    ],
};

/// `[conflict]`.
pub(super) const CONFLICT: Table = Table {
    path: "conflict",
    form: Form::One,
    about: "the Guide's choices for a fight",
    keys: &[
        Key::word("consciousness_check", &["end_of_round", "per_hit"])
            .default("\"end_of_round\"")
            .means("one consciousness roll after every attack of the round, or one after each hit")
            .seed("004:605, 004:762, 004:944-946"),
        Key::word("death_contest", &["single", "contest"])
            .default("\"single\"")
            .means("when both death rolls succeed: the combatant lives, or both roll again")
            .seed("004:613, 004:724"),
        Key::bool("surprised_are_unaware")
            .default("false")
            .means("+4 to hit a combatant still surprised in round 1")
            .seed("004:754, 004:866, 004:874"),
        Key::word("unconscious_for", &["fight", "injuries"])
            .default("\"fight\"")
            .means(
                "the unconscious stay out for the fight, or a minute (6 rounds) per injury point",
            )
            .seed("004:605, 004:748"),
    ],
};

/// `[aftermath]` of a fight.
pub(super) const AFTERMATH: Table = Table {
    path: "aftermath",
    form: Form::One,
    about: "after the fight: who tends whom, and what saves the dying",
    keys: &[
        ALLIES,
        FOES,
        Key::int("heal_injuries", 0, 1000)
            .default("0")
            .means("injury points of healing aid each tended dying patient gets in time")
            .seed("004:615, 004:639"),
        Key::bool("rest")
            .default("false")
            .means("the tended dying rest, a nightly health roll each (needs `health` on every combatant)")
            .seed("004:565, 004:639"),
    ],
};

/// The fight's own metrics (the shared fight metrics come with every fight).
const FIGHT_METRICS: &[Metric] = &[
    Metric {
        name: "unconscious.NAME",
        meaning: "NAME was unconscious at the end (dying or not)",
    },
    Metric {
        name: "mojo_spent.NAME.mean, .median, .p90, .p99",
        meaning: "mojo NAME spent (combatants with mojo)",
    },
    Metric {
        name: "mojo_saved.NAME",
        meaning: "a death bid turned NAME's lost endurance roll into a success",
    },
];

/// Every shape of a `gods-and-monsters` scenario.
pub const SCHEMA: Schema = Schema {
    title: "Gods & Monsters",
    seeds: SEEDS,
    shapes: &[
        Shape {
            name: "fight",
            title: "Conflicts",
            about: "a fight of any number of combatants on two or more sides: the book's Yeti ambush",
            tables: &[&COMBATANT, &ATTACKS, &CONFLICT, &AFTERMATH],
            metrics: FIGHT_METRICS,
            fight: true,
            prose: include_str!("docs/fight.md"),
            example: include_str!("new/fight.toml"),
        },
        Shape {
            name: "check",
            title: "Rolls",
            about: "one ability or reaction roll, d20 at or under the score after modifiers, and a mojo bid on a failure",
            tables: &[&CHECK],
            metrics: rolls::CHECK_METRICS,
            fight: false,
            prose: include_str!("docs/check.md"),
            example: include_str!("new/check.toml"),
        },
        Shape {
            name: "contest",
            title: "Contests",
            about: "a contested action of two to eight sides: who wins, and in how many exchanges",
            tables: &[&CONTEST, &CONTEST_SIDE],
            metrics: rolls::CONTEST_METRICS,
            fight: false,
            prose: include_str!("docs/contest.md"),
            example: include_str!("new/contest.toml"),
        },
        Shape {
            name: "fall",
            title: "Falls",
            about: "a fall from a height: damage, injuries, unconsciousness and the death contest",
            tables: &[&FALL],
            metrics: hazards::FALL_METRICS,
            fight: false,
            prose: include_str!("docs/fall.md"),
            example: include_str!("new/fall.toml"),
        },
        Shape {
            name: "climb",
            title: "Climbs",
            about: "a climb that may fail, and the fall from where it failed: a `[fall]` without `height` and with a `[fall.climb]` table",
            tables: &[&FALL_CLIMB, &FALL],
            metrics: hazards::CLIMB_METRICS,
            fight: false,
            prose: include_str!("docs/climb.md"),
            example: include_str!("new/climb.toml"),
        },
        Shape {
            name: "ailment",
            title: "Ailments",
            about: "a poison, sickness or disease: how often it takes hold, how many times, and what its effects add up to",
            tables: &[&AILMENT],
            metrics: hazards::AILMENT_METRICS,
            fight: false,
            prose: include_str!("docs/ailment.md"),
            example: include_str!("new/ailment.toml"),
        },
        Shape {
            name: "jump",
            title: "Jumps",
            about: "a jump up or across: how often it reaches the whole distance, and how far it gets",
            tables: &[&JUMP],
            metrics: hazards::JUMP_METRICS,
            fight: false,
            prose: include_str!("docs/jump.md"),
            example: include_str!("new/jump.toml"),
        },
        Shape {
            name: "chase",
            title: "Chases",
            about: "a quarry and a pursuer: how often the quarry escapes or is caught, and in how many exchanges",
            tables: &[&CHASE, &CHASE_QUARRY, &CHASE_PURSUER],
            metrics: hazards::CHASE_METRICS,
            fight: false,
            prose: include_str!("docs/chase.md"),
            example: include_str!("new/chase.toml"),
        },
        Shape {
            name: "march",
            title: "Forced marches",
            about: "pushing on without rest: how many injury points it costs",
            tables: &[&MARCH],
            metrics: hazards::MARCH_METRICS,
            fight: false,
            prose: include_str!("docs/march.md"),
            example: include_str!("new/march.toml"),
        },
        Shape {
            name: "day",
            title: "Adventuring days",
            about: "the party through conflicts and hazards in a row, carried from one to the next with only the nights the story allows: how often it gets through the day, where it falls, who dies",
            tables: &[
                &day::DAY,
                &day::ENCOUNTER,
                &day::DAY_FALL,
                &day::DAY_FALL_CLIMB,
                &day::DAY_AILMENT,
                &day::DAY_JUMP,
                &day::DAY_CHASE,
                &day::DAY_CHASE_QUARRY,
                &day::DAY_CHASE_PURSUER,
                &day::DAY_MARCH,
                &AFTERMATH,
            ],
            metrics: day::DAY_METRICS,
            fight: true,
            prose: include_str!("docs/day.md"),
            example: include_str!("new/day.toml"),
        },
    ],
};
