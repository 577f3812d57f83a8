//! The keys every scenario shares, declared once: the header (its `system` taking the names
//! the caller's registry hands in, [`header_keys`]), `[run]`, the fight tables every
//! system takes (`[difficulty]`, templates and counts, the `[aftermath]` keys the systems
//! share) and the workbench tables (`[tune]`; `[sweep]` and `[variant.NAME]` take any key
//! path, so they declare none); and where the key of a table path is declared
//! ([`declared`]), in a system's tables or these.

use super::{Form, Key, Metric, Schema, Table};
use crate::catalog::Catalog;
use crate::template::FIGHTER_TABLES;

/// The top level's keys, what every scenario says about itself: `system` takes `systems`,
/// the names the caller's registry lists (this crate knows none). The registry makes the
/// table of them with [`header`] ([`Catalog::header`]).
pub const fn header_keys(systems: &'static [&'static str]) -> [Key; 4] {
    [
        Key::text("name")
            .absent("the file's name without `.toml`")
            .means("shown in every output; not empty"),
        Key::word("system", systems)
            .required()
            .means("the rule system"),
        Key::text("description")
            .absent("none")
            .means("what the scenario is, shown in reports"),
        Key::texts("include")
            .absent("nothing is included")
            .means("files of the same system whose fighters and `[[creature]]` templates come first; `library/SYSTEM.toml` is the built-in library"),
    ]
}

/// The top level, its keys those of [`header_keys`].
pub const fn header(keys: &'static [Key; 4]) -> Table {
    Table {
        path: "",
        form: Form::One,
        about: "what every scenario says about itself",
        keys,
    }
}

/// `[run]`.
pub const RUN: Table = Table {
    path: "run",
    form: Form::One,
    about: "how many trials, from which seed, and a fight's round limit",
    keys: &[
        Key::other("trials", "an integer from 1 to 2^53")
            .default("1_000_000")
            .means("trials to run (`--trials` overrides it)"),
        Key::other("seed", "an integer of 0 or more")
            .default("1")
            .means(
                "the same seed gives the same numbers at any thread count (`--seed` overrides it)",
            ),
        Key::int("max_rounds", 1, 100_000)
            .default("100")
            .means("fights only: a fight still going after this many rounds is a stalemate"),
    ],
};

/// `[difficulty]` (fights).
pub const DIFFICULTY: Table = Table {
    path: "difficulty",
    form: Form::One,
    about: "where the difficulty bands begin (fights)",
    keys: &[
        Key::text("side")
            .absent("the side called \"party\", else \"pcs\", else the first side")
            .means("the side whose fate the band judges"),
        Key::other("any_death", "4 rates from 0 to 1, strictly increasing")
            .default("[0.01, 0.05, 0.15, 0.35]")
            .means("where easy, medium, hard and deadly begin for `any_death.SIDE`"),
        Key::other("all_down", "4 rates from 0 to 1, strictly increasing")
            .default("[0.001, 0.01, 0.05, 0.15]")
            .means("where easy, medium, hard and deadly begin for `all_down.SIDE`"),
    ],
};

/// The keys a fighter table (`[[combatant]]`, `[[pc]]`, `[[npc]]`) and a `[[creature]]`
/// template take besides the system's own.
pub const TEMPLATE_KEYS: Table = Table {
    path: "creature",
    form: Form::Many,
    about: "a template no fight uses until a fighter names it (every fighter key, plus these)",
    keys: &[
        Key::text("use")
            .absent("the fighter starts from no template")
            .means("on a fighter or template: start from the `[[creature]]` template (or library creature) of this name; its own keys override"),
        Key::int("count", 1, 64)
            .default("1")
            .means("on a fighter: this many copies, named `NAME 1`, `NAME 2`, …"),
        Key::text("about")
            .absent("none")
            .means("on a template only: what it is and where it comes from (shown by `oddsmith library`)"),
    ],
};

