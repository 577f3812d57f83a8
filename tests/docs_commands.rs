//! Every command the documentation shows runs: each ```sh block of `README.md`,
//! `docs/guide.md` and `docs/performance.md`, line by line, against the built binary, and
//! every relative link of `README.md` and `docs/*.md` leads to a file (and heading) that
//! exists. The rules:
//!
//! - Each document runs in a temporary folder of its own holding a copy of `scenarios/`,
//!   never in the repository. Its blocks run in order there, so a command that needs an
//!   earlier one (a checkpoint then `resume`, shards then `merge`, `oddsmith new` then a run
//!   of the file it wrote) finds its files. A ```toml block after a line ending in a file
//!   name in backquotes (`` `party.toml`: ``) is written to that file, a ```bash block so
//!   named is a job script (below).
//! - `cargo run --release -- ARGS` and `oddsmith ARGS` both run the binary with ARGS.
//! - To keep the test quick, `--trials N` above `TRIALS_CAP` is lowered to it (a run of 10¹⁰
//!   trials shown as shards still runs, with fewer). Nothing else is rewritten.
//! - The shell's part is done here: a `\` at a line's end joins the next line; `#` starts a
//!   comment (a line that is only a comment is skipped); `NAME=value` before a command sets
//!   its environment; `~` is a home folder inside the temporary folder, `$PROFILE`
//!   (PowerShell's profile) a file in it; `$NAME` is a variable set that way or by a job
//!   (below), any other fails; a word ending in `/*` is the folder's entries, sorted; `> FILE`
//!   and `>> FILE` write and append the command's output.
//! - Other tools are listed in `tool` by name, each run or skipped: `mkdir` runs (creating
//!   the folders); `sbatch --array=A-B SCRIPT` runs the job script's commands once per index
//!   with `$SLURM_ARRAY_TASK_ID` set, as Slurm would (the script must be a ```bash block of
//!   the document, and every such script must be submitted); `parallel OPTIONS CMD :::
//!   ARGS` runs CMD here once per argument with `{}` replaced, its hosts and `--workdir`
//!   ignored (`$(seq A B)` gives A to B); `cargo test`, `cargo build`, `cargo install`,
//!   `cargo bench`, `valgrind`, `taskset` and the `scripts/` are skipped: they build or
//!   measure oddsmith itself and take minutes to hours. A tool not listed fails the test,
//!   so a new command cannot slip by unrun.
//! - A command must exit 0, unless its line ends in a comment `# exits N`: then it must exit
//!   N. None may panic.
//! - A plain ``` block right after an ```sh block is that block's output: each of its lines
//!   but `…` and `...` must be in what one of the block's commands printed. A plain block's
//!   line that starts with `oddsmith ` must be a synopsis (a `[`, a `|` or a word in
//!   capitals), not a command hiding from this test.
//! - Every command `oddsmith --help` lists has its row in the README's command table.
//!
//! Links: a target is a path relative to the file, with an optional `#anchor` that must be
//! one of that Markdown file's headings (GitHub's anchors). The system references under
//! `docs/scenarios/` are generated from the key declarations and may be missing from a
//! checkout that has not generated them: `GENERATED` names the four accepted so.

mod common;

