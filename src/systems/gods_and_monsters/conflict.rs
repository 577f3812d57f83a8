//! Gods & Monsters conflicts: a fight of any number of combatants on two or more sides, read
//! from `[[combatant]]` tables (004_803a11f5ee1b6e60.txt, "Conflicts" and the Yeti example).
//! The round engine is in [`super::fight`]; this module reads and checks the scenario and
//! counts outcomes.
//!
//! Combatant keys (defaults in brackets):
//! - `name`, `side` — required; names unique; at least two sides.
//! - `survival` (1–10000, required), `verve` [0], `verve_in_combat` [false]: damage goes to
//!   verve first when fighting is archetypal for the combatant (warriors), then survival,
//!   then injury points.
//! - `endurance` (1–40), or `level` (0–40) for 10 + level/2 when endurance is not given.
//! - `perception`, `willpower`, `fortitude` (0–40, required): surprise, snapping out of
//!   surprise and staying conscious roll d20 ≤ the score (the better of willpower and
//!   fortitude where the rules allow either).
//! - `attack`, `defense` [0] (−20–40): a hit is d20 ≤ 11 + attack − the target's defense.
//! - `attacks` — list of `{ name, damage = "d8+4", bonus = 0 }`; every attack is rolled each
//!   round; may be empty for a combatant who only defends.
//! - `injuries` [0]: injury points at the start.
//! - `surprises` [false]: this combatant starts the fight; everyone on a side without one
//!   rolls perception or is surprised. `aware` [false] gives +4 to that roll, `asleep`
//!   [false] −6.
//! - `target` ["random"]: whom each attack goes for — `"random"` (a foe standing at the start
//!   of the round, uniformly), `"weakest"` (fewest survival + verve − injuries), `"focus"`
//!   (a random foe, then the same one while it stands), or a foe's name (random once that one
//!   is down).
//! - `flee_at_survival` [never]: runs at the end of a round when conscious with survival at
//!   or below this.
//! - `fights_while_dying` [true]: a combatant who lost the death contest dies minutes later,
//!   not this round, so by default fights on (as Toromeen does in the seed's example).
//! - `group_size` [1]: a unit fighting as one (mass conflict): the group effort bonus is
//!   added to attack, defense and rolls, to survival times the bonus, and as extra attacks.
//!
//! `[run] max_rounds` [100] ends a fight nobody wins as a stalemate.

use super::fight::{Arena, Battle, Ending, MAX_FIGHTERS, RngRoller, Unobserved};
use super::group::group_bonus;
use crate::dice::DiceExpr;
use crate::error::ScenarioError;
use crate::scenario::{RunSettings, Source, int_in_range};
use crate::stats::{CounterId, HistogramId, HistogramReport, Layout, Tally};
use crate::systems::RuleSystem;
use rand::Rng;
use serde::Deserialize;
use toml::Spanned;

/// Round limit when `[run] max_rounds` is not given.
pub const DEFAULT_MAX_ROUNDS: u32 = 100;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttackSpec {
    #[allow(dead_code)] // shown to people reading the scenario
    name: Option<String>,
    damage: Spanned<String>,
    bonus: Option<Spanned<i64>>,
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
}

#[derive(Debug, Deserialize)]
struct File {
    combatant: Spanned<Vec<CombatantSpec>>,
}

/// One attack of a combatant.
#[derive(Debug, Clone)]
pub struct Attack {
    /// Damage dice.
    pub damage: DiceExpr,
    /// Bonus to hit with this attack.
    pub bonus: i64,
}

/// Whom a combatant's attacks go for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Targeting {
    /// A foe standing at the start of the round, uniformly.
    Random,
    /// The standing foe with the fewest survival + verve − injuries.
    Weakest,
    /// A random foe, then the same one while it stands.
    Focus,
    /// This combatant (index), or a random foe once it is down.
    Named(usize),
}

/// A combatant resolved from the scenario: names turned into indices, defaults applied.
#[derive(Debug, Clone)]
pub struct Fighter {
    /// Name.
    pub name: String,
    /// Side index.
    pub side: usize,
    /// Survival points at the start (group bonus included).
    pub survival: i64,
    /// Verve points at the start.
    pub verve: i64,
    /// Whether combat damage goes to verve first.
    pub verve_in_combat: bool,
    /// Endurance for the death contest.
    pub endurance: i64,
    /// Perception (surprise rolls).
    pub perception: i64,
    /// Willpower.
    pub willpower: i64,
    /// Fortitude.
    pub fortitude: i64,
    /// Attack bonus.
    pub attack: i64,
    /// Defense.
    pub defense: i64,
    /// Attacks rolled each round.
    pub attacks: Vec<Attack>,
    /// Injury points at the start.
    pub injuries: i64,
    /// Starts the fight (its side is not surprised).
    pub surprises: bool,
    /// Aware of the attackers: +4 to the surprise roll.
    pub aware: bool,
    /// Asleep: −6 to the surprise roll.
    pub asleep: bool,
    /// Whom attacks go for.
    pub target: Targeting,
    /// Flees at the end of a round when conscious with survival at or below this.
    pub flee_at_survival: Option<i64>,
    /// Keeps fighting after losing the death contest.
    pub fights_while_dying: bool,
    /// Group effort bonus (0 for a single combatant).
    pub group_bonus: i64,
}

