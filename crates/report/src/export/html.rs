//! Reports for people: a self-contained `index.html` per scenario (headline sentences, the
//! same tables as the terminal — trial-level rows and a row per combatant for fights, a grid
//! per headline rate beside its chart for sweeps — the run's SVG charts inline, and what was
//! run: scenario text, seed, trials, oddsmith version, date) and a `report.md` with the same
//! content for a wiki; `reports/index.html` is [`super::index_page`]. A run's charts come in
//! the order [`plot::report_charts`] gives (a sweep's as [`plot::sweep_charts`]), each
//! captioned with what it shows and linked to its PNG and SVG files. A file with
//! `[variant.NAME]` tables gets a variants section: its base and variants side by side, and
//! their chart. A run's notes go by their kind ([`Note`]): remarks above the results, the
//! aftermath in force under the headlines.

use super::comparison::paired_line;
use super::glance::{self, Glance};
use super::table::{self, TextTable, to_markdown};
use super::tactics::{range_line, tactics_tables};
use super::variants::{variants_headlines, variants_tables};
use crate::plot::{self, Chart, ChartNote};
use oddsmith_core::stats::compare::VariantsReport;
use oddsmith_core::stats::summary::file_part;
use oddsmith_core::stats::tactics::TacticsReport;
use oddsmith_core::stats::{Note, Report, SweepReport};
use std::fmt::Write;
use std::path::Path;

/// The results a report shows.
#[derive(Debug, Clone, Copy)]
pub enum Results<'a> {
    /// One run and its notes (remarks above the headlines, the aftermath in force under).
    Single(&'a Report, &'a [Note]),
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
    /// The `--set PATH=VALUE` arguments applied to it.
    pub sets: Vec<String>,
    /// Trials (per grid point for sweeps).
    pub trials: u64,
    /// Seed.
    pub seed: u64,
    /// oddsmith's version.
    pub version: String,
    /// When the report was made (UTC, RFC 3339).
    pub date: String,
    /// The file's base and its `[variant.NAME]`s side by side, when it has variants.
    pub variants: Option<VariantsReport>,
    /// The fight under each pairing of tactic profiles, when the file has `[tactics] range`.
    pub tactics: Option<TacticsReport>,
}

/// `text` with HTML's special characters escaped.
pub fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// What a results section holds: headline sentences, then tables, each with the chart
/// that belongs beside it (a sweep grid's heatmap or line chart), and a folded long table.
struct Section {
    headlines: Vec<String>,
    tables: Vec<(TextTable, Option<ChartNote>)>,
    folded: Option<TextTable>,
}

fn section(results: Results<'_>) -> Section {
    match results {
        Results::Single(report, _) => {
            let glance = Glance::of(report);
            Section {
                headlines: if report.trials > 0 {
                    glance.headlines.clone()
                } else {
                    Vec::new()
                },
                // A day's encounters each get the tables of a fight after the day's own.
                tables: table::run_tables(report, &glance)
                    .into_iter()
                    .chain(table::encounter_tables(report))
                    .map(|t| (t, None))
                    .collect(),
                folded: None,
            }
        }
        Results::Sweep(sweep) => {
            let metrics = sweep.headline_metrics();
            let grids = table::sweep_grids(sweep);
            let per_metric = grids.len() / metrics.len().max(1);
            let notes = plot::sweep_charts(sweep);
            let note = |stem: &str| notes.iter().find(|n| n.stem == stem).cloned();
            let tables = grids
                .into_iter()
                .enumerate()
                .map(|(i, t)| {
                    let chart = match sweep.fields.len() {
                        1 => (i == 0).then(|| note("sweep")).flatten(),
                        _ => metrics
                            .get(i / per_metric.max(1))
                            .filter(|_| i % per_metric.max(1) == 0)
                            .and_then(|m| note(&format!("heatmap_{}", file_part(m)))),
                    };
                    (t, chart)
                })
                .chain(
                    table::difficulty_grids(sweep)
                        .into_iter()
                        .map(|t| (t, None)),
                )
                .collect();
            Section {
                headlines: Vec::new(),
                tables,
                folded: Some(table::sweep_long(sweep)),
            }
        }
    }
}

