//! The hazard tables: `[fall]` and `[fall.climb]`, `[ailment]`, `[jump]`, `[chase]` with its
//! two sides, and `[march]`, with what each reports.

use super::rolls::{
    BONUS, CAREFUL, DIFFICULTY, DIFFICULTY_WORDS, GROUP_SCORES, GROUP_SIZE, INJURIES,
    OBSTACLE_SIZE, PENALTY, SCORE, SCORE_ALONE, words,
};
use crate::systems::gods_and_monsters::hazard::ailment::Reaction;
use crate::systems::gods_and_monsters::hazard::fall::RoundHalf;
use crate::systems::gods_and_monsters::hazard::jump::Size;
use crate::systems::gods_and_monsters::rules::DeathContest;
use oddsmith_scenario::keys::{Form, Key, Metric, Table};

/// `[fall]`: the character who falls (or climbs), and the Guide's choices.
pub(in crate::systems::gods_and_monsters::schema) const FALL: Table = Table {
    path: "fall",
    form: Form::One,
    about: "a fall from a height, or the climber of `[fall.climb]`, and how the fall is judged",
    keys: &[
        Key::int("height", 1, 100_000)
            .required_unless("`[fall.climb]` is given (then it is refused)")
            .means("feet fallen")
            .seed("003:36-46, 004:587"),
        Key::int("survival", 0, 10_000).required().means("survival points").seed("004:561"),
        Key::int("verve", 0, 10_000)
            .default("0")
            .means("verve points, spent first when the fall is archetypal")
            .seed("004:575-591"),
        Key::bool("archetypal")
            .default("false")
            .means("the fall is archetypal (a thief failing Climb Walls): damage takes verve first, and a climb may bid mojo")
            .seed("004:585, 004:587"),
        Key::int("endurance", 1, 40).required().means("the death roll").seed("004:613-615"),
        Key::int("evasion", 0, 40)
            .required()
            .means("rolled on a fall under 20 feet")
            .seed("003:49"),
        Key::int("fortitude", 0, 40)
            .required()
            .means("the better of fortitude and willpower is the consciousness roll")
            .seed("004:605"),
        Key::int("willpower", 0, 40)
            .required()
            .means("the better of fortitude and willpower is the consciousness roll")
            .seed("004:605"),
        INJURIES,
        Key::word("round_half", &words(&RoundHalf::WORDS))
            .default("\"down\"")
            .means("how a halved 10–19 ft fall's damage rounds")
            .seed("003:49"),
        Key::bool("verve_spares_injuries")
            .default("true")
            .means("an archetypal fall whose whole damage fits in verve leaves no injuries")
            .seed("004:595, 004:667"),
        Key::int("death_bonus", 0, 40)
            .default("0")
            .means("a falling field bonus on the death roll")
            .seed("004:617"),
        Key::word("death_contest", &words(&DeathContest::WORDS))
            .default("\"single\"")
            .means("when both death rolls succeed: the character lives, or both roll again")
            .seed("004:613, 004:724"),
        Key::bool("faint_for_death_roll")
            .default("false")
            .means("a conscious character facing the death contest faints for the +2")
            .seed("004:617"),
        Key::other("climb", "a table, `[fall.climb]`")
            .absent("a plain fall from `height`")
            .means("instead of `height`: a climb that may end in the fall (see [Climbs](#climbs-climb))"),
    ],
};

/// `[fall.climb]`.
pub(in crate::systems::gods_and_monsters::schema) const FALL_CLIMB: Table = Table {
    path: "fall.climb",
    form: Form::One,
    about: "the climb: the wall and the roll; the `[check]` keys but `group_scores`, `group_size`, `obstacle_size` (it comes from the height), `injuries` and `archetypal` (both from `[fall]`)",
    keys: &[
        Key::int("height", 1, 100_000)
            .required()
            .means("the wall in feet: the obstacle penalty is floor(log2(height / 10))")
            .seed("004:690"),
        SCORE_ALONE,
        BONUS,
        PENALTY,
        DIFFICULTY,
        CAREFUL,
        Key::int("mojo", 0, 1000)
            .default("0")
            .means("mojo to bid after a failed climb, as in `[check]`; needs `fall.archetypal`")
            .seed("004:976"),
    ],
};

/// What a fall reports (a climb reports `climbed` too).
pub(super) const FALL_METRICS: &[Metric] = &[
    Metric {
        name: "fell",
        meaning: "there was a fall",
    },
    Metric {
        name: "evaded",
        meaning: "the evasion roll succeeded",
    },
    Metric {
        name: "damage.mean, .median, .p90, .p99",
        meaning: "damage after halving (0 when none)",
    },
    Metric {
        name: "injuries_gained.K, .mean",
        meaning: "injury points the fall gave",
    },
    Metric {
        name: "unconscious",
        meaning: "failed the consciousness roll (or fainted for the death roll)",
    },
    Metric {
        name: "death_contest",
        meaning: "the death contest was rolled",
    },
    Metric {
        name: "death",
        meaning: "the injuries won it: dying",
    },
    Metric {
        name: "fall_dice.K",
        meaning: "d6 of the fall (0: no fall)",
    },
];

