//! The tests of `docs` (the module above, `super`).

use super::*;
use crate::scenario::keys::common::{DIFFICULTY, RUN, TEMPLATE_KEYS, TUNE};
use crate::scenario::keys::{Form, Schema, Shape, lint};
use crate::scenario::reference::{COMMAND, FOLDER};

/// The tables every scenario shares, as a schema of their own for [`lint`].
const SHARED: Schema = Schema {
    title: "",
    seeds: &[],
    shapes: &[Shape {
        name: "shared",
        title: "",
        about: "",
        tables: &[CATALOG.header, &RUN, &TUNE, &DIFFICULTY, &TEMPLATE_KEYS],
        metrics: &[],
        fight: false,
        prose: "",
        example: "",
    }],
};

#[test]
fn every_declaration_holds_together() {
    let mut wrong = lint("(shared)", &SHARED);
    for (name, kind) in SystemKind::ALL {
        let schema = kind.schema();
        wrong.extend(lint(name, schema));
        assert!(!schema.shapes.is_empty(), "{name}: no shapes");
        for shape in schema.shapes {
            let first = shape.tables.first().expect("a shape has a table");
            assert_ne!(first.form, Form::Inline, "{name}: {}", shape.name);
            if shape.fight {
                assert!(
                    shape.tables.iter().any(|t| t.path == "aftermath"),
                    "{name} {}: a fight takes [aftermath]",
                    shape.name
                );
            }
        }
        for table in schema.tables() {
            // A list of tables is declared as a table of its own at its path.
            for key in table
                .keys
                .iter()
                .filter(|k| k.kind == crate::scenario::keys::Kind::Tables)
            {
                let path = format!("{}.{}", table.path, key.name);
                assert!(
                    schema.tables().iter().any(|t| t.path == path),
                    "{name}: `{}` holds tables that no table declares at {path}",
                    key.name
                );
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The committed reference is what the declarations write now.
/// The README's table of each system's recovery keys lists every `[day]` key a system
/// adds, with its declared default.
#[test]
fn the_readme_lists_every_recovery_key_with_its_default() {
    use crate::scenario::day::{DAY, DAY_SHAPE};
    use crate::scenario::keys::Absent;
    let readme =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
            .unwrap();
    for (_, kind) in SystemKind::ALL {
        let schema = kind.schema();
        let shape = schema.shape(DAY_SHAPE).expect("every system has days");
        let day = shape.tables.iter().find(|t| t.path == DAY).unwrap();
        for key in day.keys {
            if ["party", "gap_minutes", "encounter"].contains(&key.name) {
                continue;
            }
            let default = match key.absent {
                Absent::Is(v) => format!("`{v}`"),
                Absent::Means(what) => what.to_string(),
                _ => String::new(),
            };
            let row = format!("| {} | `{}` | {default} |", schema.title, key.name);
            assert!(
                readme.contains(&row),
                "README.md: no row `{row}` in the table of recovery keys"
            );
        }
    }
}

#[test]
fn the_committed_reference_is_current() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stale = Vec::new();
    for system in CATALOG.systems {
        let name = system.name;
        let path = root.join(FOLDER).join(format!("{name}.md"));
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed != format!("{}\n", markdown(&CATALOG, system)) {
            stale.push(format!("{FOLDER}/{name}.md"));
        }
    }
    assert!(
        stale.is_empty(),
        "{} differ from the key declarations: run `{COMMAND}` and commit the result",
        stale.join(", ")
    );
}
