//! Warnings for fights that run but make no sense, checked once when the scenario loads from
//! what each system can say of its fighters ([`Remarks::harmless`], [`Remarks::most_per_hit`],
//! [`Remarks::most_hits_per_round`], [`Remarks::damage_to_down`]): a side that cannot hurt
//! anyone — none of its members has an attack, or no hit of theirs gets through any foe's
//! armor — and a fight that no side can win before `[run] max_rounds`. A system that cannot
//! bound a number (bursting dice, a roll that decides) is never warned about.

use super::fight::Rounds;
use super::set::members;
use oddsmith_core::stats::Note;

/// What a fight says of itself when it loads: notes on how it resolves, warnings where it
/// runs but makes little sense, and the bounds those warnings come from. The bounds default
/// to "cannot say" (`None`, nobody harmless): a system states what its rules bound.
pub trait Remarks: Rounds {
    /// Remarks on how the scenario resolves; the one that names the aftermath in force is a
    /// `Note::Aftermath`, which reports print under the headlines.
    fn notes(&self) -> Vec<Note>;

    /// What runs but makes little sense: by default the sides that cannot hurt anyone
    /// ([`harmless_sides`]); a system whose loader noticed more (a key another one makes
    /// irrelevant) adds that.
    fn warnings(&self) -> Vec<String> {
        harmless_sides(self)
    }

    /// Whether combatant `i` has no way to hurt anyone (no attack at all). A side of only
    /// such members is warned about ([`harmless_sides`]). By default nobody is.
    fn harmless(&self, _i: usize) -> bool {
        false
    }

    /// The most damage one hit of combatant `i` deals combatant `j`, after `j`'s armor;
    /// `None` where no bound can be stated (dice that burst, a rule that passes armor by).
    /// `Some(0)` against every foe, for every member of a side, is warned about. By default
    /// `None`.
    fn most_per_hit(&self, _i: usize, _j: usize) -> Option<u64> {
        None
    }

    /// The most hits combatant `i` lands in one round; `None` (the default) where it has no
    /// bound. Only Invisible Sun states one: one attack a round (000:139); elsewhere actions,
    /// AP or several attacks make the count a roll.
    fn most_hits_per_round(&self, _i: usize) -> Option<u64> {
        None
    }

    /// The least damage that takes combatant `j` out of the fight from its start; `None`
    /// (the default) where damage alone does not say (a roll decides). Only Invisible Sun
    /// states one: its Wounds track (000:180–181); elsewhere a roll decides who falls.
    fn damage_to_down(&self, _j: usize) -> Option<u64> {
        None
    }
}

/// A warning for each side of `fight` none of whose members can hurt anyone, and one when no
/// side can take all its foes down within the round limit: such a fight can only end in a
/// draw, a flight or a stalemate.
pub fn harmless_sides<F: Remarks + ?Sized>(fight: &F) -> Vec<String> {
    let bout = fight.bout();
    let roster = &bout.roster;
    let masks = roster.side_masks();
    let mut out = Vec::new();
    let mut hurtless = vec![false; masks.len()];
    for (s, &mask) in masks.iter().enumerate() {
        let foes = || roster.foes_of(s, roster.everyone()).iter();
        let side = &roster.sides()[s];
        if mask != 0 && members(mask).all(|i| fight.harmless(i)) {
            out.push(format!(
                "side \"{side}\" cannot hurt anyone: none of its members has an attack, so it \
                 cannot win (give its combatants `attacks`)"
            ));
            hurtless[s] = true;
        } else if mask != 0
            && members(mask)
                .all(|i| fight.harmless(i) || foes().all(|j| fight.most_per_hit(i, j) == Some(0)))
        {
            out.push(format!(
                "side \"{side}\" cannot hurt anyone: no hit of its members does more damage \
                 than its foes' armor stops, so it cannot win"
            ));
            hurtless[s] = true;
        }
    }
    // Each side's foe it cannot take down in time, if any.
    let rounds = u64::from(bout.max_rounds);
    let stuck: Vec<Option<String>> = masks
        .iter()
        .enumerate()
        .map(|(s, &mask)| {
            if hurtless[s] {
                return Some(String::new());
            }
            roster.foes_of(s, roster.everyone()).iter().find_map(|j| {
                let needed = fight.damage_to_down(j)?;
                let mut most = 0u64;
                for i in members(mask) {
                    let per_round = fight
                        .most_hits_per_round(i)?
                        .saturating_mul(fight.most_per_hit(i, j)?);
                    most = most.saturating_add(per_round);
                }
                let total = most.saturating_mul(rounds);
                (total < needed).then(|| {
                    format!(
                        "side \"{}\" deals {} at most {total} damage in {rounds} round{} and \
                         it takes {needed}",
                        roster.sides()[s],
                        roster.names()[j],
                        if rounds == 1 { "" } else { "s" }
                    )
                })
            })
        })
        .collect();
    let all_hurtless = stuck.iter().all(|s| s.as_deref() == Some(""));
    if stuck.len() >= 2 && stuck.iter().all(Option::is_some) && !all_hurtless {
        let why: Vec<&str> = stuck
            .iter()
            .flatten()
            .map(String::as_str)
            .filter(|w| !w.is_empty())
            .collect();
        out.push(format!(
            "no side can win within max_rounds = {rounds}{}: every fight ends in a stalemate \
             or a flight (raise `[run] max_rounds`, or make the fighters deadlier)",
            if why.is_empty() {
                String::new()
            } else {
                format!(" ({})", why.join("; "))
            }
        ));
    }
    out
}
