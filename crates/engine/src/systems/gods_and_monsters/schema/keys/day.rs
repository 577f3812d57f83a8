//! The tables of an adventuring day: `[day]` with its recovery keys (004:565–571, 593, 605),
//! `[[day.encounter]]` with its hazard `kind`, and the hazard tables an encounter takes
//! (`[day.encounter.fall]` …): the keys of the file-level hazard table, but those of the
//! character, which are each party member's own (its current survival, verve and injuries,
//! carried from encounter to encounter, and its scores from its `[[combatant]]` table).

use super::hazards::{AILMENT, CHASE, CHASE_PURSUER, CHASE_QUARRY, FALL, FALL_CLIMB, JUMP, MARCH};
use crate::systems::gods_and_monsters::day::hazard::HAZARDS;
use crate::systems::gods_and_monsters::day::recovery::{Night, Wake};
use oddsmith_scenario::keys::common::{DAY_ENCOUNTERS, DAY_GAP, DAY_PARTY, ENCOUNTER_KEYS};
use oddsmith_scenario::keys::{Form, Key, Metric, Table};

/// The words `night` takes.
const NIGHTS: [&str; 2] = super::rolls::words(&Night::WORDS);

/// The words `wake` takes.
const WAKES: [&str; 2] = super::rolls::words(&Wake::WORDS);

/// `[day]`.
pub(in crate::systems::gods_and_monsters::schema) const DAY: Table = Table {
    path: "day",
    form: Form::One,
    about: "an adventuring day: the party (the `[[combatant]]` tables) through `[[day.encounter]]` conflicts and hazards in order, and what the gaps give back",
    keys: &[
        DAY_PARTY,
        DAY_GAP,
        DAY_ENCOUNTERS,
        Key::word("night", &NIGHTS)
            .default("\"injury_first\"")
            .means("what a `rest = \"long\"` night's successful health roll gives: one injury point removed while any are left, else level survival (`survival_first`: level survival while below the maximum, else one injury); a failed roll gives 1 survival")
            .seed("004:565, 004:569, 004:599-601"),
        Key::word("wake", &WAKES)
            .default("\"automatic\"")
            .means("the unconscious wake once their minutes (one a point of injury) have passed in the gaps; `roll`: then a roll of the better of fortitude and willpower − injuries at the end of each gap")
            .seed("004:605-607"),
        Key::bool("verve_from_scenes")
            .default("true")
            .means("a hazard gives each living member its `level` in verve, up to its maximum, as it begins")
            .seed("004:593"),
    ],
};

/// `kind` of an encounter.
const KIND: Key = Key::word("kind", &HAZARDS)
    .absent("a conflict with the encounter's foes")
    .means("a hazard instead, rolled for each party member who is up with its own current scores; its keys in `[day.encounter.KIND]`")
    .seed("003:5-112, 004:593");

/// `[[day.encounter]]`.
pub(in crate::systems::gods_and_monsters::schema) const ENCOUNTER: Table = Table {
    path: "day.encounter",
    form: Form::Many,
    about: "one encounter of the day, in order: a conflict (its foes; `[day.encounter.conflict]` and `[day.encounter.aftermath]` replace the file's for it) or a hazard (`kind`)",
    keys: &[
        ENCOUNTER_KEYS[0],
        ENCOUNTER_KEYS[1],
        ENCOUNTER_KEYS[2],
        ENCOUNTER_KEYS[3]
            .means("the recovery before it (ignored for the first: the day starts fresh): \"long\" is a night; \"short\" is refused, since the book has no short rest (survival comes back only by a night or a day of rest)")
            .seed("004:565, 004:569"),
        ENCOUNTER_KEYS[4],
        KIND,
    ],
};

/// Why a character key of a hazard table is refused in a day.
const OWN: &str = "each party member's own in a day: its current value, carried from encounter to encounter, or its score from its `[[combatant]]` table";

/// A score a member's `[[combatant]]` table may lack: its own, else this.
const fn fallback(key: Key) -> Key {
    key.absent("each member's own (its `[[combatant]]` key); required here for a member without it")
}

/// `[day.encounter.fall]`.
pub(in crate::systems::gods_and_monsters::schema) const DAY_FALL: Table = Table {
    path: "day.encounter.fall",
    form: Form::One,
    about: "a fall (or, with `[day.encounter.fall.climb]`, a climb) for each member who is up: the keys of `[fall]` but the character's",
    keys: &[
        FALL.keys[0],
        Key::refused("survival", OWN),
        Key::refused("verve", OWN),
        FALL.keys[3],
        Key::refused("endurance", OWN),
        fallback(FALL.keys[5]),
        Key::refused("fortitude", OWN),
        Key::refused("willpower", OWN),
        Key::refused("injuries", OWN),
        FALL.keys[9],
        FALL.keys[10],
        FALL.keys[11],
        FALL.keys[12],
        FALL.keys[13],
        FALL.keys[14],
    ],
};

/// `[day.encounter.fall.climb]`.
pub(in crate::systems::gods_and_monsters::schema) const DAY_FALL_CLIMB: Table = Table {
    path: "day.encounter.fall.climb",
    form: Form::One,
    about: "the climb: the keys of `[fall.climb]`; each member's injuries are a penalty on it, and its `mojo` is the most a member bids, from its own mojo",
    keys: FALL_CLIMB.keys,
};