#[derive(Debug, Clone)]
struct Ids {
    win: Vec<CounterId>,
    draw: CounterId,
    stalemate: CounterId,
    death: Vec<CounterId>,
    unconscious: Vec<CounterId>,
    fled: Vec<CounterId>,
    down: Vec<CounterId>,
    rounds: HistogramId,
    fighting: Vec<HistogramId>,
}

/// A Gods & Monsters conflict built from `[[combatant]]` tables.
#[derive(Debug, Clone)]
pub struct Conflict {
    /// Combatants in scenario order.
    pub fighters: Vec<Fighter>,
    /// Side names in order of first appearance.
    pub sides: Vec<String>,
    /// Round limit.
    pub max_rounds: u32,
    /// Per fighter: rolls perception for surprise.
    rolls_surprise: Vec<bool>,
    /// Per side: the mask of its fighters.
    side_masks: Vec<u64>,
    layout: Layout,
    ids: Ids,
}

impl Conflict {
    /// Reads the `[[combatant]]` tables of `source`.
    pub fn from_source(source: &Source, run: &RunSettings) -> Result<Self, ScenarioError> {
        let file: File = source.parse()?;
        let specs = file.combatant.get_ref();
        let mut sides: Vec<String> = Vec::new();
        let mut names: Vec<&str> = Vec::new();
        for c in specs {
            let name = c.name.get_ref().as_str();
            if name.trim().is_empty() {
                return Err(source.invalid(c.name.span(), "combatant.name", "must not be empty"));
            }
            if names.contains(&name) {
                return Err(source.invalid(
                    c.name.span(),
                    "combatant.name",
                    format!("\"{name}\" is used twice; every combatant needs its own name"),
                ));
            }
            names.push(name);
            if !sides.contains(c.side.get_ref()) {
                sides.push(c.side.get_ref().clone());
            }
        }
        if specs.len() > MAX_FIGHTERS {
            return Err(source.invalid(
                specs[MAX_FIGHTERS].name.span(),
                "combatant",
                format!(
                    "{} combatants; at most {MAX_FIGHTERS} fit one fight (use group_size for units)",
                    specs.len()
                ),
            ));
        }
        if sides.len() < 2 {
            let span = specs
                .first()
                .map_or(file.combatant.span(), |c| c.side.span());
            return Err(source.invalid(
                span,
                "combatant.side",
                format!(
                    "every combatant is on side \"{}\"; a fight needs at least two sides",
                    sides.first().map_or("", String::as_str)
                ),
            ));
        }
        let fighters = specs
            .iter()
            .map(|c| fighter(source, c, &sides, specs))
            .collect::<Result<Vec<_>, _>>()?;
        let max_rounds = run.max_rounds.unwrap_or(u64::from(DEFAULT_MAX_ROUNDS));
        if max_rounds > 100_000 {
            return Err(source.invalid(
                0..0,
                "run.max_rounds",
                format!("{max_rounds} is too many; allowed: 1 to 100000"),
            ));
        }
        Ok(Self::new(fighters, sides, max_rounds as u32))
    }

    /// A conflict of `fighters` (at most [`MAX_FIGHTERS`]) on `sides` with a round limit.
    pub fn new(fighters: Vec<Fighter>, sides: Vec<String>, max_rounds: u32) -> Self {
        assert!(
            fighters.len() <= MAX_FIGHTERS,
            "checked when the scenario loads"
        );
        let mut layout = Layout::new();
        let names = |prefix: &str, layout: &mut Layout| -> Vec<CounterId> {
            fighters
                .iter()
                .map(|f| layout.counter(format!("{prefix}.{}", f.name)))
                .collect()
        };
        let win = sides
            .iter()
            .map(|s| layout.counter(format!("win.{s}")))
            .collect();
        let draw = layout.counter("draw");
        let stalemate = layout.counter("stalemate");
        let death = names("death", &mut layout);
        let unconscious = names("unconscious", &mut layout);
        let fled = names("fled", &mut layout);
        let down = names("down", &mut layout);
        let rounds = layout.histogram(
            "rounds",
            max_rounds as usize + 1,
            HistogramReport::Quantiles,
        );
        let fighting = sides
            .iter()
            .map(|s| {
                layout.histogram(
                    format!("fighting.{s}"),
                    max_rounds as usize + 2,
                    HistogramReport::Survival,
                )
            })
            .collect();
        let ids = Ids {
            win,
            draw,
            stalemate,
            death,
            unconscious,
            fled,
            down,
            rounds,
            fighting,
        };
        let ambush = fighters.iter().any(|f| f.surprises);
        let rolls_surprise = fighters
            .iter()
            .map(|f| ambush && !fighters.iter().any(|g| g.side == f.side && g.surprises))
            .collect();
        let mut side_masks = vec![0u64; sides.len()];
        for (i, f) in fighters.iter().enumerate() {
            side_masks[f.side] |= 1 << i;
        }
        Self {
            fighters,
            sides,
            max_rounds,
            rolls_surprise,
            side_masks,
            layout,
            ids,
        }
    }

