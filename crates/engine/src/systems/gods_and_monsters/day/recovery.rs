//! What the gaps between encounters give a Gods & Monsters party back, by 004:565–607:
//!
//! - **Survival** does not return within a day (004:569: "He will have 2 survival points in
//!   any future encounters that day"); nothing else heals between encounters either.
//! - **A night** (`rest = "long"`, eight hours, 004:565): a successful health roll (d20 ≤
//!   health − injuries, the injury penalty of 004:601) restores level survival or removes one
//!   injury point — which, `[day] night` says; a failed one gives 1 survival. Survival never
//!   exceeds its maximum (004:571). The character wakes to a new game day, so verve is full
//!   again (004:593, 569: "Toromeen's verve will fully restore to 17 tomorrow").
//! - **No short rest**: the text has none (survival comes back by the night or the day,
//!   004:565), so `rest = "short"` is refused when the day loads.
//! - **Waking** (`[day] wake`): an unconscious member is out for a minute per injury point
//!   (004:605); it wakes once that many minutes (the night's 480 and each gap's) have passed,
//!   or with `roll`, then rolls the better of fortitude and willpower − injuries at the end of
//!   each gap (004:607: "any rolls to awaken an injured character are at a penalty of the
//!   character's injury point total").
//! - **Mojo** is never restored within a day. **Verve** from hazards is the hazard stage's
//!   ([`super::hazard`], 004:593).

use super::State;
use crate::combat::day::{Member, Recovery, Rest};
use crate::systems::gods_and_monsters::conflict::Fighter;
use oddsmith_core::dice::Dice;
use oddsmith_core::stats::{Layout, Meta, Note, RatioId, Role, Tally};

/// Minutes in a night of rest (004:565).
pub const NIGHT_MINUTES: u32 = 8 * 60;

/// What a night's successful health roll gives (`[day] night`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Night {
    /// One injury point removed while any are left, else level survival.
    InjuryFirst,
    /// Level survival while below the maximum, else one injury point removed.
    SurvivalFirst,
}

impl Night {
    /// The words `night` takes.
    pub const WORDS: [(&'static str, Self); 2] = [
        ("injury_first", Self::InjuryFirst),
        ("survival_first", Self::SurvivalFirst),
    ];
}

/// How the unconscious wake (`[day] wake`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wake {
    /// Once their minutes (one a point of injury) have passed in the gaps.
    Automatic,
    /// Then with a roll at the end of each gap.
    Roll,
}

impl Wake {
    /// The words `wake` takes.
    pub const WORDS: [(&'static str, Self); 2] =
        [("automatic", Self::Automatic), ("roll", Self::Roll)];
}

/// A party member's scores that the day reads, from its `[[combatant]]` table (the maxima
/// its [`State`] starts from).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sheet {
    /// Name.
    pub name: String,
    /// Survival at the day's start: the maximum (group bonus included).
    pub survival: i64,
    /// Verve at the day's start: the maximum.
    pub verve: i64,
    /// Level: a night's survival (004:565), a hazard's verve (004:593).
    pub level: Option<i64>,
    /// Endurance: the death contest.
    pub endurance: i64,
    /// Fortitude.
    pub fortitude: i64,
    /// Willpower.
    pub willpower: i64,
    /// Perception.
    pub perception: i64,
    /// Evasion, where given.
    pub evasion: Option<i64>,
    /// Health, where given: the nightly roll.
    pub health: Option<i64>,
    /// Injury points at the day's start.
    pub injuries: i64,
    /// Mojo at the day's start.
    pub mojo: i64,
}

impl From<&Fighter> for Sheet {
    fn from(f: &Fighter) -> Self {
        Self {
            name: f.name.clone(),
            survival: f.survival,
            verve: f.verve,
            level: f.level,
            endurance: f.endurance,
            fortitude: f.fortitude,
            willpower: f.willpower,
            perception: f.perception,
            evasion: f.evasion,
            health: f.health,
            injuries: f.injuries,
            mojo: f.mojo,
        }
    }
}

impl Sheet {
    /// The member at the day's start.
    pub fn fresh(&self) -> State {
        State {
            survival: self.survival,
            verve: self.verve,
            injuries: self.injuries,
            mojo: self.mojo,
            ..State::default()
        }
    }

    /// The consciousness roll's score: the better of fortitude and willpower (004:605).
    pub fn best(&self) -> i64 {
        self.fortitude.max(self.willpower)
    }
}

/// The recovery rules of a Gods & Monsters day, and the resources reported at its end.
#[derive(Debug, Clone)]
pub struct Rules {
    /// The party's scores, in order.
    pub sheets: Vec<Sheet>,
    /// What a night's successful health roll gives.
    pub night: Night,
    /// How the unconscious wake.
    pub wake: Wake,
    /// Hazards give verve (read by the hazard stages; here for the notes).
    pub verve_from_scenes: bool,
    /// Per member: survival, verve, injuries and mojo left.
    left: Vec<[RatioId; 4]>,
}

impl Rules {
    /// The rules for `sheets`.
    pub fn new(sheets: Vec<Sheet>, night: Night, wake: Wake, verve_from_scenes: bool) -> Self {
        Self {
            sheets,
            night,
            wake,
            verve_from_scenes,
            left: Vec::new(),
        }
    }

