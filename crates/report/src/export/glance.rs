//! Answers at a glance: the headline sentences of a report (for a fight, its difficulty band
//! first) and its rows grouped the way a reader looks for them — the trial-level rows (wins,
//! draws, someone dies, rounds) in one
//! short table, the per-combatant outcomes as one row per combatant and one column per
//! outcome, grouped by side. Everything here is chosen by the metrics' roles, never by
//! their names, so every rule system's fights and checks read the same way; a run's notes are
//! placed by their kind ([`split_notes`]), never by their words.

use super::format::{
    agreeing, count_of, in_words, one_in, percent, percent_interval, plain, threshold,
};
use oddsmith_core::stats::difficulty::{Difficulty, Reading};
use oddsmith_core::stats::{About, MetricKind, MetricRow, Note, Report, Role, Tail};
use serde::Serialize;

/// A rate with its interval, for JSON.
#[derive(Debug, Clone, Serialize)]
pub struct RateCell {
    /// Point estimate (a probability).
    pub estimate: f64,
    /// Lower end of the 95% interval.
    pub ci_low: f64,
    /// Upper end of the 95% interval.
    pub ci_high: f64,
}

/// One combatant's outcomes; in JSON `{"name", "side", "<label>": {estimate, ci_low,
/// ci_high}, ...}`.
#[derive(Debug, Clone)]
pub struct Combatant<'a> {
    /// Its name.
    pub name: String,
    /// Its side.
    pub side: String,
    /// Its outcome rows by label (`death`, `down`, `unconscious`, `fled`, …), in the order
    /// the system declared them.
    pub outcomes: Vec<(String, &'a MetricRow)>,
}

impl Serialize for Combatant<'_> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut map = serializer.serialize_map(Some(2 + self.outcomes.len()))?;
        map.serialize_entry("name", &self.name)?;
        map.serialize_entry("side", &self.side)?;
        for (label, row) in &self.outcomes {
            let cell = RateCell {
                estimate: row.estimate,
                ci_low: row.ci_low,
                ci_high: row.ci_high,
            };
            map.serialize_entry(label, &cell)?;
        }
        map.end()
    }
}

/// A report's rows, grouped for reading.
#[derive(Debug, Clone)]
pub struct Glance<'a> {
    /// Sentences that answer the usual questions, each number with its interval or exact.
    pub headlines: Vec<String>,
    /// Rows about the trial or a side (everything but per-combatant rates).
    pub trial_rows: Vec<&'a MetricRow>,
    /// Per-combatant rows, grouped by side (sides in order of first appearance).
    pub combatants: Vec<Combatant<'a>>,
    /// Outcome labels of the per-combatant table, in order of first appearance.
    pub outcomes: Vec<String>,
    /// Whether the report is a day's ([`Role::Survived`]): its rows are per day.
    pub day: bool,
}

fn combatant_of(row: &MetricRow) -> Option<(&str, &str)> {
    match &row.meta.about {
        About::Combatant { name, side }
            if matches!(row.kind, MetricKind::Rate | MetricKind::Mean) =>
        {
            Some((name.as_str(), side.as_str()))
        }
        _ => None,
    }
}

impl<'a> Glance<'a> {
    /// Groups `report`'s rows and writes its headlines.
    pub fn of(report: &'a Report) -> Self {
        let mut trial_rows = Vec::new();
        let mut combatants: Vec<Combatant<'a>> = Vec::new();
        let mut outcomes: Vec<String> = Vec::new();
        // A day's encounters have tables of their own.
        for row in report.metrics.iter().filter(|r| r.meta.encounter.is_none()) {
            let Some((name, side)) = combatant_of(row) else {
                trial_rows.push(row);
                continue;
            };
            let label = row.meta.label.clone();
            if !outcomes.contains(&label) {
                outcomes.push(label.clone());
            }
            let at = match combatants.iter().position(|c| c.name == name) {
                Some(i) => i,
                None => {
                    combatants.push(Combatant {
                        name: name.to_string(),
                        side: side.to_string(),
                        outcomes: Vec::new(),
                    });
                    combatants.len() - 1
                }
            };
            combatants[at].outcomes.push((label, row));
        }
        // Group by side, sides in order of first appearance; stable within a side.
        let mut sides: Vec<String> = Vec::new();
        for c in &combatants {
            if !sides.contains(&c.side) {
                sides.push(c.side.clone());
            }
        }
        combatants.sort_by_key(|c| sides.iter().position(|s| *s == c.side));
        let headlines = headlines(report);
        Self {
            headlines,
            trial_rows,
            combatants,
            outcomes,
            day: report.metrics.iter().any(|r| r.meta.role == Role::Survived),
        }
    }
}

