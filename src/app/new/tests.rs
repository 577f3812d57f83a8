//! The templates of `oddsmith new`: every system has one, each validates as the scenario of
//! its system with nothing to warn about, each key carries its comment, and a bad name is
//! refused with the nearest allowed one.

use super::*;
use crate::systems::Scenario;

/// The systems of `oddsmith new` are the registry's, in its order, each with a shape.
#[test]
fn every_system_of_the_registry_has_a_shape() {
    for (name, _) in SystemKind::ALL {
        assert!(shapes_of(name).count() >= 1, "{name} has no template");
    }
    let mut systems: Vec<&str> = templates().map(|t| t.system).collect();
    systems.dedup();
    assert_eq!(systems, SystemKind::NAMES);
}

#[test]
fn shape_names_are_short_lowercase_and_unique_per_system() {
    for t in templates() {
        assert!(
            !t.shape.is_empty() && t.shape.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
            "{}",
            t.shape
        );
        let same = shapes_of(t.system).filter(|u| u.shape == t.shape).count();
        assert_eq!(same, 1, "{} {} twice", t.system, t.shape);
    }
    // A fight is `fight` in every system that has fights.
    for (name, _) in SystemKind::ALL {
        assert!(shapes_of(name).any(|t| t.shape == "fight"), "{name}");
    }
}

#[test]
fn every_template_validates_without_warnings() {
    for t in templates() {
        let path = format!("{}/{}.toml", t.system, t.shape);
        let s = Scenario::from_text(&path, &t.written()).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(s.system_name, t.system, "{path}");
        assert!(s.warnings().is_empty(), "{path}: {:?}", s.warnings());
        assert!(s.sweep_points().unwrap().is_none(), "{path}: no sweep");
        // A day's band is the whole day's.
        let fight = t.shape == "fight" || t.shape == crate::scenario::day::DAY_SHAPE;
        assert_eq!(s.difficulty.is_some(), fight, "{path}");
    }
}

#[test]
fn every_template_says_what_to_read_and_comments_every_key() {
    for t in templates() {
        let path = format!("{}/{}", t.system, t.shape);
        let header = format!("`oddsmith new {} {}`", t.system, t.shape);
        let text = t.written();
        assert!(text.contains(&header), "{path}: the first lines name it");
        assert!(text.contains("# Read: 00"), "{path}: no seed lines");
        assert!(text.contains("# Answers: "), "{path}");
        assert!(text.contains("oddsmith run FILE"), "{path}");
        let lines: Vec<&str> = text.lines().collect();
        // A second `[[combatant]]` (side, member) takes the keys the first one explains.
        let mut seen: Vec<&str> = Vec::new();
        let mut repeated = false;
        for (i, line) in lines.iter().enumerate() {
            let code = line.trim_start();
            if code.starts_with('[') {
                let header = code.split('#').next().unwrap_or("").trim();
                repeated = header.starts_with("[[") && seen.contains(&header);
                seen.push(header);
                continue;
            }
            if repeated || code.is_empty() || code.starts_with('#') {
                continue;
            }
            let next_is_comment = lines
                .get(i + 1)
                .is_some_and(|n| n.starts_with(' ') && n.trim_start().starts_with('#'));
            assert!(
                line.contains("  # ") || next_is_comment,
                "{path}:{}: a key without its comment: {line}",
                i + 1
            );
        }
    }
}

#[test]
fn the_listing_names_every_template_and_every_system() {
    let all = listing(None);
    for t in templates() {
        assert!(
            all.contains(&format!("oddsmith new {} {} ", t.system, t.shape)),
            "{}",
            t.shape
        );
    }
    for (name, kind) in SystemKind::ALL {
        assert!(all.contains(&format!("\n{name}: ")), "{name}");
        let one = listing(Some(*kind));
        assert_eq!(
            one.matches("  oddsmith new ").count(),
            shapes_of(name).count()
        );
    }
}

