//! `[[combatant]]` tables, `[conflict]` (the Guide's choices,
//! [`crate::systems::gods_and_monsters::rules`]) and `[aftermath]`: a Gods & Monsters fight,
//! read against the keys declared in [`super::keys`].

use super::keys::{AFTERMATH, ATTACKS, COMBATANT, CONFLICT};
use crate::combat::Profile;
use crate::combat::load::{self, Entry};
use crate::combat::{Care, Roster};
use crate::systems::gods_and_monsters::conflict::{Aftermath, Attack, Conflict, Fighter};
use crate::systems::gods_and_monsters::group::group_bonus;
use crate::systems::gods_and_monsters::rules::{
    AttackDowned, ConflictRules, ConsciousnessCheck, Cover, DeathContest, MojoKind, MojoOn,
    UnconsciousFor,
};
use oddsmith_core::dice::DiceExpr;
use oddsmith_core::error::ScenarioError;
use oddsmith_scenario::keys::Reader;
use oddsmith_scenario::{Document, Source, Spanned};

/// Attacks one combatant may list (each is rolled every round it is ready).
const MAX_ATTACKS: usize = 16;
use serde::Deserialize;

#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct ConflictSpec {
    consciousness_check: Option<Spanned<String>>,
    death_contest: Option<Spanned<String>>,
    surprised_are_unaware: Option<bool>,
    unconscious_for: Option<Spanned<String>>,
}