/// The first row with `role` about `about` (any subject when `None`).
fn find<'a>(report: &'a Report, role: Role, about: Option<&About>) -> Option<&'a MetricRow> {
    report
        .metrics
        .iter()
        .find(|r| r.meta.role == role && about.is_none_or(|a| &r.meta.about == a))
}

fn rows_with(report: &Report, role: Role) -> impl Iterator<Item = &MetricRow> {
    report
        .metrics
        .iter()
        .filter(move |r| r.meta.role == role && r.kind == MetricKind::Rate)
}

/// The best-known value of a rate: the exact one when the run sampled nothing.
fn value(row: &MetricRow) -> f64 {
    match row.exact {
        Some(e) if row.trials == 0 || row.estimate.is_nan() => e,
        _ => row.estimate,
    }
}

fn side_of(row: &MetricRow) -> &str {
    match &row.meta.about {
        About::Side(s) => s,
        About::Combatant { side, .. } => side,
        About::Trial => "",
    }
}

/// With "1 in N" appended when the rate is rare.
fn with_odds(row: &MetricRow) -> String {
    match one_in(value(row)) {
        Some(odds) => format!("{} ({odds})", in_words(row)),
        None => in_words(row),
    }
}

/// `s` with its first letter capitalised.
fn sentence(s: String) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => s,
    }
}

/// A rate the band reads, in words: `12.00% [10.10, 15.80]`, `30.00% (exact)`, `not seen
/// (< 0.0018%)`.
fn reading_in_words(r: &Reading) -> String {
    if r.exact {
        format!("{} (exact)", percent(r.value))
    } else if r.value == 0.0 {
        format!("not seen (< {})", percent(r.ci_high))
    } else {
        format!(
            "{} {}",
            percent(r.value),
            percent_interval(r.value, r.ci_low, r.ci_high)
        )
    }
}

/// The difficulty band as a sentence, with the rates that decide it and where their bands
/// lie: "Difficulty for party: medium, borderline hard — any_death.party 12.00% [10.10,
/// 15.80] (medium: 5% to 15%)."
pub fn difficulty_sentence(d: &Difficulty) -> String {
    let reasons: Vec<String> = d
        .reasons()
        .into_iter()
        .map(|(basis, r)| {
            let range = match d.thresholds.bounds(basis, r.band) {
                (None, Some(to)) => format!("below {}", threshold(to)),
                (Some(from), None) => format!("{} and up", threshold(from)),
                (Some(from), Some(to)) => format!("{} to {}", threshold(from), threshold(to)),
                (None, None) => String::new(),
            };
            format!(
                "{} {} ({}: {range})",
                r.metric,
                reading_in_words(r),
                r.band.name()
            )
        })
        .collect();
    format!(
        "Difficulty for {}: {} — {}.",
        d.side,
        d.label(),
        reasons.join("; ")
    )
}

/// Who of `any`'s side dies once the aftermath is over, and how often: "Someone on party
/// dies in 72.47% (±0.20) of fights: Brann 58.15%, Ada 57.43%; all of party go down in …".
fn who_dies(report: &Report, any: &MetricRow, unit: &str) -> String {
    let side = side_of(any);
    let mut members: Vec<&MetricRow> = rows_with(report, Role::Death)
        .filter(|r| side_of(r) == side)
        .collect();
    let all_down = find(report, Role::AllDown, Some(&any.meta.about));
    if let [only] = members.as_slice()
        && let About::Combatant { name, .. } = &only.meta.about
    {
        // A side of one: its combatant's own rates say it.
        let mut s = match with_odds(only).strip_prefix("never ") {
            Some(rest) => format!("{name} never dies {rest}"),
            None => format!("{name} dies in {}", with_odds(only)),
        };
        // Its own rows: down (still in the fight) and fled apart; the side's all-down counts
        // both.
        let own = |role: Role| rows_with(report, role).find(|r| r.meta.about == only.meta.about);
        let fled = own(Role::Fled).filter(|f| value(f) > 0.0);
        if let Some(down) = own(Role::Down).or(all_down) {
            let and = if fled.is_some() { "," } else { " and" };
            match with_odds(down).strip_prefix("never ") {
                Some(rest) => s.push_str(&format!("{and} is never down at the end {rest}")),
                None => s.push_str(&format!("{and} is down at the end in {}", with_odds(down))),
            }
        }
        if let Some(f) = fled {
            s.push_str(&format!(" and flees in {}", with_odds(f)));
        }
        return s + ".";
    }
    let mut s = match with_odds(any).strip_prefix("never ") {
        Some(rest) => format!("Nobody on {side} dies {rest}"),
        None => format!("Someone on {side} dies in {} of {unit}", with_odds(any)),
    };
    members.retain(|r| value(r) > 0.0);
    members.sort_by(|a, b| value(b).total_cmp(&value(a)));
    let named: Vec<String> = members
        .iter()
        .filter_map(|r| match &r.meta.about {
            About::Combatant { name, .. } => Some(format!("{name} {}", percent(value(r)))),
            _ => None,
        })
        .collect();
    if !named.is_empty() {
        s.push_str(&format!(": {}", named.join(", ")));
    }
    if let Some(all) = all_down {
        match with_odds(all).strip_prefix("never ") {
            Some(rest) => s.push_str(&format!("; all of {side} never go down together {rest}")),
            None => s.push_str(&format!("; all of {side} go down in {}", with_odds(all))),
        }
    }
    s + "."
}

