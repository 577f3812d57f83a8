//! Metric roles: what each reported number means, declared once by whoever counts it (a rule
//! system, the shared combat recorder) and carried to every row and distribution. Tables,
//! charts, reports and `tune` choose by these, never by reading a metric's name.

use serde::Serialize;

/// What a metric means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The action or roll succeeds (`success`).
    Success,
    /// A consequence beside success or failure (`flux`, `mojo_used`, `success_unaided`).
    SideEffect,
    /// A side (or contestant) wins.
    Win,
    /// Everyone went down together, or a contest ended level.
    Draw,
    /// The round or exchange limit came first.
    Stalemate,
    /// A combatant died.
    Death,
    /// A combatant was out of the fight at its end (dead, unconscious, fled, …).
    Down,
    /// Someone on a side died.
    AnyDeath,
    /// A whole side was down at the end.
    AllDown,
    /// A side still fighting after each round (a survival curve).
    StillFighting,
    /// How many rounds or exchanges a fight or contest took.
    Rounds,
    /// A combatant was dying when the fight ended.
    Dying,
    /// A combatant was dying when the fight ended and alive once the aftermath was over.
    Saved,
    /// A combatant died within the fight, before the aftermath.
    DeadInFight,
    /// A combatant fled the fight.
    Fled,
    /// A side won, and someone of it died.
    Pyrrhic,
    /// The round a side's first member stopped standing.
    FirstDown,
    /// The round a side's first member died.
    FirstDeath,
    /// Over the fights a side won, how many of it were not standing at the end.
    WonDown,
    /// Over the fights a side won, the share of its toughness left.
    WonLeft,
    /// A system's own per-combatant outcome (unconscious, wounded, …).
    Outcome,
    /// A day: nobody of the party is dead at its end (`day.survived`).
    Survived,
    /// A day: every encounter won or passed (`day.cleared`).
    Cleared,
    /// A day: the encounter in which the party first lost someone or was all down
    /// (`fell_at.N`, labelled with the encounter's name).
    FellAt,
    /// A day: the encounter was reached (`encounter.N.reached`).
    Reached,
    /// A day: a party member died in the encounter, its fight or its aftermath
    /// (`encounter.N.died.NAME`), not before it.
    Died,
    /// A day: someone of the party died in the encounter (`encounter.N.any_died.SIDE`).
    AnyDied,
    /// One value of a distribution (`successes.2`), or a summary of one (`successes.mean`).
    Distribution,
    /// Anything else.
    Other,
}

/// What a metric is about.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum About {
    /// The trial as a whole.
    #[default]
    Trial,
    /// One side of a fight or contest.
    Side(String),
    /// One combatant, and the side it is on.
    Combatant {
        /// Its name.
        name: String,
        /// Its side.
        side: String,
    },
}

/// A metric's role, subject and short label (`death`, `flux`: a column or legend title).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Meta {
    /// What it means.
    pub role: Role,
    /// What it is about.
    pub about: About,
    /// A short label for tables and charts.
    pub label: String,
    /// Set on the two tails of a round-onset histogram (`first_death.SIDE.after`, `.never`):
    /// which one the row is.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tail: Option<Tail>,
    /// Set on the metrics of one encounter of a day (`encounter.N.…`): the encounter's number
    /// (from 1) and what the metric means within it. Such a metric is itself
    /// [`Role::Other`] about the trial ([`Meta::within`]), so that nothing that reads the
    /// whole day takes an encounter's `death.Ada` for the day's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub encounter: Option<Box<(u32, Meta)>>,
}

/// A tail of a round-onset histogram (`first_down`, `first_death`): the share of fights in
/// which the first fall or death came after the fighting, in the aftermath, or never.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Tail {
    /// After the last round, in the aftermath.
    After,
    /// Not at all.
    Never,
}

impl Default for Meta {
    fn default() -> Self {
        Self::trial(Role::Other, "")
    }
}

impl Meta {
    /// A metric about the whole trial.
    pub fn trial(role: Role, label: impl Into<String>) -> Self {
        Self {
            role,
            about: About::Trial,
            label: label.into(),
            tail: None,
            encounter: None,
        }
    }

    /// A metric about `side`.
    pub fn side(role: Role, label: impl Into<String>, side: &str) -> Self {
        Self {
            role,
            about: About::Side(side.to_string()),
            label: label.into(),
            tail: None,
            encounter: None,
        }
    }

    /// A metric about the combatant `name` on `side`.
    pub fn combatant(role: Role, label: impl Into<String>, name: &str, side: &str) -> Self {
        Self {
            role,
            about: About::Combatant {
                name: name.to_string(),
                side: side.to_string(),
            },
            label: label.into(),
            tail: None,
            encounter: None,
        }
    }

    /// The same subject as one tail of its onset histogram, with the role of a distribution's
    /// value (its rate is no headline).
    pub fn with_tail(&self, tail: Tail) -> Self {
        if let Some(inner) = &self.encounter {
            return inner.1.with_tail(tail).within(inner.0);
        }
        Self {
            role: Role::Distribution,
            tail: Some(tail),
            ..self.clone()
        }
    }

    /// The same subject with another role (rows derived from a histogram).
    pub fn with_role(&self, role: Role) -> Self {
        if let Some(inner) = &self.encounter {
            return inner.1.with_role(role).within(inner.0);
        }
        Self {
            role,
            ..self.clone()
        }
    }

    /// This metric as one of encounter `n` of a day: [`Role::Other`] about the trial, its
    /// own meaning kept in [`Meta::encounter`] (and a row derived from it keeps both).
    pub fn within(&self, n: u32) -> Self {
        Self {
            role: Role::Other,
            about: About::Trial,
            label: self.label.clone(),
            tail: None,
            encounter: Some(Box::new((n, self.clone()))),
        }
    }
}
