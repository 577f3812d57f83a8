//! `oddsmith report`, looked at as a reader would: every page (each scenario's and the
//! index) renders in headless Chromium with every chart in the DOM, and its screenshot is a
//! page, not a blank or broken one; every chart kind a report embeds is there, and each
//! chart file decodes as a picture (ink in most rows, many colours), as does every file a
//! page or `report.md` links. Also: captions say what a chart shows, the index leads with
//! each scenario's headline sentence and band, `--seed` gives the same numbers, no written
//! file names the machine's folders, and nothing to report is exit 2. The browser part needs
//! Chromium (`.ci/run` installs it); without it the test says so and checks the files only,
//! unless `ODDSMITH_REQUIRE_BROWSER` is set, as CI does.

mod common;

use common::page::{assert_chart_picture, assert_links_load, browser, headless, picture};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs oddsmith in `cwd`.
fn oddsmith(cwd: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_oddsmith"))
        .current_dir(cwd)
        .args(args)
        .output()
        .unwrap()
}

fn project() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The chart kinds a report embeds and a scenario that has each: every one must be on a
/// page and pass the picture checks below.
const CHART_KINDS: [(&str, &str); 12] = [
    ("warded_door", "rates"),
    ("warded_door", "successes_histogram"),
    ("yeti", "combatants"),
    ("yeti", "survival_curve"),
    ("yeti", "rounds_histogram"),
    ("yeti", "first_death"),
    ("yeti", "first_down"),
    ("yeti_day", "day"),
    ("yeti_survival_sweep", "sweep"),
    ("warded_door_sweep", "heatmap_success"),
    ("yeti_what_if", "variants"),
    ("yeti_what_if", "tactics"),
];