/// `[day.encounter.ailment]`.
pub(in crate::systems::gods_and_monsters::schema) const DAY_AILMENT: Table = Table {
    path: "day.encounter.ailment",
    form: Form::One,
    about: "an ailment for each member who is up: the keys of `[ailment]` but the victim's",
    keys: &[
        AILMENT.keys[0],
        AILMENT.keys[1],
        AILMENT.keys[2],
        AILMENT.keys[3],
        fallback(AILMENT.keys[4]),
        Key::refused("perception", OWN),
        fallback(AILMENT.keys[6]),
        AILMENT.keys[7],
        AILMENT.keys[8],
        AILMENT.keys[9],
        AILMENT.keys[10],
        AILMENT.keys[11],
        AILMENT.keys[12],
        Key::refused("injuries", OWN),
    ],
};

/// `[day.encounter.jump]`.
pub(in crate::systems::gods_and_monsters::schema) const DAY_JUMP: Table = Table {
    path: "day.encounter.jump",
    form: Form::One,
    about: "a jump for each member who is up: the keys of `[jump]` (the agility `score` is the table's) but the jumper's injuries",
    keys: &[
        JUMP.keys[0],
        JUMP.keys[1],
        JUMP.keys[2],
        JUMP.keys[3],
        JUMP.keys[4],
        JUMP.keys[5],
        JUMP.keys[6],
        JUMP.keys[7],
        Key::refused("injuries", OWN),
    ],
};

/// `[day.encounter.chase]`.
pub(in crate::systems::gods_and_monsters::schema) const DAY_CHASE: Table = Table {
    path: "day.encounter.chase",
    form: Form::One,
    about: "a chase for each member who is up, the member the quarry: the keys of `[chase]`",
    keys: CHASE.keys,
};

/// `[day.encounter.chase.quarry]`: the keys of `[chase.quarry]` but its injuries.
const DAY_QUARRY_KEYS: [Key; 10] = [
    CHASE_QUARRY.keys[0],
    CHASE_QUARRY.keys[1],
    CHASE_QUARRY.keys[2],
    CHASE_QUARRY.keys[3],
    CHASE_QUARRY.keys[4],
    CHASE_QUARRY.keys[5],
    CHASE_QUARRY.keys[6],
    Key::refused("injuries", OWN),
    CHASE_QUARRY.keys[8],
    CHASE_QUARRY.keys[9],
];

/// `[day.encounter.chase.quarry]`.
pub(in crate::systems::gods_and_monsters::schema) const DAY_CHASE_QUARRY: Table = Table {
    path: "day.encounter.chase.quarry",
    form: Form::One,
    about: "the party member fleeing: the keys of `[chase.quarry]` (its agility `score` is the table's) but its injuries",
    keys: &DAY_QUARRY_KEYS,
};

/// `[day.encounter.chase.pursuer]`.
pub(in crate::systems::gods_and_monsters::schema) const DAY_CHASE_PURSUER: Table = Table {
    path: "day.encounter.chase.pursuer",
    form: Form::One,
    about: "the one chasing: the keys of `[chase.pursuer]`",
    keys: CHASE_PURSUER.keys,
};

/// `[day.encounter.march]`.
pub(in crate::systems::gods_and_monsters::schema) const DAY_MARCH: Table = Table {
    path: "day.encounter.march",
    form: Form::One,
    about: "a forced march for each member who is up: the keys of `[march]` but the marcher's",
    keys: &[
        fallback(MARCH.keys[0]),
        MARCH.keys[1],
        MARCH.keys[2],
        MARCH.keys[3],
        MARCH.keys[4],
        MARCH.keys[5],
        Key::refused("injuries", OWN),
        MARCH.keys[7],
    ],
};

/// The resources each member has left at the day's end, and what a hazard encounter
/// reports for each member (the day's own metrics and each conflict's are shared).
pub(super) const DAY_METRICS: &[Metric] = &[
    Metric {
        name: "survival_left.NAME.mean",
        meaning: "NAME's survival at the day's end (the dead as at death)",
    },
    Metric {
        name: "verve_left.NAME.mean",
        meaning: "NAME's verve at the day's end",
    },
    Metric {
        name: "injuries.NAME.mean",
        meaning: "NAME's injury points at the day's end",
    },
    Metric {
        name: "mojo_left.NAME.mean",
        meaning: "NAME's mojo at the day's end (never restored within a day)",
    },
    Metric {
        name: "encounter.N.passed",
        meaning: "a hazard: a party member is still up after it",
    },
    Metric {
        name: "encounter.N.faced.NAME",
        meaning: "a hazard: NAME was up at its start and rolled it",
    },
    Metric {
        name: "encounter.N.injuries_gained.NAME.mean",
        meaning: "a hazard: the injury points it gave NAME, over the days NAME faced it",
    },
    Metric {
        name: "encounter.N.damage.NAME.mean",
        meaning: "a fall: its damage to NAME after halving (0 when none), over the days NAME faced it",
    },
    Metric {
        name: "encounter.N.unconscious.NAME",
        meaning: "a fall: NAME failed the consciousness roll (or fainted for the death roll)",
    },
    Metric {
        name: "encounter.N.death.NAME",
        meaning: "a hazard: NAME is dead after it, as a conflict reports a member dead before it (a fall's lost death contest is death: nothing in a day heals the injuries in time)",
    },
    Metric {
        name: "encounter.N.down.NAME",
        meaning: "a hazard: NAME is not up after it",
    },
    Metric {
        name: "encounter.N.success.NAME",
        meaning: "a climb: NAME climbed; a jump: NAME reached the whole distance; a chase: NAME escaped; an ailment: it never took hold of NAME",
    },
    Metric {
        name: "encounter.N.caught.NAME",
        meaning: "a chase: the pursuer caught NAME",
    },
    Metric {
        name: "encounter.N.any_death.PARTY, encounter.N.all_down.PARTY",
        meaning: "a hazard: someone of the party is dead after it; nobody of it is up",
    },
];
