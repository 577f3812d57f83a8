//! The scenario reference, `docs/scenarios/<system>.md`, written from the key declarations
//! ([`super::keys`]): per shape its tables with every key (what it takes, what leaving it out
//! means, its meaning and seed lines), the metrics it reports and how it is played; then the
//! keys every scenario takes (the top level's from the [`Catalog`] the caller hands in), the
//! metrics every fight reports and those every day reports. `oddsmith docs` writes the
//! files; a test fails when a committed one differs from what this writes.

use super::catalog::{Catalog, System};
use super::day::DAY_SHAPE;
use super::keys::common::{DAY_METRICS, FIGHT_METRICS};
use super::keys::common::{DIFFICULTY, RUN, TACTICS_TABLE, TEMPLATE_KEYS, TUNE};
use super::keys::{Absent, Metric, Shape, Table};
use std::fmt::Write as _;

/// The command that writes the reference, for the files' first lines and the staleness
/// test's message.
pub const COMMAND: &str = "cargo run --release -- docs";

/// Where the reference lives in the repository.
pub const FOLDER: &str = "docs/scenarios";

/// GitHub's anchor for a heading: lower case, spaces to `-`, other punctuation dropped.
fn anchor(heading: &str) -> String {
    heading
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            '-' | '_' => Some(c),
            c if c.is_alphanumeric() => Some(c.to_ascii_lowercase()),
            _ => None,
        })
        .collect()
}

/// Text for a table cell: `|` escaped, on one line.
fn cell(text: &str) -> String {
    text.replace('|', "\\|").replace('\n', " ")
}

/// The heading of a shape's section.
fn shape_heading(shape: &Shape) -> String {
    format!("{}: `{}`", shape.title, shape.name)
}

/// A key table in Markdown.
fn keys_table(out: &mut String, table: &Table, heading: &str) {
    let name = match table.path {
        "" => "The top level".to_string(),
        _ => format!("`{}`", table.heading()),
    };
    let _ = writeln!(out, "{heading} {name}: {}\n", table.about);
    out.push_str("| key | takes | if left out | meaning | seed |\n|---|---|---|---|---|\n");
    for key in table.keys {
        let absent = match key.absent {
            Absent::Unset => String::new(),
            Absent::Required => "**required**".into(),
            Absent::RequiredUnless(when) => format!("**required** unless {when}"),
            Absent::Is(v) => format!("`{v}`"),
            Absent::Means(what) => what.to_string(),
        };
        let _ = writeln!(
            out,
            "| `{}` | {} | {} | {} | {} |",
            key.name,
            cell(&key.allowed()),
            cell(&absent),
            cell(key.meaning),
            cell(key.seed)
        );
    }
    out.push('\n');
}

/// A metric table in Markdown.
fn metrics_table(out: &mut String, metrics: &[Metric]) {
    out.push_str("| metric | meaning |\n|---|---|\n");
    for m in metrics {
        let names: Vec<String> = m.name.split(", ").map(|n| format!("`{n}`")).collect();
        let _ = writeln!(out, "| {} | {} |", names.join(", "), cell(m.meaning));
    }
    out.push('\n');
}

/// The reference of `system`, one of `catalog`'s, as committed under [`FOLDER`].
pub fn markdown(catalog: &Catalog, system: &System) -> String {
    let schema = system.schema;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "# {} scenarios (`system = \"{}\"`)\n",
        schema.title, system.name
    );
    let _ = writeln!(
        out,
        "<!-- Written by `{COMMAND}` from the key declarations in the code; do not edit. -->\n"
    );
    out.push_str("A scenario describes one of:\n\n");
    for shape in schema.shapes {
        let first = shape.tables.first().map_or(String::new(), |t| t.heading());
        let _ = writeln!(
            out,
            "- [{}](#{}) (`{first}`): {}",
            shape.title,
            anchor(&shape_heading(shape)),
            shape.about
        );
    }
    let _ = writeln!(
        out,
        "\nStart one with `oddsmith new {} SHAPE`. [Every scenario](#keys-every-scenario-takes) \
         also takes `name`, `system`, `description`, `include` and `[run]`.\n",
        system.name
    );
    out.push_str("Seed lines cite the rules: ");
    let legend: Vec<String> = schema
        .seeds
        .iter()
        .map(|(prefix, what)| format!("`{prefix}:L` is line L of {what}"))
        .collect();
    let _ = writeln!(out, "{}.\n", legend.join("; "));

    let mut shown: Vec<(&str, &Shape)> = Vec::new();
    for shape in schema.shapes {
        let _ = writeln!(out, "## {}\n", shape_heading(shape));
        let _ = writeln!(
            out,
            "{} Start from `oddsmith new {} {}`.\n",
            capitalized(shape.about),
            system.name,
            shape.name
        );
        for table in shape.tables {
            match shown.iter().find(|(path, _)| *path == table.path) {
                Some((_, first)) => {
                    let _ = writeln!(
                        out,
                        "### `{}`: as in [{}](#{})\n",
                        table.heading(),
                        first.title,
                        anchor(&shape_heading(first))
                    );
                }
                None => {
                    keys_table(&mut out, table, "###");
                    shown.push((table.path, shape));
                }
            }
        }
        if !shape.metrics.is_empty() || shape.fight {
            out.push_str("### Metrics\n\n");
            if !shape.metrics.is_empty() {
                metrics_table(&mut out, shape.metrics);
            }
            if shape.fight {
                out.push_str(
                    "And [the metrics every fight reports](#metrics-every-fight-reports); a \
                     fight also takes [`[difficulty]` and templates](#keys-every-fight-takes).\n\n",
                );
            }
        }
        if !shape.prose.trim().is_empty() {
            out.push_str("### How it is played\n\n");
            out.push_str(shape.prose.trim());
            out.push_str("\n\n");
        }
    }

    out.push_str("## Keys every scenario takes\n\n");
    keys_table(&mut out, catalog.header, "###");
    keys_table(&mut out, &RUN, "###");
    keys_table(&mut out, &TUNE, "###");
    out.push_str(
        "`[sweep]` (`\"KEY.PATH\" = [values]`) and `[variant.NAME]` (`\"KEY.PATH\" = value`) take \
         any key above by its path, as `--set` does: see the [guide](../guide.md).\n\n",
    );
    if schema.shapes.iter().any(|s| s.fight) {
        out.push_str("## Keys every fight takes\n\n");
        keys_table(&mut out, &DIFFICULTY, "###");
        keys_table(&mut out, &TACTICS_TABLE, "###");
        keys_table(&mut out, &TEMPLATE_KEYS, "###");
        out.push_str("## Metrics every fight reports\n\n");
        out.push_str("`NAME` is a combatant, `SIDE` a side, in every system alike.\n\n");
        metrics_table(&mut out, FIGHT_METRICS);
    }
    if schema.shape(DAY_SHAPE).is_some() {
        out.push_str(
            "## Metrics every day reports

",
        );
        out.push_str(
            "`PARTY` is the party's side, `NAME` a member, `N` an encounter's number from 1. \
             Rates are per day, over all days.\n\n",
        );
        metrics_table(&mut out, DAY_METRICS);
    }
    while out.ends_with("\n\n") {
        out.pop();
    }
    out
}

/// `text` with its first letter in capitals, and a full stop at the end.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    let mut out: String = chars
        .next()
        .map(|c| c.to_uppercase().collect::<String>() + chars.as_str())
        .unwrap_or_default();
    if !out.ends_with('.') {
        out.push('.');
    }
    out
}

#[cfg(test)]
mod tests;