/// When the first death of a side comes, where one does: "The first death on party comes in
/// round 2 (median; 10% of them by round 1); in 34.79% of fights it comes after the
/// fighting, in the aftermath."
fn first_death(report: &Report, about: &About) -> Option<String> {
    let of_side = |r: &&MetricRow| &r.meta.about == about;
    let quantile = |q| {
        report
            .metrics
            .iter()
            .filter(of_side)
            .find(|r| r.meta.role == Role::FirstDeath && r.kind == MetricKind::Quantile(q))
    };
    let median = quantile(50)?;
    let p10 = quantile(10);
    // The aftermath's tail of the same histogram: the median's meta, marked as that tail.
    let tail = median.meta.with_tail(Tail::After);
    let after = report
        .metrics
        .iter()
        .find(|r| r.meta == tail)
        .filter(|r| value(r) > 0.0);
    let side = match about {
        About::Side(s) => s.as_str(),
        _ => return None,
    };
    let aftermath = |r: &MetricRow| {
        format!(
            "in {} of fights it comes after the fighting, in the aftermath",
            in_words(r)
        )
    };
    match (median.estimate.is_nan(), after) {
        (true, None) => None,
        (true, Some(a)) => Some(format!(
            "Deaths on {side} come only after the fighting, in the aftermath: in {} of fights.",
            in_words(a)
        )),
        (false, after) => {
            let mut s = format!(
                "The first death on {side} usually comes in round {}",
                plain(median.estimate)
            );
            if let Some(p) = p10.filter(|p| !p.estimate.is_nan()) {
                s.push_str(&format!(
                    " (median; 10% of them by round {})",
                    plain(p.estimate)
                ));
            }
            if let Some(a) = after {
                s.push_str(&format!("; {}", aftermath(a)));
            }
            Some(s + ".")
        }
    }
}

/// How `win`'s side ends up in the fights it wins: how many of it are down, the share of its
/// toughness left, and how often it wins with a death.
fn winners_end_up(report: &Report, win: &MetricRow) -> Option<String> {
    let side = side_of(win);
    let mean = |role: Role| {
        report.metrics.iter().find(|r| {
            r.meta.role == role
                && r.meta.about == win.meta.about
                && r.kind == MetricKind::Mean
                && r.trials > 0
                && !r.estimate.is_nan()
        })
    };
    let mut parts = Vec::new();
    if let Some(d) = mean(Role::WonDown) {
        let down = plain((d.estimate * 100.0).round() / 100.0);
        parts.push(if d.estimate == 0.0 {
            "all of them standing".to_string()
        } else if down == "0" {
            "under 0.01 of them not standing on average".to_string()
        } else {
            format!("{down} of them not standing on average")
        });
    }
    if let Some(l) = mean(Role::WonLeft) {
        parts.push(format!("{} of their toughness left", percent(l.estimate)));
    }
    if let Some(p) = find(report, Role::Pyrrhic, Some(&win.meta.about)).filter(|p| value(p) > 0.0) {
        parts.push(format!(
            "pyrrhic (someone of them dead) in {} of fights",
            with_odds(p)
        ));
    }
    (!parts.is_empty()).then(|| format!("When {}: {}.", agreeing(side, "wins"), parts.join("; ")))
}

/// `notes` split by kind into the words printed above the headlines (every remark) and those
/// under them (the aftermath in force), each in its given order.
pub fn split_notes(notes: &[Note]) -> (Vec<&str>, Vec<&str>) {
    let mut above = Vec::new();
    let mut under = Vec::new();
    for note in notes {
        match note {
            Note::Aftermath(text) => under.push(text.as_str()),
            Note::Remark(text) => above.push(text.as_str()),
        }
    }
    (above, under)
}

