//! A `[day]` table makes a scenario an adventuring day: the party written once as the
//! system's usual fighter tables, then `[[day.encounter]]` tables in order, each naming its
//! foes (`foes = ["Goblin", "Goblin"]`, `[[day.encounter.foe]]` tables) or, in a system with
//! hazards, a hazard `kind`. [`plan`] turns the file into one scenario document per
//! encounter — the party's tables, the encounter's foes after them, the encounter's own
//! sub-tables in place of the file's (`[day.encounter.conflict]` for `[conflict]`) — each
//! read by the system's own loader, so an error in a foe names its line. The recovery keys
//! of `[day]` are each system's (declared in its schema's `day` shape).

use super::keys::Kind;
use super::keys::common::DAY_GAP;
use super::template::{FIGHTER_TABLES, TEMPLATES};
use super::{Document, Node, NodeValue, hint};
use oddsmith_core::error::ScenarioError;
use std::ops::Range;
use toml::Spanned;

/// The top-level key of a day.
pub const DAY: &str = "day";

/// The name of every system's day shape (`oddsmith new SYSTEM day`).
pub const DAY_SHAPE: &str = "day";

/// The recovery before an encounter (`rest`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rest {
    /// No rest: only the gap's minutes pass.
    None,
    /// A short rest, as the system gives one.
    Short,
    /// A long rest: a night, as the system gives one.
    Long,
}

impl Rest {
    /// The words `rest` takes, in order.
    pub const WORDS: [&'static str; 3] = ["none", "short", "long"];

    /// The rest written as `word`.
    pub fn from_word(word: &str) -> Option<Rest> {
        match word {
            "none" => Some(Rest::None),
            "short" => Some(Rest::Short),
            "long" => Some(Rest::Long),
            _ => None,
        }
    }

    /// How it is written.
    pub fn word(self) -> &'static str {
        Self::WORDS[self as usize]
    }
}

/// The keys of a `[[day.encounter]]` table that are its own (every other key is one of the
/// fight's tables, for this encounter).
const OWN_KEYS: [&str; 6] = ["name", "foes", "foe", "rest", "gap_minutes", "kind"];

/// The top-level keys an encounter's document leaves out.
const NOT_IN_ENCOUNTERS: [&str; 5] = [DAY, "sweep", "variant", "tune", "difficulty"];

/// How a system writes its fighters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fighters {
    /// `[[combatant]]` tables with a `side`.
    Combatants,
    /// `[[pc]]` tables (the party) and `[[npc]]` tables (the foes).
    PcsAndNpcs,
}

impl Fighters {
    /// The table the party is written in, and the one the foes go in.
    fn tables(self) -> (&'static str, &'static str) {
        match self {
            Fighters::Combatants => ("combatant", "combatant"),
            Fighters::PcsAndNpcs => ("pc", "npc"),
        }
    }
}

/// What a system's day is built from.
#[derive(Debug, Clone)]
pub struct Plan {
    /// The party's side.
    pub side: String,
    /// The party's names, in order (the first combatants of every encounter's fight).
    pub party: Vec<String>,
    /// The file as written (templates expanded), for the system's `[day]` keys.
    pub doc: Document,
    /// The encounters, in order.
    pub encounters: Vec<Planned>,
}

/// One encounter of a [`Plan`].
#[derive(Debug, Clone)]
pub struct Planned {
    /// Its name (`Encounter N` when the file gives none).
    pub name: String,
    /// The recovery before it.
    pub rest: Rest,
    /// Where its `rest` is written (its table where it is not).
    pub rest_at: Range<usize>,
    /// Minutes before it.
    pub gap_minutes: u32,
    /// Where its table is written.
    pub at: Range<usize>,
    /// A hazard's kind, with where it is written; `None` for a fight.
    pub hazard: Option<Spanned<String>>,
    /// The encounter as a scenario of its own, templates expanded: for a fight, the party's
    /// tables then the foes' with the encounter's tables in place of the file's; for a
    /// hazard, the party's tables and the hazard's table (`[fall]`) at the top.
    pub doc: Document,
}