/// `[tune]`.
pub const TUNE: Table = Table {
    path: "tune",
    form: Form::One,
    about: "what `oddsmith tune` searches when the command line does not say",
    keys: &[
        Key::text("vary")
            .absent("`--vary` must say")
            .means("the path of the integer key to vary (`combatant.Yeti.survival`)"),
        Key::text("metric")
            .absent("`--metric` must say")
            .means("the rate to aim at (`success`, `death.Charlotte Korde`)"),
        Key::number("target", 0.0, 1.0)
            .absent("`--target` must say")
            .means("the rate wanted"),
        Key::other("from", "an integer")
            .absent("the key's lowest allowed value")
            .means("the lowest value to try"),
        Key::other("to", "an integer")
            .absent("the key's highest allowed value")
            .means("the highest value to try"),
    ],
};

/// The tactic profiles' words, in order (the engine's `combat::Profile::WORDS`).
pub const PROFILES: &[&str] = &[
    "by_the_book",
    "protect",
    "cautious",
    "ruthless",
    "spread",
    "random",
];

/// `[tactics]` (fights): profiles for whole sides, and the pairings `run --tactics` plays.
pub const TACTICS_TABLE: Table = Table {
    path: "tactics",
    form: Form::One,
    about: "tactic profiles for whole sides, and the profiles `run --tactics` pairs (fights)",
    keys: &[
        Key::other("sides", "a table of side = profile word")
            .absent("every combatant by its own `tactics`")
            .means("the profile of every combatant of a side that does not set its own `tactics`, e.g. `sides = { yeti = \"ruthless\" }` (for a day: the party the file lists)"),
        Key::words("range", PROFILES)
            .absent("every profile")
            .means("the profiles `run --tactics` pairs when the command names none"),
    ],
};

/// A combatant's `tactics`: the tactic profile it plays its turns by, by the same words and
/// meaning in every system (the engine's `combat::Profile`).
pub const TACTICS: Key = Key::word("tactics", PROFILES)
    .default("\"by_the_book\"")
    .means(
        "how it plays its turns, the same in every system (each system's reference says what its moves are): `by_the_book` attacks the foe `target` names and takes the actions its own keys ask for (the numbers before tactics existed); `protect` tends its fallen allies, then heals those below `protect_below`, before attacking; `cautious` recovers, else leaves the fight, once below `cautious_below`, where its system offers a way; `ruthless` attacks the weakest foe and, where the rules let it strike the fallen, finishes them first; `spread` shares its side's foes out (its side's k-th combatant takes the k-th foe it may attack, counting round, and its further attacks of a round the next ones); `random` takes any move open to it at random (fight a random foe, tend or heal an ally, recover; never flight). A profile that chooses its foe (`ruthless`, `spread`, `random`) does so in place of `target`",
    );

/// A combatant's `protect_below`: how hurt a standing ally must be for `protect` to heal it.
pub const PROTECT_BELOW: Key = Key::number("protect_below", 0.0, 1.0)
    .default("0.5")
    .means("under `tactics = \"protect\"` (and `random`, which may heal anyone hurt): it heals a standing ally whose health left, by its system's measure, is below this fraction of that ally's full health (an assumption: the books leave when to tend to the table)");

/// A combatant's `cautious_below`: how hurt it must be for `cautious` to recover or leave.
pub const CAUTIOUS_BELOW: Key = Key::number("cautious_below", 0.0, 1.0)
    .default("0.5")
    .means("under `tactics = \"cautious\"`: it recovers, else leaves the fight, once its own health left, by its system's measure, is below this fraction of its full health (an assumption: the books leave when to back off to the table)");

/// `[aftermath] allies` (where the standing may only tend or leave).
pub const ALLIES: Key = Key::word("allies", &["tend", "leave"])
    .default("\"tend\"")
    .means("what the standing do for their own dying once the fight is over");

/// `[aftermath] foes`.
pub const FOES: Key = Key::word("foes", &["leave", "tend", "finish"])
    .default("\"leave\"")
    .means("what the winners do with the fallen foes: leave them, tend them, or finish them off");

/// `[aftermath] patients` (where a tender may have more than one).
pub const PATIENTS: Key = Key::word("patients", &["most_urgent", "in_order"])
    .default("\"most_urgent\"")
    .means(
        "which dying patient a tender takes first: the nearest to death, or in the file's order",
    );

