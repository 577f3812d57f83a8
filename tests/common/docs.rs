//! Reading the documentation as a test reads it: its fenced blocks, a command line's words as
//! a shell would split them, a line's trailing comment, and the anchors its headings make.

/// A fenced block of a Markdown file.
pub struct Block {
    /// The language after the opening fence (`sh`, `toml`, or empty).
    pub lang: String,
    /// The lines between the fences, each ending in a newline.
    pub body: String,
    /// The last line of text before the block (blank lines and other blocks skipped).
    pub before: String,
    /// Whether the block follows the previous block with only blank lines between them.
    pub follows_block: bool,
}

/// The fenced blocks of `text`, in order.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut lines = text.lines();
    let mut before = String::new();
    let mut follows_block = false;
    while let Some(line) = lines.next() {
        if let Some(lang) = line.strip_prefix("```") {
            let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
            out.push(Block {
                lang: lang.to_string(),
                body: body.join("\n") + "\n",
                before: before.clone(),
                follows_block,
            });
            follows_block = true;
        } else if !line.trim().is_empty() {
            before = line.to_string();
            follows_block = false;
        }
    }
    out
}

/// The file a block is written to: the name in backquotes that ends the line before it
/// (`` `party.toml`: ``), if it ends so.
pub fn named_file(block: &Block) -> Option<String> {
    let line = block.before.trim_end().strip_suffix("`:")?;
    Some(line.rsplit('`').next()?.to_string())
}

/// `line` split into words as a shell would, with double and single quotes (no escapes).
pub fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quote = None;
    let mut any = false;
    for c in line.chars() {
        match (c, quote) {
            ('"' | '\'', None) => {
                quote = Some(c);
                any = true;
            }
            (c, Some(q)) if c == q => quote = None,
            (' ' | '\t', None) => {
                if any {
                    out.push(std::mem::take(&mut word));
                }
                any = false;
            }
            (c, _) => {
                word.push(c);
                any = true;
            }
        }
    }
    if any {
        out.push(word);
    }
    out
}

/// `line` without its comment, and the comment: a `#` that begins a word outside quotes
/// starts it, as in a shell.
pub fn split_comment(line: &str) -> (&str, Option<&str>) {
    let mut quote = None;
    let mut word_start = true;
    for (i, c) in line.char_indices() {
        match (c, quote) {
            ('#', None) if word_start => return (&line[..i], Some(line[i + 1..].trim())),
            ('"' | '\'', None) => quote = Some(c),
            (c, Some(q)) if c == q => quote = None,
            _ => {}
        }
        word_start = quote.is_none() && c.is_whitespace();
    }
    (line, None)
}

/// The anchor GitHub gives a heading: lower case, letters, digits, `-` and `_` kept, spaces
/// made `-`, everything else dropped.
pub fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

/// The anchors of every heading of a Markdown file (outside fenced blocks), a repeated one
/// numbered `-1`, `-2`, … as GitHub does.
pub fn anchors(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashMap::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        } else if !fenced && line.starts_with('#') {
            let base = slug(line.trim_start_matches('#'));
            let n = seen.entry(base.clone()).or_insert(0);
            out.push(if *n == 0 { base } else { format!("{base}-{n}") });
            *n += 1;
        }
    }
    out
}

/// The targets of every Markdown link and image of `text` outside fenced blocks and code
/// spans: what stands between `](` and `)`.
pub fn link_targets(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join("");
        let mut rest = prose.as_str();
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            if let Some(end) = rest.find(')') {
                out.push(rest[..end].to_string());
                rest = &rest[end..];
            }
        }
    }
    out
}
