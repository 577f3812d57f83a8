//! Words that help a user mend a scenario: the allowed name nearest to a misspelt one ("did
//! you mean `survival`?"), and the messages of the TOML reader put in the user's words ("an
//! integer", "true or false", "a table") instead of Rust's type names (`i64`, `bool`,
//! `struct CombatantSpec`).

/// The edit distance between `a` and `b` counting a swap of two neighbours as one edit
/// (optimal string alignment), letters compared without case.
fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    for i in 0..=a.len() {
        d[i * w] = i;
    }
    for (j, cell) in d.iter_mut().enumerate().take(w) {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (d[(i - 1) * w + j] + 1)
                .min(d[i * w + j - 1] + 1)
                .min(d[(i - 1) * w + j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(d[(i - 2) * w + j - 2] + 1);
            }
            d[i * w + j] = best;
        }
    }
    d[a.len() * w + b.len()]
}

/// Of `allowed`, the one nearest to `word` when it is near enough to be what was meant: for
/// words of one or two letters only another case (every short name is one edit from every
/// other), at most one edit up to four letters, two up to eight, three beyond (a swap of two
/// letters is one edit); the first of the nearest. `None` when `word` is allowed as written
/// or nothing is close.
pub fn nearest<'a>(word: &str, allowed: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let most = match word.chars().count() {
        0..=2 => 0,
        3..=4 => 1,
        5..=8 => 2,
        _ => 3,
    };
    let mut best: Option<(usize, &str)> = None;
    for candidate in allowed {
        if candidate == word {
            return None;
        }
        let d = distance(word, candidate);
        if d <= most && best.is_none_or(|(b, _)| d < b) {
            best = Some((d, candidate));
        }
    }
    best.map(|(_, c)| c)
}

/// `" (did you mean `x`?)"` naming the allowed key nearest to `word`, or nothing: to put
/// right after the word in a message.
pub fn did_you_mean<'a>(word: &str, allowed: impl IntoIterator<Item = &'a str>) -> String {
    nearest(word, allowed).map_or_else(String::new, |w| format!(" (did you mean `{w}`?)"))
}

/// The same for a value written in quotes: `" (did you mean "x"?)"`.
pub fn did_you_mean_value<'a>(word: &str, allowed: impl IntoIterator<Item = &'a str>) -> String {
    nearest(word, allowed).map_or_else(String::new, |w| format!(" (did you mean \"{w}\"?)"))
}

/// The words between backticks in `text`, in order (`expected one of `a`, `b``: a, b).
fn quoted(text: &str) -> Vec<&str> {
    text.split('`').skip(1).step_by(2).collect()
}

/// A type name of the reader in the user's words: `i64` is "an integer", `bool` "true or
/// false", `struct X` and maps "a table"; what it does not know as it is.
fn in_words(expected: &str) -> String {
    let e = expected.trim();
    let integer = [
        "i8", "i16", "i32", "i64", "i128", "isize", "u8", "u16", "u32", "u64", "u128", "usize",
    ];
    if integer.contains(&e) {
        return if e.starts_with('u') {
            "an integer of 0 or more".into()
        } else {
            "an integer".into()
        };
    }
    match e {
        "f32" | "f64" => "a number".into(),
        "a boolean" | "bool" => "true or false".into(),
        "a sequence" => "a list (`[…]`)".into(),
        "a map" => "a table".into(),
        "a string" | "a borrowed string" | "a character" => "a string in quotes".into(),
        _ if e.starts_with("struct ") || e.starts_with("a map") => "a table".into(),
        _ if e.starts_with("enum ") => "one of the words listed for this key".into(),
        _ => e.to_string(),
    }
}

/// What was found, as the reader names it (`string "ten"`, `integer `3``), in the user's
/// words.
fn found_in_words(found: &str) -> String {
    let f = found.trim();
    let value = |prefix: &str| f.strip_prefix(prefix).map(|v| v.trim().trim_matches('`'));
    if let Some(v) = value("string") {
        format!("the string {v}")
    } else if let Some(v) = value("integer") {
        format!("the integer {v}")
    } else if let Some(v) = value("floating point") {
        format!("the number {v}")
    } else if let Some(v) = value("boolean") {
        v.to_string()
    } else {
        match f {
            "sequence" => "a list".into(),
            "map" => "a table".into(),
            _ => f.to_string(),
        }
    }
}

/// A message of the TOML reader or of a schema, in the user's words:
/// - `unknown field`/`unknown variant` gets "(did you mean `x`?)" after the word when an
///   allowed one is close;
/// - `invalid type: string "ten", expected i64` becomes `expected an integer, found the
///   string "ten"`;
/// - `invalid value: integer `-1`, expected u32` becomes `expected an integer of 0 or more,
///   found the integer -1`;
/// - `missing field `x`` becomes `missing key `x``.
///
/// Anything else is left as it is.
pub fn humanize(message: &str) -> String {
    let m = message.trim();
    for head in ["unknown field `", "unknown variant `"] {
        if let Some(rest) = m.strip_prefix(head) {
            let Some((word, allowed)) = rest.split_once('`') else {
                break;
            };
            let hint = did_you_mean(word, quoted(allowed));
            return format!("{head}{word}`{hint}{allowed}");
        }
    }
    for head in ["invalid type: ", "invalid value: "] {
        if let Some((found, expected)) = m
            .strip_prefix(head)
            .and_then(|rest| rest.rsplit_once(", expected "))
        {
            return format!(
                "expected {}, found {}",
                in_words(expected),
                found_in_words(found)
            );
        }
    }
    if let Some(rest) = m.strip_prefix("missing field `") {
        return format!("missing key `{rest}");
    }
    m.to_string()
}

#[cfg(test)]
mod tests;