/// Two to five sentences built from the roles: for a fight, its difficulty band; for a fight
/// or contest, who wins, how often someone on a side dies and the whole side goes down, who
/// is most at risk and how long it lasts; for a roll, the chance of success and of its side
/// effects.
pub fn headlines(report: &Report) -> Vec<String> {
    if let Some(survived) = rows_with(report, Role::Survived).next() {
        return day_headlines(report, survived)
            .into_iter()
            .map(sentence)
            .collect();
    }
    let mut out = Vec::new();
    if let Some(d) = &report.difficulty {
        out.push(difficulty_sentence(d));
    }
    let mut wins: Vec<&MetricRow> = rows_with(report, Role::Win).collect();
    wins.sort_by(|a, b| value(b).total_cmp(&value(a)));
    // Who dies, how often and when: the side the band is for first.
    let mut anys: Vec<&MetricRow> = rows_with(report, Role::AnyDeath).collect();
    if let Some(d) = &report.difficulty {
        anys.sort_by_key(|r| side_of(r) != d.side);
    }
    for any in anys {
        out.push(who_dies(report, any, "fights"));
        out.extend(first_death(report, &any.meta.about));
    }
    if !wins.is_empty() {
        let mut s = format!(
            "{} {}",
            agreeing(side_of(wins[0]), "wins"),
            in_words(wins[0])
        );
        for w in &wins[1..] {
            s.push_str(&format!("; {} {}", side_of(w), with_odds(w)));
        }
        for role in [Role::Draw, Role::Stalemate] {
            if let Some(r) = find(report, role, None).filter(|r| value(r) > 0.0) {
                s.push_str(&format!("; {} {}", r.meta.label, in_words(r)));
            }
        }
        out.push(s + ".");
        // How the winners end up: the likeliest winner, and the band's side if it wins too.
        let mut winners: Vec<&MetricRow> = wins.iter().take(1).copied().collect();
        if let Some(d) = &report.difficulty
            && let Some(w) = wins.iter().find(|w| side_of(w) == d.side)
            && !winners.iter().any(|x| side_of(x) == d.side)
        {
            winners.push(w);
        }
        for w in winners.into_iter().filter(|w| value(w) > 0.0) {
            out.extend(winners_end_up(report, w));
        }
    }
    let quantile = |level: u8| {
        report
            .metrics
            .iter()
            .find(|r| r.meta.role == Role::Rounds && r.kind == MetricKind::Quantile(level))
    };
    if let (Some(median), Some(p90)) = (quantile(50), quantile(90))
        && !median.estimate.is_nan()
    {
        out.push(format!(
            "It usually takes {} (median; 90% within {}).",
            count_of(median.estimate, &median.meta.label),
            plain(p90.estimate)
        ));
    }
    if let Some(success) = rows_with(report, Role::Success).next() {
        let mut s = format!("Succeeds {}", with_odds(success));
        let effects: Vec<String> = rows_with(report, Role::SideEffect)
            .filter(|r| value(r) > 0.0 || r.exact != Some(0.0))
            .take(3)
            .map(|r| format!("{} {}", r.meta.label, with_odds(r)))
            .collect();
        if !effects.is_empty() {
            s.push_str(&format!("; {}", effects.join("; ")));
        }
        out.push(s + ".");
    }
    if out.is_empty()
        && let Some(first) = report.metrics.iter().find(|r| r.kind == MetricKind::Rate)
    {
        out.push(format!("{}: {}.", first.metric, percent(value(first))));
    }
    out.into_iter().map(sentence).collect()
}

/// A day's headlines: how often the party gets through it (and clears it), where it most
/// often falls (by encounter name), who dies, and the day's difficulty band.
fn day_headlines(report: &Report, survived: &MetricRow) -> Vec<String> {
    let side = side_of(survived);
    let mut out = Vec::new();
    let mut s = format!(
        "{} through the day in {}",
        agreeing(side, "gets"),
        in_words(survived)
    );
    if let Some(c) = rows_with(report, Role::Cleared).next() {
        let wins = if agreeing(side, "wins").ends_with("wins") {
            "wins"
        } else {
            "win"
        };
        s.push_str(&format!(" and {wins} every encounter in {}", in_words(c)));
    }
    out.push(s + ".");
    let mut falls: Vec<&MetricRow> = rows_with(report, Role::FellAt)
        .filter(|r| value(r) > 0.0)
        .collect();
    falls.sort_by(|a, b| value(b).total_cmp(&value(a)));
    if let Some((first, rest)) = falls.split_first() {
        let mut s = format!(
            "It most often falls at \"{}\" (someone dies there or nobody is up after it): {} of days",
            first.meta.label,
            with_odds(first)
        );
        for r in rest.iter().take(3) {
            s.push_str(&format!("; at \"{}\" {}", r.meta.label, with_odds(r)));
        }
        out.push(s + ".");
    }
    if let Some(any) = rows_with(report, Role::AnyDeath).next() {
        out.push(who_dies(report, any, "days"));
    }
    if let Some(d) = &report.difficulty {
        out.push(difficulty_sentence(d));
    }
    out
}

#[cfg(test)]
mod tests;