/// What a climb reports.
pub(super) const CLIMB_METRICS: &[Metric] = &[
    Metric {
        name: "climbed",
        meaning: "the climb succeeded",
    },
    FALL_METRICS[0],
    FALL_METRICS[1],
    FALL_METRICS[2],
    FALL_METRICS[3],
    FALL_METRICS[4],
    FALL_METRICS[5],
    FALL_METRICS[6],
    FALL_METRICS[7],
];

/// `[ailment]`.
pub(in crate::systems::gods_and_monsters::schema) const AILMENT: Table = Table {
    path: "ailment",
    form: Form::One,
    about: "a poison, sickness or disease, and its victim",
    keys: &[
        Key::dice("effect")
            .required()
            .means("applied each time the ailment takes hold; never below 0, not exploding")
            .seed("003:10-12, 003:26"),
        Key::int("strength", -20, 20)
            .default("0")
            .means("a penalty on the reaction")
            .seed("003:8, 003:26"),
        Key::word("reaction", &words(&Reaction::WORDS))
            .default("\"evasion\"")
            .means("the roll that resists it: evasion when forced on a victim, perception when avoidable, health")
            .seed("003:9"),
        Key::bool("accepted")
            .default("false")
            .means("imbibed or accepted: −4, resisted with health (needs `reaction = \"health\"`)")
            .seed("003:9"),
        Key::int("evasion", 0, 40)
            .required_unless("`reaction` is \"perception\" or \"health\"")
            .means("the evasion reaction"),
        Key::int("perception", 0, 40)
            .absent("none; required when `reaction = \"perception\"`")
            .means("the perception reaction"),
        Key::int("health", 0, 40)
            .absent("none; required when `reaction = \"health\"` or `chronic`")
            .means("the health reaction, and the roll that throws off a chronic ailment")
            .seed("003:13"),
        Key::bool("effect_injures")
            .default("true")
            .means("the effect's points are injury points (a penalty on every later roll)")
            .seed("004:601"),
        Key::bool("chronic")
            .default("false")
            .means("it keeps applying until a health roll throws it off")
            .seed("003:13"),
        Key::bool("inescapable")
            .default("false")
            .means("rolled again at every exposure time")
            .seed("003:14-15"),
        Key::int("exposure_times", 1, 1000)
            .default("1")
            .means("action times of exposure; more than 1 only when `inescapable`")
            .seed("003:14"),
        Key::int("max_action_times", 1, 1000)
            .default("100")
            .means("no fewer than `exposure_times`: a chronic ailment still held then is lingering"),
        Key::text("action_time")
            .default("\"action time\"")
            .means("a label for the unit of time in the output")
            .seed("003:26"),
        INJURIES,
    ],
};

/// What an ailment reports.
pub(super) const AILMENT_METRICS: &[Metric] = &[
    Metric {
        name: "affected",
        meaning: "the effect applied at least once",
    },
    Metric {
        name: "times_affected.mean, .median, .p90, .p99",
        meaning: "action times the effect applied",
    },
    Metric {
        name: "effect_total.mean, .median, .p90, .p99",
        meaning: "the effects' total",
    },
    Metric {
        name: "lingering",
        meaning: "a chronic ailment still held after `max_action_times`",
    },
];

/// `[jump]`.
pub(in crate::systems::gods_and_monsters::schema) const JUMP: Table = Table {
    path: "jump",
    form: Form::One,
    about: "a jump up or across",
    keys: &[
        Key::int("score", 0, 40).required().means("agility").seed("003:74"),
        Key::int("distance", 1, 1000)
            .required()
            .means("feet up, or yards across")
            .seed("003:75-83"),
        Key::word("direction", &words(&DIRECTIONS))
            .default("\"up\"")
            .means("up, or across: feet become yards")
            .seed("003:83"),
        Key::int("bonus", 0, 40)
            .default("0")
            .means("skills; strength as a major contributor (the excerpt lacks its chart)")
            .seed("003:74"),
        PENALTY,
        Key::word("difficulty", DIFFICULTY_WORDS)
            .default("\"a snap\"")
            .means("a jump is normally a snap (+8); any word of `[check]` `difficulty`")
            .seed("003:74, 004:702-711"),
        Key::int("running_movement", 0, 1000)
            .default("0")
            .means("across only: a running jumper adds their movement to the target")
            .seed("003:83"),
        Key::word("size", &words(&Size::WORDS))
            .default("\"medium\"")
            .means("the distance one step covers: fine 1/6, tiny 1/3, small 3/4, medium 1, large 2, huge 4, gigantic 8, titanic 16")
            .seed("003:82"),
        INJURIES,
    ],
};

