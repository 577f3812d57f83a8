//! The roll keys of `[check]`, declared once and shared by every table that makes a roll
//! (`[[contest.side]]`, `[fall.climb]`, `[chase.quarry]`, `[chase.pursuer]`), and the tables
//! of a roll and of a contested action.

use crate::systems::gods_and_monsters::contest::MAX_SIDES;
use crate::systems::gods_and_monsters::roll::DIFFICULTIES;
use oddsmith_scenario::keys::{Form, Key, Metric, Table};

/// The words of `pairs`, in order (for a declaration from a rule file's word table).
pub(in crate::systems::gods_and_monsters::schema) const fn words<T, const N: usize>(
    pairs: &[(&'static str, T); N],
) -> [&'static str; N] {
    let mut out = [""; N];
    let mut i = 0;
    while i < N {
        out[i] = pairs[i].0;
        i += 1;
    }
    out
}

/// The difficulty words `difficulty` takes.
pub(super) const DIFFICULTY_WORDS: &[&str] = &words(&DIFFICULTIES);

/// `score` of a roll a group may make instead.
pub(in crate::systems::gods_and_monsters::schema) const SCORE: Key = Key::int("score", 0, 40)
    .required_unless("`group_scores` is given")
    .means("the ability or reaction score; the roll succeeds on d20 at or under the target")
    .seed("004:655-657");

/// `score` of a roll one character makes.
pub(in crate::systems::gods_and_monsters::schema) const SCORE_ALONE: Key = Key::int("score", 0, 40)
    .required()
    .means("the ability score; the roll succeeds on d20 at or under the target")
    .seed("004:655-657");

/// `group_scores`.
pub(in crate::systems::gods_and_monsters::schema) const GROUP_SCORES: Key =
    Key::other("group_scores", "a list of one or more numbers from 0 to 40")
        .absent("`score` must be given")
        .means("instead of `score`: a group's final scores; the median counts, and their count is `group_size` unless given")
        .seed("004:1383-1390");

/// `bonus`.
pub(in crate::systems::gods_and_monsters::schema) const BONUS: Key = Key::int("bonus", 0, 40)
    .default("0")
    .means("added to the target: field bonuses, skills")
    .seed("004:714");

/// `penalty`.
pub(in crate::systems::gods_and_monsters::schema) const PENALTY: Key = Key::int("penalty", 0, 40)
    .default("0")
    .means("taken from the target: any other penalty")
    .seed("004:659");

/// `difficulty` of a roll.
pub(in crate::systems::gods_and_monsters::schema) const DIFFICULTY: Key =
    Key::word("difficulty", DIFFICULTY_WORDS)
        .default("\"normal\"")
        .means("normal 0, easy +2, very easy +4, a snap +8, incredibly easy +16; difficult 0 (the table gives it no number), very difficult −2, extremely difficult −4, nearly impossible −8, practically impossible −16")
        .seed("004:702-711");

/// `obstacle_size`.
pub(in crate::systems::gods_and_monsters::schema) const OBSTACLE_SIZE: Key =
    Key::number("obstacle_size", 1.0, 1e9)
        .default("1")
        .means("the obstacle in multiples of the size with no penalty (an integer or not); the penalty is floor(log2 size): 2–3 → 1, 4–7 → 2, …, 1024 → 10")
        .seed("004:679-690");

/// `careful`.
pub(in crate::systems::gods_and_monsters::schema) const CAREFUL: Key = Key::int("careful", 0, 2)
    .default("0")
    .means("a careful attempt's bonus")
    .seed("004:716-718");

/// `injuries` of a roll or a hazard's character.
pub(in crate::systems::gods_and_monsters::schema) const INJURIES: Key = Key::int("injuries", 0, 99)
    .default("0")
    .means("injury points at the start: a penalty on every roll")
    .seed("004:601");

/// `group_size`.
pub(in crate::systems::gods_and_monsters::schema) const GROUP_SIZE: Key =
    Key::int("group_size", 1, 1 << 20)
        .absent("1, or the number of `group_scores`")
        .means("a group acting as one: +floor(log2 size) (2–3 → +1, 4–7 → +2, …)")
        .seed("004:1383-1386");

/// `archetypal`.
pub(in crate::systems::gods_and_monsters::schema) const ARCHETYPAL: Key = Key::bool("archetypal")
    .default("false")
    .means("the roll is archetypal for the character, so mojo may be bid on it")
    .seed("004:976-978");

/// `mojo` of a single roll.
pub(in crate::systems::gods_and_monsters::schema) const MOJO: Key = Key::int("mojo", 0, 1000)
    .default("0")
    .means("the pool for a bid after a failed roll: exactly what it missed by is spent if the pool covers it; needs `archetypal`")
    .seed("004:976-980");

/// `[check]`.
pub(in crate::systems::gods_and_monsters::schema) const CHECK: Table = Table {
    path: "check",
    form: Form::One,
    about: "one ability or reaction roll",
    keys: &[
        SCORE,
        GROUP_SCORES,
        BONUS,
        PENALTY,
        DIFFICULTY,
        OBSTACLE_SIZE,
        CAREFUL,
        INJURIES,
        GROUP_SIZE,
        ARCHETYPAL,
        MOJO,
    ],
};

/// What a roll reports.
pub(super) const CHECK_METRICS: &[Metric] = &[
    Metric {
        name: "success",
        meaning: "the roll succeeds, after any mojo bid",
    },
    Metric {
        name: "success_unaided",
        meaning: "the d20 alone succeeds",
    },
    Metric {
        name: "mojo_used",
        meaning: "a bid turned a failure into a success",
    },
    Metric {
        name: "mojo_spent.K, mojo_spent.mean",
        meaning: "mojo spent on the roll",
    },
    Metric {
        name: "experience.mean, .median, .p90, .p99",
        meaning: "experience earned (50 per mojo spent)",
    },
];

/// `[contest]`.
pub(in crate::systems::gods_and_monsters::schema) const CONTEST: Table = Table {
    path: "contest",
    form: Form::One,
    about: "a contested action: how long it may last, and doubling",
    keys: &[
        Key::int("max_exchanges", 1, 1000)
            .default("10")
            .means("exchanges rolled at most; then the contest is unresolved")
            .seed("004:726"),
        Key::bool("double_if_opponent_cannot_fail")
            .default("false")
            .means("a two-side exchange is doubled as soon as either side cannot fail (a player may ask for it)")
            .seed("004:730"),
        Key::tables("side")
            .required()
            .means(MAX_SIDES_TEXT)
            .seed("004:720-724"),
    ],
};

/// `side`'s meaning, with [`MAX_SIDES`] in it.
const MAX_SIDES_TEXT: &str = {
    assert!(
        MAX_SIDES == 8,
        "say the new number of sides in `side`'s meaning"
    );
    "the sides, 2 to 8 (keys below)"
};

/// The roles `role` takes: whether the side is resisting.
pub(in crate::systems::gods_and_monsters::schema) const ROLES: [(&str, bool); 2] =
    [("acting", false), ("resisting", true)];

/// `[[contest.side]]`.
pub(in crate::systems::gods_and_monsters::schema) const CONTEST_SIDE: Table = Table {
    path: "contest.side",
    form: Form::Many,
    about: "one side of a contest: a name, its role, and the `[check]` roll keys but `mojo` (bids are modelled on single rolls)",
    keys: &[
        Key::text("name")
            .required()
            .means("the side's name; unique"),
        Key::word("role", &words(&ROLES))
            .default("\"acting\"")
            .means("a resisting side (at most one) wins when every side fails")
            .seed("004:722-724"),
        SCORE,
        GROUP_SCORES,
        BONUS,
        PENALTY,
        DIFFICULTY,
        OBSTACLE_SIZE,
        CAREFUL,
        INJURIES,
        GROUP_SIZE,
        Key::bool("archetypal")
            .default("false")
            .means("no effect in a contest: mojo bids are modelled on single rolls"),
    ],
};

/// What a contest reports.
pub(super) const CONTEST_METRICS: &[Metric] = &[
    Metric {
        name: "win.NAME",
        meaning: "the side NAME won",
    },
    Metric {
        name: "draw",
        meaning: "every acting side failed with no resisting side",
    },
    Metric {
        name: "unresolved",
        meaning: "`max_exchanges` came with two or more sides still succeeding",
    },
    Metric {
        name: "exchanges.mean, .median, .p90, .p99",
        meaning: "exchanges played",
    },
];