#[test]
fn every_report_page_and_chart_kind_is_a_picture() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("reports");
    let folders = [
        "warded_door",
        "yeti",
        "yeti_day",
        "warded_door_sweep",
        "yeti_survival_sweep",
        "yeti_what_if",
    ];
    let mut args = vec!["report".to_string()];
    args.extend(folders.iter().map(|f| format!("scenarios/{f}.toml")));
    args.extend(["--trials", "20000", "--quiet", "--out"].map(String::from));
    args.push(root.display().to_string());
    let out = oddsmith(
        project(),
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );

    // The index leads with each scenario's headline sentence and, for a fight, its band.
    let index = std::fs::read_to_string(root.join("index.html")).unwrap();
    for f in folders {
        assert!(index.contains(&format!("href=\"{f}/index.html\"")), "{f}");
    }
    for needle in [
        "Succeeds ",
        "Someone on party dies in ",
        "Party gets through the day in ",
        "Across 68 grid points, success ranges from 0.00% (challenge 1, magic_dice 0) to \
         100.00% (challenge 1, magic_dice 1); exact values.",
        "As survival goes from 10 to 40, any_death.party goes from ",
        "<br><span class=\"note\">for party</span>",
    ] {
        assert!(index.contains(needle), "index: {needle:?} missing");
    }
    assert!(!index.contains("win.party 0."), "no raw first metric");
    assert_links_load(&root, &index, "index.html");

    for (folder, stem) in CHART_KINDS {
        let page = std::fs::read_to_string(root.join(folder).join("index.html")).unwrap();
        assert!(
            page.contains(&format!("<figure id=\"{stem}.svg\">")),
            "{folder}: the {stem} chart is not on its page"
        );
        for ext in ["png", "svg"] {
            assert!(root.join(folder).join(format!("{stem}.{ext}")).is_file());
        }
    }
    for folder in folders {
        let dir = root.join(folder);
        let page = std::fs::read_to_string(dir.join("index.html")).unwrap();
        let svgs = std::fs::read_dir(&dir)
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .path()
                    .extension()
                    .is_some_and(|x| x == "svg")
            })
            .count();
        assert!(svgs >= 1, "{folder}: no chart");
        assert_eq!(
            page.matches("<svg").count(),
            svgs,
            "{folder}: every chart inline"
        );
        // Every chart file and every file the page and report.md link is a real picture.
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|x| x == "png") {
                assert_chart_picture(&path);
            }
        }
        assert_links_load(&dir, &page, &format!("{folder}/index.html"));
        let md = std::fs::read_to_string(dir.join("report.md")).unwrap();
        assert_links_load(&dir, &md, &format!("{folder}/report.md"));
        assert!(md.contains("## Results"), "{folder}: report.md");
        // Captions say what a chart shows, not its file name.
        for figure in page.split("<figcaption>").skip(1) {
            let caption = figure.split(" <span class=\"note\">").next().unwrap();
            assert!(
                !caption.ends_with(".svg") && caption.split(' ').count() >= 8,
                "{folder}: caption {caption:?}"
            );
        }
        for needle in ["<h2>Results</h2>", "<h2>Scenario</h2>", "oddsmith 0."] {
            assert!(page.contains(needle), "{folder}: {needle} missing");
        }
    }
    // Headline sentences first, then the same tables as the terminal.
    for (folder, headline, table) in [
        (
            "yeti",
            "Party wins ",
            "Per combatant (dead once the aftermath is over",
        ),
        ("warded_door", "Succeeds ", "Results (95% intervals)"),
    ] {
        let page = std::fs::read_to_string(root.join(folder).join("index.html")).unwrap();
        let (h, t) = (page.find(headline), page.find(table));
        assert!(
            h.is_some() && t.is_some() && h < t,
            "{folder}: headline, then table"
        );
    }
    // A fight's charts in the GM's order, each with a caption saying what it shows.
    let page = std::fs::read_to_string(root.join("yeti/index.html")).unwrap();
    let md = std::fs::read_to_string(root.join("yeti/report.md")).unwrap();
    let mut last = 0;
    for (file, caption) in [
        ("combatants.svg", "How each combatant ends the fight"),
        (
            "survival_curve.svg",
            "still has someone standing after round k",
        ),
        ("rounds_histogram.svg", "How many rounds a fight takes"),
        ("first_death.svg", "round of the first death on each side"),
    ] {
        let at = page
            .find(&format!("<figure id=\"{file}\">"))
            .unwrap_or_else(|| panic!("{file} missing from the page"));
        assert!(at > last, "{file} out of order");
        last = at;
        let figure = &page[at..];
        let figure = &figure[..figure.find("</figure>").unwrap()];
        assert!(figure.contains(caption), "{file}: caption {caption:?}");
        assert!(md.contains(&format!("]({file})")), "{file} in report.md");
    }
    assert!(!page.contains("first_death.party_histogram"));
    // A sweep's heatmap says its cells are exact; its grid beside it has the same values.
    let page = std::fs::read_to_string(root.join("warded_door_sweep/index.html")).unwrap();
    assert!(page.contains("each cell its exact value"));

    let Some(browser) = browser() else { return };
    let profile = dir.path().join("profile");
    let mut pages: Vec<PathBuf> = folders
        .iter()
        .map(|f| root.join(f).join("index.html"))
        .collect();
    pages.push(root.join("index.html"));
    for page in &pages {
        let name = page.strip_prefix(&root).unwrap().display().to_string();
        // The DOM Chromium built: every chart is an <svg> with shapes and text in it.
        let dom = headless(&browser, &profile, page, &["--dump-dom"]);
        assert!(dom.contains("</table>"), "{name}: no table in the DOM");
        if name == "yeti/index.html" {
            for needle in ["Party wins ", "Per combatant", "Charlotte Korde</td>"] {
                assert!(dom.contains(needle), "{name} in Chromium: {needle} missing");
            }
        }
        for svg in dom.split("<svg").skip(1) {
            let svg = svg.split("</svg>").next().unwrap();
            let shapes = svg.matches("<rect").count()
                + svg.matches("<polyline").count()
                + svg.matches("<path").count();
            assert!(
                shapes >= 5 && svg.contains("<text"),
                "{name}: an empty chart"
            );
        }
        // And the rendered page is a picture: ink in most rows of the window (a scenario's
        // page; the index is short), more colours than text alone has.
        let shot = dir.path().join(format!("{}.png", name.replace('/', "_")));
        headless(
            &browser,
            &profile,
            page,
            &[
                "--window-size=1200,1600",
                &format!("--screenshot={}", shot.display()),
            ],
        );
        let p = picture(&shot);
        let rows = if name == "index.html" { 250 } else { 800 };
        assert!(
            p.ink_rows >= rows && p.colours >= 64,
            "{name}: the screenshot looks blank or broken: {p:?}"
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_report() {
    let dir = tempfile::tempdir().unwrap();
    let run = |seed: &str, threads: &str, out: &str| {
        let out = dir.path().join(out);
        let o = oddsmith(
            project(),
            &[
                "report",
                "scenarios/yeti.toml",
                "--trials",
                "3000",
                "--seed",
                seed,
                "--threads",
                threads,
                "--quiet",
                "--out",
                out.to_str().unwrap(),
            ],
        );
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        let page = std::fs::read_to_string(out.join("yeti/index.html")).unwrap();
        assert!(
            page.contains(&format!("seed {seed}")),
            "the page names its seed"
        );
        std::fs::read_to_string(out.join("yeti/summary.csv")).unwrap()
    };
    let a = run("11", "1", "a");
    assert_eq!(a, run("11", "2", "b"), "same seed, same numbers");
    assert_ne!(a, run("12", "2", "c"), "another seed, other numbers");
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            out.extend(files_under(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn no_written_file_names_the_machines_folders() {
    let dir = tempfile::tempdir().unwrap();
    let tmp = std::fs::canonicalize(dir.path()).unwrap();
    let mine = tmp.join("mine");
    std::fs::create_dir(&mine).unwrap();
    let door = mine.join("door.toml");
    std::fs::copy(project().join("scenarios/warded_door.toml"), &door).unwrap();
    let root = tmp.join("reports");
    // Absolute paths everywhere: a shipped scenario under the folder it runs in, one
    // elsewhere, and the output folder.
    let shipped = project().join("scenarios/warded_door_sweep.toml");
    let out = oddsmith(
        project(),
        &[
            "report",
            shipped.to_str().unwrap(),
            door.to_str().unwrap(),
            "--trials",
            "2000",
            "--quiet",
            "--out",
            root.to_str().unwrap(),
        ],
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let cwd = std::fs::canonicalize(project()).unwrap();
    let files = files_under(&root);
    assert!(files.len() > 20, "{} files", files.len());
    for file in &files {
        let bytes = std::fs::read(file).unwrap();
        let text = String::from_utf8_lossy(&bytes);
        for folder in [&tmp, &cwd, &dir.path().to_path_buf()] {
            assert!(
                !text.contains(folder.to_str().unwrap()),
                "{} names {}",
                file.display(),
                folder.display()
            );
        }
    }
    // The paths are relative: to the folder it ran in, or to the report's folder.
    let read = |p: &str| std::fs::read_to_string(root.join(p)).unwrap();
    assert!(read("mine-door/report.md").contains("`../../mine/door.toml`"));
    assert!(
        read("mine-door/manifest.json").contains("\"scenario_path\": \"../../mine/door.toml\"")
    );
    assert!(read("warded_door_sweep/index.html").contains("scenarios/warded_door_sweep.toml"));
}

#[test]
fn nothing_to_report_is_exit_2_with_a_message() {
    let dir = tempfile::tempdir().unwrap();
    for with_folder in [false, true] {
        if with_folder {
            std::fs::create_dir(dir.path().join("scenarios")).unwrap();
            std::fs::write(dir.path().join("scenarios/notes.txt"), "not a scenario").unwrap();
        }
        let out = oddsmith(dir.path(), &["report", "--quiet"]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(
            stderr.contains("nothing to report") && stderr.contains("give scenario files"),
            "{stderr}"
        );
        assert!(!dir.path().join("reports").exists(), "no output folder");
    }
}

#[test]
fn the_picture_check_fails_on_a_blank_or_nearly_blank_image() {
    let dir = tempfile::tempdir().unwrap();
    let write = |name: &str, paint: &dyn Fn(usize, usize) -> [u8; 3]| {
        let path = dir.path().join(name);
        let (w, h) = (600usize, 400usize);
        let mut encoder = png::Encoder::new(std::fs::File::create(&path).unwrap(), 600, 400);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let data: Vec<u8> = (0..h)
            .flat_map(|y| (0..w).flat_map(move |x| paint(x, y)))
            .collect();
        encoder
            .write_header()
            .unwrap()
            .write_image_data(&data)
            .unwrap();
        path
    };
    let blank = write("blank.png", &|_, _| [255, 255, 255]);
    let p = picture(&blank);
    assert_eq!((p.ink_rows, p.colours), (0, 1));
    // A title and nothing under it.
    let title = write("title.png", &|x, y| {
        if y < 30 && (x / 7 + y / 5) % 3 == 0 {
            [20, 20, 20]
        } else {
            [255, 255, 255]
        }
    });
    for path in [blank, title] {
        let failed = std::panic::catch_unwind(|| assert_chart_picture(&path)).is_err();
        assert!(failed, "{} passed as a chart", path.display());
    }
}