    /// A night of rest for member `s` of `sheet` (004:565, 569, 593).
    pub fn night_for<D: Dice>(&self, sheet: &Sheet, s: &mut State, dice: &mut D) {
        let health = sheet.health.expect("checked when the day loads");
        let level = sheet.level.expect("checked when the day loads");
        // 004:565, the injury penalty of 004:601.
        if dice.d20() <= health - s.injuries {
            let survive = match self.night {
                Night::InjuryFirst => s.injuries == 0,
                Night::SurvivalFirst => s.survival < sheet.survival || s.injuries == 0,
            };
            if survive {
                s.survival = (s.survival + level).min(sheet.survival);
            } else {
                s.injuries -= 1;
            }
        } else {
            // 004:565: "Otherwise, only one survival point is regained."
            s.survival = (s.survival + 1).min(sheet.survival);
        }
        // 004:593: verve is full again the moment the character wakes to a new day.
        s.verve = sheet.verve;
    }

    /// `minutes` pass for member `s` of `sheet`, unconscious: it wakes as `wake` says
    /// (004:605–607).
    pub fn time_passes<D: Dice>(&self, sheet: &Sheet, s: &mut State, minutes: u32, dice: &mut D) {
        s.out_minutes = s.out_minutes.saturating_add(minutes);
        if i64::from(s.out_minutes) < s.injuries {
            return;
        }
        let wakes = match self.wake {
            Wake::Automatic => true,
            Wake::Roll => dice.d20() <= sheet.best() - s.injuries,
        };
        if wakes {
            s.unconscious = false;
            s.out_minutes = 0;
        }
    }
}

impl Recovery for Rules {
    type State = State;
    type Clock = ();

    fn fresh(&self, k: usize) -> State {
        self.sheets[k].fresh()
    }

    fn gap<D: Dice>(
        &self,
        rest: Rest,
        minutes: u32,
        party: &mut [State],
        _: &mut (),
        dice: &mut D,
    ) {
        for (sheet, s) in self.sheets.iter().zip(party.iter_mut()) {
            if s.dead() {
                continue;
            }
            let mut passing = minutes;
            match rest {
                Rest::Long => {
                    self.night_for(sheet, s, dice);
                    passing = passing.saturating_add(NIGHT_MINUTES);
                }
                // No short rest: refused when the day loads.
                Rest::Short | Rest::None => {}
            }
            if s.unconscious {
                self.time_passes(sheet, s, passing, dice);
            }
        }
    }

    fn declare(&mut self, layout: &mut Layout, names: &[String], side: &str) {
        self.left = names
            .iter()
            .map(|n| {
                let id = |layout: &mut Layout, what: &str, label: &str| {
                    layout.ratio(
                        format!("{what}.{n}"),
                        Meta::combatant(Role::Other, label, n, side),
                    )
                };
                [
                    id(layout, "survival_left", "survival left"),
                    id(layout, "verve_left", "verve left"),
                    id(layout, "injuries", "injuries"),
                    id(layout, "mojo_left", "mojo left"),
                ]
            })
            .collect();
    }

    fn record(&self, party: &[State], tally: &mut Tally) {
        for (s, ids) in party.iter().zip(&self.left) {
            let values = [s.survival, s.verve, s.injuries, s.mojo];
            for (&id, v) in ids.iter().zip(values) {
                tally.ratio(id, v.max(0) as u64, 1);
            }
        }
    }

    fn notes(&self) -> Vec<Note> {
        let night = match self.night {
            Night::InjuryFirst => "one injury removed while any are left, else level survival",
            Night::SurvivalFirst => {
                "level survival while below the maximum, else one injury removed"
            }
        };
        let wake = match self.wake {
            Wake::Automatic => "wake once a minute per injury point has passed in the gaps",
            Wake::Roll => {
                "wake once a minute per injury point has passed in the gaps and a roll of the \
                 better of fortitude and willpower − injuries succeeds at a gap's end"
            }
        };
        let verve = if self.verve_from_scenes {
            "each hazard gives the living their level in verve as it begins (004:593)"
        } else {
            "hazards give no verve (verve_from_scenes = false)"
        };
        vec![Note::Remark(format!(
            "between encounters: survival does not return within the day (004:569); a long \
             rest is a night: a health roll − injuries gives {night}, else 1 survival, and \
             verve is full again (004:565, 593); the unconscious {wake} (004:605); {verve}; \
             mojo is never restored"
        ))]
    }
}