fn html_table(t: &TextTable) -> String {
    let mut h = format!(
        "<h3>{}</h3>\n<div class=\"scroll\"><table><tr>",
        escape(&t.title)
    );
    for (i, c) in t.header.iter().enumerate() {
        let class = if i < t.left { " class=\"text\"" } else { "" };
        let _ = write!(h, "<th{class}>{}</th>", escape(c));
    }
    h.push_str("</tr>\n");
    for row in &t.rows {
        h.push_str("<tr>");
        for (i, c) in row.iter().enumerate() {
            let class = if i < t.left { " class=\"text\"" } else { "" };
            let _ = write!(h, "<td{class}>{}</td>", escape(c));
        }
        h.push_str("</tr>\n");
    }
    h.push_str("</table></div>\n");
    h
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

/// The charts not shown beside a table: a run's in the order of [`plot::report_charts`],
/// each with its caption, then any others by name.
fn rest_of_charts<'a>(
    results: Results<'_>,
    all: &'a [(String, String)],
    shown: &[String],
) -> Vec<(&'a (String, String), Option<String>)> {
    let notes = match results {
        Results::Single(report, _) => plot::report_charts(report),
        Results::Sweep(sweep) => plot::sweep_charts(sweep),
    };
    let mut rest: Vec<(&(String, String), Option<String>)> = Vec::new();
    for note in notes {
        let file = format!("{}.svg", note.stem);
        if let Some(chart) = all.iter().find(|(n, _)| *n == file && !shown.contains(n)) {
            rest.push((chart, Some(note.caption)));
        }
    }
    for chart in all {
        if !shown.contains(&chart.0) && !rest.iter().any(|(c, _)| c.0 == chart.0) {
            rest.push((chart, None));
        }
    }
    rest
}

/// The pages' style sheet.
pub(crate) const STYLE: &str = "body{font-family:sans-serif;margin:2em auto;max-width:1400px;padding:0 1em;color:#222}\
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;\
text-align:right;font-variant-numeric:tabular-nums;white-space:nowrap}.text{text-align:left}th{background:#f0f0f0}\
.headline{font-size:1.1em;margin:.3em 0}details{margin:1em 0}.scroll{overflow-x:auto}\
figure{margin:1.5em 0}figcaption{margin-top:.3em;max-width:1000px}figure svg{max-width:100%;height:auto;border:1px solid #ddd}\
pre{background:#f6f6f6;padding:1em;overflow-x:auto}.note{color:#555}";

/// A chart inline, its caption under it with links to its files (`name` is the SVG's file
/// name; the PNG beside it has the same stem).
fn figure(name: &str, svg: &str, caption: Option<&str>) -> String {
    let png = format!("{}.png", name.trim_end_matches(".svg"));
    format!(
        "<figure id=\"{0}\">{svg}<figcaption>{1} <span class=\"note\">(<a href=\"{2}\">PNG</a>, \
         <a href=\"{0}\">SVG</a>)</span></figcaption></figure>\n",
        escape(name),
        escape(caption.unwrap_or(name)),
        escape(&png)
    )
}

