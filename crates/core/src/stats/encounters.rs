//! A day's encounters as a report shows them: for each encounter, in order, the rows that say
//! how the party fared in it — reached, won, someone of the party died in it, someone dead
//! by its end, all of it down —
//! found by the meaning each row keeps within its encounter ([`Meta::encounter`]), never by
//! its name.

use super::{Meta, MetricKind, MetricRow, Report, Role};

/// How the party fared in one encounter of a day.
#[derive(Debug, Clone)]
pub struct EncounterFate<'a> {
    /// The encounter's number, from 1.
    pub n: u32,
    /// Its name.
    pub name: &'a str,
    /// The day reached it.
    pub reached: &'a MetricRow,
    /// The party won it (a hazard: passed).
    pub won: Option<&'a MetricRow>,
    /// Someone of the party died in it, its fight or its aftermath (not before it).
    pub died: Option<&'a MetricRow>,
    /// Someone of the party is dead after it (earlier encounters' dead too).
    pub any_death: Option<&'a MetricRow>,
    /// Nobody of the party stands at its end.
    pub all_down: Option<&'a MetricRow>,
}

/// The meaning a row has within its encounter, with the encounter's number.
pub fn within(row: &MetricRow) -> Option<(u32, &Meta)> {
    row.meta.encounter.as_deref().map(|(n, m)| (*n, m))
}

/// The party's fate in each encounter of a day's `report` (none for a report that is no
/// day): the party is the side of `day.survived` ([`Role::Survived`]).
pub fn encounter_fates(report: &Report) -> Vec<EncounterFate<'_>> {
    let Some(party) = report
        .metrics
        .iter()
        .find(|r| r.meta.role == Role::Survived)
        .map(|r| r.meta.about.clone())
    else {
        return Vec::new();
    };
    let rate = |n: u32, role: Role| {
        report.metrics.iter().find(|r| {
            r.kind == MetricKind::Rate
                && within(r)
                    .is_some_and(|(m, meta)| m == n && meta.role == role && meta.about == party)
        })
    };
    let mut out = Vec::new();
    for n in 1.. {
        let Some(reached) = rate(n, Role::Reached) else {
            break;
        };
        let name = within(reached).map_or("", |(_, m)| m.label.as_str());
        out.push(EncounterFate {
            n,
            name,
            reached,
            won: rate(n, Role::Win),
            died: rate(n, Role::AnyDied),
            any_death: rate(n, Role::AnyDeath),
            all_down: rate(n, Role::AllDown),
        });
    }
    out
}

/// Encounter `n` of a day's `report` as a report of its own: its rows under their names
/// within it (`win.party`, not `encounter.2.win.party`) with their meaning there, so that
/// the tables of any fight read it. Over all days: a day that stopped before it counts as
/// none.
pub fn encounter_report(report: &Report, n: u32) -> Report {
    let prefix = format!("encounter.{n}.");
    let inner = |meta: &Meta| {
        meta.encounter
            .as_deref()
            .filter(|(m, _)| *m == n)
            .map(|(_, inner)| inner.clone())
    };
    let metrics = report
        .metrics
        .iter()
        .filter_map(|r| {
            let mut meta = inner(&r.meta)?;
            let metric = r.metric.strip_prefix(&prefix)?.to_string();
            // A member dead by now may have died in an earlier encounter: say so.
            match meta.role {
                Role::Death => meta.label = format!("dead by the end of encounter {n}"),
                Role::AnyDeath => meta.label = format!("someone dead by the end of encounter {n}"),
                _ => {}
            }
            (meta.role != Role::Reached).then(|| MetricRow {
                metric,
                meta,
                ..r.clone()
            })
        })
        .collect();
    let distributions = report
        .distributions
        .iter()
        .filter_map(|d| {
            let meta = inner(&d.meta)?;
            let name = d.name.strip_prefix(&prefix)?.to_string();
            Some(super::Distribution {
                name,
                meta,
                ..d.clone()
            })
        })
        .collect();
    Report {
        scenario: report.scenario.clone(),
        system: report.system.clone(),
        trials: report.trials,
        seed: report.seed,
        difficulty: None,
        metrics,
        distributions,
        partial: report.partial.clone(),
    }
}