/// Every `use` of a fighter, a `[[day.encounter.foe]]` table and each name in an
/// encounter's `foes`: the templates the file wants (from itself or the library).
pub fn used_names(doc: &Document) -> Vec<&Node> {
    let mut out = Vec::new();
    for key in FIGHTER_TABLES {
        if let Some(NodeValue::Array(items)) = doc.get(key).map(|n| &n.value) {
            out.extend(items.iter().filter_map(|i| i.get("use")));
        }
    }
    for e in encounter_tables(doc) {
        if let Some(NodeValue::Array(names)) = e.get("foes").map(|n| &n.value) {
            out.extend(names.iter());
        }
        if let Some(NodeValue::Array(items)) = e.get("foe").map(|n| &n.value) {
            out.extend(items.iter().filter_map(|i| i.get("use")));
        }
    }
    out
}

/// The `[[day.encounter]]` tables as written (none where the file has no such list).
fn encounter_tables(doc: &Document) -> &[Node] {
    match doc
        .get(DAY)
        .and_then(|d| d.get("encounter"))
        .map(|n| &n.value)
    {
        Some(NodeValue::Array(items)) => items,
        _ => &[],
    }
}

/// The document `doc` (as written, before templates are expanded) planned as a day:
/// `sections` the top-level tables of the
/// system (those an encounter may replace), `hazards` the hazard kinds it has (none but in
/// Gods & Monsters).
pub fn plan(
    doc: &Document,
    fighters: Fighters,
    sections: &[&str],
    hazards: &[&str],
) -> Result<Plan, ScenarioError> {
    let day = doc.get(DAY).expect("a day");
    let (party_table, foe_table) = fighters.tables();
    let expanded = doc.expanded()?;
    let gap_minutes = match day.get("gap_minutes") {
        None => DAY_GAP.int_default().unwrap_or(0) as u32,
        Some(v) => minutes(doc, v, "day.gap_minutes")?,
    };
    // The party: every fighter of the file, on one side.
    let side = party_side(doc, day, fighters, &expanded)?;
    let party = party_names(doc, day, fighters, &expanded, &side)?;
    let list = match day.get("encounter") {
        Some(Node {
            value: NodeValue::Array(items),
            ..
        }) if !items.is_empty() => items,
        Some(n) => {
            return Err(doc.invalid(
                n.span.clone(),
                "day.encounter",
                "expected `[[day.encounter]]` tables, at least one",
            ));
        }
        None => {
            return Err(doc.invalid(
                day.span.clone(),
                "day.encounter",
                "a day needs its encounters: add `[[day.encounter]]` tables, each with `foes = [\"…\"]`",
            ));
        }
    };
    let mut encounters = Vec::with_capacity(list.len());
    for (n, table) in list.iter().enumerate() {
        encounters.push(encounter(
            doc,
            table,
            n,
            (party_table, foe_table),
            &side,
            party.len(),
            sections,
            hazards,
            gap_minutes,
        )?);
    }
    // `[tactics] sides` reaches each encounter's foes too (the party's were put in before
    // the plan); a side nobody of the day is on is an error.
    if let Some(t) = super::tactics::read(doc)? {
        let mut sides = super::tactics::sides_of(&expanded);
        for e in &mut encounters {
            e.doc = super::tactics::apply(&e.doc, &t)?;
            for s in super::tactics::sides_of(&e.doc) {
                if !sides.contains(&s) {
                    sides.push(s);
                }
            }
        }
        super::tactics::check_sides(doc, &t, &sides)?;
    }
    Ok(Plan {
        side,
        party,
        doc: expanded,
        encounters,
    })
}

/// The party's side: `[day] party`, else "party", else "pcs" (Invisible Sun: always the
/// `[[pc]]` tables' side, "pcs").
fn party_side(
    doc: &Document,
    day: &Node,
    fighters: Fighters,
    expanded: &Document,
) -> Result<String, ScenarioError> {
    if fighters == Fighters::PcsAndNpcs {
        if let Some(p) = day.get("party") {
            return Err(doc.invalid(
                p.span.clone(),
                "day.party",
                "the party is the `[[pc]]` tables here; remove `party`",
            ));
        }
        return Ok("pcs".to_string());
    }
    let sides = sides_of(expanded);
    match day.get("party") {
        Some(p) => {
            let Some(name) = p.as_str() else {
                return Err(doc.invalid(p.span.clone(), "day.party", "expected a side's name in quotes"));
            };
            if sides.iter().any(|s| s == name) {
                Ok(name.to_string())
            } else {
                Err(doc.invalid(
                    p.span.clone(),
                    "day.party",
                    format!(
                        "no combatant is on side \"{name}\"{}; sides: {}",
                        hint::did_you_mean_value(name, sides.iter().map(String::as_str)),
                        quoted(&sides)
                    ),
                ))
            }
        }
        None => ["party", "pcs"]
            .into_iter()
            .find(|d| sides.iter().any(|s| s == d))
            .map(str::to_string)
            .ok_or_else(|| {
                doc.invalid(
                    day.span.clone(),
                    "day.party",
                    format!(
                        "no combatant is on side \"party\" or \"pcs\"; say which side is the party (`party = \"…\"`); sides: {}",
                        quoted(&sides)
                    ),
                )
            }),
    }
}