/// The self-contained HTML page of one scenario; charts are read from `dir`.
/// The trials a page's header shows: the `trials` run, or for an interrupted run that it is
/// partial and how far it got (`partial: 4,784,128 of 100,000,000 trials`); per grid point
/// for a sweep.
pub fn trials_shown(trials: u64, results: Results<'_>) -> String {
    let (done, partial, per) = match results {
        Results::Single(report, _) => (report.trials, report.partial.as_ref(), ""),
        Results::Sweep(sweep) => (sweep.trials, sweep.partial.as_ref(), " per grid point"),
    };
    match partial {
        Some(p) => {
            let mut s = format!(
                "partial: {} of {} trials{per}",
                super::format::thousands(done),
                super::format::thousands(p.trials_requested)
            );
            if !p.missing_points.is_empty() {
                s.push_str(&format!(", {} grid points not run", p.missing_points.len()));
            }
            s
        }
        None => format!("{trials} trials{per}"),
    }
}

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
        "<p class=\"note\">system <b>{}</b> · {} · seed {} · oddsmith {} · {}</p>",
        escape(&info.system),
        escape(&trials_shown(info.trials, results)),
        info.seed,
        escape(&info.version),
        escape(&info.date)
    );
    let (above, under) = match results {
        Results::Single(_, notes) => glance::split_notes(notes),
        _ => Default::default(),
    };
    for n in above {
        let _ = writeln!(h, "<p class=\"note\">{}</p>", escape(n));
    }
    let sec = section(results);
    let all_charts = charts(dir);
    let mut shown: Vec<String> = Vec::new();
    h.push_str("<h2>Results</h2>\n");
    for line in &sec.headlines {
        let _ = writeln!(h, "<p class=\"headline\"><b>{}</b></p>", escape(line));
    }
    for n in under {
        let _ = writeln!(h, "<p class=\"note\">{}</p>", escape(&table::in_force(n)));
    }
    for (t, chart) in &sec.tables {
        h.push_str(&html_table(t));
        if let Some((note, (name, svg))) = chart.as_ref().and_then(|c| {
            let file = format!("{}.svg", c.stem);
            all_charts.iter().find(|(n, _)| *n == file).map(|f| (c, f))
        }) {
            h.push_str(&figure(name, svg, Some(&note.caption)));
            shown.push(name.clone());
        }
    }
    if let Some(v) = &info.variants {
        h.push_str(&variants_closing(v).html(&all_charts, &mut shown));
    }
    if let Some(t) = &info.tactics {
        h.push_str(&tactics_closing(t).html(&all_charts, &mut shown));
    }
    let rest = rest_of_charts(results, &all_charts, &shown);
    if !rest.is_empty() {
        h.push_str("<h2>Charts</h2>\n");
    }
    for ((name, svg), caption) in rest {
        h.push_str(&figure(name, svg, caption.as_deref()));
    }
    if let Some(t) = &sec.folded {
        let _ = writeln!(
            h,
            "<details><summary>{} ({} rows)</summary>\n{}</details>",
            escape(&t.title),
            t.rows.len(),
            html_table(t)
        );
    }
    let _ = write!(
        h,
        "<h2>Scenario</h2>\n<p class=\"note\">{}</p>\n{}<pre>{}</pre>\n</body></html>\n",
        escape(&info.path),
        sets_line(info)
            .map(|l| format!("<p class=\"note\">{}</p>\n", escape(&l)))
            .unwrap_or_default(),
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
        "system `{}` · {} · seed {} · oddsmith {} · {}\n",
        info.system,
        trials_shown(info.trials, results),
        info.seed,
        info.version,
        info.date
    );
    let (above, under) = match results {
        Results::Single(_, notes) => glance::split_notes(notes),
        _ => Default::default(),
    };
    for n in above {
        let _ = writeln!(m, "> {n}\n");
    }
    let sec = section(results);
    let all_charts = charts(dir);
    let mut shown: Vec<String> = Vec::new();
    m.push_str("## Results\n\n");
    for line in &sec.headlines {
        let _ = writeln!(m, "**{line}**\n");
    }
    for n in under {
        let _ = writeln!(m, "> {}\n", table::in_force(n));
    }
    for (t, chart) in &sec.tables {
        let _ = writeln!(m, "{}", to_markdown(t));
        if let Some((note, name)) = chart.as_ref().and_then(|c| {
            let file = format!("{}.svg", c.stem);
            all_charts
                .iter()
                .any(|(n, _)| *n == file)
                .then_some((c, file))
        }) {
            m.push_str(&md_figure(&name, Some(&note.caption)));
            shown.push(name);
        }
    }
    if let Some(v) = &info.variants {
        m.push_str(&variants_closing(v).markdown(&all_charts, &mut shown));
    }
    if let Some(t) = &info.tactics {
        m.push_str(&tactics_closing(t).markdown(&all_charts, &mut shown));
    }
    let rest = rest_of_charts(results, &all_charts, &shown);
    if !rest.is_empty() {
        m.push_str("## Charts\n\n");
    }
    for ((name, _), caption) in rest {
        m.push_str(&md_figure(name, caption.as_deref()));
    }
    if let Some(t) = &sec.folded {
        let _ = writeln!(
            m,
            "<details><summary>{}</summary>\n\n{}</details>\n",
            t.title,
            to_markdown(t)
        );
    }
    let _ = writeln!(
        m,
        "## Scenario\n\n`{}`\n\n{}```toml\n{}\n```",
        info.path,
        sets_line(info).map(|l| l + "\n\n").unwrap_or_default(),
        info.text.trim_end()
    );
    m
}

