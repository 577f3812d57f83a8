//! `[[combatant]]` tables and `[conflict]`: a Gods & Monsters fight. The combatant keys are
//! listed in [`crate::systems::gods_and_monsters::conflict`]; `[conflict]` holds the Guide's
//! choices ([`crate::systems::gods_and_monsters::rules`]):
//!
//! ```toml
//! [conflict]
//! consciousness_check = "end_of_round"   # or "per_hit" (762, 605)
//! death_contest = "single"               # or "contest": both succeeding roll again (613, 724)
//! surprised_are_unaware = false          # +4 to hit the surprised in round 1 (754, 866, 874)
//! unconscious_for = "fight"              # or "injuries": a minute per injury point (605)
//! ```

use crate::combat::load::{self, Entry};
use crate::combat::{Care, Roster};
use crate::dice::DiceExpr;
use crate::error::ScenarioError;
use crate::scenario::fields::one_of;
use crate::scenario::{Document, Source, Spanned, int_in_range};
use crate::systems::gods_and_monsters::conflict::{Aftermath, Attack, Conflict, Fighter};
use crate::systems::gods_and_monsters::group::group_bonus;
use crate::systems::gods_and_monsters::rules::{
    AttackDowned, ConflictRules, ConsciousnessCheck, Cover, DeathContest, MojoKind, MojoOn,
    UnconsciousFor,
};

/// Attacks one combatant may list (each is rolled every round it is ready).
const MAX_ATTACKS: usize = 16;
use serde::Deserialize;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConflictSpec {
    consciousness_check: Option<Spanned<String>>,
    death_contest: Option<Spanned<String>>,
    surprised_are_unaware: Option<bool>,
    unconscious_for: Option<Spanned<String>>,
}