/// The sides the file's `[[combatant]]` tables are on, in order.
fn sides_of(expanded: &Document) -> Vec<String> {
    let mut sides: Vec<String> = Vec::new();
    if let Some(NodeValue::Array(items)) = expanded.get("combatant").map(|n| &n.value) {
        for s in items
            .iter()
            .filter_map(|i| i.get("side"))
            .filter_map(Node::as_str)
        {
            if !sides.iter().any(|x| x == s) {
                sides.push(s.to_string());
            }
        }
    }
    sides
}

/// The party's names; every fighter of the file must be of it (the foes come with the
/// encounters).
fn party_names(
    doc: &Document,
    day: &Node,
    fighters: Fighters,
    expanded: &Document,
    side: &str,
) -> Result<Vec<String>, ScenarioError> {
    let (party_table, foe_table) = fighters.tables();
    if fighters == Fighters::PcsAndNpcs
        && let Some(npc) = expanded.get(foe_table)
    {
        return Err(doc.invalid(
            npc.span.clone(),
            foe_table,
            "in a day the foes come with each encounter: move these `[[npc]]` tables into `[[day.encounter.foe]]` (or name templates in `foes`)",
        ));
    }
    let items = match expanded.get(party_table).map(|n| &n.value) {
        Some(NodeValue::Array(items)) if !items.is_empty() => items.as_slice(),
        _ => &[],
    };
    let mut names = Vec::with_capacity(items.len());
    for item in items {
        let on = item.get("side").and_then(Node::as_str);
        if fighters == Fighters::Combatants && on != Some(side) {
            return Err(doc.invalid(
                item.get("side").map_or(item.span.clone(), |s| s.span.clone()),
                format!("{party_table}.side"),
                format!(
                    "in a day every `[[{party_table}]]` is the party's (side \"{side}\"); the foes come with each encounter: move this one into `[[day.encounter.foe]]`"
                ),
            ));
        }
        if let Some(name) = item.get("name").and_then(Node::as_str) {
            names.push(name.to_string());
        }
    }
    if names.is_empty() {
        return Err(doc.invalid(
            day.span.clone(),
            DAY,
            format!("a day needs its party: write it as `[[{party_table}]]` tables"),
        ));
    }
    Ok(names)
}

/// A `gap_minutes` value, checked against its declaration.
fn minutes(doc: &Document, v: &Node, key: &str) -> Result<u32, ScenarioError> {
    let Kind::Int(min, max) = DAY_GAP.kind else {
        unreachable!("gap_minutes is an integer")
    };
    v.as_integer()
        .filter(|m| (min..=max).contains(m))
        .map(|m| m as u32)
        .ok_or_else(|| {
            doc.invalid(
                v.span.clone(),
                key,
                format!("allowed: {}", DAY_GAP.allowed()),
            )
        })
}