/// `[day] party`.
pub const DAY_PARTY: Key = Key::text("party")
    .absent("the side called \"party\", else \"pcs\" (Invisible Sun: the `[[pc]]` tables)")
    .means("the side carried through the day; every other fighter comes with an encounter");

/// `[day] gap_minutes`.
pub const DAY_GAP: Key = Key::int("gap_minutes", 0, 100_000)
    .default("10")
    .means("minutes before each encounter after the first, after its rest: the clocks that run (an encounter's own `gap_minutes` overrides it)");

/// `[day] encounter`: the `[[day.encounter]]` tables.
pub const DAY_ENCOUNTERS: Key = Key::tables("encounter")
    .required()
    .means("the encounters, in order (`[[day.encounter]]`)");

/// The keys of `[[day.encounter]]` every system takes (a system with hazards adds `kind`).
pub const ENCOUNTER_KEYS: [Key; 5] = [
        Key::text("name")
            .absent("`Encounter N`")
            .means("named in the headline and the report"),
        Key::texts("foes")
            .required_unless("`foe` tables are given (or a hazard `kind`)")
            .means("the foes: `[[creature]]` templates or library names; repeats are numbered `Goblin 1`, `Goblin 2`"),
        Key::other("foe", "`[[day.encounter.foe]]` tables, each a fighter table of the system")
            .absent("the foes are `foes` only")
            .means("foes written out (`[[day.encounter.foe]]`), a fighter table with `use` and `count` as anywhere; its side is \"foes\" unless it says"),
        Key::word("rest", &["none", "short", "long"])
            .default("\"none\"")
            .means("the recovery before it, as the system gives it (ignored for the first: the day starts fresh)"),
        Key::int("gap_minutes", 0, 100_000)
            .absent("`[day] gap_minutes`")
            .means("minutes before it, after its rest"),
];

/// `[[day.encounter]]`, for a system without hazards.
pub const ENCOUNTER: Table = Table {
    path: "day.encounter",
    form: Form::Many,
    about: ENCOUNTER_ABOUT,
    keys: &ENCOUNTER_KEYS,
};

/// What `[[day.encounter]]` is.
pub const ENCOUNTER_ABOUT: &str = "one encounter of the day, in order; a sub-table named as a file-level table of the fight (`[day.encounter.conflict]`, `[day.encounter.aftermath]`) replaces it for this encounter";

/// The table `path` of `schema` or of the tables every scenario shares (the top level's from
/// `catalog`).
pub fn table_at(catalog: &Catalog, schema: &Schema, path: &str) -> Vec<&'static Table> {
    let mut out: Vec<&'static Table> = schema
        .tables()
        .into_iter()
        .filter(|t| t.path == path)
        .collect();
    let shared: &[&'static Table] = match path {
        "" => &[catalog.header],
        "run" => &[&RUN],
        "difficulty" => &[&DIFFICULTY],
        "tactics" => &[&TACTICS_TABLE],
        "tune" => &[&TUNE],
        p if FIGHTER_TABLES.contains(&p) || p == TEMPLATE_KEYS.path => &[&TEMPLATE_KEYS],
        _ => &[],
    };
    out.extend(shared);
    out
}

/// The declaration of `key` in the table at `path`.
pub fn declared(catalog: &Catalog, schema: &Schema, path: &str, key: &str) -> Option<&'static Key> {
    table_at(catalog, schema, path)
        .iter()
        .find_map(|t| t.key(key))
}