/// A chart as a Markdown image with its caption in italics under it.
fn md_figure(name: &str, caption: Option<&str>) -> String {
    match caption {
        Some(c) => format!("![{c}]({name})\n\n*{c}*\n\n"),
        None => format!("![{name}]({name})\n\n"),
    }
}

/// A closing section of a page made of parts: a note on how it was made, headline
/// sentences, tables, and a chart with its caption (the chart file `<stem>.svg` among `all`,
/// marked shown).
struct Closing {
    title: &'static str,
    note: String,
    headlines: Vec<String>,
    tables: Vec<TextTable>,
    chart: (String, String),
}

impl Closing {
    fn html(self, all: &[(String, String)], shown: &mut Vec<String>) -> String {
        let mut h = format!(
            "<h2>{}</h2>\n<p class=\"note\">{}</p>\n",
            self.title,
            escape(&self.note)
        );
        for line in &self.headlines {
            let _ = writeln!(h, "<p class=\"headline\">{}</p>", escape(line));
        }
        for t in &self.tables {
            h.push_str(&html_table(t));
        }
        let (stem, caption) = &self.chart;
        let file = format!("{stem}.svg");
        if let Some((name, svg)) = all.iter().find(|(n, _)| *n == file) {
            h.push_str(&figure(name, svg, Some(caption)));
            shown.push(name.clone());
        }
        h
    }

    fn markdown(self, all: &[(String, String)], shown: &mut Vec<String>) -> String {
        let mut m = format!("## {}\n\n{}\n\n", self.title, self.note);
        for line in &self.headlines {
            let _ = writeln!(m, "{line}\n");
        }
        for t in &self.tables {
            let _ = writeln!(m, "{}", to_markdown(t));
        }
        let (stem, caption) = &self.chart;
        let file = format!("{stem}.svg");
        if all.iter().any(|(n, _)| *n == file) {
            m.push_str(&md_figure(&file, Some(caption)));
            shown.push(file);
        }
        m
    }
}

/// The variants section: why paired, the headlines, the side-by-side tables and the
/// variants chart.
fn variants_closing(v: &VariantsReport) -> Closing {
    let chart = plot::variants::VariantChart;
    Closing {
        title: "Variants",
        note: paired_line(true),
        headlines: variants_headlines(v),
        tables: variants_tables(v),
        chart: (chart.stem(), chart.caption(v)),
    }
}

/// The tactics section: how the pairings were played, the range, the grids and the
/// heatmap.
fn tactics_closing(t: &TacticsReport) -> Closing {
    let chart = plot::tactics::TacticsChart;
    Closing {
        title: "Tactics",
        note: format!(
            "The fight under each pairing of tactic profiles ({}) for {} and its foes, {} \
             trials each, all from seed {}: the pairings differ by the tactics, not by noise.",
            t.profiles.join(", "),
            t.side,
            super::format::thousands(t.trials),
            t.seed
        ),
        headlines: range_line(t).into_iter().collect(),
        tables: tactics_tables(t),
        chart: (chart.stem(), chart.caption(t)),
    }
}

/// "Run with --set a=1, --set b=2 (the file below is as written)", when any were given.
fn sets_line(info: &RunInfo) -> Option<String> {
    (!info.sets.is_empty()).then(|| {
        let sets: Vec<String> = info.sets.iter().map(|s| format!("--set {s}")).collect();
        format!(
            "Run with {} (the file below is as written).",
            sets.join(", ")
        )
    })
}

#[cfg(test)]
mod tests;