use common::docs::{Block, anchors, blocks, link_targets, named_file, split_comment, words};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The most trials a command runs (the shipped scenarios' own count).
const TRIALS_CAP: u64 = 1_000_000;

/// The generated key references: links to them may lead nowhere yet.
const GENERATED: [&str; 4] = [
    "docs/scenarios/invisible-sun.md",
    "docs/scenarios/gods-and-monsters.md",
    "docs/scenarios/unbound-legends.md",
    "docs/scenarios/bonus-dice.md",
];

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// What a command line's first word is, and so what the test does with it.
enum Tool {
    Oddsmith,
    Mkdir,
    Sbatch,
    Parallel,
    Skip(&'static str),
}

/// The tools the documentation may call: an unknown one fails the test.
fn tool(words: &[String]) -> Tool {
    let second = words.get(1).map(String::as_str);
    match (words[0].as_str(), second) {
        ("oddsmith", _) => Tool::Oddsmith,
        ("cargo", Some("run")) => Tool::Oddsmith,
        ("cargo", Some("test" | "build" | "install" | "bench")) => {
            Tool::Skip("builds or tests oddsmith itself")
        }
        ("mkdir", _) => Tool::Mkdir,
        ("sbatch", _) => Tool::Sbatch,
        ("parallel", _) => Tool::Parallel,
        ("valgrind" | "taskset", _) => Tool::Skip("measures a build"),
        ("scripts/scaling.sh" | "scripts/agree.py", _) => Tool::Skip("builds and measures"),
        (other, _) => {
            panic!("a command calls `{other}`, which tests/docs_commands.rs does not know")
        }
    }
}

/// One document's folder and what its commands have left there.
struct Folder {
    dir: PathBuf,
    home: PathBuf,
    /// Job scripts from ```bash blocks, and whether one was submitted.
    scripts: BTreeMap<String, (String, bool)>,
    ran: usize,
    skipped: BTreeSet<String>,
}

impl Folder {
    fn new(dir: &Path) -> Folder {
        copy_dir(&repo().join("scenarios"), &dir.join("scenarios"));
        let home = dir.join("home");
        std::fs::create_dir(&home).unwrap();
        Folder {
            dir: dir.to_path_buf(),
            home,
            scripts: BTreeMap::new(),
            ran: 0,
            skipped: BTreeSet::new(),
        }
    }

    /// A word with `~`, `$NAME` and `${NAME}` expanded from `env`.
    fn expand(&self, word: &str, env: &BTreeMap<String, String>) -> String {
        let word = match word.strip_prefix('~') {
            Some(rest) if rest.is_empty() || rest.starts_with('/') => {
                format!("{}{rest}", self.home.display())
            }
            _ => word.to_string(),
        };
        let mut out = String::new();
        let mut rest = word.as_str();
        while let Some(i) = rest.find('$') {
            out.push_str(&rest[..i]);
            rest = &rest[i + 1..];
            let (name, after) = if let Some(r) = rest.strip_prefix('{') {
                let end = r.find('}').expect("a closed ${…}");
                (&r[..end], &r[end + 1..])
            } else {
                let end = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                (&rest[..end], &rest[end..])
            };
            let value = env
                .get(name)
                .unwrap_or_else(|| panic!("`${name}` in `{word}` is set by nothing"));
            out.push_str(value);
            rest = after;
        }
        out.push_str(rest);
        out
    }

    /// The words of a command, expanded, with `dir/*` as the folder's entries.
    fn argv(&self, words: &[String], env: &BTreeMap<String, String>) -> Vec<String> {
        let mut out = Vec::new();
        for word in words {
            let word = self.expand(word, env);
            match word.strip_suffix("/*") {
                Some(folder) => {
                    let mut entries: Vec<String> = std::fs::read_dir(self.dir.join(folder))
                        .unwrap_or_else(|e| panic!("{word}: {e}"))
                        .map(|e| format!("{folder}/{}", e.unwrap().file_name().to_string_lossy()))
                        .collect();
                    entries.sort();
                    out.extend(entries);
                }
                None => out.push(word),
            }
        }
        out
    }

    /// Runs the commands of an ```sh block (or a job script); returns what each printed.
    fn run_block(&mut self, body: &str, env: &BTreeMap<String, String>) -> Vec<String> {
        let mut printed = Vec::new();
        for line in command_lines(body) {
            let (code, comment) = split_comment(&line);
            let expected = comment
                .and_then(|c| c.strip_prefix("exits "))
                .map(|n| n.trim().parse::<i32>().expect("`# exits N` names a number"));
            let mut words = words(code);
            if words.is_empty() {
                continue;
            }
            let mut env = env.clone();
            while words
                .first()
                .is_some_and(|w| w.contains('=') && !w.starts_with('-'))
            {
                let (name, value) = words[0].split_once('=').unwrap();
                env.insert(name.to_string(), value.to_string());
                words.remove(0);
            }
            printed.extend(self.run_line(&words, &env, expected.unwrap_or(0), &line));
        }
        printed
    }

    fn run_line(
        &mut self,
        words: &[String],
        env: &BTreeMap<String, String>,
        expected: i32,
        line: &str,
    ) -> Option<String> {
        match tool(words) {
            Tool::Skip(why) => {
                let name = match words[0].as_str() {
                    "cargo" => format!("cargo {}", words[1]),
                    other => other.to_string(),
                };
                self.skipped.insert(format!("{name} ({why})"));
                None
            }
            Tool::Mkdir => {
                for folder in self.argv(&words[1..], env) {
                    if !folder.starts_with('-') {
                        std::fs::create_dir_all(self.dir.join(folder)).unwrap();
                    }
                }
                None
            }
            Tool::Oddsmith => {
                let args = match words[0].as_str() {
                    "cargo" => {
                        let dashes = words.iter().position(|w| w == "--");
                        &words[dashes.expect("`cargo run … -- ARGS`") + 1..]
                    }
                    _ => &words[1..],
                };
                let argv = self.argv(args, env);
                Some(self.oddsmith(&argv, env, expected, line))
            }
            Tool::Sbatch => {
                let array = words
                    .iter()
                    .find_map(|w| w.strip_prefix("--array="))
                    .expect("sbatch --array=A-B");
                let (from, to) = array.split_once('-').expect("--array=A-B");
                let script = words.last().unwrap();
                let (body, submitted) = self
                    .scripts
                    .get_mut(script)
                    .unwrap_or_else(|| panic!("sbatch {script}: no ```bash block names it"));
                *submitted = true;
                let body = body.clone();
                for i in from.parse::<u32>().unwrap()..=to.parse::<u32>().unwrap() {
                    let mut env = env.clone();
                    env.insert("SLURM_ARRAY_TASK_ID".into(), i.to_string());
                    self.run_block(&body, &env);
                }
                None
            }
            Tool::Parallel => {
                let sep = words
                    .iter()
                    .position(|w| w == ":::")
                    .expect("parallel … ::: ARGS");
                let mut k = 1;
                while words[k].starts_with('-') {
                    k += 2; // -S hosts, --workdir DIR: every host is this folder
                }
                let inputs = words[sep + 1..].join(" ");
                let inputs: Vec<String> = match inputs
                    .strip_prefix("$(seq ")
                    .and_then(|r| r.strip_suffix(')'))
                {
                    Some(range) => {
                        let (a, b) = range.split_once(' ').unwrap();
                        (a.parse::<u32>().unwrap()..=b.parse::<u32>().unwrap())
                            .map(|i| i.to_string())
                            .collect()
                    }
                    None => words[sep + 1..].to_vec(),
                };
                for input in inputs {
                    let command: Vec<String> = words[k..sep]
                        .iter()
                        .map(|w| w.replace("{}", &input))
                        .collect();
                    self.run_line(&command, env, expected, line);
                }
                None
            }
        }
    }

    /// Runs the binary with `args` (`--trials` capped, `>` and `>>` followed); returns its
    /// standard output.
    fn oddsmith(
        &mut self,
        args: &[String],
        env: &BTreeMap<String, String>,
        expected: i32,
        line: &str,
    ) -> String {
        let mut args = args.to_vec();
        let mut redirect = None;
        if let Some(i) = args.iter().position(|a| a == ">" || a == ">>") {
            redirect = Some((args[i] == ">>", self.dir.join(&args[i + 1])));
            args.truncate(i);
        }
        if let Some(i) = args.iter().position(|a| a == "--trials") {
            let n = args[i + 1].replace('_', "");
            let n = n
                .parse::<u64>()
                .or_else(|_| n.parse::<f64>().map(|f| f as u64))
                .expect("--trials N");
            args[i + 1] = n.min(TRIALS_CAP).to_string();
        }
        let out = Command::new(env!("CARGO_BIN_EXE_oddsmith"))
            .args(&args)
            .current_dir(&self.dir)
            .env("HOME", &self.home)
            .envs(env)
            .output()
            .expect("the binary runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(
            out.status.code(),
            Some(expected),
            "`{line}` ran as oddsmith {args:?}:\n{stderr}"
        );
        assert!(!stderr.contains("panicked"), "`{line}`: {stderr}");
        if let Some((append, path)) = redirect {
            let mut file = std::fs::OpenOptions::new()
                .create(true)
                .write(true)
                .append(append)
                .truncate(!append)
                .open(&path)
                .unwrap_or_else(|e| panic!("`{line}`: {}: {e}", path.display()));
            std::io::Write::write_all(&mut file, &out.stdout).unwrap();
        }
        self.ran += 1;
        String::from_utf8_lossy(&out.stdout).into_owned()
    }
}

/// The command lines of a block: comment-only lines dropped, `\` continuations joined.
fn command_lines(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut pending = String::new();
    for line in body.lines() {
        if pending.is_empty() && line.trim_start().starts_with('#') {
            continue;
        }
        match line.trim_end().strip_suffix('\\') {
            Some(head) => pending.push_str(head),
            None => {
                pending.push_str(line);
                out.push(std::mem::take(&mut pending));
            }
        }
    }
    assert!(pending.is_empty(), "a block ends in `\\`");
    out
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// Whether a line of a plain block that starts like a command is a synopsis.
fn is_synopsis(line: &str) -> bool {
    line.contains('[')
        || line.contains('|')
        || line.split_whitespace().any(|w| {
            w.chars().filter(char::is_ascii_uppercase).count() >= 2
                && !w.chars().any(|c| c.is_ascii_lowercase())
        })
}

/// Runs every block of one document in a fresh folder; returns (commands run, skipped).
fn run_document(doc: &str) -> (usize, BTreeSet<String>) {
    let text = std::fs::read_to_string(repo().join(doc)).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let mut folder = Folder::new(dir.path());
    let mut env = BTreeMap::new();
    let profile = folder.home.join("profile.ps1");
    env.insert("PROFILE".to_string(), profile.to_str().unwrap().to_string());
    let mut last_printed: Option<Vec<String>> = None;
    for block in blocks(&text) {
        let Block {
            lang,
            body,
            follows_block,
            ..
        } = &block;
        let printed = last_printed.take();
        match lang.as_str() {
            "sh" => last_printed = Some(folder.run_block(body, &env)),
            "bash" => {
                let name = named_file(&block).expect("a ```bash block follows its file's name");
                folder.scripts.insert(name, (body.clone(), false));
            }
            "toml" => {
                if let Some(name) = named_file(&block) {
                    std::fs::write(folder.dir.join(name), body).unwrap();
                }
            }
            "json" => {}
            "" => {
                for line in body.lines().filter(|l| l.starts_with("oddsmith ")) {
                    assert!(
                        is_synopsis(line),
                        "{doc}: a command in a plain block: {line}"
                    );
                }
                if let (true, Some(printed)) = (*follows_block, printed) {
                    for line in body.lines() {
                        let line = line.trim_end();
                        if matches!(line.trim(), "…" | "...") {
                            continue;
                        }
                        assert!(
                            printed.iter().any(|p| p.contains(line)),
                            "{doc} quotes {line:?}, which its command does not print:\n{}",
                            printed.join("\n---\n")
                        );
                    }
                }
            }
            other => {
                panic!("{doc}: a ```{other} block: say in tests/docs_commands.rs how it is checked")
            }
        }
    }
    for (name, (_, submitted)) in &folder.scripts {
        assert!(submitted, "{doc}: the job script {name} is never submitted");
    }
    (folder.ran, folder.skipped)
}

#[test]
fn the_readme_commands_run() {
    let (ran, skipped) = run_document("README.md");
    assert!(ran >= 15, "{ran} commands");
    eprintln!("README.md: {ran} oddsmith commands run; skipped: {skipped:?}");
}

#[test]
fn the_guide_commands_run() {
    let (ran, skipped) = run_document("docs/guide.md");
    assert!(ran >= 30, "{ran} commands");
    eprintln!("docs/guide.md: {ran} oddsmith commands run; skipped: {skipped:?}");
}

#[test]
fn the_performance_commands_run() {
    let (ran, skipped) = run_document("docs/performance.md");
    assert!(ran >= 4, "{ran} commands");
    eprintln!("docs/performance.md: {ran} oddsmith commands run; skipped: {skipped:?}");
}

#[test]
fn every_command_has_its_row_in_the_readme() {
    let out = Command::new(env!("CARGO_BIN_EXE_oddsmith"))
        .arg("--help")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&out.stdout);
    let readme = std::fs::read_to_string(repo().join("README.md")).unwrap();
    let commands: Vec<&str> = help
        .split("Commands:")
        .nth(1)
        .expect("the help lists its commands")
        .split("\n\n")
        .next()
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|c| *c != "help")
        .collect();
    assert!(commands.len() >= 10, "{commands:?}");
    for command in commands {
        assert!(
            readme.contains(&format!("| `oddsmith {command}")),
            "the README's command table has no row for `oddsmith {command}`"
        );
    }
}

#[test]
fn every_relative_link_leads_somewhere() {
    let mut files = vec![repo().join("README.md")];
    for dir in [repo().join("docs"), repo().join("docs/scenarios")] {
        if let Ok(entries) = std::fs::read_dir(dir) {
            files.extend(
                entries
                    .map(|e| e.unwrap().path())
                    .filter(|p| p.extension().is_some_and(|e| e == "md")),
            );
        }
    }
    let mut checked = 0;
    for file in &files {
        let text = std::fs::read_to_string(file).unwrap();
        for target in link_targets(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (path, anchor) = match target.split_once('#') {
                Some((path, anchor)) => (path, Some(anchor)),
                None => (target.as_str(), None),
            };
            let to = if path.is_empty() {
                file.clone()
            } else {
                file.parent().unwrap().join(path)
            };
            let from = file.strip_prefix(repo()).unwrap().display().to_string();
            let normal = normalize(&to);
            let relative = normal.strip_prefix(repo()).map(|p| p.display().to_string());
            if !to.exists() {
                assert!(
                    relative.as_deref().is_ok_and(|r| GENERATED.contains(&r)),
                    "{from}: the link ({target}) leads nowhere"
                );
                continue;
            }
            if let Some(anchor) = anchor {
                let text = std::fs::read_to_string(&to).unwrap();
                assert!(
                    anchors(&text).iter().any(|a| a == anchor),
                    "{from}: the link ({target}) names no heading of {}",
                    to.display()
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} links");
}

/// `path` with its `..` and `.` taken out.
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for part in path.components() {
        match part {
            std::path::Component::ParentDir => {
                out.pop();
            }
            std::path::Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}