    /// The battle this conflict plays.
    pub fn battle(&self) -> Battle<'_> {
        Battle {
            fighters: &self.fighters,
            sides: self.sides.len(),
            max_rounds: self.max_rounds,
            rolls_surprise: &self.rolls_surprise,
            side_masks: &self.side_masks,
        }
    }
}

fn fighter(
    source: &Source,
    c: &CombatantSpec,
    sides: &[String],
    all: &[CombatantSpec],
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
    let side = sides
        .iter()
        .position(|s| s == c.side.get_ref())
        .expect("collected above");
    let target = match &c.target {
        None => Targeting::Random,
        Some(t) => match t.get_ref().as_str() {
            "random" => Targeting::Random,
            "weakest" => Targeting::Weakest,
            "focus" => Targeting::Focus,
            name => match all.iter().position(|o| o.name.get_ref() == name) {
                Some(i) if all[i].side.get_ref() != c.side.get_ref() => Targeting::Named(i),
                Some(_) => {
                    return Err(source.invalid(
                        t.span(),
                        "combatant.target",
                        format!("\"{name}\" is on the same side; name a foe"),
                    ));
                }
                None => {
                    return Err(source.invalid(
                        t.span(),
                        "combatant.target",
                        format!(
                            "\"{name}\" names nobody; allowed: \"random\", \"weakest\", \"focus\" \
                             or a foe's name ({})",
                            foes(all, c)
                        ),
                    ));
                }
            },
        },
    };
    let attacks = c
        .attacks
        .iter()
        .map(|a| {
            let damage = a.damage.get_ref().parse::<DiceExpr>().map_err(|e| {
                source.invalid(a.damage.span(), "combatant.attacks.damage", e.to_string())
            })?;
            Ok(Attack {
                damage,
                bonus: int(a.bonus.as_ref(), "attacks.bonus", -40, 40, 0)?,
            })
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
    })
}

fn foes(all: &[CombatantSpec], c: &CombatantSpec) -> String {
    all.iter()
        .filter(|o| o.side.get_ref() != c.side.get_ref())
        .map(|o| format!("\"{}\"", o.name.get_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}

impl RuleSystem for Conflict {
    type Scratch = Arena;

    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn scratch(&self) -> Arena {
        Arena::default()
    }

    fn trial<R: Rng + ?Sized>(&self, rng: &mut R, arena: &mut Arena, tally: &mut Tally) {
        let mut roller = RngRoller::new(rng);
        let (ending, rounds) = self.battle().fight(&mut roller, arena, &mut Unobserved);
        let ids = &self.ids;
        match ending {
            Ending::Win(side) => tally.count(ids.win[side], true),
            Ending::Draw => tally.count(ids.draw, true),
            Ending::Stalemate => tally.count(ids.stalemate, true),
        }
        tally.record(ids.rounds, rounds as usize);
        for (side, &h) in ids.fighting.iter().enumerate() {
            tally.record(h, arena.side_down[side] as usize);
        }
        for (i, s) in arena.states.iter().enumerate() {
            tally.count(ids.death[i], s.dying);
            tally.count(ids.unconscious[i], !s.conscious);
            tally.count(ids.fled[i], s.fled);
            tally.count(ids.down[i], s.dying || !s.conscious || s.fled);
        }
    }

    fn notes(&self) -> Vec<String> {
        let names: Vec<String> = self
            .fighters
            .iter()
            .map(|f| format!("{} ({})", f.name, self.sides[f.side]))
            .collect();
        vec![format!(
            "{} combatants on {} sides: {}; stalemate after {} rounds",
            self.fighters.len(),
            self.sides.len(),
            names.join(", "),
            self.max_rounds
        )]
    }
}

#[cfg(test)]
mod tests;