/// What each shared fight metric means, for the reference: every fight of every system
/// declares these (the engine's fight recorder declares them), with `NAME` a combatant and `SIDE` a
/// side.
pub const FIGHT_METRICS: &[Metric] = &[
    Metric {
        name: "win.SIDE",
        meaning: "only SIDE still had someone able to act",
    },
    Metric {
        name: "draw",
        meaning: "every side went down in the same round",
    },
    Metric {
        name: "stalemate",
        meaning: "`max_rounds` passed with two or more sides fighting",
    },
    Metric {
        name: "death.NAME",
        meaning: "NAME is dead once the fight **and its aftermath** are over: the headline meaning everywhere",
    },
    Metric {
        name: "dying.NAME",
        meaning: "NAME was dying when the fight ended",
    },
    Metric {
        name: "saved.NAME",
        meaning: "NAME was dying when the fight ended and is alive after the aftermath",
    },
    Metric {
        name: "dead_in_fight.NAME",
        meaning: "NAME died within the fight",
    },
    Metric {
        name: "fled.NAME",
        meaning: "NAME fled (never, in a system without flight)",
    },
    Metric {
        name: "down.NAME",
        meaning: "NAME was not standing at the end: dead, dying, fled or down",
    },
    Metric {
        name: "any_death.SIDE",
        meaning: "someone on SIDE is dead after the aftermath: for the party, \"how often does someone die?\" (one of the two rates of the difficulty band)",
    },
    Metric {
        name: "deaths.SIDE.K, deaths.SIDE.mean",
        meaning: "how many of SIDE die (`deaths.SIDE_histogram.csv` and its chart)",
    },
    Metric {
        name: "all_down.SIDE",
        meaning: "nobody on SIDE was standing at the end: for the party, a total party kill (the other rate of the difficulty band)",
    },
    Metric {
        name: "all_dead.SIDE",
        meaning: "everyone on SIDE is dead after the aftermath",
    },
    Metric {
        name: "pyrrhic.SIDE",
        meaning: "SIDE won, and someone of SIDE is dead after the aftermath",
    },
    Metric {
        name: "won_down.SIDE.mean",
        meaning: "over the fights SIDE won: how many of SIDE were not standing at the end (`-` where SIDE never won)",
    },
    Metric {
        name: "won_left.SIDE.mean",
        meaning: "over the fights SIDE won: the share of SIDE's toughness left, the dead counting none (Σ left / Σ full over those fights)",
    },
    Metric {
        name: "first_down.SIDE.median, .p10, .never",
        meaning: "the round the first of SIDE stopped standing, median and 10th percentile over the fights in which it happened; `.never`: nobody of SIDE ever fell",
    },
    Metric {
        name: "first_death.SIDE.median, .p10, .after, .never",
        meaning: "the round of SIDE's first death within the fight (median and 10th percentile over the fights with one), and the share of fights whose first death came only in the aftermath, or never (`first_death.SIDE_histogram.csv`)",
    },
    Metric {
        name: "rounds.mean, .median, .p90, .p99",
        meaning: "rounds to resolve (quantile intervals from binomial ranks)",
    },
    Metric {
        name: "fighting.SIDE",
        meaning: "the survival curve: SIDE still has someone standing after round k, a side that won staying so (`survival_curve.csv`)",
    },
];

/// What each day metric means, for the reference (`PARTY` the party's side, `NAME` a member,
/// `N` an encounter's number from 1).
pub const DAY_METRICS: &[Metric] = &[
    Metric {
        name: "day.survived",
        meaning: "nobody of the party is dead at the end of the day",
    },
    Metric {
        name: "day.cleared",
        meaning: "every encounter won (a hazard counts as passed when a party member is still up after it)",
    },
    Metric {
        name: "any_death.PARTY",
        meaning: "someone of the party is dead at the end of the day (one of the two rates of the day's difficulty band)",
    },
    Metric {
        name: "all_down.PARTY",
        meaning: "nobody of the party is up at the end of the day (the other rate of the band)",
    },
    Metric {
        name: "death.NAME",
        meaning: "NAME died during the day",
    },
    Metric {
        name: "down.NAME",
        meaning: "NAME is not up at the end of the day: dead, unconscious, stabilised, out",
    },
    Metric {
        name: "fell_at.N, fell_at.none",
        meaning: "the first encounter in which a party member died or after which nobody was up (the row's label is the encounter's name); `none`: neither happened",
    },
    Metric {
        name: "encounters_won.K, encounters_won.mean",
        meaning: "how many encounters the party won or passed, 0 to E",
    },
    Metric {
        name: "encounter.N.reached",
        meaning: "the day reached encounter N",
    },
    Metric {
        name: "encounter.N.*",
        meaning: "every metric of encounter N (the shared fight metrics and the system's own: `encounter.2.win.party`, `encounter.2.death.Ada`), counting that encounter's aftermath; over all days: a day that stopped before N counts as one where nothing happened there (no win, no death, 0 rounds, no first death)",
    },
];