fn quoted(names: &[String]) -> String {
    if names.is_empty() {
        return "none".to_string();
    }
    names
        .iter()
        .map(|n| format!("\"{n}\""))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Encounter `n` (from 0) of the day, its table `table`.
#[allow(clippy::too_many_arguments)]
fn encounter(
    doc: &Document,
    table: &Node,
    n: usize,
    (party_table, foe_table): (&str, &str),
    side: &str,
    party: usize,
    sections: &[&str],
    hazards: &[&str],
    default_gap: u32,
) -> Result<Planned, ScenarioError> {
    let NodeValue::Table(entries) = &table.value else {
        return Err(doc.invalid(
            table.span.clone(),
            "day.encounter",
            "expected a table (`[[day.encounter]]`)",
        ));
    };
    let name = match table.get("name") {
        Some(v) => v
            .as_str()
            .filter(|s| !s.trim().is_empty())
            .ok_or_else(|| {
                doc.invalid(
                    v.span.clone(),
                    "day.encounter.name",
                    "expected a name in quotes, not empty",
                )
            })?
            .to_string(),
        None => format!("Encounter {}", n + 1),
    };
    let at = format!("day.encounter.{name}");
    // The keys: its own, or a table of the fight's.
    let replaceable: Vec<&str> = sections
        .iter()
        .copied()
        .filter(|s| *s != DAY && !FIGHTER_TABLES.contains(s) && *s != TEMPLATES)
        .collect();
    let mut settings: Vec<(&Spanned<String>, &Node)> = Vec::new();
    for (k, v) in entries {
        let key = k.get_ref().as_str();
        if OWN_KEYS.contains(&key) {
            continue;
        }
        if replaceable.contains(&key) && matches!(v.value, NodeValue::Table(_)) {
            settings.push((k, v));
            continue;
        }
        let allowed: Vec<String> = OWN_KEYS
            .iter()
            .filter(|o| **o != "kind" || !hazards.is_empty())
            .chain(replaceable.iter())
            .map(|s| format!("`{s}`"))
            .collect();
        return Err(doc.invalid(
            k.span(),
            format!("{at}.{key}"),
            format!(
                "unknown field `{key}`{}; allowed: {} (a table named as a file-level table of the fight replaces it for this encounter)",
                hint::did_you_mean(key, OWN_KEYS.iter().chain(replaceable.iter()).copied()),
                allowed.join(", ")
            ),
        ));
    }
    let rest_node = table.get("rest");
    let rest = match rest_node {
        None => Rest::None,
        Some(v) => v.as_str().and_then(Rest::from_word).ok_or_else(|| {
            doc.invalid(
                v.span.clone(),
                format!("{at}.rest"),
                "allowed: \"none\", \"short\", \"long\"",
            )
        })?,
    };
    let gap_minutes = match table.get("gap_minutes") {
        None => default_gap,
        Some(v) => minutes(doc, v, &format!("{at}.gap_minutes"))?,
    };
    let hazard = match table.get("kind") {
        None => None,
        Some(v) if hazards.is_empty() => {
            return Err(doc.invalid(
                v.span.clone(),
                format!("{at}.kind"),
                "this system has no hazards: an encounter here is a fight (`foes`)",
            ));
        }
        Some(v) => match v.as_str() {
            Some(k) if hazards.contains(&k) => Some(Spanned::new(v.span.clone(), k.to_string())),
            _ => {
                return Err(doc.invalid(
                    v.span.clone(),
                    format!("{at}.kind"),
                    format!(
                        "allowed: {}",
                        hazards
                            .iter()
                            .map(|h| format!("\"{h}\""))
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                ));
            }
        },
    };
    let foes = foe_tables(doc, table, &at, side, foe_table == "combatant")?;
    match (&hazard, foes.is_empty()) {
        (None, true) => {
            return Err(doc.invalid(
                table.span.clone(),
                format!("{at}.foes"),
                format!(
                    "encounter \"{name}\" has no foe: give `foes = [\"…\"]` (templates or library names) or `[[day.encounter.foe]]` tables{}",
                    if hazards.is_empty() { "" } else { ", or a hazard `kind`" }
                ),
            ));
        }
        (Some(h), false) => {
            return Err(doc.invalid(
                h.span(),
                format!("{at}.kind"),
                "a hazard has no foes: give `kind` or foes, not both",
            ));
        }
        _ => {}
    }
    if let Some(h) = &hazard
        && !settings.iter().any(|(k, _)| k.get_ref() == h.get_ref())
    {
        return Err(doc.invalid(
            h.span(),
            format!("{at}.{}", h.get_ref()),
            format!(
                "a `{0}` encounter needs its `[day.encounter.{0}]` table (the keys of a `[{0}]` scenario)",
                h.get_ref()
            ),
        ));
    }
    // The encounter's document: the file without the day, the foes after the party, its
    // tables in place of the file's.
    let mut edited = doc
        .edited(&NOT_IN_ENCOUNTERS, &[])
        .map_err(|e| doc.invalid(table.span.clone(), at.clone(), e))?;
    let NodeValue::Table(top) = &mut edited.root.value else {
        unreachable!("a document is a table")
    };
    for (k, v) in &settings {
        top.retain(|(t, _)| t.get_ref() != k.get_ref());
        top.push(((*k).clone(), (*v).clone()));
    }
    if !foes.is_empty() {
        let list = top.iter_mut().find(|(k, _)| k.get_ref() == foe_table);
        match list {
            Some((
                _,
                Node {
                    value: NodeValue::Array(items),
                    ..
                },
            )) => items.extend(foes),
            Some((k, _)) => {
                return Err(doc.invalid(
                    k.span(),
                    foe_table,
                    format!("expected `[[{foe_table}]]` tables"),
                ));
            }
            None => top.push((
                Spanned::new(table.span.clone(), foe_table.to_string()),
                Node {
                    span: table.span.clone(),
                    value: NodeValue::Array(foes),
                },
            )),
        }
    }
    // A foe naming no template: the error names the encounter's key, not the fighter table
    // the foe became.
    let first_line = doc.source.line_col(table.span.start).0;
    let mut expanded = edited.expanded().map_err(|mut e| {
        if let ScenarioError::Invalid {
            key: Some(k), line, ..
        } = &mut e
            && k.starts_with(&format!("{foe_table}."))
            && k.ends_with(".use")
            && *line >= first_line
        {
            *k = format!("{at}.foes");
        }
        e
    })?;
    if foe_table == "combatant" {
        give_foes_a_side(&mut expanded, party, side, doc, &at)?;
    }
    let _ = party_table;
    Ok(Planned {
        name,
        rest,
        rest_at: rest_node.map_or(table.span.clone(), |r| r.span.clone()),
        gap_minutes,
        at: table.span.clone(),
        hazard,
        doc: expanded,
    })
}

/// The encounter's foes as fighter tables: each name of `foes` a table that `use`s it (at
/// the name's place in the file; a name given more than once numbered `Goblin 1`,
/// `Goblin 2`), then the `[[day.encounter.foe]]` tables as written.
fn foe_tables(
    doc: &Document,
    table: &Node,
    at: &str,
    _side: &str,
    _sided: bool,
) -> Result<Vec<Node>, ScenarioError> {
    let mut out = Vec::new();
    if let Some(list) = table.get("foes") {
        let NodeValue::Array(names) = &list.value else {
            return Err(doc.invalid(
                list.span.clone(),
                format!("{at}.foes"),
                "expected a list of names in quotes",
            ));
        };
        let mut written: Vec<&str> = Vec::new();
        for v in names {
            let Some(name) = v.as_str() else {
                return Err(doc.invalid(
                    v.span.clone(),
                    format!("{at}.foes"),
                    "expected a creature's name in quotes",
                ));
            };
            written.push(name);
        }
        for (i, v) in names.iter().enumerate() {
            let name = written[i];
            let copies = written.iter().filter(|w| **w == name).count();
            let number = written[..=i].iter().filter(|w| **w == name).count();
            let mut entries = vec![(Spanned::new(v.span.clone(), "use".to_string()), v.clone())];
            if copies > 1 {
                entries.push((
                    Spanned::new(v.span.clone(), "name".to_string()),
                    Node {
                        span: v.span.clone(),
                        value: NodeValue::String(format!("{name} {number}")),
                    },
                ));
            }
            out.push(Node {
                span: v.span.clone(),
                value: NodeValue::Table(entries),
            });
        }
    }
    if let Some(list) = table.get("foe") {
        let NodeValue::Array(items) = &list.value else {
            return Err(doc.invalid(
                list.span.clone(),
                format!("{at}.foe"),
                "expected `[[day.encounter.foe]]` tables",
            ));
        };
        out.extend(items.iter().cloned());
    }
    Ok(out)
}

/// Each foe (the fighters after the party's `party`) without a side is on side "foes"; one
/// on the party's side is refused.
fn give_foes_a_side(
    expanded: &mut Document,
    party: usize,
    side: &str,
    doc: &Document,
    at: &str,
) -> Result<(), ScenarioError> {
    let NodeValue::Table(top) = &mut expanded.root.value else {
        return Ok(());
    };
    let Some((
        _,
        Node {
            value: NodeValue::Array(items),
            ..
        },
    )) = top.iter_mut().find(|(k, _)| k.get_ref() == "combatant")
    else {
        return Ok(());
    };
    for item in items.iter_mut().skip(party) {
        let span = item.span.clone();
        let NodeValue::Table(entries) = &mut item.value else {
            continue;
        };
        match entries.iter().find(|(k, _)| k.get_ref() == "side") {
            Some((_, s)) if s.as_str() == Some(side) => {
                return Err(doc.invalid(
                    s.span.clone(),
                    format!("{at}.foe.side"),
                    format!("a foe on the party's side \"{side}\"; give it another side (or none: \"foes\")"),
                ));
            }
            Some(_) => {}
            None => entries.push((
                Spanned::new(span.clone(), "side".to_string()),
                Node {
                    span,
                    value: NodeValue::String("foes".to_string()),
                },
            )),
        }
    }
    Ok(())
}