/// The directions `direction` takes: whether the jump is across.
pub(in crate::systems::gods_and_monsters::schema) const DIRECTIONS: [(&str, bool); 2] =
    [("up", false), ("across", true)];

/// What a jump reports.
pub(super) const JUMP_METRICS: &[Metric] = &[
    Metric {
        name: "success",
        meaning: "the whole distance was reached",
    },
    Metric {
        name: "reached.K, .mean",
        meaning: "feet (or yards) reached",
    },
];

/// `[chase]`.
pub(in crate::systems::gods_and_monsters::schema) const CHASE: Table = Table {
    path: "chase",
    form: Form::One,
    about: "a chase: how long it may last, and doubling",
    keys: &[
        Key::int("max_exchanges", 1, 100_000)
            .default("100")
            .means("exchanges rolled at most; then the chase is unresolved"),
        Key::bool("double_if_opponent_cannot_fail")
            .default("false")
            .means("both rolls are doubled as soon as either side cannot fail, as in `[contest]`")
            .seed("004:730"),
        Key::other("quarry", "a table, `[chase.quarry]`")
            .required()
            .means("the one fleeing"),
        Key::other("pursuer", "a table, `[chase.pursuer]`")
            .required()
            .means("the one chasing"),
    ],
};

/// The keys of either side of a chase: the `[check]` roll keys but `mojo` and `archetypal`,
/// and `movement`.
const CHASE_SIDE_KEYS: &[Key] = &[
    SCORE,
    GROUP_SCORES,
    BONUS,
    PENALTY,
    DIFFICULTY,
    OBSTACLE_SIZE,
    CAREFUL,
    INJURIES,
    GROUP_SIZE,
    Key::int("movement", 0, 1000)
        .absent("no movement bonus (give it on both sides or neither)")
        .means("on both sides or neither: the side with more gains floor(difference / 3)")
        .seed("003:30"),
];

/// `[chase.quarry]`.
pub(in crate::systems::gods_and_monsters::schema) const CHASE_QUARRY: Table = Table {
    path: "chase.quarry",
    form: Form::One,
    about: "the one fleeing: an agility roll by the `[check]` roll keys but `mojo` and `archetypal` (bids are modelled on single rolls), and `movement`",
    keys: CHASE_SIDE_KEYS,
};

/// `[chase.pursuer]`.
pub(in crate::systems::gods_and_monsters::schema) const CHASE_PURSUER: Table = Table {
    path: "chase.pursuer",
    form: Form::One,
    about: "the one chasing: the keys of `[chase.quarry]`",
    keys: CHASE_SIDE_KEYS,
};

/// What a chase reports.
pub(super) const CHASE_METRICS: &[Metric] = &[
    Metric {
        name: "escaped",
        meaning: "the quarry got away",
    },
    Metric {
        name: "caught",
        meaning: "the pursuer caught up",
    },
    Metric {
        name: "unresolved",
        meaning: "`max_exchanges` came first",
    },
    Metric {
        name: "exchanges.mean, .median, .p90, .p99",
        meaning: "exchanges played",
    },
];

/// `[march]`.
pub(in crate::systems::gods_and_monsters::schema) const MARCH: Table = Table {
    path: "march",
    form: Form::One,
    about: "pushing on without rest: a health roll each period",
    keys: &[
        Key::int("health", 0, 40)
            .required()
            .means("the health reaction")
            .seed("003:105-106"),
        Key::int("periods", 1, 1000)
            .required()
            .means("pushes without rest, a roll each"),
        Key::int("bonus", 0, 40).default("0").means("added to every roll"),
        Key::int("slower_by", 0, 40)
            .default("0")
            .means("Movement given up for the whole period: +2 on the roll for each point"),
        Key::int("thirst", 0, 4)
            .default("0")
            .means("too little water or salt: a penalty"),
        Key::int("step_penalty", 0, 40)
            .default("2")
            .means("the penalty for each earlier roll since resting (0 for the one roll to walk 50% farther in a day)")
            .seed("003:105, 003:112"),
        Key::int("injuries", 0, 99)
            .default("0")
            .means("injury points at the start: a penalty, as are those gained on the march")
            .seed("004:601"),
        Key::int("stop_at_injuries", 0, 1000)
            .default("0")
            .means("rest once the march gave this many injury points (0: never)"),
    ],
};

/// What a march reports.
pub(super) const MARCH_METRICS: &[Metric] = &[
    Metric {
        name: "injuries_gained.K, .mean",
        meaning: "injury points the march gave",
    },
    Metric {
        name: "stopped",
        meaning: "the character rested before making all `periods` rolls",
    },
];
