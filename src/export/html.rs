//! Reports for people: a self-contained `index.html` per scenario (tables, the run's SVG
//! charts inline, and what was run: scenario text, seed, trials, oddsmith version, date), a
//! `report.md` with the same content for a wiki, and `reports/index.html` linking them.

use super::table::cells;
use crate::stats::{Report, SweepReport};
use std::fmt::Write;
use std::path::Path;

/// The results a report shows.
#[derive(Debug, Clone, Copy)]
pub enum Results<'a> {
    /// One run and its notes.
    Single(&'a Report, &'a [String]),
    /// A sweep.
    Sweep(&'a SweepReport),
}

/// What was run, for the report's record.
#[derive(Debug, Clone)]
pub struct RunInfo {
    /// Scenario `name`.
    pub name: String,
    /// Scenario `description`.
    pub description: String,
    /// Scenario `system`.
    pub system: String,
    /// Scenario file as given.
    pub path: String,
    /// Scenario file text.
    pub text: String,
    /// Trials (per grid point for sweeps).
    pub trials: u64,
    /// Seed.
    pub seed: u64,
    /// oddsmith's version.
    pub version: String,
    /// When the report was made (UTC, RFC 3339).
    pub date: String,
}

/// `text` with HTML's special characters escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

const HEADER: [&str; 5] = ["metric", "estimate", "95% interval", "exact", "trials"];

/// The table rows a report shows: every metric of a run; each headline rate at every point
/// of a sweep, prefixed by the swept values.
fn rows(results: Results<'_>) -> (Vec<String>, Vec<Vec<String>>) {
    match results {
        Results::Single(report, _) => (
            HEADER.map(String::from).to_vec(),
            report.metrics.iter().map(|m| cells(m).to_vec()).collect(),
        ),
        Results::Sweep(sweep) => {
            let mut header = sweep.field_labels();
            header.extend(HEADER.map(String::from));
            let headline = sweep.headline_metrics();
            let body = sweep
                .points
                .iter()
                .flat_map(|p| {
                    let headline = &headline;
                    p.metrics
                        .iter()
                        .filter(move |m| headline.contains(&m.metric))
                        .map(move |m| {
                            let mut row: Vec<String> =
                                p.values.iter().map(|v| format!("{v}")).collect();
                            row.extend(cells(m));
                            row
                        })
                })
                .collect();
            (header, body)
        }
    }
}

/// The SVG charts in `dir`, by file name, sorted, without their XML prologue.
fn charts(dir: &Path) -> Vec<(String, String)> {
    let mut found: Vec<(String, String)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            if !name.ends_with(".svg") || name.starts_with('.') {
                return None;
            }
            let text = std::fs::read_to_string(e.path()).ok()?;
            let start = text.find("<svg")?;
            Some((name, text[start..].to_string()))
        })
        .collect();
    found.sort();
    found
}

const STYLE: &str = "body{font-family:sans-serif;margin:2em auto;max-width:1100px;color:#222}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;\
text-align:right}td:first-child,th:first-child{text-align:left}th{background:#f0f0f0}\
figure{margin:1.5em 0}figure svg{max-width:100%;height:auto;border:1px solid #ddd}\
pre{background:#f6f6f6;padding:1em;overflow-x:auto}.note{color:#555}";

/// The self-contained HTML page of one scenario; charts are read from `dir`.
pub fn page(info: &RunInfo, results: Results<'_>, dir: &Path) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>{}</title>\
         <style>{STYLE}</style></head><body>\n<h1>{}</h1>\n<p>{}</p>\n",
        escape(&info.name),
        escape(&info.name),
        escape(&info.description)
    );
    let _ = writeln!(
        h,
        "<p class=\"note\">system <b>{}</b> · {} trials{} · seed {} · oddsmith {} · {}</p>",
        escape(&info.system),
        info.trials,
        if matches!(results, Results::Sweep(_)) {
            " per grid point"
        } else {
            ""
        },
        info.seed,
        escape(&info.version),
        escape(&info.date)
    );
    if let Results::Single(_, notes) = results {
        for n in notes {
            let _ = writeln!(h, "<p class=\"note\">{}</p>", escape(n));
        }
    }
    let (header, body) = rows(results);
    h.push_str("<h2>Results</h2>\n<table><tr>");
    for c in &header {
        let _ = write!(h, "<th>{}</th>", escape(c));
    }
    h.push_str("</tr>\n");
    for row in &body {
        h.push_str("<tr>");
        for c in row {
            let _ = write!(h, "<td>{}</td>", escape(c));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table>\n<h2>Charts</h2>\n");
    for (name, svg) in charts(dir) {
        let _ = writeln!(
            h,
            "<figure id=\"{0}\">{svg}<figcaption>{0}</figcaption></figure>",
            escape(&name)
        );
    }
    let _ = write!(
        h,
        "<h2>Scenario</h2>\n<p class=\"note\">{}</p>\n<pre>{}</pre>\n</body></html>\n",
        escape(&info.path),
        escape(&info.text)
    );
    h
}

/// The same content as Markdown, charts linked as images beside it.
pub fn markdown(info: &RunInfo, results: Results<'_>, dir: &Path) -> String {
    let mut m = String::new();
    let _ = writeln!(m, "# {}\n\n{}\n", info.name, info.description);
    let _ = writeln!(
        m,
        "system `{}` · {} trials · seed {} · oddsmith {} · {}\n",
        info.system, info.trials, info.seed, info.version, info.date
    );
    if let Results::Single(_, notes) = results {
        for n in notes {
            let _ = writeln!(m, "> {n}\n");
        }
    }
    let (header, body) = rows(results);
    let _ = writeln!(m, "## Results\n\n| {} |", header.join(" | "));
    let _ = writeln!(m, "|{}", " --- |".repeat(header.len()));
    for row in &body {
        let _ = writeln!(m, "| {} |", row.join(" | "));
    }
    m.push_str("\n## Charts\n\n");
    for (name, _) in charts(dir) {
        let _ = writeln!(m, "![{name}]({name})\n");
    }
    let _ = writeln!(
        m,
        "## Scenario\n\n`{}`\n\n```toml\n{}\n```",
        info.path,
        info.text.trim_end()
    );
    m
}

/// One entry of the report index.
#[derive(Debug, Clone)]
pub struct IndexEntry {
    /// Folder name under the reports folder.
    pub folder: String,
    /// Scenario `name`.
    pub name: String,
    /// Scenario `system`.
    pub system: String,
    /// A one-line summary (the first headline rate).
    pub summary: String,
}

/// `reports/index.html`: a link to every scenario's page.
pub fn index(entries: &[IndexEntry], date: &str) -> String {
    let mut h = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>oddsmith reports</title>\
         <style>{STYLE}</style></head><body>\n<h1>oddsmith reports</h1>\n<p class=\"note\">{}</p>\n\
         <table><tr><th>scenario</th><th>system</th><th>headline</th></tr>\n",
        escape(date)
    );
    for e in entries {
        let _ = writeln!(
            h,
            "<tr><td><a href=\"{0}/index.html\">{1}</a></td><td>{2}</td><td>{3}</td></tr>",
            escape(&e.folder),
            escape(&e.name),
            escape(&e.system),
            escape(&e.summary)
        );
    }
    h.push_str("</table>\n</body></html>\n");
    h
}