/// Reads `[conflict]` (absent: every choice at its declared default).
fn rules(doc: &Document) -> Result<ConflictRules, ScenarioError> {
    let c = doc.section::<ConflictSpec>("conflict")?.unwrap_or_default();
    let r = CONFLICT.section_reader(doc);
    Ok(ConflictRules {
        consciousness_check: r.word(
            "consciousness_check",
            c.consciousness_check.as_ref(),
            &ConsciousnessCheck::WORDS,
        )?,
        death_contest: r.word(
            "death_contest",
            c.death_contest.as_ref(),
            &DeathContest::WORDS,
        )?,
        surprised_are_unaware: r.bool("surprised_are_unaware", c.surprised_are_unaware),
        unconscious_for: r.word(
            "unconscious_for",
            c.unconscious_for.as_ref(),
            &UnconsciousFor::WORDS,
        )?,
    })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AttackSpec {
    #[allow(dead_code)] // shown to people reading the scenario
    name: Option<String>,
    damage: Spanned<String>,
    bonus: Option<Spanned<i64>>,
    ranged: Option<bool>,
    fire_actions: Option<Spanned<i64>>,
    loaded: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct CombatantSpec {
    name: Spanned<String>,
    side: Spanned<String>,
    survival: Spanned<i64>,
    verve: Option<Spanned<i64>>,
    verve_in_combat: Option<bool>,
    endurance: Option<Spanned<i64>>,
    level: Option<Spanned<i64>>,
    perception: Spanned<i64>,
    willpower: Spanned<i64>,
    fortitude: Spanned<i64>,
    attack: Option<Spanned<i64>>,
    defense: Option<Spanned<i64>>,
    #[serde(default)]
    attacks: Vec<AttackSpec>,
    injuries: Option<Spanned<i64>>,
    surprises: Option<bool>,
    aware: Option<bool>,
    asleep: Option<bool>,
    target: Option<Spanned<String>>,
    tactics: Option<Spanned<String>>,
    protect_below: Option<Spanned<f64>>,
    cautious_below: Option<Spanned<f64>>,
    flee_at_survival: Option<Spanned<i64>>,
    fights_while_dying: Option<bool>,
    last_effort: Option<bool>,
    leads: Option<bool>,
    group_size: Option<Spanned<i64>>,
    mojo: Option<Spanned<i64>>,
    mojo_on: Option<Spanned<Vec<Spanned<String>>>>,
    mojo_reserve: Option<Spanned<i64>>,
    attack_downed: Option<Spanned<String>>,
    knockout_blows: Option<bool>,
    killing_blows: Option<bool>,
    evasion: Option<Spanned<i64>>,
    head_protection: Option<Spanned<i64>>,
    warrior: Option<bool>,
    cover: Option<Spanned<String>>,
    close_combat: Option<bool>,
    called_shots_into_melee: Option<bool>,
    health: Option<Spanned<i64>>,
}

/// `[aftermath]`: who tends whom once the fight is over, and what saves the dying.
#[derive(Debug, Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct AftermathSpec {
    allies: Option<Spanned<String>>,
    foes: Option<Spanned<String>>,
    heal_injuries: Option<Spanned<i64>>,
    rest: Option<Spanned<bool>>,
}

/// Reads the `[[combatant]]` tables and `[conflict]`; `max_rounds` is `[run] max_rounds`.
pub(super) fn conflict(
    doc: &Document,
    max_rounds: Option<Spanned<i64>>,
) -> Result<Conflict, ScenarioError> {
    let list: Spanned<Vec<CombatantSpec>> = doc.section("combatant")?.expect("present");
    let list = &list;
    let rules = rules(doc)?;
    let source = &doc.source;
    let specs = list.get_ref();
    let entries = specs.iter().map(|c| Entry::combatant(&c.name, &c.side));
    let roster = load::roster(source, list.span(), entries)?;
    let sides = roster.sides().to_vec();
    let fighters = specs
        .iter()
        .enumerate()
        .map(|(i, c)| fighter(source, c, &roster, i))
        .collect::<Result<Vec<_>, _>>()?;
    // 874: a knockout blow allows the target an evasion roll, and 782–784: a shot into close
    // combat makes those there roll evasion; either needs an evasion score.
    for (c, f) in specs.iter().zip(&fighters) {
        if f.evasion.is_some() {
            continue;
        }
        let knocker = fighters
            .iter()
            .find(|g| g.side != f.side && g.knockout_blows);
        let shooter = fighters
            .iter()
            .find(|g| f.close_combat && g.shoots_from_afar());
        let why = match (knocker, shooter) {
            (Some(k), _) => format!(
                "\"{}\" deals knockout blows, so \"{}\" rolls evasion against them (874)",
                k.name, f.name
            ),
            (None, Some(g)) => format!(
                "\"{}\" shoots from out of close combat, so \"{}\", in close combat, rolls evasion against strays (782–784)",
                g.name, f.name
            ),
            (None, None) => continue,
        };
        return Err(source.invalid(
            c.name.span(),
            format!("combatant.{}.evasion", f.name),
            format!("missing: {why}; give `evasion` ({})", allowed("evasion")),
        ));
    }
    let max_rounds = crate::combat::load::max_rounds(source, max_rounds.as_ref())?;
    let spec: AftermathSpec = doc.section("aftermath")?.unwrap_or_default();
    let r = AFTERMATH.section_reader(doc);
    let care = load::care(
        &r,
        spec.allies.as_ref(),
        spec.foes.as_ref(),
        None,
        &Care::ALLIES,
    )?;
    let aftermath = Aftermath {
        heal_injuries: r.int("heal_injuries", spec.heal_injuries.as_ref())?,
        rest: r.bool("rest", spec.rest.as_ref().map(|r| *r.get_ref())),
    };
    if let Some(r) = spec.rest.as_ref().filter(|r| *r.get_ref()) {
        // Anyone can lose a death contest, so everyone needs the nightly roll.
        if let Some(f) = fighters.iter().find(|f| f.health.is_none()) {
            return Err(source.invalid(
                r.span(),
                "aftermath.rest",
                format!(
                    "rest = true rolls each dying combatant's nightly health (004:565); give \
                     \"{}\" its `health` ({}), or remove rest",
                    f.name,
                    allowed("health")
                ),
            ));
        }
    }
    let mut conflict = Conflict::new(fighters, sides, max_rounds, rules);
    conflict.bout.care = care;
    conflict.aftermath = aftermath;
    // Both given: `endurance` counts, `level` is not read (004: endurance is 10 + level/2
    // only for those the Guide gives a level alone).
    for c in specs {
        let reads_level = c.leads == Some(true) || c.last_effort == Some(true);
        if let (Some(e), Some(l), false) = (&c.endurance, &c.level, reads_level) {
            let (line, _) = source.line_col(l.span().start);
            conflict.noticed.push(format!(
                "line {line}: `combatant.{}.level`: both `endurance` ({}) and `level` ({}) are \
                 given; `endurance` counts and `level` is not read (alone it would give \
                 endurance {})",
                c.name.get_ref(),
                e.get_ref(),
                l.get_ref(),
                10 + l.get_ref() / 2
            ));
        }
    }
    Ok(conflict)
}

/// The party of a day: its `[[combatant]]` tables (every one the party's, as the planner
/// checked) read as fighters, every key checked as in a fight. Whom each attacks is the
/// fights' matter, read with their foes; it is not read here.
pub(super) fn party(doc: &Document) -> Result<Vec<Fighter>, ScenarioError> {
    let list: Spanned<Vec<CombatantSpec>> = doc.section("combatant")?.expect("a day's party");
    let (span, mut specs) = (list.span(), list.into_inner());
    for c in &mut specs {
        c.target = None;
    }
    // A roster of the party and a foe no scenario can name (a roster has two sides).
    let phantom = Spanned::new(span.clone(), "\u{0}".to_string());
    let entries = specs
        .iter()
        .map(|c| Entry::combatant(&c.name, &c.side))
        .chain([Entry::combatant(&phantom, &phantom)]);
    let roster = load::roster(&doc.source, span, entries)?;
    specs
        .iter()
        .enumerate()
        .map(|(i, c)| fighter(&doc.source, c, &roster, i))
        .collect()
}

fn fighter(
    source: &Source,
    c: &CombatantSpec,
    roster: &Roster,
    me: usize,
) -> Result<Fighter, ScenarioError> {
    let r = COMBATANT.reader(
        source,
        format!("combatant.{}", c.name.get_ref()),
        c.name.span(),
    );
    let group_size = r.int("group_size", c.group_size.as_ref())?;
    let bonus = group_bonus(group_size as u64);
    let survival = r.int("survival", Some(&c.survival))?;
    let endurance = match (&c.endurance, &c.level) {
        (Some(e), _) => r.int("endurance", Some(e))?,
        (None, Some(l)) => 10 + r.int("level", Some(l))? / 2,
        (None, None) => {
            return Err(source.invalid(
                c.name.span(),
                "combatant.endurance",
                format!(
                    "\"{}\" needs `endurance` ({}) or `level` (endurance is then 10 + level/2)",
                    c.name.get_ref(),
                    r.key("endurance").allowed()
                ),
            ));
        }
    };
    let side = roster.side_of(me);
    let plays = load::tactics(
        &r,
        (roster, me),
        "combatant.target",
        c.target.as_ref(),
        load::TacticKeys {
            tactics: c.tactics.as_ref(),
            protect_below: c.protect_below.as_ref(),
            cautious_below: c.cautious_below.as_ref(),
        },
    )?;
    let close_combat = r.bool("close_combat", c.close_combat);
    // 004:619 and 004:822 read the level: one who makes a last effort or leads needs it.
    for (key, on) in [("last_effort", c.last_effort), ("leads", c.leads)] {
        if on == Some(true) && c.level.is_none() {
            return Err(source.invalid(
                c.name.span(),
                format!("combatant.{}.{key}", c.name.get_ref()),
                format!(
                    "`{key} = true` needs `level` ({}): {}",
                    r.key("level").allowed(),
                    if key == "leads" {
                        "a leader covers up to level companions (004:822)"
                    } else {
                        "the last effort is at +level (004:619)"
                    }
                ),
            ));
        }
    }
    if c.leads == Some(true)
        && !c
            .warrior
            .unwrap_or(r.bool("verve_in_combat", c.verve_in_combat))
    {
        return Err(source.invalid(
            c.name.span(),
            format!("combatant.{}.leads", c.name.get_ref()),
            "`leads = true` is for a warrior (`warrior = true`): warriors lead their companions' use of cover (004:822)",
        ));
    }
    if c.attacks.len() > MAX_ATTACKS {
        return Err(source.invalid(
            c.name.span(),
            format!("combatant.{}.attacks", c.name.get_ref()),
            format!(
                "{} attacks; allowed: at most {MAX_ATTACKS} a combatant",
                c.attacks.len()
            ),
        ));
    }
    let a_at = format!("combatant.{}.attacks", c.name.get_ref());
    let attacks = c
        .attacks
        .iter()
        .map(|a| {
            let ra = ATTACKS.reader(source, a_at.clone(), a.damage.span());
            let damage = a.damage.get_ref().parse::<DiceExpr>().map_err(|e| {
                source.invalid(a.damage.span(), "combatant.attacks.damage", e.to_string())
            })?;
            let attack = Attack::melee(damage, ra.int("bonus", a.bonus.as_ref())?);
            let fire_actions = ra.int("fire_actions", a.fire_actions.as_ref())?;
            let loaded = ra.bool("loaded", a.loaded);
            let mut attack = attack.readied(fire_actions as u8, close_combat, loaded);
            attack.ranged = ra.bool("ranged", a.ranged);
            Ok(attack)
        })
        .collect::<Result<Vec<_>, ScenarioError>>()?;
    let verve_in_combat = r.bool("verve_in_combat", c.verve_in_combat);
    Ok(Fighter {
        name: c.name.get_ref().clone(),
        side,
        survival: survival * (1 + bonus),
        verve: r.int("verve", c.verve.as_ref())?,
        verve_in_combat,
        endurance,
        perception: r.int("perception", Some(&c.perception))?,
        willpower: r.int("willpower", Some(&c.willpower))?,
        fortitude: r.int("fortitude", Some(&c.fortitude))?,
        attack: r.int("attack", c.attack.as_ref())?,
        defense: r.int("defense", c.defense.as_ref())?,
        attacks,
        injuries: r.int("injuries", c.injuries.as_ref())?,
        surprises: r.bool("surprises", c.surprises),
        aware: r.bool("aware", c.aware),
        asleep: r.bool("asleep", c.asleep),
        target: plays.target,
        plays,
        // A cautious combatant flees below its `cautious_below` of its survival unless the
        // file says when (004:924: flight is how a fight is left).
        flee_at_survival: match r.opt_int("flee_at_survival", c.flee_at_survival.as_ref())? {
            None if plays.profile == Profile::Cautious => {
                plays.cautious_below.most_below(survival * (1 + bonus))
            }
            written => written,
        },
        fights_while_dying: r.bool("fights_while_dying", c.fights_while_dying),
        last_effort: r.bool("last_effort", c.last_effort),
        leads: r.bool("leads", c.leads),
        group_bonus: bonus,
        mojo: r.int("mojo", c.mojo.as_ref())?,
        mojo_on: mojo_on(&r, c)?,
        mojo_reserve: r.int("mojo_reserve", c.mojo_reserve.as_ref())?,
        // A ruthless combatant strikes the fallen first unless the file says otherwise.
        attack_downed: match &c.attack_downed {
            None if plays.profile.finishes_the_fallen() => AttackDowned::First,
            written => r.word("attack_downed", written.as_ref(), &AttackDowned::WORDS)?,
        },
        knockout_blows: r.bool("knockout_blows", c.knockout_blows),
        killing_blows: r.bool("killing_blows", c.killing_blows),
        evasion: r.opt_int("evasion", c.evasion.as_ref())?,
        head_protection: r.int("head_protection", c.head_protection.as_ref())?,
        // Absent, `warrior` is as `verve_in_combat` (its declaration says so).
        warrior: c.warrior.unwrap_or(verve_in_combat),
        group_size,
        cover: r.word("cover", c.cover.as_ref(), &Cover::WORDS)?,
        close_combat,
        called_shots_into_melee: r.bool("called_shots_into_melee", c.called_shots_into_melee),
        health: r.opt_int("health", c.health.as_ref())?,
        level: r.opt_int("level", c.level.as_ref())?,
    })
}

/// `mojo_on`: the kinds of roll mojo is bid on (absent: its declared default, death rolls
/// only).
fn mojo_on(r: &Reader<'_>, c: &CombatantSpec) -> Result<MojoOn, ScenarioError> {
    let Some(list) = &c.mojo_on else {
        return Ok(MojoOn::DEATH);
    };
    let key = r.key("mojo_on");
    let mut on = MojoOn::default();
    for word in list.get_ref() {
        on.0 |= r.one_word(key, word, &MojoKind::WORDS)?.bit();
    }
    Ok(on)
}

/// What the combatant key `name` allows, for messages.
fn allowed(name: &str) -> String {
    COMBATANT
        .key(name)
        .map_or_else(String::new, |k| k.allowed())
}