/// Reads `[conflict]`.
fn rules(doc: &Document) -> Result<ConflictRules, ScenarioError> {
    let d = ConflictRules::default();
    let Some(c) = doc.section::<ConflictSpec>("conflict")? else {
        return Ok(d);
    };
    let source = &doc.source;
    Ok(ConflictRules {
        consciousness_check: one_of(
            source,
            c.consciousness_check.as_ref(),
            "conflict.consciousness_check",
            &ConsciousnessCheck::WORDS,
            d.consciousness_check,
        )?,
        death_contest: one_of(
            source,
            c.death_contest.as_ref(),
            "conflict.death_contest",
            &DeathContest::WORDS,
            d.death_contest,
        )?,
        surprised_are_unaware: c.surprised_are_unaware.unwrap_or(d.surprised_are_unaware),
        unconscious_for: one_of(
            source,
            c.unconscious_for.as_ref(),
            "conflict.unconscious_for",
            &UnconsciousFor::WORDS,
            d.unconscious_for,
        )?,
    })
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackSpec {
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
struct CombatantSpec {
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
    flee_at_survival: Option<Spanned<i64>>,
    fights_while_dying: Option<bool>,
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
struct AftermathSpec {
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
            format!("missing: {why}; give `evasion` (0–40)"),
        ));
    }
    let max_rounds = crate::combat::load::max_rounds(source, max_rounds.as_ref())?;
    let spec: AftermathSpec = doc.section("aftermath")?.unwrap_or_default();
    let care = load::care(
        source,
        spec.allies.as_ref(),
        spec.foes.as_ref(),
        None,
        &Care::ALLIES,
    )?;
    let aftermath = Aftermath {
        heal_injuries: int_in_range(
            source,
            spec.heal_injuries.as_ref(),
            "aftermath.heal_injuries",
            0,
            1000,
            0,
        )?,
        rest: spec.rest.as_ref().is_some_and(|r| *r.get_ref()),
    };
    if let Some(r) = spec.rest.as_ref().filter(|r| *r.get_ref()) {
        // Anyone can lose a death contest, so everyone needs the nightly roll.
        if let Some(f) = fighters.iter().find(|f| f.health.is_none()) {
            return Err(source.invalid(
                r.span(),
                "aftermath.rest",
                format!(
                    "rest = true rolls each dying combatant's nightly health (004:565); give \
                     \"{}\" its `health` (0–40), or remove rest",
                    f.name
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
        if let (Some(e), Some(l)) = (&c.endurance, &c.level) {
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

fn fighter(
    source: &Source,
    c: &CombatantSpec,
    roster: &Roster,
    me: usize,
) -> Result<Fighter, ScenarioError> {
    let int = |v: Option<&Spanned<i64>>, key: &str, min, max, default| {
        int_in_range(
            source,
            v,
            &format!("combatant.{}.{key}", c.name.get_ref()),
            min,
            max,
            default,
        )
    };
    let group_size = int(c.group_size.as_ref(), "group_size", 1, 1 << 20, 1)?;
    let bonus = group_bonus(group_size as u64);
    let survival = int(Some(&c.survival), "survival", 1, 10_000, 1)?;
    let endurance = match (&c.endurance, &c.level) {
        (Some(e), _) => int(Some(e), "endurance", 1, 40, 10)?,
        (None, Some(l)) => 10 + int(Some(l), "level", 0, 40, 0)? / 2,
        (None, None) => {
            return Err(source.invalid(
                c.name.span(),
                "combatant.endurance",
                format!(
                    "\"{}\" needs `endurance` (1–40) or `level` (endurance is then 10 + level/2)",
                    c.name.get_ref()
                ),
            ));
        }
    };
    let side = roster.side_of(me);
    let target = load::targeting(source, roster, me, "combatant.target", c.target.as_ref())?;
    let close_combat = c.close_combat.unwrap_or(true);
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
    let attacks = c
        .attacks
        .iter()
        .map(|a| {
            let damage = a.damage.get_ref().parse::<DiceExpr>().map_err(|e| {
                source.invalid(a.damage.span(), "combatant.attacks.damage", e.to_string())
            })?;
            let attack = Attack::melee(damage, int(a.bonus.as_ref(), "attacks.bonus", -40, 40, 0)?);
            let fire_actions = int(a.fire_actions.as_ref(), "attacks.fire_actions", 1, 10, 1)?;
            let loaded = a.loaded.unwrap_or(true);
            let mut attack = attack.readied(fire_actions as u8, close_combat, loaded);
            attack.ranged = a.ranged.unwrap_or(false);
            Ok(attack)
        })
        .collect::<Result<Vec<_>, ScenarioError>>()?;
    Ok(Fighter {
        name: c.name.get_ref().clone(),
        side,
        survival: survival * (1 + bonus),
        verve: int(c.verve.as_ref(), "verve", 0, 10_000, 0)?,
        verve_in_combat: c.verve_in_combat.unwrap_or(false),
        endurance,
        perception: int(Some(&c.perception), "perception", 0, 40, 0)?,
        willpower: int(Some(&c.willpower), "willpower", 0, 40, 0)?,
        fortitude: int(Some(&c.fortitude), "fortitude", 0, 40, 0)?,
        attack: int(c.attack.as_ref(), "attack", -20, 40, 0)?,
        defense: int(c.defense.as_ref(), "defense", -20, 40, 0)?,
        attacks,
        injuries: int(c.injuries.as_ref(), "injuries", 0, 1000, 0)?,
        surprises: c.surprises.unwrap_or(false),
        aware: c.aware.unwrap_or(false),
        asleep: c.asleep.unwrap_or(false),
        target,
        flee_at_survival: match &c.flee_at_survival {
            None => None,
            Some(v) => Some(int(Some(v), "flee_at_survival", 0, 10_000, 0)?),
        },
        fights_while_dying: c.fights_while_dying.unwrap_or(true),
        group_bonus: bonus,
        mojo: int(c.mojo.as_ref(), "mojo", 0, 1000, 0)?,
        mojo_on: mojo_on(source, c)?,
        mojo_reserve: int(c.mojo_reserve.as_ref(), "mojo_reserve", 0, 1000, 0)?,
        attack_downed: one_of(
            source,
            c.attack_downed.as_ref(),
            &format!("combatant.{}.attack_downed", c.name.get_ref()),
            &AttackDowned::WORDS,
            AttackDowned::Never,
        )?,
        knockout_blows: c.knockout_blows.unwrap_or(false),
        killing_blows: c.killing_blows.unwrap_or(false),
        evasion: match &c.evasion {
            None => None,
            Some(v) => Some(int(Some(v), "evasion", 0, 40, 0)?),
        },
        head_protection: int(c.head_protection.as_ref(), "head_protection", 0, 40, 0)?,
        warrior: c.warrior.unwrap_or(c.verve_in_combat.unwrap_or(false)),
        group_size,
        cover: one_of(
            source,
            c.cover.as_ref(),
            &format!("combatant.{}.cover", c.name.get_ref()),
            &Cover::WORDS,
            Cover::None,
        )?,
        close_combat,
        called_shots_into_melee: c.called_shots_into_melee.unwrap_or(false),
        health: match &c.health {
            None => None,
            Some(v) => Some(int(Some(v), "health", 0, 40, 0)?),
        },
    })
}

/// `mojo_on`: the kinds of roll mojo is bid on (default death rolls only).
fn mojo_on(source: &Source, c: &CombatantSpec) -> Result<MojoOn, ScenarioError> {
    let Some(list) = &c.mojo_on else {
        return Ok(MojoOn::DEATH);
    };
    let key = format!("combatant.{}.mojo_on", c.name.get_ref());
    let mut on = MojoOn::default();
    for word in list.get_ref() {
        let kind = one_of(source, Some(word), &key, &MojoKind::WORDS, MojoKind::Death)?;
        on.0 |= kind.bit();
    }
    Ok(on)
}
