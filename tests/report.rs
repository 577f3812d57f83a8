//! `oddsmith report`: pages, Markdown and the index are written; the HTML renders in
//! headless Chromium with every chart present and drawn. The browser part needs Chromium
//! (`.ci/run` installs it); without it the test says so and checks the files only, unless
//! `ODDSMITH_REQUIRE_BROWSER` is set, as CI does.

use std::path::{Path, PathBuf};
use std::process::Command;

fn chromium() -> Option<PathBuf> {
    let candidates = [
        std::env::var("CHROMIUM").unwrap_or_default(),
        "/usr/bin/chromium".into(),
        "/usr/bin/chromium-browser".into(),
    ];
    candidates
        .into_iter()
        .filter(|c| !c.is_empty())
        .map(PathBuf::from)
        .find(|p| p.exists())
}

/// Runs headless Chromium on `page` with `extra` arguments; returns stdout.
fn headless(browser: &Path, profile: &Path, page: &Path, extra: &[&str]) -> String {
    let out = Command::new(browser)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--hide-scrollbars",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(format!("file://{}", page.display()))
        .output()
        .expect("chromium runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn report_pages_render_with_their_charts() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path().join("reports");
    let out = Command::new(env!("CARGO_BIN_EXE_oddsmith"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "report",
            "scenarios/warded_door.toml",
            "scenarios/yeti.toml",
            "--trials",
            "20000",
        ])
        .arg("--out")
        .arg(&root)
        .arg("--quiet")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let index = std::fs::read_to_string(root.join("index.html")).unwrap();
    assert!(
        index.contains("href=\"warded_door/index.html\"")
            && index.contains("href=\"yeti/index.html\"")
    );
    for (folder, charts) in [("warded_door", 2), ("yeti", 4)] {
        let page_path = root.join(folder).join("index.html");
        let page = std::fs::read_to_string(&page_path).unwrap();
        let svgs = std::fs::read_dir(root.join(folder))
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .path()
                    .extension()
                    .is_some_and(|x| x == "svg")
            })
            .count();
        assert!(svgs >= charts, "{folder}: {svgs} charts");
        assert_eq!(
            page.matches("<svg").count(),
            svgs,
            "{folder}: every chart inline"
        );
        for needle in [
            "<h2>Results</h2>",
            "<h2>Scenario</h2>",
            "[check]",
            "seed",
            "oddsmith 0.",
        ] {
            if needle == "[check]" && folder == "yeti" {
                continue;
            }
            assert!(page.contains(needle), "{folder}: {needle} missing");
        }
        // Headline sentences first, then the same tables as the terminal.
        let (headline, table) = match folder {
            "yeti" => (
                "Party wins ",
                "Per combatant (dead once the aftermath is over",
            ),
            _ => ("Succeeds ", "Results (95% intervals)"),
        };
        let (h, t) = (page.find(headline), page.find(table));
        assert!(
            h.is_some() && t.is_some() && h < t,
            "{folder}: headline, then table"
        );
        let md = std::fs::read_to_string(root.join(folder).join("report.md")).unwrap();
        assert!(md.contains("## Results") && md.contains("![rates.svg](rates.svg)"));
        if folder == "yeti" {
            // A fight's charts in the GM's order, each with a caption saying what it shows.
            let figures = [
                ("combatants.svg", "How each combatant ends the fight"),
                (
                    "survival_curve.svg",
                    "still has someone standing after round k",
                ),
                ("rounds_histogram.svg", "How many rounds a fight takes"),
                ("first_death.svg", "round of the first death on each side"),
            ];
            let mut last = 0;
            for (file, caption) in figures {
                let at = page
                    .find(&format!("<figure id=\"{file}\">"))
                    .unwrap_or_else(|| panic!("{file} missing from the page"));
                assert!(at > last, "{file} out of order");
                last = at;
                let figure = &page[at..];
                let figure = &figure[..figure.find("</figure>").unwrap()];
                assert!(figure.contains(caption), "{file}: caption {caption:?}");
                assert!(
                    md.contains(&format!("![{file}]({file})")),
                    "{file} in report.md"
                );
            }
            assert!(!page.contains("first_death.party_histogram"));
        }
    }

    let Some(browser) = chromium() else {
        assert!(
            std::env::var_os("ODDSMITH_REQUIRE_BROWSER").is_none(),
            "Chromium is required here but not installed (apt-get install chromium)"
        );
        eprintln!("note: Chromium not found; checked the report files but not their rendering");
        return;
    };
    let profile = dir.path().join("profile");
    for folder in ["warded_door", "yeti"] {
        let page = root.join(folder).join("index.html");
        // The DOM Chromium built: every chart is an <svg> with shapes and text in it.
        let dom = headless(&browser, &profile, &page, &["--dump-dom"]);
        if folder == "yeti" {
            for needle in ["Party wins ", "Per combatant", "Charlotte Korde</td>"] {
                assert!(
                    dom.contains(needle),
                    "yeti page in Chromium: {needle} missing"
                );
            }
        }
        let svgs: Vec<&str> = dom.split("<svg").skip(1).collect();
        assert!(
            svgs.len() >= 2,
            "{folder}: {} charts in the DOM",
            svgs.len()
        );
        for svg in svgs {
            let svg = svg.split("</svg>").next().unwrap();
            let shapes = svg.matches("<rect").count()
                + svg.matches("<polyline").count()
                + svg.matches("<path").count();
            assert!(
                shapes >= 5 && svg.contains("<text"),
                "{folder}: an empty chart"
            );
        }
        // And the rendered page is a picture, not a blank canvas.
        let shot = dir.path().join(format!("{folder}.png"));
        headless(
            &browser,
            &profile,
            &page,
            &[
                "--window-size=1200,1600",
                &format!("--screenshot={}", shot.display()),
            ],
        );
        let bytes = std::fs::read(&shot).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        assert!(
            bytes.len() > 40_000,
            "{folder}: screenshot of {} bytes looks blank",
            bytes.len()
        );
    }
}