#[test]
fn unknown_names_are_refused_with_the_nearest() {
    let e = plan(Some("gods-and-monster"), None, None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("(did you mean \"gods-and-monsters\"?)"), "{e}");
    assert!(e.contains("allowed: \"invisible-sun\""), "{e}");
    let e = plan(Some("bonus-dice"), Some("fihgt"), None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("(did you mean `fight`?)"), "{e}");
    assert!(e.contains("allowed: check, attack, damage, fight"), "{e}");
    let e = plan(Some("invisible-sun"), Some("contest"), None)
        .unwrap_err()
        .to_string();
    assert!(e.contains("contest is a shape of gods-and-monsters"), "{e}");
    let e = plan(Some("fight"), None, None).unwrap_err().to_string();
    assert!(e.contains("\"fight\" is a shape"), "{e}");
    assert!(matches!(plan(None, None, None), Ok(Ask::List)));
    assert!(matches!(
        plan(Some("bonus-dice"), None, None),
        Ok(Ask::System(SystemKind::BonusDice))
    ));
}

/// A template, its path and the keys it writes (table, key, line).
type File = (Template, String, Vec<(String, String, usize)>);

/// Every shape a system declares has a template and the other way round; every key a
/// template writes is declared for its table; and every key a shape declares is written (or
/// commented out) in its template, so `oddsmith new` shows them all. A table several shapes
/// share (`[rules]`) needs each of its keys in one of their templates, and in each template
/// one key; so does a table with the keys of one before it (Invisible Sun's Resist and
/// Withstand take Dodge's).
#[test]
fn every_template_writes_every_declared_key_of_its_shape_and_no_other() {
    use crate::scenario::keys::{Form, Kind, Table};
    let names = |t: &Table| t.keys.iter().map(|k| k.name).collect::<Vec<_>>();
    for (name, kind) in SystemKind::ALL {
        let schema = kind.schema();
        let shapes: Vec<&str> = schema.shapes.iter().map(|s| s.name).collect();
        let templates: Vec<&str> = shapes_of(name).map(|t| t.shape).collect();
        assert_eq!(shapes, templates, "{name}: declared shapes and templates");
        // (template, its path, the keys it writes) for every shape of the system.
        let files: Vec<File> = shapes_of(name)
            .map(|t| {
                let folder = t.system.replace('-', "_");
                let path = format!(
                    "crates/engine/src/systems/{folder}/schema/new/{}.toml",
                    t.shape
                );
                (t, path, annotate::keys_of(t.text))
            })
            .collect();
        // Does `t` (its keys `written`) write `key` of `table`?
        let writes = |t: &Template,
                      written: &[(String, String, usize)],
                      table: &Table,
                      key: &str| {
            if table.form == Form::Inline {
                return t.text.contains(&format!("{key} = "));
            }
            // A table a key holds may be written by its dotted keys (`attack.damage = 4`).
            let inner = format!("{}.{key}", table.path);
            written.iter().any(|(p, k, _)| {
                (*p == table.path && k == key) || *p == inner || p.starts_with(&format!("{inner}."))
            })
        };
        for (t, path, written) in &files {
            for (table, key, line) in written {
                if table == "sweep" || table.starts_with("variant") {
                    continue;
                }
                assert!(
                    annotate::declared(schema, table, key).is_some(),
                    "{path}:{line}: `{key}` in [{table}] is not declared"
                );
            }
            let shape = schema.shape(t.shape).expect("a declared shape");
            for (i, table) in shape.tables.iter().enumerate() {
                let sharing: Vec<&File> = files
                    .iter()
                    .filter(|(u, _, _)| {
                        schema
                            .shape(u.shape)
                            .is_some_and(|s| s.tables.iter().any(|x| x.path == table.path))
                    })
                    .collect();
                let repeats = shape.tables[..i].iter().any(|x| names(x) == names(table));
                if repeats || sharing.len() > 1 {
                    let inner = format!("{}.", table.path);
                    assert!(
                        written
                            .iter()
                            .any(|(p, _, _)| *p == table.path || p.starts_with(&inner)),
                        "{path}: {} is not written",
                        table.heading()
                    );
                }
                if repeats {
                    continue;
                }
                for key in table.keys {
                    // A refused key is not written; nor is a table that is another shape's
                    // (a `[fall]` with a `[fall.climb]` is the climb).
                    let inner = format!("{}.{}", table.path, key.name);
                    let elsewhere = !shape.tables.iter().any(|x| x.path == inner)
                        && schema.tables().iter().any(|x| x.path == inner);
                    if key.kind == Kind::Refused || elsewhere {
                        continue;
                    }
                    assert!(
                        sharing
                            .iter()
                            .any(|(u, _, w)| writes(u, w, table, key.name)),
                        "{path}: `{}` of {} is not written (nor by another shape with it)",
                        key.name,
                        table.heading()
                    );
                }
            }
        }
    }
}

/// Whether `metric` (`death.Sam Stevens`, `successes.2`) is one of the names `doc` lists
/// (`death.NAME`, `successes.K, successes.mean`, `mojo_spent.NAME.mean, .median`): a
/// capitalised word stands for any one part (a name, a side, a number), `*` for the rest; a
/// name after a comma that starts with `.` replaces the last part of the one before it.
fn documented(metric: &str, doc: &str) -> bool {
    let mut stem = String::new();
    doc.split(", ").any(|alt| {
        let full = match alt.strip_prefix('.') {
            Some(last) => format!("{stem}.{last}"),
            None => alt.to_string(),
        };
        stem = full
            .rsplit_once('.')
            .map_or(String::new(), |(s, _)| s.to_string());
        let want: Vec<&str> = full.split('.').collect();
        let have: Vec<&str> = metric.split('.').collect();
        let any = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_uppercase());
        let star = want.last() == Some(&"*");
        (have.len() == want.len() || (star && have.len() >= want.len() - 1))
            && want
                .iter()
                .zip(&have)
                .all(|(w, h)| *w == "*" || any(w) || w == h)
    })
}

#[test]
fn documented_names_match_the_metrics_they_stand_for() {
    assert!(documented("death.Sam Stevens", "death.NAME"));
    assert!(documented("successes.2", "successes.K, successes.mean"));
    assert!(documented("successes.mean", "successes.K, successes.mean"));
    assert!(documented(
        "mojo_spent.Yeti.p90",
        "mojo_spent.NAME.mean, .median, .p90, .p99"
    ));
    assert!(documented("experience.mean", "experience.*"));
    assert!(!documented("death.Sam Stevens", "dying.NAME"));
    assert!(!documented("rounds.mean", "rounds.median"));
}

/// Every metric each shape's example reports is in the reference: among the shape's own
/// metrics, or a fight's shared ones ([`crate::combat::FIGHT_METRICS`]), or a day's
/// ([`crate::combat::day::DAY_METRICS`]).
#[test]
fn every_metric_a_shape_reports_is_documented() {
    use crate::scenario::day::DAY_SHAPE;
    use crate::systems::{RuleSystem, Visit};
    struct Rows;
    impl Visit for Rows {
        type Output = Vec<String>;
        fn visit<S: RuleSystem>(self, s: &S) -> Vec<String> {
            let tally = crate::sim::run(s, 4096, 1, &crate::sim::NoProgress);
            crate::stats::summarize(s.layout(), &tally, None)
                .into_iter()
                .map(|r| r.metric)
                .collect()
        }
    }
    for t in templates() {
        let kind = SystemKind::from_name(t.system).unwrap();
        let shape = kind.schema().shape(t.shape).unwrap();
        let s = Scenario::from_text(t.shape, &t.written()).unwrap();
        let shared: &[crate::scenario::keys::Metric] = if shape.name == DAY_SHAPE {
            crate::combat::day::DAY_METRICS
        } else if shape.fight {
            crate::combat::FIGHT_METRICS
        } else {
            &[]
        };
        let rows = s.system.visit(Rows);
        assert!(rows.len() >= 2, "{} {}: {rows:?}", t.system, t.shape);
        for metric in rows {
            assert!(
                shape
                    .metrics
                    .iter()
                    .chain(shared)
                    .any(|m| documented(&metric, m.name)),
                "{} {}: `{metric}` is reported but not documented",
                t.system,
                t.shape
            );
        }
    }
}
